import { test } from "node:test";
import assert from "node:assert/strict";
import { logAfter, logFromEntries } from "../assets/gamelog.js";

const bought = { type: "resources_bought", seat: 0, resource: "coal", amount: 2, cost: 5 };

test("the next version's events are added to the log", () => {
  const log = { entries: [{ type: "a" }], version: 4 };
  assert.deepEqual(logAfter(log, { version: 5, events: [bought] }), { entries: [{ type: "a" }, bought], version: 5 });
  assert.equal(logAfter(log, { version: 4, events: [] }), log, "the same version changes nothing");
});

test("bug 2: after an undo (a version without events) the log is fetched again", () => {
  const log = { entries: [bought], version: 5 };
  assert.equal(logAfter(log, { version: 6, events: [] }), null);
});

test("a missed version, or no log yet, has the log fetched again", () => {
  assert.equal(logAfter({ entries: [], version: 3 }, { version: 5, events: [bought] }), null);
  assert.equal(logAfter(null, { version: 1, events: [bought] }), null);
});

test("the server's log entries are flattened to events", () => {
  assert.deepEqual(logFromEntries([{ events: [1, 2] }, { events: [3] }], 7), { entries: [1, 2, 3], version: 7 });
});
