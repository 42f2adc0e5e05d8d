//! The game kinds `tabletop serve` offers, with their bots: the only place that names concrete
//! games. Adding a kind is one `register` call here.
//!
//! Play rules (module `seats`, `table`): the stand-in for an absent player is each kind's
//! strongest bot, `search`, at its default short budget. The steps a player may take back are
//! the game's to say (`engine::Game::undoable`: those that reveal and draw nothing).
//!
//! Once a game of The Game is over its state messages carry every seat's hand (`final_hands`),
//! so the page can say which cards were stuck; Power Grid hides nothing a seat still holds.
//!
//! Results (module `ratings`): Power Grid places each seat by its final standing (ties share a
//! place) and scores it by cities powered; The Game is cooperative, every seat placed first
//! and scored by the cards left.

use crate::ratings::{Placing, Scoring};
use crate::{Bots, PlayRules, Registry};
use engine::Game;

/// The Game's play rules: the search bot stands in.
pub const THEGAME_PLAY: PlayRules = PlayRules { stand_in: "search" };

/// Power Grid's play rules: the search bot stands in.
pub const POWERGRID_PLAY: PlayRules = PlayRules { stand_in: "search" };

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

/// Each seat's placing in a finished game of Power Grid: its rank and cities powered.
pub fn powergrid_placings(state: &powergrid::State, outcome: &powergrid::Outcome) -> Vec<Placing> {
    let mut placings = vec![
        Placing {
            place: 0,
            won: false,
            score: 0,
        };
        state.seats()
    ];
    for standing in &outcome.standings {
        if let Some(p) = placings.get_mut(standing.seat.index()) {
            *p = Placing {
                place: standing.rank,
                won: standing.rank == 1,
                score: i64::from(standing.cities_powered),
            };
        }
    }
    placings
}

/// Each seat's placing in a finished game of The Game: the team's, for every seat.
pub fn thegame_placings(state: &thegame::State, outcome: &thegame::Outcome) -> Vec<Placing> {
    let team = Placing {
        place: 1,
        won: outcome.is_win(),
        score: i64::from(outcome.cards_left()),
    };
    vec![team; state.seats()]
}

/// How Power Grid's finished games count: by rank.
pub const POWERGRID_SCORING: Scoring<powergrid::State> = Scoring {
    placings: powergrid_placings,
    cooperative: false,
};

/// How The Game's finished games count: for the whole team.
pub const THEGAME_SCORING: Scoring<thegame::State> = Scoring {
    placings: thegame_placings,
    cooperative: true,
};

/// Every registered bot of `G` (`bots::Registered`), each built with its default configuration
/// (the search bots' default budgets: short, as a stand-in's should be) and seeded from the
/// game's seed and the seat.
pub fn registered_bots<G: bots::Registered>() -> Bots<G> {
    G::REGISTRY.iter().fold(Bots::new(), |bots, entry| {
        bots.with(entry.name, move |_seat, seed| entry.build(seed.0))
    })
}

/// The Game and Power Grid, each with every bot of the bots crate's registry.
pub fn standard_registry() -> Registry {
    let mut registry = Registry::new();
    registry.register_scored::<thegame::State>(
        registered_bots(),
        THEGAME_PLAY,
        Some(thegame_final_hands),
        Some(THEGAME_SCORING),
    );
    registry.register_scored::<powergrid::State>(
        registered_bots(),
        POWERGRID_PLAY,
        None,
        Some(POWERGRID_SCORING),
    );
    registry
}
