//! Random-simulation conformance: 2,000 seeded random games per player count and map, checked
//! after every action.
//!
//! On every action of every game: the state's invariants (24/24/24/12 tokens across market, plants
//! and supply; each plant card in one place; storage; at most 22 houses each; occupancy within the
//! step; the market sorted and of the right size), money moving only by the amounts the events
//! report (and the payment table), the legal list non-empty and sorted, containing the action
//! played, every listed action passing `is_legal` and accepted when applied to a clone, `is_legal`
//! refusing what is not listed (a sample of candidates around the legal ones), a refused action
//! changing nothing, `play` (no events) reaching the same state as `apply`, discard options and
//! connection paths checked by brute force, and the Step 2 trigger. Every game must end with a
//! final count.
//!
//! Even games are played uniformly at random, odd ones by a random player leaning to building
//! (so that Step 2 states are well covered). The first `DEEP` games of each configuration check
//! every candidate (a few hundred per action) and every refusal, apply listed actions with events,
//! and round-trip the state, the action and the events through JSON after every action.

mod common;

use common::{candidates, random_game_with, setup, Policy};
use powergrid::plants::FuelNeeds;
use powergrid::resources::payment;
use powergrid::{Action, ByResource, Event, MapId, PhaseKind, Seat, State, Viewer};
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
            let seat = before
                .actor()
                .seat()
                .expect("a seat acts before every action");
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

            // Discards: the coal/oil choices are exactly those keeping the most tokens.
            if let Some(Action::Discard { .. }) = legal.first() {
                check_discard_options(before, &legal);
            }

            // Applying: every listed action (deep) or a sample is accepted; refusals change nothing.
            // Every listed action is accepted: through `apply` (with events) in deep games, and
            // through `apply_quiet` (the same check and rules, no events) in the others.
            for a in &legal {
                let mut s = before.clone();
                let accepted = if deep {
                    s.apply(a).is_ok()
                } else {
                    s.apply_quiet(seat, a).is_ok()
                };
                assert!(accepted, "{}: listed {a} refused", ctx());
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
            quiet.apply_quiet(seat, action).unwrap();
            assert_eq!(&quiet, after, "{}: apply_quiet and apply differ", ctx());

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
                        let along: u32 = path
                            .windows(2)
                            .map(|w| before.board().connection_cost(w[0], w[1]).unwrap() as u32)
                            .sum();
                        assert_eq!(along, cost, "{}: the path's connections", ctx());
                        if cost > 0 || path.len() > 1 {
                            assert!(before.cities(*seat).contains(&path[0]));
                        }
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

/// Brute force over every way to keep tokens after each possible discard.
fn check_discard_options(state: &State, legal: &[Action]) {
    let seat = state.actor().seat().unwrap();
    let plants = state.plants(seat);
    let held = state.resources(seat);
    let view = state.view(Viewer::Seat(seat));
    let bought = view.pending_discard.unwrap().1;
    for &p in plants {
        let listed: Vec<Option<u8>> = legal
            .iter()
            .filter_map(|a| match a {
                Action::Discard { plant, keep_coal } if *plant == p => Some(*keep_coal),
                _ => None,
            })
            .collect();
        if p == bought {
            assert!(listed.is_empty(), "the new plant cannot be discarded");
            continue;
        }
        let needs = FuelNeeds::of(plants.iter().copied().filter(|&q| q != p));
        let mut best = 0;
        let mut options = Vec::new();
        for c in 0..=held.coal {
            for o in 0..=held.oil {
                let kept = ByResource {
                    coal: c,
                    oil: o,
                    garbage: held.garbage.min(2 * needs.garbage),
                    uranium: held.uranium.min(2 * needs.uranium),
                };
                if !needs.can_store(kept) {
                    continue;
                }
                if c + o > best {
                    best = c + o;
                    options.clear();
                }
                if c + o == best {
                    options.push(c);
                }
            }
        }
        let expected: Vec<Option<u8>> = if options.len() == 1 {
            vec![None]
        } else {
            options.into_iter().map(Some).collect()
        };
        assert_eq!(listed, expected, "discarding plant {p} holding {held:?}");
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
