//! What a game starts from, and how it is dealt.
//!
//! Decisions:
//! - Every chance outcome comes from the seed through ChaCha8 (`rand_chacha`), one stream per
//!   purpose (1: regions, 2: deck, 3: first turn order, 4: the Step 3 shuffle), so fixing one
//!   outcome in the setup does not change the others, and the same setup and seed deal the same
//!   game forever (a golden test pins it).
//! - Regions drawn from the seed are chosen uniformly among the connected sets of the right size.
//! - `deck` fixes the draw pile, top first, without the Step 3 card (always at the bottom): the
//!   plants numbered 11 and up less the ones removed at setup (which are the plants left out), with
//!   plant 13 on top as the rules require.
//! - `step3_deck` fixes the order after the Step 3 shuffle: the plants it lists that are in the
//!   deck at that moment come first, in the listed order; any others follow in seeded random order.
//!   (What the deck holds then depends on play, so a list rather than a permutation.)
//! - `turn_order` fixes round 1's random turn order, first player first.

use crate::error::{SetupError, SetupProblem};
use crate::map::{MapId, Region, RegionSet};
use crate::plants::{PlantId, PLANTS};
use crate::resources::player_count_rules;
use engine::Seat;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

pub(crate) const STREAM_REGIONS: u64 = 1;
pub(crate) const STREAM_DECK: u64 = 2;
pub(crate) const STREAM_TURN_ORDER: u64 = 3;
pub(crate) const STREAM_STEP3: u64 = 4;

/// The random number generator for one purpose of a game's seed.
pub(crate) fn rng(seed: u64, stream: u64) -> ChaCha8Rng {
    let mut r = ChaCha8Rng::seed_from_u64(seed);
    r.set_stream(stream);
    r
}

/// What a game is started from. Checked by [`crate::State::new`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Setup {
    /// Number of players, 2 to 6.
    pub players: u8,
    /// The board.
    pub map: MapId,
    /// The regions played (one connected area of the table's size), or `None` to draw them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub regions: Option<Vec<Region>>,
    /// The seed of every chance outcome not fixed below.
    #[serde(default)]
    pub seed: u64,
    /// Whether everyone sees everyone's money (default: each seat sees only its own).
    #[serde(default)]
    pub public_money: bool,
    /// The draw pile, top first, without the Step 3 card; `None` to shuffle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deck: Option<Vec<PlantId>>,
    /// The order the deck takes at the Step 3 shuffle (see the module docs); `None` to shuffle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub step3_deck: Option<Vec<PlantId>>,
    /// Round 1's turn order, first player first; `None` to draw it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub turn_order: Option<Vec<Seat>>,
}

impl Setup {
    /// A setup with everything drawn from the seed and money hidden.
    pub fn new(players: u8, map: MapId, seed: u64) -> Setup {
        Setup {
            players,
            map,
            regions: None,
            seed,
            public_money: false,
            deck: None,
            step3_deck: None,
            turn_order: None,
        }
    }
}

/// A validated, dealt setup.
pub(crate) struct Dealt {
    pub regions: RegionSet,
    /// Bottom first: the Step 3 card is added by the caller below these.
    pub deck_top_first: Vec<PlantId>,
    pub removed: Vec<PlantId>,
    pub step3_order: Vec<PlantId>,
    pub turn_order: Vec<Seat>,
}

impl Setup {
    pub(crate) fn deal(&self) -> Result<Dealt, SetupError> {
        let mut problems = Vec::new();
        let Some(rules) = player_count_rules(self.players) else {
            problems.push(SetupProblem::PlayerCount {
                players: self.players,
            });
            // Every other check depends on the player count.
            return Err(SetupError { problems });
        };
        let map = self.map.map();

        // Regions.
        let needed = rules.regions as usize;
        let regions = match &self.regions {
            Some(list) => {
                let mut set = RegionSet::default();
                let mut reported = RegionSet::default();
                for r in list {
                    // Once per region, however often it is repeated.
                    if set.contains(*r) && !reported.contains(*r) {
                        problems.push(SetupProblem::DuplicateRegion { region: *r });
                        reported = RegionSet(reported.0 | r.bit());
                    }
                    set = RegionSet(set.0 | r.bit());
                }
                if list.len() != needed {
                    problems.push(SetupProblem::RegionCount {
                        given: list.len(),
                        needed,
                    });
                } else if set.len() == needed && !map.regions_connected(set) {
                    problems.push(SetupProblem::RegionsNotConnected {
                        regions: list
                            .iter()
                            .map(|r| r.as_str())
                            .collect::<Vec<_>>()
                            .join(", "),
                    });
                }
                set
            }
            None => {
                let options = map.connected_region_sets(needed);
                let mut r = rng(self.seed, STREAM_REGIONS);
                options[r.gen_range(0..options.len())]
            }
        };

        // Deck.
        let removed_count = rules.plants_removed as usize;
        let deck_plants: Vec<PlantId> = PLANTS
            .iter()
            .filter(|p| p.number > 10)
            .map(|p| PlantId(p.number))
            .collect();
        let (deck_top_first, removed) = match &self.deck {
            Some(deck) => {
                let needed = deck_plants.len() - removed_count;
                if deck.len() != needed {
                    problems.push(SetupProblem::DeckLength {
                        given: deck.len(),
                        needed,
                        removed: removed_count,
                    });
                }
                let mut seen = 0u64;
                for p in deck {
                    if !(p.is_card() && p.0 > 10) {
                        problems.push(SetupProblem::DeckPlant { plant: *p });
                    } else if seen & (1 << p.0) != 0 {
                        problems.push(SetupProblem::DeckDuplicate { plant: *p });
                    } else {
                        seen |= 1 << p.0;
                    }
                }
                if let Some(first) = deck.first() {
                    if first.0 != 13 {
                        problems.push(SetupProblem::DeckTop { plant: *first });
                    }
                }
                let removed = deck_plants
                    .iter()
                    .copied()
                    .filter(|p| seen & (1 << p.0) == 0)
                    .collect();
                (deck.clone(), removed)
            }
            None => {
                let mut others: Vec<PlantId> =
                    deck_plants.iter().copied().filter(|p| p.0 != 13).collect();
                others.shuffle(&mut rng(self.seed, STREAM_DECK));
                let removed = others[..removed_count].to_vec();
                let mut deck = vec![PlantId(13)];
                deck.extend_from_slice(&others[removed_count..]);
                (deck, removed)
            }
        };

        // Step 3 order.
        let mut step3_order = Vec::new();
        if let Some(list) = &self.step3_deck {
            let mut seen = 0u64;
            for p in list {
                if !p.is_card() {
                    problems.push(SetupProblem::Step3DeckPlant { plant: *p });
                } else if seen & (1 << p.0) != 0 {
                    problems.push(SetupProblem::Step3DeckDuplicate { plant: *p });
                } else {
                    seen |= 1 << p.0;
                    step3_order.push(*p);
                }
            }
        }

        // Turn order.
        let turn_order = match &self.turn_order {
            Some(order) => {
                let mut seen = 0u32;
                let ok = order.len() == self.players as usize
                    && order.iter().all(|s| {
                        let fresh = s.0 < self.players && seen & (1 << s.0) == 0;
                        if s.0 < 32 {
                            seen |= 1 << s.0;
                        }
                        fresh
                    });
                if !ok {
                    problems.push(SetupProblem::TurnOrder {
                        given: order.iter().map(|s| s.0).collect(),
                        last: self.players - 1,
                    });
                }
                order.clone()
            }
            None => {
                let mut order: Vec<Seat> = (0..self.players).map(Seat).collect();
                order.shuffle(&mut rng(self.seed, STREAM_TURN_ORDER));
                order
            }
        };

        if !problems.is_empty() {
            return Err(SetupError { problems });
        }
        Ok(Dealt {
            regions,
            deck_top_first,
            removed,
            step3_order,
            turn_order,
        })
    }
}
