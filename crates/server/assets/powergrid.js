// The Power Grid page: map (SVG, zoom and pan), plant and resource markets, players, the
// controls for every action with their consequences shown before sending, the log and the
// final standings. Everything shown comes from the seat's view in the server's state message;
// the controls offer exactly the server's `legal` actions. Previews (prices, path, income)
// and the rows of the rule tables shown where they are used (this round's refill beside the
// resource market, the income for each number of powered cities in bureaucracy) come from the
// rule tables at `/assets/powergrid/rules.json`, which the server serves from the rules crate;
// the server stays the authority.
//
// The page is one store (`start` below: the state message, the map and its label layout, the
// log, the player's choices not yet sent, the map's view box, why the last click did nothing)
// drawn by Preact components (`view.js`), one per panel: `Controls`, `MarketPanel`,
// `ResourcePanel`, `PlayersPanel`, `MapView`, `StandingsPanel`, `LogPanel`. Preact keeps the
// elements that stay the same between two draws, so focus, a typed number and the side's
// scroll survive every state message by themselves.
//
// What a new player needs from it:
// - One status line per situation, at the head of the action panel: "Your move" only when the
//   server lists a legal action for this seat, "Waiting for Yellow" otherwise, "Yellow to play"
//   for a spectator.
// - A number input and its button agree: the button's text follows what is typed, and a refused
//   number disables the button with the reason next to the input (what is wrong, what is
//   allowed). A typed number lasts until the legal actions change; the opening offer starts at
//   the chosen plant's minimum whenever another plant is chosen. A click or key press that
//   cannot act (an occupied city, a plant not on offer) says why in the panel's live region
//   and in a note next to where the player acted.
// - City labels are placed once per map (measured in the page's font, whose language is fixed
//   for the page's life): each label takes the one of ten places around its city that overlaps
//   least with other labels and cities, cities in crowded areas first, then repair passes; the
//   "fit" view box holds every label. Germany takes 28–34 ms, the USA 12–17 ms in headless
//   Chromium (docs/benchmarks.md).
// - Houses are house shapes in the player's colour, 16 map units wide: at a 1366x900 window
//   that is 8.5 px on Germany and 11.9 px on the USA.
// - Plants, cities and resource rows are focusable with accessible names, and Enter or Space
//   does what a click does; Enter on a plant puts the focus on its offer.
// - On a phone (below 800 px) the action panel is fixed at the bottom of the screen, so the
//   controls of the current decision are always in sight, and the page as it opens hides
//   nothing under it: the map fits between its top and the panel (`Page`); on a desktop the
//   market the current phase needs is placed right under the action panel.
import { t, list, paragraphs } from "./i18n.js";
import { Connection } from "./net.js";
import { refetchLog, sendAction, sending, startTable, tableState, tableBar, seatName, youMark, hintedAction } from "./table.js";
import { createStore } from "./store.js";
import { html, render, Node, useLayoutEffect, useRef } from "./view.js";
import { logAfter } from "./gamelog.js";
import { homeBox, buyNoneReason, winnersOf, refillRow, incomeRows } from "./powergridlogic.js";
import { actionText, hintTarget, sameAction } from "./analysislogic.js";

const RES = ["coal", "oil", "garbage", "uranium"];
const COLOURS = ["#d62828", "#1d5fd1", "#2a9d3b", "#e9c80b", "#8e44ad", "#222"];
const REGION_FILL = { green: "#cfe8c8", brown: "#e2cfb8", yellow: "#f3eab0", red: "#f2c4c0", cyan: "#c4e6ee", purple: "#ddcdea" };
const CITY_R = 22;
const HOUSE = 16;
// Where the houses of a city sit in its disc: one at the top, two below.
const SLOTS = [[0, -9], [-9.5, 7.5], [9.5, 7.5]];

const name = (seat) => seatName(seat, true);
// On a phone, the least height of the map and of the fixed action panel, in CSS pixels.
const PHONE_MAP_MIN = 150;
const PHONE_PANEL_MIN = 120;

/** Whether the page is laid out for a phone (the action panel fixed at the bottom). */
function phoneLayout() {
  return window.matchMedia("(max-width: 800px)").matches;
}

/**
 * Starts the page in `main`. `source` (the replay viewer, replay.js) replaces the live
 * connection and the log route.
 */
export async function start(main, gameId, token, summary, source = null) {
  render(html`<p>${t("loading")}</p>`, main);
  const rules = await (await fetch("/assets/powergrid/rules.json")).json();
  const store = createStore({
    replay: Boolean(source),
    msg: null, // the last state message
    maps: {}, // the map files by id, each with its label layout (`labels`) and fit box (`full`)
    log: null, // `{entries, version}` (gamelog.js)
    selectedPlant: null, // auction: plant chosen to offer
    selectedCity: null, // building: city clicked
    powerChoice: null, // bureaucracy: the plants chosen to run (null: the default)
    hybridCoal: null, // bureaucracy: coal a hybrid burns (null: the first legal)
    viewBox: null, // the map's view box (null: the first view, made at the next draw)
    viewBoxAuto: false, // the view box is the first view (not panned or zoomed since)
    wasPhone: false, // the layout the first view was made for
    helpOpen: null, // the "what can I do now" box: open in round 1 until closed
    notice: null, // why the last click or key press did nothing: `{text, at}` (`at`: a screen rect)
    typed: {}, // numbers typed into the inputs, by input id, until the legal actions change
    legalKey: "",
    error: "", // the server's refusal of the last action
  });
  const spec = (n) => rules.plants.find((p) => p.number === n);
  const fetchLog = (version) => refetchLog(store, { source, gameId, token }, version);
  const onState = async (msg) => {
    tableState(msg);
    const v = msg.view;
    if (!store.get().maps[v.map]) {
      const map = await (await fetch(`/assets/powergrid/${v.map}.json`)).json();
      const labels = labelLayout(map);
      store.set({ maps: { ...store.get().maps, [v.map]: { ...map, labels, full: fullBox(map, labels) } } });
    }
    const now = store.get();
    const log = logAfter(now.log, msg);
    const key = JSON.stringify(msg.legal);
    const fresh = key !== now.legalKey;
    store.set({
      msg,
      log: log || now.log,
      viewBox: now.msg && now.msg.view.map !== v.map ? null : now.viewBox,
      helpOpen: now.helpOpen ?? v.round === 1,
      // Choices that no longer apply go.
      selectedPlant: v.phase === "auction" ? now.selectedPlant : null,
      selectedCity: v.phase === "building" ? now.selectedCity : null,
      powerChoice: v.phase === "bureaucracy" && !fresh ? now.powerChoice : null,
      hybridCoal: v.phase === "bureaucracy" && !fresh ? now.hybridCoal : null,
      legalKey: key,
      typed: fresh ? {} : now.typed,
      notice: fresh ? null : now.notice,
      error: msg.version !== now.msg?.version ? "" : now.error,
    });
    if (!log) await fetchLog(msg.version);
  };
  const conn = source ? source.connect(onState) : new Connection(gameId, token, onState);
  const page = { store, conn, rules, spec, replay: Boolean(source) };
  const draw = () => {
    const s = store.get();
    if (!s.msg || !s.maps[s.msg.view.map]) return;
    document.body.dataset.version = s.msg.version;
    document.body.dataset.kind = "powergrid";
    render(html`<${Page} s=${s} page=${page} busy=${sending()} bar=${tableBar()} />`, main);
  };
  // The Hint button's suggestion in words: as the page's buttons name it, cities by their name.
  const describe = (action) => {
    const v = store.get().msg?.view;
    const cities = v ? store.get().maps[v.map]?.cities || [] : [];
    return actionText("powergrid", action, { view: v, cityName: (id) => cities.find((c) => c.id === id)?.name ?? id });
  };
  startTable(conn, {
    gameId, token, kind: "powergrid", colour: (seat) => COLOURS[seat], label: (seat) => t(`pg-colour-${seat}`), refresh: draw,
    replay: Boolean(source), rated: Boolean(summary?.options?.rated), describe,
  });
  store.subscribe(draw);
  // The layout changes at 800 px (the phone's fixed action panel): a map still on its first
  // view opens it again for the new size.
  window.addEventListener("resize", () => {
    const s = store.get();
    if (s.viewBoxAuto && s.wasPhone !== phoneLayout()) store.set({ viewBox: null });
    else draw();
  });
}

// ---------- what the page derives from its state ----------

function me(s) {
  return s.msg.viewer.type === "seat" ? s.msg.viewer.seat : null;
}

function myMoney(s) {
  const seat = me(s);
  return seat === null ? null : s.msg.view.players[seat].money;
}

function cityOwners(v, city) {
  return v.players.filter((p) => p.cities.includes(city)).map((p) => p.seat);
}

/** Cheapest connection from the seat's network to `city` (0 with no city yet), with the path. */
function buildPreview(s, rules, city) {
  const v = s.msg.view;
  const map = s.maps[v.map];
  const inPlay = new Set(v.regions);
  const region = Object.fromEntries(map.cities.map((c) => [c.id, c.region]));
  const seat = me(s);
  const mine = seat === null ? [] : v.players[seat].cities;
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

/** The city being built on: the one clicked, while the server still offers it. */
function selectedCity(s) {
  const c = s.selectedCity;
  return c && s.msg.legal.some((a) => a.type === "build" && a.city === c) ? c : null;
}

/** The plant being offered: the one chosen, while the server still offers it. */
function selectedPlant(s) {
  const p = s.selectedPlant;
  return p !== null && s.msg.legal.some((a) => a.type === "start_auction" && a.plant === p) ? p : null;
}

function marketCost(v, rules, res, n) {
  const prices = rules.place_prices[res];
  const start = prices.length - v.resource_market[res];
  let sum = 0;
  for (let i = 0; i < n; i++) sum += prices[start + i];
  return sum;
}

function resList(r) {
  const parts = RES.filter((x) => r[x] > 0).map((x) => t("pg-amount", { n: r[x], res: t(`pg-kind-${x}`) }));
  return parts.length ? list(parts) : t("pg-nothing");
}

function plantText(spec, n) {
  const s = spec(n);
  return s.fuel ? t("pg-plant-burns", { fuel: s.fuel, kind: t(`pg-kind-${s.kind}`), cities: s.cities }) : t("pg-plant-free", { cities: s.cities });
}

// ---------- why a click did nothing ----------

/**
 * Says why a click or key press did nothing: in the action panel's live region, and in a note
 * next to `el`, where the player acted (gone after 6 s, or with the next news).
 */
function refuse(page, text, el) {
  const r = el ? el.getBoundingClientRect() : null;
  const notice = { text, at: r ? { left: r.left + window.scrollX, top: r.top + window.scrollY, width: r.width, height: r.height, bottom: r.bottom } : null };
  page.store.set({ notice });
  setTimeout(() => {
    if (page.store.get().notice === notice) page.store.set({ notice: { text, at: null } });
  }, 6000);
}

/** Why this viewer cannot act in `phase` now, or null if it is their decision. */
function notNowReason(s, phase) {
  const v = s.msg.view;
  if (s.msg.unfinished) return t("game-unfinished");
  if (me(s) === null) return t("pg-why-spectator");
  if (v.actor.type !== "seat") return t("game-over");
  if (v.phase !== phase) return t("pg-why-phase", { phase: t(`pg-phase-${phase}`), now: t(`pg-phase-${v.phase}`) });
  if (!s.msg.legal.length) return t("waiting-for", { name: name(v.actor.seat) });
  return null;
}

function cityClicked(page, city, el) {
  const s = page.store.get();
  const v = s.msg.view;
  const c = s.maps[v.map].cities.find((x) => x.id === city);
  if (s.msg.legal.some((a) => a.type === "build" && a.city === city)) {
    page.store.set({ selectedCity: city, notice: null });
    return;
  }
  if (!v.regions.includes(c.region)) return refuse(page, t("pg-why-city-off", { city: c.name }), el);
  const busy = notNowReason(s, "building");
  if (busy) return refuse(page, busy, el);
  const owners = cityOwners(v, city);
  if (owners.includes(me(s))) return refuse(page, t("pg-why-city-mine", { city: c.name }), el);
  if (owners.length >= v.step) return refuse(page, t("pg-why-city-full", { city: c.name, step: v.step, n: owners.length }), el);
  const p = buildPreview(s, page.rules, city);
  const money = myMoney(s);
  if (money !== null && p.total > money) return refuse(page, t("pg-why-city-money", { city: c.name, total: p.total, money }), el);
  return refuse(page, t("pg-why-city-other", { city: c.name }), el);
}

function plantClicked(page, n, el) {
  const s = page.store.get();
  const v = s.msg.view;
  if (s.msg.legal.some((a) => a.type === "start_auction" && a.plant === n)) {
    // The amount typed for another plant does not carry over: the offer starts at this
    // plant's minimum.
    const typed = s.selectedPlant === n ? s.typed : { ...s.typed, "offer-amount": undefined };
    page.store.set({ selectedPlant: n, typed, notice: null });
    // The next thing to do is the amount: focus goes to it (the draw above is synchronous).
    const amount = document.getElementById("offer-amount");
    if (amount) {
      amount.focus();
      amount.select();
    }
    return;
  }
  const busy = notNowReason(s, "auction");
  if (busy) return refuse(page, busy, el);
  if (v.pending_discard) return refuse(page, t("pg-why-plant-discard"), el);
  if (v.auction) return refuse(page, t("pg-why-plant-auction", { plant: v.auction.plant }), el);
  if (v.future_market.includes(n) && v.step !== 3) return refuse(page, t("pg-why-plant-future", { plant: n }), el);
  const money = myMoney(s);
  if (money !== null && n > money) return refuse(page, t("pg-why-plant-money", { plant: n, money }), el);
  return refuse(page, t("pg-why-plant-other", { plant: n }), el);
}

/**
 * A resource row acts like its buy control: Enter, Space or a click on the row puts the focus
 * in that input; a click on a full space asks for every token up to it (cheapest first).
 */
function resourceClicked(page, res, el, upTo) {
  const s = page.store.get();
  const v = s.msg.view;
  const inputId = `buy-${res}-n`;
  const input = document.getElementById(inputId);
  if (input) {
    if (upTo) page.store.set({ typed: { ...s.typed, [inputId]: String(upTo) } });
    input.focus();
    input.select();
    return;
  }
  const busy = notNowReason(s, "resources");
  if (busy) return refuse(page, busy, el);
  const kind = t(`pg-kind-${res}`);
  const prices = page.rules.place_prices[res];
  const inMarket = v.resource_market[res];
  if (!inMarket) return refuse(page, t("pg-why-buy-none-market", { res: kind }), el);
  const price = prices[prices.length - inMarket];
  if (price > myMoney(s)) return refuse(page, t("pg-why-buy-none-money", { res: kind, price, money: myMoney(s) }), el);
  refuse(page, t("pg-why-buy-none-room", { res: kind }), el);
}

/** Enter or Space on a focused item acts as a click does. */
function activate(act) {
  return {
    onClick: (ev) => {
      ev.stopPropagation();
      act(ev.currentTarget);
    },
    onKeyDown: (ev) => {
      if (ev.key === "Enter" || ev.key === " ") {
        ev.preventDefault();
        act(ev.currentTarget);
      }
    },
  };
}

// ---------- the page ----------

function Page({ s, page, busy, bar }) {
  const v = s.msg.view;
  const map = s.maps[v.map];
  const pgRef = useRef(null);
  // On a phone the fixed action panel must hide nothing of the page as it opens, nor its end:
  // the map fits between where it starts on the page and the panel (the panel gives up height,
  // and scrolls inside, so that the map keeps at least `PHONE_MAP_MIN`), and the page ends with
  // room for the panel. Where the page's head leaves no room for both (a long name box, a
  // header on two lines), the panel is not fixed: it follows the map.
  useLayoutEffect(() => {
    const el = pgRef.current;
    const box = el?.querySelector("#pg-controls");
    const svg = el?.querySelector("#pg-map");
    if (!el || !box || !svg) return;
    const top = svg.getBoundingClientRect().top + window.scrollY;
    const room = window.innerHeight - top - PHONE_MAP_MIN - 8;
    if (!phoneLayout() || room < PHONE_PANEL_MIN) {
      el.style.paddingBottom = "";
      svg.style.maxHeight = "";
      box.style.maxHeight = "";
      box.style.position = phoneLayout() ? "static" : "";
      return;
    }
    box.style.position = "";
    box.style.maxHeight = `${Math.min(0.45 * window.innerHeight, room)}px`;
    const panel = box.offsetHeight;
    el.style.paddingBottom = `${panel + 8}px`;
    svg.style.maxHeight = `${Math.max(PHONE_MAP_MIN, window.innerHeight - top - panel - 8)}px`;
  });
  const panels = {
    market: html`<${MarketPanel} key="market" s=${s} page=${page} />`,
    resources: html`<${ResourcePanel} key="resources" s=${s} page=${page} />`,
    players: html`<${PlayersPanel} key="players" s=${s} page=${page} />`,
  };
  // The panel the current decision needs comes right under the action panel.
  const first = v.phase === "resources" ? "resources" : v.phase === "auction" ? "market" : "players";
  const rest = ["players", "market", "resources"].filter((p) => p !== first);
  return html`
    <${Node} node=${bar} class="bar-slot" />
    <div class="pg" style=${`--map-aspect: ${(map.full.w / map.full.h).toFixed(3)}`} ref=${pgRef}>
      <section class="pg-top">
        <${StatusLine} s=${s} />
        <p id="pg-whose">${whoseTurn(s)}</p>
      </section>
      <div class="pg-body">
        <section class="pg-map-box"><${MapView} s=${s} page=${page} /></section>
        <div class="pg-side">
          <${Controls} s=${s} page=${page} busy=${busy} />
          ${panels[first]}
          <${HelpBox} s=${s} page=${page} />
          ${rest.map((p) => panels[p])}
          <${StandingsPanel} s=${s} />
          <${LogPanel} s=${s} />
        </div>
      </div>
      <${Toast} notice=${s.notice} />
    </div>`;
}

function StatusLine({ s }) {
  const v = s.msg.view;
  // A replay is read-only: whichever seat's view it shows, nobody plays there.
  const who = s.replay ? null : me(s) === null ? t("spectating") : t("you-are", { name: name(me(s)) });
  return html`<p id="pg-status">${t("pg-status", { round: v.round, step: v.step, phase: t(`pg-phase-${v.phase}`) })}${who ? ` · ${who}` : ""}</p>`;
}

/** The note next to where the player clicked, kept inside the window. */
function Toast({ notice }) {
  const ref = useRef(null);
  useLayoutEffect(() => {
    const el = ref.current;
    const r = notice?.at;
    if (!el || !r) return;
    const width = el.offsetWidth;
    const left = Math.max(4 + window.scrollX, Math.min(window.scrollX + window.innerWidth - width - 4, r.left + r.width / 2 - width / 2));
    const below = r.bottom + 6 + el.offsetHeight < window.innerHeight;
    el.style.left = `${left}px`;
    el.style.top = `${below ? r.top + r.height + 6 : r.top - el.offsetHeight - 6}px`;
  });
  if (!notice?.at) return null;
  // Placed on the page's body, as the map and panels scroll with it.
  return html`<div class="pg-toast" role="presentation" ref=${ref}>${notice.text}</div>`;
}

/** "What can I do now?": the rules of the current phase in short, and the rules page. */
function HelpBox({ s, page }) {
  const v = s.msg.view;
  if (v.actor.type !== "seat") return null;
  const mine = s.msg.legal.length > 0;
  const text = mine ? t(`pg-help-${v.pending_discard ? "auction" : v.phase}`) : t("pg-help-wait");
  const onToggle = (ev) => {
    if (ev.currentTarget.open !== page.store.get().helpOpen) page.store.set({ helpOpen: ev.currentTarget.open });
  };
  return html`
    <details class="help" id="pg-help" open=${s.helpOpen} onToggle=${onToggle}>
      <summary>${t("help-title")}</summary>
      ${paragraphs(text).map((p) => html`<p class="help-text">${p}</p>`)}
      <a href="/rules/powergrid" target="_blank" rel="noopener" id="rules-link">${t("rules-link")}</a>
    </details>`;
}

function whoseTurn(s) {
  const v = s.msg.view;
  if (v.actor.type !== "seat") {
    const st = v.standings || s.msg.outcome?.standings;
    const won = st ? winnersOf(st) : [];
    return won.length ? t("pg-game-won", { names: list(won.map(name)), n: won.length }) : t("game-over");
  }
  const n = name(v.actor.seat);
  if (v.pending_discard) return t("pg-must-discard", { name: name(v.pending_discard[0]) });
  switch (v.phase) {
    case "auction":
      if (v.auction) return t("pg-must-bid", { name: n, bid: v.auction.high_bid, plant: v.auction.plant });
      return v.round === 1 ? t("pg-must-auction-choose-first", { name: n }) : t("pg-must-auction-choose", { name: n });
    case "resources": return t("pg-must-resources", { name: n });
    case "building": return t("pg-must-building", { name: n });
    case "bureaucracy": return t("pg-must-bureaucracy", { name: n });
    default: return "";
  }
}

/** The one line that says whose decision it is, from this viewer's side. */
function turnLine(s) {
  const v = s.msg.view;
  if (s.msg.unfinished) return t("game-unfinished");
  if (v.actor.type !== "seat") return t("game-over");
  const acting = v.pending_discard ? v.pending_discard[0] : v.actor.seat;
  if (me(s) === null) return t("pg-turn-spectator", { name: name(acting) });
  if (s.msg.legal.length) return t("pg-controls");
  return t("waiting-for", { name: name(acting) });
}

// ---------- controls ----------

/**
 * What the controls share (`outbox`): `send(action, label, opts)` (`table.js`'s `sendAction`, a refusal
 * shown in the page's `error`), and `busy` while a message is on its way (every button that
 * sends is disabled then).
 */
function sender(page, busy) {
  const send = (action, label, opts) => sendAction(page.conn, page.store, action, label, opts);
  return { send, busy };
}

/** A button that sends `action` (see `table.js`'s `sendAction`), named `label`. */
function Act({ outbox, label, action, confirm = false, ...attrs }) {
  return html`<button class=${`act${sameAction(hintedAction(), action) ? " hinted" : ""}`} ...${attrs} disabled=${outbox.busy} onClick=${() => outbox.send(action, label, { confirm })}>${label}</button>`;
}

function Controls({ s, page, busy }) {
  const v = s.msg.view;
  const legal = s.msg.legal;
  const outbox = sender(page, busy);
  const kinds = new Set(legal.map((a) => a.type));
  const a = v.auction;
  const plant = selectedPlant(s);
  const offers = legal.filter((x) => x.type === "start_auction");
  const offerBids = offers.filter((x) => x.plant === plant).map((x) => x.bid);
  const bids = legal.filter((x) => x.type === "bid").map((x) => x.amount);
  return html`
    <section class=${`controls${legal.length ? " my-turn" : ""}`} id="pg-controls" aria-labelledby="pg-turn">
      <h2 id="pg-turn">${turnLine(s)}</h2>
      ${a ? html`
        <p id="pg-auction">${t("pg-auction-running", { plant: a.plant, bid: a.high_bid, name: name(a.high_bidder), bidders: list(a.bidders.map(name)) })}</p>
        <${PlantCard} n=${a.plant} page=${page} />` : null}
      ${legal.filter((x) => x.type === "discard").map((x) => html`
        <${Act} outbox=${outbox} action=${x} data-discard=${x.plant}
          label=${x.keep_coal === undefined || x.keep_coal === null ? t("pg-discard", { plant: x.plant }) : t("pg-discard-keep", { plant: x.plant, coal: x.keep_coal })} />`)}
      ${kinds.has("start_auction") && plant === null ? html`<p class="hint">${t("pg-choose-plant")}</p>` : null}
      ${kinds.has("start_auction") && plant !== null ? html`
        <${BidControl} key=${`offer-${plant}`} s=${s} page=${page} outbox=${outbox} id="offer" min=${Math.min(...offerBids)} max=${Math.max(...offerBids)}
          action=${(amount) => ({ type: "start_auction", plant, bid: amount })}
          label=${(amount) => t("pg-offer", { plant, bid: amount })}
          low=${(min) => t("pg-why-offer-low", { plant, min })} />` : null}
      ${kinds.has("bid") ? html`
        <${BidControl} s=${s} page=${page} outbox=${outbox} id="bid" min=${Math.min(...bids)} max=${Math.max(...bids)}
          action=${(amount) => ({ type: "bid", amount })}
          label=${(amount) => t("pg-bid", { amount })}
          low=${(min) => t("pg-why-bid-low", { high: a.high_bid, min })} />` : null}
      ${kinds.has("pass") ? html`
        <${Act} outbox=${outbox} id="pass" action=${{ type: "pass" }} confirm=${true}
          label=${a ? t("pg-pass-auction") : t("pg-pass-round")} />` : null}
      ${legal.length && (kinds.has("buy") || (v.phase === "resources" && kinds.has("done"))) ? html`<${BuyControls} s=${s} page=${page} outbox=${outbox} />` : null}
      ${legal.length && v.phase === "building" ? html`<${BuildControls} s=${s} page=${page} outbox=${outbox} />` : null}
      ${kinds.has("power") ? html`<${PowerControls} s=${s} page=${page} outbox=${outbox} />` : null}
      ${kinds.has("done") ? html`
        <${Act} outbox=${outbox} id="done" action=${{ type: "done" }}
          label=${v.phase === "resources" ? t("pg-done-resources") : t("pg-done-building")} />` : null}
      <p id="pg-notice" role="status" class="notice">${s.notice?.text || ""}</p>
      ${legal.length ? html`<p class="error" id="pg-error" aria-live="polite">${s.error}</p>` : null}
    </section>`;
}

/**
 * A number input with its button. On every key the button's text follows the input, and a
 * number that would be refused disables the button with the reason next to the input: `judge(n)`
 * (a whole number, or null) gives `{label, reason}`, the reason "" when `n` is allowed. Enter in
 * the input, or the button, sends `action(n)`. The typed text is the page's state (`typed`).
 */
function NumberControl({ s, page, outbox, inputId, buttonId, initial, min, judge, action }) {
  const whyId = `${buttonId}-why`;
  const value = s.typed[inputId] ?? String(initial);
  const text = value.trim();
  const n = /^[0-9]+$/.test(text) ? Number(text) : null;
  const { label, reason } = judge(n);
  const go = () => {
    if (reason === "" && !outbox.busy) outbox.send(action(n), label);
  };
  const onInput = (ev) => page.store.set({ typed: { ...page.store.get().typed, [inputId]: ev.currentTarget.value } });
  const onKeyDown = (ev) => {
    if (ev.key === "Enter") go();
  };
  return html`
    <input type="text" inputmode="numeric" id=${inputId} value=${value} min=${min} aria-describedby=${whyId} autocomplete="off"
      aria-invalid=${String(reason !== "")} onInput=${onInput} onKeyDown=${onKeyDown} />
    ${" "}<button class="act" id=${buttonId} disabled=${reason !== "" || outbox.busy} onClick=${go}>${label}</button>
    <p class="why" id=${whyId} aria-live="polite">${reason}</p>`;
}

/**
 * A bid or an opening offer from `min` to `max` (the player's money): `low(min)` explains the
 * minimum.
 */
function BidControl({ s, page, outbox, id, min, max, action, label, low }) {
  const inputId = `${id}-amount`;
  const judge = (n) => {
    let reason = "";
    if (n === null) reason = t("pg-why-number", { min, max });
    else if (n < min) reason = low(min);
    else if (n > max) reason = t("pg-why-bid-money", { money: myMoney(s), max });
    return { label: label(n === null ? "?" : n), reason };
  };
  return html`
    <div class="bid">
      <label for=${inputId}>${t("pg-bid-range", { min, max })} </label>
      <${NumberControl} s=${s} page=${page} outbox=${outbox} inputId=${inputId} buttonId=${id} initial=${min} min=${min} judge=${judge} action=${action} />
    </div>`;
}

/** Why `n` units of `res` cannot be bought: the market, the money or the plants' room. */
function buyReason(s, rules, res, n, max) {
  const v = s.msg.view;
  const kind = t(`pg-kind-${res}`);
  if (n === null || n < 1) return t("pg-why-buy-number", { max, res: kind });
  if (n <= max) return "";
  const inMarket = v.resource_market[res];
  if (n > inMarket) return t("pg-why-buy-market", { n: inMarket, res: kind, max });
  const price = marketCost(v, rules, res, n), money = myMoney(s);
  if (money !== null && price > money) return t("pg-why-buy-money", { n, res: kind, price, money, max });
  return t("pg-why-buy-room", { res: kind, max });
}

function BuyControls({ s, page, outbox }) {
  const v = s.msg.view;
  const rows = RES.map((res) => {
    const amounts = s.msg.legal.filter((a) => a.type === "buy" && a.resource === res).map((a) => a.amount);
    if (!amounts.length) return null;
    const max = Math.max(...amounts);
    const inputId = `buy-${res}-n`;
    const kind = t(`pg-kind-${res}`);
    const judge = (n) => ({
      label: n !== null && n >= 1 && n <= v.resource_market[res]
        ? t("pg-buy", { n, res: kind, price: marketCost(v, page.rules, res, n) })
        : t("pg-buy-count", { n: n === null ? "?" : n, res: kind }),
      reason: buyReason(s, page.rules, res, n, max),
    });
    return html`
      <div class=${`buy-row${hintTarget(hintedAction()).resource === res ? " hinted" : ""}`} data-buy=${res} key=${res}>
        <label for=${inputId}><span class=${`res-dot ${res}`}></span> ${t("pg-buy-title", { res: t(`pg-res-${res}`) })} (${t("pg-buy-room", { n: max })}) </label>
        <${NumberControl} s=${s} page=${page} outbox=${outbox} inputId=${inputId} buttonId=${`buy-${res}`} initial=${1} judge=${judge}
          action=${(n) => ({ type: "buy", resource: res, amount: n })} />
      </div>`;
  }).filter(Boolean);
  return html`
    <div class="buy">
      ${rows.length ? rows : html`<p class="hint" id="buy-none">${buyNoneReason(v, me(s), page.rules, page.spec)}</p>`}
    </div>`;
}

function BuildControls({ s, page, outbox }) {
  const v = s.msg.view;
  if (!s.msg.legal.some((a) => a.type === "build")) return html`<div class="build"></div>`;
  const city = selectedCity(s);
  const p = city ? buildPreview(s, page.rules, city) : null;
  const names = Object.fromEntries(s.maps[v.map].cities.map((c) => [c.id, c.name]));
  return html`
    <div class="build">
      <p class="hint">${t("pg-build-hint")}</p>
      ${p ? html`
        <p id="build-preview">${t("pg-build-preview", { city: p.cityName, connection: p.connection, place: p.place, total: p.total })}</p>
        <p class="hint">${t("pg-build-path", { path: p.path.map((c) => names[c]).join(" → ") })}</p>
        <${Act} outbox=${outbox} id="build" data-total=${p.total} action=${{ type: "build", city }}
          label=${t("pg-build", { city: p.cityName, total: p.total })} />` : null}
    </div>`;
}

function PowerControls({ s, page, outbox }) {
  const v = s.msg.view;
  const options = s.msg.legal.filter((a) => a.type === "power");
  const mine = v.players[me(s)];
  const key = (plants) => [...plants].sort((a, b) => a - b).join("+");
  const capacity = (plants) => plants.reduce((sum, p) => sum + page.spec(p).cities, 0);
  // By default, the legal choice that powers the most cities.
  let best = options[0];
  for (const o of options) if (capacity(o.plants) > capacity(best.plants)) best = o;
  const chosen = s.powerChoice ?? best.plants;
  const matches = options.filter((o) => key(o.plants) === key(chosen));
  const hybrid = matches.some((o) => o.hybrid_coal === s.hybridCoal) ? s.hybridCoal : matches[0]?.hybrid_coal;
  const action = matches.find((o) => o.hybrid_coal === hybrid);
  const cities = Math.min(capacity(chosen), mine.cities.length);
  const income = page.rules.payment[Math.min(cities, page.rules.payment.length - 1)];
  const toggle = (p) => (ev) => {
    const on = ev.currentTarget.checked;
    page.store.set({ powerChoice: on ? [...chosen.filter((x) => x !== p), p] : chosen.filter((x) => x !== p) });
  };
  const hybrids = matches.map((o) => o.hybrid_coal);
  return html`
    <div class="power">
      <h3>${t("pg-power-title")}</h3>
      ${mine.plants.map((p) => html`
        <label class="power-pick" key=${p}>
          <input type="checkbox" class="power-plant" data-plant=${p} checked=${chosen.includes(p)} onChange=${toggle(p)} />
          ${" "}<${PlantCard} n=${p} page=${page} />
        </label>`)}
      ${hybrids.length > 1 ? html`
        <select id="hybrid-coal" aria-label=${t("pg-power-hybrid-label")} value=${String(hybrid)}
          onChange=${(ev) => page.store.set({ powerChoice: chosen, hybridCoal: Number(ev.currentTarget.value) })}>
          ${hybrids.map((n) => html`<option value=${String(n)}>${t("pg-power-hybrid", { n })}</option>`)}
        </select>` : null}
      <p id="power-preview">${t("pg-power-preview", { cities, income })}</p>
      <${IncomeTable} rules=${page.rules} cities=${mine.cities.length} powered=${cities} />
      ${action
        ? html`<${Act} outbox=${outbox} id="power" data-income=${income} action=${action} label=${t("pg-power", { income })} />`
        : html`<p class="error">${t("pg-power-impossible")}</p>`}
    </div>`;
}

/** The payment table's row for this player: the income for 0 up to all their cities powered. */
function IncomeTable({ rules, cities, powered }) {
  const rows = incomeRows(rules, cities);
  return html`
    <div class="pg-income-box">
      <p class="hint" id="pg-income-title">${t("pg-income-title")}</p>
      <table class="pg-income" id="pg-income" aria-labelledby="pg-income-title">
        <tr><th scope="row">${t("pg-income-cities")}</th>${rows.map((r) => html`<td class=${r.cities === powered ? "chosen" : ""}>${r.cities}</td>`)}</tr>
        <tr><th scope="row">${t("pg-income-elektro")}</th>${rows.map((r) => html`<td class=${r.cities === powered ? "chosen" : ""} data-cities=${r.cities}>${r.income}</td>`)}</tr>
      </table>
    </div>`;
}

// ---------- panels ----------

/** A plant card; with `onPick`, a button (Enter, Space or a click) with its accessible name. */
function PlantCard({ n, page, onPick, selectable, selected }) {
  const s = page.spec(n);
  const what = plantText(page.spec, n);
  const hinted = hintTarget(hintedAction()).plant === n;
  const cls = `plant k-${s.kind}${selectable ? " selectable" : ""}${selected ? " selected" : ""}${hinted ? " hinted" : ""}`;
  if (!onPick) {
    return html`<div class=${cls} data-plant=${n} title=${t("pg-plant-title", { n })}><span class="num">${n}</span><span class="what">${what}</span></div>`;
  }
  return html`
    <div class=${cls} data-plant=${n} title=${t("pg-plant-title", { n })} tabindex="0" role="button"
      aria-label=${selectable ? t("pg-plant-offerable", { n, what }) : t("pg-plant-label", { n, what })}
      aria-pressed=${selectable ? String(Boolean(selected)) : undefined} ...${activate(onPick)}>
      <span class="num">${n}</span><span class="what">${what}</span>
    </div>`;
}

function MarketPanel({ s, page }) {
  const v = s.msg.view;
  const offerable = new Set(s.msg.legal.filter((a) => a.type === "start_auction").map((a) => a.plant));
  const chosen = selectedPlant(s);
  const card = (n) => html`<${PlantCard} key=${n} n=${n} page=${page} selectable=${offerable.has(n)} selected=${chosen === n}
    onPick=${(el) => plantClicked(page, n, el)} />`;
  const step3 = v.step3_card_in_market ? html`<div class="plant step3">${t("pg-step3-card")}</div>` : null;
  return html`
    <section class="market">
      <h2>${t("pg-market")}</h2>
      ${v.step === 3 ? html`
        <h3>${t("pg-market-single")}</h3>
        <div class="row" id="market-current">${[...v.current_market, ...v.future_market].map(card)}${step3}</div>` : html`
        <h3>${t("pg-market-current")}</h3>
        <div class="row" id="market-current">${v.current_market.map(card)}</div>
        <h3>${t("pg-market-future")}</h3>
        <div class="row" id="market-future">${v.future_market.map(card)}${step3}</div>`}
      <p id="deck-size">${t("pg-deck", { n: v.deck_size })}</p>
      ${v.under_step3_card.length ? html`<p>${t("pg-under-step3", { plants: list(v.under_step3_card) })}</p>` : null}
    </section>`;
}

function ResourcePanel({ s, page }) {
  const v = s.msg.view;
  const refill = refillRow(page.rules, v.players.length, v.step);
  const hint = hintTarget(hintedAction());
  const rows = RES.map((res) => {
    const prices = page.rules.place_prices[res];
    const inMarket = v.resource_market[res];
    const first = prices.length - inMarket;
    const label = inMarket
      ? t("pg-res-label", { res: t(`pg-res-${res}`), n: inMarket, price: prices[first], supply: v.supply[res] })
      : t("pg-res-label-empty", { res: t(`pg-res-${res}`), supply: v.supply[res] });
    const space = (p, i) => i >= first
      ? html`<span class=${`space full ${res}`} title=${`${p}`}
          onClick=${(ev) => { ev.stopPropagation(); resourceClicked(page, res, ev.currentTarget.closest(".res-row"), i - first + 1); }}>${p}</span>`
      : html`<span class="space" title=${`${p}`}>${p}</span>`;
    return html`
      <div class=${`res-row${hint.resource === res ? " hinted" : ""}`} data-res=${res} key=${res} tabindex="0" role="button" aria-label=${label}
        ...${activate((el) => resourceClicked(page, res, el, null))}>
        <div class="res-name">${t(`pg-res-${res}`)} · <span class="in-market">${t("pg-res-market", { n: inMarket })}</span> · ${t("pg-res-supply", { n: v.supply[res] })} · <span class="refill" data-refill=${refill[res]}>${t("pg-res-refill", { n: refill[res] })}</span></div>
        <div class="spaces">${prices.map(space)}</div>
      </div>`;
  });
  return html`
    <section class="resources">
      <h2>${t("pg-resources")}</h2>
      ${rows}
      <p class="hint" id="pg-refill">${t("pg-refill-note", { step: v.step, players: v.players.length })}</p>
    </section>`;
}

function PlayersPanel({ s, page }) {
  const v = s.msg.view;
  const actor = v.actor.type === "seat" ? v.actor.seat : null;
  const order = v.turn_order;
  const players = [...v.players].sort((a, b) => order.indexOf(a.seat) - order.indexOf(b.seat));
  return html`
    <section class="players">
      <h2>${t("pg-players")}</h2>
      ${players.map((p) => html`
        <div class=${`player${p.seat === actor ? " acting" : ""}`} data-seat=${p.seat} key=${p.seat}>
          <div class="pname"><span class="swatch" style=${`background:${COLOURS[p.seat]}`}></span> ${name(p.seat)}${youMark(p.seat)} · ${t("pg-player-order", { n: order.indexOf(p.seat) + 1 })}</div>
          <div>
            <span class="money">${p.money === null ? t("pg-player-money-hidden") : t("pg-player-money", { money: p.money })}</span> · <span class="cities-count">${t("pg-player-cities", { n: p.cities.length })}</span> · <span class="houses">${t("pg-player-houses", { n: p.houses_left })}</span>
          </div>
          <div class="row plants">${p.plants.map((n) => html`<${PlantCard} key=${n} n=${n} page=${page} />`)}</div>
          <div class="stored">${t("pg-player-stored", { list: resList(p.resources) })}</div>
        </div>`)}
    </section>`;
}

function StandingsPanel({ s }) {
  const st = s.msg.view.standings || s.msg.outcome?.standings;
  if (!st) return null;
  const items = st.map((r, i) => {
    const prev = st[i - 1];
    let note = "";
    if (prev && prev.cities_powered === r.cities_powered) {
      if (prev.rank === r.rank) note = t("pg-tied-shared");
      else if (prev.money !== r.money) note = t("pg-tied-money");
      else note = t("pg-tied-cities");
    }
    return html`<li data-seat=${r.seat} key=${r.seat}>${t("pg-standing-row", { rank: r.rank, name: name(r.seat), powered: r.cities_powered, money: r.money, cities: r.cities })}${note ? ` (${note})` : ""}</li>`;
  });
  return html`
    <section class="standings" id="standings">
      <h2>${t("pg-standings")}</h2>
      <ol class="standings-list">${items}</ol>
      <p class="hint">${t("pg-tiebreak")}</p>
    </section>`;
}

function eventText(s, e) {
  const n = e.seat !== undefined ? name(e.seat) : "";
  const cityName = (id) => (s.maps[s.msg.view.map]?.cities.find((c) => c.id === id) || { name: id }).name;
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

function LogPanel({ s }) {
  const entries = (s.log?.entries || []).slice(-200).reverse();
  return html`
    <section class="log">
      <h2>${t("pg-log")}</h2>
      <ol id="pg-log" reversed>${entries.map((e) => html`<li>${eventText(s, e)}</li>`)}</ol>
    </section>`;
}

// ---------- map ----------

function houseShape(x, y) {
  const r = HOUSE / 2;
  return `M${x - r} ${y + r}V${y - r / 3}L${x} ${y - r}L${x + r} ${y - r / 3}V${y + r}Z`;
}

/**
 * Where each city's label goes: `{id: {x, y, dy, box}}` with the text's centre and its box, in
 * the page's font (label widths differ by language). Each label takes the place around its city
 * that overlaps least with other labels and cities (most crowded cities first), then repair
 * passes move any label that still overlaps.
 */
function labelLayout(map) {
  const started = performance.now();
  const svg = (tag, attrs) => {
    const el = document.createElementNS("http://www.w3.org/2000/svg", tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, v);
    return el;
  };
  const probe = svg("svg", { class: "pg-probe", width: 10, height: 10 });
  const texts = map.cities.map((c) => {
    const text = svg("text", { class: "city-name", x: 0, y: 0, "dominant-baseline": "central" });
    text.textContent = c.name;
    return text;
  });
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
      const at = placed[c.id];
      const next = best(c);
      if (next !== at && (next.x !== at.x || next.y !== at.y)) {
        placed[c.id] = next;
        moved = true;
      }
    }
    if (!moved) break;
  }
  for (const c of map.cities) placed[c.id] = { ...placed[c.id], dy: size[c.id].dy };
  // Shown in the browser's performance tools (and read by the browser test).
  performance.measure("pg-label-layout", { start: started });
  return placed;
}

/** The box that shows the whole map: every city and every label, with a small margin. */
function fullBox(map, labels) {
  let x0 = Infinity, y0 = Infinity, x1 = -Infinity, y1 = -Infinity;
  for (const c of map.cities) {
    const b = labels[c.id].box;
    x0 = Math.min(x0, c.x - CITY_R, b.x); y0 = Math.min(y0, c.y - CITY_R, b.y);
    x1 = Math.max(x1, c.x + CITY_R, b.x + b.w); y1 = Math.max(y1, c.y + CITY_R, b.y + b.h);
  }
  return { x: x0 - 8, y: y0 - 8, w: x1 - x0 + 16, h: y1 - y0 + 16 };
}

/**
 * The map's width on screen as it draws the view box: the box is fitted in the map's shape,
 * so a map held by its height (a tall map on a phone) draws narrower than its element.
 */
function mapWidthPx(map) {
  const aspect = map.full.w / map.full.h;
  const svg = document.getElementById("pg-map");
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
 * The map's first view: the regions in play at a readable scale; on a desktop, where the map
 * column is a third of a larger screen, the regions in play are shown whole.
 */
function firstView(s) {
  const v = s.msg.view;
  const map = s.maps[v.map];
  const phone = phoneLayout();
  const box = homeBox(map, new Set(v.regions), map.labels, map.full, phone ? mapWidthPx(map) : Infinity, CITY_R);
  return { viewBox: box, viewBoxAuto: true, wasPhone: phone };
}

/** The accessible name of a city: its houses, and what a click on it would do. */
function cityLabel(s, rules, c, owners, buildable) {
  const houses = owners.length ? t("pg-city-houses", { n: owners.length, names: list(owners.map(name)) }) : t("pg-city-empty");
  if (buildable) return t("pg-city-build", { city: c.name, houses, total: buildPreview(s, rules, c.id).total });
  return t("pg-city", { city: c.name, houses });
}

function MapView({ s, page }) {
  const v = s.msg.view;
  const map = s.maps[v.map];
  const { store } = page;
  // A drag in progress (pointer down on the map): where it started, whether it moved.
  const drag = useRef(null);
  // The first view is made from the map's size on screen: once it is drawn (and before the
  // browser paints it).
  useLayoutEffect(() => {
    if (!store.get().viewBox) {
      queueMicrotask(() => {
        if (!store.get().viewBox) store.set(firstView(store.get()));
      });
    }
  });
  const vb = s.viewBox || map.full;
  const full = map.full;
  const inPlay = new Set(v.regions);
  const pos = Object.fromEntries(map.cities.map((c) => [c.id, c]));
  const legalCities = new Set(s.msg.legal.filter((a) => a.type === "build").map((a) => a.city));
  const hintedCity = hintTarget(hintedAction()).city;
  const chosenCity = selectedCity(s);
  const preview = chosenCity ? buildPreview(s, page.rules, chosenCity) : null;
  const pathEdges = new Set();
  if (preview) for (let i = 1; i < preview.path.length; i++) pathEdges.add([preview.path[i - 1], preview.path[i]].sort().join("|"));
  const setBox = (box) => store.set({ viewBox: box, viewBoxAuto: false });
  const zoom = (f) => () => {
    const b = store.get().viewBox || full;
    const cx = b.x + b.w / 2, cy = b.y + b.h / 2;
    const w = b.w * f, hgt = b.h * f;
    setBox({ x: cx - w / 2, y: cy - hgt / 2, w, h: hgt });
  };
  const onWheel = (ev) => {
    ev.preventDefault();
    const b = store.get().viewBox || full;
    const r = ev.currentTarget.getBoundingClientRect();
    const f = ev.deltaY > 0 ? 1.15 : 1 / 1.15;
    const fx = (ev.clientX - r.left) / r.width, fy = (ev.clientY - r.top) / r.height;
    const w = Math.min(full.w * 2, b.w * f), hgt = Math.min(full.h * 2, b.h * f);
    setBox({ x: b.x + fx * b.w - fx * w, y: b.y + fy * b.h - fy * hgt, w, h: hgt });
  };
  const onPointerDown = (ev) => {
    const b = store.get().viewBox || full;
    drag.current = { x: ev.clientX, y: ev.clientY, vx: b.x, vy: b.y, moved: false, dragged: false };
  };
  const onPointerMove = (ev) => {
    const d = drag.current;
    if (!d || d.dragged) return;
    const dx = ev.clientX - d.x, dy = ev.clientY - d.y;
    if (Math.abs(dx) + Math.abs(dy) > 4) d.moved = true;
    if (!d.moved) return;
    const r = ev.currentTarget.getBoundingClientRect();
    const { w, h: hgt } = store.get().viewBox || full;
    setBox({ x: d.vx - (dx / r.width) * w, y: d.vy - (dy / r.height) * hgt, w, h: hgt });
  };
  // The click that ends a drag is no click on a city.
  const end = () => {
    const d = drag.current;
    if (!d) return;
    if (d.moved) {
      d.dragged = true;
      setTimeout(() => {
        if (drag.current === d) drag.current = null;
      }, 0);
    } else drag.current = null;
  };
  const pickCity = (id) => (el) => {
    if (drag.current?.dragged) return;
    cityClicked(page, id, el);
  };
  const lines = map.connections.map((c) => {
    const a = pos[c.a], b = pos[c.b];
    const live = inPlay.has(a.region) && inPlay.has(b.region);
    const onPath = pathEdges.has([c.a, c.b].sort().join("|"));
    return html`
      <g class=${`conn${live ? "" : " off"}${onPath ? " path" : ""}`}>
        <line x1=${a.x} y1=${a.y} x2=${b.x} y2=${b.y} />
        <circle cx=${(a.x + b.x) / 2} cy=${(a.y + b.y) / 2} r="9" class="cost-bg" />
        <text x=${(a.x + b.x) / 2} y=${(a.y + b.y) / 2 + 4} class="cost">${c.cost}</text>
      </g>`;
  });
  const cities = map.cities.map((c) => {
    const live = inPlay.has(c.region);
    const owners = cityOwners(v, c.id);
    const buildable = legalCities.has(c.id);
    return html`
      <g key=${c.id} class=${`city${live ? "" : " off"}${buildable ? " buildable" : ""}${chosenCity === c.id ? " selected" : ""}${hintedCity === c.id ? " hinted" : ""}`}
        data-city=${c.id} data-owners=${owners.join(",")}
        tabindex=${live && v.phase === "building" ? 0 : -1}
        role="button" aria-label=${cityLabel(s, page.rules, c, owners, buildable)}
        aria-pressed=${buildable ? String(chosenCity === c.id) : undefined} ...${activate(pickCity(c.id))}>
        <title>${c.name}</title>
        <circle class="disc" cx=${c.x} cy=${c.y} r=${CITY_R} fill=${live ? REGION_FILL[c.region] : "#ddd"} />
        ${SLOTS.map(([dx, dy], i) => html`
          <path d=${houseShape(c.x + dx, c.y + dy)} class=${`house${owners[i] !== undefined ? " taken" : i >= v.step ? " later" : ""}`}
            fill=${owners[i] !== undefined ? COLOURS[owners[i]] : "#fff"} data-seat=${owners[i]} />`)}
      </g>`;
  });
  const names = map.cities.map((c) => html`
    <text x=${map.labels[c.id].x} y=${map.labels[c.id].y - map.labels[c.id].dy} dominant-baseline="central"
      class=${`city-name${inPlay.has(c.region) ? "" : " off"}`} data-city=${c.id} aria-hidden="true">${c.name}</text>`);
  // In the Tab order the cities come only while building (`tabindex` above): in the other
  // phases the ~35 cities would stand between the player and the plants or the resources.
  return html`
    <div class="map-wrap">
      <div class="zoom" role="toolbar" aria-label=${t("pg-zoom")}>
        <button onClick=${zoom(0.8)} title=${t("pg-zoom-in")} aria-label=${t("pg-zoom-in")}>+</button>
        <button onClick=${zoom(1.25)} title=${t("pg-zoom-out")} aria-label=${t("pg-zoom-out")}>−</button>
        <button id="zoom-home" onClick=${() => store.set(firstView(store.get()))} title=${t("pg-zoom-home")} aria-label=${t("pg-zoom-home")}>◎</button>
        <button id="zoom-fit" onClick=${() => setBox({ ...full })} title=${t("pg-zoom-reset")} aria-label=${t("pg-zoom-reset")}>⤢</button>
      </div>
      <svg id="pg-map" viewBox=${`${vb.x} ${vb.y} ${vb.w} ${vb.h}`} role="group" aria-label=${t(`pg-map-${v.map}`)}
        onWheel=${onWheel} onPointerDown=${onPointerDown} onPointerMove=${onPointerMove} onPointerUp=${end} onPointerLeave=${end}>
        <g>${lines}</g>
        <g>${cities}</g>
        <g class="names">${names}</g>
      </svg>
    </div>`;
}

