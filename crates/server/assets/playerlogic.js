// The pure logic of the player page (player.js): the ratings chart drawn as SVG paths, and the
// current rating of each game kind. Unit-tested in js-tests/player.test.js.

/** The last rating point of each kind, in the order kinds first appear. */
export function currentRatings(points) {
  const last = new Map();
  for (const p of points) last.set(p.kind, p);
  return [...last.values()];
}

/**
 * The chart of `points` (a player's ratings, oldest first) in a `width` × `height` box with
 * `pad` pixels of margin: one polyline per kind, x by game number (every rated game is a step,
 * whatever the time between games), y by rating from `min` (bottom) to `max` (top). Answers
 * `{lines: [{kind, points: "x,y x,y …", last: {x, y, rating}}], min, max}`; no lines for no
 * points. The range has at least 1 point of room so that one game draws a flat line.
 */
export function ratingChart(points, width, height, pad = 8) {
  if (!points.length) return { lines: [], min: 0, max: 0 };
  const ratings = points.map((p) => p.rating);
  let min = Math.floor(Math.min(...ratings));
  let max = Math.ceil(Math.max(...ratings));
  if (max - min < 1) {
    min -= 1;
    max += 1;
  }
  const byKind = new Map();
  points.forEach((p) => {
    if (!byKind.has(p.kind)) byKind.set(p.kind, []);
    byKind.get(p.kind).push(p.rating);
  });
  const innerW = width - 2 * pad;
  const innerH = height - 2 * pad;
  const y = (r) => pad + innerH * (1 - (r - min) / (max - min));
  const lines = [...byKind.entries()].map(([kind, rs]) => {
    const x = (i) => pad + (rs.length === 1 ? innerW / 2 : (innerW * i) / (rs.length - 1));
    const xy = rs.map((r, i) => [Math.round(x(i) * 10) / 10, Math.round(y(r) * 10) / 10]);
    const [lx, ly] = xy[xy.length - 1];
    return { kind, points: xy.map(([a, b]) => `${a},${b}`).join(" "), last: { x: lx, y: ly, rating: rs[rs.length - 1] } };
  });
  return { lines, min, max };
}

/** A rating in words: "27.3 ± 4.1". */
export function ratingText(rating, deviation) {
  return `${rating.toFixed(1)} ± ${deviation.toFixed(1)}`;
}

/**
 * A player's record in a cooperative kind from their finished games with a result (the
 * player page's games): one line per player count, fewest players first, each
 * `{players, games, wins, meanCards}` with the mean of the cards left (`score`) to one decimal.
 */
export function coopRecord(games, kind) {
  const byCount = new Map();
  for (const g of games) {
    if (g.kind !== kind || g.score === undefined || g.players === undefined) continue;
    const line = byCount.get(g.players) || { players: g.players, games: 0, wins: 0, cards: 0 };
    line.games += 1;
    line.wins += g.won ? 1 : 0;
    line.cards += g.score;
    byCount.set(g.players, line);
  }
  return [...byCount.values()]
    .sort((a, b) => a.players - b.players)
    .map(({ players, games: n, wins, cards }) => ({ players, games: n, wins, meanCards: Math.round((cards / n) * 10) / 10 }));
}
