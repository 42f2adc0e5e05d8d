// The rules page of a game in the page's language: `/assets/rules/<game>.<lang>.md`, the files
// of `docs/rules/` (English is `<game>.md`), whose tables the server fills in from the rules crate.
// The rules are written in a small part of Markdown, rendered here: `#`/`##`/`###` headings,
// paragraphs, `-` and `1.` lists, `**bold**`, and `| a | b |` tables (a header row, a `|---|` line,
// body rows), each in a box that scrolls sideways when the table is wider than the screen.
import { t, currentLanguage } from "./i18n.js";
import { h } from "./dom.js";

const GAMES = ["powergrid", "thegame"];

function inline(text) {
  // **bold**; everything else is text (never HTML).
  return text.split(/\*\*(.+?)\*\*/).map((part, i) => (i % 2 ? h("strong", {}, part) : part));
}

/** A table from its rows of cells: the first row is the header; `---` rows are skipped. */
function table(rows) {
  const [head, ...body] = rows.filter((cells) => !cells.every((c) => /^:?-+:?$/.test(c)));
  const row = (tag, cells) =>
    h("tr", {}, cells.map((c) => h(tag, { class: /^\d+$/.test(c) ? "num" : undefined }, inline(c))));
  return h(
    "div",
    { class: "table-scroll" },
    h("table", {}, h("thead", {}, row("th", head)), h("tbody", {}, body.map((cells) => row("td", cells)))),
  );
}

/** The blocks of a Markdown text of the subset above, as elements. */
export function renderMarkdown(text) {
  const out = [];
  let para = [];
  let items = null;
  let rows = null;
  const flush = () => {
    if (para.length) out.push(h("p", {}, inline(para.join(" "))));
    para = [];
    if (items) out.push(items);
    items = null;
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const cells = line.match(/^\|(.*)\|$/);
    if (cells) {
      if (!rows) flush();
      rows = rows || [];
      rows.push(cells[1].split("|").map((c) => c.trim()));
      continue;
    }
    if (rows) {
      out.push(table(rows));
      rows = null;
    }
    const heading = line.match(/^(#{1,3}) (.*)$/);
    const bullet = line.match(/^- (.*)$/);
    const numbered = line.match(/^\d+\. (.*)$/);
    if (!line) flush();
    else if (heading) {
      flush();
      out.push(h(`h${heading[1].length + 1}`, {}, inline(heading[2])));
    } else if (bullet || numbered) {
      if (para.length) {
        out.push(h("p", {}, inline(para.join(" "))));
        para = [];
      }
      const tag = bullet ? "ul" : "ol";
      if (!items || items.tagName.toLowerCase() !== tag) {
        if (items) out.push(items);
        items = h(tag, {});
      }
      items.append(h("li", {}, inline((bullet || numbered)[1])));
    } else if (items && raw.startsWith("  ")) {
      items.lastChild.append(" ", ...inline(line));
    } else {
      if (items) {
        out.push(items);
        items = null;
      }
      para.push(line);
    }
  }
  flush();
  if (rows) out.push(table(rows));
  return out;
}

export async function showRules(main, game) {
  if (!GAMES.includes(game)) {
    main.replaceChildren(h("p", { class: "error" }, t("rules-missing")));
    return;
  }
  const lang = currentLanguage();
  const file = lang === "en" ? `${game}.md` : `${game}.${lang}.md`;
  document.title = t("rules-title", { kind: t(`kind-${game}`) });
  const back = h("a", { href: "/", id: "rules-back" }, t("rules-back"));
  back.addEventListener("click", (ev) => {
    if (history.length > 1) {
      ev.preventDefault();
      history.back();
    }
  });
  let body;
  try {
    const res = await fetch(`/assets/rules/${file}`);
    if (!res.ok) throw new Error(String(res.status));
    body = renderMarkdown(await res.text());
  } catch {
    body = [h("p", { class: "error" }, t("rules-missing"))];
  }
  document.body.dataset.kind = "rules";
  main.replaceChildren(h("article", { class: "rules", id: "rules" }, back, body));
}
