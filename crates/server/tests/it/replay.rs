//! The replay route (`GET /api/games/{id}/replay?step=N&seat=S`): a finished game step by
//! step, each step's views equal to replaying the record by hand; refused while the game runs.

use crate::common;

use axum::http::StatusCode;
use common::highcard::{Action, HighCard, Setup};
use common::*;
use engine::{Game, Seat, Viewer};
use serde_json::{json, Value};

async fn get(app: &axum::Router, path: &str) -> (StatusCode, Value) {
    call(app, "GET", path, None, None).await
}

#[tokio::test]
async fn a_finished_game_replays_step_by_step_as_its_record_does() {
    let app = server().app();
    let created = create(&app, 2, 31, &["human", "human"]).await;
    let (id, tokens) = (id(&created), [token(&created, 0), token(&created, 1)]);

    // While the game runs there is no replay: it would show hidden cards.
    let (status, e) = get(&app, &format!("/api/games/{id}/replay?step=0")).await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::CONFLICT, Some("game_not_over"))
    );

    play_first_legal_until_over(&app, &id, &tokens).await;
    let (_, record) = get(&app, &format!("/api/games/{id}/record")).await;
    let actions = record["actions"].as_array().unwrap().clone();
    let steps = actions.len();
    assert!(steps >= 2, "{record}");
    // The server's record is the one record every reader takes (`tabletop replay`): it replays
    // to the outcome it names.
    let read = engine::Record::<HighCard>::from_value(record.clone()).unwrap();
    assert_eq!(read.complete, Some(true));
    let mut replayed = HighCard::new(read.setup.clone()).unwrap();
    read.play_on(&mut replayed, |_, _, _, _, _| {}).unwrap();
    assert!(read.outcome.is_some() && replayed.outcome().is_some());

    let setup: Setup = serde_json::from_value(record["setup"].clone()).unwrap();
    let mut game = HighCard::new(setup).unwrap();
    for step in 0..=steps {
        if step > 0 {
            let entry = &actions[step - 1];
            let seat = Seat(entry["seat"].as_u64().unwrap() as u8);
            let action: Action = serde_json::from_value(entry["action"].clone()).unwrap();
            game.apply_as(seat, &action).unwrap();
        }
        let seat = step % 2;
        let (status, r) = get(
            &app,
            &format!("/api/games/{id}/replay?step={step}&seat={seat}"),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{r}");
        assert_eq!(r["steps"], json!(steps));
        assert_eq!(r["step"], json!(step));
        assert_eq!(r["state"]["version"], json!(step));
        assert_eq!(r["state"]["viewer"], json!({"type": "seat", "seat": seat}));
        assert_eq!(r["state"]["legal"], json!([]));
        for s in 0..2u8 {
            assert_eq!(
                r["views"][s as usize],
                serde_json::to_value(game.view(Viewer::Seat(Seat(s)))).unwrap(),
                "step {step}, seat {s}"
            );
        }
        assert_eq!(
            r["state"]["view"],
            serde_json::to_value(game.view(Viewer::Seat(Seat(seat as u8)))).unwrap()
        );
        // The log up to this step, every action shown (the game is over).
        let entries = r["entries"].as_array().unwrap();
        assert_eq!(entries.len(), step);
        for (e, a) in entries.iter().zip(&actions) {
            assert_eq!(e["action"], a["action"]);
        }
    }
    let (_, last) = get(&app, &format!("/api/games/{id}/replay?step={steps}")).await;
    assert_eq!(last["state"]["viewer"], json!({"type": "spectator"}));
    assert_eq!(last["state"]["outcome"], record["outcome"]);

    // Every wrong query is refused with its reason.
    let past = steps + 1;
    for (query, status, code) in [
        (
            format!("step={past}"),
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        (
            "step=1&seat=2".to_owned(),
            StatusCode::UNPROCESSABLE_ENTITY,
            "invalid_seats",
        ),
        (
            "step=x".to_owned(),
            StatusCode::BAD_REQUEST,
            "invalid_request",
        ),
        ("".to_owned(), StatusCode::BAD_REQUEST, "invalid_request"),
    ] {
        let (got, e) = get(&app, &format!("/api/games/{id}/replay?{query}")).await;
        assert_eq!((got, e["code"].as_str()), (status, Some(code)), "{query}");
    }
    let (status, e) = get(
        &app,
        "/api/games/00000000000000000000000000000000/replay?step=0",
    )
    .await;
    assert_eq!(
        (status, e["code"].as_str()),
        (StatusCode::NOT_FOUND, Some("unknown_game"))
    );
}
