//! Phase 5: bureaucracy, and phase 1 of the next round (rules file, "Phase 5: Bureaucracy" and
//! "Phase 1").
//!
//! In turn order each player chooses which of their plants to run (burning their fuel; hybrids
//! burn any mix of coal and oil) and earns the payment for the cities powered, at most their
//! connected cities. Then the market is resupplied from the table for the step and player
//! count; in Steps 1 and 2 the highest plant goes under the deck, in Step 3 the lowest leaves
//! the game, and a replacement is drawn. Phase 1 follows at once (it has no decisions): a new
//! round, a pending Step 3, the turn order by cities then highest plant; then phase 2.

use super::Phase;
use crate::action::Action;
use crate::error::RuleError;
use crate::event::{Event, PhaseKind, RemovalReason};
use crate::market::DrawContext;
use crate::plants::{FuelNeeds, PlantId, PlantSet};
use crate::resources::{payment, refill, ByResource, Resource};
use crate::state::{PlayerState, Sink, State};
use engine::Seat;

/// Why `seat` may not take `action` now, if it may not.
pub(crate) fn check(s: &State, seat: Seat, action: &Action) -> Result<(), RuleError> {
    match *action {
        Action::Power {
            plants,
            hybrid_coal,
        } => burn_for(&s.core.seats[seat.index()], plants, hybrid_coal).map(|_| ()),
        _ => Err(s.not_now(action, "choose the plants to run (power)")),
    }
}

/// The tokens burned by plants with summed `needs` when their hybrids burn `hybrid_coal` coal,
/// or why `held` does not cover them. The check and the legal list both ask this.
pub(crate) fn burn(
    needs: &FuelNeeds,
    hybrid_coal: u8,
    held: ByResource<u8>,
) -> Result<ByResource<u8>, RuleError> {
    if hybrid_coal > needs.hybrid {
        return Err(RuleError::HybridMix {
            hybrid_coal,
            hybrid_need: needs.hybrid,
        });
    }
    let burn = ByResource {
        coal: needs.coal + hybrid_coal,
        oil: needs.oil + (needs.hybrid - hybrid_coal),
        garbage: needs.garbage,
        uranium: needs.uranium,
    };
    for r in Resource::ALL {
        if burn[r] > held[r] {
            return Err(RuleError::NotEnoughFuel {
                resource: r,
                needed: burn[r],
                held: held[r],
            });
        }
    }
    Ok(burn)
}

/// The tokens `me` burns by running `plants` with `hybrid_coal` coal in the hybrids.
pub(crate) fn burn_for(
    me: &PlayerState,
    plants: PlantSet,
    hybrid_coal: u8,
) -> Result<ByResource<u8>, RuleError> {
    if let Some(plant) = plants.iter().find(|p| !me.plants.contains(p)) {
        return Err(RuleError::NotYourPlant { plant });
    }
    burn(&FuelNeeds::of(plants.iter()), hybrid_coal, me.resources)
}

/// Every legal action of `seat`: each set of its plants it can fuel, with each coal/oil mix of
/// its hybrids.
pub(crate) fn legal(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let me = &s.core.seats[seat.index()];
    // Subsets in counting order over the plants (sorted ascending) come out in the order of
    // their bit sets, so the list is sorted without sorting.
    let n = me.plants.len();
    let single: [FuelNeeds; 5] = std::array::from_fn(|i| FuelNeeds::of(me.plants.get(i).copied()));
    for mask in 0u32..(1 << n) {
        let mut set = PlantSet::EMPTY;
        let mut needs = FuelNeeds::default();
        for (i, one) in single.iter().enumerate().take(n) {
            if mask & (1 << i) != 0 {
                set.insert(me.plants[i]);
                needs.add(one);
            }
        }
        let held = me.resources;
        let single_fuels = [
            (needs.coal, held.coal),
            (needs.oil, held.oil),
            (needs.garbage, held.garbage),
            (needs.uranium, held.uranium),
        ];
        // A cheap bound before the exact check: without the hybrids' fuel.
        if single_fuels.iter().any(|(need, have)| need > have) {
            continue;
        }
        for hybrid_coal in 0..=needs.hybrid {
            if burn(&needs, hybrid_coal, held).is_ok() {
                out.push(Action::Power {
                    plants: set,
                    hybrid_coal,
                });
            }
        }
    }
}

/// Carries out an action [`check`] accepted.
pub(crate) fn apply<S: Sink>(s: &mut State, seat: Seat, cursor: u8, action: &Action, log: &mut S) {
    let Action::Power {
        plants,
        hybrid_coal,
    } = *action
    else {
        // Refused by `check`.
        return;
    };
    let me = &s.core.seats[seat.index()];
    let Ok(burned) = burn_for(me, plants, hybrid_coal) else {
        return;
    };
    let capacity = FuelNeeds::of(plants.iter()).cities;
    let cities = capacity.min(me.cities());
    let income = payment(cities);
    let me = &mut s.core.seats[seat.index()];
    for r in Resource::ALL {
        me.resources[r] -= burned[r];
        s.core.supply[r] += burned[r];
    }
    me.money += income;
    log.emit(|| Event::Powered {
        seat,
        plants,
        burned,
        cities,
        income,
    });
    if cursor + 1 < s.core.players {
        s.core.phase = Phase::Bureaucracy { cursor: cursor + 1 };
    } else {
        end(s, log);
    }
}

/// The end of phase 5 and phase 1 of the next round.
fn end<S: Sink>(s: &mut State, log: &mut S) {
    let want = refill(s.core.players, s.core.step);
    let added = ByResource::from_fn(|r| want[r].min(s.core.supply[r]));
    for r in Resource::ALL {
        s.core.supply[r] -= added[r];
        s.core.resource_market[r] += added[r];
    }
    log.emit(|| Event::Resupplied { added });
    if s.core.step < 3 {
        if let Some(high) = s.core.market.pop() {
            s.core.deck.insert(0, high);
            log.emit(|| Event::PlantUnderDeck {
                plant: PlantId(high),
            });
            s.draw(DrawContext::Bureaucracy, log);
            s.remove_small_plants(DrawContext::Bureaucracy, log);
        }
    } else if s.lowest_plant().is_some() {
        s.remove_lowest(RemovalReason::Bureaucracy, log);
        s.draw(DrawContext::Bureaucracy, log);
        s.remove_small_plants(DrawContext::Bureaucracy, log);
    }
    // Phase 1 of the next round.
    s.core.round = s.core.round.saturating_add(1);
    let round = s.core.round;
    log.emit(|| Event::RoundStarted { round });
    if s.core.step3_pending {
        s.begin_step3(log);
    }
    s.determine_turn_order(log);
    s.core.phase = Phase::auction();
    log.emit(|| Event::PhaseStarted {
        phase: PhaseKind::Auction,
    });
}
