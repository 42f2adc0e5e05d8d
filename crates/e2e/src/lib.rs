//! End-to-end support for testing the web pages in a real browser.
//!
//! Decisions:
//! - The browser is Debian's `chromium`, driven through Debian's `chromedriver` over the W3C
//!   WebDriver protocol. WebDriver is plain JSON over HTTP/1.1, so the client here is a small
//!   blocking one over `std::net::TcpStream` ([`http`]): no WebDriver crate, no async in the
//!   test bodies, nothing heavy to build on a shared 2-core machine.
//! - The server under test is the real one ([`server::Server`]) on a loopback port, with an
//!   in-memory store, Power Grid and The Game registered with their bots ([`registry`]), run on
//!   its own Tokio runtime thread.
//! - Tests wait for conditions (the page's `data-version` reaching the server's version, an
//!   element appearing), never for fixed times; every wait has a generous deadline and fails
//!   with what it waited for.

use serde_json::{json, Value};
use std::io::{Read, Write};
use std::net::{SocketAddr, TcpStream};
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// The Chromium and ChromeDriver binaries Debian installs.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// See [`CHROMIUM`].
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// How long any single wait may take before the test fails.
pub const WAIT: Duration = Duration::from_secs(60);

/// An HTTP answer: status and body.
#[derive(Debug)]
pub struct Answer {
    /// The status code.
    pub status: u16,
    /// The body, as text.
    pub body: String,
}

impl Answer {
    /// The body as JSON (`null` if it is not JSON).
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body).unwrap_or(Value::Null)
    }
}

fn dechunk(mut body: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = body.windows(2).position(|w| w == b"\r\n") {
        let size_text = String::from_utf8_lossy(&body[..eol]);
        let size = usize::from_str_radix(size_text.split(';').next().unwrap_or("").trim(), 16)
            .unwrap_or(0);
        body = &body[eol + 2..];
        if size == 0 || size > body.len() {
            break;
        }
        out.extend_from_slice(&body[..size]);
        body = &body[(size + 2).min(body.len())..];
    }
    out
}

/// One blocking HTTP/1.1 request (`Connection: close`).
pub fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> std::io::Result<Answer> {
    let mut stream = TcpStream::connect(addr)?;
    stream.set_read_timeout(Some(Duration::from_secs(120)))?;
    let body = body.unwrap_or("");
    let mut request = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n",
        body.len()
    );
    if !body.is_empty() {
        request.push_str("Content-Type: application/json\r\n");
    }
    for (k, v) in headers {
        request.push_str(&format!("{k}: {v}\r\n"));
    }
    request.push_str("\r\n");
    request.push_str(body);
    stream.write_all(request.as_bytes())?;
    // Read the head, then exactly the body its length says (some servers keep the connection
    // open whatever the request asked).
    let mut raw = Vec::new();
    let mut buf = [0u8; 16 * 1024];
    let split = loop {
        if let Some(p) = raw.windows(4).position(|w| w == b"\r\n\r\n") {
            break p;
        }
        let n = stream.read(&mut buf)?;
        if n == 0 {
            return Err(std::io::Error::other(
                "connection closed before the HTTP head",
            ));
        }
        raw.extend_from_slice(&buf[..n]);
    };
    let head = String::from_utf8_lossy(&raw[..split]).to_string();
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| std::io::Error::other(format!("bad status line: {head}")))?;
    let header = |name: &str| {
        head.lines().find_map(|l| {
            let (k, v) = l.split_once(':')?;
            k.trim()
                .eq_ignore_ascii_case(name)
                .then(|| v.trim().to_ascii_lowercase())
        })
    };
    let chunked = header("transfer-encoding").is_some_and(|v| v.contains("chunked"));
    let length: Option<usize> = header("content-length").and_then(|v| v.parse().ok());
    let mut body = raw.split_off(split + 4);
    if let Some(len) = length.filter(|_| !chunked) {
        while body.len() < len {
            let n = stream.read(&mut buf)?;
            if n == 0 {
                break;
            }
            body.extend_from_slice(&buf[..n]);
        }
        body.truncate(len);
    } else if chunked {
        while !body.ends_with(b"0\r\n\r\n") {
            let n = stream.read(&mut buf)?;
            if n == 0 {
                break;
            }
            body.extend_from_slice(&buf[..n]);
        }
        body = dechunk(&body);
    } else {
        stream.read_to_end(&mut body)?;
    }
    let bytes = body;
    Ok(Answer {
        status,
        body: String::from_utf8_lossy(&bytes).into_owned(),
    })
}

/// Every game kind the pages support, with the bots the real server offers.
pub fn registry() -> server::Registry {
    let mut r = server::Registry::new();
    r.register_with_random::<powergrid::State>(server::Bots::new());
    let mut tg = server::Bots::<thegame::State>::new();
    for entry in bots::thegame::REGISTRY {
        let make = entry.make;
        tg = tg.with(entry.name, move |_, seed| {
            Box::new(bots::thegame::EngineBot::new(make(seed.0)))
        });
    }
    r.register_with_random::<thegame::State>(tg);
    r
}

/// A running server on a loopback port.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    _runtime: Arc<tokio::runtime::Runtime>,
}

impl TestServer {
    /// Starts the server with an in-memory store and a short bot pause.
    pub fn start(bot_delay: Duration) -> TestServer {
        let runtime = Arc::new(
            tokio::runtime::Builder::new_multi_thread()
                .worker_threads(2)
                .enable_all()
                .build()
                .expect("a Tokio runtime"),
        );
        let addr = runtime.block_on(async {
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
                .await
                .expect("bind a loopback port");
            let addr = listener.local_addr().expect("local address");
            let store = Arc::new(server::SqliteStore::open_in_memory().expect("in-memory store"));
            let config = server::Config {
                bot_delay,
                public_url: Some(format!("http://{addr}")),
                // The test polls the server's view while the page plays.
                rate_per_second: 1000,
                rate_burst: 1000,
                ..server::Config::default()
            };
            let server = server::Server::start(config, registry(), store).expect("server starts");
            tokio::spawn(async move {
                let _ = server.serve(listener).await;
            });
            addr
        });
        TestServer {
            addr,
            _runtime: runtime,
        }
    }

    /// `GET path` (with a seat token if given), as JSON; panics on a non-2xx answer.
    pub fn get(&self, path: &str, token: Option<&str>) -> Value {
        let auth = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = auth
            .as_deref()
            .map(|a| vec![("Authorization", a)])
            .unwrap_or_default();
        let answer = http(self.addr, "GET", path, &headers, None).expect("server reachable");
        assert!(
            answer.status < 300,
            "GET {path}: {} {}",
            answer.status,
            answer.body
        );
        answer.json()
    }

    /// The base URL, e.g. `http://127.0.0.1:4711`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }
}

/// Whether the browser test can run here; `Err` says why not.
pub fn browser_available() -> Result<(), String> {
    for bin in [CHROMIUM, CHROMEDRIVER] {
        if !std::path::Path::new(bin).exists() {
            return Err(format!(
                "{bin} is missing: install Debian's chromium and chromium-driver \
                 (apt-get install -y chromium chromium-driver)"
            ));
        }
    }
    Ok(())
}

/// A ChromeDriver process with one headless Chromium session; both end on drop.
pub struct Browser {
    driver: Child,
    addr: SocketAddr,
    session: String,
    _profile: PathBuf,
}

const ELEMENT_KEY: &str = "element-6066-11e4-a52e-4f735466cecf";

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Browser {
    /// Starts ChromeDriver and a headless Chromium with an empty profile, `width`×`height`.
    pub fn start(width: u32, height: u32) -> Browser {
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let addr: SocketAddr = format!("127.0.0.1:{port}").parse().expect("address");
        let deadline = Instant::now() + WAIT;
        loop {
            if let Ok(a) = http(addr, "GET", "/status", &[], None) {
                if a.json()["value"]["ready"] == json!(true) {
                    break;
                }
            }
            assert!(Instant::now() < deadline, "chromedriver did not get ready");
            std::thread::sleep(Duration::from_millis(100));
        }
        let profile = std::env::temp_dir().join(format!(
            "tabletop-e2e-profile-{}-{port}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).expect("profile directory");
        let caps = json!({"capabilities": {"alwaysMatch": {
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage",
                    format!("--user-data-dir={}", profile.display()),
                    format!("--window-size={width},{height}"),
                ]
            }
        }}});
        let mut browser = Browser {
            driver,
            addr,
            session: String::new(),
            _profile: profile,
        };
        let answer = browser.raw("POST", "/session", Some(caps));
        browser.session = answer["sessionId"]
            .as_str()
            .unwrap_or_else(|| panic!("no WebDriver session: {answer}"))
            .to_owned();
        browser.resize(width, height);
        browser
    }

    fn raw(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        let body = body.map(|b| b.to_string());
        let answer = http(self.addr, method, path, &[], body.as_deref())
            .unwrap_or_else(|e| panic!("WebDriver {method} {path}: {e}"));
        let value = answer.json();
        if answer.status >= 300 {
            panic!(
                "WebDriver {method} {path} failed ({}): {}",
                answer.status, value["value"]
            );
        }
        value["value"].clone()
    }

    fn cmd(&self, method: &str, path: &str, body: Option<Value>) -> Value {
        self.raw(method, &format!("/session/{}{path}", self.session), body)
    }

    /// Like [`Browser::cmd`], but a WebDriver error is returned, not a panic.
    fn try_cmd(&self, method: &str, path: &str, body: Value) -> Result<Value, String> {
        let answer = http(
            self.addr,
            method,
            &format!("/session/{}{path}", self.session),
            &[],
            Some(&body.to_string()),
        )
        .map_err(|e| e.to_string())?;
        let value = answer.json();
        if answer.status >= 300 {
            Err(value["value"].to_string())
        } else {
            Ok(value["value"].clone())
        }
    }

    /// Sets the window size.
    pub fn resize(&self, width: u32, height: u32) {
        self.cmd(
            "POST",
            "/window/rect",
            Some(json!({"width": width, "height": height})),
        );
    }

    /// Opens a URL.
    pub fn goto(&self, url: &str) {
        self.cmd("POST", "/url", Some(json!({ "url": url })));
    }

    /// Runs JavaScript in the page (`return ...;`) and gives its result.
    pub fn js(&self, script: &str, args: Value) -> Value {
        self.cmd(
            "POST",
            "/execute/sync",
            Some(json!({"script": script, "args": args})),
        )
    }

    /// Waits until `script` returns something truthy, and gives it.
    pub fn wait_js(&self, what: &str, script: &str, args: Value) -> Value {
        let deadline = Instant::now() + WAIT;
        loop {
            let v = self.js(script, args.clone());
            let truthy =
                !matches!(&v, Value::Null | Value::Bool(false)) && v != json!(0) && v != json!("");
            if truthy {
                return v;
            }
            assert!(
                Instant::now() < deadline,
                "timed out after {WAIT:?} waiting for {what}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Waits for an element matching `css` and clicks it (a real WebDriver click).
    pub fn click(&self, css: &str) {
        let deadline = Instant::now() + WAIT;
        loop {
            let found = self.try_cmd(
                "POST",
                "/element",
                json!({"using": "css selector", "value": css}),
            );
            if let Ok(el) = found {
                if let Some(id) = el[ELEMENT_KEY].as_str() {
                    match self.try_cmd("POST", &format!("/element/{id}/click"), json!({})) {
                        Ok(_) => return,
                        Err(e) if Instant::now() >= deadline => {
                            panic!("cannot click {css}: {e}")
                        }
                        Err(_) => {}
                    }
                }
            }
            assert!(
                Instant::now() < deadline,
                "timed out after {WAIT:?} waiting to click {css}"
            );
            std::thread::sleep(Duration::from_millis(50));
        }
    }

    /// Replaces the text of the input matching `css` (real key strokes).
    pub fn type_into(&self, css: &str, text: &str) {
        let el = self.cmd(
            "POST",
            "/element",
            Some(json!({"using": "css selector", "value": css})),
        );
        let id = el[ELEMENT_KEY].as_str().expect("element id").to_owned();
        self.cmd("POST", &format!("/element/{id}/clear"), Some(json!({})));
        self.cmd(
            "POST",
            &format!("/element/{id}/value"),
            Some(json!({ "text": text })),
        );
    }

    /// A PNG screenshot of the viewport.
    pub fn screenshot(&self) -> Vec<u8> {
        let b64 = self.cmd("GET", "/screenshot", None);
        base64_decode(b64.as_str().expect("base64 screenshot"))
    }

    /// Saves a screenshot under the screenshot directory and returns its path.
    pub fn save_screenshot(&self, name: &str) -> PathBuf {
        let dir = screenshot_dir();
        std::fs::create_dir_all(&dir).expect("screenshot directory");
        let path = dir.join(name);
        std::fs::write(&path, self.screenshot()).expect("write screenshot");
        println!("screenshot: {}", path.display());
        path
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ = http(
                self.addr,
                "DELETE",
                &format!("/session/{}", self.session),
                &[],
                None,
            );
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self._profile);
    }
}

/// Where screenshots go: `target/e2e-screenshots/` of the workspace (or of `CARGO_TARGET_DIR`).
pub fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("e2e-screenshots")
}

/// Decodes standard base64 (padding and whitespace ignored).
pub fn base64_decode(text: &str) -> Vec<u8> {
    let mut out = Vec::with_capacity(text.len() * 3 / 4);
    let (mut acc, mut bits) = (0u32, 0u32);
    for c in text.bytes() {
        let v = match c {
            b'A'..=b'Z' => c - b'A',
            b'a'..=b'z' => c - b'a' + 26,
            b'0'..=b'9' => c - b'0' + 52,
            b'+' => 62,
            b'/' => 63,
            _ => continue,
        };
        acc = (acc << 6) | v as u32;
        bits += 6;
        if bits >= 8 {
            bits -= 8;
            out.push((acc >> bits) as u8);
            acc &= (1 << bits) - 1;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_decodes_with_and_without_padding() {
        assert_eq!(base64_decode("aGVsbG8="), b"hello");
        assert_eq!(base64_decode("aGVsbG8h"), b"hello!");
        assert_eq!(
            base64_decode("iVBORw0K"),
            [0x89, b'P', b'N', b'G', b'\r', b'\n']
        );
    }

    #[test]
    fn chunked_bodies_are_joined() {
        assert_eq!(dechunk(b"5\r\nhello\r\n3\r\nabc\r\n0\r\n\r\n"), b"helloabc");
    }
}
