// The Game page: the four piles (direction and top card), the own hand sorted, click a card
// then a pile (piles that cannot take it are dimmed; the backwards trick is marked), end turn,
// signals on each pile, teammates' hand sizes, the draw pile, the log and the result. The
// page offers exactly the server's `legal` actions.
import { t, h, api, list, Connection, sendAction } from "./core.js";
import { seatName } from "./seatnames.js";

const PILES = ["up1", "up2", "down1", "down2"];
let conn, gameId, token, root, last = null;
let selected = null;
let helpOpen = true; // the "what can I do now" box, until closed
let log = [];
let logVersion = -1;

const name = (seat) => seatName("thegame", seat, last?.seats);

// `source` (the replay viewer, replay.js) replaces the live connection and the log route.
let source = null;

export function start(main, id, tok, _summary, replaySource) {
  gameId = id;
  token = tok;
  root = main;
  source = replaySource || null;
  root.replaceChildren(h("p", {}, t("loading")));
  conn = source ? source.connect(onState) : new Connection(gameId, token, onState);
}

async function onState(msg) {
  const first = !last;
  last = msg;
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

  let status;
  if (v.outcome) status = v.outcome.type === "won" ? t("tg-won") : t("tg-lost", { n: v.outcome.cards_left });
  else status = v.current === seatMe ? t("your-turn") : t("tg-turn", { name: name(v.current) });
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
      h("button", { class: "act small", "data-signal": a.signal, onclick: () => sendAction(conn, a, err) }, t(`tg-signal-send-${a.signal}`)));
    const empty = (p.startsWith("up") && top === 1) || (p.startsWith("down") && top === 100);
    const el = h("div", {
      class: `pile ${p.startsWith("up") ? "up" : "down"}${dim ? " dim" : ""}${takes ? " takes" : ""}${back ? " backwards" : ""}`,
      "data-pile": p, "data-top": top,
    },
      h("div", { class: "pile-name" }, t(`tg-pile-${p}`)),
      h("div", { class: "pile-dir" }, p.startsWith("up") ? t("tg-up") : t("tg-down")),
      h("div", { class: "top" }, empty ? t("tg-empty") : top),
      back ? h("div", { class: "back-mark" }, t("tg-backwards")) : null,
      h("ul", { class: "signals" }, signals),
      h("div", { class: "sig-buttons" }, sigButtons));
    if (takes) {
      el.addEventListener("click", (ev) => {
        if (ev.target.closest("button")) return;
        const card = selected;
        selected = null;
        sendAction(conn, { type: "play", card, pile: p }, err);
      });
    }
    return el;
  });

  const hand = [...v.hand].sort((a, b) => a - b).map((c) => {
    const playable = plays.some((a) => a.card === c);
    const backAny = plays.some((a) => a.card === c && isBackwards(a.pile, c, v.tops[PILES.indexOf(a.pile)]));
    const b = h("button", {
      class: `card${selected === c ? " selected" : ""}${playable ? "" : " unplayable"}${backAny ? " has-back" : ""}`,
      "data-card": c, disabled: !playable,
    }, c);
    b.addEventListener("click", () => { selected = selected === c ? null : c; render(); });
    return b;
  });

  const canEnd = last.legal.some((a) => a.type === "end_turn");
  const team = Array.from({ length: v.players }, (_, s) => h("li", { "data-seat": s, class: s === v.current ? "acting" : "" },
    t("tg-hand-size", { name: name(s), n: v.hand_sizes[s] }), s === seatMe ? ` ${t("pg-you")}` : ""));

  root.replaceChildren(h("div", { class: "tg" },
    h("div", { class: "tg-head" }, h("p", { id: "tg-status" }, status, " · ", who),
    h("details", { class: "help", id: "tg-help", open: helpOpen, ontoggle: (ev) => { helpOpen = ev.target.open; } },
      h("summary", {}, t("help-title")),
      h("p", { class: "help-text" }, v.current === seatMe && !v.outcome ? t("tg-help-turn", { min: v.minimum }) : t("tg-help-wait")),
      h("a", { href: "/rules/thegame", target: "_blank", rel: "noopener", id: "rules-link" }, t("rules-link")))),
    h("section", { class: "piles" }, piles),
    h("section", { class: "hand-box" },
      h("h2", {}, t("tg-hand")),
      seatMe !== null && !v.outcome ? h("p", { class: "hint" }, t("tg-hand-hint")) : null,
      h("div", { class: "hand", id: "tg-hand" }, hand),
      v.current === seatMe && !v.outcome ? h("p", { id: "tg-turn-count" }, t("tg-played-this-turn", { n: v.played_this_turn, min: v.minimum })) : null,
      canEnd ? h("button", { class: "act", id: "end-turn", onclick: () => sendAction(conn, { type: "end_turn" }, err) }, t("tg-end-turn")) : null,
      err),
    h("section", { class: "team" }, h("h2", {}, t("tg-team")),
      h("p", { id: "tg-draw" }, t("tg-draw-pile", { n: v.draw_pile })), h("ul", {}, team)),
    h("section", { class: "log" }, h("h2", {}, t("tg-log")),
      h("ol", { id: "tg-log", reversed: true }, log.slice(-200).reverse().map((e) => h("li", {}, eventText(e)))))));
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
