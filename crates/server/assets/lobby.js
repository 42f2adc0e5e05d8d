// The lobby: create a game, share its join links, list my games, spectate.
import { t, h, api, savedSeats, saveSeat, has, errorText } from "./core.js";

const REGION_COUNT = { 2: 3, 3: 3, 4: 4, 5: 5, 6: 5 };
const REGIONS = ["green", "brown", "yellow", "red", "cyan", "purple"];
const PLAYERS = { powergrid: [2, 6], thegame: [1, 5] };

function kindName(kind) {
  return has(`kind-${kind}`) ? t(`kind-${kind}`) : kind;
}

export async function lobby(main) {
  const kinds = await api("/api/kinds").catch(() => ({ kinds: [] }));
  const list = Array.isArray(kinds) ? kinds : kinds.kinds || [];
  const form = createForm(list);
  const mine = h("section", { id: "my-games" });
  const spectate = spectateForm();
  const rules = h("section", { id: "rules-links" }, h("ul", {},
    list.map((k) => h("li", {}, h("a", { href: `/rules/${k.kind}` }, t("lobby-rules", { kind: kindName(k.kind) }))))));
  main.replaceChildren(h("div", { class: "lobby" }, form, mine, spectate, rules));
  await myGames(mine);
}

function createForm(kinds) {
  const err = h("p", { class: "error", "data-t": "create-error" });
  const links = h("div", { id: "links" });
  const kindSel = h("select", { id: "kind", name: "kind" },
    kinds.map((k) => h("option", { value: k.kind }, kindName(k.kind))));
  const players = h("select", { id: "players" });
  const mapSel = h("select", { id: "map" },
    ["germany", "usa"].map((m) => h("option", { value: m }, t(`pg-map-${m}`))));
  const randomRegions = h("input", { type: "checkbox", id: "random-regions", checked: true });
  const regionBoxes = REGIONS.map((r) => h("label", { class: `region-pick r-${r}` },
    h("input", { type: "checkbox", value: r, class: "region" }), t(`pg-region-${r}`)));
  const regionHint = h("span", { class: "hint" });
  const pgFields = h("fieldset", { id: "pg-fields" },
    h("label", {}, t("lobby-map"), " ", mapSel),
    h("div", {}, h("label", {}, randomRegions, " ", t("lobby-regions-random")), " ", regionHint),
    h("div", { id: "regions" }, regionBoxes));
  const seats = h("div", { id: "seats" });
  const seed = h("input", { id: "seed", type: "number", min: 0, step: 1, placeholder: t("lobby-seed-random") });

  function botsOf(kind) {
    return (kinds.find((k) => k.kind === kind) || {}).bots || [];
  }
  function refresh() {
    const kind = kindSel.value;
    const [lo, hi] = PLAYERS[kind] || [1, 6];
    const prev = Number(players.value) || Math.min(hi, Math.max(lo, kind === "powergrid" ? 4 : 2));
    players.replaceChildren(...Array.from({ length: hi - lo + 1 }, (_, i) =>
      h("option", { value: lo + i, selected: lo + i === prev }, lo + i)));
    pgFields.hidden = kind !== "powergrid";
    const n = Number(players.value);
    regionHint.textContent = t("lobby-regions-pick", { n: REGION_COUNT[n] || 0 });
    for (const box of regionBoxes) box.querySelector("input").disabled = randomRegions.checked;
    const bots = botsOf(kind);
    const old = [...seats.querySelectorAll("select")].map((s) => s.value);
    seats.replaceChildren(...Array.from({ length: n }, (_, i) => h("label", { class: "seat" },
      t("lobby-seat", { n: i + 1 }), " ",
      h("select", { class: "seat-type", "data-seat": i },
        h("option", { value: "human" }, t("human")),
        bots.map((b) => h("option", { value: `bot:${b}`, selected: old[i] === `bot:${b}` }, t("bot", { name: b })))))));
  }
  kindSel.addEventListener("change", () => { players.value = ""; refresh(); });
  players.addEventListener("change", refresh);
  randomRegions.addEventListener("change", refresh);

  const create = h("button", { id: "create", type: "submit" }, t("lobby-create-button"));
  const form = h("form", { id: "create-form" },
    h("h2", {}, t("lobby-create")),
    h("label", {}, t("lobby-kind"), " ", kindSel), " ",
    h("label", {}, t("lobby-players"), " ", players),
    h("label", { class: "seed" }, t("lobby-seed"), " ", seed),
    pgFields, seats, create, err, links);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (create.disabled) return;
    err.textContent = "";
    const kind = kindSel.value;
    const n = Number(players.value);
    const setup = { players: n };
    if (seed.value !== "") setup.seed = Number(seed.value);
    if (kind === "powergrid") {
      setup.map = mapSel.value;
      if (!randomRegions.checked) {
        setup.regions = regionBoxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
      }
    }
    const seatList = [...seats.querySelectorAll("select")].map((s) =>
      s.value === "human" ? { type: "human" } : { type: "bot", bot: s.value.slice(4) });
    create.disabled = true;
    try {
      const game = await api("/api/games", { method: "POST", body: { kind, setup, seats: seatList } });
      for (const s of game.seats) {
        if (s.token) saveSeat({ game: game.game, kind, seat: s.seat, token: s.token });
      }
      showLinks(links, game);
      myGames(document.getElementById("my-games"));
    } catch (e) {
      err.textContent = t("error-prefix", { message: errorText(e) });
    } finally {
      create.disabled = false;
    }
  });
  refresh();
  return form;
}

function copyButton(text) {
  const b = h("button", { type: "button", class: "copy" }, t("copy"));
  b.addEventListener("click", async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const ta = h("textarea", {}, text);
      document.body.append(ta);
      ta.select();
      document.execCommand("copy");
      ta.remove();
    }
    b.textContent = t("copied");
    setTimeout(() => (b.textContent = t("copy")), 1500);
  });
  return b;
}

function absolute(link) {
  return new URL(link, location.href).href;
}

function showLinks(el, game) {
  const rows = game.seats.filter((s) => s.link).map((s) => {
    const link = absolute(s.link);
    return h("li", { class: "link-row" },
      h("a", { href: link, "data-seat-link": s.seat }, t("lobby-link-seat", { seat: t("lobby-seat", { n: s.seat + 1 }) })),
      " ", h("input", { readOnly: true, value: link, class: "link" }), " ", copyButton(link));
  });
  const spec = absolute(game.spectator.link);
  rows.push(h("li", { class: "link-row" },
    h("a", { href: spec, "data-spectator-link": "" }, t("lobby-link-spectator")), " ",
    h("input", { readOnly: true, value: spec, class: "link" }), " ", copyButton(spec)));
  el.replaceChildren(h("h3", {}, t("lobby-links")), h("ul", {}, rows));
}

async function myGames(el) {
  const seats = savedSeats();
  const refresh = h("button", { type: "button" }, t("lobby-refresh"));
  refresh.addEventListener("click", () => myGames(el));
  const head = h("h2", {}, t("lobby-my-games"), " ", refresh);
  if (!seats.length) {
    el.replaceChildren(head, h("p", {}, t("lobby-no-games")));
    return;
  }
  let games = [];
  try {
    games = (await api("/api/players/games", { method: "POST", body: { tokens: seats.map((s) => s.token) } })).games;
  } catch (e) {
    el.replaceChildren(head, h("p", { class: "error" }, errorText(e)));
    return;
  }
  const rows = games.map((g) => {
    const saved = seats.find((s) => s.game === g.game && s.seat === g.seat);
    let status;
    if (g.actor?.type === "seat") {
      status = g.actor.seat === g.seat ? t("lobby-status-turn") : t("lobby-status-waiting", { seat: g.actor.seat + 1 });
    } else status = t("lobby-status-over");
    const href = `/games/${g.game}${saved ? `#token=${saved.token}` : ""}`;
    return h("li", { class: g.actor?.seat === g.seat ? "my-turn" : "" },
      h("a", { href }, t("lobby-game-row", { kind: kindName(g.kind), seat: g.seat + 1, status })));
  });
  el.replaceChildren(head, h("ul", {}, rows));
}

function spectateForm() {
  const input = h("input", { id: "spectate-id", placeholder: t("lobby-spectate-placeholder") });
  const err = h("p", { class: "error" });
  const form = h("form", { id: "spectate" }, h("h2", {}, t("lobby-spectate")), input, " ",
    h("button", { type: "submit" }, t("lobby-spectate-button")), err);
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const m = input.value.match(/([0-9a-f]{32})/i);
    if (!m) {
      err.textContent = t("lobby-bad-game");
      return;
    }
    location.href = `/games/${m[1].toLowerCase()}`;
  });
  return form;
}
