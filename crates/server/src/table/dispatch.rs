//! The task's loop and its commands, and taking an action: check it, apply it, store it, and
//! only then acknowledge and publish it.
//!
//! Decisions:
//! - The state is changed before the write, so that an illegal action is refused without
//!   touching the store; a write that fails is undone by rebuilding the state from the accepted
//!   history ([`Table::rebuild`]).
//! - A game that is over is marked finished in the store once, by the process that drives it,
//!   after its results are recorded ([`Table::mark_finished`]).

use super::bots::{show_bots, BotMove};
use super::{Command, Entry, SeatChange, Summary, Table, Watcher};
use crate::error::ApiError;
use crate::ratings::{self, FinishedGame};
use crate::seats::now_ms;
use crate::store::{RecordKind, StoredAction};
use engine::{Actor, Game, Seat, Viewer};
use serde_json::Value;
use std::time::Duration;
use tokio::sync::mpsc;

impl<G: Game> Table<G> {
    pub(super) async fn run(
        mut self,
        mut rx: mpsc::Receiver<Command>,
        mut bot_rx: mpsc::UnboundedReceiver<BotMove<G>>,
    ) {
        if self.actor() == Actor::Terminal {
            self.retire();
        }
        self.schedule_bot();
        loop {
            let deadline = self.clocks.deadline().filter(|_| self.driving);
            let timer = async {
                match deadline {
                    Some((_, at)) => {
                        let wait = (at - now_ms()).max(0) as u64;
                        tokio::time::sleep(Duration::from_millis(wait)).await;
                    }
                    None => std::future::pending().await,
                }
            };
            tokio::select! {
                command = rx.recv() => match command {
                    Some(c) => self.handle(c).await,
                    None => break,
                },
                Some(m) = bot_rx.recv() => self.bot_moved(m).await,
                () = timer => {
                    if let Some((seat, _)) = deadline {
                        if let Err(e) = self.server_record(RecordKind::TimedOut, seat).await {
                            tracing::error!(game = %self.id, "cannot time out {seat}: {e}");
                            tokio::time::sleep(Duration::from_secs(1)).await;
                        }
                    }
                }
            }
        }
    }

    async fn handle(&mut self, command: Command) {
        match command {
            Command::Act {
                seat,
                version,
                action,
                reply,
            } => {
                if self.behind {
                    self.catch_up().await;
                }
                let result = self.act(seat, version, action).await;
                let _ = reply.send(result);
            }
            Command::Watch { viewer, reply } => {
                if let Viewer::Seat(seat) = viewer {
                    self.seen(seat);
                }
                let (tx, rx) = mpsc::channel(self.ctx.config.watcher_queue.max(1));
                // A game that no longer changes never publishes, so closed connections are
                // dropped here too: otherwise spectators coming and going on a finished game
                // would grow this list without end. The watcher is added before its first
                // state is made, so that this state already shows the seat as connected.
                self.watchers.retain(|w| !w.tx.is_closed());
                let arrived = matches!(viewer, Viewer::Seat(seat) if !self.connected(seat));
                self.watchers.push(Watcher { viewer, tx });
                let now = self.state_message(viewer, &[]);
                let _ = reply.send((now, rx));
                // A player who connects is news to everyone else at the table (who may have
                // been offered to replace them): the others get a state message at once.
                if arrived {
                    self.publish_except(&[], Some(self.watchers.len() - 1));
                }
            }
            Command::State { viewer, reply } => {
                let _ = reply.send(self.state_message(viewer, &[]));
            }
            Command::Log { viewer, reply } => {
                let _ = reply.send(self.log_message(viewer));
            }
            Command::Summary { reply } => {
                let _ = reply.send(Summary {
                    version: self.version,
                    actor: self.actor(),
                    outcome: self
                        .state
                        .outcome()
                        .and_then(|o| serde_json::to_value(o).ok()),
                    unfinished: self.state.past_round_cap(),
                    watchers: self.watchers.len(),
                    seats: self.seat_summaries(),
                    clock: self.clock_view(),
                });
            }
            Command::Undo {
                seat,
                version,
                reply,
            } => {
                if self.behind {
                    self.catch_up().await;
                }
                self.seen(seat);
                let result = match self.check_version(seat, version) {
                    Ok(()) => self.server_record(RecordKind::Undo, seat).await,
                    Err(e) => Err(e),
                };
                let _ = reply.send(result);
            }
            Command::Control {
                seat,
                change,
                reply,
            } => {
                let kind = match change {
                    SeatChange::Leave => RecordKind::Left,
                    SeatChange::Back => RecordKind::Back,
                    SeatChange::Replace => RecordKind::Replaced,
                };
                if change != SeatChange::Replace {
                    self.seen(seat);
                }
                if self.behind {
                    self.catch_up().await;
                }
                let result = self.server_record(kind, seat).await;
                let _ = reply.send(result);
            }
            Command::Rename { seat, name, reply } => {
                self.seen(seat);
                let _ = reply.send(self.rename(seat, name).await);
            }
            Command::Record { viewer, reply } => {
                let _ = reply.send(self.record_message(viewer));
            }
            Command::Replay {
                step,
                viewer,
                reply,
            } => {
                let _ = reply.send(self.replay_message(step, viewer));
            }
            Command::Seen { seat } => {
                self.seen(seat);
                // The player's last connection closing is news too (they may now be replaced).
                self.watchers.retain(|w| !w.tx.is_closed());
                if !self.connected(seat) {
                    self.publish(&[]);
                }
            }
            Command::Decision { seat, reply } => {
                let _ = reply.send(self.decision(seat));
            }
            Command::Remote { seq, record } => self.remote(seq, record).await,
            Command::CatchUp => self.catch_up().await,
            Command::Drive(drive) => self.drive(drive).await,
            Command::Connected { reply } => {
                let seats = (0..self.seats.len() as u8)
                    .filter(|&s| self.connected_here(Seat(s)))
                    .collect();
                let _ = reply.send(seats);
            }
            Command::RemotePresence { seats } => self.remote_presence(seats),
            Command::RemoteName { seat, name } => {
                if let Some(s) = self.seats.get_mut(seat.index()) {
                    s.name = name;
                    self.publish(&[]);
                }
            }
        }
    }

    /// The whole record and the step, if `seat` has a decision to take now.
    fn decision(&self, seat: Seat) -> Result<(Value, u64), ApiError> {
        match self.actor() {
            Actor::Terminal => Err(ApiError::GameOver),
            Actor::Seat(s) if s == seat => Ok((self.whole_record(), self.history.len() as u64)),
            Actor::Seat(s) => Err(ApiError::NotYourTurn {
                seat: seat.0,
                actor: format!("seat {} is playing", s.0),
            }),
        }
    }

    fn check_version(&self, seat: Seat, version: u64) -> Result<(), ApiError> {
        if seat.index() >= self.seats.len() {
            return Err(ApiError::WrongToken);
        }
        if version != self.version {
            return Err(ApiError::StaleVersion {
                sent: version,
                current: self.version,
            });
        }
        Ok(())
    }

    async fn act(&mut self, seat: Seat, version: u64, action: Value) -> Result<u64, ApiError> {
        if seat.index() >= self.state.seats() {
            return Err(ApiError::WrongToken);
        }
        if self.actor() == Actor::Terminal {
            return Err(ApiError::GameOver);
        }
        self.seen(seat);
        if let Some(why) = self.seats[seat.index()].away {
            return Err(ApiError::SeatAway {
                seat: seat.0,
                why: why.as_str(),
            });
        }
        self.check_version(seat, version)?;
        let action: G::Action =
            serde_json::from_value(action).map_err(|e| ApiError::InvalidAction {
                kind: G::NAME,
                reason: e.to_string(),
            })?;
        self.commit(seat, action).await
    }

    /// Applies, stores, then publishes one action.
    pub(super) async fn commit(&mut self, seat: Seat, action: G::Action) -> Result<u64, ApiError> {
        let before = self.actor();
        let events = self
            .state
            .apply_as(seat, &action)
            .map_err(|e| ApiError::IllegalAction(e.to_string()))?;
        let seq = self.version + 1;
        let at_ms = now_ms();
        let stored = match serde_json::to_string(&action) {
            Ok(json) => StoredAction {
                seq,
                seat: seat.0,
                action: json,
                kind: RecordKind::Action,
                at_ms,
            },
            Err(e) => {
                self.rebuild();
                return Err(ApiError::Storage(format!(
                    "cannot serialise the action: {e}"
                )));
            }
        };
        if let Err(e) = self.ctx.store.append_action(&self.id, stored).await {
            tracing::warn!(game = %self.id, "storing action {seq} failed: {e}");
            return Err(self.write_failed(e, seq).await);
        }
        self.accept_action(seat, action, events, before, at_ms);
        let events = self
            .history
            .last()
            .map(|e| e.events.clone())
            .unwrap_or_default();
        self.publish(&events);
        if self.actor() == Actor::Terminal {
            self.retire();
        }
        self.schedule_bot();
        Ok(seq)
    }

    /// Adds an applied action to the history (live, or when replaying).
    pub(super) fn accept_action(
        &mut self,
        seat: Seat,
        action: G::Action,
        events: Vec<G::Event>,
        before: Actor,
        at_ms: i64,
    ) {
        self.version += 1;
        show_bots::<G>(&mut self.bots, &events);
        let undoable = self.actor() != Actor::Terminal && G::undoable(&action, &events);
        self.history.push(Entry {
            seq: self.version,
            seat,
            action,
            events,
            undoable,
        });
        if !undoable {
            self.undo_floor = self.history.len();
        }
        let stood_in = self.stood_in();
        self.clocks
            .after(at_ms, before == Actor::Seat(seat), self.actor(), &stood_in);
    }

    async fn rename(&mut self, seat: Seat, name: String) -> Result<(), ApiError> {
        let Some(s) = self.seats.get(seat.index()) else {
            return Err(ApiError::WrongToken);
        };
        if s.bot.is_some() {
            return Err(ApiError::InvalidSeats(format!(
                "seat {} is a bot seat",
                seat.0
            )));
        }
        if let Err(e) = self
            .ctx
            .store
            .set_name(&self.id, seat.0, Some(name.clone()))
            .await
        {
            return Err(e.into());
        }
        self.seats[seat.index()].name = Some(name);
        self.publish(&[]);
        Ok(())
    }

    /// The game is over: tell the server, which moves it out of the live games, and mark it
    /// finished in the store ([`Self::mark_finished`]).
    pub(super) fn retire(&mut self) {
        if let Some(tx) = self.ctx.finished.take() {
            let _ = tx.send(self.id.clone());
        }
        self.mark_finished();
    }

    /// Marks a game that is over finished in the store, once, from the process that drives it:
    /// with several processes sharing a database, every process follows the game to its end,
    /// and were each to mark it, their transactions would wait on the same row (and, holding
    /// other rows of their batches, deadlock: PostgreSQL finds that only after a second, and
    /// every write of both batches waits that long). A process that is not driving leaves the
    /// mark to the one that is, or to the one that takes the lease over ([`Command::Drive`]).
    ///
    /// A game with an outcome first leaves its results in its players' accounts (module
    /// `ratings`), and is marked only once they are written: if either is lost (a crash right
    /// now, a failed write), the game is found over at the next start, or by the next driver,
    /// and recorded and marked then; the store keeps a game's first results only.
    pub(super) fn mark_finished(&mut self) {
        if self.marked || !self.driving || self.actor() != Actor::Terminal {
            return;
        }
        self.marked = true;
        let finished = match (self.scoring, self.state.outcome()) {
            (Some(scoring), Some(outcome)) => Some(FinishedGame {
                game: self.id.clone(),
                kind: G::NAME,
                rated: self.rated,
                cooperative: scoring.cooperative,
                placings: (scoring.placings)(&self.state, &outcome),
                finished_at: now_ms() / 1000,
            }),
            _ => None,
        };
        let Some(finished) = finished else {
            // Queued after the last action, in order.
            drop(self.ctx.store.mark_finished(&self.id));
            return;
        };
        let store = self.ctx.store.clone();
        tokio::spawn(async move {
            let game = finished.game.clone();
            if let Err(e) = ratings::record(&store.accounts(), finished).await {
                tracing::error!(%game, "cannot record the results (again at the next start): {e}");
                return;
            }
            if let Err(e) = store.mark_finished(&game).await {
                tracing::warn!(%game, "cannot mark the game finished: {e}");
            }
        });
    }

    /// Puts the state back to what the accepted history gives.
    pub(super) fn rebuild(&mut self) {
        let Ok(mut state) = G::new(self.setup.clone()) else {
            tracing::error!(game = %self.id, "setup no longer valid while rebuilding");
            return;
        };
        for e in &self.history {
            if let Err(err) = state.apply_as(e.seat, &e.action) {
                tracing::error!(game = %self.id, "history no longer replays: {err}");
                return;
            }
        }
        self.state = state;
    }
}
