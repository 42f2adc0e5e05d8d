//! A seat's turn, played directly on the game: the fast path for bots in simulations.
//!
//! Decisions:
//! - A [`Turn`] borrows the game mutably but shows only what its seat may know: its own hand,
//!   the tops, the played cards, the draw pile's size, every hand's size and the signals; never
//!   another hand or the draw order. Nothing is copied per action, which is what makes it
//!   faster than building a [`View`] for every decision.
//! - It is bound to the seat that was active when it was made. Once that seat ends its turn the
//!   handle still shows that seat's hand (with the cards it drew: its own) and refuses every
//!   further action with [`RuleError::TurnEnded`], so it can never show the next player's hand,
//!   even in a solo game where the same seat plays again.
//! - Every action is checked by [`State::check`], the rules' own check (a few bit tests), so
//!   the errors are those of [`State::apply_as`]; a refused action changes nothing. The only
//!   rule of its own is the ended turn. No events are built.

use crate::action::Action;
use crate::card::{accepts, Card, CardSet, Pile, Signal};
use crate::error::RuleError;
use crate::state::State;
use crate::view::View;
use crate::Outcome;
use engine::{Seat, Viewer};

/// The active seat's turn (see the module docs). Made by [`State::turn`].
///
/// ```
/// use thegame::{Pile, Setup, State};
/// let mut state = State::new(Setup::seeded(2, 3)).unwrap();
/// let mut turn = state.turn().unwrap();
/// let low = turn.hand().min().unwrap();
/// let high = turn.hand().max().unwrap();
/// turn.play(low, Pile::Up1).unwrap();
/// turn.play(high, Pile::Down1).unwrap();
/// turn.end().unwrap();
/// assert!(turn.play(low, Pile::Up2).is_err()); // the turn is over for this handle
/// assert_eq!(state.played_this_turn(), 0);
/// ```
pub struct Turn<'a> {
    state: &'a mut State,
    seat: u8,
    ended: bool,
}

impl State {
    /// The active seat's turn, to be played through the returned handle; `None` once the game
    /// is over.
    #[inline]
    pub fn turn(&mut self) -> Option<Turn<'_>> {
        if self.outcome.is_some() {
            return None;
        }
        Some(Turn {
            seat: self.current,
            state: self,
            ended: false,
        })
    }
}

impl Turn<'_> {
    /// The seat playing this turn.
    #[inline]
    pub fn seat(&self) -> Seat {
        Seat(self.seat)
    }

    /// How many seats play.
    #[inline]
    pub fn players(&self) -> u8 {
        self.state.players
    }

    /// This seat's own hand.
    #[inline]
    pub fn hand(&self) -> CardSet {
        self.state.hands[usize::from(self.seat)]
    }

    /// The pile tops in the order up1, up2, down1, down2.
    #[inline]
    pub fn tops(&self) -> [u8; 4] {
        self.state.tops
    }

    /// Every card on the piles.
    #[inline]
    pub fn played(&self) -> CardSet {
        self.state.played
    }

    /// Cards left in the draw pile.
    #[inline]
    pub fn draw_pile_len(&self) -> u8 {
        self.state.draw_pile_len()
    }

    /// The hand size of `seat` (0 for a seat that does not exist).
    #[inline]
    pub fn hand_len(&self, seat: Seat) -> u8 {
        self.state.hand_lens.get(seat.index()).copied().unwrap_or(0)
    }

    /// Cards this seat has played this turn (0 once the turn has ended).
    #[inline]
    pub fn played_this_turn(&self) -> u8 {
        if self.ended {
            0
        } else {
            self.state.played_this_turn
        }
    }

    /// The minimum for this turn: 2, or 1 once the draw pile is empty.
    #[inline]
    pub fn minimum(&self) -> u8 {
        self.state.minimum()
    }

    /// The standing signal of `seat` on `pile`.
    #[inline]
    pub fn signal(&self, seat: Seat, pile: Pile) -> Option<Signal> {
        self.state.signal(seat, pile)
    }

    /// The result, once the game is over.
    #[inline]
    pub fn outcome(&self) -> Option<Outcome> {
        self.state.outcome
    }

    /// Whether this seat may still act: the turn has not ended and the game is not over.
    #[inline]
    pub fn is_open(&self) -> bool {
        !self.ended && self.state.outcome.is_none()
    }

    /// Whether this seat ended its turn through this handle.
    #[inline]
    pub fn has_ended(&self) -> bool {
        self.ended
    }

    /// Whether this seat may end its turn now.
    #[inline]
    pub fn can_end(&self) -> bool {
        self.is_open() && self.state.played_this_turn >= self.state.minimum()
    }

    /// This seat's cards that `pile` takes now.
    #[inline]
    pub fn playable(&self, pile: Pile) -> CardSet {
        self.hand()
            .intersection(accepts(pile.is_ascending(), self.state.tops[pile.index()]))
    }

    /// Everything this seat may know, as a [`View`].
    pub fn view(&self) -> View {
        self.state.view(Viewer::Seat(Seat(self.seat)))
    }

    #[inline]
    fn open(&self) -> Result<(), RuleError> {
        if let Some(outcome) = self.state.outcome {
            return Err(RuleError::GameOver { outcome });
        }
        if self.ended {
            return Err(RuleError::TurnEnded {
                seat: Seat(self.seat),
            });
        }
        Ok(())
    }

    /// Plays `card` on `pile`.
    ///
    /// # Errors
    /// The game is over, the turn has ended, the card is not in hand or the pile rejects it;
    /// nothing changes then.
    #[inline]
    pub fn play(&mut self, card: Card, pile: Pile) -> Result<(), RuleError> {
        self.open()?;
        self.state
            .check(Seat(self.seat), &Action::Play { card, pile })?;
        self.state.do_play(card, pile, &mut ());
        Ok(())
    }

    /// Sends `signal` on `pile` for this seat.
    ///
    /// # Errors
    /// The game is over, the turn has ended, or this seat already has a signal on that pile.
    pub fn send_signal(&mut self, pile: Pile, signal: Signal) -> Result<(), RuleError> {
        self.open()?;
        self.state
            .check(Seat(self.seat), &Action::Signal { pile, signal })?;
        self.state.signals[usize::from(self.seat)][pile.index()] = Some(signal);
        Ok(())
    }

    /// Ends the turn: this seat draws back up and the next seat with cards starts.
    ///
    /// # Errors
    /// The game is over, the turn has ended, or the minimum has not been played.
    #[inline]
    pub fn end(&mut self) -> Result<(), RuleError> {
        self.open()?;
        self.state.check(Seat(self.seat), &Action::EndTurn)?;
        self.state.do_end_turn(&mut ());
        self.ended = true;
        Ok(())
    }
}
