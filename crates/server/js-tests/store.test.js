import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore, oneAtATime } from "../assets/store.js";

test("a store merges patches, replaces by function, and tells its subscribers", () => {
  const store = createStore({ a: 1, b: 2 });
  const seen = [];
  store.subscribe((s) => seen.push(s));
  store.set({ b: 3 });
  assert.deepEqual(store.get(), { a: 1, b: 3 });
  store.set((s) => ({ ...s, a: s.a + 1 }));
  assert.deepEqual(store.get(), { a: 2, b: 3 });
  const same = store.get();
  store.set(() => same);
  assert.equal(seen.length, 2, "an unchanged state draws nothing");
});

test("oneAtATime runs one job at a time and shows its failure", async () => {
  const store = createStore({ busy: false, error: "" });
  const act = oneAtATime(store, (e) => `no: ${e.message}`);
  let runs = 0;
  let release;
  const first = act(() => new Promise((resolve) => { runs += 1; release = resolve; }));
  await act(async () => { runs += 1; });
  assert.equal(runs, 1, "the second job waits for nothing and does not run");
  assert.equal(store.get().busy, true);
  release();
  await first;
  assert.equal(store.get().busy, false);
  await act(async () => { throw new Error("refused"); });
  assert.deepEqual(store.get(), { busy: false, error: "no: refused" });
});
