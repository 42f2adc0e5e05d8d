//! Keeping SQLite's write-ahead log bounded under sustained load.
//!
//! A `PASSIVE` checkpoint copies the log back into the database file beside the writer, without
//! ever blocking it; but SQLite can only start the log over from its beginning when a write
//! transaction begins while *every* frame has been copied. Under steady load the writer commits
//! every few milliseconds, so a checkpoint that takes longer than that never finds the log fully
//! copied, the log is never restarted, and it grows without end (621 MB beside a 17 MB database
//! after 56 s of `bench serve`; 7.9 GB after 60 s of all-bot games).
//!
//! Decisions:
//! - The checkpoint thread still does the bulk of the copying, every [`CHECKPOINT_EVERY`], in
//!   `PASSIVE` mode.
//! - The writer, after each batch, looks at the size of the `-wal` file (one `stat`). Past
//!   [`WAL_LIMIT_BYTES`], it runs one `PASSIVE` checkpoint on its own connection. No write can
//!   begin meanwhile, so that checkpoint copies the frames the checkpoint thread has not yet
//!   copied and finishes; the writer's next transaction then starts the log over. The writer
//!   stops only for that remainder (at most [`CHECKPOINT_EVERY`] of writes), not for a whole
//!   checkpoint. If the checkpoint thread is in the middle of a pass (the writer's checkpoint
//!   answers busy), the writer tries again after its next batch.
//! - `journal_size_limit` is set to the same limit, so that when the log starts over the file
//!   is cut back to the limit. From then on the file is larger than the limit exactly when the
//!   log holds more than the limit, which is why its size is a correct trigger.
//! - `RESTART`/`TRUNCATE` checkpoints from the checkpoint thread were not used: they hold the
//!   write lock for the whole copy, and the writer waits for them in SQLite's busy handler,
//!   which sleeps in steps of 1 to 100 ms.

use rusqlite::Connection;
use std::path::PathBuf;
use std::sync::mpsc;
use std::time::Duration;

/// How often the checkpoint thread copies the log back into the database file.
pub const CHECKPOINT_EVERY: Duration = Duration::from_millis(100);

/// The log size past which the writer makes the log start over; also `journal_size_limit`.
pub const WAL_LIMIT_BYTES: u64 = 16 << 20;

/// The writer's view of the log: where it is and how large it may grow.
#[derive(Debug)]
pub(super) struct WalBound {
    /// The `-wal` file beside the database.
    pub wal: PathBuf,
    /// Past this size, the writer finishes a checkpoint between two batches.
    pub limit_bytes: u64,
}

/// The frames in the log and the frames copied, after a passive checkpoint; `None` if another
/// connection's checkpoint was running (SQLite answers busy) or the checkpoint failed.
fn passive_checkpoint(conn: &Connection) -> Option<(i64, i64)> {
    let row = conn.query_row("PRAGMA wal_checkpoint(PASSIVE)", [], |r| {
        Ok((
            r.get::<_, i64>(0)?,
            r.get::<_, i64>(1)?,
            r.get::<_, i64>(2)?,
        ))
    });
    match row {
        Ok((0, log, copied)) => Some((log, copied)),
        _ => None,
    }
}

/// The checkpoint thread: a passive checkpoint every [`CHECKPOINT_EVERY`] until the store is
/// dropped. A failed checkpoint is harmless (the log keeps the data) and is tried again at the
/// next tick.
pub(super) fn checkpointer(conn: &Connection, stopped: &mpsc::Receiver<()>) {
    while let Err(mpsc::RecvTimeoutError::Timeout) = stopped.recv_timeout(CHECKPOINT_EVERY) {
        let _ = passive_checkpoint(conn);
    }
    // Leave the database file complete when the store closes.
    let _ = passive_checkpoint(conn);
}

/// Called by the writer between batches: if the log is past the limit, copies what is left of
/// it, so that the next write starts the log over.
pub(super) fn catch_up(conn: &Connection, bound: &WalBound) {
    let size = std::fs::metadata(&bound.wal).map_or(0, |m| m.len());
    if size > bound.limit_bytes {
        let _ = passive_checkpoint(conn);
    }
}
