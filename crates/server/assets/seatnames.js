// How the pages around a game (lobby, share box, replay, hotseat screen) name a seat: Power
// Grid's by their colour, The Game's by number, and a seat with a display name as "Ann (Red)",
// with the same labels and message (`table-name-with`) as the game pages' `seatName` in
// `core.js`, which needs a running table; this one works from any `seats` list.
import { t } from "./i18n.js";

/** The colours of Power Grid's seats, as the map and the lobby draw them. */
export const PG_COLOURS = ["#d62828", "#1d5fd1", "#2a9d3b", "#e9c80b", "#8e44ad", "#222"];

/** The seat's own name, without any display name: "Red" (Power Grid) or "Seat 2" (The Game). */
export function seatLabel(kind, seat) {
  return kind === "powergrid" ? t(`pg-colour-${seat}`) : t("seat-name", { n: seat + 1 });
}

/**
 * The seat's name as players see it: its display name with its colour or number when it has
 * one ("Ann (Red)"), else the label alone. `seats` is the state message's or summary's list.
 */
export function seatName(kind, seat, seats) {
  const entry = (seats || []).find((s) => s.seat === seat);
  const label = seatLabel(kind, seat);
  return entry && entry.name ? t("table-name-with", { name: entry.name, label }) : label;
}
