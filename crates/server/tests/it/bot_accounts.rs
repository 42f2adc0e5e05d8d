//! Bot accounts and the bot API: a person makes a bot and its API token (shown once, stored
//! hashed, rotated and revoked), other people's bots stay hidden, the bot routes take only a
//! live bot token, and two seeking bots meet in one game; every refusal has its own code.

use crate::common;

use axum::http::StatusCode;
use common::*;
use serde_json::{json, Value};
use server::{Config, SqliteStore};
use std::sync::Arc;

/// [`common::send`] without the headers answered.
async fn send(
    app: &axum::Router,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
    peer: Option<&str>,
) -> (StatusCode, Value) {
    let (status, _, body) = common::send(app, method, path, headers, body, peer).await;
    (status, body)
}

/// `cookie`'s person makes bot `name`; answers its token.
async fn bot(app: &axum::Router, cookie: &str, name: &str) -> String {
    let (status, body) = send(
        app,
        "POST",
        "/api/account/bots",
        &[("cookie", cookie)],
        Some(json!({"name": name})),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body["token"].as_str().unwrap().to_owned()
}

/// A request with `token` as the bearer.
async fn as_bot(
    app: &axum::Router,
    method: &str,
    path: &str,
    token: &str,
    body: Option<Value>,
) -> (StatusCode, Value) {
    let bearer = format!("Bearer {token}");
    send(app, method, path, &[("authorization", &bearer)], body, None).await
}

fn seek(players: u8) -> Option<Value> {
    Some(json!({"kind": "highcard", "players": players}))
}

#[tokio::test]
async fn a_bots_token_is_shown_once_and_stored_as_a_hash() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite");
    let token = {
        let store = Arc::new(SqliteStore::open(&path).unwrap());
        let server = server::Server::start(config(), registry(), store).unwrap();
        let app = server.app();
        let ann = sign_up(&app, "Ann").await;
        let (status, made) = send(
            &app,
            "POST",
            "/api/account/bots",
            &[("cookie", &ann)],
            Some(json!({"name": "Robo_1"})),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{made}");
        assert_eq!(
            (made["name"].as_str(), made["bot"].as_bool()),
            (Some("Robo_1"), Some(true))
        );
        let token = made["token"].as_str().unwrap().to_owned();
        assert_eq!(token.len(), 32);
        let (status, me) = as_bot(&app, "GET", "/api/bot/account", &token, None).await;
        assert_eq!(status, StatusCode::OK, "{me}");
        assert_eq!(
            (me["name"].as_str(), me["bot"].as_bool()),
            (Some("Robo_1"), Some(true))
        );
        // The owner's list shows the bot, never its token.
        let (_, listed) = send(
            &app,
            "GET",
            "/api/account/bots",
            &[("cookie", &ann)],
            None,
            None,
        )
        .await;
        assert_eq!(
            listed["bots"],
            json!([{"name": "Robo_1", "created_at": made["created_at"], "tokens": 1}])
        );
        assert!(!listed.to_string().contains(&token));
        // Its player page says it is a bot.
        let (_, page) = send(&app, "GET", "/api/players/robo_1", &[], None, None).await;
        assert_eq!(page["bot"], true);
        token
    };
    let conn = rusqlite::Connection::open(&path).unwrap();
    let (hash, owner): (Vec<u8>, Option<i64>) = conn
        .query_row(
            "SELECT t.token_hash, a.owner_id FROM api_tokens t JOIN accounts a ON a.id = t.account_id",
            [],
            |r| Ok((r.get(0)?, r.get(1)?)),
        )
        .unwrap();
    assert_eq!(hash.len(), 32, "a SHA-256");
    assert!(owner.is_some(), "the bot is owned");
    drop(conn);
    assert!(
        on_disk(dir.path(), b"Robo_1"),
        "the scan reads the database"
    );
    assert!(
        !on_disk(dir.path(), token.as_bytes()),
        "the token is on disk"
    );
}

#[tokio::test]
async fn making_a_bot_needs_a_session_a_good_name_and_this_sites_page() {
    let app = server().app();
    let body = Some(json!({"name": "Robo"}));
    let (status, answer) = send(&app, "POST", "/api/account/bots", &[], body.clone(), None).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("not_signed_in"))
    );
    let ann = sign_up(&app, "Ann").await;
    let evil = [
        ("cookie", ann.as_str()),
        ("host", "tabletop.example"),
        ("origin", "https://evil.example"),
    ];
    let (status, answer) = send(&app, "POST", "/api/account/bots", &evil, body.clone(), None).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::FORBIDDEN, Some("foreign_origin"))
    );
    let cookie = [("cookie", ann.as_str())];
    for (name, code) in [
        ("R", "account_name_too_short"),
        ("Robo bot", "account_name_character"),
        ("ann", "name_taken"),
    ] {
        let (status, answer) = send(
            &app,
            "POST",
            "/api/account/bots",
            &cookie,
            Some(json!({"name": name})),
            None,
        )
        .await;
        assert_eq!(answer["code"], code, "{name}: {status} {answer}");
    }
    let (status, answer) = send(
        &app,
        "POST",
        "/api/account/bots",
        &cookie,
        Some(json!({"name": "Robo", "password": "x"})),
        None,
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::BAD_REQUEST, Some("invalid_request"))
    );
    // Nothing was made by the refusals; the name is free.
    bot(&app, &ann, "Robo").await;
    for i in 1..10 {
        bot(&app, &ann, &format!("Robo{i}")).await;
    }
    let (status, answer) = send(
        &app,
        "POST",
        "/api/account/bots",
        &cookie,
        Some(json!({"name": "Robo10"})),
        None,
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::CONFLICT, Some("too_many_bots"))
    );
}

#[tokio::test]
async fn rotating_ends_the_old_token_and_revoking_ends_them_all() {
    let app = server().app();
    let ann = sign_up(&app, "Ann").await;
    let cookie = [("cookie", ann.as_str())];
    let first = bot(&app, &ann, "Robo").await;
    let (status, rotated) = send(
        &app,
        "POST",
        "/api/account/bots/ROBO/token",
        &cookie,
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{rotated}");
    let second = rotated["token"].as_str().unwrap().to_owned();
    assert_ne!(first, second);
    let (status, answer) = as_bot(&app, "GET", "/api/bot/account", &first, None).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("bad_api_token"))
    );
    assert_eq!(
        as_bot(&app, "GET", "/api/bot/account", &second, None)
            .await
            .0,
        StatusCode::OK
    );
    let (status, revoked) = send(
        &app,
        "POST",
        "/api/account/bots/Robo/revoke",
        &cookie,
        None,
        None,
    )
    .await;
    assert_eq!(
        (status, revoked),
        (StatusCode::OK, json!({"name": "Robo", "revoked": 1}))
    );
    let (status, answer) = as_bot(&app, "GET", "/api/bot/account", &second, None).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("bad_api_token"))
    );
    let (_, listed) = send(&app, "GET", "/api/account/bots", &cookie, None, None).await;
    assert_eq!(listed["bots"][0]["tokens"], 0);
    // A new token after a revocation works again.
    let (_, rotated) = send(
        &app,
        "POST",
        "/api/account/bots/Robo/token",
        &cookie,
        None,
        None,
    )
    .await;
    let third = rotated["token"].as_str().unwrap();
    assert_eq!(
        as_bot(&app, "GET", "/api/bot/account", third, None).await.0,
        StatusCode::OK
    );
    // Deleting the bot ends its token and its name; its owner stays.
    let (status, _) = send(
        &app,
        "POST",
        "/api/account/bots/Robo/delete",
        &cookie,
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        as_bot(&app, "GET", "/api/bot/account", third, None).await.0,
        StatusCode::UNAUTHORIZED
    );
    let (status, _) = send(&app, "GET", "/api/players/Robo", &[], None, None).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, listed) = send(&app, "GET", "/api/account/bots", &cookie, None, None).await;
    assert_eq!(listed["bots"], json!([]));
}

#[tokio::test]
async fn other_peoples_bots_are_unknown_as_missing_ones_are() {
    let app = server().app();
    let ann = sign_up(&app, "Ann").await;
    let bea = sign_up(&app, "Bea").await;
    let token = bot(&app, &ann, "Robo").await;
    let theirs = [("cookie", bea.as_str())];
    for action in ["token", "revoke", "delete"] {
        let (status, of_ann) = send(
            &app,
            "POST",
            &format!("/api/account/bots/Robo/{action}"),
            &theirs,
            None,
            None,
        )
        .await;
        let (_, of_nobody) = send(
            &app,
            "POST",
            &format!("/api/account/bots/Nobody/{action}"),
            &theirs,
            None,
            None,
        )
        .await;
        assert_eq!(
            (status, of_ann["code"].as_str()),
            (StatusCode::NOT_FOUND, Some("unknown_bot_account"))
        );
        assert_eq!(
            of_ann["message"]
                .as_str()
                .unwrap()
                .replace("Robo", "Nobody"),
            of_nobody["message"].as_str().unwrap()
        );
    }
    let (_, listed) = send(&app, "GET", "/api/account/bots", &theirs, None, None).await;
    assert_eq!(listed["bots"], json!([]));
    assert_eq!(
        as_bot(&app, "GET", "/api/bot/account", &token, None)
            .await
            .0,
        StatusCode::OK,
        "untouched"
    );
    // Deleting Ann deletes her bot.
    let (status, _) = send(
        &app,
        "POST",
        "/api/account/delete",
        &[("cookie", &ann)],
        Some(json!({"password": "correct horse"})),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, answer) = as_bot(&app, "GET", "/api/bot/account", &token, None).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("bad_api_token"))
    );
}

#[tokio::test]
async fn the_bot_routes_take_only_a_live_bot_token() {
    let app = server().app();
    let ann = sign_up(&app, "Ann").await;
    let (status, answer) = send(&app, "POST", "/api/bot/seek", &[], seek(2), None).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("missing_api_token"))
    );
    let (status, answer) = send(
        &app,
        "POST",
        "/api/bot/seek",
        &[("cookie", &ann)],
        seek(2),
        None,
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("missing_api_token")),
        "a person's session is not a bot's token"
    );
    let (status, answer) = as_bot(&app, "POST", "/api/bot/seek", &"0".repeat(32), seek(2)).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("bad_api_token"))
    );
    // A seat token is no API token.
    let (_, created) = call(
        &app,
        "POST",
        "/api/games",
        None,
        Some(r#"{"kind": "highcard", "setup": {"players": 2}}"#),
    )
    .await;
    let seat_token = created["seats"][0]["token"].as_str().unwrap();
    let (status, answer) = as_bot(&app, "GET", "/api/bot/account", seat_token, None).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("bad_api_token"))
    );
}

#[tokio::test]
async fn each_bad_seek_has_its_own_code_and_opens_nothing() {
    let app = server().app();
    let ann = sign_up(&app, "Ann").await;
    let token = bot(&app, &ann, "Robo").await;
    for (body, code) in [
        (json!({"kind": "highcard"}), "invalid_seek"),
        (
            json!({"kind": "highcard", "players": 2, "colour": "red"}),
            "invalid_seek",
        ),
        (
            json!({"kind": "highcard", "players": "two"}),
            "invalid_seek",
        ),
        (json!({"kind": "chess", "players": 2}), "unknown_kind"),
        (json!({"kind": "highcard", "players": 9}), "invalid_setup"),
        (
            json!({"kind": "highcard", "players": 2, "map": "germany"}),
            "invalid_setup",
        ),
    ] {
        let (status, answer) =
            as_bot(&app, "POST", "/api/bot/seek", &token, Some(body.clone())).await;
        assert_eq!(answer["code"], code, "{body}: {status} {answer}");
    }
    let (_, answer) = send(
        &app,
        "POST",
        "/api/bot/seek",
        &[("authorization", &format!("Bearer {token}"))],
        None,
        None,
    )
    .await;
    assert_eq!(answer["code"], "malformed_json");
    let (status, answer) = as_bot(
        &app,
        "GET",
        "/api/bot/open-games?kind=highcard",
        &token,
        None,
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::UNPROCESSABLE_ENTITY, Some("invalid_seek"))
    );
    let (_, open) = call(&app, "GET", "/api/open-games", None, None).await;
    assert_eq!(open["games"], json!([]));
}

#[tokio::test]
async fn two_seeking_bots_meet_in_one_game() {
    let app = server().app();
    let ann = sign_up(&app, "Ann").await;
    let one = bot(&app, &ann, "RoboOne").await;
    let two = bot(&app, &ann, "RoboTwo").await;
    let (status, first) = as_bot(&app, "POST", "/api/bot/seek", &one, seek(2)).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    assert_eq!(
        (first["created"].as_bool(), first["started"].as_bool()),
        (Some(true), Some(false))
    );
    let game = first["game"].as_str().unwrap().to_owned();
    let (status, _) = call(&app, "GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(status, StatusCode::CONFLICT, "waiting");
    // The lobby lists it with its waiting bot; the other bot's list shows it, its own does not.
    let (_, lobby) = call(&app, "GET", "/api/open-games", None, None).await;
    assert_eq!(lobby["games"][0]["seats"][0]["name"], "RoboOne");
    let listed = |token: String| {
        let app = app.clone();
        async move {
            let (_, found) = as_bot(
                &app,
                "GET",
                "/api/bot/open-games?kind=highcard&players=2",
                &token,
                None,
            )
            .await;
            found["games"]
                .as_array()
                .unwrap()
                .iter()
                .map(|g| g["game"].as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        }
    };
    assert_eq!(listed(two.clone()).await, vec![game.clone()]);
    assert_eq!(listed(one.clone()).await, Vec::<String>::new());
    let (_, none) = as_bot(
        &app,
        "GET",
        "/api/bot/open-games?kind=highcard&players=3",
        &two,
        None,
    )
    .await;
    assert_eq!(none["games"], json!([]), "another number of players");
    let (status, answer) = as_bot(
        &app,
        "POST",
        &format!("/api/bot/open-games/{game}/join"),
        &one,
        None,
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::CONFLICT, Some("bot_already_seated"))
    );
    // The first bot seeking again opens a second game rather than joining its own.
    let (_, again) = as_bot(&app, "POST", "/api/bot/seek", &one, seek(2)).await;
    assert_eq!(again["created"], true);
    assert_ne!(again["game"], first["game"]);
    // The second bot's seek joins the game that has waited longest, which starts.
    let (status, met) = as_bot(&app, "POST", "/api/bot/seek", &two, seek(2)).await;
    assert_eq!(status, StatusCode::OK, "{met}");
    assert_eq!(met["game"], first["game"]);
    assert_eq!(
        (
            met["created"].as_bool(),
            met["started"].as_bool(),
            met["seat"].as_u64()
        ),
        (Some(false), Some(true), Some(1))
    );
    let (status, view) = view_of(&app, &game, met["token"].as_str()).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    let (status, view) = view_of(&app, &game, first["token"].as_str()).await;
    assert_eq!(status, StatusCode::OK, "{view}");
    // Both seats are the bots' and named by them.
    let (_, page) = send(&app, "GET", "/api/players/RoboTwo", &[], None, None).await;
    assert_eq!(page["games"][0]["game"], game.as_str());
    let (status, answer) = as_bot(
        &app,
        "POST",
        &format!("/api/bot/open-games/{game}/join"),
        &two,
        None,
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::CONFLICT, Some("seat_taken"))
    );
    let (status, answer) = as_bot(
        &app,
        "POST",
        "/api/bot/open-games/nosuchgame/join",
        &two,
        None,
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_game"))
    );
    // The second game is joined by id.
    let second = again["game"].as_str().unwrap();
    let (status, joined) = as_bot(
        &app,
        "POST",
        &format!("/api/bot/open-games/{second}/join"),
        &two,
        None,
    )
    .await;
    assert_eq!(
        (status, joined["started"].as_bool()),
        (StatusCode::OK, Some(true)),
        "{joined}"
    );
}

#[tokio::test]
async fn a_bot_waits_in_a_few_open_games_at_most() {
    let app = server().app();
    let ann = sign_up(&app, "Ann").await;
    let token = bot(&app, &ann, "Robo").await;
    for _ in 0..3 {
        let (status, answer) = as_bot(&app, "POST", "/api/bot/seek", &token, seek(3)).await;
        assert_eq!(
            (status, answer["created"].as_bool()),
            (StatusCode::OK, Some(true))
        );
    }
    let (status, answer) = as_bot(&app, "POST", "/api/bot/seek", &token, seek(3)).await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::CONFLICT, Some("too_many_seeks"))
    );
    let (_, open) = call(&app, "GET", "/api/open-games", None, None).await;
    assert_eq!(open["games"].as_array().unwrap().len(), 3);
}

#[tokio::test]
async fn seeks_draw_from_the_addresss_join_budget() {
    let app = server_with(Config {
        join_attempts_per_minute: 2,
        ..config()
    })
    .app();
    let ann = sign_up(&app, "Ann").await;
    let token = bot(&app, &ann, "Robo").await;
    let bearer = format!("Bearer {token}");
    let headers = [("authorization", bearer.as_str())];
    for _ in 0..2 {
        let (status, _) = send(
            &app,
            "POST",
            "/api/bot/seek",
            &headers,
            seek(2),
            Some("10.0.0.1"),
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    let (status, answer) = send(
        &app,
        "POST",
        "/api/bot/seek",
        &headers,
        seek(2),
        Some("10.0.0.1"),
    )
    .await;
    assert_eq!(
        (status, answer["code"].as_str()),
        (StatusCode::TOO_MANY_REQUESTS, Some("too_many_attempts"))
    );
    let (status, _) = send(
        &app,
        "POST",
        "/api/bot/seek",
        &headers,
        seek(2),
        Some("10.0.0.2"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "another address has its own budget");
}
