//! The game kinds `tabletop serve` offers, with their bots: the only place that names concrete
//! games. Adding a kind is one `register` call here.
//!
//! Play rules (module `seats`, `table`): the stand-in for an absent player is each kind's
//! strongest bot, `search`, at its default short budget; the undoable steps are those the
//! rules call for and that reveal and draw nothing (The Game: a play, which never draws until
//! `end`; Power Grid: resource buys, builds and a plant discard, unless the market refilled).
//!
//! Once a game of The Game is over its state messages carry every seat's hand (`final_hands`),
//! so the page can say which cards were stuck; Power Grid hides nothing a seat still holds.

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

/// Every seat's hand of a finished game of The Game, seat by seat (`[[12, 40, 55], [], …]`),
/// for the state message's `final_hands`. Here rather than in The Game's `View`: the bots'
/// view stays as lean as the rules need (a bot never sees a finished game), and the rules
/// crate keeps one notion of what a seat sees, with the server deciding what it shows once
/// nothing is left to hide.
pub fn thegame_final_hands(state: &thegame::State) -> serde_json::Value {
    let hands: Vec<thegame::CardSet> = (0..state.players())
        .map(|seat| state.hand(engine::Seat(seat)))
        .collect();
    serde_json::to_value(hands).unwrap_or(serde_json::Value::Null)
}

/// The Game and Power Grid, each with every bot of its module in the bots crate.
pub fn standard_registry() -> Registry {
    let mut registry = Registry::new();
    let mut thegame_bots = Bots::<thegame::State>::new();
    for entry in bots::thegame::REGISTRY {
        thegame_bots = thegame_bots.with(entry.name, move |_seat, seed| {
            Box::new(bots::thegame::EngineBot::new((entry.make)(seed.0)))
        });
    }
    registry.register_revealing::<thegame::State>(
        thegame_bots,
        THEGAME_PLAY,
        Some(thegame_final_hands),
    );
    let mut powergrid_bots = Bots::<powergrid::State>::new();
    for entry in bots::powergrid::REGISTRY {
        powergrid_bots = powergrid_bots.with(entry.name, move |_seat, seed| {
            (entry.make)(seed.0, &bots::powergrid::Config::default())
        });
    }
    // The search bot's default budget is 64 rollouts a move on one thread, none started after
    // 100 ms (`Budget::STANDARD`): short, as a stand-in's should be.
    registry.register_with_rules::<powergrid::State>(powergrid_bots, POWERGRID_PLAY);
    registry
}
