//! Undo and the records that change who plays a seat: checking them, storing them, and
//! applying them to the table (live, or when replaying).
//!
//! Decisions:
//! - **Undo** takes back the seat's last action when it is undoable: the kind's
//!   [`PlayRules`](crate::PlayRules) list the action and event types that reveal nothing and
//!   draw nothing, the game is not over, and no other record came after it (another seat's
//!   action, even a signal, or a change of who plays a seat, fixes everything before it). Undo
//!   is repeatable back to that point. The undo record names no action: replaying it drops the
//!   last entry of the history and rebuilds the state from the setup and the remaining actions
//!   (deterministic rules), and every bot is rebuilt from the events it may see, so nobody
//!   keeps a memory of the undone step. Replaying a whole 579-action four-player Power Grid
//!   game costs about 2 ms of CPU in a debug build (`docs/benchmarks.md`, Server), against a
//!   700 ms bot pause, so an undo needs no snapshots.
//! - A seat handed to a bot (timed out, left, replaced) or taken back fixes the history before
//!   it: nothing before such a record can be undone.

use super::Table;
use crate::error::ApiError;
use crate::seats::now_ms;
use crate::store::{RecordKind, StoredAction};
use engine::{Actor, Game, Seat};

impl<G: Game> Table<G> {
    /// Whether `seat` may add a server record of this kind now.
    pub(super) fn check_record(&self, kind: RecordKind, seat: Seat) -> Result<(), ApiError> {
        let Some(s) = self.seats.get(seat.index()) else {
            return Err(ApiError::WrongToken);
        };
        if self.actor() == Actor::Terminal {
            return Err(ApiError::GameOver);
        }
        match kind {
            RecordKind::Action => Err(ApiError::InvalidRequest(
                "an action is not a server record".into(),
            )),
            RecordKind::Undo => {
                if self.rated {
                    return Err(ApiError::RatedNoUndo);
                }
                if let Some(why) = s.away {
                    return Err(ApiError::SeatAway {
                        seat: seat.0,
                        why: why.as_str(),
                    });
                }
                if self.last_step_undoable_by(seat) {
                    Ok(())
                } else {
                    Err(ApiError::NothingToUndo(self.why_not_undoable(seat)))
                }
            }
            RecordKind::TimedOut | RecordKind::Left | RecordKind::Replaced => {
                if s.bot.is_some() {
                    return Err(ApiError::InvalidSeats(format!(
                        "seat {} is a bot seat",
                        seat.0
                    )));
                }
                if let Some(why) = s.away {
                    return Err(ApiError::SeatAway {
                        seat: seat.0,
                        why: why.as_str(),
                    });
                }
                Ok(())
            }
            RecordKind::Back => match s.away {
                Some(_) => Ok(()),
                None => Err(ApiError::SeatNotAway(seat.0)),
            },
        }
    }

    /// Whether the last entry is `seat`'s, undoable, and after the undo floor.
    pub(super) fn last_step_undoable_by(&self, seat: Seat) -> bool {
        !self.rated
            && self.history.len() > self.undo_floor
            && self
                .history
                .last()
                .is_some_and(|last| last.seat == seat && last.undoable)
    }

    fn why_not_undoable(&self, seat: Seat) -> String {
        match self.history.last() {
            None => "no action has been taken yet".into(),
            Some(last) if self.history.len() <= self.undo_floor || !last.undoable => format!(
                "the last step ({} by seat {}) cannot be taken back: it ended a turn, \
                 revealed or drew something, or a seat changed hands since",
                last.action, last.seat.0
            ),
            Some(last) if last.seat != seat => format!(
                "seat {} acted last ({}); only your own last steps can be taken back",
                last.seat.0, last.action
            ),
            Some(_) => "nothing can be taken back now".into(),
        }
    }

    /// Checks, stores, applies and publishes one server record (undo or seat change).
    pub(super) async fn server_record(
        &mut self,
        kind: RecordKind,
        seat: Seat,
    ) -> Result<u64, ApiError> {
        self.check_record(kind, seat)?;
        if kind == RecordKind::Replaced {
            let s = &self.seats[seat.index()];
            let connected = self.connected(seat);
            let away_ms = now_ms() - s.last_seen_ms;
            let limit = self.replace_after_ms();
            if connected || away_ms < limit {
                return Err(ApiError::PlayerPresent {
                    seat: seat.0,
                    connected,
                    away_seconds: (away_ms.max(0) / 1000) as u64,
                    limit_seconds: (limit / 1000) as u64,
                });
            }
        }
        let seq = self.version + 1;
        let at_ms = now_ms();
        let stored = StoredAction {
            seq,
            seat: seat.0,
            action: String::new(),
            kind,
            at_ms,
        };
        if let Err(e) = self.ctx.store.append_action(&self.id, stored).await {
            tracing::warn!(game = %self.id, "storing record {seq} failed: {e}");
            return Err(self.write_failed(e, seq).await);
        }
        if let Err(e) = self.accept_record(kind, seat, at_ms) {
            tracing::error!(game = %self.id, "record {seq} stored but not applied: {e}");
        }
        self.publish(&[]);
        self.schedule_bot();
        Ok(seq)
    }

    fn replace_after_ms(&self) -> i64 {
        self.replace_after_seconds as i64 * 1000
    }

    /// Applies an accepted server record to the table (live, or when replaying).
    pub(super) fn accept_record(
        &mut self,
        kind: RecordKind,
        seat: Seat,
        at_ms: i64,
    ) -> Result<(), String> {
        self.version += 1;
        match kind {
            RecordKind::Action => return Err("an action is not a server record".into()),
            RecordKind::Undo => {
                self.history.pop();
                self.rebuild();
                self.rebuild_bots()?;
            }
            RecordKind::TimedOut | RecordKind::Left | RecordKind::Replaced => {
                self.seats[seat.index()].away = Some(kind);
                self.undo_floor = self.history.len();
                self.bots[seat.index()] = Some(self.fresh_bot(seat)?);
            }
            RecordKind::Back => {
                self.seats[seat.index()].away = None;
                self.seats[seat.index()].last_seen_ms = now_ms();
                self.undo_floor = self.history.len();
                self.bots[seat.index()] = None;
                self.clocks.refill(seat);
            }
        }
        let stood_in = self.stood_in();
        self.clocks.after(at_ms, false, self.actor(), &stood_in);
        Ok(())
    }

    /// Which seats a bot plays now: its own, or the stand-in.
    pub(super) fn stood_in(&self) -> Vec<bool> {
        self.seats
            .iter()
            .map(|s| s.bot.is_some() || s.away.is_some())
            .collect()
    }
}
