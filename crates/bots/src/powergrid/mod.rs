//! Bots for Power Grid, a registry of them by name, and the game loop used by simulations.
//!
//! Decisions:
//! - A bot is an [`engine::Bot`] for [`State`]: it gets its seat's [`View`](powergrid::View) and the legal
//!   actions, plans one of them, and observes every event (all Power Grid events are public).
//!   It never holds the state of the game it plays.
//! - [`Memory`] (from the rules crate) is what a bot may remember from public events beyond its
//!   view: everyone's money (every money movement is announced) and the plants seen put under
//!   the Step 3 card. With it and the view, a bot knows everything but the deck order, the
//!   plants removed face down at setup and the seed; the search bot samples those with
//!   [`powergrid::Hidden::sample`].
//! - The registry ([`crate::Registered`] for [`State`]) maps names to constructors; adding a
//!   bot is one line there. Constructors take a seed and a [`Config`] (the search bot's budget
//!   and threads).
//! - [`play_game`] drives one game through the crate's one loop ([`crate::play`]) with events
//!   for every bot and each decision timed (an illegal choice is an error, never repaired).
//!   It also writes the game down: every action with its seat, and the
//!   setup with every chance outcome fixed (regions, round 1's turn order, the deck, and the
//!   order after the Step 3 shuffle as the plants were then drawn), so that the record replays
//!   the same game whatever the seed.

pub mod finish;
mod heuristic;
pub mod panel;
mod random;
pub mod search;

pub use heuristic::Heuristic;
pub use random::RandomBot;
pub use search::{Budget, SearchBot};

use crate::{BotEntry, PlayError, PlayOptions, Registered};
use engine::{Bot, Legal, Seat};
pub use powergrid::Memory;
use powergrid::{Action, Event, Outcome, PlantId, Setup, State};

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

impl Registered for State {
    type Config = Config;
    const REGISTRY: &'static [BotEntry<State>] = &[
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
            about:
                "rollouts over sampled decks, each rival played by the style fitted to its moves",
            make: |seed, config| Box::new(SearchBot::new(seed, config.budget, config.threads)),
        },
        BotEntry {
            name: "casual",
            about:
                "panel: random plant half the time, minimum bids, fuel for one run, cheapest city",
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

/// Plays `setup` to the end with one bot per seat (seat `i` is `bots[i]`), every event shown
/// to every bot, each decision timed, and the game written down (see the module docs).
///
/// # Errors
/// A setup the rules refuse, a wrong number of bots, an illegal choice, or a game that does not
/// end.
pub fn play_game(setup: Setup, bots: &mut [Box<dyn Bot<State>>]) -> Result<GameRecord, PlayError> {
    let mut state = State::new(setup.clone()).map_err(|e| PlayError::Setup(e.to_string()))?;
    let (played, setup) = play_written(&mut state, setup, bots)?;
    Ok(GameRecord {
        outcome: played.outcome,
        rounds: state.round(),
        decisions: played.decisions,
        nanos: played.nanos,
        times: played.times,
        setup,
        actions: played.actions,
    })
}

/// Plays `state`, just made from `setup`, as [`play_game`] does, and returns how it went with
/// the setup with every chance outcome written out: the regions, the deck and round 1's turn
/// order as dealt, and the Step 3 deck as shuffled.
///
/// # Errors
/// As [`play_game`].
pub fn play_written(
    state: &mut State,
    setup: Setup,
    bots: &mut [Box<dyn Bot<State>>],
) -> Result<(crate::Played<State>, Setup), PlayError> {
    let mut explicit = Setup {
        regions: Some(state.board().regions.iter().collect()),
        deck: Some(state.hidden().deck_top_first),
        turn_order: Some(state.turn_order().to_vec()),
        ..setup
    };
    // The plants drawn since the Step 3 shuffle, in order; `None` before it.
    let mut after_shuffle: Option<Vec<PlantId>> = None;
    let options = PlayOptions {
        max_actions: MAX_ACTIONS,
        ..PlayOptions::FULL
    };
    let played = crate::play(state, bots, &options, |_, _, _, events| {
        for e in events {
            match (e, &mut after_shuffle) {
                (Event::DeckShuffled { .. }, None) => after_shuffle = Some(Vec::new()),
                (Event::PlantDrawn { plant }, Some(drawn)) => drawn.push(*plant),
                _ => {}
            }
        }
    })?;
    explicit.step3_deck = after_shuffle.map(|mut drawn| {
        drawn.extend(state.hidden().deck_top_first);
        drawn
    });
    Ok((played, explicit))
}

/// One decision of a bot that plans a single action (every Power Grid bot), with `plan` as
/// the buffer: for the search bot's rollouts and other tight loops.
pub(crate) fn decide(
    bot: &mut dyn Bot<State>,
    view: &powergrid::View,
    legal: &[Action],
    plan: &mut Vec<Action>,
) -> Action {
    plan.clear();
    bot.plan(view, &Legal::given(legal), plan);
    plan.first().copied().unwrap_or(legal[0])
}

/// One action from any Power Grid bot, for tests.
#[cfg(test)]
pub(crate) trait ChooseOne {
    fn choose_one(&mut self, view: &powergrid::View, legal: &[Action]) -> Action;
}

#[cfg(test)]
impl<B: Bot<State> + ?Sized> ChooseOne for B {
    fn choose_one(&mut self, view: &powergrid::View, legal: &[Action]) -> Action {
        let mut plan = Vec::new();
        self.plan(view, &Legal::given(legal), &mut plan);
        assert_eq!(plan.len(), 1, "a Power Grid bot plans one action");
        plan[0]
    }
}

#[cfg(test)]
mod tests;
