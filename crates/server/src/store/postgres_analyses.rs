//! [`AnalysisStore`] for PostgreSQL, on the account connection (module `postgres_accounts`).
//!
//! Decisions:
//! - Several processes may run a worker on one database: a worker claims the oldest queued
//!   analysis with `FOR UPDATE SKIP LOCKED`, so two workers never take the same one.
//! - A request reads and queues in one transaction; two processes queueing at the same moment
//!   may pass the bound by one each, which the bound (a guard against floods, not an exact
//!   count) allows.

use super::analyses::{
    AnalysisOutcome, AnalysisStatus, AnalysisStore, Requested, StoredAnalysis, StoredHint,
};
use super::postgres_accounts::PgAccounts;
use super::{Answer, StoreError};
use tokio_postgres::{GenericClient, Row};

const ANALYSIS_COLUMNS: &str = "game_id, status, report, error, samples, seed, queued_at_ms, \
     started_at_ms, finished_at_ms";

/// The analysis of `game`, with its place in the queue.
async fn analysis(
    client: &impl GenericClient,
    game: &str,
) -> Result<Option<StoredAnalysis>, StoreError> {
    let Some(row) = client
        .query_opt(
            &format!("SELECT {ANALYSIS_COLUMNS} FROM analyses WHERE game_id = $1"),
            &[&game],
        )
        .await?
    else {
        return Ok(None);
    };
    let mut stored = analysis_row(&row)?;
    if stored.status == AnalysisStatus::Queued {
        let ahead: i64 = client
            .query_one(
                "SELECT COUNT(*) FROM analyses WHERE status = 'queued'
                 AND (queued_at_ms, game_id) < ($1, $2)",
                &[&stored.queued_at_ms, &game],
            )
            .await?
            .get(0);
        stored.position = Some(ahead as u64 + 1);
    }
    Ok(Some(stored))
}

fn analysis_row(r: &Row) -> Result<StoredAnalysis, StoreError> {
    let game: String = r.get(0);
    let status: String = r.get(1);
    let status = AnalysisStatus::parse(&status)
        .ok_or_else(|| StoreError::Corrupt(format!("analysis of {game}: status {status:?}")))?;
    Ok(StoredAnalysis {
        game,
        status,
        position: None,
        report: r.get(2),
        error: r.get(3),
        samples: r.get::<_, Option<i64>>(4).map(|n| n as u32),
        seed: r.get::<_, Option<i64>>(5).map(|n| n as u64),
        queued_at_ms: r.get(6),
        started_at_ms: r.get(7),
        finished_at_ms: r.get(8),
    })
}

impl AnalysisStore for PgAccounts {
    fn request_analysis(&self, game: &str, at_ms: i64, limit: u64) -> Answer<Requested> {
        let game = game.to_owned();
        self.run(move |mut held| async move {
            let tx = held.client()?.transaction().await?;
            tx.execute(
                "SELECT 1 FROM analyses WHERE game_id = $1 FOR UPDATE",
                &[&game],
            )
            .await?;
            if let Some(there) = analysis(&tx, &game).await? {
                if there.status != AnalysisStatus::Failed {
                    return Ok(Requested::Now(there));
                }
            }
            let queued: i64 = tx
                .query_one("SELECT COUNT(*) FROM analyses WHERE status = 'queued'", &[])
                .await?
                .get(0);
            if queued as u64 >= limit {
                return Ok(Requested::Full {
                    queued: queued as u64,
                });
            }
            tx.execute(
                "INSERT INTO analyses (game_id, status, queued_at_ms) VALUES ($1, 'queued', $2)
                 ON CONFLICT (game_id) DO UPDATE SET status = 'queued', report = NULL,
                    error = NULL, samples = NULL, seed = NULL, queued_at_ms = $2,
                    started_at_ms = NULL, finished_at_ms = NULL",
                &[&game, &at_ms],
            )
            .await?;
            let now = analysis(&tx, &game)
                .await?
                .ok_or_else(|| StoreError::Corrupt(format!("analysis of {game} not stored")))?;
            tx.commit().await?;
            Ok(Requested::Now(now))
        })
    }

    fn analysis(&self, game: &str) -> Answer<Option<StoredAnalysis>> {
        let game = game.to_owned();
        self.run(move |mut held| async move { analysis(held.client()?, &game).await })
    }

    fn claim_analysis(&self, at_ms: i64) -> Answer<Option<String>> {
        self.run(move |mut held| async move {
            Ok(held
                .client()?
                .query_opt(
                    "UPDATE analyses SET status = 'running', started_at_ms = $1
                     WHERE game_id = (SELECT game_id FROM analyses WHERE status = 'queued'
                                      ORDER BY queued_at_ms, game_id LIMIT 1
                                      FOR UPDATE SKIP LOCKED)
                     RETURNING game_id",
                    &[&at_ms],
                )
                .await?
                .map(|r| r.get(0)))
        })
    }

    fn finish_analysis(&self, game: &str, outcome: AnalysisOutcome, at_ms: i64) -> Answer<()> {
        let game = game.to_owned();
        self.run(move |mut held| async move {
            let (status, report, error, samples, seed) = match outcome {
                AnalysisOutcome::Done {
                    report,
                    samples,
                    seed,
                } => (
                    "done",
                    Some(report),
                    None,
                    Some(i64::from(samples)),
                    Some(seed as i64),
                ),
                AnalysisOutcome::Failed(why) => ("failed", None, Some(why), None, None),
            };
            held.client()?
                .execute(
                    "UPDATE analyses SET status = $2, report = $3, error = $4, samples = $5,
                        seed = $6, finished_at_ms = $7 WHERE game_id = $1",
                    &[&game, &status, &report, &error, &samples, &seed, &at_ms],
                )
                .await?;
            Ok(())
        })
    }

    fn requeue_running(&self) -> Answer<u64> {
        self.run(|mut held| async move {
            Ok(held
                .client()?
                .execute(
                    "UPDATE analyses SET status = 'queued', started_at_ms = NULL
                     WHERE status = 'running'",
                    &[],
                )
                .await?)
        })
    }

    fn add_hint(&self, hint: StoredHint) -> Answer<()> {
        self.run(move |mut held| async move {
            held.client()?
                .execute(
                    "INSERT INTO hints (game_id, seat, step, action, text, at_ms)
                     VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT DO NOTHING",
                    &[
                        &hint.game,
                        &i16::from(hint.seat),
                        &(hint.step as i64),
                        &hint.action,
                        &hint.text,
                        &hint.at_ms,
                    ],
                )
                .await?;
            Ok(())
        })
    }

    fn hints(&self, game: &str) -> Answer<Vec<StoredHint>> {
        let game = game.to_owned();
        self.run(move |mut held| async move {
            let rows = held
                .client()?
                .query(
                    "SELECT seat, step, action, text, at_ms FROM hints WHERE game_id = $1
                     ORDER BY step, seat",
                    &[&game],
                )
                .await?;
            rows.iter()
                .map(|r| {
                    let seat: i16 = r.get(0);
                    Ok(StoredHint {
                        game: game.clone(),
                        seat: u8::try_from(seat)
                            .map_err(|_| StoreError::Corrupt(format!("hint seat {seat}")))?,
                        step: r.get::<_, i64>(1) as u64,
                        action: r.get(2),
                        text: r.get(3),
                        at_ms: r.get(4),
                    })
                })
                .collect()
        })
    }
}
