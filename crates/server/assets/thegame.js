// The Game page: the four piles (direction and top card, the 1 and 100 start cards included),
// the own hand sorted, choose a card then a pile (piles that cannot take it are dimmed, and a
// click on one says why; the backwards trick is marked), end turn, a compact signal menu on
// each pile, teammates' hand sizes, the draw pile, the log and the result (a loss names who
// could not play, with which cards, and how many were left; once over, every seat's hand is
// shown once, from the server's `final_hands`, the viewer's own among them). The status line's
// sentences ("Your turn", "You play Ann.") are lines of their own: no separator is put after a
// sentence's full stop, whichever the language's. The page offers exactly the server's `legal`
// actions; the table around it (names, clocks, alerts, undo, rematch) is `table.js`'s.
//
// The page is one store (the last state message, the chosen card, the log, why the last pile
// refused, which menus are open) drawn by Preact components (`view.js`). Cards and piles are
// buttons in the Tab order: Enter on a card chooses it (focus stays on it), Enter on a pile
// plays it there.
import { t, list, paragraphs } from "./i18n.js";
import { Connection } from "./net.js";
import { refetchLog, sendAction, sending, startTable, tableState, tableBar, seatName, youMark, hintedAction } from "./table.js";
import { createStore } from "./store.js";
import { html, render, Node } from "./view.js";
import { logAfter } from "./gamelog.js";
import { PILES, isBackwards, whyNot, signalActions } from "./thegamelogic.js";
import { actionText, hintTarget } from "./analysislogic.js";

const name = (seat) => seatName(seat);
const sorted = (cards) => [...cards].sort((a, b) => a - b);

/**
 * Starts the page in `main`. `source` (the replay viewer, replay.js) replaces the live
 * connection and the log route.
 */
export function start(main, gameId, token, summary, source = null) {
  const store = createStore({ replay: Boolean(source), msg: null, selected: null, helpOpen: true, log: null, why: "", signalMenu: null, error: "" });
  const fetchLog = (version) => refetchLog(store, { source, gameId, token }, version);
  const onState = async (msg) => {
    tableState(msg);
    const now = store.get();
    const log = logAfter(now.log, msg);
    const selected = now.selected !== null && msg.view.hand.includes(now.selected) ? now.selected : null;
    store.set({ msg, selected, why: msg.version !== now.msg?.version ? "" : now.why, log: log || now.log });
    if (!log) await fetchLog(msg.version);
  };
  const conn = source ? source.connect(onState) : new Connection(gameId, token, onState);
  const draw = () => {
    if (!store.get().msg) return;
    document.body.dataset.version = store.get().msg.version;
    document.body.dataset.kind = "thegame";
    render(html`<${Page} state=${store.get()} store=${store} conn=${conn} busy=${sending()} bar=${tableBar()} />`, main);
  };
  startTable(conn, {
    gameId, token, kind: "thegame", label: (seat) => t("seat-name", { n: seat + 1 }), refresh: draw, replay: Boolean(source),
    rated: Boolean(summary?.options?.rated), describe: (action) => actionText("thegame", action),
  });
  main.replaceChildren();
  render(html`<p>${t("loading")}</p>`, main);
  store.subscribe(draw);
}

function Page({ state, store, conn, busy, bar }) {
  const { msg } = state;
  const v = msg.view;
  // A replay is read-only: whichever seat's view it shows, nobody plays there.
  const seatMe = !state.replay && msg.viewer.type === "seat" ? msg.viewer.seat : null;
  // While a bot stands in for this seat, it is not the player's turn to play.
  const myTurn = seatMe !== null && v.current === seatMe && !msg.seats?.[seatMe]?.away;
  const over = Boolean(v.outcome);
  const plays = msg.legal.filter((a) => a.type === "play");
  const send = (action, label) => sendAction(conn, store, action, label);
  const status = over
    ? (v.outcome.type === "won" ? t("tg-won") : t("tg-lost", { n: v.outcome.cards_left }))
    : (myTurn ? t("your-turn") : t("tg-turn", { name: name(v.current) }));
  const who = state.replay ? null : seatMe === null ? t("spectating") : t("you-are", { name: name(seatMe) });
  const canEnd = msg.legal.some((a) => a.type === "end_turn");
  // The Hint button's suggestion, pointed at: its card and its pile (or End turn).
  const hinted = hintedAction();
  const hint = hintTarget(hinted);
  return html`
    <${Node} node=${bar} class="bar-slot" />
    <div class="tg">
      <div class="tg-head">
        <p id="tg-status"><span class="tg-status-line">${status}</span>${who ? html`<span class="tg-status-line" id="tg-who">${who}</span>` : null}</p>
        ${over ? html`<${EndBox} msg=${msg} seatMe=${seatMe} />` : state.replay ? null : html`
          <details class="help" id="tg-help" open=${state.helpOpen}
            onToggle=${(ev) => { if (ev.currentTarget.open !== store.get().helpOpen) store.set({ helpOpen: ev.currentTarget.open }); }}>
            <summary>${t("help-title")}</summary>
            ${paragraphs(myTurn ? t("tg-help-turn", { min: v.minimum }) : seatMe === null ? t("tg-help-watch") : t("tg-help-wait")).map((p) => html`<p class="help-text">${p}</p>`)}
            <a href="/rules/thegame" target="_blank" rel="noopener" id="rules-link">${t("rules-link")}</a>
          </details>`}
      </div>
      <section class="piles">
        ${PILES.map((p, i) => html`<${Pile} key=${p} pile=${p} i=${i} state=${state} store=${store} seatMe=${seatMe} plays=${plays} send=${send} busy=${busy} hinted=${hint.pile === p} />`)}
      </section>
      <p class="why" id="tg-why" aria-live="polite">${state.why}</p>
      ${msg.viewer.type === "seat" && !(over && Array.isArray(msg.final_hands)) ? html`<section class="hand-box">
        <h2>${state.replay ? t("tg-hand-of", { name: name(msg.viewer.seat) }) : over ? t("tg-end-hand") : t("tg-hand")}</h2>
        ${seatMe !== null && !over ? html`<p class="hint">${t("tg-hand-hint")}</p>` : null}
        <div class="hand" id="tg-hand">
          ${sorted(v.hand).map((c) => over || state.replay
            ? html`<span key=${c} class="card final" data-card=${c}>${c}</span>`
            : html`<${Card} key=${c} card=${c} v=${v} plays=${plays} selected=${state.selected === c} store=${store} hinted=${hint.card === c} />`)}
        </div>
        ${myTurn && !over ? html`<p id="tg-turn-count">${t("tg-played-this-turn", { n: v.played_this_turn, min: v.minimum })}</p>` : null}
        ${canEnd ? html`<button class=${`act${hinted?.type === "end_turn" ? " hinted" : ""}`} id="end-turn" disabled=${busy} onClick=${() => send({ type: "end_turn" }, t("tg-end-turn"))}>${t("tg-end-turn")}</button>` : null}
        <p class="error" id="tg-error" aria-live="polite">${state.error}</p>
      </section>` : null}
      <section class="team">
        <h2>${t("tg-team")}</h2>
        <p id="tg-draw">${t("tg-draw-pile", { n: v.draw_pile })}</p>
        <ul>${Array.from({ length: v.players }, (_, s) => html`
          <li key=${s} data-seat=${s} class=${s === v.current ? "acting" : ""}>${t("tg-hand-size", { name: name(s), n: v.hand_sizes[s] })}${youMark(s)}</li>`)}
        </ul>
      </section>
      <section class="log">
        <h2>${t("tg-log")}</h2>
        <ol id="tg-log" reversed>${(state.log?.entries || []).slice(-200).reverse().map((e) => html`<li>${eventText(e)}</li>`)}</ol>
      </section>
    </div>`;
}

function Card({ card, v, plays, selected, store, hinted }) {
  const playable = plays.some((a) => a.card === card);
  const backAny = plays.some((a) => a.card === card && isBackwards(a.pile, card, v.tops[PILES.indexOf(a.pile)]));
  const choose = () => store.set((s) => ({ ...s, selected: s.selected === card ? null : card, why: "" }));
  return html`<button class=${`card${selected ? " selected" : ""}${playable ? "" : " unplayable"}${backAny ? " has-back" : ""}${hinted ? " hinted" : ""}`}
    data-card=${card} disabled=${!playable} aria-pressed=${String(selected)} onClick=${choose}>${card}</button>`;
}

function Pile({ pile, i, state, store, seatMe, plays, send, busy, hinted }) {
  const { msg, selected } = state;
  const v = msg.view;
  const top = v.tops[i];
  const takes = selected !== null && plays.some((a) => a.card === selected && a.pile === pile);
  const dim = selected !== null && !takes;
  const back = takes && isBackwards(pile, selected, top);
  const up = pile.startsWith("up");
  const start = (up && top === 1) || (!up && top === 100);
  const signals = [];
  for (let s = 0; s < v.players; s++) {
    const sig = v.signals[s][i];
    if (sig) signals.push(html`<li class=${`sig ${sig}`}>${t("tg-signal-of", { name: name(s), signal: t(`tg-signal-${sig}`) })}</li>`);
  }
  const sigActions = signalActions(msg, pile, i, seatMe);
  const act = () => {
    if (busy) return;
    if (takes) {
      store.set({ selected: null, why: "" });
      send({ type: "play", card: selected, pile });
      return;
    }
    store.set({ why: whyNot(v, seatMe, pile, top, selected, name) });
  };
  const onKey = (ev) => {
    if (ev.target !== ev.currentTarget || (ev.key !== "Enter" && ev.key !== " ")) return;
    ev.preventDefault();
    act();
  };
  const label = `${t(`tg-pile-${pile}`)}: ${top}`;
  return html`
    <div class=${`pile ${up ? "up" : "down"}${dim ? " dim" : ""}${takes ? " takes" : ""}${back ? " backwards" : ""}${hinted ? " hinted" : ""}`}
      data-pile=${pile} data-top=${top} tabindex="0" role="button" aria-label=${label} aria-disabled=${String(dim || busy)}
      onClick=${(ev) => { if (!ev.target.closest("button, details")) act(); }} onKeyDown=${onKey}>
      <div class="pile-name">${t(`tg-pile-${pile}`)}</div>
      <div class="pile-dir">${up ? t("tg-up") : t("tg-down")}</div>
      <div class=${`top${start ? " start" : ""}`}>${top}</div>
      ${start ? html`<div class="pile-dir start-note">${t("tg-start-card")}</div>` : null}
      ${back ? html`<div class="back-mark">${t("tg-backwards")}</div>` : null}
      <ul class="signals">${signals}</ul>
      ${sigActions.length ? html`
        <details class="sig-menu" data-pile=${pile} open=${state.signalMenu === pile}
          onToggle=${(ev) => {
            const open = ev.currentTarget.open;
            const now = store.get().signalMenu;
            if (open && now !== pile) store.set({ signalMenu: pile });
            else if (!open && now === pile) store.set({ signalMenu: null });
          }}>
          <summary>${t("tg-signal")}</summary>
          <div class="sig-buttons">${sigActions.map((a) => html`
            <button class="act small" data-signal=${a.signal} disabled=${busy} onClick=${() => { store.set({ signalMenu: null }); send(a); }}>${t(`tg-signal-send-${a.signal}`)}</button>`)}
          </div>
        </details>` : null}
    </div>`;
}

/**
 * The end of a lost game explained: the seat whose turn it was could not reach the minimum
 * (its own cards are named when it is the viewer), and where the cards left are.
 */
function EndBox({ msg, seatMe }) {
  const v = msg.view;
  if (v.outcome.type !== "lost") return null;
  const inHands = v.hand_sizes.slice(0, v.players).reduce((a, b) => a + b, 0);
  const args = { min: v.minimum, played: v.played_this_turn };
  // Once the game is over the server reveals every hand (`final_hands`): the stuck seat's
  // cards are named even when another seat is watching.
  const stuckHand = msg.final_hands?.[v.current];
  let stuck;
  if (v.current === seatMe) stuck = t("tg-end-stuck-me", { ...args, cards: list(sorted(v.hand)) });
  else if (stuckHand) stuck = t("tg-final-stuck", { ...args, name: name(v.current), cards: list(sorted(stuckHand)) });
  else stuck = t("tg-end-stuck", { ...args, name: name(v.current), hand: v.hand_sizes[v.current] });
  const hands = msg.final_hands;
  return html`
    <div class="tg-end" id="tg-end">
      <p id="tg-end-stuck">${stuck}</p>
      <p>${t("tg-end-left", { n: v.outcome.cards_left, draw: v.draw_pile, hands: inHands })}</p>
      ${Array.isArray(hands) ? html`
        <section class="tg-final" id="tg-final-hands">
          <h2>${t("tg-final-hands")}</h2>
          <ul>${hands.map((cards, s) => html`
            <li data-seat=${s} class=${`${s === v.current ? "stuck" : ""}${s === seatMe ? " me" : ""}`}>
              <span class="tg-final-name">${name(s)}${youMark(s)}</span>
              ${cards.length
                ? html`<span class="hand">${sorted(cards).map((c) => html`<span class="card final" data-card=${c}>${c}</span>`)}</span>`
                : html`<span class="tg-final-none">${t("tg-final-none")}</span>`}
            </li>`)}
          </ul>
        </section>` : null}
    </div>`;
}

function eventText(e) {
  const n = e.seat !== undefined ? name(e.seat) : "";
  switch (e.type) {
    case "played": return t(e.backwards ? "tg-ev-played-backwards" : "tg-ev-played", { name: n, card: e.card, pile: t(`tg-pile-${e.pile}`) });
    case "drew": return e.cards ? t("tg-ev-drew-cards", { name: n, cards: list(e.cards) }) : t("tg-ev-drew", { name: n, count: e.count });
    case "signalled": return t("tg-ev-signalled", { name: n, pile: t(`tg-pile-${e.pile}`), signal: t(`tg-signal-${e.signal}`) });
    default: return t(`tg-ev-${e.type}`, { ...e, name: n });
  }
}
