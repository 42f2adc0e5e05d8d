// Building elements by hand, for the parts of the pages not drawn by the view library
// (`view.js`): `h("div", {class: "x", onclick: f}, child, "text", ...)`.

const SVG = new Set(["svg", "g", "line", "circle", "text", "rect", "path", "title", "polyline"]);

/** Builds an element: `h("div", {class: "x", onclick: f}, child, "text", ...)`. */
export function h(tag, attrs = {}, ...children) {
  const svg = SVG.has(tag);
  const el = svg ? document.createElementNS("http://www.w3.org/2000/svg", tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false) continue;
    if (k.startsWith("on")) el.addEventListener(k.slice(2), v);
    else if (k === "class") el.setAttribute("class", v);
    else if (k === "text") el.textContent = v;
    else if (k in el && !svg && k !== "list") el[k] = v;
    else el.setAttribute(k, v === true ? "" : v);
  }
  for (const c of children.flat()) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

/** The connection line at the top right: "Connected", or "Reconnecting…" in red. */
export function setConnection(text, ok) {
  const el = document.getElementById("conn");
  el.textContent = text;
  el.className = ok ? "ok" : "bad";
}
