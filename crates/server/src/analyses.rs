//! Analyses of finished games, made in the background, and hints (the `analysis` crate's
//! search bot, asked for one seat's current decision).
//!
//! Every game that finishes is queued for analysis (in the store, with its finished mark), and
//! one worker analyses the queue, oldest first, each game at [`AnalysisConfig::budget`]; the
//! report is stored with the game and answered by `GET /api/games/{id}/analysis` to anyone who
//! may see the game's replay, with the hints its seats took. `docs/api.md` has the contract.
//!
//! Decisions:
//! - **One worker, on its own OS thread, at the lowest priority.** An analysis is seconds to
//!   a minute of CPU (Power Grid, standard budget); run on the async runtime it would hold a
//!   worker of every game's task. On Linux the thread asks for `SCHED_IDLE` (it runs only when
//!   no other thread of the machine wants the core) and the nice value 19 (the weakest share
//!   under the normal scheduler, should `SCHED_IDLE` be refused): on Linux both are attributes
//!   of a thread, so the server's own threads keep their priority, and play stays as fast as
//!   without analyses (`docs/benchmarks.md`). Such a thread may wait long for a core, so it
//!   never holds what play needs: finding and loading the game (the server's maps of games)
//!   runs on the runtime and the store's work on its own thread; this one only waits for them.
//! - **The queue is in the database** (module `store::analyses`): a finished game is queued in
//!   the transaction that marks it, the worker claims the oldest queued analysis and stores its
//!   report, and at start the analyses a stopped process left running are queued again; a
//!   restart, even a killed process, loses none. The worker looks at the queue when woken (a
//!   game finished, a request came) and every [`POLL_EVERY`] (games finished by another
//!   process sharing the database).
//! - **Bounded**: a request for an analysis is refused `analysis_queue_full` (503) while
//!   [`AnalysisConfig::queue_limit`] analyses wait. Finished games are always queued.
//! - The analysis seed is derived from the game's id ([`analysis_seed`]), so an analysis made
//!   again is the same report, and a hint's adviser is seeded as the analysis's adviser of
//!   that seat.
//! - **Hints** are computed off the runtime (`spawn_blocking`), at most
//!   [`AnalysisConfig::hint_threads`] at once (more wait their turn), from the whole record
//!   of the running game, which the table hands over but never sends: `analysis::advise` reads
//!   from it only what the seat could know (its views and the events redacted for it). Rated
//!   games give none. Each hint given is stored (seat, step, action); while the game runs no
//!   route lists them, and once it is over the analysis answer does.

use crate::api::{parse, GameId, Player};
use crate::error::ApiError;
use crate::seats::now_ms;
use crate::store::analyses::{
    AnalysisOutcome, AnalysisStatus, AnalysisStore, Requested, StoredAnalysis, StoredHint,
};
use crate::{Inner, Server};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::StatusCode;
use axum::Json;
use engine::{Actor, Viewer};
use serde_json::{json, Value};
use std::sync::mpsc as std_mpsc;
use std::sync::{Arc, Weak};
use std::time::Duration;

/// How often the idle worker looks at the queue without being woken.
pub const POLL_EVERY: Duration = Duration::from_secs(2);

/// How the server analyses finished games and gives hints.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct AnalysisConfig {
    /// Whether this process analyses finished games and accepts requests for analyses
    /// (`tabletop serve --no-analysis` turns it off: requests are refused
    /// `analysis_disabled`, stored analyses and hints are still answered, and finished games
    /// are still queued, for a process that analyses).
    pub enabled: bool,
    /// Samples per estimated action (`--analysis-budget`).
    pub budget: analysis::Budget,
    /// Analyses that may wait before a request is refused `analysis_queue_full`.
    pub queue_limit: u64,
    /// Hints computed at once.
    pub hint_threads: usize,
    /// The share of one core the worker takes over time (`--analysis-share`): after each
    /// analysis it rests `1 / share - 1` times as long as the analysis took (by the clock, so
    /// on a busy machine, where the analysis waits for a core, it rests longer). 1 never
    /// rests; a share below [`MIN_SHARE`] counts as [`MIN_SHARE`].
    pub share: f64,
}

/// The smallest share of a core the worker is given (`--analysis-share`).
pub const MIN_SHARE: f64 = 0.01;

/// The share of a core the worker takes by default: with it `tabletop bench serve`'s p99
/// stays within 10 % of the same run without analyses (`docs/benchmarks.md`).
pub const DEFAULT_SHARE: f64 = 0.25;

impl Default for AnalysisConfig {
    fn default() -> Self {
        AnalysisConfig {
            enabled: true,
            budget: analysis::Budget::Standard,
            queue_limit: 1000,
            hint_threads: 2,
            share: DEFAULT_SHARE,
        }
    }
}

/// The server's side of the worker: what wakes it, and the hints' bound.
pub(crate) struct Analyses {
    wake: Option<std_mpsc::SyncSender<()>>,
    hints: Arc<tokio::sync::Semaphore>,
}

impl Analyses {
    /// Wakes the worker (if this process runs one) to look at the queue.
    pub(crate) fn wake(&self) {
        if let Some(wake) = &self.wake {
            let _ = wake.try_send(());
        }
    }
}

/// The seed of a game's analysis, from its id (FNV-1a): the same on every machine and every
/// run.
pub fn analysis_seed(game: &str) -> u64 {
    game.bytes().fold(0xcbf2_9ce4_8422_2325, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// What the server keeps for analyses, and the wake of the worker it will start.
pub(crate) fn prepare(config: &AnalysisConfig) -> (Analyses, Option<std_mpsc::Receiver<()>>) {
    let (wake, woken) = if config.enabled {
        let (tx, rx) = std_mpsc::sync_channel(1);
        (Some(tx), Some(rx))
    } else {
        (None, None)
    };
    let analyses = Analyses {
        wake,
        hints: Arc::new(tokio::sync::Semaphore::new(config.hint_threads.max(1))),
    };
    (analyses, woken)
}

/// Starts the worker thread; it ends once the server is dropped.
pub(crate) fn start_worker(server: &Server, woken: std_mpsc::Receiver<()>) {
    let inner = Arc::downgrade(&server.inner);
    let store = server.inner.store.analyses();
    let runtime = tokio::runtime::Handle::current();
    let spawned = std::thread::Builder::new()
        .name("analysis".into())
        .spawn(move || work(&inner, store.as_ref(), &runtime, &woken));
    if let Err(e) = spawned {
        tracing::error!("cannot start the analysis worker: {e}");
    }
}

/// Lowers the calling thread's priority as far as it goes (see the module docs).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: plain system calls on the calling thread, with a valid parameter struct.
    unsafe {
        let tid = libc::gettid();
        let param = libc::sched_param { sched_priority: 0 };
        if libc::sched_setscheduler(tid, libc::SCHED_IDLE, &param) != 0 {
            tracing::warn!("the analysis worker cannot use SCHED_IDLE; it runs at nice 19");
        }
        libc::setpriority(libc::PRIO_PROCESS, tid as libc::id_t, 19);
    }
}

/// The worker's loop: analyse every queued game, then wait to be woken.
fn work(
    server: &Weak<Inner>,
    store: &dyn AnalysisStore,
    runtime: &tokio::runtime::Handle,
    woken: &std_mpsc::Receiver<()>,
) {
    lower_priority();
    // The stores start each query as a task of the runtime when it is asked for, before it is
    // awaited (PostgreSQL's does): this thread asks from inside the runtime's context.
    let _context = runtime.enter();
    match runtime.block_on(store.requeue_running()) {
        Ok(0) => {}
        Ok(n) => tracing::info!("{n} analyses left running by the last run are queued again"),
        Err(e) => tracing::warn!("cannot queue the interrupted analyses again: {e}"),
    }
    loop {
        let Some(inner) = server.upgrade() else {
            return;
        };
        let server = Server { inner };
        match runtime.block_on(store.claim_analysis(now_ms())) {
            Ok(Some(game)) => {
                let started = std::time::Instant::now();
                let share = server.config().analysis.share;
                let outcome = analyse(server, runtime, &game);
                if let AnalysisOutcome::Failed(why) = &outcome {
                    tracing::warn!(%game, "analysis failed: {why}");
                }
                if let Err(e) = runtime.block_on(store.finish_analysis(&game, outcome, now_ms())) {
                    tracing::error!(%game, "cannot store the analysis: {e}");
                }
                std::thread::sleep(rest_after(started.elapsed(), share));
                continue;
            }
            Ok(None) => drop(server),
            Err(e) => {
                drop(server);
                tracing::warn!("cannot read the analysis queue: {e}");
            }
        }
        match woken.recv_timeout(POLL_EVERY) {
            Ok(()) | Err(std_mpsc::RecvTimeoutError::Timeout) => {}
            Err(std_mpsc::RecvTimeoutError::Disconnected) => return,
        }
    }
}

/// How long the worker rests after an analysis that took `took`, so that over time it takes
/// at most `share` of one core (1 or more: no rest).
fn rest_after(took: Duration, share: f64) -> Duration {
    if share.is_nan() || share >= 1.0 {
        return Duration::ZERO;
    }
    let share = share.max(MIN_SHARE);
    took.mul_f64((1.0 - share) / share)
}

/// Analyses finished game `game` at the configured budget.
fn analyse(server: Server, runtime: &tokio::runtime::Handle, game: &str) -> AnalysisOutcome {
    let budget = server.config().analysis.budget;
    // Finding and loading the game takes the server's maps of games (and replays a stored
    // game): that runs on the runtime's threads, at play's priority, and this thread only
    // waits. Run here, a lock taken by this thread, which may wait long for a core, would
    // hold up every request that needs it. The game stays loaded only as long as the
    // finished games' cache keeps it.
    let id = game.to_owned();
    let record = runtime.block_on(runtime.spawn(async move {
        let entry = server.game(&id).await?;
        entry.handle.record(Viewer::Spectator).await
    }));
    let record: Value = match record {
        Ok(Ok(text)) => match serde_json::from_str(&text) {
            Ok(record) => record,
            Err(e) => return AnalysisOutcome::Failed(format!("the record is not JSON: {e}")),
        },
        Ok(Err(e)) => return AnalysisOutcome::Failed(format!("the game cannot be read: {e}")),
        Err(e) => return AnalysisOutcome::Failed(format!("the game cannot be read: {e}")),
    };
    let options = analysis::Options {
        budget,
        seed: analysis_seed(game),
        seat: None,
    };
    // A panic in the analysis must not stop the worker: the game's analysis fails instead.
    let analysed = std::panic::catch_unwind(|| analysis::analyze_json(record, &options));
    match analysed {
        Ok(Ok(report)) => match serde_json::to_string(&report) {
            Ok(text) => AnalysisOutcome::Done {
                report: text,
                samples: report.samples,
                seed: report.seed,
            },
            Err(e) => AnalysisOutcome::Failed(format!("the report cannot be written: {e}")),
        },
        Ok(Err(e)) => AnalysisOutcome::Failed(e.to_string()),
        Err(_) => AnalysisOutcome::Failed("the analysis stopped on an internal error".into()),
    }
}

/// Checks a body that must be empty or `{}`.
fn parse_empty(body: Result<Bytes, BytesRejection>, max: usize) -> Result<(), ApiError> {
    if matches!(&body, Ok(bytes) if bytes.iter().all(u8::is_ascii_whitespace)) {
        return Ok(());
    }
    match parse::<Value>(body, max)? {
        Value::Object(fields) if fields.is_empty() => Ok(()),
        Value::Object(fields) => Err(ApiError::InvalidRequest(format!(
            "unknown field {:?}: the body is {{}} (or empty)",
            fields.keys().next().map_or("", String::as_str)
        ))),
        other => Err(ApiError::InvalidRequest(format!(
            "the body is {{}} (or empty), not {other}"
        ))),
    }
}

/// The analysis answer: the status (with its report, place or error) and the hints taken.
fn answer(stored: Option<StoredAnalysis>, hints: Vec<StoredHint>) -> Value {
    let mut body = match stored {
        None => json!({"status": "none"}),
        Some(a) => match a.status {
            AnalysisStatus::Queued => json!({"status": "queued", "position": a.position}),
            AnalysisStatus::Running => json!({"status": "running"}),
            AnalysisStatus::Done => {
                let report = a
                    .report
                    .as_deref()
                    .and_then(|r| serde_json::from_str::<Value>(r).ok())
                    .unwrap_or(Value::Null);
                json!({"status": "done", "report": report})
            }
            AnalysisStatus::Failed => json!({"status": "failed", "error": a.error}),
        },
    };
    body["hints"] = hints.into_iter().map(hint_json).collect();
    body
}

fn hint_json(h: StoredHint) -> Value {
    json!({
        "seat": h.seat,
        "step": h.step,
        "action": serde_json::from_str::<Value>(&h.action).unwrap_or(Value::Null),
        "text": h.text,
    })
}

/// Checks that game `id` is over (only a finished game has an analysis).
async fn finished(server: &Server, id: &str) -> Result<(), ApiError> {
    let entry = server.game(id).await?;
    match entry.handle.summary().await?.actor {
        Actor::Terminal => Ok(()),
        Actor::Seat(_) => Err(ApiError::GameNotOver),
    }
}

/// `GET /api/games/{id}/analysis`.
pub(crate) async fn get(
    State(server): State<Server>,
    GameId(id): GameId,
) -> Result<Json<Value>, ApiError> {
    finished(&server, &id).await?;
    let store = server.inner.store.analyses();
    let (stored, hints) = tokio::try_join!(store.analysis(&id), store.hints(&id))?;
    Ok(Json(answer(stored, hints)))
}

/// `POST /api/games/{id}/analysis`: queues the analysis of a finished game that has none (or
/// a failed one); asking again changes nothing.
pub(crate) async fn request(
    State(server): State<Server>,
    GameId(id): GameId,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<Value>), ApiError> {
    parse_empty(body, server.config().max_message_bytes)?;
    let config = server.config().analysis;
    if !config.enabled {
        return Err(ApiError::AnalysisDisabled);
    }
    finished(&server, &id).await?;
    let store = server.inner.store.analyses();
    let stored = match store
        .request_analysis(&id, now_ms(), config.queue_limit)
        .await?
    {
        Requested::Full { queued } => return Err(ApiError::AnalysisQueueFull { queued }),
        Requested::Now(stored) => stored,
    };
    server.inner.analyses.wake();
    let hints = store.hints(&id).await?;
    Ok((StatusCode::ACCEPTED, Json(answer(Some(stored), hints))))
}

/// `POST /api/games/{id}/hint`: the search bot's next action for the token's seat.
pub(crate) async fn hint(
    State(server): State<Server>,
    GameId(id): GameId,
    Player { entry, seat }: Player,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Value>, ApiError> {
    parse_empty(body, server.config().max_message_bytes)?;
    if entry.options.rated {
        return Err(ApiError::HintsRated);
    }
    let (record, step) = entry.handle.decision(seat).await?;
    let permit = server
        .inner
        .analyses
        .hints
        .clone()
        .acquire_owned()
        .await
        .map_err(|_| ApiError::Unavailable)?;
    let seed = analysis_seed(&id);
    let advised = tokio::task::spawn_blocking(move || {
        let advised = analysis::advise_json(record, seat, seed);
        drop(permit);
        advised
    })
    .await
    .map_err(|_| ApiError::HintUnavailable("the bot stopped on an internal error".into()))?;
    let hint = advised.map_err(|e| match e {
        analysis::AnalysisError::NoDecision { actor, .. } => ApiError::NotYourTurn {
            seat: seat.0,
            actor,
        },
        e => ApiError::HintUnavailable(e.to_string()),
    })?;
    let stored = StoredHint {
        game: id,
        seat: seat.0,
        step,
        action: hint.action.to_string(),
        text: hint.text,
        at_ms: now_ms(),
    };
    server
        .inner
        .store
        .analyses()
        .add_hint(stored.clone())
        .await?;
    Ok(Json(hint_json(stored)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_worker_rests_so_that_it_takes_its_share_of_a_core() {
        let took = Duration::from_secs(2);
        assert_eq!(rest_after(took, 1.0), Duration::ZERO);
        assert_eq!(rest_after(took, 3.0), Duration::ZERO);
        assert_eq!(rest_after(took, f64::NAN), Duration::ZERO);
        assert_eq!(rest_after(took, 0.5), Duration::from_secs(2));
        assert_eq!(rest_after(took, DEFAULT_SHARE), Duration::from_secs(6));
        // Below the smallest share, the smallest share's rest.
        assert_eq!(rest_after(took, 0.0), rest_after(took, MIN_SHARE));
        assert_eq!(rest_after(took, -1.0), Duration::from_secs(198));
    }
}
