//! Bots for The Game, a registry of them by name, and the game loop used by simulations.
//!
//! Decisions:
//! - One way for a bot to see and act: [`Player::plan`] gets its seat's [`View`] (a small
//!   `Copy` value) and appends its next actions, from one action up to the rest of its turn.
//!   A bot never sees the state, and no legal-action list is built for it: the view holds
//!   everything needed to find the legal plays with a few mask operations. Every bot here
//!   returns whole turns, so a simulation builds one view per turn; [`EngineBot`] adapts any
//!   `Player` to the game-agnostic [`engine::Bot`] for the server, one action at a time from
//!   the planned turn.
//! - One bot instance plays one seat, so teammates share nothing but the table: the signals in
//!   the view are their only channel.
//! - [`REGISTRY`] maps names to constructors; adding a bot is one line there. The heuristic
//!   without its lookahead is not registered: it plays exactly as `heuristic` at 2–5 players
//!   and much worse alone (5.8 % against 13.7 % on 40,000 tuning deals);
//!   [`Heuristic::without_lookahead`] is the search bot's playout policy.

mod heuristic;
mod random;
mod search;

pub use heuristic::{Heuristic, Params, SCALE};
pub use random::RandomBot;
pub use search::{Budget, BudgetError, Config, Rollout, Search};

use engine::Seat;
use thegame::{Action, Outcome, RuleError, Setup, State, View};

/// A program that plays one seat of The Game.
pub trait Player: Send {
    /// A short name for tables and logs.
    fn name(&self) -> &str;
    /// Called only when it is the seat of `view` to act in a running game: appends to `out`
    /// (empty on entry) its next actions, at least one and at most the rest of its turn (up
    /// to and including `end`; a plan may stop earlier where the game ends). They must be
    /// legal one after the other.
    fn plan(&mut self, view: &View, out: &mut Vec<Action>);
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
        about: "cheapest plays, tricks, pairs, signals; lookahead alone and in tight 2-3p turns",
        make: |_| Box::new(Heuristic::default()),
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
    /// A bot planned nothing when it had to act.
    #[error("bot {bot} at {seat} planned no action")]
    NoAction {
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
/// A bot's illegal action or empty plan, a game that does not end, or a wrong number of
/// bots.
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
    let mut actions = 0;
    while actions < MAX_ACTIONS {
        if let Some(outcome) = state.outcome() {
            return Ok(outcome);
        }
        let seat = state.current();
        let bot = &mut bots[seat.index()];
        plan.clear();
        bot.plan(&state.seat_view(seat), plan);
        if plan.is_empty() {
            return Err(PlayError::NoAction {
                bot: bot.name().to_string(),
                seat,
            });
        }
        for action in plan.iter() {
            if state.is_over() {
                break;
            }
            actions += 1;
            state
                .apply_quiet(seat, action)
                .map_err(|error| PlayError::Illegal {
                    bot: bot.name().to_string(),
                    seat,
                    action: *action,
                    error,
                })?;
        }
    }
    state.outcome().ok_or(PlayError::TooLong(MAX_ACTIONS))
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

/// Any [`Player`] as an [`engine::Bot`] for The Game (for the server and generic tools): the
/// player plans its turn once, and the planned actions are handed out one by one while each
/// view is the one the plan expects (anything else, such as an undo, is planned afresh).
pub struct EngineBot {
    player: Box<dyn Player>,
    /// The rest of the planned turn, next action first.
    pending: std::collections::VecDeque<Action>,
    /// The view the next pending action was planned for.
    expect: Option<View>,
}

impl EngineBot {
    /// Wraps `player`.
    pub fn new(player: Box<dyn Player>) -> EngineBot {
        EngineBot {
            player,
            pending: std::collections::VecDeque::new(),
            expect: None,
        }
    }

    /// Reseeds the player for a new game and forgets the planned turn.
    pub fn reset(&mut self, seed: u64) {
        self.player.reset(seed);
        self.pending.clear();
        self.expect = None;
    }
}

/// What `view` becomes for its own seat after `action`, while the turn goes on (`None` once
/// the turn ends).
fn view_after(view: &View, action: &Action) -> Option<View> {
    let mut next = *view;
    let me = view.current.index();
    match *action {
        Action::Play { card, pile } => {
            next.hand.remove(card);
            next.played.insert(card);
            next.tops[pile.index()] = card.get();
            next.played_this_turn = next.played_this_turn.saturating_add(1);
            if let Some(size) = next.hand_sizes.get_mut(me) {
                *size = size.saturating_sub(1);
            }
        }
        Action::Signal { pile, signal } => {
            if let Some(row) = next.signals.get_mut(me) {
                row[pile.index()] = Some(signal);
            }
        }
        Action::EndTurn => return None,
    }
    Some(next)
}

impl engine::Bot<State> for EngineBot {
    fn name(&self) -> &str {
        self.player.name()
    }

    /// The player's next planned action when it is in `legal`; otherwise the first play or
    /// `end` in `legal` (a bot never returns something outside the list).
    fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        if self.expect.as_ref() != Some(view) || self.pending.is_empty() {
            let mut plan = Vec::new();
            self.player.plan(view, &mut plan);
            self.pending = plan.into();
        }
        let planned = self.pending.pop_front();
        self.expect = planned.and_then(|a| view_after(view, &a));
        if let Some(action) = planned.filter(|a| legal.contains(a)) {
            return action;
        }
        self.pending.clear();
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
            "no bot named \"oracle\"; known bots: random, heuristic, search"
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
            let mut bots: Vec<EngineBot> =
                (0..3).map(|i| EngineBot::new((entry.make)(i))).collect();
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

    /// A bot that plans `end` at once, or nothing at all.
    struct Faulty {
        silent: bool,
    }

    impl Player for Faulty {
        fn name(&self) -> &str {
            "faulty"
        }
        fn plan(&mut self, _view: &View, out: &mut Vec<Action>) {
            if !self.silent {
                out.push(Action::EndTurn);
            }
        }
    }

    #[test]
    fn bots_that_break_rules_or_plan_nothing_are_reported() {
        for silent in [false, true] {
            let mut s = State::new(Setup::seeded(2, 1)).unwrap();
            let before = s.clone();
            let mut bots: Vec<Box<dyn Player>> =
                vec![Box::new(Faulty { silent }), Box::new(Faulty { silent })];
            let err = play_out(&mut s, &mut bots).unwrap_err();
            if silent {
                assert_eq!(err.to_string(), "bot faulty at seat 0 planned no action");
            } else {
                assert!(matches!(
                    err,
                    PlayError::Illegal {
                        action: Action::EndTurn,
                        error: RuleError::MinimumNotReached { .. },
                        ..
                    }
                ));
            }
            assert_eq!(s, before);
        }
    }

    #[test]
    fn an_engine_bot_hands_out_its_planned_turn_and_replans_on_surprises() {
        let s = State::new(Setup::seeded(3, 4)).unwrap();
        let seat = s.current();
        let mut plan = Vec::new();
        Heuristic::default().plan(&s.seat_view(seat), &mut plan);
        let mut bot = EngineBot::new(Box::new(Heuristic::default()));
        let mut t = s.clone();
        let mut legal = Vec::new();
        for planned in &plan {
            Game::legal_actions(&t, &mut legal);
            let a = bot.choose(&Game::view(&t, Viewer::Seat(seat)), &legal);
            assert_eq!(a, *planned);
            t.apply(&a).unwrap();
        }
        // Asked again on the first view (as after an undo), it plans again from there.
        Game::legal_actions(&s, &mut legal);
        assert_eq!(bot.choose(&s.seat_view(seat), &legal), plan[0]);
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
