// The Game page: the four piles (direction and top card, the 1 and 100 start cards included),
// the own hand sorted, click a card then a pile (piles that cannot take it are dimmed, and a
// click on one says why; the backwards trick is marked), end turn, a compact signal menu on
// each pile, teammates' hand sizes, the draw pile, the log and the result (a loss names who
// could not play, with what, and how many cards were left). The page offers exactly the
// server's `legal` actions; the table around it (names, clocks, alerts, undo, rematch) is
// `core.js`'s.
import { t, h, api, list, Connection, sendAction, startTable, tableState, tableBar, seatName } from "./core.js";

const PILES = ["up1", "up2", "down1", "down2"];
let conn, gameId, token, root, last = null;
let selected = null;
let helpOpen = true; // the "what can I do now" box, until closed
let log = [];
let logVersion = -1;
let why = ""; // why the last clicked pile could not take the card
let signalMenu = null; // the pile whose signal menu is open

const name = (seat) => seatName(seat);

// `source` (the replay viewer, replay.js) replaces the live connection and the log route.
let source = null;

export function start(main, id, tok, _summary, replaySource) {
  gameId = id;
  token = tok;
  root = main;
  source = replaySource || null;
  root.replaceChildren(h("p", {}, t("loading")));
  conn = source ? source.connect(onState) : new Connection(gameId, token, onState);
  startTable(conn, { gameId, token, kind: "thegame", label: (seat) => t("seat-name", { n: seat + 1 }), refresh: () => last && render(), replay: Boolean(source) });
}

async function onState(msg) {
  const first = !last;
  if (msg.version !== last?.version) why = "";
  last = msg;
  tableState(msg);
  if (msg.version === logVersion + 1 && !first) {
    log.push(...msg.events);
    logVersion = msg.version;
  } else if (msg.version !== logVersion) {
    try {
      const l = await (source ? source.log() : api(`/api/games/${gameId}/log`, { token }));
      log = l.entries.flatMap((e) => e.events);
      logVersion = l.version;
    } catch {
      logVersion = msg.version;
    }
  }
  if (selected !== null && !msg.view.hand.includes(selected)) selected = null;
  render();
}

function isBackwards(pile, card, top) {
  return pile.startsWith("up") ? card === top - 10 : card === top + 10;
}

function render() {
  const v = last.view;
  document.body.dataset.version = last.version;
  document.body.dataset.kind = "thegame";
  const err = h("p", { class: "error", id: "tg-error", "aria-live": "polite" });
  const plays = last.legal.filter((a) => a.type === "play");
  const seatMe = last.viewer.type === "seat" ? last.viewer.seat : null;
  // While a bot stands in for this seat, it is not the player's turn to play.
  const myTurn = seatMe !== null && v.current === seatMe && !last.seats?.[seatMe]?.away;

  let status;
  if (v.outcome) status = v.outcome.type === "won" ? t("tg-won") : t("tg-lost", { n: v.outcome.cards_left });
  else status = myTurn ? t("your-turn") : t("tg-turn", { name: name(v.current) });
  const who = seatMe === null ? t("spectating") : t("you-are", { name: name(seatMe) });

  const piles = PILES.map((p, i) => {
    const top = v.tops[i];
    const takes = selected !== null && plays.some((a) => a.card === selected && a.pile === p);
    const dim = selected !== null && !takes;
    const back = takes && isBackwards(p, selected, top);
    const signals = [];
    for (let s = 0; s < v.players; s++) {
      const sig = v.signals[s][i];
      if (sig) signals.push(h("li", { class: `sig ${sig}` }, t("tg-signal-of", { name: name(s), signal: t(`tg-signal-${sig}`) })));
    }
    // Signals may be sent by any seat at any time: when the server lists none (not our
    // turn), the page builds them from the action format and the server judges them.
    let sigActions = last.legal.filter((a) => a.type === "signal" && a.pile === p);
    if (!last.legal.length && seatMe !== null && !v.outcome) {
      sigActions = ["dont_play", "good_card"].filter((sig) => v.signals[seatMe][i] !== sig).map((signal) => ({ type: "signal", pile: p, signal }));
    }
    const sigButtons = sigActions.map((a) =>
      h("button", { class: "act small", "data-signal": a.signal, onclick: () => { signalMenu = null; sendAction(conn, a, err); } }, t(`tg-signal-send-${a.signal}`)));
    const start = (p.startsWith("up") && top === 1) || (p.startsWith("down") && top === 100);
    const el = h("div", {
      class: `pile ${p.startsWith("up") ? "up" : "down"}${dim ? " dim" : ""}${takes ? " takes" : ""}${back ? " backwards" : ""}`,
      "data-pile": p, "data-top": top,
    },
      h("div", { class: "pile-name" }, t(`tg-pile-${p}`)),
      h("div", { class: "pile-dir" }, p.startsWith("up") ? t("tg-up") : t("tg-down")),
      h("div", { class: `top${start ? " start" : ""}` }, top),
      start ? h("div", { class: "pile-dir start-note" }, t("tg-start-card")) : null,
      back ? h("div", { class: "back-mark" }, t("tg-backwards")) : null,
      h("ul", { class: "signals" }, signals),
      sigButtons.length ? h("details", {
        class: "sig-menu", "data-pile": p, open: signalMenu === p,
        ontoggle: (ev) => { if (ev.target.open) signalMenu = p; else if (signalMenu === p) signalMenu = null; },
      }, h("summary", {}, t("tg-signal")), h("div", { class: "sig-buttons" }, sigButtons)) : null);
    el.addEventListener("click", (ev) => {
      if (ev.target.closest("button, details")) return;
      if (takes) {
        const card = selected;
        selected = null;
        why = "";
        sendAction(conn, { type: "play", card, pile: p }, err);
        return;
      }
      why = whyNot(v, seatMe, p, top);
      render();
    });
    return el;
  });

  const over = Boolean(v.outcome);
  const hand = [...v.hand].sort((a, b) => a - b).map((c) => {
    const playable = plays.some((a) => a.card === c);
    const backAny = plays.some((a) => a.card === c && isBackwards(a.pile, c, v.tops[PILES.indexOf(a.pile)]));
    // After the end the hand is shown as it is, not as dimmed buttons.
    if (over) return h("span", { class: "card final", "data-card": c }, c);
    const b = h("button", {
      class: `card${selected === c ? " selected" : ""}${playable ? "" : " unplayable"}${backAny ? " has-back" : ""}`,
      "data-card": c, disabled: !playable,
    }, c);
    b.addEventListener("click", () => { selected = selected === c ? null : c; why = ""; render(); });
    return b;
  });

  const canEnd = last.legal.some((a) => a.type === "end_turn");
  const team = Array.from({ length: v.players }, (_, s) => h("li", { "data-seat": s, class: s === v.current ? "acting" : "" },
    t("tg-hand-size", { name: name(s), n: v.hand_sizes[s] }), s === seatMe ? ` ${t("pg-you")}` : ""));

  root.replaceChildren(tableBar(), h("div", { class: "tg" },
    h("div", { class: "tg-head" }, h("p", { id: "tg-status" }, status, " · ", who),
    over ? endBox(v, seatMe) : null,
    over ? null : h("details", { class: "help", id: "tg-help", open: helpOpen, ontoggle: (ev) => { helpOpen = ev.target.open; } },
      h("summary", {}, t("help-title")),
      h("p", { class: "help-text" }, myTurn && !v.outcome ? t("tg-help-turn", { min: v.minimum }) : t("tg-help-wait")),
      h("a", { href: "/rules/thegame", target: "_blank", rel: "noopener", id: "rules-link" }, t("rules-link")))),
    h("section", { class: "piles" }, piles),
    h("p", { class: "why", id: "tg-why", "aria-live": "polite" }, why),
    h("section", { class: "hand-box" },
      h("h2", {}, over ? t("tg-end-hand") : t("tg-hand")),
      seatMe !== null && !v.outcome ? h("p", { class: "hint" }, t("tg-hand-hint")) : null,
      h("div", { class: "hand", id: "tg-hand" }, hand),
      myTurn && !v.outcome ? h("p", { id: "tg-turn-count" }, t("tg-played-this-turn", { n: v.played_this_turn, min: v.minimum })) : null,
      canEnd ? h("button", { class: "act", id: "end-turn", onclick: () => sendAction(conn, { type: "end_turn" }, err, t("tg-end-turn")) }, t("tg-end-turn")) : null,
      err),
    h("section", { class: "team" }, h("h2", {}, t("tg-team")),
      h("p", { id: "tg-draw" }, t("tg-draw-pile", { n: v.draw_pile })), h("ul", {}, team)),
    h("section", { class: "log" }, h("h2", {}, t("tg-log")),
      h("ol", { id: "tg-log", reversed: true }, log.slice(-200).reverse().map((e) => h("li", {}, eventText(e)))))));
}

/** Why a click on `pile` does not play: no card chosen, not this seat's turn, or the rule. */
function whyNot(v, seatMe, pile, top) {
  if (seatMe === null) return "";
  if (v.outcome) return t("error-game_over");
  if (v.current !== seatMe) return t("tg-why-not-turn", { name: name(v.current) });
  if (selected === null) return t("tg-why-choose");
  const up = pile.startsWith("up");
  const args = { card: selected, pile: t(`tg-pile-${pile}`), top };
  const back = up ? top - 10 : top + 10;
  const rule = up ? t("tg-why-up", args) : t("tg-why-down", args);
  return back >= 2 && back <= 99 ? `${rule} ${t("tg-why-back", { back })}` : rule;
}

/**
 * The end of a lost game explained: the seat whose turn it was could not reach the minimum
 * (its own cards are named when it is the viewer), and where the cards left are.
 */
function endBox(v, seatMe) {
  if (v.outcome.type !== "lost") return null;
  const inHands = v.hand_sizes.slice(0, v.players).reduce((a, b) => a + b, 0);
  const args = { min: v.minimum, played: v.played_this_turn };
  const stuck = v.current === seatMe
    ? t("tg-end-stuck-me", { ...args, cards: list([...v.hand].sort((a, b) => a - b)) })
    : t("tg-end-stuck", { ...args, name: name(v.current), hand: v.hand_sizes[v.current] });
  return h("div", { class: "tg-end", id: "tg-end" },
    h("p", {}, stuck),
    h("p", {}, t("tg-end-left", { n: v.outcome.cards_left, draw: v.draw_pile, hands: inHands })));
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
