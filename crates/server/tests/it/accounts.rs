//! Accounts, probed as an attacker would: only password hashes are stored, the session cookie's
//! flags, sessions rotated at login and ended at logout, other sites' requests refused, login
//! answers that do not tell an unknown name from a wrong password, brute force slowed, and
//! claiming and deleting.

use crate::common;

use axum::http::{HeaderMap, StatusCode};
use common::*;
use serde_json::{json, Value};
use server::SqliteStore;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The `name=value` of the response's session cookie, and the whole header.
fn set_cookie(headers: &HeaderMap) -> (String, String) {
    let header = headers
        .get("set-cookie")
        .expect("a Set-Cookie header")
        .to_str()
        .unwrap()
        .to_owned();
    let pair = header.split(';').next().unwrap().trim().to_owned();
    (pair, header)
}

fn credentials(name: &str, password: &str) -> Option<Value> {
    Some(json!({"name": name, "password": password}))
}

/// The names of a response's headers, sorted, without `date` (which changes with the second).
fn header_names(headers: &HeaderMap) -> Vec<String> {
    let mut names: Vec<String> = headers
        .keys()
        .map(|k| k.as_str().to_owned())
        .filter(|k| k != "date")
        .collect();
    names.sort();
    names
}

/// `POST /api/account/signup` of `name` and `password`, with `headers`, from `peer` if given.
async fn signup_with(
    app: &axum::Router,
    headers: &[(&str, &str)],
    name: &str,
    password: &str,
    peer: Option<&str>,
) -> (StatusCode, HeaderMap, Value) {
    let body = credentials(name, password);
    send(app, "POST", "/api/account/signup", headers, body, peer).await
}

async fn sign_up(app: &axum::Router, name: &str, password: &str) -> String {
    let (status, headers, body) = signup_with(app, &[], name, password, None).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    set_cookie(&headers).0
}

async fn me(app: &axum::Router, cookie: &str) -> (StatusCode, Value) {
    let (status, _, body) = send(
        app,
        "GET",
        "/api/account",
        &[("cookie", cookie)],
        None,
        None,
    )
    .await;
    (status, body)
}

#[tokio::test]
async fn a_session_cookie_is_http_only_lax_and_ends_at_logout() {
    let app = server().app();
    let (status, headers, body) = signup_with(&app, &[], "Ann_1", "correct horse", None).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["name"], "Ann_1");
    let (cookie, header) = set_cookie(&headers);
    assert!(cookie.starts_with("tabletop_session="), "{header}");
    for flag in ["HttpOnly", "SameSite=Lax", "Path=/", "Max-Age=2592000"] {
        assert!(header.contains(flag), "{flag} missing: {header}");
    }
    assert!(!header.contains("Secure"), "plain HTTP: {header}");
    let (status, body) = me(&app, &cookie).await;
    assert_eq!(
        (status, body["name"].as_str()),
        (StatusCode::OK, Some("Ann_1"))
    );
    let (status, headers, _) = send(
        &app,
        "POST",
        "/api/account/logout",
        &[("cookie", &cookie)],
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(set_cookie(&headers).1.contains("Max-Age=0"));
    let (status, body) = me(&app, &cookie).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["code"], "not_signed_in");
}

#[tokio::test]
async fn cookies_are_secure_over_tls() {
    let app = server_with(server::Config {
        secure_cookies: true,
        ..config()
    })
    .app();
    let (_, headers, _) = signup_with(&app, &[], "Ann", "correct horse", None).await;
    assert!(set_cookie(&headers).1.contains("; Secure"));
    // A client's own X-Forwarded-Proto is not believed: only a trusted proxy's is.
    let app = server().app();
    let (_, headers, _) = send(
        &app,
        "POST",
        "/api/account/signup",
        &[("x-forwarded-proto", "https")],
        credentials("Cid", "correct horse"),
        None,
    )
    .await;
    assert!(!set_cookie(&headers).1.contains("Secure"));
    // Behind a trusted proxy, the proxy says whether the client used TLS.
    let app = server_with(server::Config {
        trust_forwarded_for: true,
        ..config()
    })
    .app();
    let (_, headers, _) = send(
        &app,
        "POST",
        "/api/account/signup",
        &[("x-forwarded-proto", "https")],
        credentials("Bea", "correct horse"),
        None,
    )
    .await;
    assert!(set_cookie(&headers).1.contains("; Secure"));
}

#[tokio::test]
async fn login_makes_a_new_session_and_ends_the_one_sent() {
    let app = server().app();
    let first = sign_up(&app, "Ann", "correct horse").await;
    let (status, headers, _) = send(
        &app,
        "POST",
        "/api/account/login",
        &[("cookie", &first)],
        credentials("ann", "correct horse"),
        None,
    )
    .await;
    assert_eq!(
        status,
        StatusCode::OK,
        "names are found whatever their capitals"
    );
    let second = set_cookie(&headers).0;
    assert_ne!(first, second);
    assert_eq!(me(&app, &first).await.0, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&app, &second).await.0, StatusCode::OK);
}

#[tokio::test]
async fn an_unknown_name_and_a_wrong_password_get_the_same_answer_in_the_same_time() {
    let app = server_with(server::Config {
        login_attempts_per_minute: 0,
        ..config()
    })
    .app();
    sign_up(&app, "Ann", "correct horse").await;
    let mut times = [Duration::MAX; 2];
    let mut answers = Vec::new();
    for _ in 0..7 {
        for (i, name) in ["Ann", "Nobody"].into_iter().enumerate() {
            let started = Instant::now();
            let (status, headers, body) = send(
                &app,
                "POST",
                "/api/account/login",
                &[],
                credentials(name, "wrong password"),
                None,
            )
            .await;
            times[i] = times[i].min(started.elapsed());
            assert!(headers.get("set-cookie").is_none());
            answers.push((i, status, headers, body));
        }
    }
    for (_, status, headers, body) in &answers {
        assert_eq!(*status, StatusCode::UNAUTHORIZED);
        assert_eq!(*body, answers[0].3, "one body for both");
        assert_eq!(header_names(headers), header_names(&answers[0].2));
    }
    assert_eq!(answers[0].3["code"], "login_failed");
    // Both verify one Argon2id hash (tens of milliseconds); without the dummy hash an unknown
    // name would answer in well under a millisecond, a hundred times faster. The bound is loose
    // because other processes share the cores: each figure is the fastest of 7.
    let [wrong_password, unknown_name] = times;
    eprintln!("fastest of 7: wrong password {wrong_password:?}, unknown name {unknown_name:?}");
    assert!(
        unknown_name * 4 >= wrong_password && wrong_password * 4 >= unknown_name,
        "wrong password {wrong_password:?}, unknown name {unknown_name:?}"
    );
}

#[tokio::test]
async fn the_database_holds_an_argon2id_hash_and_never_the_password() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite");
    {
        let store = Arc::new(SqliteStore::open(&path).unwrap());
        let server = server::Server::start(config(), registry(), store).unwrap();
        sign_up(&server.app(), "Ann", "correct horse battery").await;
    }
    let conn = rusqlite::Connection::open(&path).unwrap();
    let hash: String = conn
        .query_row("SELECT password_hash FROM accounts", [], |r| r.get(0))
        .unwrap();
    assert!(
        hash.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"),
        "{hash}"
    );
    drop(conn);
    assert!(
        on_disk(dir.path(), b"$argon2id$"),
        "the scan reads the database"
    );
    assert!(
        !on_disk(dir.path(), b"correct horse"),
        "the password is on disk"
    );
}

#[tokio::test]
async fn requests_from_another_sites_pages_are_refused_and_change_nothing() {
    let app = server().app();
    let evil = [
        ("host", "tabletop.example"),
        ("origin", "https://evil.example"),
    ];
    let (status, headers, body) = signup_with(&app, &evil, "Ann", "correct horse", None).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert_eq!(body["code"], "foreign_origin");
    assert!(headers.get("set-cookie").is_none());
    // Nothing was made: the name is free, and this site's own page may take it.
    let ours = [
        ("host", "tabletop.example"),
        ("origin", "http://tabletop.example"),
    ];
    let (status, headers, _) = signup_with(&app, &ours, "Ann", "correct horse", None).await;
    assert_eq!(status, StatusCode::CREATED);
    let cookie = set_cookie(&headers).0;
    // A foreign page cannot log the player out or delete the account with their cookie.
    let with_cookie = [
        ("host", "tabletop.example"),
        ("sec-fetch-site", "cross-site"),
        ("cookie", &cookie),
    ];
    let (status, _, _) = send(
        &app,
        "POST",
        "/api/account/logout",
        &with_cookie,
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _, _) = send(
        &app,
        "POST",
        "/api/account/delete",
        &with_cookie,
        Some(json!({"password": "correct horse"})),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert_eq!(me(&app, &cookie).await.0, StatusCode::OK);
    // Nor create a game.
    let game = json!({"kind": "highcard", "setup": {"players": 2}});
    let (status, _, _) = send(&app, "POST", "/api/games", &evil, Some(game), None).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    // Nor sign the browser in to an account of theirs (login CSRF), from a sandboxed frame
    // (`Origin: null`), another port of the same host, or a host that only begins alike.
    for origin in [
        "null",
        "http://tabletop.example:8081",
        "http://tabletop.example.evil.example",
    ] {
        let headers = [("host", "tabletop.example"), ("origin", origin)];
        let body = credentials("Ann", "correct horse");
        let (status, headers, body) =
            send(&app, "POST", "/api/account/login", &headers, body, None).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{origin}: {body}");
        assert_eq!(body["code"], "foreign_origin", "{origin}");
        assert!(headers.get("set-cookie").is_none(), "{origin}");
    }
    // This site's own page is let through, as browsers describe it.
    let same = [
        ("host", "tabletop.example"),
        ("origin", "http://tabletop.example"),
        ("sec-fetch-site", "same-origin"),
    ];
    let (status, headers, _) = send(
        &app,
        "POST",
        "/api/account/login",
        &same,
        credentials("Ann", "correct horse"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(set_cookie(&headers).0.starts_with("tabletop_session="));
}

#[tokio::test]
async fn logins_are_limited_per_address_and_per_name() {
    let app = server_with(server::Config {
        account_attempts_per_minute: 8,
        login_attempts_per_minute: 3,
        ..config()
    })
    .app();
    sign_up(&app, "Ann", "correct horse").await;
    let login = |name: &'static str, peer: &'static str| {
        let app = app.clone();
        async move {
            let (status, headers, body) = send(
                &app,
                "POST",
                "/api/account/login",
                &[],
                credentials(name, "guess"),
                Some(peer),
            )
            .await;
            (status, headers, body)
        }
    };
    for _ in 0..3 {
        assert_eq!(login("Ann", "192.0.2.1").await.0, StatusCode::UNAUTHORIZED);
    }
    // The fourth guess at Ann waits, from any address.
    let (status, headers, body) = login("Ann", "198.51.100.7").await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert_eq!(body["code"], "too_many_attempts");
    assert!(body["retry_after_ms"].as_u64().unwrap() > 0);
    assert!(headers.get("retry-after").is_some());
    // One address may try other names until its own budget (8) is spent.
    let mut refused_at = None;
    for i in 0..10 {
        let name: &'static str = Box::leak(format!("name{i}").into_boxed_str());
        if login(name, "192.0.2.1").await.0 == StatusCode::TOO_MANY_REQUESTS {
            refused_at = Some(i);
            break;
        }
    }
    // 3 attempts at Ann and 5 others use the address's 8.
    assert_eq!(refused_at, Some(5));
    // Another address still signs up.
    let (status, _, _) = send(
        &app,
        "POST",
        "/api/account/signup",
        &[],
        credentials("Bea", "correct horse"),
        Some("203.0.113.5"),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
}

#[tokio::test]
async fn the_limit_per_name_tells_nothing_of_which_names_exist() {
    let app = server_with(server::Config {
        login_attempts_per_minute: 2,
        ..config()
    })
    .app();
    sign_up(&app, "Ann", "correct horse").await;
    let mut last = Vec::new();
    for name in ["Ann", "Nobody"] {
        for _ in 0..2 {
            let body = credentials(name, "guess");
            let (status, _, _) = send(&app, "POST", "/api/account/login", &[], body, None).await;
            assert_eq!(status, StatusCode::UNAUTHORIZED);
        }
        let body = credentials(name, "guess");
        let (status, headers, mut body) =
            send(&app, "POST", "/api/account/login", &[], body, None).await;
        assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{name}: {body}");
        body["retry_after_ms"] = Value::Null;
        last.push((header_names(&headers), body));
    }
    assert_eq!(
        last[0], last[1],
        "a known and an unknown name are slowed alike"
    );
}

#[tokio::test]
async fn a_client_cannot_dodge_its_addresss_budget_with_a_forwarded_for_header() {
    let app = server_with(server::Config {
        account_attempts_per_minute: 3,
        ..config()
    })
    .app();
    let mut statuses = Vec::new();
    for i in 0..4 {
        let forged = format!("203.0.113.{i}");
        let (status, _, _) = send(
            &app,
            "POST",
            "/api/account/login",
            &[("x-forwarded-for", &forged)],
            credentials(&format!("name{i}"), "guess"),
            Some("192.0.2.9"),
        )
        .await;
        statuses.push(status);
    }
    assert_eq!(
        statuses,
        [
            StatusCode::UNAUTHORIZED,
            StatusCode::UNAUTHORIZED,
            StatusCode::UNAUTHORIZED,
            StatusCode::TOO_MANY_REQUESTS
        ],
        "the peer's address counts, not the header"
    );
}

#[tokio::test]
async fn each_problem_of_a_new_account_has_its_own_code() {
    let app = server().app();
    sign_up(&app, "Ann", "correct horse").await;
    for (name, password, code) in [
        ("An", "correct horse", "account_name_too_short"),
        (
            "A23456789012345678901",
            "correct horse",
            "account_name_too_long",
        ),
        ("Ann Lee", "correct horse", "account_name_character"),
        ("_Ann", "correct horse", "account_name_start"),
        ("Bea", "short", "password_too_short"),
        ("ANN", "correct horse", "name_taken"),
    ] {
        let (status, headers, body) = signup_with(&app, &[], name, password, None).await;
        assert_eq!(body["code"], code, "{name:?}: {body}");
        assert!(status.is_client_error());
        assert!(headers.get("set-cookie").is_none());
    }
    let long = "x".repeat(300);
    let (_, _, body) = signup_with(&app, &[], "Bea", &long, None).await;
    assert_eq!(body["code"], "password_too_long");
    // No route lists accounts.
    for path in ["/api/players", "/api/accounts", "/api/account/all"] {
        let (status, _, _) = send(&app, "GET", path, &[], None, None).await;
        assert!(
            status == StatusCode::NOT_FOUND || status == StatusCode::METHOD_NOT_ALLOWED,
            "{path}: {status}"
        );
    }
}

#[tokio::test]
async fn seats_played_before_signing_up_are_claimed_and_deleting_keeps_the_games() {
    let app = server().app();
    let created = create(&app, 2, 7, &["human", "human"]).await;
    let game = id(&created);
    let (mine, theirs) = (token(&created, 0), token(&created, 1));
    let ann = sign_up(&app, "Ann", "correct horse").await;
    let (status, _, body) = send(
        &app,
        "POST",
        "/api/account/claim",
        &[("cookie", &ann)],
        Some(json!({"tokens": [mine, "not-a-token"]})),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["claimed"], json!([{"game": game, "seat": 0}]));
    // Without a session nothing is claimed.
    let (status, _, _) = send(
        &app,
        "POST",
        "/api/account/claim",
        &[],
        Some(json!({"tokens": [theirs]})),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Bea cannot take Ann's seat, only her own.
    let bea = sign_up(&app, "Bea", "correct horse").await;
    let (_, _, body) = send(
        &app,
        "POST",
        "/api/account/claim",
        &[("cookie", &bea)],
        Some(json!({"tokens": [mine, theirs]})),
        None,
    )
    .await;
    assert_eq!(body["claimed"], json!([{"game": game, "seat": 1}]));
    let (status, _, page) = send(&app, "GET", "/api/players/ann", &[], None, None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    assert_eq!(page["name"], "Ann");
    assert_eq!(page["games"][0]["game"], game.as_str());
    assert_eq!(page["games"][0]["link"], format!("/games/{game}"));
    // Deleting takes the password again.
    let (status, _, body) = send(
        &app,
        "POST",
        "/api/account/delete",
        &[("cookie", &ann)],
        Some(json!({"password": "wrong horse"})),
        None,
    )
    .await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::UNAUTHORIZED, Some("login_failed"))
    );
    let (status, _, _) = send(
        &app,
        "POST",
        "/api/account/delete",
        &[("cookie", &ann)],
        Some(json!({"password": "correct horse"})),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me(&app, &ann).await.0, StatusCode::UNAUTHORIZED);
    let (status, _, body) = send(&app, "GET", "/api/players/Ann", &[], None, None).await;
    assert_eq!(
        (status, body["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_player"))
    );
    // The game goes on, Ann's seat under "deleted player"; her seat token still plays it.
    let (status, summary) = call(&app, "GET", &format!("/api/games/{game}"), None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(summary["seats"][0]["name"], "deleted player", "{summary}");
    assert_eq!(view_of(&app, &game, Some(&mine)).await.0, StatusCode::OK);
    // The name is free again.
    sign_up(&app, "ann", "another horse").await;
}
