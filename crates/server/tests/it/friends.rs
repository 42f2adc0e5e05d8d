//! Playing with friends: names, records, rematch, undo, time controls, leaving and replacing.

use crate::common;

use axum::http::StatusCode;
use common::highcard::{Action, HighCard, Setup};
use common::*;
use engine::{Game, Seat};
use futures_util::SinkExt;
use serde_json::{json, Value};
use server::{Server, SqliteStore};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::Message;

async fn post(
    app: &axum::Router,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> (StatusCode, Value) {
    call(app, "POST", path, token, Some(&body.to_string())).await
}

async fn get(app: &axum::Router, path: &str, token: Option<&str>) -> (StatusCode, Value) {
    call(app, "GET", path, token, None).await
}

async fn create_with(app: &axum::Router, body: Value) -> (StatusCode, Value) {
    post(app, "/api/games", None, body).await
}

/// Plays seat `seat`'s first legal play (never a signal) on the current version.
async fn play_first(app: &axum::Router, id: &str, token: &str) -> (StatusCode, Value) {
    let (_, view) = get(app, &format!("/api/games/{id}/view"), Some(token)).await;
    let action = view["legal"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["type"] == "play")
        .cloned()
        .expect("a play is legal");
    post(
        app,
        &format!("/api/games/{id}/actions"),
        Some(token),
        json!({"version": view["version"], "action": action}),
    )
    .await
}

/// Plays both human seats of a 2-seat game until it is over.
async fn play_out(app: &axum::Router, id: &str, tokens: &[String; 2]) {
    loop {
        let (_, info) = get(app, &format!("/api/games/{id}"), None).await;
        let Some(seat) = info["actor"]["seat"].as_u64() else {
            return;
        };
        let (status, answer) = play_first(app, id, &tokens[seat as usize]).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
}

/// The longest a test waits for something the server does by itself (bots, clocks).
const WAIT: Duration = Duration::from_secs(60);

async fn wait_for(app: &axum::Router, id: &str, what: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let (_, info) = get(app, &format!("/api/games/{id}"), None).await;
        if what(&info) {
            return info;
        }
        assert!(
            Instant::now() < deadline,
            "the game never reached the expected state: {info}"
        );
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
}

async fn connect(addr: SocketAddr, id: &str, token: Option<&str>) -> (Socket, Value) {
    let mut ws = connect_ws(addr, id).await;
    let hello = match token {
        Some(t) => json!({"type":"hello","token":t}),
        None => json!({"type":"hello"}),
    };
    ws.send(Message::text(hello.to_string())).await.unwrap();
    let state = recv(&mut ws).await;
    (ws, state)
}

/// The next message of type `kind`, skipping state updates.
async fn recv_type(ws: &mut Socket, kind: &str) -> Value {
    loop {
        let m = recv(ws).await;
        if m["type"] == kind {
            return m;
        }
    }
}

#[tokio::test]
async fn names_are_checked_and_shown_in_summary_view_log_and_record() {
    let server = server();
    let app = server.app();
    for (name, why) in [
        ("   ", "visible"),
        ("a\u{1b}[31m", "U+001B"),
        ("x\u{202e}y", "U+202E"),
        ("abcdefghijklmnopqrstuvwxy", "25 characters"),
    ] {
        let (status, e) = create_with(
            &app,
            json!({"kind":"highcard","setup":{"players":2,"seed":1},
                   "seats":[{"type":"human","name":"Ann"},{"type":"human","name":name}]}),
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{name:?}");
        assert_eq!(e["code"], "invalid_name");
        let message = e["message"].as_str().unwrap();
        assert!(
            message.contains("seat 1") && message.contains(why),
            "{message}"
        );
    }
    assert_eq!(server.game_count(), 0, "a refused create makes no game");

    let (status, created) = create_with(
        &app,
        json!({"kind":"highcard","setup":{"players":2,"seed":1},
               "seats":[{"type":"human","name":"  Ann "},{"type":"human"}]}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["seats"][0]["name"], "Ann");
    let (id, t0, t1) = (id(&created), token(&created, 0), token(&created, 1));

    // Joining with the seat's link, the second player names themselves.
    let path = format!("/api/games/{id}/name");
    let (status, e) = post(&app, &path, None, json!({"name":"Bo"})).await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("missing_token"))
    );
    let (status, e) = post(&app, &path, Some(&t1), json!({"name":"B\no"})).await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_name"))
    );
    let (status, named) = post(&app, &path, Some(&t1), json!({"name":"Bo 🎲"})).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(named, json!({"seat":1,"name":"Bo 🎲"}));

    play_first(&app, &id, &t0).await;
    let (_, info) = get(&app, &format!("/api/games/{id}"), None).await;
    let names = |v: &Value| -> Vec<Value> {
        v["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].clone())
            .collect()
    };
    assert_eq!(names(&info), [json!("Ann"), json!("Bo 🎲")]);
    let (_, view) = get(&app, &format!("/api/games/{id}/view"), None).await;
    assert_eq!(names(&view), names(&info));
    let (_, log) = get(&app, &format!("/api/games/{id}/log"), None).await;
    assert_eq!(names(&log), names(&info));
    let (_, record) = get(&app, &format!("/api/games/{id}/record"), Some(&t1)).await;
    assert_eq!(names(&record), names(&info));
}

#[tokio::test]
async fn a_running_record_is_redacted_and_a_finished_one_replays_exactly() {
    let app = server().app();
    let created = create(&app, 2, 77, &["human", "human"]).await;
    let (id, tokens) = (id(&created), [token(&created, 0), token(&created, 1)]);
    play_first(&app, &id, &tokens[0]).await;
    play_first(&app, &id, &tokens[1]).await;

    let path = format!("/api/games/{id}/record");
    let (status, running) = get(&app, &path, Some(&tokens[0])).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(running["game"], "highcard");
    assert_eq!(running["complete"], false);
    assert!(
        running["setup"].get("seed").is_none(),
        "the seed fixes every hidden card"
    );
    assert!(
        running["actions"][0]["action"].is_object(),
        "its own action: {running}"
    );
    assert!(
        running["actions"][1].get("action").is_none(),
        "another seat's: {running}"
    );
    assert_eq!(running["actions"][1]["seat"], 1);
    // What seat 0 saw of seat 1's play: the card played, and its own draw, not seat 1's.
    let seen = running["actions"][1]["events"].to_string();
    let hand1: Vec<u8> = {
        let (_, v) = get(&app, &format!("/api/games/{id}/view"), Some(&tokens[1])).await;
        cards_in(&v["view"]["hand"].to_string())
    };
    assert!(hand1.iter().all(|c| !cards_in(&seen).contains(c)), "{seen}");
    let (_, spectator) = get(&app, &path, None).await;
    assert!(spectator["actions"][0].get("action").is_none());
    let (status, e) = get(&app, &path, Some("0123")).await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("wrong_token"))
    );

    play_out(&app, &id, &tokens).await;
    let (_, done) = get(&app, &path, None).await;
    assert_eq!(done["complete"], true);
    assert_eq!(done["setup"]["seed"], 77);
    let setup: Setup = serde_json::from_value(done["setup"].clone()).unwrap();
    let mut game = HighCard::new(setup).unwrap();
    for entry in done["actions"].as_array().unwrap() {
        let seat = Seat(entry["seat"].as_u64().unwrap() as u8);
        let action: Action = serde_json::from_value(entry["action"].clone()).unwrap();
        game.apply_as(seat, &action).unwrap();
    }
    assert_eq!(
        serde_json::to_value(game.outcome()).unwrap(),
        done["outcome"]
    );
    assert!(done["outcome"].is_array());
}

#[tokio::test]
async fn undo_takes_back_a_step_that_revealed_nothing_and_survives_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite3");
    let (id, tokens, hand_before) = {
        let server = server_on_file(&path);
        let app = server.app();
        let created = create(&app, 2, 5, &["human", "human"]).await;
        let (id, tokens) = (id(&created), [token(&created, 0), token(&created, 1)]);
        let undo = format!("/api/games/{id}/undo");
        let (status, e) = post(&app, &undo, Some(&tokens[0]), json!({"version":0})).await;
        assert_eq!(
            (status, e["code"].as_str()),
            (StatusCode::CONFLICT, Some("nothing_to_undo"))
        );
        assert!(e["message"].as_str().unwrap().contains("no action"), "{e}");

        let (_, before) = get(&app, &format!("/api/games/{id}/view"), Some(&tokens[0])).await;
        assert_eq!(before["undo"], false);
        play_first(&app, &id, &tokens[0]).await;
        let (_, after) = get(&app, &format!("/api/games/{id}/view"), Some(&tokens[0])).await;
        assert_eq!(after["undo"], true);

        // Another seat may not undo it; a stale version is refused.
        let (status, e) = post(&app, &undo, Some(&tokens[1]), json!({"version":1})).await;
        assert_eq!(
            (status, e["code"].as_str()),
            (StatusCode::CONFLICT, Some("nothing_to_undo"))
        );
        assert!(
            e["message"].as_str().unwrap().contains("only your own"),
            "{e}"
        );
        let (status, e) = post(&app, &undo, Some(&tokens[0]), json!({"version":0})).await;
        assert_eq!(
            (status, e["code"].as_str()),
            (StatusCode::CONFLICT, Some("stale_version"))
        );

        let (status, ok) = post(&app, &undo, Some(&tokens[0]), json!({"version":1})).await;
        assert_eq!((status, ok.clone()), (StatusCode::OK, json!({"version":2})));
        let (_, undone) = get(&app, &format!("/api/games/{id}/view"), Some(&tokens[0])).await;
        assert_eq!(undone["view"], before["view"]);
        assert_eq!(undone["actor"], before["actor"]);
        assert_eq!(undone["version"], 2);
        let (_, log) = get(&app, &format!("/api/games/{id}/log"), None).await;
        assert_eq!(log["entries"], json!([]));

        // Completing a trick draws cards: that cannot be undone.
        play_first(&app, &id, &tokens[0]).await;
        play_first(&app, &id, &tokens[1]).await;
        let (_, info) = get(&app, &format!("/api/games/{id}"), None).await;
        let last = info["actor"]["seat"].as_u64().unwrap() as usize;
        let (status, e) = post(&app, &undo, Some(&tokens[1 - last]), json!({"version":4})).await;
        assert_eq!(
            (status, e["code"].as_str()),
            (StatusCode::CONFLICT, Some("nothing_to_undo"))
        );
        let (_, v) = get(&app, &format!("/api/games/{id}/view"), Some(&tokens[0])).await;
        (id, tokens, v)
    };
    let server = server_on_file(&path);
    assert!(server.skipped().is_empty(), "{:?}", server.skipped());
    let app = server.app();
    let (_, v) = get(&app, &format!("/api/games/{id}/view"), Some(&tokens[0])).await;
    assert_eq!(
        v, hand_before,
        "the restart replays the undo to the same state"
    );
}

#[tokio::test]
async fn over_websocket_undo_leave_and_back_are_answered_like_actions() {
    let server = server();
    let addr = serve(&server).await;
    let app = server.app();
    let created = create(&app, 2, 9, &["human", "human"]).await;
    let (id, t0) = (id(&created), token(&created, 0));
    let (mut ws, _) = connect(addr, &id, Some(&t0)).await;
    play_first(&app, &id, &t0).await;
    let _ = recv_type(&mut ws, "state").await;
    ws.send(Message::text(
        json!({"type":"undo","version":1,"ref":3}).to_string(),
    ))
    .await
    .unwrap();
    assert_eq!(
        recv(&mut ws).await,
        json!({"type":"accepted","version":2,"ref":3})
    );
    let state = recv_type(&mut ws, "state").await;
    assert_eq!(state["version"], 2);
    assert_eq!(state["undo"], false);
    ws.send(Message::text(json!({"type":"leave","ref":4}).to_string()))
        .await
        .unwrap();
    assert_eq!(
        recv(&mut ws).await,
        json!({"type":"accepted","version":3,"ref":4})
    );
    assert_eq!(
        recv_type(&mut ws, "state").await["seats"][0]["away"],
        "left"
    );
    ws.send(Message::text(json!({"type":"back","ref":5}).to_string()))
        .await
        .unwrap();
    // The stand-in may have played meanwhile: skip its states.
    let back = recv_type(&mut ws, "accepted").await;
    assert_eq!(
        (back["type"].as_str(), back["ref"].as_u64()),
        (Some("accepted"), Some(5))
    );
    let (mut spectator, _) = connect(addr, &id, None).await;
    spectator
        .send(Message::text(
            json!({"type":"undo","version":2}).to_string(),
        ))
        .await
        .unwrap();
    assert_eq!(recv(&mut spectator).await["code"], "spectator_cannot_act");
}

#[tokio::test]
async fn a_rematch_tells_each_connected_player_their_own_new_seat() {
    let server = server();
    let addr = serve(&server).await;
    let app = server.app();
    let (_, created) = create_with(
        &app,
        json!({"kind":"highcard","setup":{"players":3,"seed":3},
               "seats":[{"type":"human","name":"Ann"},{"type":"human","name":"Bo"},
                        {"type":"bot","bot":"random"}],
               "options":{"clock":{"type":"days","days":2}}}),
    )
    .await;
    let id = id(&created);
    let tokens = [token(&created, 0), token(&created, 1)];
    let rematch = format!("/api/games/{id}/rematch");
    let (status, e) = post(&app, &rematch, Some(&tokens[0]), json!({})).await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("game_not_over"))
    );

    let (mut ws0, _) = connect(addr, &id, Some(&tokens[0])).await;
    let (mut ws1, _) = connect(addr, &id, Some(&tokens[1])).await;
    let (mut watcher, _) = connect(addr, &id, None).await;
    loop {
        let (_, info) = get(&app, &format!("/api/games/{id}"), None).await;
        match info["actor"]["seat"].as_u64() {
            None => break,
            Some(2) => tokio::time::sleep(Duration::from_millis(5)).await,
            Some(s) => {
                play_first(&app, &id, &tokens[s as usize]).await;
            }
        }
    }

    let (status, mine) = post(&app, &rematch, Some(&tokens[0]), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    let new = mine["game"].as_str().unwrap().to_owned();
    assert_ne!(new, id);
    assert_eq!(mine["seat"], 0);
    let m0 = recv_type(&mut ws0, "rematch").await;
    let m1 = recv_type(&mut ws1, "rematch").await;
    let mw = recv_type(&mut watcher, "rematch").await;
    assert_eq!(
        m0, mine,
        "the caller's connection gets the same seat and token"
    );
    assert_eq!(
        (m1["game"].as_str(), m1["seat"].as_u64()),
        (Some(new.as_str()), Some(1))
    );
    let t1 = m1["token"].as_str().unwrap();
    assert_ne!(t1, mine["token"].as_str().unwrap());
    assert!(
        !m0.to_string().contains(t1),
        "seat 1's token went only to seat 1"
    );
    assert!(mw.get("token").is_none());
    assert_eq!(mw["link"], format!("/games/{new}"));

    // A second call joins the same rematch with the same token.
    let (_, again) = post(&app, &rematch, Some(&tokens[0]), json!({})).await;
    assert_eq!(again, mine);
    let (_, old_info) = get(&app, &format!("/api/games/{id}"), None).await;
    assert_eq!(old_info["rematch"], new.as_str());

    let (_, info) = get(&app, &format!("/api/games/{new}"), None).await;
    assert_eq!(info["kind"], "highcard");
    assert_eq!(info["version"], 0);
    assert_eq!(info["options"]["clock"], json!({"type":"days","days":2}));
    let seats = info["seats"].as_array().unwrap();
    assert_eq!(seats[0]["name"], "Ann");
    assert_eq!(seats[1]["name"], "Bo");
    assert_eq!(seats[2]["bot"], "random");
    let (status, view) = get(&app, &format!("/api/games/{new}/view"), Some(t1)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(view["viewer"], json!({"type":"seat","seat":1}));
    // The old token does not open the new game.
    let (status, _) = get(&app, &format!("/api/games/{new}/view"), Some(&tokens[1])).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

#[tokio::test]
async fn time_runs_out_a_bot_plays_the_seat_and_its_player_takes_it_back() {
    let server = server();
    let app = server.app();
    let (status, created) = create_with(
        &app,
        json!({"kind":"highcard","setup":{"players":2,"seed":11},
               "seats":[{"type":"human"},{"type":"human"}],
               "options":{"clock":{"type":"per_move","seconds":3}}}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let (id, t0, t1) = (id(&created), token(&created, 0), token(&created, 1));
    let (_, view) = get(&app, &format!("/api/games/{id}/view"), Some(&t0)).await;
    let clock = &view["clock"];
    assert_eq!(clock["running"], 0);
    let deadline = clock["deadline_ms"].as_i64().unwrap();
    let now = clock["now_ms"].as_i64().unwrap();
    assert!((0..=3000).contains(&(deadline - now)), "{clock}");

    // Seat 0 lets its time run out; the stand-in plays for it, then seat 1's clock runs (its 3
    // seconds leave the polls below time to see it, even on a loaded machine).
    let info = wait_for(&app, &id, |i| i["version"].as_u64() >= Some(2)).await;
    assert_eq!(info["seats"][0]["away"], "timed_out");
    assert_eq!(info["actor"]["seat"], 1);
    assert_eq!(info["clock"]["running"], 1);
    let (_, log) = get(&app, &format!("/api/games/{id}/log"), None).await;
    assert_eq!(log["entries"][0]["seat"], 0);

    // While the bot has the seat, its player cannot act or undo; they take it back.
    let (status, e) = play_first(&app, &id, &t1).await;
    assert_eq!(status, StatusCode::OK, "{e}");
    let info = wait_for(&app, &id, |i| i["actor"]["seat"] == 1).await;
    let version = info["version"].as_u64().unwrap();
    let (status, e) = post(
        &app,
        &format!("/api/games/{id}/undo"),
        Some(&t0),
        json!({"version":version}),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("seat_away"))
    );
    let (status, ok) = post(&app, &format!("/api/games/{id}/back"), Some(&t0), json!({})).await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    let (status, e) = post(&app, &format!("/api/games/{id}/back"), Some(&t0), json!({})).await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("seat_not_away"))
    );
    let (_, info) = get(&app, &format!("/api/games/{id}"), None).await;
    assert_eq!(info["seats"][0]["away"], Value::Null);
}

#[tokio::test]
async fn a_player_may_leave_and_the_creator_may_replace_an_absent_one() {
    let server = server();
    let addr = serve(&server).await;
    let app = server.app();
    let (_, created) = create_with(
        &app,
        json!({"kind":"highcard","setup":{"players":2,"seed":4},
               "seats":[{"type":"human"},{"type":"human"}],
               "options":{"replace_after_seconds":1}}),
    )
    .await;
    let (id, t0, t1) = (id(&created), token(&created, 0), token(&created, 1));
    let creator = created["creator"]["token"].as_str().unwrap().to_owned();

    // Seat 0 hands its seat to the bot, which plays its move; then takes it back.
    let (status, ok) = post(
        &app,
        &format!("/api/games/{id}/leave"),
        Some(&t0),
        json!({}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{ok}");
    let info = wait_for(&app, &id, |i| i["actor"]["seat"] == 1).await;
    assert_eq!(info["seats"][0]["away"], "left");
    let (status, e) = post(
        &app,
        &format!("/api/games/{id}/leave"),
        Some(&t0),
        json!({}),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("seat_away"))
    );
    post(&app, &format!("/api/games/{id}/back"), Some(&t0), json!({})).await;

    // Replacing: only the creator, only a player away long enough.
    let replace = format!("/api/games/{id}/seats/1/replace");
    let (status, e) = post(&app, &replace, Some(&t0), json!({})).await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("not_creator"))
    );
    let (status, e) = post(
        &app,
        &format!("/api/games/{id}/seats/9/replace"),
        Some(&creator),
        json!({}),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_seats"))
    );
    let (ws1, _) = connect(addr, &id, Some(&t1)).await;
    let (_, info) = get(&app, &format!("/api/games/{id}"), None).await;
    assert_eq!(info["seats"][1]["connected"], true);
    let (status, e) = post(&app, &replace, Some(&creator), json!({})).await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("player_present"))
    );
    assert!(e["message"].as_str().unwrap().contains("connected"), "{e}");
    let dropped = Instant::now();
    drop(ws1);
    // Refused while the player has been away less than a second; however slow the machine,
    // accepted only after that second.
    let deadline = dropped + WAIT;
    loop {
        let (status, answer) = post(&app, &replace, Some(&creator), json!({})).await;
        if status == StatusCode::OK {
            break;
        }
        assert_eq!(answer["code"], "player_present", "{answer}");
        assert!(Instant::now() < deadline, "never replaced: {answer}");
        tokio::time::sleep(Duration::from_millis(25)).await;
    }
    // (The server counts whole milliseconds of wall-clock time: allow it a few.)
    assert!(
        dropped.elapsed() >= Duration::from_millis(990),
        "replaced {:?} after the player left",
        dropped.elapsed()
    );
    let info = wait_for(&app, &id, |i| i["actor"]["seat"] == 0).await;
    assert_eq!(info["seats"][1]["away"], "replaced");
    // The replaced player's link still takes the seat back.
    let (status, _) = post(&app, &format!("/api/games/{id}/back"), Some(&t1), json!({})).await;
    assert_eq!(status, StatusCode::OK);
}

#[tokio::test]
async fn options_are_checked_at_creation() {
    let server = server();
    let app = server.app();
    let (status, e) = create_with(
        &app,
        json!({"kind":"highcard","setup":{"players":2},
               "options":{"clock":{"type":"bank","seconds":3,"increment_seconds":5000}}}),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_options"))
    );
    let message = e["message"].as_str().unwrap();
    assert!(
        message.contains("bank seconds is 3") && message.contains("5000"),
        "{message}"
    );
    let (status, e) = create_with(
        &app,
        json!({"kind":"highcard","setup":{"players":2},"options":{"clock":{"type":"sundial"}}}),
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalid_request"))
    );
    assert_eq!(server.game_count(), 0);
}

/// Power Grid under the standard registry: a resource buy and a build are undone exactly, and
/// `done` (which ends the turn) is not undoable.
#[tokio::test]
async fn power_grid_buys_and_builds_are_undone_and_done_is_not() {
    let store = Arc::new(SqliteStore::open_in_memory().unwrap());
    let server = Server::start(config(), server::standard_registry(), store).unwrap();
    let app = server.app();
    let (status, created) = create_with(
        &app,
        json!({"kind":"powergrid","setup":{"players":3,"map":"germany","seed":12}}),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let id = id(&created);
    let tokens: Vec<String> = (0..3).map(|s| token(&created, s)).collect();
    let mut undone = Vec::new();
    for _ in 0..500 {
        let (_, info) = get(&app, &format!("/api/games/{id}"), None).await;
        let seat = info["actor"]["seat"].as_u64().unwrap() as usize;
        let t = &tokens[seat];
        let (_, before) = get(&app, &format!("/api/games/{id}/view"), Some(t)).await;
        let legal = before["legal"].as_array().unwrap().clone();
        let version = before["version"].as_u64().unwrap();
        let of = |kind: &str| legal.iter().find(|a| a["type"] == kind).cloned();
        let untried = ["buy", "build"]
            .into_iter()
            .find(|k| !undone.contains(k) && of(k).is_some());
        let action = match untried {
            Some(kind) => of(kind).unwrap(),
            None => of("done")
                .or_else(|| of("pass"))
                .unwrap_or_else(|| legal[0].clone()),
        };
        let act = format!("/api/games/{id}/actions");
        let body = json!({"version": version, "action": action});
        let (status, answer) = post(&app, &act, Some(t), body).await;
        assert_eq!(status, StatusCode::OK, "{action}: {answer}");
        let undo = format!("/api/games/{id}/undo");
        let (status, answer) = post(&app, &undo, Some(t), json!({"version": version + 1})).await;
        let Some(kind) = untried else {
            if action["type"] == "done" {
                assert_eq!(answer["code"], "nothing_to_undo", "{answer}");
            }
            continue;
        };
        assert_eq!(status, StatusCode::OK, "undo {action}: {answer}");
        let (_, after) = get(&app, &format!("/api/games/{id}/view"), Some(t)).await;
        assert_eq!(after["view"], before["view"], "undo {action}");
        assert_eq!(after["legal"], before["legal"]);
        undone.push(kind);
        if undone.len() == 2 {
            return;
        }
    }
    panic!("no buy and build within 500 actions: undone {undone:?}");
}

#[tokio::test]
async fn no_clock_runs_while_a_bot_seat_thinks() {
    let server = server_with(server::Config {
        bot_delay: Duration::from_millis(3500),
        ..config()
    });
    let app = server.app();
    // Seat 1's 3 seconds leave the poll below time to see its clock run, even on a loaded
    // machine.
    let (_, created) = create_with(
        &app,
        json!({"kind":"highcard","setup":{"players":2,"seed":2},
               "seats":[{"type":"bot","bot":"random"},{"type":"human"}],
               "options":{"clock":{"type":"per_move","seconds":3}}}),
    )
    .await;
    let id = id(&created);
    let (_, info) = get(&app, &format!("/api/games/{id}"), None).await;
    assert_eq!(info["actor"]["seat"], 0);
    assert_eq!(info["clock"]["running"], Value::Null, "{info}");
    // The bot takes longer than the limit and still plays its own move.
    let info = wait_for(&app, &id, |i| i["actor"]["seat"] == 1).await;
    assert_eq!(info["seats"][0]["away"], Value::Null);
    assert_eq!(info["version"], 1);
    assert_eq!(info["clock"]["running"], 1);
}

/// Bug 9 of issue 28: "Replace by a bot" stayed beside a player who had connected, since the
/// others' pages heard of it only with the next move. A seat's first connection opening and
/// its last one closing now reach everyone at the table at once, with no move and no poll.
#[tokio::test]
async fn the_table_hears_at_once_when_a_player_connects_and_leaves() {
    let server = server();
    let addr = serve(&server).await;
    let app = server.app();
    let created = create(&app, 2, 11, &["human", "human"]).await;
    let id = id(&created);
    let (t0, t1) = (token(&created, 0), token(&created, 1));
    let (mut ws0, first) = connect(addr, &id, Some(&t0)).await;
    assert_eq!(first["seats"][1]["connected"], false, "{first}");
    assert_eq!(first["seats"][0]["connected"], true, "{first}");
    let (mut spectator, _) = connect(addr, &id, None).await;

    let (ws1, own) = connect(addr, &id, Some(&t1)).await;
    assert_eq!(own["seats"][1]["connected"], true, "{own}");
    for ws in [&mut ws0, &mut spectator] {
        let news = recv(ws).await;
        assert_eq!(news["type"], "state", "{news}");
        assert_eq!(
            news["version"], first["version"],
            "no move was made: {news}"
        );
        assert_eq!(news["seats"][1]["connected"], true, "{news}");
    }
    // A second connection of the same seat is no news; its last one closing is.
    let (ws1b, _) = connect(addr, &id, Some(&t1)).await;
    drop(ws1);
    drop(ws1b);
    let news = recv(&mut ws0).await;
    assert_eq!(news["seats"][1]["connected"], false, "{news}");
    let news = recv(&mut spectator).await;
    assert_eq!(news["seats"][1]["connected"], false, "{news}");
}
