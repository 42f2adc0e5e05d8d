use super::*;
use crate::powergrid::ChooseOne;
use crate::powergrid::{panel::STYLES, Config};
use powergrid::{MapId, Setup};

/// Plays the first `rounds` rounds of a 4-player game, the search bot in seat 0 and `rival` in
/// the others; the search bot's fitted weights of each rival, and the rival decisions it
/// replayed.
fn fit_against(rival: &str, rounds: u16, seed: u64) -> (Vec<[f64; MODELS]>, u64) {
    let mut search = SearchBot::new(seed, Budget::Iterations(2), 1);
    decisions_of(&mut search, rival, rounds, seed);
    let fitted = (1..4).map(|i| search.fitted(Seat(i))).collect();
    (fitted, search.fit.replayed)
}

/// After a few rounds the fit puts nearly all the weight on the model each rival plays.
#[test]
fn the_fit_finds_each_rivals_style() {
    for (m, rival) in ["heuristic"].iter().chain(&STYLES).enumerate() {
        let (fitted, replayed) = fit_against(rival, 4, 21);
        assert!(replayed > 60, "{rival}: only {replayed} decisions replayed");
        for w in &fitted {
            assert!(w[m] > 0.9, "{rival}: fitted {w:?}");
        }
    }
}

/// The decisions of `bot` in seat 0 over the first `rounds` rounds of a 4-player game against
/// three of `rival`.
fn decisions_of(bot: &mut dyn Bot<State>, rival: &str, rounds: u16, seed: u64) -> Vec<Action> {
    let mut rivals: Vec<Box<dyn Bot<State>>> = (1..4)
        .map(|i| (crate::find::<State>(rival).unwrap().make)(seed + i, &Config::default()))
        .collect();
    let mut state = State::new(Setup::new(4, MapId::Germany, seed)).unwrap();
    let mut legal = Vec::new();
    let mut mine = Vec::new();
    while let Actor::Seat(seat) = state.actor() {
        if state.round() > rounds {
            break;
        }
        state.legal_actions(&mut legal);
        let view = state.view(Viewer::Seat(seat));
        let a = match seat.index() {
            0 => {
                let a = bot.choose_one(&view, &legal);
                mine.push(a);
                a
            }
            i => rivals[i - 1].choose_one(&view, &legal),
        };
        let events = state.apply_as(seat, &a).unwrap();
        for e in &events {
            bot.observe(e);
            rivals.iter_mut().for_each(|r| r.observe(e));
        }
    }
    mine
}

/// The search bot's decisions against three heuristics with `budget`.
fn search_decisions(budget: Budget, rounds: u16, seed: u64) -> Vec<Action> {
    decisions_of(
        &mut SearchBot::new(seed, budget, 1),
        "heuristic",
        rounds,
        seed,
    )
}

/// A cap the decisions never reach changes nothing: the capped budget decides exactly as the
/// same number of rollouts without a cap.
#[test]
fn a_cap_not_reached_decides_as_the_plain_rollouts() {
    let plain = search_decisions(Budget::Iterations(8), 3, 5);
    let capped = Budget::Capped {
        rollouts: 8,
        millis: 60_000,
    };
    assert!(plain.len() > 20, "{} decisions", plain.len());
    assert_eq!(plain, search_decisions(capped, 3, 5));
}

/// A cap reached at once leaves no time for a rollout: every decision is the heuristic's.
#[test]
fn a_cap_reached_at_once_answers_the_heuristics_choice() {
    let capped = Budget::Capped {
        rollouts: 64,
        millis: 0,
    };
    let mut heuristic = (crate::find::<State>("heuristic").unwrap().make)(6, &Config::default());
    let theirs = decisions_of(&mut *heuristic, "heuristic", 3, 6);
    assert!(theirs.len() > 20, "{} decisions", theirs.len());
    assert_eq!(search_decisions(capped, 3, 6), theirs);
}

/// Totals of three candidates, each visited `visits` times, with these mean rewards and gaps.
fn stats(rewards: [f64; 3], gaps: [f64; 3], visits: u32) -> Stats {
    let n = f64::from(visits);
    Stats {
        reward: rewards.iter().map(|r| r * n).collect(),
        gap: gaps.iter().map(|g| g * n).collect(),
        visits: vec![visits; 3],
    }
}

/// The heuristic's choice (the first candidate) stands unless another beats its mean reward by
/// the margin; the gaps count only when no rollout scored anything.
#[test]
fn the_choice_keeps_the_heuristic_unless_clearly_beaten() {
    // A win now and then outweighs any gap.
    assert_eq!(
        stats([0.10, 0.12, 0.20], [-3.0, -0.1, -5.0], 20).choice(),
        2
    );
    assert_eq!(
        stats([0.10, 0.12, 0.11], [-3.0, -0.1, -5.0], 20).choice(),
        0
    );
    // No rollout won: the candidate ending nearest first place, by half a city or more.
    assert_eq!(stats([0.0; 3], [-3.0, -0.4, -5.0], 20).choice(), 1);
    assert_eq!(stats([0.0; 3], [-3.0, -2.6, -5.0], 20).choice(), 0);
    // A single won rollout anywhere puts the rewards back in charge.
    let mut one_win = stats([0.0; 3], [-3.0, -0.4, -5.0], 20);
    one_win.reward[2] = 1.0;
    assert_eq!(one_win.choice(), 2);
    // An unvisited candidate is never chosen.
    let mut unvisited = stats([0.0; 3], [-3.0, -2.0, -5.0], 20);
    unvisited.visits[1] = 0;
    unvisited.gap[1] = 0.0;
    assert_eq!(unvisited.choice(), 0);
}
