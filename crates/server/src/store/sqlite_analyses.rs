//! [`AnalysisStore`] for SQLite: every query runs on the writer thread between two batches of
//! game writes (module `sqlite`), so a request, a claim and a report are each one transaction
//! that no other writer interleaves with.

use super::analyses::{
    AnalysisOutcome, AnalysisStatus, AnalysisStore, Requested, StoredAnalysis, StoredHint,
};
use super::sqlite_accounts::SqliteAccounts;
use super::{Answer, StoreError};
use rusqlite::{params, Connection, OptionalExtension};

const ANALYSIS_COLUMNS: &str = "game_id, status, report, error, samples, seed, queued_at_ms, \
     started_at_ms, finished_at_ms";

/// The analysis of `game`, with its place in the queue.
fn analysis(conn: &Connection, game: &str) -> Result<Option<StoredAnalysis>, StoreError> {
    let row = conn
        .prepare_cached(&format!(
            "SELECT {ANALYSIS_COLUMNS} FROM analyses WHERE game_id = ?1"
        ))?
        .query_row([game], |r| {
            Ok((
                r.get::<_, String>(0)?,
                r.get::<_, String>(1)?,
                r.get::<_, Option<String>>(2)?,
                r.get::<_, Option<String>>(3)?,
                r.get::<_, Option<i64>>(4)?,
                r.get::<_, Option<i64>>(5)?,
                r.get::<_, i64>(6)?,
                r.get::<_, Option<i64>>(7)?,
                r.get::<_, Option<i64>>(8)?,
            ))
        })
        .optional()?;
    let Some((game, status, report, error, samples, seed, queued_at_ms, started, finished)) = row
    else {
        return Ok(None);
    };
    let status = AnalysisStatus::parse(&status)
        .ok_or_else(|| StoreError::Corrupt(format!("analysis of {game}: status {status:?}")))?;
    let position = match status {
        AnalysisStatus::Queued => Some(
            conn.prepare_cached(
                "SELECT COUNT(*) FROM analyses WHERE status = 'queued'
                 AND (queued_at_ms, game_id) < (?1, ?2)",
            )?
            .query_row(params![queued_at_ms, game], |r| r.get::<_, i64>(0))? as u64
                + 1,
        ),
        _ => None,
    };
    Ok(Some(StoredAnalysis {
        game,
        status,
        position,
        report,
        error,
        samples: samples.map(|n| n as u32),
        seed: seed.map(|n| n as u64),
        queued_at_ms,
        started_at_ms: started,
        finished_at_ms: finished,
    }))
}

impl AnalysisStore for SqliteAccounts {
    fn request_analysis(&self, game: &str, at_ms: i64, limit: u64) -> Answer<Requested> {
        let game = game.to_owned();
        self.run(move |conn| {
            if let Some(there) = analysis(conn, &game)? {
                if there.status != AnalysisStatus::Failed {
                    return Ok(Requested::Now(there));
                }
            }
            let queued = conn
                .prepare_cached("SELECT COUNT(*) FROM analyses WHERE status = 'queued'")?
                .query_row([], |r| r.get::<_, i64>(0))? as u64;
            if queued >= limit {
                return Ok(Requested::Full { queued });
            }
            conn.prepare_cached(
                "INSERT INTO analyses (game_id, status, queued_at_ms) VALUES (?1, 'queued', ?2)
                 ON CONFLICT (game_id) DO UPDATE SET status = 'queued', report = NULL,
                    error = NULL, samples = NULL, seed = NULL, queued_at_ms = ?2,
                    started_at_ms = NULL, finished_at_ms = NULL",
            )?
            .execute(params![game, at_ms])?;
            let now = analysis(conn, &game)?
                .ok_or_else(|| StoreError::Corrupt(format!("analysis of {game} not stored")))?;
            Ok(Requested::Now(now))
        })
    }

    fn analysis(&self, game: &str) -> Answer<Option<StoredAnalysis>> {
        let game = game.to_owned();
        self.run(move |conn| analysis(conn, &game))
    }

    fn claim_analysis(&self, at_ms: i64) -> Answer<Option<String>> {
        self.run(move |conn| {
            Ok(conn
                .prepare_cached(
                    "UPDATE analyses SET status = 'running', started_at_ms = ?1
                     WHERE game_id = (SELECT game_id FROM analyses WHERE status = 'queued'
                                      ORDER BY queued_at_ms, game_id LIMIT 1)
                     RETURNING game_id",
                )?
                .query_row([at_ms], |r| r.get::<_, String>(0))
                .optional()?)
        })
    }

    fn finish_analysis(&self, game: &str, outcome: AnalysisOutcome, at_ms: i64) -> Answer<()> {
        let game = game.to_owned();
        self.run(move |conn| {
            let (status, report, error, samples, seed) = match outcome {
                AnalysisOutcome::Done {
                    report,
                    samples,
                    seed,
                } => ("done", Some(report), None, Some(samples), Some(seed as i64)),
                AnalysisOutcome::Failed(why) => ("failed", None, Some(why), None, None),
            };
            conn.prepare_cached(
                "UPDATE analyses SET status = ?2, report = ?3, error = ?4, samples = ?5,
                    seed = ?6, finished_at_ms = ?7 WHERE game_id = ?1",
            )?
            .execute(params![game, status, report, error, samples, seed, at_ms])?;
            Ok(())
        })
    }

    fn requeue_running(&self) -> Answer<u64> {
        self.run(|conn| {
            Ok(conn
                .prepare_cached(
                    "UPDATE analyses SET status = 'queued', started_at_ms = NULL
                     WHERE status = 'running'",
                )?
                .execute([])? as u64)
        })
    }

    fn add_hint(&self, hint: StoredHint) -> Answer<()> {
        self.run(move |conn| {
            conn.prepare_cached(
                "INSERT INTO hints (game_id, seat, step, action, text, at_ms)
                 VALUES (?1, ?2, ?3, ?4, ?5, ?6) ON CONFLICT DO NOTHING",
            )?
            .execute(params![
                hint.game,
                hint.seat,
                hint.step as i64,
                hint.action,
                hint.text,
                hint.at_ms
            ])?;
            Ok(())
        })
    }

    fn hints(&self, game: &str) -> Answer<Vec<StoredHint>> {
        let game = game.to_owned();
        self.run(move |conn| {
            let mut stmt = conn.prepare_cached(
                "SELECT seat, step, action, text, at_ms FROM hints WHERE game_id = ?1
                 ORDER BY step, seat",
            )?;
            let rows = stmt.query_map([&game], |r| {
                Ok(StoredHint {
                    game: game.clone(),
                    seat: r.get(0)?,
                    step: r.get::<_, i64>(1)? as u64,
                    action: r.get(2)?,
                    text: r.get(3)?,
                    at_ms: r.get(4)?,
                })
            })?;
            Ok(rows.collect::<rusqlite::Result<Vec<_>>>()?)
        })
    }
}
