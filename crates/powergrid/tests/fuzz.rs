//! Property tests: arbitrary actions thrown at reachable states, from any seat, give an error and
//! an untouched state, or a valid new state — never a panic. Corrupted state files are refused or
//! read into a valid state — never a panic.

mod common;

use common::{arbitrary_action, setup, RandomPlayer};
use powergrid::{Actor, MapId, Seat, State};
use proptest::prelude::*;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn reachable(players: u8, usa: bool, seed: u64, steps: usize) -> State {
    let map = if usa { MapId::Usa } else { MapId::Germany };
    let mut g = State::new(setup(players, map, seed)).unwrap();
    let mut player = RandomPlayer::new(seed);
    for _ in 0..steps {
        if g.actor() == Actor::Terminal {
            break;
        }
        let a = player.choose(&g);
        g.apply(&a).unwrap();
    }
    g
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, .. ProptestConfig::default() })]

    #[test]
    fn arbitrary_actions_give_an_error_or_a_valid_state(
        players in 2u8..=6,
        usa in any::<bool>(),
        seed in any::<u64>(),
        steps in 0usize..900,
        throws in proptest::collection::vec(any::<u64>(), 1..60),
    ) {
        let mut g = reachable(players, usa, seed, steps);
        for t in throws {
            let mut rng = ChaCha8Rng::seed_from_u64(t);
            let action = arbitrary_action(&mut rng);
            let seat = match g.actor() {
                Actor::Seat(s) if rng.gen_bool(0.8) => s,
                _ => Seat(rng.gen_range(0..8)),
            };
            let before = g.clone();
            let legal = g.check(seat, &action).is_ok();
            match g.apply_as(seat, &action) {
                Ok(_) => {
                    prop_assert!(legal);
                    prop_assert!(g.check_invariants().is_ok(), "{:?}", g.check_invariants());
                }
                Err(_) => {
                    prop_assert!(!legal);
                    prop_assert_eq!(&g, &before);
                }
            }
        }
    }

    #[test]
    fn corrupted_state_files_are_refused_or_valid(
        players in 2u8..=6,
        seed in any::<u64>(),
        steps in 0usize..900,
        edits in proptest::collection::vec((any::<u64>(), 0u64..400), 1..4),
    ) {
        let g = reachable(players, seed & 1 == 0, seed, steps);
        let mut json = serde_json::to_value(&g).unwrap();
        for (pick, value) in edits {
            let mut leaves = Vec::new();
            numeric_leaves(&json, String::new(), &mut leaves);
            let path = &leaves[(pick % leaves.len() as u64) as usize];
            *json.pointer_mut(path).unwrap() = value.into();
        }
        if let Ok(s) = serde_json::from_value::<State>(json) {
            prop_assert!(s.check_invariants().is_ok());
            let mut legal = Vec::new();
            s.legal_actions(&mut legal);
            let _ = s.view(powergrid::Viewer::Spectator);
            for a in legal.iter().take(20) {
                let mut t = s.clone();
                let _ = t.apply(a);
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, .. ProptestConfig::default() })]

    #[test]
    fn corrupted_views_give_an_error_or_a_valid_sampled_state(
        players in 2u8..=6,
        seed in any::<u64>(),
        steps in 0usize..900,
        edits in proptest::collection::vec((any::<u64>(), 0u64..60), 1..4),
    ) {
        let g = reachable(players, seed & 1 == 0, seed, steps);
        let viewer = powergrid::Viewer::Seat(Seat((seed % players as u64) as u8));
        let mut json = serde_json::to_value(g.view(viewer)).unwrap();
        for (pick, value) in edits {
            let mut leaves = Vec::new();
            numeric_leaves(&json, String::new(), &mut leaves);
            let path = &leaves[(pick % leaves.len() as u64) as usize];
            *json.pointer_mut(path).unwrap() = value.into();
        }
        if let Ok(view) = serde_json::from_value::<powergrid::View>(json) {
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(seed);
            if let Ok(s) = State::determinize(&view, &powergrid::Memory::new(), &mut rng) {
                prop_assert!(s.check_invariants().is_ok());
                let mut legal = Vec::new();
                s.legal_actions(&mut legal);
            }
        }
    }
}

fn numeric_leaves(v: &serde_json::Value, path: String, out: &mut Vec<String>) {
    match v {
        serde_json::Value::Number(_) => out.push(path),
        serde_json::Value::Array(a) => {
            for (i, x) in a.iter().enumerate() {
                numeric_leaves(x, format!("{path}/{i}"), out);
            }
        }
        serde_json::Value::Object(o) => {
            for (k, x) in o {
                numeric_leaves(x, format!("{path}/{k}"), out);
            }
        }
        _ => {}
    }
}
