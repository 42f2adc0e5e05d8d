//! Replaying stored records, at start and as other processes sharing the database accept them
//! (module `cluster`), and answering for a write that another process may have beaten.
//!
//! Decisions:
//! - A record that is the next version and travelled whole is applied at once; anything else
//!   (a gap, a record too large for a notice, a missed notice) is read from the store, so a
//!   follower never applies records out of order.
//! - A task that cannot tell what the store holds (a write whose outcome is unknown, a failed
//!   catch-up) is *behind*, and catches up before its next change.

use super::Table;
use crate::error::ApiError;
use crate::seats::now_ms;
use crate::store::{RecordKind, StoredAction};
use engine::{Actor, Game, Seat};

/// How long another process's word that a seat is connected holds: three of its roll calls
/// ([`crate::cluster::ROLL_CALL_EVERY`]), so that one late notice does not make a present
/// player look absent, while a dead process's players look absent within seconds.
const REMOTE_PRESENCE_MS: i64 = 3 * crate::cluster::ROLL_CALL_EVERY.as_millis() as i64;

impl<G: Game> Table<G> {
    /// Applies one stored record (at start, or one another process accepted).
    ///
    /// # Errors
    /// The record does not apply to the game as it stands.
    pub(super) fn replay(&mut self, stored: &StoredAction) -> Result<Vec<G::Event>, String> {
        let seat = Seat(stored.seat);
        if seat.index() >= self.seats.len() {
            return Err(format!("record {} names seat {seat}", stored.seq));
        }
        if stored.kind == RecordKind::Action {
            let action: G::Action = serde_json::from_str(&stored.action)
                .map_err(|e| format!("action {} is not a {} action: {e}", stored.seq, G::NAME))?;
            let before = self.actor();
            let events = self
                .state
                .apply_as(seat, &action)
                .map_err(|e| format!("action {} ({action}) no longer applies: {e}", stored.seq))?;
            self.accept_action(seat, action, events.clone(), before, stored.at_ms);
            Ok(events)
        } else {
            self.check_record(stored.kind, seat)
                .map_err(|e| format!("record {} ({}): {e}", stored.seq, stored.kind.as_str()))?;
            self.accept_record(stored.kind, seat, stored.at_ms)?;
            Ok(Vec::new())
        }
    }

    /// Applies records another process accepted, in order, and shows each to the watchers
    /// (module `cluster`). Records this task already has are skipped.
    fn follow(&mut self, records: &[StoredAction]) {
        for record in records {
            if record.seq <= self.version {
                continue;
            }
            if record.seq != self.version + 1 {
                tracing::error!(game = %self.id, "record {} follows version {}", record.seq, self.version);
                self.behind = true;
                return;
            }
            match self.replay(record) {
                Ok(events) => {
                    if record.kind == RecordKind::Action {
                        // Its player was there, at whichever process took the action.
                        self.seen(Seat(record.seat));
                    }
                    self.publish(&events);
                }
                Err(e) => {
                    tracing::error!(game = %self.id, "cannot follow another process: {e}");
                    self.behind = true;
                    return;
                }
            }
        }
        if self.actor() == Actor::Terminal {
            self.retire();
        }
        self.schedule_bot();
    }

    /// Reads and applies every record the store holds after this task's version.
    pub(super) async fn catch_up(&mut self) {
        match self.ctx.store.records_after(&self.id, self.version).await {
            Ok(records) => {
                self.behind = false;
                self.follow(&records);
            }
            Err(e) => {
                tracing::warn!(game = %self.id, "cannot catch up: {e}");
                self.behind = true;
            }
        }
    }

    /// After a failed write: the store's answer for why nothing was accepted. A version taken
    /// by another process is `stale_version` once this task has caught up with it; a write
    /// whose outcome is unknown leaves the task behind, to catch up before its next change.
    pub(super) async fn write_failed(&mut self, e: crate::store::StoreError, seq: u64) -> ApiError {
        self.rebuild();
        match e {
            crate::store::StoreError::Conflict { .. } => {
                self.catch_up().await;
                ApiError::StaleVersion {
                    sent: seq - 1,
                    current: self.version,
                }
            }
            e => {
                self.behind = true;
                e.into()
            }
        }
    }

    /// Another process accepted record `seq`: applied at once when it is the next one and
    /// travelled whole, skipped when this task has it, else read from the store.
    pub(super) async fn remote(&mut self, seq: u64, record: Option<StoredAction>) {
        match record {
            Some(record) if seq == self.version + 1 && !self.behind => {
                self.follow(&[record]);
            }
            _ if seq <= self.version => {}
            _ => self.catch_up().await,
        }
    }

    /// Starts or stops driving the bots and clocks: this process took or lost the lease.
    pub(super) async fn drive(&mut self, drive: bool) {
        let started = drive && !self.driving;
        self.driving = drive;
        if started {
            if self.behind {
                self.catch_up().await;
            }
            self.mark_finished();
            self.schedule_bot();
        }
    }

    /// Another process's roll call: these seats have a connection open there.
    pub(super) fn remote_presence(&mut self, seats: Vec<u8>) {
        let now = now_ms();
        let mut changed = false;
        for seat in seats {
            let Some(s) = self.seats.get_mut(usize::from(seat)) else {
                continue;
            };
            changed |= s.remote_until_ms < now;
            s.remote_until_ms = now + REMOTE_PRESENCE_MS;
            s.last_seen_ms = now;
        }
        if changed {
            self.publish(&[]);
        }
    }
}
