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
        let mut out = View {
            viewer,
            map: self.core.map,
            regions: Vec::new(),
            public_money: false,
            round: 0,
            step: 0,
            phase: PhaseKind::Auction,
            actor: Actor::Terminal,
            turn_order: Vec::new(),
            players: Vec::with_capacity(usize::from(self.core.players)),
            current_market: Vec::new(),
            future_market: Vec::new(),
            step3_card_in_market: false,
            deck_size: 0,
            under_step3_card: Vec::new(),
            removed_plants: Vec::new(),
            resource_market: ByResource::default(),
            supply: ByResource::default(),
            auction: None,
            auction_done: Vec::new(),
            auction_bought: Vec::new(),
            step3_pending: false,
            pending_discard: None,
            standings: None,
        };
        self.view_into(viewer, &mut out);
        out
    }

    /// Writes what `viewer` may know of the state over `out`, which then equals
    /// `self.view(viewer)` whatever it held before. Its lists keep their allocations: a caller
    /// that looks at one state after another (a bot playing a game out) allocates nothing
    /// once they have grown.
    pub fn view_into(&self, viewer: Viewer, out: &mut View) {
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
        // Each list is cleared and reserved to its exact length before it is filled: a view
        // built afresh then allocates once per list, and a reused one not at all.
        let seats = |bits: u8, list: &mut Vec<Seat>| {
            list.clear();
            list.reserve(bits.count_ones() as usize);
            list.extend((0..c.players).filter(|s| bits & (1 << s) != 0).map(Seat));
        };
        out.players.truncate(usize::from(c.players));
        for (i, p) in c.seats.iter().take(usize::from(c.players)).enumerate() {
            let seat = Seat(i as u8);
            if out.players.len() == i {
                out.players.push(PlayerView {
                    seat,
                    money: None,
                    plants: Vec::new(),
                    resources: ByResource::default(),
                    cities: Vec::new(),
                    houses_left: 0,
                });
            }
            let Some(v) = out.players.get_mut(i) else {
                continue;
            };
            let visible = c.public_money || over || viewer == Viewer::Seat(seat);
            v.seat = seat;
            v.money = visible.then_some(p.money);
            v.plants.clear();
            v.plants.extend_from_slice(&p.plants);
            v.resources = p.resources;
            self.cities_into(seat, &mut v.cities);
            v.houses_left = crate::state::HOUSES - p.cities();
        }
        out.viewer = viewer;
        out.map = c.map;
        out.regions.clear();
        out.regions.reserve(c.regions.len());
        out.regions.extend(c.regions.iter());
        out.public_money = c.public_money;
        out.round = c.round;
        out.step = c.step;
        out.phase = c.phase.kind();
        out.actor = self.actor();
        out.turn_order.clear();
        out.turn_order.extend_from_slice(&c.order);
        let current = self.current_plants();
        out.current_market.clear();
        out.current_market
            .extend(current.iter().map(|&p| PlantId(p)));
        // The rest of the market without the Step 3 card, as [`State::market`] lists it.
        out.future_market.clear();
        out.future_market
            .reserve(c.market.len().saturating_sub(current.len()));
        out.future_market.extend(
            c.market
                .iter()
                .filter(|&&p| p != crate::state::STEP3_CARD)
                .skip(current.len())
                .map(|&p| PlantId(p)),
        );
        out.step3_card_in_market = self.step3_card_in_market();
        out.deck_size = self.deck_size();
        self.under_step3_card_into(&mut out.under_step3_card);
        out.removed_plants.clear();
        out.removed_plants.reserve(c.out_of_game.len());
        out.removed_plants.extend(c.out_of_game.iter());
        out.resource_market = c.resource_market;
        out.supply = c.supply;
        out.auction = auction.map(|a| {
            let mut bidders = out.auction.take().map(|v| v.bidders).unwrap_or_default();
            seats(a.bidders, &mut bidders);
            AuctionView {
                plant: a.plant,
                starter: a.starter,
                high_bid: a.high_bid,
                high_bidder: a.high_bidder,
                bidders,
            }
        });
        seats(done, &mut out.auction_done);
        seats(bought, &mut out.auction_bought);
        out.step3_pending = c.step3_pending;
        out.pending_discard = discard.map(|d| (d.seat, d.bought));
        out.standings = self.standings().map(|s| {
            let mut list = out.standings.take().unwrap_or_default();
            list.clear();
            list.extend_from_slice(s);
            list
        });
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
