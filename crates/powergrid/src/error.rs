//! Why a setup or an action was refused. One variant per rule, carrying the numbers that explain it.

use crate::event::PhaseKind;
use crate::map::{CityId, Region};
use crate::plants::PlantId;
use crate::resources::Resource;
use engine::Seat;
use serde::Serialize;

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum RuleError {
    /// The game has ended.
    #[error("the game is over: no more actions")]
    GameOver,
    /// The seat does not play in this game.
    #[error("{seat} does not play in this game")]
    NoSuchSeat {
        /// The seat named.
        seat: Seat,
    },
    /// Another seat must act.
    #[error("it is not {seat}'s turn: {actor} must act")]
    NotYourTurn {
        /// Who tried.
        seat: Seat,
        /// Who must act.
        actor: Seat,
    },
    /// The action does not fit the moment.
    #[error("cannot {action} now, in {phase}: {expected}")]
    NotNow {
        /// What was tried.
        action: &'static str,
        /// The current phase.
        phase: PhaseKind,
        /// What the player may do instead.
        expected: &'static str,
    },
    /// The plant is not in the market.
    #[error("plant {plant} is not in the power plant market")]
    PlantNotInMarket {
        /// The plant named.
        plant: PlantId,
    },
    /// The plant is in the future market, which cannot be auctioned.
    #[error("plant {plant} is in the future market: only the current market ({current}) may be auctioned")]
    PlantNotInCurrentMarket {
        /// The plant named.
        plant: PlantId,
        /// The current market, e.g. "3, 4, 5, 6".
        current: String,
    },
    /// A bid below the minimum.
    #[error("a bid of {bid} is too low: at least {min} is needed")]
    BidTooLow {
        /// The bid.
        bid: u32,
        /// The lowest allowed bid.
        min: u32,
    },
    /// Costs more than the player holds.
    #[error("that costs {cost} Elektro but you hold only {money}")]
    NotEnoughMoney {
        /// What it would cost.
        cost: u32,
        /// What the player holds.
        money: u32,
    },
    /// In round 1 every player must buy a plant.
    #[error("in the first round every player must buy a power plant: start an auction")]
    MustBuyInFirstRound,
    /// The player does not own the plant.
    #[error("you do not own plant {plant}")]
    NotYourPlant {
        /// The plant named.
        plant: PlantId,
    },
    /// The plant just bought cannot be the one discarded.
    #[error("plant {plant} was just bought: discard one of your other plants")]
    CannotDiscardNewPlant {
        /// The plant named.
        plant: PlantId,
    },
    /// Discarding this plant leaves a coal/oil choice that must be made.
    #[error("discarding plant {plant} leaves room for only some of your coal and oil: say how much coal to keep ({min} to {max})")]
    KeepCoalRequired {
        /// The plant named.
        plant: PlantId,
        /// Least coal that can be kept.
        min: u8,
        /// Most coal that can be kept.
        max: u8,
    },
    /// The coal/oil choice is out of range.
    #[error("cannot keep {keep} coal when discarding plant {plant}: keep {min} to {max}")]
    KeepCoalOutOfRange {
        /// The plant named.
        plant: PlantId,
        /// The coal asked for.
        keep: u8,
        /// Least coal that can be kept.
        min: u8,
        /// Most coal that can be kept.
        max: u8,
    },
    /// A coal/oil choice was given where there is none.
    #[error("discarding plant {plant} leaves no coal/oil choice: leave out keep_coal")]
    KeepCoalNotApplicable {
        /// The plant named.
        plant: PlantId,
    },
    /// Buying zero tokens.
    #[error("buy at least one token")]
    ZeroAmount,
    /// The market holds fewer tokens.
    #[error("the market holds only {available} {resource}, not {wanted}")]
    NotEnoughInMarket {
        /// The resource.
        resource: Resource,
        /// How many were asked for.
        wanted: u8,
        /// How many the market holds.
        available: u8,
    },
    /// The player's plants cannot store that much.
    #[error("your plants have room for {room} more {resource}, not {wanted}")]
    CannotStore {
        /// The resource.
        resource: Resource,
        /// How many were asked for.
        wanted: u8,
        /// How many more fit.
        room: u8,
    },
    /// The city is not in the regions played.
    #[error("{city} is not in play in this game")]
    CityNotInPlay {
        /// The city named.
        city: CityId,
    },
    /// The player already has a house there.
    #[error("you already have a house in {city}")]
    AlreadyBuilt {
        /// The city named.
        city: CityId,
    },
    /// The city's places open in this step are taken.
    #[error("{city} is full: step {step} allows {limit} house(s) per city")]
    CityFull {
        /// The city named.
        city: CityId,
        /// The current step.
        step: u8,
        /// Houses allowed per city in this step.
        limit: u8,
    },
    /// All 22 houses are on the board.
    #[error("you have built all 22 houses")]
    NoHousesLeft,
    /// No path leads there from the player's network.
    #[error("{city} cannot be reached from your network")]
    Unreachable {
        /// The city named.
        city: CityId,
    },
    /// The hybrid mix asks for more coal than the hybrids burn.
    #[error(
        "the hybrid plants run burn {hybrid_need} units in all; {hybrid_coal} coal is too many"
    )]
    HybridMix {
        /// Coal asked for.
        hybrid_coal: u8,
        /// Fuel the chosen hybrids burn.
        hybrid_need: u8,
    },
    /// The plants chosen need more fuel than the player stores.
    #[error("running those plants burns {needed} {resource} but you store only {held}")]
    NotEnoughFuel {
        /// The resource.
        resource: Resource,
        /// Needed.
        needed: u8,
        /// Held.
        held: u8,
    },
}

/// One wrong field of a [`crate::Setup`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[serde(tag = "type", rename_all = "snake_case")]
#[non_exhaustive]
pub enum SetupProblem {
    /// Power Grid takes 2 to 6 players.
    #[error("players: {players} is not 2 to 6")]
    PlayerCount {
        /// The count given.
        players: u8,
    },
    /// Wrong number of regions.
    #[error("regions: {given} given, {needed} are played with this many players")]
    RegionCount {
        /// Regions given.
        given: usize,
        /// Regions needed.
        needed: usize,
    },
    /// A region named twice.
    #[error("regions: {region} is named twice")]
    DuplicateRegion {
        /// The region.
        region: Region,
    },
    /// The regions do not form one area.
    #[error("regions: {regions} do not form one connected area")]
    RegionsNotConnected {
        /// The regions given.
        regions: String,
    },
    /// Wrong deck length.
    #[error("deck: {given} plants given, {needed} expected (the plants above 10 less the {removed} removed at setup)")]
    DeckLength {
        /// Plants given.
        given: usize,
        /// Plants expected.
        needed: usize,
        /// Plants removed face down for this many players.
        removed: usize,
    },
    /// A deck entry that is not a plant numbered above 10.
    #[error("deck: {plant} is not a power plant card numbered 11 or more")]
    DeckPlant {
        /// The entry.
        plant: PlantId,
    },
    /// A deck entry given twice.
    #[error("deck: plant {plant} is listed twice")]
    DeckDuplicate {
        /// The entry.
        plant: PlantId,
    },
    /// Plant 13 must be on top.
    #[error("deck: plant 13 goes on top of the deck, not plant {plant}")]
    DeckTop {
        /// The first entry.
        plant: PlantId,
    },
    /// A Step 3 order entry that is not a plant.
    #[error("step3_deck: {plant} is not a power plant card")]
    Step3DeckPlant {
        /// The entry.
        plant: PlantId,
    },
    /// A Step 3 order entry given twice.
    #[error("step3_deck: plant {plant} is listed twice")]
    Step3DeckDuplicate {
        /// The entry.
        plant: PlantId,
    },
    /// The first turn order is not an ordering of the seats.
    #[error("turn_order: {given:?} is not an ordering of seats 0 to {last}")]
    TurnOrder {
        /// The order given.
        given: Vec<u8>,
        /// The last seat.
        last: u8,
    },
}

/// Why a setup was refused: every wrong field at once.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, thiserror::Error)]
#[error("invalid setup: {}", .problems.iter().map(|p| p.to_string()).collect::<Vec<_>>().join("; "))]
pub struct SetupError {
    /// Each wrong field.
    pub problems: Vec<SetupProblem>,
}
