//! Rate limits are per client address: many connections from one address share one budget, and
//! behind a trusted proxy the address is the one the proxy forwards.

use crate::common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::*;
use server::Peer;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tower::ServiceExt;

/// One `GET /api/kinds` on a fresh TCP connection; answers the status code.
async fn get_on_new_connection(addr: std::net::SocketAddr) -> u16 {
    let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"GET /api/kinds HTTP/1.1\r\nHost: test\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let text = String::from_utf8_lossy(&answer);
    text.split(' ').nth(1).unwrap().parse().unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn many_connections_from_one_address_share_one_budget() {
    let server = server_with(server::Config {
        rate_per_second: 1,
        rate_burst: 5,
        ..config()
    });
    let addr = serve(&server).await;
    let answers =
        futures_util::future::join_all((0..40).map(|_| get_on_new_connection(addr))).await;
    let ok = answers.iter().filter(|s| **s == 200).count();
    let limited = answers.iter().filter(|s| **s == 429).count();
    // 40 connections, one budget of 5 (and at most one more token if a second went by).
    assert!((5..=6).contains(&ok), "{ok} accepted: {answers:?}");
    assert_eq!(ok + limited, 40, "{answers:?}");
}

/// `GET /api/kinds` as if from peer `peer`, with an optional `X-Forwarded-For`.
async fn status(app: &axum::Router, peer: &str, forwarded: Option<&str>) -> StatusCode {
    let mut request = Request::builder().uri("/api/kinds");
    if let Some(f) = forwarded {
        request = request.header("x-forwarded-for", f);
    }
    let app = app
        .clone()
        .layer(axum::extract::connect_info::MockConnectInfo(Peer::new(
            peer.parse().unwrap(),
        )));
    let response = app
        .oneshot(request.body(Body::empty()).unwrap())
        .await
        .unwrap();
    response.status()
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_forwarded_client_has_its_own_budget() {
    let trusting = server_with(server::Config {
        rate_per_second: 1,
        rate_burst: 1,
        trust_forwarded_for: true,
        ..config()
    })
    .app();
    let proxy = "10.0.0.1:40000";
    assert_eq!(
        status(&trusting, proxy, Some("203.0.113.1")).await,
        StatusCode::OK
    );
    assert_eq!(
        status(&trusting, proxy, Some("203.0.113.1")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // The client cannot escape by prepending addresses of its own: the proxy's entry is last.
    assert_eq!(
        status(&trusting, proxy, Some("192.0.2.50, 203.0.113.1")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
    assert_eq!(
        status(&trusting, proxy, Some("203.0.113.2")).await,
        StatusCode::OK
    );
    // Without the header, the peer's own address is the client.
    assert_eq!(status(&trusting, proxy, None).await, StatusCode::OK);
}

#[tokio::test]
async fn without_trust_the_forwarded_header_is_ignored() {
    let app = server_with(server::Config {
        rate_per_second: 1,
        rate_burst: 1,
        ..config()
    })
    .app();
    let peer = "198.51.100.7:40000";
    assert_eq!(
        status(&app, peer, Some("203.0.113.1")).await,
        StatusCode::OK
    );
    assert_eq!(
        status(&app, peer, Some("203.0.113.2")).await,
        StatusCode::TOO_MANY_REQUESTS
    );
}
