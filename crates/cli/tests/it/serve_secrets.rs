//! No secret of an account reaches `tabletop serve`'s log or its data directory: not a
//! password (right or wrong, at sign-up, login or deletion), not a session cookie, not a bot's
//! API token, not a seat token. The server is run as an operator debugging it would run it, with
//! `RUST_LOG=debug`, and every file it wrote is searched afterwards.

use crate::common;

use common::*;
use serde_json::json;
use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_password_or_token_reaches_the_log_or_the_disk() {
    let data = tempfile::tempdir().unwrap();
    let logs = tempfile::tempdir().unwrap();
    let log_path = logs.path().join("serve.log");
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["serve", "--addr", "127.0.0.1:0", "--data"])
        .arg(data.path())
        .env("RUST_LOG", "debug")
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log_path).unwrap())
        .spawn()
        .unwrap();
    let mut stdout = BufReader::new(child.stdout.take().unwrap());
    let mut first = String::new();
    stdout.read_line(&mut first).unwrap();
    let url = first
        .strip_prefix("Tabletop is running: open ")
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .trim()
        .trim_end_matches('/')
        .to_owned();
    let http = loadgen::HttpClient::new(&url);

    let mut secrets: Vec<String> = Vec::new();
    let password = "Sesame-password-1";
    let body = json!({"name": "Keeper", "password": password});
    let (status, cookie) = post_for_cookie(&url, "/api/account/signup", &body);
    assert!(status.contains(" 201 "), "{status}");
    let cookie = cookie.unwrap();
    secrets.push(password.into());
    for (name, guess) in [("Keeper", "Wrong-guess-22"), ("Nobody", "Unknown-guess-33")] {
        let body = json!({"name": name, "password": guess});
        let (status, cookie) = post_for_cookie(&url, "/api/account/login", &body);
        assert!(status.contains(" 401 "), "{status}");
        assert!(cookie.is_none());
        secrets.push(guess.into());
    }
    let body = json!({"name": "Keeper", "password": password});
    let (status, second) = post_for_cookie(&url, "/api/account/login", &body);
    assert!(status.contains(" 200 "), "{status}");
    let second = second.unwrap();
    for session in [&cookie, &second] {
        secrets.push(session.split_once('=').unwrap().1.to_owned());
    }
    let api_token = bot_account(&http, &second, "KeeperBot").await;
    secrets.push(api_token.clone());
    let seek = json!({"kind": "thegame", "players": 2});
    let (status, seat) = call(&http, "POST", "/api/bot/seek", Some(&api_token), Some(seek)).await;
    assert_eq!(status, 200, "{seat}");
    secrets.push(seat["token"].as_str().unwrap().to_owned());
    let (status, answer) = http
        .request(
            "POST",
            "/api/account/delete",
            &[("cookie", &second)],
            Some(
                json!({"password": "Delete-guess-44"})
                    .to_string()
                    .into_bytes(),
            ),
        )
        .await
        .unwrap();
    assert_eq!(status, 401, "{answer}");
    secrets.push("Delete-guess-44".into());
    kill(child);

    let log = std::fs::read(&log_path).unwrap();
    assert!(
        String::from_utf8_lossy(&log).contains("bot account created"),
        "the log was written at debug level"
    );
    let mut files = vec![(log_path.clone(), log)];
    for file in std::fs::read_dir(data.path()).unwrap() {
        let path = file.unwrap().path();
        if path.is_file() {
            files.push((path.clone(), std::fs::read(&path).unwrap()));
        }
    }
    assert!(files.len() > 1, "the data directory holds the database");
    for (path, bytes) in &files {
        for secret in &secrets {
            assert!(
                !bytes.windows(secret.len()).any(|w| w == secret.as_bytes()),
                "{secret:?} is in {}",
                path.display()
            );
        }
    }
}
