// Hotseat: several human seats of one game played in one browser (chosen in the lobby).
//
// The page plays one seat at a time with that seat's token. As soon as that seat's turn ends,
// a screen covers the page and the page itself is hidden (`main.hidden`), so that the previous
// player's hand is never on show while the bots play: "waiting for NAME" while another seat
// (a bot, a remote player) acts, then "pass the device to NAME" when a seat this browser holds
// is to act. Its player confirms, and the page reopens with their token (or, when it is the
// same seat again, simply shows it). The screen follows the game page's own state messages
// through the `tabletop:state` event of `net.js`'s `Connection`, so hotseat needs no second
// connection and no change to the game pages. The decision is `hotseatScreen` in
// `tablelogic.js`, unit-tested.
import { t } from "./i18n.js";
import { h } from "./dom.js";
import { savedSeats } from "./net.js";
import { seatName } from "./seatnames.js";
import { isHotseat } from "./share.js";
import { createStore } from "./store.js";
import { hotseatScreen } from "./tablelogic.js";

/** Starts watching a game page for hotseat turns; does nothing for other games. */
export function watchHotseat(gameId, kind) {
  if (!isHotseat(gameId)) return;
  const seats = savedSeats().filter((s) => s.game === gameId);
  if (seats.length < 2) return;
  document.body.classList.add("hotseat");
  const store = createStore({ covered: false, screen: null, seats: [] });
  store.subscribe((s) => draw(kind, s, () => store.set({ covered: false, screen: null })));
  document.addEventListener("tabletop:state", (ev) => {
    const msg = ev.detail;
    const now = store.get();
    const screen = hotseatScreen(msg, seats.map((s) => s.seat), now.covered);
    store.set({ covered: screen !== null, screen, seats: msg.seats });
  });
}

/** The screen the state asks for: none, waiting, or pass the device (with its button). */
function draw(kind, state, uncover) {
  const { screen } = state;
  const existing = document.getElementById("pass-device");
  const main = document.getElementById("main");
  if (!screen) {
    existing?.remove();
    if (main) main.hidden = false;
    return;
  }
  const key = `${screen.type}:${screen.seat}`;
  if (existing && existing.dataset.key === key) return;
  existing?.remove();
  main.hidden = true;
  const name = seatName(kind, screen.seat, state.seats);
  let box;
  if (screen.type === "wait") {
    box = h("div", { class: "pass-device-box" },
      h("h2", {}, t("lobby-pass-wait-title")),
      h("p", { id: "pass-device-wait" }, t("lobby-pass-wait", { name })));
  } else {
    const go = h("button", { type: "button", class: "act", id: "pass-device-ready" }, t("lobby-pass-ready", { name }));
    go.addEventListener("click", () => {
      if (screen.same) {
        uncover();
        return;
      }
      location.hash = `token=${screen.token ?? tokenOf(screen.seat)}`;
      location.reload();
    });
    box = h("div", { class: "pass-device-box" },
      h("h2", {}, t("lobby-pass-title", { name })),
      h("p", {}, t("lobby-pass-text", { name })),
      go);
    setTimeout(() => go.focus());
  }
  const cover = h("div", {
    id: "pass-device", class: "pass-device", role: "dialog", "aria-modal": "true",
    "data-seat": screen.type === "pass" ? screen.seat : "", "data-key": key,
  }, box);
  document.body.append(cover);
}

function tokenOf(seat) {
  const game = location.pathname.split("/")[2];
  return savedSeats().find((s) => s.game === game && s.seat === seat)?.token;
}
