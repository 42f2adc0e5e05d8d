//! What one seat (or a spectator) may know of a game.
//!
//! A [`View`] is a small `Copy` value (under 100 bytes) built in a few nanoseconds, so bots
//! receive a fresh one for every decision. It holds the viewer's own hand, the pile tops, the
//! set of cards already played (public: every play is seen by all), the draw pile's size, every
//! hand's size and the signals; never another hand or the draw order. From it a search bot
//! knows exactly which cards are unseen ([`View::unseen`]) and can sample the hidden rest with
//! [`crate::State::determinize`].

use crate::card::{accepts, Card, CardSet, Pile, Signal};
use crate::setup::MAX_PLAYERS;
use crate::Outcome;
use engine::Seat;
use serde::{Deserialize, Serialize};

/// One viewer's knowledge of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct View {
    /// The seat looking, or `None` for a spectator.
    pub viewer: Option<Seat>,
    /// How many seats play.
    pub players: u8,
    /// The viewer's own hand (empty for a spectator).
    pub hand: CardSet,
    /// Pile tops in the order up1, up2, down1, down2.
    pub tops: [u8; 4],
    /// Every card on the piles.
    pub played: CardSet,
    /// Cards left in the draw pile.
    pub draw_pile: u8,
    /// Every seat's hand size (entries past `players` are 0).
    pub hand_sizes: [u8; MAX_PLAYERS],
    /// Whose turn it is.
    pub current: Seat,
    /// Cards the active player has played this turn.
    pub played_this_turn: u8,
    /// The minimum for this turn: 2, or 1 once the draw pile is empty.
    pub minimum: u8,
    /// Each seat's standing signal per pile (rows past `players` are empty).
    pub signals: [[Option<Signal>; 4]; MAX_PLAYERS],
    /// The result, once the game is over.
    pub outcome: Option<Outcome>,
}

impl View {
    /// The top of `pile`.
    pub fn top(&self, pile: Pile) -> u8 {
        self.tops[pile.index()]
    }

    /// Every card `pile` takes now (in anyone's hand or not).
    pub fn accepts(&self, pile: Pile) -> CardSet {
        accepts(pile.is_ascending(), self.tops[pile.index()])
    }

    /// The viewer's cards that `pile` takes now.
    pub fn playable(&self, pile: Pile) -> CardSet {
        self.hand.intersection(self.accepts(pile))
    }

    /// Whether it is the viewer's turn in a running game.
    pub fn is_my_turn(&self) -> bool {
        self.outcome.is_none() && self.viewer == Some(self.current)
    }

    /// Whether the active player may end the turn now.
    pub fn can_end_turn(&self) -> bool {
        self.outcome.is_none() && self.played_this_turn >= self.minimum
    }

    /// Cards the viewer cannot locate: in other hands or the draw pile.
    pub fn unseen(&self) -> CardSet {
        CardSet::ALL.difference(self.hand).difference(self.played)
    }

    /// Cards not on the piles.
    pub fn cards_left(&self) -> u8 {
        (Card::COUNT - self.played.len()) as u8
    }

    /// The standing signal of `seat` on `pile`.
    pub fn signal(&self, seat: Seat, pile: Pile) -> Option<Signal> {
        self.signals
            .get(seat.index())
            .and_then(|row| row[pile.index()])
    }
}
