import { test } from "node:test";
import assert from "node:assert/strict";
import {
  actionText, actionsText, winChart, stepAt, markList, nextMark, decisionAt, decisionSentence, estimateNumbers, estimateText,
  agreementPercent, analysisPhase, hintTarget, sameAction, CHART_MARGIN,
} from "../assets/analysislogic.js";
import { translator } from "../assets/i18n.js";
import { catalog } from "./catalogs.js";

// Without a loaded catalog `t` answers `{id}`: the tests below see which message was chosen.

test("a Power Grid pass is named by the position it was chosen in", () => {
  const pass = { type: "pass" };
  assert.equal(actionText("powergrid", pass, { view: { auction: { plant: 13 } } }), "{pg-pass-auction}");
  assert.equal(actionText("powergrid", pass, { view: { auction: null, phase: "auction" } }), "{pg-pass-round}");
  assert.equal(actionText("powergrid", pass), "{ana-pg-pass}", "without a position: neither");
  assert.equal(actionText("powergrid", { type: "done" }, { view: { phase: "resources" } }), "{pg-done-resources}");
  assert.equal(actionText("powergrid", { type: "done" }, { view: { phase: "building" } }), "{pg-done-building}");
  assert.equal(actionText("powergrid", { type: "done" }), "{ana-pg-done}");
});

test("every Power Grid and The Game action has words of its own", () => {
  const pg = [
    [{ type: "start_auction", plant: 13, bid: 13 }, "{pg-offer}"],
    [{ type: "bid", amount: 20 }, "{pg-bid}"],
    [{ type: "discard", plant: 3 }, "{pg-discard}"],
    [{ type: "discard", plant: 5, keep_coal: 1 }, "{pg-discard-keep}"],
    [{ type: "buy", resource: "coal", amount: 2 }, "{pg-buy-count}"],
    [{ type: "build", city: "essen" }, "{ana-pg-build}"],
    [{ type: "power", plants: [4, 7], hybrid_coal: 0 }, "{ana-pg-power}"],
    [{ type: "power", plants: [5], hybrid_coal: 1 }, "{ana-pg-power-coal}"],
  ];
  for (const [action, words] of pg) assert.equal(actionText("powergrid", action), words, JSON.stringify(action));
  assert.equal(actionText("thegame", { type: "play", card: 12, pile: "up1" }), "{ana-tg-play}");
  assert.equal(actionText("thegame", { type: "end_turn" }), "{tg-end-turn}");
  assert.equal(actionText("thegame", { type: "signal", pile: "up1", signal: "dont_play" }), "{ana-tg-signal}");
});

test("a turn of The Game is named by its plays, without the end of turn that closes it", () => {
  const turn = [{ type: "play", card: 84, pile: "up1" }, { type: "play", card: 90, pile: "up2" }, { type: "end_turn" }];
  assert.equal(actionsText("thegame", turn), "{ana-tg-play} and {ana-tg-play}");
  assert.equal(actionsText("thegame", [{ type: "end_turn" }]), "{tg-end-turn}", "a turn that is only its end says so");
  assert.equal(actionsText("powergrid", [{ type: "done" }], { view: { phase: "building" } }), "{pg-done-building}");
});

test("the real catalogs put the actions and estimates in words in every language", { skip: !catalog("en") && "no compiled catalogs (run through cargo test -p e2e --test scripts)" }, () => {
  const en = translator(catalog("en"), "en");
  assert.equal(en.t("ana-tg-play", { card: 12, pile: en.t("tg-pile-up1") }), "12 on Ascending 1");
  assert.equal(en.t("ana-tg-signal", { pile: en.t("tg-pile-down2"), signal: en.t("tg-signal-dont_play") }),
    "signal on Descending 2: “please don't play here”");
  assert.equal(en.t("ana-estimate-rank", { win: 0.34, rank: 2.1 }), "34% chance to win, expected place 2.1");
  assert.equal(en.t("ana-estimate-cards", { win: 0.05, cards: 12.5 }), "5% chance to win, 12.5 cards expected to be left");
  assert.equal(en.t("ana-seat-differ", { name: "Ann", taken: "Bid 20 Elektro", preferred: "Pass (drop out)" }),
    "Ann chose Bid 20 Elektro; the bot prefers Pass (drop out).");
  assert.equal(en.t("ana-mark-count", { mistakes: 1, inaccuracies: 3 }), "Marked: one mistake, 3 inaccuracies");
  for (const lang of ["en", "zh-CN", "ko", "th", "gu"]) {
    const tr = translator(catalog(lang), lang);
    const args = { n: 0.5, win: 0.5, rank: 1.5, cards: 3, decisions: 40, name: "Ann", taken: "X", preferred: "Y",
      estimate: "E", action: "A", position: 2, error: "why", mistakes: 2, inaccuracies: 1, card: 7, pile: "P",
      city: "Essen", plants: "4", coal: 1, signal: "S" };
    for (const id of Object.keys(catalog("en").messages).filter((k) => k.startsWith("ana-") || k.startsWith("table-hint"))) {
      const text = tr.t(id, args);
      assert.doesNotMatch(text, /\{/, `${lang} ${id}: ${text}`);
    }
    assert.match(tr.t("ana-percent", { n: 0.5 }).replaceAll("\u2060", ""), /50/, `${lang}: 50 percent`);
  }
});

const report = {
  series: [{ seat: 0, index: [0, 10, 20], win: [0.5, 1, 0] }, { seat: 1, index: [5], win: [0.25] }],
  decisions: [
    { index: 0, seat: 0, agrees: true, taken_estimate: { win: 0.5, rank: 1.5 } },
    { index: 5, seat: 1, agrees: false, mark: "mistake", taken_estimate: { win: 0.25, rank: 2 } },
    { index: 10, seat: 0, agrees: false, mark: "inaccuracy", taken_estimate: { win: 1, rank: 1 } },
    { index: 15, seat: 1, forced: true, agrees: true },
    { index: 20, seat: 0, agrees: true, taken_estimate: { win: 0, rank: 2 } },
  ],
};

test("the chart puts step 0 at the plot's left, the last step at its right, 100 % at its top", () => {
  const m = CHART_MARGIN;
  const width = 240, height = 130; // a plot of 192 × 100
  const chart = winChart(report, 20, 10, width, height);
  assert.deepEqual(chart.plot, { x: m.left, y: m.top, w: 192, h: 100 });
  assert.equal(chart.lines[0].points, `${m.left},${m.top + 50} ${m.left + 96},${m.top} ${m.left + 192},${m.top + 100}`);
  assert.equal(chart.lines[1].points, "", "one estimate is a dot, not a line");
  assert.deepEqual(chart.lines[1].dots, [{ x: m.left + 48, y: m.top + 75, step: 5, win: 0.25 }]);
  assert.equal(chart.current, m.left + 96, "the step shown is marked");
  assert.deepEqual(chart.grid.map((g) => [g.percent, g.y]), [[0, m.top + 100], [50, m.top + 50], [100, m.top]]);
  assert.deepEqual(chart.marks.map((x) => [x.step, x.mark, x.x, x.y]), [[5, "mistake", m.left + 48, m.top + 75], [10, "inaccuracy", m.left + 96, m.top]]);
});

test("a click on the chart goes to the step under it, within the game", () => {
  const width = 240;
  const chart = winChart(report, 20, 0, width, 130);
  for (const d of chart.lines[0].dots) assert.equal(stepAt(d.x, width, 20), d.step);
  assert.equal(stepAt(0, width, 20), 0, "the left margin is the start");
  assert.equal(stepAt(width, width, 20), 20, "the right margin is the end");
  assert.equal(stepAt(CHART_MARGIN.left + 4, width, 20), 0, "rounded to the nearest step");
  assert.equal(stepAt(CHART_MARGIN.left + 6, width, 20), 1);
});

test("a game of no steps still draws inside the box", () => {
  const chart = winChart({ series: [{ seat: 0, index: [0], win: [0.5] }], decisions: [] }, 0, 0, 100, 80);
  assert.equal(chart.current, CHART_MARGIN.left);
  assert.ok(chart.lines[0].dots[0].x >= 0 && chart.lines[0].dots[0].x <= 100);
});

test("the marks are the inaccuracies and mistakes in step order, of one seat when one is chosen", () => {
  const marks = markList(report.decisions);
  assert.deepEqual(marks, [{ step: 5, seat: 1, mark: "mistake" }, { step: 10, seat: 0, mark: "inaccuracy" }]);
  assert.deepEqual(markList(report.decisions, 0), [{ step: 10, seat: 0, mark: "inaccuracy" }]);
  assert.deepEqual(markList(report.decisions, 2), []);
  assert.equal(nextMark(marks, 0, 1), 5);
  assert.equal(nextMark(marks, 5, 1), 10, "the next one after the step shown");
  assert.equal(nextMark(marks, 10, 1), null, "none after the last");
  assert.equal(nextMark(marks, 10, -1), 5);
  assert.equal(nextMark(marks, 5, -1), null, "none before the first");
  assert.equal(nextMark(marks, 20, -1), 10);
});

test("the decision at a step is the one whose first action is that step", () => {
  assert.equal(decisionAt(report.decisions, 5).seat, 1);
  assert.equal(decisionAt(report.decisions, 6), null);
});

test("a decision is told to its own player as 'you', to everyone else by name", () => {
  const differ = report.decisions[1];
  const args = { name: "Bo", taken: "X", preferred: "Y" };
  assert.equal(decisionSentence(differ, 1, args), "{ana-you-differ}");
  assert.equal(decisionSentence(differ, 0, args), "{ana-seat-differ}");
  assert.equal(decisionSentence(differ, null, args), "{ana-seat-differ}", "a spectator");
  assert.equal(decisionSentence(report.decisions[0], 0, args), "{ana-you-agree}");
  assert.equal(decisionSentence(report.decisions[3], null, args), "{ana-seat-forced}");
  assert.equal(decisionSentence(report.decisions[3], 1, args), "{ana-you-forced}");
});

test("estimates: the chance to win in whole percent, the second estimate to one decimal", () => {
  assert.deepEqual(estimateNumbers({ win: 0.3449, rank: 2.149 }), { win: 0.34, rank: 2.1 });
  assert.deepEqual(estimateNumbers({ win: 0.001953125, cards_left: 60.154296875 }), { win: 0, cards: 60.2 });
  assert.equal(estimateText({ win: 0.5, rank: 1 }), "{ana-estimate-rank}");
  assert.equal(estimateText({ win: 0.5, cards_left: 3 }), "{ana-estimate-cards}");
  assert.equal(agreementPercent({ agreement: 0.725 }), 73);
  assert.equal(agreementPercent({}), 0);
});

test("the analysis answer's status decides what the replay shows", () => {
  assert.equal(analysisPhase({ status: "queued", position: 3 }), "waiting");
  assert.equal(analysisPhase({ status: "running" }), "waiting");
  assert.equal(analysisPhase({ status: "done", report: {} }), "done");
  assert.equal(analysisPhase({ status: "done" }), "absent", "done without a report is nothing to show");
  assert.equal(analysisPhase({ status: "failed", error: "x" }), "failed");
  assert.equal(analysisPhase({ status: "none" }), "absent");
  assert.equal(analysisPhase(null), "absent");
});

test("a hint points at its plant, city, resource, card and pile; the same move in any order", () => {
  assert.deepEqual(hintTarget({ type: "start_auction", plant: 13, bid: 13 }), { plant: 13 });
  assert.deepEqual(hintTarget({ type: "build", city: "essen" }), { city: "essen" });
  assert.deepEqual(hintTarget({ type: "buy", resource: "oil", amount: 2 }), { resource: "oil" });
  assert.deepEqual(hintTarget({ type: "play", card: 12, pile: "down1" }), { card: 12, pile: "down1" });
  assert.deepEqual(hintTarget({ type: "pass" }), {});
  assert.deepEqual(hintTarget(null), {});
  assert.equal(sameAction({ type: "power", plants: [7, 4], hybrid_coal: 0 }, { hybrid_coal: 0, type: "power", plants: [4, 7] }), true);
  assert.equal(sameAction({ type: "power", plants: [4], hybrid_coal: 0 }, { type: "power", plants: [4, 7], hybrid_coal: 0 }), false);
  assert.equal(sameAction({ type: "discard", plant: 3 }, { type: "discard", plant: 3, keep_coal: null }), false, "a missing field is not a null one");
  assert.equal(sameAction({ type: "done" }, null), false);
});
