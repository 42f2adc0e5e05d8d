// The table: what both game pages share around the game itself.
//
// Seat names and clocks, turn alerts (tab title, favicon badge, an optional sound, a browser
// notification while the page is in the background), undo, confirmation of moves that cannot
// be taken back, handing a seat to the bot and taking it back, replacing an absent player, the
// Hint button of unrated games (the bot's suggestion in words, never played: the page
// highlights it where it can, from `hintedAction()`), and the rematch. A game page calls `startTable` once, `tableState(msg)` on every state message,
// and puts `tableBar()` at the top of what it renders; names come from `seatName`. The table's
// state is one store (`table` below); the pure decisions (who may be replaced, whether a
// rematch is followed or offered) are in `tablelogic.js`, unit-tested with `node --test`.
import { t, failureText } from "./i18n.js";
import { api, creatorToken, saveCreator, saveSeat, savedSeats } from "./net.js";
import { createStore } from "./store.js";
import { html, render, useEffect, useRef, useState } from "./view.js";
import { replaceable, rematchMove, seatSuffix, tableNotice, sendOnce } from "./tablelogic.js";
import { logFromEntries } from "./gamelog.js";

/** Moves that cannot be taken back, which ask for confirmation (see `docs/ui.md`). */
const IRREVERSIBLE = new Set(["end_turn", "bid", "start_auction", "done", "power"]);
const SETTINGS_KEY = "tabletop.table";
const DEFAULTS = { sound: false, confirm: true, notify: false };

/** A remembered table setting: `sound`, `confirm` or `notify`. */
export function setting(name) {
  try {
    const saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}");
    return typeof saved[name] === "boolean" ? saved[name] : DEFAULTS[name];
  } catch {
    return DEFAULTS[name];
  }
}

export function setSetting(name, on) {
  let saved = {};
  try {
    saved = JSON.parse(localStorage.getItem(SETTINGS_KEY) || "{}") || {};
  } catch {
    saved = {};
  }
  saved[name] = on;
  try {
    localStorage.setItem(SETTINGS_KEY, JSON.stringify(saved));
  } catch {
    // Private mode: the setting lasts for this page only.
  }
}

/**
 * Sends `action` once (`sendOnce`): while it is on its way `sending()` is true and the page
 * draws every action control disabled; a refusal is put in words in `page`'s `error` (the
 * page's store, which shows it next to the controls). A move that cannot be taken back asks for
 * confirmation first (its type is in `IRREVERSIBLE`, or `confirm` says so, as for dropping out
 * of an auction), unless the player turned that off; `label` names the move in the question
 * (by default the text of the button that was clicked).
 */
export async function sendAction(conn, page, action, label, { confirm = false } = {}) {
  if (sending()) return;
  if ((confirm || IRREVERSIBLE.has(action.type)) && setting("confirm")) {
    const focused = document.activeElement?.tagName === "BUTTON" ? document.activeElement.textContent : null;
    if (!(await confirmMove(label ?? focused))) return;
  }
  await sendOnce(drawn, page, () => conn.send(action), failureText);
}

/** The action the Hint button suggested for the position shown, or null. */
export function hintedAction() {
  const now = table.get();
  return now?.hint && now.hint.version === now.msg?.version ? now.hint.action : null;
}

/** Whether a message of this page's is on its way to the server (action controls wait). */
export function sending() {
  return Boolean(table.get()?.sending);
}

/**
 * Fetches a game page's log again (after a missed version or an undo) into `store`'s `log`:
 * from the replay's `source` or the log route; on failure the entries stay, at `version`.
 */
export async function refetchLog(store, { source, gameId, token }, version) {
  try {
    const l = await (source ? source.log() : api(`/api/games/${gameId}/log`, { token }));
    store.set({ log: logFromEntries(l.entries, l.version) });
  } catch {
    store.set({ log: { entries: store.get().log?.entries || [], version } });
  }
}

// The table's one state object.
const table = createStore(null);

/** Changes the table's state and draws the page again. */
function update(patch) {
  table.set(patch);
  table.get().refresh?.();
}

/** The table's state as a store whose every change draws the page again. */
const drawn = { get: () => table.get(), set: update };

/**
 * Starts the table of a game page: `colour(seat)` gives a seat's colour (or nothing), `label(seat)`
 * its name when the player gave none (a colour's name, "Seat 2"), `refresh()` renders the page
 * again. In a replay (`replay: true`) the bar is read-only: names only, no seat's controls. A
 * game that is not `rated` offers the Hint button; `describe(action)` puts an action in words.
 */
export function startTable(conn, { gameId, token, kind, colour = () => null, label, refresh, replay = false, rated = false, describe = (action) => action.type }) {
  table.set(() => ({
    conn, gameId, token, kind, colour, label, refresh, replay, rated, describe,
    hint: null, hinting: false, // the bot's suggestion for this seat: `{version, action}` (gone when the game moves on)
    msg: null, myTurn: false, sending: false, offset: 0, settingsOpen: false, rematch: null, renaming: false, draft: "",
    sawRunning: false, askedRematch: false, audio: null, bar: null, error: "",
    // The seats this browser holds (hotseat): never offered for replacement.
    local: savedSeats().filter((s) => s.game === gameId).map((s) => s.seat),
  }));
  conn.onRematch = (m) => {
    const now = table.get();
    if (m.token) {
      saveSeat({ game: m.game, kind, seat: m.seat, token: m.token });
      const creator = creatorToken(gameId);
      if (creator) saveCreator(m.game, creator); // the creator of a game creates its rematch
    }
    if (rematchMove(m, now) === "go") location.assign(m.link);
    else update({ rematch: m });
  };
  // Whether a seat's player is connected comes with the state messages: the server sends one
  // whenever a seat's first connection opens or its last one closes.
  document.addEventListener("visibilitychange", () => updateTitle());
}

/** The seat a page shows, or null for a spectator. */
function mySeat() {
  const m = table.get()?.msg;
  return m && m.viewer.type === "seat" ? m.viewer.seat : null;
}

/**
 * What a page calls a seat: the player's display name, with `label(seat)` (the colour) beside it
 * when `both`; the label alone when the player gave no name.
 */
export function seatName(seat, both = false) {
  const now = table.get();
  const name = now?.msg?.seats?.[seat]?.name;
  const label = now.label(seat);
  if (!name) return label;
  return both ? t("table-name-with", { name, label }) : name;
}

/** " (you)" after the viewer's own seat, except in a replay (nobody plays there). */
export function youMark(seat) {
  const now = table.get();
  return seatSuffix(seat, mySeat(), now.replay) ? t("pg-you") : "";
}

/** Takes in a state message: names, clocks and the turn alerts. */
export function tableState(msg) {
  const now = table.get();
  const me = msg.viewer.type === "seat" ? msg.viewer.seat : null;
  const myTurn = !now.replay && me !== null && !msg.outcome && msg.actor?.type === "seat" && msg.actor.seat === me && !msg.seats?.[me]?.away;
  if (myTurn && !now.myTurn) alertTurn();
  // A state message is drawn by the page right after this: no refresh here.
  table.set(() => ({
    ...now, msg, myTurn,
    offset: msg.clock ? msg.clock.now_ms - Date.now() : now.offset,
    sawRunning: now.sawRunning || !msg.outcome,
    // A refusal and a hint are news until the game moves on.
    error: msg.version !== now.msg?.version ? "" : now.error,
    hint: now.hint && now.hint.version === msg.version ? now.hint : null,
  }));
  updateTitle();
}

function updateTitle() {
  const now = table.get();
  if (!now) return;
  document.title = now.myTurn ? t("table-title-turn", { title: t("app-title") }) : t("app-title");
  let icon = document.querySelector("link[rel=icon]");
  if (!icon) {
    icon = document.createElement("link");
    icon.rel = "icon";
    document.head.append(icon);
  }
  // A small table with a red badge while it is the player's turn (an SVG, no image file).
  const badge = now.myTurn ? "<circle cx='24' cy='8' r='8' fill='%23d00'/>" : "";
  icon.href = `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect x='2' y='8' width='24' height='20' rx='4' fill='%2323313f'/>${badge}</svg>`;
  icon.dataset.badge = now.myTurn ? "turn" : "";
}

function beep() {
  try {
    const now = table.get();
    const audio = now.audio || new AudioContext();
    if (!now.audio) table.set({ audio }); // kept with the table: one audio context per page
    const osc = audio.createOscillator();
    const gain = audio.createGain();
    osc.frequency.value = 880;
    gain.gain.setValueAtTime(0.15, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.001, audio.currentTime + 0.4);
    osc.connect(gain).connect(audio.destination);
    osc.start();
    osc.stop(audio.currentTime + 0.4);
    document.body.dataset.beeps = String(Number(document.body.dataset.beeps || 0) + 1);
  } catch {
    // No sound in this browser: the title and the badge still say it.
  }
}

function alertTurn() {
  if (setting("sound")) beep();
  if (setting("notify") && document.hidden && typeof Notification !== "undefined" && Notification.permission === "granted") {
    try {
      const n = new Notification(t("table-notify-title"), { body: t("table-notify-body"), tag: `tabletop-${table.get().gameId}` });
      n.onclick = () => window.focus();
    } catch {
      // Some phones allow notifications only from a service worker: the title still says it.
    }
  }
}

/** "1:05", "12:00:00" or "2 d 3 h": a clock's time left. */
function clockText(ms) {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const pad = (n) => String(n).padStart(2, "0");
  if (s >= 86400) return t("table-clock-days", { days: Math.floor(s / 86400), hours: Math.floor((s % 86400) / 3600) });
  if (s >= 3600) return `${Math.floor(s / 3600)}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`;
  return `${Math.floor(s / 60)}:${pad(s % 60)}`;
}

/** A seat's time left now, or null when its clock shows nothing. */
function timeLeft(seat) {
  const now = table.get();
  const c = now.msg?.clock;
  if (!c || now.msg.outcome) return null;
  if (c.running === seat && c.deadline_ms) return c.deadline_ms - (Date.now() + now.offset);
  if (c.control.type === "bank" && c.bank_ms?.[seat] !== undefined) return c.bank_ms[seat];
  return null;
}

/** A seat's clock, drawn again four times a second; "low" under 10 s while it runs. */
function Clock({ seat, running }) {
  const [, tick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => tick((n) => n + 1), 250);
    return () => clearInterval(timer);
  }, []);
  const left = timeLeft(seat);
  const low = running && left !== null && left < 10000;
  return html`<span class=${`table-clock${running ? " running" : ""}${low ? " low" : ""}`} data-seat=${seat}>${left === null ? "" : clockText(left)}</span>`;
}

/**
 * The bar at the top of a game page: seats, clocks, the table's buttons and settings. One
 * element for the page's life, drawn by the view library from the table's state, so that the
 * name being typed and an open settings box survive every state message.
 */
export function tableBar() {
  const now = table.get();
  const bar = now.bar || document.createElement("div");
  if (!now.bar) {
    bar.className = "bar-slot";
    table.set({ bar });
  }
  render(html`<${Bar} now=${table.get()} />`, bar);
  return bar;
}

function Bar({ now }) {
  const msg = now.msg;
  const me = now.replay ? null : mySeat();
  const fail = (e) => update({ error: failureText(e) });
  const send = (message) => sendOnce(drawn, drawn, () => now.conn.request(message), failureText);
  const creator = now.replay ? null : creatorToken(now.gameId);
  const running = msg.clock && !msg.outcome && !now.replay ? msg.clock.running : null;
  const mine = me === null ? null : msg.seats?.[me];
  const seats = (msg.seats || []).map((s) => {
    const colour = now.colour(s.seat);
    // In a replay the seats are shown as they were set up: who stood in later is today's news.
    const away = s.away && !now.replay && !msg.outcome ? t(`table-away-${s.away}`) : null;
    const canReplace = creator && replaceable(s, { me, local: now.local, over: Boolean(msg.outcome || msg.unfinished) });
    const replace = () => api(`/api/games/${now.gameId}/seats/${s.seat}/replace`, { method: "POST", body: {}, token: creator }).catch(fail);
    return html`
      <li key=${s.seat} class=${`table-seat${s.seat === running ? " running" : ""}${s.seat === me ? " me" : ""}${away ? " away" : ""}`} data-seat=${s.seat}>
        ${colour ? html`<span class="swatch" style=${`background:${colour}`}></span>` : null}
        ${s.seat === me && now.renaming ? html`<${Rename} now=${now} fail=${fail} />` : html`
          <span class="table-who"><span class="table-name">${seatName(s.seat, Boolean(colour))}</span>${s.seat === me ? html`<span class="hint">${t("pg-you")}</span>` : null}${s.type === "bot" ? html`<span class="hint">${t("table-bot")}</span>` : null}</span>`}
        ${msg.clock && !now.replay ? html`<${Clock} seat=${s.seat} running=${s.seat === running} />` : null}
        ${away ? html`<span class="table-away">${away}</span>` : null}
        ${canReplace ? html`<button class="small" data-replace=${s.seat} title=${t("table-replace-help")} onClick=${replace}>${t("table-replace")}</button>` : null}
      </li>`;
  });
  const buttons = [];
  let notice = null;
  const why = tableNotice(msg, mine);
  if (why === "unfinished") notice = t("table-unfinished");
  else if (why) notice = t(`table-notice-${why}`);
  if (mine?.away && !msg.outcome && !msg.unfinished) {
    buttons.push(html`<button class="act" id="table-back" disabled=${now.sending} onClick=${() => send({ type: "back" })}>${t("table-back")}</button>`);
  } else if (mine && !msg.outcome && msg.undo) {
    buttons.push(html`<button class="act" id="table-undo" disabled=${now.sending} onClick=${() => send({ type: "undo", version: msg.version })}>${t("table-undo")}</button>`);
  }
  if (mine && !now.replay && !now.rated && !msg.outcome && !mine.away && msg.legal?.length) {
    const version = msg.version;
    const ask = () => {
      update({ hinting: true, error: "" });
      api(`/api/games/${now.gameId}/hint`, { method: "POST", body: {}, token: now.token })
        .then((h) => update({ hint: { version, action: h.action } }), fail)
        .finally(() => update({ hinting: false }));
    };
    buttons.push(html`<button class="small" id="table-hint" title=${t("table-hint-help")} disabled=${now.sending || now.hinting} onClick=${ask}>${t("table-hint")}</button>`);
  }
  if (msg.outcome && mine && !now.rematch) {
    const ask = () => {
      table.set({ askedRematch: true });
      api(`/api/games/${now.gameId}/rematch`, { method: "POST", body: {}, token: now.token }).then(now.conn.onRematch, fail);
    };
    buttons.push(html`<button class="act" id="table-rematch" disabled=${now.sending} onClick=${ask}>${t("table-rematch")}</button>`);
  }
  if (now.rematch) {
    buttons.push(html`<a href=${now.rematch.link} id="table-rematch-link" class="button-link">${now.rematch.token ? t("table-rematch-go") : t("table-rematch-watch")}</a>`);
  }
  return html`
    <section class=${`table-bar${now.replay ? " replay" : ""}`} id="table-bar">
      <ul class="table-seats">${seats}</ul>
      ${notice ? html`<p class="table-notice" id="table-notice" role="status">${notice}</p>` : null}
      ${buttons.length || mine ? html`<div class="table-actions">${buttons}${mine ? html`<${Settings} now=${now} mine=${mine} send=${send} />` : null}</div>` : null}
      ${hintedAction() ? html`<p class="table-hint" id="table-hint-text" role="status">${t("table-hint-text", { action: now.describe(hintedAction()) })}</p>` : null}
      <p class="error" id="table-error" aria-live="polite">${now.error}</p>
    </section>`;
}

/** The player's own name, being changed: 1 to 24 characters (the server checks the rest). */
function Rename({ now, fail }) {
  const input = useRef(null);
  useEffect(() => {
    if (input.current && document.activeElement !== input.current) input.current.focus();
  }, []);
  const done = () => update({ renaming: false });
  const submit = (ev) => {
    ev.preventDefault();
    const name = input.current.value.trim();
    if (!name) return;
    api(`/api/games/${now.gameId}/name`, { method: "POST", body: { name }, token: now.token }).then(done, fail);
  };
  return html`
    <form class="table-rename" onSubmit=${submit}>
      <input id="table-name-input" data-focus="table-name-input" ref=${input} maxLength="24" required defaultValue=${now.draft} aria-label=${t("table-rename-label")} />
      <button class="small" id="table-rename-save">${t("table-rename-save")}</button>
      <button class="small" type="button" onClick=${done}>${t("table-confirm-no")}</button>
    </form>`;
}

/**
 * The settings, and the seat's rarer actions (change the name, hand the seat to a bot), kept
 * out of the bar so that it stays one line.
 */
function Settings({ now, mine, send }) {
  const toggle = (name, label, onChange) => html`
    <label>
      <input type="checkbox" checked=${setting(name)} data-setting=${name}
        onChange=${(ev) => { setSetting(name, ev.currentTarget.checked); onChange?.(ev.currentTarget); }} />
      ${" "}${label}
    </label>`;
  const notify = (input) => {
    // Asked once, on this click, never by itself.
    if (input.checked && typeof Notification !== "undefined" && Notification.permission === "default") {
      Notification.requestPermission().then((p) => {
        if (p !== "granted") {
          setSetting("notify", false);
          update({}); // drawn again: the box shows the setting, off
        }
      });
    }
  };
  const blocked = typeof Notification === "undefined" || Notification.permission === "denied";
  const onToggle = (ev) => {
    // Drawn again, so that the drawn `open` is the element's (a later close takes effect).
    if (ev.currentTarget.open !== table.get().settingsOpen) update({ settingsOpen: ev.currentTarget.open });
  };
  return html`
    <details class="table-settings" id="table-settings" open=${now.settingsOpen} onToggle=${onToggle}>
      <summary>${t("table-settings")}</summary>
      <div class="table-settings-panel">
        ${toggle("sound", t("table-setting-sound"), (input) => { if (input.checked) beep(); })}
        ${toggle("confirm", t("table-setting-confirm"))}
        ${toggle("notify", t("table-setting-notify"), notify)}
        ${blocked ? html`<p class="hint">${t("table-notify-blocked")}</p>` : null}
        <div class="row">
          <button class="small" id="table-rename" type="button"
            onClick=${() => update({ settingsOpen: false, renaming: true, draft: mine.name || "" })}>${t("table-rename")}</button>
          ${!mine.away && !now.msg.outcome ? html`
            <button class="small" id="table-leave" type="button"
              onClick=${() => { update({ settingsOpen: false }); send({ type: "leave" }); }}>${t("table-leave")}</button>` : null}
        </div>
      </div>
    </details>`;
}

/** Asks whether to make a move that cannot be taken back; resolves to true to go ahead. */
function confirmMove(label) {
  return new Promise((resolve) => {
    const slot = document.createElement("div");
    document.body.append(slot);
    const finish = (ok, never) => {
      if (ok && never) setSetting("confirm", false);
      render(null, slot);
      slot.remove();
      resolve(ok);
    };
    render(html`<${ConfirmDialog} label=${label} finish=${finish} />`, slot);
  });
}

function ConfirmDialog({ label, finish }) {
  const dialog = useRef(null);
  const never = useRef(null);
  useEffect(() => {
    dialog.current.showModal();
    dialog.current.querySelector("#table-confirm-yes").focus();
  }, []);
  const close = (ok) => {
    dialog.current.close();
    finish(ok, never.current.checked);
  };
  return html`
    <dialog class="table-confirm" id="table-confirm" ref=${dialog} onCancel=${(ev) => { ev.preventDefault(); close(false); }}>
      <p class="table-confirm-move">${label ? t("table-confirm-move", { move: label }) : t("table-confirm-title")}</p>
      <p class="hint">${t("table-confirm-note")}</p>
      <label><input type="checkbox" id="table-confirm-never" ref=${never} /> ${t("table-confirm-never")}</label>
      <div class="row">
        <button class="act" id="table-confirm-yes" value="yes" onClick=${() => close(true)}>${t("table-confirm-yes")}</button>
        <button id="table-confirm-no" value="no" onClick=${() => close(false)}>${t("table-confirm-no")}</button>
      </div>
    </dialog>`;
}
