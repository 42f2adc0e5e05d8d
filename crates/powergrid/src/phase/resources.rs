//! Phase 3: buy resources (rules file, "Phase 3: Buying Resources").
//!
//! In reverse turn order each player buys any number of tokens, cheapest first, up to what
//! their plants can store (twice each plant's need; hybrids hold coal or oil), then says done.
//! After the last player phase 4 begins.

use super::Phase;
use crate::action::Action;
use crate::error::RuleError;
use crate::event::{Event, PhaseKind};
use crate::resources::{market_price, offered_prices, Resource};
use crate::state::{PlayerState, Sink, State};
use engine::Seat;

/// Why `seat` may not take `action` now, if it may not.
pub(crate) fn check(s: &State, seat: Seat, action: &Action) -> Result<(), RuleError> {
    match *action {
        Action::Buy { resource, amount } => {
            purchase(s, &s.core.seats[seat.index()], resource, amount).map(|_| ())
        }
        Action::Done => Ok(()),
        _ => Err(s.not_now(action, "buy resources or say done")),
    }
}

/// What buying `amount` tokens of `resource` costs the player `me`, or why they may not.
fn purchase(s: &State, me: &PlayerState, resource: Resource, amount: u8) -> Result<u32, RuleError> {
    if amount == 0 {
        return Err(RuleError::ZeroAmount);
    }
    let available = s.core.resource_market[resource];
    if amount > available {
        return Err(RuleError::NotEnoughInMarket {
            resource,
            wanted: amount,
            available,
        });
    }
    let room = me.needs().room(me.resources, resource);
    if amount > room {
        return Err(RuleError::CannotStore {
            resource,
            wanted: amount,
            room,
        });
    }
    let cost = market_price(resource, available, amount).unwrap_or(u32::MAX);
    if cost > me.money {
        return Err(RuleError::NotEnoughMoney {
            cost,
            money: me.money,
        });
    }
    Ok(cost)
}

/// Every legal action of `seat`: each amount of each resource the player can store and pay
/// (priced by running sums over [`offered_prices`], the list [`market_price`] sums), and done.
pub(crate) fn legal(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let me = &s.core.seats[seat.index()];
    let needs = me.needs();
    for r in Resource::ALL {
        let offered = offered_prices(r, s.core.resource_market[r]);
        let max = usize::from(needs.room(me.resources, r)).min(offered.len());
        let mut cost = 0u32;
        for (n, &price) in (1..=max as u8).zip(offered) {
            cost += u32::from(price);
            if cost > me.money {
                break;
            }
            out.push(Action::Buy {
                resource: r,
                amount: n,
            });
        }
    }
    out.push(Action::Done);
}

/// Carries out an action [`check`] accepted.
pub(crate) fn apply<S: Sink>(s: &mut State, seat: Seat, cursor: u8, action: &Action, log: &mut S) {
    match *action {
        Action::Buy { resource, amount } => {
            let available = s.core.resource_market[resource];
            let Some(cost) = market_price(resource, available, amount) else {
                return;
            };
            s.core.resource_market[resource] -= amount;
            let me = &mut s.core.seats[seat.index()];
            me.resources[resource] += amount;
            me.money -= cost;
            log.emit(|| Event::ResourcesBought {
                seat,
                resource,
                amount,
                cost,
            });
        }
        Action::Done => {
            log.emit(|| Event::TurnEnded {
                seat,
                phase: PhaseKind::Resources,
            });
            if cursor + 1 < s.core.players {
                s.core.phase = Phase::Resources { cursor: cursor + 1 };
            } else {
                s.core.phase = Phase::Building { cursor: 0 };
                log.emit(|| Event::PhaseStarted {
                    phase: PhaseKind::Building,
                });
            }
        }
        // Refused by `check`.
        _ => {}
    }
}
