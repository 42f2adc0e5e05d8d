//! A game whose rules set no limit on its length is stopped past the round cap: Power Grid
//! played by bots that never build ends unfinished, a win for no one, stored and shown so.

use crate::common;

use axum::http::StatusCode;
use common::*;
use engine::{Bot, Legal};
use serde_json::{json, Value};
use server::{Bots, PlayRules, Registry, Server, SqliteStore};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Passes or is done whenever it may (the first legal action otherwise), so no one ever
/// builds and the rules never end the game.
struct NeverBuilds;

impl Bot<powergrid::State> for NeverBuilds {
    fn name(&self) -> &str {
        "never_builds"
    }

    fn plan(
        &mut self,
        _view: &powergrid::View,
        legal: &Legal<'_, powergrid::State>,
        out: &mut Vec<powergrid::Action>,
    ) {
        let legal = legal.actions();
        let quiet = legal.iter().find(|a| {
            let text = a.to_string();
            text.starts_with("pass") || text.starts_with("done")
        });
        out.push(*quiet.unwrap_or(&legal[0]));
    }
}

fn server() -> Server {
    let mut registry = Registry::new();
    registry.register_with_rules::<powergrid::State>(
        Bots::new().with("never_builds", |_, _| Box::new(NeverBuilds)),
        PlayRules {
            stand_in: "never_builds",
        },
    );
    let store = Arc::new(SqliteStore::open_in_memory().unwrap());
    Server::start(config(), registry, store).unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_past_the_round_cap_ends_unfinished_a_win_for_no_one() {
    let server = server();
    let app = server.app();
    let body = json!({
        "kind": "powergrid",
        "setup": {"players": 3, "map": "germany", "seed": 4},
        "seats": [{"type": "human"}, {"type": "bot", "bot": "never_builds"}, {"type": "bot", "bot": "never_builds"}],
    });
    let (status, created) = call(&app, "POST", "/api/games", None, Some(&body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let (game, me) = (id(&created), token(&created, 0));
    let path = format!("/api/games/{game}");
    // Seat 0 hands its seat to the stand-in (a bot that never builds too) and watches.
    let (status, left) = call(
        &app,
        "POST",
        &format!("{path}/leave"),
        Some(&me),
        Some("{}"),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{left}");
    let deadline = Instant::now() + Duration::from_secs(600);
    let view = loop {
        let (_, view) = view_of(&app, &game, Some(&me)).await;
        if view["actor"]["type"] == "terminal" {
            break view;
        }
        assert!(
            Instant::now() < deadline,
            "the game was not stopped: round {}",
            view["view"]["round"]
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert_eq!(view["unfinished"], true, "{}", view["view"]["round"]);
    assert_eq!(view["outcome"], Value::Null);
    assert_eq!(view["view"]["round"], engine::ROUND_CAP + 1);
    assert_eq!(view["legal"], json!([]));
    let (_, summary) = call(&app, "GET", &path, None, None).await;
    assert_eq!(summary["unfinished"], true, "{summary}");
    assert_eq!(summary["outcome"], Value::Null);
    assert_eq!(summary["actor"], json!({"type": "terminal"}));
    // No one may act any more.
    let body = json!({"version": view["version"], "action": {"type": "done"}}).to_string();
    let (status, refused) = call(
        &app,
        "POST",
        &format!("{path}/actions"),
        Some(&me),
        Some(&body),
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{refused}");
    assert_eq!(refused["code"], "game_over", "{refused}");
    // The record is complete, says so, and replays to the same place.
    let (_, record) = call(&app, "GET", &format!("{path}/record"), Some(&me), None).await;
    assert_eq!(record["complete"], true);
    assert_eq!(record["unfinished"], true);
    assert_eq!(record["outcome"], Value::Null);
    assert!(record["setup"]["seed"].is_u64());
    let read = engine::Record::<powergrid::State>::from_value(record.clone()).unwrap();
    let mut replayed = powergrid::State::new(read.setup.clone()).unwrap();
    read.play_on(&mut replayed, |_, _, _, _, _| {}).unwrap();
    assert!(engine::Game::past_round_cap(&replayed));
    // The replay viewer shows it, unfinished at its last step.
    let steps = record["actions"].as_array().unwrap().len();
    let (status, last) = call(
        &app,
        "GET",
        &format!("{path}/replay?step={steps}"),
        None,
        None,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{last}");
    assert_eq!(last["state"]["unfinished"], true);
    assert_eq!(last["state"]["actor"], json!({"type": "terminal"}));
}
