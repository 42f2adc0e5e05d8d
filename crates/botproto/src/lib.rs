//! `tabletop-bot/1`: bots in any language, speaking JSON lines over stdin and stdout.
//!
//! The protocol is specified in `docs/bot-protocol.md`. This crate is its host side, written
//! once over [`engine::Game`] so every registered game kind works unchanged:
//! - [`External`] is an external program playing one seat. It implements [`engine::Bot`], the
//!   interface of the built-in bots, so anything that seats bots can seat it; [`seat_spec`]
//!   turns the `exec:COMMAND` strings of the command line into one.
//! - [`play`] plays one game with built-in and external bots mixed, sends every seat's events
//!   (redacted by the game) and the outcome, and turns a misbehaving bot into a [`Forfeit`]
//!   instead of an error of the whole run. Its loop is the one every runner uses
//!   ([`bots::play`]): a [`SeatBot`] is a bot of it, and what the protocol adds (starting the
//!   programs, `over`, forfeits) is around it, so the errors are the loop's ([`PlayError`]).
//! - [`check`] is `tabletop bot-check`; [`relay`] is a protocol bot that relays to a built-in
//!   bot (`tabletop relay-bot GAME BOT`, used to test the host against the built-in bots);
//!   [`connect`] plays a seat of a live server game; [`seek`] finds games for a bot account
//!   on a server and plays them one after another.
//!
//! Decisions:
//! - A forfeit never stops a run: the seat's remaining decisions in that game are taken by a
//!   uniformly random legal action (seeded from the seat's seed), so the other seats' game
//!   completes, and the result carries the forfeit. What a forfeit costs in the tally is the
//!   runner's choice (`tabletop sim`: the seat's game counts as lost).
//! - The setup sent to a bot is the public part of the game's setup: the fields that fix the
//!   hidden cards are removed ([`public_setup`]).
//! - What a game needs bots to know beyond its views (Power Grid's plant table, map and
//!   market tables) is its [`BotGame::static_data`], sent once per game in `start`; a game
//!   without any implements [`BotGame`] with no items.

pub mod check;
pub mod connect;
mod process;
pub mod relay;
pub mod seek;
mod session;
mod static_data;

pub use bots::PlayError;
pub use engine::ROUND_CAP;
pub use process::{MAX_LINE, MAX_LOG};
pub use session::{ExecSpec, Forfeit, LegalForm, Options, Session, PROTOCOL};
pub use static_data::BotGame;

use engine::{Bot, Game, Legal, Planner, Seat, Viewer};
use serde::Serialize;
use serde_json::Value;

/// A seat on the command line: a built-in bot's name or `exec:COMMAND`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SeatSpec {
    /// A built-in bot, by registry name.
    BuiltIn(String),
    /// An external program, run with `sh -c`.
    Exec(String),
}

/// Why a seat string is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0:?}: `exec:` needs a command, e.g. exec:python3 my_bot.py")]
pub struct EmptyCommand(pub String);

/// Reads a seat string: `exec:COMMAND` (the command as typed after `exec:`) or a built-in
/// bot's name.
///
/// # Errors
/// `exec:` with nothing after it.
pub fn seat_spec(text: &str) -> Result<SeatSpec, EmptyCommand> {
    match text.strip_prefix("exec:") {
        Some(command) if command.trim().is_empty() => Err(EmptyCommand(text.to_string())),
        Some(command) => Ok(SeatSpec::Exec(command.trim().to_string())),
        None => Ok(SeatSpec::BuiltIn(text.to_string())),
    }
}

/// Setup fields that fix hidden cards, never sent to a bot: The Game's `seed` and `deal`, Power
/// Grid's `seed`, `deck` and `step3_deck`.
pub const SECRET_SETUP_FIELDS: &[&str] = &["seed", "deal", "deck", "step3_deck"];

/// The setup as a bot may see it: its JSON form without [`SECRET_SETUP_FIELDS`].
pub fn public_setup(setup: &impl Serialize) -> Value {
    let mut value = serde_json::to_value(setup).unwrap_or(Value::Null);
    if let Value::Object(fields) = &mut value {
        for key in SECRET_SETUP_FIELDS {
            fields.remove(*key);
        }
    }
    value
}

/// A small seeded generator for the forfeit fallback (splitmix64).
struct Fallback(u64);

impl Fallback {
    fn pick(&mut self, n: usize) -> usize {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^= z >> 31;
        (z % n.max(1) as u64) as usize
    }
}

/// An external bot program playing one seat of game `G`, reused from game to game.
pub struct External<G: Game> {
    session: Session,
    seat: Seat,
    name: String,
    fallback: Fallback,
    /// The view the next action of the bot's plan was planned for ([`Game::predict_view`]).
    expect: Option<G::View>,
}

impl<G: Game> External<G> {
    /// A bot run by `spec`; the process starts with the first game.
    pub fn new(spec: ExecSpec) -> External<G> {
        let name = format!("exec:{}", spec.command);
        External {
            session: Session::new(spec, G::NAME),
            seat: Seat(0),
            name,
            fallback: Fallback(0),
            expect: None,
        }
    }

    /// The conversation with the program.
    pub fn session(&mut self) -> &mut Session {
        &mut self.session
    }

    /// Begins a game at `seat`: `setup` is the public setup ([`public_setup`]), `seed` the
    /// bot's own seed, `view` the seat's view at the start (for the game's
    /// [`BotGame::static_data`]). `label` names the seat in errors (e.g. `game 12 seat 2`).
    ///
    /// # Errors
    /// The program did not start or say `ready`; the game is forfeited (and played on by the
    /// fallback).
    pub fn start(
        &mut self,
        seat: Seat,
        label: String,
        setup: &Value,
        seed: u64,
        view: &G::View,
    ) -> Result<(), Forfeit>
    where
        G: BotGame,
    {
        self.seat = seat;
        self.fallback = Fallback(seed);
        self.expect = None;
        self.session.set_seat_label(label);
        let data = G::static_data(view);
        let started = self.session.start(seat, setup, seed, data.as_ref());
        self.name = self.session.display_name();
        started
    }

    /// Ends the game: the bot gets the outcome; returns its forfeit, if it lost the game.
    pub fn over(&mut self, outcome: &G::Outcome) -> Option<Forfeit> {
        self.session.over::<G>(outcome)
    }

    /// Ends a game stopped without an outcome: the bot gets `over` with outcome `null`.
    pub fn abandon(&mut self) {
        self.session.over_unfinished();
    }
}

impl<G: Game> External<G> {
    /// The program's action: the next of its plan (`then`) while the seat's view is the one
    /// that plan expects (nothing drawn, revealed or done by another seat since), otherwise
    /// its answer to a request; after a forfeit, a random legal action (see the crate docs).
    ///
    /// # Panics
    /// If `legal` is empty (a seat that must act always has a legal action).
    pub fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        if self.session.forfeit().is_none() {
            let planned = if self.expect.as_ref() == Some(view) {
                self.session.planned::<G>(legal)
            } else {
                self.session.drop_plan();
                None
            };
            let chosen = planned.unwrap_or_else(|| self.session.act::<G>(view, legal));
            if let Ok(action) = chosen {
                self.expect = (self.session.has_plan())
                    .then(|| G::predict_view(view, &action))
                    .flatten();
                return action;
            }
        }
        self.expect = None;
        legal[self.fallback.pick(legal.len())].clone()
    }
}

/// A plan is one action: the program's own plan is followed by [`External::choose`], which
/// checks each planned action against the state it is taken in.
impl<G: Game> Bot<G> for External<G> {
    fn name(&self) -> &str {
        &self.name
    }

    fn plan(&mut self, view: &G::View, legal: &Legal<'_, G>, out: &mut Vec<G::Action>) {
        out.push(self.choose(view, legal.actions()));
    }

    fn observe(&mut self, event: &G::Event) {
        if !self.session.wants_events() {
            return;
        }
        if let Some(event) = G::redact(event, Viewer::Seat(self.seat)) {
            self.session.event::<G>(&event);
        }
    }
}

/// A bot in a seat of [`play`].
// A handful of seats live for a whole run; boxing the large variant would buy nothing.
#[allow(clippy::large_enum_variant)]
pub enum SeatBot<G: Game> {
    /// A built-in bot, asked for one action at a time.
    BuiltIn(Planner<G>),
    /// An external program.
    External(External<G>),
}

impl<G: Game> SeatBot<G> {
    /// A built-in bot's seat.
    pub fn built_in(bot: Box<dyn Bot<G>>) -> SeatBot<G> {
        SeatBot::BuiltIn(Planner::new(bot))
    }

    /// The bot's name.
    pub fn name(&self) -> &str {
        match self {
            SeatBot::BuiltIn(b) => b.name(),
            SeatBot::External(e) => Bot::name(e),
        }
    }

    /// The bot's action for `view`, one of `legal` (not empty).
    pub fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        match self {
            SeatBot::BuiltIn(b) => b.choose(view, legal),
            SeatBot::External(e) => e.choose(view, legal),
        }
    }

    /// Shows the bot an event (already redacted for its seat).
    pub fn observe(&mut self, event: &G::Event) {
        match self {
            SeatBot::BuiltIn(b) => b.observe(event),
            SeatBot::External(e) => e.observe(event),
        }
    }
}

/// A game played by [`play`].
pub struct Played<G: Game> {
    /// The final state.
    pub state: G,
    /// Its outcome.
    pub outcome: G::Outcome,
    /// Decisions taken, per seat.
    pub decisions: Vec<u64>,
    /// Time each seat spent choosing (for external bots: the round trip), in nanoseconds.
    pub nanos: Vec<u64>,
    /// Per seat, the forfeit of an external bot that lost the game by breaking the protocol.
    pub forfeits: Vec<Option<Forfeit>>,
}

/// The most actions [`play`] allows in one game (far above both games' longest).
pub const MAX_ACTIONS: usize = 1_000_000;

/// A seat of [`play`] is a bot of the one game loop ([`bots::play`]) asked for one action at a
/// time: a built-in bot through its [`Planner`], an external program through its session.
impl<G: Game> Bot<G> for SeatBot<G> {
    fn name(&self) -> &str {
        SeatBot::name(self)
    }

    fn plan(&mut self, view: &G::View, legal: &Legal<'_, G>, out: &mut Vec<G::Action>) {
        out.push(self.choose(view, legal.actions()));
    }

    fn observe(&mut self, event: &G::Event) {
        SeatBot::observe(self, event);
    }
}

/// Plays `state` to the end in the one game loop ([`bots::play`], events shown, decisions
/// timed). Seat `i` is `seats[i]`; an external seat is started with `setup` (public) and
/// `seeds[i]`, sees every event redacted for its seat, and gets the outcome (or `over` with
/// outcome `null` when the game is stopped). `label` prefixes the seat in errors (e.g.
/// `game 12`).
///
/// # Errors
/// A wrong number of bots, a built-in bot's illegal choice, a game that does not end within
/// [`MAX_ACTIONS`], or one stopped at the round cap ([`PlayError::RoundCap`]). An external
/// bot's misbehaviour is not an error: it is in [`Played::forfeits`].
pub fn play<G: BotGame>(
    mut state: G,
    seats: &mut [SeatBot<G>],
    setup: &Value,
    seeds: &[u64],
    label: &str,
) -> Result<Played<G>, PlayError> {
    let n = state.seats();
    if seats.len() != n || seeds.len() != n {
        return Err(PlayError::SeatCount {
            bots: seats.len(),
            seats: n,
        });
    }
    for (i, s) in seats.iter_mut().enumerate() {
        if let SeatBot::External(e) = s {
            let seat_label = if label.is_empty() {
                format!("seat {i}")
            } else {
                format!("{label} seat {i}")
            };
            let view = state.view(Viewer::Seat(Seat(i as u8)));
            let _ = e.start(Seat(i as u8), seat_label, setup, seeds[i], &view);
        }
    }
    let options = bots::PlayOptions {
        events: true,
        timed: true,
        record: false,
        max_actions: MAX_ACTIONS,
    };
    let played = match bots::play(&mut state, seats, &options, |_, _, _, _| {}) {
        Ok(played) => played,
        Err(error) => {
            for s in seats.iter_mut() {
                if let SeatBot::External(e) = s {
                    e.abandon();
                }
            }
            return Err(error);
        }
    };
    let forfeits = seats
        .iter_mut()
        .map(|s| match s {
            SeatBot::External(e) => e.over(&played.outcome),
            SeatBot::BuiltIn(_) => None,
        })
        .collect();
    Ok(Played {
        state,
        outcome: played.outcome,
        decisions: played.decisions,
        nanos: played.nanos,
        forfeits,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_strings_are_built_in_names_or_exec_commands() {
        assert_eq!(
            seat_spec("heuristic"),
            Ok(SeatSpec::BuiltIn("heuristic".into()))
        );
        assert_eq!(
            seat_spec("exec: python3 bot.py --fast "),
            Ok(SeatSpec::Exec("python3 bot.py --fast".into()))
        );
        assert_eq!(seat_spec("exec:  "), Err(EmptyCommand("exec:  ".into())));
    }

    #[test]
    fn the_public_setup_leaves_out_what_fixes_hidden_cards() {
        let setup = powergrid::Setup::new(3, powergrid::MapId::Usa, 99);
        let public = public_setup(&setup);
        assert_eq!(public["players"], 3);
        assert_eq!(public["map"], "usa");
        for key in SECRET_SETUP_FIELDS {
            assert!(public.get(*key).is_none(), "{key} in {public}");
        }
        let thegame = public_setup(&thegame::Setup::seeded(2, 7));
        assert_eq!(thegame, serde_json::json!({"players": 2, "first": 0}));
    }
}
