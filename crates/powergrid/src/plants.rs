//! The 42 power plant cards and sets of them.
//!
//! A plant is named by the number printed on its card ([`PlantId`]); the card table is the
//! published one (rules file, cross-checked with `shared/data/powergrid/boardgamers_rules_tables.json`
//! in the conformance tests). The Step 3 card is not a plant: inside the state it is a sentinel in
//! the deck and market arrays and never appears in an action.

use crate::resources::{ByResource, Resource};
use serde::{Deserialize, Serialize};
use std::fmt;

/// A power plant, named by its card number (3..=50).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize, Default,
)]
#[serde(transparent)]
pub struct PlantId(pub u8);

impl PlantId {
    /// The card's data, if this number is printed on a card.
    pub fn spec(self) -> Option<&'static PlantSpec> {
        PLANTS.iter().find(|p| p.number == self.0)
    }

    /// Whether the number is that of a card.
    pub fn is_card(self) -> bool {
        self.0 < 64 && ALL_PLANTS_MASK & (1 << self.0) != 0
    }

    /// Spec of a plant known to be a card (internal).
    pub(crate) fn known(self) -> &'static PlantSpec {
        &PLANTS[SPEC_INDEX[self.0 as usize] as usize]
    }
}

impl fmt::Display for PlantId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// What a plant burns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PlantKind {
    /// Burns coal.
    Coal,
    /// Burns oil.
    Oil,
    /// Burns coal and oil in any mix.
    Hybrid,
    /// Burns garbage.
    Garbage,
    /// Burns uranium.
    Uranium,
    /// Wind, solar, hydro: no fuel.
    Eco,
    /// Plant 50: no fuel.
    Fusion,
}

impl PlantKind {
    /// The single resource this kind burns (none for hybrid, eco, fusion).
    pub fn resource(self) -> Option<Resource> {
        match self {
            PlantKind::Coal => Some(Resource::Coal),
            PlantKind::Oil => Some(Resource::Oil),
            PlantKind::Garbage => Some(Resource::Garbage),
            PlantKind::Uranium => Some(Resource::Uranium),
            PlantKind::Hybrid | PlantKind::Eco | PlantKind::Fusion => None,
        }
    }
}

/// One power plant card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct PlantSpec {
    /// Card number, also its minimum price.
    pub number: u8,
    /// What it burns.
    pub kind: PlantKind,
    /// Units of fuel burned per run (0 for eco and fusion).
    pub fuel: u8,
    /// Cities it powers per run.
    pub cities: u8,
}

const fn p(number: u8, kind: PlantKind, fuel: u8, cities: u8) -> PlantSpec {
    PlantSpec {
        number,
        kind,
        fuel,
        cities,
    }
}

use PlantKind::{
    Coal as C, Eco as E, Fusion as F, Garbage as G, Hybrid as H, Oil as O, Uranium as U,
};

/// Every power plant card, by number.
pub const PLANTS: [PlantSpec; 42] = [
    p(3, O, 2, 1),
    p(4, C, 2, 1),
    p(5, H, 2, 1),
    p(6, G, 1, 1),
    p(7, O, 3, 2),
    p(8, C, 3, 2),
    p(9, O, 1, 1),
    p(10, C, 2, 2),
    p(11, U, 1, 2),
    p(12, H, 2, 2),
    p(13, E, 0, 1),
    p(14, G, 2, 2),
    p(15, C, 2, 3),
    p(16, O, 2, 3),
    p(17, U, 1, 2),
    p(18, E, 0, 2),
    p(19, G, 2, 3),
    p(20, C, 3, 5),
    p(21, H, 2, 4),
    p(22, E, 0, 2),
    p(23, U, 1, 3),
    p(24, G, 2, 4),
    p(25, C, 2, 5),
    p(26, O, 2, 5),
    p(27, E, 0, 3),
    p(28, U, 1, 4),
    p(29, H, 1, 4),
    p(30, G, 3, 6),
    p(31, C, 3, 6),
    p(32, O, 3, 6),
    p(33, E, 0, 4),
    p(34, U, 1, 5),
    p(35, O, 1, 5),
    p(36, C, 3, 7),
    p(37, E, 0, 4),
    p(38, G, 3, 7),
    p(39, U, 1, 6),
    p(40, O, 2, 6),
    p(42, C, 2, 6),
    p(44, E, 0, 5),
    p(46, H, 3, 7),
    p(50, F, 0, 6),
];

const ALL_PLANTS_MASK: u64 = {
    let mut m = 0u64;
    let mut i = 0;
    while i < PLANTS.len() {
        m |= 1 << PLANTS[i].number;
        i += 1;
    }
    m
};

const SPEC_INDEX: [u8; 64] = {
    let mut t = [0u8; 64];
    let mut i = 0;
    while i < PLANTS.len() {
        t[PLANTS[i].number as usize] = i as u8;
        i += 1;
    }
    t
};

/// The fuel needs of a group of plants, summed by kind.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct FuelNeeds {
    /// Fuel of coal plants.
    pub coal: u8,
    /// Fuel of oil plants.
    pub oil: u8,
    /// Fuel of hybrid plants (coal or oil).
    pub hybrid: u8,
    /// Fuel of garbage plants.
    pub garbage: u8,
    /// Fuel of uranium plants.
    pub uranium: u8,
    /// Cities the group powers.
    pub cities: u8,
}

impl FuelNeeds {
    /// Sums the needs of `plants`.
    pub fn of(plants: impl IntoIterator<Item = PlantId>) -> FuelNeeds {
        let mut n = FuelNeeds::default();
        for id in plants {
            let s = id.known();
            n.cities += s.cities;
            match s.kind {
                PlantKind::Coal => n.coal += s.fuel,
                PlantKind::Oil => n.oil += s.fuel,
                PlantKind::Hybrid => n.hybrid += s.fuel,
                PlantKind::Garbage => n.garbage += s.fuel,
                PlantKind::Uranium => n.uranium += s.fuel,
                PlantKind::Eco | PlantKind::Fusion => {}
            }
        }
        n
    }

    /// Adds another group's needs.
    pub fn add(&mut self, other: &FuelNeeds) {
        self.coal += other.coal;
        self.oil += other.oil;
        self.hybrid += other.hybrid;
        self.garbage += other.garbage;
        self.uranium += other.uranium;
        self.cities += other.cities;
    }

    /// Whether `held` fits the storage of plants with these needs (each plant stores twice its
    /// fuel; hybrids hold coal and oil in any mix).
    pub fn can_store(&self, held: ByResource<u8>) -> bool {
        let (c, o, h) = (self.coal as u16, self.oil as u16, self.hybrid as u16);
        let (hc, ho) = (held.coal as u16, held.oil as u16);
        hc <= 2 * (c + h)
            && ho <= 2 * (o + h)
            && hc + ho <= 2 * (c + o + h)
            && held.garbage <= 2 * self.garbage
            && held.uranium <= 2 * self.uranium
    }

    /// How many more units of `r` fit beside `held`.
    pub fn room(&self, held: ByResource<u8>, r: Resource) -> u8 {
        let (c, o, h) = (self.coal as i16, self.oil as i16, self.hybrid as i16);
        let (hc, ho) = (held.coal as i16, held.oil as i16);
        let both = 2 * (c + o + h) - hc - ho;
        let room = match r {
            Resource::Coal => (2 * (c + h) - hc).min(both),
            Resource::Oil => (2 * (o + h) - ho).min(both),
            Resource::Garbage => 2 * self.garbage as i16 - held.garbage as i16,
            Resource::Uranium => 2 * self.uranium as i16 - held.uranium as i16,
        };
        room.max(0) as u8
    }
}

/// A set of plants (bit `n` = plant `n`). Serializes as a sorted list of plant numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct PlantSet(pub(crate) u64);

impl PlantSet {
    /// The empty set.
    pub const EMPTY: PlantSet = PlantSet(0);

    /// The set of these plants.
    ///
    /// # Errors
    /// A number above 63 cannot be in a set.
    pub fn try_from_plants(plants: &[PlantId]) -> Result<PlantSet, String> {
        let mut m = 0u64;
        for p in plants {
            if p.0 >= 64 {
                return Err(format!("plant {} is not a power plant card", p.0));
            }
            m |= 1 << p.0;
        }
        Ok(PlantSet(m))
    }

    /// Whether `p` is in the set.
    pub fn contains(self, p: PlantId) -> bool {
        p.0 < 64 && self.0 & (1 << p.0) != 0
    }

    /// Adds `p` (numbers above 63 are not cards and are ignored).
    pub fn insert(&mut self, p: PlantId) {
        if p.0 < 64 {
            self.0 |= 1 << p.0;
        }
    }

    /// Removes `p`.
    pub fn remove(&mut self, p: PlantId) {
        if p.0 < 64 {
            self.0 &= !(1 << p.0);
        }
    }

    /// Number of plants.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The plants in increasing order.
    pub fn iter(self) -> impl Iterator<Item = PlantId> {
        let mut m = self.0;
        std::iter::from_fn(move || {
            if m == 0 {
                return None;
            }
            let n = m.trailing_zeros() as u8;
            m &= m - 1;
            Some(PlantId(n))
        })
    }
}

impl FromIterator<PlantId> for PlantSet {
    fn from_iter<I: IntoIterator<Item = PlantId>>(iter: I) -> Self {
        let mut s = PlantSet::EMPTY;
        for p in iter {
            s.insert(p);
        }
        s
    }
}

impl fmt::Display for PlantSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("none");
        }
        for (i, p) in self.iter().enumerate() {
            if i > 0 {
                f.write_str("+")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl Serialize for PlantSet {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.iter())
    }
}

impl<'de> Deserialize<'de> for PlantSet {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let v = Vec::<PlantId>::deserialize(d)?;
        PlantSet::try_from_plants(&v).map_err(serde::de::Error::custom)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn table_has_42_distinct_cards_in_order() {
        assert!(PLANTS.windows(2).all(|w| w[0].number < w[1].number));
        assert_eq!(ALL_PLANTS_MASK.count_ones(), 42);
        assert_eq!(PlantId(29).known().cities, 4);
        assert_eq!(PlantId(46).known().kind, PlantKind::Hybrid);
        assert!(!PlantId(41).is_card());
        assert!(PlantId(50).is_card());
        assert!(!PlantId(200).is_card());
    }

    #[test]
    fn hybrid_storage_counts_coal_and_oil_together() {
        // Plants 4 (coal 2) and 5 (hybrid 2): coal ≤ 8, oil ≤ 4, coal+oil ≤ 8.
        let n = FuelNeeds::of([PlantId(4), PlantId(5)]);
        let held = ByResource {
            coal: 5,
            oil: 2,
            garbage: 0,
            uranium: 0,
        };
        assert!(n.can_store(held));
        assert_eq!(n.room(held, Resource::Coal), 1);
        assert_eq!(n.room(held, Resource::Oil), 1);
        assert_eq!(n.room(held, Resource::Garbage), 0);
        let too_much = ByResource { oil: 5, ..held };
        assert!(!n.can_store(too_much));
    }

    #[test]
    fn plant_set_round_trips_through_json_and_text() {
        let s: PlantSet = [PlantId(4), PlantId(12)].into_iter().collect();
        assert_eq!(serde_json::to_string(&s).unwrap(), "[4,12]");
        assert_eq!(serde_json::from_str::<PlantSet>("[12,4]").unwrap(), s);
        assert!(serde_json::from_str::<PlantSet>("[99]").is_err());
        assert_eq!(s.to_string(), "4+12");
        assert_eq!(PlantSet::EMPTY.to_string(), "none");
    }
}
