//! `tabletop connect` against a real server on loopback: an external bot (`tabletop relay-bot`)
//! plays a seat of a live game to the end, through a connection that drops mid-game.

use botproto::connect::{connect, target};
use botproto::{ExecSpec, SeatSpec};
use loadgen::HttpClient;
use serde_json::json;
use server::{Config, Server, SqliteStore};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

async fn start_server() -> String {
    let store = Arc::new(SqliteStore::open_in_memory().unwrap());
    let config = Config {
        bot_delay: Duration::from_millis(100),
        ..Config::default()
    };
    let server = Server::start(config, server::standard_registry(), store).unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(server.serve(listener));
    format!("127.0.0.1:{}", addr.port())
}

/// Forwards connections to `to`; the first one is cut once the client has written `cut_after`
/// chunks (the WebSocket handshake, then its messages). Counting the client's writes rather than
/// waiting a fixed time makes the cut land mid-game however fast or slow the machine is: a game
/// between random bots can end in under half a second.
async fn flaky_proxy(to: String, cut_after: usize) -> String {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let mut first = true;
        while let Ok((client, _)) = listener.accept().await {
            let to = to.clone();
            let limit = first.then_some(cut_after);
            first = false;
            tokio::spawn(async move {
                let Ok(upstream) = TcpStream::connect(&to).await else {
                    return;
                };
                let (mut client_read, mut client_write) = client.into_split();
                let (mut upstream_read, mut upstream_write) = upstream.into_split();
                let down = tokio::spawn(async move {
                    let _ = tokio::io::copy(&mut upstream_read, &mut client_write).await;
                    let _ = client_write.shutdown().await;
                });
                let mut buf = vec![0u8; 64 * 1024];
                let mut chunks = 0;
                loop {
                    let n = match client_read.read(&mut buf).await {
                        Ok(0) | Err(_) => break,
                        Ok(n) => n,
                    };
                    if upstream_write.write_all(&buf[..n]).await.is_err() {
                        break;
                    }
                    chunks += 1;
                    if limit.is_some_and(|cut| chunks >= cut) {
                        break;
                    }
                }
                // Cutting: drop both directions at once, as a dead network would.
                down.abort();
                let _ = upstream_write.shutdown().await;
            });
        }
    });
    format!("127.0.0.1:{}", addr.port())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_external_bot_plays_a_live_seat_through_a_dropped_connection() {
    let server = start_server().await;
    let http = HttpClient::new(&format!("http://{server}"));
    let (status, created) = http
        .json(
            "POST",
            "/api/games",
            None,
            Some(
                &json!({"kind": "thegame", "setup": {"players": 2, "seed": 5},
                         "seats": [{"type": "human"}, {"type": "bot", "bot": "random"}]}),
            ),
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{created}");
    let id = created["game"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let proxy = flaky_proxy(server, 4).await;
    let link = format!("http://{proxy}/games/{id}#token={token}");
    let target = target(&link, None).unwrap();
    let relay = format!(
        "{} relay-bot thegame random",
        env!("CARGO_BIN_EXE_tabletop")
    );
    let mut spec = ExecSpec::new("");
    spec.log_dir = std::env::temp_dir().join("tabletop-bot-logs-tests");
    let finished = tokio::time::timeout(
        Duration::from_secs(60),
        connect(
            &target,
            &SeatSpec::Exec(relay),
            &spec,
            Duration::from_secs(20),
        ),
    )
    .await
    .expect("the game ends")
    .unwrap();
    assert_eq!(finished.kind, "thegame");
    assert_eq!(finished.seat, engine::Seat(0));
    assert!(finished.connections >= 2, "{finished:?}");
    assert!(finished.actions > 0);
    let (_, summary) = http
        .json("GET", &format!("/api/games/{id}"), None, None)
        .await
        .unwrap();
    assert_eq!(summary["outcome"], finished.outcome);
    // Every event of the seat's log after joining reached the bot, those of the actions taken
    // while the connection was down included.
    let (_, log) = http
        .json("GET", &format!("/api/games/{id}/log"), Some(token), None)
        .await
        .unwrap();
    let logged: usize = log["entries"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|e| e["seq"].as_u64().unwrap() > finished.joined_at)
        .map(|e| e["events"].as_array().unwrap().len())
        .sum();
    assert!(logged > 0);
    assert_eq!(finished.events, logged as u64, "{finished:?}");
}

#[test]
fn game_links_are_read_with_their_token() {
    let t = target("http://h:8080/games/abc123#token=ff00", None).unwrap();
    assert_eq!(t.ws_url, "ws://h:8080/api/games/abc123/ws");
    assert_eq!(t.http_base, "http://h:8080");
    assert_eq!(t.token, "ff00");
    let t = target("https://h/api/games/abc123/", Some("aa")).unwrap();
    assert_eq!(t.ws_url, "wss://h/api/games/abc123/ws");
    assert_eq!(t.token, "aa");
    assert!(target("http://h/games/abc123", None).is_err());
    assert!(target("ftp://h/games/abc", Some("x")).is_err());
    assert!(target("http://h/other/abc", Some("x")).is_err());
}

/// A server that was never reached is reported as such, once, not as a lost connection.
#[tokio::test]
async fn a_server_never_reached_is_not_a_lost_connection() {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    drop(listener);
    let target = target(&format!("http://{addr}/games/abc#token=t"), None).unwrap();
    let error = connect(
        &target,
        &SeatSpec::BuiltIn("random".into()),
        &ExecSpec::new(""),
        Duration::from_millis(300),
    )
    .await
    .unwrap_err();
    let message = error.to_string();
    assert!(
        message.starts_with(&format!(
            "could not connect to ws://{addr}/api/games/abc/ws"
        )),
        "{message}"
    );
}

/// A seat whose address runs out of request budget waits as the server says and plays on, on
/// the same connection: `rate_limited` is never fatal, and not a reason to reconnect.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_rate_limited_seat_waits_and_plays_on_the_same_connection() {
    let store = Arc::new(SqliteStore::open_in_memory().unwrap());
    let config = Config {
        bot_delay: Duration::ZERO,
        rate_per_second: 20,
        rate_burst: 4,
        ..Config::default()
    };
    let server = Server::start(config, server::standard_registry(), store).unwrap();
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(server.serve(listener));
    let http = HttpClient::new(&format!("http://{addr}"));
    let (status, created) = http
        .json(
            "POST",
            "/api/games",
            None,
            Some(
                &json!({"kind": "thegame", "setup": {"players": 2, "seed": 11},
                         "seats": [{"type": "human"}, {"type": "bot", "bot": "random"}]}),
            ),
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{created}");
    let id = created["game"].as_str().unwrap();
    let token = created["seats"][0]["token"].as_str().unwrap();
    let target = target(&format!("http://{addr}/games/{id}#token={token}"), None).unwrap();
    let finished = tokio::time::timeout(
        Duration::from_secs(60),
        connect(
            &target,
            &SeatSpec::BuiltIn("heuristic".into()),
            &ExecSpec::new(""),
            Duration::from_secs(20),
        ),
    )
    .await
    .expect("the game ends")
    .unwrap();
    assert!(finished.actions > 8, "{finished:?}");
    assert_eq!(finished.connections, 1, "{finished:?}");
}
