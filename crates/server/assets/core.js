// Shared helpers: the message catalog, DOM building, the HTTP API and the game connection.
//
// Every visible string comes from `/assets/locales/<lang>.ftl` (a small subset of Fluent:
// `key = text with { $var }`, `#` comments). The language is the first of the browser's
// languages with a catalog; English is complete and the fallback for missing keys.

const LANGS = ["en"];
let messages = new Map();
let fallback = new Map();

function parseFtl(text) {
  const out = new Map();
  for (const raw of text.split("\n")) {
    const line = raw.trimEnd();
    if (!line || line.startsWith("#")) continue;
    const eq = line.indexOf(" = ");
    if (eq < 0) continue;
    out.set(line.slice(0, eq).trim(), line.slice(eq + 3));
  }
  return out;
}

async function loadCatalog(lang) {
  const res = await fetch(`/assets/locales/${lang}.ftl`);
  if (!res.ok) throw new Error(`no catalog for ${lang}`);
  return parseFtl(await res.text());
}

export async function initI18n() {
  fallback = await loadCatalog("en");
  const wanted = (navigator.languages || ["en"]).map((l) => l.split("-")[0]);
  const lang = wanted.find((l) => LANGS.includes(l)) || "en";
  messages = lang === "en" ? fallback : await loadCatalog(lang).catch(() => fallback);
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-msg]")) el.textContent = t(el.dataset.msg);
}

/** The message `key` with `{ $name }` placeholders filled from `args`. */
export function t(key, args = {}) {
  const text = messages.get(key) ?? fallback.get(key);
  if (text === undefined) return key;
  return text.replace(/\{\s*\$([a-z_0-9]+)\s*\}/gi, (_, name) =>
    args[name] === undefined ? `{$${name}}` : String(args[name]));
}

export function has(key) {
  return messages.has(key) || fallback.has(key);
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
      for (const w of this.waiting.values()) w.reject(new Error(t("reconnecting")));
      this.waiting.clear();
      this.pending = false;
      if (this.closed) return;
      setConnection(t("reconnecting"), false);
      setTimeout(() => this.open(), this.delay);
      this.delay = Math.min(this.delay * 2, 10000);
    };
  }

  send(action) {
    if (this.pending) return Promise.reject(new Error("pending"));
    if (!this.ws || this.ws.readyState !== WebSocket.OPEN) {
      return Promise.reject(new Error(t("reconnecting")));
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
    if (errorEl) errorEl.textContent = t("error-prefix", { message: e.message });
  });
}
