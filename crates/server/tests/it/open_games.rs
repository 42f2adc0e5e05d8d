//! Open games: seats anyone may take from a live list, a game that starts by itself once full,
//! expiry of games nobody joins, and the list of games in progress to watch.

use crate::common;

use axum::http::StatusCode;
use common::*;
use serde_json::{json, Value};
use std::time::Duration;

/// A High Card game of `players` seats: the creator's, then open ones.
async fn create_open(app: &axum::Router, players: usize, cookie: Option<&str>) -> Value {
    let mut seats = vec![json!({"type": "human", "name": "Ann"})];
    seats.extend((1..players).map(|_| json!({"type": "open"})));
    let body =
        json!({"kind": "highcard", "setup": {"players": players, "seed": 3}, "seats": seats});
    let (status, created, _) = with_auth(app, "POST", "/api/games", cookie, None, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created
}

async fn open_games(app: &axum::Router) -> Vec<Value> {
    let (status, list) = call(app, "GET", "/api/open-games", None, None).await;
    assert_eq!(status, StatusCode::OK);
    list["games"].as_array().unwrap().clone()
}

#[tokio::test]
async fn an_open_game_is_listed_joined_in_one_click_and_starts_when_full() {
    let app = server().app();
    let ann = sign_up(&app, "Ann").await;
    let created = create_open(&app, 3, Some(&ann)).await;
    let game = id(&created);
    assert_eq!(created["seats"][1]["type"], "open");
    assert!(created["seats"][1]["token"].is_null());
    assert_eq!(created["options"]["listed"], true);
    let listed = open_games(&app).await;
    assert_eq!(listed.len(), 1);
    let entry = &listed[0];
    assert_eq!(entry["game"], game.as_str());
    assert_eq!(entry["kind"], "highcard");
    assert_eq!(
        (entry["players"].as_u64(), entry["seats_left"].as_u64()),
        (Some(3), Some(2))
    );
    assert_eq!(entry["rated"], false);
    assert_eq!(
        entry["seats"][0],
        json!({"seat": 0, "type": "human", "name": "Ann"})
    );
    assert_eq!(
        entry["expires_at"].as_i64().unwrap() - entry["created_at"].as_i64().unwrap(),
        3600
    );
    // Nothing runs while it waits: no summary, no view, even for the creator.
    let (status, body) = call(&app, "GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::CONFLICT, Some("game_waiting"))
    );
    let (status, _) = view_of(&app, &game, Some(&token(&created, 0))).await;
    assert_eq!(status, StatusCode::CONFLICT);
    // A signed-in stranger joins with one click (an empty body): named by the account.
    let bea = sign_up(&app, "Bea").await;
    let join = format!("/api/open-games/{game}/join");
    let (status, joined, _) = with_auth(&app, "POST", &join, Some(&bea), None, None).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(
        (joined["seat"].as_u64(), joined["started"].as_bool()),
        (Some(1), Some(false))
    );
    let bea_token = joined["token"].as_str().unwrap().to_owned();
    assert_eq!(joined["link"], format!("/games/{game}#token={bea_token}"));
    assert_eq!(open_games(&app).await[0]["seats_left"], 1);
    // An anonymous player takes the last seat under a name of their choice; the game starts.
    let (status, last, _) =
        with_auth(&app, "POST", &join, None, None, Some(json!({"name": "Cy"}))).await;
    assert_eq!(status, StatusCode::OK, "{last}");
    assert_eq!(
        (last["seat"].as_u64(), last["started"].as_bool()),
        (Some(2), Some(true))
    );
    assert!(open_games(&app).await.is_empty());
    let (status, summary) = call(&app, "GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{summary}");
    let names: Vec<&str> = summary["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap_or(""))
        .collect();
    assert_eq!(names, ["Ann", "Bea", "Cy"]);
    // A full game takes nobody else.
    let (status, body, _) = with_auth(&app, "POST", &join, None, None, None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_game"))
    );
    // It is listed to watch while it runs, and spectators see the public view.
    let (_, live) = call(&app, "GET", "/api/live-games", None, None).await;
    assert_eq!(live[0]["game"], game.as_str());
    assert_eq!(view_of(&app, &game, None).await.0, StatusCode::OK);
    // Both accounts own their seats.
    for (player, seat) in [("Ann", 0), ("Bea", 1)] {
        let (_, page) = call(&app, "GET", &format!("/api/players/{player}"), None, None).await;
        assert_eq!(page["games"][0]["game"], game.as_str(), "{player}: {page}");
        assert_eq!(page["games"][0]["seat"], seat);
    }
    let last_token = last["token"].as_str().unwrap().to_owned();
    play_first_legal_until_over(&app, &game, &[token(&created, 0), bea_token, last_token]).await;
    let (_, live) = call(&app, "GET", "/api/live-games", None, None).await;
    assert_eq!(live, json!([]), "a finished game is not listed");
}

#[tokio::test]
async fn a_private_game_is_not_listed_and_names_are_checked_on_joining() {
    let app = server().app();
    create(&app, 2, 1, &["human", "human"]).await;
    assert!(open_games(&app).await.is_empty());
    let (_, live) = call(&app, "GET", "/api/live-games", None, None).await;
    assert_eq!(live, json!([]));
    let game = id(&create_open(&app, 2, None).await);
    let join = format!("/api/open-games/{game}/join");
    let (status, body, _) = with_auth(
        &app,
        "POST",
        &join,
        None,
        None,
        Some(json!({"name": "\u{202e}x"})),
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_name"))
    );
    assert_eq!(
        open_games(&app).await[0]["seats_left"],
        1,
        "a refused join takes nothing"
    );
    let (status, _, _) =
        with_auth(&app, "POST", "/api/open-games/nope/join", None, None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn an_open_game_nobody_joins_expires() {
    let app = server_with(server::Config {
        open_game_seconds: 1,
        ..config()
    })
    .app();
    let game = id(&create_open(&app, 2, None).await);
    assert_eq!(open_games(&app).await.len(), 1);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !open_games(&app).await.is_empty() {
        assert!(
            tokio::time::Instant::now() < deadline,
            "still listed after 10 s"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let (status, body) = call(&app, "GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_game"))
    );
}

#[tokio::test]
async fn an_open_game_waits_across_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite");
    let game = {
        let app = server_on_file(&path).app();
        id(&create_open(&app, 2, None).await)
    };
    let app = server_on_file(&path).app();
    let listed = open_games(&app).await;
    assert_eq!(listed[0]["game"], game.as_str());
    let (status, joined, _) = with_auth(
        &app,
        "POST",
        &format!("/api/open-games/{game}/join"),
        None,
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["started"], true);
    let (status, _) = call(&app, "GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(status, StatusCode::OK);
}

/// Polls `check` every 100 ms until it holds; fails after 10 s.
async fn eventually<F, Fut>(what: &str, check: F)
where
    F: Fn() -> Fut,
    Fut: std::future::Future<Output = bool>,
{
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    while !check().await {
        assert!(tokio::time::Instant::now() < deadline, "{what} within 10 s");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Two processes on one PostgreSQL database (`TABLETOP_TEST_POSTGRES`, as the store suite's
/// tests): an open game made by one is listed and joined by the other, and once full both serve
/// it. Skipped (with a notice) without a test database.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_processes_list_join_and_start_one_open_game() {
    let Ok(url) = std::env::var("TABLETOP_TEST_POSTGRES") else {
        eprintln!("skipped: set TABLETOP_TEST_POSTGRES to a PostgreSQL URL to run this test");
        return;
    };
    let mut pg: tokio_postgres::Config = url.parse().unwrap();
    let (client, connection) = pg.connect(tokio_postgres::NoTls).await.unwrap();
    tokio::spawn(connection);
    let schema = format!("open{:016x}", rand::random::<u64>());
    client
        .batch_execute(&format!("CREATE SCHEMA {schema}"))
        .await
        .unwrap();
    pg.options(format!("-c search_path={schema}"));
    let start = |pg: tokio_postgres::Config| async move {
        let store = server::PgStore::connect_with(pg).await.unwrap();
        server::Server::start(config(), registry(), std::sync::Arc::new(store)).unwrap()
    };
    let (one, two) = (start(pg.clone()).await, start(pg).await);
    let (a, b) = (one.app(), two.app());
    let game = id(&create_open(&a, 3, None).await);
    eventually("the other process lists the game", || async {
        open_games(&b)
            .await
            .iter()
            .any(|g| g["game"] == game.as_str())
    })
    .await;
    let join = format!("/api/open-games/{game}/join");
    let (status, first, _) = with_auth(&b, "POST", &join, None, None, None).await;
    assert_eq!(
        (status, first["started"].as_bool()),
        (StatusCode::OK, Some(false)),
        "{first}"
    );
    let (status, last, _) = with_auth(&a, "POST", &join, None, None, None).await;
    assert_eq!(
        (status, last["started"].as_bool()),
        (StatusCode::OK, Some(true)),
        "{last}"
    );
    assert_ne!(first["seat"], last["seat"], "one seat each");
    for app in [&a, &b] {
        eventually("both processes serve the started game", || async {
            call(app, "GET", &format!("/api/games/{game}"), None, None)
                .await
                .0
                == StatusCode::OK
        })
        .await;
        eventually("no process lists it as open", || async {
            open_games(app).await.is_empty()
        })
        .await;
    }
}

/// Regression: while the game whose last seat was just taken started, it was neither waiting
/// nor live, and its summary answered `unknown_game` for a moment. A bot polling its game
/// took that for expiry and sought another: two bots seeking game after game then each waited
/// in a game of their own, while the game they had both joined waited for one of them.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_last_seat_is_taken_is_never_unknown_while_it_starts() {
    let dir = tempfile::tempdir().unwrap();
    // A database on disk: each commit takes long enough for a poll to fall in between.
    let app = server_on_file(&dir.path().join("db.sqlite")).app();
    for _ in 0..20 {
        let created = create_open(&app, 2, None).await;
        let id = id(&created);
        let path = format!("/api/games/{id}");
        let poller = tokio::spawn({
            let app = app.clone();
            async move {
                loop {
                    let (status, answer) = call(&app, "GET", &path, None, None).await;
                    match status {
                        StatusCode::OK => return Ok(()),
                        StatusCode::CONFLICT if answer["code"] == "game_waiting" => {
                            tokio::task::yield_now().await
                        }
                        _ => return Err(format!("{status} {answer}")),
                    }
                }
            }
        });
        tokio::time::sleep(Duration::from_millis(5)).await;
        let (status, joined, _) = with_auth(
            &app,
            "POST",
            &format!("/api/open-games/{id}/join"),
            None,
            None,
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{joined}");
        assert_eq!(joined["started"], true);
        let polled = tokio::time::timeout(Duration::from_secs(10), poller)
            .await
            .expect("the game starts")
            .unwrap();
        assert_eq!(polled, Ok(()), "game {id} while it started");
    }
}
