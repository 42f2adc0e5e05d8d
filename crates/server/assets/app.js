// Entry point: `/` is the lobby, `/games/{id}` a game page (token in `#token=`), `/rules/{game}`
// the rules of a game in the page's language, `/account` the account page, `/players/{name}`
// a player's page and `/leaderboards/{kind}` a kind's leaderboard; every page's header links to
// the account page.
import { initI18n, t, errorText } from "./i18n.js";
import { html, render } from "./view.js";
import { api, saveSeat } from "./net.js";

async function main() {
  await initI18n();
  document.title = t("app-title");
  const main = document.getElementById("main");
  import("./account.js").then(({ accountLink }) => accountLink(document.querySelector(".header-right")));
  const rules = location.pathname.match(/^\/rules\/([a-z]+)\/?$/);
  if (rules) {
    const { showRules } = await import("./rules.js");
    return showRules(main, rules[1]);
  }
  if (/^\/account\/?$/.test(location.pathname)) {
    const { accountPage } = await import("./account.js");
    return accountPage(main);
  }
  const player = location.pathname.match(/^\/players\/([^/]+)\/?$/);
  if (player) {
    const { playerPage } = await import("./player.js");
    let name = player[1];
    try {
      name = decodeURIComponent(name);
    } catch {
      // Not percent-encoding: the name as typed, which the server will not know.
    }
    return playerPage(main, name);
  }
  const board = location.pathname.match(/^\/leaderboards\/([a-z]+)\/?$/);
  if (board) {
    const { leaderboardPage } = await import("./leaderboard.js");
    return leaderboardPage(main, board[1]);
  }
  const m = location.pathname.match(/^\/games\/([0-9a-f]{32})\/?$/);
  if (!m && location.pathname.startsWith("/games/")) {
    // A mistyped game address leads back to the lobby rather than silently showing it.
    return deadEnd(main, t("game-not-found"));
  }
  if (!m) {
    const [{ lobby }, { openGames }] = await Promise.all([import("./lobby.js"), import("./opengames.js")]);
    await lobby(main);
    return openGames(main);
  }
  const gameId = m[1];
  // The same game page with another fragment (a seat's link, the replay) is another page.
  window.addEventListener("hashchange", () => location.reload());
  const token = new URLSearchParams(location.hash.slice(1)).get("token");
  try {
    const summary = await api(`/api/games/${gameId}`);
    let seat = null;
    if (token) {
      // Remember the seat for the lobby's "my games" (the token never leaves this browser
      // except in `hello`). A link whose token is not a seat of this game offers to watch.
      const view = await api(`/api/games/${gameId}/view`, { token }).catch((e) => {
        if (e.code) e.watch = `/games/${gameId}`;
        throw e;
      });
      if (view.viewer?.type === "seat") {
        seat = view.viewer.seat;
        saveSeat({ game: gameId, kind: summary.kind, seat: view.viewer.seat, token });
      }
    }
    const page = summary.kind === "powergrid" ? "./powergrid.js" : summary.kind === "thegame" ? "./thegame.js" : null;
    if (!page) {
      main.replaceChildren();
      render(html`<p class="error">${t("error-other", { code: summary.kind })}</p>`, main);
      return;
    }
    if (new URLSearchParams(location.hash.slice(1)).has("replay")) {
      const { replay } = await import("./replay.js");
      return replay(main, gameId, summary, token);
    }
    const [mod, { showShareBox, askName }, { watchHotseat }, { recordBar }] = await Promise.all([
      import(page), import("./share.js"), import("./hotseat.js"), import("./replay.js")]);
    watchHotseat(gameId, summary.kind);
    mod.start(main, gameId, token, summary);
    showShareBox(gameId, summary);
    askName(gameId, token, seat, summary);
    recordBar(gameId, token, summary);
  } catch (e) {
    deadEnd(main, errorText(e), e.watch);
    // An open game starts when its last seat is taken: look again until it has.
    if (e.code === "game_waiting") setTimeout(() => location.reload(), 3000);
  }
}

/** A page that cannot be shown: why, and the ways on (watch the game, the lobby). */
function deadEnd(main, why, watch) {
  main.replaceChildren();
  render(html`
    <section class="dead-end" id="dead-end">
      <p class="error">${why}</p>
      <p>
        ${watch ? html`<a href=${watch} id="watch-instead" class="button-link">${t("game-watch-instead")}</a> ` : null}
        <a href="/" id="back-to-lobby" class="button-link">${t("game-back-to-lobby")}</a>
      </p>
    </section>`, main);
}

main();
