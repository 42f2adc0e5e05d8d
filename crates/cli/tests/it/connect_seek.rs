//! `tabletop connect --seek` as a user runs it: a `tabletop serve` process, a person who makes
//! two bot accounts over HTTP, and two `tabletop connect --seek` processes that find each
//! other and play a whole The Game and a whole Power Grid game, printing one line per game.

use crate::common;

use common::*;
use loadgen::HttpClient;
use serde_json::json;
use std::process::{Command, Output};

/// A server (bots without pause) in `data`, and a person who made bot accounts `names`: the
/// server process, a client for it, and the bots' API tokens.
async fn server_with_bots(
    data: &std::path::Path,
    names: [&str; 2],
) -> (std::process::Child, HttpClient, [String; 2]) {
    let (server, http) = serve(data, &["--bot-delay-ms", "0"]);
    let cookie = sign_up(http.base(), "Owner");
    let tokens = [
        bot_account(&http, &cookie, names[0]).await,
        bot_account(&http, &cookie, names[1]).await,
    ];
    (server, http, tokens)
}

/// `tabletop connect URL --token TOKEN --seek SEEK --bot BOT --games GAMES`, run to its end.
fn seek_games(url: String, token: String, seek: &'static str, bot: String, games: u32) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["connect", &url, "--token", &token, "--seek", seek])
        .args(["--bot", &bot, "--games", &games.to_string()])
        .args(["--patience-s", "30"])
        .env("RUST_LOG", "warn")
        .output()
        .unwrap()
}

/// The game link a printed line starts with.
fn game_of(line: &str) -> &str {
    line.split_whitespace().next().unwrap()
}

/// Two bots each seek `seek` for `games` games at once; answers each one's printed lines,
/// after checking that both ran to their end and played the same games, in the same order.
async fn two_bots_play_games(
    url: &str,
    tokens: &[String; 2],
    seek: &'static str,
    bots: [&str; 2],
    games: u32,
) -> [Vec<String>; 2] {
    let runs: Vec<_> = tokens
        .iter()
        .zip(bots)
        .map(|(token, bot)| {
            let (url, token, bot) = (url.to_owned(), token.clone(), bot.to_owned());
            tokio::task::spawn_blocking(move || seek_games(url, token, seek, bot, games))
        })
        .collect();
    let mut lines = Vec::new();
    for run in runs {
        let output = tokio::time::timeout(WAIT * (2 + games), run)
            .await
            .expect("the games end")
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let printed: Vec<String> = stdout.lines().map(str::to_owned).collect();
        assert_eq!(printed.len(), games as usize, "one line per game: {stdout}");
        lines.push(printed);
    }
    let [first, second]: [Vec<String>; 2] = lines.try_into().unwrap();
    for (a, b) in first.iter().zip(&second) {
        assert_eq!(
            game_of(a),
            game_of(b),
            "the two bots met: {first:?} {second:?}"
        );
        assert!(game_of(a).starts_with(&format!("{url}/games/")));
    }
    [first, second]
}

/// Two bots seek `seek` at once for one game; answers each one's printed line.
async fn two_bots_play(
    url: &str,
    tokens: &[String; 2],
    seek: &'static str,
    bots: [&str; 2],
) -> Vec<String> {
    two_bots_play_games(url, tokens, seek, bots, 1)
        .await
        .into_iter()
        .flatten()
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bot_accounts_seek_each_other_and_play_both_games_to_the_end() {
    let data = tempfile::tempdir().unwrap();
    let (server, http, tokens) = server_with_bots(data.path(), ["SeekerOne", "SeekerTwo"]).await;
    let url = http.base().to_owned();
    let relay = format!(
        "exec:{} relay-bot thegame heuristic",
        env!("CARGO_BIN_EXE_tabletop")
    );
    let lines = two_bots_play(&url, &tokens, "thegame players=2", ["heuristic", &relay]).await;
    let link = lines[0].split_whitespace().next().unwrap();
    let id = link.rsplit('/').next().unwrap();
    let (status, info) = call(&http, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(status, 200, "{info}");
    assert!(!info["outcome"].is_null(), "ended: {info}");
    for line in &lines {
        assert!(line.contains(" thegame "), "{line}");
        assert!(
            line.contains(&info["outcome"].to_string()),
            "the outcome printed is the server's: {line} / {}",
            info["outcome"]
        );
    }
    // Both seats are the bot accounts', shown on their player pages.
    for name in ["SeekerOne", "SeekerTwo"] {
        let (_, page) = call(&http, "GET", &format!("/api/players/{name}"), None, None).await;
        assert_eq!(page["bot"], true);
        assert_eq!(page["games"][0]["game"], id, "{page}");
    }

    let lines = two_bots_play(
        &url,
        &tokens,
        "powergrid players=2 map=germany",
        ["heuristic", "heuristic"],
    )
    .await;
    let link = lines[0].split_whitespace().next().unwrap();
    let id = link.rsplit('/').next().unwrap();
    let (_, info) = call(&http, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(info["kind"], "powergrid");
    assert!(!info["outcome"].is_null(), "ended: {info}");
    kill(server);
}

/// Regression: two bots seeking game after game met in the first game only; from the second
/// on, each waited in an open game of its own.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bots_meet_again_game_after_game() {
    let data = tempfile::tempdir().unwrap();
    let (server, http, tokens) = server_with_bots(data.path(), ["AgainOne", "AgainTwo"]).await;
    let url = http.base().to_owned();
    let [first, _] = two_bots_play_games(
        &url,
        &tokens,
        "powergrid players=2 map=germany",
        ["heuristic", "heuristic"],
        3,
    )
    .await;
    let mut games: Vec<&str> = first.iter().map(|l| game_of(l)).collect();
    games.dedup();
    assert_eq!(games.len(), 3, "three different games: {first:?}");
    let (_, open) = call(&http, "GET", "/api/open-games", None, None).await;
    assert_eq!(open["games"], json!([]), "nobody is left waiting");
    kill(server);
}

/// Two bot accounts seek rated Power Grid through `tabletop connect`: the game a seek opens is
/// rated and timed, both play it to the end, and the leaderboard and their player pages then
/// show their new ratings, marked as bots.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bot_accounts_seek_rated_games_and_their_ratings_change() {
    let data = tempfile::tempdir().unwrap();
    let names = ["RatedOne", "RatedTwo"];
    let (server, http, tokens) = server_with_bots(data.path(), names).await;
    let url = http.base().to_owned();
    let (_, board) = call(&http, "GET", "/api/leaderboards/powergrid", None, None).await;
    assert_eq!(board["standings"], json!([]), "nobody is rated yet");
    let [first, _] = two_bots_play_games(
        &url,
        &tokens,
        "powergrid players=2 map=germany rated=yes",
        ["heuristic", "heuristic"],
        2,
    )
    .await;
    for line in &first {
        let id = game_of(line).rsplit('/').next().unwrap();
        let (_, info) = call(&http, "GET", &format!("/api/games/{id}"), None, None).await;
        assert!(!info["outcome"].is_null(), "ended: {info}");
        assert_eq!(info["options"]["rated"], true, "{info}");
        assert_eq!(info["options"]["clock"]["type"], "per_move", "{info}");
    }
    // The results are written as each game ends; the last may lag the printed line a little.
    let deadline = std::time::Instant::now() + WAIT;
    let standings = loop {
        let (_, board) = call(&http, "GET", "/api/leaderboards/powergrid", None, None).await;
        let standings = board["standings"].as_array().cloned().unwrap_or_default();
        if standings.iter().all(|s| s["games"] == 2) && standings.len() == 2 {
            break standings;
        }
        assert!(std::time::Instant::now() < deadline, "{board}");
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    };
    for name in names {
        let row = standings.iter().find(|s| s["name"] == name).unwrap();
        assert_eq!(row["bot"], true, "{row}");
        let (_, page) = call(&http, "GET", &format!("/api/players/{name}"), None, None).await;
        let ratings = page["ratings"].as_array().unwrap();
        assert_eq!(ratings.len(), 2, "one rating per rated game: {page}");
        let last = ratings[1]["rating"].as_f64().unwrap();
        assert!((last - 25.0).abs() > 1e-6, "{name}'s rating moved: {page}");
        assert_eq!(row["rating"].as_f64(), Some(last), "{row} / {page}");
        assert!(
            ratings[1]["deviation"].as_f64() < ratings[0]["deviation"].as_f64(),
            "each game makes the rating surer: {page}"
        );
        assert!(page["games"]
            .as_array()
            .unwrap()
            .iter()
            .all(|g| g["rated"] == true));
    }
    kill(server);
}

/// The open game a seek waits in, once it is listed with `bot` waiting.
async fn waiting_game_of(http: &HttpClient, bot: &str) -> String {
    let deadline = std::time::Instant::now() + WAIT;
    loop {
        let (_, open) = call(http, "GET", "/api/open-games", None, None).await;
        let found = open["games"].as_array().into_iter().flatten().find(|g| {
            g["seats"]
                .as_array()
                .is_some_and(|s| s.iter().any(|s| s["name"] == bot))
        });
        if let Some(game) = found {
            return game["game"].as_str().unwrap().to_owned();
        }
        assert!(
            std::time::Instant::now() < deadline,
            "{bot} never waited: {open}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
}

/// A seek process plays on when its rival runs out of time or leaves (the stand-in bot
/// finishes the rival's seat), seeks its next game, and when it must stop (here, the server
/// gone while it waits) says why.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_seek_outlives_rivals_who_time_out_or_leave_and_says_why_it_stops() {
    let data = tempfile::tempdir().unwrap();
    let (server, http) = serve(data.path(), &["--bot-delay-ms", "0"]);
    let url = http.base().to_owned();
    let cookie = sign_up(&url, "Owner");
    let token = bot_account(&http, &cookie, "Stayer").await;
    // Game 1: a person opens a game with a short clock and never moves.
    let body = json!({"kind": "thegame", "setup": {"players": 2},
        "seats": [{"type": "human"}, {"type": "open"}],
        "options": {"clock": {"type": "per_move", "seconds": 3}}});
    let (status, created) = call(&http, "POST", "/api/games", None, Some(body)).await;
    assert_eq!(status, 201, "{created}");
    let first = game_id(&created);
    let run = tokio::task::spawn_blocking({
        let (url, token) = (url.clone(), token.clone());
        move || {
            Command::new(env!("CARGO_BIN_EXE_tabletop"))
                .args([
                    "connect",
                    &url,
                    "--token",
                    &token,
                    "--seek",
                    "thegame players=2",
                ])
                .args(["--bot", "heuristic", "--games", "3", "--patience-s", "2"])
                .env("RUST_LOG", "warn")
                .output()
                .unwrap()
        }
    });
    // Game 2: opened by the seek; a person joins it and leaves at once.
    let second = waiting_game_of(&http, "Stayer").await;
    assert_ne!(second, first, "the first game was joined, not waited in");
    let (status, joined) = call(
        &http,
        "POST",
        &format!("/api/open-games/{second}/join"),
        None,
        None,
    )
    .await;
    assert_eq!(status, 200, "{joined}");
    let rival = joined["token"].as_str().unwrap();
    let (status, left) = call(
        &http,
        "POST",
        &format!("/api/games/{second}/leave"),
        Some(rival),
        None,
    )
    .await;
    assert_eq!(status, 200, "{left}");
    // Game 3 never fills: the server goes away while the seek waits.
    let third = waiting_game_of(&http, "Stayer").await;
    assert_ne!(third, second);
    for (game, away) in [(&first, "timed_out"), (&second, "left")] {
        let info = info_until(&http, game, |i| !i["outcome"].is_null()).await;
        let seats = info["seats"].as_array().unwrap();
        assert!(seats.iter().any(|s| s["away"] == away), "{away}: {info}");
    }
    kill(server);
    let output = tokio::time::timeout(WAIT, run)
        .await
        .expect("the run stops")
        .unwrap();
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    let printed: Vec<&str> = stdout.lines().collect();
    assert_eq!(printed.len(), 2, "two games played: {stdout}{stderr}");
    assert!(
        printed[0].contains(&first) && printed[1].contains(&second),
        "{stdout}"
    );
    assert!(!output.status.success());
    assert!(
        stderr.contains("could not be reached within 2 s"),
        "says why it stopped: {stderr}"
    );
}

#[test]
fn a_bad_seek_is_refused_before_connecting_with_every_problem() {
    // Nothing listens on port 9: the seek's problems are found first.
    let output = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([
            "connect",
            "http://127.0.0.1:9",
            "--token",
            "t",
            "--bot",
            "random",
        ])
        .args(["--seek", "powergrid players=seven colour=red"])
        .output()
        .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    for said in ["\"seven\"", "\"colour\"", "needs a map"] {
        assert!(stderr.contains(said), "{said} missing: {stderr}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_api_token_ends_the_run_with_the_servers_words() {
    let data = tempfile::tempdir().unwrap();
    let (server, http) = serve(data.path(), &[]);
    let output = tokio::task::spawn_blocking({
        let url = http.base().to_owned();
        move || seek_games(url, "0".repeat(32), "thegame players=2", "random".into(), 1)
    })
    .await
    .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("401 bad_api_token"), "{stderr}");
    kill(server);
}
