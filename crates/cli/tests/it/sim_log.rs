//! `tabletop sim … --log FILE` writes records that `tabletop replay FILE` plays as they are;
//! `sim powergrid` without `--seats` seats the heuristic everywhere and counts each game once.

use std::path::PathBuf;
use std::process::{Command, Output};

fn tabletop(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(args)
        .output()
        .expect("the binary runs")
}

fn temp(name: &str) -> PathBuf {
    std::env::temp_dir().join(format!("tabletop-log-{}-{name}", std::process::id()))
}

fn ok(out: &Output) -> String {
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8_lossy(&out.stdout).into_owned()
}

/// Runs `sim` with `--log`, then replays the log: every record replays to its outcome.
fn log_then_replay(sim: &[&str], games: usize, name: &str) -> String {
    let path = temp(name);
    let mut args = sim.to_vec();
    args.extend(["--log", path.to_str().unwrap()]);
    ok(&tabletop(&args));
    let log = std::fs::read_to_string(&path).unwrap();
    assert_eq!(log.lines().count(), games, "one record per line");
    let replayed = ok(&tabletop(&["replay", "--quiet", path.to_str().unwrap()]));
    for n in 1..=games {
        assert!(replayed.contains(&format!("Record {n}:\n")), "{replayed}");
    }
    // Each line alone is a record too.
    let first = temp(&format!("first-{name}"));
    std::fs::write(&first, log.lines().next().unwrap()).unwrap();
    let alone = ok(&tabletop(&["replay", first.to_str().unwrap()]));
    assert!(alone.contains("Bots: "), "{alone}");
    assert!(!alone.contains("Record 1:"), "{alone}");
    std::fs::remove_file(first).ok();
    std::fs::remove_file(path).ok();
    log
}

#[test]
fn power_grid_logs_replay() {
    let log = log_then_replay(
        &[
            "sim",
            "powergrid",
            "--seats",
            "random,heuristic",
            "--games",
            "4",
            "--seed",
            "8",
        ],
        4,
        "pg.jsonl",
    );
    assert!(
        log.contains("{\"seat\":1,\"action\":"),
        "actions carry their seat"
    );
    assert!(log.contains("\"turn_order\":["), "the setup is explicit");
}

#[test]
fn the_game_logs_replay() {
    log_then_replay(
        &[
            "sim",
            "thegame",
            "--players",
            "4",
            "--bot",
            "heuristic",
            "--games",
            "5",
        ],
        5,
        "tg.jsonl",
    );
}

#[test]
fn a_record_whose_outcome_does_not_follow_is_refused() {
    let path = temp("tampered.jsonl");
    ok(&tabletop(&[
        "sim",
        "thegame",
        "--players",
        "2",
        "--bot",
        "random",
        "--games",
        "1",
        "--log",
        path.to_str().unwrap(),
    ]));
    let mut record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    record["outcome"] = serde_json::json!({"type": "won"});
    std::fs::write(&path, record.to_string()).unwrap();
    let out = tabletop(&["replay", path.to_str().unwrap()]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(
            "the record says the game ends with {\"type\":\"won\"}, but its actions lead to"
        ),
        "{err}"
    );
    std::fs::remove_file(path).ok();
}

#[test]
fn power_grid_seats_default_to_the_heuristic_and_count_each_game_once() {
    let out = ok(&tabletop(&[
        "sim",
        "powergrid",
        "--players",
        "4",
        "--games",
        "20",
        "--json",
    ]));
    let report: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(report["seats"], serde_json::json!(vec!["heuristic"; 4]));
    assert_eq!(report["seats_rotate"], false);
    let bot = &report["bots"][0];
    assert_eq!(
        (bot["games"].as_u64(), bot["seat_games"].as_u64()),
        (Some(20), Some(80))
    );
    // Every decision is timed: as many as the report counts, the 99th percentile within the max.
    let times = &bot["decision_times"];
    let decisions = bot["decisions_per_game"].as_f64().unwrap() * 80.0;
    assert_eq!(
        times["decisions"].as_f64().map(f64::round),
        Some(decisions.round())
    );
    assert!(times["p99_ms"].as_f64().unwrap() <= times["max_ms"].as_f64().unwrap());
    let out = tabletop(&[
        "sim",
        "powergrid",
        "--players",
        "3",
        "--seats",
        "random,heuristic",
    ]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--seats lists 2 bots for --players 3"));
    let out = tabletop(&["sim", "powergrid", "--seats", "random,oracle"]);
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr)
        .contains("no powergrid bot named \"oracle\"; known bots: random, heuristic, search"));
}

#[test]
fn help_shows_defaults_and_bots() {
    let help = ok(&tabletop(&["sim", "powergrid", "--help"]));
    for needle in [
        "[default: heuristic in every seat]",
        "[possible values: random, heuristic, search, casual, builder, tycoon, hoarder, blocker, \
         green]",
        "--against <AGAINST>",
        "[default: germany]",
        "[default: 100]",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
    let help = ok(&tabletop(&["sim", "thegame", "--help"]));
    for needle in [
        "[default: heuristic]",
        "[possible values: random, heuristic, search]",
        "[default: 10000;",
    ] {
        assert!(help.contains(needle), "{needle}: {help}");
    }
}

/// The table's columns line up whatever the length of a bot's name (an `exec:` command).
#[test]
fn the_powergrid_table_fits_long_exec_names() {
    let relay = format!(
        "exec:{} relay-bot powergrid random",
        env!("CARGO_BIN_EXE_tabletop")
    );
    let seats = format!("{relay},random,random");
    let out = ok(&tabletop(&[
        "sim",
        "powergrid",
        "--players",
        "3",
        "--games",
        "3",
        "--seats",
        &seats,
    ]));
    let table: Vec<&str> = out
        .lines()
        .skip_while(|l| !l.starts_with("bot "))
        .take(3)
        .collect();
    assert_eq!(table.len(), 3, "{out}");
    assert!(
        table[1].starts_with(&relay) || table[2].starts_with(&relay),
        "{out}"
    );
    let header_games_end = table[0].find("games").unwrap() + "games".len();
    for row in &table[1..] {
        let name_end = if row.starts_with(&relay) {
            relay.len()
        } else {
            "random".len()
        };
        let games_end = name_end
            + row[name_end..].find(|c: char| c != ' ').unwrap()
            + row[name_end..].trim_start().find(' ').unwrap();
        assert_eq!(games_end, header_games_end, "{out}");
    }
}
