//! The game record: one JSON shape for every game, written by `tabletop sim --log` and by the
//! server (`GET /api/games/{id}/record`), read by `tabletop replay`. Documented in
//! `docs/records.md`.
//!
//! Decisions:
//! - A record is the game's setup and every action with the seat that took it, so it replays
//!   exactly. A simulation writes the setup with every chance outcome written out (The Game's
//!   deal, Power Grid's regions, deck and turn order), so its record does not depend on how a
//!   seed is dealt; the server writes the setup with its seed.
//! - `format` names the shape ([`RECORD_FORMAT`]); a record without it is of format 1, the
//!   shape every earlier writer used. A reader refuses a newer format it does not know.
//! - Actions are written as their JSON objects. A reader also takes an action's text form
//!   (`"play 35 up1"`), and an action without a seat, taken by the seat whose turn it is: the
//!   shapes earlier `sim --log` files and hand-written records use.
//! - A record of a game still running, as one seat may see it, lists the other seats' actions
//!   by the events that seat saw ([`Step::Seen`]); it cannot be replayed until the game is over.

use crate::{Game, Seat};
use serde::de::{DeserializeOwned, Deserializer, Error as _};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;

/// The record format this crate writes.
pub const RECORD_FORMAT: u32 = 1;

fn format_one() -> u32 {
    1
}

/// One game's record.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(bound = "", deny_unknown_fields)]
pub struct Record<G: Game> {
    /// The record's shape: [`RECORD_FORMAT`] (1 when absent).
    #[serde(default = "format_one")]
    pub format: u32,
    /// The game's name ([`Game::NAME`]).
    pub game: String,
    /// The server's game id (server records only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// Whether the record holds every action in full (server records only: `false` while the
    /// game runs and the record is redacted for one seat).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub complete: Option<bool>,
    /// The setup the game was dealt from.
    pub setup: G::Setup,
    /// The seats' players (server records only: names and kinds, as the game summary gives
    /// them).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub seats: Option<Value>,
    /// The bot in each seat (simulation records only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub bots: Option<Vec<String>>,
    /// Every action in order.
    pub actions: Vec<Step<G>>,
    /// The result, once the game is over; a replay must end with it.
    #[serde(default)]
    pub outcome: Option<Value>,
    /// `true` for a game stopped past the round cap ([`crate::ROUND_CAP`]) without an
    /// outcome, a win for no one (server records only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unfinished: Option<bool>,
}

impl<G: Game> Record<G> {
    /// A record of `setup` and `actions` (each with its seat), in the current format.
    pub fn new(setup: G::Setup, actions: impl IntoIterator<Item = (Seat, G::Action)>) -> Self {
        Record {
            format: RECORD_FORMAT,
            game: G::NAME.to_owned(),
            id: None,
            complete: None,
            setup,
            seats: None,
            bots: None,
            actions: actions
                .into_iter()
                .map(|(seat, action)| Step::Taken {
                    seat: Some(seat),
                    action,
                })
                .collect(),
            outcome: None,
            unfinished: None,
        }
    }

    /// Reads a record of `G` from its JSON value.
    ///
    /// # Errors
    /// Not a record of this game, a format newer than this reader's, or a field that does not
    /// fit.
    pub fn from_value(value: Value) -> Result<Self, RecordError> {
        let format = value.get("format").and_then(Value::as_u64).unwrap_or(1);
        if format > u64::from(RECORD_FORMAT) {
            return Err(RecordError::Format { format });
        }
        if let Some(game) = value.get("game").and_then(Value::as_str) {
            if game != G::NAME {
                return Err(RecordError::Game {
                    found: game.to_owned(),
                    expected: G::NAME,
                });
            }
        }
        let mut value = value;
        if let Some(o) = value.as_object_mut() {
            o.entry("game").or_insert_with(|| G::NAME.into());
        }
        serde_json::from_value(value).map_err(|e| RecordError::Shape(e.to_string()))
    }
}

impl<G: Game> Record<G> {
    /// Plays the record's actions on `state` (the state its setup deals), calling `each` with
    /// every action's index, seat and events, and checks that the game ends with the record's
    /// outcome when it names one. An action without a seat is taken by the seat whose turn it
    /// is. The state is left where the record (or the first bad action) stops, so the caller
    /// can show it.
    ///
    /// # Errors
    /// A hidden action (a running game's record), an action after the end, an illegal action
    /// (with its index), or an end other than the record's outcome.
    pub fn play_on(
        &self,
        state: &mut G,
        mut each: impl FnMut(usize, &G, Seat, &G::Action, &[G::Event]),
    ) -> Result<(), ReplayError> {
        for (index, step) in self.actions.iter().enumerate() {
            let (seat, action) = match step {
                Step::Taken { seat, action } => (*seat, action),
                Step::Seen { seat, .. } => return Err(ReplayError::Hidden { index, seat: *seat }),
            };
            let seat = match (seat, state.actor()) {
                (Some(seat), _) => seat,
                (None, crate::Actor::Seat(actor)) => actor,
                (None, crate::Actor::Terminal) => {
                    return Err(ReplayError::Over {
                        index,
                        action: action.to_string(),
                    })
                }
            };
            let events = state
                .apply_as(seat, action)
                .map_err(|e| ReplayError::Illegal {
                    index,
                    seat,
                    action: action.to_string(),
                    error: e.to_string(),
                })?;
            each(index, state, seat, action, &events);
        }
        if let Some(claimed) = self.outcome.as_ref().filter(|o| !o.is_null()) {
            let reached = state
                .outcome()
                .map(|o| serde_json::to_value(o).unwrap_or_default());
            if reached.as_ref() != Some(claimed) {
                return Err(ReplayError::Outcome {
                    claimed: claimed.to_string(),
                    reached: reached.map(|o| o.to_string()),
                });
            }
        }
        Ok(())
    }
}

/// Why a record does not replay ([`Record::play_on`]).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// Another seat's action that the record holds only as the events one seat saw.
    #[error(
        "action #{index} of {seat} is hidden (a record of a running game, as one seat sees it)"
    )]
    Hidden {
        /// Its index in the record.
        index: usize,
        /// The seat that took it.
        seat: Seat,
    },
    /// An action without a seat after the game ended.
    #[error("action #{index} ({action}): the game is already over")]
    Over {
        /// Its index in the record.
        index: usize,
        /// The action, in text form.
        action: String,
    },
    /// An action the rules refuse.
    #[error("action #{index} ({action}) by {seat}: {error}")]
    Illegal {
        /// Its index in the record.
        index: usize,
        /// The seat that took it.
        seat: Seat,
        /// The action, in text form.
        action: String,
        /// The rule it breaks.
        error: String,
    },
    /// The actions lead to another end than the record's outcome.
    #[error("the record says the game ends with {claimed}, but its actions lead to {}", reached.as_deref().unwrap_or("an unfinished game"))]
    Outcome {
        /// The record's outcome, as JSON.
        claimed: String,
        /// Where the actions lead, as JSON (`None`: the game is not over).
        reached: Option<String>,
    },
}

/// Why a JSON value is not a record of a game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum RecordError {
    /// A newer format than this reader knows.
    #[error("record format {format} is newer than this program reads (format {RECORD_FORMAT}); update tabletop")]
    Format {
        /// The record's format.
        format: u64,
    },
    /// A record of another game.
    #[error("a record of {found:?}, not of {expected}")]
    Game {
        /// The record's game.
        found: String,
        /// The game asked for.
        expected: &'static str,
    },
    /// A field that does not fit the game.
    #[error("not a game record: {0}")]
    Shape(String),
}

/// One entry of a record's `actions`.
#[derive(Clone, Debug)]
pub enum Step<G: Game> {
    /// An action, with the seat that took it (`None`: the seat whose turn it was).
    Taken {
        /// Who took it.
        seat: Option<Seat>,
        /// The action.
        action: G::Action,
    },
    /// Another seat's action in a running game's record as one seat saw it: its events only.
    Seen {
        /// Who took it.
        seat: Seat,
        /// The events that seat's viewer saw.
        events: Vec<G::Event>,
    },
}

impl<G: Game> Serialize for Step<G> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        #[serde(bound = "")]
        struct Taken<'a, G: Game> {
            #[serde(skip_serializing_if = "Option::is_none")]
            seat: Option<Seat>,
            action: &'a G::Action,
        }
        #[derive(Serialize)]
        #[serde(bound = "")]
        struct Seen<'a, G: Game> {
            seat: Seat,
            events: &'a [G::Event],
        }
        match self {
            Step::Taken { seat, action } => Taken::<G> {
                seat: *seat,
                action,
            }
            .serialize(s),
            Step::Seen { seat, events } => Seen::<G> {
                seat: *seat,
                events,
            }
            .serialize(s),
        }
    }
}

impl<'de, G: Game> Deserialize<'de> for Step<G> {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let value = Value::deserialize(d)?;
        if let Some(o) = value.as_object() {
            if let Some(seat) = o.get("seat") {
                let seat: Seat = serde_json::from_value(seat.clone()).map_err(D::Error::custom)?;
                if let Some(events) = o.get("events") {
                    let events =
                        serde_json::from_value(events.clone()).map_err(D::Error::custom)?;
                    return Ok(Step::Seen { seat, events });
                }
                let action = o
                    .get("action")
                    .ok_or_else(|| D::Error::custom("a seated step needs an \"action\""))?;
                return Ok(Step::Taken {
                    seat: Some(seat),
                    action: action_of::<G, D>(action)?,
                });
            }
        }
        Ok(Step::Taken {
            seat: None,
            action: action_of::<G, D>(&value)?,
        })
    }
}

/// An action from its JSON object or its text form.
fn action_of<'de, G: Game, D: Deserializer<'de>>(value: &Value) -> Result<G::Action, D::Error>
where
    G::Action: DeserializeOwned,
{
    match value {
        Value::String(text) => text
            .parse::<G::Action>()
            .map_err(|e| D::Error::custom(format!("{text:?}: {e}"))),
        other => serde_json::from_value(other.clone()).map_err(D::Error::custom),
    }
}
