//! The analysis: bad moves are marked, the bot's own moves agree, reports are deterministic and
//! round-trip through JSON, bad input gets a clear error, and nothing a seat could not see
//! changes its analysis.

use analysis::{
    advise, advise_json, analyze, analyze_json, AnalysisError, Budget, Mark, Options, Report,
};
use bots::PlayOptions;
use engine::record::ReplayError;
use engine::{Game, Record, Seat, Viewer};
use thegame::{Action, Deal, Pile};

/// A small budget: the tests check what a large budget would only make surer.
const SAMPLES: Budget = Budget::Samples(48);

fn options(seat: Option<u8>) -> Options {
    Options {
        budget: SAMPLES,
        seed: 7,
        seat: seat.map(Seat),
    }
}

/// A self-play game of `G` between fresh `bot`s, as a record with its outcome.
fn self_play<G: bots::Registered>(setup: G::Setup, bot: &str, seed: u64) -> Record<G> {
    let entry = bots::find::<G>(bot).unwrap();
    let mut state = G::new(setup.clone()).unwrap();
    let mut seats: Vec<_> = (0..state.seats())
        .map(|s| entry.build(seed + s as u64))
        .collect();
    let played = bots::play(&mut state, &mut seats, &PlayOptions::FULL, |_, _, _, _| {}).unwrap();
    let mut record = Record::new(setup, played.actions);
    record.outcome = Some(serde_json::to_value(&played.outcome).unwrap());
    record
}

/// The Game, two players: seat 0's first turn throws its two highest cards on the ascending
/// piles though it holds low cards (a clear mistake); the record stops after the turn.
fn thegame_blunder() -> (Record<thegame::State>, Vec<u8>) {
    let setup = thegame::Setup::seeded(2, 11);
    let state = thegame::State::new(setup.clone()).unwrap();
    let mut hand: Vec<u8> = state.hand(Seat(0)).iter().map(|c| c.get()).collect();
    hand.sort_unstable();
    assert!(
        hand[0] < 30 && hand[6] > 70,
        "the deal has low and high cards: {hand:?}"
    );
    let (a, b) = (hand[5], hand[6]);
    let play = |card: u8, pile: Pile| Action::Play {
        card: thegame::Card::new(card).unwrap(),
        pile,
    };
    let actions = vec![
        (Seat(0), play(a, Pile::Up1)),
        (Seat(0), play(b, Pile::Up2)),
        (Seat(0), Action::EndTurn),
    ];
    (Record::new(setup, actions), hand)
}

#[test]
fn thegame_throwing_high_cards_on_fresh_piles_is_a_mistake() {
    let (record, hand) = thegame_blunder();
    let report = analyze(&record, &options(None)).unwrap();
    assert_eq!(report.decisions.len(), 1, "{report:#?}");
    let d = &report.decisions[0];
    assert_eq!(
        (d.index, d.seat, d.forced, d.agrees),
        (0, Seat(0), false, false)
    );
    assert_eq!(d.taken.len(), 3);
    assert_eq!(d.mark, Some(Mark::Mistake), "hand {hand:?}: {d:#?}");
    let (taken, preferred) = (d.taken_estimate.unwrap(), d.preferred_estimate.unwrap());
    assert!(
        taken.cards_left.unwrap() > preferred.cards_left.unwrap() + 6.0,
        "{d:#?}"
    );
    assert!(taken.rank.is_none());
    let s = &report.seats[0];
    assert_eq!((s.decisions, s.mistakes, s.agreed), (1, 1, 0));
    assert_eq!(report.series[0].index, vec![0]);
    assert_eq!(
        report.seats.len(),
        2,
        "both seats are summarised, seat 1 without decisions"
    );
    assert_eq!(report.seats[1].decisions, 0);
}

/// A game of `G` played by search bots seeded as the analysis seeds its advisers, with events
/// shown to every bot as a live game does: the analysis must rebuild what each seat knew so
/// exactly that its adviser makes every choice the player made.
fn played_by_the_advisers<G: bots::Registered>(
    setup: G::Setup,
    make: impl Fn(u64) -> Box<dyn engine::Bot<G>>,
) -> Record<G> {
    let mut state = G::new(setup.clone()).unwrap();
    let mut seats: Vec<_> = (0..state.seats())
        .map(|s| make(analysis::adviser_seed(7, Seat(s as u8))))
        .collect();
    let played = bots::play(&mut state, &mut seats, &PlayOptions::FULL, |_, _, _, _| {}).unwrap();
    Record::new(setup, played.actions)
}

#[test]
fn thegame_the_search_bots_own_moves_agree() {
    let record = played_by_the_advisers::<thegame::State>(thegame::Setup::seeded(3, 5), |seed| {
        Box::new(bots::thegame::Search::new(seed))
    });
    let report = analyze(&record, &options(None)).unwrap();
    for s in &report.seats {
        assert!(s.decisions >= 10, "{s:?}");
        assert_eq!(
            (s.agreed, s.inaccuracies, s.mistakes),
            (s.decisions, 0, 0),
            "{s:?}"
        );
    }
    for d in &report.decisions {
        assert_eq!((d.win_drop, d.secondary_drop, d.mark), (0.0, 0.0, None));
    }
    // A search bot seeded otherwise plays much as the adviser would: alone, where it has the
    // most playouts, it makes no mistake.
    let solo = self_play::<thegame::State>(thegame::Setup::seeded(1, 5), "search", 1);
    let report = analyze(&solo, &options(None)).unwrap();
    let s = &report.seats[0];
    assert!(s.agreement >= 0.5 && s.mistakes == 0, "{s:?}");
}

#[test]
fn powergrid_the_search_bots_own_moves_agree() {
    let mut record = played_by_the_advisers::<powergrid::State>(
        powergrid::Setup::new(3, powergrid::MapId::Germany, 6),
        |seed| {
            Box::new(bots::powergrid::SearchBot::new(
                seed,
                bots::powergrid::Budget::Iterations(64),
                1,
            ))
        },
    );
    // The first 60 actions: the agreement is exact at every one, and the test stays fast.
    record.actions.truncate(60);
    let o = Options {
        budget: Budget::Samples(4),
        ..options(None)
    };
    let report = analyze(&record, &o).unwrap();
    for s in &report.seats {
        assert!(s.decisions >= 5, "{s:?}");
        assert_eq!(s.agreed, s.decisions, "{s:?}");
    }
}

#[test]
fn powergrid_spending_everything_on_the_first_plant_is_marked() {
    let setup = powergrid::Setup::new(3, powergrid::MapId::Germany, 4);
    let state = powergrid::State::new(setup.clone()).unwrap();
    let first = state.actor().seat().unwrap();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    // The highest opening bid on the cheapest plant: all the seat's money.
    let blunder = legal
        .iter()
        .filter(|a| matches!(a, powergrid::Action::StartAuction { .. }))
        .max_by_key(|a| match a {
            powergrid::Action::StartAuction { plant, bid } => (*bid, std::cmp::Reverse(plant.0)),
            _ => (0, std::cmp::Reverse(0)),
        })
        .copied()
        .unwrap();
    let record = Record::<powergrid::State>::new(setup, [(first, blunder)]);
    let report = analyze(&record, &options(Some(first.0))).unwrap();
    assert_eq!(report.decisions.len(), 1);
    let d = &report.decisions[0];
    assert!(!d.agrees, "{d:#?}");
    assert!(d.mark.is_some(), "{blunder}: {d:#?}");
    let (taken, preferred) = (d.taken_estimate.unwrap(), d.preferred_estimate.unwrap());
    assert!(taken.rank.unwrap() > preferred.rank.unwrap(), "{d:#?}");
    assert!(taken.cards_left.is_none());
}

#[test]
fn reports_are_deterministic_and_round_trip_through_json() {
    let (record, _) = thegame_blunder();
    let a = analyze(&record, &options(None)).unwrap();
    let b = analyze(&record, &options(None)).unwrap();
    assert_eq!(a, b);
    let json = serde_json::to_string(&a).unwrap();
    let back: Report = serde_json::from_str(&json).unwrap();
    assert_eq!(back, a);
    // The documented shape (docs/analysis.md).
    let v: serde_json::Value = serde_json::from_str(&json).unwrap();
    for key in [
        "game",
        "players",
        "seed",
        "samples",
        "adviser",
        "secondary",
        "thresholds",
        "outcome",
        "seats",
        "decisions",
        "series",
    ] {
        assert!(v.get(key).is_some(), "{key} missing from {v}");
    }
    assert_eq!(v["game"], "thegame");
    assert_eq!(v["secondary"], "cards_left");
    assert_eq!(v["decisions"][0]["mark"], "mistake");
    assert_eq!(v["decisions"][0]["taken"][2], "end");
    // Each decision's actions also as the JSON a client sends, the record's own form.
    let actions = serde_json::to_value(&record).unwrap()["actions"].clone();
    for (i, taken) in v["decisions"][0]["taken_actions"]
        .as_array()
        .unwrap()
        .iter()
        .enumerate()
    {
        assert_eq!(taken, &actions[i]["action"], "{v}");
    }
    assert_eq!(
        v["decisions"][0]["taken_actions"][2],
        serde_json::json!({"type": "end_turn"})
    );
    let preferred = v["decisions"][0]["preferred_actions"].as_array().unwrap();
    assert_eq!(
        preferred.len(),
        v["decisions"][0]["preferred"].as_array().unwrap().len()
    );
    assert_eq!(preferred[0]["type"], "play");
    // The record read from its JSON gives the same report.
    let from_json = analyze_json(serde_json::to_value(&record).unwrap(), &options(None)).unwrap();
    assert_eq!(from_json, a);
}

#[test]
fn bad_input_gets_a_specific_error() {
    let (record, _) = thegame_blunder();
    let value = serde_json::to_value(&record).unwrap();
    let err = |v: serde_json::Value, o: Options| analyze_json(v, &o).unwrap_err();
    assert_eq!(
        err(value.clone(), options(Some(2))),
        AnalysisError::NoSuchSeat { seat: 2, seats: 2 }
    );
    assert_eq!(
        err(value.clone(), options(Some(2))).to_string(),
        "no seat 2: the game has seats 0 to 1"
    );
    let zero = Options {
        budget: Budget::Samples(0),
        ..options(None)
    };
    assert_eq!(err(value.clone(), zero), AnalysisError::NoSamples);
    assert_eq!(
        err(serde_json::json!([1]), options(None)),
        AnalysisError::NotARecord
    );
    let mut running = value.clone();
    running["complete"] = false.into();
    assert_eq!(err(running, options(None)), AnalysisError::Running);
    let mut chess = value.clone();
    chess["game"] = "chess".into();
    assert_eq!(
        err(chess, options(None)).to_string(),
        "unknown game \"chess\": known games are powergrid and thegame"
    );
    let mut illegal = value.clone();
    illegal["actions"][1]["action"] = serde_json::json!("play 2 up2");
    let e = err(illegal, options(None));
    assert!(
        matches!(
            e,
            AnalysisError::Replay(ReplayError::Illegal { index: 1, .. })
        ),
        "{e}"
    );
    let mut broken = value;
    broken["setup"]["players"] = 9.into();
    assert!(matches!(
        err(broken, options(None)),
        AnalysisError::Setup(_)
    ));
    assert_eq!("standard".parse(), Ok(Budget::Standard));
    assert_eq!("12".parse(), Ok(Budget::Samples(12)));
    assert!("0".parse::<Budget>().is_err());
    assert!("lots"
        .parse::<Budget>()
        .unwrap_err()
        .to_string()
        .contains("\"lots\""));
}

/// The Game: `record` with every card seat `seat` never saw (never in its hand, never played)
/// moved among the places it could be (other hands, the draw pile), and no outcome (the game
/// may now end otherwise after the last action).
fn thegame_hidden_permuted(record: &Record<thegame::State>, seat: Seat) -> Record<thegame::State> {
    let mut state = thegame::State::new(record.setup.clone()).unwrap();
    let deal = Deal {
        hands: (0..state.players())
            .map(|s| state.hand(Seat(s)).iter().map(|c| c.get()).collect())
            .collect(),
        draw_pile: state.draw_pile().to_vec(),
    };
    let mut seen = std::collections::HashSet::new();
    seen.extend(deal.hands[seat.index()].iter().copied());
    record
        .play_on(&mut state, |_, s, _, action, _| {
            if let Action::Play { card, .. } = action {
                seen.insert(card.get());
            }
            seen.extend(s.hand(seat).iter().map(|c| c.get()));
        })
        .unwrap();
    let mut deal = deal;
    let mut slots: Vec<&mut u8> = Vec::new();
    for (s, hand) in deal.hands.iter_mut().enumerate() {
        if s != seat.index() {
            slots.extend(hand.iter_mut().filter(|c| !seen.contains(c)));
        }
    }
    slots.extend(deal.draw_pile.iter_mut().filter(|c| !seen.contains(c)));
    let mut cards: Vec<u8> = slots.iter().map(|c| **c).collect();
    assert!(cards.len() >= 4, "something stays hidden");
    cards.reverse();
    cards.rotate_left(3);
    for (slot, card) in slots.into_iter().zip(cards) {
        *slot = card;
    }
    let mut setup = record.setup.clone();
    setup.deal = Some(deal);
    setup.seed ^= 0xABCD;
    let mut permuted = record.clone();
    permuted.setup = setup;
    permuted.outcome = None;
    permuted
}

/// Checks that `seat` sees the same views and events along `a` and `b`, and that they differ.
fn same_observations<G: Game + std::fmt::Debug>(a: &Record<G>, b: &Record<G>, seat: Seat) {
    let trace = |r: &Record<G>| {
        let mut state = G::new(r.setup.clone()).unwrap();
        let mut seen = Vec::new();
        let mut full = Vec::new();
        for (i, step) in r.actions.iter().enumerate() {
            let engine::Step::Taken {
                seat: Some(s),
                action,
            } = step
            else {
                panic!("step {i}");
            };
            seen.push(serde_json::to_string(&state.view(Viewer::Seat(seat))).unwrap());
            full.push(format!("{state:?}"));
            for e in state.apply_as(*s, action).unwrap() {
                if let Some(e) = G::redact(&e, Viewer::Seat(seat)) {
                    seen.push(e.to_string());
                }
            }
        }
        (seen, full)
    };
    let (ta, tb) = (trace(a), trace(b));
    assert!(ta.0 == tb.0, "{seat} sees the same game");
    assert!(ta.1 != tb.1, "the hidden information differs");
}

#[test]
fn thegame_analysis_of_a_seat_ignores_what_it_could_not_see() {
    let record = self_play::<thegame::State>(thegame::Setup::seeded(3, 8), "heuristic", 2);
    for seat in [Seat(0), Seat(2)] {
        let permuted = thegame_hidden_permuted(&record, seat);
        same_observations(&record, &permuted, seat);
        let o = options(Some(seat.0));
        let (a, b) = (
            analyze(&record, &o).unwrap(),
            analyze(&permuted, &o).unwrap(),
        );
        assert!(a.decisions.len() >= 5);
        assert_eq!(a.decisions, b.decisions, "{seat}");
        assert_eq!(a.seats, b.seats);
        assert_eq!(a.series, b.series);
    }
}

/// Power Grid: `record` with the plants never drawn moved among the deck places nobody saw
/// (the undrawn part of the deck, and the plants removed face down at setup), and another seed.
fn powergrid_hidden_permuted(record: &Record<powergrid::State>) -> Record<powergrid::State> {
    let mut state = powergrid::State::new(record.setup.clone()).unwrap();
    let mut drawn = std::collections::HashSet::new();
    record
        .play_on(&mut state, |_, _, _, _, events| {
            for e in events {
                if let powergrid::Event::PlantDrawn { plant, .. } = e {
                    drawn.insert(*plant);
                }
            }
        })
        .unwrap();
    let mut setup = record.setup.clone();
    let deck = setup
        .deck
        .as_mut()
        .expect("a simulation record lists its deck");
    // Plant 13 stays on top, as the setup rules require.
    let hidden: Vec<usize> = (0..deck.len())
        .filter(|&i| !drawn.contains(&deck[i]) && deck[i].0 != 13)
        .collect();
    assert!(hidden.len() >= 3, "some of the deck stays hidden");
    let mut plants: Vec<powergrid::PlantId> = hidden.iter().map(|&i| deck[i]).collect();
    plants.rotate_left(1);
    // One of them swapped for a plant removed face down at setup (never seen either).
    let removed = (11..=50)
        .map(powergrid::PlantId)
        .find(|p| !deck.contains(p))
        .expect("3 players remove plants at setup");
    plants[0] = removed;
    for (k, &i) in hidden.iter().enumerate() {
        deck[i] = plants[k];
    }
    setup.seed ^= 0xABCD;
    let mut permuted = record.clone();
    permuted.setup = setup;
    permuted.outcome = None;
    permuted
}

/// A three-player game of Germany (seed 3) between heuristics, its deck written out as
/// `tabletop sim --log` writes it (`play_game` does).
fn powergrid_heuristics_game() -> Record<powergrid::State> {
    let setup = powergrid::Setup::new(3, powergrid::MapId::Germany, 3);
    let mut seats: Vec<_> = (0..3)
        .map(|s| {
            bots::find::<powergrid::State>("heuristic")
                .unwrap()
                .build(s)
        })
        .collect();
    let game = bots::powergrid::play_game(setup, &mut seats).unwrap();
    Record::new(game.setup, game.actions)
}

#[test]
fn powergrid_analysis_of_a_seat_ignores_what_it_could_not_see() {
    let mut record = powergrid_heuristics_game();
    // The first 40 actions: enough decisions, and the test stays fast.
    record.actions.truncate(40);
    record.outcome = None;
    let permuted = powergrid_hidden_permuted(&record);
    let seat = Seat(1);
    same_observations(&record, &permuted, seat);
    let o = Options {
        budget: Budget::Samples(8),
        ..options(Some(seat.0))
    };
    let (a, b) = (
        analyze(&record, &o).unwrap(),
        analyze(&permuted, &o).unwrap(),
    );
    assert!(a.seats[0].decisions >= 3, "{:?}", a.seats);
    assert_eq!(a.decisions, b.decisions);
    assert_eq!(a.seats, b.seats);
}

/// The first `len` actions of `record`, as the record of a game still being played.
fn cut<G: Game>(record: &Record<G>, len: usize) -> Record<G> {
    let mut cut = record.clone();
    cut.actions.truncate(len);
    cut.outcome = None;
    cut
}

/// Who acts after the first `len` actions of `record`.
fn actor_after<G: Game>(record: &Record<G>, len: usize) -> engine::Actor {
    let mut state = G::new(record.setup.clone()).unwrap();
    cut(record, len)
        .play_on(&mut state, |_, _, _, _, _| {})
        .unwrap();
    state.actor()
}

#[test]
fn thegame_a_hint_ignores_what_the_seat_could_not_see() {
    let record = self_play::<thegame::State>(thegame::Setup::seeded(3, 8), "heuristic", 2);
    let mut checked = 0;
    // Turn starts and the middle of turns, for every seat.
    for len in (4..record.actions.len()).step_by(9).take(8) {
        let engine::Actor::Seat(seat) = actor_after(&record, len) else {
            continue;
        };
        let played = cut(&record, len);
        let permuted = thegame_hidden_permuted(&played, seat);
        same_observations(&played, &permuted, seat);
        let hint = advise(&played, seat, 7).unwrap();
        assert_eq!(advise(&permuted, seat, 7).unwrap(), hint, "{seat} at {len}");
        let mut state = thegame::State::new(played.setup.clone()).unwrap();
        played.play_on(&mut state, |_, _, _, _, _| {}).unwrap();
        assert!(state.is_legal(&hint), "{hint} at {len}");
        checked += 1;
    }
    assert!(checked >= 5);
}

#[test]
fn powergrid_a_hint_ignores_what_the_seat_could_not_see() {
    let record = powergrid_heuristics_game();
    let mut checked = 0;
    for len in [12, 25, 40] {
        let engine::Actor::Seat(seat) = actor_after(&record, len) else {
            continue;
        };
        let played = cut(&record, len);
        let permuted = powergrid_hidden_permuted(&played);
        same_observations(&played, &permuted, seat);
        let hint = advise(&played, seat, 7).unwrap();
        assert_eq!(advise(&permuted, seat, 7).unwrap(), hint, "{seat} at {len}");
        checked += 1;
    }
    assert_eq!(checked, 3);
}

#[test]
fn a_hint_is_refused_a_seat_without_a_decision() {
    let record = self_play::<thegame::State>(thegame::Setup::seeded(2, 8), "heuristic", 2);
    let engine::Actor::Seat(seat) = actor_after(&record, 5) else {
        panic!("the game is not over after 5 actions");
    };
    let other = Seat(1 - seat.0);
    let e = advise(&cut(&record, 5), other, 7).unwrap_err();
    assert_eq!(
        e,
        AnalysisError::NoDecision {
            seat: other,
            actor: format!("{seat} is playing")
        }
    );
    let over = advise(&record, seat, 7).unwrap_err();
    assert!(
        matches!(&over, AnalysisError::NoDecision { actor, .. } if actor == "the game is over"),
        "{over}"
    );
    assert_eq!(
        advise(&cut(&record, 5), Seat(5), 7).unwrap_err(),
        AnalysisError::NoSuchSeat { seat: 5, seats: 2 }
    );
    // From JSON: the action as a client sends it, and its text form.
    let hint = advise_json(serde_json::to_value(cut(&record, 5)).unwrap(), seat, 7).unwrap();
    let action = advise(&cut(&record, 5), seat, 7).unwrap();
    assert_eq!(hint.action, serde_json::to_value(action).unwrap());
    assert_eq!(hint.text, action.to_string());
}
