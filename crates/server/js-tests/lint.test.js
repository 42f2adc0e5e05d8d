// The lint rule that keeps module-level state out of the pages (`lint/no-module-state.js`):
// it must refuse each way a module can hold state of its own, and let constants and stores be.
import { test } from "node:test";
import assert from "node:assert/strict";
import { Linter } from "eslint";
import pages from "../lint/no-module-state.js";

function problems(code) {
  const linter = new Linter({ configType: "flat" });
  const config = [{
    languageOptions: { ecmaVersion: 2024, sourceType: "module" },
    plugins: { pages },
    rules: { "pages/no-module-state": "error" },
  }];
  return linter.verify(code, config).map((m) => m.message);
}

test("a module-level let or var is refused", () => {
  assert.equal(problems("let n = 0; export const f = () => n;").length, 1);
  assert.equal(problems("export var n = 0;").length, 1);
});

test("a module-level object changed by the module is refused", () => {
  for (const code of [
    "const page = { current: 1 }; export function set(x) { page.current = x; }",
    "const cache = {}; export function f(k) { cache[k]++; }",
    "const cache = {}; export function f(k) { delete cache[k]; }",
    "const seen = new Set(); export function f(x) { seen.add(x); }",
    "const byId = new Map(); export function f(k, v) { byId.set(k, v); }",
    "const list = []; export function f(x) { list.push(x); }",
    "const o = { a: [] }; export function f() { o.a.sort(); }",
    "const o = {}; export function f(x) { Object.assign(o, x); }",
  ]) {
    const got = problems(code);
    assert.equal(got.length, 1, `${code}: ${got}`);
    assert.match(got[0], /store/);
  }
});

test("constants, local state and stores pass", () => {
  assert.deepEqual(problems(`
    import { createStore } from "./store.js";
    const RES = ["coal", "oil"];
    const COLOURS = { a: 1 };
    const table = createStore(null);
    export function f() {
      let n = 0;
      const local = [];
      local.push(RES.indexOf("oil") + COLOURS.a);
      table.set({ n: n++ });
      return local.map((x) => x);
    }`), []);
});
