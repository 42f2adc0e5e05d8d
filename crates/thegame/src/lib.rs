//! The rules of **The Game** (Steffen Benndorf, 2015), the cooperative card game for 1–5
//! players: 98 cards, two ascending and two descending piles, the backwards trick, a minimum of
//! two cards a turn (one once the draw pile is empty), and structured signals instead of talk.
//!
//! The reference is `shared/rules/thegame.md`; where it is silent the published rules are
//! followed and `docs/rules-notes.md` says so.
//!
//! ```
//! use thegame::{Action, Setup, State};
//! let mut state = State::new(Setup::seeded(2, 2024)).unwrap();
//! let mut legal = Vec::new();
//! while !state.is_over() {
//!     state.legal_actions(&mut legal);
//!     // Take the first play or `end`, never a signal.
//!     let action = legal.iter().find(|a| !matches!(a, Action::Signal { .. })).unwrap();
//!     state.apply(action).unwrap();
//! }
//! assert!(state.outcome().is_some());
//! ```
//!
//! Design decisions (more in each module's docs):
//! - Pure rules: no I/O, no clock, no global randomness. The only randomness is the deal's
//!   shuffle, fixed by the seed ([`setup`] documents the exact procedure).
//! - Two ways to drive a game: the checked [`State::apply_as`] (events, untouched on error)
//!   and the allocation-free fast path ([`State::apply_quiet`], [`State::play_unchecked`],
//!   [`State::end_turn_unchecked`], [`State::legal_plays`]) for simulation and search.
//! - [`State`] implements [`engine::Game`].
//! - Bots see a seat's [`View`] and nothing else (a small `Copy` value, built in a few
//!   nanoseconds): one way for a bot to see and act, never the state itself.

pub mod action;
pub mod card;
pub mod error;
mod game;
pub mod setup;
pub mod state;
pub mod view;

pub use action::{Action, Event, ParseError};
pub use card::{Card, CardError, CardSet, Direction, NameError, Pile, Signal};
pub use error::RuleError;
pub use setup::{
    bounded, bounded32, hand_size, shuffled_deck, Deal, DealRecord, Position, Setup, SetupError,
    SetupProblem, MAX_PLAYERS,
};
pub use state::State;
pub use view::View;

pub use engine::{Actor, Game, Seat, Viewer};

use serde::{Deserialize, Serialize};
use std::fmt;

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Outcome {
    /// All 98 cards are on the piles.
    Won,
    /// The active player could not reach the minimum.
    Lost {
        /// Cards still in hands and the draw pile.
        cards_left: u8,
    },
}

impl Outcome {
    /// Cards not played: 0 for a win.
    pub fn cards_left(self) -> u8 {
        match self {
            Outcome::Won => 0,
            Outcome::Lost { cards_left } => cards_left,
        }
    }

    /// Whether the team won.
    pub fn is_win(self) -> bool {
        self == Outcome::Won
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Outcome::Won => f.write_str("won"),
            Outcome::Lost { cards_left } => write!(f, "lost with {cards_left} cards left"),
        }
    }
}
