import { test } from "node:test";
import assert from "node:assert/strict";
import { coopRecord, currentRatings, ratingChart, ratingText } from "../assets/playerlogic.js";

const p = (kind, rating) => ({ kind, rating, deviation: 5, game: "g", at: 0 });

test("the current rating of each kind is its last point", () => {
  const points = [p("powergrid", 25), p("thegame", 10), p("powergrid", 27)];
  assert.deepEqual(currentRatings(points).map((x) => [x.kind, x.rating]), [["powergrid", 27], ["thegame", 10]]);
  assert.deepEqual(currentRatings([]), []);
});

test("the chart spans the box: lowest rating at the bottom, highest at the top, games left to right", () => {
  const chart = ratingChart([p("powergrid", 20), p("powergrid", 30), p("powergrid", 25)], 116, 66, 8);
  assert.equal(chart.min, 20);
  assert.equal(chart.max, 30);
  assert.equal(chart.lines.length, 1);
  assert.equal(chart.lines[0].points, "8,58 58,8 108,33");
  assert.deepEqual(chart.lines[0].last, { x: 108, y: 33, rating: 25 });
});

test("one game draws a point in the middle, and no games draw nothing", () => {
  const chart = ratingChart([p("powergrid", 25)], 116, 66, 8);
  assert.equal(chart.min, 24);
  assert.equal(chart.max, 26);
  assert.equal(chart.lines[0].points, "58,33");
  assert.deepEqual(ratingChart([], 100, 50).lines, []);
});

test("each kind has its own line over the shared scale", () => {
  const chart = ratingChart([p("powergrid", 20), p("thegame", 40), p("powergrid", 30)], 116, 66, 8);
  assert.deepEqual(chart.lines.map((l) => l.kind), ["powergrid", "thegame"]);
  assert.equal(chart.lines[1].points, "58,8");
});

test("a rating reads as its value and uncertainty to one decimal", () => {
  assert.equal(ratingText(27.349, 4.06), "27.3 ± 4.1");
});

test("the cooperative record counts games, wins and mean cards left per player count", () => {
  const g = (players, won, score, kind = "thegame") => ({ kind, players, won, score, finished: true });
  const record = coopRecord([g(3, false, 7), g(2, true, 0), g(3, true, 0), g(3, false, 4), g(4, true, 1, "powergrid"),
    { kind: "thegame", finished: false }], "thegame");
  assert.deepEqual(record, [
    { players: 2, games: 1, wins: 1, meanCards: 0 },
    { players: 3, games: 3, wins: 1, meanCards: 3.7 },
  ]);
  assert.deepEqual(coopRecord([], "thegame"), []);
});
