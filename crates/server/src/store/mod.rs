//! Durable storage of games, behind the small [`Store`] trait.
//!
//! A game is stored as its setup, its seats and its accepted actions (event sourcing): the state
//! is rebuilt by replaying the actions, so nothing derived is ever written. The game logic talks
//! only to [`Store`]. Two implementations share one group-commit writer (module `writer`) and
//! one set of checks for what they load (module `load`): [`SqliteStore`], one file that one
//! process owns (module `sqlite`), and [`PgStore`], a PostgreSQL database that several processes
//! share (module `postgres`).
//!
//! Decisions:
//! - A write resolves once it is durable ([`Commit`]), and a caller acknowledges an action only
//!   after that.
//! - A finished game is marked (`games.finished`) and is not loaded at start-up
//!   ([`Store::load_unfinished`]); it is read when someone asks for it ([`Store::load_finished`]).
//! - The `actions` table is the game's whole ordered stream of records: game actions, and the
//!   server's own records that change what is played or who plays it (an undo, a seat handed to
//!   a bot or taken back; see [`RecordKind`]). Each row carries the time it was accepted, so the
//!   clocks of timed games are a function of the stored rows and survive a restart or a killed
//!   process (module `seats`).

use crate::token::TokenHash;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use tokio::sync::oneshot;

pub mod accounts;
pub mod analyses;
mod load;
pub mod postgres;
mod postgres_accounts;
mod postgres_analyses;
mod sqlite;
mod sqlite_accounts;
mod sqlite_analyses;
#[cfg(test)]
mod suite;
mod wal;
mod writer;
pub use postgres::PgStore;
pub use sqlite::{action_counts, schema_version, SqliteStore};
pub use wal::{CHECKPOINT_EVERY, WAL_LIMIT_BYTES};
pub use writer::MAX_BATCH;

/// Why storage failed.
#[derive(Debug, Clone, thiserror::Error)]
#[non_exhaustive]
pub enum StoreError {
    /// The database reported an error.
    #[error("database error: {0}")]
    Database(String),
    /// The database was written by a newer version of this program.
    #[error("the database has schema version {found}; this program knows versions up to {known}")]
    NewerSchema { found: i64, known: i64 },
    /// The writer thread has stopped.
    #[error("the storage writer has stopped")]
    Closed,
    /// A stored row does not make sense.
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// Another process sharing the database accepted this version of the game first.
    #[error("game {game}: version {seq} was accepted by another server process first")]
    Conflict { game: String, seq: u64 },
    /// The database cannot be reached now (it is restarting, or the network is down); nothing
    /// was written. Trying again later may succeed.
    #[error("the database cannot be reached: {0}")]
    Unavailable(String),
}

/// One seat of a stored game: a bot (by name) or a human (by the hash of their token).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct StoredSeat {
    /// The bot playing this seat, if any.
    pub bot: Option<String>,
    /// The hash of the human's token, if a human plays this seat. A human seat of a rematch
    /// has none until its player claims it (module `rematch`).
    pub token: Option<TokenHash>,
    /// The human's display name, if one was given.
    pub name: Option<String>,
    /// The account that owns the seat, if its player has one (module `accounts`).
    pub account: Option<accounts::AccountId>,
    /// A human seat open to anyone: the first to join it gets its token.
    pub open: bool,
}

/// What a stored record is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RecordKind {
    /// A game action, taken by the seat (or by the bot standing in for it).
    Action,
    /// The seat took back its last undoable action.
    Undo,
    /// The seat's time ran out: a bot plays it.
    TimedOut,
    /// The seat's player handed it to a bot.
    Left,
    /// The creator handed the seat of an absent player to a bot.
    Replaced,
    /// The seat's player took it back from the bot.
    Back,
}

impl RecordKind {
    /// The name stored in the `kind` column.
    pub fn as_str(self) -> &'static str {
        match self {
            RecordKind::Action => "action",
            RecordKind::Undo => "undo",
            RecordKind::TimedOut => "timed_out",
            RecordKind::Left => "left",
            RecordKind::Replaced => "replaced",
            RecordKind::Back => "back",
        }
    }

    /// The kind stored as `name`, if it is one.
    pub fn parse(name: &str) -> Option<RecordKind> {
        [
            RecordKind::Action,
            RecordKind::Undo,
            RecordKind::TimedOut,
            RecordKind::Left,
            RecordKind::Replaced,
            RecordKind::Back,
        ]
        .into_iter()
        .find(|k| k.as_str() == name)
    }
}

/// One accepted record: a game action, or one of the server's records ([`RecordKind`]).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAction {
    /// 1 for the first record of the game, then 2, 3, …: the game's version after it.
    pub seq: u64,
    /// The seat that took it (or that it concerns).
    pub seat: u8,
    /// The action, as JSON; empty for the server's records.
    pub action: String,
    /// What the record is.
    pub kind: RecordKind,
    /// When it was accepted, in milliseconds since the Unix epoch (0 for rows written before
    /// schema version 2).
    pub at_ms: i64,
}

/// A game as stored: what it started from and every action accepted since.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredGame {
    /// The game id.
    pub id: String,
    /// The game kind (`engine::Game::NAME`).
    pub kind: String,
    /// The setup, as JSON (with its seed filled in).
    pub setup: String,
    /// Every seat, in order.
    pub seats: Vec<StoredSeat>,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
    /// Every accepted record, in order.
    pub actions: Vec<StoredAction>,
    /// How it is played, as JSON: time control, away limit (module `seats`); `{}` for none.
    pub options: String,
    /// The hash of the creator's token, if the game has one.
    pub creator: Option<TokenHash>,
    /// The game this one is a rematch of.
    pub rematch_of: Option<String>,
}

/// A pending write: resolves once the write is committed (or has failed).
pub struct Commit(oneshot::Receiver<Result<(), StoreError>>);

impl Commit {
    /// A write that has already finished with `result`.
    pub fn ready(result: Result<(), StoreError>) -> Commit {
        let (tx, rx) = oneshot::channel();
        let _ = tx.send(result);
        Commit(rx)
    }
}

impl Future for Commit {
    type Output = Result<(), StoreError>;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        Pin::new(&mut self.0)
            .poll(cx)
            .map(|r| r.unwrap_or(Err(StoreError::Closed)))
    }
}

/// Where games are kept. Writes resolve once durable.
pub trait Store: Send + Sync + 'static {
    /// Every stored game with its actions, in creation order.
    ///
    /// # Errors
    /// The database could not be read or holds rows that make no sense.
    fn load(&self) -> Result<Vec<StoredGame>, StoreError>;
    /// Stores a new game (its `actions` must be empty).
    fn create_game(&self, game: StoredGame) -> Commit;
    /// Appends one accepted action to a game.
    fn append_action(&self, game: &str, action: StoredAction) -> Commit;
    /// Every game not marked finished, with its actions, in creation order.
    ///
    /// # Errors
    /// The database could not be read or holds rows that make no sense.
    fn load_unfinished(&self) -> Result<Vec<StoredGame>, StoreError>;
    /// Marks a game finished: it is no longer loaded at start-up. Its analysis is queued in the
    /// same transaction, unless it has one (module `analyses`).
    fn mark_finished(&self, game: &str) -> Commit;
    /// Starts a game that waited for its open seats to be taken: it counts as created at
    /// `created_at` (its clocks start then). PostgreSQL: the process that writes it takes the
    /// game's lease, unless one holds it already, and the others hear of it as a new game.
    fn start_open_game(&self, game: &str, created_at: i64) -> Commit;
    /// Removes a game that still has an open seat and no records (nobody joined it in time);
    /// any other game is left as it is.
    fn abandon_open_game(&self, game: &str) -> Commit;
    /// A game marked finished, with its actions and the id of its rematch if it has one;
    /// `None` if there is no such finished game.
    fn load_finished(&self, game: &str) -> Answer<Option<(StoredGame, Option<String>)>>;
    /// The game and seat of each of `tokens` that belongs to a stored game.
    fn find_seats(&self, tokens: Vec<TokenHash>) -> Answer<Vec<(TokenHash, String, u8)>>;
    /// Sets (or clears) the display name of a seat.
    fn set_name(&self, game: &str, seat: u8, name: Option<String>) -> Commit;
    /// Gives a human seat that has no token yet (a rematch's seat, or an open seat, which is
    /// then no longer open) the hash of its token.
    fn claim_seat(&self, game: &str, seat: u8, token: TokenHash) -> Commit;
    /// The records of `game` after version `after`, in order: what another process sharing
    /// the database accepted since (module `cluster`).
    fn records_after(&self, game: &str, after: u64) -> Answer<Vec<StoredAction>>;
    /// The game `game` with its records, if it is stored and not marked finished.
    fn load_game(&self, game: &str) -> Answer<Option<StoredGame>>;
    /// Accounts and what they keep (module `accounts`), in the same database.
    fn accounts(&self) -> Arc<dyn accounts::AccountStore>;
    /// Analyses and hints (module `analyses`), in the same database.
    fn analyses(&self) -> Arc<dyn analyses::AnalysisStore>;
    /// The change feed and leases of a database that several processes share; `None` for a
    /// store that one process owns (SQLite).
    fn shared(&self) -> Option<Arc<dyn Shared>> {
        None
    }
}

/// A change committed to a shared database, as another process sees it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Change {
    /// A record was accepted as version `seq` of `game`; `record` is `None` when it was too
    /// large to travel in the notice and must be read from the database.
    Record {
        game: String,
        seq: u64,
        record: Option<StoredAction>,
    },
    /// A game was created.
    Game(String),
    /// A seat's display name changed.
    Name {
        game: String,
        seat: u8,
        name: Option<String>,
    },
    /// A human seat was claimed by the holder of a token.
    Claim {
        game: String,
        seat: u8,
        token: TokenHash,
    },
    /// Seats with a connection open to another process, per game: that process's periodic
    /// roll call (module `cluster`). Not stored: a process that dies simply stops calling.
    Presence(Vec<(String, Vec<u8>)>),
    /// Changes may have been missed (the feed reconnected, or this reader fell behind): every
    /// game must catch up from the database.
    Resync,
}

/// What a database shared by several server processes adds to [`Store`]: a feed of every
/// other process's changes, and leases saying which process drives a game's bots and clocks.
pub trait Shared: Send + Sync + 'static {
    /// A new receiver of the changes other processes commit from now on.
    fn changes(&self) -> tokio::sync::broadcast::Receiver<Change>;
    /// Renews this process's leases and takes every expired one; answers the games this
    /// process drives for [`LEASE`] from the call.
    fn renew_leases(&self) -> Answer<Vec<String>>;
    /// Gives up every lease of this process (a clean stop), so that others take over at once.
    fn release_leases(&self) -> Answer<()>;
    /// Tells the other processes which seats of which games have a connection open here
    /// ([`Change::Presence`]).
    fn announce_presence(&self, seats: Vec<(String, Vec<u8>)>) -> Answer<()>;
    /// The rematch of `game`, if any process has stored one (at most one can be: two processes
    /// making it at once are decided by the database, and the loser joins the winner's).
    fn rematch_of(&self, game: &str) -> Answer<Option<String>>;
}

/// How long a lease lasts without renewal: a dead process's games are taken over within this
/// plus [`LEASE_RENEW_EVERY`].
pub const LEASE: std::time::Duration = std::time::Duration::from_secs(3);

/// How often a process renews its leases and looks for expired ones.
pub const LEASE_RENEW_EVERY: std::time::Duration = std::time::Duration::from_secs(1);

/// A pending read: resolves to what was read (or why it failed).
pub struct Answer<T>(oneshot::Receiver<Result<T, StoreError>>);

impl<T> Future for Answer<T> {
    type Output = Result<T, StoreError>;
    fn poll(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Self::Output> {
        Pin::new(&mut self.0)
            .poll(cx)
            .map(|r| r.unwrap_or(Err(StoreError::Closed)))
    }
}
