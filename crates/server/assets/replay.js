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
// - The game's analysis (analysis.js) sits under the controls: its chart, the marks on the
//   timeline and the decision at the step shown; it is loaded once, and again while it waits.
import { t, errorText } from "./i18n.js";
import { api, savedSeats } from "./net.js";
import { seatName } from "./seatnames.js";
import { createStore } from "./store.js";
import { html, render, Node, useState } from "./view.js";
import { AnalysisPanel, MarkButtons, TimelineMarks, loadAnalysis } from "./analysis.js";

const SPEEDS = [2000, 1000, 500, 250];

/** The record's download: a link, or, with this browser's seat token, a fetch of it. */
function DownloadRecord({ gameId, token }) {
  const [error, setError] = useState("");
  const fetchRecord = async (ev) => {
    if (!token) return;
    ev.preventDefault();
    try {
      const record = await api(`/api/games/${gameId}/record`, { token });
      const url = URL.createObjectURL(new Blob([JSON.stringify(record)], { type: "application/json" }));
      const link = document.createElement("a");
      link.href = url;
      link.download = `game-${gameId}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10000);
      setError("");
    } catch (e) {
      setError(errorText(e));
    }
  };
  return html`
    <a href=${`/api/games/${gameId}/record`} download=${`game-${gameId}.json`} id="download-record" class="button-link" onClick=${fetchRecord}>${t("lobby-download-record")}</a>
    ${error ? html`<span class="error">${error}</span>` : null}`;
}

export async function replay(main, gameId, summary, token) {
  const params = new URLSearchParams(location.hash.slice(1));
  const backHref = `/games/${gameId}${token ? `#token=${token}` : ""}`;
  const mine = token || savedSeats().find((s) => s.game === gameId)?.token || null;
  if (!summary.outcome) {
    main.replaceChildren();
    render(html`
      <section class="replay-bar">
        <p id="replay-not-over">${t("lobby-replay-not-over")}</p>
        <${DownloadRecord} gameId=${gameId} token=${mine} /> · <a href=${backHref} id="back-to-game">${t("lobby-back-to-game")}</a>
      </section>`, main);
    return;
  }
  const mod = await import(summary.kind === "powergrid" ? "./powergrid.js" : "./thegame.js");
  const seat = Number(params.get("seat"));
  // The seat this browser holds, told "you" by the analysis (none when it holds several).
  const held = savedSeats().filter((x) => x.game === gameId);
  const reader = held.length === 1 ? held[0].seat : (held.find((x) => x.token === token)?.seat ?? null);
  const store = createStore({
    seat: params.has("seat") && Number.isInteger(seat) && seat >= 0 && seat < summary.seats.length ? seat : null,
    step: Math.max(0, Number(params.get("step")) || 0),
    steps: null, // known from the first answer
    shown: null, // the step the board shows
    entries: [], // the log as of the step shown
    views: null, // every seat's view at that step (the revealed rows)
    speed: 1000,
    playing: null, // the timer of "play"
    error: "",
    wanted: null, // the step asked for while another is on its way: `{n, redraw}`
    busy: false,
    reader,
    view: null, // the game's view at the step shown (how the analysis words an action)
    cities: null, // Power Grid: the map's city names by id
    analysis: null, // the server's answer on the game's analysis
    analysisError: "",
    analysisTimer: null, // the next look while the analysis waits or runs
    analysisBusy: false,
  });
  // The board is the game page's own, drawn by it in this element.
  const board = document.createElement("div");
  board.className = "replay-board";
  board.id = "replay-board";
  // The page's source: one state message per step, and the log as of that step.
  const page = { onState: null };
  const source = {
    connect(handler) {
      page.onState = handler;
      return { pending: false, send: () => Promise.reject(Object.assign(new Error("replay"), { code: "game_over" })) };
    },
    log: async () => ({ entries: store.get().entries, version: store.get().step }),
  };

  /** Shows step `n` (once the step on its way is shown: one request at a time). */
  async function show(n, redraw) {
    store.set({ wanted: { n, redraw } });
    if (store.get().busy) return;
    store.set({ busy: true });
    let fallback = false;
    while (store.get().wanted) {
      const { wanted: { n: target, redraw: again }, step, steps, shown } = store.get();
      store.set({ wanted: null });
      if (target === step && !again && steps !== null && shown === step) continue;
      try {
        const q = store.get().seat === null ? "" : `&seat=${store.get().seat}`;
        const r = await api(`/api/games/${gameId}/replay?step=${target}${q}`);
        store.set((s) => ({ ...s, steps: r.steps, step: r.step, entries: r.entries, error: fallback ? s.error : "" }));
        fallback = false;
        await page.onState(r.state);
        board.dataset.shown = String(r.step);
        store.set({ shown: r.step, views: r.views, view: r.state.view });
        if (summary.kind === "powergrid" && !store.get().cities) loadCities(store, r.state.view.map);
        history.replaceState(null, "", `#replay&step=${r.step}${q}`);
      } catch (e) {
        store.set({ error: errorText(e) });
        // A link to a step the game does not have opens at its start instead.
        if (store.get().steps === null && target !== 0 && !store.get().wanted) {
          fallback = true;
          store.set({ wanted: { n: 0, redraw: true }, error: t("lobby-replay-no-step", { step: target }) });
        }
      }
    }
    store.set({ busy: false });
  }
  const go = async (n) => {
    const { steps } = store.get();
    if (steps === null) return;
    await show(Math.min(steps, Math.max(0, n)), false);
  };
  const stop = () => {
    clearTimeout(store.get().playing);
    store.set({ playing: null });
  };
  const toggle = () => {
    if (store.get().playing) return stop();
    if (store.get().step >= store.get().steps) go(0);
    const tick = () => {
      if (store.get().step >= store.get().steps) return stop();
      go(store.get().step + 1).then(() => {
        if (store.get().playing) store.set({ playing: setTimeout(tick, store.get().speed) });
      });
    };
    store.set({ playing: setTimeout(tick, 0) });
  };
  const actions = {
    go, toggle,
    askAnalysis: () => loadAnalysis(store, gameId, true),
    setSpeed: (ms) => store.set({ speed: ms }),
    setSeat: (s) => {
      store.set({ seat: s });
      show(store.get().step, true);
    },
  };
  const draw = () => render(html`
    <div class="replay">
      <${ReplayBar} s=${store.get()} summary=${summary} actions=${actions} gameId=${gameId} token=${mine} backHref=${backHref} />
      <${AnalysisPanel} s=${store.get()} summary=${summary} actions=${actions} />
      <${Revealed} s=${store.get()} summary=${summary} />
      <${Node} node=${board} class="replay-board-slot" />
    </div>`, main);
  main.replaceChildren();
  store.subscribe(draw);
  draw();
  document.body.classList.add("replaying");
  loadAnalysis(store, gameId);
  await mod.start(board, gameId, null, summary, source);
  await show(store.get().step, true);
}

/** The city names of a Power Grid map, for the analysis's words ("Build in Essen"). */
async function loadCities(store, map) {
  store.set({ cities: {} }); // asked once
  try {
    const data = await (await fetch(`/assets/powergrid/${map}.json`)).json();
    store.set({ cities: Object.fromEntries(data.cities.map((c) => [c.id, c.name])) });
  } catch {
    // The analysis names a city by its id then.
  }
}

function ReplayBar({ s, summary, actions, gameId, token, backHref }) {
  const steps = s.steps ?? 0;
  const button = (id, label, onClick, disabled = false) => html`
    <button type="button" id=${id} class="small" aria-label=${label} title=${label} onClick=${onClick} disabled=${disabled}>${label}</button>`;
  const atStart = s.step <= 0, atEnd = s.step >= steps;
  return html`
    <section class="replay-bar" id="replay-bar">
      <div class="replay-controls">
        <h2>${t("lobby-replay-title")}</h2>
        ${button("replay-first", t("lobby-replay-first"), () => actions.go(0), atStart)}
        ${button("replay-prev", t("lobby-replay-prev"), () => actions.go(s.step - 1), atStart)}
        ${button("replay-play", s.playing ? t("lobby-replay-pause") : t("lobby-replay-play"), actions.toggle)}
        ${button("replay-next", t("lobby-replay-next"), () => actions.go(s.step + 1), atEnd)}
        ${button("replay-last", t("lobby-replay-last"), () => actions.go(steps), atEnd)}
        <span id="replay-step" aria-live="polite">${s.steps === null ? "" : t("lobby-replay-counter", { step: s.step, steps })}</span>
      </div>
      <div class="replay-controls">
        <div class="replay-timeline">
          <input type="range" id="replay-slider" min="0" max=${steps} value=${s.step} aria-label=${t("lobby-replay-jump")}
            onInput=${(ev) => actions.go(Number(ev.currentTarget.value))} />
          <${TimelineMarks} s=${s} />
        </div>
      </div>
      <${MarkButtons} s=${s} go=${actions.go} />
      <div class="replay-controls">
        <label>${t("lobby-replay-speed")} <select id="replay-speed" aria-label=${t("lobby-replay-speed")} value=${String(s.speed)}
          onChange=${(ev) => actions.setSpeed(Number(ev.currentTarget.value))}>
          ${SPEEDS.map((ms) => html`<option value=${String(ms)}>${t("lobby-replay-speed-option", { seconds: ms / 1000 })}</option>`)}
        </select></label>
        <label>${t("lobby-replay-seen-by")} <select id="replay-seat" aria-label=${t("lobby-replay-seen-by")} value=${s.seat === null ? "" : String(s.seat)}
          onChange=${(ev) => actions.setSeat(ev.currentTarget.value === "" ? null : Number(ev.currentTarget.value))}>
          <option value="">${t("lobby-replay-everyone")}</option>
          ${summary.seats.map((x) => html`<option value=${String(x.seat)}>${seatName(summary.kind, x.seat, summary.seats)}</option>`)}
        </select></label>
        <span><${DownloadRecord} gameId=${gameId} token=${token} /> · <a href=${backHref} id="back-to-game">${t("lobby-back-to-game")}</a></span>
      </div>
      <p class="error" id="replay-error">${s.error}</p>
    </section>`;
}

/** Every seat's hand (The Game) or money (Power Grid) at the step shown: the game is over. */
function Revealed({ s, summary }) {
  const rows = (s.views || []).map((v, seat) => {
    const name = seatName(summary.kind, seat, summary.seats);
    if (summary.kind === "thegame") {
      const hand = [...(v.hand || [])].sort((a, b) => a - b);
      return html`<li data-seat=${seat}>${t("lobby-replay-hand", { name, cards: hand.join(" ") || "–" })}</li>`;
    }
    const money = (v.players || []).find((p) => p.seat === seat)?.money;
    return html`<li data-seat=${seat}>${t("lobby-replay-money", { name, money: money ?? 0 })}</li>`;
  });
  return html`
    <section class="replay-revealed" id="replay-revealed">
      ${s.views ? html`<h2>${t("lobby-replay-revealed")}</h2><ul>${rows}</ul>` : null}
    </section>`;
}

/**
 * Below a game page: the record's download (redacted for this seat while the game runs) and,
 * once the game is over, the way into the replay.
 */
export function recordBar(gameId, token, summary) {
  const store = createStore({ over: Boolean(summary.outcome) });
  const slot = document.createElement("div");
  document.getElementById("main").after(slot);
  const draw = () => render(html`
    <p id="record-bar" class="record-bar">
      <${DownloadRecord} gameId=${gameId} token=${token} />
      ${store.get().over ? html` · <a href=${`/games/${gameId}#replay`} id="watch-replay">${t("lobby-replay-watch")}</a>` : null}
    </p>`, slot);
  store.subscribe(draw);
  draw();
  document.addEventListener("tabletop:state", (ev) => {
    if (ev.detail.outcome && !store.get().over) store.set({ over: true });
  });
}
