//! `tabletop-bot/1`: bots in any language, speaking JSON lines over stdin and stdout.
//!
//! The protocol is specified in `docs/bot-protocol.md`. This crate is its host side, written
//! once over [`engine::Game`] so every registered game kind works unchanged:
//! - [`External`] is an external program playing one seat. It implements [`engine::Bot`], the
//!   interface of the built-in bots, so anything that seats bots can seat it; [`seat_spec`]
//!   turns the `exec:COMMAND` strings of the command line into one.
//! - [`play`] plays one game with built-in and external bots mixed, sends every seat's events
//!   (redacted by the game) and the outcome, and turns a misbehaving bot into a [`Forfeit`]
//!   instead of an error of the whole run.
//! - [`check`] is `tabletop bot-check`; [`relay`] is a protocol bot that relays to a built-in
//!   bot (`tabletop relay-bot GAME BOT`, used to test the host against the built-in bots);
//!   [`connect`] plays a seat of a live server game.
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
mod session;
mod static_data;

pub use process::{MAX_LINE, MAX_LOG};
pub use session::{ExecSpec, Forfeit, LegalForm, Options, Session, PROTOCOL};
pub use static_data::{powergrid_static_data, BotGame};

use engine::{Actor, Bot, Game, Legal, Planner, Seat, Viewer};
use serde::Serialize;
use serde_json::Value;
use std::marker::PhantomData;
use std::time::Instant;

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
    game: PhantomData<fn() -> G>,
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
            game: PhantomData,
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
    /// The program's answer; after a forfeit, a random legal action (see the crate docs).
    ///
    /// # Panics
    /// If `legal` is empty (a seat that must act always has a legal action).
    pub fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        if self.session.forfeit().is_none() {
            if let Ok(action) = self.session.act::<G>(view, legal) {
                return action;
            }
        }
        legal[self.fallback.pick(legal.len())].clone()
    }
}

/// The protocol asks for one action at a time: a plan is that one action.
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

/// Why [`play`] could not finish a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// One bot is needed per seat.
    #[error("{bots} bots for {seats} seats")]
    SeatCount {
        /// Bots given.
        bots: usize,
        /// Seats in the game.
        seats: usize,
    },
    /// A built-in bot chose an action outside the legal list.
    #[error("built-in bot {bot} at {seat} chose {action}, which is not legal")]
    Illegal {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// What it chose, in text form.
        action: String,
    },
    /// The game did not end.
    #[error("the game did not end within {0} actions")]
    TooLong(usize),
    /// The game passed [`ROUND_CAP`] rounds: stopped unfinished, a win for no one.
    #[error("the game passed round {0} without ending and was stopped unfinished (the rules set no limit; the hosts stop a game there)")]
    RoundCap(u32),
}

/// The last round [`play`] lets a game reach (for games with a [`BotGame::round`]): far above
/// any game played to win (Power Grid's last about 15 to 30 rounds), so only a game that
/// cannot end, such as one where no one builds, is stopped.
pub const ROUND_CAP: u32 = 1000;

/// The most actions [`play`] allows in one game (far above both games' longest).
pub const MAX_ACTIONS: usize = 1_000_000;

/// Plays `state` to the end. Seat `i` is `seats[i]`; an external seat is started with
/// `setup` (public) and `seeds[i]`, sees every event redacted for its seat, and gets the
/// outcome. `label` prefixes the seat in errors (e.g. `game 12`).
///
/// # Errors
/// A wrong number of bots, a built-in bot's illegal choice, or a game that does not end. An
/// external bot's misbehaviour is not an error: it is in [`Played::forfeits`].
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
    let mut decisions = vec![0u64; n];
    let mut nanos = vec![0u64; n];
    let mut legal = Vec::new();
    for _ in 0..MAX_ACTIONS {
        let Actor::Seat(seat) = state.actor() else {
            break;
        };
        state.legal_actions(&mut legal);
        let view = state.view(Viewer::Seat(seat));
        let i = seat.index();
        let t0 = Instant::now();
        let action = seats[i].choose(&view, &legal);
        nanos[i] += t0.elapsed().as_nanos() as u64;
        decisions[i] += 1;
        let events = match state.apply_as(seat, &action) {
            Ok(events) => events,
            Err(_) => {
                return Err(PlayError::Illegal {
                    bot: seats[i].name().to_string(),
                    seat,
                    action: action.to_string(),
                })
            }
        };
        for (j, s) in seats.iter_mut().enumerate() {
            let viewer = Viewer::Seat(Seat(j as u8));
            for e in &events {
                if let Some(e) = G::redact(e, viewer) {
                    s.observe(&e);
                }
            }
        }
        if G::round(&state).is_some_and(|r| r > ROUND_CAP) {
            for s in seats.iter_mut() {
                if let SeatBot::External(e) = s {
                    e.abandon();
                }
            }
            return Err(PlayError::RoundCap(ROUND_CAP));
        }
    }
    let Some(outcome) = state.outcome() else {
        return Err(PlayError::TooLong(MAX_ACTIONS));
    };
    let forfeits = seats
        .iter_mut()
        .map(|s| match s {
            SeatBot::External(e) => e.over(&outcome),
            SeatBot::BuiltIn(_) => None,
        })
        .collect();
    Ok(Played {
        state,
        outcome,
        decisions,
        nanos,
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
