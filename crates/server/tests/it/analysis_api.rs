//! Analyses and hints through the API: finished games analysed in the background (The Game and
//! Power Grid, at a tiny budget), their statuses, a pending analysis finished after a restart,
//! the queue's bound, hints private to their seat while the game runs and listed after it, no
//! hints in rated games, and each refusal with its code.

use crate::common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::*;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use server::{AnalysisConfig, Bots, Config, PlayRules, Registry, Server, SqliteStore};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tower::ServiceExt;

/// The standard games, and High Card (which the analysis does not know).
fn registry() -> Registry {
    let mut r = server::standard_registry();
    r.register_with_rules::<highcard::HighCard>(Bots::new(), PlayRules { stand_in: "random" });
    r
}

/// Two samples per estimated action: a debug build analyses a game in seconds.
fn tiny() -> AnalysisConfig {
    AnalysisConfig {
        enabled: true,
        budget: analysis::Budget::Samples(2),
        queue_limit: 10,
        hint_threads: 2,
        share: 1.0,
    }
}

fn analysing(analysis: AnalysisConfig) -> Config {
    Config {
        analysis,
        ..config()
    }
}

fn server_on(store: Arc<SqliteStore>, analysis: AnalysisConfig) -> Server {
    Server::start(analysing(analysis), registry(), store).unwrap()
}

fn in_memory(analysis: AnalysisConfig) -> Server {
    server_on(Arc::new(SqliteStore::open_in_memory().unwrap()), analysis)
}

fn code(answer: &Value) -> &str {
    answer["code"].as_str().unwrap_or("")
}

/// Creates a game of `kind` with `setup` and `seats` (`"human"` or a bot's name).
async fn create_game(app: &axum::Router, kind: &str, setup: Value, seats: &[&str]) -> Value {
    let seats: Vec<Value> = seats
        .iter()
        .map(|s| match *s {
            "human" => json!({"type": "human"}),
            bot => json!({"type": "bot", "bot": bot}),
        })
        .collect();
    let body = json!({"kind": kind, "setup": setup, "seats": seats});
    let (status, created) = call(app, "POST", "/api/games", None, Some(&body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    created
}

/// Waits until game `id` is over.
async fn until_over(app: &axum::Router, id: &str) {
    let deadline = Instant::now() + Duration::from_secs(600);
    loop {
        let (_, info) = call(app, "GET", &format!("/api/games/{id}"), None, None).await;
        if info["actor"]["type"] == "terminal" {
            return;
        }
        assert!(Instant::now() < deadline, "game {id} never ended: {info}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}

/// A game of The Game played to its end by two heuristic bots.
async fn finished_thegame(app: &axum::Router, seed: u64) -> String {
    let created = create_game(
        app,
        "thegame",
        json!({"players": 2, "seed": seed}),
        &["heuristic", "heuristic"],
    )
    .await;
    let game = id(&created);
    until_over(app, &game).await;
    game
}

async fn analysis_of(app: &axum::Router, id: &str) -> (StatusCode, Value) {
    call(app, "GET", &format!("/api/games/{id}/analysis"), None, None).await
}

/// Polls the analysis of `id`, a game just over, until it is done; every status seen on the way
/// is one the contract allows, and none is `failed`. `none` is allowed only at first: the game is
/// queued with its finished mark, stored a little after its last action (`docs/api.md`).
async fn until_analysed(app: &axum::Router, id: &str) -> Value {
    let started = Instant::now();
    let deadline = started + Duration::from_secs(900);
    loop {
        let (status, answer) = analysis_of(app, id).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        assert!(answer["hints"].is_array(), "{answer}");
        match answer["status"].as_str() {
            Some("done") => return answer,
            Some("none") => assert!(
                started.elapsed() < Duration::from_secs(30),
                "game {id} over but not queued for analysis: {answer}"
            ),
            Some("queued") => assert!(answer["position"].as_u64() >= Some(1), "{answer}"),
            Some("running") => {}
            _ => panic!("unexpected analysis answer {answer}"),
        }
        assert!(Instant::now() < deadline, "game {id} never analysed");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The report's decisions carry their actions as the JSON the game's record (and
/// `POST /actions`) uses, and their text form.
async fn check_report(app: &axum::Router, id: &str, report: &Value, game: &str) {
    assert_eq!(report["game"], game);
    assert_eq!(report["samples"], 2);
    assert_eq!(report["seed"], server::analysis_seed(id));
    let (_, record) = call(app, "GET", &format!("/api/games/{id}/record"), None, None).await;
    let decisions = report["decisions"].as_array().unwrap();
    assert!(decisions.len() >= 4, "{report}");
    for d in decisions {
        let index = d["index"].as_u64().unwrap() as usize;
        let taken = d["taken_actions"].as_array().unwrap();
        assert_eq!(taken.len(), d["taken"].as_array().unwrap().len(), "{d}");
        for (k, action) in taken.iter().enumerate() {
            assert_eq!(action, &record["actions"][index + k]["action"], "{d}");
        }
        let preferred = d["preferred_actions"].as_array().unwrap();
        assert_eq!(preferred.len(), d["preferred"].as_array().unwrap().len());
        assert!(preferred.iter().all(|a| a["type"].is_string()), "{d}");
    }
    // The report `tabletop analyze` makes of the downloaded record at the report's seed and
    // budget: the same figures, decision by decision.
    let options = analysis::Options {
        budget: tiny().budget,
        seed: report["seed"].as_u64().unwrap(),
        seat: None,
    };
    let again = analysis::analyze_json(record, &options).unwrap();
    // Through text as the report came, so that both floats are parsed the same way.
    let again: Value = serde_json::from_str(&serde_json::to_string(&again).unwrap()).unwrap();
    assert_eq!(&again, report);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_thegame_is_analysed_in_the_background() {
    let server = in_memory(tiny());
    let app = server.app();
    let game = finished_thegame(&app, 3).await;
    let answer = until_analysed(&app, &game).await;
    assert_eq!(answer["hints"], json!([]));
    check_report(&app, &game, &answer["report"], "thegame").await;
    // Asking again is harmless: the same report.
    let (status, again) = call(
        &app,
        "POST",
        &format!("/api/games/{game}/analysis"),
        None,
        Some("{}"),
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{again}");
    assert_eq!(again, answer);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_finished_powergrid_game_is_analysed_in_the_background() {
    let server = in_memory(tiny());
    let app = server.app();
    let created = create_game(
        &app,
        "powergrid",
        json!({"players": 2, "map": "germany", "seed": 5}),
        &["heuristic", "heuristic"],
    )
    .await;
    let game = id(&created);
    until_over(&app, &game).await;
    let answer = until_analysed(&app, &game).await;
    check_report(&app, &game, &answer["report"], "powergrid").await;
    assert_eq!(answer["report"]["secondary"], "rank");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_pending_analysis_is_finished_after_a_restart() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("db.sqlite3");
    let first = server_on(
        Arc::new(SqliteStore::open(&path).unwrap()),
        AnalysisConfig {
            enabled: false,
            ..tiny()
        },
    );
    let app = first.app();
    let game = finished_thegame(&app, 4).await;
    // Queued with the game's finished mark, though this process analyses nothing.
    let deadline = Instant::now() + Duration::from_secs(30);
    let answer = loop {
        let (status, answer) = analysis_of(&app, &game).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
        if answer["status"] != "none" || Instant::now() > deadline {
            break answer;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    };
    assert_eq!(
        answer,
        json!({"status": "queued", "position": 1, "hints": []})
    );
    let path_of = format!("/api/games/{game}/analysis");
    let (status, refused) = call(&app, "POST", &path_of, None, None).await;
    assert_eq!(
        (status, code(&refused)),
        (StatusCode::SERVICE_UNAVAILABLE, "analysis_disabled"),
        "{refused}"
    );
    drop(app);
    drop(first);
    let second = server_on(Arc::new(SqliteStore::open(&path).unwrap()), tiny());
    let app = second.app();
    let answer = until_analysed(&app, &game).await;
    check_report(&app, &game, &answer["report"], "thegame").await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn requests_beyond_the_queue_bound_are_refused_and_failures_are_reported() {
    let server = in_memory(AnalysisConfig {
        queue_limit: 0,
        ..tiny()
    });
    let app = server.app();
    // High Card has no analysis: it fails, and says why.
    let created = create(&app, 2, 7, &["random", "random"]).await;
    let game = id(&created);
    until_over(&app, &game).await;
    let deadline = Instant::now() + Duration::from_secs(60);
    let failed = loop {
        let (_, answer) = analysis_of(&app, &game).await;
        if answer["status"] == "failed" {
            break answer;
        }
        assert!(Instant::now() < deadline, "{answer}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(
        failed["error"]
            .as_str()
            .unwrap()
            .contains("unknown game \"highcard\""),
        "{failed}"
    );
    // A failed analysis is asked again, but the queue takes no request.
    let path = format!("/api/games/{game}/analysis");
    let (status, full) = call(&app, "POST", &path, None, Some("{}")).await;
    assert_eq!(
        (status, code(&full)),
        (StatusCode::SERVICE_UNAVAILABLE, "analysis_queue_full"),
        "{full}"
    );
    assert_eq!(analysis_of(&app, &game).await.1, failed, "nothing changed");
    // A done analysis answers as it is, bound or not.
    let done = finished_thegame(&app, 9).await;
    let answer = until_analysed(&app, &done).await;
    let (status, again) = call(
        &app,
        "POST",
        &format!("/api/games/{done}/analysis"),
        None,
        None,
    )
    .await;
    assert_eq!((status, again), (StatusCode::ACCEPTED, answer));
}

/// A request (method, path, token, body) and the status and code it is refused with.
type Refusal<'a> = (
    &'a str,
    &'a str,
    Option<&'a str>,
    Option<&'a str>,
    StatusCode,
    &'a str,
);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_not_over_has_no_analysis_and_refusals_have_their_codes() {
    let server = in_memory(tiny());
    let app = server.app();
    let created = create_game(
        &app,
        "thegame",
        json!({"players": 2, "seed": 1}),
        &["human", "human"],
    )
    .await;
    let game = id(&created);
    let (_, info) = call(&app, "GET", &format!("/api/games/{game}"), None, None).await;
    let playing = token(&created, info["actor"]["seat"].as_u64().unwrap() as usize);
    let waiting = token(
        &created,
        1 - info["actor"]["seat"].as_u64().unwrap() as usize,
    );
    let analysis = format!("/api/games/{game}/analysis");
    let hint = format!("/api/games/{game}/hint");
    let cases: [Refusal; 10] = [
        (
            "GET",
            &analysis,
            None,
            None,
            StatusCode::CONFLICT,
            "game_not_over",
        ),
        (
            "POST",
            &analysis,
            None,
            Some("{}"),
            StatusCode::CONFLICT,
            "game_not_over",
        ),
        (
            "POST",
            &analysis,
            None,
            Some(r#"{"budget": 5}"#),
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        (
            "GET",
            "/api/games/nosuch/analysis",
            None,
            None,
            StatusCode::NOT_FOUND,
            "unknown_game",
        ),
        (
            "POST",
            &hint,
            None,
            Some("{}"),
            StatusCode::UNAUTHORIZED,
            "missing_token",
        ),
        (
            "POST",
            &hint,
            Some("nope"),
            Some("{}"),
            StatusCode::FORBIDDEN,
            "wrong_token",
        ),
        (
            "POST",
            &hint,
            Some(&waiting),
            Some("{}"),
            StatusCode::CONFLICT,
            "not_your_turn",
        ),
        (
            "POST",
            &hint,
            Some(&playing),
            Some("[]"),
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        (
            "POST",
            &hint,
            Some(&playing),
            Some("{"),
            StatusCode::BAD_REQUEST,
            "malformed_json",
        ),
        (
            "POST",
            &hint,
            Some(&playing),
            Some(r#"{"seat": 0}"#),
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
    ];
    for (method, path, token, body, status, expected) in cases {
        let (got, answer) = call(&app, method, path, token, body).await;
        assert_eq!(
            (got, code(&answer)),
            (status, expected),
            "{method} {path} {body:?}: {answer}"
        );
    }
}

/// Both seats hand their seats to the stand-in bot, which plays the game to its end.
async fn leave_all(app: &axum::Router, game: &str, tokens: &[String]) {
    for t in tokens {
        let path = format!("/api/games/{game}/leave");
        let (status, left) = call(app, "POST", &path, Some(t), Some("{}")).await;
        assert_eq!(status, StatusCode::OK, "{left}");
    }
    until_over(app, game).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hint_is_its_seats_alone_while_the_game_runs_and_listed_after() {
    let server = in_memory(tiny());
    let app = server.app();
    let created = create_game(
        &app,
        "thegame",
        json!({"players": 2, "seed": 2}),
        &["human", "human"],
    )
    .await;
    let game = id(&created);
    let tokens = [token(&created, 0), token(&created, 1)];
    let (_, info) = call(&app, "GET", &format!("/api/games/{game}"), None, None).await;
    let seat = info["actor"]["seat"].as_u64().unwrap() as usize;
    let other = 1 - seat;
    let hint_path = format!("/api/games/{game}/hint");
    let (status, hint) = call(&app, "POST", &hint_path, Some(&tokens[seat]), Some("{}")).await;
    assert_eq!(status, StatusCode::OK, "{hint}");
    assert_eq!(
        (hint["seat"].as_u64(), hint["step"].as_u64()),
        (Some(seat as u64), Some(0))
    );
    assert_eq!(hint["action"]["type"], "play", "{hint}");
    assert!(
        hint["text"].as_str().unwrap().starts_with("play "),
        "{hint}"
    );
    // The same decision asked again: the same hint; an empty body is accepted too.
    let (status, again) = call(&app, "POST", &hint_path, Some(&tokens[seat]), None).await;
    assert_eq!((status, &again), (StatusCode::OK, &hint));

    // The other seat sees nothing of it: not in its view, log or record, and no analysis
    // (with its list of hints) exists while the game runs.
    for path in ["view", "log", "record"] {
        let (_, seen) = call(
            &app,
            "GET",
            &format!("/api/games/{game}/{path}"),
            Some(&tokens[other]),
            None,
        )
        .await;
        assert!(!seen.to_string().contains("hint"), "{path}: {seen}");
    }
    let (status, _) = analysis_of(&app, &game).await;
    assert_eq!(status, StatusCode::CONFLICT);

    // The hint is a legal action: the seat plays it.
    let (_, view) = view_of(&app, &game, Some(&tokens[seat])).await;
    let body = json!({"version": view["version"], "action": hint["action"]});
    let (status, played) = call(
        &app,
        "POST",
        &format!("/api/games/{game}/actions"),
        Some(&tokens[seat]),
        Some(&body.to_string()),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{played}");

    leave_all(&app, &game, &tokens).await;
    let (status, over) = call(&app, "POST", &hint_path, Some(&tokens[seat]), Some("{}")).await;
    assert_eq!((status, code(&over)), (StatusCode::CONFLICT, "game_over"));
    let answer = until_analysed(&app, &game).await;
    assert_eq!(answer["hints"], json!([hint]));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rated_game_gives_no_hints_and_stores_none() {
    let server = in_memory(tiny());
    let app = server.app();
    let cookie = sign_up(&app, "Ann").await;
    let body = json!({"kind": "thegame", "setup": {"players": 1, "seed": 5},
        "seats": [{"type": "human"}],
        "options": {"rated": true, "clock": {"type": "per_move", "seconds": 600}}});
    let request = Request::builder()
        .method("POST")
        .uri("/api/games")
        .header("cookie", cookie)
        .body(Body::from(body.to_string()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    assert_eq!(response.status(), StatusCode::CREATED);
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let created: Value = serde_json::from_slice(&bytes).unwrap();
    let game = id(&created);
    let me = token(&created, 0);
    let (status, refused) = call(
        &app,
        "POST",
        &format!("/api/games/{game}/hint"),
        Some(&me),
        Some("{}"),
    )
    .await;
    assert_eq!(
        (status, code(&refused)),
        (StatusCode::FORBIDDEN, "hints_rated"),
        "{refused}"
    );
    leave_all(&app, &game, &[me]).await;
    let answer = until_analysed(&app, &game).await;
    assert_eq!(answer["hints"], json!([]));
}
