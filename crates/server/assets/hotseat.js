// Hotseat: several human seats of one game played in one browser (chosen in the lobby).
//
// The page plays one seat at a time with that seat's token. Whenever the game's actor becomes
// another seat this browser holds, a "pass the device to NAME" screen covers the page, and the
// page itself is hidden (`main.hidden`), so the next player never sees the previous one's
// hand; when they confirm, the page reopens with their token. The screen follows the game
// page's own state messages through the `tabletop:state` event that `core.js`'s `Connection`
// dispatches, so hotseat needs no second connection and no change to the game pages.
import { t, h, savedSeats } from "./core.js";
import { seatName } from "./seatnames.js";
import { isHotseat } from "./share.js";

/** Starts watching a game page for hotseat turns; does nothing for other games. */
export function watchHotseat(gameId, kind) {
  if (!isHotseat(gameId)) return;
  const seats = savedSeats().filter((s) => s.game === gameId);
  document.body.classList.add("hotseat");
  document.addEventListener("tabletop:state", (ev) => {
    const msg = ev.detail;
    const me = msg.viewer?.type === "seat" ? msg.viewer.seat : null;
    const actor = msg.actor?.type === "seat" ? msg.actor.seat : null;
    const next = seats.find((s) => s.seat === actor);
    if (actor === null || actor === me || !next) {
      hide();
      return;
    }
    show(kind, next, msg.seats);
  });
}

function hide() {
  document.getElementById("pass-device")?.remove();
  const main = document.getElementById("main");
  if (main) main.hidden = false;
}

function show(kind, next, seats) {
  const name = seatName(kind, next.seat, seats);
  const existing = document.getElementById("pass-device");
  if (existing && existing.dataset.seat === String(next.seat)) return;
  existing?.remove();
  document.getElementById("main").hidden = true;
  const go = h("button", { type: "button", class: "act", id: "pass-device-ready" }, t("lobby-pass-ready", { name }));
  go.addEventListener("click", () => {
    location.hash = `token=${next.token}`;
    location.reload();
  });
  const screen = h("div", { id: "pass-device", class: "pass-device", role: "dialog", "aria-modal": "true", "data-seat": next.seat },
    h("div", { class: "pass-device-box" },
      h("h2", {}, t("lobby-pass-title", { name })),
      h("p", {}, t("lobby-pass-text", { name })),
      go));
  document.body.append(screen);
  go.focus();
}
