//! Rebuilding a full state from one seat's view plus guessed hidden information, for bots that
//! search by determinization (sampling what they cannot see, then simulating).
//!
//! Decisions:
//! - The hidden part of a game is exactly [`Hidden`]: the order of the unseen deck, the plants
//!   removed face down at setup, the money the view does not show, and the seed that will
//!   shuffle the deck at Step 3. Everything else (whether the Step 3 card has been drawn, who
//!   bought a plant in the running phase 2) is in the view. A bot fills it from its memory of
//!   public events and from samples of what it has not seen ([`Hidden::sample`]).
//! - [`State::from_view`] checks that the guess fits the view (every plant accounted for once,
//!   deck size, money wherever the view hides it) and refuses it with a [`DeterminizeError`]
//!   otherwise, so a bot's bug cannot produce an impossible state silently.
//! - [`State::hidden`] hands out the true hidden information. It exists for tests and tools
//!   (it shows that `from_view(view, hidden())` rebuilds the state exactly); bots never hold a
//!   `State` of a real game, so they cannot call it.

use crate::event::PhaseKind;
use crate::fixed::FixedList;
use crate::invariants::CoreFile;
use crate::map::RegionSet;
use crate::phase::{Auction, PendingDiscard};
use crate::plants::{FuelNeeds, PlantId, PlantSet, PLANTS};
use crate::state::{Core, PlayerState, State, STEP3_CARD};
use crate::view::View;
use engine::{Actor, Seat, Viewer};
use serde::{Deserialize, Serialize};

/// What a seat cannot see of a game (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Hidden {
    /// The deck above the Step 3 card (the whole deck once that card is drawn), top first.
    pub deck_top_first: Vec<PlantId>,
    /// The plants removed face down at setup.
    pub removed_at_setup: Vec<PlantId>,
    /// Every seat's money; used only where the view hides it.
    pub money: Vec<u32>,
    /// The seed that shuffles the deck when the Step 3 card is drawn.
    pub seed: u64,
}

/// Why a view and a guess of the hidden information do not make a state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DeterminizeError {
    /// A plant is in two places, or a plant of the game is nowhere.
    #[error("plant {plant} is {problem}")]
    Plant {
        /// The plant.
        plant: PlantId,
        /// "placed twice" or "missing".
        problem: &'static str,
    },
    /// The guessed deck does not have the size the view shows.
    #[error("the view shows {expected} cards in the deck but the guess makes {got}")]
    DeckSize {
        /// Cards the view counts.
        expected: usize,
        /// Cards the guess makes.
        got: usize,
    },
    /// Money is missing for a seat whose money the view hides.
    #[error("no money given for {0}, whose money the view hides")]
    Money(Seat),
    /// The view is of a finished game, or does not fit the map or player count.
    #[error("the view cannot be rebuilt: {0}")]
    View(&'static str),
    /// The rebuilt state breaks an invariant of the game (the view was not made by this crate).
    #[error("the rebuilt state is impossible: {0}")]
    Invalid(String),
}

/// Sizes and seat numbers that must hold before a state is assembled (a view read from a
/// file or a bot's guess may be anything; nothing here may panic on it).
fn check_shape(view: &View, hidden: &Hidden) -> Result<(), DeterminizeError> {
    let players = view.players.len();
    let seat_ok = |s: &Seat| usize::from(s.0) < players;
    let seats_ok = view
        .players
        .iter()
        .enumerate()
        .all(|(i, p)| p.seat.index() == i)
        && view.turn_order.len() == players
        && view.turn_order.iter().all(seat_ok)
        && view.auction_done.iter().all(seat_ok)
        && view.auction_bought.iter().all(seat_ok)
        && view.pending_discard.is_none_or(|(s, _)| seat_ok(&s))
        && view.auction.as_ref().is_none_or(|a| {
            seat_ok(&a.starter) && a.bidders.iter().all(seat_ok) && seat_ok(&a.high_bidder)
        });
    if !seats_ok {
        return Err(DeterminizeError::View(
            "a seat number the game does not have",
        ));
    }
    if players > 6 || view.players.iter().any(|p| p.plants.len() > 5) {
        return Err(DeterminizeError::View("too many players or plants"));
    }
    if view.current_market.len() + view.future_market.len() > 8 {
        return Err(DeterminizeError::View(
            "more than eight plants on the market",
        ));
    }
    if hidden.deck_top_first.len() + view.under_step3_card.len() + 1 > 43 {
        return Err(DeterminizeError::DeckSize {
            expected: view.deck_size,
            got: hidden.deck_top_first.len() + view.under_step3_card.len() + 1,
        });
    }
    Ok(())
}

impl State {
    /// The true hidden information of this game (for tests and tools; see the module docs).
    pub fn hidden(&self) -> Hidden {
        let c = &self.core;
        let step3 = c.deck.iter().position(|&p| p == STEP3_CARD);
        let above = step3.map_or(0, |i| i + 1);
        Hidden {
            deck_top_first: c.deck[above..].iter().rev().map(|&p| PlantId(p)).collect(),
            removed_at_setup: c.removed_at_setup.iter().collect(),
            money: c.seats.iter().map(|p| p.money).collect(),
            seed: c.seed,
        }
    }

    /// Rebuilds a running game from a view and a guess of what it hides.
    ///
    /// # Errors
    /// The guess does not fit the view (see [`DeterminizeError`]).
    pub fn from_view(view: &View, hidden: &Hidden) -> Result<State, DeterminizeError> {
        let players = view.players.len();
        if !(2..=6).contains(&players) {
            return Err(DeterminizeError::View("2 to 6 players are needed"));
        }
        let Actor::Seat(actor) = view.actor else {
            return Err(DeterminizeError::View("the game is over"));
        };
        check_shape(view, hidden)?;
        // Every plant of the game must be in exactly one place.
        let mut seen = PlantSet::EMPTY;
        let mut place = |p: PlantId| -> Result<(), DeterminizeError> {
            if p.spec().is_none() || seen.contains(p) {
                return Err(DeterminizeError::Plant {
                    plant: p,
                    problem: "placed twice",
                });
            }
            seen.insert(p);
            Ok(())
        };
        let under = &view.under_step3_card;
        for list in [
            &view.current_market,
            &view.future_market,
            under,
            &view.removed_plants,
            &hidden.deck_top_first,
            &hidden.removed_at_setup,
        ] {
            for &p in list {
                place(p)?;
            }
        }
        for pv in &view.players {
            for &p in &pv.plants {
                place(p)?;
            }
        }
        if let Some(missing) = PLANTS
            .iter()
            .map(|s| PlantId(s.number))
            .find(|p| !seen.contains(*p))
        {
            return Err(DeterminizeError::Plant {
                plant: missing,
                problem: "missing",
            });
        }
        let mut deck: FixedList<u8, 43> = FixedList::new();
        let step3_drawn = view.step >= 3 || view.step3_pending;
        if !step3_drawn {
            deck.extend(under.iter().map(|p| p.0));
            deck.push(STEP3_CARD);
        } else if !under.is_empty() {
            return Err(DeterminizeError::View(
                "plants lie under the Step 3 card, which was drawn",
            ));
        }
        deck.extend(hidden.deck_top_first.iter().rev().map(|p| p.0));
        if deck.len() != view.deck_size {
            return Err(DeterminizeError::DeckSize {
                expected: view.deck_size,
                got: deck.len(),
            });
        }
        let mut seats: FixedList<PlayerState, 6> = FixedList::new();
        for pv in &view.players {
            let money = match pv.money {
                Some(m) => m,
                None => *hidden
                    .money
                    .get(pv.seat.index())
                    .ok_or(DeterminizeError::Money(pv.seat))?,
            };
            let mut houses = 0u64;
            for c in &pv.cities {
                if c.map() != view.map {
                    return Err(DeterminizeError::View("a city of another map"));
                }
                houses |= 1 << c.local();
            }
            seats.push(PlayerState {
                money,
                plants: pv.plants.iter().copied().collect(),
                resources: pv.resources,
                houses,
                needs: FuelNeeds::of(pv.plants.iter().copied()),
            });
        }
        let mut market: FixedList<u8, 9> = view
            .current_market
            .iter()
            .chain(&view.future_market)
            .map(|p| p.0)
            .collect();
        market.sort_unstable();
        if view.step3_card_in_market {
            market.push(STEP3_CARD);
        }
        let bits = |seats: &[Seat]| seats.iter().fold(0u8, |b, s| b | (1 << s.0));
        let order: FixedList<Seat, 6> = view.turn_order.iter().copied().collect();
        let pos = order
            .iter()
            .position(|&s| s == actor)
            .ok_or(DeterminizeError::View("the actor is not in the turn order"))?
            as u8;
        let cursor = match view.phase {
            PhaseKind::Resources | PhaseKind::Building => players as u8 - 1 - pos,
            PhaseKind::Bureaucracy => pos,
            _ => 0,
        };
        let file = CoreFile {
            players: players as u8,
            map: view.map,
            regions: RegionSet::of(&view.regions),
            seed: hidden.seed,
            public_money: view.public_money,
            step3_order: FixedList::new(),
            round: view.round,
            step: view.step,
            step3_pending: view.step3_pending && view.step < 3,
            phase: view.phase,
            order,
            seats,
            market,
            deck,
            removed_at_setup: hidden.removed_at_setup.iter().copied().collect(),
            out_of_game: view.removed_plants.iter().copied().collect(),
            resource_market: view.resource_market,
            supply: view.supply,
            done: bits(&view.auction_done),
            bought: bits(&view.auction_bought),
            auction: view.auction.as_ref().map(|a| Auction {
                plant: a.plant,
                starter: a.starter,
                high_bid: a.high_bid,
                high_bidder: a.high_bidder,
                bidders: bits(&a.bidders),
                to_bid: actor,
            }),
            discard: view
                .pending_discard
                .map(|(seat, bought)| PendingDiscard { seat, bought }),
            cursor,
            standings: FixedList::new(),
        };
        let core = Core::try_from(file).map_err(DeterminizeError::Invalid)?;
        crate::invariants::check_core(&core).map_err(DeterminizeError::Invalid)?;
        Ok(State::from_core(core))
    }

    /// The view of `seat` together with the true hidden information (for tests and tools).
    pub fn split(&self, seat: Seat) -> (View, Hidden) {
        (self.view(Viewer::Seat(seat)), self.hidden())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{MapId, Setup};
    use rand::SeedableRng;

    #[test]
    fn a_view_and_the_true_hidden_information_rebuild_the_state() {
        let mut buf = Vec::new();
        let mut checked = 0;
        for players in 2..=6u8 {
            for map in [MapId::Germany, MapId::Usa] {
                for seed in 0..4u64 {
                    let mut s = State::new(Setup::new(players, map, seed)).unwrap();
                    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                    let mut n = 0u64;
                    while let Actor::Seat(seat) = s.actor() {
                        if n.is_multiple_of(7) {
                            let (view, hidden) = s.split(seat);
                            let rebuilt = State::from_view(&view, &hidden).unwrap();
                            assert_eq!(rebuilt.core, s.core, "after {n} actions");
                            assert_eq!(rebuilt.reach, s.reach);
                            checked += 1;
                        }
                        s.legal_actions_limited(&mut buf, 3);
                        let a = buf[rand::Rng::gen_range(&mut rng, 0..buf.len())];
                        let seat = s.actor().seat().unwrap();
                        s.apply_quiet(seat, &a).unwrap();
                        n += 1;
                    }
                }
            }
        }
        assert!(checked > 1000, "{checked}");
    }

    #[test]
    fn impossible_seats_and_sizes_are_refused_without_panicking() {
        let s = State::new(Setup::new(4, MapId::Germany, 3)).unwrap();
        let (view, hidden) = s.split(Seat(0));
        let mut v = view.clone();
        v.turn_order[2] = Seat(40);
        assert_eq!(
            State::from_view(&v, &hidden).unwrap_err(),
            DeterminizeError::View("a seat number the game does not have")
        );
        let mut v = view.clone();
        v.auction_bought.push(Seat(9));
        assert!(matches!(
            State::from_view(&v, &hidden),
            Err(DeterminizeError::View(_))
        ));
        let mut h = hidden.clone();
        h.deck_top_first
            .extend(hidden.deck_top_first.iter().copied().cycle().take(60));
        assert!(matches!(
            State::from_view(&view, &h),
            Err(DeterminizeError::DeckSize { .. })
        ));
        let mut v = view;
        v.future_market.extend(hidden.deck_top_first.iter().take(3));
        assert!(State::from_view(&v, &hidden).is_err());
    }

    #[test]
    fn a_guess_that_does_not_fit_is_refused() {
        let s = State::new(Setup::new(4, MapId::Germany, 3)).unwrap();
        let (view, hidden) = s.split(Seat(0));
        let mut h = hidden.clone();
        h.deck_top_first.pop();
        let lost = *hidden.deck_top_first.last().unwrap();
        assert_eq!(
            State::from_view(&view, &h).unwrap_err(),
            DeterminizeError::Plant {
                plant: lost,
                problem: "missing"
            }
        );
        let mut h = hidden.clone();
        let moved = h.removed_at_setup.pop().unwrap();
        h.deck_top_first.push(moved);
        h.removed_at_setup.push(h.deck_top_first[0]);
        assert!(matches!(
            State::from_view(&view, &h),
            Err(DeterminizeError::Plant {
                problem: "placed twice",
                ..
            })
        ));
        let mut h = hidden.clone();
        let moved = h.deck_top_first.pop().unwrap();
        h.removed_at_setup.push(moved);
        assert_eq!(
            State::from_view(&view, &h).unwrap_err(),
            DeterminizeError::DeckSize {
                expected: view.deck_size,
                got: view.deck_size - 1
            }
        );
        let mut h = hidden;
        h.money.clear();
        assert_eq!(
            State::from_view(&view, &h).unwrap_err(),
            DeterminizeError::Money(Seat(1))
        );
    }
}
