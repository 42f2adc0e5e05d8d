//! A load generator for the Tabletop server, and the small HTTP client ([`HttpClient`]) it,
//! the tests and the browser tests share. It speaks to a server only over the network, so it
//! does not depend on the `server` crate; `tabletop bench serve` runs it against a server it
//! starts itself.
//!
//! [`run`] keeps `games` games going at once on a server (one or several processes) reachable
//! over loopback. Each game is
//! created over HTTP with every seat human; each seat is a client on its own WebSocket that,
//! whenever the server says it must act, thinks for a while ([`LoadConfig::think`]) and plays a
//! uniformly random legal action, measuring the time from sending it to receiving its
//! `accepted`. The think time makes the clients behave like players rather than a closed loop
//! that always has one action waiting per game (where latency would only measure the queue:
//! by Little's law, 1,000 games always waiting at 5,000 actions/s means 200 ms each). When a
//! game ends, its slot starts a new one. The run stops by itself after `max_actions` actions or
//! `duration`, whichever comes first; clients then send nothing new and wait for their last
//! answers, so the acknowledged count per game can be checked exactly against the database
//! afterwards.

mod client;

pub use client::{HttpClient, LoadError};

use futures_util::{SinkExt, StreamExt};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// At most this many connections are being opened at once (games start in a ramp, not a flood
/// that overflows the listen backlog).
const MAX_CONNECTING: usize = 64;

/// A connection or request that takes longer than this fails the client.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(20);

/// What to run.
#[derive(Debug, Clone)]
pub struct LoadConfig {
    /// The server's processes, e.g. `["http://127.0.0.1:8080"]`. Games are created and seats
    /// connected round-robin over them, connection by connection, as a round-robin load balancer
    /// would spread them: with several processes the seats of one game sit on different ones.
    pub bases: Vec<String>,
    /// The game kind to play.
    pub kind: String,
    /// Its setup (a random seed is filled in by the server for each game).
    pub setup: Value,
    /// Games kept going at once.
    pub games: usize,
    /// Stop after this many accepted actions...
    pub max_actions: u64,
    /// ...or after this long.
    pub duration: Duration,
    /// Seed of the clients' choices.
    pub seed: u64,
    /// Mean pause between being asked to act and acting (uniform from half to one and a half
    /// times this), like a player or bot thinking. With `games` games it bounds the offered load
    /// at about `games / think` actions per second.
    pub think: Duration,
}

/// What a run measured.
#[derive(Debug, Clone)]
pub struct LoadReport {
    /// Games created.
    pub games_started: u64,
    /// Games played to their end.
    pub games_finished: u64,
    /// Actions acknowledged with `accepted`.
    pub actions: u64,
    /// Actions answered with an error.
    pub errors: u64,
    /// From the first action sent to the last answer.
    pub elapsed: Duration,
    /// Latency from send to `accepted`: median.
    pub p50: Duration,
    /// Latency: 99th percentile.
    pub p99: Duration,
    /// Latency: the slowest.
    pub max: Duration,
    /// Actions still unanswered when the clients gave up, after the run stopped.
    pub unanswered: u64,
    /// Acknowledged actions per game id, to check against the database.
    pub acked: HashMap<String, u64>,
}

impl LoadReport {
    /// Accepted actions per second.
    pub fn per_second(&self) -> f64 {
        self.actions as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

struct Shared {
    /// One client per process of `config.bases`.
    http: Vec<HttpClient>,
    /// Connections (HTTP requests and WebSockets) made so far: the next one goes to the process
    /// this counts to.
    next: AtomicUsize,
    config: LoadConfig,
    stop: AtomicBool,
    deadline: Instant,
    actions: AtomicU64,
    errors: AtomicU64,
    started: AtomicU64,
    finished: AtomicU64,
    unanswered: AtomicU64,
    latencies: Mutex<Vec<u32>>,
    connecting: tokio::sync::Semaphore,
    acked: Mutex<HashMap<String, u64>>,
}

impl Shared {
    /// The process the next connection goes to.
    fn next_process(&self) -> &HttpClient {
        let i = self.next.fetch_add(1, Ordering::Relaxed);
        &self.http[i % self.http.len()]
    }

    fn stopping(&self) -> bool {
        if self.stop.load(Ordering::Relaxed) {
            return true;
        }
        if self.actions.load(Ordering::Relaxed) >= self.config.max_actions
            || Instant::now() >= self.deadline
        {
            self.stop.store(true, Ordering::Relaxed);
            return true;
        }
        false
    }
}

/// Runs the load described by `config` and reports what it measured.
///
/// # Errors
/// No process is given, or the first game could not be created on one of them (the server is
/// not there, or refuses the setup).
pub async fn run(config: LoadConfig) -> Result<LoadReport, LoadError> {
    if config.bases.is_empty() {
        return Err(LoadError::Http(
            "no server to load: the list of processes is empty".into(),
        ));
    }
    let http: Vec<HttpClient> = config.bases.iter().map(|b| HttpClient::new(b)).collect();
    // One game on each process first, so that a wrong kind or setup fails fast and clearly.
    for process in &http {
        create_game(process, &config).await?;
    }
    let shared = Arc::new(Shared {
        http,
        next: AtomicUsize::new(0),
        deadline: Instant::now() + config.duration,
        config,
        stop: AtomicBool::new(false),
        actions: AtomicU64::new(0),
        errors: AtomicU64::new(0),
        started: AtomicU64::new(0),
        finished: AtomicU64::new(0),
        unanswered: AtomicU64::new(0),
        connecting: tokio::sync::Semaphore::new(MAX_CONNECTING),
        latencies: Mutex::new(Vec::new()),
        acked: Mutex::new(HashMap::new()),
    });
    let start = Instant::now();
    let mut slots = Vec::new();
    for i in 0..shared.config.games {
        let shared = shared.clone();
        slots.push(tokio::spawn(async move { slot(shared, i as u64).await }));
    }
    for s in slots {
        match s.await {
            Ok(Ok(())) => {}
            Ok(Err(e)) => tracing::warn!("load slot stopped: {e}"),
            Err(e) => tracing::warn!("load slot failed: {e}"),
        }
    }
    let elapsed = start.elapsed();
    let mut latencies =
        std::mem::take(&mut *shared.latencies.lock().unwrap_or_else(|e| e.into_inner()));
    latencies.sort_unstable();
    let pick = |q: f64| -> Duration {
        if latencies.is_empty() {
            return Duration::ZERO;
        }
        let i = ((latencies.len() as f64 - 1.0) * q).round() as usize;
        Duration::from_micros(u64::from(latencies[i]))
    };
    let acked = std::mem::take(&mut *shared.acked.lock().unwrap_or_else(|e| e.into_inner()));
    Ok(LoadReport {
        games_started: shared.started.load(Ordering::Relaxed),
        games_finished: shared.finished.load(Ordering::Relaxed),
        actions: shared.actions.load(Ordering::Relaxed),
        errors: shared.errors.load(Ordering::Relaxed),
        unanswered: shared.unanswered.load(Ordering::Relaxed),
        elapsed,
        p50: pick(0.50),
        p99: pick(0.99),
        max: pick(1.0),
        acked,
    })
}

/// Creates one all-human game; answers its id and its seat tokens.
async fn create_game(
    http: &HttpClient,
    config: &LoadConfig,
) -> Result<(String, Vec<String>), LoadError> {
    let body = json!({ "kind": config.kind, "setup": config.setup });
    loop {
        let (status, answer) = tokio::time::timeout(
            CONNECT_TIMEOUT,
            http.json("POST", "/api/games", None, Some(&body)),
        )
        .await
        .map_err(|_| LoadError::Http(format!("no answer within {CONNECT_TIMEOUT:?}")))??;
        if status == 429 {
            tokio::time::sleep(Duration::from_millis(50)).await;
            continue;
        }
        if status != 201 {
            return Err(LoadError::Status {
                status,
                path: "/api/games".into(),
                body: answer.to_string(),
            });
        }
        let id = answer["game"]
            .as_str()
            .ok_or_else(|| LoadError::Protocol(answer.to_string()))?;
        let tokens = answer["seats"]
            .as_array()
            .ok_or_else(|| LoadError::Protocol(answer.to_string()))?
            .iter()
            .filter_map(|s| s["token"].as_str().map(str::to_owned))
            .collect();
        return Ok((id.to_owned(), tokens));
    }
}

async fn slot(shared: Arc<Shared>, index: u64) -> Result<(), LoadError> {
    let mut round = 0u64;
    while !shared.stopping() {
        let (id, tokens) = {
            let _permit = shared.connecting.acquire().await;
            create_game(shared.next_process(), &shared.config).await?
        };
        shared.started.fetch_add(1, Ordering::Relaxed);
        shared
            .acked
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .insert(id.clone(), 0);
        let mut seats = Vec::new();
        for (s, token) in tokens.into_iter().enumerate() {
            let shared = shared.clone();
            let id = id.clone();
            let seed = shared.config.seed ^ (index << 32) ^ (round << 8) ^ s as u64;
            seats.push(tokio::spawn(
                async move { seat(shared, id, token, seed).await },
            ));
        }
        let mut over = false;
        for s in seats {
            match s.await {
                Ok(Ok(done)) => over |= done,
                Ok(Err(e)) => return Err(e),
                Err(e) => return Err(LoadError::WebSocket(e.to_string())),
            }
        }
        if over {
            shared.finished.fetch_add(1, Ordering::Relaxed);
        }
        round += 1;
    }
    Ok(())
}

/// The parts of a server message a load client reads; the view and events are skipped without
/// being built.
#[derive(serde::Deserialize)]
struct Incoming {
    #[serde(rename = "type")]
    kind: String,
    #[serde(default)]
    version: u64,
    #[serde(default)]
    actor: Option<Value>,
    #[serde(default)]
    legal: Vec<Value>,
}

/// How long a client waits for an answer after the run stops before it gives up.
const LAST_ANSWER: Duration = Duration::from_secs(10);

/// Plays one seat until the game ends (answers `true`) or the run stops (`false`).
async fn seat(
    shared: Arc<Shared>,
    id: String,
    token: String,
    seed: u64,
) -> Result<bool, LoadError> {
    let ws_url = format!(
        "{}/api/games/{id}/ws",
        shared.next_process().base().replacen("http", "ws", 1)
    );
    let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
    let connecting = {
        let _permit = shared.connecting.acquire().await;
        tokio::time::timeout(
            CONNECT_TIMEOUT,
            tokio_tungstenite::connect_async_with_config(ws_url.as_str(), Some(config), false),
        )
        .await
    };
    let (mut socket, _) = connecting
        .map_err(|_| LoadError::WebSocket(format!("no connection within {CONNECT_TIMEOUT:?}")))?
        .map_err(|e| LoadError::WebSocket(e.to_string()))?;
    let hello = json!({ "type": "hello", "token": token }).to_string();
    socket
        .send(Message::text(hello))
        .await
        .map_err(|e| LoadError::WebSocket(e.to_string()))?;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut pending: Option<Instant> = None;
    let mut stopped_at: Option<Instant> = None;
    // The action to send once its think time is over.
    let mut thinking: Option<(Instant, u64, Value)> = None;
    // The version last acted on: a second state message of that version (a seat connecting
    // or leaving) is no new decision.
    let mut answered: Option<u64> = None;
    loop {
        if shared.stopping() {
            thinking = None;
            let since = *stopped_at.get_or_insert_with(Instant::now);
            if pending.is_none() {
                let _ = socket.close(None).await;
                return Ok(false);
            }
            if since.elapsed() > LAST_ANSWER {
                shared.unanswered.fetch_add(1, Ordering::Relaxed);
                return Ok(false);
            }
        }
        let wait = match &thinking {
            Some((at, _, _)) => at.saturating_duration_since(Instant::now()),
            None => Duration::from_millis(250),
        };
        let next = tokio::time::timeout(wait, socket.next()).await;
        let message = match next {
            Err(_) => {
                if let Some((at, version, action)) = thinking.take() {
                    if Instant::now() >= at {
                        let message =
                            json!({ "type": "action", "version": version, "action": action });
                        pending = Some(Instant::now());
                        answered = Some(version);
                        socket
                            .send(Message::text(message.to_string()))
                            .await
                            .map_err(|e| LoadError::WebSocket(e.to_string()))?;
                    } else {
                        thinking = Some((at, version, action));
                    }
                }
                continue;
            }
            Ok(None) => return Err(LoadError::WebSocket("closed by the server".into())),
            Ok(Some(Err(e))) => return Err(LoadError::WebSocket(e.to_string())),
            Ok(Some(Ok(m))) => m,
        };
        let Message::Text(text) = message else {
            continue;
        };
        let incoming: Incoming =
            serde_json::from_str(text.as_str()).map_err(|e| LoadError::Protocol(e.to_string()))?;
        match incoming.kind.as_str() {
            "accepted" => {
                if let Some(sent) = pending.take() {
                    let micros = sent.elapsed().as_micros().min(u128::from(u32::MAX)) as u32;
                    shared
                        .latencies
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .push(micros);
                    shared.actions.fetch_add(1, Ordering::Relaxed);
                    *shared
                        .acked
                        .lock()
                        .unwrap_or_else(|e| e.into_inner())
                        .entry(id.clone())
                        .or_default() += 1;
                }
            }
            "error" => {
                pending = None;
                answered = None;
                shared.errors.fetch_add(1, Ordering::Relaxed);
            }
            "state" => {
                if incoming
                    .actor
                    .as_ref()
                    .is_some_and(|a| a["type"] == "terminal")
                {
                    let _ = socket.close(None).await;
                    return Ok(true);
                }
                let legal = &incoming.legal;
                if pending.is_some()
                    || legal.is_empty()
                    || shared.stopping()
                    || answered == Some(incoming.version)
                {
                    continue;
                }
                let action = legal[rng.gen_range(0..legal.len())].clone();
                let think = shared.config.think;
                let pause = think.mul_f64(rng.gen_range(0.5..1.5));
                thinking = Some((Instant::now() + pause, incoming.version, action));
            }
            _ => return Err(LoadError::Protocol(text.to_string())),
        }
    }
}
