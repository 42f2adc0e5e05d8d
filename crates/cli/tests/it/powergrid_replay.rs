//! `tabletop replay` on records written here: a whole game, a record in mixed forms, and an
//! illegal action that must stop the replay with its index.

use powergrid::{seat_name, Actor, MapId, Setup, State};
use rand::{Rng, SeedableRng};
use std::path::PathBuf;
use std::process::Command;

fn write_record(name: &str, json: &serde_json::Value) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tabletop-{}-{name}.json", std::process::id()));
    std::fs::write(&path, serde_json::to_string_pretty(json).unwrap()).unwrap();
    path
}

fn replay(path: &PathBuf, extra: &[&str]) -> std::process::Output {
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .arg("replay")
        .arg(path)
        .args(extra)
        .output()
        .unwrap()
}

#[test]
fn replays_a_whole_game_and_prints_the_standings() {
    let setup = Setup::new(3, MapId::Usa, 21);
    let mut state = State::new(setup.clone()).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
    let mut actions = Vec::new();
    let mut buf = Vec::new();
    while state.actor() != Actor::Terminal {
        state.legal_actions_limited(&mut buf, 5);
        let a = buf[rng.gen_range(0..buf.len())];
        state.apply(&a).unwrap();
        // Mix the record's forms: JSON objects and text.
        actions.push(if actions.len() % 2 == 0 {
            serde_json::to_value(a).unwrap()
        } else {
            serde_json::Value::String(a.to_string())
        });
    }
    let record = serde_json::json!({"game": "powergrid", "setup": setup, "actions": actions});
    let path = write_record("whole", &record);
    let out = replay(&path, &[]);
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("Final standings:"));
    let outcome = state.outcome().unwrap();
    let winner = seat_name(outcome.winners[0]);
    assert!(
        stdout
            .lines()
            .any(|l| l.contains(winner) && l.contains("(winner)")),
        "{stdout}"
    );
    assert!(stdout.contains("#0 "));
    let quiet = replay(&path, &["--quiet"]);
    let quiet_out = String::from_utf8(quiet.stdout).unwrap();
    assert!(!quiet_out.contains("#0 "));
    assert!(quiet_out.contains("Final standings:"));
    std::fs::remove_file(path).ok();
}

#[test]
fn an_illegal_action_stops_the_replay_with_its_index_and_the_rule() {
    let record = serde_json::json!({
        "setup": {"players": 3, "map": "germany", "seed": 7, "turn_order": [0, 1, 2]},
        "actions": ["auction 4 6", {"type": "bid", "amount": 7}, {"seat": 2, "action": "pass"}, "bid 5"]
    });
    let path = write_record("illegal", &record);
    let out = replay(&path, &[]);
    assert!(!out.status.success());
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(
        stderr.contains("action #3 (bid 5) by Red: a bid of 5 is too low: at least 8 is needed"),
        "{stderr}"
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(stdout.contains("#1 Blue: bid 7"), "{stdout}");
    std::fs::remove_file(path).ok();
}

#[test]
fn an_unfinished_record_reports_where_it_stopped() {
    let record = serde_json::json!({
        "setup": {"players": 2, "map": "usa", "seed": 1, "turn_order": [1, 0]},
        "actions": ["auction 3 3", "pass"]
    });
    let path = write_record("unfinished", &record);
    let out = replay(&path, &[]);
    assert!(out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("Blue buys plant 3 for 3 Elektro"),
        "{stdout}"
    );
    assert!(
        stdout.contains("The record ends before the game does"),
        "{stdout}"
    );
    std::fs::remove_file(path).ok();
}

#[test]
fn a_record_with_a_byte_order_mark_and_crlf_lines_replays() {
    // As a Windows editor saves it: a byte-order mark first, CRLF line ends.
    let record = serde_json::json!({
        "setup": {"players": 2, "map": "usa", "seed": 1, "turn_order": [1, 0]},
        "actions": ["auction 3 3", "pass"]
    });
    let text = serde_json::to_string_pretty(&record)
        .unwrap()
        .replace('\n', "\r\n");
    let path = std::env::temp_dir().join(format!("tabletop-{}-bom.json", std::process::id()));
    std::fs::write(&path, format!("\u{feff}{text}")).unwrap();
    let out = replay(&path, &[]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert!(
        stdout.contains("Blue buys plant 3 for 3 Elektro"),
        "{stdout}"
    );
    std::fs::remove_file(path).ok();
}
