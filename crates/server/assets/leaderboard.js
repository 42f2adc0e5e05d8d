// A kind's leaderboard (`/leaderboards/{kind}`, reached from the lobby and from player pages):
// for a ranked kind (Power Grid) the best rated accounts by conservative rating, bots marked;
// for a cooperative one (The Game) the best rated games per player count, each with its team.
// The data is `GET /api/leaderboards/{kind}` (docs/api.md, Ratings); one store, drawn by
// Preact components.
import { t, has, errorText } from "./i18n.js";
import { api } from "./net.js";
import { createStore } from "./store.js";
import { html, render } from "./view.js";
import { ratingText } from "./playerlogic.js";

const kindName = (kind) => (has(`kind-${kind}`) ? t(`kind-${kind}`) : kind);
const playerLink = (name) => `/players/${encodeURIComponent(name)}`;

function Name({ name, bot }) {
  return html`<a href=${playerLink(name)}>${name}</a>${bot ? html` <span class="badge">${t("player-bot")}</span>` : null}`;
}

function Ratings({ board }) {
  if (!board.standings.length) return html`<p id="leaderboard-none">${t("leaderboard-none")}</p>`;
  return html`<table id="leaderboard-table" class="leaderboard">
    <thead><tr><th>${t("leaderboard-rank")}</th><th>${t("leaderboard-player")}</th>
      <th>${t("leaderboard-rating")}</th><th>${t("leaderboard-games")}</th></tr></thead>
    <tbody>${board.standings.map((s) => html`<tr key=${s.name} class=${s.bot ? "bot" : ""}>
      <td>${s.rank}</td><td><${Name} name=${s.name} bot=${s.bot} /></td>
      <td>${ratingText(s.rating, s.deviation)}</td><td>${s.games}</td></tr>`)}</tbody>
  </table>`;
}

function Best({ board }) {
  if (!board.best.length) return html`<p id="leaderboard-none">${t("leaderboard-none")}</p>`;
  return board.best.map((count) => html`<section key=${count.players} class="leaderboard-count">
    <h2>${t("open-players", { n: count.players })}</h2>
    <table class="leaderboard"><thead><tr><th>${t("leaderboard-result")}</th><th>${t("leaderboard-team")}</th><th></th></tr></thead>
      <tbody>${count.games.map((g) => html`<tr key=${g.game}>
        <td>${g.won ? t("player-result-won") : t("player-result-cards", { cards: g.score })}</td>
        <td>${g.team.map((m, i) => html`${i ? ", " : ""}<${Name} name=${m.name} bot=${m.bot} />`)}</td>
        <td><a href=${g.link}>${t("player-replay")}</a></td></tr>`)}</tbody>
    </table></section>`);
}

function Page({ state }) {
  const others = state.kinds.filter((k) => k !== state.kind);
  return html`<section id="leaderboard-page" class="leaderboard-page">
    <h1>${t("leaderboard-title", { kind: kindName(state.kind) })}</h1>
    ${others.length ? html`<p>${others.map((k) => html`<a key=${k} href=${`/leaderboards/${k}`}>${t("leaderboard-link", { kind: kindName(k) })}</a> `)}</p>` : null}
    ${state.error ? html`<p class="error" id="leaderboard-error">${state.error}</p>` : null}
    ${!state.board && !state.error ? html`<p>${t("loading")}</p>` : null}
    ${state.board?.board === "rating" ? html`<p class="hint">${t("leaderboard-rating-explain", { n: state.board.size })}</p>
      <${Ratings} board=${state.board} />` : null}
    ${state.board?.board === "best_results" ? html`<p class="hint">${t("leaderboard-best-explain")}</p>
      <${Best} board=${state.board} />` : null}
  </section>`;
}

/** Shows the leaderboard of `kind` in `main`. */
export async function leaderboardPage(main, kind) {
  const store = createStore({ kind, kinds: [], board: null, error: "" });
  main.replaceChildren();
  store.subscribe((state) => render(html`<${Page} state=${state} />`, main));
  render(html`<${Page} state=${store.get()} />`, main);
  document.title = `${t("leaderboard-title", { kind: kindName(kind) })} · ${t("app-title")}`;
  api("/api/kinds").then((list) => store.set({ kinds: list.map((k) => k.kind) })).catch(() => {});
  try {
    store.set({ board: await api(`/api/leaderboards/${encodeURIComponent(kind)}`) });
  } catch (e) {
    store.set({ error: errorText(e) });
  }
}
