// The invitations a game's creator keeps: the other seats' join links and the spectator link,
// kept in this browser (`tabletop.invites`, never sent anywhere) and shown, each with a copy
// button, in a share box above the game page and under the game in the lobby's "my games".
// Also which games this browser plays as a hotseat (`tabletop.hotseat`).
import { t, failureText } from "./i18n.js";
import { h } from "./dom.js";
import { api } from "./net.js";
import { seatName } from "./seatnames.js";

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
export function copyButton(text) {
  const b = h("button", { type: "button", class: "copy small" }, t("copy"));
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

function linkRow(label, link, attrs) {
  const abs = new URL(link, location.href).href;
  return h("li", { class: "link-row" }, h("span", { class: "link-label" }, label), " ",
    h("input", { readOnly: true, value: abs, class: "link", "aria-label": label, ...attrs }), " ", copyButton(abs));
}

/**
 * The share box above a game page (outside `main`, which the game page re-renders): the
 * invitations this browser keeps for the game, open until the game has its first move.
 */
export function showShareBox(gameId, summary) {
  const invites = invitesOf(gameId);
  document.getElementById("share-box")?.remove();
  if (!invites || summary.outcome) return;
  const rows = invites.seats.map((s) =>
    linkRow(seatName(summary.kind, s.seat, summary.seats), s.link, { "data-seat-link": s.seat }));
  rows.push(linkRow(t("lobby-link-spectator"), invites.spectator, { "data-spectator-link": "" }));
  const box = h("details", { id: "share-box", class: "share-box", open: !summary.version },
    h("summary", {}, t("lobby-share")),
    invites.seats.length ? h("p", { class: "hint" }, t("lobby-share-hint")) : null,
    h("ul", {}, rows));
  document.getElementById("main").before(box);
}

/**
 * On joining with a link, a seat without a display name is offered one (the server's
 * `POST /api/games/{id}/name`); the box stays until a name is saved or it is closed.
 */
export function askName(gameId, token, seat, summary) {
  const entry = (summary.seats || []).find((s) => s.seat === seat);
  if (!token || !entry || entry.name || summary.outcome || isHotseat(gameId)) return;
  const input = h("input", { id: "join-name", maxLength: 24, "aria-label": t("lobby-name") });
  const err = h("span", { class: "error", "aria-live": "polite" });
  const form = h("form", { id: "join-name-box", class: "join-name" },
    h("label", {}, t("lobby-join-name"), " ", input), " ",
    h("button", { type: "submit", class: "small" }, t("lobby-join-name-save")), " ",
    h("button", { type: "button", class: "small", onclick: () => form.remove() }, t("lobby-join-name-skip")), " ", err);
  input.addEventListener("input", () => { err.textContent = ""; });
  form.addEventListener("submit", async (ev) => {
    ev.preventDefault();
    const name = input.value.trim();
    if (!name) {
      err.textContent = t("lobby-name-empty");
      return;
    }
    try {
      await api(`/api/games/${gameId}/name`, { method: "POST", token, body: { name } });
      form.remove();
    } catch (e) {
      err.textContent = failureText(e);
    }
  });
  document.getElementById("main").before(form);
}
