//! The blocker: builds into its rivals' paths and takes the cities they need.
//!
//! - **Plants**: when its capacity does not cover one more city than it has, the plant adding
//!   the most capacity per Elektro; raises by one up to 5 over the plant's number.
//! - **Fuel**: one run of every plant.
//! - **Building**: up to its plants' capacity plus one, in the city that is cheap for it and
//!   close to its rivals: a city's rank is its cost less 6 Elektro for every rival house within
//!   15 Elektro of it, so it takes the open cities rivals would expand into next.

use super::{catch_up, Panel, Style};
use crate::powergrid::heuristic::Ctx;
use engine::Bot;
use powergrid::State;
use powergrid::{CityId, PlantId};

/// The blocker style (see the module docs).
pub struct Blocker;

impl Blocker {
    /// The blocker as a bot.
    pub fn bot() -> Box<dyn Bot<State>> {
        Box::new(Panel::new(Blocker))
    }
}

impl Style for Blocker {
    fn name(&self) -> &'static str {
        "blocker"
    }

    fn wants(&mut self, t: &Ctx, plant: PlantId) -> Option<i64> {
        catch_up(t, plant)
    }

    fn raises(&mut self, t: &Ctx, plant: PlantId, bid: u32) -> bool {
        bid <= u32::from(plant.0) + 5 && bid <= t.money
    }

    fn build_goal(&self, t: &Ctx) -> u32 {
        Ctx::capacity(&t.me.plants) + 1
    }

    fn city_rank(&self, t: &Ctx, city: CityId) -> i64 {
        let near = t
            .view
            .players
            .iter()
            .filter(|p| p.seat != t.me.seat)
            .flat_map(|p| p.cities.iter())
            .filter(|&&c| c != city && t.board.distance(c, city).is_some_and(|d| d <= 15))
            .count() as i64;
        i64::from(t.build_cost(city)) - 6 * near
    }
}
