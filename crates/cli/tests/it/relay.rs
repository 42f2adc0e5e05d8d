//! `tabletop relay-bot` against the host: a run with relays of the built-in bots in every seat
//! equals, game for game and decision for decision, the same run with the built-in bots.

use botproto::{play, public_setup, ExecSpec, External, SeatBot};
use engine::Bot;

fn relay(game: &str, bot: &str) -> ExecSpec {
    let mut spec = ExecSpec::new(&format!(
        "{} relay-bot {game} {bot}",
        env!("CARGO_BIN_EXE_tabletop")
    ));
    spec.log_dir = std::env::temp_dir().join("tabletop-bot-logs-tests");
    spec
}

fn seed_of(game: u64, seat: usize) -> u64 {
    game.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ seat as u64
}

/// The built-in bots of The Game in the same loop as the relays, asked one action at a time
/// (`SeatBot::built_in`, an `engine::Planner`: what a relay does on the bot's side), so that
/// relay and built-in bot are compared decision for decision.
fn built_in_thegame(name: &str, players: u8, seeds: &[u64]) -> Vec<SeatBot<thegame::State>> {
    let entry = bots::find::<thegame::State>(name).unwrap();
    (0..usize::from(players))
        .map(|s| SeatBot::built_in(entry.build(seeds[s])))
        .collect()
}

#[test]
fn thegame_relays_equal_the_built_in_bots_game_for_game() {
    for name in ["heuristic", "random"] {
        for players in 1..=5u8 {
            let mut external: Vec<External<thegame::State>> = (0..players)
                .map(|_| External::new(relay("thegame", name)))
                .collect();
            for g in 0..8u64 {
                let setup = thegame::Setup::seeded(players, 100 + g);
                let seeds: Vec<u64> = (0..players.into()).map(|s| seed_of(g, s)).collect();
                let mut built_in = built_in_thegame(name, players, &seeds);
                let state = thegame::State::new(setup.clone()).unwrap();
                let expected =
                    play(state, &mut built_in, &public_setup(&setup), &seeds, "").unwrap();
                if name == "random" {
                    let mut fast: Vec<Box<dyn Bot<thegame::State>>> = seeds
                        .iter()
                        .map(|&seed| {
                            Box::new(bots::thegame::RandomBot::new(seed))
                                as Box<dyn Bot<thegame::State>>
                        })
                        .collect();
                    let mut state = thegame::State::new(setup.clone()).unwrap();
                    let outcome = bots::thegame::play_out(&mut state, &mut fast).unwrap();
                    assert_eq!(
                        outcome, expected.outcome,
                        "random, {players} players, game {g}"
                    );
                }
                let mut seats: Vec<SeatBot<thegame::State>> =
                    external.drain(..).map(SeatBot::External).collect();
                let state = thegame::State::new(setup.clone()).unwrap();
                let played = play(state, &mut seats, &public_setup(&setup), &seeds, "").unwrap();
                assert_eq!(
                    played.outcome, expected.outcome,
                    "{name}, {players} players, game {g}"
                );
                assert_eq!(
                    played.decisions, expected.decisions,
                    "{name}, {players} players, game {g}"
                );
                assert!(played.forfeits.iter().all(Option::is_none));
                external.extend(seats.into_iter().filter_map(|s| match s {
                    SeatBot::External(e) => Some(e),
                    SeatBot::BuiltIn(_) => None,
                }));
            }
        }
    }
}

#[test]
fn powergrid_relays_equal_the_built_in_bots_game_for_game() {
    let config = bots::powergrid::Config::default();
    let names = ["heuristic", "random", "heuristic"];
    let mut external: Vec<External<powergrid::State>> = names
        .iter()
        .map(|n| External::new(relay("powergrid", n)))
        .collect();
    for g in 0..3u64 {
        let setup = powergrid::Setup::new(3, powergrid::MapId::Germany, g);
        let seeds: Vec<u64> = (0..3).map(|s| seed_of(g, s)).collect();
        let mut built_in: Vec<Box<dyn Bot<powergrid::State>>> = names
            .iter()
            .enumerate()
            .map(|(s, n)| {
                bots::find::<powergrid::State>(n)
                    .unwrap()
                    .build_with(seeds[s], &config)
            })
            .collect();
        let expected = bots::powergrid::play_game(setup.clone(), &mut built_in).unwrap();
        let mut seats: Vec<SeatBot<powergrid::State>> =
            external.drain(..).map(SeatBot::External).collect();
        let state = powergrid::State::new(setup.clone()).unwrap();
        let played = play(state, &mut seats, &public_setup(&setup), &seeds, "").unwrap();
        assert_eq!(played.outcome, expected.outcome, "game {g}");
        assert_eq!(played.decisions, expected.decisions, "game {g}");
        assert_eq!(played.state.round(), expected.rounds);
        external.extend(seats.into_iter().filter_map(|s| match s {
            SeatBot::External(e) => Some(e),
            SeatBot::BuiltIn(_) => None,
        }));
    }
}
