//! `tabletop analyze`: a table or the JSON report of a record, and a clear error for every bad
//! file, record, seat or option.

use engine::Seat;
use std::path::PathBuf;
use std::process::{Command, Output};
use thegame::{Setup, State};

fn write(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!(
        "tabletop-{}-analyze-{name}.json",
        std::process::id()
    ));
    std::fs::write(&path, text).unwrap();
    path
}

fn analyze(path: &PathBuf, extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .arg("analyze")
        .arg(path)
        .args(extra)
        .output()
        .unwrap()
}

fn stderr(out: &Output) -> String {
    assert!(
        !out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let text = String::from_utf8_lossy(&out.stderr).into_owned();
    assert!(!text.contains("panicked"), "{text}");
    text
}

/// Two players; seat 0 throws its two highest cards on the ascending piles, then seat 1 plays.
fn blunder() -> serde_json::Value {
    let state = State::new(Setup::seeded(2, 11)).unwrap();
    let mut hand: Vec<u8> = state.hand(Seat(0)).iter().map(|c| c.get()).collect();
    hand.sort_unstable();
    serde_json::json!({
        "game": "thegame",
        "setup": {"players": 2, "seed": 11},
        "actions": [
            {"seat": 0, "action": format!("play {} up1", hand[5])},
            {"seat": 0, "action": format!("play {} up2", hand[6])},
            {"seat": 0, "action": "end"},
        ],
    })
}

#[test]
fn prints_a_table_and_the_summary_or_the_json_report() {
    let path = write("blunder", &blunder().to_string());
    let out = analyze(&path, &["--budget", "16"]);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.starts_with("thegame, 2 players: 16 samples per action"),
        "{text}"
    );
    let row = text
        .lines()
        .find(|l| l.trim_start().starts_with("0 "))
        .unwrap();
    assert!(row.ends_with("mistake"), "{row}");
    assert!(
        text.contains(
            "seat 0: 1 decisions (0 forced), 0% as the bot would, 0 inaccuracies, 1 mistake"
        ),
        "{text}"
    );
    let out = analyze(&path, &["--budget", "16", "--json", "--seat", "0"]);
    assert!(out.status.success());
    let report: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(report["decisions"][0]["mark"], "mistake");
    assert_eq!(report["seats"].as_array().unwrap().len(), 1);
    // The same report as the library's.
    let options = analysis::Options {
        budget: analysis::Budget::Samples(16),
        seed: 0,
        seat: Some(Seat(0)),
    };
    let direct = analysis::analyze_json(blunder(), &options).unwrap();
    assert_eq!(report, serde_json::to_value(&direct).unwrap());
}

#[test]
fn bad_files_records_seats_and_options_are_refused_clearly() {
    let one = blunder().to_string();
    let cases: Vec<(String, Vec<&str>, &str)> = vec![
        ("{not json".into(), vec![], "is not JSON"),
        ("".into(), vec![], "holds no game record"),
        ("[1, 2]".into(), vec![], "not a game record"),
        (
            one.clone(),
            vec!["--seat", "5"],
            "no seat 5: the game has seats 0 to 1",
        ),
        (
            one.clone(),
            vec!["--budget", "0"],
            "is not an analysis budget",
        ),
        (
            format!("{one}\n{one}\n"),
            vec![],
            "holds 2 records: choose one with --record N (1 to 2)",
        ),
        (
            format!("{one}\n{one}\n"),
            vec!["--record", "3"],
            "--record 3:",
        ),
        (
            one.replace("\"end\"", "\"play 2 up1\""),
            vec![],
            "action #2 (play 2 up1) by seat 0",
        ),
        (
            one.replace("\"thegame\"", "\"chess\""),
            vec![],
            "unknown game \"chess\"",
        ),
    ];
    for (i, (text, args, expected)) in cases.iter().enumerate() {
        let path = write(&format!("bad{i}"), text);
        let err = stderr(&analyze(&path, args));
        assert!(err.contains(expected), "case {i}: {err}");
    }
    let missing = std::env::temp_dir().join("tabletop-no-such-record.json");
    assert!(stderr(&analyze(&missing, &[])).contains("cannot read"));
    // A file of several records, one picked.
    let path = write("several", &format!("{one}\n{one}\n"));
    let out = analyze(&path, &["--record", "2", "--budget", "4"]);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
}

#[test]
fn bench_calibration_prints_the_table_and_writes_the_svg() {
    let svg = std::env::temp_dir().join(format!("tabletop-{}-calibration.svg", std::process::id()));
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["bench", "calibration", "thegame", "--games", "1"])
        .args(["--players", "2", "--budget", "4", "--svg"])
        .arg(&svg)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        text.starts_with("thegame, 2 players, 1 games of heuristic, 4 samples per action"),
        "{text}"
    );
    assert!(text.contains("expected calibration error"), "{text}");
    let picture = std::fs::read_to_string(&svg).unwrap();
    std::fs::remove_file(&svg).unwrap();
    assert!(picture.starts_with("<svg"), "{picture}");
    assert!(picture.contains("<circle"), "{picture}");
}
