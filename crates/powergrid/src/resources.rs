//! Resources, the resource market's prices, and the published tables that depend on the number
//! of players (refill, payment, player-count table).
//!
//! Decision: the market of each resource is kept as a single count. Buying always takes the
//! cheapest tokens and refilling fills the most expensive empty places first, so the tokens of a
//! resource always form one unbroken block ending at the most expensive place; the count says
//! exactly which places are full. Prices come from prefix sums over the places.

use serde::{Deserialize, Serialize};
use std::fmt;
use std::ops::{Index, IndexMut};
use std::str::FromStr;

/// A fuel.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Resource {
    /// Coal.
    Coal,
    /// Oil.
    Oil,
    /// Garbage.
    Garbage,
    /// Uranium.
    Uranium,
}

impl Resource {
    /// The four resources in market order.
    pub const ALL: [Resource; 4] = [
        Resource::Coal,
        Resource::Oil,
        Resource::Garbage,
        Resource::Uranium,
    ];

    /// Lower-case name.
    pub fn as_str(self) -> &'static str {
        match self {
            Resource::Coal => "coal",
            Resource::Oil => "oil",
            Resource::Garbage => "garbage",
            Resource::Uranium => "uranium",
        }
    }

    /// How many tokens of this resource the game has (24, or 12 for uranium).
    pub fn total(self) -> u8 {
        match self {
            Resource::Uranium => 12,
            _ => 24,
        }
    }

    /// Price of each place of the market, cheapest first.
    pub fn place_prices(self) -> &'static [u8] {
        match self {
            Resource::Uranium => &URANIUM_PRICES,
            _ => &FUEL_PRICES,
        }
    }
}

impl fmt::Display for Resource {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

impl FromStr for Resource {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Resource::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| format!("unknown resource {s:?} (coal, oil, garbage, uranium)"))
    }
}

/// One value per resource.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
pub struct ByResource<T> {
    /// Coal.
    pub coal: T,
    /// Oil.
    pub oil: T,
    /// Garbage.
    pub garbage: T,
    /// Uranium.
    pub uranium: T,
}

impl<T> ByResource<T> {
    /// Builds a value from one per resource.
    pub fn from_fn(mut f: impl FnMut(Resource) -> T) -> Self {
        ByResource {
            coal: f(Resource::Coal),
            oil: f(Resource::Oil),
            garbage: f(Resource::Garbage),
            uranium: f(Resource::Uranium),
        }
    }
}

impl ByResource<u8> {
    /// Sum over the resources.
    pub fn total(&self) -> u32 {
        self.coal as u32 + self.oil as u32 + self.garbage as u32 + self.uranium as u32
    }
}

impl<T> Index<Resource> for ByResource<T> {
    type Output = T;
    fn index(&self, r: Resource) -> &T {
        match r {
            Resource::Coal => &self.coal,
            Resource::Oil => &self.oil,
            Resource::Garbage => &self.garbage,
            Resource::Uranium => &self.uranium,
        }
    }
}

impl<T> IndexMut<Resource> for ByResource<T> {
    fn index_mut(&mut self, r: Resource) -> &mut T {
        match r {
            Resource::Coal => &mut self.coal,
            Resource::Oil => &mut self.oil,
            Resource::Garbage => &mut self.garbage,
            Resource::Uranium => &mut self.uranium,
        }
    }
}

impl fmt::Display for ByResource<u8> {
    /// "2 coal, 1 oil" (zeros left out; "nothing" when empty).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for r in Resource::ALL {
            if self[r] > 0 {
                if !first {
                    f.write_str(", ")?;
                }
                write!(f, "{} {}", self[r], r)?;
                first = false;
            }
        }
        if first {
            f.write_str("nothing")?;
        }
        Ok(())
    }
}

const FUEL_PRICES: [u8; 24] = [
    1, 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, 5, 5, 5, 6, 6, 6, 7, 7, 7, 8, 8, 8,
];
const URANIUM_PRICES: [u8; 12] = [1, 2, 3, 4, 5, 6, 7, 8, 10, 12, 14, 16];

/// The prices of the tokens of `r` in the market when it holds `in_market`, cheapest first (the
/// whole track if `in_market` is more than the track holds). Phase 3's check and legal list
/// both price purchases from this list.
pub fn offered_prices(r: Resource, in_market: u8) -> &'static [u8] {
    let prices = r.place_prices();
    &prices[prices.len().saturating_sub(usize::from(in_market))..]
}

/// The price of buying `n` of the cheapest tokens of `r` when the market holds `in_market`,
/// or `None` if the market holds fewer than `n`.
pub fn market_price(r: Resource, in_market: u8, n: u8) -> Option<u32> {
    if n > in_market || in_market > r.total() {
        return None;
    }
    let offered = offered_prices(r, in_market);
    Some(
        offered[..usize::from(n)]
            .iter()
            .map(|&p| u32::from(p))
            .sum(),
    )
}

/// Tokens in the market at the start of the game: coal on 1-8, oil on 3-8, garbage on 7-8,
/// uranium on 14 and 16.
pub const STARTING_MARKET: ByResource<u8> = ByResource {
    coal: 24,
    oil: 18,
    garbage: 6,
    uranium: 2,
};

/// Refill per round, `[players - 2][step - 1]`, as (coal, oil, garbage, uranium).
const REFILL: [[[u8; 4]; 3]; 5] = [
    [[3, 2, 1, 1], [4, 2, 2, 1], [3, 4, 3, 1]],
    [[4, 2, 1, 1], [5, 3, 2, 1], [3, 4, 3, 1]],
    [[5, 3, 2, 1], [6, 4, 3, 2], [4, 5, 4, 2]],
    [[5, 4, 3, 2], [7, 5, 3, 3], [5, 6, 5, 2]],
    [[7, 5, 3, 2], [9, 6, 5, 3], [6, 7, 6, 3]],
];

/// The refill table entry for a player count (2..=6) and step (1..=3).
pub fn refill(players: u8, step: u8) -> ByResource<u8> {
    let row = REFILL[(players.clamp(2, 6) - 2) as usize][(step.clamp(1, 3) - 1) as usize];
    ByResource {
        coal: row[0],
        oil: row[1],
        garbage: row[2],
        uranium: row[3],
    }
}

/// Payment for 0..=20 cities powered.
pub const PAYMENT: [u32; 21] = [
    10, 22, 33, 44, 54, 64, 73, 82, 90, 98, 105, 112, 118, 124, 129, 134, 138, 142, 145, 148, 150,
];

/// Elektro earned for powering `cities` cities (more than 20 pay as 20).
pub fn payment(cities: u8) -> u32 {
    PAYMENT[(cities as usize).min(20)]
}

/// The player-count table row.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlayerCountRules {
    /// Regions played.
    pub regions: u8,
    /// Plants removed face down at setup.
    pub plants_removed: u8,
    /// Most plants a player may hold.
    pub max_plants: u8,
    /// Cities connected by one player that start Step 2.
    pub step2_cities: u8,
    /// Cities connected by one player that end the game.
    pub end_cities: u8,
}

/// The player-count table row for 2..=6 players.
pub fn player_count_rules(players: u8) -> Option<PlayerCountRules> {
    let (regions, plants_removed, max_plants, step2_cities, end_cities) = match players {
        2 => (3, 8, 4, 10, 21),
        3 => (3, 8, 3, 7, 17),
        4 => (4, 4, 3, 7, 17),
        5 => (5, 0, 3, 7, 15),
        6 => (5, 0, 3, 6, 14),
        _ => return None,
    };
    Some(PlayerCountRules {
        regions,
        plants_removed,
        max_plants,
        step2_cities,
        end_cities,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn prices_take_the_cheapest_tokens_first() {
        // Full coal market: the 3 cheapest cost 1 each, the 4th costs 2.
        assert_eq!(market_price(Resource::Coal, 24, 3), Some(3));
        assert_eq!(market_price(Resource::Coal, 24, 4), Some(5));
        // Oil at the start fills 3-8: the cheapest is 3.
        assert_eq!(market_price(Resource::Oil, 18, 1), Some(3));
        // Uranium at the start: 14 then 16.
        assert_eq!(market_price(Resource::Uranium, 2, 2), Some(30));
        assert_eq!(market_price(Resource::Uranium, 2, 3), None);
        assert_eq!(market_price(Resource::Garbage, 0, 0), Some(0));
    }

    #[test]
    fn payment_caps_at_twenty_cities() {
        assert_eq!(payment(0), 10);
        assert_eq!(payment(1), 22);
        assert_eq!(payment(20), 150);
        assert_eq!(payment(25), 150);
    }

    #[test]
    fn refill_rows_match_the_rules_table() {
        let r = refill(5, 2);
        assert_eq!((r.coal, r.oil, r.garbage, r.uranium), (7, 5, 3, 3));
        let r = refill(2, 3);
        assert_eq!((r.coal, r.oil, r.garbage, r.uranium), (3, 4, 3, 1));
    }
}
