//! Bots for Tabletop's games. Every bot sees only what its seat may see: a view built by the
//! game for that seat, never the state itself.

pub mod powergrid;
pub mod thegame;
