//! A hostile or broken client at the edges: bytes that are not HTTP, ambiguous credentials,
//! WebSocket frames that break RFC 6455, too many requests, connections or WebSockets from one
//! address. Each gets the documented answer (docs/api.md, Errors and Limits), over raw TCP
//! where a client library would refuse to send it.

use crate::common;

use axum::body::Body;
use axum::http::{Request, StatusCode};
use common::*;
use http_body_util::BodyExt;
use serde_json::{json, Value};
use server::Peer;
use std::net::SocketAddr;
use std::time::Duration;
use tokio::io::{AsyncRead, AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tower::ServiceExt;

/// An HTTP answer read off the wire.
#[derive(Debug)]
struct Answer {
    status: u16,
    head: String,
    body: Value,
}

impl Answer {
    fn header(&self, name: &str) -> Option<&str> {
        self.head.lines().find_map(|line| {
            let (n, v) = line.split_once(':')?;
            n.eq_ignore_ascii_case(name).then_some(v.trim())
        })
    }
}

/// Reads one HTTP answer from `stream`, until the server closes it (or 10 s pass).
async fn read_answer(stream: &mut (impl AsyncRead + Unpin)) -> Answer {
    let mut bytes = Vec::new();
    let mut chunk = [0u8; 8192];
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut chunk)).await {
            Ok(Ok(0)) | Ok(Err(_)) | Err(_) => break,
            Ok(Ok(n)) => bytes.extend_from_slice(&chunk[..n]),
        }
    }
    parse_answer(&bytes)
}

fn parse_answer(bytes: &[u8]) -> Answer {
    let text = String::from_utf8_lossy(bytes).into_owned();
    let (head, body) = text
        .split_once("\r\n\r\n")
        .unwrap_or_else(|| panic!("no complete answer: {text:?}"));
    let status = head
        .split(' ')
        .nth(1)
        .and_then(|s| s.parse().ok())
        .unwrap_or_else(|| panic!("no status line: {head:?}"));
    Answer {
        status,
        head: head.to_owned(),
        body: serde_json::from_str(body).unwrap_or(Value::String(body.to_owned())),
    }
}

/// Sends `request` on a new connection (all of it, while the answer is read: a server may
/// answer before the request is over) and reads the answer.
async fn raw(addr: SocketAddr, request: Vec<u8>) -> Answer {
    let stream = TcpStream::connect(addr).await.unwrap();
    let (mut reader, mut writer) = stream.into_split();
    let sending = tokio::spawn(async move {
        let _ = writer.write_all(&request).await;
        writer
    });
    let answer = read_answer(&mut reader).await;
    sending.abort();
    answer
}

fn assert_refusal(answer: &Answer, status: u16, code: &str, words: &str) {
    assert_eq!(answer.status, status, "{answer:?}");
    assert_eq!(answer.body["code"], code, "{answer:?}");
    let message = answer.body["message"].as_str().unwrap_or_default();
    assert!(message.contains(words), "{words:?} not in {answer:?}");
    assert_eq!(
        answer.header("content-type"),
        Some("application/json"),
        "{answer:?}"
    );
}

#[tokio::test]
async fn requests_hyper_cannot_parse_are_refused_in_json() {
    let addr = serve(&server()).await;
    let post = |headers: &str| {
        format!("POST /api/games HTTP/1.1\r\nHost: x\r\n{headers}\r\n{{}}").into_bytes()
    };
    let negative = raw(addr, post("Content-Length: -2\r\n")).await;
    assert_refusal(&negative, 400, "malformed_http", "Content-Length");
    let twice = raw(addr, post("Content-Length: 2\r\nContent-Length: 3\r\n")).await;
    assert_refusal(&twice, 400, "malformed_http", "Content-Length");
    // A TLS ClientHello sent to the plain port, and bytes from no protocol at all.
    let tls = b"\x16\x03\x01\x00\xa5\x01\x00\x00\xa1\x03\x03\x00\x01\x02\x03".to_vec();
    assert_refusal(&raw(addr, tls).await, 400, "malformed_http", "");
    let noise: Vec<u8> = (0..4096u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    assert_refusal(&raw(addr, noise).await, 400, "malformed_http", "");
    let bad_header = b"GET /api/kinds HTTP/1.1\r\nHost: x\r\nBad Name: 1\r\n\r\n".to_vec();
    assert_refusal(
        &raw(addr, bad_header).await,
        400,
        "malformed_http",
        "header",
    );

    let megabyte = "a".repeat(1 << 20);
    let big_header = format!("GET /api/kinds HTTP/1.1\r\nHost: x\r\nX-Big: {megabyte}\r\n\r\n");
    let answer = raw(addr, big_header.into_bytes()).await;
    assert_refusal(&answer, 431, "headers_too_large", "65536 bytes");
    let big_url = format!("GET /{megabyte} HTTP/1.1\r\nHost: x\r\n\r\n");
    assert_refusal(
        &raw(addr, big_url.into_bytes()).await,
        431,
        "headers_too_large",
        "",
    );
    let many: String = (0..5000).map(|i| format!("X-{i}: v\r\n")).collect();
    let many_headers = format!("GET /api/kinds HTTP/1.1\r\nHost: x\r\n{many}\r\n");
    assert_refusal(
        &raw(addr, many_headers.into_bytes()).await,
        431,
        "headers_too_large",
        "100 headers",
    );

    // The server is none the worse.
    let fine = raw(
        addr,
        b"GET /api/kinds HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
    )
    .await;
    assert_eq!(fine.status, 200, "{fine:?}");
}

#[tokio::test]
async fn an_http2_preface_is_closed_without_an_answer() {
    let addr = serve(&server()).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n")
        .await
        .unwrap();
    let mut answer = Vec::new();
    tokio::time::timeout(Duration::from_secs(10), stream.read_to_end(&mut answer))
        .await
        .expect("closed within 10 s")
        .ok();
    assert_eq!(
        String::from_utf8_lossy(&answer),
        "",
        "documented: no answer"
    );
}

#[tokio::test]
async fn a_request_head_that_stops_arriving_is_refused_with_request_timeout() {
    let addr = serve(&server_with(server::Config {
        header_timeout: Duration::from_millis(300),
        ..config()
    }))
    .await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    stream
        .write_all(b"GET /api/kinds HTTP/1.1\r\nHost: x\r\n")
        .await
        .unwrap();
    let answer = read_answer(&mut stream).await;
    assert_refusal(&answer, 408, "request_timeout", "");
}

/// A request through the router with the given `Authorization` headers, in order.
async fn with_authorization(
    app: &axum::Router,
    method: &str,
    path: &str,
    authorizations: &[String],
    body: &str,
) -> (StatusCode, Value) {
    let mut request = Request::builder().method(method).uri(path);
    for a in authorizations {
        request = request.header("authorization", a);
    }
    let response = app
        .clone()
        .oneshot(request.body(Body::from(body.to_owned())).unwrap())
        .await
        .unwrap();
    let status = response.status();
    let bytes = response.into_body().collect().await.unwrap().to_bytes();
    (status, serde_json::from_slice(&bytes).unwrap())
}

#[tokio::test]
async fn ambiguous_credentials_are_refused_and_change_nothing() {
    let server = server();
    let app = server.app();
    let created = create(&app, 2, 5, &["human", "human"]).await;
    let (id, t0, t1) = (id(&created), token(&created, 0), token(&created, 1));
    let (_, state) = view_of(&app, &id, Some(&t0)).await;
    let body = json!({"version": 0, "action": state["legal"][0]}).to_string();
    let actions = format!("/api/games/{id}/actions");
    let refused = [
        vec![format!("Bearer {t0}"), format!("Bearer {t1}")],
        vec![format!("Bearer {t0}"), format!("Bearer {t0}")],
        vec![format!("Bearer  {t0}")],
        vec![format!("Bearer {t0} ")],
        vec![format!("Bearer {t0} extra")],
        vec!["Bearer ".to_owned()],
        vec![format!("Basic {t0}")],
    ];
    for authorization in &refused {
        let (status, answer) =
            with_authorization(&app, "POST", &actions, authorization, &body).await;
        assert_eq!(
            status,
            StatusCode::BAD_REQUEST,
            "{authorization:?}: {answer}"
        );
        assert_eq!(
            answer["code"], "invalid_request",
            "{authorization:?}: {answer}"
        );
        // Reading is refused the same way: a view must not be given to the wrong seat.
        let view = format!("/api/games/{id}/view");
        let (status, answer) = with_authorization(&app, "GET", &view, authorization, "").await;
        assert_eq!(
            status,
            StatusCode::BAD_REQUEST,
            "{authorization:?}: {answer}"
        );
    }
    let (_, now) = view_of(&app, &id, Some(&t0)).await;
    assert_eq!(now["version"], 0, "no refused request was acted on");
    let (status, answer) =
        with_authorization(&app, "POST", &actions, &[format!("Bearer {t0}")], &body).await;
    assert_eq!(status, StatusCode::OK, "{answer}");
}

#[tokio::test]
async fn rules_pages_exist_only_for_games_with_rules() {
    let app = server().app();
    for game in ["thegame", "powergrid"] {
        let (status, page) = call(&app, "GET", &format!("/rules/{game}"), None, None).await;
        assert_eq!(status, StatusCode::OK);
        assert!(
            page.as_str().unwrap_or_default().contains("<html"),
            "{page}"
        );
    }
    for path in ["/rules/chess", "/rules/thegame.md", "/rules/..%2Fthegame"] {
        let (status, answer) = call(&app, "GET", path, None, None).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{path}: {answer}");
        assert_eq!(answer["code"], "not_found", "{path}: {answer}");
    }
}

#[tokio::test]
async fn a_rate_limited_request_says_when_to_come_back() {
    let app = server_with(server::Config {
        rate_per_second: 1,
        rate_burst: 1,
        ..config()
    })
    .app()
    .layer(axum::extract::connect_info::MockConnectInfo(Peer::new(
        "192.0.2.9:4000".parse().unwrap(),
    )));
    let get = || {
        Request::builder()
            .uri("/api/kinds")
            .body(Body::empty())
            .unwrap()
    };
    assert_eq!(app.clone().oneshot(get()).await.unwrap().status(), 200);
    let refused = app.clone().oneshot(get()).await.unwrap();
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    let retry = refused.headers()["retry-after"]
        .to_str()
        .unwrap()
        .to_owned();
    assert_eq!(retry, "1", "one request a second: back within a second");
    let bytes = refused.into_body().collect().await.unwrap().to_bytes();
    let body: Value = serde_json::from_slice(&bytes).unwrap();
    assert_eq!(body["code"], "rate_limited");
    let ms = body["retry_after_ms"].as_u64().unwrap();
    assert!((1..=1000).contains(&ms), "{body}");
}

// ---- WebSocket frames, written by hand ----

/// A WebSocket frame: `first` is the FIN, RSV and opcode byte; masked as a client's must be
/// unless `masked` is false. `claimed` overrides the length in the header.
fn frame(first: u8, masked: bool, payload: &[u8], claimed: Option<u64>) -> Vec<u8> {
    let mask = if masked { 0x80 } else { 0 };
    let mut f = vec![first];
    match claimed.unwrap_or(payload.len() as u64) {
        n if n < 126 => f.push(mask | n as u8),
        n if n <= 0xffff => {
            f.push(mask | 126);
            f.extend_from_slice(&(n as u16).to_be_bytes());
        }
        n => {
            f.push(mask | 127);
            f.extend_from_slice(&n.to_be_bytes());
        }
    }
    let key = [0x37, 0xfa, 0x21, 0x3d];
    if masked {
        f.extend_from_slice(&key);
        f.extend(payload.iter().enumerate().map(|(i, b)| b ^ key[i % 4]));
    } else {
        f.extend_from_slice(payload);
    }
    f
}

fn text(payload: &str) -> Vec<u8> {
    frame(0x81, true, payload.as_bytes(), None)
}

/// Opens game `id`'s WebSocket by hand; answers the socket after the server's `101`, or the
/// refusal when there is none.
async fn ws_handshake(addr: SocketAddr, id: &str) -> Result<TcpStream, Answer> {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET /api/games/{id}/ws HTTP/1.1\r\nHost: x\r\nUpgrade: websocket\r\n\
         Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\
         Sec-WebSocket-Version: 13\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        let n = tokio::time::timeout(Duration::from_secs(10), stream.read(&mut byte))
            .await
            .expect("a handshake answer within 10 s")
            .unwrap();
        assert_eq!(n, 1, "closed during the handshake: {head:?}");
        head.push(byte[0]);
    }
    if head.starts_with(b"HTTP/1.1 101") {
        return Ok(stream);
    }
    // A refused upgrade is an ordinary answer on a connection kept alive: read its body by
    // its length.
    let length: usize = parse_answer(&head)
        .header("content-length")
        .and_then(|n| n.parse().ok())
        .expect("a refusal with a content-length");
    let mut body = vec![0u8; length];
    tokio::time::timeout(Duration::from_secs(10), stream.read_exact(&mut body))
        .await
        .expect("the body within 10 s")
        .unwrap();
    head.extend_from_slice(&body);
    Err(parse_answer(&head))
}

/// A frame from the server: its opcode and payload.
async fn read_frame(stream: &mut TcpStream) -> Option<(u8, Vec<u8>)> {
    let mut head = [0u8; 2];
    stream.read_exact(&mut head).await.ok()?;
    assert_eq!(head[1] & 0x80, 0, "server frames are not masked");
    let len = match head[1] & 0x7f {
        126 => u64::from(stream.read_u16().await.ok()?),
        127 => stream.read_u64().await.ok()?,
        n => u64::from(n),
    };
    let mut payload = vec![0u8; len as usize];
    stream.read_exact(&mut payload).await.ok()?;
    Some((head[0] & 0x0f, payload))
}

/// Reads the server's frames until its close frame: its code and reason (`None` when the
/// connection ends without one), and the text messages before it.
async fn close_frame(stream: &mut TcpStream) -> (Option<(u16, String)>, Vec<Value>) {
    let mut texts = Vec::new();
    loop {
        let next = tokio::time::timeout(Duration::from_secs(10), read_frame(stream))
            .await
            .expect("a frame or the end within 10 s");
        match next {
            None => return (None, texts),
            Some((8, payload)) => {
                assert!(payload.len() >= 2, "a close frame without a code");
                let code = u16::from_be_bytes([payload[0], payload[1]]);
                let reason = String::from_utf8(payload[2..].to_vec()).unwrap();
                return (Some((code, reason)), texts);
            }
            Some((1, payload)) => texts.push(serde_json::from_slice(&payload).unwrap()),
            Some(_) => {}
        }
    }
}

#[tokio::test]
async fn websocket_violations_are_closed_with_the_rfc_code_and_a_reason() {
    let server = server();
    let created = create(&server.app(), 2, 3, &["human", "human"]).await;
    let id = id(&created);
    let addr = serve(&server).await;
    let hello = text(&json!({"type":"hello","token":token(&created, 0)}).to_string());
    let mut close_with_code = Vec::new();
    close_with_code.extend_from_slice(&999u16.to_be_bytes());
    let mut close_bad_reason = 1000u16.to_be_bytes().to_vec();
    close_bad_reason.extend_from_slice(&[0xc3, 0x28]);
    let cases: Vec<(&str, Vec<u8>, u16)> = vec![
        (
            "text that is not UTF-8",
            frame(0x81, true, &[0x7b, 0xff, 0xfe], None),
            1007,
        ),
        (
            "a reserved data opcode",
            frame(0x83, true, b"{}", None),
            1002,
        ),
        (
            "a reserved control opcode",
            frame(0x8b, true, b"", None),
            1002,
        ),
        ("an RSV bit", frame(0xc1, true, b"{}", None), 1002),
        ("an unmasked frame", frame(0x81, false, b"{}", None), 1002),
        ("a fragmented ping", frame(0x09, true, b"x", None), 1002),
        ("a stray continuation", frame(0x80, true, b"{}", None), 1002),
        (
            "a frame over the limit",
            frame(0x81, true, b"{", Some(1 << 20)),
            1009,
        ),
        (
            "a one-byte close payload",
            frame(0x88, true, &[3], None),
            1002,
        ),
        (
            "a close code the RFC forbids",
            frame(0x88, true, &close_with_code, None),
            1002,
        ),
        (
            "a close reason not UTF-8",
            frame(0x88, true, &close_bad_reason, None),
            1007,
        ),
    ];
    for (after_hello, (what, bytes, code)) in [false, true]
        .into_iter()
        .flat_map(|h| cases.iter().map(move |c| (h, c)))
    {
        let mut ws = ws_handshake(addr, &id).await.unwrap();
        if after_hello {
            ws.write_all(&hello).await.unwrap();
        }
        ws.write_all(bytes).await.unwrap();
        let (close, texts) = close_frame(&mut ws).await;
        let (got, reason) = close.unwrap_or_else(|| panic!("{what}: no close frame"));
        assert_eq!(got, *code, "{what} (after hello: {after_hello}): {reason}");
        assert!(!reason.is_empty(), "{what}: a close frame without a reason");
        if after_hello {
            assert_eq!(texts[0]["type"], "state", "{what}: {texts:?}");
        }
    }
    // A proper close is answered in kind.
    let mut ws = ws_handshake(addr, &id).await.unwrap();
    ws.write_all(&frame(0x88, true, &1000u16.to_be_bytes(), None))
        .await
        .unwrap();
    let (close, _) = close_frame(&mut ws).await;
    assert_eq!(close.map(|c| c.0), Some(1000));
    // A message over the configured size but under the frame limit keeps the socket open.
    let mut ws = ws_handshake(addr, &id).await.unwrap();
    let long = format!("{{\"type\":\"hello\",\"x\":\"{}\"}}", "a".repeat(70_000));
    ws.write_all(&text(&long)).await.unwrap();
    ws.write_all(&hello).await.unwrap();
    let (_, first) = read_frame(&mut ws).await.unwrap();
    let first: Value = serde_json::from_slice(&first).unwrap();
    assert_eq!(first["code"], "payload_too_large", "{first}");
    let (_, second) = read_frame(&mut ws).await.unwrap();
    let second: Value = serde_json::from_slice(&second).unwrap();
    assert_eq!(second["type"], "state", "{second}");
}

#[tokio::test]
async fn a_websocket_that_says_no_hello_is_closed_with_1008() {
    let server = server_with(server::Config {
        hello_timeout: Duration::from_millis(200),
        ..config()
    });
    let created = create(&server.app(), 2, 3, &["human", "human"]).await;
    let addr = serve(&server).await;
    let mut ws = ws_handshake(addr, &id(&created)).await.unwrap();
    let (close, _) = close_frame(&mut ws).await;
    let (code, reason) = close.expect("a close frame");
    assert_eq!(code, 1008);
    assert!(reason.contains("no hello within 200 ms"), "{reason}");
}

#[tokio::test]
async fn a_rate_limited_websocket_message_says_when_to_come_back() {
    let server = server_with(server::Config {
        rate_per_second: 1,
        rate_burst: 3,
        ..config()
    });
    let created = create(&server.app(), 2, 3, &["human", "human"]).await;
    let addr = serve(&server).await;
    let mut ws = ws_handshake(addr, &id(&created)).await.unwrap();
    // The upgrade took one request; each message takes one more, until the budget is spent.
    let mut limited = None;
    for _ in 0..20 {
        ws.write_all(&text("{\"type\":\"undo\",\"version\":0}"))
            .await
            .unwrap();
        let (_, payload) = read_frame(&mut ws).await.unwrap();
        let answer: Value = serde_json::from_slice(&payload).unwrap();
        if answer["code"] == "rate_limited" {
            limited = Some(answer);
            break;
        }
        assert_eq!(answer["code"], "hello_required", "{answer}");
    }
    let limited = limited.expect("20 messages at once exceed a burst of 3");
    let ms = limited["retry_after_ms"].as_u64().unwrap();
    assert!((1..=1000).contains(&ms), "{limited}");
}

fn capped(connections: usize, websockets: usize) -> server::Config {
    server::Config {
        // Per-address limits apply only with a rate; this one is never reached here.
        rate_per_second: 100_000,
        rate_burst: 100_000,
        max_connections_per_address: connections,
        max_websockets_per_address: websockets,
        ..config()
    }
}

#[tokio::test]
async fn one_address_may_hold_only_so_many_connections() {
    let addr = serve(&server_with(capped(3, 0))).await;
    let mut idle = Vec::new();
    for _ in 0..3 {
        idle.push(TcpStream::connect(addr).await.unwrap());
    }
    let get = b"GET /api/kinds HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec();
    // The idle ones are counted once accepted: wait for the refusal rather than sleep.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    let refused = loop {
        let answer = raw(addr, get.clone()).await;
        if answer.status == 429 {
            break answer;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "never refused: {answer:?}"
        );
    };
    assert_refusal(&refused, 429, "too_many_connections", "3 connections");
    // Closing one lets another in.
    drop(idle.pop());
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    loop {
        let answer = raw(addr, get.clone()).await;
        if answer.status == 200 {
            break;
        }
        assert_eq!(answer.body["code"], "too_many_connections", "{answer:?}");
        assert!(
            tokio::time::Instant::now() < deadline,
            "a freed slot stayed taken"
        );
    }
}

#[tokio::test]
async fn one_address_may_hold_only_so_many_websockets() {
    let server = server_with(capped(0, 2));
    let created = create(&server.app(), 2, 3, &["human", "human"]).await;
    let id = id(&created);
    let addr = serve(&server).await;
    let first = ws_handshake(addr, &id).await.unwrap();
    let _second = ws_handshake(addr, &id).await.unwrap();
    let refused = ws_handshake(addr, &id).await.unwrap_err();
    assert_refusal(&refused, 429, "too_many_websockets", "2 WebSockets");
    // Plain requests are not WebSockets: still served.
    let kinds = raw(
        addr,
        b"GET /api/kinds HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".to_vec(),
    )
    .await;
    assert_eq!(kinds.status, 200);
    drop(first);
    let deadline = tokio::time::Instant::now() + Duration::from_secs(30);
    while let Err(answer) = ws_handshake(addr, &id).await {
        assert_eq!(answer.body["code"], "too_many_websockets", "{answer:?}");
        assert!(
            tokio::time::Instant::now() < deadline,
            "a closed WebSocket stayed counted"
        );
    }
}
