import { test } from "node:test";
import assert from "node:assert/strict";
import { createStore } from "../assets/store.js";

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
