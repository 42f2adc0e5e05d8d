//! The game kinds `tabletop serve` offers, with their bots: the only place that names concrete
//! games. Adding a kind is one `register` call here.
//!
//! Play rules (module `seats`, `table`): the stand-in for an absent player is each kind's
//! strongest bot, `search`, at its default short budget; the undoable steps are those the
//! rules call for and that reveal and draw nothing (The Game: a play, which never draws until
//! `end`; Power Grid: resource buys, builds and a plant discard, unless the market refilled).

use crate::{Bots, PlayRules, Registry};

/// The Game's play rules: the search bot stands in; a play (which never draws before `end`)
/// may be undone.
pub const THEGAME_PLAY: PlayRules = PlayRules {
    stand_in: "search",
    undo_actions: &["play"],
    undo_events: &["played"],
};

/// Power Grid's play rules: the search bot stands in; resource buys, builds and a plant
/// discard may be undone unless they revealed something (the market refilled).
pub const POWERGRID_PLAY: PlayRules = PlayRules {
    stand_in: "search",
    undo_actions: &["buy", "build", "discard"],
    undo_events: &["resources_bought", "built", "plant_discarded"],
};

/// The Game and Power Grid, each with every bot of its module in the bots crate.
pub fn standard_registry() -> Registry {
    let mut registry = Registry::new();
    let mut thegame_bots = Bots::<thegame::State>::new();
    for entry in bots::thegame::REGISTRY {
        thegame_bots = thegame_bots.with(entry.name, move |_seat, seed| {
            Box::new(bots::thegame::EngineBot::new((entry.make)(seed.0)))
        });
    }
    registry.register_with_rules::<thegame::State>(thegame_bots, THEGAME_PLAY);
    let mut powergrid_bots = Bots::<powergrid::State>::new();
    for entry in bots::powergrid::REGISTRY {
        powergrid_bots = powergrid_bots.with(entry.name, move |_seat, seed| {
            (entry.make)(seed.0, &bots::powergrid::Config::default())
        });
    }
    // The search bot's default budget is 50 ms a move on one thread: short, as a stand-in's
    // should be.
    registry.register_with_rules::<powergrid::State>(powergrid_bots, POWERGRID_PLAY);
    registry
}
