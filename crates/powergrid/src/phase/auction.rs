//! Phase 2: auction power plants (rules file, "Phase 2: Auction Power Plants").
//!
//! In turn order each player who has neither bought nor passed opens an auction on a plant of
//! the current market or passes (not in round 1 while they can pay for a plant); the others
//! raise in seating order or drop out; the winner pays, may hold one plant too many until they
//! discard one, and the market draws a replacement. When everyone is done: if nobody bought, the
//! lowest plant leaves; in round 1 the turn order is set again; a drawn Step 3 card starts
//! Step 3. Then phase 3 begins.

use super::{Auction, AuctionPhase, AuctionTurn, PendingDiscard, Phase};
use crate::action::Action;
use crate::error::RuleError;
use crate::event::{Event, PhaseKind, RemovalReason};
use crate::market::DrawContext;
use crate::plants::{FuelNeeds, PlantId};
use crate::resources::{ByResource, Resource};
use crate::state::{PlayerState, Sink, State};
use engine::Seat;

/// Why `seat` may not take `action` now, if it may not.
pub(crate) fn check(
    s: &State,
    seat: Seat,
    p: &AuctionPhase,
    action: &Action,
) -> Result<(), RuleError> {
    let me = &s.core.seats[seat.index()];
    match p.turn {
        AuctionTurn::Discard(d) => {
            let Action::Discard { plant, keep_coal } = *action else {
                return Err(s.not_now(action, "discard one of your older plants"));
            };
            if !me.plants.contains(&plant) {
                return Err(RuleError::NotYourPlant { plant });
            }
            if plant == d.bought {
                return Err(RuleError::CannotDiscardNewPlant { plant });
            }
            let (lo, hi) = keep_coal_range(me, plant);
            match (keep_coal, lo == hi) {
                (None, true) => Ok(()),
                (Some(_), true) => Err(RuleError::KeepCoalNotApplicable { plant }),
                (None, false) => Err(RuleError::KeepCoalRequired {
                    plant,
                    min: lo,
                    max: hi,
                }),
                (Some(k), false) if (lo..=hi).contains(&k) => Ok(()),
                (Some(k), false) => Err(RuleError::KeepCoalOutOfRange {
                    plant,
                    keep: k,
                    min: lo,
                    max: hi,
                }),
            }
        }
        AuctionTurn::Bidding(a) => match *action {
            Action::Bid { amount } => {
                if amount <= a.high_bid {
                    Err(RuleError::BidTooLow {
                        bid: amount,
                        min: a.high_bid + 1,
                    })
                } else if amount > me.money {
                    Err(RuleError::NotEnoughMoney {
                        cost: amount,
                        money: me.money,
                    })
                } else {
                    Ok(())
                }
            }
            Action::Pass => Ok(()),
            _ => Err(s.not_now(action, "bid higher or pass (drop out of this auction)")),
        },
        AuctionTurn::Open => match *action {
            Action::StartAuction { plant, bid } => {
                let in_market = plant.is_card() && s.core.market.contains(&plant.0);
                if !in_market {
                    return Err(RuleError::PlantNotInMarket { plant });
                }
                if !s.current_plants().contains(&plant.0) {
                    return Err(RuleError::PlantNotInCurrentMarket {
                        plant,
                        current: s
                            .current_plants()
                            .iter()
                            .map(|p| p.to_string())
                            .collect::<Vec<_>>()
                            .join(", "),
                    });
                }
                if bid < u32::from(plant.0) {
                    return Err(RuleError::BidTooLow {
                        bid,
                        min: u32::from(plant.0),
                    });
                }
                if bid > me.money {
                    return Err(RuleError::NotEnoughMoney {
                        cost: bid,
                        money: me.money,
                    });
                }
                Ok(())
            }
            Action::Pass if may_pass(s, me) => Ok(()),
            Action::Pass => Err(RuleError::MustBuyInFirstRound),
            _ => Err(s.not_now(
                action,
                "start an auction on a plant of the current market, or pass",
            )),
        },
    }
}

/// Every legal action of `seat` (listing only the `bids` lowest amounts of each bid).
pub(crate) fn legal(s: &State, seat: Seat, p: &AuctionPhase, out: &mut Vec<Action>, bids: u32) {
    let me = &s.core.seats[seat.index()];
    match p.turn {
        AuctionTurn::Discard(d) => {
            for &plant in &me.plants {
                if plant == d.bought {
                    continue;
                }
                let (lo, hi) = keep_coal_range(me, plant);
                if lo == hi {
                    out.push(Action::Discard {
                        plant,
                        keep_coal: None,
                    });
                } else {
                    for k in lo..=hi {
                        out.push(Action::Discard {
                            plant,
                            keep_coal: Some(k),
                        });
                    }
                }
            }
        }
        AuctionTurn::Bidding(a) => {
            let top = me.money.min(a.high_bid.saturating_add(bids));
            for amount in a.high_bid + 1..=top {
                out.push(Action::Bid { amount });
            }
            out.push(Action::Pass);
        }
        AuctionTurn::Open => {
            for &plant in s.current_plants() {
                let min = u32::from(plant);
                let top = me.money.min(min.saturating_add(bids - 1));
                for bid in min..=top {
                    out.push(Action::StartAuction {
                        plant: PlantId(plant),
                        bid,
                    });
                }
            }
            if may_pass(s, me) {
                out.push(Action::Pass);
            }
        }
    }
}

/// Carries out an action [`check`] accepted.
pub(crate) fn apply<S: Sink>(
    s: &mut State,
    seat: Seat,
    mut p: AuctionPhase,
    action: &Action,
    log: &mut S,
) {
    let me = 1u8 << seat.0;
    match (*action, p.turn) {
        (Action::StartAuction { plant, bid }, AuctionTurn::Open) => {
            log.emit(|| Event::AuctionStarted { seat, plant, bid });
            let others = s.all_seats() & !p.done & !me;
            if others == 0 {
                win(s, p, seat, plant, bid, log);
            } else {
                let bidders = others | me;
                p.turn = AuctionTurn::Bidding(Auction {
                    plant,
                    starter: seat,
                    high_bid: bid,
                    high_bidder: seat,
                    bidders,
                    to_bid: next_bidder(s, seat, bidders),
                });
                s.core.phase = Phase::Auction(p);
            }
        }
        (Action::Bid { amount }, AuctionTurn::Bidding(mut a)) => {
            a.high_bid = amount;
            a.high_bidder = seat;
            log.emit(|| Event::Bid {
                seat,
                plant: a.plant,
                amount,
            });
            a.to_bid = next_bidder(s, seat, a.bidders);
            p.turn = AuctionTurn::Bidding(a);
            s.core.phase = Phase::Auction(p);
        }
        (Action::Pass, AuctionTurn::Bidding(mut a)) => {
            a.bidders &= !me;
            log.emit(|| Event::DroppedOut {
                seat,
                plant: a.plant,
            });
            if a.bidders.count_ones() == 1 {
                win(s, p, a.high_bidder, a.plant, a.high_bid, log);
            } else {
                a.to_bid = next_bidder(s, seat, a.bidders);
                p.turn = AuctionTurn::Bidding(a);
                s.core.phase = Phase::Auction(p);
            }
        }
        (Action::Pass, AuctionTurn::Open) => {
            p.done |= me;
            s.core.phase = Phase::Auction(p);
            log.emit(|| Event::PassedAuctions { seat });
            end_if_everyone_is_done(s, log);
        }
        (Action::Discard { plant, keep_coal }, AuctionTurn::Discard(_)) => {
            let player = &mut s.core.seats[seat.index()];
            player.plants.retain(|p| *p != plant);
            player.plants_changed();
            let before = player.resources;
            let needs = player.needs();
            let fit = DiscardFit::of(needs, before);
            let coal = keep_coal.unwrap_or(fit.coal_range().0);
            let after = ByResource {
                coal,
                oil: fit.kept - coal,
                garbage: before.garbage.min(2 * needs.garbage),
                uranium: before.uranium.min(2 * needs.uranium),
            };
            let returned = ByResource::from_fn(|r| before[r] - after[r]);
            player.resources = after;
            for r in Resource::ALL {
                s.core.supply[r] += returned[r];
            }
            s.core.out_of_game.insert(plant);
            p.turn = AuctionTurn::Open;
            s.core.phase = Phase::Auction(p);
            log.emit(|| Event::PlantDiscarded {
                seat,
                plant,
                returned,
            });
            end_if_everyone_is_done(s, log);
        }
        // Refused by `check`.
        _ => {}
    }
}

/// Whether a player may pass instead of opening an auction: always after round 1; in round 1
/// only if they cannot pay for any plant of the current market.
fn may_pass(s: &State, me: &PlayerState) -> bool {
    s.core.round > 1 || !s.current_plants().iter().any(|&p| u32::from(p) <= me.money)
}

/// The next seat after `from`, in seating order, that is still among `bidders`.
fn next_bidder(s: &State, from: Seat, bidders: u8) -> Seat {
    let n = s.core.players;
    (1..=n)
        .map(|k| Seat((from.0 + k) % n))
        .find(|s| bidders & (1 << s.0) != 0)
        .unwrap_or(from)
}

/// How a player's coal and oil fit their plants after a discard (hybrids hold either).
#[derive(Clone, Copy)]
struct DiscardFit {
    /// Coal that fits the coal and hybrid plants.
    coal: u8,
    /// Oil that fits the oil and hybrid plants.
    oil: u8,
    /// Coal and oil kept in all.
    kept: u8,
}

impl DiscardFit {
    fn of(needs: FuelNeeds, held: ByResource<u8>) -> DiscardFit {
        let (c, o, h) = (needs.coal, needs.oil, needs.hybrid);
        let coal = held.coal.min(2 * (c + h));
        let oil = held.oil.min(2 * (o + h));
        DiscardFit {
            coal,
            oil,
            kept: (coal + oil).min(2 * (c + o + h)),
        }
    }

    /// The range of coal the player may keep (equal ends: no choice).
    fn coal_range(self) -> (u8, u8) {
        (self.kept.saturating_sub(self.oil), self.coal.min(self.kept))
    }
}

/// The range of coal a player may keep when discarding `plant` (equal ends: no choice).
fn keep_coal_range(me: &PlayerState, plant: PlantId) -> (u8, u8) {
    let needs = FuelNeeds::of(me.plants.iter().copied().filter(|&p| p != plant));
    DiscardFit::of(needs, me.resources).coal_range()
}

/// `seat` wins `plant` at `price`: pays, takes it, the market draws; a discard may follow.
fn win<S: Sink>(
    s: &mut State,
    mut p: AuctionPhase,
    seat: Seat,
    plant: PlantId,
    price: u32,
    log: &mut S,
) {
    let bit = 1u8 << seat.0;
    p.done |= bit;
    p.bought |= bit;
    p.turn = AuctionTurn::Open;
    let max_plants = s.rules().max_plants as usize;
    let me = &mut s.core.seats[seat.index()];
    me.money -= price;
    let at = me.plants.partition_point(|p| *p < plant);
    me.plants.insert(at, plant);
    me.plants_changed();
    let over = me.plants.len() > max_plants;
    s.core.market.retain(|p| *p != plant.0);
    log.emit(|| Event::PlantBought { seat, plant, price });
    s.draw(DrawContext::Auction, log);
    s.remove_small_plants(DrawContext::Auction, log);
    if over {
        p.turn = AuctionTurn::Discard(PendingDiscard {
            seat,
            bought: plant,
        });
        s.core.phase = Phase::Auction(p);
    } else {
        s.core.phase = Phase::Auction(p);
        end_if_everyone_is_done(s, log);
    }
}

/// The end of phase 2, once every player has bought or passed.
fn end_if_everyone_is_done<S: Sink>(s: &mut State, log: &mut S) {
    let Phase::Auction(p) = s.core.phase else {
        return;
    };
    if p.done != s.all_seats() {
        return;
    }
    if p.bought == 0 && s.lowest_plant().is_some() {
        s.remove_lowest(RemovalReason::NoPurchase, log);
        s.draw(DrawContext::Auction, log);
        s.remove_small_plants(DrawContext::Auction, log);
    }
    if s.core.round == 1 {
        s.determine_turn_order(log);
    }
    if s.core.step3_pending {
        s.begin_step3(log);
    }
    s.core.phase = Phase::Resources { cursor: 0 };
    log.emit(|| Event::PhaseStarted {
        phase: PhaseKind::Resources,
    });
}
