// The game's analysis in the replay viewer (replay.js): its status while it waits or runs, the
// chart of each seat's chance to win over the game, the marks of inaccuracies and mistakes on
// the timeline with buttons to the previous and next one, each seat's summary, and at a step
// where a seat decided, what it chose and what the bot prefers, with both estimates; hints taken
// are shown at their steps. The numbers are the server's (`GET /api/games/{id}/analysis`, the
// analysis crate's report, docs/analysis.md); the pure parts are `analysislogic.js`.
//
// Decisions:
// - The chart is an inline SVG drawn at the pixel width of its box (measured, and again whenever
//   the box changes width), not a scaled picture, so its labels stay at their font size on a
//   phone.
// - The marks and the summaries follow the "Seen by" picker: with a seat chosen, that seat's
//   marks only; with everyone's view, every seat's.
// - "You" is the seat this browser holds in the game (one seat: a hotseat device holding several
//   is told every seat by name, as a spectator is).
import { t, errorText } from "./i18n.js";
import { api } from "./net.js";
import { seatName, PG_COLOURS } from "./seatnames.js";
import { html, useLayoutEffect, useRef, useState } from "./view.js";
import {
  ANALYSIS_POLL_MS, actionsText, actionText, agreementPercent, analysisPhase, decisionAt, decisionSentence,
  estimateText, markList, nextMark, stepAt, winChart,
} from "./analysislogic.js";

const CHART_HEIGHT = 170;
const MARK_COLOUR = { mistake: "#c0392b", inaccuracy: "#e08a00" };

/**
 * Loads the analysis of `gameId` into `store` (`analysis`, `analysisError`), and again every
 * `ANALYSIS_POLL_MS` while it waits or runs; with `ask`, asks for one first (`POST`).
 */
export async function loadAnalysis(store, gameId, ask = false) {
  clearTimeout(store.get().analysisTimer);
  store.set({ analysisTimer: null, analysisBusy: ask });
  let unreachable = false;
  try {
    const answer = await api(`/api/games/${gameId}/analysis`, ask ? { method: "POST", body: {} } : {});
    store.set({ analysis: answer, analysisError: "" });
  } catch (e) {
    // A network failure (no code) looks again: the analysis may come once the server is back.
    // A refusal is said and stays (the "Ask again" button, when shown, asks again).
    unreachable = !e.code;
    store.set({ analysisError: errorText(e) });
  } finally {
    store.set({ analysisBusy: false });
  }
  if (unreachable || analysisPhase(store.get().analysis) === "waiting") {
    store.set({ analysisTimer: setTimeout(() => loadAnalysis(store, gameId), ANALYSIS_POLL_MS) });
  }
}

/** Words for one action in the replay: city names from the map, the position shown. */
function describer(s, summary) {
  const cityName = (id) => s.cities?.[id] ?? id;
  return {
    one: (action) => actionText(summary.kind, action, { view: s.view, cityName }),
    many: (actions) => actionsText(summary.kind, actions, { view: s.view, cityName }),
  };
}

/** The analysis under the replay's controls. */
export function AnalysisPanel({ s, summary, actions }) {
  const answer = s.analysis;
  const phase = analysisPhase(answer);
  const status = () => {
    if (!answer) return s.analysisError ? null : html`<p id="analysis-status">${t("loading")}</p>`;
    if (answer.status === "queued") return html`<p id="analysis-status" data-status="queued">${t("ana-queued", { position: answer.position ?? 1 })}</p>`;
    if (answer.status === "running") return html`<p id="analysis-status" data-status="running">${t("ana-running")}</p>`;
    if (phase === "failed") {
      return html`
        <p id="analysis-status" data-status="failed">${t("ana-failed", { error: answer.error || "" })}</p>
        <button type="button" class="small" id="analysis-ask" disabled=${s.analysisBusy} onClick=${actions.askAnalysis}>${t("ana-ask-again")}</button>`;
    }
    if (phase === "absent") {
      return html`
        <p id="analysis-status" data-status="absent">${t("ana-absent")}</p>
        <button type="button" class="small" id="analysis-ask" disabled=${s.analysisBusy} onClick=${actions.askAnalysis}>${t("ana-ask")}</button>`;
    }
    return null;
  };
  const report = phase === "done" ? answer.report : null;
  return html`
    <section class="analysis" id="analysis" aria-labelledby="analysis-title">
      <h2 id="analysis-title">${t("ana-title")}</h2>
      ${status()}
      <p class="error" id="analysis-error" aria-live="polite">${s.analysisError}</p>
      ${report ? html`
        <${WinChart} s=${s} summary=${summary} report=${report} go=${actions.go} />
        <${DecisionHere} s=${s} summary=${summary} report=${report} />
        <${Summaries} s=${s} summary=${summary} report=${report} />` : null}
      <${HintsHere} s=${s} summary=${summary} hints=${answer?.hints || []} />
    </section>`;
}

/** The chance to win of each seat over the game; a click goes to the step under it. */
function WinChart({ s, summary, report, go }) {
  const box = useRef(null);
  const [width, setWidth] = useState(0);
  // Measured whenever the box changes width: a window resized, or a scroll bar that appears
  // once the page grows taller than the window.
  useLayoutEffect(() => {
    const measure = () => {
      const w = Math.floor(box.current?.getBoundingClientRect().width || 0);
      setWidth((old) => (old === w ? old : w));
    };
    measure();
    const watch = new ResizeObserver(measure);
    watch.observe(box.current);
    return () => watch.disconnect();
  }, []);
  const steps = s.steps ?? 0;
  const chart = width ? winChart(report, steps, s.step, width, CHART_HEIGHT) : null;
  const colour = (seat) => PG_COLOURS[seat % PG_COLOURS.length];
  const onClick = (ev) => {
    const r = ev.currentTarget.getBoundingClientRect();
    go(stepAt(ev.clientX - r.left, r.width, steps));
  };
  const { plot } = chart || {};
  return html`
    <figure class="win-chart">
      <div class="win-chart-box" ref=${box}>
        ${chart ? html`
          <svg id="win-chart" width=${width} height=${CHART_HEIGHT} viewBox=${`0 0 ${width} ${CHART_HEIGHT}`} role="img"
            aria-label=${t("ana-chart-label")} onClick=${onClick} data-steps=${steps}>
            ${chart.grid.map((g) => html`
              <line class="grid" x1=${plot.x} x2=${plot.x + plot.w} y1=${g.y} y2=${g.y} />
              <text class="axis" x=${plot.x - 4} y=${g.y} text-anchor="end" dominant-baseline="central">${t("ana-percent", { n: g.percent / 100 })}</text>`)}
            <text class="axis" x=${plot.x} y=${CHART_HEIGHT - 4} text-anchor="start">0</text>
            <text class="axis" x=${plot.x + plot.w} y=${CHART_HEIGHT - 4} text-anchor="end">${steps}</text>
            <text class="axis" x=${plot.x + plot.w / 2} y=${CHART_HEIGHT - 4} text-anchor="middle">${t("ana-axis-step")}</text>
            <line class="current" id="win-chart-current" x1=${chart.current} x2=${chart.current} y1=${plot.y} y2=${plot.y + plot.h} />
            ${chart.lines.map((l) => html`
              <g class="win-line" data-seat=${l.seat} key=${l.seat}>
                ${l.points ? html`<polyline points=${l.points} fill="none" stroke=${colour(l.seat)} stroke-width="2" />` : null}
                ${l.dots.length === 1 ? html`<circle cx=${l.dots[0].x} cy=${l.dots[0].y} r="3" fill=${colour(l.seat)} />` : null}
              </g>`)}
            ${chart.marks.map((m) => html`
              <path class="win-mark" data-step=${m.step} data-mark=${m.mark} d=${`M${m.x - 5} ${m.y - 9}h10l-5 8z`}
                fill=${MARK_COLOUR[m.mark]} stroke="#fff" stroke-width="1"><title>${t(`ana-mark-${m.mark}`)}</title></path>`)}
          </svg>` : null}
      </div>
      <figcaption>
        <ul class="win-legend" id="win-legend">
          ${(report.series || []).map((l) => html`
            <li key=${l.seat} data-seat=${l.seat}><span class="swatch" style=${`background:${colour(l.seat)}`}></span>${seatName(summary.kind, l.seat, summary.seats)}</li>`)}
          <li><span class="legend-mark mistake"></span>${t("ana-mark-mistake")}</li>
          <li><span class="legend-mark inaccuracy"></span>${t("ana-mark-inaccuracy")}</li>
        </ul>
      </figcaption>
    </figure>`;
}

/** The marks on the replay's timeline, under its slider (drawn only, the buttons move). */
export function TimelineMarks({ s }) {
  const report = analysisPhase(s.analysis) === "done" ? s.analysis.report : null;
  if (!report || !s.steps) return html`<div class="timeline-marks" id="timeline-marks"></div>`;
  const marks = markList(report.decisions || [], s.seat);
  return html`
    <div class="timeline-marks" id="timeline-marks" aria-hidden="true">
      ${marks.map((m) => html`
        <span class=${`tick ${m.mark}`} data-step=${m.step} data-mark=${m.mark}
          style=${`left: calc(8px + (100% - 16px) * ${m.step / s.steps})`}></span>`)}
    </div>`;
}

/** Buttons to the previous and next marked decision (inaccuracy or mistake), and their count. */
export function MarkButtons({ s, go }) {
  const report = analysisPhase(s.analysis) === "done" ? s.analysis.report : null;
  if (!report) return null;
  const marks = markList(report.decisions || [], s.seat);
  const before = nextMark(marks, s.step, -1);
  const after = nextMark(marks, s.step, 1);
  const count = (mark) => marks.filter((m) => m.mark === mark).length;
  return html`
    <div class="replay-controls mark-buttons">
      <button type="button" class="small" id="mark-prev" disabled=${before === null} onClick=${() => go(before)}>${t("ana-prev-mark")}</button>
      <button type="button" class="small" id="mark-next" disabled=${after === null} onClick=${() => go(after)}>${t("ana-next-mark")}</button>
      <span id="mark-count">${t("ana-mark-count", { mistakes: count("mistake"), inaccuracies: count("inaccuracy") })}</span>
    </div>`;
}

/** The decision made at the step shown: what was chosen, what the bot prefers, both estimates. */
function DecisionHere({ s, summary, report }) {
  const d = decisionAt(report.decisions || [], s.step);
  if (!d || s.shown !== s.step) return null;
  const words = describer(s, summary);
  // A report without the actions as JSON (an older one) names them in the text form.
  const named = (actions, text) => (actions?.length ? words.many(actions) : (text || []).join(", "));
  const args = {
    name: seatName(summary.kind, d.seat, summary.seats),
    taken: named(d.taken_actions, d.taken),
    preferred: named(d.preferred_actions, d.preferred),
  };
  return html`
    <div class=${`decision${d.mark ? ` ${d.mark}` : ""}`} id="analysis-decision" data-seat=${d.seat} data-mark=${d.mark || ""}>
      ${d.mark ? html`<p class="decision-mark">${t(`ana-marked-${d.mark}`)}</p>` : null}
      <p id="analysis-sentence">${decisionSentence(d, s.reader, args)}</p>
      ${d.forced || !d.taken_estimate ? null : html`
        <ul class="estimates">
          <li id="estimate-taken">${t("ana-estimate-taken", { estimate: estimateText(d.taken_estimate) })}</li>
          ${d.agrees || !d.preferred_estimate ? null : html`<li id="estimate-preferred">${t("ana-estimate-preferred", { estimate: estimateText(d.preferred_estimate) })}</li>`}
        </ul>`}
    </div>`;
}

/** Each seat's summary: its decisions, how many agreed with the bot, its marks. */
function Summaries({ s, summary, report }) {
  const rows = (report.seats || []).filter((x) => s.seat === null || x.seat === s.seat);
  return html`
    <table class="analysis-summary" id="analysis-summary">
      <thead><tr>
        <th scope="col">${t("ana-col-player")}</th>
        <th scope="col">${t("ana-col-agreement")}</th>
        <th scope="col">${t("ana-mark-inaccuracies")}</th>
        <th scope="col">${t("ana-mark-mistakes")}</th>
      </tr></thead>
      <tbody>${rows.map((x) => html`
        <tr key=${x.seat} data-seat=${x.seat}>
          <th scope="row">${seatName(summary.kind, x.seat, summary.seats)}</th>
          <td>${t("ana-agreement", { n: agreementPercent(x) / 100, decisions: x.decisions })}</td>
          <td>${x.inaccuracies}</td>
          <td>${x.mistakes}</td>
        </tr>`)}
      </tbody>
    </table>`;
}

/** The hints taken at the step shown. */
function HintsHere({ s, summary, hints }) {
  const here = hints.filter((h) => h.step === s.step);
  if (!here.length || s.shown !== s.step) return null;
  const words = describer(s, summary);
  return html`
    <ul class="hints-taken" id="hints-taken">
      ${here.map((h) => html`<li data-seat=${h.seat}>${h.seat === s.reader
        ? t("ana-hint-taken-you", { action: words.one(h.action) })
        : t("ana-hint-taken", { name: seatName(summary.kind, h.seat, summary.seats), action: words.one(h.action) })}</li>`)}
    </ul>`;
}
