// The Power Grid page's pure decisions (no DOM), tested by `js-tests/powergrid.test.js`.
import { t } from "./i18n.js";

const FUELS = ["coal", "oil", "garbage", "uranium"];
/** The city labels' font size in map units (`.city-name` in style.css). */
export const LABEL_UNITS = 13;
/** The smallest label a first view shows, in screen pixels. */
export const READABLE_PX = 11;

/**
 * The map's first view: the regions in play (their cities and labels), in the map's shape
 * (`full`'s aspect), and no wider than labels stay readable at `widthPx` screen pixels (at
 * least `READABLE_PX`); when the regions are wider than that, the view is centred on them and
 * the player pans or zooms out.
 */
export function homeBox(map, inPlay, labels, full, widthPx, r) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const c of map.cities) {
    if (!inPlay.has(c.region)) continue;
    const b = labels[c.id].box;
    x0 = Math.min(x0, c.x - r, b.x); y0 = Math.min(y0, c.y - r, b.y);
    x1 = Math.max(x1, c.x + r, b.x + b.w); y1 = Math.max(y1, c.y + r, b.y + b.h);
  }
  if (x0 === Infinity) return { ...full };
  const aspect = full.w / full.h;
  let w = x1 - x0 + 16, hgt = y1 - y0 + 16;
  if (w / hgt < aspect) w = hgt * aspect;
  else hgt = w / aspect;
  const widest = (LABEL_UNITS * Math.max(widthPx, 100)) / READABLE_PX;
  if (w > widest) {
    w = widest;
    hgt = w / aspect;
  }
  const cx = (x0 + x1) / 2, cy = (y0 + y1) / 2;
  return { x: cx - w / 2, y: cy - hgt / 2, w, h: hgt };
}

/** The seats that won (rank 1 of the final standings; several on a full tie). */
export function winnersOf(standings) {
  return standings.filter((r) => r.rank === 1).map((r) => r.seat);
}

/**
 * How much of each fuel the seat's plants can still store: each plant stores twice what it
 * burns, a hybrid's room holds coal or oil.
 */
export function fuelRoom(plants, stored, spec) {
  const cap = { coal: 0, oil: 0, garbage: 0, uranium: 0, hybrid: 0 };
  for (const n of plants) {
    const s = spec(n);
    if (s && s.fuel && s.kind in cap) cap[s.kind] += 2 * s.fuel;
  }
  const over = (k) => Math.max(0, (stored[k] || 0) - cap[k]);
  const hybridFree = Math.max(0, cap.hybrid - over("coal") - over("oil"));
  return {
    coal: Math.max(0, cap.coal - (stored.coal || 0)) + hybridFree,
    oil: Math.max(0, cap.oil - (stored.oil || 0)) + hybridFree,
    garbage: Math.max(0, cap.garbage - (stored.garbage || 0)),
    uranium: Math.max(0, cap.uranium - (stored.uranium || 0)),
    burns: cap.coal + cap.oil + cap.garbage + cap.uranium + cap.hybrid > 0,
  };
}

/**
 * Why the seat can buy nothing in the resources phase: its plants burn no fuel, they are full,
 * the market has none of what fits, or it cannot pay for one token of it.
 */
export function buyNoneReason(v, seat, rules, spec) {
  if (seat === null) return "";
  const p = v.players[seat];
  const room = fuelRoom(p.plants, p.resources, spec);
  if (!room.burns) return t("pg-buy-none-nofuel");
  const fits = FUELS.filter((k) => room[k] > 0);
  if (!fits.length) return t("pg-buy-none-full");
  const offered = fits.filter((k) => v.resource_market[k] > 0);
  if (!offered.length) return t("pg-buy-none-market");
  const cheapest = Math.min(...offered.map((k) => {
    const prices = rules.place_prices[k];
    return prices[prices.length - v.resource_market[k]];
  }));
  return t("pg-buy-none-money", { price: cheapest, money: p.money });
}

/**
 * This round's refill for `players` players in `step` (1 to 3): `{coal, oil, garbage, uranium}`,
 * the row of the rules crate's player-count table (`player_counts` of the rule tables).
 */
export function refillRow(rules, players, step) {
  const row = rules.player_counts.find((r) => r.players === players);
  return row ? row.refill[Math.min(3, Math.max(1, step)) - 1] : { coal: 0, oil: 0, garbage: 0, uranium: 0 };
}

/**
 * The payment table's part a player can earn: `[{cities, income}]` for 0 up to `cities` powered
 * (no more than the table's last row).
 */
export function incomeRows(rules, cities) {
  const top = Math.min(cities, rules.payment.length - 1);
  return Array.from({ length: top + 1 }, (_, n) => ({ cities: n, income: rules.payment[n] }));
}
