//! [`AccountStore`] for PostgreSQL, on a connection of its own.
//!
//! Decisions:
//! - One connection per process, held by one query at a time (a `tokio` mutex), so that a
//!   query of several statements runs in a transaction of its own: the reader connection is
//!   shared by concurrent reads whose statements would interleave with a `BEGIN`. Account
//!   queries are few (a login, a finished game), so one at a time is plenty; the connection is
//!   made on first use and again after it breaks.
//! - Two processes recording one finished game: the results' primary key `(game_id, seat)`
//!   decides, and the second transaction stores nothing. A rated game's transaction first
//!   locks its accounts' rows, in order of id, so that two games with a player in common are
//!   rated one after the other (each reads the ratings the other wrote) and cannot deadlock.

use super::accounts::{
    Account, AccountId, AccountStore, BestResult, GameResult, NewAccount, OwnedBot, OwnedSeat,
    Rate, RatingPoint, SeatOwner, Standing, DELETED_NAME,
};
use super::postgres::connect;
use super::{Answer, StoreError};
use crate::token::TokenHash;
use std::future::Future;
use std::sync::Arc;
use tokio::sync::{oneshot, Mutex, OwnedMutexGuard};
use tokio_postgres::{Client, Config, Row};

/// The account half of a [`PgStore`](super::PgStore), which also answers its analysis queries
/// (module `postgres_analyses`) on the same connection: both are rare beside game writes.
pub(super) struct PgAccounts {
    config: Config,
    conn: Arc<Mutex<Option<Client>>>,
}

/// The account connection, held by one query.
pub(super) struct Held(OwnedMutexGuard<Option<Client>>);

impl Held {
    pub(super) fn client(&mut self) -> Result<&mut Client, StoreError> {
        self.0
            .as_mut()
            .ok_or_else(|| StoreError::Unavailable("the account connection is closed".into()))
    }
}

impl PgAccounts {
    pub(super) fn new(config: Config) -> PgAccounts {
        PgAccounts {
            config,
            conn: Arc::new(Mutex::new(None)),
        }
    }

    /// Runs `query` on a task of its own once it holds the connection.
    pub(super) fn run<T, F>(&self, query: impl FnOnce(Held) -> F + Send + 'static) -> Answer<T>
    where
        T: Send + 'static,
        F: Future<Output = Result<T, StoreError>> + Send,
    {
        let (tx, rx) = oneshot::channel();
        let conn = self.conn.clone();
        let config = self.config.clone();
        tokio::spawn(async move {
            let result = async {
                let mut held = conn.lock_owned().await;
                if held.as_ref().is_none_or(|c| c.is_closed()) {
                    *held = Some(connect(&config).await?);
                }
                query(Held(held)).await
            }
            .await;
            let _ = tx.send(result);
        });
        Answer(rx)
    }
}

const ACCOUNT_COLUMNS: &str = "a.id, a.name, a.password_hash, a.bot, a.created_at";

fn account_row(r: &Row) -> Account {
    Account {
        id: r.get(0),
        name: r.get(1),
        password_hash: r.get(2),
        bot: r.get(3),
        created_at: r.get(4),
    }
}

const RESULT_COLUMNS: &str =
    "r.game_id, r.seat, r.account_id, r.kind, r.players, r.place, r.won, r.score, r.finished_at, \
     r.rated";

/// A small number read from a SMALLINT column, checked.
fn small(r: &Row, i: usize) -> Result<u8, StoreError> {
    let n: i16 = r.get(i);
    u8::try_from(n).map_err(|_| StoreError::Corrupt(format!("{n} is not a seat or a count")))
}

fn result_row(r: &Row) -> Result<GameResult, StoreError> {
    Ok(GameResult {
        game: r.get(0),
        seat: small(r, 1)?,
        account: r.get(2),
        kind: r.get(3),
        players: small(r, 4)?,
        place: small(r, 5)?,
        won: r.get(6),
        score: r.get(7),
        finished_at: r.get(8),
        rated: r.get(9),
    })
}

const RATING_COLUMNS: &str = "account_id, kind, game_id, at, rating, deviation";

fn rating_row(r: &Row) -> RatingPoint {
    RatingPoint {
        account: r.get(0),
        kind: r.get(1),
        game: r.get(2),
        at: r.get(3),
        rating: r.get(4),
        deviation: r.get(5),
    }
}

impl AccountStore for PgAccounts {
    fn create_account(&self, account: NewAccount) -> Answer<Option<AccountId>> {
        self.run(move |mut held| async move {
            let row = held
                .client()?
                .query_opt(
                    "INSERT INTO accounts (name, name_key, password_hash, bot, created_at)
                     VALUES ($1, $2, $3, $4, $5) ON CONFLICT (name_key) DO NOTHING RETURNING id",
                    &[
                        &account.name,
                        &account.name_key,
                        &account.password_hash,
                        &account.bot,
                        &account.created_at,
                    ],
                )
                .await?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn account_named(&self, name_key: &str) -> Answer<Option<Account>> {
        let key = name_key.to_owned();
        self.run(move |mut held| async move {
            let row = held
                .client()?
                .query_opt(
                    &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts a WHERE a.name_key = $1"),
                    &[&key],
                )
                .await?;
            Ok(row.as_ref().map(account_row))
        })
    }

    fn account(&self, id: AccountId) -> Answer<Option<Account>> {
        self.run(move |mut held| async move {
            let row = held
                .client()?
                .query_opt(
                    &format!("SELECT {ACCOUNT_COLUMNS} FROM accounts a WHERE a.id = $1"),
                    &[&id],
                )
                .await?;
            Ok(row.as_ref().map(account_row))
        })
    }

    fn delete_account(&self, id: AccountId) -> Answer<bool> {
        self.run(move |mut held| async move {
            let tx = held.client()?.transaction().await?;
            // Its bots first (module `accounts`), while their owner is still found by id.
            const BOTS: &str = "SELECT id FROM accounts WHERE owner_id = $1";
            tx.execute(
                &format!("DELETE FROM api_tokens WHERE account_id IN ({BOTS})"),
                &[&id],
            )
            .await?;
            tx.execute(
                &format!("UPDATE seats SET name = $2 WHERE account_id IN ({BOTS})"),
                &[&id, &DELETED_NAME],
            )
            .await?;
            tx.execute(
                "UPDATE accounts SET name = NULL, name_key = NULL WHERE owner_id = $1",
                &[&id],
            )
            .await?;
            tx.execute("DELETE FROM sessions WHERE account_id = $1", &[&id])
                .await?;
            tx.execute("DELETE FROM api_tokens WHERE account_id = $1", &[&id])
                .await?;
            tx.execute(
                "UPDATE seats SET name = $2 WHERE account_id = $1",
                &[&id, &DELETED_NAME],
            )
            .await?;
            let changed = tx
                .execute(
                    "UPDATE accounts SET name = NULL, name_key = NULL, password_hash = NULL
                     WHERE id = $1 AND name_key IS NOT NULL",
                    &[&id],
                )
                .await?;
            tx.commit().await?;
            Ok(changed == 1)
        })
    }

    fn create_session(
        &self,
        session: TokenHash,
        account: AccountId,
        expires_at: i64,
    ) -> Answer<()> {
        self.run(move |mut held| async move {
            held.client()?
                .execute(
                    "INSERT INTO sessions (token_hash, account_id, expires_at) VALUES ($1, $2, $3)",
                    &[&session.0.as_slice(), &account, &expires_at],
                )
                .await?;
            Ok(())
        })
    }

    fn session_account(&self, session: TokenHash, now: i64) -> Answer<Option<Account>> {
        self.run(move |mut held| async move {
            let row = held
                .client()?
                .query_opt(
                    &format!(
                        "SELECT {ACCOUNT_COLUMNS} FROM sessions s JOIN accounts a ON a.id = s.account_id
                         WHERE s.token_hash = $1 AND s.expires_at > $2 AND a.name_key IS NOT NULL"
                    ),
                    &[&session.0.as_slice(), &now],
                )
                .await?;
            Ok(row.as_ref().map(account_row))
        })
    }

    fn delete_session(&self, session: TokenHash) -> Answer<()> {
        self.run(move |mut held| async move {
            held.client()?
                .execute(
                    "DELETE FROM sessions WHERE token_hash = $1",
                    &[&session.0.as_slice()],
                )
                .await?;
            Ok(())
        })
    }

    fn create_api_token(
        &self,
        token: TokenHash,
        account: AccountId,
        label: String,
        created_at: i64,
    ) -> Answer<()> {
        self.run(move |mut held| async move {
            held.client()?
                .execute(
                    "INSERT INTO api_tokens (token_hash, account_id, label, created_at)
                     VALUES ($1, $2, $3, $4)",
                    &[&token.0.as_slice(), &account, &label, &created_at],
                )
                .await?;
            Ok(())
        })
    }

    fn api_token_account(&self, token: TokenHash) -> Answer<Option<Account>> {
        self.run(move |mut held| async move {
            let row = held
                .client()?
                .query_opt(
                    &format!(
                        "SELECT {ACCOUNT_COLUMNS} FROM api_tokens t JOIN accounts a ON a.id = t.account_id
                         WHERE t.token_hash = $1 AND a.name_key IS NOT NULL"
                    ),
                    &[&token.0.as_slice()],
                )
                .await?;
            Ok(row.as_ref().map(account_row))
        })
    }

    fn create_bot_account(
        &self,
        owner: AccountId,
        name: String,
        name_key: String,
        created_at: i64,
    ) -> Answer<Option<AccountId>> {
        self.run(move |mut held| async move {
            let row = held
                .client()?
                .query_opt(
                    "INSERT INTO accounts (name, name_key, password_hash, bot, created_at, owner_id)
                     VALUES ($1, $2, NULL, true, $3, $4) ON CONFLICT (name_key) DO NOTHING
                     RETURNING id",
                    &[&name, &name_key, &created_at, &owner],
                )
                .await?;
            Ok(row.map(|r| r.get(0)))
        })
    }

    fn bots_of(&self, owner: AccountId) -> Answer<Vec<OwnedBot>> {
        self.run(move |mut held| async move {
            let rows = held
                .client()?
                .query(
                    &format!(
                        "SELECT {ACCOUNT_COLUMNS},
                                (SELECT count(*) FROM api_tokens t WHERE t.account_id = a.id)
                         FROM accounts a WHERE a.owner_id = $1 AND a.name_key IS NOT NULL
                         ORDER BY a.created_at, a.id"
                    ),
                    &[&owner],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| OwnedBot {
                    account: account_row(r),
                    tokens: r.get::<_, i64>(5) as u64,
                })
                .collect())
        })
    }

    fn revoke_api_tokens(&self, account: AccountId) -> Answer<u64> {
        self.run(move |mut held| async move {
            Ok(held
                .client()?
                .execute("DELETE FROM api_tokens WHERE account_id = $1", &[&account])
                .await?)
        })
    }

    fn own_seats(&self, account: AccountId, tokens: Vec<TokenHash>) -> Answer<Vec<(String, u8)>> {
        self.run(move |mut held| async move {
            let hashes: Vec<Vec<u8>> = tokens.iter().map(|t| t.0.to_vec()).collect();
            let rows = held
                .client()?
                .query(
                    "UPDATE seats SET account_id = $2
                     WHERE token_hash = ANY($1) AND (account_id IS NULL OR account_id = $2)
                     RETURNING token_hash, game_id, seat",
                    &[&hashes, &account],
                )
                .await?;
            let mut owned = Vec::with_capacity(rows.len());
            for r in &rows {
                let hash: Vec<u8> = r.get(0);
                owned.push((hash, r.get::<_, String>(1), small(r, 2)?));
            }
            // In the order asked, as the SQLite store answers.
            owned.sort_by_key(|(h, _, _)| hashes.iter().position(|x| x == h));
            Ok(owned.into_iter().map(|(_, g, s)| (g, s)).collect())
        })
    }

    fn seats_of(&self, account: AccountId) -> Answer<Vec<OwnedSeat>> {
        self.run(move |mut held| async move {
            let rows = held
                .client()?
                .query(
                    "SELECT s.game_id, s.seat, g.kind, g.created_at, g.finished
                     FROM seats s JOIN games g ON g.id = s.game_id WHERE s.account_id = $1
                     ORDER BY g.created_at DESC, g.created_order DESC",
                    &[&account],
                )
                .await?;
            rows.iter()
                .map(|r| {
                    Ok(OwnedSeat {
                        game: r.get(0),
                        seat: small(r, 1)?,
                        kind: r.get(2),
                        created_at: r.get(3),
                        finished: r.get(4),
                    })
                })
                .collect()
        })
    }

    fn seat_owners(&self, game: &str) -> Answer<Vec<Option<SeatOwner>>> {
        let id = game.to_owned();
        self.run(move |mut held| async move {
            let rows = held
                .client()?
                .query(
                    "SELECT a.id, a.name, a.bot FROM seats s LEFT JOIN accounts a ON a.id = s.account_id
                     WHERE s.game_id = $1 ORDER BY s.seat",
                    &[&id],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| {
                    r.get::<_, Option<AccountId>>(0).map(|account| SeatOwner {
                        account,
                        name: r.get(1),
                        bot: r.get::<_, Option<bool>>(2).unwrap_or(false),
                    })
                })
                .collect())
        })
    }

    fn record_results(&self, results: Vec<GameResult>, rate: Option<Rate>) -> Answer<bool> {
        self.run(move |mut held| async move {
            let Some(first) = results.first() else {
                return Ok(false);
            };
            let kind = first.kind.clone();
            let mut ids: Vec<AccountId> = results.iter().map(|r| r.account).collect();
            ids.sort_unstable();
            ids.dedup();
            let tx = held.client()?.transaction().await?;
            if rate.is_some() {
                tx.execute(
                    "SELECT id FROM accounts WHERE id = ANY($1) ORDER BY id FOR UPDATE",
                    &[&ids],
                )
                .await?;
            }
            let mut first = true;
            for r in &results {
                let inserted = tx
                    .execute(
                        "INSERT INTO results (game_id, seat, account_id, kind, players, place,
                            won, score, finished_at, rated)
                         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
                         ON CONFLICT (game_id, seat) DO NOTHING",
                        &[
                            &r.game,
                            &i16::from(r.seat),
                            &r.account,
                            &r.kind,
                            &i16::from(r.players),
                            &i16::from(r.place),
                            &r.won,
                            &r.score,
                            &r.finished_at,
                            &r.rated,
                        ],
                    )
                    .await?;
                if inserted == 0 {
                    // Stored already (by this process before, or by another one just now).
                    if first {
                        tx.rollback().await?;
                        return Ok(false);
                    }
                    return Err(StoreError::Corrupt(format!(
                        "game {}: seat {} has a result already, but not the seats before it",
                        r.game, r.seat
                    )));
                }
                first = false;
            }
            if let Some(rate) = rate {
                let rows = tx
                    .query(
                        &format!(
                            "SELECT DISTINCT ON (account_id) {RATING_COLUMNS} FROM ratings
                             WHERE kind = $1 AND account_id = ANY($2)
                             ORDER BY account_id, written DESC"
                        ),
                        &[&kind, &ids],
                    )
                    .await?;
                let current: Vec<RatingPoint> = rows.iter().map(rating_row).collect();
                for p in rate(&current) {
                    tx.execute(
                        &format!(
                            "INSERT INTO ratings ({RATING_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)"
                        ),
                        &[&p.account, &p.kind, &p.game, &p.at, &p.rating, &p.deviation],
                    )
                    .await?;
                }
            }
            tx.commit().await?;
            Ok(true)
        })
    }

    fn results_of(&self, account: AccountId) -> Answer<Vec<GameResult>> {
        self.run(move |mut held| async move {
            let rows = held
                .client()?
                .query(
                    &format!(
                        "SELECT {RESULT_COLUMNS} FROM results r WHERE r.account_id = $1
                         ORDER BY r.finished_at DESC, r.written DESC"
                    ),
                    &[&account],
                )
                .await?;
            rows.iter().map(result_row).collect()
        })
    }

    fn current_ratings(&self, kind: &str, accounts: Vec<AccountId>) -> Answer<Vec<RatingPoint>> {
        let kind = kind.to_owned();
        self.run(move |mut held| async move {
            let rows = held
                .client()?
                .query(
                    &format!(
                        "SELECT DISTINCT ON (account_id) {RATING_COLUMNS} FROM ratings
                         WHERE kind = $1 AND account_id = ANY($2)
                         ORDER BY account_id, written DESC"
                    ),
                    &[&kind, &accounts],
                )
                .await?;
            let mut found: Vec<RatingPoint> = rows.iter().map(rating_row).collect();
            found.sort_by_key(|p| accounts.iter().position(|a| *a == p.account));
            Ok(found)
        })
    }

    fn rating_history(&self, account: AccountId) -> Answer<Vec<RatingPoint>> {
        self.run(move |mut held| async move {
            let rows = held
                .client()?
                .query(
                    &format!(
                        "SELECT {RATING_COLUMNS} FROM ratings WHERE account_id = $1 ORDER BY written"
                    ),
                    &[&account],
                )
                .await?;
            Ok(rows.iter().map(rating_row).collect())
        })
    }

    fn leaderboard(&self, kind: &str, limit: u32) -> Answer<Vec<Standing>> {
        let kind = kind.to_owned();
        self.run(move |mut held| async move {
            let rows = held
                .client()?
                .query(
                    "WITH current AS (
                        SELECT DISTINCT ON (account_id) account_id, rating, deviation,
                               count(*) OVER (PARTITION BY account_id) AS games
                        FROM ratings WHERE kind = $1 ORDER BY account_id, written DESC
                     )
                     SELECT a.id, a.name, a.bot, c.rating, c.deviation, c.games
                     FROM current c JOIN accounts a ON a.id = c.account_id
                     WHERE a.name_key IS NOT NULL
                     ORDER BY c.rating - 3 * c.deviation DESC, a.id LIMIT $2",
                    &[&kind, &i64::from(limit)],
                )
                .await?;
            Ok(rows
                .iter()
                .map(|r| Standing {
                    account: r.get(0),
                    name: r.get(1),
                    bot: r.get(2),
                    rating: r.get(3),
                    deviation: r.get(4),
                    games: r.get::<_, i64>(5) as u64,
                })
                .collect())
        })
    }

    fn best_results(&self, kind: &str, players: u8, limit: u32) -> Answer<Vec<BestResult>> {
        let kind = kind.to_owned();
        self.run(move |mut held| async move {
            let rows = held
                .client()?
                .query(
                    &format!(
                        "SELECT {RESULT_COLUMNS}, a.name, a.bot
                         FROM results r JOIN accounts a ON a.id = r.account_id
                         WHERE r.kind = $1 AND r.players = $2 AND r.rated
                            AND a.name_key IS NOT NULL
                         ORDER BY r.score, r.finished_at, r.written LIMIT $3"
                    ),
                    &[&kind, &i16::from(players), &i64::from(limit)],
                )
                .await?;
            rows.iter()
                .map(|r| {
                    Ok(BestResult {
                        result: result_row(r)?,
                        name: r.get(10),
                        bot: r.get(11),
                    })
                })
                .collect()
        })
    }
}
