//! `tabletop connect --seek` as a user runs it: a `tabletop serve` process, a person who makes
//! two bot accounts over HTTP, and two `tabletop connect --seek` processes that find each
//! other and play a whole The Game and a whole Power Grid game, printing one line per game.

mod common;

use common::*;
use loadgen::HttpClient;
use serde_json::{json, Value};
use std::io::{Read, Write};
use std::process::{Command, Output};

/// Signs a person up and answers the session cookie's `name=value` (read from the raw answer:
/// the shared client does not show headers).
fn sign_up(url: &str, name: &str) -> String {
    let host = url.strip_prefix("http://").unwrap();
    let body = json!({"name": name, "password": "correct horse"}).to_string();
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    write!(
        stream,
        "POST /api/account/signup HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    assert!(answer.starts_with("HTTP/1.1 201"), "{answer}");
    answer
        .lines()
        .find_map(|l| {
            let (name, value) = l.split_once(':')?;
            name.eq_ignore_ascii_case("set-cookie")
                .then(|| value.trim().split(';').next().unwrap().to_owned())
        })
        .expect("a session cookie")
}

/// The person of `cookie` makes bot account `name`; answers its API token.
async fn bot_account(http: &HttpClient, cookie: &str, name: &str) -> String {
    let body = json!({"name": name}).to_string().into_bytes();
    let (status, text) = http
        .request(
            "POST",
            "/api/account/bots",
            &[("cookie", cookie)],
            Some(body),
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{text}");
    let made: Value = serde_json::from_str(&text).unwrap();
    made["token"].as_str().unwrap().to_owned()
}

/// `tabletop connect URL --token TOKEN --seek SEEK --bot BOT --games 1`, run to its end.
fn seek_once(url: String, token: String, seek: &'static str, bot: String) -> Output {
    Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["connect", &url, "--token", &token, "--seek", seek])
        .args(["--bot", &bot, "--games", "1", "--patience-s", "30"])
        .env("RUST_LOG", "warn")
        .output()
        .unwrap()
}

/// Two bots seek `seek` at once; answers each one's printed line, after checking that both
/// played the same game to its end.
async fn two_bots_play(
    url: &str,
    tokens: &[String; 2],
    seek: &'static str,
    bots: [&str; 2],
) -> Vec<String> {
    let runs: Vec<_> = tokens
        .iter()
        .zip(bots)
        .map(|(token, bot)| {
            let (url, token, bot) = (url.to_owned(), token.clone(), bot.to_owned());
            tokio::task::spawn_blocking(move || seek_once(url, token, seek, bot))
        })
        .collect();
    let mut lines = Vec::new();
    for run in runs {
        let output = tokio::time::timeout(WAIT * 3, run)
            .await
            .expect("the game ends")
            .unwrap();
        let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
        assert!(
            output.status.success(),
            "{stdout}{}",
            String::from_utf8_lossy(&output.stderr)
        );
        let printed: Vec<&str> = stdout.lines().collect();
        assert_eq!(printed.len(), 1, "one line per game: {stdout}");
        lines.push(printed[0].to_owned());
    }
    let game = |line: &str| line.split_whitespace().next().unwrap().to_owned();
    assert_eq!(
        game(&lines[0]),
        game(&lines[1]),
        "the two bots met: {lines:?}"
    );
    assert!(game(&lines[0]).starts_with(&format!("{url}/games/")));
    lines
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_bot_accounts_seek_each_other_and_play_both_games_to_the_end() {
    let data = tempfile::tempdir().unwrap();
    let (server, http) = serve(data.path(), &["--bot-delay-ms", "0"]);
    let url = http.base().to_owned();
    let cookie = sign_up(&url, "Owner");
    let tokens = [
        bot_account(&http, &cookie, "SeekerOne").await,
        bot_account(&http, &cookie, "SeekerTwo").await,
    ];
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
        move || seek_once(url, "0".repeat(32), "thegame players=2", "random".into())
    })
    .await
    .unwrap();
    assert!(!output.status.success());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("401 bad_api_token"), "{stderr}");
    kill(server);
}
