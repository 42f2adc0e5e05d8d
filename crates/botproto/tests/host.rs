//! The host against real processes: misbehaving bots each get the documented outcome (a
//! forfeit naming the seat, the command and the line, the game finished, the run going on),
//! and the example bots pass `bot-check`. (That relays of the built-in bots equal them game for
//! game is tested with `tabletop relay-bot`, in the CLI's tests.)

use botproto::{play, public_setup, ExecSpec, External, Played, SeatBot};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

/// A Python bot that plays random legal actions (text form) and misbehaves as `act` says on
/// its third request: `act` is Python code run with `out` (stdout) in scope.
const MISBEHAVING: &str = r#"
import json, random, sys, time, os
out = sys.stdout
n = 0
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        out.write('{"type":"ready","legal":"text","view":false,"events":false}\n'); out.flush()
    elif msg["type"] == "act":
        n += 1
        if n == 3:
            MISBEHAVE
        moves = [a for a in msg["legal"] if not a.startswith("signal")]
        out.write(json.dumps({"type": "action", "action": random.choice(moves)}) + "\n"); out.flush()
"#;

/// The bot's time per answer is a minute: only the slow bot's test shortens it, so that on a
/// slow, loaded machine no other bot loses on time before it misbehaves as its test says.
fn bot(dir: &Path, name: &str, misbehave: &str) -> ExecSpec {
    let path = dir.join(format!("{name}.py"));
    std::fs::write(&path, MISBEHAVING.replace("MISBEHAVE", misbehave)).unwrap();
    let mut spec = ExecSpec::new(&format!("python3 {}", path.display()));
    spec.time_limit = Duration::from_secs(60);
    spec.log_dir = dir.join("logs");
    spec
}

/// Two games of 2-player The Game, the bot in seat 0 and the built-in random bot in seat 1.
fn two_games(spec: &ExecSpec) -> Vec<Played<thegame::State>> {
    let mut external = Some(External::<thegame::State>::new(spec.clone()));
    (0..2)
        .map(|g| {
            let setup = thegame::Setup::seeded(2, g);
            let state = thegame::State::new(setup.clone()).unwrap();
            let mut seats = vec![
                SeatBot::External(external.take().unwrap()),
                SeatBot::built_in(Box::new(bots::thegame::RandomBot::new(g))),
            ];
            let played = play(
                state,
                &mut seats,
                &public_setup(&setup),
                &[g, g + 1],
                &format!("game {g}"),
            )
            .unwrap();
            if let SeatBot::External(e) = seats.swap_remove(0) {
                external = Some(e);
            }
            played
        })
        .collect()
}

/// Both games are forfeited by seat 0 with `reason` (and `line`, if given) and still finished,
/// without waiting for the bot's 30 s sleeps (nor, but for `time_limit`, for its time).
fn assert_forfeits(
    name: &str,
    misbehave: &str,
    time_limit: Option<Duration>,
    reason: &str,
    line: Option<&str>,
) {
    let dir = tempfile::tempdir().unwrap();
    let mut spec = bot(dir.path(), name, misbehave);
    spec.time_limit = time_limit.unwrap_or(spec.time_limit);
    let t0 = Instant::now();
    let games = two_games(&spec);
    assert!(
        t0.elapsed() < Duration::from_secs(25),
        "{name}: took {:?}",
        t0.elapsed()
    );
    for (g, played) in games.iter().enumerate() {
        let f = played.forfeits[0]
            .as_ref()
            .unwrap_or_else(|| panic!("{name}: game {g} not forfeited"));
        assert_eq!(f.seat, format!("game {g} seat 0"), "{name}");
        assert_eq!(f.command, spec.command);
        assert!(f.reason.contains(reason), "{name}: {f}");
        assert_eq!(f.line.as_deref(), line, "{name}: {f}");
        assert!(f.log.starts_with(dir.path().join("logs")), "{f}");
        assert!(f.to_string().contains(&format!("exec:{}", spec.command)));
        assert_eq!(played.forfeits[1], None);
        // The game was finished by the fallback: seat 0 took more decisions than the 3 asked.
        assert!(played.decisions.iter().sum::<u64>() > 3);
    }
}

#[test]
fn a_slow_bot_forfeits_on_its_time_limit() {
    let limit = Some(Duration::from_millis(300));
    assert_forfeits(
        "slow",
        "time.sleep(30)",
        limit,
        "no answer within 300 ms",
        None,
    );
}

#[test]
fn a_crashing_bot_forfeits_with_its_exit_status() {
    assert_forfeits("crash", "sys.exit(3)", None, "exited (exit status 3)", None);
}

#[test]
fn a_bot_printing_garbage_forfeits_with_the_line() {
    assert_forfeits(
        "garbage",
        "out.write('thinking...\\n'); out.flush()",
        None,
        "not JSON",
        Some("thinking..."),
    );
    assert_forfeits(
        "unknown",
        "out.write('{\"type\":\"move\",\"action\":\"end\"}\\n'); out.flush()",
        None,
        "unknown type \"move\"",
        Some("{\"type\":\"move\",\"action\":\"end\"}"),
    );
}

#[test]
fn a_huge_line_is_refused_at_the_limit() {
    assert_forfeits(
        "huge",
        "out.write('x' * (3 << 20)); out.flush(); time.sleep(30)",
        None,
        "longer than 1048576 bytes",
        None,
    );
}

#[test]
fn an_illegal_action_forfeits_with_the_line() {
    assert_forfeits(
        "illegal",
        "out.write('{\"type\":\"action\",\"action\":\"play 1 up1\"}\\n'); out.flush(); continue",
        None,
        "illegal action",
        Some("{\"type\":\"action\",\"action\":\"play 1 up1\"}"),
    );
}

#[test]
fn a_bot_closing_its_stdout_forfeits() {
    assert_forfeits(
        "closed",
        "os.close(1); time.sleep(30)",
        None,
        "closed its stdout",
        None,
    );
}

#[test]
fn a_bot_flooding_stderr_plays_on_and_its_log_is_capped() {
    let dir = tempfile::tempdir().unwrap();
    let spec = bot(
        dir.path(),
        "flood",
        "[sys.stderr.write('y' * 65536) for _ in range(400)]; sys.stderr.flush()",
    );
    let games = two_games(&spec);
    assert!(games.iter().all(|p| p.forfeits.iter().all(Option::is_none)));
    let logs: Vec<PathBuf> = std::fs::read_dir(dir.path().join("logs"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(logs.len(), 1, "one process for both games: {logs:?}");
    let size = std::fs::metadata(&logs[0]).unwrap().len();
    assert!(
        (botproto::MAX_LOG..botproto::MAX_LOG + 200).contains(&size),
        "{size}"
    );
}

#[test]
fn a_command_that_does_not_exist_forfeits() {
    let dir = tempfile::tempdir().unwrap();
    let mut spec = ExecSpec::new("./no-such-bot --fast");
    spec.log_dir = dir.path().into();
    let games = two_games(&spec);
    let f = games[0].forfeits[0].as_ref().unwrap();
    assert!(f.reason.contains("exited (exit status 127)"), "{f}");
}

#[test]
fn the_example_bots_pass_bot_check() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../examples/bots");
    for (file, game) in [
        ("thegame_random.py", "thegame"),
        ("thegame_greedy.py", "thegame"),
        ("powergrid_random.py", "powergrid"),
        ("powergrid_greedy.py", "powergrid"),
        ("powergrid_planner.py", "powergrid"),
        ("random.pl", "thegame"),
        ("random.pl", "powergrid"),
    ] {
        let interpreter = if file.ends_with(".pl") {
            "perl"
        } else {
            "python3"
        };
        let mut spec = ExecSpec::new(&format!("{interpreter} {}", root.join(file).display()));
        spec.log_dir = std::env::temp_dir().join("tabletop-bot-logs-tests");
        let report = botproto::check::check_game(game, &spec, 3).unwrap();
        assert!(
            report.violations.is_empty(),
            "{file}: {:?}",
            report.violations
        );
        assert!(
            report.decisions > 0 && report.games == 9,
            "{file}: {report:?}"
        );
        assert!(report.name.is_some());
    }
}

#[test]
fn bot_check_reports_every_violation_with_its_line() {
    let dir = tempfile::tempdir().unwrap();
    let spec = bot(dir.path(), "garbage", "out.write('oops\\n'); out.flush()");
    let report = botproto::check::check_game("thegame", &spec, 2).unwrap();
    // Every game where the bot is asked three times breaks; each is reported with the line.
    assert!(report.violations.len() >= 3, "{:?}", report.violations);
    for v in &report.violations {
        assert_eq!(v.forfeit.line.as_deref(), Some("oops"), "{v}");
        assert!(v.to_string().starts_with('['), "{v}");
    }
    assert!(botproto::check::check_game("chess", &spec, 1).is_err());
}

/// Power Grid's `start` carries the static data, built for the game's own map and regions;
/// The Game's carries none.
#[test]
fn start_carries_the_static_data_of_power_grid_only() {
    let dir = tempfile::tempdir().unwrap();
    let seen = dir.path().join("seen.jsonl");
    let random = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/bots/powergrid_random.py"
    );
    let mut spec = ExecSpec::new(&format!("tee {} | python3 {random}", seen.display()));
    spec.time_limit = Duration::from_secs(60);
    spec.log_dir = dir.path().join("logs");
    let setup = powergrid::Setup::new(3, powergrid::MapId::Usa, 4);
    let state = powergrid::State::new(setup.clone()).unwrap();
    let cities = state.board().cities().count();
    let mut seats = vec![
        SeatBot::External(External::<powergrid::State>::new(spec)),
        SeatBot::built_in(Box::new(bots::powergrid::RandomBot::new(1))),
        SeatBot::built_in(Box::new(bots::powergrid::RandomBot::new(2))),
    ];
    let played = play(state, &mut seats, &public_setup(&setup), &[1, 2, 3], "").unwrap();
    assert!(played.forfeits.iter().all(Option::is_none));
    drop(seats);
    let lines = std::fs::read_to_string(&seen).unwrap();
    let start: serde_json::Value = lines
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .find(|m: &serde_json::Value| m["type"] == "start")
        .unwrap();
    let data = &start["static"];
    assert_eq!(data["map"]["id"], "usa");
    assert_eq!(data["rules"]["plants"].as_array().unwrap().len(), 42);
    assert_eq!(data["regions_in_play"].as_array().unwrap().len(), 3);
    assert_eq!(data["cities_in_play"].as_array().unwrap().len(), cities);
    let mut no_static = ExecSpec::new(&format!(
        "tee {} | python3 {}",
        seen.display(),
        random.replace("powergrid_random", "thegame_random")
    ));
    no_static.log_dir = dir.path().join("logs");
    let g = thegame::Setup::seeded(2, 1);
    let mut seats = vec![
        SeatBot::External(External::<thegame::State>::new(no_static)),
        SeatBot::built_in(Box::new(bots::thegame::RandomBot::new(1))),
    ];
    play(
        thegame::State::new(g.clone()).unwrap(),
        &mut seats,
        &public_setup(&g),
        &[1, 2],
        "",
    )
    .unwrap();
    drop(seats);
    let lines = std::fs::read_to_string(&seen).unwrap();
    let start = lines
        .lines()
        .find(|l| l.contains(r#""type":"start""#))
        .unwrap();
    assert!(!start.contains("static"), "{start}");
}

/// A bot that plans: on each request it plays its lowest cards above `up1` on `up1` while it
/// has two (the first as `action`, the second, `end` and an illegal play after it in `then`),
/// otherwise a random legal action. `LAST` is what its plan ends with.
const PLANNER: &str = r#"
import json, random, sys
random.seed(1)
out = sys.stdout
for line in sys.stdin:
    msg = json.loads(line)
    if msg["type"] == "hello":
        out.write('{"type":"ready","legal":"text","events":false}\n'); out.flush()
    elif msg["type"] == "act":
        view, legal = msg["view"], msg["legal"]
        above = sorted(c for c in view["hand"] if c > view["tops"][0])[:2]
        first = [f"play {c} up1" for c in above]
        if len(first) == 2 and view["played_this_turn"] == 0 and all(p in legal for p in first[:1]):
            answer = {"type": "action", "action": first[0], "then": [first[1], LAST]}
        else:
            answer = {"type": "action", "action": random.choice(legal)}
        out.write(json.dumps(answer) + "\n"); out.flush()
"#;

fn planner(dir: &Path, last: &str) -> ExecSpec {
    let path = dir.join("planner.py");
    std::fs::write(&path, PLANNER.replace("LAST", last)).unwrap();
    let mut spec = ExecSpec::new(&format!("python3 {}", path.display()));
    spec.time_limit = Duration::from_secs(60);
    spec.log_dir = dir.join("logs");
    spec
}

/// Two games of [`two_games`] with `spec`, and the requests its bot was sent.
fn two_games_counted(spec: &ExecSpec) -> (Vec<Played<thegame::State>>, u64) {
    let mut external = External::<thegame::State>::new(spec.clone());
    let mut games = Vec::new();
    for g in 0..2 {
        let setup = thegame::Setup::seeded(2, g);
        let mut seats = vec![
            SeatBot::External(external),
            SeatBot::built_in(Box::new(bots::thegame::RandomBot::new(g))),
        ];
        let state = thegame::State::new(setup.clone()).unwrap();
        games.push(play(state, &mut seats, &public_setup(&setup), &[g, g + 1], "").unwrap());
        let SeatBot::External(e) = seats.swap_remove(0) else {
            unreachable!()
        };
        external = e;
    }
    let requests = external.session().requests();
    (games, requests)
}

#[test]
fn a_plan_is_played_without_requests_up_to_a_draw() {
    let dir = tempfile::tempdir().unwrap();
    // `end` draws: the illegal play planned after it is never due, so nothing is forfeited.
    let (games, requests) = two_games_counted(&planner(dir.path(), "'end', 'play 1 up1'"));
    assert!(games.iter().all(|p| p.forfeits.iter().all(Option::is_none)));
    let decisions: u64 = games.iter().map(|p| p.decisions[0]).sum();
    // Every plan of two plays and `end` saves two requests (the games are short: the random
    // partner loses them early).
    assert!(
        requests + 4 <= decisions,
        "{requests} requests for {decisions} decisions"
    );
}

#[test]
fn a_planned_action_that_is_not_legal_when_due_forfeits_with_the_line() {
    let dir = tempfile::tempdir().unwrap();
    let (games, _) = two_games_counted(&planner(dir.path(), "'play 1 up1'"));
    for played in &games {
        let f = played.forfeits[0].as_ref().expect("forfeited");
        assert!(
            f.reason
                .starts_with("planned (in `then`) an action that is not legal when it is due"),
            "{f}"
        );
        assert!(
            f.line.as_deref().unwrap().contains(r#""play 1 up1""#),
            "{f}"
        );
    }
}

/// The example bot written from the docs alone, which prices cities by their cheapest
/// connection and plants by their fuel and capacity from `start`'s static data, plays sensible
/// Power Grid: it beats two random players.
#[test]
fn the_static_data_planner_beats_random_players() {
    let dir = tempfile::tempdir().unwrap();
    let planner = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../examples/bots/powergrid_planner.py"
    );
    let mut spec = ExecSpec::new(&format!("python3 {planner}"));
    spec.time_limit = Duration::from_secs(60);
    spec.log_dir = dir.path().join("logs");
    let mut external = External::<powergrid::State>::new(spec);
    let games = 6;
    let mut won = 0;
    for g in 0..games {
        let setup = powergrid::Setup::new(3, powergrid::MapId::Germany, 100 + g);
        let mine = (g % 3) as usize;
        let mut seats: Vec<SeatBot<powergrid::State>> = (0..3)
            .map(|s| SeatBot::built_in(Box::new(bots::powergrid::RandomBot::new(g * 3 + s))))
            .collect();
        seats[mine] = SeatBot::External(external);
        let state = powergrid::State::new(setup.clone()).unwrap();
        let played = play(
            state,
            &mut seats,
            &public_setup(&setup),
            &[g, g + 1, g + 2],
            "",
        )
        .unwrap();
        assert!(
            played.forfeits.iter().all(Option::is_none),
            "{:?}",
            played.forfeits
        );
        won += u32::from(played.outcome.winners.contains(&engine::Seat(mine as u8)));
        let SeatBot::External(e) = seats.swap_remove(mine) else {
            unreachable!()
        };
        external = e;
    }
    assert!(won >= 5, "won {won} of {games} against two random players");
}
