// The account page (`/account`): sign in or create an account, then sign out, add the games
// played in this browser to the account, or delete it; and the header's link to it, which
// names the signed-in player. Accounts are optional (docs/accounts.md): nothing else on the
// pages needs one.
//
// Decisions:
// - The session is an HttpOnly cookie this script never sees; "who am I" is asked of the
//   server (`GET /api/account`).
// - Adding this browser's games sends the seat tokens of "my games" (`net.js`); the server
//   keeps only those no account owns yet.
// - Name and password hints are shown before typing; a refusal shows the server's specific
//   reason next to the form, and the form keeps what was typed.
import { t, errorText } from "./i18n.js";
import { api, savedSeats } from "./net.js";
import { createStore, oneAtATime } from "./store.js";
import { html, render } from "./view.js";

// Who is signed in, as the header's link shows it: `known` once the server has said (the
// account page tells it again after signing in or out).
const signedIn = createStore({ known: false, me: null });

function AccountLink({ me }) {
  return html`<a id="account-link" href="/account">${me ? me.name : t("account-link-sign-in")}</a>`;
}

/** Puts a link to the account page in the header: the player's name, or "Sign in". */
export async function accountLink(container) {
  const slot = document.createElement("span");
  slot.className = "account-slot";
  container.prepend(slot);
  const draw = (state) => render(state.known ? html`<${AccountLink} me=${state.me} />` : null, slot);
  signedIn.subscribe(draw);
  draw(signedIn.get());
  const me = await api("/api/account").catch(() => null);
  if (!signedIn.get().known) signedIn.set({ known: true, me });
}

function SignIn({ state, store, act }) {
  const signup = state.mode === "signup";
  const field = (key) => (e) => store.set({ [key]: e.target.value });
  const submit = (e) => {
    e.preventDefault();
    act(async () => {
      const path = signup ? "/api/account/signup" : "/api/account/login";
      const me = await api(path, { method: "POST", body: { name: state.name, password: state.password } });
      store.set({ me, password: "" });
    });
  };
  return html`<form id="account-form" class="account-form" onSubmit=${submit}>
    <div class="tabs" role="tablist">
      <button type="button" id="account-mode-signin" role="tab" aria-selected=${!signup}
        onClick=${() => store.set({ mode: "signin", error: "" })}>${t("account-sign-in")}</button>
      <button type="button" id="account-mode-signup" role="tab" aria-selected=${signup}
        onClick=${() => store.set({ mode: "signup", error: "" })}>${t("account-sign-up")}</button>
    </div>
    <label>${t("account-name")}
      <input id="account-name" name="username" autocomplete="username" required value=${state.name} onInput=${field("name")} />
    </label>
    ${signup ? html`<small>${t("account-name-hint")}</small>` : null}
    <label>${t("account-password")}
      <input id="account-password" type="password" required value=${state.password} onInput=${field("password")}
        autocomplete=${signup ? "new-password" : "current-password"} />
    </label>
    ${signup ? html`<small>${t("account-password-hint")}</small>` : null}
    <p class="error" id="account-error" role="alert">${state.error}</p>
    <button type="submit" id="account-submit" disabled=${state.busy}>${signup ? t("account-sign-up") : t("account-sign-in")}</button>
    <p><small>${t("account-optional")}</small></p>
  </form>`;
}

function SignedIn({ state, store, act }) {
  const me = state.me;
  const tokens = savedSeats().map((s) => s.token).filter((x) => typeof x === "string");
  const claim = () => act(async () => {
    const answer = await api("/api/account/claim", { method: "POST", body: { tokens } });
    store.set({ claimed: answer.claimed.length });
  });
  const signOut = () => act(async () => {
    await api("/api/account/logout", { method: "POST" });
    store.set({ me: null, claimed: null });
  });
  const remove = (e) => {
    e.preventDefault();
    act(async () => {
      await api("/api/account/delete", { method: "POST", body: { password: state.deletePassword } });
      store.set({ me: null, deleted: true, deletePassword: "" });
    });
  };
  return html`<section id="account-signed-in" class="account-form">
    <p id="account-who">${t("account-signed-in-as", { name: me.name })}</p>
    <p><a id="account-page-link" href=${`/players/${encodeURIComponent(me.name)}`}>${t("account-your-page")}</a></p>
    <button type="button" id="account-sign-out" onClick=${signOut} disabled=${state.busy}>${t("account-sign-out")}</button>
    <h2>${t("account-claim-title")}</h2>
    ${tokens.length
      ? html`<button type="button" id="account-claim" onClick=${claim} disabled=${state.busy}>${t("account-claim", { n: tokens.length })}</button>`
      : html`<p>${t("account-claim-none")}</p>`}
    ${state.claimed === null ? null : html`<p id="account-claimed" role="status">${t("account-claimed", { n: state.claimed })}</p>`}
    <p class="error" id="account-error" role="alert">${state.error}</p>
    <details id="account-delete">
      <summary>${t("account-delete-title")}</summary>
      <form onSubmit=${remove}>
        <p>${t("account-delete-explain")}</p>
        <label>${t("account-password")}
          <input id="account-delete-password" type="password" autocomplete="current-password" required
            value=${state.deletePassword} onInput=${(e) => store.set({ deletePassword: e.target.value })} />
        </label>
        <button type="submit" class="danger" id="account-delete-confirm" disabled=${state.busy}>${t("account-delete-confirm")}</button>
      </form>
    </details>
  </section>`;
}

function Page({ state, store, act }) {
  if (!state.loaded) return html`<p>${t("loading")}</p>`;
  return html`<section id="account-page">
    <h1>${t("account-title")}</h1>
    ${state.deleted ? html`<p id="account-deleted" role="status">${t("account-deleted")}</p>` : null}
    ${state.me ? html`<${SignedIn} state=${state} store=${store} act=${act} />` : html`<${SignIn} state=${state} store=${store} act=${act} />`}
  </section>`;
}

/** Shows the account page in `main`. */
export async function accountPage(main) {
  const store = createStore({ loaded: false, me: null, mode: "signin", name: "", password: "", error: "", busy: false, claimed: null, deletePassword: "", deleted: false });
  const act = oneAtATime(store, errorText);
  const draw = (state) => {
    render(html`<${Page} state=${state} store=${store} act=${act} />`, main);
    if (state.loaded && (!signedIn.get().known || signedIn.get().me !== state.me)) signedIn.set({ known: true, me: state.me });
  };
  store.subscribe(draw);
  draw(store.get());
  document.title = `${t("account-title")} · ${t("app-title")}`;
  const me = await api("/api/account").catch(() => null);
  store.set({ loaded: true, me });
}
