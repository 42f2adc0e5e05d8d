// The Game page's rules of thumb, as pure functions (tested by `js-tests/thegame.test.js`).
import { t } from "./i18n.js";

export const PILES = ["up1", "up2", "down1", "down2"];

/** Whether `card` on `pile` (top card `top`) is the backwards trick. */
export function isBackwards(pile, card, top) {
  return pile.startsWith("up") ? card === top - 10 : card === top + 10;
}

/**
 * Why a click on `pile` does not play: nothing for a spectator, the game is over, another
 * player's turn, no card chosen, or the rule the chosen card breaks.
 */
export function whyNot(v, seatMe, pile, top, selected, name) {
  if (seatMe === null) return "";
  if (v.outcome) return t("error-game_over");
  if (v.current !== seatMe) return t("tg-why-not-turn", { name: name(v.current) });
  if (selected === null) return t("tg-why-choose");
  const up = pile.startsWith("up");
  const args = { card: selected, pile: t(`tg-pile-${pile}`), top };
  const back = up ? top - 10 : top + 10;
  const rule = up ? t("tg-why-up", args) : t("tg-why-down", args);
  return back >= 2 && back <= 99 ? `${rule} ${t("tg-why-back", { back })}` : rule;
}

/**
 * The signals a seat may send on a pile. Signals may be sent by any seat at any time: when the
 * server lists none (not this seat's turn), they are built from the action format and the
 * server judges them. None in a replay or for a spectator.
 */
export function signalActions(msg, pile, i, seatMe) {
  const listed = msg.legal.filter((a) => a.type === "signal" && a.pile === pile);
  if (msg.legal.length || seatMe === null || msg.view.outcome) return listed;
  return ["dont_play", "good_card"].filter((sig) => msg.view.signals[seatMe][i] !== sig).map((signal) => ({ type: "signal", pile, signal }));
}
