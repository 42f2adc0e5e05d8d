//! `tabletop serve` playing with friends: clocks and seats handed to bots survive `kill -9`, undo
//! follows The Game's rules, and a finished game's record is what `tabletop replay` reads.

use loadgen::HttpClient;
use serde_json::{json, Value};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// `tabletop serve` on a free loopback port; answers the process and its URL.
fn serve(data: &Path) -> (Child, HttpClient) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--bot-delay-ms",
            "10",
            "--data",
        ])
        .arg(data)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().expect("serve prints its URL").unwrap();
    let url = first
        .strip_prefix("Tabletop is running: open ")
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .trim_end_matches('/')
        .to_owned();
    std::thread::spawn(move || for _ in lines {});
    (child, HttpClient::new(&url))
}

async fn call(
    http: &HttpClient,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    loop {
        match http.json(method, path, token, body.as_ref()).await {
            Ok((429, _)) => tokio::time::sleep(Duration::from_millis(100)).await,
            Ok(answer) => return answer,
            Err(e) => panic!("{method} {path}: {e}"),
        }
    }
}

async fn info_until(http: &HttpClient, id: &str, what: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + Duration::from_secs(30);
    loop {
        let (_, info) = call(http, "GET", &format!("/api/games/{id}"), None, None).await;
        if what(&info) {
            return info;
        }
        assert!(Instant::now() < deadline, "game {id} stuck at {info}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

fn kill(mut child: Child) {
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
}

#[tokio::test]
async fn clocks_and_seats_handed_to_bots_survive_kill_9() {
    let data = tempfile::tempdir().unwrap();
    let (first, http) = serve(data.path());
    let (_, created) = call(
        &http,
        "POST",
        "/api/games",
        None,
        Some(json!({"kind":"thegame","setup":{"players":2}})),
    )
    .await;
    let left_id = created["game"].as_str().unwrap().to_owned();
    let left_tokens: Vec<String> = (0..2)
        .map(|s| created["seats"][s]["token"].as_str().unwrap().to_owned())
        .collect();
    let path = format!("/api/games/{left_id}/leave");
    let (status, answer) = call(&http, "POST", &path, Some(&left_tokens[0]), None).await;
    assert_eq!(status, 200, "{answer}");
    // The stand-in plays seat 0's first turn (at least two plays and `end`).
    info_until(&http, &left_id, |i| i["actor"]["seat"] == 1).await;
    // The timed game is made last, so that its deadline cannot pass before the kill.
    let timed = json!({"kind":"thegame","setup":{"players":2},
        "seats":[{"type":"human","name":"Ann"},{"type":"human","name":"Bo"}],
        "options":{"clock":{"type":"per_move","seconds":6}}});
    let (status, created) = call(&http, "POST", "/api/games", None, Some(timed)).await;
    assert_eq!(status, 201, "{created}");
    let timed_id = created["game"].as_str().unwrap().to_owned();
    let timed_tokens: Vec<String> = (0..2)
        .map(|s| created["seats"][s]["token"].as_str().unwrap().to_owned())
        .collect();
    let (_, before) = call(&http, "GET", &format!("/api/games/{timed_id}"), None, None).await;
    let deadline = before["clock"]["deadline_ms"].as_i64().unwrap();

    kill(first);

    let (second, http) = serve(data.path());
    let (_, after) = call(&http, "GET", &format!("/api/games/{timed_id}"), None, None).await;
    assert_eq!(
        after["clock"]["deadline_ms"], deadline,
        "the deadline is the stored one"
    );
    assert_eq!(after["seats"][0]["name"], "Ann");
    let (_, left) = call(&http, "GET", &format!("/api/games/{left_id}"), None, None).await;
    assert_eq!(left["seats"][0]["away"], "left", "{left}");

    // Nobody plays the timed game: seat 0's time runs out after the restart, and the stand-in
    // plays its turn; then seat 1's clock runs.
    let info = info_until(&http, &timed_id, |i| i["actor"]["seat"] == 1).await;
    assert_eq!(info["seats"][0]["away"], "timed_out");
    assert!(now_ms() >= deadline);
    assert_eq!(info["clock"]["running"], 1);
    let path = format!("/api/games/{timed_id}/back");
    let (status, answer) = call(&http, "POST", &path, Some(&timed_tokens[0]), None).await;
    assert_eq!(status, 200, "{answer}");
    kill(second);

    let (third, http) = serve(data.path());
    let (_, info) = call(&http, "GET", &format!("/api/games/{timed_id}"), None, None).await;
    assert_eq!(
        info["seats"][0]["away"],
        Value::Null,
        "taken back before the kill"
    );
    kill(third);
}

fn now_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_millis() as i64
}

#[tokio::test]
async fn undo_in_the_game_and_a_finished_record_that_replay_reads() {
    let data = tempfile::tempdir().unwrap();
    let (server, http) = serve(data.path());

    // The Game: a play may be undone, `end` (which draws) may not.
    let (_, created) = call(
        &http,
        "POST",
        "/api/games",
        None,
        Some(json!({"kind":"thegame","setup":{"players":1}})),
    )
    .await;
    let id = created["game"].as_str().unwrap().to_owned();
    let token = created["seats"][0]["token"].as_str().unwrap().to_owned();
    let view_path = format!("/api/games/{id}/view");
    let (_, start) = call(&http, "GET", &view_path, Some(&token), None).await;
    let play = start["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["type"] == "play")
        .unwrap()
        .clone();
    let act = format!("/api/games/{id}/actions");
    let (status, _) = call(
        &http,
        "POST",
        &act,
        Some(&token),
        Some(json!({"version":0,"action":play})),
    )
    .await;
    assert_eq!(status, 200);
    let undo = format!("/api/games/{id}/undo");
    let (status, answer) = call(
        &http,
        "POST",
        &undo,
        Some(&token),
        Some(json!({"version":1})),
    )
    .await;
    assert_eq!((status, answer), (200, json!({"version":2})));
    let (_, undone) = call(&http, "GET", &view_path, Some(&token), None).await;
    assert_eq!(undone["view"], start["view"]);

    // A running record cannot be replayed, and says why.
    let (_, running) = call(
        &http,
        "GET",
        &format!("/api/games/{id}/record"),
        Some(&token),
        None,
    )
    .await;
    let file = data.path().join("running.json");
    std::fs::write(&file, running.to_string()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .arg("replay")
        .arg(&file)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("still running"));

    // A bots' game, once over: its record replays to the same outcome.
    let (_, created) = call(
        &http,
        "POST",
        "/api/games",
        None,
        Some(json!({"kind":"thegame","setup":{"players":2},
            "seats":[{"type":"bot","bot":"heuristic"},{"type":"bot","bot":"random"}]})),
    )
    .await;
    let bots = created["game"].as_str().unwrap().to_owned();
    let info = info_until(&http, &bots, |i| i["actor"]["type"] == "terminal").await;
    let (status, record) = call(
        &http,
        "GET",
        &format!("/api/games/{bots}/record"),
        None,
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(record["complete"], true);
    assert_eq!(record["outcome"], info["outcome"]);
    let file = data.path().join("record.json");
    std::fs::write(&file, record.to_string()).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["replay", "--quiet"])
        .arg(&file)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let expected = match &info["outcome"] {
        o if o["type"] == "won" => "Won".to_owned(),
        o => format!("Lost with {} cards left", o["cards_left"]),
    };
    assert!(
        stdout.contains(&expected),
        "{stdout} vs {}",
        info["outcome"]
    );
    kill(server);
}
