use super::*;
use crate::powergrid::{find, panel::STYLES, Config};
use powergrid::{MapId, Setup};

/// Plays the first `rounds` rounds of a 4-player game, the search bot in seat 0 and `rival` in
/// the others; the search bot's fitted weights of each rival, and the rival decisions it
/// replayed.
fn fit_against(rival: &str, rounds: u16, seed: u64) -> (Vec<[f64; MODELS]>, u64) {
    let mut search = SearchBot::new(seed, Budget::Iterations(2), 1);
    let mut rivals: Vec<Box<dyn Bot<State>>> = (1..4)
        .map(|i| (find(rival).unwrap().make)(seed + i, &Config::default()))
        .collect();
    let mut state = State::new(Setup::new(4, MapId::Germany, seed)).unwrap();
    let mut legal = Vec::new();
    while let Actor::Seat(seat) = state.actor() {
        if state.round() > rounds {
            break;
        }
        state.legal_actions(&mut legal);
        let view = state.view(Viewer::Seat(seat));
        let a = match seat.index() {
            0 => search.choose(&view, &legal),
            i => rivals[i - 1].choose(&view, &legal),
        };
        let events = state.apply_as(seat, &a).unwrap();
        for e in &events {
            search.observe(e);
            rivals.iter_mut().for_each(|r| r.observe(e));
        }
    }
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
