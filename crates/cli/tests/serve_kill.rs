//! `tabletop serve` killed with SIGKILL in the middle of games of The Game, then started again on
//! the same `--data`: every acknowledged action is there, and the games (bots included) go on.

use loadgen::HttpClient;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// `tabletop serve` on a free loopback port; answers the process and its URL.
fn serve(data: &Path) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args([
            "serve",
            "--addr",
            "127.0.0.1:0",
            "--bot-delay-ms",
            "20",
            // Every client here comes from 127.0.0.1.
            "--rate-per-second",
            "0",
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
    (child, url)
}

type Acked = Arc<Mutex<BTreeMap<u64, (usize, Value)>>>;

/// A request that waits and tries again while the server says `rate_limited`, like a polite
/// client; `None` once the server is gone.
async fn request(
    http: &HttpClient,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Option<(u16, Value)> {
    loop {
        match http.json(method, path, token, body).await {
            Ok((429, _)) => tokio::time::sleep(Duration::from_millis(100)).await,
            Ok(answer) => return Some(answer),
            Err(_) => return None,
        }
    }
}

/// Plays random legal actions as fast as the server answers; records every acknowledged one.
async fn drive(http: HttpClient, id: String, tokens: Vec<String>, acked: Acked, seed: u64) {
    use rand::{Rng, SeedableRng};
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    loop {
        let path = format!("/api/games/{id}");
        let Some((_, info)) = request(&http, "GET", &path, None, None).await else {
            return;
        };
        let Some(seat) = info["actor"]["seat"].as_u64() else {
            return;
        };
        let seat = seat as usize;
        let path = format!("/api/games/{id}/view");
        let Some((_, view)) = request(&http, "GET", &path, Some(&tokens[seat]), None).await else {
            return;
        };
        let legal = view["legal"].as_array().unwrap();
        let action = legal[rng.gen_range(0..legal.len())].clone();
        let body = json!({"version": view["version"], "action": action});
        let path = format!("/api/games/{id}/actions");
        match request(&http, "POST", &path, Some(&tokens[seat]), Some(&body)).await {
            Some((200, answer)) => {
                let version = answer["version"].as_u64().unwrap();
                acked.lock().unwrap().insert(version, (seat, action));
            }
            Some((status, answer)) => panic!("refused: {status} {answer}"),
            None => return,
        }
    }
}

#[tokio::test]
async fn a_killed_server_keeps_every_acknowledged_action_and_resumes() {
    let data = tempfile::tempdir().unwrap();
    let (mut first, url) = serve(data.path());
    let http = HttpClient::new(&url);
    let mut games = Vec::new();
    for _ in 0..4 {
        let body = json!({"kind":"thegame","setup":{"players":2}});
        let (status, created) = http
            .json("POST", "/api/games", None, Some(&body))
            .await
            .unwrap();
        assert_eq!(status, 201, "{created}");
        let tokens: Vec<String> = (0..2)
            .map(|s| created["seats"][s]["token"].as_str().unwrap().to_owned())
            .collect();
        let acked: Acked = Arc::default();
        games.push((created["game"].as_str().unwrap().to_owned(), tokens, acked));
    }
    let bots = json!({"kind":"thegame","setup":{"players":3},"seats":[
        {"type":"bot","bot":"heuristic"},{"type":"bot","bot":"heuristic"},{"type":"bot","bot":"random"}]});
    let (_, created) = http
        .json("POST", "/api/games", None, Some(&bots))
        .await
        .unwrap();
    let bot_game = created["game"].as_str().unwrap().to_owned();

    let drivers: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(i, (id, tokens, acked))| {
            tokio::spawn(drive(
                http.clone(),
                id.clone(),
                tokens.clone(),
                acked.clone(),
                i as u64,
            ))
        })
        .collect();
    let deadline = Instant::now() + Duration::from_secs(20);
    while games
        .iter()
        .map(|(_, _, a)| a.lock().unwrap().len())
        .sum::<usize>()
        < 40
    {
        assert!(Instant::now() < deadline, "no progress before the kill");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    first.kill().unwrap(); // SIGKILL
    first.wait().unwrap();
    for d in drivers {
        d.await.unwrap();
    }

    let (mut second, url) = serve(data.path());
    let http = HttpClient::new(&url);
    let mut total = 0;
    for (id, tokens, acked) in &games {
        let acked = acked.lock().unwrap().clone();
        total += acked.len();
        let mut logged = BTreeMap::new();
        let mut version = 0;
        for (s, t) in tokens.iter().enumerate() {
            let path = format!("/api/games/{id}/log");
            let (status, log) = request(&http, "GET", &path, Some(t), None).await.unwrap();
            assert_eq!(status, 200, "{log}");
            version = log["version"].as_u64().unwrap();
            for e in log["entries"].as_array().unwrap() {
                if let Some(a) = e.get("action") {
                    logged.insert(e["seq"].as_u64().unwrap(), (s, a.clone()));
                }
            }
        }
        let last = acked.keys().max().copied().unwrap_or(0);
        assert!(
            version >= last,
            "game {id} lost acknowledged actions: at {version}, acked {last}"
        );
        assert!(
            version <= last + 1,
            "only the one action in flight may be stored unacknowledged"
        );
        for (seq, action) in &acked {
            assert_eq!(logged.get(seq), Some(action), "game {id}: action {seq}");
        }
    }
    assert!(total >= 40);

    // The games go on: the human ones to their end, and the bots by themselves.
    let drivers: Vec<_> = games
        .iter()
        .enumerate()
        .map(|(i, (id, tokens, acked))| {
            tokio::spawn(drive(
                http.clone(),
                id.clone(),
                tokens.clone(),
                acked.clone(),
                100 + i as u64,
            ))
        })
        .collect();
    for d in drivers {
        d.await.unwrap();
    }
    let deadline = Instant::now() + Duration::from_secs(60);
    for id in games.iter().map(|(id, _, _)| id).chain([&bot_game]) {
        loop {
            let path = format!("/api/games/{id}");
            let (_, info) = request(&http, "GET", &path, None, None).await.unwrap();
            if info["actor"]["type"] == "terminal" {
                assert!(info["outcome"].is_object(), "{info}");
                break;
            }
            assert!(Instant::now() < deadline, "game {id} did not go on: {info}");
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
    second.kill().unwrap();
    second.wait().unwrap();
}
