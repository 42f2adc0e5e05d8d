//! What a connection may hold on to: slow or silent clients are dropped, and a cap on
//! connections keeps the process below its file limit without locking everyone out for good.

use crate::common;

use common::*;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

fn quick(max_connections: usize) -> server::Config {
    server::Config {
        max_connections,
        header_timeout: Duration::from_millis(300),
        request_timeout: Duration::from_millis(300),
        ..config()
    }
}

/// Sends `request` on a new connection and reads until the server closes it (or 10 s pass).
async fn exchange(addr: SocketAddr, request: &[u8]) -> String {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream.write_all(request).await.unwrap();
    let mut answer = Vec::new();
    let read = tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer));
    read.await
        .expect("the server answers or closes within 10 s")
        .ok();
    String::from_utf8_lossy(&answer).into_owned()
}

#[tokio::test]
async fn a_connection_that_never_finishes_its_headers_is_closed() {
    let addr = serve(&server_with(quick(64))).await;
    // Half a request, then nothing: the server must not wait for ever.
    let answer = exchange(addr, b"GET /api/kinds HTTP/1.1\r\nHost: x\r\n").await;
    assert!(!answer.contains("200 OK"), "{answer}");
    // A silent connection too.
    let answer = exchange(addr, b"").await;
    assert_eq!(answer, "");
}

#[tokio::test]
async fn a_body_that_never_arrives_is_refused_with_request_timeout() {
    let addr = serve(&server_with(quick(64))).await;
    let answer = exchange(
        addr,
        b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: 1000\r\n\r\n{\"kind\"",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(answer.contains("\"code\":\"request_timeout\""), "{answer}");
}

#[tokio::test]
async fn silent_connections_at_the_cap_delay_others_only_until_they_time_out() {
    let addr = serve(&server_with(quick(2))).await;
    // Two silent connections take both slots...
    let _a = TcpStream::connect(addr).await.unwrap();
    let _b = TcpStream::connect(addr).await.unwrap();
    tokio::time::sleep(Duration::from_millis(50)).await;
    // ...and a real request is served once their header time runs out, not never.
    let answer = exchange(
        addr,
        b"GET /api/kinds HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n",
    )
    .await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(answer.contains("highcard"), "{answer}");
}

#[tokio::test]
async fn a_websocket_holds_its_slot_until_it_closes() {
    let server = server_with(server::Config {
        header_timeout: Duration::from_secs(30),
        ..quick(1)
    });
    let created = create(&server.app(), 2, 3, &["human", "human"]).await;
    let id = id(&created);
    let addr = serve(&server).await;
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let (mut ws, _) = tokio_tungstenite::connect_async(url.as_str())
        .await
        .unwrap();
    // The only slot is the socket's: a second connection waits in the backlog.
    let mut second = TcpStream::connect(addr).await.unwrap();
    second
        .write_all(b"GET /api/kinds HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 64];
    let early = tokio::time::timeout(Duration::from_millis(500), second.read(&mut buf)).await;
    assert!(
        early.is_err(),
        "answered while the socket held the only slot"
    );
    // Once the socket closes, the waiting request is served.
    ws.close(None).await.unwrap();
    drop(ws);
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), second.read_to_end(&mut answer))
        .await
        .expect("served once the socket closed")
        .unwrap();
    let answer = String::from_utf8_lossy(&answer);
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}
