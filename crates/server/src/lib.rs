//! The Tabletop game server: HTTP and WebSocket API, durable games, bots in seats.
//!
//! The server is written once over [`engine::Game`]; a [`Registry`] says which game kinds it
//! offers. [`Server::start`] loads every stored game from a [`Store`], replays it and resumes it
//! (bots included); [`Server::app`] is the whole HTTP surface as an axum `Router`, testable
//! without a socket. The protocol is documented in `docs/api.md`.
//!
//! Decisions:
//! - One Tokio task owns one game (module `table`); everything else talks to it by channel.
//! - Games are event-sourced (setup + accepted actions) and an action is acknowledged only after
//!   its write is committed (module `store`, group commit on a writer thread).
//! - Seats are identified by 128-bit tokens, kept only as SHA-256 hashes (module `token`).
//! - Requests are bounded in size ([`Config::max_message_bytes`]) and rate-limited per
//!   connection (module `limit`).

mod api;
mod assets;
mod error;
mod games;
mod kind;
mod limit;
pub mod loadgen;
pub mod store;
mod table;
mod token;
mod ws;

pub use error::{ApiError, ErrorBody};
pub use games::standard_registry;
pub use kind::{Bots, MakeBot, RandomBot, Registry};
pub use limit::ConnectionLimit;
pub use store::{SqliteStore, Store, StoreError};
pub use table::Summary;

use engine::Seat;
use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::Duration;
use table::{GameHandle, TableContext};
use token::TokenHash;

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
    /// Requests (HTTP) or messages (WebSocket) allowed per second on one connection, sustained.
    pub rate_per_second: u32,
    /// How many requests or messages one connection may send at once before the rate applies.
    pub rate_burst: u32,
    /// How many state messages may wait for one slow WebSocket client before it is dropped.
    pub watcher_queue: usize,
    /// The address people open, e.g. `http://127.0.0.1:8080`; join links are made absolute with
    /// it. Without it, links are paths.
    pub public_url: Option<String>,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            bot_delay: Duration::from_millis(700),
            max_message_bytes: 64 * 1024,
            rate_per_second: 20,
            rate_burst: 60,
            watcher_queue: 64,
            public_url: None,
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
}

#[derive(Clone)]
struct GameEntry {
    handle: GameHandle,
    kind: &'static str,
    /// The bot of each seat, `None` for a human seat.
    seats: Vec<Option<String>>,
    created_at: i64,
}

impl Server {
    /// Loads every stored game, replays it and starts its task. Must be called inside a Tokio
    /// runtime. A stored game that cannot be resumed (unknown kind or bot, or actions the rules
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
        let stored = store.load()?;
        let ctx = TableContext {
            store: store.clone(),
            config: config.clone(),
        };
        let mut games = HashMap::new();
        let mut tokens = HashMap::new();
        let mut skipped = Vec::new();
        for g in stored {
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
                    let seats = g.seats.iter().map(|s| s.bot.clone()).collect();
                    games.insert(
                        g.id.clone(),
                        GameEntry {
                            handle,
                            kind,
                            seats,
                            created_at: g.created_at,
                        },
                    );
                }
                Err(why) => {
                    tracing::error!(game = %g.id, "cannot resume: {why}");
                    skipped.push((g.id, why));
                }
            }
        }
        tracing::info!("resumed {} games", games.len());
        Ok(Server {
            inner: Arc::new(Inner {
                config,
                registry,
                store,
                games: RwLock::new(games),
                tokens: RwLock::new(tokens),
                skipped,
            }),
        })
    }

    /// The whole HTTP and WebSocket API, plus the embedded web assets.
    pub fn app(&self) -> axum::Router {
        api::router(self.clone())
    }

    /// Serves [`Server::app`] on `listener`, with a request budget per connection, until the
    /// returned future is dropped or the listener fails.
    ///
    /// # Errors
    /// Accepting connections failed.
    pub async fn serve(self, listener: tokio::net::TcpListener) -> std::io::Result<()> {
        let app = self
            .app()
            .into_make_service_with_connect_info::<ConnectionLimit>();
        axum::serve(listener, app).await
    }

    /// The configuration in force.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// How many games are live.
    pub fn game_count(&self) -> usize {
        read(&self.inner.games).len()
    }

    /// Stored games that could not be resumed at start, with the reason.
    pub fn skipped(&self) -> &[(String, String)] {
        &self.inner.skipped
    }

    fn game(&self, id: &str) -> Result<GameEntry, ApiError> {
        read(&self.inner.games)
            .get(id)
            .cloned()
            .ok_or_else(|| ApiError::UnknownGame(id.to_owned()))
    }

    /// The game and seat a token belongs to.
    fn seat_of(&self, token: &str) -> Option<(String, Seat)> {
        read(&self.inner.tokens)
            .get(&token::hash_token(token))
            .cloned()
    }
}

fn read<T>(lock: &RwLock<T>) -> std::sync::RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(|e| e.into_inner())
}

fn write<T>(lock: &RwLock<T>) -> std::sync::RwLockWriteGuard<'_, T> {
    lock.write().unwrap_or_else(|e| e.into_inner())
}
