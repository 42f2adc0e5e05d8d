//! The game-agnostic contract of Tabletop.
//!
//! Every rules crate (`powergrid`, `thegame`) implements [`Game`]: a deterministic state machine
//! built from a validated setup and a seed, driven by actions, producing events. Bots implement
//! [`Bot`] and see only what their seat may see. The server and the CLI are written against these
//! traits, so they never depend on a game's internals.
//!
//! Design decisions:
//! - Randomness lives inside the game state (a seeded RNG), so a game replays exactly from
//!   `(setup, actions)`. There is no separate "chance player".
//! - `apply_as` names the seat that acts. Most actions belong to the seat returned by
//!   [`Game::actor`]; a game may accept some actions from any seat at any time (The Game's
//!   signals). The game, not the caller, decides.
//! - What a seat may see is decided by the game in one place: [`Game::view`] for the state and
//!   [`Game::redact`] for events. Servers and logs must pass everything through these two.

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's place at the table, counted from 0.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat number as an index into per-seat arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// The seed of a game's random number generator: the same setup and seed give the same game.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Seed(pub u64);

/// Who must act next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", content = "seat", rename_all = "snake_case")]
pub enum Actor {
    /// This seat must choose an action.
    Seat(Seat),
    /// The game is over.
    Terminal,
}

impl Actor {
    /// The seat that must act, if the game is not over.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Actor::Seat(s) => Some(s),
            Actor::Terminal => None,
        }
    }
}

/// Who is looking at the game: a seat sees its own secrets, a spectator sees only public facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", content = "seat", rename_all = "snake_case")]
pub enum Viewer {
    /// The player at this seat.
    Seat(Seat),
    /// Someone who plays no seat: sees what every player may see.
    Spectator,
}

/// A rules engine for one game.
///
/// Implementations are pure: no I/O, no clocks, no global randomness. `apply_as` either applies
/// the action and returns what happened, or returns an error and leaves the state untouched.
pub trait Game: Clone + Send + Sync + 'static {
    /// What a game starts from; validated by [`Game::new`].
    type Setup: Clone + fmt::Debug + Serialize + for<'de> Deserialize<'de> + Send + Sync;
    /// A player's move.
    type Action: Clone
        + fmt::Debug
        + fmt::Display
        + PartialEq
        + Serialize
        + for<'de> Deserialize<'de>
        + Send
        + Sync;
    /// Something that happened, for logs and clients.
    type Event: Clone
        + fmt::Debug
        + fmt::Display
        + Serialize
        + for<'de> Deserialize<'de>
        + Send
        + Sync;
    /// What one viewer may know of the state.
    type View: Clone + fmt::Debug + Serialize + Send + Sync;
    /// The result of a finished game.
    type Outcome: Clone + fmt::Debug + Serialize + Send + Sync;
    /// Why a setup was refused.
    type SetupError: std::error::Error + Send + Sync + 'static;
    /// Why an action was refused.
    type RuleError: std::error::Error + Send + Sync + 'static;

    /// A short stable name used in URLs, files and the CLI (`"powergrid"`, `"thegame"`).
    const NAME: &'static str;

    /// Validates a setup and deals the game.
    ///
    /// # Errors
    /// Every field of the setup that is wrong, at once.
    fn new(setup: Self::Setup) -> Result<Self, Self::SetupError>;
    /// How many seats play.
    fn seats(&self) -> usize;
    /// Who must act now.
    fn actor(&self) -> Actor;
    /// Appends every legal action of the current actor to `out` (cleared first), sorted.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);
    /// Whether the current actor may take `action` now. Agrees with `legal_actions`.
    fn is_legal(&self, action: &Self::Action) -> bool;
    /// Applies `action` as taken by `seat`.
    ///
    /// # Errors
    /// The rule that forbids it; the state is then unchanged.
    fn apply_as(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::RuleError>;
    /// What `viewer` may know of the state, and nothing more.
    fn view(&self, viewer: Viewer) -> Self::View;
    /// What `viewer` may see of an event: the event itself, a redacted copy, or nothing.
    fn redact(event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Self::Outcome>;
}

/// A player program. It sees only its seat's view and the events its seat may see.
pub trait Bot<G: Game>: Send {
    /// A short name for tables and logs.
    fn name(&self) -> &str;
    /// Chooses one of `legal` (never empty) for the position described by `view`.
    fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action;
    /// Sees an event, already redacted for this bot's seat. Default: ignores it.
    fn observe(&mut self, _event: &G::Event) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_actor_viewer_json_forms() {
        assert_eq!(serde_json::to_string(&Seat(3)).unwrap(), "3");
        assert_eq!(
            serde_json::to_string(&Actor::Seat(Seat(2))).unwrap(),
            r#"{"type":"seat","seat":2}"#
        );
        assert_eq!(
            serde_json::to_string(&Actor::Terminal).unwrap(),
            r#"{"type":"terminal"}"#
        );
        let v: Viewer = serde_json::from_str(r#"{"type":"spectator"}"#).unwrap();
        assert_eq!(v, Viewer::Spectator);
        assert_eq!(Actor::Seat(Seat(2)).seat(), Some(Seat(2)));
        assert_eq!(Actor::Terminal.seat(), None);
    }
}
