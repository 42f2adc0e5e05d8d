//! WebSocket tests through a real client on a loopback socket.

use crate::common;

use common::highcard::{Card, HighCard, Setup};
use common::*;
use engine::{Game, Seat};
use futures_util::{SinkExt, StreamExt};
use loadgen::HttpClient;
use rand::{Rng, SeedableRng};
use serde_json::{json, Value};
use server::{Server, SqliteStore, Store};
use std::collections::{BTreeSet, HashMap};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

/// The seat (or `None`, a spectator) and every message it received.
type Inbox = (Option<usize>, Vec<String>);

async fn send(ws: &mut Socket, value: Value) {
    ws.send(Message::text(value.to_string())).await.unwrap();
}

async fn hello(ws: &mut Socket, token: Option<&str>) -> Value {
    let m = match token {
        Some(t) => json!({"type":"hello","token":t}),
        None => json!({"type":"hello"}),
    };
    send(ws, m).await;
    recv(ws).await
}

fn play(card: u8) -> Value {
    json!({"type":"play","card":format!("card:{card}")})
}

async fn http_game(server: &Server, players: u8, seed: u64, seats: &[&str]) -> (SocketAddr, Value) {
    let addr = serve(server).await;
    let created = create(&server.app(), players, seed, seats).await;
    (addr, created)
}

#[tokio::test]
async fn a_seat_gets_its_view_on_connect_then_every_change() {
    let server = server();
    let (addr, created) = http_game(&server, 2, 8, &["human", "human"]).await;
    let id = id(&created);
    let mut s0 = connect_ws(addr, &id).await;
    let mut s1 = connect_ws(addr, &id).await;
    let mut spectator = connect_ws(addr, &id).await;
    let v0 = hello(&mut s0, Some(&token(&created, 0))).await;
    let v1 = hello(&mut s1, Some(&token(&created, 1))).await;
    // Seat 1 connecting is news to seat 0 (the same version, no events); a spectator is not.
    let presence = recv(&mut s0).await;
    assert_eq!(
        (&presence["version"], &presence["events"]),
        (&json!(0), &json!([]))
    );
    assert_eq!(presence["seats"][1]["connected"], true);
    let vs = hello(&mut spectator, None).await;
    assert_eq!(v0["type"], "state");
    assert_eq!(v0["version"], 0);
    assert_eq!(v0["viewer"], json!({"type":"seat","seat":0}));
    assert_eq!(v0["game"], id);
    assert_eq!(v0["kind"], "highcard");
    assert_eq!(v0["view"]["hand"].as_array().unwrap().len(), 4);
    assert_eq!(v0["legal"].as_array().unwrap().len(), 6);
    assert_eq!(v1["legal"], json!([]));
    assert!(vs["view"]["hand"].is_null());

    let card = v0["legal"][0].clone();
    send(
        &mut s0,
        json!({"type":"action","version":0,"action":card,"ref":"a1"}),
    )
    .await;
    assert_eq!(
        recv(&mut s0).await,
        json!({"type":"accepted","version":1,"ref":"a1"})
    );
    let after0 = recv(&mut s0).await;
    assert_eq!(after0["type"], "state");
    assert_eq!(after0["version"], 1);
    assert_eq!(
        after0["events"],
        json!([{"type":"played","seat":0,"card":card["card"]}])
    );
    assert_eq!(after0["legal"], json!([]));
    let after1 = recv(&mut s1).await;
    assert_eq!(after1["version"], 1);
    assert_eq!(
        after1["legal"].as_array().unwrap().len(),
        6,
        "now seat 1 must act"
    );
    assert_eq!(recv(&mut spectator).await["version"], 1);

    // An action over HTTP reaches the sockets too.
    let c1 = after1["legal"][0].clone();
    let body = json!({"version":1,"action":c1}).to_string();
    let (status, _) = call(
        &server.app(),
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(&token(&created, 1)),
        Some(&body),
    )
    .await;
    assert_eq!(status, 200);
    let trick = recv(&mut s0).await;
    assert_eq!(trick["version"], 2);
    let kinds: Vec<&str> = trick["events"]
        .as_array()
        .unwrap()
        .iter()
        .map(|e| e["type"].as_str().unwrap())
        .collect();
    assert_eq!(kinds, ["played", "trick_won", "drew", "drew"]);
}

async fn expect_error(ws: &mut Socket, code: &str, message: &str) -> Value {
    let m = recv(ws).await;
    assert_eq!(m["type"], "error", "{m}");
    assert_eq!(m["code"], code, "{m}");
    assert!(
        m["message"].as_str().unwrap().contains(message),
        "{m} lacks {message:?}"
    );
    m
}

#[tokio::test]
async fn websocket_errors_each_have_their_code_and_message_and_change_nothing() {
    let server = server();
    let (addr, created) = http_game(&server, 2, 8, &["human", "human"]).await;
    let id = id(&created);
    let mut ws = connect_ws(addr, &id).await;
    send(
        &mut ws,
        json!({"type":"action","version":0,"action":play(1),"ref":1}),
    )
    .await;
    let e = expect_error(&mut ws, "hello_required", "hello").await;
    assert_eq!(e["ref"], 1);
    ws.send(Message::text("{\"type\":")).await.unwrap();
    expect_error(&mut ws, "malformed_json", "not valid JSON").await;
    send(&mut ws, json!({"type":"dance","ref":"x"})).await;
    let e = expect_error(&mut ws, "invalid_request", "unknown variant `dance`").await;
    assert_eq!(e["ref"], "x");
    send(&mut ws, json!({"type":"hello","token":token(&create(&server.app(), 2, 1, &["human","human"]).await, 0)})).await;
    expect_error(&mut ws, "wrong_token", "not a seat token of this game").await;
    ws.send(Message::binary(vec![1, 2, 3])).await.unwrap();
    expect_error(&mut ws, "invalid_request", "text messages").await;

    let state = hello(&mut ws, Some(&token(&created, 0))).await;
    assert_eq!(state["type"], "state");
    let card = state["legal"][0].clone();
    send(&mut ws, json!({"type":"hello","token":token(&created, 1)})).await;
    expect_error(&mut ws, "hello_repeated", "already said").await;
    send(&mut ws, json!({"type":"action","version":5,"action":card})).await;
    let e = expect_error(
        &mut ws,
        "stale_version",
        "made on version 5, but the game is at version 0",
    )
    .await;
    assert_eq!(e["current_version"], 0);
    send(
        &mut ws,
        json!({"type":"action","version":0,"seat":1,"action":card}),
    )
    .await;
    expect_error(
        &mut ws,
        "wrong_seat",
        "your token is for seat 0, but the action is for seat 1",
    )
    .await;
    send(
        &mut ws,
        json!({"type":"action","version":0,"action":{"type":"play","card":"card:99"}}),
    )
    .await;
    expect_error(&mut ws, "invalid_action", "not a highcard action").await;
    let mine = BTreeSet::from_iter(cards_in(&state["view"]["hand"].to_string()));
    let other = (1..=24u8).find(|c| !mine.contains(c)).unwrap();
    send(
        &mut ws,
        json!({"type":"action","version":0,"action":play(other)}),
    )
    .await;
    expect_error(
        &mut ws,
        "illegal_action",
        &format!("card {other} is not in your hand"),
    )
    .await;
    let huge = json!({"type":"action","version":0,"action":"x".repeat(70_000)});
    send(&mut ws, huge).await;
    expect_error(&mut ws, "payload_too_large", "at most 65536 bytes").await;

    // Nothing changed, and the connection still works.
    let (_, view) = call(
        &server.app(),
        "GET",
        &format!("/api/games/{id}/view"),
        Some(&token(&created, 0)),
        None,
    )
    .await;
    assert_eq!(view, state);
    send(&mut ws, json!({"type":"action","version":0,"action":card})).await;
    assert_eq!(recv(&mut ws).await, json!({"type":"accepted","version":1}));

    let mut spectator = connect_ws(addr, &id).await;
    hello(&mut spectator, None).await;
    send(
        &mut spectator,
        json!({"type":"action","version":1,"action":card}),
    )
    .await;
    expect_error(
        &mut spectator,
        "spectator_cannot_act",
        "spectators cannot act",
    )
    .await;

    let missing =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/nope/ws").as_str()).await;
    match missing {
        Err(tokio_tungstenite::tungstenite::Error::Http(response)) => {
            assert_eq!(response.status(), 404)
        }
        other => panic!("expected a 404, got {other:?}"),
    }
}

#[tokio::test]
async fn websocket_messages_over_the_rate_are_refused() {
    let server = server_with(server::Config {
        rate_per_second: 1,
        rate_burst: 3,
        ..config()
    });
    let (addr, created) = http_game(&server, 2, 8, &["human", "human"]).await;
    // The upgrade request takes the first of the address's 3.
    let mut ws = connect_ws(addr, &id(&created)).await;
    hello(&mut ws, None).await;
    send(&mut ws, json!({"type":"hello"})).await;
    expect_error(&mut ws, "hello_repeated", "already").await;
    send(&mut ws, json!({"type":"hello"})).await;
    expect_error(
        &mut ws,
        "rate_limited",
        "at most 1 per second (bursts of 3)",
    )
    .await;
}

#[tokio::test]
async fn a_client_that_reconnects_gets_the_current_view() {
    let server = server();
    let (addr, created) = http_game(&server, 2, 8, &["human", "human"]).await;
    let id = id(&created);
    let t0 = token(&created, 0);
    let mut ws = connect_ws(addr, &id).await;
    let state = hello(&mut ws, Some(&t0)).await;
    ws.close(None).await.unwrap();
    let body = json!({"version":0,"action":state["legal"][0]}).to_string();
    let (status, _) = call(
        &server.app(),
        "POST",
        &format!("/api/games/{id}/actions"),
        Some(&t0),
        Some(&body),
    )
    .await;
    assert_eq!(status, 200);
    let mut again = connect_ws(addr, &id).await;
    let now = hello(&mut again, Some(&t0)).await;
    assert_eq!(now["version"], 1);
    assert_eq!(now["view"]["hand"].as_array().unwrap().len(), 3);
    assert_eq!(now["events"], json!([]));
}

#[tokio::test]
async fn spectators_coming_and_going_on_an_idle_game_do_not_pile_up() {
    // Regression: closed connections were dropped only when the game changed, so on an idle
    // or finished game each spectator visit left an entry behind for good.
    let server = server();
    let (addr, created) = http_game(&server, 2, 9, &["human", "human"]).await;
    let id = id(&created);
    for _ in 0..40 {
        let mut ws = connect_ws(addr, &id).await;
        hello(&mut ws, None).await;
        ws.close(None).await.unwrap();
        // Wait for the server's side to end, as a departing browser's would.
        while let Some(Ok(_)) = ws.next().await {}
    }
    let mut last = connect_ws(addr, &id).await;
    hello(&mut last, None).await;
    let (status, summary) = call(
        &server.app(),
        "GET",
        &format!("/api/games/{id}"),
        None,
        None,
    )
    .await;
    assert_eq!(status, 200);
    let watchers = summary["watchers"].as_u64().unwrap();
    assert!(
        (1..=3).contains(&watchers),
        "{watchers} watchers registered with one connection open"
    );
}

/// What every seat may know at each version: the cards it has held and the cards played.
struct Knowledge {
    /// `allowed[v][s]`: for seat s at version v; the last entry of each is the spectator.
    allowed: Vec<Vec<BTreeSet<u8>>>,
}

impl Knowledge {
    fn replay(players: u8, seed: u64, actions: &[server::store::StoredAction]) -> Knowledge {
        let mut game = HighCard::new(Setup { players, seed }).unwrap();
        let n = players as usize;
        let mut held: Vec<BTreeSet<u8>> = vec![BTreeSet::new(); n];
        let mut played = BTreeSet::new();
        let mut allowed = Vec::new();
        let mut snapshot =
            |game: &HighCard, held: &mut Vec<BTreeSet<u8>>, played: &BTreeSet<u8>| {
                for (s, h) in held.iter_mut().enumerate() {
                    h.extend(game.hand(Seat(s as u8)).iter().map(|c: &Card| c.0));
                }
                let mut row: Vec<BTreeSet<u8>> = held.iter().map(|h| h | played).collect();
                row.push(played.clone());
                allowed.push(row);
            };
        snapshot(&game, &mut held, &played);
        for a in actions {
            let action: common::highcard::Action = serde_json::from_str(&a.action).unwrap();
            if let common::highcard::Action::Play { card } = action {
                played.insert(card.0);
            }
            game.apply_as(Seat(a.seat), &action).unwrap();
            snapshot(&game, &mut held, &played);
        }
        assert_eq!(
            game.actor(),
            engine::Actor::Terminal,
            "the game was played to its end"
        );
        Knowledge { allowed }
    }
}

/// Plays one seat over a WebSocket with random legal actions (and now and then a signal out of
/// turn); answers every message it received.
async fn random_client(
    addr: SocketAddr,
    id: String,
    token: Option<String>,
    seed: u64,
) -> Vec<String> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut ws = connect_ws(addr, &id).await;
    let hello = match &token {
        Some(t) => json!({"type":"hello","token":t}),
        None => json!({"type":"hello"}),
    };
    send(&mut ws, hello).await;
    let mut seen = Vec::new();
    let mut latest: Option<Value> = None;
    let mut pending = false;
    loop {
        let m = tokio::time::timeout(Duration::from_secs(20), ws.next())
            .await
            .expect("game stalled")
            .unwrap()
            .unwrap();
        let Message::Text(text) = m else { continue };
        seen.push(text.to_string());
        let value: Value = serde_json::from_str(text.as_str()).unwrap();
        match value["type"].as_str().unwrap() {
            "state" => latest = Some(value),
            "accepted" | "error" => pending = false,
            other => panic!("unexpected message type {other}"),
        }
        let Some(state) = &latest else { continue };
        if state["actor"]["type"] == "terminal" {
            return seen;
        }
        if pending || token.is_none() {
            continue;
        }
        let legal = state["legal"].as_array().unwrap();
        let action = if !legal.is_empty() {
            Some(legal[rng.gen_range(0..legal.len())].clone())
        } else if rng.gen_bool(0.1) {
            Some(json!({"type":"signal","high":rng.gen_bool(0.5)}))
        } else {
            None
        };
        if let Some(action) = action {
            send(
                &mut ws,
                json!({"type":"action","version":state["version"],"action":action}),
            )
            .await;
            pending = true;
        }
    }
}

#[tokio::test]
async fn no_seat_ever_receives_a_card_it_may_not_see() {
    let store = Arc::new(SqliteStore::open_in_memory().unwrap());
    let server = Server::start(config(), registry(), store.clone()).unwrap();
    let addr = serve(&server).await;
    let http = HttpClient::new(&format!("http://{addr}"));
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(2024);
    let mut games = Vec::new();
    for g in 0..40u64 {
        let players: u8 = rng.gen_range(2..=4);
        let mut seats: Vec<Value> = (0..players)
            .map(|_| {
                if rng.gen_bool(0.6) {
                    json!({"type":"human"})
                } else {
                    json!({"type":"bot","bot":"random"})
                }
            })
            .collect();
        seats[rng.gen_range(0..players as usize)] = json!({"type":"human"});
        let body = json!({"kind":"highcard","setup":{"players":players},"seats":seats});
        let (status, created) = http
            .json("POST", "/api/games", None, Some(&body))
            .await
            .unwrap();
        assert_eq!(status, 201);
        let id = id(&created);
        let mut clients = Vec::new();
        for s in 0..players as usize {
            if let Some(t) = created["seats"][s]["token"].as_str() {
                clients.push((
                    Some(s),
                    tokio::spawn(random_client(
                        addr,
                        id.clone(),
                        Some(t.to_owned()),
                        g * 10 + s as u64,
                    )),
                ));
            }
        }
        clients.push((None, tokio::spawn(random_client(addr, id.clone(), None, 0))));
        games.push((created, players, clients));
    }
    let mut received: HashMap<String, Vec<Inbox>> = HashMap::new();
    for (created, _, clients) in &mut games {
        for (seat, handle) in clients.drain(..) {
            received
                .entry(id(created))
                .or_default()
                .push((seat, handle.await.unwrap()));
        }
    }
    let stored: HashMap<String, server::store::StoredGame> = store
        .load()
        .unwrap()
        .into_iter()
        .map(|g| (g.id.clone(), g))
        .collect();
    let mut checked = 0;
    for (created, players, _) in &games {
        let id = id(created);
        // The server chose the seed and keeps it secret; the store has it.
        let setup: Value = serde_json::from_str(&stored[&id].setup).unwrap();
        let seed = setup["seed"].as_u64().unwrap();
        let knowledge = Knowledge::replay(*players, seed, &stored[&id].actions);
        let final_version = stored[&id].actions.len();
        for (seat, messages) in &received[&id] {
            let column = seat.unwrap_or(*players as usize);
            let mut saw_own_hand = false;
            for text in messages {
                let value: Value = serde_json::from_str(text).unwrap();
                let Some(v) = value["version"].as_u64() else {
                    continue;
                };
                let v = if value["type"] == "state" {
                    v
                } else {
                    continue;
                };
                let allowed = &knowledge.allowed[v as usize][column];
                for card in cards_in(text) {
                    assert!(
                        allowed.contains(&card),
                        "game {id}, {seat:?} at version {v} saw card {card}: {text}"
                    );
                    checked += 1;
                }
                saw_own_hand |=
                    seat.is_some() && !value["view"]["hand"].as_array().unwrap().is_empty();
            }
            assert!(seat.is_none() || saw_own_hand, "a seat sees its own hand");
        }
        // Logs, per seat, at the end.
        for s in 0..*players as usize {
            let token = created["seats"][s]["token"].as_str();
            let (_, log) = http
                .json("GET", &format!("/api/games/{id}/log"), token, None)
                .await
                .unwrap();
            let column = if token.is_some() {
                s
            } else {
                *players as usize
            };
            for card in cards_in(&log.to_string()) {
                assert!(
                    knowledge.allowed[final_version][column].contains(&card),
                    "log of game {id} for seat {s} shows card {card}"
                );
            }
        }
    }
    assert!(checked > 1000, "the check looked at {checked} cards");
}
