//! One task owns one game: its state, its history, its bots and the connections watching it.
//!
//! Routes and WebSocket connections talk to a game only through its [`GameHandle`] (a channel of
//! type-erased [`Command`]s carrying JSON); the task itself is fully typed over the
//! [`engine::Game`]. This keeps every change to a game in one place, in order, without locks.
//!
//! This file holds the task's types, its handle and its start; each concern of the task has a
//! file of its own, so that one can be read without the others:
//! - `dispatch`: the task's loop, its commands, and taking an action;
//! - `records`: undo and the records that change who plays a seat;
//! - `bots`: the bots that play bot seats and stand in for absent players;
//! - `follow`: replaying stored records, and following what other processes accept;
//! - `messages`: the JSON shapes a viewer is sent, built for that viewer alone.
//!
//! Decisions:
//! - The *version* of a game is the number of accepted actions. An action names the version it
//!   was made on; any other version is stale and refused, so no action is ever applied to a state
//!   its sender has not seen.
//! - An action is applied in memory, written through the [`Store`](crate::store::Store), and only
//!   once the write is committed is it acknowledged and shown to watchers. If the write fails,
//!   the state is rebuilt from the accepted history (the rules are deterministic), as if the
//!   action had never come.
//! - A game whose rules set no limit on its length is stopped once it passes the round cap
//!   ([`engine::Game::past_round_cap`], as every host does): from then on the table treats it as
//!   over ([`actor_of`]: no one acts, no bot moves, no clock runs), with no outcome, a win for
//!   no one; it is marked finished in the store, and its messages, summary and record carry
//!   `unfinished: true`. Stopping needs no record of its own: the stored actions lead there.
//! - A rated game (module `ratings`) takes nothing back: its undo is refused.
//! - The version counts *records*, not only actions: an undo and every change of who plays a
//!   seat (module `seats`) are records too, stored in order with the actions, so that a
//!   restart replays to the same state, the same bots in the same seats, and the same clocks.

use crate::error::ApiError;
use crate::kind::FinalHands;
use crate::ratings::Scoring;
use crate::seats::{now_ms, Clocks, PlayOptions};
use crate::store::{RecordKind, Store, StoredAction};
use crate::Config;
use engine::{Actor, Game, Seat, Viewer};
use serde_json::Value;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};

mod bots;
mod dispatch;
mod follow;
mod messages;
mod records;

pub(crate) use bots::BotMaker;
use bots::{BotMove, BotSeat};
pub use messages::{SeatSummary, Summary};

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
    /// The whole record (never sent: see `Table::whole_record`) and the step, if `seat` has a
    /// decision to take now.
    Decision {
        seat: Seat,
        reply: oneshot::Sender<Result<(Value, u64), ApiError>>,
    },
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

    /// The whole record and the step of `seat`'s current decision, for its hint: refused with
    /// `game_over` after the end and `not_your_turn` when another seat plays.
    pub async fn decision(&self, seat: Seat) -> Result<(Value, u64), ApiError> {
        self.ask(|reply| Command::Decision { seat, reply }).await?
    }

    /// Tells the game a connection of `seat` closed; never waits.
    pub fn seen(&self, seat: Seat) {
        let _ = self.tx.try_send(Command::Seen { seat });
    }

    /// The seats with a connection open to this process.
    pub async fn connected_seats(&self) -> Result<Vec<u8>, ApiError> {
        self.ask(|reply| Command::Connected { reply }).await
    }

    /// Tells the game of a change made by another process (module `cluster`); waits only for
    /// room in the game's queue.
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
    /// Every seat's hand once the game is over (see [`crate::Registry::register_revealing`]).
    pub final_hands: Option<FinalHands<G>>,
    /// How the finished game counts for its players' accounts (module `ratings`).
    pub scoring: Option<Scoring<G>>,
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
    final_hands: Option<FinalHands<G>>,
    scoring: Option<Scoring<G>>,
    /// Whether the game is rated: no undo, and its result rates its players.
    rated: bool,
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
        actor_of(&state),
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
        final_hands: table.final_hands,
        scoring: table.scoring,
        rated: table.options.rated,
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

/// Who acts in `state` as a table sees it: no one once the game is over, or once it has passed
/// the round cap (see the module docs).
pub(super) fn actor_of<G: Game>(state: &G) -> Actor {
    if state.past_round_cap() {
        Actor::Terminal
    } else {
        state.actor()
    }
}

impl<G: Game> Table<G> {
    /// Who acts now, as the table sees it ([`actor_of`]).
    fn actor(&self) -> Actor {
        actor_of(&self.state)
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
}
