//! Sampling what one seat cannot see: the one determinization of the crate.
//!
//! A bot only gets a [`View`]. To run rollouts it needs a [`State`]; [`Hidden::sample`] draws
//! the hidden part and [`State::from_view`] (module `determinize`) rebuilds the state from it,
//! so there is one way to turn a view into a state. [`State::determinize`] does both.
//!
//! Decisions:
//! - **Only arrangements the real game could have produced.** The setup puts plant 13 on top of
//!   the deck and removes the other face-down plants from the plants above 13, so while plant 13
//!   is unseen the Step 3 card has not been drawn and 13 is the top card; it is never among the
//!   removed plants. The number removed face down is the player-count table's, and the sample
//!   refuses a view whose deck size makes another count. Before the Step 3 card is drawn the
//!   deck is (unseen plants above the card, the card, the plants seen put under it); after the
//!   Step 3 shuffle the plants seen under the card are still in the deck (never among the setup's
//!   removals) though the view no longer shows them: [`Memory::in_deck`] keeps them.
//! - **Uniform.** Nothing anyone saw depends on the hidden order (every draw is public), so every
//!   consistent arrangement is equally likely: the sample picks the face-down removals uniformly
//!   among the plants free to be there, then orders the deck uniformly (plant 13 on top when it
//!   must be). A test counts every arrangement of a small case over 120,000 draws.
//! - **What a seat remembers.** [`Memory`] holds only what public events told a seat and its view
//!   does not carry: hidden money (every payment and income is announced) and the plants seen
//!   put under the Step 3 card. Whether the Step 3 card was drawn and who bought a plant this
//!   phase 2 are in the view.
//! - Errors are typed ([`SampleError`]): a view read from a file or a bot's stale memory may be
//!   anything, and nothing here panics on it.

use crate::determinize::{DeterminizeError, Hidden};
use crate::event::Event;
use crate::plants::{PlantId, PlantSet, PLANTS};
use crate::resources::player_count_rules;
use crate::state::{State, STARTING_MONEY};
use crate::view::View;
use engine::Seat;
use rand::seq::SliceRandom;
use rand::RngCore;

/// The plant the setup keeps on top of the deck.
const TOP_PLANT: PlantId = PlantId(13);

/// What a seat may remember from the public events of a game and its view does not carry (see
/// the module docs). It must see every event from the start of the game for its money to be
/// right.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Memory {
    /// Every seat's money, following the announced payments and income (room for six seats).
    pub money: [u32; 6],
    /// Plants seen put under the Step 3 card and not drawn since: in the deck for sure.
    pub in_deck: PlantSet,
}

impl Default for Memory {
    fn default() -> Memory {
        Memory::new()
    }
}

impl Memory {
    /// The memory at the start of a game.
    pub fn new() -> Memory {
        Memory {
            money: [STARTING_MONEY; 6],
            in_deck: PlantSet::EMPTY,
        }
    }

    /// The remembered money of `seat` (the starting money for a seat a game cannot have).
    pub fn money_of(&self, seat: Seat) -> u32 {
        self.money
            .get(seat.index())
            .copied()
            .unwrap_or(STARTING_MONEY)
    }

    /// Every seat's money: from the view where it shows it, else as remembered.
    pub fn known_money(&self, view: &View) -> Vec<u32> {
        view.players
            .iter()
            .map(|p| p.money.unwrap_or_else(|| self.money_of(p.seat)))
            .collect()
    }

    /// Takes in one event.
    pub fn observe(&mut self, event: &Event) {
        let mut pay = |seat: Seat, amount: u32| {
            if let Some(m) = self.money.get_mut(seat.index()) {
                *m = m.saturating_sub(amount);
            }
        };
        match *event {
            Event::PlantBought { seat, price, .. } => pay(seat, price),
            Event::ResourcesBought { seat, cost, .. } => pay(seat, cost),
            Event::Built {
                seat,
                connection,
                place,
                ..
            } => pay(seat, connection + place),
            Event::Powered { seat, income, .. } => {
                if let Some(m) = self.money.get_mut(seat.index()) {
                    *m = m.saturating_add(income);
                }
            }
            Event::PlantUnderDeck { plant } => self.in_deck.insert(plant),
            Event::PlantDrawn { plant } => self.in_deck.remove(plant),
            _ => {}
        }
    }
}

/// Why no hidden arrangement fits a view.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SampleError {
    /// The view's player count is not 2 to 6.
    #[error("a view of {players} players (2 to 6 play)")]
    Players {
        /// Players in the view.
        players: usize,
    },
    /// The view's deck is smaller than the cards it says lie at its bottom.
    #[error("the deck holds {deck} cards, fewer than the {below} known to lie at its bottom")]
    DeckTooSmall {
        /// Cards in the deck.
        deck: usize,
        /// The Step 3 card and the plants under it.
        below: usize,
    },
    /// The unseen plants do not make the deck and the setup's face-down removals.
    #[error(
        "{unseen} plants are unseen, but the deck hides {in_deck} and the setup removed \
         {removed} face down"
    )]
    Unseen {
        /// Plants the view does not show.
        unseen: usize,
        /// Unseen cards in the deck.
        in_deck: usize,
        /// Plants the setup removes face down for this player count.
        removed: usize,
    },
    /// Plant 13 is unseen though the Step 3 card, below it, has been drawn.
    #[error("plant 13 is unseen though the Step 3 card has been drawn")]
    TopPlantUnseen,
    /// More plants are known to be in the deck than it holds.
    #[error("{known} plants are known to be in the deck, which hides {in_deck}")]
    KnownInDeck {
        /// Unseen plants known to be in the deck (plant 13 included while it is on top).
        known: usize,
        /// Unseen cards in the deck.
        in_deck: usize,
    },
    /// The sample does not rebuild a state with the view (see [`DeterminizeError`]).
    #[error(transparent)]
    Rebuild(#[from] DeterminizeError),
}

/// The plants a view does not show: in the deck or removed face down at setup.
pub fn unseen_plants(view: &View) -> PlantSet {
    let mut seen = PlantSet::EMPTY;
    for list in [
        &view.current_market,
        &view.future_market,
        &view.under_step3_card,
        &view.removed_plants,
    ] {
        list.iter().for_each(|&p| seen.insert(p));
    }
    for p in &view.players {
        p.plants.iter().for_each(|&q| seen.insert(q));
    }
    PLANTS
        .iter()
        .map(|s| PlantId(s.number))
        .filter(|&p| !seen.contains(p))
        .collect()
}

/// Where the unseen plants may be: the constraints a sample draws under.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Unseen {
    /// Every unseen plant.
    plants: PlantSet,
    /// The plant that must be the top card, if any (plant 13 before it is drawn).
    top: Option<PlantId>,
    /// Unseen plants that must be in the deck (besides `top`).
    in_deck: PlantSet,
    /// How many unseen plants are in the deck (`top` included).
    deck: usize,
}

impl Unseen {
    /// The constraints `view` and `memory` put on the unseen plants.
    fn of(view: &View, memory: &Memory) -> Result<Unseen, SampleError> {
        let players = view.players.len();
        let rules = u8::try_from(players)
            .ok()
            .and_then(player_count_rules)
            .ok_or(SampleError::Players { players })?;
        let plants = unseen_plants(view);
        let drawn = view.step >= 3 || view.step3_pending;
        let below = if drawn {
            0
        } else {
            1 + view.under_step3_card.len()
        };
        let deck = view
            .deck_size
            .checked_sub(below)
            .ok_or(SampleError::DeckTooSmall {
                deck: view.deck_size,
                below,
            })?;
        let removed = usize::from(rules.plants_removed);
        if deck + removed != plants.len() {
            return Err(SampleError::Unseen {
                unseen: plants.len(),
                in_deck: deck,
                removed,
            });
        }
        let top = match (plants.contains(TOP_PLANT), drawn) {
            (false, _) => None,
            (true, false) => Some(TOP_PLANT),
            (true, true) => return Err(SampleError::TopPlantUnseen),
        };
        let mut in_deck = PlantSet(memory.in_deck.0 & plants.0);
        in_deck.remove(TOP_PLANT);
        let known = in_deck.len() + usize::from(top.is_some());
        if known > deck {
            return Err(SampleError::KnownInDeck {
                known,
                in_deck: deck,
            });
        }
        Ok(Unseen {
            plants,
            top,
            in_deck,
            deck,
        })
    }

    /// One arrangement, uniform among those that fit: the deck top first, and the face-down
    /// removals.
    fn draw(&self, rng: &mut (impl RngCore + ?Sized)) -> (Vec<PlantId>, Vec<PlantId>) {
        let mut free: Vec<PlantId> = self
            .plants
            .iter()
            .filter(|&p| Some(p) != self.top && !self.in_deck.contains(p))
            .collect();
        let removed_count = self.plants.len() - self.deck;
        let (removed, rest) = free.partial_shuffle(rng, removed_count);
        let mut removed = removed.to_vec();
        removed.sort_unstable();
        let mut deck: Vec<PlantId> = rest.to_vec();
        deck.extend(self.in_deck.iter());
        deck.shuffle(rng);
        if let Some(top) = self.top {
            deck.insert(0, top);
        }
        (deck, removed)
    }
}

impl Hidden {
    /// A guess of what `view` hides, uniform among the arrangements the game could have produced
    /// (see the module docs): the deck's order and the face-down removals, the money the view
    /// hides (from `memory`), and a fresh seed for the Step 3 shuffle.
    ///
    /// # Errors
    /// No arrangement fits the view and the memory (see [`SampleError`]).
    pub fn sample(
        view: &View,
        memory: &Memory,
        rng: &mut (impl RngCore + ?Sized),
    ) -> Result<Hidden, SampleError> {
        let unseen = Unseen::of(view, memory)?;
        let (deck_top_first, removed_at_setup) = unseen.draw(rng);
        Ok(Hidden {
            deck_top_first,
            removed_at_setup,
            money: memory.known_money(view),
            seed: rng.next_u64(),
        })
    }
}

impl State {
    /// A state consistent with `view` and `memory`, its hidden parts drawn with `rng`
    /// ([`Hidden::sample`], then [`State::from_view`]).
    ///
    /// # Errors
    /// No arrangement fits, or the view is not one of a running game this crate could produce.
    pub fn determinize(
        view: &View,
        memory: &Memory,
        rng: &mut (impl RngCore + ?Sized),
    ) -> Result<State, SampleError> {
        let hidden = Hidden::sample(view, memory, rng)?;
        Ok(State::from_view(view, &hidden)?)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Action, MapId, Setup};
    use engine::{Actor, Viewer};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::collections::HashMap;

    /// Plays seeded random games, handing each reached state to `at`, with every seat's memory.
    fn walk(players: u8, seed: u64, mut at: impl FnMut(&State, &[Memory])) {
        let mut s = State::new(Setup::new(players, MapId::Germany, seed)).unwrap();
        let mut memories = vec![Memory::new(); usize::from(players)];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut buf: Vec<Action> = Vec::new();
        while let Actor::Seat(_) = s.actor() {
            at(&s, &memories);
            s.legal_actions_limited(&mut buf, 2);
            let a = buf[rand::Rng::gen_range(&mut rng, 0..buf.len())];
            for e in s.apply(&a).unwrap() {
                memories.iter_mut().for_each(|m| m.observe(&e));
            }
        }
    }

    #[test]
    fn memory_follows_the_money_and_the_plants_under_the_step3_card() {
        for players in [2, 4, 6] {
            walk(players, 5, |s, memories| {
                for (i, m) in memories.iter().enumerate() {
                    assert_eq!(m.money_of(Seat(i as u8)), s.money(Seat(i as u8)));
                    let under: PlantSet = s.under_step3_card().into_iter().collect();
                    assert!(under.0 & !m.in_deck.0 == 0, "seen under the card");
                    let h = s.hidden();
                    let deck: PlantSet = h.deck_top_first.iter().copied().collect();
                    assert!(m.in_deck.0 & !(deck.0 | under.0) == 0, "in the deck");
                }
            });
        }
    }

    /// Samples drawn for every player count from a seat's view every fifth action of seeded
    /// games: (the true state, the view, the seat's memory, the sample).
    fn samples(mut check: impl FnMut(&State, &View, &Memory, &Hidden)) {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        for players in 2..=6u8 {
            for seed in 0..3 {
                let mut n = 0u32;
                walk(players, seed, |s, memories| {
                    n += 1;
                    if !n.is_multiple_of(5) {
                        return;
                    }
                    let seat = Seat((n % u32::from(players)) as u8);
                    let view = s.view(Viewer::Seat(seat));
                    let memory = &memories[seat.index()];
                    let hidden = Hidden::sample(&view, memory, &mut rng).unwrap();
                    check(s, &view, memory, &hidden);
                });
            }
        }
    }

    #[test]
    fn plant_13_stays_on_top_while_unseen_and_is_never_removed_face_down() {
        let mut on_top = 0;
        samples(|_, view, _, hidden| {
            assert!(!hidden.removed_at_setup.contains(&TOP_PLANT));
            if unseen_plants(view).contains(TOP_PLANT) {
                assert_eq!(hidden.deck_top_first[0], TOP_PLANT);
                on_top += 1;
            }
        });
        assert!(on_top > 10, "{on_top}");
    }

    #[test]
    fn the_face_down_removals_are_the_player_count_tables() {
        samples(|s, _, _, hidden| {
            let removed = usize::from(s.rules().plants_removed);
            assert_eq!(hidden.removed_at_setup.len(), removed);
            assert_eq!(
                hidden.removed_at_setup.len(),
                s.hidden().removed_at_setup.len()
            );
        });
    }

    /// Before its draw the Step 3 card lies under the sampled deck with the plants seen put
    /// under it; after it, it is nowhere. Either way the rebuilt state shows the same view.
    #[test]
    fn the_step3_card_and_the_plants_under_it_keep_their_places() {
        let (mut before, mut after) = (0, 0);
        samples(|s, view, _, hidden| {
            let rebuilt = State::from_view(view, hidden).unwrap();
            assert_eq!(rebuilt.view(view.viewer), *view);
            assert_eq!(rebuilt.deck_size(), s.deck_size());
            assert_eq!(rebuilt.under_step3_card(), s.under_step3_card());
            assert_eq!(rebuilt.check_invariants(), Ok(()));
            let drawn = view.step == 3 || view.step3_pending;
            let card = usize::from(!drawn);
            assert_eq!(
                hidden.deck_top_first.len() + view.under_step3_card.len() + card,
                view.deck_size
            );
            if drawn {
                after += 1;
            } else {
                before += 1;
            }
        });
        assert!(before > 50 && after > 50, "{before} {after}");
    }

    #[test]
    fn plants_seen_under_the_step3_card_stay_in_the_deck_after_the_shuffle() {
        let mut checked = 0;
        samples(|_, view, memory, hidden| {
            let shuffled_in = PlantSet(memory.in_deck.0 & unseen_plants(view).0);
            for p in shuffled_in.iter() {
                assert!(hidden.deck_top_first.contains(&p), "{p} left the deck");
                assert!(!hidden.removed_at_setup.contains(&p));
                checked += 1;
            }
        });
        assert!(checked > 10, "{checked}");
    }

    #[test]
    fn impossible_views_are_refused_with_the_reason() {
        let s = State::new(Setup::new(4, MapId::Germany, 3)).unwrap();
        let view = s.view(Viewer::Seat(Seat(1)));
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let memory = Memory::new();
        let mut v = view.clone();
        v.deck_size = 0;
        assert_eq!(
            Hidden::sample(&v, &memory, &mut rng),
            Err(SampleError::DeckTooSmall { deck: 0, below: 1 })
        );
        let mut v = view.clone();
        v.deck_size -= 2;
        assert_eq!(
            Hidden::sample(&v, &memory, &mut rng),
            Err(SampleError::Unseen {
                unseen: 34,
                in_deck: 28,
                removed: 4
            })
        );
        let mut v = view.clone();
        v.step3_pending = true;
        v.deck_size -= 1;
        assert_eq!(
            Hidden::sample(&v, &memory, &mut rng),
            Err(SampleError::TopPlantUnseen)
        );
        let mut v = view.clone();
        v.players.pop();
        assert!(matches!(
            Hidden::sample(&v, &memory, &mut rng),
            Err(SampleError::Unseen { .. })
        ));
        v.players.truncate(1);
        assert_eq!(
            Hidden::sample(&v, &memory, &mut rng),
            Err(SampleError::Players { players: 1 })
        );
        let mut v = view;
        v.step3_card_in_market = true;
        assert!(matches!(
            State::determinize(&v, &memory, &mut rng),
            Err(SampleError::Rebuild(_))
        ));
    }

    /// Every arrangement of a small case, counted over many draws: each comes up equally often
    /// (chi-square far below the 0.1 % critical value).
    #[test]
    fn samples_are_uniform_over_consistent_arrangements() {
        let plants: PlantSet = [13, 20, 21, 22, 23, 24].map(PlantId).into_iter().collect();
        let case = Unseen {
            plants,
            top: Some(TOP_PLANT),
            in_deck: [PlantId(20)].into_iter().collect(),
            deck: 4,
        };
        // 13 on top, 20 in the deck, 2 of {21..24} removed: 6 removal sets, then 3! orders of
        // the three other deck cards.
        let arrangements = 6 * 6;
        let draws = 120_000;
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut counts: HashMap<(Vec<PlantId>, Vec<PlantId>), u32> = HashMap::new();
        for _ in 0..draws {
            let (deck, removed) = case.draw(&mut rng);
            assert_eq!(deck[0], TOP_PLANT);
            assert_eq!(deck.len(), 4);
            assert!(deck.contains(&PlantId(20)));
            *counts.entry((deck, removed)).or_default() += 1;
        }
        assert_eq!(counts.len(), arrangements);
        let expected = f64::from(draws) / arrangements as f64;
        let chi2: f64 = counts
            .values()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        // 35 degrees of freedom: the 0.1 % critical value is 66.6.
        assert!(chi2 < 66.6, "chi-square {chi2}");
    }
}
