//! The tycoon: buys the biggest plants and builds late.
//!
//! - **Plants**: the highest-numbered plant of the current market that adds capacity, raising by
//!   one up to 12 over its number while keeping 10 Elektro.
//! - **Fuel**: one run of every plant.
//! - **Building**: in Step 1 no more than 3 cities; from Step 2 on, up to its plants' capacity,
//!   cheapest first.

use super::{gain, Panel, Style};
use crate::powergrid::heuristic::Ctx;
use engine::Bot;
use powergrid::PlantId;
use powergrid::State;

/// The tycoon style (see the module docs).
pub struct Tycoon;

impl Tycoon {
    /// The tycoon as a bot.
    pub fn bot() -> Box<dyn Bot<State>> {
        Box::new(Panel::new(Tycoon))
    }
}

impl Style for Tycoon {
    fn name(&self) -> &'static str {
        "tycoon"
    }

    fn wants(&mut self, t: &Ctx, plant: PlantId) -> Option<i64> {
        (gain(t, plant) > 0).then_some(i64::from(plant.0))
    }

    fn raises(&mut self, t: &Ctx, plant: PlantId, bid: u32) -> bool {
        bid <= u32::from(plant.0) + 12 && bid + 10 <= t.money
    }

    fn build_goal(&self, t: &Ctx) -> u32 {
        let capacity = Ctx::capacity(&t.me.plants);
        if t.view.step == 1 {
            capacity.min(3)
        } else {
            capacity
        }
    }
}
