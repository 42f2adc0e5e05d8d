//! The game kinds `tabletop serve` offers, with their bots: the only place that names concrete
//! games. Adding a kind is one `register` call here.

use crate::{Bots, Registry};

/// The Game and Power Grid, each with every bot of its module in the bots crate.
pub fn standard_registry() -> Registry {
    let mut registry = Registry::new();
    let mut thegame_bots = Bots::<thegame::State>::new();
    for entry in bots::thegame::REGISTRY {
        thegame_bots = thegame_bots.with(entry.name, move |_seat, seed| {
            Box::new(bots::thegame::EngineBot::new((entry.make)(seed.0)))
        });
    }
    registry.register_with_random::<thegame::State>(thegame_bots);
    let mut powergrid_bots = Bots::<powergrid::State>::new();
    for entry in bots::powergrid::REGISTRY {
        powergrid_bots = powergrid_bots.with(entry.name, move |_seat, seed| {
            (entry.make)(seed.0, &bots::powergrid::Config::default())
        });
    }
    registry.register_with_random::<powergrid::State>(powergrid_bots);
    registry
}
