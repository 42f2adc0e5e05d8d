// Shared helpers: the message catalogs, DOM building, the HTTP API and the game connection.
//
// Every visible string comes from a Fluent catalog (`assets/locales/<lang>.ftl`), which the
// server parses and checks with the Fluent crates and serves compiled to JSON
// (`/assets/locales/<lang>.json`, see `src/catalog.rs`). `t()` below evaluates that form:
// variables, message and term references, `NUMBER()`, and selectors, whose plural variants
// follow the browser's `Intl.PluralRules` for the page's language; numbers are formatted with
// `Intl.NumberFormat`. A message missing from the catalog shows as `{id}` (Fluent's own
// marker), which the browser test looks for.
//
// The language is the one chosen in the picker (remembered in `localStorage`), else the first
// of the browser's languages that has a catalog, else English.

const LANG_KEY = "tabletop.lang";
let catalog = { messages: {}, terms: {} };
let lang = "en";
let plural = null;
let numbers = null;
let languages = [];

/**
 * The catalog for the browser's `wanted` languages (e.g. `navigator.languages`), in the
 * browser's order: each tag matches exactly or by its language (`ko-KR` is `ko`; `zh-TW` still
 * reads `zh-CN` better than English); with no match, English.
 */
export function pickLanguage(wanted, available) {
  const lower = available.map((a) => a.toLowerCase());
  for (const w of wanted || []) {
    const tag = String(w).toLowerCase();
    const exact = lower.indexOf(tag);
    if (exact >= 0) return available[exact];
    const same = lower.findIndex((a) => a.split("-")[0] === tag.split("-")[0]);
    if (same >= 0) return available[same];
  }
  return available.includes("en") ? "en" : available[0];
}

export function currentLanguage() {
  return lang;
}

async function loadCatalog(tag) {
  const res = await fetch(`/assets/locales/${tag}.json`);
  const data = res.ok ? await res.json() : null;
  if (!data || typeof data.messages !== "object" || typeof data.terms !== "object") {
    throw new Error(tag); // never shown: the caller falls back
  }
  return data;
}

export async function initI18n() {
  try {
    languages = (await (await fetch("/assets/locales/index.json")).json()).languages || [];
  } catch {
    languages = [{ lang: "en" }];
  }
  const available = languages.map((l) => l.lang);
  let saved = null;
  try {
    saved = localStorage.getItem(LANG_KEY);
  } catch {
    saved = null;
  }
  lang = available.includes(saved) ? saved : pickLanguage(navigator.languages || [navigator.language], available);
  try {
    catalog = await loadCatalog(lang);
  } catch {
    lang = "en";
    // Without any catalog the page shows message ids as `{id}` markers rather than nothing.
    catalog = await loadCatalog("en").catch(() => ({ messages: {}, terms: {} }));
  }
  plural = new Intl.PluralRules(lang);
  numbers = new Intl.NumberFormat(lang);
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-msg]")) el.textContent = t(el.dataset.msg);
  const picker = document.getElementById("lang-picker");
  if (picker) {
    picker.setAttribute("aria-label", t("language-picker"));
    picker.replaceChildren(...languages.map((l) => h("option", { value: l.lang, selected: l.lang === lang, lang: l.lang }, l.name)));
    picker.addEventListener("change", () => {
      try {
        localStorage.setItem(LANG_KEY, picker.value);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      location.reload();
    });
  }
}

// A number keeps its formatting options until it is printed, as a FluentNumber does.
class FluentNumber {
  constructor(n, opts = {}) {
    this.n = n;
    this.opts = opts;
  }
  toString() {
    return Object.keys(this.opts).length ? new Intl.NumberFormat(lang, this.opts).format(this.n) : numbers.format(this.n);
  }
}

// The value of an expression: a string or a FluentNumber.
function value(part, args, depth) {
  if (typeof part === "string") return part;
  if ("var" in part) {
    const v = args[part.var];
    if (v === undefined || v === null) return `{$${part.var}}`;
    return typeof v === "number" ? new FluentNumber(v) : String(v);
  }
  if ("str" in part) return part.str;
  if ("num" in part) return new FluentNumber(Number(part.num));
  if ("msg" in part) {
    const id = part.attr ? `${part.msg}.${part.attr}` : part.msg;
    return id in catalog.messages ? resolve(catalog.messages[id], args, depth + 1) : `{${id}}`;
  }
  if ("term" in part) {
    const id = part.attr ? `${part.term}.${part.attr}` : part.term;
    const targs = {};
    for (const [k, v] of Object.entries(part.args || {})) {
      const x = value(v, args, depth);
      targs[k] = x instanceof FluentNumber ? x.n : x;
    }
    return id in catalog.terms ? resolve(catalog.terms[id], targs, depth + 1) : `{${id}}`;
  }
  if ("fn" in part) {
    const x = value(part.args[0], args, depth);
    const opts = {};
    for (const [k, v] of Object.entries(part.opts || {})) {
      const o = value(v, args, depth);
      opts[k] = o instanceof FluentNumber ? o.n : o;
    }
    const n = x instanceof FluentNumber ? x.n : Number(x);
    return Number.isNaN(n) ? String(x) : new FluentNumber(n, { ...(x.opts || {}), ...opts });
  }
  if ("select" in part) {
    const sel = value(part.select, args, depth);
    let chosen;
    if (sel instanceof FluentNumber) {
      chosen = part.variants.find((v) => v.num && Number(v.key) === sel.n)
        || part.variants.find((v) => !v.num && v.key === plural.select(sel.n));
    } else {
      chosen = part.variants.find((v) => !v.num && v.key === sel);
    }
    return resolve((chosen || part.variants[part.default]).value, args, depth);
  }
  return "";
}

function resolve(pattern, args, depth) {
  if (typeof pattern === "string") return pattern;
  if (depth > 20) return "{???}";
  return pattern.map((p) => String(value(p, args, depth))).join("");
}

/** The message `key` (or `key.attribute`) of the page's language, with `args` filled in. */
export function t(key, args = {}) {
  const pattern = catalog.messages[key];
  if (pattern === undefined) return `{${key}}`;
  return resolve(pattern, args, 0);
}

export function has(key) {
  return key in catalog.messages;
}

/** `items` joined as the language writes a list ("a, b and c", "a、b和c"). */
export function list(items) {
  return new Intl.ListFormat(lang, { type: "conjunction" }).format(items.map(String));
}

/**
 * An error in the player's language: the server's `code` has its own message; an error without
 * a code is a network failure (the browser's own text would be English).
 */
export function errorText(e) {
  if (e && e.code) return has(`error-${e.code}`) ? t(`error-${e.code}`) : t("error-other", { code: e.code });
  return t("network-error");
}

/** Builds an element: `h("div", {class: "x", onclick: f}, child, "text", ...)`. */
export function h(tag, attrs = {}, ...children) {
  const svg = ["svg", "g", "line", "circle", "text", "rect", "path", "title", "polyline"].includes(tag);
  const el = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.setAttribute("class", v);
    else if (k === "text") el.textContent = v;
    else if (k in el && !svg && k !== "list") el[k] = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = new Error(data.message || res.statusText);
    err.code = data.code;
    throw err;
  }
  // The creator token is shown once, in the answer to the create call: keep it for the game
  // page's "replace" (whichever page created the game).
  if (method === "POST" && path === "/api/games" && data.game && data.creator?.token) saveCreator(data.game, data.creator.token);
  return data;
}

// The creator tokens this browser holds: {game: token}.
const CREATOR_KEY = "tabletop.creators";
function creators() {
  try {
    const map = JSON.parse(localStorage.getItem(CREATOR_KEY) || "{}");
    return map && typeof map === "object" && !Array.isArray(map) ? map : {};
  } catch {
    return {};
  }
}
export function creatorToken(game) {
  const token = creators()[game];
  return typeof token === "string" ? token : null;
}
export function saveCreator(game, token) {
  const map = creators();
  map[game] = token;
  const keep = Object.entries(map).slice(-256);
  try {
    localStorage.setItem(CREATOR_KEY, JSON.stringify(Object.fromEntries(keep)));
  } catch {
    // Private mode: replacing works in this page only.
  }
}

// The seat tokens this browser holds: [{game, kind, seat, token}], newest first.
const STORE_KEY = "tabletop.seats";
export function savedSeats() {
  try {
    const list = JSON.parse(localStorage.getItem(STORE_KEY) || "[]");
    return Array.isArray(list) ? list : [];
  } catch {
    return [];
  }
}
export function saveSeat(entry) {
  const list = savedSeats().filter((s) => s.token !== entry.token);
  list.unshift(entry);
  localStorage.setItem(STORE_KEY, JSON.stringify(list.slice(0, 256)));
}

export function setConnection(text, ok) {
  const el = document.getElementById("conn");
  el.textContent = text;
  el.className = ok ? "ok" : "bad";
}

/**
 * One game's WebSocket: says hello (with the seat token, or as a spectator), hands every state
 * message to `onState`, and reconnects by itself after a drop (1 s, doubling up to 10 s).
 * `send(action)` sends an action once; the promise settles when the server accepts or
 * refuses it. While an action is pending, `pending` is true and a second send is refused.
 */
export class Connection {
  constructor(gameId, token, onState) {
    this.gameId = gameId;
    this.token = token;
    this.onState = onState;
    this.ref = 0;
    this.waiting = new Map();
    this.delay = 1000;
    this.closed = false;
    this.pending = false;
    this.open();
  }

  open() {
    const proto = location.protocol === "https:" ? "wss:" : "ws:";
    const ws = new WebSocket(`${proto}//${location.host}/api/games/${this.gameId}/ws`);
    this.ws = ws;
    ws.onopen = () => {
      this.delay = 1000;
      ws.send(JSON.stringify(this.token ? { type: "hello", token: this.token } : { type: "hello" }));
      setConnection(t("connected"), true);
    };
    ws.onmessage = (ev) => {
      let msg;
      try {
        msg = JSON.parse(ev.data);
      } catch {
        return;
      }
      if (msg.type === "state") {
        this.version = msg.version;
        this.onState(msg);
        // For pages that watch the game beside the game page (hotseat.js).
        document.dispatchEvent(new CustomEvent("tabletop:state", { detail: msg }));
      } else if (msg.type === "rematch") {
        this.onRematch?.(msg);
      } else if (msg.type === "accepted" || msg.type === "error") {
        const w = this.waiting.get(msg.ref);
        if (w) {
          this.waiting.delete(msg.ref);
          this.pending = false;
          if (msg.type === "accepted") w.resolve(msg);
          else w.reject(Object.assign(new Error(msg.message), { code: msg.code }));
        } else if (msg.type === "error") {
          this.onError?.(msg);
        }
      }
    };
    ws.onclose = () => {
      for (const w of this.waiting.values()) w.reject(new Error("connection lost"));
      this.waiting.clear();
      this.pending = false;
      if (this.closed) return;
      setConnection(t("reconnecting"), false);
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 10000);
    };
  }

  send(action) {
    return this.request({ type: "action", version: this.version, action });
  }

  /** Sends a seat's message (`action`, `undo`, `leave`, `back`) once, answered like `send`. */
  request(message) {
    if (this.pending) return Promise.reject(Object.assign(new Error("pending"), { code: "pending" }));
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      return Promise.reject(new Error("not connected"));
    }
    this.pending = true;
    const ref = ++this.ref;
    const p = new Promise((resolve, reject) => this.waiting.set(ref, { resolve, reject }));
    this.ws.send(JSON.stringify({ ...message, ref }));
    return p;
  }
}

/**
 * A button that sends `action` once: it disables every `.act` control while the action is on
 * its way, and shows a refusal in words in `errorEl` (next to the control).
 */
export function actButton(conn, label, action, errorEl, attrs = {}) {
  const b = h("button", { class: "act", ...attrs }, label);
  b.addEventListener("click", () => sendAction(conn, action, errorEl, label));
  return b;
}

/**
 * Sends `action` once (see `actButton`). A move that cannot be taken back asks for confirmation
 * first, unless the player turned that off; `label` names the move in the question (by default
 * the text of the button that was clicked).
 */
export async function sendAction(conn, action, errorEl, label) {
  if (conn.pending) return;
  if (IRREVERSIBLE.has(action.type) && setting("confirm")) {
    const focused = document.activeElement?.tagName === "BUTTON" ? document.activeElement.textContent : null;
    if (!(await confirmMove(label ?? focused))) return;
  }
  if (conn.pending) return;
  for (const el of document.querySelectorAll(".act")) el.disabled = true;
  if (errorEl) errorEl.textContent = "";
  conn.send(action).catch((e) => {
    for (const el of document.querySelectorAll(".act")) el.disabled = false;
    if (errorEl) errorEl.textContent = t("error-prefix", { message: errorText(e) });
  });
}

// ---------- The table: what both game pages share around the game itself ----------
//
// Seat names and clocks, turn alerts (tab title, favicon badge, an optional sound, a browser
// notification while the page is in the background), undo, confirmation of moves that cannot
// be taken back, handing a seat to the bot and taking it back, replacing an absent player, and
// the rematch. A game page calls `startTable` once, `tableState(msg)` on every state message,
// and puts `tableBar()` at the top of what it renders; names come from `seatName`.

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

let table = null;

/**
 * Starts the table of a game page: `colour(seat)` gives a seat's colour (or nothing), `label(seat)`
 * its name when the player gave none (a colour's name, "Seat 2"), `refresh()` renders the page
 * again.
 */
export function startTable(conn, { gameId, token, kind, colour = () => null, label, refresh, replay = false }) {
  table = { conn, gameId, token, kind, colour, label, refresh, replay, msg: null, myTurn: false, offset: 0, settingsOpen: false, rematchLink: null, renaming: false, draft: "" };
  conn.onRematch = (m) => {
    if (m.token) {
      saveSeat({ game: m.game, kind, seat: m.seat, token: m.token });
      const creator = creatorToken(gameId);
      if (creator) saveCreator(m.game, creator); // the creator of a game creates its rematch
      location.assign(m.link);
    } else {
      table.rematchLink = m.link;
      table.refresh?.();
    }
  };
  setInterval(tickClocks, 250);
  document.addEventListener("visibilitychange", () => updateTitle());
}

/** The seat a page shows, or null for a spectator. */
function mySeat() {
  const m = table?.msg;
  return m && m.viewer.type === "seat" ? m.viewer.seat : null;
}

/**
 * What a page calls a seat: the player's display name, with `label(seat)` (the colour) beside it
 * when `both`; the label alone when the player gave no name.
 */
export function seatName(seat, both = false) {
  const name = table?.msg?.seats?.[seat]?.name;
  const label = table.label(seat);
  if (!name) return label;
  return both ? t("table-name-with", { name, label }) : name;
}

/** Takes in a state message: names, clocks and the turn alerts. */
export function tableState(msg) {
  table.msg = msg;
  if (msg.clock) table.offset = msg.clock.now_ms - Date.now();
  const me = mySeat();
  const myTurn = !table.replay && me !== null && !msg.outcome && msg.actor?.type === "seat" && msg.actor.seat === me && !msg.seats?.[me]?.away;
  if (myTurn && !table.myTurn) alertTurn();
  table.myTurn = myTurn;
  updateTitle();
}

function updateTitle() {
  if (!table) return;
  document.title = table.myTurn ? t("table-title-turn", { title: t("app-title") }) : t("app-title");
  let icon = document.querySelector("link[rel=icon]");
  if (!icon) {
    icon = h("link", { rel: "icon" });
    document.head.append(icon);
  }
  // A small table with a red badge while it is the player's turn (an SVG, no image file).
  const badge = table.myTurn ? "<circle cx='24' cy='8' r='8' fill='%23d00'/>" : "";
  icon.href = `data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'><rect x='2' y='8' width='24' height='20' rx='4' fill='%2323313f'/>${badge}</svg>`;
  icon.dataset.badge = table.myTurn ? "turn" : "";
}

let audio = null;
function beep() {
  try {
    audio = audio || new AudioContext();
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
      const n = new Notification(t("table-notify-title"), { body: t("table-notify-body"), tag: `tabletop-${table.gameId}` });
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
  const c = table.msg?.clock;
  if (!c || table.msg.outcome) return null;
  if (c.running === seat && c.deadline_ms) return c.deadline_ms - (Date.now() + table.offset);
  if (c.control.type === "bank" && c.bank_ms?.[seat] !== undefined) return c.bank_ms[seat];
  return null;
}

function tickClocks() {
  for (const el of document.querySelectorAll(".table-clock[data-seat]")) {
    const left = timeLeft(Number(el.dataset.seat));
    el.textContent = left === null ? "" : clockText(left);
    el.classList.toggle("low", left !== null && left < 10000 && el.classList.contains("running"));
  }
}

/** The bar at the top of a game page: seats, clocks, the table's buttons and settings. */
export function tableBar() {
  const msg = table.msg;
  const me = mySeat();
  const err = h("p", { class: "error", id: "table-error", "aria-live": "polite" });
  const fail = (e) => { err.textContent = t("error-prefix", { message: errorText(e) }); };
  const send = (message) => table.conn.request(message).catch(fail);
  const creator = creatorToken(table.gameId);
  const running = msg.clock && !msg.outcome ? msg.clock.running : null;
  const seats = (msg.seats || []).map((s) => {
    const colour = table.colour(s.seat);
    const away = s.away ? t(`table-away-${s.away}`) : null;
    const canReplace = creator && s.type === "human" && !s.away && !s.connected && s.seat !== me && !msg.outcome;
    return h("li", {
      class: `table-seat${s.seat === running ? " running" : ""}${s.seat === me ? " me" : ""}${s.away ? " away" : ""}`,
      "data-seat": s.seat,
    },
      colour ? h("span", { class: "swatch", style: `background:${colour}` }) : null,
      s.seat === me && table.renaming ? renameForm(s, fail) : h("span", { class: "table-name" }, seatName(s.seat, Boolean(colour))),
      s.seat === me ? h("span", { class: "hint" }, ` ${t("pg-you")}`) : null,
      s.type === "bot" ? h("span", { class: "hint" }, ` ${t("table-bot")}`) : null,
      msg.clock ? h("span", { class: `table-clock${s.seat === running ? " running" : ""}`, "data-seat": s.seat }, "") : null,
      away ? h("span", { class: "table-away" }, away) : null,
      canReplace ? h("button", {
        class: "small", "data-replace": s.seat, title: t("table-replace-help"),
        onclick: () => api(`/api/games/${table.gameId}/seats/${s.seat}/replace`, { method: "POST", body: {}, token: creator }).catch(fail),
      }, t("table-replace")) : null);
  });
  const mine = me === null ? null : msg.seats?.[me];
  const buttons = [];
  let notice = null;
  if (mine?.away) {
    notice = t(`table-notice-${mine.away}`);
    buttons.push(h("button", { class: "act", id: "table-back", onclick: () => send({ type: "back" }) }, t("table-back")));
  } else if (mine && !msg.outcome) {
    if (msg.undo) buttons.push(h("button", { class: "act", id: "table-undo", onclick: () => send({ type: "undo", version: msg.version }) }, t("table-undo")));
  }
  if (msg.outcome && mine) {
    buttons.push(h("button", {
      class: "act", id: "table-rematch",
      onclick: () => api(`/api/games/${table.gameId}/rematch`, { method: "POST", body: {}, token: table.token }).then(table.conn.onRematch, fail),
    }, t("table-rematch")));
  }
  if (table.rematchLink) buttons.push(h("a", { href: table.rematchLink, id: "table-rematch-link" }, t("table-rematch-watch")));
  const box = h("section", { class: "table-bar", id: "table-bar" },
    h("ul", { class: "table-seats" }, seats),
    notice ? h("p", { class: "table-notice", id: "table-notice", role: "status" }, notice) : null,
    h("div", { class: "table-actions" }, buttons, mine ? settingsBox(mine, send) : null),
    err);
  setTimeout(tickClocks);
  return box;
}

/** The player's own name, being changed: 1 to 24 characters (the server checks the rest). */
function renameForm(seat, fail) {
  const input = h("input", {
    id: "table-name-input", maxLength: 24, required: true, value: table.draft, "aria-label": t("table-rename-label"),
    oninput: () => { table.draft = input.value; },
  });
  const done = () => { table.renaming = false; table.refresh?.(); };
  const form = h("form", { class: "table-rename" }, input,
    h("button", { class: "small", id: "table-rename-save" }, t("table-rename-save")),
    h("button", { class: "small", type: "button", onclick: done }, t("table-confirm-no")));
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) return;
    api(`/api/games/${table.gameId}/name`, { method: "POST", body: { name }, token: table.token }).then(done, fail);
  });
  setTimeout(() => { if (document.activeElement !== input) input.focus(); });
  return form;
}

/**
 * The settings, and the seat's rarer actions (change the name, hand the seat to a bot), kept
 * out of the bar so that it stays one line.
 */
function settingsBox(mine, send) {
  const close = () => { table.settingsOpen = false; };
  const toggle = (name, label, onChange) => {
    const input = h("input", { type: "checkbox", checked: setting(name), "data-setting": name });
    input.addEventListener("change", () => {
      setSetting(name, input.checked);
      onChange?.(input);
    });
    return h("label", {}, input, " ", label);
  };
  const blocked = typeof Notification === "undefined" || Notification.permission === "denied";
  return h("details", { class: "table-settings", id: "table-settings", open: table.settingsOpen, ontoggle: (ev) => { table.settingsOpen = ev.target.open; } },
    h("summary", {}, t("table-settings")),
    h("div", { class: "table-settings-panel" },
    toggle("sound", t("table-setting-sound"), (input) => { if (input.checked) beep(); }),
    toggle("confirm", t("table-setting-confirm")),
    toggle("notify", t("table-setting-notify"), (input) => {
      // Asked once, on this click, never by itself.
      if (input.checked && typeof Notification !== "undefined" && Notification.permission === "default") {
        Notification.requestPermission().then((p) => {
          if (p !== "granted") {
            setSetting("notify", false);
            input.checked = false;
          }
        });
      }
    }),
    blocked ? h("p", { class: "hint" }, t("table-notify-blocked")) : null,
    h("div", { class: "row" },
      h("button", {
        class: "small", id: "table-rename", type: "button",
        onclick: () => { close(); table.renaming = true; table.draft = mine.name || ""; table.refresh?.(); },
      }, t("table-rename")),
      !mine.away && !table.msg.outcome ? h("button", {
        class: "small", id: "table-leave", type: "button", onclick: () => { close(); send({ type: "leave" }); },
      }, t("table-leave")) : null)));
}

/** Asks whether to make a move that cannot be taken back; resolves to true to go ahead. */
function confirmMove(label) {
  return new Promise((resolve) => {
    const never = h("input", { type: "checkbox", id: "table-confirm-never" });
    const dialog = h("dialog", { class: "table-confirm", id: "table-confirm" },
      h("p", { class: "table-confirm-move" }, label ? t("table-confirm-move", { move: label }) : t("table-confirm-title")),
      h("p", { class: "hint" }, t("table-confirm-note")),
      h("label", {}, never, " ", t("table-confirm-never")),
      h("div", { class: "row" },
        h("button", { class: "act", id: "table-confirm-yes", value: "yes" }, t("table-confirm-yes")),
        h("button", { id: "table-confirm-no", value: "no" }, t("table-confirm-no"))));
    const finish = (ok) => {
      if (ok && never.checked) setSetting("confirm", false);
      dialog.close();
      dialog.remove();
      resolve(ok);
    };
    dialog.querySelector("#table-confirm-yes").addEventListener("click", () => finish(true));
    dialog.querySelector("#table-confirm-no").addEventListener("click", () => finish(false));
    dialog.addEventListener("cancel", (ev) => { ev.preventDefault(); finish(false); });
    document.body.append(dialog);
    dialog.showModal();
    dialog.querySelector("#table-confirm-yes").focus();
  });
}
