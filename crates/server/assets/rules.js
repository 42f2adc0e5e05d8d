// The rules page of a game in the page's language: `/assets/rules/<game>.<lang>.md`, the files
// of `docs/rules/` (English is `<game>.md`). The rules are written in a small part of Markdown,
// rendered here: `#`/`##`/`###` headings, paragraphs, `-` and `1.` lists, `**bold**`.
import { t, currentLanguage } from "./i18n.js";
import { html, render } from "./view.js";

const GAMES = ["powergrid", "thegame"];

function inline(text) {
  // **bold**; everything else is text (never HTML).
  return text.split(/\*\*(.+?)\*\*/).map((part, i) => (i % 2 ? html`<strong>${part}</strong>` : part));
}

/**
 * The blocks of a Markdown text of the subset above: `{type: "h2"|"h3"|"h4"|"p", text}` or
 * `{type: "ul"|"ol", items: [text]}`.
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
  for (const raw of text.split("\n")) {
    const line = raw.trim();
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

/** The blocks as elements. */
function Block({ block }) {
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
