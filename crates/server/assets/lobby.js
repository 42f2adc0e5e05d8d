// The lobby: create a game (seats, names, options, time control, hotseat), list my games with
// names, whose turn and clocks, spectate.
//
// Decisions:
// - Seats default to what most games want: the creator plays the first seat (with the name
//   they used last time) and the others are bots of the kind's strongest sort (`search`, else
//   `heuristic`, else the last the server lists); every seat stays editable.
// - After creating, the creator is taken straight to their seat. The other seats' join links
//   and the spectator link are kept in this browser (`tabletop.invites`) and shown, copyable,
//   in the share box on the game page (`share.js`) and under the game in "my games".
// - Hotseat: every human seat is played in this browser. All their tokens are kept (so "my
//   games" lists each) and the game is marked in `tabletop.hotseat`; `hotseat.js` then shows a
//   "pass the device" screen whenever another of those seats is to act.
// - Time controls are checked here against the server's ranges (docs/api.md) with a message
//   next to the field; the server checks again and its refusal is shown by its code.
import { t, has, errorText, currentLanguage, failureText } from "./i18n.js";
import { h } from "./dom.js";
import { api, savedSeats, saveSeat } from "./net.js";
import { seatLabel, seatName, PG_COLOURS } from "./seatnames.js";
import { invitesOf, saveInvites, markHotseat, isHotseat, copyButton } from "./share.js";

const REGION_COUNT = { 2: 3, 3: 3, 4: 4, 5: 5, 6: 5 };
const REGIONS = ["green", "brown", "yellow", "red", "cyan", "purple"];
const PLAYERS = { powergrid: [2, 6], thegame: [1, 5] };
const NAME_KEY = "tabletop.name";
const NAME_MAX = 24;
// The server's ranges for `options.clock` (docs/api.md), in the units the form asks for.
const clockFields = () => ({
  per_move: [{ id: "clock-seconds", min: 1, max: 86400, value: 60, label: t("lobby-unit-seconds") }],
  bank: [
    { id: "clock-bank-minutes", min: 1, max: 1440, value: 10, label: t("lobby-unit-minutes") },
    { id: "clock-increment", min: 0, max: 3600, value: 10, label: t("lobby-unit-seconds-increment") },
  ],
  days: [{ id: "clock-days", min: 1, max: 30, value: 3, label: t("lobby-unit-days") }],
});

function kindName(kind) {
  return has(`kind-${kind}`) ? t(`kind-${kind}`) : kind;
}

/** The bot a new seat gets: the strongest the server offers for the kind. */
export function strongestBot(bots) {
  for (const b of ["search", "heuristic"]) if (bots.includes(b)) return b;
  return bots[bots.length - 1];
}

function rememberedName() {
  try {
    return localStorage.getItem(NAME_KEY) || "";
  } catch {
    return "";
  }
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

/** A number field with its range check: `check()` gives the value, or shows why not and gives null. */
function numberField(spec) {
  const input = h("input", { id: spec.id, type: "number", min: spec.min, max: spec.max, step: 1, value: spec.value, inputmode: "numeric" });
  const msg = h("span", { class: "error field-error", id: `${spec.id}-error`, "aria-live": "polite" });
  const check = () => {
    const n = Number(input.value);
    const ok = input.value.trim() !== "" && Number.isInteger(n) && n >= spec.min && n <= spec.max;
    msg.textContent = ok ? "" : t("lobby-range", { min: spec.min, max: spec.max });
    input.setAttribute("aria-invalid", ok ? "false" : "true");
    return ok ? n : null;
  };
  input.addEventListener("input", check);
  const label = h("label", { class: "clock-field" }, spec.label, " ", input);
  return { el: h("span", { class: "field" }, label, msg), input, check };
}

function clockForm() {
  const kind = h("select", { id: "clock" },
    ["none", "per_move", "bank", "days"].map((c) => h("option", { value: c }, t(`lobby-clock-${c}`))));
  const fields = Object.fromEntries(Object.entries(clockFields()).map(([k, specs]) => [k, specs.map(numberField)]));
  const box = h("div", { id: "clock-fields" });
  const hint = h("p", { class: "hint", id: "clock-hint" });
  const refresh = () => {
    const list = fields[kind.value] || [];
    box.replaceChildren(...list.map((f) => f.el));
    hint.textContent = t(`lobby-clock-hint-${kind.value}`) + (kind.value === "none" ? "" : ` ${t("lobby-clock-hint-after")}`);
  };
  kind.addEventListener("change", refresh);
  refresh();
  const el = h("fieldset", { id: "clock-box" }, h("legend", {}, t("lobby-clock")),
    h("label", {}, t("lobby-clock-kind"), " ", kind), box, hint);
  /** The `options.clock` the form describes, or null (with the messages shown) when invalid. */
  const value = () => {
    const list = fields[kind.value] || [];
    const values = list.map((f) => f.check());
    if (values.some((v) => v === null)) {
      list[values.indexOf(null)].input.focus();
      return null;
    }
    switch (kind.value) {
      case "per_move": return { type: "per_move", seconds: values[0] };
      case "bank": return { type: "bank", seconds: values[0] * 60, increment_seconds: values[1] };
      case "days": return { type: "days", days: values[0] };
      default: return { type: "none" };
    }
  };
  return { el, value };
}

function createForm(kinds) {
  const err = h("p", { class: "error", id: "create-error", "aria-live": "polite" });
  const kindSel = h("select", { id: "kind", name: "kind" },
    kinds.map((k) => h("option", { value: k.kind }, kindName(k.kind))));
  const players = h("select", { id: "players" });
  const mapSel = h("select", { id: "map" },
    ["germany", "usa"].map((m) => h("option", { value: m }, t(`pg-map-${m}`))));
  const randomRegions = h("input", { type: "checkbox", id: "random-regions", checked: true });
  const regionBoxes = REGIONS.map((r) => h("label", { class: `region-pick r-${r}` },
    h("input", { type: "checkbox", value: r, class: "region" }), t(`pg-region-${r}`)));
  const regionHint = h("span", { class: "hint" });
  const publicMoney = h("input", { type: "checkbox", id: "public-money" });
  const pgFields = h("fieldset", { id: "pg-fields" },
    h("legend", {}, t("kind-powergrid")),
    h("label", {}, t("lobby-map"), " ", mapSel),
    h("div", {}, h("label", {}, randomRegions, " ", t("lobby-regions-random")), " ", regionHint),
    h("div", { id: "regions" }, regionBoxes),
    h("div", {}, h("label", {}, publicMoney, " ", t("lobby-public-money")), " ",
      h("span", { class: "hint" }, t("lobby-public-money-hint"))));
  const seats = h("div", { id: "seats" });
  const seed = h("input", { id: "seed", type: "number", min: 0, step: 1, placeholder: t("lobby-seed-random") });
  const hotseat = h("input", { type: "checkbox", id: "hotseat" });
  const clock = clockForm();

  function botsOf(kind) {
    return (kinds.find((k) => k.kind === kind) || {}).bots || [];
  }
  function seatRow(kind, i, old, bots) {
    const type = h("select", { class: "seat-type", "data-seat": i, "aria-label": seatLabel(kind, i) },
      h("option", { value: "human", selected: old.type === "human" }, t("human")),
      bots.map((b) => h("option", { value: `bot:${b}`, selected: old.type === `bot:${b}` }, t("bot", { name: b }))));
    const nameInput = h("input", {
      class: "seat-name", "data-seat": i, maxLength: NAME_MAX, value: old.name || "",
      placeholder: t("lobby-name-placeholder"), "aria-label": t("lobby-name-of", { seat: seatLabel(kind, i) }),
    });
    const sync = () => { nameInput.hidden = type.value !== "human"; };
    type.addEventListener("change", sync);
    sync();
    const swatch = kind === "powergrid" ? h("span", { class: "swatch", style: `background:${PG_COLOURS[i]}` }) : null;
    return h("div", { class: "seat", "data-seat": i },
      h("span", { class: "seat-label" }, swatch, " ", seatLabel(kind, i)), type, nameInput);
  }
  function current() {
    return [...seats.querySelectorAll(".seat[data-seat]")].map((row) => ({
      type: row.querySelector("select").value,
      name: row.querySelector("input.seat-name").value,
    }));
  }
  function refresh() {
    const kind = kindSel.value;
    const [lo, hi] = PLAYERS[kind] || [1, 6];
    const prev = Number(players.value) || Math.min(hi, Math.max(lo, kind === "powergrid" ? 4 : 2));
    players.replaceChildren(...Array.from({ length: hi - lo + 1 }, (_, i) =>
      h("option", { value: lo + i, selected: lo + i === prev }, lo + i)));
    pgFields.hidden = kind !== "powergrid";
    const n = Number(players.value);
    // The regions to pick are asked for only when the player picks them.
    regionHint.textContent = randomRegions.checked ? "" : t("lobby-regions-pick", { n: REGION_COUNT[n] || 0 });
    for (const box of regionBoxes) box.querySelector("input").disabled = randomRegions.checked;
    const bots = botsOf(kind);
    const best = strongestBot(bots);
    const old = seats.dataset.kind === kind ? current() : [];
    seats.dataset.kind = kind;
    seats.replaceChildren(
      h("div", { class: "seat seat-head" }, h("span", {}, t("lobby-seat-head")), h("span", {}, t("lobby-who-plays")), h("span", {}, t("lobby-name"))),
      ...Array.from({ length: n }, (_, i) => seatRow(kind, i,
        old[i] || (i === 0 || !best ? { type: "human", name: i === 0 ? rememberedName() : "" } : { type: `bot:${best}` }), bots)));
  }
  kindSel.addEventListener("change", () => { players.value = ""; refresh(); });
  players.addEventListener("change", refresh);
  randomRegions.addEventListener("change", refresh);

  const create = h("button", { id: "create", type: "submit", class: "act" }, t("lobby-create-button"));
  const form = h("form", { id: "create-form", novalidate: true },
    h("h2", {}, t("lobby-create")),
    h("div", { class: "row" },
      h("label", {}, t("lobby-kind"), " ", kindSel), " ",
      h("label", {}, t("lobby-players"), " ", players)),
    h("fieldset", { id: "seats-box" }, h("legend", {}, t("lobby-seats")), seats,
      h("label", { class: "hotseat" }, hotseat, " ", t("lobby-hotseat")), " ",
      h("span", { class: "hint" }, t("lobby-hotseat-hint"))),
    h("div", { class: "options" }, pgFields, clock.el),
    h("div", { class: "create-row" }, create, h("label", { class: "seed" }, t("lobby-seed"), " ", seed)), err);
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    if (create.disabled) return;
    err.textContent = "";
    const kind = kindSel.value;
    const n = Number(players.value);
    const setup = { players: n };
    if (seed.value !== "") {
      const s = Number(seed.value);
      if (!Number.isSafeInteger(s) || s < 0) {
        err.textContent = t("lobby-bad-seed");
        return;
      }
      setup.seed = s;
    }
    if (kind === "powergrid") {
      setup.map = mapSel.value;
      if (publicMoney.checked) setup.public_money = true;
      if (!randomRegions.checked) {
        const picked = regionBoxes.map((b) => b.querySelector("input")).filter((i) => i.checked).map((i) => i.value);
        if (picked.length !== REGION_COUNT[n]) {
          err.textContent = t("lobby-regions-count", { n: REGION_COUNT[n], picked: picked.length });
          return;
        }
        setup.regions = picked;
      }
    }
    const seatList = [];
    for (const [i, s] of current().entries()) {
      if (s.type !== "human") {
        seatList.push({ type: "bot", bot: s.type.slice(4) });
        continue;
      }
      const name = s.name.trim();
      if ([...name].length > NAME_MAX) {
        err.textContent = t("lobby-name-too-long", { seat: seatLabel(kind, i), max: NAME_MAX });
        return;
      }
      seatList.push(name ? { type: "human", name } : { type: "human" });
    }
    const clockValue = clock.value();
    if (!clockValue) {
      err.textContent = t("lobby-clock-invalid");
      return;
    }
    create.disabled = true;
    try {
      const game = await api("/api/games", {
        method: "POST", body: { kind, setup, seats: seatList, options: { clock: clockValue } },
      });
      const humans = game.seats.filter((s) => s.token);
      const mine = hotseat.checked ? humans : humans.slice(0, 1);
      for (const s of mine) saveSeat({ game: game.game, kind, seat: s.seat, token: s.token });
      saveInvites({
        game: game.game, kind,
        seats: humans.filter((s) => !mine.includes(s)).map((s) => ({ seat: s.seat, link: s.link, name: seatList[s.seat].name || null })),
        spectator: game.spectator.link,
      });
      if (hotseat.checked && humans.length) markHotseat(game.game);
      if (seatList[0].type === "human") {
        try {
          localStorage.setItem(NAME_KEY, seatList[0].name || "");
        } catch {
          // Private mode: the name is not remembered.
        }
      }
      location.href = mine.length ? new URL(mine[0].link, location.href).href : new URL(game.spectator.link, location.href).href;
    } catch (e) {
      err.textContent = failureText(e);
      create.disabled = false;
    }
  });
  refresh();
  return form;
}

/** "4:05", "1:02:03" or "3 days" for a duration in milliseconds. */
export function duration(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s >= 86400) return t("lobby-days", { n: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) });
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, "0");
  return hh ? `${hh}:${String(mm).padStart(2, "0")}:${ss}` : `${mm}:${ss}`;
}

/**
 * One row per game: a hotseat game, whose every human seat this browser holds, is listed once,
 * as the seat whose turn it is (or its first seat), so that opening it lands on the player to move.
 */
function oneRowPerGame(games) {
  const rows = [];
  for (const g of games) {
    if (!isHotseat(g.game)) {
      rows.push(g);
      continue;
    }
    if (rows.some((r) => r.game === g.game)) continue;
    const held = games.filter((x) => x.game === g.game);
    rows.push({ ...(held.find((x) => x.actor?.type === "seat" && x.actor.seat === x.seat) || g), hotseat: true });
  }
  return rows;
}

function gameRow(g, saved) {
  const names = (g.seats || []).map((s) => seatName(g.kind, s.seat, g.seats));
  let status;
  if (g.actor?.type === "seat") {
    status = g.actor.seat === g.seat ? t("lobby-status-turn") : t("lobby-status-waiting-for", { name: seatName(g.kind, g.actor.seat, g.seats) });
  } else status = t("lobby-status-over");
  const title = g.hotseat
    ? t("lobby-game-title-hotseat", { kind: kindName(g.kind) })
    : t("lobby-game-title", { kind: kindName(g.kind), seat: seatName(g.kind, g.seat, g.seats) });
  let clock = null;
  if (g.clock && g.clock.deadline_ms && g.actor?.type === "seat") {
    // Counted down with this browser's clock, corrected by the server's `now_ms`.
    const deadline = Date.now() + g.clock.deadline_ms - g.clock.now_ms;
    clock = h("span", { class: "clock-left", "data-deadline": deadline }, t("lobby-clock-left", { time: duration(deadline - Date.now()) }));
  }
  const href = `/games/${g.game}${saved ? `#token=${saved.token}` : ""}`;
  const invites = invitesOf(g.game);
  const share = invites && invites.seats.length && !g.outcome
    ? h("details", { class: "row-invites" }, h("summary", {}, t("lobby-invite-links")),
      h("ul", {}, invites.seats.map((s) => {
        const link = new URL(s.link, location.href).href;
        return h("li", { class: "link-row" }, seatName(g.kind, s.seat, g.seats), " ",
          h("input", { readOnly: true, value: link, class: "link", "aria-label": seatName(g.kind, s.seat, g.seats) }), " ", copyButton(link));
      })))
    : null;
  const over = g.actor?.type !== "seat";
  // Games of the same kind and seat are told apart by when they started (24-hour time: some
  // languages' AM/PM is in Latin letters).
  const started = g.created_at
    ? new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" }).format(new Date(g.created_at * 1000))
    : null;
  return h("li", { class: `game-row${g.actor?.seat === g.seat && !over ? " my-turn" : ""}`, "data-game": g.game },
    h("a", { href, class: "open-game" }, title),
    started ? h("span", { class: "hint game-started" }, " · ", t("lobby-game-started", { date: started })) : null,
    h("div", { class: "game-status" }, status, clock ? " · " : null, clock),
    h("div", { class: "game-names hint" }, names.join(" · ")),
    over ? h("a", { href: `/games/${g.game}#replay`, class: "replay-link" }, t("lobby-replay")) : null,
    share);
}

async function myGames(el) {
  const seats = savedSeats();
  const refresh = h("button", { type: "button", class: "small", id: "refresh-games" }, t("lobby-refresh"));
  refresh.addEventListener("click", () => myGames(el));
  const head = h("h2", {}, t("lobby-my-games"), " ", refresh);
  if (!seats.length) {
    el.replaceChildren(head, h("p", {}, t("lobby-no-games")));
    return;
  }
  let games = [];
  try {
    games = (await api("/api/players/games", { method: "POST", body: { tokens: seats.slice(0, 256).map((s) => s.token) } })).games;
  } catch (e) {
    el.replaceChildren(head, h("p", { class: "error" }, errorText(e)));
    return;
  }
  const rows = oneRowPerGame(games).map((g) => gameRow(g, seats.find((s) => s.game === g.game && s.seat === g.seat)));
  el.replaceChildren(head, rows.length ? h("ul", { class: "games" }, rows) : h("p", {}, t("lobby-no-games")));
  // One countdown per list, kept on the list's element.
  clearInterval(Number(el.dataset.countdown));
  el.dataset.countdown = setInterval(() => {
    for (const c of el.querySelectorAll(".clock-left")) {
      c.textContent = t("lobby-clock-left", { time: duration(Number(c.dataset.deadline) - Date.now()) });
    }
  }, 1000);
}

function spectateForm() {
  const input = h("input", { id: "spectate-id", placeholder: t("lobby-spectate-placeholder"), "aria-label": t("lobby-spectate-placeholder") });
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
