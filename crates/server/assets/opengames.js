// The lobby's open games (docs/api.md, Open games): the games waiting for players, listed live
// (every 5 s) with their kind, players, map, time control, whether they are rated, seats left
// and who is waiting, each joined with one click; a small form to open a game to anyone (the
// creator takes the first seat, every other seat is open; a rated game needs a time control,
// so asking for one turns the clock on); the games in progress anyone may watch; and links to
// each kind's leaderboard. One store, drawn by Preact components; placed under the lobby by `app.js`.
import { t, has, errorText } from "./i18n.js";
import { api, saveSeat } from "./net.js";
import { createStore, oneAtATime } from "./store.js";
import { html, render } from "./view.js";

const REFRESH_MS = 5000;
const PLAYERS = { powergrid: [2, 6], thegame: [1, 5] };

const kindName = (kind) => (has(`kind-${kind}`) ? t(`kind-${kind}`) : kind);

/** The time control in words. */
function clockText(clock) {
  if (!clock || clock.type === "none") return t("lobby-clock-none");
  if (clock.type === "per_move") return t("open-clock-per-move", { seconds: clock.seconds });
  if (clock.type === "bank") return t("open-clock-bank", { minutes: Math.round(clock.seconds / 60), increment: clock.increment_seconds });
  return t("open-clock-days", { days: clock.days });
}

function OpenGame({ game, store, act }) {
  const waiting = game.seats.filter((s) => s.type === "human").map((s) => s.name || t("open-anonymous"));
  const bots = game.seats.filter((s) => s.type === "bot").map((s) => s.bot);
  const join = () => act(async () => {
    const joined = await api(`/api/open-games/${game.game}/join`, { method: "POST" });
    saveSeat({ game: joined.game, kind: game.kind, seat: joined.seat, token: joined.token });
    store.set({ leaving: true });
    location.assign(joined.link);
  });
  const facts = [
    game.map ? (has(`pg-map-${game.map}`) ? t(`pg-map-${game.map}`) : game.map) : null,
    t("open-players", { n: game.players }),
    clockText(game.clock),
    game.rated ? t("open-rated") : t("open-unrated"),
    t("open-seats-left", { n: game.seats_left }),
    waiting.length ? t("open-waiting", { names: waiting.join(", ") }) : null,
    bots.length ? t("open-bots", { bots: bots.join(", ") }) : null,
  ].filter(Boolean);
  return html`<li class="open-game" data-game=${game.game}>
    <strong>${kindName(game.kind)}</strong>${` · ${facts.join(" · ")} `}
    <button type="button" class="open-join" onClick=${join} disabled=${store.get().busy}>${t("open-join")}</button>
  </li>`;
}

function CreateOpen({ state, store, act }) {
  const range = PLAYERS[state.kind] || [2, 4];
  const create = (e) => {
    e.preventDefault();
    act(async () => {
      const players = Math.min(range[1], Math.max(range[0], Number(state.players) || range[0]));
      const setup = state.kind === "powergrid" ? { players, map: state.map } : { players };
      const seats = [{ type: "human" }, ...Array.from({ length: players - 1 }, () => ({ type: "open" }))];
      const seconds = Number(state.seconds);
      const options = state.clocked || state.rated ? { clock: { type: "per_move", seconds } } : {};
      if (state.rated) options.rated = true;
      const created = await api("/api/games", { method: "POST", body: { kind: state.kind, setup, seats, options } });
      saveSeat({ game: created.game, kind: created.kind, seat: 0, token: created.seats[0].token });
      store.set({ leaving: true });
      location.assign(created.seats[0].link);
    });
  };
  const field = (key) => (e) => store.set({ [key]: e.target.type === "checkbox" ? e.target.checked : e.target.value });
  return html`<form id="open-create" class="open-create" onSubmit=${create}>
    <label>${t("lobby-kind")} <select id="open-kind" value=${state.kind} onChange=${field("kind")}>
      ${state.kinds.map((k) => html`<option value=${k}>${kindName(k)}</option>`)}
    </select></label>
    <label>${t("lobby-players")} <input id="open-players" type="number" min=${range[0]} max=${range[1]}
      value=${state.players} onInput=${field("players")} /></label>
    ${state.kind === "powergrid" ? html`<label>${t("lobby-map")} <select id="open-map" value=${state.map} onChange=${field("map")}>
      <option value="germany">${t("pg-map-germany")}</option><option value="usa">${t("pg-map-usa")}</option>
    </select></label>` : null}
    <label><input id="open-rated" type="checkbox" checked=${state.rated} onChange=${field("rated")} /> ${t("open-rated-option")}</label>
    <label><input id="open-clocked" type="checkbox" checked=${state.clocked || state.rated} disabled=${state.rated}
      onChange=${field("clocked")} /> ${t("lobby-clock-per_move")}</label>
    ${state.clocked || state.rated ? html`<input id="open-seconds" type="number" min="1" max="86400" value=${state.seconds} onInput=${field("seconds")}
      aria-label=${t("lobby-unit-seconds")} />` : null}
    <button type="submit" id="open-create-submit" disabled=${state.busy}>${t("open-create")}</button>
  </form>`;
}

function Page({ state, store, act }) {
  return html`<section id="open-games" class="open-games">
    <h2>${t("open-title")}</h2>
    <p class="error" id="open-error" role="alert">${state.error}</p>
    ${state.games.length
      ? html`<ul id="open-list">${state.games.map((g) => html`<${OpenGame} key=${g.game} game=${g} store=${store} act=${act} />`)}</ul>`
      : html`<p id="open-none">${t("open-none")}</p>`}
    <details><summary>${t("open-create-title")}</summary><${CreateOpen} state=${state} store=${store} act=${act} /></details>
    <h2>${t("open-live-title")}</h2>
    ${state.live.length
      ? html`<ul id="live-list">${state.live.map((g) => html`<li key=${g.game}>
          ${kindName(g.kind)} · ${g.seats.map((s) => s.name || s.bot || "?").join(", ")}
          ${" "}<a href=${g.link}>${t("open-watch")}</a></li>`)}</ul>`
      : html`<p id="live-none">${t("open-live-none")}</p>`}
    <p id="leaderboard-links">${state.kinds.map((k) => html`<a key=${k} href=${`/leaderboards/${k}`} class="button-link">${t("leaderboard-link", { kind: kindName(k) })}</a> `)}</p>
  </section>`;
}

/** Adds the open games section to the end of `main` (the lobby) and keeps it up to date. */
export async function openGames(main) {
  const container = document.createElement("div");
  main.append(container);
  const kinds = await api("/api/kinds").then((list) => list.map((k) => k.kind)).catch(() => []);
  const first = kinds.includes("powergrid") ? "powergrid" : kinds[0] || "";
  const store = createStore({ games: [], live: [], error: "", busy: false, leaving: false, kinds, kind: first, players: 4, map: "germany", clocked: false, rated: false, seconds: 120 });
  const act = oneAtATime(store, errorText);
  const draw = (state) => render(html`<${Page} state=${state} store=${store} act=${act} />`, container);
  store.subscribe(draw);
  const refresh = async () => {
    if (store.get().leaving || !container.isConnected) return;
    try {
      const [open, live] = await Promise.all([api("/api/open-games"), api("/api/live-games")]);
      store.set({ games: open.games, live });
    } catch {
      // The next refresh tries again; the lists stay as they were.
    }
    setTimeout(refresh, REFRESH_MS);
  };
  draw(store.get());
  refresh();
}
