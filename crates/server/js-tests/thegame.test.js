import { test } from "node:test";
import assert from "node:assert/strict";
import { isBackwards, whyNot, signalActions } from "../assets/thegamelogic.js";

test("the backwards trick is exactly ten the other way", () => {
  assert.equal(isBackwards("up1", 35, 45), true);
  assert.equal(isBackwards("up1", 36, 45), false);
  assert.equal(isBackwards("down2", 60, 50), true);
});

test("a pile says why it does not play", () => {
  const v = { outcome: null, current: 0 };
  const name = (s) => `P${s}`;
  assert.equal(whyNot(v, 0, "up1", 40, null, name), "{tg-why-choose}");
  assert.equal(whyNot({ ...v, current: 1 }, 0, "up1", 40, 12, name), "{tg-why-not-turn}");
  assert.equal(whyNot(v, null, "up1", 40, 12, name), "", "a spectator is told nothing");
  assert.equal(whyNot(v, 0, "up1", 40, 12, name), "{tg-why-up} {tg-why-back}");
});

test("bug 5: no signal menu for a spectator or a replay's seat at a finished game", () => {
  const view = { outcome: null, signals: [[null, null, null, null]] };
  const live = { legal: [], view };
  assert.equal(signalActions(live, "up1", 0, 0).length, 2, "a seat may signal out of turn");
  assert.equal(signalActions(live, "up1", 0, null).length, 0);
  assert.equal(signalActions({ legal: [], view: { ...view, outcome: { type: "won" } } }, "up1", 0, 0).length, 0);
});
