//! Finished games leave memory and are read back from the store when someone asks for them;
//! after a restart only unfinished games are resumed.

use crate::common;

use axum::http::StatusCode;
use axum::Router;
use common::*;
use serde_json::{json, Value};
use server::FINISHED_CACHE;
use std::time::{Duration, Instant};

/// Plays seat 0 with its first legal card until the game is over; answers the final summary.
async fn play_to_the_end(app: &Router, id: &str, token: &str) -> Value {
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let (_, view) = view_of(app, id, Some(token)).await;
        if view["actor"]["type"] == "terminal" {
            let (_, info) = call(app, "GET", &format!("/api/games/{id}"), None, None).await;
            return info;
        }
        let play = view["legal"]
            .as_array()
            .unwrap()
            .iter()
            .find(|a| a["type"] == "play");
        if let Some(action) = play {
            let body = json!({"version": view["version"], "action": action}).to_string();
            let path = format!("/api/games/{id}/actions");
            call(app, "POST", &path, Some(token), Some(&body)).await;
        }
        assert!(Instant::now() < deadline, "the game did not end: {view}");
        tokio::time::sleep(Duration::from_millis(2)).await;
    }
}

async fn until(what: &str, mut done: impl FnMut() -> bool) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !done() {
        assert!(Instant::now() < deadline, "timed out waiting until {what}");
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
}

/// Everything a player may ask about a finished game, through `app`.
async fn check_finished(app: &Router, id: &str, token: &str, expected: &Value) {
    let (status, info) = call(app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{info}");
    assert_eq!(info["version"], expected["version"]);
    assert_eq!(info["outcome"], expected["outcome"]);
    let (status, view) = view_of(app, id, Some(token)).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    assert_eq!(view["viewer"], json!({"type":"seat","seat":0}));
    let (status, refused) = view_of(app, id, Some("nope")).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    let body = json!({"tokens":[token, "feedbeef"]}).to_string();
    let (status, list) = call(app, "POST", "/api/players/games", None, Some(&body)).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["unknown_tokens"], 1);
    assert_eq!(list["games"][0]["game"], id);
    assert_eq!(list["games"][0]["seat"], 0);
    assert_eq!(list["games"][0]["outcome"], expected["outcome"]);
    let body = json!({"version": expected["version"], "action": {"type":"signal","high":true}});
    let path = format!("/api/games/{id}/actions");
    let (status, over) = call(app, "POST", &path, Some(token), Some(&body.to_string())).await;
    assert_eq!(status, StatusCode::CONFLICT, "{over}");
    assert_eq!(over["code"], "game_over");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_leaves_memory_and_is_read_back_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite3");
    let first = server_on_file(&path);
    let app = first.app();
    let finished = create(&app, 2, 7, &["human", "random"]).await;
    let playing = create(&app, 2, 8, &["human", "random"]).await;
    let id = id(&finished);
    let token = token(&finished, 0);
    let end = play_to_the_end(&app, &id, &token).await;
    assert!(end["outcome"].is_array(), "{end}");
    until("the finished game leaves the live games", || {
        first.game_count() == 1
    })
    .await;
    check_finished(&app, &id, &token, &end).await;

    let second = server_on_file(&path);
    assert_eq!(
        second.game_count(),
        1,
        "only the unfinished game is resumed"
    );
    assert_eq!(second.finished_loaded(), 0);
    let app = second.app();
    check_finished(&app, &id, &token, &end).await;
    assert_eq!(second.finished_loaded(), 1);
    let (status, _) = call(
        &app,
        "GET",
        &format!("/api/games/{}", common::id(&playing)),
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, missing) = call(&app, "GET", "/api/games/nosuchgame", None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{missing}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn finished_games_in_memory_stay_within_the_cache() {
    let server = server();
    let app = server.app();
    let mut ids = Vec::new();
    for seed in 0..(FINISHED_CACHE + 20) as u64 {
        ids.push(id(&create(&app, 2, seed, &["random", "random"]).await));
    }
    until("every game is over", || server.game_count() == 0).await;
    assert_eq!(server.finished_loaded(), FINISHED_CACHE);
    // The oldest were evicted; they are read back from the store.
    for id in &ids[..5] {
        let (status, info) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
        assert_eq!(status, StatusCode::OK, "{info}");
        assert_eq!(info["actor"]["type"], "terminal");
    }
    assert_eq!(server.finished_loaded(), FINISHED_CACHE);
}

/// A finished game read back from the store after a restart carries its names, options and
/// rematch (the rematch is linked from the store, not from the games loaded at start-up), and a
/// second rematch call joins the same rematch.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_game_read_back_keeps_its_names_options_and_rematch() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite3");
    let first = server_on_file(&path);
    let app = first.app();
    let body = json!({"kind":"highcard","setup":{"players":2,"seed":7},
        "seats":[{"type":"human","name":"Ann"},{"type":"bot","bot":"random"}],
        "options":{"clock":{"type":"days","days":2}}});
    let (status, created) = call(&app, "POST", "/api/games", None, Some(&body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = id(&created);
    let token = token(&created, 0);
    play_to_the_end(&app, &id, &token).await;
    let rematch = format!("/api/games/{id}/rematch");
    let (status, mine) = call(&app, "POST", &rematch, Some(&token), Some("{}")).await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    let new = mine["game"].as_str().unwrap().to_owned();
    let (_, before) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    let (_, record) = call(&app, "GET", &format!("/api/games/{id}/record"), None, None).await;
    drop(app);
    drop(first);

    let second = server_on_file(&path);
    assert_eq!(second.game_count(), 1, "only the rematch is resumed");
    let app = second.app();
    let (status, info) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{info}");
    assert_eq!(info["rematch"], new.as_str());
    assert_eq!(info["seats"][0]["name"], "Ann");
    assert_eq!(info["options"], before["options"]);
    assert_eq!(
        info["clock"]["running"],
        Value::Null,
        "no clock runs: {info}"
    );
    let without_now = |mut v: Value| {
        v["clock"]["now_ms"] = Value::Null;
        v
    };
    assert_eq!(without_now(info), without_now(before));
    let (_, again) = call(&app, "GET", &format!("/api/games/{id}/record"), None, None).await;
    assert_eq!(again, record);
    let (status, joined) = call(&app, "POST", &rematch, Some(&token), Some("{}")).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined, mine, "the same rematch, the same seat and token");
}
