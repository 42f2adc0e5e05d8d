//! The JSON shapes a viewer is sent: the state message, the log, the record, a replay step,
//! and the public summary; and publishing the state to every watcher.
//!
//! Decisions:
//! - Every message to a viewer is built from [`Game::view`] and [`Game::redact`] for that viewer
//!   alone; legal actions are sent only to the seat that must act.
//! - A watcher whose queue is full (a client that does not read) is dropped; its connection
//!   closes, and reconnecting gives it the current state.

use super::{actor_of, Outgoing, Table};
use crate::error::ApiError;
use crate::seats::{now_ms, ClockView, TimeControl};
use crate::store::RecordKind;
use engine::{Actor, Game, Record, Seat, Step, Viewer};
use serde::Serialize;
use serde_json::Value;

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
    /// Whether the game was stopped past the round cap, over without an outcome.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub unfinished: bool,
    /// WebSocket connections registered for this game's updates (closed ones are dropped when
    /// the game changes or another connection joins).
    pub watchers: usize,
    /// Every seat, with its name and who plays it.
    pub seats: Vec<SeatSummary>,
    /// The clocks, for a timed game.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub clock: Option<ClockView>,
}

/// What `viewer` may see of `events`.
fn seen_by<G: Game>(events: &[G::Event], viewer: Viewer) -> Vec<G::Event> {
    events.iter().filter_map(|e| G::redact(e, viewer)).collect()
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
    /// Whether the game was stopped past the round cap without an outcome (module `table`).
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    unfinished: bool,
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
    pub(super) fn seat_summaries(&self) -> Vec<SeatSummary> {
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

    pub(super) fn clock_view(&self) -> Option<ClockView> {
        (self.clocks.view(0).control != TimeControl::None).then(|| self.clocks.view(now_ms()))
    }

    pub(super) fn state_message(&self, viewer: Viewer, events: &[G::Event]) -> Outgoing {
        let actor = self.actor();
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
            unfinished: self.state.past_round_cap(),
            seats: self.seat_summaries(),
            undo,
            clock: self.clock_view(),
            final_hands: self
                .final_hands
                .filter(|_| actor == Actor::Terminal)
                .map(|reveal| reveal(&self.state)),
        })
    }

    pub(super) fn log_message(&self, viewer: Viewer) -> Outgoing {
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

    /// The game after its first `step` actions, rebuilt from the setup (rules are
    /// deterministic; a whole Power Grid game replays in about 2 ms). Only a game that is over
    /// (finished, or stopped unfinished) is replayed, so nothing hidden is given away: its
    /// events are shown whole, and every seat's view is included.
    pub(super) fn replay_message(&self, step: usize, viewer: Viewer) -> Result<Outgoing, ApiError> {
        if self.actor() != Actor::Terminal {
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
                actor: actor_of(&state),
                view: state.view(viewer),
                legal: Vec::new(),
                events,
                outcome: state.outcome(),
                unfinished: state.past_round_cap(),
                seats: self.seat_summaries(),
                undo: false,
                clock: None,
                // As in the live game's last message: every hand, at the last step only.
                final_hands: self
                    .final_hands
                    .filter(|_| actor_of(&state) == Actor::Terminal)
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

    /// The record: complete (setup with its seed, every action) once the game is over (with
    /// `unfinished` when it was stopped at the round cap); while it runs, without the seed (it
    /// fixes every hidden card) and with other seats' actions given only by what the viewer saw
    /// of them.
    pub(super) fn record_message(&self, viewer: Viewer) -> Outgoing {
        to_json(&self.record_value(viewer, self.actor() == Actor::Terminal))
    }

    /// The whole record, seed and every action, even while the game runs: for the hint's
    /// adviser (module `hints`), which reads only what the seat may know from it. Never sent.
    pub(super) fn whole_record(&self) -> Value {
        self.record_value(Viewer::Spectator, true)
    }

    fn record_value(&self, viewer: Viewer, whole: bool) -> Value {
        let complete = self.actor() == Actor::Terminal;
        let mut record = Record::<G>::new(self.setup.clone(), []);
        record.id = Some(self.id.clone());
        record.complete = Some(complete);
        record.unfinished = self.state.past_round_cap().then_some(true);
        record.seats = serde_json::to_value(self.seat_summaries()).ok();
        record.outcome = self
            .state
            .outcome()
            .and_then(|o| serde_json::to_value(o).ok());
        record.actions = self
            .history
            .iter()
            .map(|e| {
                if whole || viewer == Viewer::Seat(e.seat) {
                    Step::Taken {
                        seat: Some(e.seat),
                        action: e.action.clone(),
                    }
                } else {
                    Step::Seen {
                        seat: e.seat,
                        events: seen_by::<G>(&e.events, viewer),
                    }
                }
            })
            .collect();
        let mut value = serde_json::to_value(&record).unwrap_or(Value::Null);
        // The seed fixes every hidden card: a running game's record leaves it out.
        if let (false, Some(setup)) = (whole, value.get_mut("setup").and_then(Value::as_object_mut))
        {
            setup.remove("seed");
        }
        value
    }

    /// Sends the new state, with `events` (what the last record caused), to every watcher.
    pub(super) fn publish(&mut self, events: &[G::Event]) {
        self.watchers.retain(|w| !w.tx.is_closed());
        self.publish_except(events, None);
    }

    /// As [`publish`](Self::publish), leaving out the watcher at index `except` (one that was
    /// just given the state). Each message is made while every watcher is still listed, so that
    /// it shows who is connected.
    /// A watcher whose queue is closed or full is dropped.
    pub(super) fn publish_except(&mut self, events: &[G::Event], except: Option<usize>) {
        let except = except.filter(|&i| i < self.watchers.len());
        let mut built: Vec<(Viewer, Outgoing)> = Vec::new();
        for (i, w) in self.watchers.iter().enumerate() {
            if Some(i) != except && !built.iter().any(|(v, _)| *v == w.viewer) {
                built.push((w.viewer, self.state_message(w.viewer, events)));
            }
        }
        let mut index = 0;
        self.watchers.retain(|w| {
            let skip = Some(index) == except;
            index += 1;
            if skip {
                return true;
            }
            let message = built
                .iter()
                .find(|(v, _)| *v == w.viewer)
                .map(|(_, m)| m.clone());
            message.is_some_and(|m| w.tx.try_send(m).is_ok())
        });
    }
}
