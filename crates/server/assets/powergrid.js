// The Power Grid page: map (SVG, zoom and pan), plant and resource markets, players, the
// controls for every action with their consequences shown before sending, the log and the
// final standings. Everything shown comes from the seat's view in the server's state message;
// the controls offer exactly the server's `legal` actions. Previews (prices, path, income)
// mirror the rules from the static rule data in `/assets/powergrid/rules.json`, which a test
// keeps equal to the rules crate; the server stays the authority.
import { t, h, api, list, Connection, actButton, sendAction, startTable, tableState, tableBar, seatName } from "./core.js";

const RES = ["coal", "oil", "garbage", "uranium"];
const COLOURS = ["#d62828", "#1d5fd1", "#2a9d3b", "#e9c80b", "#8e44ad", "#222"];
const REGION_FILL = { green: "#cfe8c8", brown: "#e2cfb8", yellow: "#f3eab0", red: "#f2c4c0", cyan: "#c4e6ee", purple: "#ddcdea" };

let rules, maps = {};
let conn, gameId, token, root;
let last = null; // the last state message
let selectedPlant = null; // auction: plant chosen to offer
let selectedCity = null; // building: city clicked
let powerChoice = null; // bureaucracy: Set of plants chosen
let hybridCoal = 0;
let logEntries = [];
let logVersion = -1;
let viewBox = null;
let mapId = null;
let helpOpen = null; // the "what can I do now" box: open in round 1 until closed

const name = (seat) => seatName(seat, true);
const spec = (n) => rules.plants.find((p) => p.number === n);

export async function start(main, id, tok) {
  gameId = id;
  token = tok;
  root = main;
  rules = await (await fetch("/assets/powergrid/rules.json")).json();
  root.replaceChildren(h("p", {}, t("loading")));
  conn = new Connection(gameId, token, onState);
  startTable(conn, { gameId, token, kind: "powergrid", colour: (seat) => COLOURS[seat], label: (seat) => t(`pg-colour-${seat}`), refresh: () => last && render() });
}

async function onState(msg) {
  const first = !last;
  last = msg;
  tableState(msg);
  const v = msg.view;
  if (!maps[v.map]) maps[v.map] = await (await fetch(`/assets/powergrid/${v.map}.json`)).json();
  if (mapId !== v.map) {
    mapId = v.map;
    viewBox = null;
  }
  if (msg.version === logVersion + 1 && !first) {
    logEntries.push(...msg.events);
    logVersion = msg.version;
  } else if (msg.version !== logVersion) {
    await refreshLog(msg.version);
  }
  // Reset choices that no longer apply.
  if (v.phase !== "auction") selectedPlant = null;
  if (v.phase !== "building") selectedCity = null;
  if (v.phase !== "bureaucracy") powerChoice = null;
  render();
}

async function refreshLog(version) {
  try {
    const log = await api(`/api/games/${gameId}/log`, { token });
    logEntries = log.entries.flatMap((e) => e.events);
    logVersion = log.version;
  } catch {
    logVersion = version;
  }
}

function me() {
  return last.viewer.type === "seat" ? last.viewer.seat : null;
}

function render() {
  const v = last.view;
  document.body.dataset.version = last.version;
  document.body.dataset.kind = "powergrid";
  const scroll = root.querySelector(".pg-side")?.scrollTop;
  const page = h("div", { class: "pg" },
    h("section", { class: "pg-top" }, statusLine(v), h("p", { id: "pg-whose" }, whoseTurn(v)), helpBox(v)),
    h("div", { class: "pg-body" },
      h("section", { class: "pg-map-box" }, mapView(v)),
      h("div", { class: "pg-side" },
        controls(v), playersPanel(v), marketPanel(v), resourcePanel(v), standingsPanel(v), logPanel())));
  root.replaceChildren(tableBar(), page);
  if (scroll) root.querySelector(".pg-side").scrollTop = scroll;
}

function statusLine(v) {
  const who = me() === null ? t("spectating") : t("you-are", { name: name(me()) });
  return h("p", { id: "pg-status" },
    t("pg-status", { round: v.round, step: v.step, phase: t(`pg-phase-${v.phase}`) }), " · ", who);
}

/** "What can I do now?": the rules of the current phase in short, and the rules page. */
function helpBox(v) {
  if (v.actor.type !== "seat") return null;
  const mine = last.legal.length > 0;
  const text = mine && v.phase !== "game_over" ? t(`pg-help-${v.pending_discard ? "auction" : v.phase}`) : t("pg-help-wait");
  if (helpOpen === null) helpOpen = v.round === 1;
  return h("details", { class: "help", id: "pg-help", open: helpOpen, ontoggle: (ev) => { helpOpen = ev.target.open; } },
    h("summary", {}, t("help-title")),
    h("p", { class: "help-text" }, text),
    h("a", { href: "/rules/powergrid", target: "_blank", rel: "noopener", id: "rules-link" }, t("rules-link")));
}

function whoseTurn(v) {
  if (v.actor.type !== "seat") return t("game-over");
  const n = name(v.actor.seat);
  if (v.pending_discard) return t("pg-must-discard", { name: name(v.pending_discard[0]) });
  switch (v.phase) {
    case "auction":
      if (v.auction) {
        return t("pg-must-bid", { name: n, bid: v.auction.high_bid, plant: v.auction.plant });
      }
      return v.round === 1 ? t("pg-must-auction-choose-first", { name: n }) : t("pg-must-auction-choose", { name: n });
    case "resources": return t("pg-must-resources", { name: n });
    case "building": return t("pg-must-building", { name: n });
    case "bureaucracy": return t("pg-must-bureaucracy", { name: n });
    default: return "";
  }
}

// ---------- map ----------

function cityOwners(v, city) {
  return v.players.filter((p) => p.cities.includes(city)).map((p) => p.seat);
}

function mapView(v) {
  const map = maps[v.map];
  const inPlay = new Set(v.regions);
  const pos = Object.fromEntries(map.cities.map((c) => [c.id, c]));
  const xs = map.cities.map((c) => c.x), ys = map.cities.map((c) => c.y);
  const full = { x: Math.min(...xs) - 40, y: Math.min(...ys) - 40, w: Math.max(...xs) - Math.min(...xs) + 80, h: Math.max(...ys) - Math.min(...ys) + 80 };
  if (!viewBox) viewBox = { ...full };
  const legalCities = new Set(last.legal.filter((a) => a.type === "build").map((a) => a.city));
  const preview = selectedCity ? buildPreview(v, selectedCity) : null;
  const pathEdges = new Set();
  if (preview) for (let i = 1; i < preview.path.length; i++) pathEdges.add([preview.path[i - 1], preview.path[i]].sort().join("|"));

  const svg = h("svg", { id: "pg-map", viewBox: `${viewBox.x} ${viewBox.y} ${viewBox.w} ${viewBox.h}`, role: "img" });
  const lines = map.connections.map((c) => {
    const a = pos[c.a], b = pos[c.b];
    const live = inPlay.has(a.region) && inPlay.has(b.region);
    const onPath = pathEdges.has([c.a, c.b].sort().join("|"));
    return h("g", { class: `conn${live ? "" : " off"}${onPath ? " path" : ""}` },
      h("line", { x1: a.x, y1: a.y, x2: b.x, y2: b.y }),
      h("circle", { cx: (a.x + b.x) / 2, cy: (a.y + b.y) / 2, r: 9, class: "cost-bg" }),
      h("text", { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 + 4, class: "cost" }, c.cost));
  });
  const cities = map.cities.map((c) => {
    const live = inPlay.has(c.region);
    const owners = cityOwners(v, c.id);
    const buildable = legalCities.has(c.id);
    const places = [0, 1, 2].map((i) => h("circle", {
      cx: c.x - 12 + i * 12, cy: c.y, r: 5,
      class: `place${owners[i] !== undefined ? " taken" : ""}`,
      fill: owners[i] !== undefined ? COLOURS[owners[i]] : "#fff",
      "data-seat": owners[i],
    }));
    const g = h("g", {
      class: `city${live ? "" : " off"}${buildable ? " buildable" : ""}${selectedCity === c.id ? " selected" : ""}`,
      "data-city": c.id,
      "data-owners": owners.join(","),
    },
      h("title", {}, c.name),
      h("rect", { x: c.x - 21, y: c.y - 9, width: 42, height: 18, rx: 9, fill: live ? REGION_FILL[c.region] : "#ddd" }),
      places,
      h("text", { x: c.x, y: c.y + 21, class: "city-name" }, c.name));
    if (buildable) {
      g.addEventListener("click", (ev) => {
        if (g.dataset.dragged) return;
        ev.stopPropagation();
        selectedCity = c.id;
        render();
      });
    }
    return g;
  });
  svg.append(h("g", {}, lines), h("g", {}, cities));
  enablePanZoom(svg, full);
  const zoom = (f) => () => {
    const cx = viewBox.x + viewBox.w / 2, cy = viewBox.y + viewBox.h / 2;
    viewBox.w *= f; viewBox.h *= f;
    viewBox.x = cx - viewBox.w / 2; viewBox.y = cy - viewBox.h / 2;
    svg.setAttribute("viewBox", `${viewBox.x} ${viewBox.y} ${viewBox.w} ${viewBox.h}`);
  };
  return h("div", { class: "map-wrap" },
    h("div", { class: "zoom" },
      h("button", { onclick: zoom(0.8), title: t("pg-zoom-in") }, "+"),
      h("button", { onclick: zoom(1.25), title: t("pg-zoom-out") }, "−"),
      h("button", { onclick: () => { viewBox = { ...full }; render(); }, title: t("pg-zoom-reset") }, "⤢")),
    svg);
}

function enablePanZoom(svg, full) {
  let drag = null;
  const apply = () => svg.setAttribute("viewBox", `${viewBox.x} ${viewBox.y} ${viewBox.w} ${viewBox.h}`);
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const r = svg.getBoundingClientRect();
    const f = ev.deltaY > 0 ? 1.15 : 1 / 1.15;
    const px = viewBox.x + ((ev.clientX - r.left) / r.width) * viewBox.w;
    const py = viewBox.y + ((ev.clientY - r.top) / r.height) * viewBox.h;
    viewBox.w = Math.min(full.w * 2, viewBox.w * f);
    viewBox.h = Math.min(full.h * 2, viewBox.h * f);
    viewBox.x = px - ((ev.clientX - r.left) / r.width) * viewBox.w;
    viewBox.y = py - ((ev.clientY - r.top) / r.height) * viewBox.h;
    apply();
  }, { passive: false });
  svg.addEventListener("pointerdown", (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, vx: viewBox.x, vy: viewBox.y, moved: false, target: ev.target.closest?.("g.city") };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const r = svg.getBoundingClientRect();
    const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
    if (!drag.moved) return;
    viewBox.x = drag.vx - (dx / r.width) * viewBox.w;
    viewBox.y = drag.vy - (dy / r.height) * viewBox.h;
    apply();
  });
  const end = () => {
    if (drag?.moved && drag.target) {
      drag.target.dataset.dragged = "1";
      const el = drag.target;
      setTimeout(() => delete el.dataset.dragged, 0);
    }
    drag = null;
  };
  svg.addEventListener("pointerup", end);
  svg.addEventListener("pointerleave", end);
}

/** Cheapest connection from the seat's network to `city` (0 with no city yet), with the path. */
function buildPreview(v, city) {
  const map = maps[v.map];
  const inPlay = new Set(v.regions);
  const region = Object.fromEntries(map.cities.map((c) => [c.id, c.region]));
  const mine = v.players[me()].cities;
  const occupied = cityOwners(v, city).length;
  const place = rules.city_place_prices[occupied] ?? 0;
  const cityName = map.cities.find((c) => c.id === city).name;
  if (!mine.length) return { connection: 0, place, total: place, path: [city], cityName };
  const adj = new Map();
  for (const c of map.connections) {
    if (!inPlay.has(region[c.a]) || !inPlay.has(region[c.b])) continue;
    if (!adj.has(c.a)) adj.set(c.a, []);
    if (!adj.has(c.b)) adj.set(c.b, []);
    adj.get(c.a).push([c.b, c.cost]);
    adj.get(c.b).push([c.a, c.cost]);
  }
  const dist = new Map(mine.map((c) => [c, 0]));
  const prev = new Map();
  const done = new Set();
  for (;;) {
    let best = null;
    for (const [c, d] of dist) if (!done.has(c) && (best === null || d < dist.get(best))) best = c;
    if (best === null || best === city) break;
    done.add(best);
    for (const [n, cost] of adj.get(best) || []) {
      const nd = dist.get(best) + cost;
      if (!dist.has(n) || nd < dist.get(n)) { dist.set(n, nd); prev.set(n, best); }
    }
  }
  const path = [city];
  while (prev.has(path[0])) path.unshift(prev.get(path[0]));
  const connection = dist.get(city) ?? 0;
  return { connection, place, total: connection + place, path, cityName };
}

// ---------- controls ----------

function controls(v) {
  const err = h("p", { class: "error", id: "pg-error", "aria-live": "polite" });
  const legal = last.legal;
  const box = h("section", { class: "controls", id: "pg-controls" }, h("h2", {}, t("pg-controls")));
  if (v.auction) {
    const a = v.auction;
    box.append(h("p", { id: "pg-auction" }, t("pg-auction-running", {
      plant: a.plant, bid: a.high_bid, name: name(a.high_bidder), bidders: list(a.bidders.map(name)),
    })), plantCard(a.plant, {}));
  }
  if (!legal.length) {
    box.append(h("p", { class: "hint" }, v.actor.type === "seat" ? t("waiting-for", { name: name(v.actor.seat) }) : t("game-over")));
    return box;
  }
  box.classList.add("my-turn");
  const kinds = new Set(legal.map((a) => a.type));
  if (kinds.has("discard")) {
    for (const a of legal.filter((x) => x.type === "discard")) {
      const label = a.keep_coal === undefined || a.keep_coal === null
        ? t("pg-discard", { plant: a.plant }) : t("pg-discard-keep", { plant: a.plant, coal: a.keep_coal });
      box.append(actButton(conn, label, a, err, { "data-discard": a.plant }));
    }
  }
  if (kinds.has("start_auction")) {
    const offers = legal.filter((a) => a.type === "start_auction");
    const plants = [...new Set(offers.map((a) => a.plant))];
    if (selectedPlant === null || !plants.includes(selectedPlant)) selectedPlant = null;
    if (selectedPlant === null) box.append(h("p", { class: "hint" }, t("pg-choose-plant")));
    else {
      const bids = offers.filter((a) => a.plant === selectedPlant).map((a) => a.bid);
      box.append(bidControl(Math.min(...bids), Math.max(...bids), (amount) => ({ type: "start_auction", plant: selectedPlant, bid: amount }),
        (amount) => t("pg-offer", { plant: selectedPlant, bid: amount }), "offer", err));
    }
  }
  if (kinds.has("bid")) {
    const bids = legal.filter((a) => a.type === "bid").map((a) => a.amount);
    box.append(bidControl(Math.min(...bids), Math.max(...bids), (amount) => ({ type: "bid", amount }),
      (amount) => t("pg-bid", { amount }), "bid", err));
  }
  if (kinds.has("pass")) {
    box.append(actButton(conn, v.auction ? t("pg-pass-auction") : t("pg-pass-round"), { type: "pass" }, err, { id: "pass" }));
  }
  if (kinds.has("buy") || (v.phase === "resources" && kinds.has("done"))) box.append(buyControls(v, err));
  if (v.phase === "building") box.append(buildControls(v, err));
  if (kinds.has("power")) box.append(powerControls(v, err));
  if (kinds.has("done")) {
    box.append(actButton(conn, v.phase === "resources" ? t("pg-done-resources") : t("pg-done-building"), { type: "done" }, err, { id: "done" }));
  }
  box.append(err);
  return box;
}

function bidControl(min, max, action, label, id, err) {
  const input = h("input", { type: "number", id: `${id}-amount`, min, max, value: min, step: 1 });
  const button = h("button", { class: "act", id }, label(min));
  input.addEventListener("input", () => {
    const n = Number(input.value);
    const ok = Number.isInteger(n) && n >= min && n <= max;
    button.disabled = !ok;
    button.textContent = label(ok ? n : min);
  });
  button.addEventListener("click", () => sendAction(conn, action(Number(input.value)), err));
  return h("div", { class: "bid" }, h("label", {}, t("pg-bid-range", { min, max }), " ", input), " ", button);
}

function marketCost(v, res, n) {
  const prices = rules.place_prices[res];
  const inMarket = v.resource_market[res];
  const start = prices.length - inMarket;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += prices[start + i];
  return sum;
}

function buyControls(v, err) {
  const box = h("div", { class: "buy" });
  for (const res of RES) {
    const amounts = last.legal.filter((a) => a.type === "buy" && a.resource === res).map((a) => a.amount);
    if (!amounts.length) continue;
    const max = Math.max(...amounts);
    const input = h("input", { type: "number", id: `buy-${res}-n`, min: 1, max, value: 1 });
    const button = h("button", { class: "act", id: `buy-${res}` });
    const label = () => {
      const n = Math.min(max, Math.max(1, Number(input.value) || 1));
      button.textContent = t("pg-buy", { n, res: t(`pg-kind-${res}`), price: marketCost(v, res, n) });
      return n;
    };
    input.addEventListener("input", label);
    label();
    button.addEventListener("click", () => sendAction(conn, { type: "buy", resource: res, amount: label() }, err));
    box.append(h("div", { class: "buy-row", "data-buy": res },
      h("span", { class: `res-dot ${res}` }), " ", t("pg-buy-title", { res: t(`pg-res-${res}`) }), " (", t("pg-buy-room", { n: max }), ") ",
      input, " ", button));
  }
  if (!box.children.length) box.append(h("p", { class: "hint" }, t("pg-buy-none")));
  return box;
}

function buildControls(v, err) {
  const box = h("div", { class: "build" });
  const legalCities = new Set(last.legal.filter((a) => a.type === "build").map((a) => a.city));
  if (selectedCity && !legalCities.has(selectedCity)) selectedCity = null;
  if (!legalCities.size) return box;
  box.append(h("p", { class: "hint" }, t("pg-build-hint")));
  if (selectedCity) {
    const p = buildPreview(v, selectedCity);
    const names = Object.fromEntries(maps[v.map].cities.map((c) => [c.id, c.name]));
    box.append(
      h("p", { id: "build-preview" }, t("pg-build-preview", { city: p.cityName, connection: p.connection, place: p.place, total: p.total })),
      h("p", { class: "hint" }, t("pg-build-path", { path: p.path.map((c) => names[c]).join(" → ") })),
      actButton(conn, t("pg-build", { city: p.cityName, total: p.total }), { type: "build", city: selectedCity }, err, { id: "build", "data-total": p.total }));
  }
  return box;
}

function powerControls(v, err) {
  const options = last.legal.filter((a) => a.type === "power");
  const mine = v.players[me()];
  const key = (plants) => [...plants].sort((a, b) => a - b).join("+");
  const capacity = (plants) => plants.reduce((s, p) => s + spec(p).cities, 0);
  if (!powerChoice) {
    // Default: the legal choice that powers the most cities.
    let best = options[0];
    for (const o of options) if (capacity(o.plants) > capacity(best.plants)) best = o;
    powerChoice = new Set(best.plants);
    hybridCoal = best.hybrid_coal;
  }
  const chosen = [...powerChoice];
  const matches = options.filter((o) => key(o.plants) === key(chosen));
  if (matches.length && !matches.some((o) => o.hybrid_coal === hybridCoal)) hybridCoal = matches[0].hybrid_coal;
  const action = matches.find((o) => o.hybrid_coal === hybridCoal);
  const cities = Math.min(capacity(chosen), mine.cities.length);
  const income = rules.payment[Math.min(cities, 20)];
  const box = h("div", { class: "power" }, h("h3", {}, t("pg-power-title")));
  for (const p of mine.plants) {
    const cb = h("input", { type: "checkbox", class: "power-plant", "data-plant": p, checked: powerChoice.has(p) });
    cb.addEventListener("change", () => {
      if (cb.checked) powerChoice.add(p); else powerChoice.delete(p);
      render();
    });
    box.append(h("label", { class: "power-pick" }, cb, " ", plantCard(p, {})));
  }
  const hybrids = matches.map((o) => o.hybrid_coal);
  if (hybrids.length > 1) {
    const sel = h("select", { id: "hybrid-coal" }, hybrids.map((n) => h("option", { value: n, selected: n === hybridCoal }, t("pg-power-hybrid", { n }))));
    sel.addEventListener("change", () => { hybridCoal = Number(sel.value); render(); });
    box.append(sel);
  }
  box.append(h("p", { id: "power-preview" }, t("pg-power-preview", { cities, income })));
  if (action) box.append(actButton(conn, t("pg-power", { income }), action, err, { id: "power", "data-income": income }));
  else box.append(h("p", { class: "error" }, t("pg-power-impossible")));
  return box;
}

// ---------- panels ----------

function plantCard(n, { onclick, selectable, selected } = {}) {
  const s = spec(n);
  const text = s.fuel ? t("pg-plant-burns", { fuel: s.fuel, kind: t(`pg-kind-${s.kind}`), cities: s.cities }) : t("pg-plant-free", { cities: s.cities });
  const el = h("div", { class: `plant k-${s.kind}${selectable ? " selectable" : ""}${selected ? " selected" : ""}`, "data-plant": n, title: t("pg-plant-title", { n }) },
    h("span", { class: "num" }, n), h("span", { class: "what" }, text));
  if (onclick) el.addEventListener("click", onclick);
  return el;
}

function marketPanel(v) {
  const offerable = new Set(last.legal.filter((a) => a.type === "start_auction").map((a) => a.plant));
  const card = (n) => plantCard(n, {
    selectable: offerable.has(n),
    selected: selectedPlant === n,
    onclick: offerable.has(n) ? () => { selectedPlant = n; render(); } : undefined,
  });
  const step3 = () => h("div", { class: "plant step3" }, t("pg-step3-card"));
  const rows = [];
  if (v.step === 3) {
    rows.push(h("h3", {}, t("pg-market-single")), h("div", { class: "row", id: "market-current" }, [...v.current_market, ...v.future_market].map(card),
      v.step3_card_in_market ? step3() : null));
  } else {
    rows.push(h("h3", {}, t("pg-market-current")), h("div", { class: "row", id: "market-current" }, v.current_market.map(card)),
      h("h3", {}, t("pg-market-future")), h("div", { class: "row", id: "market-future" }, v.future_market.map(card), v.step3_card_in_market ? step3() : null));
  }
  rows.push(h("p", { id: "deck-size" }, t("pg-deck", { n: v.deck_size })));
  if (v.under_step3_card.length) rows.push(h("p", {}, t("pg-under-step3", { plants: list(v.under_step3_card) })));
  return h("section", { class: "market" }, h("h2", {}, t("pg-market")), rows);
}

function resourcePanel(v) {
  const rows = RES.map((res) => {
    const prices = rules.place_prices[res];
    const inMarket = v.resource_market[res];
    const first = prices.length - inMarket;
    const spaces = prices.map((p, i) => h("span", { class: `space${i >= first ? ` full ${res}` : ""}`, title: `${p}` }, p));
    return h("div", { class: "res-row", "data-res": res },
      h("div", { class: "res-name" }, t(`pg-res-${res}`), " · ", h("span", { class: "in-market" }, t("pg-res-market", { n: inMarket })), " · ", t("pg-res-supply", { n: v.supply[res] })),
      h("div", { class: "spaces" }, spaces));
  });
  return h("section", { class: "resources" }, h("h2", {}, t("pg-resources")), rows);
}


function playersPanel(v) {
  const actor = v.actor.type === "seat" ? v.actor.seat : null;
  const order = v.turn_order;
  const rows = [...v.players].sort((a, b) => order.indexOf(a.seat) - order.indexOf(b.seat)).map((p) => h("div", {
    class: `player${p.seat === actor ? " acting" : ""}`, "data-seat": p.seat,
  },
    h("div", { class: "pname" }, h("span", { class: "swatch", style: `background:${COLOURS[p.seat]}` }), " ",
      name(p.seat), p.seat === me() ? ` ${t("pg-you")}` : "", " · ", t("pg-player-order", { n: order.indexOf(p.seat) + 1 })),
    h("div", {},
      h("span", { class: "money" }, p.money === null ? t("pg-player-money-hidden") : t("pg-player-money", { money: p.money })), " · ",
      h("span", { class: "cities-count" }, t("pg-player-cities", { n: p.cities.length })), " · ",
      h("span", { class: "houses" }, t("pg-player-houses", { n: p.houses_left }))),
    h("div", { class: "row plants" }, p.plants.map((n) => plantCard(n, {}))),
    h("div", { class: "stored" }, t("pg-player-stored", { list: resList(p.resources) }))));
  return h("section", { class: "players" }, h("h2", {}, t("pg-players")), rows);
}

function standingsPanel(v) {
  const s = v.standings || last.outcome?.standings;
  if (!s) return null;
  const items = s.map((r, i) => {
    const prev = s[i - 1];
    let note = "";
    if (prev && prev.cities_powered === r.cities_powered) {
      if (prev.rank === r.rank) note = t("pg-tied-shared");
      else if (prev.money !== r.money) note = t("pg-tied-money");
      else note = t("pg-tied-cities");
    }
    return h("li", { "data-seat": r.seat }, t("pg-standing-row", { rank: r.rank, name: name(r.seat), powered: r.cities_powered, money: r.money, cities: r.cities }), note ? ` (${note})` : "");
  });
  return h("section", { class: "standings", id: "standings" }, h("h2", {}, t("pg-standings")), h("ol", {}, items), h("p", { class: "hint" }, t("pg-tiebreak")));
}

function resList(r) {
  const parts = RES.filter((x) => r[x] > 0).map((x) => t("pg-amount", { n: r[x], res: t(`pg-kind-${x}`) }));
  return parts.length ? list(parts) : t("pg-nothing");
}

export function eventText(e) {
  const n = e.seat !== undefined ? name(e.seat) : "";
  const cityName = (id) => (maps[mapId]?.cities.find((c) => c.id === id) || { name: id }).name;
  switch (e.type) {
    case "turn_order": return t("pg-ev-turn_order", { order: list(e.order.map(name)) });
    case "phase_started": return t("pg-ev-phase_started", { phase: t(`pg-phase-${e.phase}`) });
    case "plant_discarded": return t("pg-ev-plant_discarded", { name: n, plant: e.plant, returned: resList(e.returned) });
    case "plant_removed": return t("pg-ev-plant_removed", { plant: e.plant, reason: t(`pg-reason-${e.reason.type}`, e.reason) });
    case "resources_bought": return t("pg-ev-resources_bought", { name: n, amount: e.amount, res: t(`pg-kind-${e.resource}`), cost: e.cost });
    case "built": return t("pg-ev-built", { name: n, city: cityName(e.city), total: e.connection + e.place, connection: e.connection, place: e.place });
    case "turn_ended": return t(`pg-ev-turn_ended-${e.phase}`, { name: n });
    case "powered": return t("pg-ev-powered", { name: n, plants: e.plants.length ? t("pg-plants-list", { count: e.plants.length, list: list(e.plants) }) : t("pg-plants-none"), burned: resList(e.burned), cities: e.cities, income: e.income });
    case "resupplied": return t("pg-ev-resupplied", { added: resList(e.added) });
    default: return t(`pg-ev-${e.type}`, { ...e, name: n });
  }
}

function logPanel() {
  const items = logEntries.slice(-200).reverse().map((e) => h("li", {}, eventText(e)));
  return h("section", { class: "log" }, h("h2", {}, t("pg-log")), h("ol", { id: "pg-log", reversed: true }, items));
}
