//! Golden playthroughs: whole seeded games played by a simple deterministic chooser written
//! here (the rules crate does not depend on the bots), with out-of-turn signals. 3 players,
//! seed 42 is lost at the start of a turn with cards still to draw; 3 players, seed 33 runs
//! the draw pile dry (minimum 1, emptied hands skipped) and is won. Snapshotted: the full
//! event logs as JSON, the logs as a spectator reads them, and every seat's view at a few
//! points of seed 42. Any change to the deal, the rules, the events or the views shows up as
//! a readable diff in review.
//!
//! Regenerate with `INSTA_UPDATE=always cargo test -p thegame --test golden` and review the
//! `.snap` files.

use engine::{Game, Seat, Viewer};
use thegame::{Action, Event, Pile, Setup, Signal, State, View};

/// How far `card` lands from the top of `pile`: the backwards trick is best (-10), then the
/// closest card; `None` if the pile does not take it.
fn cost(s: &State, card: thegame::Card, pile: Pile) -> Option<i32> {
    if !s.playable(pile).contains(card) {
        return None;
    }
    let (top, n) = (i32::from(s.top(pile)), i32::from(card.get()));
    Some(if pile.is_backwards(s.top(pile), card) {
        -10
    } else if pile.is_ascending() {
        n - top
    } else {
        top - n
    })
}

/// The closest play of `seat`'s hand (ties: lower card, then pile order), if any.
fn best_play(s: &State, seat: Seat) -> Option<(i32, Action)> {
    let mut best: Option<(i32, Action)> = None;
    for card in s.hand(seat) {
        for pile in Pile::ALL {
            let Some(c) = cost(s, card, pile) else {
                continue;
            };
            if best.is_none_or(|(b, _)| c < b) {
                best = Some((c, Action::Play { card, pile }));
            }
        }
    }
    best
}

/// The active seat plays its closest card until the minimum, then only cards within 2 of a
/// top (or a trick); otherwise it ends the turn.
fn choose(s: &State) -> Action {
    match best_play(s, s.current()) {
        Some((c, play)) if !s.can_end_turn() || c <= 2 => play,
        _ => Action::EndTurn,
    }
}

/// At the start of each turn, the next seat says `good_card` on the pile where it holds a
/// trick, if it has no signal standing there (an out-of-turn signal).
fn signal(s: &State) -> Option<(Seat, Action)> {
    if s.played_this_turn() != 0 || s.players() < 2 {
        return None;
    }
    let next = Seat((s.current().0 + 1) % s.players());
    let hand = s.hand(next);
    Pile::ALL.into_iter().find_map(|pile| {
        let top = s.top(pile);
        let trick = hand.iter().any(|c| pile.is_backwards(top, c));
        (trick && s.signal(next, pile).is_none()).then_some((
            next,
            Action::Signal {
                pile,
                signal: Signal::GoodCard,
            },
        ))
    })
}

struct Playthrough {
    events: Vec<Event>,
    /// Every seat's view after the deal, after the 10th action, after the 40th, at the end.
    views: Vec<(String, Vec<View>)>,
    state: State,
}

fn play(players: u8, seed: u64) -> Playthrough {
    let mut s = State::new(Setup::seeded(players, seed)).unwrap();
    let views_of = |s: &State| -> Vec<View> {
        (0..s.players())
            .map(|seat| s.view(Viewer::Seat(Seat(seat))))
            .collect()
    };
    let mut views = vec![("after the deal".to_string(), views_of(&s))];
    let mut events = Vec::new();
    let mut actions = 0;
    let mut signalled_this_turn = false;
    while !s.is_over() {
        if !signalled_this_turn {
            if let Some((seat, a)) = signal(&s) {
                events.extend(s.apply_as(seat, &a).unwrap());
            }
            signalled_this_turn = true;
        }
        let a = choose(&s);
        events.extend(s.apply(&a).unwrap());
        signalled_this_turn &= a != Action::EndTurn;
        actions += 1;
        if actions == 10 || actions == 40 {
            views.push((format!("after action {actions}"), views_of(&s)));
        }
        assert!(actions < 300, "the game does not end");
    }
    views.push(("at the end".to_string(), views_of(&s)));
    Playthrough {
        events,
        views,
        state: s,
    }
}

#[test]
fn golden_3_players_seed_42_event_log() {
    let game = play(3, 42);
    insta::assert_json_snapshot!(game.events);
}

/// The log as a spectator sees it, one event per line.
fn spectator_log(game: &Playthrough) -> String {
    let mut log = String::new();
    for e in &game.events {
        let seen = State::redact(e, Viewer::Spectator).unwrap();
        log.push_str(&seen.to_string());
        log.push('\n');
    }
    log.push_str(&format!("outcome: {}\n", game.state.outcome().unwrap()));
    log
}

#[test]
fn golden_3_players_seed_42_spectator_log() {
    insta::assert_snapshot!(spectator_log(&play(3, 42)));
}

#[test]
fn golden_3_players_seed_33_won_event_log() {
    let game = play(3, 33);
    assert_eq!(game.state.outcome(), Some(thegame::Outcome::Won));
    insta::assert_json_snapshot!(game.events);
}

#[test]
fn golden_3_players_seed_33_won_spectator_log() {
    insta::assert_snapshot!(spectator_log(&play(3, 33)));
}

#[test]
fn golden_3_players_seed_42_views() {
    let game = play(3, 42);
    insta::assert_json_snapshot!(game.views);
}

/// Between them the two playthroughs hold every kind of event the rules produce, and each
/// replays identically.
#[test]
fn golden_playthroughs_exercise_the_rules() {
    let lost = play(3, 42);
    let won = play(3, 33);
    let all: Vec<&Event> = lost.events.iter().chain(&won.events).collect();
    let any = |f: &dyn Fn(&Event) -> bool| all.iter().any(|e| f(e));
    assert!(any(&|e| matches!(
        e,
        Event::Played {
            backwards: true,
            ..
        }
    )));
    assert!(any(&|e| matches!(e, Event::Signalled { .. })));
    assert!(any(&|e| matches!(e, Event::Drew { .. })));
    assert!(any(&|e| matches!(e, Event::Skipped { .. })));
    assert!(any(&|e| matches!(e, Event::TurnStarted { minimum: 1, .. })));
    assert!(matches!(lost.events.last(), Some(Event::Lost { .. })));
    assert!(matches!(won.events.last(), Some(Event::Won)));
    assert_eq!(play(3, 42).events, lost.events);
    assert_eq!(play(3, 33).events, won.events);
}
