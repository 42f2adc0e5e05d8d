//! The builder: expands as fast as money allows.
//!
//! - **Plants**: only when its capacity does not cover one more city than it has; then the plant
//!   adding the most capacity per Elektro, raising by one up to 3 over the plant's number.
//! - **Fuel**: one run of every plant.
//! - **Building**: the cheapest cities, as many as its money pays, up to two cities beyond its
//!   plants' capacity (it builds ahead and counts on buying plants later).

use super::{catch_up, Panel, Style};
use crate::powergrid::heuristic::Ctx;
use engine::Bot;
use powergrid::PlantId;
use powergrid::State;

/// The builder style (see the module docs).
pub struct Builder;

impl Builder {
    /// The builder as a bot.
    pub fn bot() -> Box<dyn Bot<State>> {
        Box::new(Panel::new(Builder))
    }
}

impl Style for Builder {
    fn name(&self) -> &'static str {
        "builder"
    }

    fn wants(&mut self, t: &Ctx, plant: PlantId) -> Option<i64> {
        catch_up(t, plant)
    }

    fn raises(&mut self, t: &Ctx, plant: PlantId, bid: u32) -> bool {
        bid <= u32::from(plant.0) + 3 && bid <= t.money
    }

    fn build_goal(&self, t: &Ctx) -> u32 {
        Ctx::capacity(&t.me.plants) + 2
    }
}
