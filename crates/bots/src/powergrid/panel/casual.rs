//! The casual player: plays the way someone does in a first game.
//!
//! - **Plants**: about half the time it opens an auction on a random affordable plant of the
//!   current market, at the minimum bid; otherwise it passes (in round 1, where passing is not
//!   allowed, it always opens). In a running auction it raises by one, on a coin flip, while the
//!   price stays within 5 Elektro of the plant's number: it bids the minimum.
//! - **Fuel**: one token per purchase, up to half its storage (a plant stores twice its fuel, so
//!   that is one run of every plant: the driver's plain amount).
//! - **Building**: the cheapest city, while its plants have capacity for more cities.
//! - **Bureaucracy**: its smallest plants first, adding the next smallest while its cities are
//!   not all covered.

use super::{Panel, Style};
use crate::powergrid::heuristic::{spec, Ctx};
use engine::Bot;
use powergrid::plants::FuelNeeds;
use powergrid::State;
use powergrid::{Action, PlantId, PlantSet};
use rand_core::{RngCore, SeedableRng};

/// The casual style (see the module docs).
pub struct Casual {
    rng: rand_pcg::Pcg64,
}

impl Casual {
    /// The casual player, its coin flips fixed by `seed`.
    pub fn bot(seed: u64) -> Box<dyn Bot<State>> {
        Box::new(Panel::new(Casual {
            rng: rand_pcg::Pcg64::seed_from_u64(seed),
        }))
    }

    fn coin(&mut self) -> bool {
        self.rng.next_u32() & 1 == 1
    }
}

impl Style for Casual {
    fn name(&self) -> &'static str {
        "casual"
    }

    fn reset(&mut self, seed: u64) {
        self.rng = rand_pcg::Pcg64::seed_from_u64(seed);
    }

    fn wants(&mut self, _t: &Ctx, _plant: PlantId) -> Option<i64> {
        // A random score per plant: the highest is a uniform pick; half the time, none.
        if self.coin() {
            Some(i64::from(self.rng.next_u32()))
        } else {
            None
        }
    }

    fn raises(&mut self, t: &Ctx, plant: PlantId, bid: u32) -> bool {
        bid <= u32::from(plant.0) + 5 && bid <= t.money && self.coin()
    }

    fn token_by_token(&self) -> bool {
        true
    }

    fn build_goal(&self, t: &Ctx) -> u32 {
        Ctx::capacity(&t.me.plants)
    }

    fn power(&self, t: &Ctx, legal: &[Action]) -> Option<Action> {
        let powers = |set: PlantSet| {
            legal
                .iter()
                .copied()
                .find(|a| matches!(a, Action::Power { plants, .. } if *plants == set))
        };
        let mut set = PlantSet::EMPTY;
        let mut plants = t.me.plants.clone();
        plants.sort_by_key(|p| p.0);
        for p in plants {
            if u32::from(FuelNeeds::of(set.iter()).cities) >= t.cities() {
                break;
            }
            let mut more = set;
            more.insert(p);
            if powers(more).is_some() && spec(p).cities > 0 {
                set = more;
            }
        }
        powers(set)
    }
}
