//! Sampling a full state from what one seat sees: a one-call determinization.
//!
//! A bot only gets a [`View`]. To run rollouts it needs a [`State`]; `State::sample_from_view`
//! fills in what the view hides with one plausible guess ([`Hidden::sample`]): the deck's order
//! and the plants removed at setup are drawn at random from the plants nobody has seen, and
//! hidden money comes from the caller (a bot can track it exactly from the public payments in
//! the events). Sampling many such states and averaging is the usual "determinization" used by
//! information-set search.
//!
//! Decision: there is one way to rebuild a state from a view, [`State::from_view`] (module
//! `determinize`); this module only draws the [`Hidden`] part it needs, so the two entry
//! points cannot drift apart.

use crate::determinize::Hidden;
use crate::plants::{PlantId, PlantSet, PLANTS};
use crate::setup;
use crate::state::State;
use crate::view::View;
use rand::seq::SliceRandom;

impl Hidden {
    /// A guess of what `view` hides, drawn with `seed`: the unseen plants shuffled into the deck
    /// (at the size the view shows) and the face-down removals, each player's money where the
    /// view hides it (`money[seat]`, or 0 when `money` is too short), and `seed` as the Step 3
    /// shuffle seed.
    ///
    /// # Errors
    /// The deck the view shows cannot be made from the unseen plants.
    pub fn sample(view: &View, money: &[u32], seed: u64) -> Result<Hidden, String> {
        let mut seen = PlantSet::EMPTY;
        let players = view.players.iter().flat_map(|p| p.plants.iter());
        for &p in players
            .chain(&view.current_market)
            .chain(&view.future_market)
            .chain(&view.removed_plants)
            .chain(&view.under_step3_card)
        {
            seen.insert(p);
        }
        let mut unseen: Vec<PlantId> = PLANTS
            .iter()
            .map(|p| PlantId(p.number))
            .filter(|&p| !seen.contains(p))
            .collect();
        unseen.shuffle(&mut setup::rng(seed, setup::STREAM_DECK));
        // Below the unseen part of the deck lie the Step 3 card and the plants put under it,
        // until the card is drawn.
        let step3_drawn = view.step >= 3 || view.step3_pending;
        let below = if step3_drawn {
            0
        } else {
            1 + view.under_step3_card.len()
        };
        let in_deck = view
            .deck_size
            .checked_sub(below)
            .filter(|&n| n <= unseen.len())
            .ok_or("the deck size does not fit the unseen plants")?;
        let removed_at_setup = unseen.split_off(in_deck);
        Ok(Hidden {
            deck_top_first: unseen,
            removed_at_setup,
            money: view
                .players
                .iter()
                .enumerate()
                .map(|(i, p)| {
                    p.money
                        .unwrap_or_else(|| money.get(i).copied().unwrap_or(0))
                })
                .collect(),
            seed,
            step3_drawn,
            bought: view.auction_bought.clone(),
        })
    }
}

impl State {
    /// A state consistent with `view`, the hidden parts drawn with `seed` ([`Hidden::sample`],
    /// then [`State::from_view`]).
    ///
    /// # Errors
    /// The view is not one this crate produced, or the game is over.
    pub fn sample_from_view(view: &View, money: &[u32], seed: u64) -> Result<State, String> {
        let hidden = Hidden::sample(view, money, seed)?;
        State::from_view(view, &hidden).map_err(|e| e.to_string())
    }
}
