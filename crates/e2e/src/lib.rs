//! End-to-end support for testing the web pages in a real browser.
//!
//! Decisions:
//! - The browser is Debian's `chromium`, driven through Debian's `chromedriver` over the W3C
//!   WebDriver protocol by `fantoccini`, a maintained WebDriver client (built without TLS: the
//!   driver is on loopback). Its HTTP client is hyper's, and the tests' own requests go through
//!   `loadgen::HttpClient`, on hyper too, so the tree has one HTTP client.
//! - The tests stay blocking: [`Browser`] is a small facade that runs each WebDriver command on
//!   a private single-threaded Tokio runtime, so test bodies have no `async` and read as steps.
//! - The server under test is the real one ([`server::Server`]) on a loopback port, with an
//!   in-memory store, Power Grid and The Game registered with their bots and play rules ([`registry`]), run on
//!   its own Tokio runtime thread.
//! - Tests wait for conditions (the page's `data-version` reaching the server's version, an
//!   element appearing), never for fixed times; every wait has a generous deadline and fails
//!   with what it waited for.

use fantoccini::wd::WindowHandle;
use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{json, Value};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::runtime::Runtime;

/// The Chromium and ChromeDriver binaries Debian installs.
pub const CHROMIUM: &str = "/usr/bin/chromium";
/// See [`CHROMIUM`].
pub const CHROMEDRIVER: &str = "/usr/bin/chromedriver";

/// The Tab key, for [`Browser::press`].
pub const TAB: &str = "\u{E004}";
/// The Enter key, for [`Browser::press`].
pub const ENTER: &str = "\u{E007}";

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

/// One HTTP/1.1 request with the tree's HTTP client (the runtime is the caller's).
async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> std::io::Result<Answer> {
    let client = loadgen::HttpClient::new(&format!("http://{addr}"));
    let sent = client.request(method, path, headers, body.map(|b| b.as_bytes().to_vec()));
    let (status, body) = tokio::time::timeout(Duration::from_secs(120), sent)
        .await
        .map_err(std::io::Error::other)?
        .map_err(std::io::Error::other)?;
    Ok(Answer { status, body })
}

/// One blocking HTTP/1.1 request.
pub fn http(
    addr: SocketAddr,
    method: &str,
    path: &str,
    headers: &[(&str, &str)],
    body: Option<&str>,
) -> std::io::Result<Answer> {
    tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?
        .block_on(request(addr, method, path, headers, body))
}

/// Every game kind the pages support, with the bots the real server offers (Power Grid with its
/// random bot only, which also stands in for absent players) and the real server's play rules
/// (undoable steps, The Game's hands revealed once over).
pub fn registry() -> server::Registry {
    let mut r = server::Registry::new();
    r.register_with_rules::<powergrid::State>(server::Bots::new(), server::POWERGRID_PLAY);
    r.register_revealing::<thegame::State>(
        server::registered_bots(),
        server::THEGAME_PLAY,
        Some(server::thegame_final_hands),
    );
    r
}

/// The kinds as the real server registers them, keeping results (so that games can be rated),
/// with the heuristic bot standing in, so that games handed to it end quickly.
pub fn scored_registry() -> server::Registry {
    let mut r = server::Registry::new();
    let play = server::PlayRules {
        stand_in: "heuristic",
    };
    r.register_scored::<powergrid::State>(
        server::registered_bots(),
        play.clone(),
        None,
        Some(server::POWERGRID_SCORING),
    );
    r.register_scored::<thegame::State>(
        server::registered_bots(),
        play,
        Some(server::thegame_final_hands),
        Some(server::THEGAME_SCORING),
    );
    r
}

/// A running server on a loopback port.
pub struct TestServer {
    /// Where it listens.
    pub addr: SocketAddr,
    runtime: Arc<tokio::runtime::Runtime>,
}

impl TestServer {
    /// Starts the server with an in-memory store and a short bot pause.
    pub fn start(bot_delay: Duration) -> TestServer {
        TestServer::start_with(bot_delay, registry())
    }

    /// [`TestServer::start`] offering the kinds of `registry`.
    pub fn start_with(bot_delay: Duration, registry: server::Registry) -> TestServer {
        TestServer::start_configured(bot_delay, registry, |_| {})
    }

    /// [`TestServer::start_with`], its configuration changed by `configure` (a test's own
    /// limits, such as a small analysis budget).
    pub fn start_configured(
        bot_delay: Duration,
        registry: server::Registry,
        configure: impl FnOnce(&mut server::Config),
    ) -> TestServer {
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
            let mut config = server::Config {
                bot_delay,
                public_url: Some(format!("http://{addr}")),
                // The test polls the server's view while the page plays.
                rate_per_second: 1000,
                rate_burst: 1000,
                ..server::Config::default()
            };
            configure(&mut config);
            let server = server::Server::start(config, registry, store).expect("server starts");
            tokio::spawn(async move {
                let _ = server.serve(listener).await;
            });
            addr
        });
        TestServer { addr, runtime }
    }

    /// `GET path` (with a seat token if given), as JSON; panics on a non-2xx answer.
    pub fn get(&self, path: &str, token: Option<&str>) -> Value {
        let auth = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = auth
            .as_deref()
            .map(|a| vec![("Authorization", a)])
            .unwrap_or_default();
        let answer = self
            .runtime
            .block_on(request(self.addr, "GET", path, &headers, None))
            .expect("server reachable");
        assert!(
            answer.status < 300,
            "GET {path}: {} {}",
            answer.status,
            answer.body
        );
        answer.json()
    }

    /// `POST path` with a JSON body (and a seat token if given): the status and the answer.
    pub fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Answer {
        let auth = token.map(|t| format!("Bearer {t}"));
        let headers: Vec<(&str, &str)> = auth
            .as_deref()
            .map(|a| vec![("Authorization", a)])
            .unwrap_or_default();
        let body = body.to_string();
        self.runtime
            .block_on(request(self.addr, "POST", path, &headers, Some(&body)))
            .expect("server reachable")
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

/// Whether a browser test should run: without Chromium it fails when `CI` is set (CI must run
/// it), and is skipped with a notice otherwise.
pub fn can_run_browser() -> bool {
    match browser_available() {
        Ok(()) => true,
        Err(why) => {
            if std::env::var_os("CI").is_some_and(|v| v == "true" || v == "1") {
                panic!("the browser test cannot run in CI: {why}");
            }
            eprintln!("NOTICE: skipping the browser test: {why}");
            false
        }
    }
}

/// A ChromeDriver process with one headless Chromium session; both end on drop. Every method
/// blocks until its WebDriver command is done, and panics with the command and the driver's
/// error when it fails (a test step that cannot be taken).
pub struct Browser {
    runtime: Runtime,
    client: Option<Client>,
    driver: Child,
    profile: PathBuf,
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

impl Browser {
    /// Starts ChromeDriver and a headless Chromium with an empty profile, `width`×`height`.
    pub fn start(width: u32, height: u32) -> Browser {
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a Tokio runtime");
        let port = free_port();
        let driver = Command::new(CHROMEDRIVER)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver starts");
        let profile = std::env::temp_dir().join(format!(
            "tabletop-e2e-profile-{}-{port}",
            std::process::id()
        ));
        let _ = std::fs::remove_dir_all(&profile);
        std::fs::create_dir_all(&profile).expect("profile directory");
        let mut browser = Browser {
            runtime,
            client: None,
            driver,
            profile,
        };
        let caps = json!({
            "browserName": "chrome",
            "goog:chromeOptions": {
                "binary": CHROMIUM,
                "args": [
                    "--headless", "--no-sandbox", "--disable-gpu", "--disable-quic",
                    "--no-first-run", "--disable-background-networking",
                    "--disable-component-update", "--disable-sync",
                    "--disable-dev-shm-usage",
                    format!("--user-data-dir={}", browser.profile.display()),
                    format!("--window-size={width},{height}"),
                ]
            }
        });
        let caps = caps.as_object().cloned().unwrap_or_default();
        let url = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + WAIT;
        // The driver takes a moment to listen: retry until it answers.
        let client = loop {
            let attempt = browser.runtime.block_on(
                ClientBuilder::new(HttpConnector::new())
                    .capabilities(caps.clone())
                    .connect(&url),
            );
            match attempt {
                Ok(client) => break client,
                Err(e) if Instant::now() >= deadline => panic!("no WebDriver session: {e}"),
                Err(_) => std::thread::sleep(Duration::from_millis(100)),
            }
        };
        browser.client = Some(client);
        browser.resize(width, height);
        browser
    }

    /// Runs one WebDriver command on the session.
    fn run<T, F>(&self, what: &str, command: impl FnOnce(Client) -> F) -> T
    where
        F: std::future::Future<Output = Result<T, fantoccini::error::CmdError>>,
    {
        let client = self.client.clone().expect("a WebDriver session");
        self.runtime
            .block_on(command(client))
            .unwrap_or_else(|e| panic!("WebDriver {what} failed: {e}"))
    }

    /// Sets the window size.
    pub fn resize(&self, width: u32, height: u32) {
        self.run("resize", |c| async move {
            c.set_window_size(width, height).await
        });
    }

    /// Opens a URL.
    pub fn goto(&self, url: &str) {
        self.run(&format!("goto {url}"), |c| async move { c.goto(url).await });
    }

    /// Runs JavaScript in the page (`return ...;`) and gives its result; `args` is a JSON array
    /// (the script's `arguments`).
    pub fn js(&self, script: &str, args: Value) -> Value {
        let args = match args {
            Value::Array(list) => list,
            Value::Null => Vec::new(),
            other => vec![other],
        };
        self.run("execute", |c| async move { c.execute(script, args).await })
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
        let client = self.client.clone().expect("a WebDriver session");
        let deadline = Instant::now() + WAIT;
        loop {
            let attempt = self
                .runtime
                .block_on(async { client.find(Locator::Css(css)).await?.click().await });
            match attempt {
                Ok(()) => return,
                Err(e) if Instant::now() >= deadline => {
                    panic!("timed out after {WAIT:?} waiting to click {css}: {e}")
                }
                Err(_) => std::thread::sleep(Duration::from_millis(50)),
            }
        }
    }

    /// Replaces the text of the input matching `css` (real key strokes).
    pub fn type_into(&self, css: &str, text: &str) {
        self.run(&format!("type into {css}"), |c| async move {
            let input = c.find(Locator::Css(css)).await?;
            input.clear().await?;
            input.send_keys(text).await
        });
    }

    /// Presses keys on whatever has the focus, as a person at the keyboard would (WebDriver key
    /// actions: each character is pressed and released in turn; [`TAB`], [`ENTER`] and the
    /// other WebDriver key codes are characters too).
    pub fn press(&self, keys: &str) {
        use fantoccini::actions::{InputSource, KeyAction, KeyActions};
        let mut actions = KeyActions::new("keyboard".to_owned());
        for ch in keys.chars() {
            actions = actions
                .then(KeyAction::Down { value: ch })
                .then(KeyAction::Up { value: ch });
        }
        self.run(&format!("press {keys:?}"), |c| async move {
            c.perform_actions(actions).await
        });
    }

    /// The handle of the window (or tab) the session drives now.
    pub fn window(&self) -> WindowHandle {
        self.run("window handle", |c| async move { c.window().await })
    }

    /// Opens a new tab in the same browser (same profile and storage), switches to it, and gives
    /// its handle: two players' pages in one browser.
    pub fn new_tab(&self) -> WindowHandle {
        let tab = self.run("new tab", |c| async move { c.new_window(true).await });
        self.switch_to(&tab.handle);
        tab.handle
    }

    /// Makes `window` the one the following commands drive.
    pub fn switch_to(&self, window: &WindowHandle) {
        let window = window.clone();
        self.run("switch window", |c| async move {
            c.switch_to_window(window).await
        });
    }

    /// A PNG screenshot of the viewport.
    pub fn screenshot(&self) -> Vec<u8> {
        self.run("screenshot", |c| async move { c.screenshot().await })
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
        if let Some(client) = self.client.take() {
            let _ = self.runtime.block_on(async {
                tokio::time::timeout(Duration::from_secs(10), client.close()).await
            });
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
        let _ = std::fs::remove_dir_all(&self.profile);
    }
}

/// Where screenshots go: `target/e2e-screenshots/` of the workspace (or of `CARGO_TARGET_DIR`).
pub fn screenshot_dir() -> PathBuf {
    let target = std::env::var_os("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../target"));
    target.join("e2e-screenshots")
}

/// The legal actions of `kind` in a state message (`{"legal": [...]}`), in the server's order.
pub fn legal_of<'a>(state: &'a Value, kind: &str) -> Vec<&'a Value> {
    state["legal"]
        .as_array()
        .expect("a state message lists its legal actions")
        .iter()
        .filter(|a| a["type"] == kind)
        .collect()
}

/// Waits until the page shows the server's current version for `token` (the page's
/// `data-version`), and gives that state.
///
/// # Panics
/// When the page has not caught up within [`WAIT`]: the test fails.
pub fn settled(b: &Browser, server: &TestServer, game: &str, token: &str) -> Value {
    let deadline = Instant::now() + WAIT;
    loop {
        let st = server.get(&format!("/api/games/{game}/view"), Some(token));
        let shown = b.js("return Number(document.body.dataset.version)", json!([]));
        if shown == st["version"] {
            return st;
        }
        assert!(
            Instant::now() < deadline,
            "the page never caught up with {}",
            st["version"]
        );
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// Creates a game (`POST /api/games` with `body`) and gives the answer; panics unless created.
pub fn create_game(server: &TestServer, body: Value) -> Value {
    let answer = server.post("/api/games", None, &body);
    assert_eq!(answer.status, 201, "{}", answer.body);
    answer.json()
}

/// A two-player Power Grid game on Germany with seed `seed` (Ann and Bo, both human), created
/// on `server`, and the actions the engine's heuristic bot plays it to its end with: the game,
/// the seats' tokens and the `(seat, action)` pairs in order (not sent: see [`send_actions`]).
pub fn powergrid_by_heuristics(
    server: &TestServer,
    seed: u64,
) -> (String, Vec<String>, Vec<(usize, Value)>) {
    let created = create_game(
        server,
        json!({"kind": "powergrid", "setup": {"players": 2, "map": "germany", "seed": seed},
               "seats": [{"type": "human", "name": "Ann"}, {"type": "human", "name": "Bo"}]}),
    );
    let game = created["game"].as_str().expect("a game id").to_owned();
    let tokens: Vec<String> = (0..2)
        .map(|s| {
            created["seats"][s]["token"]
                .as_str()
                .expect("a token")
                .to_owned()
        })
        .collect();
    let mut bots: Vec<Box<dyn engine::Bot<powergrid::State>>> = vec![
        Box::new(bots::powergrid::Heuristic::new()),
        Box::new(bots::powergrid::Heuristic::new()),
    ];
    let setup = powergrid::Setup::new(2, powergrid::MapId::Germany, seed);
    let played = bots::powergrid::play_game(setup, &mut bots).expect("the bots finish the game");
    let actions = played
        .actions
        .iter()
        .map(|(seat, action)| (usize::from(seat.0), json!(action)))
        .collect();
    (game, tokens, actions)
}

/// Sends `actions` (`(seat, action)` pairs) to `game` in order, each with its seat's token;
/// panics on a refusal.
pub fn send_actions(
    server: &TestServer,
    game: &str,
    tokens: &[String],
    actions: &[(usize, Value)],
) {
    let mut version = server.get(&format!("/api/games/{game}"), None)["version"].clone();
    for (seat, action) in actions {
        let answer = server.post(
            &format!("/api/games/{game}/actions"),
            Some(&tokens[*seat]),
            &json!({"version": version, "action": action}),
        );
        assert_eq!(answer.status, 200, "{action}: {}", answer.body);
        version = answer.json()["version"].clone();
    }
}

/// A careless move of The Game among `legal` (a state message's legal actions): the turn ended
/// as soon as the rules allow, else the first play listed.
///
/// # Panics
/// When `legal` holds neither.
pub fn careless_move(legal: &[Value]) -> Value {
    legal
        .iter()
        .find(|a| a["type"] == "end_turn")
        .or_else(|| legal.iter().find(|a| a["type"] == "play"))
        .expect("a move")
        .clone()
}

/// Fails unless the page fits the window's width (a phone must not scroll sideways); `what`
/// names the page in the failure.
pub fn fits_the_width(b: &Browser, what: &str) {
    let wide = b.js(
        "return document.documentElement.scrollWidth - window.innerWidth",
        json!([]),
    );
    assert!(
        wide.as_i64().unwrap_or(i64::MAX) <= 1,
        "{what}: the page is {wide} px too wide"
    );
}

/// The text of the first element `css` selects, or "" when there is none.
pub fn text(b: &Browser, css: &str) -> String {
    b.js(
        "const e = document.querySelector(arguments[0]); return e ? e.textContent : '';",
        json!([css]),
    )
    .as_str()
    .unwrap_or_default()
    .to_owned()
}
