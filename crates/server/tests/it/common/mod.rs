//! Shared helpers of the server's integration tests.

pub use ::highcard;

use axum::body::Body;
use axum::http::{HeaderMap, Request, StatusCode};
use axum::Router;
use futures_util::StreamExt;
use highcard::HighCard;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use server::{Bots, Config, Peer, PlayRules, Registry, Server, SqliteStore};
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use tower::ServiceExt;

/// High Card (the `highcard` test game) offered with the server's random bot: its one
/// registration line.
pub fn registry() -> Registry {
    let mut r = Registry::new();
    r.register_with_rules::<HighCard>(Bots::new(), PlayRules { stand_in: "random" });
    r
}

/// No bot pause, no rate limits (every test client comes from 127.0.0.1; the tests of limits
/// set their own), and no background analyses (finished games are still queued; the tests of
/// analyses turn the worker on: `tests/analysis_api.rs`).
pub fn config() -> Config {
    Config {
        bot_delay: Duration::ZERO,
        rate_per_second: 0,
        analysis: server::AnalysisConfig {
            enabled: false,
            ..server::AnalysisConfig::default()
        },
        ..Config::default()
    }
}

pub fn server_with(config: Config) -> Server {
    let store = Arc::new(SqliteStore::open_in_memory().unwrap());
    Server::start(config, registry(), store).unwrap()
}

pub fn server() -> Server {
    server_with(config())
}

/// One request through the router, without a socket.
pub async fn call(
    app: &Router,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&str>,
) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(path);
    if let Some(t) = token {
        request = request.header("authorization", format!("Bearer {t}"));
    }
    let request = request
        .body(Body::from(body.unwrap_or("").to_owned()))
        .unwrap();
    let response = app.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes)
        .unwrap_or_else(|_| Value::String(String::from_utf8_lossy(&bytes).into_owned()));
    (status, value)
}

/// One request through the router with `headers` and an optional JSON body, from the client
/// address `peer` if given: the status, the headers, and the body as JSON (`Null` if it is not).
pub async fn send(
    app: &Router,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<Value>,
    peer: Option<&str>,
) -> (StatusCode, HeaderMap, Value) {
    let mut request = Request::builder().method(method).uri(path);
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let mut app = app.clone();
    if let Some(peer) = peer {
        app = app.layer(axum::extract::connect_info::MockConnectInfo(Peer::new(
            format!("{peer}:40000").parse().unwrap(),
        )));
    }
    let body = body.map(|b| b.to_string()).unwrap_or_default();
    let response = app
        .oneshot(request.body(Body::from(body)).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let headers = response.headers().clone();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    let value = serde_json::from_slice(&bytes).unwrap_or(Value::Null);
    (status, headers, value)
}

/// The `name=value` of the session cookie that `headers` set, if they set one.
pub fn session_cookie(headers: &HeaderMap) -> Option<String> {
    let header = headers.get("set-cookie")?.to_str().ok()?;
    Some(header.split(';').next()?.trim().to_owned())
}

/// One request carrying the session `cookie`, if any, and the bearer `token`, if any: the
/// status, the body, and the session cookie it set, if it set one.
pub async fn with_auth(
    app: &Router,
    method: &str,
    path: &str,
    cookie: Option<&str>,
    token: Option<&str>,
    body: Option<Value>,
) -> (StatusCode, Value, Option<String>) {
    let bearer = token.map(|t| format!("Bearer {t}"));
    let headers: Vec<_> = cookie
        .map(|c| ("cookie", c))
        .into_iter()
        .chain(bearer.as_deref().map(|b| ("authorization", b)))
        .collect();
    let (status, headers, body) = send(app, method, path, &headers, body, None).await;
    (status, body, session_cookie(&headers))
}

/// Signs `name` up with the password "correct horse"; the session cookie's `name=value`.
pub async fn sign_up(app: &Router, name: &str) -> String {
    let body = json!({"name": name, "password": "correct horse"});
    let (status, headers, answer) =
        send(app, "POST", "/api/account/signup", &[], Some(body), None).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    session_cookie(&headers).expect("a session cookie")
}

/// `GET /api/games/{id}/view` as the seat of `token`, or as a spectator.
pub async fn view_of(app: &Router, id: &str, token: Option<&str>) -> (StatusCode, Value) {
    call(app, "GET", &format!("/api/games/{id}/view"), token, None).await
}

/// A server over the SQLite database at `path`, made if missing: started again on the same
/// path, it is the same server after a restart.
pub fn server_on_file(path: &std::path::Path) -> Server {
    let store = Arc::new(SqliteStore::open(path).unwrap());
    Server::start(config(), registry(), store).unwrap()
}

/// Creates a High Card game; `seats` like `["human", "random"]`.
pub async fn create(app: &Router, players: u8, seed: u64, seats: &[&str]) -> Value {
    let seats: Vec<Value> = seats
        .iter()
        .map(|s| {
            if *s == "human" {
                json!({"type":"human"})
            } else {
                json!({"type":"bot","bot":s})
            }
        })
        .collect();
    let body = json!({"kind":"highcard","setup":{"players":players,"seed":seed},"seats":seats});
    let (status, answer) = call(app, "POST", "/api/games", None, Some(&body.to_string())).await;
    assert_eq!(status, StatusCode::CREATED, "{answer}");
    answer
}

pub fn token(created: &Value, seat: usize) -> String {
    created["seats"][seat]["token"].as_str().unwrap().to_owned()
}

pub fn id(created: &Value) -> String {
    created["game"].as_str().unwrap().to_owned()
}

/// Serves `server` on a loopback port, with per-connection limits as in production.
pub async fn serve(server: &Server) -> SocketAddr {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(server.clone().serve(listener));
    addr
}

/// A WebSocket client's connection.
pub type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Opens game `id`'s WebSocket (before `hello`).
pub async fn connect_ws(addr: SocketAddr, id: &str) -> Socket {
    let url = format!("ws://{addr}/api/games/{id}/ws");
    tokio_tungstenite::connect_async(url.as_str())
        .await
        .unwrap()
        .0
}

/// The next text message, as JSON; fails the test after 30 s.
pub async fn recv(ws: &mut Socket) -> Value {
    loop {
        let m = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .expect("a message within 30 s")
            .expect("the socket is open")
            .unwrap();
        if let Message::Text(t) = m {
            return serde_json::from_str(t.as_str()).unwrap();
        }
    }
}

/// Every card (`"card:N"`) mentioned in a text.
pub fn cards_in(text: &str) -> Vec<u8> {
    text.match_indices("\"card:")
        .filter_map(|(at, _)| {
            let digits: String = text[at + 6..]
                .chars()
                .take_while(|c| c.is_ascii_digit())
                .collect();
            digits.parse().ok()
        })
        .collect()
}

/// Plays the first legal action of whichever seat must act, with that seat's token, until the
/// game is over (every seat a human holding one of `tokens`, by seat number).
pub async fn play_first_legal_until_over(app: &Router, id: &str, tokens: &[String]) {
    loop {
        let (_, info) = call(app, "GET", &format!("/api/games/{id}"), None, None).await;
        let Some(seat) = info["actor"]["seat"].as_u64() else {
            return;
        };
        let token = &tokens[seat as usize];
        let path = format!("/api/games/{id}/view");
        let (_, view) = call(app, "GET", &path, Some(token), None).await;
        let body = json!({"version": view["version"], "action": view["legal"][0]}).to_string();
        let path = format!("/api/games/{id}/actions");
        let (status, answer) = call(app, "POST", &path, Some(token), Some(&body)).await;
        assert_eq!(status, StatusCode::OK, "{answer}");
    }
}

/// Whether a file in `dir` holds `needle`. A store just dropped closes its connections on its
/// own threads, and the last to close folds the write-ahead log into the database file and
/// deletes the log, so a file listed may be gone when read: the scan then starts again, and
/// reads the database with the log folded in.
pub fn on_disk(dir: &std::path::Path, needle: &[u8]) -> bool {
    'scan: for _ in 0..100 {
        for entry in std::fs::read_dir(dir).unwrap() {
            match std::fs::read(entry.unwrap().path()) {
                Ok(bytes) if bytes.windows(needle.len()).any(|w| w == needle) => return true,
                Ok(_) => {}
                Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                    std::thread::sleep(Duration::from_millis(10));
                    continue 'scan;
                }
                Err(e) => panic!("cannot read a file of {}: {e}", dir.display()),
            }
        }
        return false;
    }
    panic!("the files of {} kept vanishing", dir.display());
}
