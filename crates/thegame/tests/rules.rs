//! Worked examples of the rules, one named test each, and every refusal.

mod common;

use common::{card, complete_games, play, position};
use engine::{Game, Seat, Viewer};
use thegame::{
    Action, Deal, DealRecord, Direction, Event, Outcome, Pile, RuleError, Setup, SetupProblem,
    Signal, State,
};

fn ascending_deck() -> Vec<u8> {
    (2..=99).collect()
}

/// Two players, seat 0 holds 2..=8, seat 1 holds 9..=15, the draw pile is 16..=99 in order.
fn ordered_two_player_game() -> State {
    let deck = ascending_deck();
    State::new(Setup {
        players: 2,
        seed: 0,
        first: 0,
        deal: Some(Deal {
            hands: vec![deck[0..7].to_vec(), deck[7..14].to_vec()],
            draw_pile: deck[14..].to_vec(),
        }),
    })
    .unwrap()
}

#[test]
fn backwards_trick_on_an_ascending_pile() {
    // Up1 shows 16: 6 goes on by the trick, 7 does not, 17 does.
    let mut s = position(0, &[&[6, 7, 17, 50]], [16, 1, 100, 100], &[], 0);
    assert!(s.is_legal(&play(6, Pile::Up1)));
    assert!(!s.is_legal(&play(7, Pile::Up1)));
    assert!(s.is_legal(&play(17, Pile::Up1)));
    let events = s.apply(&play(6, Pile::Up1)).unwrap();
    assert_eq!(
        events,
        vec![Event::Played {
            seat: Seat(0),
            card: card(6),
            pile: Pile::Up1,
            backwards: true
        }]
    );
    assert_eq!(s.top(Pile::Up1), 6);
    // Now 7 fits on the same pile.
    assert!(s.is_legal(&play(7, Pile::Up1)));
}

#[test]
fn backwards_trick_on_a_descending_pile() {
    // The rules' example: down pile at 87 takes 97.
    let mut s = position(0, &[&[97, 96, 88, 20]], [1, 1, 87, 100], &[], 0);
    assert!(s.is_legal(&play(97, Pile::Down1)));
    assert!(!s.is_legal(&play(96, Pile::Down1)));
    assert!(!s.is_legal(&play(88, Pile::Down1)));
    let events = s.apply(&play(97, Pile::Down1)).unwrap();
    assert!(matches!(
        events[0],
        Event::Played {
            backwards: true,
            ..
        }
    ));
    assert_eq!(s.top(Pile::Down1), 97);
    assert!(s.is_legal(&play(96, Pile::Down1)));
}

#[test]
fn minimum_is_two_while_the_draw_pile_has_cards() {
    let mut s = ordered_two_player_game();
    assert_eq!(s.minimum(), 2);
    let err = s.apply(&Action::EndTurn).unwrap_err();
    assert_eq!(
        err,
        RuleError::MinimumNotReached {
            played: 0,
            minimum: 2
        }
    );
    s.apply(&play(2, Pile::Up1)).unwrap();
    assert!(!s.can_end_turn());
    s.apply(&play(3, Pile::Up1)).unwrap();
    assert!(s.can_end_turn());
    let events = s.apply(&Action::EndTurn).unwrap();
    assert_eq!(events[0], Event::TurnEnded { seat: Seat(0) });
    assert_eq!(
        events[1],
        Event::Drew {
            seat: Seat(0),
            count: 2,
            cards: Some(vec![card(16), card(17)])
        }
    );
    assert_eq!(
        events[2],
        Event::TurnStarted {
            seat: Seat(1),
            minimum: 2
        }
    );
    assert_eq!(s.hand(Seat(0)).len(), 7);
    assert_eq!(s.draw_pile_len(), 84 - 2);
}

#[test]
fn minimum_drops_to_one_once_the_draw_pile_is_empty() {
    let mut s = position(0, &[&[30, 40], &[50]], [20, 1, 100, 100], &[], 0);
    assert_eq!(s.minimum(), 1);
    assert!(!s.can_end_turn());
    s.apply(&play(30, Pile::Up1)).unwrap();
    assert!(s.can_end_turn());
    let events = s.apply(&Action::EndTurn).unwrap();
    // Nothing to draw: no draw event.
    assert_eq!(
        events,
        vec![
            Event::TurnEnded { seat: Seat(0) },
            Event::TurnStarted {
                seat: Seat(1),
                minimum: 1
            }
        ]
    );
    assert_eq!(s.hand(Seat(0)).len(), 1);
}

#[test]
fn the_last_draw_takes_only_what_is_left() {
    let mut s = position(
        0,
        &[&[30, 40, 41, 42, 43, 44, 45], &[50; 0]],
        [20, 1, 100, 100],
        &[98],
        0,
    );
    s.apply(&play(30, Pile::Up1)).unwrap();
    s.apply(&play(40, Pile::Up1)).unwrap();
    let events = s.apply(&Action::EndTurn).unwrap();
    assert!(events.contains(&Event::Drew {
        seat: Seat(0),
        count: 1,
        cards: Some(vec![card(98)])
    }));
    assert_eq!(s.draw_pile_len(), 0);
    assert_eq!(s.minimum(), 1);
}

#[test]
fn an_empty_hand_is_skipped() {
    // Seat 1 is out of cards: after seat 0, seat 2 plays.
    let mut s = position(0, &[&[30, 40], &[], &[60]], [20, 1, 100, 100], &[], 0);
    s.apply(&play(30, Pile::Up1)).unwrap();
    let events = s.apply(&Action::EndTurn).unwrap();
    assert_eq!(
        events,
        vec![
            Event::TurnEnded { seat: Seat(0) },
            Event::Skipped { seat: Seat(1) },
            Event::TurnStarted {
                seat: Seat(2),
                minimum: 1
            }
        ]
    );
    assert_eq!(s.current(), Seat(2));
    // Seat 2 plays its last card and ends: back to seat 0, the only one with cards.
    s.apply(&play(60, Pile::Down1)).unwrap();
    let events = s.apply(&Action::EndTurn).unwrap();
    assert_eq!(
        events,
        vec![
            Event::TurnEnded { seat: Seat(2) },
            Event::TurnStarted {
                seat: Seat(0),
                minimum: 1
            }
        ]
    );
    // Seat 0 plays the last card: the team wins.
    s.apply(&play(40, Pile::Up1)).unwrap();
    assert_eq!(s.outcome(), Some(Outcome::Won));
}

#[test]
fn a_player_whose_cards_are_all_played_must_still_end_the_turn() {
    let mut s = position(0, &[&[30], &[60]], [20, 1, 100, 100], &[], 0);
    s.apply(&play(30, Pile::Up1)).unwrap();
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal[0], Action::EndTurn);
    assert!(legal[1..]
        .iter()
        .all(|a| matches!(a, Action::Signal { .. })));
}

#[test]
fn loss_when_the_minimum_cannot_be_met() {
    // Seat 0 must play 2 but only 25 fits (up1 at 20); after it nothing fits (15 is elsewhere).
    let mut s = position(
        0,
        &[&[25, 11, 12, 13, 14, 16, 17], &[2, 3, 4, 5, 6, 7, 10]],
        [20, 97, 8, 9],
        &[18, 19],
        0,
    );
    assert!(s.outcome().is_none());
    let events = s.apply(&play(25, Pile::Up1)).unwrap();
    let left = 98 - s.played().len() as u8;
    assert_eq!(events.last(), Some(&Event::Lost { cards_left: left }));
    assert_eq!(s.outcome(), Some(Outcome::Lost { cards_left: 15 }));
    assert_eq!(s.actor(), engine::Actor::Terminal);
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert!(legal.is_empty());
}

#[test]
fn the_order_of_plays_can_rescue_a_turn() {
    // The rules' example: ascending top 20, hand 25 and 15: play 25, then 15 backwards.
    let mut s = position(0, &[&[15, 25], &[50]], [20, 97, 3, 4], &[60], 0);
    assert!(s.outcome().is_none());
    assert!(!s.is_legal(&play(15, Pile::Up1)));
    s.apply(&play(25, Pile::Up1)).unwrap();
    assert!(s.outcome().is_none());
    s.apply(&play(15, Pile::Up1)).unwrap();
    assert!(s.can_end_turn());
}

#[test]
fn loss_at_the_start_of_a_turn() {
    // Seat 0's 36 on up1 takes the only place seat 1's 35 had.
    let mut s = position(0, &[&[36, 37], &[35]], [20, 60, 33, 34], &[], 0);
    s.apply(&play(36, Pile::Up1)).unwrap();
    let events = s.apply(&Action::EndTurn).unwrap();
    assert_eq!(events.last(), Some(&Event::Lost { cards_left: 2 }));
    assert_eq!(s.outcome(), Some(Outcome::Lost { cards_left: 2 }));
}

#[test]
fn the_win() {
    let mut s = position(0, &[&[30], &[60]], [20, 1, 100, 100], &[], 0);
    s.apply(&play(30, Pile::Up1)).unwrap();
    s.apply(&Action::EndTurn).unwrap();
    let events = s.apply(&play(60, Pile::Down1)).unwrap();
    assert_eq!(events.last(), Some(&Event::Won));
    assert_eq!(s.outcome(), Some(Outcome::Won));
    assert_eq!(s.cards_left(), 0);
    assert!(matches!(
        s.apply(&Action::EndTurn),
        Err(RuleError::GameOver {
            outcome: Outcome::Won
        })
    ));
}

#[test]
fn complete_games_from_small_positions() {
    // Hand-counted (see docs/rules-notes.md): 5 first plays, then the second card with or
    // without ending the turn in between: 8 + 6 + 6 + 6 + 4.
    let s = position(0, &[&[30, 40]], [35, 50, 20, 45], &[], 0);
    assert_eq!(complete_games(&s), (30, 0));
    // 50 then 55 (straight or after `end`) wins; 55 first blocks 50 and loses after `end`.
    let s = position(0, &[&[50, 55]], [45, 97, 3, 4], &[], 0);
    assert_eq!(complete_games(&s), (2, 1));
    // Only the trick on down1 for 30, only up1 for 40.
    let s = position(0, &[&[30, 40]], [35, 45, 20, 25], &[], 0);
    assert_eq!(complete_games(&s), (8, 0));
}

#[test]
fn refusals_name_the_rule_and_change_nothing() {
    let mut s = ordered_two_player_game();
    let before = s.clone();
    let cases: Vec<(Seat, Action, RuleError)> = vec![
        (
            Seat(0),
            play(50, Pile::Up1),
            RuleError::CardNotInHand { card: card(50) },
        ),
        (
            Seat(1),
            play(9, Pile::Up1),
            RuleError::NotYourTurn {
                seat: Seat(1),
                current: Seat(0),
            },
        ),
        (
            Seat(7),
            Action::EndTurn,
            RuleError::NoSuchSeat {
                seat: Seat(7),
                players: 2,
            },
        ),
        (
            Seat(0),
            Action::EndTurn,
            RuleError::MinimumNotReached {
                played: 0,
                minimum: 2,
            },
        ),
    ];
    for (seat, action, err) in cases {
        assert_eq!(s.apply_as(seat, &action), Err(err));
        assert_eq!(s, before);
    }
    s.apply(&play(8, Pile::Up1)).unwrap();
    let before = s.clone();
    let err = s.apply(&play(5, Pile::Up1)).unwrap_err();
    assert_eq!(
        err,
        RuleError::PileRejects {
            card: card(5),
            pile: Pile::Up1,
            top: 8,
            direction: Direction::Ascending
        }
    );
    assert_eq!(
        err.to_string(),
        "up1 (ascending, top 8) does not take 5: it takes a card above 8"
    );
    assert_eq!(s, before);
    let s2 = position(0, &[&[50, 60]], [1, 1, 40, 100], &[], 0);
    let err = s2.check(Seat(0), &play(60, Pile::Down1)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "down1 (descending, top 40) does not take 60: it takes a card below 40 or exactly 50"
    );
}

#[test]
fn signals_from_any_seat_once_per_pile_until_that_seat_plays_again() {
    let mut s = ordered_two_player_game();
    let dont = Action::Signal {
        pile: Pile::Down1,
        signal: Signal::DontPlay,
    };
    // Seat 1 may signal during seat 0's turn.
    let events = s.apply_as(Seat(1), &dont).unwrap();
    assert_eq!(
        events,
        vec![Event::Signalled {
            seat: Seat(1),
            pile: Pile::Down1,
            signal: Signal::DontPlay
        }]
    );
    assert_eq!(s.signal(Seat(1), Pile::Down1), Some(Signal::DontPlay));
    let before = s.clone();
    let good = Action::Signal {
        pile: Pile::Down1,
        signal: Signal::GoodCard,
    };
    assert_eq!(
        s.apply_as(Seat(1), &good),
        Err(RuleError::SignalAlreadySent {
            seat: Seat(1),
            pile: Pile::Down1,
            signal: Signal::DontPlay
        })
    );
    assert_eq!(s, before);
    // The view shows it to everyone.
    assert_eq!(
        s.view(Viewer::Spectator).signal(Seat(1), Pile::Down1),
        Some(Signal::DontPlay)
    );
    // It stands through seat 0's turn and clears when seat 1's turn starts.
    s.apply(&play(2, Pile::Up1)).unwrap();
    s.apply(&play(3, Pile::Up1)).unwrap();
    assert_eq!(s.signal(Seat(1), Pile::Down1), Some(Signal::DontPlay));
    s.apply(&Action::EndTurn).unwrap();
    assert_eq!(s.signal(Seat(1), Pile::Down1), None);
    assert!(s.apply_as(Seat(1), &good).is_ok());
}

#[test]
fn the_view_holds_only_what_the_seat_may_know() {
    let s = ordered_two_player_game();
    let v = s.view(Viewer::Seat(Seat(1)));
    assert_eq!(v.hand, s.hand(Seat(1)));
    assert_eq!(v.hand_sizes, [7, 7, 0, 0, 0]);
    assert_eq!(v.draw_pile, 84);
    let json = serde_json::to_string(&v).unwrap();
    // Seat 0's cards (2..=8) and the draw pile (16..) appear nowhere.
    let parsed: serde_json::Value = serde_json::from_str(&json).unwrap();
    assert_eq!(
        parsed["hand"],
        serde_json::json!([9, 10, 11, 12, 13, 14, 15])
    );
    assert_eq!(parsed["played"], serde_json::json!([]));
    let spectator = s.view(Viewer::Spectator);
    assert!(spectator.hand.is_empty());
    assert_eq!(spectator.viewer, None);
    // Drawn cards reach only the drawer.
    let drew = Event::Drew {
        seat: Seat(0),
        count: 2,
        cards: Some(vec![card(16), card(17)]),
    };
    assert_eq!(
        State::redact(&drew, Viewer::Seat(Seat(0))),
        Some(drew.clone())
    );
    let hidden = State::redact(&drew, Viewer::Seat(Seat(1))).unwrap();
    assert_eq!(hidden.to_string(), "seat 0 draws 2");
    let hidden = State::redact(&drew, Viewer::Spectator).unwrap();
    assert_eq!(hidden.to_string(), "seat 0 draws 2");
}

#[test]
fn setup_errors_list_every_problem() {
    assert!(matches!(
        State::new(Setup::seeded(0, 1)).unwrap_err().problems[..],
        [SetupProblem::PlayerCount { players: 0 }]
    ));
    assert!(State::new(Setup::seeded(6, 1)).is_err());
    let mut bad_first = Setup::seeded(3, 1);
    bad_first.first = 3;
    assert_eq!(
        State::new(bad_first).unwrap_err().problems,
        vec![SetupProblem::NoSuchSeat {
            seat: 3,
            players: 3
        }]
    );
    let deck = ascending_deck();
    let wrong_counts = DealRecord {
        hands: vec![
            deck[0..6].to_vec(),
            deck[6..12].to_vec(),
            deck[12..18].to_vec(),
        ],
        draw_pile: deck[18..].to_vec(),
        first: 0,
    }
    .into_setup();
    assert!(State::new(wrong_counts).is_ok());
    let too_many_hands = Setup {
        players: 2,
        ..DealRecord {
            hands: vec![
                deck[0..6].to_vec(),
                deck[6..12].to_vec(),
                deck[12..18].to_vec(),
            ],
            draw_pile: deck[18..].to_vec(),
            first: 0,
        }
        .into_setup()
    };
    let err = State::new(too_many_hands).unwrap_err();
    assert!(err.problems.contains(&SetupProblem::HandCount {
        hands: 3,
        players: 2
    }));
    assert!(err.to_string().contains("3 hands for 2 players"), "{err}");
    let mut missing = deck.clone();
    missing.pop();
    let err = State::new(
        DealRecord {
            hands: vec![missing[0..8].to_vec()],
            draw_pile: missing[8..].to_vec(),
            first: 0,
        }
        .into_setup(),
    )
    .unwrap_err();
    assert_eq!(
        err.problems,
        vec![
            SetupProblem::DrawPileSize {
                len: 89,
                expected: 90
            },
            SetupProblem::MissingCard { card: 99 }
        ]
    );
}

#[test]
fn a_deal_replays_exactly() {
    let setup = Setup::seeded(4, 99);
    let record = setup.deal_record().unwrap();
    let a = State::new(setup).unwrap();
    let b = State::new(record.clone().into_setup()).unwrap();
    assert_eq!(a, b);
    let line = serde_json::to_string(&record).unwrap();
    let back: DealRecord = serde_json::from_str(&line).unwrap();
    assert_eq!(back, record);
}

#[test]
fn first_seat_is_chosen_by_the_team() {
    let mut setup = Setup::seeded(3, 5);
    setup.first = 2;
    let s = State::new(setup).unwrap();
    assert_eq!(s.current(), Seat(2));
}

#[test]
fn json_of_setup_and_state_round_trips() {
    let setup: Setup = serde_json::from_str(r#"{"players": 3, "seed": 12}"#).unwrap();
    assert_eq!(setup, Setup::seeded(3, 12));
    // A misspelt field is refused, not ignored.
    let err = serde_json::from_str::<Setup>(r#"{"players": 3, "frist": 1}"#).unwrap_err();
    assert!(err.to_string().contains("unknown field `frist`"), "{err}");
    let mut s = State::new(setup).unwrap();
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    s.apply(&legal[0]).unwrap();
    let json = serde_json::to_string(&s).unwrap();
    let back: State = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    // A tampered state is refused with the reason.
    let mut p = s.position();
    p.draw_pile.push(p.draw_pile[0]);
    let err = serde_json::from_str::<State>(&serde_json::to_string(&p).unwrap()).unwrap_err();
    assert!(err.to_string().contains("appears more than once"), "{err}");
}

// ---- Rules audit: each point of the audit pinned by a named test. ----

#[test]
fn hand_sizes_are_eight_seven_and_six() {
    for (players, size) in [(1u8, 8usize), (2, 7), (3, 6), (4, 6), (5, 6)] {
        for seed in 0..20 {
            let s = State::new(Setup::seeded(players, seed)).unwrap();
            for seat in 0..players {
                assert_eq!(s.hand(Seat(seat)).len(), size, "{players}p seat {seat}");
            }
            assert_eq!(
                usize::from(s.draw_pile_len()),
                98 - usize::from(players) * size
            );
        }
    }
}

#[test]
fn hands_are_refilled_only_when_the_turn_ends() {
    let mut s = ordered_two_player_game();
    let draw = s.draw_pile().to_vec();
    // Three plays: the hand shrinks and nothing is drawn, however many cards were played.
    for (i, n) in [2u8, 3, 4].into_iter().enumerate() {
        s.apply(&play(n, Pile::Up1)).unwrap();
        assert_eq!(s.hand(Seat(0)).len(), 7 - (i + 1));
        assert_eq!(s.draw_pile(), &draw[..]);
    }
    let events = s.apply(&Action::EndTurn).unwrap();
    // Exactly as many as were played, from the front of the draw pile, in order.
    assert!(events.contains(&Event::Drew {
        seat: Seat(0),
        count: 3,
        cards: Some(vec![card(16), card(17), card(18)])
    }));
    assert_eq!(s.hand(Seat(0)).len(), 7);
    assert_eq!(s.draw_pile(), &draw[3..]);
    // The other seat's hand never changed.
    assert_eq!(s.hand(Seat(1)).len(), 7);
}

#[test]
fn the_backwards_trick_is_exactly_ten() {
    // Up1 at 36: 26 by the trick; 16 (twenty back), 25 and 27 (nine, eleven) are refused.
    let s = position(0, &[&[16, 25, 26, 27, 37]], [36, 98, 3, 2], &[], 0);
    assert!(s.is_legal(&play(26, Pile::Up1)));
    assert!(s.is_legal(&play(37, Pile::Up1)));
    for n in [16, 25, 27] {
        assert!(
            matches!(
                s.check(Seat(0), &play(n, Pile::Up1)),
                Err(RuleError::PileRejects { .. })
            ),
            "{n} on up1 at 36"
        );
    }
    // Down1 at 50: 60 by the trick; 70, 59 and 61 are refused.
    let s = position(0, &[&[49, 59, 60, 61, 70]], [98, 97, 50, 2], &[], 0);
    assert!(s.is_legal(&play(60, Pile::Down1)));
    assert!(s.is_legal(&play(49, Pile::Down1)));
    for n in [59, 61, 70] {
        assert!(!s.is_legal(&play(n, Pile::Down1)), "{n} on down1 at 50");
    }
    // The trick is repeatable: 26 on 36, then 16 on 26.
    let mut s = position(0, &[&[16, 26, 50]], [36, 98, 3, 2], &[], 0);
    s.apply(&play(26, Pile::Up1)).unwrap();
    s.apply(&play(16, Pile::Up1)).unwrap();
    assert_eq!(s.top(Pile::Up1), 16);
}

#[test]
fn emptying_the_hand_mid_turn_with_cards_to_draw_refills_it() {
    // One player, eight cards that all fit, eight cards to draw.
    let hand: Vec<u8> = (10..18).collect();
    let draw: Vec<u8> = (60..68).collect();
    let mut s = position(0, &[&hand], [1, 1, 100, 100], &draw, 0);
    for &n in &hand {
        assert!(s.outcome().is_none());
        s.apply(&play(n, Pile::Up1)).unwrap();
    }
    assert!(s.hand(Seat(0)).is_empty());
    assert!(
        s.outcome().is_none(),
        "an empty hand after the minimum is no loss"
    );
    assert!(s.can_end_turn());
    s.apply(&Action::EndTurn).unwrap();
    assert_eq!(s.hand(Seat(0)).len(), 8);
    assert_eq!(s.current(), Seat(0));
    assert_eq!(s.minimum(), 1);
}

#[test]
fn reaching_the_minimum_and_being_stuck_is_no_loss() {
    // Seat 0 has played 2 and nothing fits: it ends the turn, the game goes on.
    let s = position(0, &[&[45, 46], &[30, 31]], [60, 61, 40, 41], &[90, 91], 2);
    assert!(s.outcome().is_none());
    let mut legal = Vec::new();
    s.legal_actions(&mut legal);
    assert_eq!(legal[0], Action::EndTurn);
    // The draw pile is empty: one card is the minimum, after one play being stuck is fine.
    let s = position(0, &[&[45, 46], &[30, 31]], [60, 61, 40, 41], &[], 1);
    assert!(s.outcome().is_none());
    assert!(s.can_end_turn());
}

#[test]
fn below_the_minimum_with_a_play_left_is_no_loss() {
    // One card fits now; after it, another does (the first opened the trick).
    let mut s = position(0, &[&[25, 15], &[2]], [20, 90, 10, 11], &[95], 0);
    assert!(s.outcome().is_none());
    s.apply(&play(25, Pile::Up1)).unwrap();
    assert!(s.outcome().is_none());
    s.apply(&play(15, Pile::Up1)).unwrap();
    assert!(s.outcome().is_none());
}

#[test]
fn a_turn_that_can_reach_only_one_card_of_two_is_lost_after_it() {
    // Draw pile not empty: the minimum is 2, and only 25 fits (after it, nothing does).
    let mut s = position(0, &[&[25, 5, 6], &[2]], [20, 90, 3, 4], &[95], 0);
    assert!(s.outcome().is_none(), "a play exists, so no loss yet");
    let events = s.apply(&play(25, Pile::Up1)).unwrap();
    assert_eq!(events.last(), Some(&Event::Lost { cards_left: 4 }));
    // The same hand with an empty draw pile: one card is enough, the turn can end.
    let mut s = position(0, &[&[25, 5, 6], &[2]], [20, 90, 3, 4], &[], 0);
    s.apply(&play(25, Pile::Up1)).unwrap();
    assert!(s.outcome().is_none());
    assert!(s.can_end_turn());
}

#[test]
fn a_stuck_player_loses_at_the_start_of_the_turn_and_not_before() {
    // Seat 1 holds only 5, which fits nowhere: the loss comes when its turn starts, with the
    // cards left counted then (seat 0 refilled its short hand with all three, plus seat 1's).
    let mut s = position(0, &[&[30, 31], &[5]], [20, 90, 3, 4], &[70, 71, 72], 0);
    assert!(s.outcome().is_none());
    s.apply(&play(30, Pile::Up1)).unwrap();
    s.apply(&play(31, Pile::Up1)).unwrap();
    assert!(s.outcome().is_none());
    let events = s.apply(&Action::EndTurn).unwrap();
    assert_eq!(
        &events[events.len() - 2..],
        &[
            Event::TurnStarted {
                seat: Seat(1),
                minimum: 1
            },
            Event::Lost { cards_left: 4 }
        ]
    );
}

#[test]
fn the_win_is_declared_at_the_ninety_eighth_card_mid_turn() {
    // Two cards left, both in seat 0's hand and both playable: the first play is not a win,
    // the second is, without `end`.
    let mut s = position(0, &[&[40, 41], &[]], [30, 1, 100, 100], &[], 0);
    s.apply(&play(40, Pile::Up1)).unwrap();
    assert_eq!(s.outcome(), None);
    assert_eq!(s.played().len(), 97);
    let events = s.apply(&play(41, Pile::Up1)).unwrap();
    assert_eq!(events.last(), Some(&Event::Won));
    assert_eq!(s.outcome(), Some(Outcome::Won));
}

/// What a seat sees must not depend on anything hidden from it: reshuffling the other hands
/// (at their sizes) and the draw pile leaves every view of that seat, and its JSON, unchanged.
/// (A reshuffle that leaves the active player stuck ends that game at once: the outcome is
/// public, so such a world is not one the seat cannot tell apart, and it is skipped.)
#[test]
fn a_view_does_not_depend_on_hidden_cards() {
    use rand_core::SeedableRng;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(5);
    let mut legal = Vec::new();
    let mut compared = 0;
    for players in 1..=5u8 {
        for seed in 0..30 {
            let mut s = State::new(Setup::seeded(players, seed)).unwrap();
            let mut step = 0u64;
            while !s.is_over() {
                for seat in 0..players {
                    let mine = Viewer::Seat(Seat(seat));
                    let p = s.position();
                    // Every card the seat cannot see, in one pool, reshuffled.
                    let mut pool: Vec<u8> = p.draw_pile.clone();
                    for (other, h) in p.hands.iter().enumerate() {
                        if other != usize::from(seat) {
                            pool.extend(h);
                        }
                    }
                    for i in (1..pool.len()).rev() {
                        let j = thegame::bounded(&mut rng, i as u64 + 1) as usize;
                        pool.swap(i, j);
                    }
                    let mut q = p.clone();
                    let mut at = 0;
                    for (other, h) in q.hands.iter_mut().enumerate() {
                        if other != usize::from(seat) {
                            let k = h.len();
                            *h = pool[at..at + k].to_vec();
                            at += k;
                        }
                    }
                    q.draw_pile = pool[at..].to_vec();
                    let t = State::from_position(q).unwrap();
                    if t.outcome() != s.outcome() {
                        continue;
                    }
                    compared += 1;
                    assert_ne!(t.position(), s.position());
                    assert_eq!(t.view(mine), s.view(mine));
                    assert_eq!(
                        serde_json::to_string(&t.view(mine)).unwrap(),
                        serde_json::to_string(&s.view(mine)).unwrap()
                    );
                    assert_eq!(t.view(Viewer::Spectator), s.view(Viewer::Spectator));
                }
                s.legal_actions(&mut legal);
                let turn: Vec<Action> = legal
                    .iter()
                    .filter(|a| !matches!(a, Action::Signal { .. }))
                    .copied()
                    .collect();
                step += 1;
                let a = turn[((seed * 31 + step * 7) % turn.len() as u64) as usize];
                s.apply(&a).unwrap();
            }
        }
    }
    assert!(compared > 2_000, "{compared}");
}

#[test]
fn the_state_is_a_small_value_with_no_heap_data() {
    // A search bot clones the state for every sample: it must stay a few cache lines, cloned by
    // a plain copy (documented as 240 bytes in the state's module docs and the README).
    let size = std::mem::size_of::<State>();
    assert!(size <= 256, "State grew to {size} bytes");
    // Nothing to drop means nothing on the heap: a clone is a copy of these bytes.
    assert!(!std::mem::needs_drop::<State>());
}
