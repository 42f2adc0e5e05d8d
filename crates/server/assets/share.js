// The invitations a game's creator keeps: the other seats' join links and the spectator link,
// kept in this browser (`tabletop.invites`, never sent anywhere) and shown, each with a copy
// button, in a share box above the game page and under the game in the lobby's "my games".
// Also which games this browser plays as a hotseat (`tabletop.hotseat`).
import { t, failureText } from "./i18n.js";
import { api } from "./net.js";
import { seatName } from "./seatnames.js";
import { createStore } from "./store.js";
import { html, render, useState } from "./view.js";

const INVITES_KEY = "tabletop.invites";
const HOTSEAT_KEY = "tabletop.hotseat";
const KEEP = 64;

function read(key) {
  try {
    const v = JSON.parse(localStorage.getItem(key) || "[]");
    return Array.isArray(v) ? v : [];
  } catch {
    return [];
  }
}

function write(key, list) {
  try {
    localStorage.setItem(key, JSON.stringify(list.slice(0, KEEP)));
  } catch {
    // Private mode or a full store: the page still works, without the remembered links.
  }
}

/** Keeps a new game's invitations: `{game, kind, seats: [{seat, link, name}], spectator}`. */
export function saveInvites(entry) {
  write(INVITES_KEY, [entry, ...read(INVITES_KEY).filter((e) => e.game !== entry.game)]);
}

/** The invitations kept for `game`, or null. */
export function invitesOf(game) {
  const e = read(INVITES_KEY).find((x) => x && x.game === game);
  return e && Array.isArray(e.seats) ? e : null;
}

export function markHotseat(game) {
  write(HOTSEAT_KEY, [game, ...read(HOTSEAT_KEY).filter((g) => g !== game)]);
}

export function isHotseat(game) {
  return read(HOTSEAT_KEY).includes(game);
}

/** A button that copies `text` (with a fallback where the clipboard API is refused). */
export function CopyButton({ text }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      const ta = document.createElement("textarea");
      ta.value = text;
      document.body.append(ta);
      ta.select();
      document.execCommand("copy");
      ta.remove();
    }
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return html`<button type="button" class="copy small" onClick=${copy}>${copied ? t("copied") : t("copy")}</button>`;
}

/** One invitation: its label, the link (selectable) and its copy button. */
export function LinkRow({ label, link, ...attrs }) {
  const abs = new URL(link, location.href).href;
  return html`
    <li class="link-row"><span class="link-label">${label}</span>${" "}<input readOnly value=${abs} class="link" aria-label=${label} ...${attrs} />${" "}<${CopyButton} text=${abs} /></li>`;
}

/** A slot just above the game page's `main` (which the game page draws itself). */
function slotBeforeMain(id) {
  document.getElementById(id)?.remove();
  const slot = document.createElement("div");
  slot.id = id;
  document.getElementById("main").before(slot);
  return slot;
}

/**
 * The share box above a game page: the invitations this browser keeps for the game, open
 * until the game has its first move.
 */
export function showShareBox(gameId, summary) {
  const invites = invitesOf(gameId);
  if (!invites || summary.outcome) return;
  render(html`
    <details id="share-box" class="share-box" open=${!summary.version}>
      <summary>${t("lobby-share")}</summary>
      ${invites.seats.length ? html`<p class="hint">${t("lobby-share-hint")}</p>` : null}
      <ul>
        ${invites.seats.map((s) => html`<${LinkRow} key=${s.seat} label=${seatName(summary.kind, s.seat, summary.seats)} link=${s.link} data-seat-link=${s.seat} />`)}
        <${LinkRow} label=${t("lobby-link-spectator")} link=${invites.spectator} data-spectator-link="" />
      </ul>
    </details>`, slotBeforeMain("share-slot"));
}

/**
 * On joining with a link, a seat without a display name is offered one (the server's
 * `POST /api/games/{id}/name`); the box stays until a name is saved or it is closed.
 */
export function askName(gameId, token, seat, summary) {
  const entry = (summary.seats || []).find((s) => s.seat === seat);
  if (!token || !entry || entry.name || summary.outcome || isHotseat(gameId)) return;
  const store = createStore({ open: true, name: "", error: "" });
  const slot = slotBeforeMain("join-name-slot");
  const draw = () => render(store.get().open ? html`<${NameBox} state=${store.get()} store=${store} gameId=${gameId} token=${token} />` : null, slot);
  store.subscribe(draw);
  draw();
}

function NameBox({ state, store, gameId, token }) {
  const submit = async (ev) => {
    ev.preventDefault();
    const name = state.name.trim();
    if (!name) {
      store.set({ error: t("lobby-name-empty") });
      return;
    }
    try {
      await api(`/api/games/${gameId}/name`, { method: "POST", token, body: { name } });
      store.set({ open: false });
    } catch (e) {
      store.set({ error: failureText(e) });
    }
  };
  return html`
    <form id="join-name-box" class="join-name" onSubmit=${submit}>
      <label>${t("lobby-join-name")} <input id="join-name" maxLength="24" aria-label=${t("lobby-name")} value=${state.name}
        onInput=${(ev) => store.set({ name: ev.currentTarget.value, error: "" })} /></label>${" "}
      <button type="submit" class="small">${t("lobby-join-name-save")}</button>${" "}
      <button type="button" class="small" onClick=${() => store.set({ open: false })}>${t("lobby-join-name-skip")}</button>${" "}
      <span class="error" aria-live="polite">${state.error}</span>
    </form>`;
}
