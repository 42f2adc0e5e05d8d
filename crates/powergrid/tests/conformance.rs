//! Random-simulation conformance: 2,000 seeded random games per player count and map, checked
//! after every action.
//!
//! On every action of every game: the state's invariants (24/24/24/12 tokens across market, plants
//! and supply; each plant card in one place; storage; at most 22 houses each; occupancy within the
//! step; the market sorted and of the right size), money moving only by the amounts the events
//! report (and the payment table), the legal list non-empty, sorted, containing the action played
//! and agreeing with `is_legal` on every listed action and on a few hundred candidates around it,
//! `play` (no events) reaching the same state as `apply`, a refused action changing nothing, and
//! the Step 2 trigger. Every game must end with a final count.
//!
//! Even games are played uniformly at random, odd ones by a random player leaning to building
//! (so that Step 2 states are well covered). The first `DEEP` games of each configuration also apply every legal action to a clone, and
//! round-trip the state, the action and the events through JSON after every action.

mod common;

use common::{candidates, random_game_with, setup, Policy};
use powergrid::resources::payment;
use powergrid::{Action, Event, MapId, PhaseKind, Seat, State, Viewer};
use rand::{Rng, SeedableRng};

const GAMES: u64 = 2_000;
const DEEP: u64 = 12;

fn check_game(players: u8, map: MapId, game: u64) {
    let seed = (players as u64) << 40 | (map as u64) << 32 | game;
    let deep = game < DEEP;
    let mut legal = Vec::new();
    let mut cands = Vec::new();
    let mut sample = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let step2 = powergrid::resources::player_count_rules(players)
        .unwrap()
        .step2_cities;
    // Uniform random play rarely reaches Step 2 before Step 3; half the games lean to building.
    let policy = if game & 1 == 0 {
        Policy::Uniform
    } else {
        Policy::Builder
    };
    let fin = random_game_with(
        setup(players, map, seed),
        policy,
        |before, action, events, after| {
            let ctx = || {
                format!(
                    "{players}p {map} game {game} round {}: {action}",
                    before.round()
                )
            };
            if let Err(e) = after.check_invariants() {
                panic!("{}: invariant broken: {e}", ctx());
            }

            // Legal actions: non-empty, sorted, complete, and agreeing with is_legal.
            before.legal_actions(&mut legal);
            assert!(!legal.is_empty(), "{}: no legal action", ctx());
            assert!(
                legal.windows(2).all(|w| w[0] < w[1]),
                "{}: legal actions not sorted",
                ctx()
            );
            assert!(
                legal.binary_search(action).is_ok(),
                "{}: action not listed",
                ctx()
            );
            for a in &legal {
                assert!(
                    before.is_legal(a),
                    "{}: listed {a} but is_legal says no",
                    ctx()
                );
            }
            candidates(before, &mut cands);
            let checked = if deep { cands.len() } else { 24 };
            for i in 0..checked {
                let c = if deep {
                    &cands[i]
                } else {
                    &cands[sample.gen_range(0..cands.len())]
                };
                let listed = legal.binary_search(c).is_ok();
                assert_eq!(before.is_legal(c), listed, "{}: candidate {c}", ctx());
            }

            // Applying: every listed action (deep) or a sample is accepted; refusals change nothing.
            let tries: Vec<Action> = if deep {
                legal.clone()
            } else {
                vec![legal[sample.gen_range(0..legal.len())]]
            };
            for a in &tries {
                let mut s = before.clone();
                assert!(s.apply(a).is_ok(), "{}: listed {a} refused by apply", ctx());
            }
            let refused: Vec<&Action> = if deep {
                cands
                    .iter()
                    .filter(|c| legal.binary_search(c).is_err())
                    .collect()
            } else {
                (0..8)
                    .map(|_| &cands[sample.gen_range(0..cands.len())])
                    .filter(|c| legal.binary_search(c).is_err())
                    .take(1)
                    .collect()
            };
            for c in refused {
                let mut s = before.clone();
                assert!(s.apply(c).is_err(), "{}: {c} should be refused", ctx());
                assert_eq!(&s, before, "{}: refused {c} changed the state", ctx());
            }

            // The event-free path reaches the same state.
            let mut quiet = before.clone();
            quiet.play(action).unwrap();
            assert_eq!(&quiet, after, "{}: play and apply differ", ctx());

            // Money moves only by the amounts the events report.
            let mut delta = vec![0i64; players as usize];
            for e in events {
                match e {
                    Event::PlantBought { seat, price, .. } => delta[seat.index()] -= *price as i64,
                    Event::ResourcesBought { seat, cost, .. } => {
                        delta[seat.index()] -= *cost as i64
                    }
                    Event::Built {
                        seat,
                        connection,
                        place,
                        city,
                    } => {
                        delta[seat.index()] -= (*connection + *place) as i64;
                        let (cost, path) = before.connection(*seat, *city).unwrap();
                        assert_eq!(cost, *connection, "{}: path query disagrees", ctx());
                        assert_eq!(path.last(), Some(city));
                        assert!([10, 15, 20].contains(place));
                    }
                    Event::Powered {
                        seat,
                        cities,
                        income,
                        ..
                    } => {
                        assert_eq!(*income, payment(*cities), "{}", ctx());
                        assert!(*cities <= before.city_count(*seat));
                        delta[seat.index()] += *income as i64;
                    }
                    _ => {}
                }
            }
            for (s, d) in delta.iter().enumerate() {
                let seat = Seat(s as u8);
                let moved = after.money(seat) as i64 - before.money(seat) as i64;
                assert_eq!(moved, *d, "{}: {seat}'s money moved by {moved}", ctx());
            }

            // Step 2 begins exactly at the end of the phase 4 in which a player reaches the count.
            let started2 = events.contains(&Event::StepStarted { step: 2 });
            let ended_building =
                before.phase() == PhaseKind::Building && after.phase() != PhaseKind::Building;
            let due = ended_building
                && before.step() == 1
                && after.phase() != PhaseKind::GameOver
                && before.most_cities() >= step2;
            assert_eq!(started2, due, "{}: Step 2 trigger", ctx());

            if deep {
                let json = serde_json::to_string(after).unwrap();
                let back: State = serde_json::from_str(&json).unwrap();
                assert_eq!(&back, after, "{}: state JSON round trip", ctx());
                let a: Action =
                    serde_json::from_str(&serde_json::to_string(action).unwrap()).unwrap();
                assert_eq!(&a, action);
                assert_eq!(action.to_string().parse::<Action>().unwrap(), *action);
                for e in events {
                    let back: Event =
                        serde_json::from_str(&serde_json::to_string(e).unwrap()).unwrap();
                    assert_eq!(&back, e);
                }
                for s in 0..players {
                    let view = after.view(Viewer::Seat(Seat(s)));
                    for p in &view.players {
                        let own = p.seat == Seat(s);
                        let over = after.phase() == PhaseKind::GameOver;
                        assert_eq!(
                            p.money.is_some(),
                            own || over,
                            "{}: money visibility",
                            ctx()
                        );
                    }
                    assert_eq!(view.deck_size, after.deck_size());
                }
            }
        },
    );
    let outcome = fin.outcome().expect("a finished game has an outcome");
    assert_eq!(outcome.standings.len(), players as usize);
    assert!(!outcome.winners.is_empty());
    let end = powergrid::resources::player_count_rules(players)
        .unwrap()
        .end_cities;
    assert!(fin.most_cities() >= end, "game ended before the end count");
    for s in &outcome.standings {
        assert_eq!(s.cities_powered, fin.best_power(s.seat).cities);
    }
}

fn run(players: u8, map: MapId) {
    // PG_GAMES raises (or, for a quick look, lowers) the count locally; CI uses 2,000.
    let games = std::env::var("PG_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(GAMES);
    for game in 0..games {
        check_game(players, map, game);
    }
}

macro_rules! conformance {
    ($($name:ident: $players:expr, $map:expr;)*) => {$(
        #[test]
        fn $name() {
            run($players, $map);
        }
    )*};
}

conformance! {
    germany_2_players: 2, MapId::Germany;
    germany_3_players: 3, MapId::Germany;
    germany_4_players: 4, MapId::Germany;
    germany_5_players: 5, MapId::Germany;
    germany_6_players: 6, MapId::Germany;
    usa_2_players: 2, MapId::Usa;
    usa_3_players: 3, MapId::Usa;
    usa_4_players: 4, MapId::Usa;
    usa_5_players: 5, MapId::Usa;
    usa_6_players: 6, MapId::Usa;
}
