//! Bots for Tabletop's games, a registry of them per game, and the one game loop that
//! simulations, tests and tools drive them with.
//!
//! Every bot is an [`engine::Bot`]: it sees only what its seat may see (a view built by the
//! game for that seat, and the events redacted for it), never the state itself.
//!
//! Decisions:
//! - A game's bots are listed once, in its [`Registered::REGISTRY`]; [`find`] looks a name up
//!   for any game, with one error ([`UnknownBot`]) that lists the known names. Adding a bot is
//!   one line in its game's registry; adding a game is one `impl Registered`.
//! - [`play`] is the one game loop: it asks the seat that must act for its plan (a whole turn
//!   of The Game, one action of Power Grid), applies the planned actions while that seat still
//!   acts, and reports a bot that breaks a rule as a [`PlayError`], never repairing its choice.
//!   What it costs is chosen per call ([`PlayOptions`]): without events, timings or a record it
//!   is the allocation-free path of fast simulations.

pub mod powergrid;
pub mod thegame;

use engine::{Actor, Bot, Game, Legal, Seat, Viewer};
use std::time::Instant;

/// A game whose bots are registered here.
pub trait Registered: Game {
    /// What some of its bots are built with (a search bot's budget and threads).
    type Config: Clone + Default + Send + Sync;
    /// Every bot of the game, by name; the first is the uniformly random one.
    const REGISTRY: &'static [BotEntry<Self>];
}

/// A named bot constructor.
pub struct BotEntry<G: Registered> {
    /// The name used on the command line, in the server's seats and in Python.
    pub name: &'static str,
    /// One line about how it plays.
    pub about: &'static str,
    /// Builds a bot for one seat; `seed` feeds any randomness it uses.
    pub make: fn(seed: u64, config: &G::Config) -> Box<dyn Bot<G>>,
}

impl<G: Registered> BotEntry<G> {
    /// A bot of this entry with the default configuration, reset for a game seeded `seed`.
    pub fn build(&self, seed: u64) -> Box<dyn Bot<G>> {
        self.build_with(seed, &G::Config::default())
    }

    /// A bot of this entry built with `config`, reset for a game seeded `seed`.
    pub fn build_with(&self, seed: u64, config: &G::Config) -> Box<dyn Bot<G>> {
        let mut bot = (self.make)(seed, config);
        bot.reset(seed);
        bot
    }
}

/// Why a bot name is not known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no {game} bot named {name:?}; known bots: {known}")]
pub struct UnknownBot {
    /// The game's name (`"thegame"`, `"powergrid"`).
    pub game: &'static str,
    /// The name asked for.
    pub name: String,
    /// The registered names, comma separated.
    pub known: String,
}

/// The names of `G`'s bots, comma separated.
pub fn known<G: Registered>() -> String {
    G::REGISTRY
        .iter()
        .map(|b| b.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The registry entry of `G` called `name`.
///
/// # Errors
/// No bot has that name; the error lists the known ones.
pub fn find<G: Registered>(name: &str) -> Result<&'static BotEntry<G>, UnknownBot> {
    G::REGISTRY
        .iter()
        .find(|b| b.name == name)
        .ok_or_else(|| UnknownBot {
            game: G::NAME,
            name: name.to_owned(),
            known: known::<G>(),
        })
}

/// Why a game between bots could not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// A bot chose an action the rules refuse.
    #[error("bot {bot} at {seat} chose {action}, which is illegal: {error}")]
    Illegal {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// What it chose, in text form.
        action: String,
        /// The rule it broke.
        error: String,
    },
    /// A bot planned nothing when it had to act.
    #[error("bot {bot} at {seat} planned no action")]
    NoAction {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
    },
    /// The game did not end within the loop's action cap.
    #[error("the game did not end within {0} actions")]
    TooLong(usize),
    /// The game passed round [`engine::ROUND_CAP`] without ending ([`Game::past_round_cap`]):
    /// stopped unfinished, a win for no one.
    #[error("the game passed round {0} without ending and was stopped unfinished (the rules set no limit; every host stops a game there)")]
    RoundCap(u32),
    /// One bot is needed per seat.
    #[error("{bots} bots for {seats} seats")]
    SeatCount {
        /// Bots given.
        bots: usize,
        /// Seats in the game.
        seats: usize,
    },
    /// The setup was refused.
    #[error("bad setup: {0}")]
    Setup(String),
}

/// What [`play`] keeps besides the outcome.
#[derive(Clone, Copy, Debug)]
pub struct PlayOptions {
    /// Apply with events and show each seat the events it may see ([`Bot::observe`]); without,
    /// actions are applied quietly ([`Game::apply_quiet`]) and bots observe nothing.
    pub events: bool,
    /// Time every decision (a plan asked for).
    pub timed: bool,
    /// Keep every action with its seat.
    pub record: bool,
    /// The most actions a game may take before it is stopped as [`PlayError::TooLong`].
    pub max_actions: usize,
}

impl PlayOptions {
    /// The fast path: no events, timings or record.
    pub const QUIET: PlayOptions = PlayOptions {
        events: false,
        timed: false,
        record: false,
        max_actions: 1_000_000,
    };
    /// Everything: events shown to the bots, timings and the record.
    pub const FULL: PlayOptions = PlayOptions {
        events: true,
        timed: true,
        record: true,
        max_actions: 1_000_000,
    };
}

/// A game played by [`play`].
#[derive(Clone, Debug)]
pub struct Played<G: Game> {
    /// The result.
    pub outcome: G::Outcome,
    /// Decisions (plans asked for) per seat (empty unless timed).
    pub decisions: Vec<u64>,
    /// Nanoseconds spent planning, per seat (empty unless timed).
    pub nanos: Vec<u64>,
    /// Every decision's thinking time in microseconds, per seat, in order (empty unless timed).
    pub times: Vec<Vec<u32>>,
    /// Every action with the seat that took it (empty unless recorded).
    pub actions: Vec<(Seat, G::Action)>,
}

/// Plays `state` to the end with one bot per seat (seat `i` is `bots[i]`), as `options` says;
/// `on_events` sees every applied action's events in full (empty without `options.events`),
/// for callers that write down what happened. This is the one game loop of every runner:
/// simulations, and the bot protocol's games (whose seats are `botproto::SeatBot`s).
///
/// # Errors
/// A wrong number of bots, an illegal action or an empty plan (the state is then as it was
/// before that action), a game longer than `options.max_actions`, or one that passes the round
/// cap ([`PlayError::RoundCap`]; the state is left where it was stopped).
pub fn play<G: Game, B: Bot<G>>(
    state: &mut G,
    bots: &mut [B],
    options: &PlayOptions,
    mut on_events: impl FnMut(&G, Seat, &G::Action, &[G::Event]),
) -> Result<Played<G>, PlayError> {
    let seats = state.seats();
    if bots.len() != seats {
        return Err(PlayError::SeatCount {
            bots: bots.len(),
            seats,
        });
    }
    // Without timings nothing per seat is kept: the fast path allocates only its buffers.
    let per_seat = if options.timed { seats } else { 0 };
    let mut decisions = vec![0; per_seat];
    let mut nanos = vec![0; per_seat];
    let mut times = vec![Vec::new(); per_seat];
    let mut record = Vec::new();
    let mut plan = Vec::new();
    let mut legal_buffer = Vec::new();
    let mut actions = 0;
    // One view, written over at every decision (`Game::view_into`).
    let mut view: Option<G::View> = None;
    while let Actor::Seat(seat) = state.actor() {
        let i = seat.index();
        let view = match &mut view {
            Some(v) => {
                state.view_into(Viewer::Seat(seat), v);
                v
            }
            None => view.insert(state.view(Viewer::Seat(seat))),
        };
        plan.clear();
        let start = options.timed.then(Instant::now);
        let legal = Legal::reusing(&*state, std::mem::take(&mut legal_buffer));
        bots[i].plan(view, &legal, &mut plan);
        legal_buffer = legal.into_buffer();
        if let Some(start) = start {
            let spent = start.elapsed();
            nanos[i] += u64::try_from(spent.as_nanos()).unwrap_or(u64::MAX);
            times[i].push(u32::try_from(spent.as_micros()).unwrap_or(u32::MAX));
            decisions[i] += 1;
        }
        if plan.is_empty() {
            return Err(PlayError::NoAction {
                bot: bots[i].name().to_owned(),
                seat,
            });
        }
        for action in &plan {
            if state.actor() == Actor::Terminal {
                break;
            }
            if actions == options.max_actions {
                return Err(PlayError::TooLong(options.max_actions));
            }
            actions += 1;
            let illegal = |error: G::RuleError| PlayError::Illegal {
                bot: bots[i].name().to_owned(),
                seat,
                action: action.to_string(),
                error: error.to_string(),
            };
            if options.events {
                let events = state.apply_as(seat, action).map_err(illegal)?;
                on_events(state, seat, action, &events);
                for (s, bot) in bots.iter_mut().enumerate() {
                    let viewer = Viewer::Seat(Seat(s as u8));
                    for event in &events {
                        if let Some(seen) = G::redact(event, viewer) {
                            bot.observe(&seen);
                        }
                    }
                }
            } else {
                state.apply_quiet(seat, action).map_err(illegal)?;
            }
            if options.record {
                record.push((seat, action.clone()));
            }
            if state.past_round_cap() {
                return Err(PlayError::RoundCap(engine::ROUND_CAP));
            }
        }
    }
    let outcome = state.outcome().ok_or(PlayError::TooLong(actions))?;
    Ok(Played {
        outcome,
        decisions,
        nanos,
        times,
        actions: record,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plays `setup` with `bots` (events shown, every action kept) and returns the actions.
    fn actions_of<G: Registered>(
        setup: &G::Setup,
        bots: &mut [Box<dyn Bot<G>>],
    ) -> Vec<(Seat, G::Action)> {
        let mut state = G::new(setup.clone()).unwrap();
        play(&mut state, bots, &PlayOptions::FULL, |_, _, _, _| {})
            .unwrap()
            .actions
    }

    /// For every bot of `G` but `skip`: a bot that played `first` and was then reset with a
    /// seed plays `second` exactly as bots newly built with that seed (the `Bot::reset`
    /// contract, which runners rely on to reuse bots).
    fn reset_is_a_new_bot<G: Registered>(
        first: G::Setup,
        second: G::Setup,
        config: &G::Config,
        skip: &[&str],
    ) where
        G::Action: PartialEq + std::fmt::Debug,
    {
        let seats = G::new(second.clone()).unwrap().seats();
        for entry in G::REGISTRY.iter().filter(|e| !skip.contains(&e.name)) {
            let build = |base: u64| -> Vec<Box<dyn Bot<G>>> {
                (0..seats)
                    .map(|s| entry.build_with(base + s as u64, config))
                    .collect()
            };
            let fresh = actions_of::<G>(&second, &mut build(100));
            let mut used = build(7);
            actions_of::<G>(&first, &mut used);
            for (s, bot) in used.iter_mut().enumerate() {
                bot.reset(100 + s as u64);
            }
            assert_eq!(actions_of::<G>(&second, &mut used), fresh, "{}", entry.name);
        }
    }

    #[test]
    fn a_reset_bot_plays_as_a_new_one() {
        let config = crate::thegame::Config {
            budget: crate::thegame::Budget::Playouts(8),
            ..crate::thegame::Config::default()
        };
        reset_is_a_new_bot::<::thegame::State>(
            ::thegame::Setup::seeded(3, 1),
            ::thegame::Setup::seeded(3, 2),
            &config,
            &[],
        );
        // The search bot's reset builds it anew (`SearchBot::reset`); its games take minutes.
        reset_is_a_new_bot::<::powergrid::State>(
            ::powergrid::Setup::new(3, ::powergrid::MapId::Germany, 1),
            ::powergrid::Setup::new(3, ::powergrid::MapId::Germany, 2),
            &crate::powergrid::Config::default(),
            &["search"],
        );
    }
}
