//! The hoarder: buys fuel ahead to starve the others.
//!
//! - **Plants**: when its capacity does not cover one more city than it has, the plant adding
//!   the most capacity per Elektro, preferring plants that burn what its rivals burn (so it may
//!   store that); raises by one up to 5 over the plant's number.
//! - **Fuel**: fills its storage (two runs of every plant), buying first the resource its rivals'
//!   plants burn most.
//! - **Building**: cheapest cities up to the cities its stored fuel can power, plus one.

use super::{catch_up, Panel, Style};
use crate::powergrid::heuristic::{spec, Ctx};
use engine::Bot;
use powergrid::State;
use powergrid::{ByResource, PlantId, Resource};

/// The hoarder style (see the module docs).
pub struct Hoarder;

impl Hoarder {
    /// The hoarder as a bot.
    pub fn bot() -> Box<dyn Bot<State>> {
        Box::new(Panel::new(Hoarder))
    }
}

/// Tokens of each resource the rivals of the seat burn per run (hybrids count half for coal
/// and half for oil), doubled.
fn rival_demand(t: &Ctx) -> ByResource<u32> {
    let mut demand = ByResource::<u32>::default();
    for p in t.view.players.iter().filter(|p| p.seat != t.me.seat) {
        let theirs = Ctx::demand2(&p.plants);
        for r in Resource::ALL {
            demand[r] += theirs[r];
        }
    }
    demand
}

impl Style for Hoarder {
    fn name(&self) -> &'static str {
        "hoarder"
    }

    fn wants(&mut self, t: &Ctx, plant: PlantId) -> Option<i64> {
        let shared = spec(plant)
            .kind
            .resource()
            .map_or(0, |r| i64::from(rival_demand(t)[r]));
        catch_up(t, plant).map(|v| v + 5 * shared)
    }

    fn raises(&mut self, t: &Ctx, plant: PlantId, bid: u32) -> bool {
        bid <= u32::from(plant.0) + 5 && bid <= t.money
    }

    fn fuel_runs(&self, _t: &Ctx) -> f64 {
        2.0
    }

    fn fuel_order(&self, t: &Ctx) -> [Resource; 4] {
        let demand = rival_demand(t);
        let mut order = Resource::ALL;
        order.sort_by_key(|&r| std::cmp::Reverse(demand[r]));
        order
    }

    fn build_goal(&self, t: &Ctx) -> u32 {
        Ctx::fuelled_capacity(&t.me.plants, t.me.resources) + 1
    }
}
