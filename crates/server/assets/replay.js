// The replay viewer (`/games/{id}#replay`, optionally `&step=N&seat=S`): a finished game move
// by move, drawn by the game's own page (powergrid.js, thegame.js) from the server's
// `GET /api/games/{id}/replay?step=N&seat=S`, which rebuilds the game after N actions.
//
// Decisions:
// - The board is the live page's renderer, handed a `source` instead of its WebSocket: each
//   step's state message goes to the page's `onState`, and its log comes from the same answer,
//   so the page shows the game exactly as it stood then, log included, and never a later move.
// - Hidden information is revealed because the game is over: the view can be taken from any
//   seat (the picker), and every seat's hand (The Game) or money (Power Grid) is listed beside
//   the board. While a game runs there is no replay, only the download of the record, redacted
//   for this browser's seat.
// - One step at a time: a step is fetched only after the previous one is drawn, so playing at
//   speed on a slow connection slows down instead of piling up requests.
import { t, errorText } from "./i18n.js";
import { h } from "./dom.js";
import { api, savedSeats } from "./net.js";
import { seatName } from "./seatnames.js";

const SPEEDS = [2000, 1000, 500, 250];

/** The record's download: a link, or a button fetching it with this browser's seat token. */
function downloadRecord(gameId, token) {
  const a = h("a", { href: `/api/games/${gameId}/record`, download: `game-${gameId}.json`, id: "download-record", class: "button-link" }, t("lobby-download-record"));
  if (!token) return a;
  a.addEventListener("click", async (ev) => {
    ev.preventDefault();
    try {
      const record = await api(`/api/games/${gameId}/record`, { token });
      const url = URL.createObjectURL(new Blob([JSON.stringify(record)], { type: "application/json" }));
      const link = h("a", { href: url, download: `game-${gameId}.json` });
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
    } catch (e) {
      a.after(h("span", { class: "error" }, errorText(e)));
    }
  });
  return a;
}

export async function replay(main, gameId, summary, token) {
  const params = new URLSearchParams(location.hash.slice(1));
  const back = h("a", { href: `/games/${gameId}${token ? `#token=${token}` : ""}`, id: "back-to-game" }, t("lobby-back-to-game"));
  const mine = token || savedSeats().find((s) => s.game === gameId)?.token || null;
  if (!summary.outcome) {
    main.replaceChildren(h("section", { class: "replay-bar" },
      h("p", { id: "replay-not-over" }, t("lobby-replay-not-over")), downloadRecord(gameId, mine), " · ", back));
    return;
  }
  const mod = await import(summary.kind === "powergrid" ? "./powergrid.js" : "./thegame.js");
  const seatCount = summary.seats.length;
  let seat = Number(params.get("seat"));
  let seatChoice = params.has("seat") && Number.isInteger(seat) && seat >= 0 && seat < seatCount ? seat : null;
  let step = Math.max(0, Number(params.get("step")) || 0);
  let steps = null;
  let playing = null;
  let onState = null;
  let entries = [];
  let busy = false;
  let wanted = null;
  let fallback = false;

  const board = h("div", { class: "replay-board", id: "replay-board" });
  const revealed = h("section", { class: "replay-revealed", id: "replay-revealed" });
  const counter = h("span", { id: "replay-step", "aria-live": "polite" });
  const slider = h("input", { type: "range", id: "replay-slider", min: 0, max: 0, value: 0, "aria-label": t("lobby-replay-jump") });
  const err = h("p", { class: "error", id: "replay-error" });
  const button = (id, label, onclick) => h("button", { type: "button", id, class: "small", "aria-label": label, title: label, onclick }, label);
  const first = button("replay-first", t("lobby-replay-first"), () => go(0));
  const prev = button("replay-prev", t("lobby-replay-prev"), () => go(step - 1));
  const play = button("replay-play", t("lobby-replay-play"), () => toggle());
  const next = button("replay-next", t("lobby-replay-next"), () => go(step + 1));
  const last = button("replay-last", t("lobby-replay-last"), () => go(steps));
  const speed = h("select", { id: "replay-speed", "aria-label": t("lobby-replay-speed") },
    SPEEDS.map((ms, i) => h("option", { value: ms, selected: i === 1 }, t("lobby-replay-speed-option", { seconds: ms / 1000 }))));
  const seen = h("select", { id: "replay-seat", "aria-label": t("lobby-replay-seen-by") },
    h("option", { value: "" }, t("lobby-replay-everyone")),
    summary.seats.map((s) => h("option", { value: s.seat, selected: s.seat === seatChoice }, seatName(summary.kind, s.seat, summary.seats))));
  slider.addEventListener("input", () => go(Number(slider.value)));
  seen.addEventListener("change", () => {
    seatChoice = seen.value === "" ? null : Number(seen.value);
    show(step, true);
  });
  main.replaceChildren(h("div", { class: "replay" },
    h("section", { class: "replay-bar", id: "replay-bar" },
      h("div", { class: "replay-controls" }, h("h2", {}, t("lobby-replay-title")), first, prev, play, next, last, counter),
      h("div", { class: "replay-controls" }, slider),
      h("div", { class: "replay-controls" },
        h("label", {}, t("lobby-replay-speed"), " ", speed),
        h("label", {}, t("lobby-replay-seen-by"), " ", seen),
        h("span", {}, downloadRecord(gameId, mine), " · ", back)), err),
    revealed, board));

  // The page's source: one state message per step, and the log as of that step.
  const source = {
    connect(handler) {
      onState = handler;
      return { pending: false, send: () => Promise.reject(Object.assign(new Error("replay"), { code: "game_over" })) };
    },
    log: async () => ({ entries, version: step }),
  };

  function toggle() {
    if (playing) {
      clearTimeout(playing);
      playing = null;
      play.textContent = t("lobby-replay-play");
      return;
    }
    if (step >= steps) go(0);
    play.textContent = t("lobby-replay-pause");
    const tick = () => {
      if (step >= steps) {
        playing = null;
        play.textContent = t("lobby-replay-play");
        return;
      }
      go(step + 1).then(() => {
        if (playing) playing = setTimeout(tick, Number(speed.value));
      });
    };
    playing = setTimeout(tick, 0);
  }

  async function go(n) {
    if (steps === null) return;
    await show(Math.min(steps, Math.max(0, n)), false);
  }

  async function show(n, redraw) {
    wanted = { n, redraw };
    if (busy) return;
    busy = true;
    while (wanted) {
      const { n: target, redraw: again } = wanted;
      wanted = null;
      if (target === step && !again && steps !== null && board.dataset.shown === String(step)) continue;
      try {
        const q = seatChoice === null ? "" : `&seat=${seatChoice}`;
        const r = await api(`/api/games/${gameId}/replay?step=${target}${q}`);
        steps = r.steps;
        step = r.step;
        entries = r.entries;
        if (!fallback) err.textContent = "";
        fallback = false;
        await onState(r.state);
        board.dataset.shown = String(step);
        showRevealed(r);
        history.replaceState(null, "", `#replay&step=${step}${q}`);
      } catch (e) {
        err.textContent = errorText(e);
        // A link to a step the game does not have opens at its start instead.
        if (steps === null && target !== 0 && !wanted) {
          wanted = { n: 0, redraw: true };
          fallback = true;
          err.textContent = t("lobby-replay-no-step", { step: target });
        }
      }
      slider.max = steps ?? 0;
      slider.value = step;
      counter.textContent = t("lobby-replay-counter", { step, steps: steps ?? 0 });
      first.disabled = prev.disabled = step <= 0;
      next.disabled = last.disabled = step >= steps;
    }
    busy = false;
  }

  function showRevealed(r) {
    const rows = r.views.map((v, s) => {
      const name = seatName(summary.kind, s, summary.seats);
      if (summary.kind === "thegame") {
        const hand = [...(v.hand || [])].sort((a, b) => a - b);
        return h("li", { "data-seat": s }, t("lobby-replay-hand", { name, cards: hand.join(" ") || "–" }));
      }
      const money = (v.players || []).find((p) => p.seat === s)?.money;
      return h("li", { "data-seat": s }, t("lobby-replay-money", { name, money: money ?? 0 }));
    });
    revealed.replaceChildren(h("h2", {}, t("lobby-replay-revealed")), h("ul", {}, rows));
  }

  document.body.classList.add("replaying");
  await mod.start(board, gameId, null, summary, source);
  await show(step, true);
}

/**
 * Below a game page: the record's download (redacted for this seat while the game runs) and,
 * once the game is over, the way into the replay.
 */
export function recordBar(gameId, token, summary) {
  const bar = h("p", { id: "record-bar", class: "record-bar" }, downloadRecord(gameId, token));
  const offer = () => {
    if (bar.querySelector("#watch-replay")) return;
    bar.append(" · ", h("a", { href: `/games/${gameId}#replay`, id: "watch-replay" }, t("lobby-replay-watch")));
  };
  if (summary.outcome) offer();
  document.addEventListener("tabletop:state", (ev) => {
    if (ev.detail.outcome) offer();
  });
  document.getElementById("main").after(bar);
}
