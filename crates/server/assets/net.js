// The network: HTTP calls to the API, the game's WebSocket, and what this browser keeps of its
// games in `localStorage` (seat tokens for "my games", creator tokens for "replace").
import { t } from "./i18n.js";
import { setConnection } from "./dom.js";

export async function api(path, { method = "GET", body, token } = {}) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers["Content-Type"] = "application/json";
  const res = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const data = await res.json().catch(() => ({}));
  if (!res.ok) {
    const err = new Error(data.message || res.statusText);
    err.code = data.code;
    err.status = res.status;
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
  try {
    localStorage.setItem(STORE_KEY, JSON.stringify(list.slice(0, 256)));
  } catch {
    // Private mode: "my games" will not list it.
  }
}

/**
 * One game's WebSocket: says hello (with the seat token, or as a spectator), hands every state
 * message to `onState`, and reconnects by itself after a drop (1 s, doubling up to 10 s).
 * `send(action)` sends an action once; the promise settles when the server accepts or
 * refuses it. While an action is pending, `pending` is true and a second send is refused.
 * A failure without a `code` (the connection dropped or is not open) is a network failure.
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
