//! Phase 4: building, and the end of the game (rules file, "Phase 4: Building" and "Game End").
//!
//! In reverse turn order each player builds houses: a first house anywhere in the area, later
//! ones paying the cheapest connection from their network plus the place ([`house_price`]: 10,
//! 15 or 20 Elektro as the city's first, second or third house), at most one house per player
//! per city and as many per city as the step number. After each house, plants numbered at most
//! the most cities connected leave the market. After the last player: if someone connected the
//! table's end-of-game count, the final count ranks the players and the game ends; otherwise
//! Step 2 may begin (or Step 3, if its card was drawn) and phase 5 follows.

use super::Phase;
use crate::action::Action;
use crate::error::RuleError;
use crate::event::{Event, PhaseKind, RemovalReason, Standing};
use crate::fixed::FixedList;
use crate::map::{CityId, UNREACHABLE};
use crate::market::DrawContext;
use crate::state::{rank_standings, PlayerState, Sink, State, HOUSES};
use crate::tables::house_price;
use engine::Seat;

/// Why `seat` may not take `action` now, if it may not.
pub(crate) fn check(s: &State, seat: Seat, action: &Action) -> Result<(), RuleError> {
    match *action {
        Action::Build { city } => s.build_cost(seat, city).map(|_| ()),
        Action::Done => Ok(()),
        _ => Err(s.not_now(action, "build in a city or say done")),
    }
}

/// Whether seat `seat` (`me`) may build in the city with local index `local`, where `occupied`
/// houses stand, and what it costs: (connection, place). [`State::build_cost`] asks this.
fn cost_at(
    s: &State,
    seat: usize,
    me: &PlayerState,
    local: usize,
    occupied: u8,
) -> Result<(u32, u32), RuleError> {
    let city = || CityId::from_local(s.core.map, local);
    if me.houses & (1 << local) != 0 {
        return Err(RuleError::AlreadyBuilt { city: city() });
    }
    if me.cities() >= HOUSES {
        return Err(RuleError::NoHousesLeft);
    }
    if occupied >= s.core.step {
        return Err(RuleError::CityFull {
            city: city(),
            step: s.core.step,
            limit: s.core.step,
        });
    }
    price_at(s, seat, me.money, local, occupied)
}

/// What a house in the city with local index `local`, where `occupied` houses stand, costs
/// seat `seat` holding `money`: (connection, place), or why it cannot reach or pay for it. The
/// check ([`cost_at`]) and the legal list both price houses here.
fn price_at(
    s: &State,
    seat: usize,
    money: u32,
    local: usize,
    occupied: u8,
) -> Result<(u32, u32), RuleError> {
    let connection = s.reach[seat][local];
    if connection == UNREACHABLE {
        return Err(RuleError::Unreachable {
            city: CityId::from_local(s.core.map, local),
        });
    }
    let (connection, place) = (u32::from(connection), house_price(occupied));
    if connection + place > money {
        return Err(RuleError::NotEnoughMoney {
            cost: connection + place,
            money,
        });
    }
    Ok((connection, place))
}

impl State {
    /// What it costs `seat` to build in `city` now: (connection, place).
    ///
    /// # Errors
    /// Why the player cannot build there now (phase aside).
    pub fn build_cost(&self, seat: Seat, city: CityId) -> Result<(u32, u32), RuleError> {
        let Some(me) = self.core.seats.get(seat.index()) else {
            return Err(RuleError::NoSuchSeat { seat });
        };
        if !self.board.in_play(city) {
            return Err(RuleError::CityNotInPlay { city });
        }
        cost_at(self, seat.index(), me, city.local(), self.houses_in(city))
    }
}

/// Every legal action of `seat`: each city it may build in now, and done.
pub(crate) fn legal(s: &State, seat: Seat, out: &mut Vec<Action>) {
    let me = &s.core.seats[seat.index()];
    if me.cities() < HOUSES {
        // Bit sets of the cities with at least one, two and three houses.
        let (mut one, mut two, mut three) = (0u64, 0u64, 0u64);
        for p in &s.core.seats {
            three |= two & p.houses;
            two |= one & p.houses;
            one |= p.houses;
        }
        // The place rules of `cost_at` as bit sets (no house where the player has one or where
        // the step's limit is reached; houses left checked above), then the price from the
        // same `price_at` as the check. The legal lists are nearly half the time of a random
        // game (docs/benchmarks.md, Rules engines).
        let full = [one, two, three][usize::from(s.core.step.clamp(1, 3)) - 1];
        let mut open = s.board.in_play & !me.houses & !full;
        while open != 0 {
            let local = open.trailing_zeros() as usize;
            open &= open - 1;
            let occupied = [one, two, three]
                .iter()
                .map(|set| (set >> local) as u8 & 1)
                .sum();
            if price_at(s, seat.index(), me.money, local, occupied).is_ok() {
                out.push(Action::Build {
                    city: CityId::from_local(s.core.map, local),
                });
            }
        }
    }
    out.push(Action::Done);
}

/// Carries out an action [`check`] accepted.
pub(crate) fn apply<S: Sink>(s: &mut State, seat: Seat, cursor: u8, action: &Action, log: &mut S) {
    match *action {
        Action::Build { city } => {
            let Ok((connection, place)) = s.build_cost(seat, city) else {
                return;
            };
            let (si, local) = (seat.index(), city.local());
            let me = &mut s.core.seats[si];
            let first = me.houses == 0;
            me.houses |= 1 << local;
            me.money -= connection + place;
            let row = &mut s.reach[si];
            let dist = &s.board.dist[local];
            if first {
                *row = *dist;
            } else {
                for (r, &d) in row.iter_mut().zip(dist.iter()) {
                    *r = (*r).min(d);
                }
            }
            log.emit(|| Event::Built {
                seat,
                city,
                connection,
                place,
            });
            s.remove_small_plants(DrawContext::Building, log);
        }
        Action::Done => {
            log.emit(|| Event::TurnEnded {
                seat,
                phase: PhaseKind::Building,
            });
            if cursor + 1 < s.core.players {
                s.core.phase = Phase::Building { cursor: cursor + 1 };
            } else {
                end(s, log);
            }
        }
        // Refused by `check`.
        _ => {}
    }
}

/// The end of phase 4: the game's end, or Step 2 (and a pending Step 3), then phase 5.
fn end<S: Sink>(s: &mut State, log: &mut S) {
    let rules = s.rules();
    let most = s.most_cities();
    if most >= rules.end_cities {
        final_count(s, log);
        return;
    }
    if s.core.step == 1 && most >= rules.step2_cities {
        s.core.step = 2;
        log.emit(|| Event::StepStarted { step: 2 });
        s.remove_lowest(RemovalReason::Step2, log);
        s.draw(DrawContext::Building, log);
        s.remove_small_plants(DrawContext::Building, log);
    }
    if s.core.step3_pending {
        s.begin_step3(log);
    }
    s.core.phase = Phase::Bureaucracy { cursor: 0 };
    log.emit(|| Event::PhaseStarted {
        phase: PhaseKind::Bureaucracy,
    });
}

/// The final count: cities each player can power now, then money, then cities connected.
fn final_count<S: Sink>(s: &mut State, log: &mut S) {
    let mut standings: FixedList<Standing, 6> = (0..s.core.players)
        .map(|i| {
            let seat = Seat(i);
            let best = s.best_power(seat);
            let p = &s.core.seats[seat.index()];
            Standing {
                seat,
                rank: 0,
                cities_powered: best.cities,
                money: p.money,
                cities: p.cities(),
                plants_run: best.plants,
            }
        })
        .collect();
    rank_standings(&mut standings);
    s.core.phase = Phase::Over { standings };
    let standings = standings.to_vec();
    log.emit(|| Event::GameEnded { standings });
}
