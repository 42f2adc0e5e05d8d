//! [`AccountStore`] for SQLite: every query runs on the writer thread between two batches of
//! game writes, with the writer's connection (module `sqlite`), so it sees every game write
//! queued before it and writes with the same durability (`synchronous = FULL`).

use super::accounts::{
    Account, AccountId, AccountStore, BestResult, GameResult, NewAccount, OwnedBot, OwnedSeat,
    Rate, RatingPoint, SeatOwner, Standing, DELETED_NAME,
};
use super::sqlite::SqliteWriter;
use super::writer::Queue;
use super::{Answer, StoreError};
use crate::token::TokenHash;
use rusqlite::{params, Connection, OptionalExtension, Row};

/// The account half of a [`SqliteStore`](super::SqliteStore), which also answers its analysis
/// queries (module `sqlite_analyses`).
pub(super) struct SqliteAccounts(pub(super) Queue<SqliteWriter>);

impl SqliteAccounts {
    pub(super) fn run<T: Send + 'static>(
        &self,
        query: impl FnOnce(&Connection) -> Result<T, StoreError> + Send + 'static,
    ) -> Answer<T> {
        self.0.read(move |w: &mut SqliteWriter| query(&w.conn))
    }
}

const ACCOUNT_COLUMNS: &str = "id, name, password_hash, bot, created_at";

fn account_row(r: &Row<'_>) -> rusqlite::Result<Account> {
    Ok(Account {
        id: r.get(0)?,
        name: r.get(1)?,
        password_hash: r.get(2)?,
        bot: r.get(3)?,
        created_at: r.get(4)?,
    })
}

const RESULT_COLUMNS: &str =
    "game_id, seat, account_id, kind, players, place, won, score, finished_at, rated";

fn result_row(r: &Row<'_>) -> rusqlite::Result<GameResult> {
    Ok(GameResult {
        game: r.get(0)?,
        seat: r.get(1)?,
        account: r.get(2)?,
        kind: r.get(3)?,
        players: r.get(4)?,
        place: r.get(5)?,
        won: r.get(6)?,
        score: r.get(7)?,
        finished_at: r.get(8)?,
        rated: r.get(9)?,
    })
}

const RATING_COLUMNS: &str = "account_id, kind, game_id, at, rating, deviation";

fn rating_row(r: &Row<'_>) -> rusqlite::Result<RatingPoint> {
    Ok(RatingPoint {
        account: r.get(0)?,
        kind: r.get(1)?,
        game: r.get(2)?,
        at: r.get(3)?,
        rating: r.get(4)?,
        deviation: r.get(5)?,
    })
}

/// Every row `query` answers for `params`, mapped by `row`.
fn all<T>(
    conn: &Connection,
    query: &str,
    params: impl rusqlite::Params,
    row: impl FnMut(&Row<'_>) -> rusqlite::Result<T>,
) -> Result<Vec<T>, StoreError> {
    let mut stmt = conn.prepare_cached(query)?;
    let rows = stmt.query_map(params, row)?;
    Ok(rows.collect::<rusqlite::Result<Vec<T>>>()?)
}

impl AccountStore for SqliteAccounts {
    fn create_account(&self, account: NewAccount) -> Answer<Option<AccountId>> {
        self.run(move |conn| {
            let inserted = conn
                .prepare_cached(
                    "INSERT INTO accounts (name, name_key, password_hash, bot, created_at)
                     VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (name_key) DO NOTHING",
                )?
                .execute(params![
                    account.name,
                    account.name_key,
                    account.password_hash,
                    account.bot,
                    account.created_at
                ])?;
            Ok((inserted == 1).then(|| conn.last_insert_rowid()))
        })
    }

    fn account_named(&self, name_key: &str) -> Answer<Option<Account>> {
        let key = name_key.to_owned();
        self.run(move |conn| {
            Ok(conn
                .prepare_cached(&format!(
                    "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE name_key = ?1"
                ))?
                .query_row([key], account_row)
                .optional()?)
        })
    }

    fn account(&self, id: AccountId) -> Answer<Option<Account>> {
        self.run(move |conn| {
            Ok(conn
                .prepare_cached(&format!(
                    "SELECT {ACCOUNT_COLUMNS} FROM accounts WHERE id = ?1"
                ))?
                .query_row([id], account_row)
                .optional()?)
        })
    }

    fn delete_account(&self, id: AccountId) -> Answer<bool> {
        self.run(move |conn| {
            let tx = conn.unchecked_transaction()?;
            // Its bots first (module `accounts`), while their owner is still found by id.
            const BOTS: &str = "SELECT id FROM accounts WHERE owner_id = ?1";
            tx.execute(
                &format!("DELETE FROM api_tokens WHERE account_id IN ({BOTS})"),
                [id],
            )?;
            tx.execute(
                &format!("UPDATE seats SET name = ?2 WHERE account_id IN ({BOTS})"),
                params![id, DELETED_NAME],
            )?;
            tx.execute(
                "UPDATE accounts SET name = NULL, name_key = NULL WHERE owner_id = ?1",
                [id],
            )?;
            tx.execute("DELETE FROM sessions WHERE account_id = ?1", [id])?;
            tx.execute("DELETE FROM api_tokens WHERE account_id = ?1", [id])?;
            tx.execute(
                "UPDATE seats SET name = ?2 WHERE account_id = ?1",
                params![id, DELETED_NAME],
            )?;
            let changed = tx.execute(
                "UPDATE accounts SET name = NULL, name_key = NULL, password_hash = NULL
                 WHERE id = ?1 AND name_key IS NOT NULL",
                [id],
            )?;
            tx.commit()?;
            Ok(changed == 1)
        })
    }

    fn create_session(
        &self,
        session: TokenHash,
        account: AccountId,
        expires_at: i64,
    ) -> Answer<()> {
        self.run(move |conn| {
            conn.prepare_cached(
                "INSERT INTO sessions (token_hash, account_id, expires_at) VALUES (?1, ?2, ?3)",
            )?
            .execute(params![session.0.to_vec(), account, expires_at])?;
            Ok(())
        })
    }

    fn session_account(&self, session: TokenHash, now: i64) -> Answer<Option<Account>> {
        self.run(move |conn| {
            Ok(conn
                .prepare_cached(
                    "SELECT a.id, a.name, a.password_hash, a.bot, a.created_at
                     FROM sessions s JOIN accounts a ON a.id = s.account_id
                     WHERE s.token_hash = ?1 AND s.expires_at > ?2 AND a.name_key IS NOT NULL",
                )?
                .query_row(params![session.0.to_vec(), now], account_row)
                .optional()?)
        })
    }

    fn delete_session(&self, session: TokenHash) -> Answer<()> {
        self.run(move |conn| {
            conn.prepare_cached("DELETE FROM sessions WHERE token_hash = ?1")?
                .execute([session.0.to_vec()])?;
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
        self.run(move |conn| {
            conn.prepare_cached(
                "INSERT INTO api_tokens (token_hash, account_id, label, created_at)
                 VALUES (?1, ?2, ?3, ?4)",
            )?
            .execute(params![token.0.to_vec(), account, label, created_at])?;
            Ok(())
        })
    }

    fn api_token_account(&self, token: TokenHash) -> Answer<Option<Account>> {
        self.run(move |conn| {
            Ok(conn
                .prepare_cached(
                    "SELECT a.id, a.name, a.password_hash, a.bot, a.created_at
                     FROM api_tokens t JOIN accounts a ON a.id = t.account_id
                     WHERE t.token_hash = ?1 AND a.name_key IS NOT NULL",
                )?
                .query_row([token.0.to_vec()], account_row)
                .optional()?)
        })
    }

    fn create_bot_account(
        &self,
        owner: AccountId,
        name: String,
        name_key: String,
        created_at: i64,
    ) -> Answer<Option<AccountId>> {
        self.run(move |conn| {
            let inserted = conn
                .prepare_cached(
                    "INSERT INTO accounts (name, name_key, password_hash, bot, created_at, owner_id)
                     VALUES (?1, ?2, NULL, 1, ?3, ?4) ON CONFLICT (name_key) DO NOTHING",
                )?
                .execute(params![name, name_key, created_at, owner])?;
            Ok((inserted == 1).then(|| conn.last_insert_rowid()))
        })
    }

    fn bots_of(&self, owner: AccountId) -> Answer<Vec<OwnedBot>> {
        self.run(move |conn| {
            all(
                conn,
                "SELECT a.id, a.name, a.password_hash, a.bot, a.created_at,
                        (SELECT count(*) FROM api_tokens t WHERE t.account_id = a.id)
                 FROM accounts a WHERE a.owner_id = ?1 AND a.name_key IS NOT NULL
                 ORDER BY a.created_at, a.id",
                [owner],
                |r| {
                    Ok(OwnedBot {
                        account: account_row(r)?,
                        tokens: r.get::<_, i64>(5)? as u64,
                    })
                },
            )
        })
    }

    fn revoke_api_tokens(&self, account: AccountId) -> Answer<u64> {
        self.run(move |conn| {
            let revoked = conn
                .prepare_cached("DELETE FROM api_tokens WHERE account_id = ?1")?
                .execute([account])?;
            Ok(revoked as u64)
        })
    }

    fn own_seats(&self, account: AccountId, tokens: Vec<TokenHash>) -> Answer<Vec<(String, u8)>> {
        self.run(move |conn| {
            let tx = conn.unchecked_transaction()?;
            let mut owned = Vec::new();
            {
                let mut claim = tx.prepare_cached(
                    "UPDATE seats SET account_id = ?2
                     WHERE token_hash = ?1 AND (account_id IS NULL OR account_id = ?2)
                     RETURNING game_id, seat",
                )?;
                for t in &tokens {
                    let seat = claim
                        .query_row(params![t.0.to_vec(), account], |r| {
                            Ok((r.get::<_, String>(0)?, r.get::<_, u8>(1)?))
                        })
                        .optional()?;
                    owned.extend(seat);
                }
            }
            tx.commit()?;
            Ok(owned)
        })
    }

    fn seats_of(&self, account: AccountId) -> Answer<Vec<OwnedSeat>> {
        self.run(move |conn| {
            all(
                conn,
                "SELECT s.game_id, s.seat, g.kind, g.created_at, g.finished
                 FROM seats s JOIN games g ON g.id = s.game_id WHERE s.account_id = ?1
                 ORDER BY g.created_at DESC, g.rowid DESC",
                [account],
                |r| {
                    Ok(OwnedSeat {
                        game: r.get(0)?,
                        seat: r.get(1)?,
                        kind: r.get(2)?,
                        created_at: r.get(3)?,
                        finished: r.get(4)?,
                    })
                },
            )
        })
    }

    fn seat_owners(&self, game: &str) -> Answer<Vec<Option<SeatOwner>>> {
        let id = game.to_owned();
        self.run(move |conn| {
            all(
                conn,
                "SELECT a.id, a.name, a.bot FROM seats s LEFT JOIN accounts a ON a.id = s.account_id
                 WHERE s.game_id = ?1 ORDER BY s.seat",
                [id],
                |r| {
                    Ok(match r.get::<_, Option<AccountId>>(0)? {
                        Some(account) => Some(SeatOwner {
                            account,
                            name: r.get(1)?,
                            bot: r.get(2)?,
                        }),
                        None => None,
                    })
                },
            )
        })
    }

    fn record_results(&self, results: Vec<GameResult>, rate: Option<Rate>) -> Answer<bool> {
        self.run(move |conn| {
            let Some(first) = results.first() else {
                return Ok(false);
            };
            let tx = conn.unchecked_transaction()?;
            let stored: bool = tx
                .prepare_cached("SELECT EXISTS (SELECT 1 FROM results WHERE game_id = ?1)")?
                .query_row([&first.game], |r| r.get(0))?;
            if stored {
                return Ok(false);
            }
            {
                let mut result = tx.prepare_cached(&format!(
                    "INSERT INTO results ({RESULT_COLUMNS})
                     VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)"
                ))?;
                for r in &results {
                    result.execute(params![
                        r.game,
                        r.seat,
                        r.account,
                        r.kind,
                        r.players,
                        r.place,
                        r.won,
                        r.score,
                        r.finished_at,
                        r.rated
                    ])?;
                }
            }
            if let Some(rate) = rate {
                let mut current = Vec::new();
                {
                    let mut last = tx.prepare_cached(&format!(
                        "SELECT {RATING_COLUMNS} FROM ratings WHERE account_id = ?1 AND kind = ?2
                         ORDER BY rowid DESC LIMIT 1"
                    ))?;
                    for r in &results {
                        current.extend(
                            last.query_row(params![r.account, first.kind], rating_row)
                                .optional()?,
                        );
                    }
                }
                let mut rating = tx.prepare_cached(&format!(
                    "INSERT INTO ratings ({RATING_COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6)"
                ))?;
                for p in rate(&current) {
                    rating.execute(params![
                        p.account,
                        p.kind,
                        p.game,
                        p.at,
                        p.rating,
                        p.deviation
                    ])?;
                }
            }
            tx.commit()?;
            Ok(true)
        })
    }

    fn results_of(&self, account: AccountId) -> Answer<Vec<GameResult>> {
        self.run(move |conn| {
            all(
                conn,
                &format!(
                    "SELECT {RESULT_COLUMNS} FROM results WHERE account_id = ?1
                     ORDER BY finished_at DESC, rowid DESC"
                ),
                [account],
                result_row,
            )
        })
    }

    fn current_ratings(&self, kind: &str, accounts: Vec<AccountId>) -> Answer<Vec<RatingPoint>> {
        let kind = kind.to_owned();
        self.run(move |conn| {
            let mut found = Vec::new();
            let mut stmt = conn.prepare_cached(&format!(
                "SELECT {RATING_COLUMNS} FROM ratings WHERE account_id = ?1 AND kind = ?2
                 ORDER BY rowid DESC LIMIT 1"
            ))?;
            for a in accounts {
                found.extend(stmt.query_row(params![a, kind], rating_row).optional()?);
            }
            Ok(found)
        })
    }

    fn rating_history(&self, account: AccountId) -> Answer<Vec<RatingPoint>> {
        self.run(move |conn| {
            all(
                conn,
                &format!(
                    "SELECT {RATING_COLUMNS} FROM ratings WHERE account_id = ?1 ORDER BY rowid"
                ),
                [account],
                rating_row,
            )
        })
    }

    fn leaderboard(&self, kind: &str, limit: u32) -> Answer<Vec<Standing>> {
        let kind = kind.to_owned();
        self.run(move |conn| {
            all(
                conn,
                "WITH current AS (
                    SELECT account_id, rating, deviation, count(*) AS games,
                           max(rowid) AS last FROM ratings WHERE kind = ?1 GROUP BY account_id
                 )
                 SELECT a.id, a.name, a.bot, r.rating, r.deviation, c.games
                 FROM current c JOIN ratings r ON r.rowid = c.last
                 JOIN accounts a ON a.id = c.account_id
                 WHERE a.name_key IS NOT NULL
                 ORDER BY r.rating - 3 * r.deviation DESC, a.id LIMIT ?2",
                params![kind, limit],
                |r| {
                    Ok(Standing {
                        account: r.get(0)?,
                        name: r.get(1)?,
                        bot: r.get(2)?,
                        rating: r.get(3)?,
                        deviation: r.get(4)?,
                        games: r.get::<_, i64>(5)? as u64,
                    })
                },
            )
        })
    }

    fn best_results(&self, kind: &str, players: u8, limit: u32) -> Answer<Vec<BestResult>> {
        let kind = kind.to_owned();
        self.run(move |conn| {
            all(
                conn,
                "SELECT r.game_id, r.seat, r.account_id, r.kind, r.players, r.place, r.won,
                        r.score, r.finished_at, r.rated, a.name, a.bot
                 FROM results r JOIN accounts a ON a.id = r.account_id
                 WHERE r.kind = ?1 AND r.players = ?2 AND r.rated AND a.name_key IS NOT NULL
                 ORDER BY r.score, r.finished_at, r.rowid LIMIT ?3",
                params![kind, players, limit],
                |r| {
                    Ok(BestResult {
                        result: result_row(r)?,
                        name: r.get(10)?,
                        bot: r.get(11)?,
                    })
                },
            )
        })
    }
}
