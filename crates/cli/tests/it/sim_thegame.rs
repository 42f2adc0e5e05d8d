//! `tabletop sim thegame` and `tabletop bench thegame`, run as a user would.

use std::path::PathBuf;
use std::process::{Command, Output};
use thegame::{Setup, State};

fn tabletop(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn temp_file(name: &str, text: &str) -> PathBuf {
    let path = std::env::temp_dir().join(format!("tabletop-{}-{name}", std::process::id()));
    std::fs::write(&path, text).expect("temp file");
    path
}

fn json(out: &Output) -> serde_json::Value {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).expect("one JSON object")
}

#[test]
fn sim_reports_win_rate_cards_left_and_speed() {
    let out = tabletop(&[
        "sim",
        "thegame",
        "--players",
        "3",
        "--bot",
        "random",
        "--games",
        "300",
        "--seed",
        "5",
    ]);
    assert!(out.status.success());
    let text = String::from_utf8_lossy(&out.stdout);
    for needle in [
        "win rate",
        "mean cards left",
        "fewer than 10 left",
        "games/s",
    ] {
        assert!(text.contains(needle), "{text}");
    }
}

#[test]
fn sim_results_do_not_depend_on_threads() {
    let run = |threads: &str| {
        json(&tabletop(&[
            "sim",
            "thegame",
            "--players",
            "2",
            "--bot",
            "heuristic",
            "--games",
            "500",
            "--seed",
            "42",
            "--threads",
            threads,
            "--json",
        ]))
    };
    let one = run("1");
    let two = run("2");
    assert_eq!(one["games"], 500);
    assert_eq!(one["bots"], two["bots"]);
    assert_eq!(one["histogram"], two["histogram"]);
    let hist: u64 = one["histogram"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(hist, 500);
}

#[test]
fn sim_plays_exactly_the_given_deals() {
    // Deals written from seeds 100..110 give the same results as those seeds. The file is
    // written as a Windows tool might: a byte-order mark, CRLF line ends, a blank line.
    let mut lines = String::from("\u{feff}");
    for seed in 100..110 {
        let deal = Setup::seeded(2, seed).deal_record().unwrap();
        lines.push_str(&serde_json::to_string(&deal).unwrap());
        lines.push_str(if seed == 104 { "\r\n\r\n" } else { "\r\n" });
    }
    let path = temp_file("deals.jsonl", &lines);
    let from_file = json(&tabletop(&[
        "sim",
        "thegame",
        "--bot",
        "heuristic",
        "--deals",
        path.to_str().unwrap(),
        "--json",
    ]));
    let from_seeds = json(&tabletop(&[
        "sim",
        "thegame",
        "--players",
        "2",
        "--bot",
        "heuristic",
        "--games",
        "10",
        "--seed",
        "100",
        "--json",
    ]));
    assert_eq!(from_file["games"], 10);
    assert_eq!(from_file["players"], 2);
    assert_eq!(from_file["histogram"], from_seeds["histogram"]);
    std::fs::remove_file(path).ok();
    // The deal JSON is exactly the documented line format.
    let state = State::new(Setup::seeded(2, 100)).unwrap();
    assert_eq!(state.draw_pile().len(), 84);
}

#[test]
fn bad_input_is_refused_with_a_reason() {
    let out = tabletop(&["sim", "thegame", "--players", "2", "--bot", "oracle"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("known bots: random, heuristic"));

    let out = tabletop(&["sim", "thegame", "--players", "7", "--games", "1"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("1 to 5 players"));

    for (games, error) in [
        ("0", "at least 1 is needed, not 0"),
        ("-5", "at least 1 is needed, not -5"),
    ] {
        let out = tabletop(&["sim", "thegame", "--players", "2", "--games", games]);
        assert!(!out.status.success());
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            err.contains(&format!(
                "invalid value '{games}' for '--games <GAMES>': {error}"
            )),
            "{err}"
        );
    }

    let out = tabletop(&["sim", "thegame", "--games", "1"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--players is required"));

    let path = temp_file(
        "bad.jsonl",
        "{\"hands\": [[2, 3, 4, 5, 6, 7, 8, 8]], \"draw_pile\": [], \"first\": 0}\n",
    );
    let out = tabletop(&["sim", "thegame", "--deals", path.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("line 1"), "{err}");
    assert!(err.contains("card 8 appears more than once"), "{err}");
    std::fs::remove_file(path).ok();
}

#[test]
fn bench_reports_games_per_second_per_core() {
    let out = tabletop(&[
        "bench",
        "thegame",
        "--bot",
        "random",
        "--players",
        "2",
        "--games",
        "2000",
        "--json",
    ]);
    let rows = json(&out);
    let row = &rows[0];
    assert_eq!(row["bot"], "random");
    assert_eq!(row["players"], 2);
    assert!(row["games_per_second_per_core"].as_f64().unwrap() > 0.0);
}
