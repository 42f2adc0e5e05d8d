//! The Game for learning agents: a 401-action encoding and a 260-float observation.
//!
//! Action indices (fixed for every player count):
//! - `0..392`: play card `c` (2..=99) on pile `p` (up1, up2, down1, down2 = 0..4) is
//!   `(c - 2) * 4 + p`;
//! - `392`: end the turn;
//! - `393..401`: signal `s` (dont_play, good_card = 0, 1) on pile `p` is `393 + p * 2 + s`.
//!
//! Observation of seat `v` (seats relative to `v`: `v` is 0, the next seat 1, ...):
//!
//! | range | what |
//! |---|---|
//! | `0..98` | 1 for each card (2..=99 at `c - 2`) in `v`'s hand |
//! | `98..196` | 1 for each card on the piles |
//! | `196..200` | pile tops / 100 (up1, up2, down1, down2) |
//! | `200` | cards in the draw pile / 98 |
//! | `201..206` | hand sizes / 8 by relative seat |
//! | `206..211` | one-hot: the relative seat to act |
//! | `211` | cards played this turn / 8 |
//! | `212` | 1 when the minimum is 1 (draw pile empty) |
//! | `213` | 1 when the seat to act may end the turn |
//! | `214..254` | standing signals: relative seat * 8 + pile * 2 + signal |
//! | `254..259` | one-hot: players - 1 |
//! | `259` | 1 once the game is over |
//!
//! Returns: every seat gets the share of the 98 cards on the piles (1 for a win), at every
//! state; so each play is worth 1/98 to the whole team.
//!
//! Decision: the card planes are written by walking the set bits of the hand and the played
//! set. A branch-free pass over all 98 bits (a 128-bit shift per card) was measured 3-8 times
//! slower (`examples/time_split.rs`, observation row, the two builds alternated three times
//! at load average 16: 90-300 ns walking the bits, 713-897 ns shifting) and was dropped.

use crate::{one_hot, relative, Encoded};
use ::thegame::{Action, Card, Pile, Signal, State, MAX_PLAYERS};
use engine::{Seat, Viewer};

/// Index of the `end` action.
pub const END: usize = 392;
/// Index of the first signal.
pub const SIGNALS: usize = 393;
/// Number of action indices.
pub const ACTIONS: usize = 401;
/// Length of an observation.
pub const OBSERVATION: usize = 260;

impl Encoded for State {
    const ACTIONS: usize = ACTIONS;
    const OBSERVATION: usize = OBSERVATION;
    /// Eight cards on four piles, `end`, eight signals.
    const MAX_LEGAL: usize = 8 * 4 + 1 + 8;
    const MAX_SEATS: usize = MAX_PLAYERS;

    fn encode(&self, action: &Action) -> Option<usize> {
        Some(match *action {
            Action::Play { card, pile } => usize::from(card.get() - Card::MIN) * 4 + pile.index(),
            Action::EndTurn => END,
            Action::Signal { pile, signal } => SIGNALS + pile.index() * 2 + signal as usize,
        })
    }

    fn decode(&self, index: usize) -> Option<Action> {
        if index < END {
            let card = Card::new(u8::try_from(index / 4).ok()? + Card::MIN)?;
            Some(Action::Play {
                card,
                pile: Pile::from_index(index % 4),
            })
        } else if index == END {
            Some(Action::EndTurn)
        } else if index < ACTIONS {
            let i = index - SIGNALS;
            Some(Action::Signal {
                pile: Pile::from_index(i / 2),
                signal: Signal::ALL[i % 2],
            })
        } else {
            None
        }
    }

    fn legal_indices(&self, out: &mut Vec<u32>) {
        out.clear();
        if self.is_over() {
            return;
        }
        // The engine's legal plays, in index order (card, then pile) without building actions.
        let plays = self.legal_plays();
        for card in self.hand(self.current()) {
            let base = u32::from(card.get() - Card::MIN) * 4;
            for pile in Pile::ALL {
                if plays[pile.index()].contains(card) {
                    out.push(base + pile.index() as u32);
                }
            }
        }
        if self.can_end_turn() {
            out.push(END as u32);
        }
        for pile in Pile::ALL {
            if self.signal(self.current(), pile).is_none() {
                out.extend([0, 1].map(|s| (SIGNALS + pile.index() * 2 + s) as u32));
            }
        }
    }

    fn observe(&self, seat: Seat, out: &mut [f32]) {
        let out = &mut out[..OBSERVATION];
        out.fill(0.0);
        let view = self.view(Viewer::Seat(seat));
        let players = usize::from(view.players);
        for card in view.hand {
            out[usize::from(card.get() - Card::MIN)] = 1.0;
        }
        for card in view.played {
            out[98 + usize::from(card.get() - Card::MIN)] = 1.0;
        }
        for (i, top) in view.tops.iter().enumerate() {
            out[196 + i] = f32::from(*top) / 100.0;
        }
        out[200] = f32::from(view.draw_pile) / 98.0;
        for s in 0..players {
            let r = relative(Seat(s as u8), seat, players);
            out[201 + r] = f32::from(view.hand_sizes[s]) / 8.0;
            for pile in Pile::ALL {
                if let Some(signal) = view.signals[s][pile.index()] {
                    out[214 + r * 8 + pile.index() * 2 + signal as usize] = 1.0;
                }
            }
        }
        one_hot(&mut out[206..211], relative(view.current, seat, players));
        out[211] = f32::from(view.played_this_turn) / 8.0;
        out[212] = f32::from(u8::from(view.minimum == 1));
        out[213] = f32::from(u8::from(view.can_end_turn()));
        one_hot(&mut out[254..259], players.saturating_sub(1));
        out[259] = f32::from(u8::from(view.outcome.is_some()));
    }

    fn returns(&self, out: &mut [f32]) {
        out.fill(0.0);
        let share = f32::from(98 - self.cards_left()) / 98.0;
        for r in out.iter_mut().take(usize::from(self.players())) {
            *r = share;
        }
    }
}

/// The signal index order the encoding relies on.
const _: () = assert!(Signal::DontPlay as usize == 0 && Signal::GoodCard as usize == 1);
