// A player's page (`/players/{name}`): name (bots marked), current rating per game kind, the
// ratings over time as an inline SVG chart, the record in The Game (played together, so not
// rated), and every game with its result (rated games marked) and a link to its replay (or to
// the game while it runs). Drawn from one store by Preact components; the data is
// `GET /api/players/{name}` (docs/api.md, Accounts).
import { t, has, errorText } from "./i18n.js";
import { api } from "./net.js";
import { createStore } from "./store.js";
import { html, render } from "./view.js";
import { coopRecord, currentRatings, ratingChart } from "./playerlogic.js";

const CHART_W = 320;
const CHART_H = 120;
const KIND_COLOURS = { powergrid: "#c0392b", thegame: "#2471a3" };

const kindName = (kind) => (has(`kind-${kind}`) ? t(`kind-${kind}`) : kind);
const day = (seconds) => new Date(seconds * 1000).toLocaleDateString();

function Chart({ ratings }) {
  const chart = ratingChart(ratings, CHART_W, CHART_H);
  if (!chart.lines.length) return html`<p id="player-no-ratings">${t("player-no-ratings")}</p>`;
  return html`<svg id="player-chart" class="rating-chart" viewBox="0 0 ${CHART_W} ${CHART_H}" role="img"
      aria-label=${t("player-ratings")}>
    <text x="2" y="10" class="axis">${chart.max}</text>
    <text x="2" y=${CHART_H - 2} class="axis">${chart.min}</text>
    ${chart.lines.map((line) => html`<g key=${line.kind}>
      <polyline points=${line.points} fill="none" stroke=${KIND_COLOURS[line.kind] || "#555"} stroke-width="2" />
      <circle cx=${line.last.x} cy=${line.last.y} r="3" fill=${KIND_COLOURS[line.kind] || "#555"}>
        <title>${kindName(line.kind)}: ${line.last.rating.toFixed(1)}</title>
      </circle></g>`)}
  </svg>`;
}

function result(g) {
  if (!g.finished) return t("player-in-progress");
  if (g.place === undefined) return "";
  if (g.kind === "thegame") return g.won ? t("player-result-won") : t("player-result-cards", { cards: g.score });
  return t("player-result-place", { place: g.place, players: g.players });
}

function Record({ games }) {
  const lines = coopRecord(games, "thegame");
  if (!lines.length) return null;
  return html`<h2>${t("player-record", { kind: kindName("thegame") })}</h2>
    <ul id="player-record">
      ${lines.map((r) => html`<li key=${r.players}>${t("player-record-line", {
        players: t("open-players", { n: r.players }), games: r.games, wins: r.wins, cards: r.meanCards })}</li>`)}
    </ul>`;
}

function Games({ games }) {
  if (!games.length) return html`<p>${t("player-no-games")}</p>`;
  return html`<ul id="player-games" class="player-games">
    ${games.map((g) => html`<li key=${g.game + g.seat}>
      <span>${kindName(g.kind)}</span> · <span>${day(g.created_at)}</span> · <span class="player-result">${result(g)}</span>
      ${g.rated ? html` <span class="badge player-rated">${t("open-rated")}</span>` : null}
      ${" "}<a href=${g.link}>${g.finished ? t("player-replay") : t("player-open")}</a>
    </li>`)}
  </ul>`;
}

function Page({ state }) {
  if (state.error) return html`<section id="player-page"><p class="error" id="player-error">${state.error}</p></section>`;
  const p = state.player;
  if (!p) return html`<p>${t("loading")}</p>`;
  return html`<section id="player-page" class="player-page">
    <h1 id="player-name">${p.name} ${p.bot ? html`<span class="badge" id="player-bot">${t("player-bot")}</span>` : null}</h1>
    <p>${t("player-since", { date: day(p.created_at) })}</p>
    <h2>${t("player-ratings")}</h2>
    <ul id="player-current">
      ${currentRatings(p.ratings).map((r) => html`<li key=${r.kind}>${t("player-rating-now", {
        kind: kindName(r.kind), rating: r.rating.toFixed(1), deviation: r.deviation.toFixed(1) })}
        ${" "}<a href=${`/leaderboards/${r.kind}`} class="leaderboard-link">${t("leaderboard-link", { kind: kindName(r.kind) })}</a></li>`)}
    </ul>
    <${Chart} ratings=${p.ratings} />
    <${Record} games=${p.games} />
    <h2>${t("player-games")}</h2>
    <${Games} games=${p.games} />
  </section>`;
}

/** Shows the page of the player named `name` in `main`. */
export async function playerPage(main, name) {
  const store = createStore({ player: null, error: "" });
  store.subscribe((state) => render(html`<${Page} state=${state} />`, main));
  render(html`<${Page} state=${store.get()} />`, main);
  document.title = `${name} · ${t("app-title")}`;
  try {
    store.set({ player: await api(`/api/players/${encodeURIComponent(name)}`) });
  } catch (e) {
    store.set({ error: e.code === "unknown_player" ? t("player-not-found") : errorText(e) });
  }
}
