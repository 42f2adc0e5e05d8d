//! One task owns one game: its state, its history, its bots and the connections watching it.
//!
//! Routes and WebSocket connections talk to a game only through its [`GameHandle`] (a channel of
//! type-erased [`Command`]s carrying JSON); the task itself is fully typed over the
//! [`engine::Game`]. This keeps every change to a game in one place, in order, without locks.
//!
//! Decisions:
//! - The *version* of a game is the number of accepted actions. An action names the version it
//!   was made on; any other version is stale and refused, so no action is ever applied to a state
//!   its sender has not seen.
//! - An action is applied in memory, written through the [`Store`](crate::store::Store), and only
//!   once the write is committed is it acknowledged and shown to watchers. If the write fails,
//!   the state is rebuilt from the accepted history (the rules are deterministic), as if the
//!   action had never come.
//! - Every message to a viewer is built from [`Game::view`] and [`Game::redact`] for that viewer
//!   alone; legal actions are sent only to the seat that must act.
//! - Bots think on the blocking thread pool (`spawn_blocking`), after the configured pause; a
//!   bot's move made on a version that has moved on is dropped and the bot asked again. A bot
//!   that panics or answers with an action that is not legal is replaced for that move by the
//!   first legal action, and a warning is logged.
//! - A watcher whose queue is full (a client that does not read) is dropped; its connection
//!   closes, and reconnecting gives it the current state.
//! - The version counts *records*, not only actions: an undo and every change of who plays a
//!   seat (module `seats`) are records too, stored in order with the actions, so that a
//!   restart replays to the same state, the same bots in the same seats, and the same clocks.
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

use crate::error::ApiError;
use crate::kind::{FinalHands, PlayRules};
use crate::seats::{now_ms, ClockView, Clocks, PlayOptions, TimeControl};
use crate::store::{RecordKind, Store, StoredAction};
use crate::Config;
use engine::{Actor, Bot, Game, Seat, Viewer};
use serde::Serialize;
use serde_json::Value;
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

/// What a game's task needs from the server.
#[derive(Clone)]
pub(crate) struct TableContext {
    pub store: Arc<dyn Store>,
    pub config: Arc<Config>,
    /// Told the game's id once it is over (module `finished`); `None` for a finished game
    /// loaded from the store.
    pub finished: Option<mpsc::UnboundedSender<String>>,
    /// Whether the task drives its bots and clocks from the start: always with a store that
    /// one process owns; with a shared one, only once this process holds the game's lease
    /// (module `cluster`).
    pub drives: bool,
}

/// A message queued for one watcher: a complete JSON text.
pub(crate) type Outgoing = Arc<str>;

/// A request to a game's task.
pub(crate) enum Command {
    /// Apply an action for `seat`, made on `version`; answers the new version.
    Act {
        seat: Seat,
        version: u64,
        action: Value,
        reply: oneshot::Sender<Result<u64, ApiError>>,
    },
    /// The current state message for `viewer`, and a queue of every later one.
    Watch {
        viewer: Viewer,
        reply: oneshot::Sender<(Outgoing, mpsc::Receiver<Outgoing>)>,
    },
    /// The current state message for `viewer`.
    State {
        viewer: Viewer,
        reply: oneshot::Sender<Outgoing>,
    },
    /// The log as `viewer` may see it.
    Log {
        viewer: Viewer,
        reply: oneshot::Sender<Outgoing>,
    },
    /// Public facts: version, actor, outcome.
    Summary { reply: oneshot::Sender<Summary> },
    /// Take back `seat`'s last undoable action, seen on `version`.
    Undo {
        seat: Seat,
        version: u64,
        reply: oneshot::Sender<Result<u64, ApiError>>,
    },
    /// Hand a seat to the stand-in bot, or take it back.
    Control {
        seat: Seat,
        change: SeatChange,
        reply: oneshot::Sender<Result<u64, ApiError>>,
    },
    /// Set a seat's display name (already checked).
    Rename {
        seat: Seat,
        name: String,
        reply: oneshot::Sender<Result<(), ApiError>>,
    },
    /// The game's record as `viewer` may see it.
    Record {
        viewer: Viewer,
        reply: oneshot::Sender<Outgoing>,
    },
    /// A finished game as it stood after `step` actions, seen by `viewer` (the replay viewer).
    Replay {
        step: usize,
        viewer: Viewer,
        reply: oneshot::Sender<Result<Outgoing, ApiError>>,
    },
    /// A connection of this seat closed: it was last seen now.
    Seen { seat: Seat },
    /// Another process accepted record `seq` (`None`: read it from the store).
    Remote {
        seq: u64,
        record: Option<StoredAction>,
    },
    /// Changes may have been missed: read every record after this version from the store.
    CatchUp,
    /// Start or stop driving the bots and clocks (this process took or lost the lease).
    Drive(bool),
    /// Another process changed a seat's display name.
    RemoteName { seat: Seat, name: Option<String> },
    /// The seats with a connection open here (for the roll call of module `cluster`).
    Connected { reply: oneshot::Sender<Vec<u8>> },
    /// Another process has these seats connected now (its roll call).
    RemotePresence { seats: Vec<u8> },
}

/// How long another process's word that a seat is connected holds: three of its roll calls
/// ([`crate::cluster::ROLL_CALL_EVERY`]), so that one late notice does not make a present
/// player look absent, while a dead process's players look absent within seconds.
const REMOTE_PRESENCE_MS: i64 = 3 * crate::cluster::ROLL_CALL_EVERY.as_millis() as i64;

/// A change of who plays a seat, asked for by a person.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum SeatChange {
    /// The seat's player hands it to the stand-in bot.
    Leave,
    /// The seat's player takes it back.
    Back,
    /// The creator hands an absent player's seat to the stand-in bot.
    Replace,
}

/// One seat as shown in summaries, state messages, logs and records.
#[derive(Debug, Clone, Serialize)]
pub struct SeatSummary {
    /// The seat.
    pub seat: Seat,
    /// `"human"` or `"bot"`.
    #[serde(rename = "type")]
    pub player: &'static str,
    /// The bot of a bot seat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub bot: Option<String>,
    /// The display name of a human seat, if it has one.
    pub name: Option<String>,
    /// Why a bot plays this human seat now (`timed_out`, `left`, `replaced`), if one does.
    pub away: Option<&'static str>,
    /// Whether a WebSocket of this seat is open.
    pub connected: bool,
}

/// Public facts about a game.
#[derive(Debug, Clone, Serialize)]
pub struct Summary {
    /// Accepted actions so far.
    pub version: u64,
    /// Who must act.
    pub actor: Actor,
    /// The result, once over.
    pub outcome: Option<Value>,
    /// WebSocket connections registered for this game's updates (closed ones are dropped when
    /// the game changes or another connection joins).
    pub watchers: usize,
    /// Every seat, with its name and who plays it.
    pub seats: Vec<SeatSummary>,
    /// The clocks, for a timed game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
}

/// The way to a game's task.
#[derive(Clone)]
pub(crate) struct GameHandle {
    tx: mpsc::Sender<Command>,
}

impl GameHandle {
    async fn ask<T>(
        &self,
        make: impl FnOnce(oneshot::Sender<T>) -> Command,
    ) -> Result<T, ApiError> {
        let (tx, rx) = oneshot::channel();
        self.tx
            .send(make(tx))
            .await
            .map_err(|_| ApiError::Unavailable)?;
        rx.await.map_err(|_| ApiError::Unavailable)
    }

    pub async fn act(&self, seat: Seat, version: u64, action: Value) -> Result<u64, ApiError> {
        self.ask(|reply| Command::Act {
            seat,
            version,
            action,
            reply,
        })
        .await?
    }

    pub async fn watch(
        &self,
        viewer: Viewer,
    ) -> Result<(Outgoing, mpsc::Receiver<Outgoing>), ApiError> {
        self.ask(|reply| Command::Watch { viewer, reply }).await
    }

    pub async fn state(&self, viewer: Viewer) -> Result<Outgoing, ApiError> {
        self.ask(|reply| Command::State { viewer, reply }).await
    }

    pub async fn log(&self, viewer: Viewer) -> Result<Outgoing, ApiError> {
        self.ask(|reply| Command::Log { viewer, reply }).await
    }

    pub async fn summary(&self) -> Result<Summary, ApiError> {
        self.ask(|reply| Command::Summary { reply }).await
    }

    pub async fn undo(&self, seat: Seat, version: u64) -> Result<u64, ApiError> {
        self.ask(|reply| Command::Undo {
            seat,
            version,
            reply,
        })
        .await?
    }

    pub async fn control(&self, seat: Seat, change: SeatChange) -> Result<u64, ApiError> {
        self.ask(|reply| Command::Control {
            seat,
            change,
            reply,
        })
        .await?
    }

    pub async fn rename(&self, seat: Seat, name: String) -> Result<(), ApiError> {
        self.ask(|reply| Command::Rename { seat, name, reply })
            .await?
    }

    pub async fn record(&self, viewer: Viewer) -> Result<Outgoing, ApiError> {
        self.ask(|reply| Command::Record { viewer, reply }).await
    }

    /// A finished game as it stood after `step` actions: see `Table::replay_message`.
    pub async fn replay(&self, step: usize, viewer: Viewer) -> Result<Outgoing, ApiError> {
        self.ask(|reply| Command::Replay {
            step,
            viewer,
            reply,
        })
        .await?
    }

    /// Tells the game a connection of `seat` closed; never waits.
    pub fn seen(&self, seat: Seat) {
        let _ = self.tx.try_send(Command::Seen { seat });
    }

    /// Tells the game of a change made by another process (module `cluster`); waits only for
    /// room in the game's queue.
    /// The seats with a connection open to this process.
    pub async fn connected_seats(&self) -> Result<Vec<u8>, ApiError> {
        self.ask(|reply| Command::Connected { reply }).await
    }

    pub async fn tell(&self, command: Command) {
        let _ = self.tx.send(command).await;
    }
}

struct Entry<G: Game> {
    /// The record number (version) it was accepted as.
    seq: u64,
    seat: Seat,
    action: G::Action,
    events: Vec<G::Event>,
    /// Whether its seat may take it back (see the module docs).
    undoable: bool,
}

struct BotSeat<G: Game> {
    /// `None` while the bot is thinking.
    bot: Option<Box<dyn Bot<G>>>,
    /// Events (already redacted for this seat) that came while it was thinking.
    missed: Vec<G::Event>,
    /// Which bot this is; a move of a bot that has since been replaced is dropped.
    generation: u64,
}

struct BotMove<G: Game> {
    seat: Seat,
    version: u64,
    generation: u64,
    bot: Box<dyn Bot<G>>,
    action: G::Action,
}

/// Makes the bot called `name` for a seat (seeded from the game's seed and the seat).
pub(crate) type BotMaker<G> = Arc<dyn Fn(&str, Seat) -> Option<Box<dyn Bot<G>>> + Send + Sync>;

/// One seat as a game's task starts it.
#[derive(Debug, Clone, Default)]
pub(crate) struct SeatSetup {
    /// The bot of a bot seat.
    pub bot: Option<String>,
    /// The display name of a human seat.
    pub name: Option<String>,
}

/// Everything a game's task starts from, besides its stored records.
pub(crate) struct TableSetup<G: Game> {
    pub id: String,
    pub setup: G::Setup,
    pub seats: Vec<SeatSetup>,
    pub options: PlayOptions,
    /// Seconds since the Unix epoch: the first move's clock starts then.
    pub created_at: i64,
    pub rules: PlayRules,
    /// Every seat's hand once the game is over (see [`crate::Registry::register_revealing`]).
    pub final_hands: Option<FinalHands<G>>,
    /// The bot that stands in for a human seat.
    pub stand_in: String,
    pub make_bot: BotMaker<G>,
}

struct SeatState {
    /// The bot of a bot seat.
    bot: Option<String>,
    name: Option<String>,
    /// Why the stand-in bot plays this human seat now.
    away: Option<RecordKind>,
    /// When the seat's player last connected, acted or closed a connection (here, or, with
    /// several processes, at another: module `cluster`).
    last_seen_ms: i64,
    /// Until when another process's roll call says the seat is connected there.
    remote_until_ms: i64,
}

struct Watcher {
    viewer: Viewer,
    tx: mpsc::Sender<Outgoing>,
}

struct Table<G: Game> {
    id: String,
    setup: G::Setup,
    state: G,
    version: u64,
    /// The actions in force (undone ones removed).
    history: Vec<Entry<G>>,
    /// No entry before this index may be undone.
    undo_floor: usize,
    seats: Vec<SeatState>,
    bots: Vec<Option<BotSeat<G>>>,
    bot_generation: u64,
    clocks: Clocks,
    /// How long a player must be away before the creator may replace them.
    replace_after_seconds: u64,
    rules: PlayRules,
    final_hands: Option<FinalHands<G>>,
    stand_in: String,
    make_bot: BotMaker<G>,
    watchers: Vec<Watcher>,
    ctx: TableContext,
    bot_tx: mpsc::UnboundedSender<BotMove<G>>,
    /// After a failed bot move, wait this long before asking again.
    bot_backoff: Option<Duration>,
    /// Whether this task plays the bots and runs out the clocks (see [`TableContext::drives`]).
    driving: bool,
    /// Whether the store may hold records this task has not applied (a write whose outcome is
    /// unknown, a catch-up that failed): caught up before the next change.
    behind: bool,
    /// Whether the store has been told that this game is over, or need not be: a finished
    /// game loaded from the store is marked already.
    marked: bool,
}

/// Rebuilds a game from its setup and stored records, and starts its task.
pub(crate) fn spawn<G: Game>(
    table: TableSetup<G>,
    records: &[StoredAction],
    ctx: TableContext,
) -> Result<GameHandle, String> {
    let state = G::new(table.setup.clone()).map_err(|e| format!("setup refused: {e}"))?;
    if table.seats.len() != state.seats() {
        return Err(format!(
            "{} seats stored, the game has {}",
            table.seats.len(),
            state.seats()
        ));
    }
    let started = now_ms();
    let bots: Vec<bool> = table.seats.iter().map(|s| s.bot.is_some()).collect();
    let clocks = Clocks::new(
        table.options.clock,
        &bots,
        table.created_at.saturating_mul(1000),
        state.actor(),
    );
    let (bot_tx, bot_rx) = mpsc::unbounded_channel();
    let driving = ctx.drives;
    let marked = ctx.finished.is_none();
    let mut game = Table {
        id: table.id,
        setup: table.setup,
        state,
        version: 0,
        history: Vec::with_capacity(records.len()),
        undo_floor: 0,
        seats: table
            .seats
            .into_iter()
            .map(|s| SeatState {
                bot: s.bot,
                name: s.name,
                away: None,
                last_seen_ms: started,
                remote_until_ms: 0,
            })
            .collect(),
        bots: Vec::new(),
        bot_generation: 0,
        clocks,
        replace_after_seconds: table.options.replace_after_seconds,
        rules: table.rules,
        final_hands: table.final_hands,
        stand_in: table.stand_in,
        make_bot: table.make_bot,
        watchers: Vec::new(),
        ctx,
        bot_tx,
        bot_backoff: None,
        driving,
        behind: false,
        marked,
    };
    game.rebuild_bots()?;
    for stored in records {
        game.replay(stored)?;
    }
    let (tx, rx) = mpsc::channel(256);
    tokio::spawn(game.run(rx, bot_rx));
    Ok(GameHandle { tx })
}

fn show_bots<G: Game>(bots: &mut [Option<BotSeat<G>>], events: &[G::Event]) {
    for (i, slot) in bots.iter_mut().enumerate() {
        let Some(slot) = slot else { continue };
        let viewer = Viewer::Seat(Seat(i as u8));
        for e in events {
            if let Some(seen) = G::redact(e, viewer) {
                match &mut slot.bot {
                    Some(bot) => bot.observe(&seen),
                    None => slot.missed.push(seen),
                }
            }
        }
    }
}

/// What `viewer` may see of `events`.
fn seen_by<G: Game>(events: &[G::Event], viewer: Viewer) -> Vec<G::Event> {
    events.iter().filter_map(|e| G::redact(e, viewer)).collect()
}

/// The `"type"` tag of a value's JSON form, if it has one.
fn type_tag(value: &impl Serialize) -> Option<String> {
    match serde_json::to_value(value) {
        Ok(Value::Object(o)) => o.get("type").and_then(Value::as_str).map(str::to_owned),
        _ => None,
    }
}

#[derive(Serialize)]
#[serde(bound = "")]
struct StateMessage<'a, G: Game> {
    #[serde(rename = "type")]
    message: &'static str,
    game: &'a str,
    kind: &'static str,
    viewer: Viewer,
    version: u64,
    actor: Actor,
    view: G::View,
    legal: Vec<G::Action>,
    events: Vec<G::Event>,
    outcome: Option<G::Outcome>,
    seats: Vec<SeatSummary>,
    /// Whether the viewer may undo now.
    undo: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    clock: Option<ClockView>,
    /// Every seat's hand, only once the game is over and only for kinds that reveal them.
    #[serde(skip_serializing_if = "Option::is_none")]
    final_hands: Option<Value>,
}

#[derive(Serialize)]
#[serde(bound = "")]
struct LogMessage<'a, G: Game> {
    game: &'a str,
    kind: &'static str,
    viewer: Viewer,
    version: u64,
    seats: Vec<SeatSummary>,
    entries: Vec<LogEntry<'a, G>>,
}

/// The game's record, in the shape `tabletop replay` reads once it is complete.
#[derive(Serialize)]
#[serde(bound = "")]
struct RecordMessage<'a, G: Game> {
    game: &'static str,
    id: &'a str,
    complete: bool,
    setup: Value,
    seats: Vec<SeatSummary>,
    actions: Vec<RecordEntry<'a, G>>,
    outcome: Option<G::Outcome>,
}

#[derive(Serialize)]
#[serde(bound = "", untagged)]
enum RecordEntry<'a, G: Game> {
    /// An action the viewer may see: all of them once the game is over.
    Action { seat: Seat, action: &'a G::Action },
    /// Another seat's action while the game runs: what the viewer saw of it.
    Seen { seat: Seat, events: Vec<G::Event> },
}

/// One step of a finished game's replay: the state message after `step` of `steps` actions
/// (as the chosen viewer saw it), every seat's view then, and the log up to that step.
#[derive(Serialize)]
#[serde(bound = "")]
struct ReplayMessage<'a, G: Game> {
    steps: usize,
    step: usize,
    state: StateMessage<'a, G>,
    views: Vec<G::View>,
    entries: Vec<LogEntry<'a, G>>,
}

#[derive(Serialize)]
#[serde(bound = "")]
struct LogEntry<'a, G: Game> {
    seq: u64,
    seat: Seat,
    #[serde(skip_serializing_if = "Option::is_none")]
    action: Option<&'a G::Action>,
    events: Vec<G::Event>,
}

fn to_json(value: &impl Serialize) -> Outgoing {
    match serde_json::to_string(value) {
        Ok(s) => s.into(),
        Err(e) => {
            tracing::error!("cannot serialise a message: {e}");
            let body = ApiError::Storage(format!("cannot serialise a message: {e}")).body();
            let mut v = serde_json::to_value(body).unwrap_or(Value::Null);
            if let Some(o) = v.as_object_mut() {
                o.insert("type".into(), "error".into());
            }
            v.to_string().into()
        }
    }
}

impl<G: Game> Table<G> {
    async fn run(
        mut self,
        mut rx: mpsc::Receiver<Command>,
        mut bot_rx: mpsc::UnboundedReceiver<BotMove<G>>,
    ) {
        if self.state.actor() == Actor::Terminal {
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
                self.watchers.push(Watcher { viewer, tx });
                let now = self.state_message(viewer, &[]);
                let _ = reply.send((now, rx));
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
                    actor: self.state.actor(),
                    outcome: self
                        .state
                        .outcome()
                        .and_then(|o| serde_json::to_value(o).ok()),
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
            Command::Seen { seat } => self.seen(seat),
            Command::Remote { seq, record } => match record {
                Some(record) if seq == self.version + 1 && !self.behind => {
                    self.follow(&[record]);
                }
                _ if seq <= self.version => {}
                _ => self.catch_up().await,
            },
            Command::CatchUp => self.catch_up().await,
            Command::Drive(drive) => {
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
            Command::Connected { reply } => {
                let seats = (0..self.seats.len() as u8)
                    .filter(|&s| self.connected_here(Seat(s)))
                    .collect();
                let _ = reply.send(seats);
            }
            Command::RemotePresence { seats } => {
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
            Command::RemoteName { seat, name } => {
                if let Some(s) = self.seats.get_mut(seat.index()) {
                    s.name = name;
                    self.publish(&[]);
                }
            }
        }
    }

    /// Applies one stored record (at start, or one another process accepted).
    ///
    /// # Errors
    /// The record does not apply to the game as it stands.
    fn replay(&mut self, stored: &StoredAction) -> Result<Vec<G::Event>, String> {
        let seat = Seat(stored.seat);
        if seat.index() >= self.seats.len() {
            return Err(format!("record {} names seat {seat}", stored.seq));
        }
        if stored.kind == RecordKind::Action {
            let action: G::Action = serde_json::from_str(&stored.action)
                .map_err(|e| format!("action {} is not a {} action: {e}", stored.seq, G::NAME))?;
            let before = self.state.actor();
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
        if self.state.actor() == Actor::Terminal {
            self.retire();
        }
        self.schedule_bot();
    }

    /// Reads and applies every record the store holds after this task's version.
    async fn catch_up(&mut self) {
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
    async fn write_failed(&mut self, e: crate::store::StoreError, seq: u64) -> ApiError {
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

    /// Whether the seat's player has a connection open to this process.
    fn connected_here(&self, seat: Seat) -> bool {
        self.watchers
            .iter()
            .any(|w| w.viewer == Viewer::Seat(seat) && !w.tx.is_closed())
    }

    /// Whether the seat's player has a connection open here or, by the last roll call of
    /// another process sharing the database, there.
    fn connected(&self, seat: Seat) -> bool {
        self.connected_here(seat)
            || self
                .seats
                .get(seat.index())
                .is_some_and(|s| s.remote_until_ms > now_ms())
    }

    fn seen(&mut self, seat: Seat) {
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.last_seen_ms = now_ms();
        }
    }

    fn seat_summaries(&self) -> Vec<SeatSummary> {
        self.seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let seat = Seat(i as u8);
                SeatSummary {
                    seat,
                    player: if s.bot.is_some() { "bot" } else { "human" },
                    bot: s.bot.clone(),
                    name: s.name.clone(),
                    away: s.away.map(RecordKind::as_str),
                    connected: self.connected(seat),
                }
            })
            .collect()
    }

    fn clock_view(&self) -> Option<ClockView> {
        (self.clocks.view(0).control != TimeControl::None).then(|| self.clocks.view(now_ms()))
    }

    /// Which seats a bot plays now: its own, or the stand-in.
    fn stood_in(&self) -> Vec<bool> {
        self.seats
            .iter()
            .map(|s| s.bot.is_some() || s.away.is_some())
            .collect()
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

    /// Whether `seat` may add a server record of this kind now.
    fn check_record(&self, kind: RecordKind, seat: Seat) -> Result<(), ApiError> {
        let Some(s) = self.seats.get(seat.index()) else {
            return Err(ApiError::WrongToken);
        };
        if self.state.actor() == Actor::Terminal {
            return Err(ApiError::GameOver);
        }
        match kind {
            RecordKind::Action => Err(ApiError::InvalidRequest(
                "an action is not a server record".into(),
            )),
            RecordKind::Undo => {
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
    fn last_step_undoable_by(&self, seat: Seat) -> bool {
        self.history.len() > self.undo_floor
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
    async fn server_record(&mut self, kind: RecordKind, seat: Seat) -> Result<u64, ApiError> {
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
    fn accept_record(&mut self, kind: RecordKind, seat: Seat, at_ms: i64) -> Result<(), String> {
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
        self.clocks
            .after(at_ms, false, self.state.actor(), &stood_in);
        Ok(())
    }

    /// Adds an applied action to the history (live, or when replaying).
    fn accept_action(
        &mut self,
        seat: Seat,
        action: G::Action,
        events: Vec<G::Event>,
        before: Actor,
        at_ms: i64,
    ) {
        self.version += 1;
        show_bots::<G>(&mut self.bots, &events);
        let undoable = self.state.outcome().is_none()
            && !self.rules.undo_actions.is_empty()
            && type_tag(&action).is_some_and(|t| self.rules.undo_actions.contains(&t.as_str()))
            && events
                .iter()
                .all(|e| type_tag(e).is_some_and(|t| self.rules.undo_events.contains(&t.as_str())));
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
        self.clocks.after(
            at_ms,
            before == Actor::Seat(seat),
            self.state.actor(),
            &stood_in,
        );
    }

    /// A new bot for `seat` (its own, or the stand-in for a human seat) that has seen every
    /// event of the history its seat may see.
    fn fresh_bot(&mut self, seat: Seat) -> Result<BotSeat<G>, String> {
        let name = self.seats[seat.index()]
            .bot
            .clone()
            .unwrap_or_else(|| self.stand_in.clone());
        let mut bot = (self.make_bot)(&name, seat)
            .ok_or_else(|| format!("seat {}: unknown bot {name:?}", seat.0))?;
        let viewer = Viewer::Seat(seat);
        for e in self.history.iter().flat_map(|e| &e.events) {
            if let Some(seen) = G::redact(e, viewer) {
                bot.observe(&seen);
            }
        }
        self.bot_generation += 1;
        Ok(BotSeat {
            bot: Some(bot),
            missed: Vec::new(),
            generation: self.bot_generation,
        })
    }

    /// Makes every seat's bot afresh from the history (at start, and after an undo).
    fn rebuild_bots(&mut self) -> Result<(), String> {
        let mut bots = Vec::with_capacity(self.seats.len());
        for i in 0..self.seats.len() {
            let s = &self.seats[i];
            bots.push(if s.bot.is_some() || s.away.is_some() {
                Some(self.fresh_bot(Seat(i as u8))?)
            } else {
                None
            });
        }
        self.bots = bots;
        Ok(())
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

    async fn act(&mut self, seat: Seat, version: u64, action: Value) -> Result<u64, ApiError> {
        if seat.index() >= self.state.seats() {
            return Err(ApiError::WrongToken);
        }
        if self.state.actor() == Actor::Terminal {
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
    async fn commit(&mut self, seat: Seat, action: G::Action) -> Result<u64, ApiError> {
        let before = self.state.actor();
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
        if self.state.actor() == Actor::Terminal {
            self.retire();
        }
        self.schedule_bot();
        Ok(seq)
    }

    /// The game is over: tell the server, which moves it out of the live games, and mark it
    /// finished in the store ([`Self::mark_finished`]).
    fn retire(&mut self) {
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
    /// The mark is queued after the last action; if it is lost (a crash right now), the game
    /// is found over at the next start, or by the next driver, and marked then.
    fn mark_finished(&mut self) {
        if self.marked || !self.driving || self.state.actor() != Actor::Terminal {
            return;
        }
        self.marked = true;
        drop(self.ctx.store.mark_finished(&self.id));
    }

    /// Puts the state back to what the accepted history gives.
    fn rebuild(&mut self) {
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

    fn state_message(&self, viewer: Viewer, events: &[G::Event]) -> Outgoing {
        let actor = self.state.actor();
        let mut legal = Vec::new();
        let mut undo = false;
        if let Viewer::Seat(v) = viewer {
            let held = self.seats.get(v.index()).is_some_and(|s| s.away.is_none());
            if actor == Actor::Seat(v) && held {
                self.state.legal_actions(&mut legal);
            }
            undo = held && actor != Actor::Terminal && self.last_step_undoable_by(v);
        }
        to_json(&StateMessage::<G> {
            message: "state",
            game: &self.id,
            kind: G::NAME,
            viewer,
            version: self.version,
            actor,
            view: self.state.view(viewer),
            legal,
            events: seen_by::<G>(events, viewer),
            outcome: self.state.outcome(),
            seats: self.seat_summaries(),
            undo,
            clock: self.clock_view(),
            final_hands: self
                .final_hands
                .filter(|_| actor == Actor::Terminal)
                .map(|reveal| reveal(&self.state)),
        })
    }

    fn log_message(&self, viewer: Viewer) -> Outgoing {
        let entries = self
            .history
            .iter()
            .map(|e| LogEntry::<G> {
                seq: e.seq,
                seat: e.seat,
                action: (viewer == Viewer::Seat(e.seat)).then_some(&e.action),
                events: seen_by::<G>(&e.events, viewer),
            })
            .collect();
        to_json(&LogMessage::<G> {
            game: &self.id,
            kind: G::NAME,
            viewer,
            version: self.version,
            seats: self.seat_summaries(),
            entries,
        })
    }

    /// The record: complete (setup with its seed, every action) once the game is over; while
    /// it runs, without the seed (it fixes every hidden card) and with other seats' actions
    /// given only by what the viewer saw of them.
    /// The game after its first `step` actions, rebuilt from the setup (rules are
    /// deterministic; a whole Power Grid game replays in about 2 ms). Only a finished game is
    /// replayed, so nothing hidden is given away: its events are shown whole, and every seat's
    /// view is included.
    fn replay_message(&self, step: usize, viewer: Viewer) -> Result<Outgoing, ApiError> {
        if self.state.outcome().is_none() {
            return Err(ApiError::GameNotOver);
        }
        if step > self.history.len() {
            return Err(ApiError::InvalidRequest(format!(
                "step {step} is past the game's last step, {}",
                self.history.len()
            )));
        }
        let mut state = G::new(self.setup.clone())
            .map_err(|e| ApiError::Storage(format!("the setup no longer applies: {e}")))?;
        for e in &self.history[..step] {
            state.apply_as(e.seat, &e.action).map_err(|err| {
                ApiError::Storage(format!("action {} no longer applies: {err}", e.seq))
            })?;
        }
        let events = step
            .checked_sub(1)
            .map(|i| self.history[i].events.clone())
            .unwrap_or_default();
        let message = ReplayMessage::<G> {
            steps: self.history.len(),
            step,
            state: StateMessage {
                message: "state",
                game: &self.id,
                kind: G::NAME,
                viewer,
                version: step as u64,
                actor: state.actor(),
                view: state.view(viewer),
                legal: Vec::new(),
                events,
                outcome: state.outcome(),
                seats: self.seat_summaries(),
                undo: false,
                clock: None,
                // As in the live game's last message: every hand, at the last step only.
                final_hands: self
                    .final_hands
                    .filter(|_| state.actor() == Actor::Terminal)
                    .map(|reveal| reveal(&state)),
            },
            views: (0..state.seats())
                .map(|i| state.view(Viewer::Seat(Seat(i as u8))))
                .collect(),
            entries: self.history[..step]
                .iter()
                .map(|e| LogEntry::<G> {
                    seq: e.seq,
                    seat: e.seat,
                    action: Some(&e.action),
                    events: e.events.clone(),
                })
                .collect(),
        };
        Ok(to_json(&message))
    }

    fn record_message(&self, viewer: Viewer) -> Outgoing {
        let complete = self.state.outcome().is_some();
        let mut setup = serde_json::to_value(&self.setup).unwrap_or(Value::Null);
        if let (false, Some(fields)) = (complete, setup.as_object_mut()) {
            fields.remove("seed");
        }
        let actions = self
            .history
            .iter()
            .map(|e| {
                if complete || viewer == Viewer::Seat(e.seat) {
                    RecordEntry::Action {
                        seat: e.seat,
                        action: &e.action,
                    }
                } else {
                    RecordEntry::Seen {
                        seat: e.seat,
                        events: seen_by::<G>(&e.events, viewer),
                    }
                }
            })
            .collect();
        to_json(&RecordMessage::<G> {
            game: G::NAME,
            id: &self.id,
            complete,
            setup,
            seats: self.seat_summaries(),
            actions,
            outcome: self.state.outcome(),
        })
    }

    /// Sends the new state, with `events` (what the last record caused), to every watcher.
    fn publish(&mut self, events: &[G::Event]) {
        self.watchers.retain(|w| !w.tx.is_closed());
        if self.watchers.is_empty() {
            return;
        }
        let mut built: Vec<(Viewer, Outgoing)> = Vec::new();
        let mut watchers = std::mem::take(&mut self.watchers);
        watchers.retain(|w| {
            let message = match built.iter().find(|(v, _)| *v == w.viewer) {
                Some((_, m)) => m.clone(),
                None => {
                    let m = self.state_message(w.viewer, events);
                    built.push((w.viewer, m.clone()));
                    m
                }
            };
            w.tx.try_send(message).is_ok()
        });
        self.watchers = watchers;
    }

    fn schedule_bot(&mut self) {
        if !self.driving {
            return;
        }
        let Actor::Seat(seat) = self.state.actor() else {
            return;
        };
        let Some(Some(slot)) = self.bots.get_mut(seat.index()) else {
            return;
        };
        let Some(mut bot) = slot.bot.take() else {
            return;
        };
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        if legal.is_empty() {
            tracing::error!(game = %self.id, "{seat} must act but has no legal action");
            slot.bot = Some(bot);
            return;
        }
        let generation = slot.generation;
        let view = self.state.view(Viewer::Seat(seat));
        let version = self.version;
        let delay = self.bot_backoff.take().unwrap_or(self.ctx.config.bot_delay);
        let tx = self.bot_tx.clone();
        let id = self.id.clone();
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let thought = tokio::task::spawn_blocking(move || {
                let chosen =
                    std::panic::catch_unwind(AssertUnwindSafe(|| bot.choose(&view, &legal)));
                let action = match chosen {
                    Ok(a) if legal.contains(&a) => a,
                    Ok(a) => {
                        tracing::warn!(game = %id, "bot {} chose {a}, which is not legal", bot.name());
                        legal[0].clone()
                    }
                    Err(_) => {
                        tracing::warn!(game = %id, "bot {} panicked", bot.name());
                        legal[0].clone()
                    }
                };
                (bot, action)
            })
            .await;
            if let Ok((bot, action)) = thought {
                let _ = tx.send(BotMove {
                    seat,
                    version,
                    generation,
                    bot,
                    action,
                });
            }
        });
    }

    async fn bot_moved(&mut self, m: BotMove<G>) {
        let Some(Some(slot)) = self.bots.get_mut(m.seat.index()) else {
            return;
        };
        if slot.generation != m.generation {
            // The bot was replaced (undo, or a seat changed hands) while it thought.
            return;
        }
        let mut bot = m.bot;
        for e in slot.missed.drain(..) {
            bot.observe(&e);
        }
        slot.bot = Some(bot);
        if !self.driving {
            // Another process took the game over while the bot thought.
            return;
        }
        if m.version == self.version && self.state.actor() == Actor::Seat(m.seat) {
            if let Err(e) = self.commit(m.seat, m.action).await {
                tracing::warn!(game = %self.id, "bot move refused: {e}");
                self.bot_backoff = Some(Duration::from_secs(1));
                self.schedule_bot();
            }
        } else {
            self.schedule_bot();
        }
    }
}
