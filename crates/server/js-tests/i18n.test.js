import { test } from "node:test";
import assert from "node:assert/strict";
import { pickLanguage, translator, paragraphs, WORD_JOINER } from "../assets/i18n.js";
import { catalog } from "./catalogs.js";

const AVAILABLE = ["en", "zh-CN", "ko", "th", "gu"];

test("the browser's languages pick a catalog, by tag or by language, else English", () => {
  assert.equal(pickLanguage(["ko-KR", "en"], AVAILABLE), "ko");
  assert.equal(pickLanguage(["zh-TW"], AVAILABLE), "zh-CN");
  assert.equal(pickLanguage(["fr", "th-TH"], AVAILABLE), "th");
  assert.equal(pickLanguage(["fr", "de"], AVAILABLE), "en");
  assert.equal(pickLanguage([], AVAILABLE), "en");
  assert.equal(pickLanguage(["GU"], AVAILABLE), "gu");
});

// A catalog in the compiled form of `src/catalog.rs`.
const MINI = {
  messages: {
    hello: ["Hello, ", { var: "name" }, "!"],
    cards: [{
      select: { var: "n" }, default: 2,
      variants: [
        { key: "0", num: true, value: "no cards" },
        { key: "one", num: false, value: ["one card"] },
        { key: "other", num: false, value: [{ var: "n" }, " cards"] },
      ],
    }],
    money: [{ term: "elektro" }, " ", { fn: "NUMBER", args: [{ var: "n" }], opts: { minimumFractionDigits: { num: "1" } } }],
    ref: ["(", { msg: "hello" }, ")"],
  },
  terms: { elektro: "Elektro" },
};

test("variables, plurals, exact numbers, terms, NUMBER() and references", () => {
  const { t, has } = translator(MINI, "en");
  assert.equal(t("hello", { name: "Ann" }), "Hello, Ann!");
  assert.equal(t("cards", { n: 0 }), "no cards");
  assert.equal(t("cards", { n: 1 }), "one card");
  assert.equal(t("cards", { n: 1500 }), "1,500 cards");
  assert.equal(t("money", { n: 3 }), "Elektro 3.0");
  assert.equal(t("ref", { name: "Bo" }), "(Hello, Bo!)");
  assert.equal(t("missing"), "{missing}");
  assert.equal(t("hello"), "Hello, {$name}!");
  assert.ok(has("hello") && !has("nope"));
});

test("lists follow the language", () => {
  assert.equal(translator(MINI, "en").list(["Red", "Blue", "Green"]), "Red, Blue, and Green");
  assert.equal(translator(MINI, "zh-CN").list(["红方", "蓝方", "绿方"]), "红方、蓝方和绿方");
  // Thai writes "และ" against a Thai word, but sets numbers and Latin names apart.
  assert.equal(translator(MINI, "th").list(["33", "42", "50"]), "33 42 และ 50");
  assert.equal(translator(MINI, "th").list(["สีแดง", "Bo", "สีเขียว"]), "สีแดง Bo และสีเขียว");
  assert.equal(translator(MINI, "th").list(["สีแดง", "Bo"]), "สีแดงและ Bo");
  assert.equal(translator(MINI, "th").list(["Bo", "สีแดง"]), "Bo และสีแดง");
});

test("Chinese and Thai catalog text keeps its words together; names are left alone", () => {
  const zh = translator({ messages: { powered: ["供电城市 ", { var: "n" }, "，", { var: "name" }] }, terms: {} }, "zh-CN");
  const text = zh.t("powered", { n: 3, name: "Dee" });
  assert.ok(text.includes(`供${WORD_JOINER}电`), JSON.stringify(text));
  assert.ok(text.endsWith("，Dee"), "a name gets no joiner");
  assert.equal(text.replaceAll(WORD_JOINER, ""), "供电城市 3，Dee");
  // Words the segmenter's dictionary splits into characters stay whole: a colour, a verb.
  const red = translator({ messages: { red: ["红方"], you: ["你是", { var: "name" }, "。"], bid: ["叫价高于 ", { var: "n" }] }, terms: {} }, "zh-CN");
  assert.equal(red.t("red"), `红${WORD_JOINER}方`);
  assert.ok(red.t("you", { name: red.t("red") }).includes(`红${WORD_JOINER}方`));
  assert.ok(red.t("bid", { n: 23 }).startsWith(`叫${WORD_JOINER}价`), JSON.stringify(red.t("bid", { n: 23 })));
  const th = translator({ messages: { you: ["คุณเล่นเป็น ", { var: "name" }] }, terms: {} }, "th");
  const you = th.t("you", { name: "Dee" });
  assert.equal(you.replaceAll(WORD_JOINER, ""), "คุณเล่นเป็น Dee");
  assert.ok(you.includes(WORD_JOINER), "Thai words are joined");
  // Combining marks stay on their letter: the joiner goes between letters only.
  assert.ok(!you.includes(`${WORD_JOINER}\u0E48`), "no joiner before a tone mark");
  const en = translator({ messages: { x: ["Power plant"] }, terms: {} }, "en");
  assert.equal(en.t("x"), "Power plant");
});

test("a long message is shown as paragraphs, not with the catalog's line breaks", () => {
  assert.deepEqual(paragraphs("Each round every player\nbuys at most one plant.\n\nIn round 1\nyou must buy."),
    ["Each round every player buys at most one plant.", "In round 1 you must buy."]);
  assert.deepEqual(paragraphs("One line."), ["One line."]);
});

test("the real catalogs: plurals and counters in every language", { skip: !catalog("en") && "no compiled catalogs (run through cargo test -p e2e --test scripts)" }, () => {
  const zh = translator(catalog("zh-CN"), "zh-CN");
  const said = [0, 1, 3, 1500].map((count) => zh.t("tg-ev-drew", { name: "A", count }).replaceAll(WORD_JOINER, ""));
  assert.deepEqual(said, ["A摸了 0 张牌", "A摸了 1 张牌", "A摸了 3 张牌", "A摸了 1,500 张牌"]);
  const en = translator(catalog("en"), "en");
  assert.deepEqual([0, 1, 3, 1500].map((count) => en.t("tg-ev-drew", { name: "A", count })),
    ["A draws 0 cards", "A draws one card", "A draws 3 cards", "A draws 1,500 cards"]);
  const gu = translator(catalog("gu"), "gu");
  assert.deepEqual([0, 1, 3, 1500].map((count) => gu.t("tg-ev-drew", { name: "A", count })),
    ["Aએ 0 કાર્ડ ખેંચ્યાં", "Aએ એક કાર્ડ ખેંચ્યું", "Aએ 3 કાર્ડ ખેંચ્યાં", "Aએ 1,500 કાર્ડ ખેંચ્યાં"]);
  assert.equal(en.t("pg-game-won", { names: "Ann (Red)", n: 1 }), "Game over: Ann (Red) wins.");
  assert.equal(en.t("table-bot"), " (bot)");
  const th = translator(catalog("th"), "th");
  assert.equal(th.t("you-are", { name: "Dee" }).replaceAll(WORD_JOINER, ""), "คุณเล่นเป็น Dee");
  const zhBot = zh.t("table-name-with", { name: "Ann", label: "蓝方" }) + zh.t("table-bot");
  assert.ok(!zhBot.includes(" （"), `no space before a full-width bracket: ${zhBot}`);
  for (const lang of AVAILABLE) {
    const tr = translator(catalog(lang), lang);
    for (const key of ["pg-buy-none-full", "pg-buy-none-nofuel", "network-retry", "game-not-found", "lobby-pass-wait"]) {
      assert.ok(!tr.t(key, { name: "A", price: 1, money: 2 }).startsWith("{"), `${lang} ${key}`);
    }
  }
});

test("bug 17: a network failure is not a refusal", async () => {
  const { failureText } = await import("../assets/i18n.js");
  // With no catalog loaded, messages show as their ids.
  assert.equal(failureText(new Error("connection lost")), "{network-retry}");
  assert.equal(failureText(Object.assign(new Error("x"), { code: "stale_version" })), "{error-prefix}");
});
