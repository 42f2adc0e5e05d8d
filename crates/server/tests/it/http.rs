//! Handler tests against `Server::app()`, without a socket.

use crate::common;

use axum::http::StatusCode;
use common::highcard::{HighCard, Setup};
use common::*;
use engine::{Game, Seat, Viewer};
use serde_json::{json, Value};

fn play(card: u8) -> Value {
    json!({"type":"play","card":format!("card:{card}")})
}

/// The card seat 0 holds first, read from its own view.
async fn first_card(app: &axum::Router, id: &str, token: &str) -> u8 {
    let (_, view) = view_of(app, id, Some(token)).await;
    cards_in(&view["view"]["hand"].to_string())[0]
}

#[tokio::test]
async fn create_answers_a_link_per_human_seat_and_a_spectator_link() {
    let server = server();
    let app = server.app();
    let created = create(&app, 3, 7, &["human", "random", "human"]).await;
    let id = id(&created);
    assert_eq!(id.len(), 32);
    assert_eq!(created["kind"], "highcard");
    assert_eq!(created["setup"], json!({"players":3,"seed":7}));
    let t0 = token(&created, 0);
    let t2 = token(&created, 2);
    assert_eq!(t0.len(), 32);
    assert!(t0.bytes().all(|b| b.is_ascii_hexdigit()));
    assert_ne!(t0, t2);
    assert_eq!(
        created["seats"][0]["link"],
        format!("/games/{id}#token={t0}")
    );
    assert_eq!(
        created["seats"][1],
        json!({"seat":1,"type":"bot","bot":"random"})
    );
    assert_eq!(created["spectator"]["link"], format!("/games/{id}"));

    let (status, info) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(info["kind"], "highcard");
    assert_eq!(info["version"], 0);
    assert_eq!(info["actor"], json!({"type":"seat","seat":0}));
    assert_eq!(
        info["seats"][1],
        json!({"seat":1,"type":"bot","bot":"random","name":null,"away":null,"connected":false})
    );
    assert_eq!(
        info["seats"][2],
        json!({"seat":2,"type":"human","name":null,"away":null,"connected":false})
    );
}

#[tokio::test]
async fn a_missing_seed_is_chosen_at_random_and_kept_secret() {
    let app = server().app();
    let body = json!({"kind":"highcard","setup":{"players":2}}).to_string();
    let mut hands = Vec::new();
    for _ in 0..2 {
        let (status, created) = call(&app, "POST", "/api/games", None, Some(&body)).await;
        assert_eq!(status, StatusCode::CREATED, "{created}");
        assert_eq!(
            created["setup"],
            json!({"players":2}),
            "the chosen seed is not shown"
        );
        assert_eq!(
            created["seats"].as_array().unwrap().len(),
            2,
            "all seats human by default"
        );
        let path = format!("/api/games/{}/view", id(&created));
        let (_, view) = call(&app, "GET", &path, Some(&token(&created, 0)), None).await;
        hands.push(view["view"]["hand"].clone());
    }
    assert_ne!(hands[0], hands[1], "different seeds deal different hands");
}

#[tokio::test]
async fn public_urls_make_absolute_links() {
    let server = server_with(server::Config {
        public_url: Some("http://127.0.0.1:8080/".into()),
        ..config()
    });
    let created = create(&server.app(), 2, 1, &["human", "human"]).await;
    let link = created["seats"][1]["link"].as_str().unwrap();
    assert!(link.starts_with(&format!(
        "http://127.0.0.1:8080/games/{}#token=",
        id(&created)
    )));
}

/// Sends one request and checks its status, error code and a part of its message.
#[allow(clippy::too_many_arguments)]
async fn assert_error(
    app: &axum::Router,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
    status: StatusCode,
    code: &str,
    message: &str,
) -> Value {
    let (got, answer) = call(app, method, path, token, body).await;
    assert_eq!(got, status, "{answer}");
    assert_eq!(answer["code"], code, "{answer}");
    let text = answer["message"].as_str().unwrap();
    assert!(text.contains(message), "message {text:?} lacks {message:?}");
    answer
}

#[tokio::test]
async fn create_errors_each_have_their_code_and_message() {
    let app = server().app();
    let post = |body: &'static str| (body,);
    for (body, status, code, message) in [
        (
            post("{\"kind\":"),
            StatusCode::BAD_REQUEST,
            "malformed_json",
            "not valid JSON",
        ),
        (
            post("{\"setup\":{}}"),
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "missing field `kind`",
        ),
        (
            post(r#"{"kind":"chess","setup":{}}"#),
            StatusCode::BAD_REQUEST,
            "unknown_kind",
            "unknown game kind \"chess\"; known kinds: highcard",
        ),
        (
            post(r#"{"kind":"highcard","setup":{"players":7,"seed":1}}"#),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_setup",
            "7 players; High Card takes 2 to 4",
        ),
        (
            post(r#"{"kind":"highcard","setup":{"players":2,"sead":1}}"#),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_setup",
            "unknown field `sead`",
        ),
        (
            post(r#"{"kind":"highcard","setup":[2]}"#),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_setup",
            "must be a JSON object",
        ),
        (
            post(r#"{"kind":"highcard","setup":{"players":2},"seats":[{"type":"human"}]}"#),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_seats",
            "this setup has 2 seats, but 1 were described",
        ),
        (
            post(
                r#"{"kind":"highcard","setup":{"players":2},"seats":[{"type":"human","token":"abc"},{"type":"human"}]}"#,
            ),
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "unknown field `token`",
        ),
        (
            post(
                r#"{"kind":"highcard","setup":{"players":2},"seats":[{"type":"human"},{"type":"bot","bot":"genius"}]}"#,
            ),
            StatusCode::UNPROCESSABLE_ENTITY,
            "unknown_bot",
            "unknown bot \"genius\" for highcard; known bots: random",
        ),
    ] {
        assert_error(
            &app,
            "POST",
            "/api/games",
            None,
            Some(body.0),
            status,
            code,
            message,
        )
        .await;
    }
    let huge = format!(
        r#"{{"kind":"highcard","setup":{{"pad":"{}"}}}}"#,
        "x".repeat(70_000)
    );
    assert_error(
        &app,
        "POST",
        "/api/games",
        None,
        Some(&huge),
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
        "at most 65536 bytes are accepted",
    )
    .await;
    let (_, kinds) = call(&app, "GET", "/api/kinds", None, None).await;
    // (the test registry offers only the test game)
    assert_eq!(kinds, json!([{"kind":"highcard","bots":["random"]}]));
}

/// `Server::create_game` is the whole of `POST /api/games` but the HTTP: a library caller gets
/// the same checks, and a refusal stores nothing.
#[tokio::test]
async fn create_game_checks_every_seat_and_a_refusal_stores_nothing() {
    use server::{ApiError, NewGame, SeatChoice, Store};
    let store = std::sync::Arc::new(server::SqliteStore::open_in_memory().unwrap());
    let server = server::Server::start(config(), registry(), store.clone()).unwrap();
    let request = |seats: Vec<SeatChoice>| NewGame {
        kind: "highcard".into(),
        setup: json!({"players": 2}),
        seats: Some(seats),
        options: Default::default(),
    };
    let human = |name: &str| SeatChoice::Human {
        name: Some(name.into()),
    };
    let bot = |name: &str| SeatChoice::Bot { bot: name.into() };
    let refused = server
        .create_game(request(vec![human("Ann"), bot("genius")]))
        .await;
    assert!(matches!(refused, Err(ApiError::UnknownBot { .. })));
    let refused = server
        .create_game(request(vec![human("Ann"), human(" \u{7} ")]))
        .await;
    assert!(
        matches!(&refused, Err(ApiError::InvalidName(m)) if m.starts_with("seat 1: ")),
        "{:?}",
        refused.map(|c| c.game)
    );
    assert_eq!(server.game_count(), 0);
    assert!(store.load_unfinished().unwrap().is_empty());

    let created = server
        .create_game(request(vec![human("  Ann "), bot("random")]))
        .await
        .unwrap();
    assert_eq!(created.kind, "highcard");
    assert_eq!(created.seats[0].name.as_deref(), Some("Ann"));
    assert!(created.seats[0].token.is_some());
    assert_eq!(created.seats[1].bot.as_deref(), Some("random"));
    assert_eq!(created.seats[1].token, None);
    assert_eq!(
        created.setup,
        json!({"players": 2}),
        "the chosen seed is secret"
    );
    let stored = store.load_unfinished().unwrap();
    assert_eq!(stored.len(), 1);
    assert_eq!(stored[0].id, created.game);
    assert_eq!(stored[0].seats[0].name.as_deref(), Some("Ann"));
}

#[tokio::test]
async fn action_errors_each_have_their_code_and_message_and_change_nothing() {
    let server = server();
    let app = server.app();
    let created = create(&app, 2, 11, &["human", "human"]).await;
    let other = create(&app, 2, 12, &["human", "human"]).await;
    let id = id(&created);
    let (t0, t1) = (token(&created, 0), token(&created, 1));
    let path = format!("/api/games/{id}/actions");
    let card = first_card(&app, &id, &t0).await;
    let (_, before0) = view_of(&app, &id, Some(&t0)).await;
    let (_, before1) = view_of(&app, &id, Some(&t1)).await;
    let good = json!({"version":0,"action":play(card)}).to_string();

    assert_error(
        &app,
        "POST",
        &path,
        None,
        Some(&good),
        StatusCode::UNAUTHORIZED,
        "missing_token",
        "Bearer",
    )
    .await;
    assert_error(
        &app,
        "POST",
        &path,
        Some(&token(&other, 0)),
        Some(&good),
        StatusCode::FORBIDDEN,
        "wrong_token",
        "not a seat token of this game",
    )
    .await;
    assert_error(
        &app,
        "POST",
        &path,
        Some("0123"),
        Some(&good),
        StatusCode::FORBIDDEN,
        "wrong_token",
        "not a seat token",
    )
    .await;
    let for_seat_1 = json!({"version":0,"seat":1,"action":play(card)}).to_string();
    assert_error(
        &app,
        "POST",
        &path,
        Some(&t0),
        Some(&for_seat_1),
        StatusCode::FORBIDDEN,
        "wrong_seat",
        "your token is for seat 0, but the action is for seat 1",
    )
    .await;
    let stale = json!({"version":3,"action":play(card)}).to_string();
    let answer = assert_error(
        &app,
        "POST",
        &path,
        Some(&t0),
        Some(&stale),
        StatusCode::CONFLICT,
        "stale_version",
        "made on version 3, but the game is at version 0",
    )
    .await;
    assert_eq!(answer["current_version"], 0);
    let not_mine = (1..=24)
        .find(|c| !cards_in(&before0["view"]["hand"].to_string()).contains(c))
        .unwrap();
    let bad_card = json!({"version":0,"action":play(not_mine)}).to_string();
    assert_error(
        &app,
        "POST",
        &path,
        Some(&t0),
        Some(&bad_card),
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_action",
        &format!("card {not_mine} is not in your hand"),
    )
    .await;
    let not_turn = json!({"version":0,"action":play(first_card(&app, &id, &t1).await)}).to_string();
    assert_error(
        &app,
        "POST",
        &path,
        Some(&t1),
        Some(&not_turn),
        StatusCode::UNPROCESSABLE_ENTITY,
        "illegal_action",
        "it is seat 0's turn, not seat 1's",
    )
    .await;
    let nonsense = json!({"version":0,"action":{"type":"fold"}}).to_string();
    assert_error(
        &app,
        "POST",
        &path,
        Some(&t0),
        Some(&nonsense),
        StatusCode::BAD_REQUEST,
        "invalid_action",
        "not a highcard action: unknown variant `fold`",
    )
    .await;
    assert_error(
        &app,
        "POST",
        &path,
        Some(&t0),
        Some("{\"version\":0,"),
        StatusCode::BAD_REQUEST,
        "malformed_json",
        "not valid JSON",
    )
    .await;
    assert_error(
        &app,
        "POST",
        &path,
        Some(&t0),
        Some("{\"action\":{}}"),
        StatusCode::BAD_REQUEST,
        "invalid_request",
        "missing field `version`",
    )
    .await;
    let huge = format!(r#"{{"version":0,"action":"{}"}}"#, "x".repeat(100_000));
    assert_error(
        &app,
        "POST",
        &path,
        Some(&t0),
        Some(&huge),
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
        "65536",
    )
    .await;
    assert_error(
        &app,
        "POST",
        &path,
        Some("Basic abc"),
        Some(&good),
        StatusCode::BAD_REQUEST,
        "invalid_request",
        "a token without spaces",
    )
    .await;
    assert_error(
        &app,
        "POST",
        "/api/games/ffff/actions",
        Some(&t0),
        Some(&good),
        StatusCode::NOT_FOUND,
        "unknown_game",
        "there is no game with id \"ffff\"",
    )
    .await;
    assert_error(
        &app,
        "GET",
        "/api/nothing",
        None,
        None,
        StatusCode::NOT_FOUND,
        "not_found",
        "nothing at /api/nothing",
    )
    .await;
    assert_error(
        &app,
        "DELETE",
        &path,
        Some(&t0),
        None,
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        &format!("DELETE is not allowed on {path}"),
    )
    .await;

    // Nothing changed.
    let (_, after0) = view_of(&app, &id, Some(&t0)).await;
    let (_, after1) = view_of(&app, &id, Some(&t1)).await;
    assert_eq!(before0, after0);
    assert_eq!(before1, after1);

    // The good action goes through, once.
    let (status, answer) = call(&app, "POST", &path, Some(&t0), Some(&good)).await;
    assert_eq!((status, answer), (StatusCode::OK, json!({"version":1})));
    assert_error(
        &app,
        "POST",
        &path,
        Some(&t0),
        Some(&good),
        StatusCode::CONFLICT,
        "stale_version",
        "made on version 0, but the game is at version 1",
    )
    .await;
}

#[tokio::test]
async fn the_authorization_header_must_be_bearer() {
    let app = server().app();
    let created = create(&app, 2, 1, &["human", "human"]).await;
    let id = id(&created);
    let request = axum::http::Request::builder()
        .uri(format!("/api/games/{id}/view"))
        .header("authorization", "Basic abc")
        .body(axum::body::Body::empty())
        .unwrap();
    use tower::ServiceExt;
    let response = app.oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn a_finished_game_refuses_actions_with_game_over() {
    let server = server();
    let app = server.app();
    let created = create(&app, 2, 5, &["human", "human"]).await;
    let id = id(&created);
    let tokens = [token(&created, 0), token(&created, 1)];
    let mut version = 0;
    loop {
        let (_, info) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
        if info["actor"]["type"] == "terminal" {
            assert_eq!(
                info["outcome"]
                    .as_array()
                    .unwrap()
                    .iter()
                    .map(|v| v.as_u64().unwrap())
                    .sum::<u64>(),
                12
            );
            break;
        }
        let seat = info["actor"]["seat"].as_u64().unwrap() as usize;
        let card = first_card(&app, &id, &tokens[seat]).await;
        let body = json!({"version":version,"action":play(card)}).to_string();
        let (status, answer) = call(
            &app,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(&tokens[seat]),
            Some(&body),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        version += 1;
        assert_eq!(answer["version"], version);
    }
    assert_eq!(version, 24);
    let body = json!({"version":version,"action":{"type":"signal","high":true}}).to_string();
    assert_error(
        &app,
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(&tokens[0]),
        Some(&body),
        StatusCode::CONFLICT,
        "game_over",
        "the game is over",
    )
    .await;
}

#[tokio::test]
async fn views_and_logs_show_each_seat_only_its_own_cards() {
    let server = server();
    let app = server.app();
    let created = create(&app, 2, 3, &["human", "human"]).await;
    let id = id(&created);
    let tokens = [token(&created, 0), token(&created, 1)];
    let mut game = HighCard::new(Setup {
        players: 2,
        seed: 3,
    })
    .unwrap();
    // Two tricks: four plays, and everyone draws twice.
    for version in 0..4u64 {
        let seat = game.actor().seat().unwrap();
        let card = game.hand(seat)[0];
        let action = common::highcard::Action::Play { card };
        let body = json!({"version":version,"action":action}).to_string();
        let (status, _) = call(
            &app,
            "POST",
            &format!("/api/games/{id}/actions"),
            Some(&tokens[seat.index()]),
            Some(&body),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
        game.apply_as(seat, &action).unwrap();
    }
    for seat in 0..2u8 {
        let t = &tokens[seat as usize];
        let (_, view) = view_of(&app, &id, Some(t)).await;
        let expected = serde_json::to_value(game.view(Viewer::Seat(Seat(seat)))).unwrap();
        assert_eq!(view["view"], expected);
        assert_eq!(view["viewer"], json!({"type":"seat","seat":seat}));
        let own: Vec<u8> = game.hand(Seat(seat)).iter().map(|c| c.0).collect();
        let others: Vec<u8> = game.hand(Seat(1 - seat)).iter().map(|c| c.0).collect();
        let text = view.to_string();
        assert!(own.iter().all(|c| cards_in(&text).contains(c)));
        assert!(
            others.iter().all(|c| !cards_in(&text).contains(c)),
            "{text}"
        );
        let (_, log) = call(&app, "GET", &format!("/api/games/{id}/log"), Some(t), None).await;
        assert_eq!(log["version"], 4);
        let entries = log["entries"].as_array().unwrap();
        assert_eq!(entries.len(), 4);
        for e in entries {
            assert_eq!(
                e.get("action").is_some(),
                e["seat"] == seat,
                "own actions only: {e}"
            );
            for ev in e["events"].as_array().unwrap() {
                if ev["type"] == "drew" {
                    assert_eq!(ev["card"].is_null(), ev["seat"] != seat, "{ev}");
                }
            }
        }
    }
    let (_, public) = view_of(&app, &id, None).await;
    assert_eq!(public["viewer"], json!({"type":"spectator"}));
    assert!(public["view"]["hand"].is_null());
    assert_eq!(public["legal"], json!([]));
    let (_, log) = call(&app, "GET", &format!("/api/games/{id}/log"), None, None).await;
    let text = log.to_string();
    assert!(!text.contains("\"action\""));
    let drawn: Vec<&Value> = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|e| e["events"].as_array().unwrap())
        .filter(|e| e["type"] == "drew")
        .collect();
    assert_eq!(drawn.len(), 4);
    assert!(drawn.iter().all(|e| e["card"].is_null()));
}

#[tokio::test]
async fn the_seat_to_act_gets_its_legal_actions_and_no_one_else() {
    let app = server().app();
    let created = create(&app, 2, 9, &["human", "human"]).await;
    let id = id(&created);
    let (_, v0) = call(
        &app,
        "GET",
        &format!("/api/games/{id}/view"),
        Some(&token(&created, 0)),
        None,
    )
    .await;
    let (_, v1) = call(
        &app,
        "GET",
        &format!("/api/games/{id}/view"),
        Some(&token(&created, 1)),
        None,
    )
    .await;
    assert_eq!(
        v0["legal"].as_array().unwrap().len(),
        4 + 2,
        "four cards and two signals"
    );
    assert_eq!(v1["legal"], json!([]));
}

#[tokio::test]
async fn a_player_lists_the_games_of_their_tokens() {
    let app = server().app();
    let a = create(&app, 2, 1, &["human", "random"]).await;
    let b = create(&app, 3, 2, &["random", "human", "human"]).await;
    let _c = create(&app, 2, 3, &["human", "human"]).await;
    let body = json!({"tokens":[token(&a,0), token(&b,2), "feedbeef", token(&b,2)]}).to_string();
    let (status, list) = call(&app, "POST", "/api/players/games", None, Some(&body)).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["unknown_tokens"], 1);
    let games = list["games"].as_array().unwrap();
    assert_eq!(games.len(), 2);
    let mut found: Vec<(String, u64)> = games
        .iter()
        .map(|g| {
            (
                g["game"].as_str().unwrap().to_owned(),
                g["seat"].as_u64().unwrap(),
            )
        })
        .collect();
    found.sort();
    let mut expected = vec![(id(&a), 0), (id(&b), 2)];
    expected.sort();
    assert_eq!(found, expected);
    assert!(games
        .iter()
        .all(|g| g["kind"] == "highcard" && g["version"].is_u64()));
    let many = json!({"tokens": vec!["x"; 300]}).to_string();
    assert_error(
        &app,
        "POST",
        "/api/players/games",
        None,
        Some(&many),
        StatusCode::BAD_REQUEST,
        "invalid_request",
        "300 tokens sent; at most 256",
    )
    .await;
}

#[tokio::test]
async fn bots_play_their_seats_to_the_end() {
    let server = server();
    let app = server.app();
    let created = create(&app, 4, 21, &["random", "random", "random", "random"]).await;
    let id = id(&created);
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(20);
    let info = loop {
        let (_, info) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
        if info["actor"]["type"] == "terminal" {
            break info;
        }
        assert!(std::time::Instant::now() < deadline, "bots stalled: {info}");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    };
    let tricks: u64 = info["outcome"]
        .as_array()
        .unwrap()
        .iter()
        .map(|v| v.as_u64().unwrap())
        .sum();
    assert_eq!(tricks, 6, "24 cards, 4 a trick");
    let (_, log) = call(&app, "GET", &format!("/api/games/{id}/log"), None, None).await;
    let plays = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["events"][0]["type"] == "played")
        .count();
    assert_eq!(plays, 24);
    assert_eq!(log["version"], info["version"]);
}

#[tokio::test]
async fn a_bot_waits_the_configured_pause_before_playing() {
    let server = server_with(server::Config {
        bot_delay: std::time::Duration::from_millis(300),
        ..config()
    });
    let app = server.app();
    // The pause starts after `before`, so the bot's move cannot be seen sooner than 300 ms
    // after it, however slow the machine; waiting for the move has a generous deadline.
    let before = std::time::Instant::now();
    let created = create(&app, 2, 4, &["random", "human"]).await;
    let id = id(&created);
    let deadline = before + std::time::Duration::from_secs(60);
    loop {
        let (_, info) = call(&app, "GET", &format!("/api/games/{id}"), None, None).await;
        if info["version"].as_u64().unwrap() >= 1 {
            break;
        }
        assert!(std::time::Instant::now() < deadline, "the bot never played");
        tokio::time::sleep(std::time::Duration::from_millis(10)).await;
    }
    assert!(
        before.elapsed() >= std::time::Duration::from_millis(300),
        "the bot played after {:?}",
        before.elapsed()
    );
}

#[tokio::test]
async fn assets_are_served_from_the_embedded_directory() {
    let app = server().app();
    // A `/games/` path that is no game id is the same page (which says so), answered 404.
    for (path, status) in [
        ("/", StatusCode::OK),
        ("/assets/index.html", StatusCode::OK),
        ("/games/0123456789abcdef0123456789abcdef", StatusCode::OK),
        ("/games/abc", StatusCode::NOT_FOUND),
        ("/rules/powergrid", StatusCode::OK),
    ] {
        let request = axum::http::Request::builder()
            .uri(path)
            .body(axum::body::Body::empty())
            .unwrap();
        use tower::ServiceExt;
        let response = app.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), status, "{path}");
        assert_eq!(
            response.headers()["content-type"],
            "text/html; charset=utf-8"
        );
        let body = http_body_util::BodyExt::collect(response.into_body())
            .await
            .unwrap()
            .to_bytes();
        assert_eq!(&body[..], include_bytes!("../../assets/index.html"));
    }
    // A compiled catalog: JSON the page evaluates, with the language's messages.
    let request = axum::http::Request::builder()
        .uri("/assets/locales/th.json")
        .body(axum::body::Body::empty())
        .unwrap();
    use tower::ServiceExt;
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/json");
    let body = http_body_util::BodyExt::collect(response.into_body())
        .await
        .unwrap()
        .to_bytes();
    let catalog: serde_json::Value = serde_json::from_slice(&body).unwrap();
    assert_eq!(catalog["lang"], "th");
    assert_eq!(catalog["messages"]["language-name"], "ไทย");
    assert_error(
        &app,
        "GET",
        "/assets/locales/xx.json",
        None,
        None,
        StatusCode::NOT_FOUND,
        "not_found",
        "/assets/locales/xx.json",
    )
    .await;
    assert_error(
        &app,
        "GET",
        "/assets/missing.js",
        None,
        None,
        StatusCode::NOT_FOUND,
        "not_found",
        "/assets/missing.js",
    )
    .await;
    assert_error(
        &app,
        "GET",
        "/assets/../Cargo.toml",
        None,
        None,
        StatusCode::NOT_FOUND,
        "not_found",
        "",
    )
    .await;
    // Paths that do not decode to UTF-8 get the JSON refusals too, not axum's plain text.
    for route in ["", "/view", "/log", "/ws"] {
        assert_error(
            &app,
            "GET",
            &format!("/api/games/%ff{route}"),
            None,
            None,
            StatusCode::BAD_REQUEST,
            "invalid_request",
            "the game id in the path cannot be read",
        )
        .await;
    }
    assert_error(
        &app,
        "GET",
        "/assets/%ff",
        None,
        None,
        StatusCode::NOT_FOUND,
        "not_found",
        "undecodable",
    )
    .await;
}

#[tokio::test]
async fn requests_over_an_addresss_rate_are_refused() {
    let server = server_with(server::Config {
        rate_per_second: 1,
        rate_burst: 3,
        ..config()
    });
    let conn = server::Peer::new("127.0.0.1:5000".parse().unwrap());
    let app = server
        .app()
        .layer(axum::extract::connect_info::MockConnectInfo(conn));
    for _ in 0..3 {
        let (status, _) = call(&app, "GET", "/api/kinds", None, None).await;
        assert_eq!(status, StatusCode::OK);
    }
    assert_error(
        &app,
        "GET",
        "/api/kinds",
        None,
        None,
        StatusCode::TOO_MANY_REQUESTS,
        "rate_limited",
        "at most 1 per second (bursts of 3)",
    )
    .await;
    // Another connection from the same address shares its budget; another address has its own.
    let mock = |addr: &str| {
        server
            .app()
            .layer(axum::extract::connect_info::MockConnectInfo(
                server::Peer::new(addr.parse().unwrap()),
            ))
    };
    let same = mock("127.0.0.1:5001");
    assert_eq!(
        call(&same, "GET", "/api/kinds", None, None).await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
    let other = mock("127.0.0.2:5000");
    assert_eq!(
        call(&other, "GET", "/api/kinds", None, None).await.0,
        StatusCode::OK
    );
}
