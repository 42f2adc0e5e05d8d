//! Who plays each seat, under which name and on which clock: the "play with friends" rules of
//! the server, kept apart from the game's rules and from the game's task (module `table`).
//!
//! Decisions:
//! - **Names** are 1 to [`MAX_NAME_CHARS`] characters once trimmed, with no control character
//!   and none of the invisible characters that reorder or hide text (bidirectional overrides
//!   and isolates, zero-width spaces and joiners, the byte-order mark): a name is shown to other
//!   players and must read as what it is. Names need not be unique; seats keep their colours.
//! - **Time controls** ([`TimeControl`]): none, a limit per move, a bank with an increment
//!   (Fischer), or days per move. A *move* is the whole span during which a seat is the actor:
//!   Power Grid's buys and builds of one turn, The Game's plays until `end`, share one limit.
//!   The clock runs only for the actor, and only while a person holds the seat.
//! - Clocks are computed, never stored: every record carries the time it was accepted
//!   (`actions.at_ms`), and [`Clocks::after`] is called with that time both live and when a
//!   game is replayed at start-up, so a restart (or `kill -9`) gives the same deadlines. Time
//!   the server was down counts: a deadline that passed meanwhile fires as soon as the game is
//!   loaded. The first move's clock starts at the game's `created_at` (whole seconds).
//! - When time runs out, the seat is handed to a stand-in bot (the strongest built-in at a
//!   short budget, chosen per kind in `games.rs`) until its player takes it back. A bank that
//!   ran out is given [`REFILL_MS`] (or the increment, if larger) when the seat is taken back,
//!   so that the player has time for one move.
//! - A player may hand their seat to the stand-in themselves ("leave"); the creator may do so
//!   for a player with no open connection who has not been seen for
//!   [`PlayOptions::replace_after_seconds`]. Either way the player's link still takes the seat
//!   back: nobody loses a seat for good, as on Board Game Arena where a returning player may
//!   resume until the table has voted them out.

use engine::{Actor, Seat};
use serde::{Deserialize, Serialize};

/// The longest display name, in characters.
pub const MAX_NAME_CHARS: usize = 24;

/// What a bank that ran out holds again when its seat is taken back (unless the increment is
/// larger).
pub const REFILL_MS: i64 = 30_000;

/// Characters that are not control characters but hide or reorder text.
const INVISIBLE: &[char] = &[
    '\u{200b}', '\u{200c}', '\u{200d}', '\u{200e}', '\u{200f}', '\u{202a}', '\u{202b}', '\u{202c}',
    '\u{202d}', '\u{202e}', '\u{2060}', '\u{2066}', '\u{2067}', '\u{2068}', '\u{2069}', '\u{feff}',
];

/// The name as kept (trimmed), or why it is refused.
///
/// # Errors
/// Empty, too long, or holding a control or invisible character (the message names it).
pub fn check_name(name: &str) -> Result<String, String> {
    let trimmed = name.trim();
    if trimmed.is_empty() {
        return Err("a name needs at least one visible character".into());
    }
    let chars = trimmed.chars().count();
    if chars > MAX_NAME_CHARS {
        return Err(format!(
            "the name has {chars} characters; at most {MAX_NAME_CHARS} are allowed"
        ));
    }
    if let Some(c) = trimmed
        .chars()
        .find(|c| c.is_control() || INVISIBLE.contains(c))
    {
        return Err(format!(
            "the name holds the control or invisible character U+{:04X}",
            c as u32
        ));
    }
    Ok(trimmed.to_owned())
}

/// A time control, chosen when the game is created.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum TimeControl {
    /// No clock.
    #[default]
    None,
    /// Each move must be made within `seconds` (1 s to 1 day).
    PerMove { seconds: u64 },
    /// A bank of `seconds` (10 s to 1 day) that runs down during one's moves, plus
    /// `increment_seconds` (up to 1 hour) after each move.
    Bank {
        seconds: u64,
        increment_seconds: u64,
    },
    /// Each move must be made within `days` days (1 to 30): for slow games.
    Days { days: u64 },
}

impl TimeControl {
    fn check(&self) -> Vec<String> {
        const DAY: u64 = 86_400;
        let mut problems = Vec::new();
        match *self {
            TimeControl::None => {}
            TimeControl::PerMove { seconds } => {
                if !(1..=DAY).contains(&seconds) {
                    problems.push(format!(
                        "per_move seconds is {seconds}; it must be 1 to {DAY}"
                    ));
                }
            }
            TimeControl::Bank {
                seconds,
                increment_seconds,
            } => {
                if !(10..=DAY).contains(&seconds) {
                    problems.push(format!("bank seconds is {seconds}; it must be 10 to {DAY}"));
                }
                if increment_seconds > 3600 {
                    problems.push(format!(
                        "bank increment_seconds is {increment_seconds}; it must be at most 3600"
                    ));
                }
            }
            TimeControl::Days { days } => {
                if !(1..=30).contains(&days) {
                    problems.push(format!("days is {days}; it must be 1 to 30"));
                }
            }
        }
        problems
    }

    /// How long one move may take, for limits that do not carry over.
    fn per_move_ms(&self) -> Option<i64> {
        match *self {
            TimeControl::PerMove { seconds } => Some(seconds as i64 * 1000),
            TimeControl::Days { days } => Some(days as i64 * 86_400_000),
            _ => None,
        }
    }
}

/// How a game is played besides its rules: stored as the game's `options` JSON.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PlayOptions {
    /// The clock.
    #[serde(default)]
    pub clock: TimeControl,
    /// How long a player must have been away (no open connection, no request) before the
    /// creator may hand their seat to a bot. Default 5 minutes; 1 second to 30 days.
    #[serde(default = "default_replace_after")]
    pub replace_after_seconds: u64,
    /// Listed among the games in progress that anyone may watch (module `open`). A game with
    /// seats open to anyone is listed whatever this says.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub listed: bool,
    /// Rated (module `ratings`): the result changes the players' ratings, and no step may be
    /// taken back. Checked when the game is created.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub rated: bool,
}

fn default_replace_after() -> u64 {
    300
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            clock: TimeControl::None,
            replace_after_seconds: default_replace_after(),
            listed: false,
            rated: false,
        }
    }
}

impl PlayOptions {
    /// Every problem of these options, joined.
    ///
    /// # Errors
    /// A limit out of its range.
    pub fn check(&self) -> Result<(), String> {
        let mut problems = self.clock.check();
        if !(1..=30 * 86_400).contains(&self.replace_after_seconds) {
            problems.push(format!(
                "replace_after_seconds is {}; it must be 1 to {}",
                self.replace_after_seconds,
                30 * 86_400
            ));
        }
        if problems.is_empty() {
            Ok(())
        } else {
            Err(problems.join("; "))
        }
    }

    /// The options stored as `json` (`{}` or empty gives the defaults).
    ///
    /// # Errors
    /// Not JSON of this shape.
    pub fn parse(json: &str) -> Result<PlayOptions, String> {
        if json.trim().is_empty() {
            return Ok(PlayOptions::default());
        }
        serde_json::from_str(json).map_err(|e| format!("options: {e}"))
    }
}

/// The clocks of one game.
#[derive(Debug, Clone)]
pub struct Clocks {
    control: TimeControl,
    /// Each seat's bank, for [`TimeControl::Bank`].
    bank_ms: Vec<i64>,
    /// The seat whose clock runs, and since when.
    running: Option<(Seat, i64)>,
}

/// The clock shown with a state: the control, the running seat's deadline, every bank.
#[derive(Debug, Clone, Serialize)]
pub struct ClockView {
    /// The time control.
    pub control: TimeControl,
    /// The seat whose clock runs, if any.
    pub running: Option<Seat>,
    /// When its time runs out, in milliseconds since the Unix epoch.
    pub deadline_ms: Option<i64>,
    /// Each seat's bank in milliseconds (for `bank`, as of the last record), else empty.
    pub bank_ms: Vec<i64>,
    /// The server's time when the message was made, so that a page can correct its own clock.
    pub now_ms: i64,
}

impl Clocks {
    /// The clocks of a game created at `start_ms` whose first actor is `actor`; `bots` says
    /// which seats a bot plays (one entry per seat): no clock runs for them.
    pub fn new(control: TimeControl, bots: &[bool], start_ms: i64, actor: Actor) -> Clocks {
        let seats = bots.len();
        let bank = match control {
            TimeControl::Bank { seconds, .. } => seconds as i64 * 1000,
            _ => 0,
        };
        let mut clocks = Clocks {
            control,
            bank_ms: vec![bank; seats],
            running: None,
        };
        clocks.start(actor, start_ms, bots);
        clocks
    }

    fn start(&mut self, actor: Actor, at_ms: i64, stood_in: &[bool]) {
        self.running = match actor {
            Actor::Seat(s) if self.control != TimeControl::None && !stood_in[s.index()] => {
                Some((s, at_ms))
            }
            _ => None,
        };
    }

    /// Moves the clocks on after a record accepted at `at_ms`; `moved` when it is a move of
    /// the seat that was acting. `actor` is who acts now and `stood_in` says which seats a bot
    /// plays now (its own bot or a stand-in). A seat whose move continues keeps its running
    /// clock.
    pub fn after(&mut self, at_ms: i64, moved: bool, actor: Actor, stood_in: &[bool]) {
        if let Some((s, since)) = self.running {
            if actor == Actor::Seat(s) && !stood_in[s.index()] {
                return;
            }
            if let TimeControl::Bank {
                increment_seconds, ..
            } = self.control
            {
                let bank = &mut self.bank_ms[s.index()];
                *bank = (*bank - (at_ms - since).max(0)).max(0);
                if moved && !stood_in[s.index()] {
                    *bank += increment_seconds as i64 * 1000;
                }
            }
        }
        self.start(actor, at_ms, stood_in);
    }

    /// A seat taken back from the bot: a bank that ran out gets time for one move.
    pub fn refill(&mut self, seat: Seat) {
        if let TimeControl::Bank {
            increment_seconds, ..
        } = self.control
        {
            let bank = &mut self.bank_ms[seat.index()];
            *bank = (*bank).max(REFILL_MS.max(increment_seconds as i64 * 1000));
        }
    }

    /// The seat whose clock runs and when its time runs out.
    pub fn deadline(&self) -> Option<(Seat, i64)> {
        let (s, since) = self.running?;
        let limit = match self.control.per_move_ms() {
            Some(ms) => ms,
            None => self.bank_ms[s.index()],
        };
        Some((s, since + limit))
    }

    /// What a page needs to show the clocks.
    pub fn view(&self, now_ms: i64) -> ClockView {
        let deadline = self.deadline();
        ClockView {
            control: self.control,
            running: deadline.map(|(s, _)| s),
            deadline_ms: deadline.map(|(_, d)| d),
            bank_ms: match self.control {
                TimeControl::Bank { .. } => self.bank_ms.clone(),
                _ => Vec::new(),
            },
            now_ms,
        }
    }
}

/// Milliseconds since the Unix epoch, now.
pub fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_millis() as i64)
        .unwrap_or(0)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_are_trimmed_and_checked() {
        assert_eq!(check_name("  Ann  ").unwrap(), "Ann");
        assert_eq!(check_name("Zoë 🙂").unwrap(), "Zoë 🙂");
        assert!(check_name("   ").unwrap_err().contains("visible"));
        assert!(check_name(&"x".repeat(25))
            .unwrap_err()
            .contains("25 characters"));
        assert!(check_name(&"é".repeat(24)).is_ok());
        assert!(check_name("a\u{7}b").unwrap_err().contains("U+0007"));
        assert!(check_name("a\nb").unwrap_err().contains("U+000A"));
        assert!(check_name("evil\u{202e}txt")
            .unwrap_err()
            .contains("U+202E"));
        assert!(check_name("a\u{200b}").unwrap_err().contains("U+200B"));
    }

    #[test]
    fn options_default_and_ranges() {
        assert_eq!(PlayOptions::parse("{}").unwrap(), PlayOptions::default());
        let bad = PlayOptions {
            clock: TimeControl::Bank {
                seconds: 5,
                increment_seconds: 4000,
            },
            replace_after_seconds: 0,
            listed: false,
            rated: false,
        };
        let e = bad.check().unwrap_err();
        assert!(e.contains("bank seconds is 5"), "{e}");
        assert!(e.contains("replace_after_seconds is 0"), "{e}");
        assert!(PlayOptions::parse(r#"{"clock":{"type":"hourglass"}}"#).is_err());
        let days: PlayOptions =
            serde_json::from_str(r#"{"clock":{"type":"days","days":3}}"#).unwrap();
        assert!(days.check().is_ok());
        assert_eq!(TimeControl::Days { days: 31 }.check().len(), 1);
        assert_eq!(TimeControl::PerMove { seconds: 0 }.check().len(), 1);
    }

    const A: Actor = Actor::Seat(Seat(0));
    const B: Actor = Actor::Seat(Seat(1));

    #[test]
    fn a_per_move_clock_restarts_on_each_turn_and_continues_within_one() {
        let mut c = Clocks::new(
            TimeControl::PerMove { seconds: 10 },
            &[false, false],
            1_000,
            A,
        );
        assert_eq!(c.deadline(), Some((Seat(0), 11_000)));
        c.after(3_000, true, A, &[false, false]);
        assert_eq!(c.deadline(), Some((Seat(0), 11_000)), "same move goes on");
        c.after(4_000, true, B, &[false, false]);
        assert_eq!(c.deadline(), Some((Seat(1), 14_000)));
        c.after(5_000, false, A, &[false, false]);
        assert_eq!(c.deadline(), Some((Seat(0), 15_000)));
        c.after(6_000, false, A, &[true, false]);
        assert_eq!(c.deadline(), None, "no clock while a bot stands in");
        c.after(7_000, true, Actor::Terminal, &[false, false]);
        assert_eq!(c.deadline(), None);
    }

    #[test]
    fn no_clock_runs_for_a_bot_seat() {
        let mut c = Clocks::new(TimeControl::PerMove { seconds: 5 }, &[true, false], 0, A);
        assert_eq!(c.deadline(), None);
        c.after(100, true, B, &[true, false]);
        assert_eq!(c.deadline(), Some((Seat(1), 5_100)));
    }

    #[test]
    fn a_bank_runs_down_gains_its_increment_and_is_refilled_when_taken_back() {
        let control = TimeControl::Bank {
            seconds: 60,
            increment_seconds: 5,
        };
        let mut c = Clocks::new(control, &[false, false], 0, A);
        assert_eq!(c.deadline(), Some((Seat(0), 60_000)));
        c.after(20_000, true, B, &[false, false]);
        assert_eq!(c.view(0).bank_ms, vec![45_000, 60_000]);
        assert_eq!(c.deadline(), Some((Seat(1), 80_000)));
        // Seat 1 times out: its bank is spent, no increment, and the bot plays on no clock.
        c.after(80_000, false, B, &[false, true]);
        assert_eq!(c.view(0).bank_ms, vec![45_000, 0]);
        assert_eq!(c.deadline(), None);
        c.refill(Seat(1));
        c.after(81_000, false, B, &[false, false]);
        assert_eq!(c.deadline(), Some((Seat(1), 81_000 + REFILL_MS)));
    }
}
