// The game analysis (docs/analysis.md) as the pages show it, in pure functions tested by
// `js-tests/analysis.test.js`: actions in words (the analysis, the replay's hints, the table's
// Hint button), the chance-to-win chart's geometry, the list of marked decisions, and which
// sentence a decision is told with.
import { t, list } from "./i18n.js";

/** How often the replay looks again while an analysis waits or runs, in milliseconds. */
export const ANALYSIS_POLL_MS = 2000;

/**
 * One action (the JSON `POST …/actions` takes) of `kind` in words, as the game page's buttons
 * name it where the page has one: "Offer plant 13 for 13 Elektro", "Buy 2 coal", "12 on
 * Ascending 1". `view` is the position it was chosen in (whether a pass drops out of an auction
 * or buys no plant, which turn `done` ends), `cityName(id)` a city's name on the map.
 */
export function actionText(kind, action, { view = null, cityName = (id) => id } = {}) {
  if (kind === "thegame") {
    switch (action.type) {
      case "play": return t("ana-tg-play", { card: action.card, pile: t(`tg-pile-${action.pile}`) });
      case "end_turn": return t("tg-end-turn");
      case "signal": return t("ana-tg-signal", { pile: t(`tg-pile-${action.pile}`), signal: t(`tg-signal-${action.signal}`) });
      default: return action.type;
    }
  }
  switch (action.type) {
    case "start_auction": return t("pg-offer", { plant: action.plant, bid: action.bid });
    case "bid": return t("pg-bid", { amount: action.amount });
    case "pass":
      if (view?.auction) return t("pg-pass-auction");
      return view ? t("pg-pass-round") : t("ana-pg-pass");
    case "discard":
      return action.keep_coal === undefined || action.keep_coal === null
        ? t("pg-discard", { plant: action.plant })
        : t("pg-discard-keep", { plant: action.plant, coal: action.keep_coal });
    case "buy": return t("pg-buy-count", { n: action.amount, res: t(`pg-kind-${action.resource}`) });
    case "build": return t("ana-pg-build", { city: cityName(action.city) });
    case "power": {
      const plants = action.plants.length
        ? t("pg-plants-list", { count: action.plants.length, list: list(action.plants) })
        : t("pg-plants-none");
      return action.hybrid_coal ? t("ana-pg-power-coal", { plants, coal: action.hybrid_coal }) : t("ana-pg-power", { plants });
    }
    case "done":
      if (view?.phase === "resources") return t("pg-done-resources");
      if (view?.phase === "building") return t("pg-done-building");
      return t("ana-pg-done");
    default: return action.type;
  }
}

/**
 * A decision's actions in words, joined as the language writes a list. A turn of The Game is
 * named by its plays and signals: the `end_turn` that closes every turn is left out, unless the
 * turn is nothing else.
 */
export function actionsText(kind, actions, ctx = {}) {
  const shown = kind === "thegame" && actions.some((a) => a.type !== "end_turn")
    ? actions.filter((a) => a.type !== "end_turn")
    : actions;
  return list(shown.map((a) => actionText(kind, a, ctx)));
}

/** The margins of the chart's plot inside its box, in pixels: room for the axis labels. */
export const CHART_MARGIN = { left: 38, right: 10, top: 10, bottom: 20 };

/**
 * The chance-to-win chart in a `width` × `height` pixel box: x the record step (0 to `steps`),
 * y the chance to win (0 % at the bottom, 100 % at the top). `series` is the report's
 * (`[{seat, index: [step…], win: [0..1…]}]`); `decisions` its decisions, whose marks are drawn
 * on their seat's line. Answers `{lines: [{seat, points, dots}], marks, grid, current, plot}`:
 * `points` an SVG polyline ("x,y x,y …", empty for one point), `dots` every estimate,
 * `marks` `{x, y, step, seat, mark}`, `grid` the 0/50/100 % lines, `current` the x of `step`.
 */
export function winChart({ series = [], decisions = [] }, steps, step, width, height) {
  const m = CHART_MARGIN;
  const plot = { x: m.left, y: m.top, w: Math.max(1, width - m.left - m.right), h: Math.max(1, height - m.top - m.bottom) };
  const span = Math.max(1, steps);
  const round = (v) => Math.round(v * 10) / 10;
  const x = (s) => round(plot.x + (plot.w * Math.min(span, Math.max(0, s))) / span);
  const y = (win) => round(plot.y + plot.h * (1 - Math.min(1, Math.max(0, win))));
  const lines = series.map((line) => {
    const dots = line.index.map((s, i) => ({ x: x(s), y: y(line.win[i]), step: s, win: line.win[i] }));
    return { seat: line.seat, points: dots.length > 1 ? dots.map((d) => `${d.x},${d.y}`).join(" ") : "", dots };
  });
  const marks = decisions
    .filter((d) => d.mark && d.taken_estimate)
    .map((d) => ({ x: x(d.index), y: y(d.taken_estimate.win), step: d.index, seat: d.seat, mark: d.mark }));
  const grid = [0, 0.5, 1].map((win) => ({ y: y(win), percent: Math.round(win * 100) }));
  return { lines, marks, grid, current: x(step), plot };
}

/** The step under the pixel `px` (from the chart box's left edge) of a chart `width` wide. */
export function stepAt(px, width, steps) {
  const m = CHART_MARGIN;
  const w = Math.max(1, width - m.left - m.right);
  return Math.min(steps, Math.max(0, Math.round(((px - m.left) / w) * steps)));
}

/**
 * The marked decisions (inaccuracies and mistakes) in step order, of `seat` only when it is a
 * number: `[{step, seat, mark}]`.
 */
export function markList(decisions, seat = null) {
  return decisions
    .filter((d) => d.mark && (seat === null || d.seat === seat))
    .map((d) => ({ step: d.index, seat: d.seat, mark: d.mark }))
    .sort((a, b) => a.step - b.step);
}

/** The step of the first mark after `step` (`dir` 1) or the last before it (`dir` -1), or null. */
export function nextMark(marks, step, dir) {
  if (dir > 0) return marks.find((m) => m.step > step)?.step ?? null;
  for (let i = marks.length - 1; i >= 0; i--) if (marks[i].step < step) return marks[i].step;
  return null;
}

/** The decision made at `step` (its first action is the record's action number `step`), or null. */
export function decisionAt(decisions, step) {
  return decisions.find((d) => d.index === step) || null;
}

/**
 * The sentence that tells decision `d` to a reader who plays seat `reader` (null: another
 * seat's player or a spectator): "You chose X; the bot prefers Y." to its own player, "Ann
 * chose X; …" to everyone else, "…, as the bot would." when they agree, "… had only one
 * choice: X." when forced. `args` are the message's `name`, `taken` and `preferred`.
 */
export function decisionSentence(d, reader, args) {
  const you = reader !== null && reader === d.seat;
  if (d.forced) return you ? t("ana-you-forced", args) : t("ana-seat-forced", args);
  if (d.agrees) return you ? t("ana-you-agree", args) : t("ana-seat-agree", args);
  return you ? t("ana-you-differ", args) : t("ana-seat-differ", args);
}

/**
 * An estimate's numbers as the messages print them: the chance to win rounded to a whole
 * percent (a share, which the message prints as a percentage), the second estimate (`rank` or
 * `cards_left`) to one decimal.
 */
export function estimateNumbers(estimate) {
  const win = Math.round(estimate.win * 100) / 100;
  if ("rank" in estimate) return { win, rank: Math.round(estimate.rank * 10) / 10 };
  return { win, cards: Math.round(estimate.cards_left * 10) / 10 };
}

/** An estimate in words: "34% chance to win, expected place 2.1" (or the cards left). */
export function estimateText(estimate) {
  const numbers = estimateNumbers(estimate);
  return "rank" in numbers ? t("ana-estimate-rank", numbers) : t("ana-estimate-cards", numbers);
}

/** The agreement of a seat's summary in whole percent. */
export function agreementPercent(summary) {
  return Math.round((summary.agreement || 0) * 100);
}

/**
 * What the replay shows of an analysis answer: "waiting" (queued or running: look again in
 * `ANALYSIS_POLL_MS`), "done", "failed" (an "Ask again" button) or "absent" (no analysis yet,
 * or a status this page does not know: a button asks for one).
 */
export function analysisPhase(answer) {
  switch (answer?.status) {
    case "queued": case "running": return "waiting";
    case "done": return answer.report ? "done" : "absent";
    case "failed": return "failed";
    default: return "absent";
  }
}

/** Whether two actions are the same move (a set of plants in any order). */
export function sameAction(a, b) {
  if (!a || !b) return false;
  const norm = (x) => JSON.stringify(Object.keys(x).sort().map((k) => [k, Array.isArray(x[k]) ? [...x[k]].sort((p, q) => p - q) : x[k] ?? null]));
  return norm(a) === norm(b);
}

/**
 * Where the page can point at a hinted action: `{plant}`, `{city}`, `{resource}`,
 * `{card, pile}` or `{}` (a pass, a bid, `done`: said in words only).
 */
export function hintTarget(action) {
  switch (action?.type) {
    case "start_auction": case "discard": return { plant: action.plant };
    case "build": return { city: action.city };
    case "buy": return { resource: action.resource };
    case "play": return { card: action.card, pile: action.pile };
    case "signal": return { pile: action.pile };
    default: return {};
  }
}
