// The one part of the page outside every view: the connection line in the header
// (`index.html`), which the WebSocket (`net.js`) keeps up to date.

/** The connection line at the top right: "Connected", or "Reconnecting…" in red. */
export function setConnection(text, ok) {
  const el = document.getElementById("conn");
  el.textContent = text;
  el.className = ok ? "ok" : "bad";
}
