// A game page's log, kept in step with the game: a state message that follows the log's
// version by one with events adds them; any other change (a missed version, an undo, a seat
// record, which carry no events) has the page fetch the log again, so an undone move never
// stays in the log. Pure, tested by `js-tests/gamelog.test.js`.

/**
 * The log after `msg`: `{ entries, version }`, or null when it must be fetched again.
 * `log` is the current one (null before the first fetch).
 */
export function logAfter(log, msg) {
  if (!log) return null;
  if (msg.version === log.version) return log;
  if (msg.version === log.version + 1 && msg.events?.length) {
    return { entries: [...log.entries, ...msg.events], version: msg.version };
  }
  return null;
}

/** The log as the server lists it (`GET …/log`, or a replay step's entries). */
export function logFromEntries(entries, version) {
  return { entries: entries.flatMap((e) => e.events), version };
}
