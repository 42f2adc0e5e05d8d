//! `tabletop serve` killed with SIGKILL in the middle of games of The Game, then started again on
//! the same `--data`: every acknowledged action is there, and the games (bots included) go on.

use crate::common;

use common::{game_id, kill, request, serve, tokens, WAIT};
use loadgen::HttpClient;
use serde_json::{json, Value};
use std::collections::BTreeMap;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

/// Bots wait 20 ms before each move, and every client here comes from 127.0.0.1.
const ARGS: [&str; 4] = ["--bot-delay-ms", "20", "--rate-per-second", "0"];

type Acked = Arc<Mutex<BTreeMap<u64, (usize, Value)>>>;

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

/// A human game: its id, its seats' tokens, and the actions acknowledged so far.
type HumanGame = (String, Vec<String>, Acked);

/// Drives every game on its own task, game `i` with seed `seed + i`.
fn drive_all(
    http: &HttpClient,
    games: &[HumanGame],
    seed: u64,
) -> Vec<tokio::task::JoinHandle<()>> {
    games
        .iter()
        .zip(seed..)
        .map(|((id, tokens, acked), seed)| {
            tokio::spawn(drive(
                http.clone(),
                id.clone(),
                tokens.clone(),
                acked.clone(),
                seed,
            ))
        })
        .collect()
}

#[tokio::test]
async fn a_killed_server_keeps_every_acknowledged_action_and_resumes() {
    let data = tempfile::tempdir().unwrap();
    let (first, http) = serve(data.path(), &ARGS);
    let mut games: Vec<HumanGame> = Vec::new();
    for _ in 0..4 {
        let body = json!({"kind":"thegame","setup":{"players":2}});
        let (status, created) = http
            .json("POST", "/api/games", None, Some(&body))
            .await
            .unwrap();
        assert_eq!(status, 201, "{created}");
        let acked: Acked = Arc::default();
        games.push((game_id(&created), tokens(&created), acked));
    }
    let bots = json!({"kind":"thegame","setup":{"players":3},"seats":[
        {"type":"bot","bot":"heuristic"},{"type":"bot","bot":"heuristic"},{"type":"bot","bot":"random"}]});
    let (_, created) = http
        .json("POST", "/api/games", None, Some(&bots))
        .await
        .unwrap();
    let bot_game = game_id(&created);

    let drivers = drive_all(&http, &games, 0);
    let deadline = Instant::now() + WAIT;
    while games
        .iter()
        .map(|(_, _, a)| a.lock().unwrap().len())
        .sum::<usize>()
        < 40
    {
        assert!(Instant::now() < deadline, "no progress before the kill");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
    kill(first);
    for d in drivers {
        d.await.unwrap();
    }

    let (second, http) = serve(data.path(), &ARGS);
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
    let drivers = drive_all(&http, &games, 100);
    for d in drivers {
        d.await.unwrap();
    }
    let deadline = Instant::now() + WAIT;
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
    kill(second);
}
