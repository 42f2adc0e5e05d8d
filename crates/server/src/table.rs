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

use crate::error::ApiError;
use crate::store::{Store, StoredAction};
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
}

struct Entry<G: Game> {
    seat: Seat,
    action: G::Action,
    events: Vec<G::Event>,
}

struct BotSeat<G: Game> {
    /// `None` while the bot is thinking.
    bot: Option<Box<dyn Bot<G>>>,
    /// Events (already redacted for this seat) that came while it was thinking.
    missed: Vec<G::Event>,
}

struct BotMove<G: Game> {
    seat: Seat,
    version: u64,
    bot: Box<dyn Bot<G>>,
    action: G::Action,
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
    history: Vec<Entry<G>>,
    bots: Vec<Option<BotSeat<G>>>,
    watchers: Vec<Watcher>,
    ctx: TableContext,
    bot_tx: mpsc::UnboundedSender<BotMove<G>>,
    /// After a failed bot move, wait this long before asking again.
    bot_backoff: Option<Duration>,
}

/// Rebuilds a game from its setup and stored actions, and starts its task.
pub(crate) fn spawn<G: Game>(
    id: String,
    setup: G::Setup,
    seats: Vec<Option<Box<dyn Bot<G>>>>,
    actions: &[StoredAction],
    ctx: TableContext,
) -> Result<GameHandle, String> {
    let mut state = G::new(setup.clone()).map_err(|e| format!("setup refused: {e}"))?;
    if seats.len() != state.seats() {
        return Err(format!(
            "{} seats stored, the game has {}",
            seats.len(),
            state.seats()
        ));
    }
    let mut bots: Vec<Option<BotSeat<G>>> = seats
        .into_iter()
        .map(|s| {
            s.map(|bot| BotSeat {
                bot: Some(bot),
                missed: Vec::new(),
            })
        })
        .collect();
    let mut history = Vec::with_capacity(actions.len());
    for stored in actions {
        let action: G::Action = serde_json::from_str(&stored.action)
            .map_err(|e| format!("action {} is not a {} action: {e}", stored.seq, G::NAME))?;
        let seat = Seat(stored.seat);
        let events = state
            .apply_as(seat, &action)
            .map_err(|e| format!("action {} ({action}) no longer applies: {e}", stored.seq))?;
        show_bots::<G>(&mut bots, &events);
        history.push(Entry {
            seat,
            action,
            events,
        });
    }
    let (tx, rx) = mpsc::channel(256);
    let (bot_tx, bot_rx) = mpsc::unbounded_channel();
    let table = Table {
        id,
        setup,
        state,
        version: history.len() as u64,
        history,
        bots,
        watchers: Vec::new(),
        ctx,
        bot_tx,
        bot_backoff: None,
    };
    tokio::spawn(table.run(rx, bot_rx));
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
}

#[derive(Serialize)]
#[serde(bound = "")]
struct LogMessage<'a, G: Game> {
    game: &'a str,
    kind: &'static str,
    viewer: Viewer,
    version: u64,
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
            tokio::select! {
                command = rx.recv() => match command {
                    Some(c) => self.handle(c).await,
                    None => break,
                },
                Some(m) = bot_rx.recv() => self.bot_moved(m).await,
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
                let result = self.act(seat, version, action).await;
                let _ = reply.send(result);
            }
            Command::Watch { viewer, reply } => {
                let (tx, rx) = mpsc::channel(self.ctx.config.watcher_queue.max(1));
                let now = self.state_message(viewer, &[]);
                if reply.send((now, rx)).is_ok() {
                    // A game that no longer changes never publishes, so closed connections are
                    // dropped here too: otherwise spectators coming and going on a finished
                    // game would grow this list without end.
                    self.watchers.retain(|w| !w.tx.is_closed());
                    self.watchers.push(Watcher { viewer, tx });
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
                    actor: self.state.actor(),
                    outcome: self
                        .state
                        .outcome()
                        .and_then(|o| serde_json::to_value(o).ok()),
                    watchers: self.watchers.len(),
                });
            }
        }
    }

    async fn act(&mut self, seat: Seat, version: u64, action: Value) -> Result<u64, ApiError> {
        if seat.index() >= self.state.seats() {
            return Err(ApiError::WrongToken);
        }
        if self.state.actor() == Actor::Terminal {
            return Err(ApiError::GameOver);
        }
        if version != self.version {
            return Err(ApiError::StaleVersion {
                sent: version,
                current: self.version,
            });
        }
        let action: G::Action =
            serde_json::from_value(action).map_err(|e| ApiError::InvalidAction {
                kind: G::NAME,
                reason: e.to_string(),
            })?;
        self.commit(seat, action).await
    }

    /// Applies, stores, then publishes one action.
    async fn commit(&mut self, seat: Seat, action: G::Action) -> Result<u64, ApiError> {
        let events = self
            .state
            .apply_as(seat, &action)
            .map_err(|e| ApiError::IllegalAction(e.to_string()))?;
        let seq = self.version + 1;
        let stored = match serde_json::to_string(&action) {
            Ok(json) => StoredAction {
                seq,
                seat: seat.0,
                action: json,
            },
            Err(e) => {
                self.rebuild();
                return Err(ApiError::Storage(format!(
                    "cannot serialise the action: {e}"
                )));
            }
        };
        if let Err(e) = self.ctx.store.append_action(&self.id, stored).await {
            tracing::error!(game = %self.id, "storing action {seq} failed: {e}");
            self.rebuild();
            return Err(ApiError::Storage(e.to_string()));
        }
        self.version = seq;
        show_bots::<G>(&mut self.bots, &events);
        self.history.push(Entry {
            seat,
            action,
            events,
        });
        self.publish();
        if self.state.actor() == Actor::Terminal {
            self.retire();
        }
        self.schedule_bot();
        Ok(seq)
    }

    /// The game is over: mark it finished in the store and tell the server, which moves it out
    /// of the live games. The mark is queued after the last action; if it is lost (a crash
    /// right now), the game is found over at the next start and marked then.
    fn retire(&mut self) {
        if let Some(tx) = self.ctx.finished.take() {
            drop(self.ctx.store.mark_finished(&self.id));
            let _ = tx.send(self.id.clone());
        }
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
        if let (Actor::Seat(s), Viewer::Seat(v)) = (actor, viewer) {
            if s == v {
                self.state.legal_actions(&mut legal);
            }
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
            events: events.iter().filter_map(|e| G::redact(e, viewer)).collect(),
            outcome: self.state.outcome(),
        })
    }

    fn log_message(&self, viewer: Viewer) -> Outgoing {
        let entries = self
            .history
            .iter()
            .enumerate()
            .map(|(i, e)| LogEntry::<G> {
                seq: i as u64 + 1,
                seat: e.seat,
                action: (viewer == Viewer::Seat(e.seat)).then_some(&e.action),
                events: e
                    .events
                    .iter()
                    .filter_map(|ev| G::redact(ev, viewer))
                    .collect(),
            })
            .collect();
        to_json(&LogMessage::<G> {
            game: &self.id,
            kind: G::NAME,
            viewer,
            version: self.version,
            entries,
        })
    }

    /// Sends the new state, with the last action's events, to every watcher.
    fn publish(&mut self) {
        self.watchers.retain(|w| !w.tx.is_closed());
        if self.watchers.is_empty() {
            return;
        }
        let events = self
            .history
            .last()
            .map(|e| e.events.as_slice())
            .unwrap_or(&[]);
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
        let mut bot = m.bot;
        for e in slot.missed.drain(..) {
            bot.observe(&e);
        }
        slot.bot = Some(bot);
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
