//! The game state and the rules that move it.
//!
//! Decisions:
//! - The state is fixed-size and `Clone` is a plain copy: per-player arrays for at most 6 players,
//!   inline lists (`FixedList`) for the market, the deck and each player's plants, a 64-bit set of houses per player
//!   (one bit per city of the map). The map's cheapest-path table is shared (`&'static Board`).
//!   Each player's cost to connect every city (`reach`) is cached and updated on each build.
//! - Every action is first checked (`check`, which changes nothing), then carried out (`execute`),
//!   so a refused action leaves the state untouched. `is_legal` is `check(..).is_ok()`, and the
//!   conformance tests check that `legal_actions` lists exactly the actions `is_legal` accepts.
//! - `execute` is generic over an event sink: [`State::apply`] collects events, [`State::play`]
//!   (for rollouts) builds none.
//! - A player's resources are kept as one pool that must fit their plants' storage (the rules
//!   allow moving tokens between one's plants at any time).
//! - Accessors that take a [`Seat`] (`money`, `plants`, `best_power`, ...) index the players like
//!   a slice and panic on a seat the game does not have; callers holding a seat from outside check
//!   it against [`State::players`] first. `check`, `apply_as` and `build_cost` refuse such a seat
//!   with an error instead.
//! - Phase 1 has no decisions and runs inside the last action of the previous round; so do the
//!   end-of-phase steps (all-pass removal, Step 2/3, resupply, the plant market update).
//! - The Step 3 card is a sentinel (255) in the deck and market arrays. When it is drawn the deck
//!   is shuffled at once; what follows depends on the phase it was drawn in (rules file, "Step 3").

use crate::action::Action;
use crate::error::RuleError;
use crate::event::{Event, PhaseKind, RemovalReason, Standing};
use crate::fixed::FixedList;
use crate::map::{Board, CityId, MapId, RegionSet, CITIES_PER_MAP, UNREACHABLE};
use crate::plants::{FuelNeeds, PlantId, PlantSet};
use crate::resources::{
    market_price, payment, player_count_rules, refill, ByResource, PlayerCountRules, Resource,
    STARTING_MARKET,
};
use crate::setup::{self, Setup};
use engine::{Actor, Seat};
use rand::seq::SliceRandom;
use serde::{Deserialize, Serialize};

/// The Step 3 card inside the deck and market arrays.
pub(crate) const STEP3_CARD: u8 = 255;
/// Houses per player.
pub const HOUSES: u8 = 22;
/// Elektro each player starts with.
pub const STARTING_MONEY: u32 = 50;

/// Where events go: a `Vec` collects them, [`Quiet`] drops them unbuilt.
pub(crate) trait Sink {
    fn emit(&mut self, f: impl FnOnce() -> Event);
}

impl Sink for Vec<Event> {
    #[inline]
    fn emit(&mut self, f: impl FnOnce() -> Event) {
        self.push(f());
    }
}

/// An event sink that builds nothing.
pub(crate) struct Quiet;

impl Sink for Quiet {
    #[inline]
    fn emit(&mut self, _f: impl FnOnce() -> Event) {}
}

/// One player's holdings.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct PlayerState {
    pub money: u32,
    /// Sorted ascending; one over the limit only while a discard is due.
    pub plants: FixedList<PlantId, 5>,
    pub resources: ByResource<u8>,
    /// Bit `i`: a house in the map's city with local index `i`.
    pub houses: u64,
    /// The summed fuel needs of `plants` (a cache, rebuilt when read from JSON).
    #[serde(skip)]
    pub needs: FuelNeeds,
}

impl PlayerState {
    pub fn cities(&self) -> u8 {
        self.houses.count_ones() as u8
    }

    pub fn highest_plant(&self) -> u8 {
        self.plants.last().map_or(0, |p| p.0)
    }

    pub fn needs(&self) -> FuelNeeds {
        self.needs
    }

    fn plants_changed(&mut self) {
        self.needs = FuelNeeds::of(self.plants.iter().copied());
    }
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

/// The serializable part of the state: everything but caches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub(crate) struct Core {
    pub players: u8,
    pub map: MapId,
    pub regions: RegionSet,
    pub seed: u64,
    pub public_money: bool,
    pub step3_order: FixedList<PlantId, 42>,
    pub round: u16,
    pub step: u8,
    /// The Step 3 card was drawn and Step 3 has not begun yet.
    pub step3_pending: bool,
    pub phase: PhaseKind,
    pub order: FixedList<Seat, 6>,
    pub seats: FixedList<PlayerState, 6>,
    /// Sorted ascending; may hold the Step 3 card (last) during phase 2.
    pub market: FixedList<u8, 9>,
    /// Top of the deck last.
    pub deck: FixedList<u8, 43>,
    pub removed_at_setup: PlantSet,
    pub out_of_game: PlantSet,
    pub resource_market: ByResource<u8>,
    pub supply: ByResource<u8>,
    /// Phase 2: seats that bought a plant or passed, as bits.
    pub done: u8,
    /// Phase 2: seats that bought a plant, as bits.
    pub bought: u8,
    pub auction: Option<Auction>,
    pub discard: Option<PendingDiscard>,
    /// Phases 3-5: how many players have finished their turn.
    pub cursor: u8,
    pub standings: FixedList<Standing, 6>,
}

/// A game of Power Grid in progress.
#[derive(Clone, Debug)]
pub struct State {
    pub(crate) board: &'static Board,
    pub(crate) core: Core,
    /// `reach[seat][city]`: connection cost from the seat's network (0 before its first house).
    pub(crate) reach: [[u16; CITIES_PER_MAP]; 6],
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.core == other.core
    }
}

impl Eq for State {}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum DrawContext {
    Auction,
    Building,
    Bureaucracy,
}

impl State {
    /// Validates a setup and deals the game: round 1, phase 2, the first player to choose.
    ///
    /// # Errors
    /// Every wrong field of the setup.
    pub fn new(setup: Setup) -> Result<State, crate::SetupError> {
        let dealt = setup.deal()?;
        let mut deck = FixedList::new();
        deck.push(STEP3_CARD);
        for p in dealt.deck_top_first.iter().rev() {
            deck.push(p.0);
        }
        let seats = (0..setup.players)
            .map(|_| PlayerState {
                money: STARTING_MONEY,
                plants: FixedList::new(),
                resources: ByResource::default(),
                houses: 0,
                needs: FuelNeeds::default(),
            })
            .collect();
        let supply = ByResource::from_fn(|r| r.total() - STARTING_MARKET[r]);
        let core = Core {
            players: setup.players,
            map: setup.map,
            regions: dealt.regions,
            seed: setup.seed,
            public_money: setup.public_money,
            step3_order: dealt.step3_order.into_iter().collect(),
            round: 1,
            step: 1,
            step3_pending: false,
            phase: PhaseKind::Auction,
            order: dealt.turn_order.into_iter().collect(),
            seats,
            market: (3..=10).collect(),
            deck,
            removed_at_setup: dealt.removed.into_iter().collect(),
            out_of_game: PlantSet::EMPTY,
            resource_market: STARTING_MARKET,
            supply,
            done: 0,
            bought: 0,
            auction: None,
            discard: None,
            cursor: 0,
            standings: FixedList::new(),
        };
        Ok(State::from_core(core))
    }

    pub(crate) fn from_core(mut core: Core) -> State {
        for seat in core.seats.iter_mut() {
            seat.plants_changed();
        }
        let board = Board::get(core.map, core.regions);
        let mut s = State {
            board,
            core,
            reach: [[0; CITIES_PER_MAP]; 6],
        };
        for seat in 0..s.core.players as usize {
            s.recompute_reach(seat);
        }
        s
    }

    fn recompute_reach(&mut self, seat: usize) {
        let houses = self.core.seats[seat].houses;
        let row = &mut self.reach[seat];
        *row = [if houses == 0 { 0 } else { UNREACHABLE }; CITIES_PER_MAP];
        let mut h = houses;
        while h != 0 {
            let c = h.trailing_zeros() as usize;
            h &= h - 1;
            for (j, r) in row.iter_mut().enumerate() {
                *r = (*r).min(self.board.dist[c][j]);
            }
        }
    }

    // ----- basic facts -------------------------------------------------------------------

    /// Number of players.
    pub fn players(&self) -> usize {
        self.core.players as usize
    }

    /// The board in play (map restricted to the chosen regions).
    pub fn board(&self) -> &'static Board {
        self.board
    }

    /// The player-count rules of this game.
    pub fn rules(&self) -> PlayerCountRules {
        player_count_rules(self.core.players).expect("validated player count")
    }

    /// The round, from 1.
    pub fn round(&self) -> u16 {
        self.core.round
    }

    /// The step, 1 to 3.
    pub fn step(&self) -> u8 {
        self.core.step
    }

    /// The current phase.
    pub fn phase(&self) -> PhaseKind {
        self.core.phase
    }

    /// The turn order, first player first.
    pub fn turn_order(&self) -> &[Seat] {
        &self.core.order
    }

    /// A player's Elektro (the caller decides who may see it; see [`State::view`]).
    ///
    /// # Panics
    /// If `seat` is not one of this game's seats (`seat.index() >= self.players()`), like a
    /// slice index. Every caller in the workspace passes a checked seat.
    pub fn money(&self, seat: Seat) -> u32 {
        self.core.seats[seat.index()].money
    }

    /// A player's plants, lowest first.
    ///
    /// # Panics
    /// If `seat` is not one of this game's seats (`seat.index() >= self.players()`), like a
    /// slice index. Every caller in the workspace passes a checked seat.
    pub fn plants(&self, seat: Seat) -> &[PlantId] {
        &self.core.seats[seat.index()].plants
    }

    /// A player's stored resources.
    ///
    /// # Panics
    /// If `seat` is not one of this game's seats (`seat.index() >= self.players()`), like a
    /// slice index. Every caller in the workspace passes a checked seat.
    pub fn resources(&self, seat: Seat) -> ByResource<u8> {
        self.core.seats[seat.index()].resources
    }

    /// The cities where a player has a house.
    ///
    /// # Panics
    /// If `seat` is not one of this game's seats (`seat.index() >= self.players()`), like a
    /// slice index. Every caller in the workspace passes a checked seat.
    pub fn cities(&self, seat: Seat) -> Vec<CityId> {
        let houses = self.core.seats[seat.index()].houses;
        (0..CITIES_PER_MAP)
            .filter(|i| houses & (1 << i) != 0)
            .map(|i| CityId::from_local(self.core.map, i))
            .collect()
    }

    /// How many cities a player has connected.
    ///
    /// # Panics
    /// If `seat` is not one of this game's seats (`seat.index() >= self.players()`), like a
    /// slice index. Every caller in the workspace passes a checked seat.
    pub fn city_count(&self, seat: Seat) -> u8 {
        self.core.seats[seat.index()].cities()
    }

    /// Tokens of each resource in the market.
    pub fn resource_market(&self) -> ByResource<u8> {
        self.core.resource_market
    }

    /// Tokens of each resource in the supply (the box).
    pub fn supply(&self) -> ByResource<u8> {
        self.core.supply
    }

    /// Plants in the market (current and future, lowest first), without the Step 3 card.
    pub fn market(&self) -> Vec<PlantId> {
        self.core
            .market
            .iter()
            .filter(|&&p| p != STEP3_CARD)
            .map(|&p| PlantId(p))
            .collect()
    }

    /// The plants that may be auctioned now, lowest first.
    pub fn current_market(&self) -> Vec<PlantId> {
        self.current_plants().iter().map(|&p| PlantId(p)).collect()
    }

    fn current_plants(&self) -> &[u8] {
        &self.core.market[..self.current_len()]
    }

    /// The highest bid of the running auction.
    pub fn high_bid(&self) -> Option<u32> {
        self.core.auction.map(|a| a.high_bid)
    }

    /// Whether the Step 3 card lies in the market (drawn during phase 2).
    pub fn step3_card_in_market(&self) -> bool {
        self.core.market.last() == Some(&STEP3_CARD)
    }

    /// Cards in the deck, the Step 3 card included while it is there.
    pub fn deck_size(&self) -> usize {
        self.core.deck.len()
    }

    /// Plants put under the Step 3 card in phase 5, bottom first (public knowledge).
    pub fn under_step3_card(&self) -> Vec<PlantId> {
        match self.core.deck.iter().position(|&p| p == STEP3_CARD) {
            Some(i) => self.core.deck[..i].iter().map(|&p| PlantId(p)).collect(),
            None => Vec::new(),
        }
    }

    /// Plants out of the game face up (not the ones removed face down at setup).
    pub fn removed_plants(&self) -> PlantSet {
        self.core.out_of_game
    }

    /// Whether money is public in this game.
    pub fn public_money(&self) -> bool {
        self.core.public_money
    }

    /// The most cities connected by any player.
    pub fn most_cities(&self) -> u8 {
        self.core
            .seats
            .iter()
            .map(|p| p.cities())
            .max()
            .unwrap_or(0)
    }

    /// The final count, once the game has ended.
    pub fn standings(&self) -> Option<&[Standing]> {
        (self.core.phase == PhaseKind::GameOver).then_some(&self.core.standings[..])
    }

    fn current_len(&self) -> usize {
        let plants = self
            .core
            .market
            .iter()
            .filter(|&&p| p != STEP3_CARD)
            .count();
        if self.core.step == 3 {
            plants
        } else {
            plants.min(4)
        }
    }

    fn all_mask(&self) -> u8 {
        ((1u16 << self.core.players) - 1) as u8
    }

    /// Who must act now.
    pub fn actor(&self) -> Actor {
        let c = &self.core;
        match c.phase {
            PhaseKind::GameOver => Actor::Terminal,
            PhaseKind::Auction => {
                if let Some(d) = c.discard {
                    Actor::Seat(d.seat)
                } else if let Some(a) = c.auction {
                    Actor::Seat(a.to_bid)
                } else {
                    match c.order.iter().find(|s| c.done & (1 << s.0) == 0) {
                        Some(s) => Actor::Seat(*s),
                        None => Actor::Terminal,
                    }
                }
            }
            PhaseKind::Resources | PhaseKind::Building => {
                Actor::Seat(c.order[(c.players - 1 - c.cursor) as usize])
            }
            PhaseKind::Bureaucracy => Actor::Seat(c.order[c.cursor as usize]),
        }
    }

    fn occupancy(&self) -> [u64; 3] {
        let (mut one, mut two, mut three) = (0u64, 0u64, 0u64);
        for p in &self.core.seats {
            three |= two & p.houses;
            two |= one & p.houses;
            one |= p.houses;
        }
        [one, two, three]
    }

    /// Houses allowed per city in the current step.
    pub fn city_limit(&self) -> u8 {
        self.core.step
    }

    /// How many houses stand in a city.
    pub fn houses_in(&self, city: CityId) -> u8 {
        if city.map() != self.core.map {
            return 0;
        }
        let bit = 1u64 << city.local();
        self.core
            .seats
            .iter()
            .filter(|p| p.houses & bit != 0)
            .count() as u8
    }

    /// The building cost of the next place in a city with `occupied` houses.
    fn place_cost(occupied: u8) -> u32 {
        match occupied {
            0 => 10,
            1 => 15,
            _ => 20,
        }
    }

    // ----- checking ----------------------------------------------------------------------

    /// Whether the current actor may take `action` now.
    pub fn is_legal(&self, action: &Action) -> bool {
        match self.actor() {
            Actor::Seat(s) => self.check(s, action).is_ok(),
            Actor::Terminal => false,
        }
    }

    /// Why `seat` may not take `action` now, if it may not.
    ///
    /// # Errors
    /// The rule that forbids the action.
    pub fn check(&self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        let actor = match self.actor() {
            Actor::Terminal => return Err(RuleError::GameOver),
            Actor::Seat(s) => s,
        };
        if seat != actor {
            return Err(RuleError::NotYourTurn { seat, actor });
        }
        let c = &self.core;
        let me = &c.seats[seat.index()];
        let not_now = |expected: &'static str| RuleError::NotNow {
            action: action_name(action),
            phase: c.phase,
            expected,
        };
        match c.phase {
            PhaseKind::GameOver => Err(RuleError::GameOver),
            PhaseKind::Auction => {
                if let Some(d) = c.discard {
                    let Action::Discard { plant, keep_coal } = *action else {
                        return Err(not_now("discard one of your older plants"));
                    };
                    if !me.plants.contains(&plant) {
                        return Err(RuleError::NotYourPlant { plant });
                    }
                    if plant == d.bought {
                        return Err(RuleError::CannotDiscardNewPlant { plant });
                    }
                    let (lo, hi) = self.keep_coal_range(me, plant);
                    return match (keep_coal, lo == hi) {
                        (None, true) => Ok(()),
                        (Some(_), true) => Err(RuleError::KeepCoalNotApplicable { plant }),
                        (None, false) => Err(RuleError::KeepCoalRequired {
                            plant,
                            min: lo,
                            max: hi,
                        }),
                        (Some(k), false) if (lo..=hi).contains(&k) => Ok(()),
                        (Some(k), false) => Err(RuleError::KeepCoalOutOfRange {
                            plant,
                            keep: k,
                            min: lo,
                            max: hi,
                        }),
                    };
                }
                if let Some(a) = c.auction {
                    return match *action {
                        Action::Bid { amount } => {
                            if amount <= a.high_bid {
                                Err(RuleError::BidTooLow {
                                    bid: amount,
                                    min: a.high_bid + 1,
                                })
                            } else if amount > me.money {
                                Err(RuleError::NotEnoughMoney {
                                    cost: amount,
                                    money: me.money,
                                })
                            } else {
                                Ok(())
                            }
                        }
                        Action::Pass => Ok(()),
                        _ => Err(not_now("bid higher or pass (drop out of this auction)")),
                    };
                }
                match *action {
                    Action::StartAuction { plant, bid } => {
                        let in_market = plant.is_card() && c.market.contains(&plant.0);
                        if !in_market {
                            return Err(RuleError::PlantNotInMarket { plant });
                        }
                        if !self.current_plants().contains(&plant.0) {
                            return Err(RuleError::PlantNotInCurrentMarket {
                                plant,
                                current: self
                                    .current_plants()
                                    .iter()
                                    .map(|p| p.to_string())
                                    .collect::<Vec<_>>()
                                    .join(", "),
                            });
                        }
                        if bid < plant.0 as u32 {
                            return Err(RuleError::BidTooLow {
                                bid,
                                min: plant.0 as u32,
                            });
                        }
                        if bid > me.money {
                            return Err(RuleError::NotEnoughMoney {
                                cost: bid,
                                money: me.money,
                            });
                        }
                        Ok(())
                    }
                    Action::Pass => {
                        if self.may_pass_auctions(me) {
                            Ok(())
                        } else {
                            Err(RuleError::MustBuyInFirstRound)
                        }
                    }
                    _ => Err(not_now(
                        "start an auction on a plant of the current market, or pass",
                    )),
                }
            }
            PhaseKind::Resources => match *action {
                Action::Buy { resource, amount } => {
                    if amount == 0 {
                        return Err(RuleError::ZeroAmount);
                    }
                    let available = c.resource_market[resource];
                    if amount > available {
                        return Err(RuleError::NotEnoughInMarket {
                            resource,
                            wanted: amount,
                            available,
                        });
                    }
                    let room = me.needs().room(me.resources, resource);
                    if amount > room {
                        return Err(RuleError::CannotStore {
                            resource,
                            wanted: amount,
                            room,
                        });
                    }
                    let cost = market_price(resource, available, amount).unwrap_or(u32::MAX);
                    if cost > me.money {
                        return Err(RuleError::NotEnoughMoney {
                            cost,
                            money: me.money,
                        });
                    }
                    Ok(())
                }
                Action::Done => Ok(()),
                _ => Err(not_now("buy resources or say done")),
            },
            PhaseKind::Building => match *action {
                Action::Build { city } => self.build_cost(seat, city).map(|_| ()),
                Action::Done => Ok(()),
                _ => Err(not_now("build in a city or say done")),
            },
            PhaseKind::Bureaucracy => match *action {
                Action::Power {
                    plants,
                    hybrid_coal,
                } => self.burn_for(me, plants, hybrid_coal).map(|_| ()),
                _ => Err(not_now("choose the plants to run (power)")),
            },
        }
    }

    fn may_pass_auctions(&self, me: &PlayerState) -> bool {
        self.core.round > 1 || !self.current_plants().iter().any(|&p| p as u32 <= me.money)
    }

    /// The range of coal a player may keep when discarding `plant` (equal ends: no choice).
    fn keep_coal_range(&self, me: &PlayerState, plant: PlantId) -> (u8, u8) {
        let needs = FuelNeeds::of(me.plants.iter().copied().filter(|&p| p != plant));
        let (c, o, h) = (needs.coal, needs.oil, needs.hybrid);
        let coal_fit = me.resources.coal.min(2 * (c + h));
        let oil_fit = me.resources.oil.min(2 * (o + h));
        let kept = (coal_fit + oil_fit).min(2 * (c + o + h));
        let lo = kept.saturating_sub(oil_fit);
        let hi = coal_fit.min(kept);
        (lo, hi)
    }

    /// What it costs `seat` to build in `city` now: (connection, place).
    ///
    /// # Errors
    /// Why the player cannot build there now (phase aside).
    pub fn build_cost(&self, seat: Seat, city: CityId) -> Result<(u32, u32), RuleError> {
        let Some(me) = self.core.seats.get(seat.index()) else {
            return Err(RuleError::NoSuchSeat { seat });
        };
        if !self.board.in_play(city) {
            return Err(RuleError::CityNotInPlay { city });
        }
        let bit = 1u64 << city.local();
        if me.houses & bit != 0 {
            return Err(RuleError::AlreadyBuilt { city });
        }
        if me.cities() >= HOUSES {
            return Err(RuleError::NoHousesLeft);
        }
        let occupied = self.houses_in(city);
        if occupied >= self.core.step {
            return Err(RuleError::CityFull {
                city,
                step: self.core.step,
                limit: self.core.step,
            });
        }
        let connection = self.reach[seat.index()][city.local()];
        if connection == UNREACHABLE {
            return Err(RuleError::Unreachable { city });
        }
        let (connection, place) = (connection as u32, Self::place_cost(occupied));
        if connection + place > me.money {
            return Err(RuleError::NotEnoughMoney {
                cost: connection + place,
                money: me.money,
            });
        }
        Ok((connection, place))
    }

    /// The tokens burned by running `plants` with `hybrid_coal` coal in the hybrids.
    fn burn_for(
        &self,
        me: &PlayerState,
        plants: PlantSet,
        hybrid_coal: u8,
    ) -> Result<ByResource<u8>, RuleError> {
        for p in plants.iter() {
            if !me.plants.contains(&p) {
                return Err(RuleError::NotYourPlant { plant: p });
            }
        }
        let needs = FuelNeeds::of(plants.iter());
        if hybrid_coal > needs.hybrid {
            return Err(RuleError::HybridMix {
                hybrid_coal,
                hybrid_need: needs.hybrid,
            });
        }
        let burn = ByResource {
            coal: needs.coal + hybrid_coal,
            oil: needs.oil + (needs.hybrid - hybrid_coal),
            garbage: needs.garbage,
            uranium: needs.uranium,
        };
        for r in Resource::ALL {
            if burn[r] > me.resources[r] {
                return Err(RuleError::NotEnoughFuel {
                    resource: r,
                    needed: burn[r],
                    held: me.resources[r],
                });
            }
        }
        Ok(burn)
    }

    // ----- legal actions -----------------------------------------------------------------

    /// Every legal action of the current actor, sorted (`out` is cleared first).
    pub fn legal_actions(&self, out: &mut Vec<Action>) {
        self.legal_actions_limited(out, u32::MAX);
    }

    /// Like [`State::legal_actions`], but listing only the `bids` lowest amounts for each opening
    /// bid and raise (for rollouts and benchmarks; every listed action is legal).
    pub fn legal_actions_limited(&self, out: &mut Vec<Action>, bids: u32) {
        out.clear();
        let bids = bids.max(1);
        let Actor::Seat(seat) = self.actor() else {
            return;
        };
        let c = &self.core;
        let me = &c.seats[seat.index()];
        match c.phase {
            PhaseKind::GameOver => {}
            PhaseKind::Auction => {
                if let Some(d) = c.discard {
                    for &plant in &me.plants {
                        if plant == d.bought {
                            continue;
                        }
                        let (lo, hi) = self.keep_coal_range(me, plant);
                        if lo == hi {
                            out.push(Action::Discard {
                                plant,
                                keep_coal: None,
                            });
                        } else {
                            for k in lo..=hi {
                                out.push(Action::Discard {
                                    plant,
                                    keep_coal: Some(k),
                                });
                            }
                        }
                    }
                } else if let Some(a) = c.auction {
                    let top = me.money.min(a.high_bid.saturating_add(bids));
                    for amount in a.high_bid + 1..=top {
                        out.push(Action::Bid { amount });
                    }
                    out.push(Action::Pass);
                } else {
                    for &p in self.current_plants() {
                        let min = p as u32;
                        let top = me.money.min(min.saturating_add(bids - 1));
                        for bid in min..=top {
                            out.push(Action::StartAuction {
                                plant: PlantId(p),
                                bid,
                            });
                        }
                    }
                    if self.may_pass_auctions(me) {
                        out.push(Action::Pass);
                    }
                }
            }
            PhaseKind::Resources => {
                let needs = me.needs();
                for r in Resource::ALL {
                    let available = c.resource_market[r];
                    let max = available.min(needs.room(me.resources, r));
                    let prices = r.place_prices();
                    let start = prices.len() - available as usize;
                    let mut cost = 0u32;
                    for n in 1..=max {
                        cost += prices[start + n as usize - 1] as u32;
                        if cost > me.money {
                            break;
                        }
                        out.push(Action::Buy {
                            resource: r,
                            amount: n,
                        });
                    }
                }
                out.push(Action::Done);
            }
            PhaseKind::Building => {
                if me.cities() < HOUSES {
                    let [one, two, three] = self.occupancy();
                    let full = match c.step {
                        1 => one,
                        2 => two,
                        _ => three,
                    };
                    let mut open = self.board.in_play & !full & !me.houses;
                    let reach = &self.reach[seat.index()];
                    while open != 0 {
                        let i = open.trailing_zeros() as usize;
                        open &= open - 1;
                        let bit = 1u64 << i;
                        let place = if one & bit == 0 {
                            10
                        } else if two & bit == 0 {
                            15
                        } else {
                            20
                        };
                        let conn = reach[i];
                        if conn != UNREACHABLE && conn as u32 + place <= me.money {
                            out.push(Action::Build {
                                city: CityId::from_local(c.map, i),
                            });
                        }
                    }
                }
                out.push(Action::Done);
            }
            PhaseKind::Bureaucracy => {
                // Subsets in counting order over the plants (sorted ascending) come out in the
                // order of their bit sets, so the list is sorted without sorting.
                let n = me.plants.len();
                let single: [FuelNeeds; 5] =
                    std::array::from_fn(|i| FuelNeeds::of(me.plants.get(i).copied()));
                let r = me.resources;
                for mask in 0u32..(1 << n) {
                    let mut set = PlantSet::EMPTY;
                    let mut needs = FuelNeeds::default();
                    for (i, one) in single.iter().enumerate().take(n) {
                        if mask & (1 << i) != 0 {
                            set.insert(me.plants[i]);
                            needs.add(one);
                        }
                    }
                    if needs.garbage > r.garbage
                        || needs.uranium > r.uranium
                        || needs.coal > r.coal
                        || needs.oil > r.oil
                    {
                        continue;
                    }
                    for hc in 0..=needs.hybrid {
                        if needs.coal + hc <= r.coal && needs.oil + needs.hybrid - hc <= r.oil {
                            out.push(Action::Power {
                                plants: set,
                                hybrid_coal: hc,
                            });
                        }
                    }
                }
            }
        }
    }

    /// Plays uniformly random legal actions (only the `bids` lowest amounts of each bid, see
    /// [`State::legal_actions_limited`]) until the game ends; returns how many were played.
    /// For rollouts and benchmarks: no events are built.
    pub fn random_playout(
        &mut self,
        rng: &mut impl rand::Rng,
        bids: u32,
        buf: &mut Vec<Action>,
    ) -> usize {
        let mut played = 0;
        while let Actor::Seat(seat) = self.actor() {
            self.legal_actions_limited(buf, bids);
            if buf.is_empty() {
                break;
            }
            let action = buf[rng.gen_range(0..buf.len())];
            self.execute(seat, &action, &mut Quiet);
            played += 1;
        }
        played
    }

    // ----- applying ----------------------------------------------------------------------

    /// Applies `action` for the current actor and returns what happened.
    ///
    /// # Errors
    /// The rule that forbids it; the state is then unchanged.
    pub fn apply(&mut self, action: &Action) -> Result<Vec<Event>, RuleError> {
        let seat = self.actor().seat().ok_or(RuleError::GameOver)?;
        self.apply_as(seat, action)
    }

    /// Applies `action` as taken by `seat`.
    ///
    /// # Errors
    /// The rule that forbids it; the state is then unchanged.
    pub fn apply_as(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        self.check(seat, action)?;
        let mut events = Vec::new();
        self.execute(seat, action, &mut events);
        Ok(events)
    }

    /// Applies `action` for the current actor without building events (for rollouts).
    ///
    /// # Errors
    /// The rule that forbids it; the state is then unchanged.
    pub fn play(&mut self, action: &Action) -> Result<(), RuleError> {
        let seat = self.actor().seat().ok_or(RuleError::GameOver)?;
        self.check(seat, action)?;
        self.execute(seat, action, &mut Quiet);
        Ok(())
    }

    fn execute<S: Sink>(&mut self, seat: Seat, action: &Action, log: &mut S) {
        let si = seat.index();
        match *action {
            Action::StartAuction { plant, bid } => {
                log.emit(|| Event::AuctionStarted { seat, plant, bid });
                let others = self.all_mask() & !self.core.done & !(1 << seat.0);
                if others == 0 {
                    self.win_auction(seat, plant, bid, log);
                } else {
                    let bidders = others | 1 << seat.0;
                    self.core.auction = Some(Auction {
                        plant,
                        starter: seat,
                        high_bid: bid,
                        high_bidder: seat,
                        bidders,
                        to_bid: self.next_bidder(seat, bidders),
                    });
                }
            }
            Action::Bid { amount } => {
                let a = self
                    .core
                    .auction
                    .as_mut()
                    .expect("checked: auction running");
                a.high_bid = amount;
                a.high_bidder = seat;
                let (plant, bidders) = (a.plant, a.bidders);
                log.emit(|| Event::Bid {
                    seat,
                    plant,
                    amount,
                });
                let next = self.next_bidder(seat, bidders);
                self.core.auction.as_mut().expect("running").to_bid = next;
            }
            Action::Pass => {
                if let Some(mut a) = self.core.auction {
                    a.bidders &= !(1 << seat.0);
                    log.emit(|| Event::DroppedOut {
                        seat,
                        plant: a.plant,
                    });
                    if a.bidders.count_ones() == 1 {
                        self.win_auction(a.high_bidder, a.plant, a.high_bid, log);
                    } else {
                        a.to_bid = self.next_bidder(seat, a.bidders);
                        self.core.auction = Some(a);
                    }
                } else {
                    self.core.done |= 1 << seat.0;
                    log.emit(|| Event::PassedAuctions { seat });
                    self.after_auction_step(log);
                }
            }
            Action::Discard { plant, keep_coal } => {
                let (lo, _) = self.keep_coal_range(&self.core.seats[si], plant);
                let me = &mut self.core.seats[si];
                me.plants.retain(|p| *p != plant);
                me.plants_changed();
                let needs = me.needs();
                let before = me.resources;
                let coal_fit = before.coal.min(2 * (needs.coal + needs.hybrid));
                let oil_fit = before.oil.min(2 * (needs.oil + needs.hybrid));
                let kept = (coal_fit + oil_fit).min(2 * (needs.coal + needs.oil + needs.hybrid));
                let coal = keep_coal.unwrap_or(lo);
                let after = ByResource {
                    coal,
                    oil: kept - coal,
                    garbage: before.garbage.min(2 * needs.garbage),
                    uranium: before.uranium.min(2 * needs.uranium),
                };
                let returned = ByResource::from_fn(|r| before[r] - after[r]);
                me.resources = after;
                for r in Resource::ALL {
                    self.core.supply[r] += returned[r];
                }
                self.core.out_of_game.insert(plant);
                self.core.discard = None;
                log.emit(|| Event::PlantDiscarded {
                    seat,
                    plant,
                    returned,
                });
                self.after_auction_step(log);
            }
            Action::Buy { resource, amount } => {
                let available = self.core.resource_market[resource];
                let cost = market_price(resource, available, amount).expect("checked: available");
                self.core.resource_market[resource] -= amount;
                let me = &mut self.core.seats[si];
                me.resources[resource] += amount;
                me.money -= cost;
                log.emit(|| Event::ResourcesBought {
                    seat,
                    resource,
                    amount,
                    cost,
                });
            }
            Action::Build { city } => {
                let (connection, place) = self.build_cost(seat, city).expect("checked: buildable");
                let local = city.local();
                let me = &mut self.core.seats[si];
                let first = me.houses == 0;
                me.houses |= 1 << local;
                me.money -= connection + place;
                let row = &mut self.reach[si];
                let dist = &self.board.dist[local];
                if first {
                    *row = *dist;
                } else {
                    for (r, &d) in row.iter_mut().zip(dist.iter()) {
                        *r = (*r).min(d);
                    }
                }
                log.emit(|| Event::Built {
                    seat,
                    city,
                    connection,
                    place,
                });
                self.remove_small_plants(DrawContext::Building, log);
            }
            Action::Done => {
                let phase = self.core.phase;
                log.emit(|| Event::TurnEnded { seat, phase });
                self.core.cursor += 1;
                if self.core.cursor == self.core.players {
                    self.core.cursor = 0;
                    if phase == PhaseKind::Resources {
                        self.core.phase = PhaseKind::Building;
                        log.emit(|| Event::PhaseStarted {
                            phase: PhaseKind::Building,
                        });
                    } else {
                        self.end_building(log);
                    }
                }
            }
            Action::Power {
                plants,
                hybrid_coal,
            } => {
                let me = &self.core.seats[si];
                let burned = self
                    .burn_for(me, plants, hybrid_coal)
                    .expect("checked: enough fuel");
                let capacity = FuelNeeds::of(plants.iter()).cities;
                let cities = capacity.min(me.cities());
                let income = payment(cities);
                let me = &mut self.core.seats[si];
                for r in Resource::ALL {
                    me.resources[r] -= burned[r];
                    self.core.supply[r] += burned[r];
                }
                me.money += income;
                log.emit(|| Event::Powered {
                    seat,
                    plants,
                    burned,
                    cities,
                    income,
                });
                self.core.cursor += 1;
                if self.core.cursor == self.core.players {
                    self.end_bureaucracy(log);
                }
            }
        }
    }

    fn next_bidder(&self, from: Seat, bidders: u8) -> Seat {
        let n = self.core.players;
        (1..=n)
            .map(|k| Seat((from.0 + k) % n))
            .find(|s| bidders & (1 << s.0) != 0)
            .unwrap_or(from)
    }

    fn win_auction<S: Sink>(&mut self, seat: Seat, plant: PlantId, price: u32, log: &mut S) {
        let si = seat.index();
        self.core.auction = None;
        self.core.done |= 1 << seat.0;
        self.core.bought |= 1 << seat.0;
        let me = &mut self.core.seats[si];
        me.money -= price;
        let at = me.plants.partition_point(|p| *p < plant);
        me.plants.insert(at, plant);
        me.plants_changed();
        let over = me.plants.len() > self.rules().max_plants as usize;
        self.core.market.retain(|p| *p != plant.0);
        log.emit(|| Event::PlantBought { seat, plant, price });
        self.draw(DrawContext::Auction, log);
        self.remove_small_plants(DrawContext::Auction, log);
        if over {
            self.core.discard = Some(PendingDiscard {
                seat,
                bought: plant,
            });
        } else {
            self.after_auction_step(log);
        }
    }

    fn after_auction_step<S: Sink>(&mut self, log: &mut S) {
        if self.core.done != self.all_mask() {
            return;
        }
        // End of phase 2.
        if self.core.bought == 0 && self.lowest_plant().is_some() {
            self.remove_lowest(RemovalReason::NoPurchase, log);
            self.draw(DrawContext::Auction, log);
            self.remove_small_plants(DrawContext::Auction, log);
        }
        if self.core.round == 1 {
            self.determine_turn_order(log);
        }
        if self.core.step3_pending {
            self.begin_step3(log);
        }
        self.core.done = 0;
        self.core.bought = 0;
        self.core.cursor = 0;
        self.core.phase = PhaseKind::Resources;
        log.emit(|| Event::PhaseStarted {
            phase: PhaseKind::Resources,
        });
    }

    fn lowest_plant(&self) -> Option<u8> {
        self.core
            .market
            .first()
            .copied()
            .filter(|&p| p != STEP3_CARD)
    }

    fn remove_lowest<S: Sink>(&mut self, reason: RemovalReason, log: &mut S) {
        if let Some(low) = self.lowest_plant() {
            self.core.market.remove(0);
            self.core.out_of_game.insert(PlantId(low));
            log.emit(|| Event::PlantRemoved {
                plant: PlantId(low),
                reason,
            });
        }
    }

    /// Draws the top card into the market (or handles the Step 3 card).
    fn draw<S: Sink>(&mut self, ctx: DrawContext, log: &mut S) {
        let Some(top) = self.core.deck.pop() else {
            return;
        };
        if top != STEP3_CARD {
            let at = self.core.market.partition_point(|p| *p < top);
            self.core.market.insert(at, top);
            log.emit(|| Event::PlantDrawn {
                plant: PlantId(top),
            });
            return;
        }
        log.emit(|| Event::Step3CardDrawn);
        self.shuffle_deck();
        let size = self.core.deck.len() as u8;
        log.emit(|| Event::DeckShuffled { size });
        self.core.step3_pending = true;
        match ctx {
            DrawContext::Auction => self.core.market.push(STEP3_CARD),
            DrawContext::Building | DrawContext::Bureaucracy => {
                log.emit(|| Event::Step3CardRemoved);
                self.remove_lowest(RemovalReason::Step3, log);
            }
        }
    }

    fn shuffle_deck(&mut self) {
        let mut rng = setup::rng(self.core.seed, setup::STREAM_STEP3);
        self.core.deck.shuffle(&mut rng);
        if self.core.step3_order.is_empty() {
            return;
        }
        let listed = |p: u8| self.core.step3_order.iter().position(|q| q.0 == p);
        let mut fixed: FixedList<u8, 43> = FixedList::new();
        let mut rest: FixedList<u8, 43> = FixedList::new();
        for &p in &self.core.deck {
            if listed(p).is_some() {
                fixed.push(p);
            } else {
                rest.push(p);
            }
        }
        // Listed plants on top (deck top is the end), first listed topmost.
        fixed.sort_by_key(|&p| std::cmp::Reverse(listed(p)));
        rest.extend(fixed.iter().copied());
        self.core.deck = rest;
    }

    /// Removes market plants numbered at most the most cities connected, drawing replacements.
    fn remove_small_plants<S: Sink>(&mut self, ctx: DrawContext, log: &mut S) {
        loop {
            let cities = self.most_cities();
            match self.lowest_plant() {
                Some(low) if low <= cities => {
                    self.remove_lowest(RemovalReason::SmallPlant { cities }, log);
                    self.draw(ctx, log);
                }
                _ => return,
            }
        }
    }

    fn begin_step3<S: Sink>(&mut self, log: &mut S) {
        if self.core.market.last() == Some(&STEP3_CARD) {
            self.core.market.pop();
            log.emit(|| Event::Step3CardRemoved);
            self.remove_lowest(RemovalReason::Step3, log);
        }
        self.core.step3_pending = false;
        self.core.step = 3;
        log.emit(|| Event::StepStarted { step: 3 });
    }

    fn determine_turn_order<S: Sink>(&mut self, log: &mut S) {
        let seats = &self.core.seats;
        // Stable: players tied on both keys keep their order.
        self.core.order.sort_by_key(|s| {
            let p = &seats[s.index()];
            std::cmp::Reverse((p.cities(), p.highest_plant()))
        });
        let order = self.core.order.to_vec();
        log.emit(|| Event::TurnOrder { order });
    }

    fn end_building<S: Sink>(&mut self, log: &mut S) {
        let rules = self.rules();
        let most = self.most_cities();
        if most >= rules.end_cities {
            self.final_count(log);
            return;
        }
        if self.core.step == 1 && most >= rules.step2_cities {
            self.core.step = 2;
            log.emit(|| Event::StepStarted { step: 2 });
            self.remove_lowest(RemovalReason::Step2, log);
            self.draw(DrawContext::Building, log);
            self.remove_small_plants(DrawContext::Building, log);
        }
        if self.core.step3_pending {
            self.begin_step3(log);
        }
        self.core.phase = PhaseKind::Bureaucracy;
        self.core.cursor = 0;
        log.emit(|| Event::PhaseStarted {
            phase: PhaseKind::Bureaucracy,
        });
    }

    fn end_bureaucracy<S: Sink>(&mut self, log: &mut S) {
        let want = refill(self.core.players, self.core.step);
        let added = ByResource::from_fn(|r| want[r].min(self.core.supply[r]));
        for r in Resource::ALL {
            self.core.supply[r] -= added[r];
            self.core.resource_market[r] += added[r];
        }
        log.emit(|| Event::Resupplied { added });
        if self.core.step < 3 {
            if let Some(&high) = self.core.market.last() {
                self.core.market.pop();
                self.core.deck.insert(0, high);
                log.emit(|| Event::PlantUnderDeck {
                    plant: PlantId(high),
                });
                self.draw(DrawContext::Bureaucracy, log);
                self.remove_small_plants(DrawContext::Bureaucracy, log);
            }
        } else if self.lowest_plant().is_some() {
            self.remove_lowest(RemovalReason::Bureaucracy, log);
            self.draw(DrawContext::Bureaucracy, log);
            self.remove_small_plants(DrawContext::Bureaucracy, log);
        }
        // Phase 1 of the next round.
        self.core.round = self.core.round.saturating_add(1);
        let round = self.core.round;
        log.emit(|| Event::RoundStarted { round });
        if self.core.step3_pending {
            self.begin_step3(log);
        }
        self.determine_turn_order(log);
        self.core.phase = PhaseKind::Auction;
        self.core.cursor = 0;
        self.core.done = 0;
        self.core.bought = 0;
        log.emit(|| Event::PhaseStarted {
            phase: PhaseKind::Auction,
        });
    }

    fn final_count<S: Sink>(&mut self, log: &mut S) {
        let mut standings: FixedList<Standing, 6> = (0..self.core.players)
            .map(|s| {
                let seat = Seat(s);
                let best = self.best_power(seat);
                let p = &self.core.seats[seat.index()];
                Standing {
                    seat,
                    rank: 0,
                    cities_powered: best.cities,
                    money: p.money,
                    cities: p.cities(),
                    plants_run: best.plants,
                }
            })
            .collect();
        rank_standings(&mut standings);
        self.core.standings = standings;
        self.core.phase = PhaseKind::GameOver;
        let standings = standings.to_vec();
        log.emit(|| Event::GameEnded { standings });
    }

    // ----- queries -----------------------------------------------------------------------

    /// The most cities `seat` can power now with its plants and stored resources (capped by its
    /// cities), and one best choice of plants and hybrid coal. Among equal choices, the one
    /// burning the fewest tokens, then the lowest plants.
    ///
    /// # Panics
    /// If `seat` is not one of this game's seats (`seat.index() >= self.players()`), like a
    /// slice index. Every caller in the workspace passes a checked seat.
    pub fn best_power(&self, seat: Seat) -> PowerChoice {
        let me = &self.core.seats[seat.index()];
        let cities = me.cities();
        let n = me.plants.len();
        let mut best = PowerChoice {
            cities: 0,
            plants: PlantSet::EMPTY,
            hybrid_coal: 0,
        };
        let mut best_key = (0u8, u32::MAX);
        for mask in 0u32..(1 << n) {
            let set: PlantSet = (0..n)
                .filter(|i| mask & (1 << i) != 0)
                .map(|i| me.plants[i])
                .collect();
            let needs = FuelNeeds::of(set.iter());
            for hc in 0..=needs.hybrid {
                if let Ok(burn) = self.burn_for(me, set, hc) {
                    let powered = needs.cities.min(cities);
                    let key = (powered, burn.total());
                    if key.0 > best_key.0
                        || (key.0 == best_key.0 && key.1 < best_key.1)
                        || (key == best_key && set < best.plants)
                    {
                        best_key = key;
                        best = PowerChoice {
                            cities: powered,
                            plants: set,
                            hybrid_coal: hc,
                        };
                    }
                }
            }
        }
        best
    }

    /// How many more tokens of each resource `seat`'s plants can store.
    ///
    /// # Panics
    /// If `seat` is not one of this game's seats (`seat.index() >= self.players()`), like a
    /// slice index. Every caller in the workspace passes a checked seat.
    pub fn storage_room(&self, seat: Seat) -> ByResource<u8> {
        let me = &self.core.seats[seat.index()];
        let needs = me.needs();
        ByResource::from_fn(|r| needs.room(me.resources, r))
    }

    /// The price of buying the `n` cheapest tokens of `r` now (`None` if fewer are offered).
    pub fn resource_price(&self, r: Resource, n: u8) -> Option<u32> {
        market_price(r, self.core.resource_market[r], n)
    }

    /// The cheapest way for `seat` to connect `city`: total connection cost and the path from the
    /// player's network (first city in the network, last the target). `None` if the city is not in
    /// play or unreachable. For a first house the path is just the city and the cost 0.
    pub fn connection(&self, seat: Seat, city: CityId) -> Option<(u32, Vec<CityId>)> {
        if !self.board.in_play(city) || seat.index() >= self.players() {
            return None;
        }
        let houses = self.core.seats[seat.index()].houses;
        let target = city.local();
        if houses == 0 || houses & (1 << target) != 0 {
            return Some((0, vec![city]));
        }
        // Dijkstra from the network on the area's connections (42 nodes: a simple scan).
        let mut dist = [UNREACHABLE; CITIES_PER_MAP];
        let mut prev = [usize::MAX; CITIES_PER_MAP];
        let mut done = [false; CITIES_PER_MAP];
        for (i, d) in dist.iter_mut().enumerate() {
            if houses & (1 << i) != 0 {
                *d = 0;
            }
        }
        loop {
            let next = (0..CITIES_PER_MAP)
                .filter(|&i| !done[i] && dist[i] != UNREACHABLE)
                .min_by_key(|&i| dist[i]);
            let Some(u) = next else { break };
            done[u] = true;
            if u == target {
                break;
            }
            for v in 0..CITIES_PER_MAP {
                let w = self.board.edge[u][v];
                if w != UNREACHABLE && dist[u] + w < dist[v] {
                    dist[v] = dist[u] + w;
                    prev[v] = u;
                }
            }
        }
        if dist[target] == UNREACHABLE {
            return None;
        }
        let mut path = vec![target];
        let mut at = target;
        while prev[at] != usize::MAX {
            at = prev[at];
            path.push(at);
        }
        path.reverse();
        Some((
            dist[target] as u32,
            path.into_iter()
                .map(|i| CityId::from_local(self.core.map, i))
                .collect(),
        ))
    }
}

/// Sorts the final count and ranks it: most cities powered, then most Elektro, then most cities
/// connected; players equal on all three share a rank (competition ranking: 1, 1, 3).
pub(crate) fn rank_standings(standings: &mut [Standing]) {
    let key = |s: &Standing| std::cmp::Reverse((s.cities_powered, s.money, s.cities));
    standings.sort_by_key(key);
    for i in 0..standings.len() {
        standings[i].rank = if i > 0 && key(&standings[i]) == key(&standings[i - 1]) {
            standings[i - 1].rank
        } else {
            i as u8 + 1
        };
    }
}

/// A choice of plants to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PowerChoice {
    /// Cities powered.
    pub cities: u8,
    /// Plants run.
    pub plants: PlantSet,
    /// Coal burned in the hybrids run.
    pub hybrid_coal: u8,
}

/// A short name of an action's kind, for errors.
fn action_name(a: &Action) -> &'static str {
    match a {
        Action::StartAuction { .. } => "start an auction",
        Action::Bid { .. } => "bid",
        Action::Pass => "pass",
        Action::Discard { .. } => "discard a plant",
        Action::Buy { .. } => "buy resources",
        Action::Build { .. } => "build",
        Action::Power { .. } => "power cities",
        Action::Done => "say done",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn standing(seat: u8, powered: u8, money: u32, cities: u8) -> Standing {
        Standing {
            seat: Seat(seat),
            rank: 0,
            cities_powered: powered,
            money,
            cities,
            plants_run: PlantSet::EMPTY,
        }
    }

    #[test]
    fn final_count_ties_go_to_money_then_cities_then_are_shared() {
        let mut s = [
            standing(0, 10, 5, 12),
            standing(1, 11, 0, 11),
            standing(2, 10, 5, 13),
            standing(3, 10, 9, 10),
            standing(4, 10, 5, 12),
        ];
        rank_standings(&mut s);
        let order: Vec<(u8, u8)> = s.iter().map(|x| (x.seat.0, x.rank)).collect();
        // 1 powers most; 3 has most money among the 10s; 2 has more cities than 0 and 4,
        // who are equal on everything and share 4th place.
        assert_eq!(order, vec![(1, 1), (3, 2), (2, 3), (0, 4), (4, 4)]);
    }
}
