//! Durability: a server killed with SIGKILL in the middle of games resumes every game, with every
//! acknowledged action, when started again on the same data. The server process is this test
//! binary itself, re-run in a mode that only serves (`child_server`), so that it can register
//! the test game.

use crate::common;

use common::*;
use loadgen::HttpClient;
use serde_json::{json, Value};
use server::{Server, SqliteStore};
use std::collections::BTreeMap;
use std::net::SocketAddr;
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

const CHILD_DATA: &str = "TABLETOP_TEST_CHILD_DATA";

/// The server process of `a_killed_server_resumes_every_game_with_every_acknowledged_action`.
#[test]
#[ignore = "started by the kill test as a child process"]
fn child_server() {
    let Ok(data) = std::env::var(CHILD_DATA) else {
        return;
    };
    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let store = Arc::new(SqliteStore::open(&Path::new(&data).join("db.sqlite3")).unwrap());
        let config = server::Config {
            bot_delay: Duration::from_millis(5),
            rate_per_second: 100_000,
            rate_burst: 100_000,
            ..config()
        };
        let server = Server::start(config, registry(), store).unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap().to_string();
        let ready = Path::new(&data).join("addr.tmp");
        std::fs::write(&ready, addr).unwrap();
        std::fs::rename(&ready, Path::new(&data).join("addr")).unwrap();
        server.serve(listener).await.unwrap();
    });
}

struct Child_ {
    child: Child,
    addr: SocketAddr,
}

fn start(data: &Path) -> Child_ {
    let _ = std::fs::remove_file(data.join("addr"));
    let child = Command::new(std::env::current_exe().unwrap())
        .args([
            "restart::child_server",
            "--exact",
            "--ignored",
            "--test-threads=1",
        ])
        .env(CHILD_DATA, data)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let deadline = Instant::now() + Duration::from_secs(30);
    let addr = loop {
        if let Ok(text) = std::fs::read_to_string(data.join("addr")) {
            break text.parse().unwrap();
        }
        assert!(Instant::now() < deadline, "the child server did not start");
        std::thread::sleep(Duration::from_millis(10));
    };
    Child_ { child, addr }
}

/// Every acknowledged action of a game, by version: the seat and the action.
type Acked = Arc<std::sync::Mutex<BTreeMap<u64, (usize, Value)>>>;

/// A human-only game: its id, its seats' tokens, and its acknowledged actions.
type HumanGame = (String, Vec<String>, Acked);

/// Drives every game on its own task.
fn drive_all(http: &HttpClient, games: &[HumanGame]) -> Vec<tokio::task::JoinHandle<()>> {
    games
        .iter()
        .map(|(id, tokens, acked)| {
            tokio::spawn(drive(
                http.clone(),
                id.clone(),
                tokens.clone(),
                acked.clone(),
            ))
        })
        .collect()
}

/// Plays a human-only game as fast as the server answers; records every acknowledged action.
async fn drive(http: HttpClient, id: String, tokens: Vec<String>, acked: Acked) {
    loop {
        let Ok((_, info)) = http
            .json("GET", &format!("/api/games/{id}"), None, None)
            .await
        else {
            return;
        };
        let Some(seat) = info["actor"]["seat"].as_u64() else {
            return;
        };
        let seat = seat as usize;
        let Ok((_, view)) = http
            .json(
                "GET",
                &format!("/api/games/{id}/view"),
                Some(&tokens[seat]),
                None,
            )
            .await
        else {
            return;
        };
        let action = view["legal"][0].clone();
        let body = json!({"version":view["version"],"action":action});
        match http
            .json(
                "POST",
                &format!("/api/games/{id}/actions"),
                Some(&tokens[seat]),
                Some(&body),
            )
            .await
        {
            Ok((200, answer)) => {
                acked
                    .lock()
                    .unwrap()
                    .insert(answer["version"].as_u64().unwrap(), (seat, action));
            }
            Ok((status, answer)) => panic!("refused: {status} {answer}"),
            Err(_) => return,
        }
    }
}

/// Every seat's own actions from the log, by sequence number.
async fn logged_actions(
    http: &HttpClient,
    id: &str,
    tokens: &[String],
) -> (u64, BTreeMap<u64, (usize, Value)>) {
    let mut all = BTreeMap::new();
    let mut version = 0;
    for (s, t) in tokens.iter().enumerate() {
        let (status, log) = http
            .json("GET", &format!("/api/games/{id}/log"), Some(t), None)
            .await
            .unwrap();
        assert_eq!(status, 200, "{log}");
        version = log["version"].as_u64().unwrap();
        for e in log["entries"].as_array().unwrap() {
            if let Some(a) = e.get("action") {
                all.insert(e["seq"].as_u64().unwrap(), (s, a.clone()));
            }
        }
    }
    (version, all)
}

#[tokio::test]
async fn a_killed_server_resumes_every_game_with_every_acknowledged_action() {
    let dir = tempfile::tempdir().unwrap();
    let mut first = start(dir.path());
    let http = HttpClient::new(&format!("http://{}", first.addr));

    let mut humans: Vec<HumanGame> = Vec::new();
    for seed in 0..6u64 {
        let body = json!({"kind":"highcard","setup":{"players":3,"seed":seed}});
        let (status, created) = http
            .json("POST", "/api/games", None, Some(&body))
            .await
            .unwrap();
        assert_eq!(status, 201);
        let tokens: Vec<String> = (0..3).map(|s| token(&created, s)).collect();
        humans.push((
            id(&created),
            tokens,
            Arc::new(std::sync::Mutex::new(BTreeMap::new())),
        ));
    }
    let bots_body = json!({"kind":"highcard","setup":{"players":4,"seed":99},"seats":[{"type":"bot","bot":"random"},{"type":"bot","bot":"random"},{"type":"bot","bot":"random"},{"type":"human"}]});
    let (_, bot_game) = http
        .json("POST", "/api/games", None, Some(&bots_body))
        .await
        .unwrap();
    let bot_id = id(&bot_game);
    let bot_token = token(&bot_game, 3);

    let drivers = drive_all(&http, &humans);
    // Kill it mid-game, with requests in flight.
    let deadline = Instant::now() + Duration::from_secs(60);
    while humans
        .iter()
        .map(|(_, _, a)| a.lock().unwrap().len())
        .sum::<usize>()
        < 40
    {
        assert!(Instant::now() < deadline, "no progress before the kill");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    first.child.kill().unwrap();
    first.child.wait().unwrap();
    for d in drivers {
        d.await.unwrap();
    }

    let second = start(dir.path());
    let http = HttpClient::new(&format!("http://{}", second.addr));
    let mut total = 0;
    for (id, tokens, acked) in &humans {
        let acked = acked.lock().unwrap().clone();
        total += acked.len();
        let (version, logged) = logged_actions(&http, id, tokens).await;
        let last_acked = acked.keys().max().copied().unwrap_or(0);
        assert!(
            version >= last_acked,
            "game {id}: version {version} lost acknowledged action {last_acked}"
        );
        assert!(
            version <= last_acked + 1,
            "at most the one action in flight may have been stored unacknowledged"
        );
        for (seq, action) in &acked {
            assert_eq!(
                logged.get(seq),
                Some(action),
                "game {id}: acknowledged action {seq} is stored as sent"
            );
        }
        assert_eq!(
            logged.len() as u64,
            version,
            "every stored action shows in its seat's log"
        );
    }
    assert!(total >= 40);

    // The games go on from where they were: play each to its end.
    let drivers = drive_all(&http, &humans);
    for d in drivers {
        d.await.unwrap();
    }
    for (id, _, _) in &humans {
        let (_, info) = http
            .json("GET", &format!("/api/games/{id}"), None, None)
            .await
            .unwrap();
        assert_eq!(info["actor"]["type"], "terminal", "{info}");
        assert_eq!(
            info["version"], 24,
            "each of 24 cards played once (no signals in these games)"
        );
    }

    // The bots resumed too: they play whenever it is not the human's turn.
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let (_, state) = http
            .json(
                "GET",
                &format!("/api/games/{bot_id}/view"),
                Some(&bot_token),
                None,
            )
            .await
            .unwrap();
        if state["actor"]["type"] == "terminal" {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the bots stalled after the restart: {state}"
        );
        if state["actor"]["seat"] == 3 {
            let body = json!({"version":state["version"],"action":state["legal"][0]});
            http.json(
                "POST",
                &format!("/api/games/{bot_id}/actions"),
                Some(&bot_token),
                Some(&body),
            )
            .await
            .unwrap();
        } else {
            tokio::time::sleep(Duration::from_millis(5)).await;
        }
    }
    let mut second = second;
    second.child.kill().unwrap();
    second.child.wait().unwrap();
}

#[tokio::test]
async fn a_restarted_server_resumes_games_in_process() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite3");
    let (id, t0, version) = {
        let server = server_on_file(&path);
        let app = server.app();
        let created = create(&app, 2, 42, &["human", "human"]).await;
        let (id, t0, t1) = (id(&created), token(&created, 0), token(&created, 1));
        let tokens = [t0.clone(), t1];
        for v in 0..5u64 {
            let (_, info) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
            let seat = info["actor"]["seat"].as_u64().unwrap() as usize;
            let (_, view) = view_of(&app, &id, Some(&tokens[seat])).await;
            let body = json!({"version":v,"action":view["legal"][0]}).to_string();
            let (status, _) = call(
                &app,
                "POST",
                &format!("/api/games/{id}/actions"),
                Some(&tokens[seat]),
                Some(&body),
            )
            .await;
            assert_eq!(status, 200);
        }
        let (_, view) = view_of(&app, &id, Some(&t0)).await;
        (id, t0, view)
    };
    let server = server_on_file(&path);
    assert!(server.skipped().is_empty());
    let (status, view) = call(
        &server.app(),
        "GET",
        &format!("/api/games/{id}/view"),
        Some(&t0),
        None,
    )
    .await;
    assert_eq!(status, 200);
    assert_eq!(view, version, "the same state, seen by the same token");
}
