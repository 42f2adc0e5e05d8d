//! The green player: prefers renewable plants.
//!
//! - **Plants**: an eco plant (wind, sun, fusion) whenever one adds capacity, raising by one up to
//!   12 over its number; any other plant only when its capacity does not cover one more city
//!   than it has, then the one adding the most capacity per Elektro, at the minimum bid.
//! - **Fuel**: one run of every plant.
//! - **Building**: cheapest cities up to its plants' capacity.

use super::{gain, Panel, Style};
use crate::powergrid::heuristic::{spec, Ctx};
use engine::Bot;
use powergrid::PlantId;
use powergrid::State;

/// The green style (see the module docs).
pub struct Green;

impl Green {
    /// The green player as a bot.
    pub fn bot() -> Box<dyn Bot<State>> {
        Box::new(Panel::new(Green))
    }
}

fn renewable(plant: PlantId) -> bool {
    spec(plant).fuel == 0
}

impl Style for Green {
    fn name(&self) -> &'static str {
        "green"
    }

    fn wants(&mut self, t: &Ctx, plant: PlantId) -> Option<i64> {
        let gain = gain(t, plant);
        if gain <= 0 {
            return None;
        }
        if renewable(plant) {
            return Some(1_000_000 + i64::from(plant.0));
        }
        let needs = Ctx::capacity(&t.me.plants) <= t.cities() + 1;
        needs.then(|| gain * 1000 / i64::from(plant.0))
    }

    fn raises(&mut self, t: &Ctx, plant: PlantId, bid: u32) -> bool {
        renewable(plant) && bid <= u32::from(plant.0) + 12 && bid <= t.money
    }

    fn build_goal(&self, t: &Ctx) -> u32 {
        Ctx::capacity(&t.me.plants)
    }
}
