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
  return data;
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
    if (this.pending) return Promise.reject(Object.assign(new Error("pending"), { code: "pending" }));
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      return Promise.reject(new Error("not connected"));
    }
    this.pending = true;
    const ref = ++this.ref;
    const p = new Promise((resolve, reject) => this.waiting.set(ref, { resolve, reject }));
    this.ws.send(JSON.stringify({ type: "action", version: this.version, action, ref }));
    return p;
  }
}

/**
 * A button that sends `action` once: it disables every `.act` control while the action is on
 * its way, and shows a refusal in words in `errorEl` (next to the control).
 */
export function actButton(conn, label, action, errorEl, attrs = {}) {
  const b = h("button", { class: "act", ...attrs }, label);
  b.addEventListener("click", () => sendAction(conn, action, errorEl));
  return b;
}

export function sendAction(conn, action, errorEl) {
  if (conn.pending) return;
  for (const el of document.querySelectorAll(".act")) el.disabled = true;
  if (errorEl) errorEl.textContent = "";
  conn.send(action).catch((e) => {
    for (const el of document.querySelectorAll(".act")) el.disabled = false;
    if (errorEl) errorEl.textContent = t("error-prefix", { message: errorText(e) });
  });
}
