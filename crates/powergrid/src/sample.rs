//! Sampling a full state from what one seat sees (a one-call determinization; see also `determinize`).
//!
//! A bot only gets a [`View`]. To run rollouts it needs a [`State`]; `State::sample_from_view`
//! fills in what the view hides with one plausible guess: the deck's order and the plants removed
//! at setup are drawn at random from the plants nobody has seen, and hidden money comes from the
//! caller (a bot can track it exactly from the public payments in the events). Sampling many such
//! states and averaging is the usual "determinization" used by information-set search.
//!
//! The sampled state is checked like a state read from a file, and it shows the viewer exactly
//! the view it was built from.

use crate::event::PhaseKind;
use crate::fixed::FixedList;
use crate::plants::FuelNeeds;
use crate::plants::{PlantId, PlantSet, PLANTS};
use crate::setup;
use crate::state::{Auction, Core, PendingDiscard, PlayerState, State, STEP3_CARD};
use crate::view::View;
use engine::{Actor, Seat};
use rand::seq::SliceRandom;

impl State {
    /// A state consistent with `view`, the hidden parts drawn with `seed`: the deck's order and
    /// the plants removed face down (from the unseen plants), and each player's money where the
    /// view hides it (`money[seat]`, or 0 when `money` is too short).
    ///
    /// # Errors
    /// The view is not one this crate produced (it fails the state's invariants).
    pub fn sample_from_view(view: &View, money: &[u32], seed: u64) -> Result<State, String> {
        let players = view.players.len();
        if view.turn_order.len() != players
            || view.standings.as_ref().is_some_and(|s| s.len() != players)
        {
            return Err("turn order or standings do not match the players".into());
        }
        let mut seats: FixedList<PlayerState, 6> = FixedList::new();
        let mut seen = PlantSet::EMPTY;
        for (i, p) in view.players.iter().enumerate() {
            if p.seat.index() != i || i >= 6 {
                return Err("players are not listed by seat".into());
            }
            let mut plants: FixedList<PlantId, 5> = FixedList::new();
            for &plant in &p.plants {
                if plants.len() == 5 || !plant.is_card() {
                    return Err(format!("seat {i} holds an impossible plant list"));
                }
                plants.push(plant);
                seen.insert(plant);
            }
            let mut houses = 0u64;
            for city in &p.cities {
                if city.map() != view.map {
                    return Err(format!("{city} is not on the {} map", view.map));
                }
                houses |= 1 << city.local();
            }
            seats.push(PlayerState {
                money: p
                    .money
                    .unwrap_or_else(|| money.get(i).copied().unwrap_or(0)),
                plants,
                resources: p.resources,
                houses,
                needs: FuelNeeds::default(),
            });
        }
        let mut market: FixedList<u8, 9> = FixedList::new();
        for p in view.current_market.iter().chain(&view.future_market) {
            if market.len() == 8 || !p.is_card() {
                return Err("impossible market".into());
            }
            market.push(p.0);
            seen.insert(*p);
        }
        if view.step3_card_in_market {
            market.push(STEP3_CARD);
        }
        let out_of_game: PlantSet = view.removed_plants.iter().copied().collect();
        let under: Vec<PlantId> = view.under_step3_card.clone();
        for p in out_of_game.iter().chain(under.iter().copied()) {
            seen.insert(p);
        }
        let mut unseen: Vec<u8> = PLANTS
            .iter()
            .map(|p| p.number)
            .filter(|&n| !seen.contains(PlantId(n)))
            .collect();
        unseen.shuffle(&mut setup::rng(seed, setup::STREAM_DECK));

        // The deck, bottom first: the plants put under the Step 3 card, the card, then the rest.
        let card_in_deck = view.step < 3 && !view.step3_pending;
        let hidden_in_deck = view
            .deck_size
            .checked_sub(if card_in_deck { 1 + under.len() } else { 0 })
            .filter(|&n| n <= unseen.len())
            .ok_or("the deck size does not fit the unseen plants")?;
        if under.len() + hidden_in_deck + 1 > 43 {
            return Err("the deck is too large".into());
        }
        let mut deck: FixedList<u8, 43> = FixedList::new();
        if card_in_deck {
            deck.extend(under.iter().map(|p| p.0));
            deck.push(STEP3_CARD);
        } else if !under.is_empty() {
            return Err("plants under the Step 3 card after it was drawn".into());
        }
        deck.extend(unseen[..hidden_in_deck].iter().copied());
        let removed_at_setup: PlantSet = unseen[hidden_in_deck..]
            .iter()
            .map(|&n| PlantId(n))
            .collect();

        let bits = |list: &[Seat]| list.iter().fold(0u8, |m, s| m | 1 << (s.0 & 7));
        let actor = match view.actor {
            Actor::Seat(s) => Some(s),
            Actor::Terminal => None,
        };
        let auction = match &view.auction {
            Some(a) => Some(Auction {
                plant: a.plant,
                starter: a.starter,
                high_bid: a.high_bid,
                high_bidder: a.high_bidder,
                bidders: bits(&a.bidders),
                to_bid: actor.ok_or("an auction with nobody to bid")?,
            }),
            None => None,
        };
        let cursor = match (view.phase, actor) {
            (PhaseKind::Resources | PhaseKind::Building, Some(s)) => {
                let at = view
                    .turn_order
                    .iter()
                    .position(|&x| x == s)
                    .ok_or("actor")?;
                (players - 1 - at) as u8
            }
            (PhaseKind::Bureaucracy, Some(s)) => view
                .turn_order
                .iter()
                .position(|&x| x == s)
                .ok_or("actor")? as u8,
            _ => 0,
        };
        let core = Core {
            players: players as u8,
            map: view.map,
            regions: crate::RegionSet::of(&view.regions),
            seed,
            public_money: view.public_money,
            step3_order: FixedList::new(),
            round: view.round,
            step: view.step,
            step3_pending: view.step3_pending,
            phase: view.phase,
            order: view.turn_order.iter().copied().collect(),
            seats,
            market,
            deck,
            removed_at_setup,
            out_of_game,
            resource_market: view.resource_market,
            supply: view.supply,
            done: bits(&view.auction_done),
            bought: bits(&view.auction_bought),
            auction,
            discard: view
                .pending_discard
                .map(|(seat, bought)| PendingDiscard { seat, bought }),
            cursor,
            standings: view
                .standings
                .as_deref()
                .unwrap_or_default()
                .iter()
                .copied()
                .collect(),
        };
        crate::invariants::check_core(&core)?;
        Ok(State::from_core(core))
    }
}
