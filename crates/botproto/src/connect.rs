//! `tabletop connect`: plays one human seat of a live server game with a built-in bot or an
//! external program, over the server's WebSocket API (`docs/api.md`).
//!
//! Decisions:
//! - The game's kind comes from the server's first `state` message, so the command needs only
//!   the game's link and the seat's token (`--token`, or the `#token=` of a join link).
//! - The bot answers each `state` in which its seat is the actor, once per version; its action
//!   names that version, so an answer to a position that has moved on is refused by the server
//!   (`stale_version`) and changes nothing. Events of each state go to the bot (the server has
//!   redacted them for the seat).
//! - A dropped connection is retried with growing pauses (0.25 s doubling to 8 s) for as long
//!   as `patience` allows after the last successful message; `hello` again gives the current
//!   state, so the bot resumes where the game is. An external bot keeps its process across
//!   reconnections.
//! - After a reconnection the bot gets every event it missed: the server's `hello` answer
//!   carries the current state with no events, so the client reads the seat's log
//!   (`GET /api/games/{id}/log` with the seat's token, `docs/api.md`), whose entries are the
//!   records in force with their events redacted for the seat, and passes on those after the
//!   last version it saw, in order. A bot that tracks hidden money from events stays right.
//! - `rate_limited` (the address's request budget, shared by every client on it, such as two
//!   bots of one machine) is waited out, never fatal: refused at `hello`, the client waits the
//!   `retry_after_ms` the server names and says `hello` again; refused for an action, it waits and
//!   sends the same action again on the same connection, without asking the bot twice.
//! - An external bot gets `start` with setup `null` (the server does not publish the setup;
//!   the view has what is public) and a random seed.

use crate::{ExecSpec, External, SeatBot, SeatSpec};
use engine::Seat;
use futures_util::{SinkExt, StreamExt};
use serde::de::DeserializeOwned;
use serde_json::{json, Value};
use std::time::{Duration, Instant};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

type Socket = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// Why `connect` stopped before the game ended.
#[derive(Debug, thiserror::Error)]
pub enum ConnectError {
    /// The link is not a game link.
    #[error("{0:?} is not a game link (http://HOST/games/ID, optionally with #token=TOKEN)")]
    BadUrl(String),
    /// No token in the link or on the command line.
    #[error("no seat token: give --token or a join link with #token=")]
    NoToken,
    /// The server refused the token or the game.
    #[error("the server refused: {0}")]
    Refused(String),
    /// The first connection could not be made in time.
    #[error("could not connect to {url} within {} s: {last}", patience.as_secs_f64())]
    NoConnection {
        /// The WebSocket address.
        url: String,
        /// How long connecting was tried.
        patience: Duration,
        /// The last error.
        last: String,
    },
    /// The connection could not be made again in time.
    #[error("lost the connection and could not reconnect within {} s: {last}", patience.as_secs_f64())]
    Unreachable {
        /// How long reconnecting was tried.
        patience: Duration,
        /// The last error.
        last: String,
    },
    /// The server sent something this client does not understand.
    #[error("unexpected server message: {0}")]
    Protocol(String),
    /// A game kind this client has no bots for.
    #[error("game kind {0:?} is not supported (thegame, powergrid)")]
    Kind(String),
    /// The bot named is not known for this game.
    #[error("{0}")]
    UnknownBot(String),
}

/// A seat of a server game: where it is and how to claim it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Target {
    /// `ws://host:port/api/games/ID/ws`.
    pub ws_url: String,
    /// `http://host:port`, for the game's log after a reconnection.
    pub http_base: String,
    /// The game id.
    pub game: String,
    /// The seat token.
    pub token: String,
}

/// Reads a game link (`http://host:port/games/ID#token=…`, or its `/api/games/ID` form);
/// `token` overrides the link's.
///
/// # Errors
/// Not a link of that shape, or no token anywhere.
pub fn target(url: &str, token: Option<&str>) -> Result<Target, ConnectError> {
    let bad = || ConnectError::BadUrl(url.to_string());
    let (rest, fragment) = url.split_once('#').unwrap_or((url, ""));
    let (scheme, rest) = rest.split_once("://").ok_or_else(bad)?;
    let (ws, http) = match scheme {
        "http" | "ws" => ("ws", "http"),
        "https" | "wss" => ("wss", "https"),
        _ => return Err(bad()),
    };
    let (host, path) = rest.split_once('/').ok_or_else(bad)?;
    let path = path.trim_end_matches('/');
    let id = path
        .strip_prefix("api/games/")
        .or_else(|| path.strip_prefix("games/"))
        .map(|p| p.trim_end_matches("/ws"))
        .filter(|id| !id.is_empty() && id.chars().all(|c| c.is_ascii_alphanumeric()))
        .ok_or_else(bad)?;
    let token = token
        .map(str::to_string)
        .or_else(|| fragment.strip_prefix("token=").map(str::to_string))
        .filter(|t| !t.is_empty())
        .ok_or(ConnectError::NoToken)?;
    Ok(Target {
        ws_url: format!("{ws}://{host}/api/games/{id}/ws"),
        http_base: format!("{http}://{host}"),
        game: id.to_string(),
        token,
    })
}

/// How the game ended, for the seat that played.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    /// The game kind.
    pub kind: String,
    /// The seat played.
    pub seat: Seat,
    /// The outcome's JSON form.
    pub outcome: Value,
    /// Actions this client sent and the server accepted.
    pub actions: u64,
    /// Connections made (1 if none dropped).
    pub connections: u64,
    /// The game's version when the client joined: the bot gets the events of every record
    /// after it.
    pub joined_at: u64,
    /// Events passed to the bot (those missed while disconnected included).
    pub events: u64,
}

/// Plays the target's seat with `bot` (a built-in name or `exec:COMMAND` with `spec`'s limits)
/// until the game ends, reconnecting for up to `patience` after a drop.
///
/// # Errors
/// See [`ConnectError`].
pub async fn connect(
    target: &Target,
    bot: &SeatSpec,
    spec: &ExecSpec,
    patience: Duration,
) -> Result<Finished, ConnectError> {
    let mut link = Link::new(target.clone(), patience);
    let first = link.state().await?;
    let kind = first
        .get("kind")
        .and_then(Value::as_str)
        .unwrap_or_default()
        .to_string();
    let seed = rand_seed();
    match kind.as_str() {
        "thegame" => {
            run(
                link,
                first,
                seat_bot::<thegame::State>(bot, spec, seed)?,
                seed,
            )
            .await
        }
        "powergrid" => {
            run(
                link,
                first,
                seat_bot::<powergrid::State>(bot, spec, seed)?,
                seed,
            )
            .await
        }
        other => Err(ConnectError::Kind(other.to_string())),
    }
}

fn rand_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut h = std::collections::hash_map::RandomState::new().build_hasher();
    h.write_u128(
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos()),
    );
    h.finish()
}

/// The seat's bot: an external program, or a registered bot of `G` seeded with `seed`.
fn seat_bot<G: bots::Registered>(
    bot: &SeatSpec,
    spec: &ExecSpec,
    seed: u64,
) -> Result<SeatBot<G>, ConnectError> {
    Ok(match bot {
        SeatSpec::Exec(command) => SeatBot::External(External::new(ExecSpec {
            command: command.clone(),
            ..spec.clone()
        })),
        SeatSpec::BuiltIn(name) => {
            let entry =
                bots::find::<G>(name).map_err(|e| ConnectError::UnknownBot(e.to_string()))?;
            SeatBot::built_in(entry.build(seed))
        }
    })
}

/// The WebSocket to the game, reopened when it drops.
struct Link {
    target: Target,
    patience: Duration,
    socket: Option<Socket>,
    connections: u64,
    /// Set when a connection after the first opens, until [`Link::reopened`] reads it.
    reopened: bool,
}

impl Link {
    fn new(target: Target, patience: Duration) -> Link {
        Link {
            target,
            patience,
            socket: None,
            connections: 0,
            reopened: false,
        }
    }

    /// Opens the socket and says hello, retrying until `patience` runs out.
    async fn open(&mut self) -> Result<(), ConnectError> {
        let until = Instant::now() + self.patience;
        let mut pause = Duration::from_millis(250);
        loop {
            let last = match tokio_tungstenite::connect_async(self.target.ws_url.as_str()).await {
                Ok((mut socket, _)) => {
                    let hello = json!({"type": "hello", "token": self.target.token}).to_string();
                    match socket.send(Message::text(hello)).await {
                        Ok(()) => {
                            self.socket = Some(socket);
                            self.reopened = self.connections > 0;
                            self.connections += 1;
                            return Ok(());
                        }
                        Err(e) => e.to_string(),
                    }
                }
                Err(e) => e.to_string(),
            };
            if Instant::now() + pause > until {
                return Err(if self.connections == 0 {
                    ConnectError::NoConnection {
                        url: self.target.ws_url.clone(),
                        patience: self.patience,
                        last,
                    }
                } else {
                    ConnectError::Unreachable {
                        patience: self.patience,
                        last,
                    }
                });
            }
            // A first connection's failure is reported once, by the error above; a dropped
            // connection's retries are worth a line each.
            if self.connections > 0 {
                tracing::warn!(
                    "reconnecting to {}: {last}; retrying in {pause:?}",
                    self.target.ws_url
                );
            } else {
                tracing::debug!(
                    "connecting to {}: {last}; retrying in {pause:?}",
                    self.target.ws_url
                );
            }
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(Duration::from_secs(8));
        }
    }

    /// The next JSON message of type `state`, `accepted` or `error`, reconnecting as needed.
    async fn next(&mut self) -> Result<Value, ConnectError> {
        loop {
            if self.socket.is_none() {
                self.open().await?;
            }
            let Some(socket) = self.socket.as_mut() else {
                continue;
            };
            match socket.next().await {
                Some(Ok(Message::Text(text))) => {
                    return serde_json::from_str(text.as_str())
                        .map_err(|e| ConnectError::Protocol(format!("{e}: {}", text.as_str())));
                }
                Some(Ok(Message::Close(_))) | Some(Err(_)) | None => {
                    tracing::warn!("connection to {} dropped; reconnecting", self.target.ws_url);
                    self.socket = None;
                }
                Some(Ok(_)) => {}
            }
        }
    }

    /// The next `state` message (errors about the hello are fatal, a bad token stays bad, but
    /// for `rate_limited`, waited out: module docs).
    async fn state(&mut self) -> Result<Value, ConnectError> {
        loop {
            let m = self.next().await?;
            if let Some(wait) = rate_limited(&m) {
                tokio::time::sleep(wait).await;
                self.socket = None;
                continue;
            }
            match m.get("type").and_then(Value::as_str) {
                Some("state") => return Ok(m),
                Some("error") if m.get("ref").is_none_or(Value::is_null) => {
                    return Err(ConnectError::Refused(m.to_string()))
                }
                _ => {}
            }
        }
    }

    /// Whether a new connection opened since the last call.
    fn reopened(&mut self) -> bool {
        std::mem::take(&mut self.reopened)
    }

    /// The seat's events of the records after version `after` up to `to`, in order, from the
    /// game's log.
    async fn missed_events(&self, after: u64, to: u64) -> Result<Vec<Value>, String> {
        let http = loadgen::HttpClient::new(&self.target.http_base);
        let path = format!("/api/games/{}/log", self.target.game);
        let (status, log) = http
            .json("GET", &path, Some(&self.target.token), None)
            .await
            .map_err(|e| e.to_string())?;
        if status != 200 {
            return Err(format!("status {status}: {log}"));
        }
        let entries = log["entries"].as_array().ok_or("a log without entries")?;
        let mut events = Vec::new();
        for entry in entries {
            let seq = entry["seq"].as_u64().ok_or("a log entry without seq")?;
            if seq > after && seq <= to {
                events.extend(entry["events"].as_array().into_iter().flatten().cloned());
            }
        }
        Ok(events)
    }

    async fn send(&mut self, message: Value) {
        if let Some(socket) = self.socket.as_mut() {
            if socket
                .send(Message::text(message.to_string()))
                .await
                .is_err()
            {
                self.socket = None;
            }
        }
    }
}

/// How long to wait, for a `rate_limited` error.
fn rate_limited(message: &Value) -> Option<Duration> {
    (message.get("code").and_then(Value::as_str) == Some("rate_limited")).then(|| {
        Duration::from_millis(
            message
                .get("retry_after_ms")
                .and_then(Value::as_u64)
                .unwrap_or(1000)
                .max(1),
        )
    })
}

fn field<T: DeserializeOwned>(state: &Value, name: &str) -> Result<T, ConnectError> {
    serde_json::from_value(state.get(name).cloned().unwrap_or(Value::Null))
        .map_err(|e| ConnectError::Protocol(format!("state field {name:?}: {e}")))
}

async fn run<G: crate::BotGame>(
    mut link: Link,
    first: Value,
    mut player: SeatBot<G>,
    seed: u64,
) -> Result<Finished, ConnectError>
where
    G::View: DeserializeOwned,
    G::Outcome: DeserializeOwned,
{
    let seat = match field::<engine::Viewer>(&first, "viewer")? {
        engine::Viewer::Seat(s) => s,
        engine::Viewer::Spectator => {
            return Err(ConnectError::Refused("the token is not a seat's".into()))
        }
    };
    if let SeatBot::External(e) = &mut player {
        // A failed start is a forfeit; the fallback then plays (crate docs), as in simulations.
        let view: G::View = field(&first, "view")?;
        let _ = e.start(seat, format!("{seat}"), &Value::Null, seed, &view);
    }
    let mut state = first;
    let mut answered: Option<u64> = None;
    let mut refused = 0;
    let mut actions = 0;
    let mut reference = 0u64;
    let mut last_action: Option<Value> = None;
    let joined_at: u64 = field(&state, "version")?;
    let mut seen = joined_at;
    let mut delivered = 0u64;
    loop {
        match state.get("type").and_then(Value::as_str) {
            Some("state") => {
                let version: u64 = field(&state, "version")?;
                let mut events: Vec<G::Event> = field(&state, "events")?;
                if link.reopened() && version > seen {
                    // The state after `hello` has no events: the missed ones come from the log.
                    match link.missed_events(seen, version).await {
                        Ok(missed) => {
                            events = serde_json::from_value(Value::Array(missed)).map_err(|e| {
                                ConnectError::Protocol(format!("the game's log: {e}"))
                            })?;
                        }
                        Err(e) => tracing::warn!(
                            "events missed while disconnected could not be read from the game's log: {e}"
                        ),
                    }
                }
                seen = seen.max(version);
                for e in &events {
                    player.observe(e);
                }
                delivered += events.len() as u64;
                if !state.get("outcome").is_none_or(Value::is_null) {
                    let outcome: G::Outcome = field(&state, "outcome")?;
                    if let SeatBot::External(e) = &mut player {
                        if let Some(f) = e.over(&outcome) {
                            tracing::warn!("{f}");
                        }
                        let _ = e.session().quit();
                    }
                    return Ok(Finished {
                        kind: G::NAME.to_string(),
                        seat,
                        outcome: serde_json::to_value(&outcome).unwrap_or(Value::Null),
                        actions,
                        connections: link.connections,
                        joined_at,
                        events: delivered,
                    });
                }
                let legal: Vec<G::Action> = field(&state, "legal")?;
                if !legal.is_empty() && answered != Some(version) {
                    let view: G::View = field(&state, "view")?;
                    let action = player.choose(&view, &legal);
                    reference += 1;
                    let message = json!({"type": "action", "version": version, "action": action, "ref": reference});
                    link.send(message.clone()).await;
                    last_action = Some(message);
                    answered = Some(version);
                }
            }
            Some("accepted") => {
                actions += 1;
                refused = 0;
            }
            Some("error") => {
                if let (Some(wait), Some(action)) = (rate_limited(&state), &last_action) {
                    // Not the action's fault: the same action, once the budget allows.
                    tokio::time::sleep(wait).await;
                    link.send(action.clone()).await;
                } else {
                    tracing::warn!("the server refused an action: {state}");
                    refused += 1;
                    if refused > 20 {
                        return Err(ConnectError::Refused(state.to_string()));
                    }
                    // Ask again on the current state.
                    answered = None;
                    link.socket = None;
                }
            }
            _ => {}
        }
        state = link.next().await?;
    }
}
