//! Bots for Power Grid, a registry of them by name, and the game loop used by simulations.
//!
//! Decisions:
//! - A bot is an [`engine::Bot`] for [`State`]: it gets its seat's [`View`](powergrid::View) and the legal
//!   actions, returns one of them, and observes every event (all Power Grid events are public).
//!   It never holds the state of the game it plays.
//! - [`Memory`] (from the rules crate) is what a bot may remember from public events beyond its
//!   view: everyone's money (every money movement is announced) and the plants seen put under
//!   the Step 3 card. With it and the view, a bot knows everything but the deck order, the
//!   plants removed face down at setup and the seed; the search bot samples those with
//!   [`powergrid::Hidden::sample`].
//! - [`REGISTRY`] maps names to constructors; adding a bot is one line there. Constructors take
//!   a seed and a [`Config`] (the search bot's budget and threads).
//! - [`play_game`] drives one game through `apply_as`, gives each bot the events, checks every
//!   choice against the legal list (an illegal choice is an error, never repaired), and times
//!   each seat's decisions. It also writes the game down: every action with its seat, and the
//!   setup with every chance outcome fixed (regions, round 1's turn order, the deck, and the
//!   order after the Step 3 shuffle as the plants were then drawn), so that the record replays
//!   the same game whatever the seed.

mod heuristic;
pub mod panel;
mod random;
pub mod search;

pub use heuristic::Heuristic;
pub use random::RandomBot;
pub use search::{Budget, SearchBot};

use engine::{Actor, Bot, Seat, Viewer};
pub use powergrid::Memory;
use powergrid::{Action, Event, Outcome, PlantId, RuleError, Setup, State};
use std::time::Instant;

/// Settings that some bots use.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// The search bot's budget per decision.
    pub budget: Budget,
    /// Threads the search bot runs on.
    pub threads: usize,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            budget: Budget::STANDARD,
            threads: 1,
        }
    }
}

/// A named bot constructor.
#[derive(Clone, Copy)]
pub struct BotEntry {
    /// The name used on the command line.
    pub name: &'static str,
    /// One line about how it plays.
    pub about: &'static str,
    /// Builds a bot for one seat; `seed` feeds any randomness it uses.
    pub make: fn(seed: u64, config: &Config) -> Box<dyn Bot<State>>,
}

/// Every bot, by name. Adding a bot is one line here.
pub const REGISTRY: &[BotEntry] = &[
    BotEntry {
        name: "random",
        about: "uniform among the legal actions, bids limited to the three lowest amounts",
        make: |seed, _| Box::new(RandomBot::new(seed)),
    },
    BotEntry {
        name: "heuristic",
        about: "values plants by cities per Elektro, plans fuel, builds cheapest first",
        make: |_, _| Box::new(Heuristic::new()),
    },
    BotEntry {
        name: "search",
        about: "rollouts over sampled decks, each rival played by the style fitted to its moves",
        make: |seed, config| Box::new(SearchBot::new(seed, config.budget, config.threads)),
    },
    BotEntry {
        name: "casual",
        about: "panel: random plant half the time, minimum bids, fuel for one run, cheapest city",
        make: |seed, _| panel::Casual::bot(seed),
    },
    BotEntry {
        name: "builder",
        about: "panel: expands as fast as money allows, buys plants only to catch up",
        make: |_, _| panel::Builder::bot(),
    },
    BotEntry {
        name: "tycoon",
        about: "panel: buys the biggest plants, builds late",
        make: |_, _| panel::Tycoon::bot(),
    },
    BotEntry {
        name: "hoarder",
        about: "panel: fills its storage with the fuel its rivals burn",
        make: |_, _| panel::Hoarder::bot(),
    },
    BotEntry {
        name: "blocker",
        about: "panel: builds next to its rivals to cut them off",
        make: |_, _| panel::Blocker::bot(),
    },
    BotEntry {
        name: "green",
        about: "panel: prefers renewable plants",
        make: |_, _| panel::Green::bot(),
    },
];

/// Why a bot name is not known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no Power Grid bot named {name:?}; known bots: {}", known())]
pub struct UnknownBot {
    /// The name asked for.
    pub name: String,
}

fn known() -> String {
    REGISTRY
        .iter()
        .map(|b| b.name)
        .collect::<Vec<_>>()
        .join(", ")
}

/// The registry entry called `name`.
///
/// # Errors
/// No bot has that name; the error lists the known ones.
pub fn find(name: &str) -> Result<&'static BotEntry, UnknownBot> {
    REGISTRY
        .iter()
        .find(|b| b.name == name)
        .ok_or_else(|| UnknownBot {
            name: name.to_string(),
        })
}

/// Why a simulated game could not finish.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// A bot chose an action that is not legal.
    #[error("bot {bot} at {seat} chose {action}, which is illegal: {error}")]
    Illegal {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// What it chose.
        action: Action,
        /// Why the rules refuse it.
        error: String,
    },
    /// The game did not end within [`MAX_ACTIONS`].
    #[error("the game did not end within {0} actions")]
    TooLong(usize),
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

/// A safety cap on decisions per game. Whole games take a few hundred to a few thousand
/// decisions; every round removes at least one plant from the deck or market, so games end.
pub const MAX_ACTIONS: usize = 200_000;

/// A finished game and how the bots spent their time.
#[derive(Clone, Debug)]
pub struct GameRecord {
    /// The result.
    pub outcome: Outcome,
    /// Rounds played.
    pub rounds: u16,
    /// Decisions taken, per seat.
    pub decisions: Vec<u64>,
    /// Time spent choosing, per seat, in nanoseconds.
    pub nanos: Vec<u64>,
    /// Every decision's thinking time in microseconds, per seat, in order.
    pub times: Vec<Vec<u32>>,
    /// The setup with every chance outcome written out (see the module docs).
    pub setup: Setup,
    /// Every action, with the seat that took it.
    pub actions: Vec<(Seat, Action)>,
}

/// Plays `setup` to the end with one bot per seat (seat `i` is `bots[i]`).
///
/// # Errors
/// A setup the rules refuse, a wrong number of bots, an illegal choice, or a game that does not
/// end.
pub fn play_game(setup: Setup, bots: &mut [Box<dyn Bot<State>>]) -> Result<GameRecord, PlayError> {
    let mut state = State::new(setup.clone()).map_err(|e| PlayError::Setup(e.to_string()))?;
    if bots.len() != state.players() {
        return Err(PlayError::SeatCount {
            bots: bots.len(),
            seats: state.players(),
        });
    }
    let players = state.players();
    let mut decisions = vec![0u64; players];
    let mut nanos = vec![0u64; players];
    let mut times = vec![Vec::new(); players];
    let mut legal = Vec::new();
    let mut explicit = Setup {
        regions: Some(state.board().regions.iter().collect()),
        deck: Some(state.hidden().deck_top_first),
        turn_order: Some(state.turn_order().to_vec()),
        ..setup
    };
    // The plants drawn since the Step 3 shuffle, in order; `None` before it.
    let mut after_shuffle: Option<Vec<PlantId>> = None;
    let mut actions = Vec::new();
    for _ in 0..MAX_ACTIONS {
        let Actor::Seat(seat) = state.actor() else {
            let outcome = state.outcome().ok_or(PlayError::TooLong(0))?;
            explicit.step3_deck = after_shuffle.map(|mut drawn| {
                drawn.extend(state.hidden().deck_top_first);
                drawn
            });
            return Ok(GameRecord {
                outcome,
                rounds: state.round(),
                decisions,
                nanos,
                times,
                setup: explicit,
                actions,
            });
        };
        state.legal_actions(&mut legal);
        let view = state.view(Viewer::Seat(seat));
        let bot = &mut bots[seat.index()];
        let start = Instant::now();
        let action = bot.choose(&view, &legal);
        let spent = start.elapsed();
        nanos[seat.index()] += spent.as_nanos() as u64;
        times[seat.index()].push(u32::try_from(spent.as_micros()).unwrap_or(u32::MAX));
        decisions[seat.index()] += 1;
        if !legal.contains(&action) {
            let error = state
                .check(seat, &action)
                .err()
                .unwrap_or(RuleError::GameOver)
                .to_string();
            return Err(PlayError::Illegal {
                bot: bot.name().to_string(),
                seat,
                action,
                error: format!("not in the legal list: {error}"),
            });
        }
        let events = state
            .apply_as(seat, &action)
            .map_err(|e| PlayError::Illegal {
                bot: bots[seat.index()].name().to_string(),
                seat,
                action,
                error: e.to_string(),
            })?;
        actions.push((seat, action));
        for e in &events {
            match (e, &mut after_shuffle) {
                (Event::DeckShuffled { .. }, None) => after_shuffle = Some(Vec::new()),
                (Event::PlantDrawn { plant }, Some(drawn)) => drawn.push(*plant),
                _ => {}
            }
        }
        for b in bots.iter_mut() {
            for e in &events {
                b.observe(e);
            }
        }
    }
    Err(PlayError::TooLong(MAX_ACTIONS))
}

#[cfg(test)]
mod tests;
