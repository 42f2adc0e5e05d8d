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
import { savedSeats } from "./net.js";
import { seatName } from "./seatnames.js";
import { isHotseat } from "./share.js";
import { createStore } from "./store.js";
import { hotseatScreen } from "./tablelogic.js";
import { html, render, useEffect, useRef } from "./view.js";

/** Starts watching a game page for hotseat turns; does nothing for other games. */
export function watchHotseat(gameId, kind) {
  if (!isHotseat(gameId)) return;
  const seats = savedSeats().filter((s) => s.game === gameId);
  if (seats.length < 2) return;
  document.body.classList.add("hotseat");
  const store = createStore({ covered: false, screen: null, seats: [] });
  const slot = document.createElement("div");
  document.body.append(slot);
  const uncover = () => store.set({ covered: false, screen: null });
  store.subscribe((state) => {
    // The game page itself is hidden while the screen covers it.
    const main = document.getElementById("main");
    if (main) main.hidden = state.screen !== null;
    render(state.screen ? html`<${Cover} key=${`${state.screen.type}:${state.screen.seat}`} kind=${kind} state=${state} uncover=${uncover} />` : null, slot);
  });
  document.addEventListener("tabletop:state", (ev) => {
    const msg = ev.detail;
    const screen = hotseatScreen(msg, seats.map((s) => s.seat), store.get().covered);
    store.set({ covered: screen !== null, screen, seats: msg.seats });
  });
}

/** The screen the state asks for: waiting, or pass the device (with its button). */
function Cover({ kind, state, uncover }) {
  const { screen } = state;
  const go = useRef(null);
  useEffect(() => go.current?.focus(), []);
  const name = seatName(kind, screen.seat, state.seats);
  const ready = () => {
    if (screen.same) {
      uncover();
      return;
    }
    location.hash = `token=${screen.token ?? tokenOf(screen.seat)}`;
    location.reload();
  };
  return html`
    <div id="pass-device" class="pass-device" role="dialog" aria-modal="true"
      data-seat=${screen.type === "pass" ? screen.seat : ""} data-key=${`${screen.type}:${screen.seat}`}>
      ${screen.type === "wait" ? html`
        <div class="pass-device-box">
          <h2>${t("lobby-pass-wait-title")}</h2>
          <p id="pass-device-wait">${t("lobby-pass-wait", { name })}</p>
        </div>` : html`
        <div class="pass-device-box">
          <h2>${t("lobby-pass-title", { name })}</h2>
          <p>${t("lobby-pass-text", { name })}</p>
          <button type="button" class="act" id="pass-device-ready" ref=${go} onClick=${ready}>${t("lobby-pass-ready", { name })}</button>
        </div>`}
    </div>`;
}

function tokenOf(seat) {
  const game = location.pathname.split("/")[2];
  return savedSeats().find((s) => s.game === game && s.seat === seat)?.token;
}
