//! Playing through a `Turn`: the same rules and errors as `State::apply_as`, and never more
//! than the seat may know.

use engine::Seat;
use thegame::{Action, Card, Pile, Position, RuleError, Setup, Signal, State};

fn card(n: u8) -> Card {
    Card::new(n).unwrap()
}

fn position() -> State {
    // Seat 0 holds 10, 20, 95; seat 1 holds 50, 60, 70; two cards to draw.
    let hands = vec![vec![10, 20, 95], vec![50, 60, 70]];
    let draw_pile = vec![30, 40];
    let mut played = Vec::new();
    for n in 2..=99u8 {
        if !hands.iter().flatten().any(|&c| c == n) && !draw_pile.contains(&n) {
            played.push(n);
        }
    }
    State::from_position(Position {
        players: 2,
        current: 0,
        played_this_turn: 0,
        hands,
        draw_pile,
        tops: [15, 8, 97, 99],
        played,
        signals: Vec::new(),
    })
    .unwrap()
}

#[test]
fn refused_actions_name_the_rule_and_change_nothing() {
    let before = position();
    let mut state = before.clone();
    let mut turn = state.turn().unwrap();
    assert_eq!(turn.seat(), Seat(0));
    assert_eq!(
        turn.play(card(50), Pile::Up1),
        Err(RuleError::CardNotInHand { card: card(50) })
    );
    assert_eq!(
        turn.play(card(10), Pile::Up1),
        Err(RuleError::PileRejects {
            card: card(10),
            pile: Pile::Up1,
            top: 15,
            direction: thegame::Direction::Ascending,
        })
    );
    assert_eq!(
        turn.end(),
        Err(RuleError::MinimumNotReached {
            played: 0,
            minimum: 2
        })
    );
    assert_eq!(state, before, "refused actions change nothing");
    let mut turn = state.turn().unwrap();
    turn.play(card(20), Pile::Up1).unwrap();
    assert_eq!(
        turn.end(),
        Err(RuleError::MinimumNotReached {
            played: 1,
            minimum: 2
        })
    );
    turn.send_signal(Pile::Up2, Signal::DontPlay).unwrap();
    assert_eq!(
        turn.send_signal(Pile::Up2, Signal::GoodCard),
        Err(RuleError::SignalAlreadySent {
            seat: Seat(0),
            pile: Pile::Up2,
            signal: Signal::DontPlay
        })
    );
    assert_eq!(state.signal(Seat(0), Pile::Up2), Some(Signal::DontPlay));
    assert_eq!(state.top(Pile::Up1), 20);
    assert_eq!(state.played_this_turn(), 1);
}

#[test]
fn an_ended_turn_shows_only_its_own_seat_and_refuses_more() {
    let mut state = position();
    let mut turn = state.turn().unwrap();
    turn.play(card(10), Pile::Up2).unwrap();
    turn.play(card(20), Pile::Up1).unwrap();
    turn.end().unwrap();
    assert!(turn.has_ended());
    assert!(!turn.is_open());
    // Seat 0 drew back up to its hand size from the draw pile (30 and 40): its own cards.
    let own: Vec<u8> = turn.hand().iter().map(Card::get).collect();
    assert_eq!(own, vec![30, 40, 95]);
    assert_eq!(turn.played_this_turn(), 0);
    assert_eq!(
        turn.play(card(30), Pile::Up1),
        Err(RuleError::TurnEnded { seat: Seat(0) })
    );
    assert_eq!(turn.end(), Err(RuleError::TurnEnded { seat: Seat(0) }));
    assert_eq!(state.current(), Seat(1));
    let turn = state.turn().unwrap();
    assert_eq!(turn.seat(), Seat(1));
    assert_eq!(turn.minimum(), 1, "the draw pile is empty");
}

#[test]
fn a_lost_game_has_no_turn_and_its_last_turn_refuses_play() {
    let mut s = State::new(Setup::seeded(1, 1)).unwrap();
    while let Some(mut turn) = s.turn() {
        // A poor player: the highest card on up1 whenever it can, else the lowest card anywhere.
        let (c, pile) = match turn.playable(Pile::Up1).max() {
            Some(c) => (c, Pile::Up1),
            None => Pile::ALL
                .iter()
                .find_map(|&p| turn.playable(p).min().map(|c| (c, p)))
                .expect("a running turn below the minimum has a play"),
        };
        turn.play(c, pile).unwrap();
        if !turn.is_open() {
            let outcome = turn.outcome().unwrap();
            assert_eq!(turn.play(c, pile), Err(RuleError::GameOver { outcome }));
            break;
        }
        if turn.can_end() {
            turn.end().unwrap();
        }
    }
    assert!(!s.outcome().unwrap().is_win());
    assert!(s.turn().is_none());
}

/// The hand `seat` holds once `action` (with result `result`) is applied to `a`.
fn b_hand(
    a: &State,
    seat: Seat,
    action: Action,
    result: &Result<(), RuleError>,
) -> thegame::CardSet {
    let mut after = a.clone();
    if result.is_ok() {
        after.apply_as(seat, &action).unwrap();
    }
    after.hand(seat)
}

/// Random games played through `Turn` equal the same games played through `apply_as`.
#[test]
fn turns_agree_with_apply_as() {
    let mut rng = 0x1234_5678_u64;
    let mut next = move |n: usize| {
        rng ^= rng << 13;
        rng ^= rng >> 7;
        rng ^= rng << 17;
        (rng % n as u64) as usize
    };
    for players in 1..=5 {
        for seed in 0..200 {
            let mut a = State::new(Setup::seeded(players, seed)).unwrap();
            let mut b = a.clone();
            let mut legal = Vec::new();
            while !a.is_over() {
                a.legal_actions(&mut legal);
                let action = legal[next(legal.len())];
                let seat = a.current();
                let expected = a.clone().apply_as(seat, &action).map(|_| ());
                let got = {
                    let mut turn = b.turn().unwrap();
                    let r = match action {
                        Action::Play { card, pile } => turn.play(card, pile),
                        Action::EndTurn => turn.end(),
                        Action::Signal { pile, signal } => turn.send_signal(pile, signal),
                    };
                    // The handle shows its own seat's hand, also after `end`.
                    assert_eq!(turn.hand(), b_hand(&a, seat, action, &expected));
                    r
                };
                assert_eq!(got, expected);
                a.apply_as(seat, &action).unwrap();
                assert_eq!(a, b);
                // A refused action through a turn changes nothing either.
                if let Some(mut turn) = b.turn() {
                    let hand = turn.hand();
                    if let Some(missing) = thegame::CardSet::ALL.difference(hand).min() {
                        assert_eq!(
                            turn.play(missing, Pile::Up1),
                            Err(RuleError::CardNotInHand { card: missing })
                        );
                    }
                }
                assert_eq!(a, b);
            }
        }
    }
}
