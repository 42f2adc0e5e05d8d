// The view library: Preact with hooks, written as htm tagged templates, vendored as plain ES
// modules in `vendor/` (with their licences), so the pages need no build step. A page's view is
// a function of its store's state; Preact keeps the elements that stay the same between two
// draws, so focus, a typed number and an open menu survive a new state message by themselves.
import { h, render, Fragment } from "./vendor/preact.module.js";
import { useEffect, useLayoutEffect, useRef, useState } from "./vendor/hooks.module.js";
import htm from "./vendor/htm.module.js";

export const html = htm.bind(h);
export { render, Fragment, useEffect, useLayoutEffect, useRef, useState };

/** An element built outside the view (the table bar of `table.js`), placed in a view. */
export function Node({ node, class: cls }) {
  const ref = useRef(null);
  useLayoutEffect(() => {
    if (ref.current && node && ref.current.firstChild !== node) ref.current.replaceChildren(node);
  }, [node]);
  return html`<div class=${cls} ref=${ref}></div>`;
}
