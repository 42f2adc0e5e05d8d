//! What the tests of `tabletop serve` share: a server process on a free loopback port, and
//! requests that wait politely while the server says `rate_limited`.

use loadgen::HttpClient;
use serde_json::Value;
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

/// The longest a test waits for something the server does by itself (bots, clocks, resuming):
/// generous, for a slow and loaded machine.
pub const WAIT: Duration = Duration::from_secs(60);

/// `tabletop serve --data DATA` with `args` besides, on a free loopback port; answers the process
/// and a client for its URL (the first line it prints).
pub fn serve(data: &Path, args: &[&str]) -> (Child, HttpClient) {
    let data = data.to_str().expect("a UTF-8 data path");
    let (child, url) = spawn_serve(&[&["--data", data], args].concat());
    (child, HttpClient::new(&url))
}

/// `tabletop serve ARGS` on a free loopback port; answers the process and its URL (the first
/// line it prints).
pub fn spawn_serve(args: &[&str]) -> (Child, String) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tabletop"))
        .args(["serve", "--addr", "127.0.0.1:0"])
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut lines = BufReader::new(child.stdout.take().unwrap()).lines();
    let first = lines.next().expect("serve prints its URL").unwrap();
    let url = first
        .strip_prefix("Tabletop is running: open ")
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .trim_end_matches('/')
        .to_owned();
    std::thread::spawn(move || for _ in lines {});
    (child, url)
}

/// Stops a server the hard way (SIGKILL), as a crash would.
pub fn kill(mut child: Child) {
    child.kill().unwrap();
    child.wait().unwrap();
}

/// A request that waits and tries again while the server says `rate_limited`; `None` once the
/// server is gone.
pub async fn request(
    http: &HttpClient,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<&Value>,
) -> Option<(u16, Value)> {
    loop {
        match http.json(method, path, token, body).await {
            Ok((429, _)) => tokio::time::sleep(Duration::from_millis(100)).await,
            Ok(answer) => return Some(answer),
            Err(_) => return None,
        }
    }
}

/// [`request`] to a server that must be there.
pub async fn call(
    http: &HttpClient,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Option<Value>,
) -> (u16, Value) {
    request(http, method, path, token, body.as_ref())
        .await
        .unwrap_or_else(|| panic!("{method} {path}: the server is gone"))
}

/// The game's summary once `what` holds of it, within [`WAIT`].
pub async fn info_until(http: &HttpClient, id: &str, what: impl Fn(&Value) -> bool) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let (_, info) = call(http, "GET", &format!("/api/games/{id}"), None, None).await;
        if what(&info) {
            return info;
        }
        assert!(Instant::now() < deadline, "game {id} stuck at {info}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// The report of game `id`'s analysis once it is done, waiting at most `limit`; the analysis
/// must stay queued or running until then. A game just over is queued with its finished mark,
/// which the server stores after the last action (and the results): until then, within
/// [`WAIT`], the answer is `none`.
pub async fn analysis_report(http: &HttpClient, id: &str, limit: Duration) -> Value {
    let path = format!("/api/games/{id}/analysis");
    let deadline = Instant::now() + limit;
    let marked_by = Instant::now() + WAIT;
    let mut queued = false;
    loop {
        let (_, answer) = call(http, "GET", &path, None, None).await;
        if answer["status"] == "done" {
            return answer["report"].clone();
        }
        let status = answer["status"].as_str().unwrap_or("");
        if status == "none" && !queued {
            assert!(Instant::now() < marked_by, "never queued: {answer}");
        } else {
            queued = true;
            assert!(["queued", "running"].contains(&status), "{answer}");
        }
        assert!(Instant::now() < deadline, "never analysed: {answer}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Each seat's token in a creation answer.
pub fn tokens(created: &Value) -> Vec<String> {
    created["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["token"].as_str().unwrap().to_owned())
        .collect()
}

/// The game id of a creation answer.
pub fn game_id(created: &Value) -> String {
    created["game"].as_str().unwrap().to_owned()
}

/// `POST path` with a JSON body over a raw connection (the shared client does not show
/// headers); answers the status line and the `name=value` of the cookie set, if any.
pub fn post_for_cookie(url: &str, path: &str, body: &Value) -> (String, Option<String>) {
    use std::io::{Read, Write};
    let host = url.strip_prefix("http://").unwrap();
    let body = body.to_string();
    let mut stream = std::net::TcpStream::connect(host).unwrap();
    write!(
        stream,
        "POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n{body}",
        body.len()
    )
    .unwrap();
    let mut answer = String::new();
    stream.read_to_string(&mut answer).unwrap();
    let status = answer.lines().next().unwrap_or_default().to_owned();
    let cookie = answer.lines().find_map(|l| {
        let (name, value) = l.split_once(':')?;
        name.eq_ignore_ascii_case("set-cookie")
            .then(|| value.trim().split(';').next().unwrap().to_owned())
    });
    (status, cookie)
}

/// Signs a person up with password `correct horse`; answers the session cookie's
/// `name=value`.
pub fn sign_up(url: &str, name: &str) -> String {
    let body = serde_json::json!({"name": name, "password": "correct horse"});
    let (status, cookie) = post_for_cookie(url, "/api/account/signup", &body);
    assert!(status.starts_with("HTTP/1.1 201"), "{status}");
    cookie.expect("a session cookie")
}

/// The person of `cookie` makes bot account `name`; answers its API token.
pub async fn bot_account(http: &HttpClient, cookie: &str, name: &str) -> String {
    let body = serde_json::json!({"name": name}).to_string().into_bytes();
    let (status, text) = http
        .request(
            "POST",
            "/api/account/bots",
            &[("cookie", cookie)],
            Some(body),
        )
        .await
        .unwrap();
    assert_eq!(status, 201, "{text}");
    let made: Value = serde_json::from_str(&text).unwrap();
    made["token"].as_str().unwrap().to_owned()
}
