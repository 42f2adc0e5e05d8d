//! What one viewer may know of a game, and the result of a finished game.
//!
//! A view never holds the deck's order or the plants removed face down at setup (only the deck's
//! size and the plants put under the Step 3 card, which everyone saw go there). Other players'
//! money is shown only when the setup made money public, or once the game is over.

use crate::event::{PhaseKind, Standing};
use crate::map::{CityId, MapId, Region};
use crate::phase::{AuctionTurn, Phase};
use crate::plants::PlantId;
use crate::resources::ByResource;
use crate::state::State;
use engine::{Actor, Seat, Viewer};
use serde::{Deserialize, Serialize};

/// One player as a viewer sees them.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PlayerView {
    /// The seat.
    pub seat: Seat,
    /// Elektro, if the viewer may see it.
    pub money: Option<u32>,
    /// Plants owned, lowest first.
    pub plants: Vec<PlantId>,
    /// Stored resources.
    pub resources: ByResource<u8>,
    /// Cities with this player's house.
    pub cities: Vec<CityId>,
    /// Houses not yet built.
    pub houses_left: u8,
}

/// A running auction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AuctionView {
    /// The plant offered.
    pub plant: PlantId,
    /// Who opened it.
    pub starter: Seat,
    /// The highest bid so far.
    pub high_bid: u32,
    /// Who made it.
    pub high_bidder: Seat,
    /// Seats still bidding, in seating order.
    pub bidders: Vec<Seat>,
}

/// What a viewer may know of the state.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct View {
    /// Who is looking.
    pub viewer: Viewer,
    /// The board.
    pub map: MapId,
    /// The regions in play.
    pub regions: Vec<Region>,
    /// Whether money is public in this game.
    pub public_money: bool,
    /// Round, from 1.
    pub round: u16,
    /// Step, 1 to 3.
    pub step: u8,
    /// The phase.
    pub phase: PhaseKind,
    /// Who must act.
    pub actor: Actor,
    /// Turn order, first player first.
    pub turn_order: Vec<Seat>,
    /// Every player, by seat.
    pub players: Vec<PlayerView>,
    /// Plants that may be auctioned.
    pub current_market: Vec<PlantId>,
    /// The rest of the market.
    pub future_market: Vec<PlantId>,
    /// Whether the Step 3 card lies at the end of the future market.
    pub step3_card_in_market: bool,
    /// Cards in the deck (the Step 3 card included while it is there).
    pub deck_size: usize,
    /// Plants put under the Step 3 card, bottom first.
    pub under_step3_card: Vec<PlantId>,
    /// Plants out of the game face up.
    pub removed_plants: Vec<PlantId>,
    /// Tokens in the resource market.
    pub resource_market: ByResource<u8>,
    /// Tokens in the supply.
    pub supply: ByResource<u8>,
    /// The running auction.
    pub auction: Option<AuctionView>,
    /// Seats that bought a plant or passed in this phase 2.
    pub auction_done: Vec<Seat>,
    /// Seats that bought a plant in this phase 2.
    pub auction_bought: Vec<Seat>,
    /// The Step 3 card has been drawn and Step 3 has not begun yet.
    pub step3_pending: bool,
    /// The seat that must discard a plant, and the plant it just bought.
    pub pending_discard: Option<(Seat, PlantId)>,
    /// The final count, once the game is over.
    pub standings: Option<Vec<Standing>>,
}

/// The result of a finished game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Outcome {
    /// Best first.
    pub standings: Vec<Standing>,
    /// The players sharing first place.
    pub winners: Vec<Seat>,
}

impl State {
    /// What `viewer` may know of the state.
    pub fn view(&self, viewer: Viewer) -> View {
        let c = &self.core;
        let over = matches!(c.phase, Phase::Over { .. });
        let (auction, done, bought, discard) = match c.phase {
            Phase::Auction(p) => match p.turn {
                AuctionTurn::Open => (None, p.done, p.bought, None),
                AuctionTurn::Bidding(a) => (Some(a), p.done, p.bought, None),
                AuctionTurn::Discard(d) => (None, p.done, p.bought, Some(d)),
            },
            _ => (None, 0, 0, None),
        };
        let seats = |bits: u8| {
            (0..c.players)
                .filter(move |s| bits & (1 << s) != 0)
                .map(Seat)
        };
        let players = (0..c.players)
            .map(|s| {
                let seat = Seat(s);
                let p = &c.seats[seat.index()];
                let visible = c.public_money || over || viewer == Viewer::Seat(seat);
                PlayerView {
                    seat,
                    money: visible.then_some(p.money),
                    plants: p.plants.to_vec(),
                    resources: p.resources,
                    cities: self.cities(seat),
                    houses_left: crate::state::HOUSES - p.cities(),
                }
            })
            .collect();
        let current = self.current_market();
        let future = self.market()[current.len()..].to_vec();
        View {
            viewer,
            map: c.map,
            regions: c.regions.iter().collect(),
            public_money: c.public_money,
            round: c.round,
            step: c.step,
            phase: c.phase.kind(),
            actor: self.actor(),
            turn_order: c.order.to_vec(),
            players,
            current_market: current,
            future_market: future,
            step3_card_in_market: self.step3_card_in_market(),
            deck_size: self.deck_size(),
            under_step3_card: self.under_step3_card(),
            removed_plants: c.out_of_game.iter().collect(),
            resource_market: c.resource_market,
            supply: c.supply,
            auction: auction.map(|a| AuctionView {
                plant: a.plant,
                starter: a.starter,
                high_bid: a.high_bid,
                high_bidder: a.high_bidder,
                bidders: seats(a.bidders).collect(),
            }),
            auction_done: seats(done).collect(),
            auction_bought: seats(bought).collect(),
            step3_pending: c.step3_pending,
            pending_discard: discard.map(|d| (d.seat, d.bought)),
            standings: self.standings().map(<[Standing]>::to_vec),
        }
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        let standings = self.standings()?.to_vec();
        let winners = standings
            .iter()
            .filter(|s| s.rank == 1)
            .map(|s| s.seat)
            .collect();
        Some(Outcome { standings, winners })
    }
}
