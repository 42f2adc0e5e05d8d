//! `tabletop serve` playing with friends: clocks and seats handed to bots survive `kill -9`, undo
//! follows The Game's rules, and a finished game's record is what `tabletop replay` reads.

use crate::common;

use common::{call, game_id, info_until, kill, serve, tokens};
use serde_json::{json, Value};
use std::process::Command;

/// Bots wait 10 ms before each move.
const BOT_DELAY: [&str; 2] = ["--bot-delay-ms", "10"];

#[tokio::test]
async fn clocks_and_seats_handed_to_bots_survive_kill_9() {
    let data = tempfile::tempdir().unwrap();
    let (first, http) = serve(data.path(), &BOT_DELAY);
    let (_, created) = call(
        &http,
        "POST",
        "/api/games",
        None,
        Some(json!({"kind":"thegame","setup":{"players":2}})),
    )
    .await;
    let (left_id, left_tokens) = (game_id(&created), tokens(&created));
    let path = format!("/api/games/{left_id}/leave");
    let (status, answer) = call(&http, "POST", &path, Some(&left_tokens[0]), None).await;
    assert_eq!(status, 200, "{answer}");
    // The stand-in plays seat 0's first turn (at least two plays and `end`).
    info_until(&http, &left_id, |i| i["actor"]["seat"] == 1).await;
    // The timed game is made last, so that its deadline is unlikely to pass before the kill.
    let timed = json!({"kind":"thegame","setup":{"players":2},
        "seats":[{"type":"human","name":"Ann"},{"type":"human","name":"Bo"}],
        "options":{"clock":{"type":"per_move","seconds":6}}});
    let (status, created) = call(&http, "POST", "/api/games", None, Some(timed)).await;
    assert_eq!(status, 201, "{created}");
    let (timed_id, timed_tokens) = (game_id(&created), tokens(&created));
    let (_, before) = call(&http, "GET", &format!("/api/games/{timed_id}"), None, None).await;
    let deadline = before["clock"]["deadline_ms"].as_i64().unwrap();

    kill(first);

    let (second, http) = serve(data.path(), &BOT_DELAY);
    let (_, after) = call(&http, "GET", &format!("/api/games/{timed_id}"), None, None).await;
    // Seat 0's clock runs on to the stored deadline, not to one restarted with the server.
    // (On a machine so slow that the restart outlasted the clock, seat 0 has timed out
    // already, which is checked below.)
    if after["seats"][0]["away"].is_null() {
        assert_eq!(
            after["clock"]["deadline_ms"], deadline,
            "the deadline is the stored one"
        );
    }
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

    let (third, http) = serve(data.path(), &BOT_DELAY);
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
    let (server, http) = serve(data.path(), &BOT_DELAY);

    // The Game: a play may be undone, `end` (which draws) may not.
    let (_, created) = call(
        &http,
        "POST",
        "/api/games",
        None,
        Some(json!({"kind":"thegame","setup":{"players":1}})),
    )
    .await;
    let (id, token) = (game_id(&created), tokens(&created).remove(0));
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
    let bots = game_id(&created);
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
