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
//! - The phase is data ([`Phase`]): each phase owns what only it needs, and the module of each
//!   phase (`phase::auction`, ...) holds its check, its legal list and its apply; this module
//!   dispatches to them. Phase 1 has no decisions and runs inside the last action of the previous
//!   round; so do the end-of-phase steps (all-pass removal, Step 2/3, resupply, the plant market
//!   update). The plant market and deck mechanics are in `market`.

use crate::action::Action;
use crate::error::RuleError;
use crate::event::{Event, PhaseKind, Standing};
use crate::fixed::FixedList;
use crate::map::{Board, CityId, MapId, RegionSet, CITIES_PER_MAP, UNREACHABLE};
use crate::phase::{auction, building, bureaucracy, resources, AuctionTurn, Phase};
use crate::plants::{FuelNeeds, PlantId, PlantSet};
use crate::resources::{
    market_price, player_count_rules, ByResource, PlayerCountRules, Resource, STARTING_MARKET,
};
use crate::setup::Setup;
use engine::{Actor, Seat};
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

    pub(crate) fn plants_changed(&mut self) {
        self.needs = FuelNeeds::of(self.plants.iter().copied());
    }
}

/// The serializable part of the state: everything but caches. Its JSON form is the flat
/// [`crate::invariants::CoreFile`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(
    into = "crate::invariants::CoreFile",
    try_from = "crate::invariants::CoreFile"
)]
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
    pub phase: Phase,
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
            phase: Phase::auction(),
            order: dealt.turn_order.into_iter().collect(),
            seats,
            market: (3..=10).collect(),
            deck,
            removed_at_setup: dealt.removed.into_iter().collect(),
            out_of_game: PlantSet::EMPTY,
            resource_market: STARTING_MARKET,
            supply,
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
        self.core.phase.kind()
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
        let mut out = Vec::new();
        self.cities_into(seat, &mut out);
        out
    }

    /// [`State::cities`] written over `out`, keeping its allocation.
    pub(crate) fn cities_into(&self, seat: Seat, out: &mut Vec<CityId>) {
        let mut houses = self.core.seats[seat.index()].houses;
        out.clear();
        out.reserve(houses.count_ones() as usize);
        // One city per set bit, lowest index first.
        while houses != 0 {
            out.push(CityId::from_local(
                self.core.map,
                houses.trailing_zeros() as usize,
            ));
            houses &= houses - 1;
        }
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

    pub(crate) fn current_plants(&self) -> &[u8] {
        &self.core.market[..self.current_len()]
    }

    /// The highest bid of the running auction.
    pub fn high_bid(&self) -> Option<u32> {
        match self.core.phase {
            Phase::Auction(p) => match p.turn {
                AuctionTurn::Bidding(a) => Some(a.high_bid),
                _ => None,
            },
            _ => None,
        }
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
        let mut out = Vec::new();
        self.under_step3_card_into(&mut out);
        out
    }

    /// [`State::under_step3_card`] written over `out`, keeping its allocation.
    pub(crate) fn under_step3_card_into(&self, out: &mut Vec<PlantId>) {
        out.clear();
        if let Some(i) = self.core.deck.iter().position(|&p| p == STEP3_CARD) {
            out.extend(self.core.deck[..i].iter().map(|&p| PlantId(p)));
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
        match &self.core.phase {
            Phase::Over { standings } => Some(standings),
            _ => None,
        }
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

    /// Every seat of the game, as bits.
    pub(crate) fn all_seats(&self) -> u8 {
        ((1u16 << self.core.players) - 1) as u8
    }

    /// Who must act now.
    pub fn actor(&self) -> Actor {
        let c = &self.core;
        let seat = match &c.phase {
            Phase::Over { .. } => None,
            Phase::Auction(p) => match p.turn {
                AuctionTurn::Discard(d) => Some(d.seat),
                AuctionTurn::Bidding(a) => Some(a.to_bid),
                AuctionTurn::Open => c.order.iter().find(|s| p.done & (1 << s.0) == 0).copied(),
            },
            Phase::Resources { cursor } | Phase::Building { cursor } => c
                .players
                .saturating_sub(1)
                .checked_sub(*cursor)
                .and_then(|i| c.order.get(usize::from(i)).copied()),
            Phase::Bureaucracy { cursor } => c.order.get(usize::from(*cursor)).copied(),
        };
        seat.map_or(Actor::Terminal, Actor::Seat)
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
        match &self.core.phase {
            Phase::Over { .. } => Err(RuleError::GameOver),
            Phase::Auction(p) => auction::check(self, seat, p, action),
            Phase::Resources { .. } => resources::check(self, seat, action),
            Phase::Building { .. } => building::check(self, seat, action),
            Phase::Bureaucracy { .. } => bureaucracy::check(self, seat, action),
        }
    }

    /// The error for an action of another phase, saying what the phase expects.
    pub(crate) fn not_now(&self, action: &Action, expected: &'static str) -> RuleError {
        RuleError::NotNow {
            action: action_name(action),
            phase: self.core.phase.kind(),
            expected,
        }
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
        match &self.core.phase {
            Phase::Over { .. } => {}
            Phase::Auction(p) => auction::legal(self, seat, p, out, bids),
            Phase::Resources { .. } => resources::legal(self, seat, out),
            Phase::Building { .. } => building::legal(self, seat, out),
            Phase::Bureaucracy { .. } => bureaucracy::legal(self, seat, out),
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

    /// Like [`State::apply_as`] without building events: the path for rollouts and simulation.
    ///
    /// # Errors
    /// The rule that forbids it; the state is then unchanged.
    pub fn apply_quiet(&mut self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        self.check(seat, action)?;
        self.execute(seat, action, &mut Quiet);
        Ok(())
    }

    fn execute<S: Sink>(&mut self, seat: Seat, action: &Action, log: &mut S) {
        match self.core.phase {
            Phase::Over { .. } => {}
            Phase::Auction(p) => auction::apply(self, seat, p, action, log),
            Phase::Resources { cursor } => resources::apply(self, seat, cursor, action, log),
            Phase::Building { cursor } => building::apply(self, seat, cursor, action, log),
            Phase::Bureaucracy { cursor } => bureaucracy::apply(self, seat, cursor, action, log),
        }
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
                if let Ok(burn) = bureaucracy::burn_for(me, set, hc) {
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
    let key = |s: &Standing| std::cmp::Reverse(s.rank_key());
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
