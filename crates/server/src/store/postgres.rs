//! The PostgreSQL store: one database shared by several server processes.
//!
//! The tables are those of the SQLite store (games, seats, actions), plus `leases`; the
//! difference is that several processes write the same games at once, so the database, not a
//! process, decides what is accepted.
//!
//! Decisions:
//! - **Client: `tokio-postgres`**, without a pool crate. It is the async client of the
//!   `rust-postgres` project (kept since 2013, the base of `postgres`, `deadpool-postgres` and
//!   `bb8-postgres`), speaks the protocol directly with few dependencies, pipelines queries
//!   issued at once on one connection, and hands out `LISTEN` notifications, which is all this
//!   store needs. `sqlx` would add compile-time query checking we cannot use in CI without a
//!   database at build time, its own pool and runtime glue, and several times the dependency
//!   tree. A process holds three connections: one writer, one reader, one listener; nothing is
//!   gained from a pool when the writer batches everything.
//! - **Group commit, as in SQLite**, by the same writer (module `writer`), run as a task on the
//!   server's runtime. For each batch (up to [`MAX_BATCH`](super::MAX_BATCH) writes) it sends
//!   `BEGIN`, all the statements and `COMMIT` pipelined on its connection (one round trip of
//!   waiting per batch, not per statement). `synchronous_commit` stays on: a commit returns once
//!   its WAL is flushed, so an acknowledged action survives a killed process or database.
//! - Reads run on a connection of their own, each on a task of its own, so they never wait
//!   behind a batch; what they read is what is committed.
//! - **The database decides the version.** `(game_id, seq)` is the primary key of `actions`,
//!   and an action is inserted with `ON CONFLICT DO NOTHING`: when another process accepted the
//!   same version first, the insert writes nothing, the transaction carries on for the other
//!   games in the batch, and the writer answers [`StoreError::Conflict`] (the game answers
//!   `stale_version` and catches up).
//! - **Changes travel by `NOTIFY`**, sent by the statement that inserts the row (`pg_notify`
//!   over the inserted rows: nothing is announced for an insert that lost), so a notice goes
//!   out exactly when its transaction commits. The notice carries the whole record when it fits
//!   in PostgreSQL's 8,000-byte payload ([`NOTICE_LIMIT`]), so the other processes apply it
//!   without reading the database; a larger one is announced by number and read. A listener
//!   that reconnects announces [`Change::Resync`], since notices sent meanwhile are lost.
//! - **Leases** (`leases`: game, owner, expiry in the database's clock) say which process drives
//!   a game's bots and clocks. The creator takes the lease with the game; every process renews
//!   its own leases and takes the expired ones in one statement every
//!   [`LEASE_RENEW_EVERY`](super::LEASE_RENEW_EVERY). Row locks make taking a lease exclusive
//!   (a second `UPDATE` re-reads the expiry the first one wrote). A lease table was chosen over
//!   advisory locks: a lock lives with one connection, so every database restart or dropped
//!   connection would free every lock at once, and one lock per game costs a query per game;
//!   the table costs one statement per second whatever the number of games.
//! - **No lock cycles.** A write batch locks its rows in the order of their games' ids, and
//!   the lease renewal skips rows a writer holds (`SKIP LOCKED`), so transactions of two
//!   processes may wait on each other but never in a cycle: PostgreSQL detects a deadlock only
//!   after `deadlock_timeout` (a second by default), and every write of the batch it fails
//!   would wait that long.
//! - Connections that break are made again on the next use; meanwhile writes and reads answer
//!   [`StoreError::Unavailable`] at once (the API's `storage_unavailable`) instead of waiting.
//! - Migrations are numbered in `schema_migrations`, applied at start under a transaction-level
//!   advisory lock so that processes starting together migrate once.

use super::accounts::AccountStore;
use super::analyses::AnalysisStore;
use super::load::{push_record, push_seat, stored_action, token_hash, Which};
use super::postgres_accounts::PgAccounts;
use super::writer::{self, Backend, Queue, Write};
use super::{
    Answer, Change, Commit, RecordKind, Shared, Store, StoreError, StoredAction, StoredGame, LEASE,
};
use crate::token::TokenHash;
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use std::collections::HashMap;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{broadcast, mpsc, oneshot};
use tokio_postgres::error::SqlState;
use tokio_postgres::{AsyncMessage, Client, Config, NoTls, Row, Statement};

/// The channel every process listens on.
const CHANNEL: &str = "tabletop";

/// Notices longer than this carry a record's number only (PostgreSQL refuses payloads of
/// 8,000 bytes or more).
pub const NOTICE_LIMIT: usize = 7_900;

/// How long a connection attempt may take.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);

/// How long the listener waits between two attempts to reconnect.
const RECONNECT_EVERY: Duration = Duration::from_millis(250);

/// Changes kept for a follower that falls behind; past this it is told to resync.
const FEED_CAPACITY: usize = 65_536;

const MIGRATIONS: &[&str] = &[
    // 1: the SQLite store's schema at its version 3, plus leases.
    "CREATE TABLE games (
        id TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        setup TEXT NOT NULL,
        created_at BIGINT NOT NULL,
        options TEXT NOT NULL DEFAULT '{}',
        creator_hash BYTEA,
        rematch_of TEXT,
        finished BOOLEAN NOT NULL DEFAULT false,
        created_order BIGSERIAL NOT NULL
     );
     CREATE INDEX games_unfinished ON games(created_order) WHERE NOT finished;
     CREATE INDEX games_rematch ON games(rematch_of) WHERE rematch_of IS NOT NULL;
     CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat SMALLINT NOT NULL,
        bot TEXT,
        token_hash BYTEA UNIQUE,
        name TEXT,
        PRIMARY KEY (game_id, seat)
     );
     CREATE TABLE actions (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq BIGINT NOT NULL,
        seat SMALLINT NOT NULL,
        action TEXT NOT NULL,
        kind TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, seq)
     );
     CREATE TABLE leases (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        owner TEXT NOT NULL,
        expires_at TIMESTAMPTZ NOT NULL
     );
     CREATE INDEX leases_owner ON leases(owner);
     CREATE INDEX leases_expiry ON leases(expires_at);",
    // 2: one rematch per game, whichever process makes it. Rematches made twice before (two
    // processes at once) keep the first; the later ones become games of their own.
    "UPDATE games g SET rematch_of = NULL
     WHERE rematch_of IS NOT NULL AND created_order > (
        SELECT min(created_order) FROM games h WHERE h.rematch_of = g.rematch_of);
     DROP INDEX games_rematch;
     CREATE UNIQUE INDEX games_rematch ON games(rematch_of) WHERE rematch_of IS NOT NULL;",
    // 3: accounts (module `accounts`), as the SQLite store's version 4.
    "CREATE TABLE accounts (
        id BIGSERIAL PRIMARY KEY,
        name TEXT,
        name_key TEXT UNIQUE,
        password_hash TEXT,
        bot BOOLEAN NOT NULL DEFAULT false,
        created_at BIGINT NOT NULL
     );
     CREATE TABLE sessions (
        token_hash BYTEA PRIMARY KEY,
        account_id BIGINT NOT NULL REFERENCES accounts(id),
        expires_at BIGINT NOT NULL
     );
     CREATE INDEX sessions_account ON sessions(account_id);
     CREATE TABLE api_tokens (
        token_hash BYTEA PRIMARY KEY,
        account_id BIGINT NOT NULL REFERENCES accounts(id),
        label TEXT NOT NULL,
        created_at BIGINT NOT NULL
     );
     CREATE INDEX api_tokens_account ON api_tokens(account_id);
     ALTER TABLE seats ADD COLUMN account_id BIGINT REFERENCES accounts(id);
     ALTER TABLE seats ADD COLUMN open_seat BOOLEAN NOT NULL DEFAULT false;
     CREATE INDEX seats_account ON seats(account_id) WHERE account_id IS NOT NULL;
     CREATE TABLE results (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat SMALLINT NOT NULL,
        account_id BIGINT NOT NULL REFERENCES accounts(id),
        kind TEXT NOT NULL,
        players SMALLINT NOT NULL,
        place SMALLINT NOT NULL,
        won BOOLEAN NOT NULL,
        score BIGINT NOT NULL,
        finished_at BIGINT NOT NULL,
        written BIGSERIAL NOT NULL,
        PRIMARY KEY (game_id, seat)
     );
     CREATE INDEX results_account ON results(account_id);
     CREATE INDEX results_best ON results(kind, players, score);
     CREATE TABLE ratings (
        account_id BIGINT NOT NULL REFERENCES accounts(id),
        kind TEXT NOT NULL,
        game_id TEXT NOT NULL REFERENCES games(id),
        at BIGINT NOT NULL,
        rating DOUBLE PRECISION NOT NULL,
        deviation DOUBLE PRECISION NOT NULL,
        written BIGSERIAL NOT NULL,
        PRIMARY KEY (account_id, kind, game_id)
     );
     CREATE INDEX ratings_kind ON ratings(kind, account_id, written);",
    // 4: bot accounts belong to the person who made them, as the SQLite store's version 5.
    "ALTER TABLE accounts ADD COLUMN owner_id BIGINT REFERENCES accounts(id);
     CREATE INDEX accounts_owner ON accounts(owner_id) WHERE owner_id IS NOT NULL;",
    // 5: whether a result's game was rated, as the SQLite store's version 6.
    "ALTER TABLE results ADD COLUMN rated BOOLEAN NOT NULL DEFAULT false;
     DROP INDEX results_best;
     CREATE INDEX results_best ON results(kind, players, score) WHERE rated;",
    // 6: analyses of finished games and the hints players took, as the SQLite store's
    // version 7.
    "CREATE TABLE analyses (
        game_id TEXT PRIMARY KEY REFERENCES games(id),
        status TEXT NOT NULL,
        report TEXT,
        error TEXT,
        samples BIGINT,
        seed BIGINT,
        queued_at_ms BIGINT NOT NULL,
        started_at_ms BIGINT,
        finished_at_ms BIGINT
     );
     CREATE INDEX analyses_queue ON analyses(queued_at_ms, game_id) WHERE status = 'queued';
     CREATE TABLE hints (
        game_id TEXT NOT NULL REFERENCES games(id),
        seat SMALLINT NOT NULL,
        step BIGINT NOT NULL,
        action TEXT NOT NULL,
        text TEXT NOT NULL,
        at_ms BIGINT NOT NULL,
        PRIMARY KEY (game_id, step, seat)
     );",
];

/// The schema version this program writes in PostgreSQL.
pub fn schema_version() -> i64 {
    MIGRATIONS.len() as i64
}

impl From<tokio_postgres::Error> for StoreError {
    fn from(e: tokio_postgres::Error) -> Self {
        let unavailable = match e.code() {
            // No SQL state: the connection broke, timed out or could not be made.
            None => true,
            Some(code) => {
                code.code().starts_with("08")
                    || *code == SqlState::ADMIN_SHUTDOWN
                    || *code == SqlState::CRASH_SHUTDOWN
                    || *code == SqlState::CANNOT_CONNECT_NOW
            }
        };
        // The server's own words ("duplicate key value violates ..."), not the bare "db error"
        // that the error's `Display` gives.
        let text = match e.as_db_error() {
            Some(db) => db.to_string(),
            None => e.to_string(),
        };
        if unavailable {
            StoreError::Unavailable(text)
        } else {
            StoreError::Database(text)
        }
    }
}

/// The notice sent with each change.
#[derive(Serialize, Deserialize)]
#[serde(tag = "t", rename_all = "snake_case")]
enum Notice {
    Record {
        p: String,
        g: String,
        q: u64,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        r: Option<NoticeRecord>,
    },
    Game {
        p: String,
        g: String,
    },
    Name {
        p: String,
        g: String,
        s: u8,
        n: Option<String>,
    },
    Claim {
        p: String,
        g: String,
        s: u8,
        h: Vec<u8>,
    },
    Presence {
        p: String,
        e: Vec<(String, Vec<u8>)>,
    },
}

/// Games per presence notice: a game id (32 characters) and its seats take under 60 bytes, so
/// this stays far below the 8,000-byte payload limit.
const PRESENCE_PER_NOTICE: usize = 100;

#[derive(Serialize, Deserialize)]
struct NoticeRecord {
    s: u8,
    k: String,
    a: String,
    at: i64,
}

impl Notice {
    fn process(&self) -> &str {
        match self {
            Notice::Record { p, .. }
            | Notice::Game { p, .. }
            | Notice::Name { p, .. }
            | Notice::Claim { p, .. }
            | Notice::Presence { p, .. } => p,
        }
    }

    fn into_change(self) -> Option<Change> {
        Some(match self {
            Notice::Record { g, q, r, .. } => Change::Record {
                record: match r {
                    Some(r) => Some(StoredAction {
                        seq: q,
                        seat: r.s,
                        action: r.a,
                        kind: RecordKind::parse(&r.k)?,
                        at_ms: r.at,
                    }),
                    None => None,
                },
                game: g,
                seq: q,
            },
            Notice::Game { g, .. } => Change::Game(g),
            Notice::Name { g, s, n, .. } => Change::Name {
                game: g,
                seat: s,
                name: n,
            },
            Notice::Claim { g, s, h, .. } => Change::Claim {
                game: g,
                seat: s,
                token: TokenHash(h.try_into().ok()?),
            },
            Notice::Presence { e, .. } => Change::Presence(e),
        })
    }
}

fn notice_text(notice: &Notice) -> String {
    serde_json::to_string(notice).unwrap_or_default()
}

/// The notice of an accepted record: whole if it fits, else its number only.
fn record_notice(process: &str, game: &str, a: &StoredAction) -> String {
    let whole = notice_text(&Notice::Record {
        p: process.to_owned(),
        g: game.to_owned(),
        q: a.seq,
        r: Some(NoticeRecord {
            s: a.seat,
            k: a.kind.as_str().to_owned(),
            a: a.action.clone(),
            at: a.at_ms,
        }),
    });
    if whole.len() <= NOTICE_LIMIT {
        return whole;
    }
    notice_text(&Notice::Record {
        p: process.to_owned(),
        g: game.to_owned(),
        q: a.seq,
        r: None,
    })
}

/// Connects with `config`, driving the connection on a task of its own.
pub(super) async fn connect(config: &Config) -> Result<Client, StoreError> {
    let (client, connection) = tokio::time::timeout(CONNECT_TIMEOUT, config.connect(NoTls))
        .await
        .map_err(|_| {
            StoreError::Unavailable(format!("no connection within {CONNECT_TIMEOUT:?}"))
        })??;
    tokio::spawn(async move {
        if let Err(e) = connection.await {
            tracing::warn!("database connection closed: {e}");
        }
    });
    Ok(client)
}

/// A connection made again on the next use after it broke.
struct Link {
    config: Config,
    client: tokio::sync::Mutex<Option<Arc<Client>>>,
}

impl Link {
    async fn client(&self) -> Result<Arc<Client>, StoreError> {
        let mut slot = self.client.lock().await;
        if let Some(c) = slot.as_ref().filter(|c| !c.is_closed()) {
            return Ok(c.clone());
        }
        *slot = None;
        let client = Arc::new(connect(&self.config).await?);
        *slot = Some(client.clone());
        Ok(client)
    }
}

/// The PostgreSQL store. Cheap to share; its tasks end when it is dropped.
pub struct PgStore {
    process: Arc<str>,
    queue: Queue<PgWriter>,
    reader: Arc<Link>,
    feed: broadcast::Sender<Change>,
    accounts: Arc<PgAccounts>,
    tasks: Vec<tokio::task::JoinHandle<()>>,
}

impl Drop for PgStore {
    fn drop(&mut self) {
        for t in &self.tasks {
            t.abort();
        }
    }
}

impl PgStore {
    /// Connects to the database at `url` (`postgres://user[:password]@host[:port]/database`,
    /// or `key=value` pairs), applies the migrations it lacks, and starts listening for the
    /// changes of other processes. Must be called inside a Tokio runtime.
    ///
    /// # Errors
    /// The URL is not valid, the database cannot be reached, or its schema is newer than this
    /// program's.
    pub async fn connect(url: &str) -> Result<PgStore, StoreError> {
        let mut config: Config = url
            .parse()
            .map_err(|e| StoreError::Database(format!("invalid database URL: {e}")))?;
        config.connect_timeout(CONNECT_TIMEOUT);
        if config.get_application_name().is_none() {
            config.application_name("tabletop");
        }
        PgStore::connect_with(config).await
    }

    /// [`PgStore::connect`] with a parsed configuration.
    ///
    /// # Errors
    /// The database cannot be reached, or its schema is newer than this program's.
    pub async fn connect_with(mut config: Config) -> Result<PgStore, StoreError> {
        // A database that vanishes without closing its connections (a lost machine, a cut
        // network) is noticed within seconds, not after the system's two-hour keep-alive.
        config.keepalives_idle(Duration::from_secs(5));
        #[cfg(target_os = "linux")]
        config.tcp_user_timeout(Duration::from_secs(10));
        let mut admin = connect(&config).await?;
        migrate(&mut admin).await?;
        drop(admin);
        let process: Arc<str> = new_process_id().into();
        let (feed, _) = broadcast::channel(FEED_CAPACITY);
        let (listening_tx, listening) = oneshot::channel();
        let listener = tokio::spawn(listen(
            config.clone(),
            process.clone(),
            feed.clone(),
            listening_tx,
        ));
        // Changes committed from here on reach this process's feed.
        listening
            .await
            .map_err(|_| StoreError::Unavailable("the listener stopped".into()))??;
        let (queue, requests) = writer::queue();
        let writer = tokio::spawn(writer::run(
            PgWriter {
                config: config.clone(),
                process: process.clone(),
                conn: None,
            },
            requests,
        ));
        Ok(PgStore {
            process,
            queue,
            accounts: Arc::new(PgAccounts::new(config.clone())),
            reader: Arc::new(Link {
                config,
                client: tokio::sync::Mutex::new(None),
            }),
            feed,
            tasks: vec![listener, writer],
        })
    }

    /// This process's name in the `leases` table.
    pub fn process(&self) -> &str {
        &self.process
    }

    /// Runs `read` with the reader connection on a task of its own.
    fn read<T, F>(&self, read: impl FnOnce(Arc<Client>) -> F + Send + 'static) -> Answer<T>
    where
        T: Send + 'static,
        F: std::future::Future<Output = Result<T, StoreError>> + Send,
    {
        let (tx, rx) = oneshot::channel();
        let link = self.reader.clone();
        tokio::spawn(async move {
            let result = match link.client().await {
                Ok(client) => read(client).await,
                Err(e) => Err(e),
            };
            let _ = tx.send(result);
        });
        Answer(rx)
    }

    /// Runs a start-up read to completion from synchronous code: on a thread of its own with
    /// its own runtime and connection, so it works whichever runtime (if any) calls it.
    fn read_now(&self, which: Which<'_>) -> Result<Vec<StoredGame>, StoreError> {
        let config = self.reader.config.clone();
        std::thread::scope(|scope| {
            scope
                .spawn(move || {
                    let runtime = tokio::runtime::Builder::new_current_thread()
                        .enable_all()
                        .build()
                        .map_err(|e| StoreError::Database(e.to_string()))?;
                    runtime.block_on(async move {
                        let client = connect(&config).await?;
                        load(&client, which).await
                    })
                })
                .join()
                .unwrap_or_else(|_| Err(StoreError::Database("the loading thread failed".into())))
        })
    }
}

fn new_process_id() -> String {
    use rand::Rng;
    let n: u64 = rand::thread_rng().gen();
    let host = std::env::var("HOSTNAME").unwrap_or_default();
    format!("{host}:{}:{n:016x}", std::process::id())
}

async fn migrate(client: &mut Client) -> Result<(), StoreError> {
    let tx = client.transaction().await?;
    // One process migrates at a time; the others then find the work done.
    tx.execute("SELECT pg_advisory_xact_lock(7346723461)", &[])
        .await?;
    tx.batch_execute("CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY)")
        .await?;
    let found: i64 = tx
        .query_one(
            "SELECT COALESCE(MAX(version), 0) FROM schema_migrations",
            &[],
        )
        .await?
        .get(0);
    let known = schema_version();
    if found > known {
        return Err(StoreError::NewerSchema { found, known });
    }
    for (i, sql) in MIGRATIONS.iter().enumerate().skip(found as usize) {
        tx.batch_execute(sql).await?;
        tx.execute(
            "INSERT INTO schema_migrations (version) VALUES ($1)",
            &[&((i + 1) as i64)],
        )
        .await?;
    }
    tx.commit().await?;
    Ok(())
}

/// Listens for notices until the store is dropped, reconnecting whenever the connection
/// breaks; tells `listening` once the first `LISTEN` is in force.
async fn listen(
    config: Config,
    process: Arc<str>,
    feed: broadcast::Sender<Change>,
    listening: oneshot::Sender<Result<(), StoreError>>,
) {
    let mut listening = Some(listening);
    let mut failures = 0u32;
    loop {
        let attempt = async {
            let (client, mut connection) =
                tokio::time::timeout(CONNECT_TIMEOUT, config.connect(NoTls))
                    .await
                    .map_err(|_| {
                        StoreError::Unavailable("listener: connection timed out".into())
                    })??;
            let (tx, rx) = mpsc::unbounded_channel();
            let driver = tokio::spawn(async move {
                let mut messages =
                    futures_util::stream::poll_fn(move |cx| connection.poll_message(cx));
                while let Some(message) = messages.next().await {
                    match message {
                        Ok(AsyncMessage::Notification(n)) => {
                            if tx.send(n.payload().to_owned()).is_err() {
                                return;
                            }
                        }
                        Ok(_) => {}
                        Err(e) => {
                            tracing::warn!("database listener: {e}");
                            return;
                        }
                    }
                }
            });
            if let Err(e) = client.batch_execute(&format!("LISTEN {CHANNEL}")).await {
                driver.abort();
                return Err(StoreError::from(e));
            }
            Ok((client, driver, rx))
        };
        match attempt.await {
            Ok((_client, driver, mut rx)) => {
                failures = 0;
                match listening.take() {
                    Some(first) => {
                        let _ = first.send(Ok(()));
                    }
                    None => {
                        tracing::info!("database listener reconnected");
                        let _ = feed.send(Change::Resync);
                    }
                }
                while let Some(payload) = rx.recv().await {
                    let Ok(notice) = serde_json::from_str::<Notice>(&payload) else {
                        tracing::warn!("unreadable database notice: {payload}");
                        continue;
                    };
                    if notice.process() == &*process {
                        continue;
                    }
                    if let Some(change) = notice.into_change() {
                        let _ = feed.send(change);
                    }
                }
                driver.abort();
            }
            Err(e) => {
                if let Some(first) = listening.take() {
                    let _ = first.send(Err(e));
                    return;
                }
                if failures.is_multiple_of(40) {
                    tracing::warn!("database listener cannot reconnect: {e}");
                }
                failures += 1;
            }
        }
        tokio::time::sleep(RECONNECT_EVERY).await;
    }
}

/// The writer's connection and its prepared statements.
struct Writer {
    client: Client,
    game: Statement,
    seat: Statement,
    lease: Statement,
    action: Statement,
    notify: Statement,
    name: Statement,
    claim: Statement,
    finished: Statement,
    unlease: Statement,
}

impl Writer {
    async fn open(config: &Config) -> Result<Writer, StoreError> {
        let client = connect(config).await?;
        let prepare = |sql: &'static str| client.prepare(sql);
        let (game, seat, lease, action, notify, name, claim, finished, unlease) = tokio::try_join!(
            prepare(
                "INSERT INTO games (id, kind, setup, created_at, options, creator_hash, rematch_of)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)"
            ),
            prepare(
                "INSERT INTO seats (game_id, seat, bot, token_hash, name, account_id, open_seat)
                 VALUES ($1, $2, $3, $4, $5, $6, $7)"
            ),
            prepare(
                "INSERT INTO leases (game_id, owner, expires_at)
                 VALUES ($1, $2, now() + make_interval(secs => $3))"
            ),
            // Announced only if inserted: a lost race announces nothing.
            prepare(
                "WITH inserted AS (
                    INSERT INTO actions (game_id, seq, seat, action, kind, at_ms)
                    VALUES ($1, $2, $3, $4, $5, $6)
                    ON CONFLICT (game_id, seq) DO NOTHING RETURNING 1
                 ) SELECT pg_notify('tabletop', $7) FROM inserted"
            ),
            prepare("SELECT pg_notify('tabletop', $1)"),
            prepare("UPDATE seats SET name = $3 WHERE game_id = $1 AND seat = $2"),
            prepare(
                "UPDATE seats SET token_hash = $3, open_seat = false
                 WHERE game_id = $1 AND seat = $2 AND bot IS NULL AND token_hash IS NULL"
            ),
            // The game's analysis is queued with the mark (module `analyses`).
            prepare(
                "WITH marked AS (UPDATE games SET finished = true WHERE id = $1 RETURNING id)
                 INSERT INTO analyses (game_id, status, queued_at_ms)
                 SELECT id, 'queued', $2 FROM marked ON CONFLICT (game_id) DO NOTHING"
            ),
            prepare("DELETE FROM leases WHERE game_id = $1"),
        )?;
        Ok(Writer {
            client,
            game,
            seat,
            lease,
            action,
            notify,
            name,
            claim,
            finished,
            unlease,
        })
    }

    /// Commits `writes` in one transaction. The outer error fails the whole transaction; the
    /// inner results are each write's own (a lost action, a seat that is not there).
    async fn commit(
        &self,
        process: &str,
        writes: &[&Write],
    ) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        let c = &self.client;
        let lease_secs = LEASE.as_secs_f64();
        // Every statement is sent before any answer is awaited: one round trip for the batch.
        let mut pending = Vec::new();
        for w in writes {
            let job: futures_util::future::BoxFuture<
                '_,
                Result<Result<(), StoreError>, StoreError>,
            > = match w {
                Write::Game(g) => {
                    let creator = g.creator.map(|t| t.0.to_vec());
                    let mut parts = vec![Box::pin(async move {
                        c.execute(
                            &self.game,
                            &[
                                &g.id,
                                &g.kind,
                                &g.setup,
                                &g.created_at,
                                &g.options,
                                &creator,
                                &g.rematch_of,
                            ],
                        )
                        .await
                    })
                        as futures_util::future::BoxFuture<'_, _>];
                    for (i, s) in g.seats.iter().enumerate() {
                        let token = s.token.map(|t| t.0.to_vec());
                        parts.push(Box::pin(async move {
                            c.execute(
                                &self.seat,
                                &[
                                    &g.id,
                                    &(i as i16),
                                    &s.bot,
                                    &token,
                                    &s.name,
                                    &s.account,
                                    &s.open,
                                ],
                            )
                            .await
                        }));
                    }
                    // A game waiting for its open seats has no lease until it starts.
                    if !g.seats.iter().any(|s| s.open) {
                        parts.push(Box::pin(async move {
                            c.execute(&self.lease, &[&g.id, &process, &lease_secs])
                                .await
                        }));
                    }
                    let notice = notice_text(&Notice::Game {
                        p: process.to_owned(),
                        g: g.id.clone(),
                    });
                    parts.push(Box::pin(async move {
                        c.execute(&self.notify, &[&notice]).await
                    }));
                    Box::pin(async move {
                        futures_util::future::try_join_all(parts).await?;
                        Ok(Ok(()))
                    })
                }
                Write::Action(game, a) => {
                    let notice = record_notice(process, game, a);
                    Box::pin(async move {
                        let inserted = c
                            .execute(
                                &self.action,
                                &[
                                    game,
                                    &(a.seq as i64),
                                    &i16::from(a.seat),
                                    &a.action,
                                    &a.kind.as_str(),
                                    &a.at_ms,
                                    &notice,
                                ],
                            )
                            .await?;
                        Ok(if inserted == 1 {
                            Ok(())
                        } else {
                            Err(StoreError::Conflict {
                                game: game.clone(),
                                seq: a.seq,
                            })
                        })
                    })
                }
                Write::Name(game, seat, name) => {
                    let notice = notice_text(&Notice::Name {
                        p: process.to_owned(),
                        g: game.clone(),
                        s: *seat,
                        n: name.clone(),
                    });
                    Box::pin(async move {
                        let changed = c
                            .execute(&self.name, &[game, &i16::from(*seat), name])
                            .await?;
                        if changed != 1 {
                            return Ok(Err(StoreError::Corrupt(format!(
                                "game {game} has no seat {seat}"
                            ))));
                        }
                        c.execute(&self.notify, &[&notice]).await?;
                        Ok(Ok(()))
                    })
                }
                Write::Claim(game, seat, token) => {
                    let notice = notice_text(&Notice::Claim {
                        p: process.to_owned(),
                        g: game.clone(),
                        s: *seat,
                        h: token.0.to_vec(),
                    });
                    let hash = token.0.to_vec();
                    Box::pin(async move {
                        let changed = c
                            .execute(&self.claim, &[game, &i16::from(*seat), &hash])
                            .await?;
                        if changed != 1 {
                            return Ok(Err(StoreError::Corrupt(format!(
                                "game {game} has no unclaimed human seat {seat}"
                            ))));
                        }
                        c.execute(&self.notify, &[&notice]).await?;
                        Ok(Ok(()))
                    })
                }
                Write::Finished(game, at_ms) => Box::pin(async move {
                    c.execute(&self.finished, &[game, at_ms]).await?;
                    c.execute(&self.unlease, &[game]).await?;
                    Ok(Ok(()))
                }),
                Write::Start(game, created_at) => {
                    let notice = notice_text(&Notice::Game {
                        p: process.to_owned(),
                        g: game.clone(),
                    });
                    Box::pin(async move {
                        c.execute(
                            "UPDATE games SET created_at = $2 WHERE id = $1",
                            &[game, created_at],
                        )
                        .await?;
                        c.execute(
                            "INSERT INTO leases (game_id, owner, expires_at)
                             VALUES ($1, $2, now() + make_interval(secs => $3))
                             ON CONFLICT (game_id) DO NOTHING",
                            &[game, &process, &lease_secs],
                        )
                        .await?;
                        c.execute(&self.notify, &[&notice]).await?;
                        Ok(Ok(()))
                    })
                }
                Write::Abandon(game) => Box::pin(async move {
                    c.execute(
                        "DELETE FROM seats WHERE game_id = $1
                         AND EXISTS (SELECT 1 FROM seats WHERE game_id = $1 AND open_seat)
                         AND NOT EXISTS (SELECT 1 FROM actions WHERE game_id = $1)",
                        &[game],
                    )
                    .await?;
                    c.execute(
                        "DELETE FROM games WHERE id = $1
                         AND NOT EXISTS (SELECT 1 FROM seats WHERE game_id = $1)",
                        &[game],
                    )
                    .await?;
                    Ok(Ok(()))
                }),
            };
            pending.push(job);
        }
        let begin = c.batch_execute("BEGIN");
        let (begun, results) = tokio::join!(begin, futures_util::future::join_all(pending));
        let outcome = begun
            .map_err(StoreError::from)
            .and_then(|()| results.into_iter().collect::<Result<Vec<_>, _>>());
        match outcome {
            Ok(results) => {
                c.batch_execute("COMMIT").await?;
                Ok(results)
            }
            Err(e) => {
                let _ = c.batch_execute("ROLLBACK").await;
                Err(e)
            }
        }
    }
}

/// The writer's side of the store: its connection, made again when it breaks.
struct PgWriter {
    config: Config,
    process: Arc<str>,
    conn: Option<Writer>,
}

impl Backend for PgWriter {
    /// Rows are locked in the order of their games, in every process, so that two batches
    /// never wait on each other in a cycle (a deadlock, which PostgreSQL breaks only after
    /// `deadlock_timeout`, a second, by failing one of them).
    const IN_GAME_ORDER: bool = true;

    async fn connect(&mut self) -> Result<(), StoreError> {
        if self.conn.as_ref().is_none_or(|w| w.client.is_closed()) {
            self.conn = Some(Writer::open(&self.config).await?);
        }
        Ok(())
    }

    async fn commit(
        &mut self,
        writes: &[&Write],
    ) -> Result<Vec<Result<(), StoreError>>, StoreError> {
        match &self.conn {
            Some(w) => w.commit(&self.process, writes).await,
            None => Err(StoreError::Unavailable(
                "the writer is not connected".into(),
            )),
        }
    }
}

async fn load(client: &Client, which: Which<'_>) -> Result<Vec<StoredGame>, StoreError> {
    let filter = match which {
        Which::All => "TRUE",
        Which::Unfinished => "NOT g.finished",
        Which::Finished(_) => "g.finished AND g.id = $1",
        Which::Live(_) => "NOT g.finished AND g.id = $1",
    };
    let id = which.id();
    let params: Vec<&(dyn tokio_postgres::types::ToSql + Sync)> = match &id {
        Some(id) => vec![id],
        None => vec![],
    };
    let games_sql = format!(
        "SELECT g.id, g.kind, g.setup, g.created_at, g.options, g.creator_hash, g.rematch_of
         FROM games g WHERE {filter} ORDER BY g.created_order"
    );
    let seats_sql = format!(
        "SELECT s.game_id, s.seat, s.bot, s.token_hash, s.name, s.account_id, s.open_seat
         FROM seats s JOIN games g ON g.id = s.game_id WHERE {filter} ORDER BY s.game_id, s.seat"
    );
    let actions_sql = format!(
        "SELECT a.game_id, a.seq, a.seat, a.action, a.kind, a.at_ms
         FROM actions a JOIN games g ON g.id = a.game_id WHERE {filter} ORDER BY a.game_id, a.seq"
    );
    let (games, seats, actions) = tokio::try_join!(
        client.query(&games_sql, &params),
        client.query(&seats_sql, &params),
        client.query(&actions_sql, &params),
    )?;
    let mut out = Vec::with_capacity(games.len());
    let mut index = HashMap::with_capacity(games.len());
    for row in &games {
        let id: String = row.get(0);
        let creator = row
            .get::<_, Option<Vec<u8>>>(5)
            .map(|b| token_hash(&id, b))
            .transpose()?;
        index.insert(id.clone(), out.len());
        out.push(StoredGame {
            id,
            kind: row.get(1),
            setup: row.get(2),
            created_at: row.get(3),
            seats: Vec::new(),
            actions: Vec::new(),
            options: row.get(4),
            creator,
            rematch_of: row.get(6),
        });
    }
    for row in &seats {
        let Some(&i) = index.get(row.get::<_, &str>(0)) else {
            continue;
        };
        let seat: i16 = row.get(1);
        push_seat(
            &mut out[i],
            i64::from(seat),
            row.get(2),
            row.get(3),
            row.get(4),
            row.get(5),
            row.get(6),
        )?;
    }
    for row in &actions {
        let Some(&i) = index.get(row.get::<_, &str>(0)) else {
            continue;
        };
        let g = &mut out[i];
        push_record(g, action_of(&g.id, row, 1)?)?;
    }
    Ok(out)
}

/// The record in columns `from..from + 5` (seq, seat, action, kind, at_ms) of `row`.
fn action_of(game: &str, row: &Row, from: usize) -> Result<StoredAction, StoreError> {
    stored_action(
        game,
        row.get(from),
        i64::from(row.get::<_, i16>(from + 1)),
        row.get(from + 2),
        row.get(from + 3),
        row.get(from + 4),
    )
}

impl Store for PgStore {
    fn load(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.read_now(Which::All)
    }

    fn load_unfinished(&self) -> Result<Vec<StoredGame>, StoreError> {
        self.read_now(Which::Unfinished)
    }

    fn create_game(&self, game: StoredGame) -> Commit {
        self.queue.write(Write::Game(Box::new(game)))
    }

    fn append_action(&self, game: &str, action: StoredAction) -> Commit {
        self.queue.write(Write::Action(game.to_owned(), action))
    }

    fn mark_finished(&self, game: &str) -> Commit {
        self.queue
            .write(Write::Finished(game.to_owned(), crate::seats::now_ms()))
    }

    fn start_open_game(&self, game: &str, created_at: i64) -> Commit {
        self.queue.write(Write::Start(game.to_owned(), created_at))
    }

    fn abandon_open_game(&self, game: &str) -> Commit {
        self.queue.write(Write::Abandon(game.to_owned()))
    }

    fn load_finished(&self, game: &str) -> Answer<Option<(StoredGame, Option<String>)>> {
        let id = game.to_owned();
        self.read(move |client| async move {
            let Some(game) = load(&client, Which::Finished(&id)).await?.pop() else {
                return Ok(None);
            };
            let rematch = client
                .query_opt(
                    "SELECT id FROM games WHERE rematch_of = $1 ORDER BY created_order LIMIT 1",
                    &[&id],
                )
                .await?
                .map(|r| r.get::<_, String>(0));
            Ok(Some((game, rematch)))
        })
    }

    fn find_seats(&self, tokens: Vec<TokenHash>) -> Answer<Vec<(TokenHash, String, u8)>> {
        self.read(move |client| async move {
            let hashes: Vec<Vec<u8>> = tokens.iter().map(|t| t.0.to_vec()).collect();
            let rows = client
                .query(
                    "SELECT token_hash, game_id, seat FROM seats WHERE token_hash = ANY($1)",
                    &[&hashes],
                )
                .await?;
            let mut found = Vec::new();
            for row in rows {
                let game: String = row.get(1);
                let hash = token_hash(&game, row.get(0))?;
                found.push((hash, game, row.get::<_, i16>(2) as u8));
            }
            // In the order asked, as the SQLite store answers.
            found.sort_by_key(|(t, _, _)| tokens.iter().position(|x| x == t));
            Ok(found)
        })
    }

    fn set_name(&self, game: &str, seat: u8, name: Option<String>) -> Commit {
        self.queue.write(Write::Name(game.to_owned(), seat, name))
    }

    fn claim_seat(&self, game: &str, seat: u8, token: TokenHash) -> Commit {
        self.queue.write(Write::Claim(game.to_owned(), seat, token))
    }

    fn records_after(&self, game: &str, after: u64) -> Answer<Vec<StoredAction>> {
        let id = game.to_owned();
        self.read(move |client| async move {
            let rows = client
                .query(
                    "SELECT seq, seat, action, kind, at_ms FROM actions
                     WHERE game_id = $1 AND seq > $2 ORDER BY seq",
                    &[&id, &(after as i64)],
                )
                .await?;
            rows.iter().map(|r| action_of(&id, r, 0)).collect()
        })
    }

    fn load_game(&self, game: &str) -> Answer<Option<StoredGame>> {
        let id = game.to_owned();
        self.read(move |client| async move { Ok(load(&client, Which::Live(&id)).await?.pop()) })
    }

    fn accounts(&self) -> Arc<dyn AccountStore> {
        self.accounts.clone()
    }

    fn analyses(&self) -> Arc<dyn AnalysisStore> {
        self.accounts.clone()
    }

    fn shared(&self) -> Option<Arc<dyn Shared>> {
        Some(Arc::new(Leases {
            process: self.process.clone(),
            reader: self.reader.clone(),
            feed: self.feed.clone(),
        }))
    }
}

/// The shared half of a [`PgStore`]: its feed and this process's leases.
struct Leases {
    process: Arc<str>,
    reader: Arc<Link>,
    feed: broadcast::Sender<Change>,
}

impl Leases {
    fn read<T: Send + 'static, F>(
        &self,
        read: impl FnOnce(Arc<Client>, Arc<str>) -> F + Send + 'static,
    ) -> Answer<T>
    where
        F: std::future::Future<Output = Result<T, StoreError>> + Send,
    {
        let (tx, rx) = oneshot::channel();
        let link = self.reader.clone();
        let process = self.process.clone();
        tokio::spawn(async move {
            let result = match link.client().await {
                Ok(client) => read(client, process).await,
                Err(e) => Err(e),
            };
            let _ = tx.send(result);
        });
        Answer(rx)
    }
}

impl Shared for Leases {
    fn changes(&self) -> broadcast::Receiver<Change> {
        self.feed.subscribe()
    }

    fn renew_leases(&self) -> Answer<Vec<String>> {
        self.read(|client, process| async move {
            let rows = client
                .query(
                    // Rows another transaction holds are skipped, not waited for: a lease
                    // being deleted (its game just finished) or taken by another process. A
                    // wait here could close a cycle with a writer's batch (see `writer`).
                    "WITH mine AS (
                        SELECT game_id FROM leases WHERE owner = $1 OR expires_at < now()
                        FOR UPDATE SKIP LOCKED
                     ) UPDATE leases SET owner = $1, expires_at = now() + make_interval(secs => $2)
                     FROM mine WHERE leases.game_id = mine.game_id RETURNING leases.game_id",
                    &[&&*process, &LEASE.as_secs_f64()],
                )
                .await?;
            Ok(rows.iter().map(|r| r.get(0)).collect())
        })
    }

    fn announce_presence(&self, seats: Vec<(String, Vec<u8>)>) -> Answer<()> {
        self.read(move |client, process| async move {
            for chunk in seats.chunks(PRESENCE_PER_NOTICE) {
                let notice = notice_text(&Notice::Presence {
                    p: process.to_string(),
                    e: chunk.to_vec(),
                });
                client
                    .execute("SELECT pg_notify('tabletop', $1)", &[&notice])
                    .await?;
            }
            Ok(())
        })
    }

    fn rematch_of(&self, game: &str) -> Answer<Option<String>> {
        let id = game.to_owned();
        self.read(move |client, _| async move {
            Ok(client
                .query_opt("SELECT id FROM games WHERE rematch_of = $1", &[&id])
                .await?
                .map(|r| r.get::<_, String>(0)))
        })
    }

    fn release_leases(&self) -> Answer<()> {
        self.read(|client, process| async move {
            client
                .execute(
                    "UPDATE leases SET expires_at = now() - interval '1 second' WHERE owner = $1",
                    &[&&*process],
                )
                .await?;
            Ok(())
        })
    }
}

/// Counts of stored actions per game in the database at `url`: for checking a load run
/// against what its clients were told.
///
/// # Errors
/// The database cannot be read.
pub async fn action_counts(url: &str) -> Result<Vec<(String, u64, u64)>, StoreError> {
    let config: Config = url
        .parse()
        .map_err(|e| StoreError::Database(format!("invalid database URL: {e}")))?;
    let client = connect(&config).await?;
    let rows = client
        .query(
            "SELECT g.id, COUNT(a.seq), COALESCE(MAX(a.seq), 0) FROM games g
             LEFT JOIN actions a ON a.game_id = g.id GROUP BY g.id",
            &[],
        )
        .await?;
    Ok(rows
        .iter()
        .map(|r| {
            (
                r.get::<_, String>(0),
                r.get::<_, i64>(1) as u64,
                r.get::<_, i64>(2) as u64,
            )
        })
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A database at schema 1 where two processes made the same rematch (possible before
    /// schema 2) is migrated: the first rematch stays, the later one becomes a game of its own,
    /// and from then on the database refuses a second.
    #[tokio::test]
    async fn migration_2_keeps_the_first_of_two_rematches() {
        let Some(config) = super::super::suite::fresh_schema().await else {
            return;
        };
        let (client, connection) = config.connect(NoTls).await.unwrap();
        tokio::spawn(connection);
        client.batch_execute(MIGRATIONS[0]).await.unwrap();
        client
            .batch_execute(
                "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY);
                 INSERT INTO schema_migrations VALUES (1);
                 INSERT INTO games (id, kind, setup, created_at, rematch_of, finished) VALUES
                    ('old', 'k', '{}', 1, NULL, true),
                    ('first', 'k', '{}', 2, 'old', false),
                    ('second', 'k', '{}', 3, 'old', false);",
            )
            .await
            .unwrap();
        let store = PgStore::connect_with(config).await.unwrap();
        let rows = client
            .query(
                "SELECT id, rematch_of FROM games ORDER BY created_order",
                &[],
            )
            .await
            .unwrap();
        let games: Vec<(String, Option<String>)> =
            rows.iter().map(|r| (r.get(0), r.get(1))).collect();
        assert_eq!(
            games,
            [
                ("old".to_owned(), None),
                ("first".to_owned(), Some("old".to_owned())),
                ("second".to_owned(), None),
            ]
        );
        let version: i64 = client
            .query_one("SELECT max(version) FROM schema_migrations", &[])
            .await
            .unwrap()
            .get(0);
        assert_eq!(version, schema_version());
        let again = client
            .execute(
                "INSERT INTO games (id, kind, setup, created_at, rematch_of) VALUES ('third', 'k', '{}', 4, 'old')",
                &[],
            )
            .await;
        assert!(again.is_err(), "a second rematch of one game was stored");
        drop(store);
    }

    /// A database of schema 5 (every table before analyses) keeps its games and gains analyses
    /// and hints: nothing is queued for the games finished before, until someone asks.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn migration_6_adds_analyses_and_keeps_every_game() {
        let Some(config) = super::super::suite::fresh_schema().await else {
            return;
        };
        let (client, connection) = config.connect(NoTls).await.unwrap();
        tokio::spawn(connection);
        for sql in &MIGRATIONS[..5] {
            client.batch_execute(sql).await.unwrap();
        }
        client
            .batch_execute(
                "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY);
                 INSERT INTO schema_migrations VALUES (1), (2), (3), (4), (5);
                 INSERT INTO games (id, kind, setup, created_at, options, finished) VALUES
                    ('old', 'thegame', '{}', 5, '{}', true),
                    ('live', 'thegame', '{}', 6, '{}', false);
                 INSERT INTO seats (game_id, seat, bot, name) VALUES
                    ('old', 0, NULL, 'Ann'), ('old', 1, 'heuristic', NULL),
                    ('live', 0, NULL, 'Bo'), ('live', 1, 'heuristic', NULL);
                 INSERT INTO actions (game_id, seq, seat, action, kind, at_ms) VALUES
                    ('old', 1, 0, '{\"type\":\"end_turn\"}', 'action', 77);",
            )
            .await
            .unwrap();
        let store = PgStore::connect_with(config).await.unwrap();
        crate::store::suite::assert_upgraded_with_analyses(&store).await;
        let version: i64 = client
            .query_one("SELECT max(version) FROM schema_migrations", &[])
            .await
            .unwrap()
            .get(0);
        assert_eq!(version, schema_version());
    }

    /// A database of schema 2 (every table before accounts) keeps its games, seats and records,
    /// and gains accounts.
    #[tokio::test]
    async fn migration_3_adds_accounts_and_keeps_every_game() {
        let Some(config) = super::super::suite::fresh_schema().await else {
            return;
        };
        let (client, connection) = config.connect(NoTls).await.unwrap();
        tokio::spawn(connection);
        client.batch_execute(MIGRATIONS[0]).await.unwrap();
        client.batch_execute(MIGRATIONS[1]).await.unwrap();
        client
            .batch_execute(
                "CREATE TABLE schema_migrations (version BIGINT PRIMARY KEY);
                 INSERT INTO schema_migrations VALUES (1), (2);
                 INSERT INTO games (id, kind, setup, created_at, options) VALUES
                    ('g', 'thegame', '{}', 5, '{\"undo\":false}');
                 INSERT INTO seats (game_id, seat, bot, token_hash, name) VALUES
                    ('g', 0, NULL, decode(repeat('01', 32), 'hex'), 'Ann'),
                    ('g', 1, 'heuristic', NULL, NULL);
                 INSERT INTO actions (game_id, seq, seat, action, kind, at_ms) VALUES
                    ('g', 1, 0, '{\"type\":\"end_turn\"}', 'action', 77);",
            )
            .await
            .unwrap();
        let store = PgStore::connect_with(config).await.unwrap();
        let game = store.load_game("g").await.unwrap().unwrap();
        crate::store::suite::assert_upgraded_with_accounts(&store, &game).await;
        let version: i64 = client
            .query_one("SELECT max(version) FROM schema_migrations", &[])
            .await
            .unwrap()
            .get(0);
        assert_eq!(version, schema_version());
    }
}
