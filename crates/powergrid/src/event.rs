//! Events: what happened, for logs, clients and bots.
//!
//! Decisions:
//! - Every event is public. The only secrets of Power Grid are the deck's order, the plants
//!   removed face down at setup, and (by default) the size of other players' money piles; no event
//!   carries any of them: a drawn plant is named only once it is face up in the market, a shuffle
//!   reports only the deck's size, and no event states a balance. Payments themselves are public at
//!   the table (everyone sees a bid paid or a city built), so events carry them.
//! - Seats are shown by the colour of their houses (seat 0 red, 1 blue, 2 green, 3 yellow,
//!   4 purple, 5 black), so a log reads "Red connects Berlin for 46 Elektro (36 connection + 10 city)".

use crate::map::CityId;
use crate::plants::{PlantId, PlantSet};
use crate::resources::{ByResource, Resource};
use engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;

/// House colours by seat.
pub const SEAT_COLOURS: [&str; 6] = ["Red", "Blue", "Green", "Yellow", "Purple", "Black"];

/// The display name of a seat: its house colour.
pub fn seat_name(seat: Seat) -> &'static str {
    SEAT_COLOURS.get(seat.index()).copied().unwrap_or("Nobody")
}

/// A phase of the round (phase 1, turn order, takes no decisions and has no variant).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PhaseKind {
    /// Phase 2: auction power plants.
    Auction,
    /// Phase 3: buy resources.
    Resources,
    /// Phase 4: building.
    Building,
    /// Phase 5: bureaucracy.
    Bureaucracy,
    /// The game has ended.
    GameOver,
}

impl fmt::Display for PhaseKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PhaseKind::Auction => "phase 2 (auction)",
            PhaseKind::Resources => "phase 3 (buy resources)",
            PhaseKind::Building => "phase 4 (building)",
            PhaseKind::Bureaucracy => "phase 5 (bureaucracy)",
            PhaseKind::GameOver => "the end of the game",
        })
    }
}

/// Why a plant left the market for good.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum RemovalReason {
    /// Numbered at most the most cities connected by a player.
    SmallPlant {
        /// The most cities any player has connected.
        cities: u8,
    },
    /// Nobody bought a plant this phase 2.
    NoPurchase,
    /// Step 2 began.
    Step2,
    /// Step 3 began (the lowest plant leaves with the Step 3 card).
    Step3,
    /// Phase 5 of Step 3 removes the lowest plant.
    Bureaucracy,
}

/// A player's place in the final count.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Standing {
    /// The player.
    pub seat: Seat,
    /// 1 for the winners; tied players share a rank.
    pub rank: u8,
    /// Cities powered in the final count.
    pub cities_powered: u8,
    /// Elektro held (first tie-break).
    pub money: u32,
    /// Cities connected (second tie-break).
    pub cities: u8,
    /// The plants run in the final count.
    pub plants_run: PlantSet,
}

impl Standing {
    /// What the final count ranks by, higher first: cities powered, then Elektro, then cities
    /// connected.
    pub fn rank_key(&self) -> (u8, u32, u8) {
        (self.cities_powered, self.money, self.cities)
    }
}

/// Something that happened.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A new round begins (phase 1).
    RoundStarted {
        /// Round number, from 1.
        round: u16,
    },
    /// The turn order was (re)determined.
    TurnOrder {
        /// First player first.
        order: Vec<Seat>,
    },
    /// A phase begins.
    PhaseStarted {
        /// The phase.
        phase: PhaseKind,
    },
    /// A player put a plant up for auction.
    AuctionStarted {
        /// Who.
        seat: Seat,
        /// The plant.
        plant: PlantId,
        /// Opening bid.
        bid: u32,
    },
    /// A player raised the bid.
    Bid {
        /// Who.
        seat: Seat,
        /// The plant.
        plant: PlantId,
        /// The new highest bid.
        amount: u32,
    },
    /// A player dropped out of an auction.
    DroppedOut {
        /// Who.
        seat: Seat,
        /// The plant.
        plant: PlantId,
    },
    /// A player buys no plant this round.
    PassedAuctions {
        /// Who.
        seat: Seat,
    },
    /// A player bought a plant.
    PlantBought {
        /// Who.
        seat: Seat,
        /// The plant.
        plant: PlantId,
        /// Elektro paid.
        price: u32,
    },
    /// A player gave up a plant over the limit.
    PlantDiscarded {
        /// Who.
        seat: Seat,
        /// The plant.
        plant: PlantId,
        /// Tokens that found no room and went back to the supply.
        returned: ByResource<u8>,
    },
    /// A plant was drawn face up into the market.
    PlantDrawn {
        /// The plant.
        plant: PlantId,
    },
    /// The Step 3 card was drawn.
    Step3CardDrawn,
    /// The deck was shuffled (its order stays secret).
    DeckShuffled {
        /// Plants in the deck.
        size: u8,
    },
    /// The Step 3 card left the market.
    Step3CardRemoved,
    /// A plant left the game.
    PlantRemoved {
        /// The plant.
        plant: PlantId,
        /// Why.
        reason: RemovalReason,
    },
    /// Phase 5 of Steps 1-2: the highest plant went under the deck.
    PlantUnderDeck {
        /// The plant.
        plant: PlantId,
    },
    /// A player bought resources.
    ResourcesBought {
        /// Who.
        seat: Seat,
        /// Which resource.
        resource: Resource,
        /// How many tokens.
        amount: u8,
        /// Elektro paid.
        cost: u32,
    },
    /// A player built a house.
    Built {
        /// Who.
        seat: Seat,
        /// Where.
        city: CityId,
        /// Connection cost paid.
        connection: u32,
        /// Building cost of the place (10, 15 or 20).
        place: u32,
    },
    /// A player ended their turn in phase 3 or 4.
    TurnEnded {
        /// Who.
        seat: Seat,
        /// The phase.
        phase: PhaseKind,
    },
    /// A player ran plants and was paid.
    Powered {
        /// Who.
        seat: Seat,
        /// Plants run.
        plants: PlantSet,
        /// Tokens burned (returned to the supply).
        burned: ByResource<u8>,
        /// Cities powered.
        cities: u8,
        /// Elektro earned.
        income: u32,
    },
    /// The resource market was refilled from the supply.
    Resupplied {
        /// Tokens added.
        added: ByResource<u8>,
    },
    /// Step 2 or 3 began.
    StepStarted {
        /// The step.
        step: u8,
    },
    /// The game ended; the final count.
    GameEnded {
        /// Best first.
        standings: Vec<Standing>,
    },
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = |s: &Seat| seat_name(*s);
        match self {
            Event::RoundStarted { round } => write!(f, "Round {round} begins"),
            Event::TurnOrder { order } => {
                f.write_str("Turn order: ")?;
                for (i, s) in order.iter().enumerate() {
                    if i > 0 {
                        f.write_str(", ")?;
                    }
                    f.write_str(n(s))?;
                }
                Ok(())
            }
            Event::PhaseStarted { phase } => write!(f, "Start of {phase}"),
            Event::AuctionStarted { seat, plant, bid } => {
                write!(f, "{} offers plant {plant} at {bid} Elektro", n(seat))
            }
            Event::Bid {
                seat,
                plant,
                amount,
            } => write!(f, "{} bids {amount} Elektro for plant {plant}", n(seat)),
            Event::DroppedOut { seat, plant } => {
                write!(f, "{} drops out of the auction for plant {plant}", n(seat))
            }
            Event::PassedAuctions { seat } => {
                write!(f, "{} buys no power plant this round", n(seat))
            }
            Event::PlantBought { seat, plant, price } => {
                write!(f, "{} buys plant {plant} for {price} Elektro", n(seat))
            }
            Event::PlantDiscarded {
                seat,
                plant,
                returned,
            } => {
                write!(f, "{} discards plant {plant}", n(seat))?;
                if returned.total() > 0 {
                    write!(f, " ({returned} back to the supply)")?;
                }
                Ok(())
            }
            Event::PlantDrawn { plant } => write!(f, "Plant {plant} enters the market"),
            Event::Step3CardDrawn => f.write_str("The Step 3 card is drawn"),
            Event::DeckShuffled { size } => write!(f, "The deck ({size} plants) is shuffled"),
            Event::Step3CardRemoved => f.write_str("The Step 3 card leaves the market"),
            Event::PlantRemoved { plant, reason } => {
                write!(f, "Plant {plant} is removed from the game")?;
                match reason {
                    RemovalReason::SmallPlant { cities } => {
                        write!(f, " (a player has connected {cities} cities)")
                    }
                    RemovalReason::NoPurchase => f.write_str(" (nobody bought a plant)"),
                    RemovalReason::Step2 => f.write_str(" (Step 2)"),
                    RemovalReason::Step3 => f.write_str(" (Step 3)"),
                    RemovalReason::Bureaucracy => f.write_str(" (bureaucracy, Step 3)"),
                }
            }
            Event::PlantUnderDeck { plant } => {
                write!(f, "Plant {plant} goes under the deck")
            }
            Event::ResourcesBought {
                seat,
                resource,
                amount,
                cost,
            } => write!(f, "{} buys {amount} {resource} for {cost} Elektro", n(seat)),
            Event::Built {
                seat,
                city,
                connection,
                place,
            } => write!(
                f,
                "{} connects {} for {} Elektro ({connection} connection + {place} city)",
                n(seat),
                city.name(),
                connection + place
            ),
            Event::TurnEnded { seat, phase } => match phase {
                PhaseKind::Resources => write!(f, "{} is done buying", n(seat)),
                PhaseKind::Building => write!(f, "{} is done building", n(seat)),
                other => write!(f, "{} ends their turn in {other}", n(seat)),
            },
            Event::Powered {
                seat,
                plants,
                burned,
                cities,
                income,
            } => {
                if plants.is_empty() {
                    write!(f, "{} runs no plant", n(seat))?;
                } else {
                    write!(f, "{} runs plants {plants}", n(seat))?;
                    if burned.total() > 0 {
                        write!(f, " burning {burned}")?;
                    }
                }
                let noun = if *cities == 1 { "city" } else { "cities" };
                write!(f, ", powers {cities} {noun} and earns {income} Elektro")
            }
            Event::Resupplied { added } => write!(f, "The resource market gets {added}"),
            Event::StepStarted { step } => write!(f, "Step {step} begins"),
            Event::GameEnded { standings } => {
                f.write_str("Game over:")?;
                for s in standings {
                    write!(
                        f,
                        " {}. {} ({} powered, {} Elektro, {} cities)",
                        s.rank,
                        n(&s.seat),
                        s.cities_powered,
                        s.money,
                        s.cities
                    )?;
                    if s.rank == 1 {
                        f.write_str(" wins")?;
                    }
                    f.write_str(";")?;
                }
                Ok(())
            }
        }
    }
}
