// The rules page of a game in the page's language: `/assets/rules/<game>.<lang>.md`, the files
// of `docs/rules/` (English is `<game>.md`), whose tables the server fills in from the rules crate.
// The rules are written in a small part of Markdown, rendered here: `#`/`##`/`###` headings,
// paragraphs, `-` and `1.` lists, `**bold**`, and `| a | b |` tables (a header row, a `|---|` line,
// body rows), each in a box that scrolls sideways when the table is wider than the screen.
import { t, currentLanguage } from "./i18n.js";
import { html, render } from "./view.js";

const GAMES = ["powergrid", "thegame"];

function inline(text) {
  // **bold**; everything else is text (never HTML).
  return text.split(/\*\*(.+?)\*\*/).map((part, i) => (i % 2 ? html`<strong>${part}</strong>` : part));
}

/**
 * The blocks of a Markdown text of the subset above: `{type: "h2"|"h3"|"h4"|"p", text}`,
 * `{type: "ul"|"ol", items: [text]}` or `{type: "table", head: [text], rows: [[text]]}`.
 */
export function markdownBlocks(text) {
  const out = [];
  let para = [];
  const flushPara = () => {
    if (para.length) out.push({ type: "p", text: para.join(" ") });
    para = [];
  };
  const list = () => {
    const last = out[out.length - 1];
    return last && (last.type === "ul" || last.type === "ol") && last.open ? last : null;
  };
  const closeList = () => {
    const l = list();
    if (l) l.open = false;
  };
  const table = () => {
    const last = out[out.length - 1];
    return last && last.type === "table" && last.open ? last : null;
  };
  for (const raw of text.split("\n")) {
    const line = raw.trim();
    const cells = line.match(/^\|(.*)\|$/);
    if (cells) {
      const row = cells[1].split("|").map((c) => c.trim());
      if (!table()) {
        flushPara();
        closeList();
        out.push({ type: "table", head: row, rows: [], open: true });
      } else if (!row.every((c) => /^:?-+:?$/.test(c))) {
        table().rows.push(row);
      }
      continue;
    }
    if (table()) table().open = false;
    const heading = line.match(/^(#{1,3}) (.*)$/);
    const bullet = line.match(/^- (.*)$/);
    const numbered = line.match(/^\d+\. (.*)$/);
    if (!line) {
      flushPara();
      closeList();
    } else if (heading) {
      flushPara();
      closeList();
      out.push({ type: `h${heading[1].length + 1}`, text: heading[2] });
    } else if (bullet || numbered) {
      flushPara();
      const type = bullet ? "ul" : "ol";
      if (list()?.type !== type) {
        closeList();
        out.push({ type, items: [], open: true });
      }
      list().items.push((bullet || numbered)[1]);
    } else if (list() && raw.startsWith("  ")) {
      const items = list().items;
      items[items.length - 1] += ` ${line}`;
    } else {
      closeList();
      para.push(line);
    }
  }
  flushPara();
  return out.map(({ open: _open, ...block }) => block);
}

/** A table cell: a plain number is right-aligned. */
function Cell({ tag: Tag, text }) {
  return html`<${Tag} class=${/^\d+$/.test(text) ? "num" : undefined}>${inline(text)}</${Tag}>`;
}

/** The blocks as elements. */
function Block({ block }) {
  if (block.type === "table") {
    const row = (tag, cells) => html`<tr>${cells.map((text) => html`<${Cell} tag=${tag} text=${text} />`)}</tr>`;
    return html`<div class="table-scroll"><table><thead>${row("th", block.head)}</thead><tbody>${block.rows.map((cells) => row("td", cells))}</tbody></table></div>`;
  }
  if (block.items) {
    const items = block.items.map((item) => html`<li>${inline(item)}</li>`);
    return block.type === "ul" ? html`<ul>${items}</ul>` : html`<ol>${items}</ol>`;
  }
  const Tag = block.type;
  return html`<${Tag}>${inline(block.text)}</${Tag}>`;
}

export async function showRules(main, game) {
  if (!GAMES.includes(game)) {
    render(html`<p class="error">${t("rules-missing")}</p>`, main);
    return;
  }
  const lang = currentLanguage();
  const file = lang === "en" ? `${game}.md` : `${game}.${lang}.md`;
  document.title = t("rules-title", { kind: t(`kind-${game}`) });
  const back = (ev) => {
    if (history.length > 1) {
      ev.preventDefault();
      history.back();
    }
  };
  let blocks = null;
  try {
    const res = await fetch(`/assets/rules/${file}`);
    if (!res.ok) throw new Error(String(res.status));
    blocks = markdownBlocks(await res.text());
  } catch {
    blocks = null;
  }
  document.body.dataset.kind = "rules";
  main.replaceChildren();
  render(html`
    <article class="rules" id="rules">
      <a href="/" id="rules-back" onClick=${back}>${t("rules-back")}</a>
      ${blocks ? blocks.map((block) => html`<${Block} block=${block} />`) : html`<p class="error">${t("rules-missing")}</p>`}
    </article>`, main);
}
