//! The real games through the server: The Game and Power Grid played over WebSocket by random
//! clients, human seats mixed with the server's bots, and every message each seat and spectator
//! received checked against what the game itself says that viewer may see.

use crate::common;

use engine::{Actor, Game, Seat, Viewer};
use futures_util::{SinkExt, StreamExt};
use loadgen::HttpClient;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use server::store::StoredGame;
use server::{Server, SqliteStore, Store};
use std::collections::{BTreeSet, HashMap};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// Plays one seat (or watches, without a token) with uniformly random legal actions until the
/// game ends; answers every state message received.
async fn client(addr: SocketAddr, id: String, token: Option<String>, seed: u64) -> Vec<Value> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(url.as_str())
        .await
        .unwrap();
    let hello = match &token {
        Some(t) => json!({"type":"hello","token":t}),
        None => json!({"type":"hello"}),
    };
    ws.send(Message::text(hello.to_string())).await.unwrap();
    let mut states = Vec::new();
    // A state message comes again, with the same version, when a seat connects or leaves: a
    // version is answered once.
    let mut answered = None;
    loop {
        let next = tokio::time::timeout(Duration::from_secs(60), ws.next()).await;
        let Message::Text(text) = next.expect("the game stalled").unwrap().unwrap() else {
            continue;
        };
        let value: Value = serde_json::from_str(text.as_str()).unwrap();
        match value["type"].as_str().unwrap() {
            "state" => {}
            "accepted" => continue,
            other => panic!("unexpected {other}: {value}"),
        }
        states.push(value.clone());
        if value["actor"]["type"] == "terminal" {
            return states;
        }
        let legal = value["legal"].as_array().unwrap();
        if !legal.is_empty() && answered != Some(value["version"].clone()) {
            answered = Some(value["version"].clone());
            let action = legal[rng.gen_range(0..legal.len())].clone();
            let message = json!({"type":"action","version":value["version"],"action":action});
            ws.send(Message::text(message.to_string())).await.unwrap();
        }
    }
}

/// One game as the test saw it: its creation answer and what each viewer received.
struct Played {
    created: Value,
    received: Vec<(Viewer, Vec<Value>)>,
}

async fn play_games(
    kind: &str,
    setups: Vec<(Value, Vec<Value>)>,
) -> (Vec<Played>, HashMap<String, StoredGame>) {
    let store = Arc::new(SqliteStore::open_in_memory().unwrap());
    // The clients answer at machine speed, faster than a person's rate limit allows (that
    // limit is tested in ws.rs and http.rs).
    let config = server::Config {
        bot_delay: Duration::ZERO,
        rate_per_second: 10_000,
        rate_burst: 10_000,
        ..server::Config::default()
    };
    let server = Server::start(config, server::standard_registry(), store.clone()).unwrap();
    let addr = common::serve(&server).await;
    let http = HttpClient::new(&format!("http://{addr}"));
    let mut games = Vec::new();
    for (g, (setup, seats)) in setups.into_iter().enumerate() {
        let body = json!({"kind":kind,"setup":setup,"seats":seats});
        let (status, created) = http
            .json("POST", "/api/games", None, Some(&body))
            .await
            .unwrap();
        assert_eq!(status, 201, "{created}");
        let id = common::id(&created);
        let mut clients = Vec::new();
        for (s, seat) in created["seats"].as_array().unwrap().iter().enumerate() {
            if let Some(t) = seat["token"].as_str() {
                let viewer = Viewer::Seat(Seat(s as u8));
                clients.push((
                    viewer,
                    tokio::spawn(client(
                        addr,
                        id.clone(),
                        Some(t.into()),
                        g as u64 * 8 + s as u64,
                    )),
                ));
            }
        }
        clients.push((
            Viewer::Spectator,
            tokio::spawn(client(addr, id.clone(), None, 0)),
        ));
        games.push((created, clients));
    }
    let mut played = Vec::new();
    for (created, clients) in games {
        let mut received = Vec::new();
        for (viewer, handle) in clients {
            received.push((viewer, handle.await.unwrap()));
        }
        played.push(Played { created, received });
    }
    let stored = store
        .load()
        .unwrap()
        .into_iter()
        .map(|g| (g.id.clone(), g))
        .collect();
    (played, stored)
}

/// Replays a stored game; answers the state after each version and the events of each action.
fn replay<G: Game>(stored: &StoredGame) -> (Vec<G>, Vec<Vec<G::Event>>) {
    let setup: G::Setup = serde_json::from_str(&stored.setup).unwrap();
    let mut game = G::new(setup).unwrap();
    let mut states = vec![game.clone()];
    let mut events = vec![Vec::new()];
    for a in &stored.actions {
        let action: G::Action = serde_json::from_str(&a.action).unwrap();
        events.push(game.apply_as(Seat(a.seat), &action).unwrap());
        states.push(game.clone());
    }
    assert_eq!(
        game.actor(),
        Actor::Terminal,
        "the game was played to its end"
    );
    (states, events)
}

/// Every state message a viewer received is exactly the game's own view, redacted events and
/// legal actions for that viewer at that version: the server adds nothing and leaks nothing.
fn check_messages<G: Game>(played: &Played, states: &[G], events: &[Vec<G::Event>]) -> usize {
    let mut checked = 0;
    for (viewer, messages) in &played.received {
        let mut last = None;
        for (i, m) in messages.iter().enumerate() {
            let v = m["version"].as_u64().unwrap() as usize;
            // A seat connecting or leaving repeats the version, with no events.
            let repeated = last == Some(v);
            assert!(last.is_none_or(|l| v >= l), "versions only go up");
            last = Some(v);
            let state = &states[v];
            assert_eq!(m["viewer"], serde_json::to_value(viewer).unwrap());
            assert_eq!(
                m["view"],
                serde_json::to_value(state.view(*viewer)).unwrap(),
                "view of {viewer:?} at {v}"
            );
            let expected_events: Vec<G::Event> = if i == 0 || repeated {
                Vec::new()
            } else {
                events[v]
                    .iter()
                    .filter_map(|e| G::redact(e, *viewer))
                    .collect()
            };
            assert_eq!(
                m["events"],
                serde_json::to_value(&expected_events).unwrap(),
                "events of {viewer:?} at {v}"
            );
            let mut legal = Vec::new();
            if Some(*viewer) == state.actor().seat().map(Viewer::Seat) {
                state.legal_actions(&mut legal);
            }
            assert_eq!(m["legal"], serde_json::to_value(&legal).unwrap());
            checked += 1;
        }
        let last = last.expect("every viewer got messages");
        assert_eq!(last, states.len() - 1, "every viewer saw the end");
    }
    checked
}

/// Every card number under the keys that hold cards in The Game's views and events.
fn cards_of(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Object(map) => {
            for (k, v) in map {
                if matches!(k.as_str(), "hand" | "card" | "cards" | "played") {
                    let mut numbers = Vec::new();
                    numbers_in(v, &mut numbers);
                    out.extend(numbers);
                } else {
                    cards_of(v, out);
                }
            }
        }
        Value::Array(items) => items.iter().for_each(|i| cards_of(i, out)),
        _ => {}
    }
}

fn numbers_in(value: &Value, out: &mut Vec<u8>) {
    match value {
        Value::Number(n) => out.push(n.as_u64().unwrap() as u8),
        Value::Array(items) => items.iter().for_each(|i| numbers_in(i, out)),
        Value::Object(map) => map.values().for_each(|i| numbers_in(i, out)),
        _ => {}
    }
}

#[tokio::test]
async fn the_game_over_websockets_shows_each_seat_only_what_it_may_see() {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    let mut setups = Vec::new();
    for _ in 0..16 {
        let players: usize = rng.gen_range(1..=5);
        let mut seats: Vec<Value> = (0..players)
            .map(|_| match rng.gen_range(0..4) {
                0 => json!({"type":"bot","bot":"heuristic"}),
                1 => json!({"type":"bot","bot":"random"}),
                _ => json!({"type":"human"}),
            })
            .collect();
        seats[0] = json!({"type":"human"});
        setups.push((json!({"players":players}), seats));
    }
    let (played, stored) = play_games("thegame", setups).await;
    let mut messages = 0;
    let mut cards_checked = 0;
    let mut final_hands_seen = 0;
    for p in &played {
        let id = common::id(&p.created);
        let (states, events) = replay::<thegame::State>(&stored[&id]);
        messages += check_messages(p, &states, &events);
        // And the cards themselves: a seat only ever sees cards it has held and played cards.
        for (viewer, received) in &p.received {
            let mut held = BTreeSet::new();
            for m in received {
                let v = m["version"].as_u64().unwrap() as usize;
                let mut allowed: BTreeSet<u8> = states[v]
                    .view(Viewer::Spectator)
                    .played
                    .iter()
                    .map(u8::from)
                    .collect();
                if let Viewer::Seat(_) = viewer {
                    for state in &states[..=v] {
                        held.extend(state.view(*viewer).hand.iter().map(u8::from));
                    }
                    allowed.extend(held.iter().copied());
                }
                let over = m["actor"]["type"] == "terminal";
                if over {
                    // Over: nothing is hidden any more, every seat's hand is given.
                    let hands: Vec<thegame::CardSet> = (0..states[v].players())
                        .map(|s| states[v].hand(Seat(s)))
                        .collect();
                    assert_eq!(m["final_hands"], serde_json::to_value(hands).unwrap());
                    final_hands_seen += 1;
                } else {
                    assert!(m.get("final_hands").is_none(), "{viewer:?} at {v}: {m}");
                }
                // The whole message, but for the hands revealed at the end.
                let mut shown = m.clone();
                shown.as_object_mut().unwrap().remove("final_hands");
                let mut seen = Vec::new();
                cards_of(&shown, &mut seen);
                for c in seen {
                    assert!(
                        allowed.contains(&c),
                        "{viewer:?} saw card {c} at version {v} of game {id}"
                    );
                    cards_checked += 1;
                }
            }
        }
    }
    assert!(messages > 1000, "{messages} messages checked");
    assert!(cards_checked > 10_000, "{cards_checked} cards checked");
    // Each game's every viewer (seats and a spectator) got the final state once.
    let viewers: usize = played.iter().map(|p| p.received.len()).sum();
    assert_eq!(final_hands_seen, viewers);
}

#[tokio::test]
async fn power_grid_over_websockets_shows_each_seat_only_its_own_view() {
    let seats = vec![
        json!({"type":"human"}),
        json!({"type":"bot","bot":"random"}),
        json!({"type":"human"}),
    ];
    let setups = vec![(json!({"players":3,"map":"germany"}), seats)];
    let (played, stored) = play_games("powergrid", setups).await;
    for p in &played {
        let id = common::id(&p.created);
        let (states, events) = replay::<powergrid::State>(&stored[&id]);
        let checked = check_messages(p, &states, &events);
        assert!(checked > 100, "{checked} messages");
        // Power Grid reveals nothing at the end: no hands to show.
        for (_, messages) in &p.received {
            assert!(messages.iter().all(|m| m.get("final_hands").is_none()));
        }
        // The seats' views differ (each sees its own money), so a mix-up would show.
        let last = states.last().unwrap();
        assert_ne!(
            serde_json::to_value(last.view(Viewer::Seat(Seat(0)))).unwrap(),
            serde_json::to_value(last.view(Viewer::Seat(Seat(2)))).unwrap()
        );
    }
}

#[tokio::test]
async fn the_standard_registry_offers_both_games_and_their_bots() {
    let store = Arc::new(SqliteStore::open_in_memory().unwrap());
    let server = Server::start(
        server::Config::default(),
        server::standard_registry(),
        store,
    )
    .unwrap();
    let (status, kinds) = common::call(&server.app(), "GET", "/api/kinds", None, None).await;
    assert_eq!(status, 200);
    // Every bot of the bots crate's registry is offered, "random" first and once.
    let mut thegame_bots = vec!["random"];
    thegame_bots.extend(
        <thegame::State as bots::Registered>::REGISTRY
            .iter()
            .map(|entry| entry.name)
            .filter(|name| *name != "random"),
    );
    assert!(thegame_bots.contains(&"heuristic"));
    let powergrid_bots: Vec<&str> = <powergrid::State as bots::Registered>::REGISTRY
        .iter()
        .map(|e| e.name)
        .collect();
    assert_eq!(powergrid_bots[0], "random");
    assert!(powergrid_bots.contains(&"heuristic") && powergrid_bots.contains(&"search"));
    assert_eq!(
        kinds,
        json!([
            {"kind":"powergrid","bots":powergrid_bots},
            {"kind":"thegame","bots":thegame_bots},
        ])
    );
    let body = json!({"kind":"powergrid","setup":{"players":9,"map":"mars"}}).to_string();
    let (status, answer) =
        common::call(&server.app(), "POST", "/api/games", None, Some(&body)).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(answer["code"], "invalid_setup");
    // The rules' own message, said once.
    let body = json!({"kind":"thegame","setup":{"players":9}}).to_string();
    let (status, answer) =
        common::call(&server.app(), "POST", "/api/games", None, Some(&body)).await;
    assert_eq!(status, 422, "{answer}");
    assert_eq!(
        answer["message"],
        "invalid setup: 9 players: The Game is for 1 to 5 players"
    );
}
