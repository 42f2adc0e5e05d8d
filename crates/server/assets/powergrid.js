// The Power Grid page: map (SVG, zoom and pan), plant and resource markets, players, the
// controls for every action with their consequences shown before sending, the log and the
// final standings. Everything shown comes from the seat's view in the server's state message;
// the controls offer exactly the server's `legal` actions. Previews (prices, path, income)
// mirror the rules from the rule tables at `/assets/powergrid/rules.json`, which the server
// serves from the rules crate; the server stays the authority.
//
// What a new player needs from it:
// - One status line per situation, at the head of the action panel: "Your move" only when the
//   server lists a legal action for this seat, "Waiting for Yellow" otherwise, "Yellow to play"
//   for a spectator.
// - A number input and its button agree: the button's text follows what is typed, and a refused
//   number disables the button with the reason next to the input (what is wrong, what is
//   allowed). A click or key press that cannot act (an occupied city, a plant not on offer)
//   says why in the panel's live region and in a note next to where the player acted.
// - City labels are placed once per map and language (measured in the page's font): each
//   label takes the one of ten places around its city that overlaps least with other labels and
//   cities, cities in crowded areas first, then repair passes; the "fit" view box holds every
//   label. Germany takes 28–34 ms, the USA 12–17 ms in headless Chromium (docs/benchmarks.md).
// - Houses are house shapes in the player's colour, 16 map units wide: at a 1366x900 window
//   that is 8.5 px on Germany and 11.9 px on the USA.
// - Plants, cities and resource rows are focusable with accessible names, and Enter or Space
//   does what a click does; focus and typed numbers survive the re-render of each state message.
// - On a phone (below 800 px) the action panel is fixed at the bottom of the screen, so the
//   controls of the current decision are always in sight; on a desktop the market the current
//   phase needs is placed right under the action panel.
import { t, list } from "./i18n.js";
import { h } from "./dom.js";
import { api, Connection } from "./net.js";
import { actButton, sendAction, startTable, tableState, tableBar, seatName, youMark } from "./table.js";
import { paragraphs } from "./i18n.js";
import { createStore } from "./store.js";
import { logAfter, logFromEntries } from "./gamelog.js";
import { homeBox, buyNoneReason, winnersOf } from "./powergridlogic.js";

const RES = ["coal", "oil", "garbage", "uranium"];
const COLOURS = ["#d62828", "#1d5fd1", "#2a9d3b", "#e9c80b", "#8e44ad", "#222"];
const REGION_FILL = { green: "#cfe8c8", brown: "#e2cfb8", yellow: "#f3eab0", red: "#f2c4c0", cyan: "#c4e6ee", purple: "#ddcdea" };

// The page's one state object: what it was started with, the last state message, and the
// player's choices not yet sent. Drawn by `render()`; changed only through `page.set`.
const page = createStore({
  rules: null, // the rule tables (`/assets/powergrid/rules.json`)
  maps: {}, // the map files by id
  conn: null, gameId: null, token: null, root: null,
  source: null, // the replay viewer's (replay.js), replacing the live connection and the log route
  last: null, // the last state message
  selectedPlant: null, // auction: plant chosen to offer
  selectedCity: null, // building: city clicked
  powerChoice: null, // bureaucracy: Set of plants chosen
  hybridCoal: 0,
  logEntries: [],
  logVersion: -1,
  viewBox: null,
  viewBoxAuto: false, // the view box is the first view (not panned or zoomed since)
  wasPhone: false, // the layout the first view was made for
  mapId: null,
  helpOpen: null, // the "what can I do now" box: open in round 1 until closed
  notice: null, // why the last click or key press did nothing
  typed: {}, // numbers typed into the inputs, by input id, until the legal actions change
  legalKey: "",
});
const now = () => page.get();

const name = (seat) => seatName(seat, true);
const spec = (n) => now().rules.plants.find((p) => p.number === n);


export async function start(main, id, tok, _summary, replaySource) {
  page.set({ gameId: id, token: tok, root: main, source: replaySource || null });
  page.set({ rules: await (await fetch("/assets/powergrid/rules.json")).json() });
  now().root.replaceChildren(h("p", {}, t("loading")));
  page.set({ conn: now().source ? now().source.connect(onState) : new Connection(now().gameId, now().token, onState) });
  startTable(now().conn, { gameId: now().gameId, token: now().token, kind: "powergrid", colour: (seat) => COLOURS[seat], label: (seat) => t(`pg-colour-${seat}`), refresh: () => now().last && render(), replay: Boolean(now().source) });
  // The layout changes at 800 px (the phone's fixed action panel): lay the page out again.
  // A map still on its first view opens it again for the new size.
  window.addEventListener("resize", () => {
    if (!now().last) return;
    if (now().viewBoxAuto && now().wasPhone !== phoneLayout()) page.set({ viewBox: null });
    render();
  });
}

async function onState(msg) {
  const first = !now().last;
  page.set({ last: msg });
  tableState(msg);
  const v = msg.view;
  if (!now().maps[v.map]) page.set({ maps: { ...now().maps, [v.map]: await (await fetch(`/assets/powergrid/${v.map}.json`)).json() } });
  if (now().mapId !== v.map) {
    page.set({ mapId: v.map, viewBox: null });
  }
  const next = first ? null : logAfter({ entries: now().logEntries, version: now().logVersion }, msg);
  if (next) {
    page.set({ logEntries: next.entries, logVersion: next.version });
  } else {
    await refreshLog(msg.version);
  }
  // Reset choices that no longer apply.
  if (v.phase !== "auction") page.set({ selectedPlant: null });
  if (v.phase !== "building") page.set({ selectedCity: null });
  if (v.phase !== "bureaucracy") page.set({ powerChoice: null });
  const key = JSON.stringify(msg.legal);
  if (key !== now().legalKey) {
    page.set({ legalKey: key, typed: {} });
    clearNotice();
  }
  render();
}

async function refreshLog(version) {
  try {
    const log = await (now().source ? now().source.log() : api(`/api/games/${now().gameId}/log`, { token: now().token }));
    const { entries, version: at } = logFromEntries(log.entries, log.version);
    page.set({ logEntries: entries, logVersion: at });
  } catch {
    page.set({ logVersion: version });
  }
}

function me() {
  return now().last.viewer.type === "seat" ? now().last.viewer.seat : null;
}

function myMoney(v) {
  return me() === null ? null : v.players[me()].money;
}

/** Whether the page is laid out for a phone (the action panel fixed at the bottom). */
function phoneLayout() {
  return window.matchMedia("(max-width: 800px)").matches;
}

function render() {
  const v = now().last.view;
  document.body.dataset.version = now().last.version;
  document.body.dataset.kind = "powergrid";
  const scroll = now().root.querySelector(".pg-side")?.scrollTop;
  // Focus survives the re-render: the element with the same `data-focus` key takes it back.
  const active = document.activeElement;
  const focusKey = active && now().root.contains(active) ? active.closest("[data-focus]")?.dataset.focus : null;
  const caret = focusKey && active.tagName === "INPUT" ? active.value.length : null;
  const map = now().maps[v.map];
  // The panel the current decision needs comes right under the action panel.
  const panels = { market: marketPanel(v), resources: resourcePanel(v), players: playersPanel(v) };
  const first = v.phase === "resources" ? "resources" : v.phase === "auction" ? "market" : "players";
  const order = [first, ...["players", "market", "resources"].filter((p) => p !== first)];
  const box = controls(v);
  const page = h("div", { class: "pg", style: `--map-aspect: ${mapAspect(map)}` },
    h("section", { class: "pg-top" }, statusLine(v), h("p", { id: "pg-whose" }, whoseTurn(v))),
    h("div", { class: "pg-body" },
      h("section", { class: "pg-map-box" }, mapView(v)),
      h("div", { class: "pg-side" }, box, panels[order[0]], helpBox(v), order.slice(1).map((p) => panels[p]), standingsPanel(v), logPanel())));
  now().root.replaceChildren(tableBar(), page);
  if (scroll) now().root.querySelector(".pg-side").scrollTop = scroll;
  if (focusKey) {
    const el = now().root.querySelector(`[data-focus="${CSS.escape(focusKey)}"]`);
    if (el) {
      el.focus({ preventScroll: true });
      if (caret !== null && el.setSelectionRange && el.type === "text") el.setSelectionRange(caret, caret);
    }
  }
  // On a phone the fixed action panel must not hide the end of the page.
  if (phoneLayout()) page.style.paddingBottom = `${box.offsetHeight + 8}px`;
}

function statusLine(v) {
  // A replay is read-only: whichever seat's view it shows, nobody plays there.
  const who = now().source ? null : me() === null ? t("spectating") : t("you-are", { name: name(me()) });
  return h("p", { id: "pg-status" },
    t("pg-status", { round: v.round, step: v.step, phase: t(`pg-phase-${v.phase}`) }), who ? " · " : null, who);
}

/** "What can I do now?": the rules of the current phase in short, and the rules page. */
function helpBox(v) {
  if (v.actor.type !== "seat") return null;
  const mine = now().last.legal.length > 0;
  const text = mine && v.phase !== "game_over" ? t(`pg-help-${v.pending_discard ? "auction" : v.phase}`) : t("pg-help-wait");
  if (now().helpOpen === null) page.set({ helpOpen: v.round === 1 });
  return h("details", { class: "help", id: "pg-help", open: now().helpOpen, ontoggle: (ev) => page.set({ helpOpen: ev.target.open }) },
    h("summary", {}, t("help-title")),
    paragraphs(text).map((p) => h("p", { class: "help-text" }, p)),
    h("a", { href: "/rules/powergrid", target: "_blank", rel: "noopener", id: "rules-link" }, t("rules-link")));
}

function whoseTurn(v) {
  if (v.actor.type !== "seat") {
    const s = v.standings || now().last.outcome?.standings;
    const won = s ? winnersOf(s) : [];
    return won.length ? t("pg-game-won", { names: list(won.map(name)), n: won.length }) : t("game-over");
  }
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

/** The one line that says whose decision it is, from this viewer's side. */
function turnLine(v) {
  if (v.actor.type !== "seat") return t("game-over");
  const acting = v.pending_discard ? v.pending_discard[0] : v.actor.seat;
  if (me() === null) return t("pg-turn-spectator", { name: name(acting) });
  if (now().last.legal.length) return t("pg-controls");
  return t("waiting-for", { name: name(acting) });
}

// ---------- why a click did nothing ----------

/**
 * Says why a click or key press did nothing: in the action panel's live region, and in a note
 * next to `el`, where the player acted.
 */
function refuse(text, el) {
  page.set({ notice: text });
  const live = now().root.querySelector("#pg-notice");
  if (live) live.textContent = text;
  document.querySelector(".pg-toast")?.remove();
  if (!el) return;
  const r = el.getBoundingClientRect();
  const toast = h("div", { class: "pg-toast", role: "presentation" }, text);
  document.body.append(toast);
  const width = toast.offsetWidth;
  const left = Math.max(4, Math.min(window.innerWidth - width - 4, r.left + r.width / 2 - width / 2));
  const below = r.bottom + 6 + toast.offsetHeight < window.innerHeight;
  toast.style.left = `${left + window.scrollX}px`;
  toast.style.top = `${(below ? r.bottom + 6 : r.top - toast.offsetHeight - 6) + window.scrollY}px`;
  setTimeout(() => toast.remove(), 6000);
}

function clearNotice() {
  page.set({ notice: null });
  document.querySelector(".pg-toast")?.remove();
}

/** Why this viewer cannot act in `phase` now, or null if it is their decision. */
function notNowReason(v, phase) {
  if (me() === null) return t("pg-why-spectator");
  if (v.actor.type !== "seat") return t("game-over");
  if (v.phase !== phase) return t("pg-why-phase", { phase: t(`pg-phase-${phase}`), now: t(`pg-phase-${v.phase}`) });
  if (!now().last.legal.length) return t("waiting-for", { name: name(v.actor.seat) });
  return null;
}

function cityClicked(v, city, el) {
  const c = now().maps[v.map].cities.find((x) => x.id === city);
  if (now().last.legal.some((a) => a.type === "build" && a.city === city)) {
    page.set({ selectedCity: city });
    clearNotice();
    render();
    return;
  }
  if (!v.regions.includes(c.region)) return refuse(t("pg-why-city-off", { city: c.name }), el);
  const busy = notNowReason(v, "building");
  if (busy) return refuse(busy, el);
  const owners = cityOwners(v, city);
  if (owners.includes(me())) return refuse(t("pg-why-city-mine", { city: c.name }), el);
  if (owners.length >= v.step) return refuse(t("pg-why-city-full", { city: c.name, step: v.step, n: owners.length }), el);
  const p = buildPreview(v, city);
  const money = myMoney(v);
  if (money !== null && p.total > money) return refuse(t("pg-why-city-money", { city: c.name, total: p.total, money }), el);
  return refuse(t("pg-why-city-other", { city: c.name }), el);
}

function plantClicked(v, n, el) {
  const offers = now().last.legal.filter((a) => a.type === "start_auction" && a.plant === n);
  if (offers.length) {
    // The amount typed for another plant does not carry over: the offer starts at this
    // plant's minimum.
    if (now().selectedPlant !== n) page.set({ typed: { ...now().typed, "offer-amount": undefined } });
    page.set({ selectedPlant: n });
    clearNotice();
    render();
    // The next thing to do is the amount: focus goes to it.
    const amount = now().root.querySelector("#offer-amount");
    if (amount) {
      amount.focus();
      amount.select();
    }
    return;
  }
  const busy = notNowReason(v, "auction");
  if (busy) return refuse(busy, el);
  if (v.pending_discard) return refuse(t("pg-why-plant-discard"), el);
  if (v.auction) return refuse(t("pg-why-plant-auction", { plant: v.auction.plant }), el);
  if (v.future_market.includes(n) && v.step !== 3) return refuse(t("pg-why-plant-future", { plant: n }), el);
  const money = myMoney(v);
  if (money !== null && n > money) return refuse(t("pg-why-plant-money", { plant: n, money }), el);
  return refuse(t("pg-why-plant-other", { plant: n }), el);
}

/** Enter or Space on a focused item acts as a click does. */
function onActivate(el, act) {
  el.addEventListener("click", (ev) => {
    if (el.dataset.dragged) return;
    ev.stopPropagation();
    act();
  });
  el.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter" || ev.key === " ") {
      ev.preventDefault();
      act();
    }
  });
}

// ---------- map ----------

function cityOwners(v, city) {
  return v.players.filter((p) => p.cities.includes(city)).map((p) => p.seat);
}

const CITY_R = 22;
const HOUSE = 16;
// Where the houses of a city sit in its disc: one at the top, two below.
const SLOTS = [[0, -9], [-9.5, 7.5], [9.5, 7.5]];

function houseShape(x, y) {
  const s = HOUSE / 2;
  return `M${x - s} ${y + s}V${y - s / 3}L${x} ${y - s}L${x + s} ${y - s / 3}V${y + s}Z`;
}

/**
 * Where each city's label goes: `{id: {x, y, box}}` with the text's centre and its box, for
 * the page's language (label widths differ by font). Each label takes the place around its city
 * that overlaps least with other labels and cities (most crowded cities first), then repair
 * passes move any label that still overlaps. Measured once per map and language.
 */
function labelLayout(map) {
  const lang = document.documentElement.lang;
  if (map.labels && map.labelsLang === lang) return map.labels;
  const started = performance.now();
  const probe = h("svg", { class: "pg-probe", width: 10, height: 10 });
  const texts = map.cities.map((c) => h("text", { class: "city-name", x: 0, y: 0, "dominant-baseline": "central" }, c.name));
  probe.append(...texts);
  document.body.append(probe);
  const size = Object.fromEntries(map.cities.map((c, i) => {
    const b = texts[i].getBBox();
    return [c.id, { w: b.width + 2, h: b.height, dy: b.y + b.height / 2 }];
  }));
  probe.remove();
  const discs = map.cities.map((c) => ({ x: c.x - CITY_R, y: c.y - CITY_R, w: 2 * CITY_R, h: 2 * CITY_R, id: c.id }));
  const overlap = (a, b) => Math.max(0, Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x)) * Math.max(0, Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y));
  const candidates = (c) => {
    const { w, h: ht } = size[c.id];
    const g = 2, d = CITY_R * 0.75;
    return [
      [c.x, c.y + CITY_R + g + ht / 2], [c.x, c.y - CITY_R - g - ht / 2],
      [c.x + CITY_R + g + w / 2, c.y], [c.x - CITY_R - g - w / 2, c.y],
      [c.x + d + w / 2, c.y + d + ht / 2], [c.x - d - w / 2, c.y + d + ht / 2],
      [c.x + d + w / 2, c.y - d - ht / 2], [c.x - d - w / 2, c.y - d - ht / 2],
      [c.x, c.y + CITY_R + g + ht * 1.5], [c.x, c.y - CITY_R - g - ht * 1.5],
    ].map(([x, y]) => ({ x, y, box: { x: x - w / 2, y: y - ht / 2, w, h: ht } }));
  };
  const crowd = (c) => map.cities.filter((o) => Math.hypot(o.x - c.x, o.y - c.y) < 120).length;
  const order = [...map.cities].sort((a, b) => crowd(b) - crowd(a));
  const placed = {};
  const cost = (c, cand, i) => {
    let sum = i * 0.5;
    for (const d of discs) sum += 20 * overlap(cand.box, d);
    for (const [id, o] of Object.entries(placed)) if (id !== c.id) sum += 50 * overlap(cand.box, o.box);
    return sum;
  };
  const best = (c) => candidates(c).map((cand, i) => [cost(c, cand, i), cand]).reduce((a, b) => (b[0] < a[0] ? b : a))[1];
  for (const c of order) placed[c.id] = best(c);
  for (let pass = 0; pass < 6; pass++) {
    let moved = false;
    for (const c of order) {
      const now = placed[c.id];
      const next = best(c);
      if (next !== now && (next.x !== now.x || next.y !== now.y)) {
        placed[c.id] = next;
        moved = true;
      }
    }
    if (!moved) break;
  }
  for (const c of map.cities) placed[c.id].dy = size[c.id].dy;
  map.labels = placed;
  map.labelsLang = lang;
  // Shown in the browser's performance tools (and read by the browser test).
  performance.measure("pg-label-layout", { start: started });
  return placed;
}

/** The box that shows the whole map: every city and every label, with a small margin. */
function fullBox(map) {
  const labels = labelLayout(map);
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const c of map.cities) {
    const b = labels[c.id].box;
    x0 = Math.min(x0, c.x - CITY_R, b.x); y0 = Math.min(y0, c.y - CITY_R, b.y);
    x1 = Math.max(x1, c.x + CITY_R, b.x + b.w); y1 = Math.max(y1, c.y + CITY_R, b.y + b.h);
  }
  return { x: x0 - 8, y: y0 - 8, w: x1 - x0 + 16, h: y1 - y0 + 16 };
}

function mapAspect(map) {
  const b = fullBox(map);
  return (b.w / b.h).toFixed(3);
}

/** The accessible name of a city: its houses, and what a click on it would do. */
function cityLabel(v, c, owners, buildable) {
  const houses = owners.length ? t("pg-city-houses", { n: owners.length, names: list(owners.map(name)) }) : t("pg-city-empty");
  if (buildable) return t("pg-city-build", { city: c.name, houses, total: buildPreview(v, c.id).total });
  return t("pg-city", { city: c.name, houses });
}

function mapView(v) {
  const map = now().maps[v.map];
  const inPlay = new Set(v.regions);
  const pos = Object.fromEntries(map.cities.map((c) => [c.id, c]));
  const full = fullBox(map);
  const labels = labelLayout(map);
  if (!now().viewBox) page.set({ viewBox: homeBox(map, inPlay, labels, full, readableWidth(), CITY_R), viewBoxAuto: true, wasPhone: phoneLayout() });
  const legalCities = new Set(now().last.legal.filter((a) => a.type === "build").map((a) => a.city));
  const preview = now().selectedCity ? buildPreview(v, now().selectedCity) : null;
  const pathEdges = new Set();
  if (preview) for (let i = 1; i < preview.path.length; i++) pathEdges.add([preview.path[i - 1], preview.path[i]].sort().join("|"));

  const svg = h("svg", { id: "pg-map", viewBox: `${now().viewBox.x} ${now().viewBox.y} ${now().viewBox.w} ${now().viewBox.h}`, role: "group", "aria-label": t(`pg-map-${v.map}`) });
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
    const houses = SLOTS.map(([dx, dy], i) => h("path", {
      d: houseShape(c.x + dx, c.y + dy),
      class: `house${owners[i] !== undefined ? " taken" : i >= v.step ? " later" : ""}`,
      fill: owners[i] !== undefined ? COLOURS[owners[i]] : "#fff",
      "data-seat": owners[i],
    }));
    const g = h("g", {
      class: `city${live ? "" : " off"}${buildable ? " buildable" : ""}${now().selectedCity === c.id ? " selected" : ""}`,
      "data-city": c.id,
      "data-owners": owners.join(","),
      "data-focus": `city:${c.id}`,
      // In the Tab order only while building: in the other phases the ~35 cities would stand
      // between the player and the plants or the resources.
      tabindex: live && v.phase === "building" ? 0 : -1,
      role: "button",
      "aria-label": cityLabel(v, c, owners, buildable),
      "aria-pressed": buildable ? String(now().selectedCity === c.id) : undefined,
    },
      h("title", {}, c.name),
      h("circle", { class: "disc", cx: c.x, cy: c.y, r: CITY_R, fill: live ? REGION_FILL[c.region] : "#ddd" }),
      houses);
    onActivate(g, () => cityClicked(v, c.id, g));
    return g;
  });
  const names = map.cities.map((c) => h("text", {
    x: labels[c.id].x, y: labels[c.id].y - labels[c.id].dy, "dominant-baseline": "central",
    class: `city-name${inPlay.has(c.region) ? "" : " off"}`, "data-city": c.id, "aria-hidden": "true",
  }, c.name));
  svg.append(h("g", {}, lines), h("g", {}, cities), h("g", { class: "names" }, names));
  enablePanZoom(svg, full);
  const zoom = (f) => () => {
    const cx = now().viewBox.x + now().viewBox.w / 2, cy = now().viewBox.y + now().viewBox.h / 2;
    const w = now().viewBox.w * f, hgt = now().viewBox.h * f;
    page.set({ viewBox: { x: cx - w / 2, y: cy - hgt / 2, w, h: hgt }, viewBoxAuto: false });
    svg.setAttribute("viewBox", `${now().viewBox.x} ${now().viewBox.y} ${now().viewBox.w} ${now().viewBox.h}`);
  };
  return h("div", { class: "map-wrap" },
    h("div", { class: "zoom", role: "toolbar", "aria-label": t("pg-zoom") },
      h("button", { onclick: zoom(0.8), title: t("pg-zoom-in"), "aria-label": t("pg-zoom-in") }, "+"),
      h("button", { onclick: zoom(1.25), title: t("pg-zoom-out"), "aria-label": t("pg-zoom-out") }, "−"),
      h("button", { id: "zoom-home", onclick: () => { page.set({ viewBox: homeBox(map, inPlay, labels, full, readableWidth(), CITY_R), viewBoxAuto: true, wasPhone: phoneLayout() }); render(); }, title: t("pg-zoom-home"), "aria-label": t("pg-zoom-home") }, "◎"),
      h("button", { id: "zoom-fit", onclick: () => { page.set({ viewBox: { ...full }, viewBoxAuto: false }); render(); }, title: t("pg-zoom-reset"), "aria-label": t("pg-zoom-reset") }, "⤢")),
    svg);
}

/**
 * The map's width on screen as it draws the view box: the box is fitted in the map's shape,
 * so a map held by its height (a tall map on a phone) draws narrower than its element.
 */
function mapWidthPx() {
  const aspect = Number(mapAspect(now().maps[now().mapId]));
  const svg = now().root.querySelector("#pg-map");
  if (svg) {
    const r = svg.getBoundingClientRect();
    return Math.min(r.width, r.height * aspect);
  }
  // Before the first draw: as style.css lays the map out.
  const phone = phoneLayout();
  const width = phone ? window.innerWidth - 24 : Math.min(window.innerWidth * 0.62, (window.innerHeight - 185) * aspect);
  const height = phone ? window.innerHeight * 0.6 : window.innerHeight - 185;
  return Math.min(width, height * aspect);
}

/**
 * The width the first view must keep readable: the map's on a phone; on a desktop, where the
 * map column is a third of a larger screen, the regions in play are shown whole (Infinity).
 */
function readableWidth() {
  return phoneLayout() ? mapWidthPx() : Infinity;
}

function enablePanZoom(svg, full) {
  let drag = null;
  const apply = () => svg.setAttribute("viewBox", `${now().viewBox.x} ${now().viewBox.y} ${now().viewBox.w} ${now().viewBox.h}`);
  svg.addEventListener("wheel", (ev) => {
    ev.preventDefault();
    const r = svg.getBoundingClientRect();
    const f = ev.deltaY > 0 ? 1.15 : 1 / 1.15;
    const px = now().viewBox.x + ((ev.clientX - r.left) / r.width) * now().viewBox.w;
    const py = now().viewBox.y + ((ev.clientY - r.top) / r.height) * now().viewBox.h;
    const w = Math.min(full.w * 2, now().viewBox.w * f);
    const hgt = Math.min(full.h * 2, now().viewBox.h * f);
    page.set({ viewBox: { x: px - ((ev.clientX - r.left) / r.width) * w, y: py - ((ev.clientY - r.top) / r.height) * hgt, w, h: hgt }, viewBoxAuto: false });
    apply();
  }, { passive: false });
  svg.addEventListener("pointerdown", (ev) => {
    drag = { x: ev.clientX, y: ev.clientY, vx: now().viewBox.x, vy: now().viewBox.y, moved: false, target: ev.target.closest?.("g.city") };
  });
  svg.addEventListener("pointermove", (ev) => {
    if (!drag) return;
    const r = svg.getBoundingClientRect();
    const dx = ev.clientX - drag.x, dy = ev.clientY - drag.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) drag.moved = true;
    if (!drag.moved) return;
    const { w, h: hgt } = now().viewBox;
    page.set({ viewBox: { x: drag.vx - (dx / r.width) * w, y: drag.vy - (dy / r.height) * hgt, w, h: hgt }, viewBoxAuto: false });
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
  const map = now().maps[v.map];
  const inPlay = new Set(v.regions);
  const region = Object.fromEntries(map.cities.map((c) => [c.id, c.region]));
  const mine = me() === null ? [] : v.players[me()].cities;
  const occupied = cityOwners(v, city).length;
  const place = now().rules.city_place_prices[occupied] ?? 0;
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
  const legal = now().last.legal;
  const box = h("section", { class: "controls", id: "pg-controls", "aria-labelledby": "pg-turn" },
    h("h2", { id: "pg-turn" }, turnLine(v)));
  const live = h("p", { id: "pg-notice", role: "status", class: "notice" }, now().notice || "");
  if (v.auction) {
    const a = v.auction;
    box.append(h("p", { id: "pg-auction" }, t("pg-auction-running", {
      plant: a.plant, bid: a.high_bid, name: name(a.high_bidder), bidders: list(a.bidders.map(name)),
    })), plantCard(a.plant, {}));
  }
  if (!legal.length) {
    box.append(live);
    return box;
  }
  box.classList.add("my-turn");
  const kinds = new Set(legal.map((a) => a.type));
  if (kinds.has("discard")) {
    for (const a of legal.filter((x) => x.type === "discard")) {
      const label = a.keep_coal === undefined || a.keep_coal === null
        ? t("pg-discard", { plant: a.plant }) : t("pg-discard-keep", { plant: a.plant, coal: a.keep_coal });
      box.append(actButton(now().conn, label, a, err, { "data-discard": a.plant }));
    }
  }
  if (kinds.has("start_auction")) {
    const offers = legal.filter((a) => a.type === "start_auction");
    const plants = [...new Set(offers.map((a) => a.plant))];
    if (now().selectedPlant !== null && !plants.includes(now().selectedPlant)) page.set({ selectedPlant: null });
    if (now().selectedPlant === null) box.append(h("p", { class: "hint" }, t("pg-choose-plant")));
    else {
      const bids = offers.filter((a) => a.plant === now().selectedPlant).map((a) => a.bid);
      const plant = now().selectedPlant;
      box.append(bidControl(v, Math.min(...bids), Math.max(...bids), (amount) => ({ type: "start_auction", plant, bid: amount }),
        (amount) => t("pg-offer", { plant, bid: amount }), "offer", err,
        (min) => t("pg-why-offer-low", { plant, min })));
    }
  }
  if (kinds.has("bid")) {
    const bids = legal.filter((a) => a.type === "bid").map((a) => a.amount);
    box.append(bidControl(v, Math.min(...bids), Math.max(...bids), (amount) => ({ type: "bid", amount }),
      (amount) => t("pg-bid", { amount }), "bid", err,
      (min) => t("pg-why-bid-low", { high: v.auction.high_bid, min })));
  }
  if (kinds.has("pass")) {
    // Dropping out of an auction, or passing the round, cannot be taken back: it is confirmed.
    box.append(actButton(now().conn, v.auction ? t("pg-pass-auction") : t("pg-pass-round"), { type: "pass" }, err, { id: "pass" }, { confirm: true }));
  }
  if (kinds.has("buy") || (v.phase === "resources" && kinds.has("done"))) box.append(buyControls(v, err));
  if (v.phase === "building") box.append(buildControls(v, err));
  if (kinds.has("power")) box.append(powerControls(v, err));
  if (kinds.has("done")) {
    box.append(actButton(now().conn, v.phase === "resources" ? t("pg-done-resources") : t("pg-done-building"), { type: "done" }, err, { id: "done" }));
  }
  box.append(live, err);
  return box;
}

/**
 * A number input with its button. On every key the button's text follows the input, and a
 * number that would be refused disables the button with the reason next to the input: `judge(n)`
 * (a whole number, or null) gives `{label, reason}`, the reason "" when `n` is allowed. Enter in
 * the input, or the button, sends `action(n)`.
 */
function numberControl({ inputId, buttonId, initial, judge, action }, err) {
  const whyId = `${buttonId}-why`;
  const input = h("input", { type: "text", inputmode: "numeric", id: inputId, value: now().typed[inputId] ?? String(initial),
    "data-focus": inputId, "aria-describedby": whyId, autocomplete: "off" });
  const button = h("button", { class: "act", id: buttonId, "data-focus": buttonId });
  const why = h("p", { class: "why", id: whyId, "aria-live": "polite" });
  const update = () => {
    page.set({ typed: { ...now().typed, [inputId]: input.value } });
    const text = input.value.trim();
    const n = /^[0-9]+$/.test(text) ? Number(text) : null;
    const { label, reason } = judge(n);
    button.textContent = label;
    why.textContent = reason;
    button.disabled = reason !== "";
    input.setAttribute("aria-invalid", String(reason !== ""));
    return reason === "" ? n : null;
  };
  const send = () => {
    const n = update();
    if (n !== null) sendAction(now().conn, action(n), err, button.textContent);
  };
  input.addEventListener("input", update);
  input.addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") send();
  });
  button.addEventListener("click", send);
  update();
  return [input, button, why];
}

/**
 * A bid or an opening offer from `min` to `max` (the player's money): `low(min)` explains the
 * minimum.
 */
function bidControl(v, min, max, action, label, id, err, low) {
  const inputId = `${id}-amount`;
  const judge = (n) => {
    let reason = "";
    if (n === null) reason = t("pg-why-number", { min, max });
    else if (n < min) reason = low(min);
    else if (n > max) reason = t("pg-why-bid-money", { money: myMoney(v), max });
    return { label: label(n === null ? "?" : n), reason };
  };
  const [input, button, why] = numberControl({ inputId, buttonId: id, initial: min, judge, action }, err);
  input.min = min;
  return h("div", { class: "bid" }, h("label", { for: inputId }, t("pg-bid-range", { min, max }), " "), input, " ", button, why);
}

function marketCost(v, res, n) {
  const prices = now().rules.place_prices[res];
  const inMarket = v.resource_market[res];
  const start = prices.length - inMarket;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += prices[start + i];
  return sum;
}

/** Why `n` units of `res` cannot be bought: the market, the money or the plants' room. */
function buyReason(v, res, n, max) {
  const kind = t(`pg-kind-${res}`);
  if (n === null || n < 1) return t("pg-why-buy-number", { max, res: kind });
  if (n <= max) return "";
  const inMarket = v.resource_market[res];
  if (n > inMarket) return t("pg-why-buy-market", { n: inMarket, res: kind, max });
  const price = marketCost(v, res, n), money = myMoney(v);
  if (money !== null && price > money) return t("pg-why-buy-money", { n, res: kind, price, money, max });
  return t("pg-why-buy-room", { res: kind, max });
}

function buyControls(v, err) {
  const box = h("div", { class: "buy" });
  for (const res of RES) {
    const amounts = now().last.legal.filter((a) => a.type === "buy" && a.resource === res).map((a) => a.amount);
    if (!amounts.length) continue;
    const max = Math.max(...amounts);
    const inputId = `buy-${res}-n`;
    const kind = t(`pg-kind-${res}`);
    const judge = (n) => ({
      label: n !== null && n >= 1 && n <= v.resource_market[res]
        ? t("pg-buy", { n, res: kind, price: marketCost(v, res, n) })
        : t("pg-buy-count", { n: n === null ? "?" : n, res: kind }),
      reason: buyReason(v, res, n, max),
    });
    const [input, button, why] = numberControl({ inputId, buttonId: `buy-${res}`, initial: 1, judge,
      action: (n) => ({ type: "buy", resource: res, amount: n }) }, err);
    box.append(h("div", { class: "buy-row", "data-buy": res },
      h("label", { for: inputId }, h("span", { class: `res-dot ${res}` }), " ", t("pg-buy-title", { res: t(`pg-res-${res}`) }), " (", t("pg-buy-room", { n: max }), ") "),
      input, " ", button, why));
  }
  if (!box.children.length) box.append(h("p", { class: "hint", id: "buy-none" }, buyNoneReason(v, me(), now().rules, spec)));
  return box;
}

function buildControls(v, err) {
  const box = h("div", { class: "build" });
  const legalCities = new Set(now().last.legal.filter((a) => a.type === "build").map((a) => a.city));
  if (now().selectedCity && !legalCities.has(now().selectedCity)) page.set({ selectedCity: null });
  if (!legalCities.size) return box;
  box.append(h("p", { class: "hint" }, t("pg-build-hint")));
  if (now().selectedCity) {
    const p = buildPreview(v, now().selectedCity);
    const names = Object.fromEntries(now().maps[v.map].cities.map((c) => [c.id, c.name]));
    box.append(
      h("p", { id: "build-preview" }, t("pg-build-preview", { city: p.cityName, connection: p.connection, place: p.place, total: p.total })),
      h("p", { class: "hint" }, t("pg-build-path", { path: p.path.map((c) => names[c]).join(" → ") })),
      actButton(now().conn, t("pg-build", { city: p.cityName, total: p.total }), { type: "build", city: now().selectedCity }, err, { id: "build", "data-total": p.total, "data-focus": "build" }));
  }
  return box;
}

function powerControls(v, err) {
  const options = now().last.legal.filter((a) => a.type === "power");
  const mine = v.players[me()];
  const key = (plants) => [...plants].sort((a, b) => a - b).join("+");
  const capacity = (plants) => plants.reduce((s, p) => s + spec(p).cities, 0);
  if (!now().powerChoice) {
    // Default: the legal choice that powers the most cities.
    let best = options[0];
    for (const o of options) if (capacity(o.plants) > capacity(best.plants)) best = o;
    page.set({ powerChoice: new Set(best.plants), hybridCoal: best.hybrid_coal });
  }
  const chosen = [...now().powerChoice];
  const matches = options.filter((o) => key(o.plants) === key(chosen));
  if (matches.length && !matches.some((o) => o.hybrid_coal === now().hybridCoal)) page.set({ hybridCoal: matches[0].hybrid_coal });
  const action = matches.find((o) => o.hybrid_coal === now().hybridCoal);
  const cities = Math.min(capacity(chosen), mine.cities.length);
  const income = now().rules.payment[Math.min(cities, 20)];
  const box = h("div", { class: "power" }, h("h3", {}, t("pg-power-title")));
  for (const p of mine.plants) {
    const cb = h("input", { type: "checkbox", class: "power-plant", "data-plant": p, checked: now().powerChoice.has(p), "data-focus": `power:${p}` });
    cb.addEventListener("change", () => {
      const choice = new Set(now().powerChoice);
      if (cb.checked) choice.add(p); else choice.delete(p);
      page.set({ powerChoice: choice });
      render();
    });
    box.append(h("label", { class: "power-pick" }, cb, " ", plantCard(p, {})));
  }
  const hybrids = matches.map((o) => o.hybrid_coal);
  if (hybrids.length > 1) {
    const sel = h("select", { id: "hybrid-coal", "data-focus": "hybrid-coal", "aria-label": t("pg-power-hybrid-label") },
      hybrids.map((n) => h("option", { value: n, selected: n === now().hybridCoal }, t("pg-power-hybrid", { n }))));
    sel.addEventListener("change", () => { page.set({ hybridCoal: Number(sel.value) }); render(); });
    box.append(sel);
  }
  box.append(h("p", { id: "power-preview" }, t("pg-power-preview", { cities, income })));
  if (action) box.append(actButton(now().conn, t("pg-power", { income }), action, err, { id: "power", "data-income": income, "data-focus": "power" }));
  else box.append(h("p", { class: "error" }, t("pg-power-impossible")));
  return box;
}

// ---------- panels ----------

function plantText(n) {
  const s = spec(n);
  return s.fuel ? t("pg-plant-burns", { fuel: s.fuel, kind: t(`pg-kind-${s.kind}`), cities: s.cities }) : t("pg-plant-free", { cities: s.cities });
}

function plantCard(n, { onclick, selectable, selected, focus } = {}) {
  const s = spec(n);
  const el = h("div", { class: `plant k-${s.kind}${selectable ? " selectable" : ""}${selected ? " selected" : ""}`, "data-plant": n, title: t("pg-plant-title", { n }) },
    h("span", { class: "num" }, n), h("span", { class: "what" }, plantText(n)));
  if (onclick) {
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.dataset.focus = focus;
    el.setAttribute("aria-label", selectable ? t("pg-plant-offerable", { n, what: plantText(n) }) : t("pg-plant-label", { n, what: plantText(n) }));
    if (selectable) el.setAttribute("aria-pressed", String(!!selected));
    onActivate(el, () => onclick(el));
  }
  return el;
}

function marketPanel(v) {
  const offerable = new Set(now().last.legal.filter((a) => a.type === "start_auction").map((a) => a.plant));
  const card = (n) => plantCard(n, {
    selectable: offerable.has(n),
    selected: now().selectedPlant === n,
    focus: `plant:${n}`,
    onclick: (el) => plantClicked(v, n, el),
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

/**
 * A resource row acts like its buy control: Enter, Space or a click on the row puts the focus
 * in that input; a click on a full space asks for every token up to it (cheapest first).
 */
function resourceClicked(v, res, el, upTo) {
  const input = now().root.querySelector(`#buy-${res}-n`);
  if (input) {
    if (upTo) {
      input.value = String(upTo);
      input.dispatchEvent(new Event("input"));
    }
    input.focus();
    input.select();
    return;
  }
  const busy = notNowReason(v, "resources");
  if (busy) return refuse(busy, el);
  const kind = t(`pg-kind-${res}`);
  const prices = now().rules.place_prices[res];
  const inMarket = v.resource_market[res];
  if (!inMarket) return refuse(t("pg-why-buy-none-market", { res: kind }), el);
  const price = prices[prices.length - inMarket];
  if (price > myMoney(v)) return refuse(t("pg-why-buy-none-money", { res: kind, price, money: myMoney(v) }), el);
  refuse(t("pg-why-buy-none-room", { res: kind }), el);
}

function resourcePanel(v) {
  const rows = RES.map((res) => {
    const prices = now().rules.place_prices[res];
    const inMarket = v.resource_market[res];
    const first = prices.length - inMarket;
    const row = h("div", { class: "res-row", "data-res": res, tabindex: 0, role: "button", "data-focus": `res:${res}`,
      "aria-label": inMarket
        ? t("pg-res-label", { res: t(`pg-res-${res}`), n: inMarket, price: prices[first], supply: v.supply[res] })
        : t("pg-res-label-empty", { res: t(`pg-res-${res}`), supply: v.supply[res] }) });
    const spaces = prices.map((p, i) => {
      const el = h("span", { class: `space${i >= first ? ` full ${res}` : ""}`, title: `${p}` }, p);
      if (i >= first) el.addEventListener("click", (ev) => { ev.stopPropagation(); resourceClicked(v, res, row, i - first + 1); });
      return el;
    });
    row.append(
      h("div", { class: "res-name" }, t(`pg-res-${res}`), " · ", h("span", { class: "in-market" }, t("pg-res-market", { n: inMarket })), " · ", t("pg-res-supply", { n: v.supply[res] })),
      h("div", { class: "spaces" }, spaces));
    onActivate(row, () => resourceClicked(v, res, row, null));
    return row;
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
      name(p.seat), youMark(p.seat), " · ", t("pg-player-order", { n: order.indexOf(p.seat) + 1 })),
    h("div", {},
      h("span", { class: "money" }, p.money === null ? t("pg-player-money-hidden") : t("pg-player-money", { money: p.money })), " · ",
      h("span", { class: "cities-count" }, t("pg-player-cities", { n: p.cities.length })), " · ",
      h("span", { class: "houses" }, t("pg-player-houses", { n: p.houses_left }))),
    h("div", { class: "row plants" }, p.plants.map((n) => plantCard(n, {}))),
    h("div", { class: "stored" }, t("pg-player-stored", { list: resList(p.resources) }))));
  return h("section", { class: "players" }, h("h2", {}, t("pg-players")), rows);
}

function standingsPanel(v) {
  const s = v.standings || now().last.outcome?.standings;
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
  return h("section", { class: "standings", id: "standings" }, h("h2", {}, t("pg-standings")), h("ol", { class: "standings-list" }, items), h("p", { class: "hint" }, t("pg-tiebreak")));
}

function resList(r) {
  const parts = RES.filter((x) => r[x] > 0).map((x) => t("pg-amount", { n: r[x], res: t(`pg-kind-${x}`) }));
  return parts.length ? list(parts) : t("pg-nothing");
}

export function eventText(e) {
  const n = e.seat !== undefined ? name(e.seat) : "";
  const cityName = (id) => (now().maps[now().mapId]?.cities.find((c) => c.id === id) || { name: id }).name;
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
  const items = now().logEntries.slice(-200).reverse().map((e) => h("li", {}, eventText(e)));
  return h("section", { class: "log" }, h("h2", {}, t("pg-log")), h("ol", { id: "pg-log", reversed: true }, items));
}
