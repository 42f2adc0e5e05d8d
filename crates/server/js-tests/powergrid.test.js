import { test } from "node:test";
import assert from "node:assert/strict";
import { homeBox, winnersOf, fuelRoom, buyNoneReason, refillRow, incomeRows, LABEL_UNITS, READABLE_PX } from "../assets/powergridlogic.js";

const PLANTS = {
  3: { kind: "oil", fuel: 2, cities: 1 },
  4: { kind: "coal", fuel: 2, cities: 1 },
  5: { kind: "hybrid", fuel: 2, cities: 1 },
  13: { kind: "eco", fuel: 0, cities: 1 },
  11: { kind: "uranium", fuel: 1, cities: 2 },
};
const spec = (n) => PLANTS[n];

test("bug 8: the map opens on the regions in play at a readable scale", () => {
  const city = (id, x, y, region) => ({ id, x, y, region });
  const map = { cities: [city("a", 0, 0, "green"), city("b", 300, 200, "green"), city("c", 1000, 900, "red")] };
  const labels = Object.fromEntries(map.cities.map((c) => [c.id, { box: { x: c.x - 20, y: c.y + 24, w: 40, h: 14 } }]));
  const full = { x: -30, y: -30, w: 1060, h: 970 };
  const wide = homeBox(map, new Set(["green"]), labels, full, 900, 22);
  assert.ok(wide.x <= -22 && wide.x + wide.w >= 322, "every city in play is in view");
  assert.ok(wide.w < full.w, "the regions not in play are left out");
  assert.ok(Math.abs(wide.w / wide.h - full.w / full.h) < 1e-9, "in the map's shape");
  const phone = homeBox(map, new Set(["green", "red"]), labels, full, 366, 22);
  assert.ok((LABEL_UNITS * 366) / phone.w >= READABLE_PX - 1e-9, `labels at ${(LABEL_UNITS * 366) / phone.w} px`);
  assert.deepEqual(homeBox(map, new Set(), labels, full, 900, 22), full);
});

test("bug 10: the winners are the seats ranked first", () => {
  assert.deepEqual(winnersOf([{ seat: 2, rank: 1 }, { seat: 0, rank: 2 }]), [2]);
  assert.deepEqual(winnersOf([{ seat: 2, rank: 1 }, { seat: 0, rank: 1 }, { seat: 1, rank: 3 }]), [2, 0]);
});

test("plants store twice what they burn; a hybrid's room takes coal or oil", () => {
  const room = fuelRoom([4, 5], { coal: 5, oil: 0 }, spec);
  assert.equal(room.coal, 3);
  assert.equal(room.oil, 3);
  assert.equal(fuelRoom([13], {}, spec).burns, false);
});

test("bug 14: 'nothing to buy' says why", () => {
  const rules = { place_prices: { coal: [1, 2, 3], oil: [1, 2, 3], garbage: [1, 2, 3], uranium: [1, 2, 3] } };
  const market = { coal: 3, oil: 3, garbage: 3, uranium: 3 };
  const view = (plants, resources, money = 50, resource_market = market) => ({ players: [{ plants, resources, money }], resource_market });
  assert.equal(buyNoneReason(view([13], {}), 0, rules, spec), "{pg-buy-none-nofuel}");
  assert.equal(buyNoneReason(view([4, 3], { coal: 4, oil: 4 }), 0, rules, spec), "{pg-buy-none-full}");
  assert.equal(buyNoneReason(view([4], {}, 50, { ...market, coal: 0 }), 0, rules, spec), "{pg-buy-none-market}");
  assert.equal(buyNoneReason(view([4], {}, 0), 0, rules, spec), "{pg-buy-none-money}");
});

test("issue 30: the refill row is the player count's row for the step; the income row stops at the player's cities", () => {
  const row = (coal) => ({ coal, oil: 1, garbage: 1, uranium: 1 });
  const rules = {
    player_counts: [{ players: 2, refill: [row(3), row(4), row(5)] }, { players: 3, refill: [row(6), row(7), row(8)] }],
    payment: [10, 22, 33, 44],
  };
  assert.equal(refillRow(rules, 3, 2).coal, 7);
  assert.equal(refillRow(rules, 2, 3).coal, 5);
  assert.deepEqual(incomeRows(rules, 2), [{ cities: 0, income: 10 }, { cities: 1, income: 22 }, { cities: 2, income: 33 }]);
  assert.equal(incomeRows(rules, 9).length, 4, "no more rows than the table has");
});
