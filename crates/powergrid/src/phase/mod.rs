//! The phases of a round as data: each phase owns what only it needs, and one module per phase
//! of the rulebook holds its check, its legal list and its apply.
//!
//! | rulebook | module | data |
//! |---|---|---|
//! | phase 2, auction power plants | [`auction`] | [`AuctionPhase`]: who is done, who bought, and whether a plant is being opened, bid on, or a discard is due |
//! | phase 3, buy resources | [`resources`] | `cursor`: players who have finished, in reverse turn order |
//! | phase 4, building | [`building`] (and the end of the game) | `cursor`, as phase 3 |
//! | phase 5, bureaucracy | [`bureaucracy`] (and phase 1 of the next round) | `cursor`: players who have powered, in turn order |
//! | the end | — | the final standings |
//!
//! Decisions:
//! - Phase 1 has no decisions: it runs at the end of phase 5 (`bureaucracy`), and the plant
//!   market and deck mechanics that several phases share live in the `market` module.
//! - A phase's apply is only called for an action its check accepted (or that its legal list
//!   holds); an action of another phase is ignored there rather than guarded by a panic.
//! - Checks and legal lists share their helpers: resource prices come from
//!   [`crate::resources::offered_prices`], house prices from `building::price_at`, the fuel a
//!   choice of plants burns from `bureaucracy::burn`, the coal a discard may keep from
//!   `auction::kept_after_discard`.
//! - The phase data sits in one enum of 112 bytes (the final standings are its largest part), so
//!   the whole state shrank from 984 to 968 bytes and stays a plain copy.
//! - The state's JSON keeps its flat form of before the phases became data (`phase`, `done`,
//!   `bought`, `auction`, `discard`, `cursor`, `standings` side by side; see `invariants`), so
//!   files and snapshots written earlier still load; reading one checks that the flat fields
//!   agree with the phase.

pub(crate) mod auction;
pub(crate) mod building;
pub(crate) mod bureaucracy;
pub(crate) mod resources;

use crate::event::{PhaseKind, Standing};
use crate::fixed::FixedList;
use crate::plants::PlantId;
use engine::Seat;
use serde::{Deserialize, Serialize};

/// Where a round stands, with the data only that phase has.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Phase {
    /// Phase 2: auction power plants.
    Auction(AuctionPhase),
    /// Phase 3: `cursor` players have finished buying (in reverse turn order).
    Resources { cursor: u8 },
    /// Phase 4: `cursor` players have finished building (in reverse turn order).
    Building { cursor: u8 },
    /// Phase 5: `cursor` players have powered cities (in turn order).
    Bureaucracy { cursor: u8 },
    /// The game has ended with these standings, best first.
    Over { standings: FixedList<Standing, 6> },
}

impl Phase {
    /// The name of the phase.
    pub fn kind(&self) -> PhaseKind {
        match self {
            Phase::Auction(_) => PhaseKind::Auction,
            Phase::Resources { .. } => PhaseKind::Resources,
            Phase::Building { .. } => PhaseKind::Building,
            Phase::Bureaucracy { .. } => PhaseKind::Bureaucracy,
            Phase::Over { .. } => PhaseKind::GameOver,
        }
    }

    /// The start of phase 2: nobody done yet.
    pub fn auction() -> Phase {
        Phase::Auction(AuctionPhase {
            done: 0,
            bought: 0,
            turn: AuctionTurn::Open,
        })
    }
}

/// Phase 2's bookkeeping.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct AuctionPhase {
    /// Seats that bought a plant or passed, as bits.
    pub done: u8,
    /// Seats that bought a plant, as bits.
    pub bought: u8,
    /// What the phase waits for.
    pub turn: AuctionTurn,
}

/// What phase 2 waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum AuctionTurn {
    /// The first player not done opens an auction or passes.
    Open,
    /// A running auction: the next bidder raises or drops out.
    Bidding(Auction),
    /// A player holds one plant too many and must discard one.
    Discard(PendingDiscard),
}

/// A running auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Auction {
    pub plant: PlantId,
    pub starter: Seat,
    pub high_bid: u32,
    pub high_bidder: Seat,
    /// Seats still in the auction, as bits.
    pub bidders: u8,
    pub to_bid: Seat,
}

/// A discard that must happen before play goes on.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PendingDiscard {
    pub seat: Seat,
    pub bought: PlantId,
}
