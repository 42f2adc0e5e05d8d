//! `tabletop replay` on The Game's records written here: whole games in every action form
//! (signals out of turn among them), an illegal action, an unfinished record, and records
//! without `game`.

use engine::Seat;
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::process::{Command, Output};
use thegame::{Action, Outcome, Pile, Setup, Signal, State};

fn write_record(name: &str, json: &serde_json::Value) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tabletop-{}-tg-{name}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_string_pretty(json).unwrap()).unwrap();
    path
}

fn replay(path: &PathBuf, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .arg("replay")
        .arg(path)
        .args(extra)
        .output()
        .unwrap()
}

fn stdout(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout.clone()).unwrap()
}

/// A random game, recorded in mixed forms; every few actions another seat signals out of turn,
/// recorded with its seat.
fn random_game(setup: &Setup, seed: u64) -> (State, Vec<serde_json::Value>) {
    let mut state = State::new(setup.clone()).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut actions = Vec::new();
    let mut legal = Vec::new();
    while !state.is_over() {
        let players = state.players();
        if players > 1 && rng.gen_range(0..6) == 0 {
            let other = Seat((state.current().0 + 1) % players);
            let pile = Pile::ALL[rng.gen_range(0..4)];
            let signal = Action::Signal {
                pile,
                signal: Signal::DontPlay,
            };
            if state.apply_as(other, &signal).is_ok() {
                actions.push(serde_json::json!({"seat": other.0, "action": signal.to_string()}));
            }
            continue;
        }
        state.legal_actions(&mut legal);
        // Mostly plays and ends, so that games last.
        let choices: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| !matches!(a, Action::Signal { .. }))
            .collect();
        let a = choices[rng.gen_range(0..choices.len())];
        let seat = state.current();
        state.apply(&a).unwrap();
        actions.push(match actions.len() % 3 {
            0 => serde_json::to_value(a).unwrap(),
            1 => serde_json::Value::String(a.to_string()),
            _ => serde_json::json!({"seat": seat.0, "action": a}),
        });
    }
    (state, actions)
}

#[test]
fn replays_whole_games_to_the_same_result() {
    for (players, seed) in [(1u8, 3u64), (2, 4), (3, 5), (5, 6)] {
        let setup = Setup::seeded(players, seed);
        let (state, actions) = random_game(&setup, seed);
        let record = serde_json::json!({"game": "thegame", "setup": setup, "actions": actions});
        let path = write_record(&format!("whole-{players}"), &record);
        let text = stdout(&replay(&path, &[]));
        let expected = match state.outcome().unwrap() {
            Outcome::Won => "Won: all 98 cards are on the piles.".to_owned(),
            Outcome::Lost { cards_left } => format!("Lost with {cards_left} cards left"),
        };
        assert!(text.contains(&expected), "{players}p: {text}");
        assert!(text.starts_with(&format!("The Game, {players} player")));
        assert!(text.contains("#0 seat 0: "), "{text}");
        let quiet = stdout(&replay(&path, &["--quiet"]));
        assert!(!quiet.contains("#0 "));
        assert!(quiet.contains(&expected));
        std::fs::remove_file(path).ok();
    }
}

#[test]
fn an_illegal_action_stops_the_replay_with_its_index_and_the_rule() {
    // Seed 7, two players: seat 0 holds 32 27 83 90 65 25 4 (docs/protocol-thegame.md).
    let record = serde_json::json!({
        "game": "thegame",
        "setup": {"players": 2, "seed": 7},
        "actions": ["play 32 up1", "play 27 up1"]
    });
    let path = write_record("illegal", &record);
    let out = replay(&path, &[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("action #1 (play 27 up1) by seat 0: up1 (ascending, top 32) does not take 27"),
        "{err}"
    );
    // Out of turn: only signals may be sent.
    let record = serde_json::json!({
        "setup": {"players": 2, "seed": 7},
        "actions": [{"seat": 1, "action": "play 26 up1"}]
    });
    let path2 = write_record("out-of-turn", &record);
    let out = replay(&path2, &[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("action #0"), "{err}");
    assert!(err.contains("it is not seat 1's turn"), "{err}");
    std::fs::remove_file(path).ok();
    std::fs::remove_file(path2).ok();
}

#[test]
fn an_unfinished_record_reports_where_it_stopped() {
    // No "game": a setup without a map is The Game's.
    let record = serde_json::json!({
        "setup": {"players": 2, "seed": 7},
        "actions": ["play 4 up1", {"type": "play", "card": 90, "pile": "down1"}, "end",
                    {"seat": 0, "action": "signal up2 dont_play"}]
    });
    let path = write_record("unfinished", &record);
    let text = stdout(&replay(&path, &[]));
    assert!(text.contains("seat 0 plays 4 on up1"), "{text}");
    assert!(text.contains("seat 0 draws 2: 15 80"), "{text}");
    assert!(text.contains("seat 0 signals dont_play on up2"), "{text}");
    assert!(
        text.contains("The record ends before the game does: seat 1 to play (0 played this turn)"),
        "{text}"
    );
    assert!(text.contains("up1 4, up2 1, down1 90, down2 100"), "{text}");
    assert!(text.contains("seat 0: "), "{text}");
    std::fs::remove_file(path).ok();
}

#[test]
fn records_of_no_known_game_are_refused() {
    let record = serde_json::json!({"game": "chess", "setup": {"players": 2}, "actions": []});
    let path = write_record("chess", &record);
    let out = replay(&path, &[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("unknown game \"chess\""), "{err}");
    // A Power Grid setup in a record that says it is The Game's.
    let record = serde_json::json!({
        "game": "thegame",
        "setup": {"players": 2, "map": "usa", "seed": 1},
        "actions": []
    });
    let path2 = write_record("mislabelled", &record);
    let out = replay(&path2, &[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a thegame record"), "{err}");
    assert!(err.contains("map"), "{err}");
    // Not an object at all.
    let path3 = write_record("array", &serde_json::json!([]));
    let out = replay(&path3, &[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("a record is a JSON object"), "{err}");
    std::fs::remove_file(path).ok();
    std::fs::remove_file(path2).ok();
    std::fs::remove_file(path3).ok();
}

#[test]
fn a_won_game_replays_to_the_win() {
    use bots::thegame::Heuristic;
    use engine::Viewer;
    // The first deal from seed 100 that the heuristic wins with two players.
    let (setup, actions) = (100u64..)
        .find_map(|seed| {
            let setup = Setup::seeded(2, seed);
            let mut state = State::new(setup.clone()).unwrap();
            let mut bot = Heuristic::default();
            let mut actions = Vec::new();
            let mut plan = Vec::new();
            while !state.is_over() {
                plan.clear();
                bot.plan_turn(&state.view(Viewer::Seat(state.current())), &mut plan);
                for a in &plan {
                    if !state.is_over() {
                        state.apply(a).unwrap();
                        actions.push(a.to_string());
                    }
                }
            }
            state
                .outcome()
                .unwrap()
                .is_win()
                .then_some((setup, actions))
        })
        .unwrap();
    let record = serde_json::json!({"game": "thegame", "setup": setup, "actions": actions});
    let path = write_record("won", &record);
    let text = stdout(&replay(&path, &["--quiet"]));
    assert_eq!(text, "Won: all 98 cards are on the piles.\n");
    std::fs::remove_file(path).ok();
}

#[test]
fn a_record_of_a_newer_format_is_refused_and_a_server_record_of_format_1_replays() {
    let newer = serde_json::json!({
        "format": 2, "game": "thegame", "setup": {"players": 2, "seed": 1}, "actions": []
    });
    let path = write_record("format2", &newer);
    let out = replay(&path, &[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("record format 2 is newer"), "{err}");
    // The shape every writer uses now: format 1, seated actions as JSON objects.
    let setup = Setup::seeded(2, 3);
    let state = State::new(setup.clone()).unwrap();
    let seat = state.current();
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let play = legal
        .iter()
        .find(|a| matches!(a, Action::Play { .. }))
        .unwrap();
    let current = serde_json::json!({
        "format": 1, "game": "thegame", "id": "abc", "complete": true,
        "setup": setup, "seats": [], "actions": [{"seat": seat.0, "action": play}],
        "outcome": null
    });
    let path2 = write_record("format1", &current);
    let out = replay(&path2, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout(&out).contains(&format!("#0 seat {}: {play}", seat.0)));
    std::fs::remove_file(path).ok();
    std::fs::remove_file(path2).ok();
}
