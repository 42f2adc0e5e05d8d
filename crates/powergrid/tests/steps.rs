//! Step 2, Step 3 (drawn in phase 2, 4 or 5), refills, small-plant removal and the empty deck,
//! checked on the moments they happen in seeded random games (each test asserts it found them).

mod common;

use common::{random_game, random_game_with, setup, Policy};
use powergrid::resources::{player_count_rules, refill};
use powergrid::{ByResource, Event, MapId, PhaseKind, RemovalReason, Resource, State};

/// The supply just before this action's refill: the supply after, plus what was added, less
/// nothing else (burning happens before the refill and is already in `after`).
fn refill_matches(players: u8, step: u8, events: &[Event], after: &State) -> Option<bool> {
    let added = events.iter().find_map(|e| match e {
        Event::Resupplied { added } => Some(*added),
        _ => None,
    })?;
    let want = refill(players, step);
    let supply_before = ByResource::from_fn(|r| after.supply()[r] + added[r]);
    Some(Resource::ALL.into_iter().all(|r| {
        added[r] == want[r].min(supply_before[r])
            // Tokens returned after the refill in the same action (none today) would break this.
            && supply_before[r] >= added[r]
    }))
}

fn step2_trigger(players: u8) {
    let threshold = player_count_rules(players).unwrap().step2_cities;
    let (mut seen, mut exact) = (0, 0);
    for seed in 0..60 {
        for map in MapId::ALL {
            let s = setup(players, map, seed);
            random_game_with(s, Policy::Builder, |before, _a, events, after| {
                let Some(i) = events
                    .iter()
                    .position(|e| *e == Event::StepStarted { step: 2 })
                else {
                    return;
                };
                seen += 1;
                assert_eq!(before.phase(), PhaseKind::Building);
                assert_eq!(after.phase(), PhaseKind::Bureaucracy);
                assert_eq!(before.step(), 1);
                assert!(before.most_cities() >= threshold);
                if before.most_cities() == threshold {
                    exact += 1;
                }
                assert!(matches!(
                    events[i + 1],
                    Event::PlantRemoved {
                        reason: RemovalReason::Step2,
                        ..
                    }
                ));
            });
        }
    }
    assert!(seen > 50, "Step 2 began in only {seen} games");
    assert!(exact > 0, "no game reached exactly {threshold} cities");
}

#[test]
fn step2_begins_after_phase_4_at_10_cities_with_2_players() {
    step2_trigger(2);
}

#[test]
fn step2_begins_after_phase_4_at_7_cities_with_3_players() {
    step2_trigger(3);
}

#[test]
fn step2_begins_after_phase_4_at_7_cities_with_4_players() {
    step2_trigger(4);
}

#[test]
fn step2_begins_after_phase_4_at_7_cities_with_5_players() {
    step2_trigger(5);
}

#[test]
fn step2_begins_after_phase_4_at_6_cities_with_6_players() {
    step2_trigger(6);
}

/// Plays a seeded 5-player game to its first phase 5, then (through the state's JSON form, which
/// is validated on reading) moves it to Step 2 with a well-stocked supply: the refill must add
/// exactly 7 coal, 5 oil, 3 garbage and 3 uranium.
#[test]
fn five_player_step2_refill_is_7_5_3_3() {
    let mut g = State::new(setup(5, MapId::Germany, 3)).unwrap();
    let mut player = common::RandomPlayer::new(3);
    while g.phase() != PhaseKind::Bureaucracy {
        let a = player.choose(&g);
        g.apply(&a).unwrap();
    }
    let mut json = serde_json::to_value(&g).unwrap();
    json["step"] = 2.into();
    let market = g.resource_market();
    for r in Resource::ALL {
        let keep = market[r].min(4);
        json["resource_market"][r.as_str()] = keep.into();
        json["supply"][r.as_str()] = (g.supply()[r] + market[r] - keep).into();
    }
    let mut g: State = serde_json::from_value(json).expect("a valid edited state");
    assert_eq!(g.step(), 2);
    let before = g.resource_market();
    let mut events = Vec::new();
    while g.phase() == PhaseKind::Bureaucracy {
        events.extend(g.apply(&"power none".parse().unwrap()).unwrap());
    }
    let added = events
        .iter()
        .find_map(|e| match e {
            Event::Resupplied { added } => Some(*added),
            _ => None,
        })
        .unwrap();
    assert_eq!(
        (added.coal, added.oil, added.garbage, added.uranium),
        (7, 5, 3, 3)
    );
    let after = g.resource_market();
    assert_eq!(after.coal, before.coal + 7);
    assert_eq!(after.uranium, before.uranium + 3);
    g.check_invariants().unwrap();
}

#[test]
fn step2_refills_in_random_games_follow_the_table_capped_by_the_supply() {
    let mut seen = 0;
    for seed in 0..40 {
        let s = setup(5, MapId::Germany, seed);
        random_game_with(s, Policy::Builder, |before, _a, events, after| {
            if before.phase() == PhaseKind::Bureaucracy && before.step() == 2 {
                if let Some(ok) = refill_matches(5, 2, events, after) {
                    assert!(ok, "Step 2 refill for 5 players");
                    seen += 1;
                }
            }
        });
    }
    assert!(seen > 10, "only {seen} Step 2 refills");
}

#[test]
fn every_refill_follows_the_table_capped_by_the_supply() {
    for players in 2..=6 {
        for seed in 0..20 {
            random_game(
                setup(players, MapId::Usa, seed),
                |before, _a, events, after| {
                    if before.phase() == PhaseKind::Bureaucracy {
                        if let Some(ok) = refill_matches(players, before.step(), events, after) {
                            assert!(ok, "{players}p step {} refill", before.step());
                        }
                    }
                },
            );
        }
    }
}

#[derive(Default)]
struct Step3Seen {
    phase2: usize,
    phase4: usize,
    phase5: usize,
}

/// Follows every game through the Step 3 card, whichever phase draws it.
fn check_step3(players: u8, map: MapId, seed: u64, seen: &mut Step3Seen) {
    // The phase the card was drawn in, until Step 3 begins.
    let mut drawn_in: Option<PhaseKind> = None;
    let policy = if seed & 1 == 0 {
        Policy::Uniform
    } else {
        Policy::Builder
    };
    random_game_with(
        setup(players, map, seed),
        policy,
        |before, _a, events, after| {
            let drawn = events.iter().position(|e| *e == Event::Step3CardDrawn);
            let started = events
                .iter()
                .position(|e| *e == Event::StepStarted { step: 3 });
            if let Some(i) = drawn {
                assert!(drawn_in.is_none());
                assert!(matches!(events[i + 1], Event::DeckShuffled { .. }));
                drawn_in = Some(before.phase());
                match before.phase() {
                    PhaseKind::Auction => {
                        seen.phase2 += 1;
                        if after.phase() == PhaseKind::Auction {
                            // Carries on under the old step; the card ends the future market.
                            assert!(after.step3_card_in_market());
                            assert!(after.step() < 3);
                            assert_eq!(after.current_market().len(), 4);
                            assert!(started.is_none());
                        }
                    }
                    PhaseKind::Building => {
                        seen.phase4 += 1;
                        // At once: card and lowest plant out, no replacement.
                        assert_eq!(events[i + 2], Event::Step3CardRemoved);
                        assert!(matches!(
                            events[i + 3],
                            Event::PlantRemoved {
                                reason: RemovalReason::Step3,
                                ..
                            }
                        ));
                        assert!(!after.step3_card_in_market());
                        if after.phase() == PhaseKind::Building {
                            assert!(after.step() < 3, "Step 3 waits for phase 5");
                            assert!(started.is_none());
                        }
                    }
                    PhaseKind::Bureaucracy => {
                        seen.phase5 += 1;
                        let refilled = events
                            .iter()
                            .position(|e| matches!(e, Event::Resupplied { .. }))
                            .unwrap();
                        assert!(refilled < i, "the refill came before the draw");
                        assert_eq!(
                            refill_matches(players, before.step(), events, after),
                            Some(true),
                            "this round's refill used the old step"
                        );
                        assert_eq!(events[i + 2], Event::Step3CardRemoved);
                        let round = events
                            .iter()
                            .position(|e| matches!(e, Event::RoundStarted { .. }))
                            .unwrap();
                        assert!(
                            started.unwrap() > round,
                            "Step 3 begins with the next round"
                        );
                    }
                    other => panic!("Step 3 card drawn in {other}"),
                }
            }
            if let Some(j) = started {
                let phase = drawn_in.take().expect("Step 3 began without the card");
                assert_eq!(after.step(), 3);
                assert!(!after.step3_card_in_market());
                match phase {
                    PhaseKind::Auction => {
                        assert_eq!(after.phase(), PhaseKind::Resources);
                        assert!(events[..j].contains(&Event::Step3CardRemoved));
                    }
                    PhaseKind::Building => {
                        assert_eq!(before.phase(), PhaseKind::Building);
                        assert_eq!(after.phase(), PhaseKind::Bureaucracy);
                    }
                    _ => {}
                }
                if after.deck_size() > 0 {
                    assert_eq!(after.market().len(), 6);
                }
                assert_eq!(after.current_market().len(), after.market().len());
            }
            if after.step() == 3 && before.step() == 3 && before.phase() == PhaseKind::Bureaucracy {
                if let Some(ok) = refill_matches(players, 3, events, after) {
                    assert!(ok, "Step 3 refill");
                    // Phase 5 of Step 3 removes the lowest plant.
                    assert!(
                        events.iter().any(|e| matches!(
                            e,
                            Event::PlantRemoved {
                                reason: RemovalReason::Bureaucracy,
                                ..
                            }
                        )) || before.market().is_empty()
                    );
                }
            }
            if before.phase() == PhaseKind::Building && after.phase() == PhaseKind::Bureaucracy {
                // Houses per city follow the step (checked by the invariants); the step after a
                // phase 4 in which the card was drawn is 3.
                if drawn_in == Some(PhaseKind::Building) {
                    panic!("Step 3 did not begin at the end of phase 4");
                }
            }
        },
    );
}

fn step3_scan() -> Step3Seen {
    let mut seen = Step3Seen::default();
    for players in 2..=6 {
        for map in MapId::ALL {
            for seed in 0..60 {
                check_step3(players, map, seed, &mut seen);
            }
        }
    }
    seen
}

#[test]
fn step3_card_drawn_in_phase_2_waits_in_the_market_and_step_3_begins_with_phase_3() {
    let seen = step3_scan();
    assert!(seen.phase2 > 0, "card never drawn in phase 2");
}

#[test]
fn step3_card_drawn_in_phase_4_leaves_at_once_and_step_3_begins_with_phase_5() {
    let seen = step3_scan();
    assert!(seen.phase4 > 0, "card never drawn in phase 4");
}

#[test]
fn step3_card_drawn_in_phase_5_leaves_at_once_and_step_3_begins_next_round() {
    let seen = step3_scan();
    assert!(seen.phase5 > 0, "card never drawn in phase 5");
}

#[test]
fn small_plants_leave_the_market_right_after_a_house_is_built() {
    let mut seen = 0;
    for seed in 0..100 {
        let s = setup(4, MapId::Germany, seed);
        random_game_with(s, Policy::Builder, |_before, a, events, after| {
            if !matches!(a, powergrid::Action::Build { .. }) {
                return;
            }
            for (i, e) in events.iter().enumerate() {
                if let Event::PlantRemoved {
                    plant,
                    reason: RemovalReason::SmallPlant { cities },
                } = e
                {
                    seen += 1;
                    assert!(plant.0 <= *cities);
                    assert!(matches!(
                        events.get(i + 1),
                        Some(Event::PlantDrawn { .. } | Event::Step3CardDrawn) | None
                    ));
                }
            }
            let most = after.most_cities();
            assert!(after.market().iter().all(|p| p.0 > most));
        });
    }
    assert!(seen > 20, "only {seen} small plants removed");
}

#[test]
fn an_empty_deck_shrinks_the_market_and_the_game_goes_on() {
    let mut emptied = 0;
    for seed in 0..200 {
        let fin = random_game(
            setup(2, MapId::Germany, seed),
            |before, _a, events, after| {
                if before.deck_size() == 0 {
                    assert!(after.market().len() <= before.market().len());
                    assert!(!events.iter().any(|e| matches!(e, Event::PlantDrawn { .. })));
                }
            },
        );
        if fin.deck_size() == 0 {
            emptied += 1;
        }
    }
    assert!(emptied > 0, "no game emptied the deck");
}

#[test]
fn a_fixed_step3_order_decides_the_draws_after_the_shuffle() {
    use powergrid::{PlantId, Setup};
    let descending: Vec<PlantId> = powergrid::plants::PLANTS
        .iter()
        .rev()
        .map(|p| PlantId(p.number))
        .collect();
    let mut checked = 0;
    for seed in 0..20 {
        let s = Setup {
            step3_deck: Some(descending.clone()),
            ..setup(4, MapId::Germany, seed)
        };
        let mut shuffled = false;
        let mut drawn_after: Vec<u8> = Vec::new();
        random_game(s, |_b, _a, events, _after| {
            for e in events {
                match e {
                    Event::DeckShuffled { .. } => shuffled = true,
                    Event::PlantDrawn { plant } if shuffled => drawn_after.push(plant.0),
                    _ => {}
                }
            }
        });
        if drawn_after.len() >= 2 {
            checked += 1;
            assert!(
                drawn_after.windows(2).all(|w| w[0] > w[1]),
                "seed {seed}: {drawn_after:?}"
            );
        }
    }
    assert!(checked > 5, "only {checked} games drew after the shuffle");
}

#[test]
fn second_and_third_houses_cost_15_and_20_from_step_2_and_3() {
    let (mut fifteen, mut twenty) = (0, 0);
    for seed in 0..40 {
        let s = setup(5, MapId::Usa, seed);
        random_game_with(s, Policy::Builder, |before, _a, events, _after| {
            for e in events {
                if let Event::Built { city, place, .. } = e {
                    let there = before.houses_in(*city);
                    assert!(there < before.step(), "a city over the step's limit");
                    assert_eq!(*place, [10, 15, 20][there as usize]);
                    match there {
                        1 => fifteen += 1,
                        2 => twenty += 1,
                        _ => {}
                    }
                }
            }
        });
    }
    assert!(fifteen > 20, "only {fifteen} second houses");
    assert!(twenty > 0, "no third house");
}
