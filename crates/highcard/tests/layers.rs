//! High Card through every layer that is generic over the game contract: the tournament
//! runner and its log, the record and its replay, external bots over `tabletop-bot/1` seated
//! by the runner, and the protocol checker (`tabletop bot-check`). The server's tests play it
//! over HTTP and WebSocket (`crates/server/tests`).

use botproto::ExecSpec;
use engine::{Game, Record};
use highcard::{HighCard, Setup};
use sim::{Options, Report, Tournament};

fn lineup(specs: &[&str]) -> Vec<String> {
    specs.iter().map(|s| (*s).to_owned()).collect()
}

fn run(t: &Tournament<HighCard>, games: u64, threads: usize, log: Option<&mut Vec<u8>>) -> Report {
    sim::run(
        t,
        Options {
            games,
            threads,
            log: log.map(|l| l as &mut dyn std::io::Write),
            progress: &|_| {},
        },
    )
    .unwrap()
}

/// The command of an external seat playing the registered bot `bot`.
fn exec(bot: &str) -> String {
    format!("exec:{} {bot}", env!("CARGO_BIN_EXE_highcard-bot"))
}

fn template() -> ExecSpec {
    ExecSpec {
        time_limit: std::time::Duration::from_secs(10),
        log_dir: std::env::temp_dir().join("tabletop-highcard-bot-logs"),
        ..ExecSpec::new("")
    }
}

#[test]
fn a_tournament_rotates_seats_tallies_and_logs_replayable_records() {
    let t = Tournament::<HighCard>::new((), lineup(&["random", "high", "high"]), 5, None).unwrap();
    assert!(t.rotates());
    let mut log = Vec::new();
    let report = run(&t, 60, 2, Some(&mut log));
    let single = run(&t, 60, 1, None);
    assert_eq!(report.games, 60);
    for (a, b) in report.bots.iter().zip(&single.bots) {
        assert_eq!((a.wins, &a.means), (b.wins, &b.means), "{}", a.bot);
    }
    let [random, high] = [&report.bots[0], &report.bots[1]];
    assert_eq!((random.bot.as_str(), high.bot.as_str()), ("random", "high"));
    assert_eq!((random.seat_games, high.seat_games), (60, 120));
    // Every game's win is shared out in full, and 24 cards make 8 tricks a 3-player game.
    assert!((random.wins + high.wins - 60.0).abs() < 1e-9);
    let tricks = random.means["tricks"] * 60.0 + high.means["tricks"] * 120.0;
    assert!((tricks - 480.0).abs() < 1e-6, "{tricks}");
    // Taking tricks when it can beats throwing random cards.
    assert!(high.means["tricks"] > random.means["tricks"], "{report:?}");

    let lines: Vec<&str> = std::str::from_utf8(&log).unwrap().lines().collect();
    assert_eq!(lines.len(), 60);
    for (g, line) in lines.iter().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).unwrap();
        assert_eq!(value["game"], "highcard");
        let record = Record::<HighCard>::from_value(value).unwrap();
        let seated: Vec<String> = t
            .seating(g as u64)
            .1
            .iter()
            .map(|s| s.to_string())
            .collect();
        assert_eq!(record.bots.as_ref(), Some(&seated));
        let mut state = HighCard::new(record.setup.clone()).unwrap();
        let mut signals = 0;
        record
            .play_on(&mut state, |_, _, _, action, _| {
                signals += usize::from(matches!(action, highcard::Action::Signal { .. }));
            })
            .unwrap();
        assert!(state.outcome().is_some());
        assert!(signals > 0, "the high bot's two-action turns are recorded");
    }
}

#[test]
fn a_record_that_lies_about_its_end_does_not_replay() {
    let t = Tournament::<HighCard>::everyone("high", 2, (), 1, None).unwrap();
    let mut log = Vec::new();
    run(&t, 1, 1, Some(&mut log));
    let mut value: serde_json::Value = serde_json::from_slice(&log).unwrap();
    value["outcome"] = serde_json::json!([12, 0]);
    let record = Record::<HighCard>::from_value(value).unwrap();
    let mut state = HighCard::new(record.setup.clone()).unwrap();
    let err = record.play_on(&mut state, |_, _, _, _, _| {}).unwrap_err();
    assert!(
        err.to_string()
            .starts_with("the record says the game ends with [12,0], but its actions lead to ["),
        "{err}"
    );
}

/// An external seat running the `high` bot over the protocol plays exactly the games of the
/// built-in `high` bot in that seat.
#[test]
fn external_bots_play_as_the_built_in_ones() {
    let built_in = Tournament::<HighCard>::new((), lineup(&["high", "random"]), 3, None).unwrap();
    let external = Tournament::<HighCard>::new((), lineup(&[&exec("high"), "random"]), 3, None)
        .unwrap()
        .with_exec(&template());
    let (a, b) = (run(&built_in, 8, 2, None), run(&external, 8, 2, None));
    assert_eq!(b.bots[0].forfeits, 0);
    for (a, b) in a.bots.iter().zip(&b.bots) {
        assert_eq!((a.wins, &a.means), (b.wins, &b.means));
    }
}

#[test]
fn bot_check_passes_a_protocol_bot_and_flags_a_broken_one() {
    let setups: Vec<Setup> = (0..6)
        .map(|g| Setup {
            players: 2 + (g % 3) as u8,
            seed: 100 + g,
        })
        .collect();
    let opponent = |seed| bots::find::<HighCard>("random").unwrap().build(seed);
    let spec = |command: &str| ExecSpec {
        command: command.trim_start_matches("exec:").to_owned(),
        ..template()
    };
    let good = botproto::check::check::<HighCard>(&spec(&exec("high")), &setups, opponent);
    assert!(good.violations.is_empty(), "{:?}", good.violations);
    assert!(good.games >= setups.len() as u64 && good.decisions > 0);
    let bad = botproto::check::check::<HighCard>(&spec("echo nonsense"), &setups, opponent);
    assert!(!bad.violations.is_empty());
}
