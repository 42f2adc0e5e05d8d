//! Random-simulation conformance: seeded games for every player count, checking after every
//! action the conservation of the 98 cards, `legal ⇔ is_legal`, agreement with the naive
//! reference rules, clone and JSON round trips, and that every game ends. Plus perft counts.

mod common;

use common::{perft, perft_reference, Reference};
use engine::{Game, Seat, Viewer};
use rand_core::{RngCore, SeedableRng};
use thegame::{bounded, Action, Card, CardSet, Event, Pile, Setup, Signal, State};

fn every_action() -> Vec<Action> {
    let mut all = Vec::new();
    for n in 2..=99 {
        for pile in Pile::ALL {
            all.push(Action::Play {
                card: Card::new(n).unwrap(),
                pile,
            });
        }
    }
    all.push(Action::EndTurn);
    for pile in Pile::ALL {
        for signal in Signal::ALL {
            all.push(Action::Signal { pile, signal });
        }
    }
    all
}

fn check_conservation(s: &State) {
    let mut seen = CardSet::EMPTY;
    let mut count = 0;
    for seat in 0..s.players() {
        let h = s.hand(Seat(seat));
        assert!(h.intersection(seen).is_empty(), "a card is in two places");
        seen = seen.union(h);
        count += h.len();
    }
    for &n in s.draw_pile() {
        let c = Card::new(n).expect("draw pile holds cards");
        assert!(seen.insert(c), "card {n} twice");
        count += 1;
    }
    assert!(s.played().intersection(seen).is_empty());
    seen = seen.union(s.played());
    count += s.played().len();
    assert_eq!(count, 98);
    assert_eq!(seen, CardSet::ALL);
    for pile in Pile::ALL {
        let top = s.top(pile);
        assert!(top == pile.start() || s.played().contains(Card::new(top).unwrap()));
    }
}

/// Plays one seeded game, checking everything after every action. Returns the actions.
fn checked_game(players: u8, seed: u64, deep: bool) -> (State, Vec<(Seat, Action)>) {
    let setup = Setup::seeded(players, seed);
    let mut s = State::new(setup).unwrap();
    let mut reference = Reference::from_state(&s);
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed ^ 0xabcdef);
    let mut legal = Vec::new();
    let all = every_action();
    let mut history = Vec::new();
    let mut steps = 0;
    check_conservation(&s);
    while !s.is_over() {
        steps += 1;
        assert!(steps < 1000, "game does not end");
        s.legal_actions(&mut legal);
        assert!(!legal.is_empty());
        assert!(
            legal.windows(2).all(|w| w[0] < w[1]),
            "legal actions sorted"
        );
        let turn: Vec<Action> = legal
            .iter()
            .filter(|a| !matches!(a, Action::Signal { .. }))
            .copied()
            .collect();
        assert_eq!(
            turn,
            reference.turn_actions(),
            "reference disagrees at {s:?}"
        );
        if deep {
            for a in &all {
                assert_eq!(s.is_legal(a), legal.contains(a), "{a} at {s:?}");
            }
            let json = serde_json::to_string(&s).unwrap();
            assert_eq!(serde_json::from_str::<State>(&json).unwrap(), s);
            let v = s.view(Viewer::Seat(s.current()));
            let vj = serde_json::to_string(&v).unwrap();
            assert_eq!(serde_json::from_str::<thegame::View>(&vj).unwrap(), v);
        }
        // A random illegal action changes nothing.
        let bad = all[bounded(&mut rng, all.len() as u64) as usize];
        if !legal.contains(&bad) {
            let before = s.clone();
            assert!(s.apply(&bad).is_err());
            assert_eq!(s, before);
        }
        // Mostly turn actions; now and then a signal, by the active seat or another one.
        let (seat, action) = if rng.next_u32() % 8 == 0 {
            let seat = Seat(bounded(&mut rng, u64::from(players)) as u8);
            let pile = Pile::from_index(bounded(&mut rng, 4) as usize);
            let signal = Signal::ALL[bounded(&mut rng, 2) as usize];
            (seat, Action::Signal { pile, signal })
        } else {
            (
                s.current(),
                turn[bounded(&mut rng, turn.len() as u64) as usize],
            )
        };
        let copy = s.clone();
        assert_eq!(copy, s);
        match s.apply_as(seat, &action) {
            Ok(events) => {
                let mut quiet = copy.clone();
                quiet.apply_quiet(seat, &action).unwrap();
                assert_eq!(quiet, s, "quiet path agrees");
                for e in &events {
                    let text = e.to_string();
                    assert_eq!(&text.parse::<Event>().unwrap(), e);
                    let json = serde_json::to_string(e).unwrap();
                    assert_eq!(&serde_json::from_str::<Event>(&json).unwrap(), e);
                    for viewer in 0..players {
                        let r = State::redact(e, Viewer::Seat(Seat(viewer))).unwrap();
                        if let Event::Drew {
                            seat: who, cards, ..
                        } = &r
                        {
                            assert_eq!(cards.is_some(), *who == Seat(viewer));
                        }
                    }
                }
                assert!(events.len() <= 12);
                reference.apply(&action);
                history.push((seat, action));
            }
            Err(e) => {
                assert!(matches!(action, Action::Signal { .. }), "{e}");
                assert_eq!(s, copy);
            }
        }
        check_conservation(&s);
        assert_eq!(s.outcome().map(|o| o.is_win()), reference.over);
        // The view of each seat shows its own hand and nothing of the others'.
        for seat in 0..players {
            let v = s.view(Viewer::Seat(Seat(seat)));
            assert_eq!(v.hand, s.hand(Seat(seat)));
            assert_eq!(v.hand_sizes[usize::from(seat)] as usize, v.hand.len());
            assert_eq!(
                v.unseen().len(),
                98 - v.hand.len() - s.played().len(),
                "unseen = others' hands + draw pile"
            );
        }
    }
    assert_eq!(
        s.outcome().unwrap().cards_left() as usize,
        reference.cards_left()
    );
    (s, history)
}

#[test]
fn random_games_keep_every_invariant() {
    for players in 1..=5 {
        for seed in 0..300 {
            checked_game(players, seed, seed < 20);
        }
    }
}

#[test]
fn a_game_replays_from_setup_and_actions() {
    for players in 1..=5 {
        let (end, history) = checked_game(players, 77, false);
        let mut s = State::new(Setup::seeded(players, 77)).unwrap();
        for (seat, a) in &history {
            s.apply_as(*seat, a).unwrap();
        }
        assert_eq!(s, end);
        // And through the text form of the actions.
        let mut s = State::new(Setup::seeded(players, 77)).unwrap();
        for (seat, a) in &history {
            let a: Action = a.to_string().parse().unwrap();
            s.apply_as(*seat, &a).unwrap();
        }
        assert_eq!(s, end);
    }
}

#[test]
fn determinized_states_agree_with_the_view() {
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(3);
    for players in 1..=5 {
        let mut s = State::new(Setup::seeded(players, 11)).unwrap();
        let mut legal = Vec::new();
        for _ in 0..12 {
            if s.is_over() {
                break;
            }
            s.legal_actions(&mut legal);
            s.apply(&legal[0]).unwrap();
        }
        for seat in 0..players {
            let v = s.view(Viewer::Seat(Seat(seat)));
            let d = State::determinize(&v, &mut rng).unwrap();
            check_conservation(&d);
            assert_eq!(d.view(Viewer::Seat(Seat(seat))), v);
            assert_eq!(d.draw_pile_len(), s.draw_pile_len());
            for other in 0..players {
                assert_eq!(d.hand(Seat(other)).len(), s.hand(Seat(other)).len());
            }
        }
        assert!(State::determinize(&s.view(Viewer::Spectator), &mut rng).is_err());
    }
}

/// Perft counts (leaves of the tree of plays and `end`, to a depth) from fixed seeded deals,
/// computed both by the engine and by the naive reference, and pinned.
#[test]
fn perft_counts_from_fixed_positions() {
    let cases: [(u8, u64, [u64; 5]); 3] = [
        (1, 1, [1, 32, 792, 15_616, 239_012]),
        (2, 2, [1, 28, 588, 9_548, 116_614]),
        (5, 5, [1, 24, 420, 5_540, 53_538]),
    ];
    for (players, seed, expected) in cases {
        let s = State::new(Setup::seeded(players, seed)).unwrap();
        let r = Reference::from_state(&s);
        for (depth, &want) in expected.iter().enumerate() {
            let depth = depth as u32;
            let got = perft(&s, depth);
            assert_eq!(got, perft_reference(&r, depth), "{players}p depth {depth}");
            assert_eq!(got, want, "{players}p seed {seed} depth {depth}");
        }
    }
}

/// Deeper perft from a late position where the draw pile is empty and the end is near.
#[test]
fn perft_from_a_late_position() {
    let s = common::position(
        0,
        &[&[12, 45, 46, 80], &[30, 55, 97]],
        [44, 20, 60, 90],
        &[],
        0,
    );
    let r = Reference::from_state(&s);
    for depth in 0..=7 {
        assert_eq!(
            perft(&s, depth),
            perft_reference(&r, depth),
            "depth {depth}"
        );
    }
    assert_eq!(perft(&s, 7), 120_962);
    // Every way to play it out: 830,591 wins and 38,148 losses.
    assert_eq!(common::complete_games(&s), (830_591, 38_148));
}
