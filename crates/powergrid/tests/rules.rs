//! The rules file's worked examples and the rules around them, as named tests played through the
//! public API from fixed setups.

mod common;

use common::{script, S0, S1, S2};
use powergrid::{
    Action, Actor, CityId, Event, MapId, PhaseKind, PlantId, Region, RemovalReason, Resource,
    RuleError, Seat, Setup, SetupProblem, State,
};

fn city(key: &str) -> CityId {
    CityId::from_key(key).unwrap()
}

fn legal(state: &State) -> Vec<Action> {
    let mut v = Vec::new();
    state.legal_actions(&mut v);
    v
}

/// 3 players on Germany (green, brown, yellow), round 1 turn order 0, 1, 2.
fn three_player_setup() -> Setup {
    Setup {
        regions: Some(vec![Region::Green, Region::Brown, Region::Yellow]),
        turn_order: Some(vec![S0, S1, S2]),
        ..Setup::new(3, MapId::Germany, 11)
    }
}

/// Ends the current phase 3, 4 or 5 with every remaining player doing nothing.
fn idle_until(state: &mut State, phase: PhaseKind) {
    while state.phase() != phase {
        let a = match state.phase() {
            PhaseKind::Resources | PhaseKind::Building => "done",
            PhaseKind::Bureaucracy => "power none",
            PhaseKind::Auction => "pass",
            PhaseKind::GameOver => panic!("game over"),
        };
        script(state, &[a]);
    }
}

/// Round 2, phase 4 of a 3-player game: seat 0 has Fulda, seat 1 Erfurt and Halle, seat 2
/// Würzburg; seat 0 is about to build.
fn building_position() -> State {
    let mut g = State::new(three_player_setup()).unwrap();
    // Round 1: seat 0 buys 3, seat 1 buys 4, seat 2 is alone and buys 5 at once.
    script(
        &mut g,
        &[
            "auction 3 3",
            "pass",
            "pass",
            "auction 4 4",
            "pass",
            "auction 5 5",
        ],
    );
    // Turn order redetermined by highest plant: 2, 1, 0.
    assert_eq!(g.turn_order(), &[S2, S1, S0]);
    idle_until(&mut g, PhaseKind::Building);
    // Building in reverse order: 0, 1, 2.
    assert_eq!(g.actor(), Actor::Seat(S0));
    script(&mut g, &["build fulda", "done"]);
    let ev = script(&mut g, &["build erfurt", "build halle", "done"]);
    assert!(ev.contains(&Event::Built {
        seat: S1,
        city: city("halle"),
        connection: 6,
        place: 10
    }));
    script(&mut g, &["build wuerzburg", "done"]);
    idle_until(&mut g, PhaseKind::Auction);
    // Round 2: seat 1 (2 cities) first, then 2 (plant 5) and 0.
    assert_eq!(g.turn_order(), &[S1, S2, S0]);
    idle_until(&mut g, PhaseKind::Building);
    assert_eq!(g.actor(), Actor::Seat(S0));
    g
}

#[test]
fn fulda_to_berlin_costs_46_through_full_erfurt_and_halle_in_step_1() {
    let mut g = building_position();
    assert_eq!(g.build_cost(S0, city("berlin")), Ok((36, 10)));
    let (cost, path) = g.connection(S0, city("berlin")).unwrap();
    assert_eq!(cost, 36);
    assert_eq!(
        path,
        vec![city("fulda"), city("erfurt"), city("halle"), city("berlin")]
    );
    let ev = script(&mut g, &["build berlin"]);
    assert_eq!(
        ev[0].to_string(),
        "Red connects Berlin for 46 Elektro (36 connection + 10 city)"
    );
}

#[test]
fn wuerzburg_to_nuernberg_costs_18_in_step_1() {
    let mut g = building_position();
    script(&mut g, &["done"]);
    assert_eq!(g.actor(), Actor::Seat(S2));
    // Step 1: a city holds one house.
    assert!(matches!(
        g.apply(&"build erfurt".parse().unwrap()),
        Err(RuleError::CityFull { limit: 1, .. })
    ));
    assert_eq!(g.build_cost(S2, city("nuernberg")), Ok((8, 10)));
    let ev = script(&mut g, &["build nuernberg"]);
    assert_eq!(
        ev[0],
        Event::Built {
            seat: S2,
            city: city("nuernberg"),
            connection: 8,
            place: 10
        }
    );
    assert_eq!(
        ev[0].to_string(),
        "Green connects Nürnberg for 18 Elektro (8 connection + 10 city)"
    );
}

/// The 26-card 3-player deck used by the auction example: 13, 12, then 30.. in order.
fn auction_example_deck() -> Vec<PlantId> {
    let mut deck: Vec<u8> = vec![13, 12];
    deck.extend(30..=40);
    deck.extend([11, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25]);
    deck.into_iter().map(PlantId).collect()
}

#[test]
fn auction_example_of_seed_001_plant_12_opened_at_15_won_at_19_then_last_buys_at_minimum() {
    let mut g = State::new(Setup {
        deck: Some(auction_example_deck()),
        ..three_player_setup()
    })
    .unwrap();
    script(
        &mut g,
        &[
            "auction 3 3",
            "pass",
            "pass",
            "auction 4 4",
            "pass",
            "auction 5 5",
        ],
    );
    idle_until(&mut g, PhaseKind::Auction);
    // Round 2, order 2, 1, 0: seat 2 buys 6, seat 1 buys 7, seat 0 buys 8.
    assert_eq!(g.turn_order(), &[S2, S1, S0]);
    script(
        &mut g,
        &[
            "auction 6 6",
            "pass",
            "pass",
            "auction 7 7",
            "pass",
            "auction 8 8",
        ],
    );
    idle_until(&mut g, PhaseKind::Auction);
    // Round 3: order A=0, B=1, C=2; plant 12 is in the current market.
    assert_eq!(g.turn_order(), &[S0, S1, S2]);
    assert_eq!(g.current_market(), [9, 10, 12, 13].map(PlantId));
    let ev = script(
        &mut g,
        &[
            "auction 12 15", // A opens at 15
            "bid 17",        // B
            "pass",          // C drops out
            "bid 18",        // A
            "bid 19",        // B
            "pass",          // A drops out
        ],
    );
    assert!(ev.contains(&Event::PlantBought {
        seat: S1,
        plant: PlantId(12),
        price: 19
    }));
    // A, the starter, chooses again and passes; C is the only one left.
    assert_eq!(g.actor(), Actor::Seat(S0));
    script(&mut g, &["pass"]);
    assert_eq!(g.actor(), Actor::Seat(S2));
    let l = legal(&g);
    assert!(l.contains(&Action::StartAuction {
        plant: PlantId(9),
        bid: 9
    }));
    assert!(!l.contains(&Action::StartAuction {
        plant: PlantId(9),
        bid: 8
    }));
    let ev = script(&mut g, &["auction 9 9"]);
    assert_eq!(
        ev[..2],
        [
            Event::AuctionStarted {
                seat: S2,
                plant: PlantId(9),
                bid: 9
            },
            Event::PlantBought {
                seat: S2,
                plant: PlantId(9),
                price: 9
            }
        ]
    );
    assert_eq!(g.phase(), PhaseKind::Resources);
}

#[test]
fn auction_order_bidding_limits_and_round_one_obligation() {
    let mut g = State::new(three_player_setup()).unwrap();
    // Round 1: nobody may decline to choose.
    assert_eq!(g.apply(&Action::Pass), Err(RuleError::MustBuyInFirstRound));
    assert!(matches!(
        g.apply(&"auction 7 7".parse().unwrap()),
        Err(RuleError::PlantNotInCurrentMarket { .. })
    ));
    assert_eq!(
        g.apply(&"auction 4 3".parse().unwrap()),
        Err(RuleError::BidTooLow { bid: 3, min: 4 })
    );
    assert_eq!(
        g.apply(&"auction 4 51".parse().unwrap()),
        Err(RuleError::NotEnoughMoney {
            cost: 51,
            money: 50
        })
    );
    assert_eq!(
        g.apply(&"auction 11 11".parse().unwrap()),
        Err(RuleError::PlantNotInMarket { plant: PlantId(11) })
    );
    script(&mut g, &["auction 4 10"]);
    // Bidding goes round in seating order from the starter; a player may drop out in round 1.
    assert_eq!(g.actor(), Actor::Seat(S1));
    assert_eq!(
        g.apply(&"bid 10".parse().unwrap()),
        Err(RuleError::BidTooLow { bid: 10, min: 11 })
    );
    assert_eq!(
        g.apply_as(S2, &"bid 12".parse().unwrap()),
        Err(RuleError::NotYourTurn {
            seat: S2,
            actor: S1
        })
    );
    script(&mut g, &["bid 11", "pass"]);
    // Seat 2 dropped out for good: back to seat 0.
    assert_eq!(g.actor(), Actor::Seat(S0));
    let ev = script(&mut g, &["pass"]);
    assert!(ev.contains(&Event::PlantBought {
        seat: S1,
        plant: PlantId(4),
        price: 11
    }));
    // Seat 0 (the starter) chooses again; seat 1 takes no part any more.
    assert_eq!(g.actor(), Actor::Seat(S0));
    script(&mut g, &["auction 3 3"]);
    assert_eq!(g.actor(), Actor::Seat(S2));
}

#[test]
fn all_pass_removes_the_lowest_plant_from_round_two_on() {
    let mut g = State::new(three_player_setup()).unwrap();
    script(
        &mut g,
        &[
            "auction 3 3",
            "pass",
            "pass",
            "auction 4 4",
            "pass",
            "auction 5 5",
        ],
    );
    idle_until(&mut g, PhaseKind::Auction);
    let market = g.market();
    let lowest = market[0];
    let ev = script(&mut g, &["pass", "pass", "pass"]);
    assert!(ev.contains(&Event::PlantRemoved {
        plant: lowest,
        reason: RemovalReason::NoPurchase
    }));
    assert!(!g.market().contains(&lowest));
    assert_eq!(g.market().len(), 8);
    assert!(g.removed_plants().contains(lowest));
    // If anyone buys, nothing is removed.
    idle_until(&mut g, PhaseKind::Auction);
    let first = g.actor().seat().unwrap();
    let p = g.current_market()[0].0;
    let mut all = script(&mut g, &[&format!("auction {p} {p}")]);
    while g.phase() == PhaseKind::Auction {
        all.extend(script(&mut g, &["pass"]));
    }
    assert!(g.plants(first).contains(&PlantId(p)));
    assert!(!all.iter().any(|e| matches!(
        e,
        Event::PlantRemoved {
            reason: RemovalReason::NoPurchase,
            ..
        }
    )));
}

/// Two players; seat 0 ends round 2 with plants 4 and 7, two cities and only coal.
#[test]
fn bureaucracy_example_plants_4_and_7_with_only_coal_power_1_of_2_cities_for_22() {
    let mut g = State::new(Setup {
        regions: Some(vec![Region::Green, Region::Brown, Region::Yellow]),
        turn_order: Some(vec![S0, S1]),
        ..Setup::new(2, MapId::Germany, 5)
    })
    .unwrap();
    script(&mut g, &["auction 4 4", "pass", "auction 3 3"]);
    assert_eq!(g.turn_order(), &[S0, S1]);
    // Phase 3 in reverse order: seat 1, then seat 0 buys 3 coal (1+1+1).
    let ev = script(&mut g, &["done", "buy coal 3", "done"]);
    assert!(ev.contains(&Event::ResourcesBought {
        seat: S0,
        resource: Resource::Coal,
        amount: 3,
        cost: 3
    }));
    script(&mut g, &["done", "build hamburg", "build kiel", "done"]);
    script(&mut g, &["power 4", "power none"]);
    assert_eq!(g.resources(S0).coal, 1);
    // Round 2: seat 0 buys plant 7 (oil), and one more coal.
    script(&mut g, &["auction 7 7", "pass", "pass"]);
    script(&mut g, &["done", "buy coal 1", "done", "done", "done"]);
    assert_eq!(g.phase(), PhaseKind::Bureaucracy);
    assert_eq!(g.actor(), Actor::Seat(S0));
    assert_eq!(g.plants(S0), &[PlantId(4), PlantId(7)]);
    assert_eq!(g.city_count(S0), 2);
    let best = g.best_power(S0);
    assert_eq!(best.cities, 1);
    assert_eq!(best.plants.iter().collect::<Vec<_>>(), vec![PlantId(4)]);
    assert_eq!(
        g.apply(&"power 4+7".parse().unwrap()),
        Err(RuleError::NotEnoughFuel {
            resource: Resource::Oil,
            needed: 3,
            held: 0
        })
    );
    assert_eq!(
        legal(&g),
        vec!["power none".parse().unwrap(), "power 4".parse().unwrap()]
    );
    let money = g.money(S0);
    let ev = script(&mut g, &["power 4"]);
    assert_eq!(
        ev[0].to_string(),
        "Red runs plants 4 burning 2 coal, powers 1 city and earns 22 Elektro"
    );
    assert_eq!(g.money(S0), money + 22);
    assert_eq!(g.resources(S0).coal, 0);
}

#[test]
fn resources_cost_the_cheapest_places_and_must_fit_the_plants() {
    let mut g = State::new(three_player_setup()).unwrap();
    script(
        &mut g,
        &[
            "auction 3 3",
            "pass",
            "pass",
            "auction 4 4",
            "pass",
            "auction 5 5",
        ],
    );
    // Reverse order: seat 0 (plant 3, oil ×2: room for 4 oil).
    assert_eq!(g.actor(), Actor::Seat(S0));
    assert_eq!(g.resource_price(Resource::Oil, 4), Some(3 + 3 + 3 + 4));
    assert_eq!(
        g.apply(&"buy oil 5".parse().unwrap()),
        Err(RuleError::CannotStore {
            resource: Resource::Oil,
            wanted: 5,
            room: 4
        })
    );
    assert_eq!(
        g.apply(&"buy coal 1".parse().unwrap()),
        Err(RuleError::CannotStore {
            resource: Resource::Coal,
            wanted: 1,
            room: 0
        })
    );
    assert_eq!(
        g.apply(&"buy uranium 1".parse().unwrap()),
        Err(RuleError::CannotStore {
            resource: Resource::Uranium,
            wanted: 1,
            room: 0
        })
    );
    let ev = script(&mut g, &["buy oil 2", "buy oil 2"]);
    assert_eq!(
        ev.iter()
            .filter_map(|e| match e {
                Event::ResourcesBought { cost, .. } => Some(*cost),
                _ => None,
            })
            .collect::<Vec<_>>(),
        vec![6, 7]
    );
    assert_eq!(g.storage_room(S0).oil, 0);
    script(&mut g, &["done"]);
    // Seat 1 has plant 4 (coal ×2); seat 2 has the hybrid 5 (coal+oil up to 4).
    script(&mut g, &["done"]);
    script(&mut g, &["buy coal 3", "buy oil 1"]);
    assert_eq!(g.storage_room(S2).coal, 0);
    assert_eq!(g.storage_room(S2).oil, 0);
    assert!(matches!(
        g.apply(&"buy oil 1".parse().unwrap()),
        Err(RuleError::CannotStore { room: 0, .. })
    ));
}

#[test]
fn plant_limit_forces_a_discard_and_a_hybrid_choice_of_coal_or_oil() {
    // Seat 0 gathers 3 (oil), 4 (coal), 5 (hybrid) over three rounds, fills them with 6 coal and
    // 6 oil, then buys a fourth plant and must give up an older one.
    let mut g = State::new(three_player_setup()).unwrap();
    script(
        &mut g,
        &[
            "auction 3 3",
            "pass",
            "pass",
            "auction 6 6",
            "pass",
            "auction 7 7",
        ],
    );
    idle_until(&mut g, PhaseKind::Auction);
    while g.phase() == PhaseKind::Auction {
        let a = if g.actor() == Actor::Seat(S0) && g.high_bid().is_none() {
            "auction 4 4"
        } else {
            "pass"
        };
        script(&mut g, &[a]);
    }
    idle_until(&mut g, PhaseKind::Auction);
    while g.phase() == PhaseKind::Auction {
        let a = if g.actor() == Actor::Seat(S0) && g.high_bid().is_none() {
            "auction 5 5"
        } else {
            "pass"
        };
        script(&mut g, &[a]);
    }
    assert_eq!(g.plants(S0), &[PlantId(3), PlantId(4), PlantId(5)]);
    while g.phase() == PhaseKind::Resources {
        if g.actor() == Actor::Seat(S0) {
            script(&mut g, &["buy coal 6", "buy oil 6"]);
        }
        script(&mut g, &["done"]);
    }
    assert_eq!(g.resources(S0).coal, 6);
    assert_eq!(g.resources(S0).oil, 6);
    idle_until(&mut g, PhaseKind::Auction);
    let plant = loop {
        if g.actor() == Actor::Seat(S0) && g.high_bid().is_none() {
            let p = g.current_market().last().unwrap().0;
            script(&mut g, &[&format!("auction {p} {p}")]);
            break p;
        }
        script(&mut g, &["pass"]);
    };
    while g.high_bid().is_some() {
        script(&mut g, &["pass"]);
    }
    assert_eq!(g.actor(), Actor::Seat(S0));
    assert_eq!(g.plants(S0).len(), 4);
    assert_eq!(
        g.apply(&Action::Pass).unwrap_err().to_string(),
        "cannot pass now, in phase 2 (auction): discard one of your older plants"
    );
    assert_eq!(
        g.apply(&Action::Discard {
            plant: PlantId(plant),
            keep_coal: None
        }),
        Err(RuleError::CannotDiscardNewPlant {
            plant: PlantId(plant)
        })
    );
    // Dropping the oil plant 3 leaves 4 (coal) and 5 (hybrid): 8 coal+oil, oil at most 4.
    assert_eq!(
        g.apply(&"discard 3".parse().unwrap()),
        Err(RuleError::KeepCoalRequired {
            plant: PlantId(3),
            min: 4,
            max: 6
        })
    );
    let discards: Vec<Action> = legal(&g);
    assert!(discards.contains(&"discard 3 keep-coal 4".parse().unwrap()));
    assert!(discards.contains(&"discard 3 keep-coal 6".parse().unwrap()));
    assert!(discards.contains(&"discard 5".parse().unwrap()));
    assert!(!discards.contains(&"discard 5 keep-coal 4".parse().unwrap()));
    let supply = g.supply();
    let ev = script(&mut g, &["discard 3 keep-coal 5"]);
    assert!(ev.iter().any(|e| matches!(
        e,
        Event::PlantDiscarded { seat: S0, plant: PlantId(3), returned }
            if returned.coal == 1 && returned.oil == 3
    )));
    assert_eq!(g.resources(S0).coal, 5);
    assert_eq!(g.resources(S0).oil, 3);
    assert_eq!(g.supply().coal, supply.coal + 1);
    assert_eq!(g.supply().oil, supply.oil + 3);
    assert!(g.removed_plants().contains(PlantId(3)));
    g.check_invariants().unwrap();
}

#[test]
fn a_setup_error_names_every_bad_field() {
    let bad = Setup {
        regions: Some(vec![Region::Green, Region::Purple, Region::Green]),
        deck: Some(vec![PlantId(14), PlantId(3), PlantId(14)]),
        step3_deck: Some(vec![PlantId(41)]),
        turn_order: Some(vec![S0, S0, Seat(7)]),
        ..Setup::new(3, MapId::Germany, 1)
    };
    let err = State::new(bad).unwrap_err();
    let p = &err.problems;
    assert!(p.contains(&SetupProblem::DuplicateRegion {
        region: Region::Green
    }));
    // A region named three times is one problem, not two.
    let thrice = Setup {
        regions: Some(vec![Region::Green, Region::Green, Region::Green]),
        ..Setup::new(3, MapId::Germany, 1)
    };
    let problems = State::new(thrice).unwrap_err().problems;
    let duplicates = problems
        .iter()
        .filter(|p| matches!(p, SetupProblem::DuplicateRegion { .. }))
        .count();
    assert_eq!(duplicates, 1, "{problems:?}");
    assert!(p.contains(&SetupProblem::DeckLength {
        given: 3,
        needed: 26,
        removed: 8
    }));
    assert!(p.contains(&SetupProblem::DeckPlant { plant: PlantId(3) }));
    assert!(p.contains(&SetupProblem::DeckDuplicate { plant: PlantId(14) }));
    assert!(p.contains(&SetupProblem::DeckTop { plant: PlantId(14) }));
    assert!(p.contains(&SetupProblem::Step3DeckPlant { plant: PlantId(41) }));
    assert!(p
        .iter()
        .any(|x| matches!(x, SetupProblem::TurnOrder { .. })));
    let msg = err.to_string();
    assert!(msg.contains("regions:") && msg.contains("deck:") && msg.contains("turn_order:"));

    let disconnected = Setup {
        regions: Some(vec![Region::Green, Region::Purple, Region::Cyan]),
        ..Setup::new(2, MapId::Germany, 1)
    };
    let err = State::new(disconnected).unwrap_err();
    assert!(matches!(
        err.problems[..],
        [SetupProblem::RegionsNotConnected { .. }]
    ));
    let wrong_count = Setup {
        regions: Some(vec![Region::Green]),
        ..Setup::new(2, MapId::Usa, 1)
    };
    assert_eq!(
        State::new(wrong_count).unwrap_err().problems,
        vec![SetupProblem::RegionCount {
            given: 1,
            needed: 3
        }]
    );
    assert_eq!(
        State::new(Setup::new(7, MapId::Usa, 1))
            .unwrap_err()
            .problems,
        vec![SetupProblem::PlayerCount { players: 7 }]
    );
}

#[test]
fn setup_deals_the_published_starting_position() {
    for players in 2..=6u8 {
        let g = State::new(Setup::new(players, MapId::Usa, 3)).unwrap();
        let rules = g.rules();
        assert_eq!(g.board().regions.len(), rules.regions as usize);
        assert_eq!(g.market(), (3..=10).map(PlantId).collect::<Vec<_>>());
        assert_eq!(g.current_market(), [3, 4, 5, 6].map(PlantId));
        // 34 plants above 10, less those removed, plus the Step 3 card.
        assert_eq!(g.deck_size(), 34 - rules.plants_removed as usize + 1);
        let m = g.resource_market();
        assert_eq!((m.coal, m.oil, m.garbage, m.uranium), (24, 18, 6, 2));
        for s in 0..players {
            assert_eq!(g.money(Seat(s)), 50);
        }
        g.check_invariants().unwrap();
    }
    // Plant 13 is on top: the first purchase brings it into the market.
    let mut g = State::new(Setup::new(4, MapId::Germany, 9)).unwrap();
    let ev = script(&mut g, &["auction 3 3", "pass", "pass", "pass"]);
    assert!(ev.contains(&Event::PlantDrawn { plant: PlantId(13) }));
}

#[test]
fn views_hide_the_deck_order_removed_plants_and_others_money() {
    use powergrid::{Game, Viewer};
    // Same public deal, different hidden decks (below the top) and removed plants.
    let deck = |tail: &[u8]| -> Vec<PlantId> {
        let mut d = vec![13u8];
        d.extend_from_slice(tail);
        d.into_iter().map(PlantId).collect()
    };
    let all: Vec<u8> = (11..=50)
        .filter(|n| PlantId(*n).is_card() && *n != 13)
        .collect();
    let a = deck(&all[..25]);
    let mut reversed = all[..25].to_vec();
    reversed.reverse();
    let b = deck(&reversed);
    let c = deck(&all[8..]);
    let mut views = Vec::new();
    for d in [a, b, c] {
        let g = State::new(Setup {
            deck: Some(d),
            ..three_player_setup()
        })
        .unwrap();
        let spectator = serde_json::to_string(&g.view(Viewer::Spectator)).unwrap();
        let seat = serde_json::to_string(&g.view(Viewer::Seat(S1))).unwrap();
        views.push((spectator, seat));
    }
    assert_eq!(views[0], views[1]);
    assert_eq!(views[0], views[2]);

    let mut g = State::new(three_player_setup()).unwrap();
    let v = g.view(Viewer::Seat(S1));
    assert_eq!(v.players[1].money, Some(50));
    assert_eq!(v.players[0].money, None);
    assert_eq!(g.view(Viewer::Spectator).players[1].money, None);
    let events = g.apply(&"auction 4 4".parse().unwrap()).unwrap();
    for e in &events {
        assert_eq!(State::redact(e, Viewer::Spectator).as_ref(), Some(e));
    }
    let public = State::new(Setup {
        public_money: true,
        ..three_player_setup()
    })
    .unwrap();
    assert!(public
        .view(Viewer::Spectator)
        .players
        .iter()
        .all(|p| p.money == Some(50)));
}

#[test]
fn a_view_written_over_another_equals_a_fresh_one() {
    use powergrid::Viewer;
    // One view reused across games of every size on both maps, for every seat and a
    // spectator, from the first move to the final count: whatever it held before,
    // `view_into` leaves in it exactly what `view` builds.
    let mut reused = State::new(Setup::new(6, MapId::Usa, 1))
        .unwrap()
        .view(Viewer::Spectator);
    let mut checked = 0;
    let mut auctions = 0;
    let games = [
        (6, MapId::Usa, 11),
        (2, MapId::Germany, 12),
        (4, MapId::Germany, 13),
        (3, MapId::Usa, 14),
        (5, MapId::Germany, 15),
    ];
    for (players, map, seed) in games {
        let end = common::random_game(common::setup(players, map, seed), |_, _, _, after| {
            let seats = (0..players).map(|s| Viewer::Seat(Seat(s)));
            for viewer in seats.chain([Viewer::Spectator]) {
                after.view_into(viewer, &mut reused);
                assert_eq!(reused, after.view(viewer));
                checked += 1;
            }
            auctions += usize::from(reused.auction.is_some());
        });
        assert!(end.outcome().is_some());
        assert!(reused.standings.is_some());
    }
    assert!(
        checked > 5_000 && auctions > 100,
        "{checked} views, {auctions} in auctions"
    );
}

#[test]
fn the_game_trait_drives_a_whole_game_and_reports_the_outcome() {
    use powergrid::Game;
    let mut g = <State as Game>::new(Setup::new(2, MapId::Usa, 77)).unwrap();
    assert_eq!(<State as Game>::NAME, "powergrid");
    assert_eq!(Game::seats(&g), 2);
    let mut legal = Vec::new();
    let mut i = 0usize;
    while let Actor::Seat(seat) = Game::actor(&g) {
        Game::legal_actions(&g, &mut legal);
        // Deterministic but varied: cycle through the list, prefer cheap bids.
        let a = legal[(i * 7919) % legal.len().min(6)];
        assert!(Game::is_legal(&g, &a));
        Game::apply_as(&mut g, seat, &a).unwrap();
        i += 1;
        assert!(i < 20_000);
    }
    let outcome = Game::outcome(&g).unwrap();
    assert_eq!(outcome.standings.len(), 2);
    assert!(outcome.standings.windows(2).all(|w| w[0].rank <= w[1].rank));
    assert_eq!(
        g.apply(&Action::Done),
        Err(RuleError::GameOver),
        "no action after the end"
    );
}

/// A bot's guess of the full state from its view shows it the same view, offers the same legal
/// actions, and plays on without trouble.
#[test]
fn states_sampled_from_a_view_agree_with_the_view() {
    use powergrid::Viewer;
    let mut checked = 0;
    for seed in 0..12u64 {
        let players = 2 + (seed % 5) as u8;
        let map = if seed % 2 == 0 {
            MapId::Germany
        } else {
            MapId::Usa
        };
        let mut g = State::new(Setup::new(players, map, seed)).unwrap();
        let mut player = common::RandomPlayer::new(seed);
        let mut step = 0;
        while g.actor() != Actor::Terminal {
            if step % 37 == 0 {
                let mut memory = powergrid::Memory::new();
                for s in 0..players {
                    memory.money[usize::from(s)] = g.money(Seat(s));
                }
                for s in 0..players {
                    let viewer = Viewer::Seat(Seat(s));
                    let view = g.view(viewer);
                    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(
                        seed * 1000 + step,
                    );
                    let sampled = State::determinize(&view, &memory, &mut rng)
                        .unwrap_or_else(|e| panic!("seed {seed} step {step}: {e}"));
                    assert_eq!(sampled.view(viewer), view);
                    assert_eq!(sampled.deck_size(), g.deck_size());
                    assert_eq!(legal(&sampled), legal(&g));
                    let mut rollout = sampled.clone();
                    let mut rng =
                        <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(s as u64);
                    rollout.random_playout(&mut rng, 5, &mut Vec::new());
                    assert!(rollout.outcome().is_some());
                    checked += 1;
                }
            }
            let a = player.choose(&g);
            g.apply(&a).unwrap();
            step += 1;
        }
    }
    assert!(checked > 100);
}

#[test]
fn the_state_is_a_value_of_about_one_kilobyte_with_no_heap_data() {
    // Bots clone the state for every sample and playout: no heap data, so a clone is a copy.
    let size = std::mem::size_of::<powergrid::State>();
    assert!(size <= 1100, "State grew to {size} bytes");
    assert!(!std::mem::needs_drop::<powergrid::State>());
}
