//! What the server keeps of finished games' analyses and of the hints players took, behind
//! [`AnalysisStore`]: implemented for SQLite (module `sqlite_analyses`) and PostgreSQL (module
//! `postgres_analyses`) on the connection the account queries use, and tested by the one store
//! suite (module `suite`).
//!
//! Decisions:
//! - **The database is the queue.** An analysis is a row of `analyses` (game, status, report,
//!   samples, seed, times); the worker claims the oldest queued row and writes the report back
//!   (module `analyses` of the server). Nothing of the queue lives only in memory, so a restart
//!   or a killed process loses nothing: a game that is marked finished is queued by the same
//!   transaction ([`Store::mark_finished`](super::Store::mark_finished)), and the analyses a
//!   stopped process left running are queued again at the next start
//!   ([`AnalysisStore::requeue_running`]).
//! - The queue's bound applies to requests ([`AnalysisStore::request_analysis`]): a game that
//!   finishes is always queued (refusing it would lose its analysis), and the rows it adds are
//!   a few bytes each, written at the pace games end.
//! - A hint is stored once per seat and step (asking again at the same step gives the same
//!   hint), and never changes.

use super::Answer;

/// Where an analysis stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum AnalysisStatus {
    /// Waiting for the worker.
    Queued,
    /// Being analysed.
    Running,
    /// Analysed: the report is stored.
    Done,
    /// The analysis failed: the error is stored.
    Failed,
}

impl AnalysisStatus {
    /// The name stored in the `status` column and sent in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            AnalysisStatus::Queued => "queued",
            AnalysisStatus::Running => "running",
            AnalysisStatus::Done => "done",
            AnalysisStatus::Failed => "failed",
        }
    }

    /// The status stored as `name`, if it is one.
    pub fn parse(name: &str) -> Option<AnalysisStatus> {
        [
            AnalysisStatus::Queued,
            AnalysisStatus::Running,
            AnalysisStatus::Done,
            AnalysisStatus::Failed,
        ]
        .into_iter()
        .find(|s| s.as_str() == name)
    }
}

/// One game's analysis as stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredAnalysis {
    /// The game.
    pub game: String,
    /// Where it stands.
    pub status: AnalysisStatus,
    /// Its place in the queue while queued: 1 is next.
    pub position: Option<u64>,
    /// The report as JSON, once done.
    pub report: Option<String>,
    /// Why it failed, once failed.
    pub error: Option<String>,
    /// Samples per estimated action, once done.
    pub samples: Option<u32>,
    /// The analysis seed, once done.
    pub seed: Option<u64>,
    /// When it was queued, in milliseconds since the Unix epoch.
    pub queued_at_ms: i64,
    /// When the worker took it.
    pub started_at_ms: Option<i64>,
    /// When it was done or failed.
    pub finished_at_ms: Option<i64>,
}

/// How an analysis ended, as the worker stores it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnalysisOutcome {
    /// The report, as JSON, with the samples per action and the seed it was made with.
    Done {
        report: String,
        samples: u32,
        seed: u64,
    },
    /// Why it failed.
    Failed(String),
}

/// What a request for an analysis found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Requested {
    /// The analysis as it stands now: queued by this request, or already queued, running or
    /// done (which the request leaves as they are).
    Now(StoredAnalysis),
    /// The queue holds `queued` analyses, its bound: nothing was queued.
    Full { queued: u64 },
}

/// A hint a seat took.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredHint {
    /// The game.
    pub game: String,
    /// The seat that asked.
    pub seat: u8,
    /// The game's step (actions taken before the decision) it was asked at.
    pub step: u64,
    /// The suggested action, as JSON.
    pub action: String,
    /// The suggested action in text form.
    pub text: String,
    /// When it was given, in milliseconds since the Unix epoch.
    pub at_ms: i64,
}

/// Analyses and hints, in the games' database.
pub trait AnalysisStore: Send + Sync {
    /// Queues the analysis of `game` at `at_ms` unless it is queued, running or done already
    /// (a failed one, or none, is queued again), and unless `limit` analyses are queued.
    fn request_analysis(&self, game: &str, at_ms: i64, limit: u64) -> Answer<Requested>;
    /// The analysis of `game`, if it has one, with its place in the queue.
    fn analysis(&self, game: &str) -> Answer<Option<StoredAnalysis>>;
    /// Takes the oldest queued analysis for the worker: it is running from `at_ms`.
    fn claim_analysis(&self, at_ms: i64) -> Answer<Option<String>>;
    /// Stores how the analysis of `game` ended, at `at_ms`.
    fn finish_analysis(&self, game: &str, outcome: AnalysisOutcome, at_ms: i64) -> Answer<()>;
    /// Queues again every analysis left running (by a process that stopped); answers how many.
    fn requeue_running(&self) -> Answer<u64>;
    /// Stores a hint; a second one for the same seat and step changes nothing.
    fn add_hint(&self, hint: StoredHint) -> Answer<()>;
    /// The hints taken in `game`, in step order (then seat).
    fn hints(&self, game: &str) -> Answer<Vec<StoredHint>>;
}
