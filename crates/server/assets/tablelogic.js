// The table's decisions, as pure functions of the state message and the table's state (no DOM),
// so that `node --test` checks them (`js-tests/table.test.js`).

/**
 * Whether the creator is offered "Replace by a bot" for seat `s` (a state message's seat): a
 * human seat, held by its player, not the viewer's own nor one this browser plays (hotseat),
 * while the game runs, and not connected (the server sends a new state message as soon as a
 * seat connects or leaves).
 */
export function replaceable(s, { me, local = [], over }) {
  if (over || s.type !== "human" || s.away || s.connected) return false;
  return s.seat !== me && !local.includes(s.seat);
}

/**
 * What a rematch message does to the page: "go" (follow it: the player asked for it, or watched
 * this game end on this page) or "offer" (a link: the page was opened on a game already over,
 * which stays open to look at).
 */
export function rematchMove(message, { askedRematch, sawRunning }) {
  if (!message.token) return "offer";
  return askedRematch || sawRunning ? "go" : "offer";
}

/** Whether a seat is marked as the viewer's own: never in a replay. */
export function seatSuffix(seat, me, replay) {
  return !replay && me !== null && seat === me;
}

/**
 * The hotseat screen after state message `msg`, for a page whose browser holds the seats
 * `local`: null (the page is shown), `{type: "wait", seat}` (another seat, not of this device,
 * is acting: the hand stays hidden) or `{type: "pass", seat, same}` (a seat of this device is to
 * act; `same` when it is the page's own seat). The page is covered as soon as its seat's turn
 * ends, and stays covered (`covered`) until a player of this device asks to be shown their
 * seat; the game's end uncovers it.
 */
export function hotseatScreen(msg, local, covered) {
  const me = msg.viewer?.type === "seat" ? msg.viewer.seat : null;
  const actor = msg.actor?.type === "seat" ? msg.actor.seat : null;
  if (actor === null || msg.outcome) return null;
  if (actor === me && !covered) return null;
  if (local.includes(actor)) return { type: "pass", seat: actor, same: actor === me };
  return { type: "wait", seat: actor };
}

/**
 * What the table bar tells the viewer after state message `msg`, for the viewer's seat `mine`
 * (a state message's seat, or undefined for a spectator): "unfinished" (the game was stopped at
 * the server's round cap: over, with no winner; said first), the reason a bot plays the viewer's
 * seat while the game runs (its `away`: "left", "timed_out", "replaced"), or null.
 */
export function tableNotice(msg, mine) {
  if (msg.unfinished) return "unfinished";
  if (mine?.away && !msg.outcome) return mine.away;
  return null;
}

/**
 * Sends one message with `request()` (a promise of the server's answer), once: `table` (a store
 * with `sending`) says it is on its way until the answer comes, so the page draws every action
 * control disabled, and a second send meanwhile does nothing. `page` (a store with `error`)
 * loses its last refusal when the message goes and gets `describe(e)` of a new one. Resolves to
 * whether the server accepted it (false also when nothing was sent).
 */
export async function sendOnce(table, page, request, describe) {
  if (table.get().sending) return false;
  table.set({ sending: true });
  page.set({ error: "" });
  try {
    await request();
    return true;
  } catch (e) {
    page.set({ error: describe(e) });
    return false;
  } finally {
    table.set({ sending: false });
  }
}
