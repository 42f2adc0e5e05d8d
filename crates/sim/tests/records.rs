//! `--log` records are complete: replayed from their setup and actions alone, with the seed
//! changed (so every chance outcome must be written in the setup), each reaches the outcome it
//! records.

use serde_json::Value;
use sim::{run, Contest, Options};

/// Runs `contest` with a log and gives the log's records.
fn records<C: Contest>(contest: &C, games: u64) -> Vec<Value> {
    let mut log = Vec::new();
    let report = run(
        contest,
        Options {
            games,
            threads: 2,
            log: Some(&mut log),
            progress: &|_| {},
        },
    )
    .unwrap();
    assert_eq!(report.games, games);
    let text = String::from_utf8(log).unwrap();
    let lines: Vec<Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines.len() as u64, games, "one line per game");
    lines
}

/// The record's setup with another seed.
fn reseeded<S: serde::de::DeserializeOwned>(record: &Value) -> S {
    let mut setup = record["setup"].clone();
    setup["seed"] = Value::from(0xdead_beef_u64);
    serde_json::from_value(setup).unwrap()
}

/// An action of a record, as `docs/records.md` writes it: the seat, and the action's JSON
/// object.
fn seated<A: serde::de::DeserializeOwned>(action: &Value) -> (engine::Seat, A) {
    let seat = engine::Seat(action["seat"].as_u64().unwrap() as u8);
    (
        seat,
        serde_json::from_value(action["action"].clone()).unwrap(),
    )
}

#[test]
fn power_grid_records_replay_to_their_outcome_whatever_the_seed() {
    let mut shuffled = 0;
    for (map, lineup) in [
        (powergrid::MapId::Germany, "heuristic,random,heuristic"),
        (
            powergrid::MapId::Usa,
            "heuristic,heuristic,heuristic,heuristic,heuristic",
        ),
    ] {
        let lineup = lineup.split(',').map(str::to_owned).collect();
        let t = sim::Tournament::<powergrid::State>::new(map, lineup, 40, None).unwrap();
        for (g, record) in records(&t, 6).iter().enumerate() {
            assert_eq!(record["game"], "powergrid");
            assert_eq!(record["format"], engine::RECORD_FORMAT);
            assert_eq!(record["bots"], serde_json::json!(t.seating(g as u64).1));
            shuffled += usize::from(!record["setup"]["step3_deck"].is_null());
            let mut state = powergrid::State::new(reseeded(record)).unwrap();
            for action in record["actions"].as_array().unwrap() {
                let (seat, action): (_, powergrid::Action) = seated(action);
                state.apply_as(seat, &action).unwrap();
            }
            assert_eq!(
                serde_json::json!(state.outcome().unwrap()),
                record["outcome"]
            );
        }
    }
    assert!(shuffled > 0, "some games reach the Step 3 shuffle");
}

#[test]
fn the_game_records_replay_to_their_outcome_whatever_the_seed() {
    for (bot, players) in [("heuristic", 3), ("random", 1), ("heuristic", 5)] {
        let deals = sim::thegame::Deals::Seeded;
        let r = sim::thegame::tournament(bot, None, Some(players), deals, 9).unwrap();
        for record in records(&r, 20) {
            assert_eq!(record["game"], "thegame");
            let mut state = thegame::State::new(reseeded(&record)).unwrap();
            for action in record["actions"].as_array().unwrap() {
                let (seat, action): (_, thegame::Action) = seated(action);
                state.apply_as(seat, &action).unwrap();
            }
            assert_eq!(
                serde_json::json!(state.outcome().unwrap()),
                record["outcome"]
            );
        }
    }
}
