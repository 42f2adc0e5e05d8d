//! Rated games and ratings, through the API: the conditions of rated play, undo refused, the
//! ratings a finished game leaves on the player pages and the leaderboard (bots marked, no
//! account listed beyond the board), the cooperative board of The Game, and a game recorded
//! exactly once however often it ends (a restart, a crash before the record).

use crate::common;

use axum::http::StatusCode;
use common::highcard::HighCard;
use common::*;
use serde_json::{json, Value};
use server::{Bots, Placing, PlayRules, RandomBot, Registry, Scoring, Server, SqliteStore};
use std::sync::Arc;
use std::time::Duration;

/// High Card placed by tricks won (more is better, ties share a place). Its outcome type is
/// `Vec<u32>`, which `Scoring::placings` takes by reference.
#[allow(clippy::ptr_arg)]
fn highcard_placings(_: &HighCard, tricks: &Vec<u32>) -> Vec<Placing> {
    tricks
        .iter()
        .map(|mine| {
            let better = tricks.iter().filter(|t| *t > mine).count();
            Placing {
                place: better as u8 + 1,
                won: better == 0,
                score: i64::from(*mine),
            }
        })
        .collect()
}

/// High Card keeping results, with a rated bot (`steady`) besides `random`, and The Game.
fn rated_registry() -> Registry {
    let mut r = server::standard_registry();
    r.register_scored::<HighCard>(
        Bots::new().with("steady", |_, seed| Box::new(RandomBot::new(seed))),
        PlayRules { stand_in: "random" },
        None,
        Some(Scoring {
            placings: highcard_placings,
            cooperative: false,
        }),
    );
    r
}

fn rated_server_on(store: Arc<SqliteStore>) -> Server {
    Server::start(config(), rated_registry(), store).unwrap()
}

fn rated_server() -> Server {
    rated_server_on(Arc::new(SqliteStore::open_in_memory().unwrap()))
}

const CLOCK: &str = r#"{"type": "per_move", "seconds": 600}"#;

/// `POST /api/games` of a rated High Card game with `seats`, by `cookie`'s account.
async fn create_rated(
    app: &axum::Router,
    cookie: Option<&str>,
    seats: Value,
    options: Value,
) -> (StatusCode, Value) {
    let players = seats.as_array().unwrap().len();
    let body = json!({"kind": "highcard", "setup": {"players": players, "seed": 7},
        "seats": seats, "options": options});
    let (status, answer, _) = with_auth(app, "POST", "/api/games", cookie, None, Some(body)).await;
    (status, answer)
}

fn rated_options() -> Value {
    json!({"rated": true, "clock": serde_json::from_str::<Value>(CLOCK).unwrap()})
}

async fn player(app: &axum::Router, name: &str) -> Value {
    let (status, page) = call(app, "GET", &format!("/api/players/{name}"), None, None).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    page
}

/// Waits until `name`'s page shows `n` ratings (the results are written as the game ends).
async fn ratings_of(app: &axum::Router, name: &str, n: usize) -> Vec<Value> {
    for _ in 0..200 {
        let page = player(app, name).await;
        let ratings = page["ratings"].as_array().unwrap().clone();
        if ratings.len() >= n {
            return ratings;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    panic!("{name} never had {n} ratings");
}

fn code(answer: &Value) -> &str {
    answer["code"].as_str().unwrap_or("")
}

#[tokio::test]
async fn a_rated_game_needs_accounts_a_clock_and_rated_bots() {
    let app = rated_server().app();
    let ann = sign_up(&app, "Ann").await;
    let me_open = json!([{"type": "human"}, {"type": "open"}]);
    let cases = [
        (
            Some(&ann),
            me_open.clone(),
            json!({"rated": true}),
            "a time control",
        ),
        (
            Some(&ann),
            json!([{"type": "human"}, {"type": "bot", "bot": "random"}]),
            rated_options(),
            "random bot holds no rating",
        ),
        (
            Some(&ann),
            json!([{"type": "human"}, {"type": "human"}]),
            rated_options(),
            "seat 1: only the creator's own seat",
        ),
        (
            Some(&ann),
            json!([{"type": "human"}, {"type": "bot", "bot": "steady"}, {"type": "bot", "bot": "steady"}]),
            rated_options(),
            "seat 2: the steady bot holds seat 1 already",
        ),
    ];
    for (cookie, seats, options, why) in cases {
        let (status, answer) = create_rated(&app, cookie.map(String::as_str), seats, options).await;
        assert_eq!(
            (status, code(&answer)),
            (StatusCode::UNPROCESSABLE_ENTITY, "not_ratable"),
            "{answer}"
        );
        assert!(
            answer["message"].as_str().unwrap().contains(why),
            "{answer}"
        );
    }
    let (status, answer) = create_rated(&app, None, me_open.clone(), rated_options()).await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::UNAUTHORIZED, "not_signed_in")
    );
    // A kind that keeps no results cannot be rated.
    let plain = server().app();
    let bea = sign_up(&plain, "Bea").await;
    let (status, answer) = create_rated(&plain, Some(&bea), me_open.clone(), rated_options()).await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::UNPROCESSABLE_ENTITY, "not_ratable")
    );
    assert!(answer["message"]
        .as_str()
        .unwrap()
        .contains("keeps no results"));
    // Nothing was stored by any refusal.
    let (_, list) = call(&app, "GET", "/api/open-games", None, None).await;
    assert_eq!(list["games"], json!([]));
    // The bots' names are theirs.
    let body = json!({"name": "Steady-Bot", "password": "correct horse"});
    let (status, answer, _) =
        with_auth(&app, "POST", "/api/account/signup", None, None, Some(body)).await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::CONFLICT, "name_taken")
    );
}

#[tokio::test]
async fn a_rated_game_refuses_undo_strangers_and_second_seats_and_rates_everyone() {
    let app = rated_server().app();
    let ann = sign_up(&app, "Ann").await;
    let (status, created) = create_rated(
        &app,
        Some(&ann),
        json!([{"type": "human"}, {"type": "open"}, {"type": "bot", "bot": "steady"}]),
        rated_options(),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    assert_eq!(created["options"]["rated"], true);
    assert_eq!(created["seats"][0]["name"], "Ann", "named by the account");
    let game = id(&created);
    let (_, list) = call(&app, "GET", "/api/open-games", None, None).await;
    assert_eq!(list["games"][0]["rated"], true);
    // The creator's "my games" lists the waiting game.
    let tokens = json!({"tokens": [token(&created, 0)]});
    let (_, mine, _) =
        with_auth(&app, "POST", "/api/players/games", None, None, Some(tokens)).await;
    assert_eq!(mine["games"][0]["game"], game.as_str(), "{mine}");
    assert_eq!(mine["games"][0]["waiting"], 1);
    let join = format!("/api/open-games/{game}/join");
    let (status, answer, _) = with_auth(&app, "POST", &join, None, None, None).await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::UNAUTHORIZED, "not_signed_in")
    );
    let (status, answer, _) = with_auth(&app, "POST", &join, Some(&ann), None, None).await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::CONFLICT, "already_seated"),
        "{answer}"
    );
    let bea = sign_up(&app, "Bea").await;
    let (status, joined, _) = with_auth(&app, "POST", &join, Some(&bea), None, None).await;
    assert_eq!(status, StatusCode::OK, "{joined}");
    assert_eq!(joined["started"], true);
    let bea_token = joined["token"].as_str().unwrap().to_owned();
    // No undo in a rated game, whatever was played.
    let (status, answer) = call(
        &app,
        "POST",
        &format!("/api/games/{game}/undo"),
        Some(&token(&created, 0)),
        Some(r#"{"version": 0}"#),
    )
    .await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::CONFLICT, "rated_no_undo")
    );
    let (_, view) = view_of(&app, &game, Some(&token(&created, 0))).await;
    assert_eq!(view["undo"], false);
    play_rated_until_over(&app, &game, &[token(&created, 0), bea_token]).await;
    let ann_ratings = ratings_of(&app, "Ann", 1).await;
    let bea_ratings = ratings_of(&app, "Bea", 1).await;
    let bot_ratings = ratings_of(&app, "steady-bot", 1).await;
    let (_, summary) = call(&app, "GET", &format!("/api/games/{game}"), None, None).await;
    let tricks: Vec<u64> = summary["outcome"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t.as_u64().unwrap())
        .collect();
    let rating = |r: &[Value]| r[0]["rating"].as_f64().unwrap();
    let (a, b, c) = (
        rating(&ann_ratings),
        rating(&bea_ratings),
        rating(&bot_ratings),
    );
    // More tricks, higher rating; everyone started at 25.
    for ((x, tx), (y, ty)) in [
        ((a, tricks[0]), (b, tricks[1])),
        ((b, tricks[1]), (c, tricks[2])),
    ] {
        match tx.cmp(&ty) {
            std::cmp::Ordering::Equal => assert!((x - y).abs() < 1e-9, "{tricks:?} {a} {b} {c}"),
            order => assert_eq!(order, x.partial_cmp(&y).unwrap(), "{tricks:?} {a} {b} {c}"),
        }
    }
    assert!(ann_ratings[0]["deviation"].as_f64().unwrap() < 25.0 / 3.0);
    let bot_page = player(&app, "steady-bot").await;
    assert_eq!(bot_page["bot"], true);
    assert_eq!(bot_page["games"][0]["game"], game.as_str());
    assert_eq!(player(&app, "Ann").await["games"][0]["rated"], true);
    // The leaderboard: the three, best conservative rating first, the bot marked.
    let (status, board) = call(&app, "GET", "/api/leaderboards/highcard", None, None).await;
    assert_eq!(status, StatusCode::OK, "{board}");
    assert_eq!(board["board"], "rating");
    let lines = board["standings"].as_array().unwrap();
    assert_eq!(lines.len(), 3, "{board}");
    let conservative =
        |l: &Value| l["rating"].as_f64().unwrap() - 3.0 * l["deviation"].as_f64().unwrap();
    for pair in lines.windows(2) {
        assert!(conservative(&pair[0]) >= conservative(&pair[1]), "{board}");
    }
    for (i, line) in lines.iter().enumerate() {
        assert_eq!(line["rank"], i + 1);
        assert_eq!(line["games"], 1);
        let keys: Vec<&String> = line.as_object().unwrap().keys().collect();
        assert_eq!(
            keys,
            ["bot", "deviation", "games", "name", "rank", "rating"],
            "no id is shown"
        );
        assert_eq!(line["bot"], line["name"] == "steady-bot");
    }
}

/// Plays the first legal action of whichever seat must act until the game is over: people's
/// seats with their tokens (by seat number), bot seats left to the bots.
async fn play_rated_until_over(app: &axum::Router, id: &str, tokens: &[String]) {
    for _ in 0..10_000 {
        let (_, info) = call(app, "GET", &format!("/api/games/{id}"), None, None).await;
        let Some(seat) = info["actor"]["seat"].as_u64() else {
            return;
        };
        let Some(token) = tokens.get(seat as usize) else {
            tokio::time::sleep(Duration::from_millis(2)).await;
            continue;
        };
        let (_, view) = view_of(app, id, Some(token)).await;
        if view["legal"].as_array().is_none_or(Vec::is_empty) {
            continue;
        }
        let body = json!({"version": view["version"], "action": view["legal"][0]}).to_string();
        let path = format!("/api/games/{id}/actions");
        call(app, "POST", &path, Some(token), Some(&body)).await;
    }
    panic!("the game did not end");
}

#[tokio::test]
async fn accounts_without_rated_games_are_not_listed_and_an_unknown_kind_is_refused() {
    let app = rated_server().app();
    sign_up(&app, "Quiet").await;
    let (status, board) = call(&app, "GET", "/api/leaderboards/highcard", None, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(board["standings"], json!([]));
    assert_eq!(board["size"], 50);
    let (status, answer) = call(&app, "GET", "/api/leaderboards/chess", None, None).await;
    assert_eq!(
        (status, code(&answer)),
        (StatusCode::BAD_REQUEST, "unknown_kind")
    );
}

#[tokio::test]
async fn the_game_keeps_records_and_a_board_of_best_rated_games() {
    let app = rated_server().app();
    let ann = sign_up(&app, "Ann").await;
    let body = json!({"kind": "thegame", "setup": {"players": 1, "seed": 5},
        "seats": [{"type": "human"}], "options": rated_options()});
    let (status, created, _) =
        with_auth(&app, "POST", "/api/games", Some(&ann), None, Some(body)).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let game = id(&created);
    play_rated_until_over(&app, &game, &[token(&created, 0)]).await;
    let mut page = player(&app, "Ann").await;
    for _ in 0..200 {
        if page["games"][0]["score"].is_number() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        page = player(&app, "Ann").await;
    }
    let result = &page["games"][0];
    assert_eq!(
        (result["players"].as_u64(), result["place"].as_u64()),
        (Some(1), Some(1))
    );
    assert_eq!(result["rated"], true);
    assert_eq!(page["ratings"], json!([]), "teammates are not rated");
    let (_, board) = call(&app, "GET", "/api/leaderboards/thegame", None, None).await;
    assert_eq!(board["board"], "best_results", "{board}");
    let best = &board["best"][0];
    assert_eq!(best["players"], 1);
    assert_eq!(best["games"][0]["game"], game.as_str());
    assert_eq!(best["games"][0]["score"], result["score"]);
    assert_eq!(
        best["games"][0]["team"],
        json!([{"name": "Ann", "bot": false}])
    );
    assert_eq!(best["games"][0]["link"], format!("/games/{game}#replay"));
}

/// A rated game ends, then the server stops; it is recorded once, and a database that lost the
/// record (a crash after the last action, before the results) records it at the next start.
#[tokio::test]
async fn a_rated_game_is_recorded_exactly_once_across_restarts_and_crashes() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("games.db");
    let rated_on_file = || rated_server_on(Arc::new(SqliteStore::open(&path).unwrap()));
    let server = rated_on_file();
    let app = server.app();
    let ann = sign_up(&app, "Ann").await;
    let (status, created) = create_rated(
        &app,
        Some(&ann),
        json!([{"type": "human"}, {"type": "bot", "bot": "steady"}]),
        rated_options(),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let game = id(&created);
    play_rated_until_over(&app, &game, &[token(&created, 0)]).await;
    let first = ratings_of(&app, "Ann", 1).await;
    let count = |sql: &str| -> i64 {
        let conn = rusqlite::Connection::open(&path).unwrap();
        conn.query_row(sql, [], |r| r.get(0)).unwrap()
    };
    for _ in 0..200 {
        if count("SELECT count(*) FROM games WHERE finished = 1") == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    drop(app);
    drop(server);
    // A finished game is not loaded again: nothing changes at a restart.
    let again = rated_on_file();
    assert_eq!(ratings_of(&again.app(), "Ann", 1).await, first);
    drop(again);
    // A crash between the last action and the mark (results written, mark lost): the game is
    // found over at the next start and marked; its results are not written twice.
    rusqlite::Connection::open(&path)
        .unwrap()
        .execute("UPDATE games SET finished = 0", [])
        .unwrap();
    let restarted = rated_on_file();
    for _ in 0..200 {
        if count("SELECT count(*) FROM games WHERE finished = 1") == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    assert_eq!(count("SELECT count(*) FROM games WHERE finished = 1"), 1);
    assert_eq!(count("SELECT count(*) FROM results"), 2);
    assert_eq!(count("SELECT count(*) FROM ratings"), 2);
    assert_eq!(ratings_of(&restarted.app(), "Ann", 1).await, first);
    drop(restarted);
    // A crash before the results (and the mark): the next start writes them, once.
    let conn = rusqlite::Connection::open(&path).unwrap();
    conn.execute_batch("DELETE FROM ratings; DELETE FROM results; UPDATE games SET finished = 0;")
        .unwrap();
    drop(conn);
    let recovered = rated_on_file();
    let ratings = ratings_of(&recovered.app(), "Ann", 1).await;
    assert_eq!(ratings.len(), 1);
    assert_eq!(
        ratings[0]["rating"], first[0]["rating"],
        "the same game rates the same"
    );
    assert_eq!(count("SELECT count(*) FROM results"), 2);
}
