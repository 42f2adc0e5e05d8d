//! Property tests that throw arbitrary input at the rules: arbitrary actions from arbitrary
//! seats at reachable states, arbitrary text and JSON, arbitrary positions. The answer is an
//! error or a valid new state, never a panic; a refused action changes nothing.

use engine::Seat;
use proptest::prelude::*;
use thegame::{Action, Card, CardSet, Event, Pile, Position, Setup, Signal, State};

fn raw_action() -> impl Strategy<Value = (u8, u8, u8, u8)> {
    (0u8..7, 0u8..3, 0u8..=120, 0u8..4)
}

fn to_action(kind: u8, card: u8, pile: u8) -> Option<Action> {
    let pile = Pile::from_index(pile.into());
    match kind {
        0 => Card::new(card).map(|card| Action::Play { card, pile }),
        1 => Some(Action::EndTurn),
        _ => Some(Action::Signal {
            pile,
            signal: Signal::ALL[usize::from(card % 2)],
        }),
    }
}

fn conserved(s: &State) -> bool {
    let mut all = s.played();
    let mut n = s.played().len();
    for seat in 0..s.players() {
        all = all.union(s.hand(Seat(seat)));
        n += s.hand(Seat(seat)).len();
    }
    for &c in s.draw_pile() {
        all = all.union(CardSet::from_bits(1u128 << c));
    }
    n += s.draw_pile().len();
    n == 98 && all == CardSet::ALL
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 256, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_actions_never_break_a_game(
        players in 1u8..=5,
        seed in any::<u64>(),
        actions in prop::collection::vec((0u8..6, raw_action()), 1..300),
    ) {
        let mut s = State::new(Setup::seeded(players, seed)).unwrap();
        let mut legal = Vec::new();
        for (mode, (seat, kind, card, pile)) in actions {
            // Half the time pick a legal action so games get deep; otherwise anything.
            let action = if mode < 3 {
                s.legal_actions(&mut legal);
                if legal.is_empty() { break; }
                legal[usize::from(card) % legal.len()]
            } else {
                match to_action(kind, card, pile) { Some(a) => a, None => continue }
            };
            let seat = if mode < 3 { s.current() } else { Seat(seat) };
            let before = s.clone();
            match s.apply_as(seat, &action) {
                Ok(_) => prop_assert!(conserved(&s)),
                Err(e) => {
                    prop_assert_eq!(&s, &before);
                    prop_assert!(!e.to_string().is_empty());
                }
            }
        }
    }

    #[test]
    fn arbitrary_text_never_panics(text in "\\PC{0,40}") {
        let _ = text.parse::<Action>();
        let _ = text.parse::<Event>();
        let _ = serde_json::from_str::<Action>(&text);
        let _ = serde_json::from_str::<Setup>(&text);
        let _ = serde_json::from_str::<State>(&text);
    }

    #[test]
    fn near_miss_text_never_panics(
        words in prop::collection::vec(
            prop::sample::select(vec![
                "seat", "0", "7", "255", "300", "plays", "on", "up1", "down3", "draws", "2:",
                "12", "ends", "turn", "turn,", "is", "skipped", "starts", "minimum", "signals",
                "good_card", "won", "lost", "with", "cards", "left", "play", "end", "signal",
                "backwards", "-1", "1", "100",
            ]),
            0..8,
        ),
    ) {
        let text = words.join(" ");
        if let Ok(a) = text.parse::<Action>() {
            prop_assert_eq!(a.to_string().parse::<Action>().unwrap(), a);
        }
        if let Ok(e) = text.parse::<Event>() {
            prop_assert_eq!(e.to_string().parse::<Event>().unwrap(), e);
        }
    }

    #[test]
    fn arbitrary_positions_are_refused_or_consistent(
        players in 0u8..7,
        current in 0u8..7,
        played_this_turn in 0u8..10,
        cards in prop::collection::vec(0u8..=110, 0..110),
        cuts in prop::collection::vec(0usize..110, 0..7),
        tops in prop::array::uniform4(0u8..=110),
    ) {
        let mut cuts = cuts;
        cuts.sort_unstable();
        let mut groups = Vec::new();
        let mut at = 0;
        for c in cuts {
            let c = c.min(cards.len()).max(at);
            groups.push(cards[at..c].to_vec());
            at = c;
        }
        groups.push(cards[at..].to_vec());
        let played = groups.pop().unwrap_or_default();
        let draw_pile = groups.pop().unwrap_or_default();
        let p = Position {
            players, current, played_this_turn, hands: groups, draw_pile, tops, played,
            signals: Vec::new(),
        };
        if let Ok(s) = State::from_position(p) {
            prop_assert!(conserved(&s));
            let mut legal = Vec::new();
            s.legal_actions(&mut legal);
            for a in &legal {
                prop_assert!(s.clone().apply(a).is_ok());
            }
        }
    }

    #[test]
    fn positions_from_real_deals_round_trip(players in 1u8..=5, seed in any::<u64>(), k in 0usize..40) {
        let mut s = State::new(Setup::seeded(players, seed)).unwrap();
        let mut legal = Vec::new();
        for i in 0..k {
            if s.is_over() { break; }
            s.legal_actions(&mut legal);
            let a = legal[(i * 7 + seed as usize) % legal.len()];
            s.apply(&a).unwrap();
        }
        let back = State::from_position(s.position()).unwrap();
        prop_assert_eq!(back, s);
    }
}
