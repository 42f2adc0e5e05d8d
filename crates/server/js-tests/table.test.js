import { test } from "node:test";
import assert from "node:assert/strict";
import { replaceable, rematchMove, seatSuffix, hotseatScreen, tableNotice, sendOnce } from "../assets/tablelogic.js";
import { createStore } from "../assets/store.js";

const human = (seat, more = {}) => ({ seat, type: "human", away: null, connected: false, ...more });

test("bug 9: a connected player is never offered for replacement", () => {
  const ctx = { me: 0, local: [], over: false };
  assert.equal(replaceable(human(1), ctx), true);
  assert.equal(replaceable(human(1, { connected: true }), ctx), false);
  assert.equal(replaceable(human(0), ctx), false, "not one's own seat");
  assert.equal(replaceable({ seat: 2, type: "bot" }, ctx), false);
  assert.equal(replaceable(human(1, { away: "left" }), ctx), false);
  assert.equal(replaceable(human(1), { ...ctx, over: true }), false);
});

test("bug 7: the other players of a hotseat device are not offered for replacement", () => {
  assert.equal(replaceable(human(1), { me: 0, local: [0, 1], over: false }), false);
});

test("bug 6: a rematch is followed when asked for or watched, offered when the game was reopened", () => {
  const m = { token: "t", link: "/games/x#token=t" };
  assert.equal(rematchMove(m, { askedRematch: true, sawRunning: false }), "go");
  assert.equal(rematchMove(m, { askedRematch: false, sawRunning: true }), "go");
  assert.equal(rematchMove(m, { askedRematch: false, sawRunning: false }), "offer");
  assert.equal(rematchMove({ link: "/games/x" }, { askedRematch: true, sawRunning: true }), "offer", "a spectator gets a link");
});

test("bug 5: nobody is marked as '(you)' in a replay", () => {
  assert.equal(seatSuffix(0, 0, false), true);
  assert.equal(seatSuffix(0, 0, true), false);
  assert.equal(seatSuffix(1, 0, false), false);
});

const msg = (me, actor, outcome = null) => ({
  viewer: { type: "seat", seat: me },
  actor: actor === null ? { type: "terminal" } : { type: "seat", seat: actor },
  outcome,
});

test("bug 7: the hand is hidden as soon as the seat's turn ends, while bots play", () => {
  assert.equal(hotseatScreen(msg(0, 0), [0, 1], false), null, "own turn: shown");
  assert.deepEqual(hotseatScreen(msg(0, 2), [0, 1], false), { type: "wait", seat: 2 }, "a bot plays: hidden at once");
  assert.deepEqual(hotseatScreen(msg(0, 1), [0, 1], true), { type: "pass", seat: 1, same: false });
  assert.deepEqual(hotseatScreen(msg(0, 0), [0, 1], true), { type: "pass", seat: 0, same: true },
    "back to the same seat after the bots: still asked for, the device may have been passed");
  assert.equal(hotseatScreen(msg(0, null, { type: "won" }), [0, 1], true), null, "the end shows the page");
});

test("a game stopped at the round cap says so, before any away notice; a running game's away seat is told", () => {
  const away = { seat: 0, type: "human", away: "left" };
  assert.equal(tableNotice({ unfinished: true, outcome: null }, away), "unfinished");
  assert.equal(tableNotice({ unfinished: true, outcome: null }, undefined), "unfinished", "spectators too");
  assert.equal(tableNotice({ outcome: null }, away), "left");
  assert.equal(tableNotice({ outcome: { standings: [] } }, away), null, "not after the end");
  assert.equal(tableNotice({ outcome: null }, { seat: 0, type: "human", away: null }), null);
});

/** A request whose answer the test gives: `answer.accept()` or `answer.refuse(e)`. */
function pendingRequest() {
  const answer = {};
  const promise = new Promise((resolve, reject) => {
    answer.accept = resolve;
    answer.refuse = reject;
  });
  return { promise, answer };
}

test("a message is sent once: the table says it is sending until the answer, and a second send waits", async () => {
  const table = createStore({ sending: false });
  const page = createStore({ error: "an old refusal" });
  const drawn = [];
  table.subscribe((s) => drawn.push(s.sending));
  const { promise, answer } = pendingRequest();
  let sent = 0;
  const first = sendOnce(table, page, () => { sent += 1; return promise; }, () => "refused");
  assert.equal(table.get().sending, true, "the controls are drawn disabled while it is on its way");
  assert.equal(page.get().error, "", "the last refusal goes when a new message is sent");
  const second = await sendOnce(table, page, () => { sent += 1; return Promise.resolve(); }, () => "refused");
  assert.equal(second, false, "nothing is sent while another message is on its way");
  assert.equal(sent, 1);
  answer.accept({ type: "accepted" });
  assert.equal(await first, true);
  assert.equal(table.get().sending, false, "the answer enables the controls again");
  assert.deepEqual(drawn, [true, false], "the table changed twice: sending, then not");
  assert.equal(page.get().error, "");
});

test("a refused message puts the refusal in words in the page's store and enables the controls again", async () => {
  const table = createStore({ sending: false });
  const page = createStore({ error: "" });
  const { promise, answer } = pendingRequest();
  const sent = sendOnce(table, page, () => promise, (e) => `Refused: ${e.message}`);
  answer.refuse(Object.assign(new Error("bid too low"), { code: "bid_too_low" }));
  assert.equal(await sent, false);
  assert.equal(page.get().error, "Refused: bid too low");
  assert.equal(table.get().sending, false);
  // A request that fails at once (no connection) is a refusal too, not an exception.
  const offline = await sendOnce(table, page, () => { throw new Error("not connected"); }, () => "could not reach the server");
  assert.equal(offline, false);
  assert.equal(page.get().error, "could not reach the server");
  assert.equal(table.get().sending, false);
});
