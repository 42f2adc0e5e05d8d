//! The game kinds `tabletop serve` offers, with their bots: the only place that names concrete
//! games. Adding a kind is one `register` call here.

use crate::{Bots, Registry};

/// The Game (with every bot of `bots::thegame`) and Power Grid (with the generic random bot).
pub fn standard_registry() -> Registry {
    let mut registry = Registry::new();
    let mut thegame_bots = Bots::<thegame::State>::new();
    for entry in bots::thegame::REGISTRY {
        thegame_bots = thegame_bots.with(entry.name, move |_seat, seed| {
            Box::new(bots::thegame::EngineBot((entry.make)(seed.0)))
        });
    }
    registry.register_with_random::<thegame::State>(thegame_bots);
    registry.register_with_random::<powergrid::State>(Bots::new());
    registry
}
