//! How each game is analysed: its adviser, its playout policy and how its result is read.

use crate::{Analysed, Secondary, Thresholds};
use engine::{Actor, Bot, Game, Legal, Seat, Viewer};

/// The steps of a drop in the chance to win, the same for both games (see the crate docs).
const INACCURACY_WIN: f64 = 0.10;
const MISTAKE_WIN: f64 = 0.20;
const STANDARD_ERRORS: f64 = 2.0;

/// The most actions a Power Grid playout may take before it is scored as unfinished (a game
/// between heuristics takes about 500).
const POWERGRID_PLAYOUT_ACTIONS: usize = 20_000;

/// Power Grid's search bot at a fixed rollout count: the count of its standard budget, without
/// the time cap that would make an analysis depend on the machine.
const POWERGRID_ROLLOUTS: u32 = 64;

impl Analysed for powergrid::State {
    type Adviser = bots::powergrid::SearchBot;
    const LABEL: &'static str = "powergrid";
    const STANDARD_SAMPLES: u32 = 32;
    const SECONDARY: Secondary = Secondary::Rank;
    const THRESHOLDS: Thresholds = Thresholds {
        inaccuracy_win: INACCURACY_WIN,
        mistake_win: MISTAKE_WIN,
        inaccuracy_secondary: 0.5,
        mistake_secondary: 1.0,
        standard_errors: STANDARD_ERRORS,
    };

    fn adviser(seed: u64) -> Self::Adviser {
        bots::powergrid::SearchBot::new(
            seed,
            bots::powergrid::Budget::Iterations(POWERGRID_ROLLOUTS),
            1,
        )
    }

    fn adviser_name() -> String {
        format!("search, {POWERGRID_ROLLOUTS} rollouts")
    }

    fn observe(adviser: &mut Self::Adviser, event: &powergrid::Event) {
        adviser.observe(event);
    }

    fn advise(
        adviser: &mut Self::Adviser,
        view: &powergrid::View,
        legal: &[powergrid::Action],
    ) -> Vec<powergrid::Action> {
        vec![adviser.choose(view, legal)]
    }

    fn took(adviser: &mut Self::Adviser, view: &powergrid::View, action: &powergrid::Action) {
        adviser.took(view, *action);
    }

    fn ends_decision(_action: &powergrid::Action) -> bool {
        true
    }

    fn play_out(state: &mut Self) -> Option<powergrid::Outcome> {
        let mut legal = Vec::new();
        for _ in 0..POWERGRID_PLAYOUT_ACTIONS {
            let Actor::Seat(seat) = state.actor() else {
                return state.outcome();
            };
            state.legal_actions(&mut legal);
            let view = state.view(Viewer::Seat(seat));
            let money: Vec<u32> = (0..state.players())
                .map(|i| state.money(Seat(i as u8)))
                .collect();
            let action = bots::powergrid::Heuristic::decide(&view, &legal, &money);
            if state.apply_quiet(seat, &action).is_err() || state.past_round_cap() {
                return None;
            }
        }
        None
    }

    fn result(outcome: &powergrid::Outcome, seat: Seat) -> (f64, f64) {
        let win = if outcome.winners.contains(&seat) {
            1.0 / outcome.winners.len() as f64
        } else {
            0.0
        };
        let rank = outcome
            .standings
            .iter()
            .find(|s| s.seat == seat)
            .map_or(outcome.standings.len() as f64, |s| f64::from(s.rank));
        (win, rank)
    }

    fn seeded_setup(players: u8, seed: u64) -> powergrid::Setup {
        powergrid::Setup::new(players, powergrid::MapId::Germany, seed)
    }
}

impl Analysed for thegame::State {
    type Adviser = bots::thegame::Search;
    const LABEL: &'static str = "thegame";
    const STANDARD_SAMPLES: u32 = 512;
    const SECONDARY: Secondary = Secondary::CardsLeft;
    const THRESHOLDS: Thresholds = Thresholds {
        inaccuracy_win: INACCURACY_WIN,
        mistake_win: MISTAKE_WIN,
        inaccuracy_secondary: 3.0,
        mistake_secondary: 6.0,
        standard_errors: STANDARD_ERRORS,
    };

    fn adviser(seed: u64) -> Self::Adviser {
        bots::thegame::Search::new(seed)
    }

    fn adviser_name() -> String {
        "search, standard playouts".to_owned()
    }

    fn observe(adviser: &mut Self::Adviser, event: &thegame::Event) {
        adviser.observe(event);
    }

    fn advise(
        adviser: &mut Self::Adviser,
        view: &thegame::View,
        legal: &[thegame::Action],
    ) -> Vec<thegame::Action> {
        let mut plan = Vec::new();
        adviser.plan(view, &Legal::given(legal), &mut plan);
        plan
    }

    fn took(_adviser: &mut Self::Adviser, _view: &thegame::View, _action: &thegame::Action) {}

    fn ends_decision(action: &thegame::Action) -> bool {
        matches!(action, thegame::Action::EndTurn)
    }

    fn play_out(state: &mut Self) -> Option<thegame::Outcome> {
        let mut policy = bots::thegame::Heuristic::without_lookahead();
        let mut plan = Vec::new();
        let mut actions = 0;
        while !state.is_over() {
            let seat = state.current();
            plan.clear();
            policy.plan_turn(&state.view(Viewer::Seat(seat)), &mut plan);
            if plan.is_empty() {
                return None;
            }
            for action in &plan {
                if state.is_over() {
                    break;
                }
                actions += 1;
                if actions > bots::thegame::MAX_ACTIONS || state.apply_quiet(seat, action).is_err()
                {
                    return None;
                }
            }
        }
        Game::outcome(state)
    }

    fn result(outcome: &thegame::Outcome, _seat: Seat) -> (f64, f64) {
        let win = if outcome.is_win() { 1.0 } else { 0.0 };
        (win, f64::from(outcome.cards_left()))
    }

    fn seeded_setup(players: u8, seed: u64) -> thegame::Setup {
        thegame::Setup::seeded(players, seed)
    }
}
