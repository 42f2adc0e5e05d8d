//! Why an action was refused.

use crate::card::{Card, Direction, Pile, Signal};
use crate::Outcome;
use engine::Seat;

/// The rule an action breaks. The state is unchanged when an action is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum RuleError {
    /// The game has ended; nothing more can be done.
    #[error("the game is over ({outcome})")]
    GameOver {
        /// How it ended.
        outcome: Outcome,
    },
    /// The seat does not exist.
    #[error("there is no {seat}: seats are 0..{players}")]
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
        /// The player count.
        players: u8,
    },
    /// Plays and ending the turn belong to the active player (signals are allowed any time).
    #[error(
        "it is not {seat}'s turn: {current} is playing (only signals may be sent out of turn)"
    )]
    NotYourTurn {
        /// The seat that tried.
        seat: Seat,
        /// The active seat.
        current: Seat,
    },
    /// The card is not in the player's hand.
    #[error("card {card} is not in your hand")]
    CardNotInHand {
        /// The card.
        card: Card,
    },
    /// The pile does not take this card.
    #[error("{pile} ({direction}, top {top}) does not take {card}: {}", allowed(*.direction, *.top))]
    PileRejects {
        /// The card.
        card: Card,
        /// The pile.
        pile: Pile,
        /// The pile's top.
        top: u8,
        /// Which way the pile runs.
        direction: Direction,
    },
    /// Ending the turn before playing the minimum.
    #[error(
        "you have played {played} card(s) this turn; the minimum is {minimum} \
         (2 while the draw pile has cards, then 1)"
    )]
    MinimumNotReached {
        /// Cards played so far this turn.
        played: u8,
        /// The minimum.
        minimum: u8,
    },
    /// The seat already has a signal standing on this pile.
    #[error(
        "{seat} has already signalled {signal} on {pile}; a seat's signals are cleared when \
         its turn starts"
    )]
    SignalAlreadySent {
        /// The seat.
        seat: Seat,
        /// The pile.
        pile: Pile,
        /// The signal standing there.
        signal: Signal,
    },
}

fn allowed(direction: Direction, top: u8) -> String {
    match direction {
        Direction::Ascending if top >= 12 => {
            format!("it takes a card above {top} or exactly {}", top - 10)
        }
        Direction::Ascending => format!("it takes a card above {top}"),
        Direction::Descending if top + 10 <= Card::MAX => {
            format!("it takes a card below {top} or exactly {}", top + 10)
        }
        Direction::Descending => format!("it takes a card below {top}"),
    }
}
