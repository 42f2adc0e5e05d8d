//! What learning agents need on top of the rules engines: a fixed-size discrete action
//! encoding, a flat `f32` observation per seat, rewards, and a batched environment that steps
//! many games per call ([`VecEnv`]). The Python package (`python/`) is a thin layer over this
//! crate, so everything here is tested in Rust and the bindings only convert.
//!
//! Decisions:
//! - One trait, [`Encoded`], implemented for [`thegame::State`] and [`powergrid::State`]. Its
//!   legal list is the engine's own `legal_actions` (for Power Grid `legal_actions_limited`
//!   with [`powergrid::BIDS`] amounts) mapped through [`Encoded::encode`], and every index is
//!   checked by the engine's `is_legal` after [`Encoded::decode`]: there is no second
//!   implementation of the rules here.
//! - Observations are written from the engine's `view` for the seat, never from the state, so
//!   they cannot leak what the view hides (a test resamples everything hidden and compares).
//! - Seats in observations are relative to the viewer (the viewer is always seat 0 of the
//!   tensor), so one policy plays every seat.
//! - Rewards are differences of [`Encoded::returns`], which is defined at every state (The
//!   Game: the share of the 98 cards played so far; Power Grid: 1 for each winner at the end,
//!   else 0), so the rewards of a game always sum to its returns.
//!
//! The layouts are documented in `docs/python.md` and in [`thegame`](crate::thegame) and
//! [`powergrid`](crate::powergrid).

pub mod batch;
pub mod powergrid;
pub mod thegame;

pub use batch::{StepError, VecEnv};

use engine::{Game, Seat};

/// A game with a fixed-size action encoding and a flat observation for learning agents.
pub trait Encoded: Game {
    /// The number of action indices; every index is in `0..ACTIONS`.
    const ACTIONS: usize;
    /// The length of one observation.
    const OBSERVATION: usize;
    /// The most actions that can be legal at once (the width of padded legal lists).
    const MAX_LEGAL: usize;
    /// The most seats a game can have (the width of per-seat reward arrays).
    const MAX_SEATS: usize;

    /// The index of `action`, or `None` if the encoding has no index for it (The Game never;
    /// Power Grid for bids more than [`powergrid::BIDS`] above the lowest).
    fn encode(&self, action: &Self::Action) -> Option<usize>;
    /// The action the index stands for in this state, for the seat to act: `None` when the
    /// index is out of range or means nothing now (the game is over, a plant slot is empty).
    /// A decoded action may still be illegal; the engine decides.
    fn decode(&self, index: usize) -> Option<Self::Action>;
    /// The indices of every legal action of the seat to act, ascending (`out` is cleared).
    fn legal_indices(&self, out: &mut Vec<u32>);
    /// Writes `seat`'s observation into `out` (exactly [`Encoded::OBSERVATION`] long).
    fn observe(&self, seat: Seat, out: &mut [f32]);
    /// Each seat's return so far (`out` is [`Encoded::MAX_SEATS`] long; unused seats get 0).
    fn returns(&self, out: &mut [f32]);
}

/// A one-hot slot: 1 at `i` if it is in range.
pub(crate) fn one_hot(out: &mut [f32], i: usize) {
    if let Some(x) = out.get_mut(i) {
        *x = 1.0;
    }
}

/// `seat` as seen from `viewer` in a game of `players`: the viewer is 0, the next seat 1, ...
pub(crate) fn relative(seat: Seat, viewer: Seat, players: usize) -> usize {
    let players = players.max(1);
    (usize::from(seat.0) + players - usize::from(viewer.0) % players) % players
}

/// The legal mask from the legal indices (`mask` is cleared first).
pub fn mask_from(legal: &[u32], mask: &mut [bool]) {
    mask.fill(false);
    for &i in legal {
        if let Some(m) = mask.get_mut(i as usize) {
            *m = true;
        }
    }
}
