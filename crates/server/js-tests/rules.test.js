// The rules page's Markdown subset (`assets/rules.js`): headings, paragraphs, lists and their
// continued items.
import { test } from "node:test";
import assert from "node:assert/strict";
import { markdownBlocks } from "../assets/rules.js";

test("the rules' Markdown subset becomes headings, paragraphs and lists", () => {
  const text = "# Power Grid\n\nOne **bold** line\nand its end.\n- first\n- second\n  goes on\n1. one\n2. two\n\n## Next\nText.";
  assert.deepEqual(markdownBlocks(text), [
    { type: "h2", text: "Power Grid" },
    { type: "p", text: "One **bold** line and its end." },
    { type: "ul", items: ["first", "second goes on"] },
    { type: "ol", items: ["one", "two"] },
    { type: "h3", text: "Next" },
    { type: "p", text: "Text." },
  ]);
});

test("a Markdown table becomes its header and body rows, the |---| line skipped", () => {
  const text = "Intro.\n| Players | Plants |\n|---|---:|\n| 2 | 8 |\n| 3 | 8 |\nAfter.";
  assert.deepEqual(markdownBlocks(text), [
    { type: "p", text: "Intro." },
    { type: "table", head: ["Players", "Plants"], rows: [["2", "8"], ["3", "8"]] },
    { type: "p", text: "After." },
  ]);
});
