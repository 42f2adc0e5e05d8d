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
import { api, savedSeats, saveSeat } from "./net.js";
import { seatLabel, seatName, PG_COLOURS } from "./seatnames.js";
import { invitesOf, saveInvites, markHotseat, isHotseat, LinkRow } from "./share.js";
import { createStore } from "./store.js";
import { html, render } from "./view.js";

const REGION_COUNT = { 2: 3, 3: 3, 4: 4, 5: 5, 6: 5 };
const REGIONS = ["green", "brown", "yellow", "red", "cyan", "purple"];
const PLAYERS = { powergrid: [2, 6], thegame: [1, 5] };
const NAME_KEY = "tabletop.name";
const NAME_MAX = 24;
const CLOCKS = ["none", "per_move", "bank", "days"];
// The server's ranges for `options.clock` (docs/api.md), in the units the form asks for.
const clockFields = () => ({
  per_move: [{ id: "clock-seconds", min: 1, max: 86400, value: 60, label: t("lobby-unit-seconds") }],
  bank: [
    { id: "clock-bank-minutes", min: 1, max: 1440, value: 10, label: t("lobby-unit-minutes") },
    { id: "clock-increment", min: 0, max: 3600, value: 10, label: t("lobby-unit-seconds-increment") },
  ],
  days: [{ id: "clock-days", min: 1, max: 30, value: 3, label: t("lobby-unit-days") }],
});

/**
 * The lobby's panels, in page order: each is a component of the lobby's one state
 * (`{state, store}`); a new panel (open games, an account) is one more entry here, with what it
 * needs in the state made by `lobby` below.
 */
const PANELS = [CreateForm, MyGames, Spectate, RulesLinks];

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
  const answer = await api("/api/kinds").catch(() => ({ kinds: [] }));
  const kinds = Array.isArray(answer) ? answer : answer.kinds || [];
  const store = createStore({
    kinds,
    form: withSeats(kinds, { kind: kinds[0]?.kind || "", players: null, map: "germany", randomRegions: true, regions: [],
      publicMoney: false, seats: [], hotseat: false, seed: "", clock: "none", clockValues: {}, clockShown: {}, error: "", busy: false }),
    games: { loading: true, list: [], error: "" },
    spectate: { id: "", error: "" },
    now: Date.now(),
  });
  const draw = () => render(html`<div class="lobby">${PANELS.map((Panel) => html`<${Panel} state=${store.get()} store=${store} />`)}</div>`, main);
  store.subscribe(draw);
  main.replaceChildren();
  draw();
  // The clocks of "my games" count down with this browser's clock.
  setInterval(() => {
    if (store.get().games.list.some((g) => g.deadline)) store.set({ now: Date.now() });
  }, 1000);
  await loadGames(store);
}

// ---------- create a game ----------

function botsOf(kinds, kind) {
  return (kinds.find((k) => k.kind === kind) || {}).bots || [];
}

/**
 * The form with its seat rows for its kind and number of players: the seats already chosen
 * stay (for the same kind); a new seat is the creator's (the first, with the name used last
 * time) or a bot of the strongest sort.
 */
function withSeats(kinds, form, keep = true) {
  const [lo, hi] = PLAYERS[form.kind] || [1, 6];
  const wanted = form.players ?? (form.kind === "powergrid" ? 4 : 2);
  const players = Math.min(hi, Math.max(lo, wanted));
  const best = strongestBot(botsOf(kinds, form.kind));
  const seats = Array.from({ length: players }, (_, i) => (keep && form.seats[i]) ||
    (i === 0 || !best ? { type: "human", name: i === 0 ? rememberedName() : "" } : { type: `bot:${best}`, name: "" }));
  return { ...form, players, seats };
}

/** The value of a clock field, or null (its message shown) when out of the server's range. */
function clockValue(form, spec) {
  const text = form.clockValues[spec.id] ?? String(spec.value);
  const n = Number(text);
  return text.trim() !== "" && Number.isInteger(n) && n >= spec.min && n <= spec.max ? n : null;
}

/** The `options.clock` the form describes, or null when a field is out of range. */
function clockOption(form) {
  const specs = clockFields()[form.clock] || [];
  const values = specs.map((f) => clockValue(form, f));
  if (values.some((v) => v === null)) return null;
  switch (form.clock) {
    case "per_move": return { type: "per_move", seconds: values[0] };
    case "bank": return { type: "bank", seconds: values[0] * 60, increment_seconds: values[1] };
    case "days": return { type: "days", days: values[0] };
    default: return { type: "none" };
  }
}

/** The game the form describes, or the message that says why not. */
function gameOf(form) {
  const setup = { players: form.players };
  if (form.seed !== "") {
    const s = Number(form.seed);
    if (!Number.isSafeInteger(s) || s < 0) return { error: t("lobby-bad-seed") };
    setup.seed = s;
  }
  if (form.kind === "powergrid") {
    setup.map = form.map;
    if (form.publicMoney) setup.public_money = true;
    if (!form.randomRegions) {
      const want = REGION_COUNT[form.players];
      if (form.regions.length !== want) return { error: t("lobby-regions-count", { n: want, picked: form.regions.length }) };
      setup.regions = REGIONS.filter((r) => form.regions.includes(r));
    }
  }
  const seats = [];
  for (const [i, s] of form.seats.entries()) {
    if (s.type !== "human") {
      seats.push({ type: "bot", bot: s.type.slice(4) });
      continue;
    }
    const name = s.name.trim();
    if ([...name].length > NAME_MAX) return { error: t("lobby-name-too-long", { seat: seatLabel(form.kind, i), max: NAME_MAX }) };
    seats.push(name ? { type: "human", name } : { type: "human" });
  }
  const clock = clockOption(form);
  if (!clock) return { error: t("lobby-clock-invalid"), badClock: true };
  return { body: { kind: form.kind, setup, seats, options: { clock } } };
}

async function createGame(store) {
  const form = store.get().form;
  if (form.busy) return;
  const setForm = (patch) => store.set((s) => ({ ...s, form: { ...s.form, ...patch } }));
  const game = gameOf(form);
  if (game.error) {
    const shown = Object.fromEntries((clockFields()[form.clock] || []).map((f) => [f.id, true]));
    setForm({ error: game.error, clockShown: game.badClock ? shown : form.clockShown });
    if (game.badClock) {
      const bad = (clockFields()[form.clock] || []).find((f) => clockValue(form, f) === null);
      document.getElementById(bad.id)?.focus();
    }
    return;
  }
  setForm({ error: "", busy: true });
  try {
    const created = await api("/api/games", { method: "POST", body: game.body });
    const { kind, seats } = game.body;
    const humans = created.seats.filter((s) => s.token);
    const mine = form.hotseat ? humans : humans.slice(0, 1);
    for (const s of mine) saveSeat({ game: created.game, kind, seat: s.seat, token: s.token });
    saveInvites({
      game: created.game, kind,
      seats: humans.filter((s) => !mine.includes(s)).map((s) => ({ seat: s.seat, link: s.link, name: seats[s.seat].name || null })),
      spectator: created.spectator.link,
    });
    if (form.hotseat && humans.length) markHotseat(created.game);
    if (seats[0].type === "human") {
      try {
        localStorage.setItem(NAME_KEY, seats[0].name || "");
      } catch {
        // Private mode: the name is not remembered.
      }
    }
    location.href = new URL(mine.length ? mine[0].link : created.spectator.link, location.href).href;
  } catch (e) {
    setForm({ error: failureText(e), busy: false });
  }
}

function SeatRow({ form, i, seat, bots, change }) {
  const label = seatLabel(form.kind, i);
  return html`
    <div class="seat" data-seat=${i}>
      <span class="seat-label">${form.kind === "powergrid" ? html`<span class="swatch" style=${`background:${PG_COLOURS[i]}`}></span>` : null} ${label}</span>
      <select class="seat-type" data-seat=${i} aria-label=${label} value=${seat.type}
        onChange=${(ev) => change({ type: ev.currentTarget.value })}>
        <option value="human">${t("human")}</option>
        ${bots.map((b) => html`<option value=${`bot:${b}`}>${t("bot", { name: b })}</option>`)}
      </select>
      <input class="seat-name" data-seat=${i} maxLength=${NAME_MAX} value=${seat.name} hidden=${seat.type !== "human"}
        placeholder=${t("lobby-name-placeholder")} aria-label=${t("lobby-name-of", { seat: label })}
        onInput=${(ev) => change({ name: ev.currentTarget.value })} />
    </div>`;
}

function ClockBox({ form, setForm }) {
  const specs = clockFields()[form.clock] || [];
  const hint = t(`lobby-clock-hint-${form.clock}`) + (form.clock === "none" ? "" : ` ${t("lobby-clock-hint-after")}`);
  return html`
    <fieldset id="clock-box">
      <legend>${t("lobby-clock")}</legend>
      <label>${t("lobby-clock-kind")} <select id="clock" value=${form.clock} onChange=${(ev) => setForm({ clock: ev.currentTarget.value })}>
        ${CLOCKS.map((c) => html`<option value=${c}>${t(`lobby-clock-${c}`)}</option>`)}
      </select></label>
      <div id="clock-fields">
        ${specs.map((f) => {
          const bad = form.clockShown[f.id] && clockValue(form, f) === null;
          return html`
            <span class="field" key=${f.id}>
              <label class="clock-field">${f.label} <input id=${f.id} type="number" min=${f.min} max=${f.max} step="1" inputmode="numeric"
                value=${form.clockValues[f.id] ?? String(f.value)} aria-invalid=${bad ? "true" : "false"}
                onInput=${(ev) => setForm({ clockValues: { ...form.clockValues, [f.id]: ev.currentTarget.value }, clockShown: { ...form.clockShown, [f.id]: true } })} /></label>
              <span class="error field-error" id=${`${f.id}-error`} aria-live="polite">${bad ? t("lobby-range", { min: f.min, max: f.max }) : ""}</span>
            </span>`;
        })}
      </div>
      <p class="hint" id="clock-hint">${hint}</p>
    </fieldset>`;
}

function CreateForm({ state, store }) {
  const { form, kinds } = state;
  const setForm = (patch) => store.set((s) => ({ ...s, form: { ...s.form, ...patch } }));
  const bots = botsOf(kinds, form.kind);
  const [lo, hi] = PLAYERS[form.kind] || [1, 6];
  const changeSeat = (i) => (patch) => setForm({ seats: form.seats.map((s, j) => (j === i ? { ...s, ...patch } : s)) });
  const pickRegion = (r) => (ev) => {
    const on = ev.currentTarget.checked;
    setForm({ regions: on ? [...form.regions.filter((x) => x !== r), r] : form.regions.filter((x) => x !== r) });
  };
  const submit = (ev) => {
    ev.preventDefault();
    createGame(store);
  };
  return html`
    <form id="create-form" novalidate onSubmit=${submit}>
      <h2>${t("lobby-create")}</h2>
      <div class="row">
        <label>${t("lobby-kind")} <select id="kind" name="kind" value=${form.kind}
          onChange=${(ev) => setForm(withSeats(kinds, { ...form, kind: ev.currentTarget.value, players: null }, false))}>
          ${kinds.map((k) => html`<option value=${k.kind}>${kindName(k.kind)}</option>`)}
        </select></label>${" "}
        <label>${t("lobby-players")} <select id="players" value=${String(form.players)}
          onChange=${(ev) => setForm(withSeats(kinds, { ...form, players: Number(ev.currentTarget.value) }))}>
          ${Array.from({ length: hi - lo + 1 }, (_, i) => html`<option value=${String(lo + i)}>${lo + i}</option>`)}
        </select></label>
      </div>
      <fieldset id="seats-box">
        <legend>${t("lobby-seats")}</legend>
        <div id="seats" data-kind=${form.kind}>
          <div class="seat seat-head"><span>${t("lobby-seat-head")}</span><span>${t("lobby-who-plays")}</span><span>${t("lobby-name")}</span></div>
          ${form.seats.map((seat, i) => html`<${SeatRow} key=${i} form=${form} i=${i} seat=${seat} bots=${bots} change=${changeSeat(i)} />`)}
        </div>
        <label class="hotseat"><input type="checkbox" id="hotseat" checked=${form.hotseat} onChange=${(ev) => setForm({ hotseat: ev.currentTarget.checked })} /> ${t("lobby-hotseat")}</label>${" "}
        <span class="hint">${t("lobby-hotseat-hint")}</span>
      </fieldset>
      <div class="options">
        <fieldset id="pg-fields" hidden=${form.kind !== "powergrid"}>
          <legend>${t("kind-powergrid")}</legend>
          <label>${t("lobby-map")} <select id="map" value=${form.map} onChange=${(ev) => setForm({ map: ev.currentTarget.value })}>
            ${["germany", "usa"].map((m) => html`<option value=${m}>${t(`pg-map-${m}`)}</option>`)}
          </select></label>
          <div>
            <label><input type="checkbox" id="random-regions" checked=${form.randomRegions} onChange=${(ev) => setForm({ randomRegions: ev.currentTarget.checked })} /> ${t("lobby-regions-random")}</label>${" "}
            <span class="hint">${form.randomRegions ? "" : t("lobby-regions-pick", { n: REGION_COUNT[form.players] || 0 })}</span>
          </div>
          <div id="regions">
            ${REGIONS.map((r) => html`
              <label class=${`region-pick r-${r}`}><input type="checkbox" value=${r} class="region" disabled=${form.randomRegions}
                checked=${form.regions.includes(r)} onChange=${pickRegion(r)} />${t(`pg-region-${r}`)}</label>`)}
          </div>
          <div>
            <label><input type="checkbox" id="public-money" checked=${form.publicMoney} onChange=${(ev) => setForm({ publicMoney: ev.currentTarget.checked })} /> ${t("lobby-public-money")}</label>${" "}
            <span class="hint">${t("lobby-public-money-hint")}</span>
          </div>
        </fieldset>
        <${ClockBox} form=${form} setForm=${setForm} />
      </div>
      <div class="create-row">
        <button id="create" type="submit" class="act" disabled=${form.busy}>${t("lobby-create-button")}</button>
        <label class="seed">${t("lobby-seed")} <input id="seed" type="number" min="0" step="1" placeholder=${t("lobby-seed-random")}
          value=${form.seed} onInput=${(ev) => setForm({ seed: ev.currentTarget.value })} /></label>
      </div>
      <p class="error" id="create-error" aria-live="polite">${form.error}</p>
    </form>`;
}

// ---------- my games ----------

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

/** Asks the server for the games of the seats this browser holds. */
async function loadGames(store) {
  const seats = savedSeats();
  if (!seats.length) {
    store.set({ games: { loading: false, list: [], error: "" } });
    return;
  }
  store.set((s) => ({ ...s, games: { ...s.games, loading: true } }));
  try {
    const { games } = await api("/api/players/games", { method: "POST", body: { tokens: seats.slice(0, 256).map((s) => s.token) } });
    const list = oneRowPerGame(games).map((g) => ({
      ...g,
      token: seats.find((s) => s.game === g.game && s.seat === g.seat)?.token || null,
      // Counted down with this browser's clock, corrected by the server's `now_ms`.
      deadline: g.clock && g.clock.deadline_ms && g.actor?.type === "seat" ? Date.now() + g.clock.deadline_ms - g.clock.now_ms : null,
    }));
    store.set({ games: { loading: false, list, error: "" }, now: Date.now() });
  } catch (e) {
    store.set({ games: { loading: false, list: [], error: errorText(e) } });
  }
}

function GameRow({ g, now }) {
  const names = (g.seats || []).map((s) => seatName(g.kind, s.seat, g.seats));
  // An open game still waiting for players has no state yet, only its seats left.
  const over = g.waiting === undefined && g.actor?.type !== "seat";
  const status = g.waiting !== undefined ? t("open-seats-left", { n: g.waiting })
    : over ? t("lobby-status-over")
    : g.actor.seat === g.seat ? t("lobby-status-turn") : t("lobby-status-waiting-for", { name: seatName(g.kind, g.actor.seat, g.seats) });
  const title = g.hotseat
    ? t("lobby-game-title-hotseat", { kind: kindName(g.kind) })
    : t("lobby-game-title", { kind: kindName(g.kind), seat: seatName(g.kind, g.seat, g.seats) });
  const invites = invitesOf(g.game);
  // Games of the same kind and seat are told apart by when they started (24-hour time: some
  // languages' AM/PM is in Latin letters).
  const started = g.created_at
    ? new Intl.DateTimeFormat(currentLanguage(), { dateStyle: "medium", timeStyle: "short", hourCycle: "h23" }).format(new Date(g.created_at * 1000))
    : null;
  return html`
    <li class=${`game-row${g.actor?.type === "seat" && g.actor.seat === g.seat && !over ? " my-turn" : ""}`} data-game=${g.game}>
      <a href=${`/games/${g.game}${g.token ? `#token=${g.token}` : ""}`} class="open-game">${title}</a>
      ${started ? html`<span class="hint game-started"> · ${t("lobby-game-started", { date: started })}</span>` : null}
      <div class="game-status">${status}${g.deadline ? html` · <span class="clock-left">${t("lobby-clock-left", { time: duration(g.deadline - now) })}</span>` : null}</div>
      <div class="game-names hint">${names.join(" · ")}</div>
      ${over ? html`<a href=${`/games/${g.game}#replay`} class="replay-link">${t("lobby-replay")}</a>` : null}
      ${invites && invites.seats.length && !g.outcome ? html`
        <details class="row-invites">
          <summary>${t("lobby-invite-links")}</summary>
          <ul>${invites.seats.map((s) => html`<${LinkRow} key=${s.seat} label=${seatName(g.kind, s.seat, g.seats)} link=${s.link} />`)}</ul>
        </details>` : null}
    </li>`;
}

function MyGames({ state, store }) {
  const { games } = state;
  let body;
  if (games.error) body = html`<p class="error">${games.error}</p>`;
  else if (games.list.length) body = html`<ul class="games">${games.list.map((g) => html`<${GameRow} key=${`${g.game}:${g.seat}`} g=${g} now=${state.now} />`)}</ul>`;
  else if (!games.loading) body = html`<p>${t("lobby-no-games")}</p>`;
  return html`
    <section id="my-games">
      <h2>${t("lobby-my-games")} <button type="button" class="small" id="refresh-games" onClick=${() => loadGames(store)}>${t("lobby-refresh")}</button></h2>
      ${body}
    </section>`;
}

// ---------- spectate, rules ----------

function Spectate({ state, store }) {
  const set = (patch) => store.set((s) => ({ ...s, spectate: { ...s.spectate, ...patch } }));
  const submit = (ev) => {
    ev.preventDefault();
    const m = state.spectate.id.match(/([0-9a-f]{32})/i);
    if (!m) {
      set({ error: t("lobby-bad-game") });
      return;
    }
    location.href = `/games/${m[1].toLowerCase()}`;
  };
  return html`
    <form id="spectate" onSubmit=${submit}>
      <h2>${t("lobby-spectate")}</h2>
      <input id="spectate-id" placeholder=${t("lobby-spectate-placeholder")} aria-label=${t("lobby-spectate-placeholder")}
        value=${state.spectate.id} onInput=${(ev) => set({ id: ev.currentTarget.value, error: "" })} />${" "}
      <button type="submit">${t("lobby-spectate-button")}</button>
      <p class="error">${state.spectate.error}</p>
    </form>`;
}

function RulesLinks({ state }) {
  return html`
    <section id="rules-links">
      <ul>${state.kinds.map((k) => html`<li><a href=${`/rules/${k.kind}`}>${t("lobby-rules", { kind: kindName(k.kind) })}</a></li>`)}</ul>
    </section>`;
}
