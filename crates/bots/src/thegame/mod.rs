//! Bots for The Game, a registry of them by name, and the fast game loop used by simulations.
//!
//! Decisions:
//! - A bot implements [`Player`]: it gets its seat's [`View`] (a small `Copy` value) and
//!   returns one [`Action`]. It never sees the state, and no legal-action list is built for
//!   it: the view holds everything needed to find the legal plays with a few bit operations.
//!   [`EngineBot`] adapts any `Player` to the game-agnostic [`engine::Bot`] for the server.
//! - One bot instance plays one seat, so teammates share nothing but the table: the signals in
//!   the view are their only channel.
//! - [`REGISTRY`] maps names to constructors; adding a bot is one line there.

mod heuristic;
mod random;
mod search;
mod solo;

pub use heuristic::{Heuristic, Params, TeamParams};
pub use random::RandomBot;
pub use search::{Budget, BudgetError, Config, Rollout, Search};
pub use solo::{Solo, SoloParams};

use engine::Seat;
use thegame::{Action, Outcome, RuleError, Setup, State, Turn, View};

/// A program that plays one seat of The Game.
pub trait Player: Send {
    /// A short name for tables and logs.
    fn name(&self) -> &str;
    /// The next action for the seat described by `view`, called only when it is this seat's
    /// turn in a running game. It must be legal for that seat.
    fn act(&mut self, view: &View) -> Action;
    /// Optionally plans the rest of this turn at once: appends to `plan` (empty on entry) the
    /// actions `act` would return one by one, up to and including `end`, and returns `true`.
    /// Simulations then apply them without asking again, which is much faster. The default
    /// plans nothing and returns `false`.
    fn plan_turn(&mut self, _view: &View, _plan: &mut Vec<Action>) -> bool {
        false
    }
    /// Optionally plays the rest of this turn directly on `turn` (the fastest path, used by
    /// simulations), ending it unless the game ends first, and returns `Ok(true)`. Returns
    /// `Ok(false)` without acting when this bot does not play this way (the default); the
    /// game loop then uses [`Player::plan_turn`] or [`Player::act`].
    ///
    /// # Errors
    /// The rule an action of the bot broke (the turn is then left where it was).
    fn play_turn(&mut self, _turn: &mut Turn<'_>) -> Result<bool, RuleError> {
        Ok(false)
    }
    /// Prepares for a new game, reseeding any randomness (so results do not depend on which
    /// games a bot instance played before). Default: nothing to do.
    fn reset(&mut self, _seed: u64) {}
}

/// A named bot constructor.
#[derive(Clone, Copy)]
pub struct BotEntry {
    /// The name used by `--bot`.
    pub name: &'static str,
    /// One line about how it plays.
    pub about: &'static str,
    /// Builds a bot for one seat; `seed` feeds any randomness it uses.
    pub make: fn(seed: u64) -> Box<dyn Player>,
}

/// Every bot, by name. Adding a bot is one line here.
pub const REGISTRY: &[BotEntry] = &[
    BotEntry {
        name: "random",
        about: "uniform among the legal plays and `end`; never signals",
        make: |seed| Box::new(RandomBot::new(seed)),
    },
    BotEntry {
        name: "heuristic",
        about: "cheapest plays over live cards, tricks, pairs, signals; solo: two-play lookahead",
        make: |_| Box::new(Heuristic::default()),
    },
    BotEntry {
        name: "greedy",
        about: "the classic cost model (stranded cards weigh more) without any lookahead",
        make: |_| Box::new(Heuristic::greedy()),
    },
    BotEntry {
        name: "search",
        about: "samples the unseen cards, compares whole turns by heuristic playouts",
        make: |seed| Box::new(Search::new(seed)),
    },
];

/// Why a bot name is not known.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no bot named {name:?}; known bots: {}", known())]
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
    /// A bot chose an action the rules refuse.
    #[error("bot {bot} at {seat} chose {action}, which is illegal: {error}")]
    Illegal {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// What it chose.
        action: Action,
        /// The rule it broke.
        error: RuleError,
    },
    /// A bot playing a whole turn broke a rule.
    #[error("bot {bot} at {seat} broke a rule during its turn: {error}")]
    IllegalInTurn {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
        /// The rule it broke.
        error: RuleError,
    },
    /// A bot playing a whole turn returned without ending it.
    #[error("bot {bot} at {seat} returned without ending its turn")]
    Unfinished {
        /// The bot's name.
        bot: String,
        /// Its seat.
        seat: Seat,
    },
    /// A bot kept acting without the game ending (e.g. only signalling).
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
}

/// The most actions a game may take: 98 plays, at most 98 `end`s, and at most four signals
/// per turn.
pub const MAX_ACTIONS: usize = 98 * 6;

/// Plays `state` to the end with one bot per seat, on the fast path (no events).
///
/// # Errors
/// A bot's illegal action, a game that does not end, or a wrong number of bots.
pub fn play_out(state: &mut State, bots: &mut [Box<dyn Player>]) -> Result<Outcome, PlayError> {
    thread_local! {
        /// The planned-turn buffer, kept from game to game (no allocation per game).
        static PLAN: std::cell::Cell<Vec<Action>> = const { std::cell::Cell::new(Vec::new()) };
    }
    let mut plan = PLAN.take();
    let result = play_out_with(state, bots, &mut plan);
    PLAN.set(plan);
    result
}

fn play_out_with(
    state: &mut State,
    bots: &mut [Box<dyn Player>],
    plan: &mut Vec<Action>,
) -> Result<Outcome, PlayError> {
    if bots.len() != usize::from(state.players()) {
        return Err(PlayError::SeatCount {
            bots: bots.len(),
            seats: state.players().into(),
        });
    }
    // How each seat's bot plays: whole turns on the game, planned turns, or one action at a
    // time; a bot that declines a way once is not asked that way again.
    let mut mode = [Mode::Turn; thegame::MAX_PLAYERS];
    let mut actions = 0;
    while actions < MAX_ACTIONS {
        let seat = match state.turn() {
            None => break,
            Some(mut turn) => {
                let seat = turn.seat();
                let bot = &mut bots[seat.index()];
                if mode[seat.index()] == Mode::Turn {
                    match bot.play_turn(&mut turn) {
                        Ok(true) if turn.is_open() => {
                            return Err(PlayError::Unfinished {
                                bot: bot.name().to_string(),
                                seat,
                            })
                        }
                        Ok(true) => {
                            // At least one play or an `end` per turn: the bound holds.
                            actions += 1;
                            continue;
                        }
                        Ok(false) => mode[seat.index()] = Mode::Plan,
                        Err(error) => {
                            return Err(PlayError::IllegalInTurn {
                                bot: bot.name().to_string(),
                                seat,
                                error,
                            })
                        }
                    }
                }
                seat
            }
        };
        let view = state.seat_view(seat);
        let bot = &mut bots[seat.index()];
        if mode[seat.index()] == Mode::Plan {
            plan.clear();
            if bot.plan_turn(&view, plan) && !plan.is_empty() {
                for action in plan.iter() {
                    if state.is_over() {
                        break;
                    }
                    actions += 1;
                    apply(state, seat, action, bot.as_ref())?;
                }
                continue;
            }
            mode[seat.index()] = Mode::Act;
        }
        actions += 1;
        let action = bot.act(&view);
        apply(state, seat, &action, bot.as_ref())?;
    }
    if let Some(outcome) = state.outcome() {
        return Ok(outcome);
    }
    state.outcome().ok_or(PlayError::TooLong(MAX_ACTIONS))
}

/// How a seat's bot is driven by [`play_out`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mode {
    Turn,
    Plan,
    Act,
}

#[inline]
fn apply(
    state: &mut State,
    seat: Seat,
    action: &Action,
    bot: &dyn Player,
) -> Result<(), PlayError> {
    state
        .apply_quiet(seat, action)
        .map_err(|error| PlayError::Illegal {
            bot: bot.name().to_string(),
            seat,
            action: *action,
            error,
        })
}

/// Deals `setup` and plays it out with fresh bots from `entry`, seeded from `bot_seed`.
///
/// # Errors
/// A setup the rules refuse, or anything [`play_out`] reports.
pub fn play_setup(
    setup: Setup,
    entry: &BotEntry,
    bot_seed: u64,
) -> Result<Outcome, Box<dyn std::error::Error + Send + Sync>> {
    let mut state = State::new(setup)?;
    let mut bots: Vec<Box<dyn Player>> = (0..state.players())
        .map(|s| (entry.make)(bot_seed ^ (u64::from(s) << 56)))
        .collect();
    Ok(play_out(&mut state, &mut bots)?)
}

/// Any [`Player`] as an [`engine::Bot`] for The Game (for the server and generic tools).
pub struct EngineBot(pub Box<dyn Player>);

impl engine::Bot<State> for EngineBot {
    fn name(&self) -> &str {
        self.0.name()
    }

    /// The player's choice when it is in `legal`; otherwise the first play or `end` in `legal`
    /// (a bot never returns something outside the list).
    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let action = self.0.act(view);
        if legal.contains(&action) {
            return action;
        }
        legal
            .iter()
            .find(|a| !matches!(a, Action::Signal { .. }))
            .or(legal.first())
            .copied()
            .unwrap_or(Action::EndTurn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Bot, Game, Viewer};

    #[test]
    fn the_registry_finds_bots_by_name() {
        assert_eq!(find("random").unwrap().name, "random");
        assert_eq!(find("heuristic").unwrap().name, "heuristic");
        assert_eq!(find("search").unwrap().name, "search");
        let err = find("oracle").err().unwrap();
        assert_eq!(
            err.to_string(),
            "no bot named \"oracle\"; known bots: random, heuristic, greedy, search"
        );
    }

    #[test]
    fn every_bot_finishes_legal_games_at_every_player_count() {
        for entry in REGISTRY {
            // The search bot thinks for a while at every turn: a few games per count suffice
            // (its own tests play more at a small budget).
            let seeds = if entry.name == "search" { 2 } else { 200 };
            for players in 1..=5 {
                for seed in 0..seeds {
                    let outcome = play_setup(Setup::seeded(players, seed), entry, seed).unwrap();
                    assert!(outcome.cards_left() <= 98);
                }
            }
        }
    }

    #[test]
    fn engine_bots_pick_from_the_legal_list() {
        for entry in REGISTRY {
            let mut s = State::new(Setup::seeded(3, 9)).unwrap();
            let mut bots: Vec<EngineBot> = (0..3).map(|i| EngineBot((entry.make)(i))).collect();
            let mut legal = Vec::new();
            while Game::outcome(&s).is_none() {
                let seat = s.current();
                Game::legal_actions(&s, &mut legal);
                let view = Game::view(&s, Viewer::Seat(seat));
                let a = bots[seat.index()].choose(&view, &legal);
                assert!(legal.contains(&a));
                Game::apply_as(&mut s, seat, &a).unwrap();
            }
        }
    }

    /// A bot playing whole turns that misbehaves in the given way.
    struct Faulty {
        illegal: bool,
    }

    impl Player for Faulty {
        fn name(&self) -> &str {
            "faulty"
        }
        fn act(&mut self, _view: &View) -> Action {
            Action::EndTurn
        }
        fn play_turn(&mut self, turn: &mut Turn<'_>) -> Result<bool, RuleError> {
            if self.illegal {
                // A card the seat does not hold.
                let missing = thegame::CardSet::ALL.difference(turn.hand()).min().unwrap();
                turn.play(missing, thegame::Pile::Up1)?;
            }
            Ok(true)
        }
    }

    #[test]
    fn whole_turn_bots_that_break_rules_or_stop_early_are_reported() {
        for illegal in [false, true] {
            let mut s = State::new(Setup::seeded(2, 1)).unwrap();
            let before = s.clone();
            let mut bots: Vec<Box<dyn Player>> =
                vec![Box::new(Faulty { illegal }), Box::new(Faulty { illegal })];
            let err = play_out(&mut s, &mut bots).unwrap_err();
            if illegal {
                assert!(matches!(
                    err,
                    PlayError::IllegalInTurn {
                        error: RuleError::CardNotInHand { .. },
                        ..
                    }
                ));
            } else {
                assert_eq!(
                    err.to_string(),
                    "bot faulty at seat 0 returned without ending its turn"
                );
            }
            assert_eq!(s, before);
        }
    }

    #[test]
    fn a_wrong_number_of_bots_is_an_error() {
        let mut s = State::new(Setup::seeded(2, 1)).unwrap();
        let mut bots: Vec<Box<dyn Player>> = vec![(REGISTRY[0].make)(1)];
        assert_eq!(
            play_out(&mut s, &mut bots),
            Err(PlayError::SeatCount { bots: 1, seats: 2 })
        );
    }
}
