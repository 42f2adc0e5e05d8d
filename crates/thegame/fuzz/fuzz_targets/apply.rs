//! Fuzz target: a setup and a sequence of actions read from the fuzzer's bytes, applied
//! through `apply_as` for arbitrary seats (valid or not). After every action:
//! - no panic anywhere (setup, apply, views, text and JSON forms);
//! - a refused action leaves the state exactly as it was, and names its rule;
//! - an accepted one was legal for that seat, and the allocation-free `apply_quiet` path
//!   reaches the same state;
//! - the 98 cards are all there, each exactly once (hands, draw pile, piles), and every pile
//!   top is a played card or the pile's start;
//! - `legal_actions` and `is_legal` agree, and the state and the views survive a JSON round
//!   trip; events survive their text and JSON forms.
//!
//! How to run it: see `../Cargo.toml` (nightly and `cargo install cargo-fuzz`).
//!
//! Input layout: byte 0 picks the setup (player count 0..=6, so invalid counts are tried too,
//! and whether the deal is seeded or explicit), bytes 1..=8 the seed (or drive the explicit
//! deal's shuffle), byte 9 the first seat; then 4 bytes per action: a mode (a quarter of the
//! time the action is taken from `legal_actions` so games get deep; otherwise a raw play, an
//! `end` or a signal, half of the raw ones as text through `FromStr`), a seat (0..=6), a card
//! number (any byte) and a pile.

#![no_main]

use engine::{Game, Seat, Viewer};
use libfuzzer_sys::fuzz_target;
use thegame::{Action, Card, CardSet, Deal, Event, Pile, Setup, Signal, State};

fuzz_target!(|data: &[u8]| run(data));

fn run(data: &[u8]) {
    if data.len() < 10 {
        return;
    }
    let players = data[0] % 7;
    let explicit = data[0] & 0x80 != 0;
    let seed = u64::from_le_bytes(data[1..9].try_into().unwrap_or([0; 8]));
    let first = data[9] % 6;
    let setup = if explicit {
        explicit_setup(players, seed, first)
    } else {
        Setup {
            players,
            seed,
            first,
            deal: None,
        }
    };
    let mut state = match State::new(setup) {
        Ok(s) => s,
        Err(e) => {
            assert!(!e.problems.is_empty());
            assert!(!e.to_string().is_empty());
            return;
        }
    };
    check(&state);
    let mut legal = Vec::new();
    for chunk in data[10..].chunks_exact(4) {
        let (mode, seat, card, pile) = (chunk[0], Seat(chunk[1] % 7), chunk[2], chunk[3]);
        let pile = Pile::from_index(usize::from(pile));
        let (seat, action) = if mode % 4 == 0 {
            state.legal_actions(&mut legal);
            if legal.is_empty() {
                assert!(state.is_over());
                break;
            }
            (state.current(), legal[usize::from(card) % legal.len()])
        } else {
            let text = match mode % 3 {
                0 => format!("play {card} {pile}"),
                1 => "end".to_string(),
                _ => format!("signal {pile} {}", Signal::ALL[usize::from(card % 2)]),
            };
            match text.parse::<Action>() {
                Ok(a) => {
                    if mode & 0x80 != 0 {
                        assert_eq!(a.to_string(), text);
                    }
                    (seat, a)
                }
                Err(e) => {
                    // Only a card outside 2..=99 is refused by the parser.
                    assert!(Card::new(card).is_none(), "{text:?}: {e}");
                    continue;
                }
            }
        };
        let before = state.clone();
        let legal_before = before.check(seat, &action).is_ok();
        match state.apply_as(seat, &action) {
            Ok(events) => {
                assert!(legal_before, "{action} by {seat} was applied but not legal");
                assert!(!events.is_empty());
                let mut quiet = before.clone();
                quiet.apply_quiet(seat, &action).expect("the quiet path accepts it too");
                assert_eq!(quiet, state, "quiet and checked paths differ after {action}");
                for e in &events {
                    assert_eq!(&e.to_string().parse::<Event>().expect("event text"), e);
                    let json = serde_json::to_string(e).expect("event json");
                    assert_eq!(&serde_json::from_str::<Event>(&json).expect("event back"), e);
                    for viewer in 0..state.players() {
                        let r = State::redact(e, Viewer::Seat(Seat(viewer)));
                        if let Some(Event::Drew { seat: who, cards, .. }) = r {
                            assert_eq!(cards.is_some(), who == Seat(viewer));
                        }
                    }
                }
            }
            Err(e) => {
                assert!(!legal_before);
                assert_eq!(state, before, "refused {action} changed the state");
                assert!(!e.to_string().is_empty());
            }
        }
        check(&state);
    }
}

/// An explicit deal: the cards shuffled by a simple generator driven by `seed`.
fn explicit_setup(players: u8, seed: u64, first: u8) -> Setup {
    let mut cards: Vec<u8> = (2..=99).collect();
    let mut x = seed | 1;
    for i in (1..cards.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        cards.swap(i, (x % (i as u64 + 1)) as usize);
    }
    let h = usize::from(thegame::hand_size(players.max(1)));
    let n = usize::from(players).min(5);
    Setup {
        players,
        seed: 0,
        first,
        deal: Some(Deal {
            hands: (0..n).map(|s| cards[s * h..(s + 1) * h].to_vec()).collect(),
            draw_pile: cards[n * h..].to_vec(),
        }),
    }
}

/// The invariants of any reachable state.
fn check(s: &State) {
    // Conservation: every card exactly once.
    let mut seen = s.played();
    let mut count = s.played().len();
    for seat in 0..s.players() {
        let h = s.hand(Seat(seat));
        assert!(h.intersection(seen).is_empty(), "a hand card is elsewhere too");
        seen = seen.union(h);
        count += h.len();
    }
    for &n in s.draw_pile() {
        let c = Card::new(n).expect("the draw pile holds cards");
        assert!(!seen.contains(c), "card {n} is in the draw pile and elsewhere");
        seen = seen.union(CardSet::from_bits(1u128 << n));
        count += 1;
    }
    assert_eq!(count, 98);
    assert_eq!(seen, CardSet::ALL);
    assert_eq!(usize::from(s.cards_left()), 98 - s.played().len());
    for pile in Pile::ALL {
        let top = s.top(pile);
        assert!(top == pile.start() || s.played().contains(Card::new(top).expect("a card")));
    }
    // legal_actions ⇔ is_legal, over every action of the active seat.
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert!(legal.windows(2).all(|w| w[0] < w[1]), "sorted, no duplicates");
    assert_eq!(legal.is_empty(), s.is_over());
    for n in 2..=99 {
        for pile in Pile::ALL {
            let a = Action::Play {
                card: Card::new(n).expect("a card"),
                pile,
            };
            assert_eq!(s.is_legal(&a), legal.contains(&a), "{a}");
        }
    }
    assert_eq!(s.is_legal(&Action::EndTurn), legal.contains(&Action::EndTurn));
    // JSON round trips.
    let json = serde_json::to_string(s).expect("state json");
    assert_eq!(&serde_json::from_str::<State>(&json).expect("state back"), s);
    for seat in 0..s.players() {
        let v = Game::view(s, Viewer::Seat(Seat(seat)));
        assert_eq!(v.hand, s.hand(Seat(seat)));
        let json = serde_json::to_string(&v).expect("view json");
        assert_eq!(serde_json::from_str::<thegame::View>(&json).expect("view back"), v);
    }
}
