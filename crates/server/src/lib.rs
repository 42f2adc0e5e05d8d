//! The Tabletop game server: HTTP and WebSocket API, durable games, bots in seats.
//!
//! The server is written once over [`engine::Game`]; a [`Registry`] says which game kinds it
//! offers. [`Server::start`] loads every unfinished game from a [`Store`], replays it and resumes
//! it (bots included); finished games stay on disk until asked for (module `finished`);
//! [`Server::app`] is the whole HTTP surface as an axum `Router`, testable
//! without a socket, and its handlers only parse and answer: the work is done by methods such
//! as [`Server::create_game`], which a program may call directly. The protocol is documented in
//! `docs/api.md`; the load generator and the HTTP client of the tests are the `loadgen` crate.
//!
//! Decisions:
//! - One Tokio task owns one game (module `table`); everything else talks to it by channel.
//! - Games are event-sourced (setup + accepted actions) and an action is acknowledged only after
//!   its write is committed (module `store`, group commit on a writer thread).
//! - Seats are identified by 128-bit tokens, kept only as SHA-256 hashes (module `token`).
//! - Requests are bounded in size ([`Config::max_message_bytes`]) and rate-limited per client
//!   address, across all of its connections, and each address may hold only so many
//!   connections and WebSockets open (module `limit`).
//! - Every refusal is the protocol's JSON, including those hyper makes before any handler runs
//!   (module `edge`).
//! - Several processes can share one PostgreSQL database (module `cluster`): each follows the
//!   others' changes, and one at a time drives a game's bots and clocks.
//! - Accounts are optional (module `account`): a session cookie names one, and every game
//!   route works without it.
//! - Playing with friends (names, clocks, stand-in bots, undo: module `seats`; rematches:
//!   module `rematch`) is built from the same pieces: records in the game's stream, and
//!   secrets kept only as hashes.
//! - Finished games are analysed in the background by one low-priority worker, and players of
//!   unrated games may ask for hints (module `analyses`).

mod account;
mod analyses;
mod api;
mod assets;
mod bot_account;
pub mod catalog;
mod cluster;
mod edge;
mod error;
mod finished;
#[doc(hidden)]
pub mod fuzzing;
mod games;
#[cfg(test)]
mod glossary;
mod kind;
mod limit;
mod new_game;
mod open;
mod ratings;
mod rematch;
mod rules_page;
pub mod seats;
pub mod store;
mod table;
mod token;
mod ws;

pub use analyses::{
    analysis_seed, AnalysisConfig, DEFAULT_SHARE as DEFAULT_ANALYSIS_SHARE,
    MIN_SHARE as MIN_ANALYSIS_SHARE,
};
pub use error::{ApiError, ErrorBody};
pub use finished::FINISHED_CACHE;
pub use games::{
    powergrid_placings, registered_bots, standard_registry, thegame_final_hands, thegame_placings,
    POWERGRID_PLAY, POWERGRID_SCORING, THEGAME_PLAY, THEGAME_SCORING,
};
pub use kind::{Bots, FinalHands, MakeBot, PlayRules, RandomBot, Registry};
pub use limit::Peer;
pub use new_game::{CreatedGame, CreatedSeat, CreatorToken, Link, NewGame, SeatChoice};
pub use ratings::{bot_account_name, rate_ranked, Placing, Scoring};
pub use store::{PgStore, SqliteStore, Store, StoreError};
pub use table::{SeatSummary, Summary};

use engine::Seat;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;
use table::{GameHandle, TableContext};
use token::TokenHash;

/// One of [`Config::max_connections`], and one of its address's
/// [`Config::max_connections_per_address`]: held by a connection's task and, once upgraded, by
/// its WebSocket, and freed when both are done.
#[derive(Clone)]
pub(crate) struct ConnectionSlot {
    _permit: Arc<(tokio::sync::OwnedSemaphorePermit, Option<limit::Opened>)>,
}

pub use edge::{MAX_HEADERS, MAX_HEAD_BYTES};

/// Listens on `addr` with a backlog of 4,096 pending connections (Tokio's default of 1,024
/// overflows when a thousand clients connect at once, and the kernel then drops their SYNs).
///
/// # Errors
/// The address cannot be bound.
pub fn bind(addr: std::net::SocketAddr) -> std::io::Result<tokio::net::TcpListener> {
    let socket = if addr.is_ipv4() {
        tokio::net::TcpSocket::new_v4()?
    } else {
        tokio::net::TcpSocket::new_v6()?
    };
    socket.set_reuseaddr(true)?;
    socket.bind(addr)?;
    socket.listen(4096)
}

/// How the server behaves. [`Config::default`] suits people playing; tests and benchmarks
/// change the bot pause and limits.
#[derive(Debug, Clone)]
pub struct Config {
    /// How long a bot waits before it plays, so that people can follow.
    pub bot_delay: Duration,
    /// The largest HTTP body or WebSocket message accepted, in bytes.
    pub max_message_bytes: usize,
    /// Requests (HTTP) and messages (WebSocket) allowed per second from one client address,
    /// all its connections together, sustained; 0 turns the limits off.
    pub rate_per_second: u32,
    /// How many requests or messages one address may send at once before the rate applies.
    pub rate_burst: u32,
    /// Take the client's address from the last entry of `X-Forwarded-For` (set it only behind
    /// a reverse proxy that appends it; otherwise clients could choose their own address).
    pub trust_forwarded_for: bool,
    /// How many state messages may wait for one slow WebSocket client before it is dropped.
    pub watcher_queue: usize,
    /// The address people open, e.g. `http://127.0.0.1:8080`; join links are made absolute with
    /// it. Without it, links are paths.
    pub public_url: Option<String>,
    /// Connections (HTTP and WebSocket) served at once; beyond it, new ones wait in the
    /// listener's backlog until one closes. Keeps the process below its file-descriptor limit.
    pub max_connections: usize,
    /// Connections (HTTP and WebSocket) one client address (IPv6: its /64) may hold open;
    /// a further one is answered `too_many_connections` and closed. 0: no cap. Not applied
    /// with [`Config::trust_forwarded_for`], where every connection comes from the proxy.
    pub max_connections_per_address: usize,
    /// WebSockets one client address (IPv6: its /64; behind a trusted proxy, the forwarded
    /// client) may hold open; a further upgrade is refused with `too_many_websockets`. 0: no cap.
    pub max_websockets_per_address: usize,
    /// How long a connection may take to send a request's headers (also the longest a
    /// keep-alive connection may sit idle between requests).
    pub header_timeout: Duration,
    /// How long a WebSocket may stay open without saying `hello`.
    pub hello_timeout: Duration,
    /// How long a request may take to send its body and be answered.
    pub request_timeout: Duration,
    /// Session cookies carry `Secure`: the site is served over TLS (by a proxy in front).
    /// Behind a trusted proxy ([`Config::trust_forwarded_for`]) a request with
    /// `X-Forwarded-Proto: https` gets it anyway.
    pub secure_cookies: bool,
    /// Sign-ups and logins one client address may try per minute (all at once at most);
    /// 0: no limit.
    pub account_attempts_per_minute: u32,
    /// Logins (and account deletions) per minute for one account name, from any address;
    /// 0: no limit.
    pub login_attempts_per_minute: u32,
    /// Joins of open games one client address may make per minute; 0: no limit.
    pub join_attempts_per_minute: u32,
    /// How long a game with open seats waits for its players before it is removed, in
    /// seconds (module `open`).
    pub open_game_seconds: u64,
    /// Analyses of finished games and hints (module `analyses`).
    pub analysis: AnalysisConfig,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bot_delay: Duration::from_millis(700),
            max_message_bytes: 64 * 1024,
            rate_per_second: 40,
            rate_burst: 120,
            trust_forwarded_for: false,
            watcher_queue: 64,
            public_url: None,
            max_connections: 8192,
            max_connections_per_address: 256,
            max_websockets_per_address: 64,
            header_timeout: Duration::from_secs(10),
            hello_timeout: Duration::from_secs(10),
            request_timeout: Duration::from_secs(30),
            secure_cookies: false,
            account_attempts_per_minute: 10,
            login_attempts_per_minute: 5,
            join_attempts_per_minute: 30,
            open_game_seconds: 3600,
            analysis: AnalysisConfig::default(),
        }
    }
}

/// Why the server could not start.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum StartError {
    /// The store could not be read.
    #[error("cannot load the stored games: {0}")]
    Load(#[from] StoreError),
}

/// A running game server: its games, its tokens, its store. Cheap to clone.
#[derive(Clone)]
pub struct Server {
    inner: Arc<Inner>,
}

struct Inner {
    config: Arc<Config>,
    registry: Registry,
    store: Arc<dyn Store>,
    games: RwLock<HashMap<String, GameEntry>>,
    tokens: RwLock<HashMap<TokenHash, (String, Seat)>>,
    skipped: Vec<(String, String)>,
    /// Recently finished games (module `finished`).
    finished: RwLock<finished::FinishedGames>,
    /// Where a game's task reports that it has finished.
    finished_tx: tokio::sync::mpsc::UnboundedSender<String>,
    /// Every client address's request budget.
    limits: limit::AddressLimits,
    /// The sign-up and login budgets of addresses and names (module `account`).
    attempts: account::AttemptLimits,
    /// The connections each address holds open (module `limit`).
    connections: Arc<limit::OpenCounts>,
    /// The WebSockets each client address holds open.
    websockets: Arc<limit::OpenCounts>,
    /// Games waiting for players to take their open seats (module `open`).
    open: RwLock<HashMap<String, open::OpenGame>>,
    /// Held while an open seat is taken or an open game expires.
    joining: tokio::sync::Mutex<()>,
    /// Held while a bot's seek picks or opens its game (module `bot_account`).
    seeking: tokio::sync::Mutex<()>,
    /// Held while a rematch is made, so that two players asking at once get one game.
    rematching: tokio::sync::Mutex<()>,
    /// The feed and leases of a database shared with other processes (module `cluster`).
    shared: Option<Arc<dyn store::Shared>>,
    /// Set once the leases are given up for a clean stop: no more are taken.
    stopping: std::sync::atomic::AtomicBool,
    /// The analysis worker's wake and the hints' bound (module `analyses`).
    analyses: analyses::Analyses,
}

#[derive(Clone)]
struct GameEntry {
    handle: GameHandle,
    kind: &'static str,
    /// The bot of each seat, `None` for a human seat.
    seats: Vec<Option<String>>,
    /// The hash of each seat's token, `None` for a bot seat.
    tokens: Arc<[Option<TokenHash>]>,
    created_at: i64,
    /// The hash of the creator's token.
    creator: Option<TokenHash>,
    /// How it is played besides its rules.
    options: seats::PlayOptions,
    /// The id of this game's rematch, once there is one; connections watch it.
    rematch: Arc<tokio::sync::watch::Sender<Option<String>>>,
}

impl GameEntry {
    /// The entry of a game read from the store, whose task runs behind `handle`.
    fn stored(handle: GameHandle, kind: &'static str, stored: &store::StoredGame) -> GameEntry {
        GameEntry::new(
            handle,
            kind,
            stored.seats.iter().map(|s| s.bot.clone()).collect(),
            stored.seats.iter().map(|s| s.token).collect(),
            stored.created_at,
            stored.creator,
            seats::PlayOptions::parse(&stored.options).unwrap_or_default(),
        )
    }

    fn new(
        handle: GameHandle,
        kind: &'static str,
        seats: Vec<Option<String>>,
        tokens: Arc<[Option<TokenHash>]>,
        created_at: i64,
        creator: Option<TokenHash>,
        options: seats::PlayOptions,
    ) -> GameEntry {
        GameEntry {
            handle,
            kind,
            seats,
            tokens,
            created_at,
            creator,
            options,
            rematch: Arc::new(tokio::sync::watch::channel(None).0),
        }
    }
}

impl Server {
    /// Loads every unfinished stored game, replays it and starts its task. Must be called
    /// inside a Tokio runtime. A stored game that cannot be resumed (unknown kind or bot, or actions the rules
    /// now refuse) is left in the store untouched, logged, and listed by [`Server::skipped`].
    ///
    /// # Errors
    /// The store cannot be read.
    pub fn start(
        config: Config,
        registry: Registry,
        store: Arc<dyn Store>,
    ) -> Result<Server, StartError> {
        let config = Arc::new(config);
        // Changes another process commits from here on reach this one: nothing falls between
        // the load and the feed.
        let shared = store.shared();
        let changes = shared.as_ref().map(|s| s.changes());
        let stored = store.load_unfinished()?;
        let (finished_tx, finished_rx) = tokio::sync::mpsc::unbounded_channel();
        let ctx = TableContext {
            store: store.clone(),
            config: config.clone(),
            finished: Some(finished_tx.clone()),
            drives: shared.is_none(),
        };
        let mut games = HashMap::new();
        let mut tokens = HashMap::new();
        let mut skipped = Vec::new();
        let mut rematches = Vec::new();
        let mut waiting = HashMap::new();
        for g in stored {
            if g.seats.iter().any(|s| s.open) {
                match registry.get(&g.kind) {
                    Ok(kind) => {
                        waiting.insert(g.id.clone(), (kind.name(), g));
                    }
                    Err(e) => skipped.push((g.id, e.to_string())),
                }
                continue;
            }
            let resumed = registry
                .get(&g.kind)
                .map_err(|e| e.to_string())
                .and_then(|kind| Ok((kind.name(), kind.resume(&g, ctx.clone())?)));
            match resumed {
                Ok((kind, handle)) => {
                    for (i, s) in g.seats.iter().enumerate() {
                        if let Some(t) = s.token {
                            tokens.insert(t, (g.id.clone(), Seat(i as u8)));
                        }
                    }
                    if let Some(old) = &g.rematch_of {
                        rematches.push((old.clone(), g.id.clone()));
                    }
                    games.insert(g.id.clone(), GameEntry::stored(handle, kind, &g));
                }
                Err(why) => {
                    tracing::error!(game = %g.id, "cannot resume: {why}");
                    skipped.push((g.id, why));
                }
            }
        }
        // Only the rematches of games loaded here; a finished game loaded later reads its
        // rematch from the store with it (module `finished`).
        for (old, new) in rematches {
            if let Some(entry) = games.get(&old) {
                entry.rematch.send_replace(Some(new));
            }
        }
        tracing::info!("resumed {} games", games.len());
        let limits = limit::AddressLimits::new(config.rate_per_second, config.rate_burst);
        // A rate of 0 turns every per-address limit off (module `limit`).
        let per_address = |cap: usize| if config.rate_per_second == 0 { 0 } else { cap };
        let connections = limit::OpenCounts::new(if config.trust_forwarded_for {
            0
        } else {
            per_address(config.max_connections_per_address)
        });
        let websockets = limit::OpenCounts::new(per_address(config.max_websockets_per_address));
        let attempts = account::AttemptLimits::new(&config);
        let (analyses, woken) = analyses::prepare(&config.analysis);
        let server = Server {
            inner: Arc::new(Inner {
                config,
                registry,
                store,
                games: RwLock::new(games),
                tokens: RwLock::new(tokens),
                skipped,
                finished: RwLock::default(),
                finished_tx,
                limits,
                attempts,
                connections,
                websockets,
                open: RwLock::default(),
                joining: tokio::sync::Mutex::new(()),
                seeking: tokio::sync::Mutex::new(()),
                rematching: tokio::sync::Mutex::new(()),
                shared: shared.clone(),
                stopping: std::sync::atomic::AtomicBool::new(false),
                analyses,
            }),
        };
        if let Some(woken) = woken {
            analyses::start_worker(&server, woken);
        }
        if let (Some(shared), Some(changes)) = (shared, changes) {
            cluster::start(&server, shared, changes);
        }
        for (_, (kind, game)) in waiting {
            server.wait_for_players(kind, game);
        }
        tokio::spawn(open::expire(
            Arc::downgrade(&server.inner),
            server.config().open_game_seconds,
        ));
        tokio::spawn(finished::retire(Arc::downgrade(&server.inner), finished_rx));
        let inner = Arc::downgrade(&server.inner);
        tokio::spawn(async move {
            let mut every = tokio::time::interval(limit::FORGET_IDLE_EVERY);
            every.tick().await;
            loop {
                every.tick().await;
                let Some(inner) = inner.upgrade() else { return };
                inner.limits.forget_idle();
                inner.attempts.forget_idle();
            }
        });
        Ok(server)
    }

    /// What a new game's task needs.
    pub(crate) fn table_context(&self) -> TableContext {
        TableContext {
            store: self.inner.store.clone(),
            config: self.inner.config.clone(),
            finished: Some(self.inner.finished_tx.clone()),
            // A new game's lease is taken with it.
            drives: true,
        }
    }

    /// The whole HTTP and WebSocket API, plus the embedded web assets.
    pub fn app(&self) -> axum::Router {
        api::router(self.clone())
    }

    /// Serves [`Server::app`] on `listener` until the returned future is dropped.
    ///
    /// Every request carries its connection's [`Peer`] (its budget is its address's), at most
    /// [`Config::max_connections`] are served at once (a WebSocket holds its slot until it
    /// closes) and at most [`Config::max_connections_per_address`] for one address, and one
    /// that is slow to send its headers ([`Config::header_timeout`]) or a request
    /// ([`Config::request_timeout`]) is dropped: a client that opens connections and sends
    /// nothing cannot lock everyone out. Requests hyper refuses to parse are answered in JSON
    /// like every other refusal (module `edge`). An accept error (out of file descriptors,
    /// say) is logged and retried after a pause, as `axum::serve` does.
    ///
    /// # Errors
    /// None today: the loop runs until dropped; the type leaves room for a fatal listener
    /// error.
    pub async fn serve(self, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        let app = self.app();
        let config = self.config().clone();
        let slots = Arc::new(tokio::sync::Semaphore::new(config.max_connections.max(1)));
        let refusals = Arc::new(tokio::sync::Semaphore::new(edge::MAX_REFUSING));
        loop {
            let Ok(permit) = Arc::clone(&slots).acquire_owned().await else {
                return Ok(()); // the semaphore is never closed
            };
            let (stream, remote) = match listener.accept().await {
                Ok(accepted) => accepted,
                Err(e) => {
                    tracing::error!("accept error: {e}");
                    tokio::time::sleep(Duration::from_millis(200)).await;
                    continue;
                }
            };
            let _ = stream.set_nodelay(true);
            let counts = &self.inner.connections;
            let Some(opened) = counts.open(limit::address_key(remote.ip())) else {
                // The refusal does not hold a serving slot, so that a flood of refused
                // connections cannot take them all; it holds one of a few refusal slots, and
                // without one the connection is closed unanswered.
                drop(permit);
                if let Ok(refusing) = Arc::clone(&refusals).try_acquire_owned() {
                    let refusal = ApiError::TooManyConnections { max: counts.max() };
                    tokio::spawn(async move {
                        edge::refuse(stream, &refusal).await;
                        drop(refusing);
                    });
                }
                continue;
            };
            let slot = ConnectionSlot {
                _permit: Arc::new((permit, opened)),
            };
            tokio::spawn(serve_connection(
                app.clone(),
                stream,
                remote,
                slot,
                config.header_timeout,
            ));
        }
    }

    /// The configuration in force.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// How many games are live (finished games are not: see [`Server::finished_loaded`]).
    pub fn game_count(&self) -> usize {
        read(&self.inner.games).len()
    }

    /// Stored games that could not be resumed at start, with the reason.
    pub fn skipped(&self) -> &[(String, String)] {
        &self.inner.skipped
    }

    /// The game and seat a token belongs to.
    fn seat_of(&self, token: &str) -> Option<(String, Seat)> {
        read(&self.inner.tokens)
            .get(&token::hash_token(token))
            .cloned()
    }
}

/// Serves one accepted connection with hyper, behind an [`edge::Edge`] so that hyper's own
/// refusals are answered in JSON.
async fn serve_connection(
    app: axum::Router,
    stream: tokio::net::TcpStream,
    remote: std::net::SocketAddr,
    slot: ConnectionSlot,
    header_timeout: Duration,
) {
    let peer = axum::extract::ConnectInfo(Peer::new(remote));
    let per_connection = slot.clone();
    let service =
        hyper::service::service_fn(move |request: hyper::Request<hyper::body::Incoming>| {
            let mut request = request.map(axum::body::Body::new);
            request.extensions_mut().insert(peer);
            request.extensions_mut().insert(per_connection.clone());
            tower::ServiceExt::oneshot(app.clone(), request)
        });
    let (edge, mut back) = edge::Edge::new(stream);
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(hyper_util::rt::TokioTimer::new())
        .header_read_timeout(header_timeout)
        .max_buf_size(edge::MAX_HEAD_BYTES);
    let connection = http
        .serve_connection(hyper_util::rt::TokioIo::new(edge), service)
        .with_upgrades();
    let result = connection.await;
    if let Err(e) = &result {
        tracing::debug!("connection from {remote}: {e}");
    }
    // hyper has dropped the socket unless the connection became a WebSocket, which keeps it.
    if let Ok(returned) = back.try_recv() {
        if let Some(refusal) = edge::refusal(&returned, result.as_ref().err(), header_timeout) {
            edge::refuse(returned.stream, &refusal).await;
        }
    }
    drop(slot);
}

fn read<T>(lock: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(|e| e.into_inner())
}

fn write<T>(lock: &RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    lock.write().unwrap_or_else(|e| e.into_inner())
}
