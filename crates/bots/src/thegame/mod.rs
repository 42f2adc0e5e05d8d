//! Bots for The Game and their registry.
//!
//! Decisions:
//! - A bot plans from its seat's [`View`] (a small `Copy` value): [`engine::Bot::plan`]
//!   appends its next actions, from one action up to the rest of its turn. Every bot here
//!   returns whole turns, so a simulation builds one view per turn and no legal-action list
//!   (the view holds everything needed to find the legal plays with a few mask operations;
//!   the `legal` argument is never read). Callers that need one action at a time wrap a bot in
//!   an [`engine::Planner`], which hands the planned turn out action by action
//!   ([`engine::Game::predict_view`] says when the plan still holds).
//! - One bot instance plays one seat, so teammates share nothing but the table: the signals in
//!   the view are their only channel.
//! - The registry ([`crate::Registered`] for [`State`]) maps names to constructors; adding a
//!   bot is one line there. The heuristic without lookahead is not registered (with one
//!   planner it plays exactly as `heuristic` at 2–5 players and much worse alone);
//!   [`Heuristic::without_lookahead`] keeps it for the search bot's playouts.

mod heuristic;
mod random;
mod search;

pub use heuristic::{Heuristic, Params, SCALE};
pub use random::RandomBot;
pub use search::{Budget, BudgetError, Config, Rollout, Search};

use crate::{play, BotEntry, PlayError, PlayOptions, Registered};
use engine::Bot;
use thegame::{Outcome, Setup, State};

impl Registered for State {
    type Config = Config;
    const REGISTRY: &'static [BotEntry<State>] = &[
        BotEntry {
            name: "random",
            about: "uniform among the legal plays and `end`; never signals",
            make: |seed, _| Box::new(RandomBot::new(seed)),
        },
        BotEntry {
            name: "heuristic",
            about:
                "cheapest plays, tricks, pairs, signals; lookahead alone and in tight 2-3p turns",
            make: |_, _| Box::new(Heuristic::default()),
        },
        BotEntry {
            name: "search",
            about: "samples the unseen cards, compares whole turns by heuristic playouts",
            make: |seed, config| Box::new(Search::with_config(seed, *config)),
        },
    ];
}

/// The most actions a game may take: 98 plays, at most 98 `end`s, and at most four signals
/// per turn.
pub const MAX_ACTIONS: usize = 98 * 6;

/// Plays `state` to the end with one bot per seat, on the fast path (no events).
///
/// # Errors
/// A bot's illegal action or empty plan, a game that does not end, or a wrong number of
/// bots.
pub fn play_out(state: &mut State, bots: &mut [Box<dyn Bot<State>>]) -> Result<Outcome, PlayError> {
    let options = PlayOptions {
        max_actions: MAX_ACTIONS,
        ..PlayOptions::QUIET
    };
    Ok(play(state, bots, &options, |_, _, _, _| {})?.outcome)
}

/// Deals `setup` and plays it out with fresh bots from `entry`, seeded from `bot_seed`.
///
/// # Errors
/// A setup the rules refuse, or anything [`play_out`] reports.
pub fn play_setup(
    setup: Setup,
    entry: &BotEntry<State>,
    bot_seed: u64,
) -> Result<Outcome, Box<dyn std::error::Error + Send + Sync>> {
    let mut state = State::new(setup)?;
    let mut bots: Vec<Box<dyn Bot<State>>> = (0..state.players())
        .map(|s| entry.build(bot_seed ^ (u64::from(s) << 56)))
        .collect();
    Ok(play_out(&mut state, &mut bots)?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::find;
    use engine::{Game, Legal, Planner, Viewer};
    use thegame::{Action, View};

    const REGISTRY: &[BotEntry<State>] = <State as Registered>::REGISTRY;

    #[test]
    fn the_registry_finds_bots_by_name() {
        assert_eq!(find::<State>("random").unwrap().name, "random");
        assert_eq!(find::<State>("heuristic").unwrap().name, "heuristic");
        assert_eq!(find::<State>("search").unwrap().name, "search");
        let err = find::<State>("oracle").err().unwrap();
        assert_eq!(
            err.to_string(),
            "no thegame bot named \"oracle\"; known bots: random, heuristic, search"
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
            let mut bots: Vec<Planner<State>> =
                (0..3).map(|i| Planner::new(entry.build(i))).collect();
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

    impl Bot<State> for Faulty {
        fn name(&self) -> &str {
            "faulty"
        }
        fn plan(&mut self, _view: &View, _legal: &Legal<'_, State>, out: &mut Vec<Action>) {
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
            let mut bots: Vec<Box<dyn Bot<State>>> =
                vec![Box::new(Faulty { silent }), Box::new(Faulty { silent })];
            let err = play_out(&mut s, &mut bots).unwrap_err();
            if silent {
                assert_eq!(err.to_string(), "bot faulty at seat 0 planned no action");
            } else {
                let PlayError::Illegal { action, error, .. } = err else {
                    panic!("{err}");
                };
                assert_eq!(action, "end");
                let minimum = thegame::RuleError::MinimumNotReached {
                    played: 0,
                    minimum: 2,
                };
                assert_eq!(error, minimum.to_string());
            }
            assert_eq!(s, before);
        }
    }

    #[test]
    fn an_engine_bot_hands_out_its_planned_turn_and_replans_on_surprises() {
        let s = State::new(Setup::seeded(3, 4)).unwrap();
        let seat = s.current();
        let mut plan = Vec::new();
        Heuristic::default().plan_turn(&s.view(Viewer::Seat(seat)), &mut plan);
        let mut bot = Planner::new(Box::new(Heuristic::default()));
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
        assert_eq!(bot.choose(&s.view(Viewer::Seat(seat)), &legal), plan[0]);
    }

    #[test]
    fn a_wrong_number_of_bots_is_an_error() {
        let mut s = State::new(Setup::seeded(2, 1)).unwrap();
        let mut bots: Vec<Box<dyn Bot<State>>> = vec![REGISTRY[0].build(1)];
        assert_eq!(
            play_out(&mut s, &mut bots),
            Err(PlayError::SeatCount { bots: 1, seats: 2 })
        );
    }
}
