// The pages' messages: every visible string comes from a Fluent catalog
// (`assets/locales/<lang>.ftl`), which the server parses and checks with the Fluent crates and
// serves compiled to JSON (`/assets/locales/<lang>.json`, see `src/catalog.rs`).
//
// `translator(catalog, lang)` evaluates that form: variables, message and term references,
// `NUMBER()`, and selectors, whose plural variants follow `Intl.PluralRules` for the language;
// numbers are formatted with `Intl.NumberFormat`. A message missing from the catalog shows as
// `{id}` (Fluent's own marker), which the browser test looks for. It is pure (no DOM, no
// fetch), so `node --test` checks it (`js-tests/i18n.test.js`).
//
// The page's language is the one chosen in the picker (remembered in `localStorage`), else the
// first of the browser's languages that has a catalog, else English. `initI18n()` loads it once
// at start, before anything is drawn; `t`, `has`, `list` and `currentLanguage` then read that
// translator (set once, never changed while the page lives: a language change reloads the page).

import { createStore } from "./store.js";

const LANG_KEY = "tabletop.lang";
const EMPTY = { messages: {}, terms: {} };
/** Languages whose catalog text has its words joined (see `keep` in `translator`). */
const JOINED = new Set(["zh", "th"]);
export const WORD_JOINER = "\u2060";

/**
 * The catalog for the browser's `wanted` languages (e.g. `navigator.languages`), in the
 * browser's order: each tag matches exactly or by its language (`ko-KR` is `ko`; `zh-TW` still
 * reads `zh-CN` better than English); with no match, English.
 */
export function pickLanguage(wanted, available) {
  const lower = available.map((a) => a.toLowerCase());
  for (const w of wanted || []) {
    const tag = String(w).toLowerCase();
    const exact = lower.indexOf(tag);
    if (exact >= 0) return available[exact];
    const same = lower.findIndex((a) => a.split("-")[0] === tag.split("-")[0]);
    if (same >= 0) return available[same];
  }
  return available.includes("en") ? "en" : available[0];
}

/** The messages of `catalog` (a compiled catalog) in `lang`: `{ t, has, list, lang }`. */
export function translator(catalog, lang) {
  const plural = new Intl.PluralRules(lang);
  const numbers = new Intl.NumberFormat(lang);
  const lists = new Intl.ListFormat(lang, { type: "conjunction" });

  // A number keeps its formatting options until it is printed, as a FluentNumber does.
  class FluentNumber {
    constructor(n, opts = {}) {
      this.n = n;
      this.opts = opts;
    }
    toString() {
      return Object.keys(this.opts).length ? new Intl.NumberFormat(lang, this.opts).format(this.n) : numbers.format(this.n);
    }
  }

  // The value of an expression: a string or a FluentNumber.
  function value(part, args, depth) {
    if (typeof part === "string") return part;
    if ("var" in part) {
      const v = args[part.var];
      if (v === undefined || v === null) return `{$${part.var}}`;
      return typeof v === "number" ? new FluentNumber(v) : String(v);
    }
    if ("str" in part) return part.str;
    if ("num" in part) return new FluentNumber(Number(part.num));
    if ("msg" in part) {
      const id = part.attr ? `${part.msg}.${part.attr}` : part.msg;
      return id in catalog.messages ? resolve(catalog.messages[id], args, depth + 1) : `{${id}}`;
    }
    if ("term" in part) {
      const id = part.attr ? `${part.term}.${part.attr}` : part.term;
      const targs = {};
      for (const [k, v] of Object.entries(part.args || {})) {
        const x = value(v, args, depth);
        targs[k] = x instanceof FluentNumber ? x.n : x;
      }
      return id in catalog.terms ? resolve(catalog.terms[id], targs, depth + 1) : `{${id}}`;
    }
    if ("fn" in part) {
      const x = value(part.args[0], args, depth);
      const opts = {};
      for (const [k, v] of Object.entries(part.opts || {})) {
        const o = value(v, args, depth);
        opts[k] = o instanceof FluentNumber ? o.n : o;
      }
      const n = x instanceof FluentNumber ? x.n : Number(x);
      return Number.isNaN(n) ? String(x) : new FluentNumber(n, { ...(x.opts || {}), ...opts });
    }
    if ("select" in part) {
      const sel = value(part.select, args, depth);
      let chosen;
      if (sel instanceof FluentNumber) {
        chosen = part.variants.find((v) => v.num && Number(v.key) === sel.n)
          || part.variants.find((v) => !v.num && v.key === plural.select(sel.n));
      } else {
        chosen = part.variants.find((v) => !v.num && v.key === sel);
      }
      return resolve((chosen || part.variants[part.default]).value, args, depth);
    }
    return "";
  }

  function resolve(pattern, args, depth) {
    if (typeof pattern === "string") return keep(pattern);
    if (depth > 20) return "{???}";
    return pattern.map((p) => (typeof p === "string" ? keep(p) : String(value(p, args, depth)))).join("");
  }

  // Chinese and Thai are written without spaces, and a browser may break a line inside a word
  // (供|电, จ่าย|ไฟ): the catalog's own text has its words joined (U+2060 WORD JOINER between
  // their letters, as `Intl.Segmenter` finds them), so lines break between words only. A word
  // the segmenter's dictionary lacks comes out as single Chinese characters (红|方, 叫|价): a run
  // of those is kept as one word. Names and numbers filled in are left as they are.
  const keepCache = new Map();
  const joinWords = JOINED.has(lang.split("-")[0]) && typeof Intl.Segmenter === "function";
  const words = joinWords ? new Intl.Segmenter(lang, { granularity: "word" }) : null;
  const letters = joinWords ? new Intl.Segmenter(lang, { granularity: "grapheme" }) : null;
  function wordsOf(text) {
    const out = [];
    for (const { segment, isWordLike } of words.segment(text)) {
      const single = isWordLike && /^\p{Script=Han}$/u.test(segment);
      const last = out[out.length - 1];
      if (single && last?.single) last.segment += segment;
      else out.push({ segment, isWordLike, single });
    }
    return out;
  }
  function keep(text) {
    if (!joinWords) return text;
    let out = keepCache.get(text);
    if (out === undefined) {
      out = wordsOf(text).map(({ segment, isWordLike }) =>
        isWordLike && /[\p{Script=Han}\p{Script=Thai}]/u.test(segment) ? [...letters.segment(segment)].map((g) => g.segment).join(WORD_JOINER) : segment).join("");
      keepCache.set(text, out);
    }
    return out;
  }

  return {
    lang,
    /** The message `key` (or `key.attribute`) with `args` filled in. */
    t(key, args = {}) {
      const pattern = catalog.messages[key];
      if (pattern === undefined) return `{${key}}`;
      return resolve(pattern, args, 0);
    },
    has: (key) => key in catalog.messages,
    /**
     * `items` joined as the language writes a list ("a, b and c", "a、b和c"); in Thai a space
     * sets a number or a Latin name apart from the word before it ("33 และ 50", not "และ50").
     */
    list: (items) => lists.formatToParts(items.map(String)).map((p, i, parts) => {
      if (p.type !== "literal") return p.value;
      const before = i > 0 && /^\p{Script=Thai}/u.test(p.value) && !/[\s\p{Script=Thai}]$/u.test(parts[i - 1].value);
      const after = i + 1 < parts.length && /\p{Script=Thai}$/u.test(p.value) && !/^[\s\p{Script=Thai}]/u.test(parts[i + 1].value);
      return `${before ? " " : ""}${p.value}${after ? " " : ""}`;
    }).join(""),
  };
}

/**
 * A message's text as one paragraph per blank line: a catalog's long message is written over
 * several lines, which Fluent joins with line breaks that are no part of the sentence.
 */
export function paragraphs(text) {
  return text.split(/\n\s*\n/).map((p) => p.replace(/\s*\n\s*/g, " ").trim()).filter(Boolean);
}

// The page's translator: set once by `initI18n`, before anything is drawn.
const language = createStore(translator(EMPTY, "en"));

export const t = (key, args) => language.get().t(key, args);
export const has = (key) => language.get().has(key);
export const list = (items) => language.get().list(items);
export const currentLanguage = () => language.get().lang;

/**
 * An error in the player's language: the server's `code` has its own message; an error without
 * a code is a network failure (the browser's own text would be English).
 */
export function errorText(e) {
  if (e && e.code) return has(`error-${e.code}`) ? t(`error-${e.code}`) : t("error-other", { code: e.code });
  return t("network-error");
}

/**
 * A failure in words: the server's reason after "Refused:", or, when the server could not be
 * reached (no code), that the page is reconnecting and the move can be made again.
 */
export function failureText(e) {
  return e && e.code ? t("error-prefix", { message: errorText(e) }) : t("network-retry");
}

async function loadCatalog(tag) {
  const res = await fetch(`/assets/locales/${tag}.json`);
  const data = res.ok ? await res.json() : null;
  if (!data || typeof data.messages !== "object" || typeof data.terms !== "object") {
    throw new Error(tag); // never shown: the caller falls back
  }
  return data;
}

/** Loads the page's language and fills the picker; a choice in the picker reloads the page. */
export async function initI18n() {
  let languages;
  try {
    languages = (await (await fetch("/assets/locales/index.json")).json()).languages || [];
  } catch {
    languages = [{ lang: "en" }];
  }
  const available = languages.map((l) => l.lang);
  let saved = null;
  try {
    saved = localStorage.getItem(LANG_KEY);
  } catch {
    saved = null;
  }
  const wanted = available.includes(saved) ? saved : pickLanguage(navigator.languages || [navigator.language], available);
  try {
    const loaded = translator(await loadCatalog(wanted), wanted);
    language.set(() => loaded);
  } catch {
    // Without any catalog the page shows message ids as `{id}` markers rather than nothing.
    const english = translator(await loadCatalog("en").catch(() => EMPTY), "en");
    language.set(() => english);
  }
  const lang = currentLanguage();
  document.documentElement.lang = lang;
  for (const el of document.querySelectorAll("[data-msg]")) el.textContent = t(el.dataset.msg);
  const picker = document.getElementById("lang-picker");
  if (picker) {
    picker.setAttribute("aria-label", t("language-picker"));
    picker.replaceChildren(...languages.map((l) => {
      const option = document.createElement("option");
      option.value = l.lang;
      option.selected = l.lang === lang;
      option.lang = l.lang;
      option.textContent = l.name;
      return option;
    }));
    picker.addEventListener("change", () => {
      try {
        localStorage.setItem(LANG_KEY, picker.value);
      } catch {
        // Private mode: the choice lasts for this page only.
      }
      location.reload();
    });
  }
}
