//! The last round: which round ends the game, how many cities a seat can still power at the
//! final count, and the cheapest fuel and houses that get it there.
//!
//! Decisions:
//! - **The final round is foreseeable.** The game ends after the building phase in which a
//!   player connects the game-end count, and everything that decides whether a player can do so
//!   is public: its cities, the board, and its money (announced with every payment, kept by
//!   [`Memory`](powergrid::Memory)). A round is taken as the last ([`Ctx::final_round`]) once a
//!   player has connected the count, or when a rival still to build this round can pay for the
//!   houses that take it there (cheapest first from its network, [`Ctx::houses_cost`]): the
//!   panel's builders and the heuristic both end a game they can end when it is close.
//! - **Money has no value at the end** but as the last tie-break. What counts is the cities a
//!   seat powers at the final count: the fewer of its connected cities and the cities the fuel it
//!   holds runs. [`Ctx::final_reach`] is the most cities a seat can get to with its money,
//!   buying the cheapest fuel the market holds for a set of its plants ([`Ctx::fuel_for`]) and
//!   the cheapest houses for the cities it lacks; every bot that knows the round is the last
//!   spends towards it.
//! - The helpers read only a seat's view, like every bot; the regret finder of the `sim` crate
//!   drives alternative final rounds through [`fuel_toward`] and [`build_toward`].

use super::heuristic::{largest_purchase, Ctx};
use powergrid::plants::FuelNeeds;
use powergrid::resources::market_price;
use powergrid::{house_price, Action, ByResource, CityId, PlantId, PlayerView, Resource, View};

/// Cities a rival builds beyond its plants' capacity, as far as foreseeing the end goes (see
/// [`Ctx::final_round`]).
const END_SLACK: u32 = 1;

/// The cheapest purchase found by [`Ctx::fuel_for`]: its price and the tokens to buy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Purchase {
    /// Elektro the tokens cost at the market's prices.
    pub cost: u32,
    /// Tokens of each resource to buy.
    pub tokens: ByResource<u8>,
}

/// How far a seat can get at the final count: cities powered, and what the fuel costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Cities it powers at the final count.
    pub cities: u32,
    /// The fuel it buys for them.
    pub fuel: Purchase,
}

impl Ctx<'_> {
    /// The cheapest purchase from `market` with which some of `plants`, holding `held`, power
    /// at least `target` cities; `None` when the market cannot fuel that many.
    pub(crate) fn fuel_for(
        plants: &[PlantId],
        held: ByResource<u8>,
        market: ByResource<u8>,
        target: u32,
    ) -> Option<Purchase> {
        if target == 0 {
            return Some(Purchase::default());
        }
        let n = plants.len().min(8);
        let mut best: Option<Purchase> = None;
        for mask in 1u32..(1 << n) {
            let needs = FuelNeeds::of((0..n).filter(|i| mask & (1 << i) != 0).map(|i| plants[i]));
            if u32::from(needs.cities) < target {
                continue;
            }
            for coal in 0..=needs.hybrid {
                let want = ByResource {
                    coal: needs.coal + coal,
                    oil: needs.oil + needs.hybrid - coal,
                    garbage: needs.garbage,
                    uranium: needs.uranium,
                };
                let tokens = ByResource::from_fn(|r| want[r].saturating_sub(held[r]));
                let cost = Resource::ALL
                    .iter()
                    .map(|&r| market_price(r, market[r], tokens[r]))
                    .sum::<Option<u32>>();
                if let Some(cost) = cost {
                    let key = (cost, tokens.total());
                    if best.is_none_or(|b| key < (b.cost, b.tokens.total())) {
                        best = Some(Purchase { cost, tokens });
                    }
                }
            }
        }
        best
    }

    /// The cumulative cost of connecting up to `n` more cities to `player`'s network, each the
    /// cheapest open city from the network as it grows (entry `k` is the cost of `k` cities;
    /// shorter when the board runs out of room).
    pub(crate) fn houses_cost(&self, player: &PlayerView, n: u32) -> Vec<u32> {
        let mut network: Vec<CityId> = player.cities.clone();
        let mut total = vec![0u32];
        let room = u32::from(self.view.step);
        for _ in 0..n.min(u32::from(player.houses_left)) {
            let next = self
                .board
                .cities()
                .filter(|c| !network.contains(c))
                .filter_map(|c| {
                    let houses = self.houses_in(c);
                    if houses >= room {
                        return None;
                    }
                    let connection = if network.is_empty() {
                        0
                    } else {
                        network
                            .iter()
                            .filter_map(|&m| self.board.distance(m, c))
                            .min()
                            .map(u32::from)?
                    };
                    Some((connection + house_price(houses as u8), c))
                })
                .min();
            let Some((cost, city)) = next else { break };
            network.push(city);
            total.push(total.last().copied().unwrap_or(0) + cost);
        }
        total
    }

    /// The most cities the viewer can power at the final count with `money`, `plants` and the
    /// fuel it holds, buying fuel from `market` and the houses it lacks (see the module docs).
    pub(crate) fn final_reach(
        &self,
        plants: &[PlantId],
        money: u32,
        market: ByResource<u8>,
    ) -> Reach {
        let held = self.me.resources;
        let cities = self.cities();
        let capacity = Ctx::capacity(plants);
        let houses = self.houses_cost(self.me, capacity.saturating_sub(cities));
        let mut k = capacity.min(cities + houses.len() as u32 - 1);
        while k > 0 {
            let build = k.saturating_sub(cities) as usize;
            let fuel = Self::fuel_for(plants, held, market, k);
            if let (Some(fuel), Some(&house)) = (fuel, houses.get(build)) {
                if fuel.cost + house <= money {
                    return Reach { cities: k, fuel };
                }
            }
            k -= 1;
        }
        Reach::default()
    }

    /// Whether this round ends the game (see the module docs): a player has connected the
    /// game-end count, or a rival still to build this round can pay for the houses that take it
    /// there. `money` is every seat's money as far as it is known (a seat missing from it is
    /// not expected to end the game).
    pub(crate) fn final_round(&self, money: &[u32]) -> bool {
        let end = u32::from(self.rules.end_cities);
        let building = self.view.phase == powergrid::PhaseKind::Building;
        self.view.players.iter().any(|p| {
            let cities = p.cities.len() as u32;
            if cities >= end {
                return true;
            }
            // Building goes in reverse turn order: a rival that buys before the viewer has
            // built already in this phase.
            if p.seat == self.me.seat || (building && self.buys_before_me(p.seat)) {
                return false;
            }
            let Some(&cash) = money.get(p.seat.index()) else {
                return false;
            };
            // Players build up to about what their plants power: one whose plants fall short
            // of the count by more than [`END_SLACK`] cities does not end the game.
            if Ctx::capacity(&p.plants) + END_SLACK < end {
                return false;
            }
            // Every house costs at least the place price of an empty city.
            if (end - cities) * house_price(0) > cash {
                return false;
            }
            let houses = self.houses_cost(p, end - cities);
            houses.len() as u32 > end - cities
                && houses
                    .get((end - cities) as usize)
                    .is_some_and(|&c| c <= cash)
        })
    }

    /// The next purchase toward fuel for `target` cities from the market as it is (the scarcest
    /// resource first), or `Done` when nothing lacks or nothing more can be bought.
    pub(crate) fn fuel_toward(&self, legal: &[Action], target: u32) -> Action {
        let market = self.view.resource_market;
        let target = target.min(Ctx::capacity(&self.me.plants));
        let purchase = (1..=target)
            .rev()
            .find_map(|k| Self::fuel_for(&self.me.plants, self.me.resources, market, k));
        let Some(purchase) = purchase else {
            return Action::Done;
        };
        let mut order = Resource::ALL;
        order.sort_by_key(|&r| market[r]);
        for r in order {
            let lack = purchase.tokens[r];
            if lack == 0 {
                continue;
            }
            if let Some(amount) = largest_purchase(legal, r, lack) {
                return Action::Buy {
                    resource: r,
                    amount,
                };
            }
        }
        Action::Done
    }

    /// The cheapest legal build while the viewer has fewer than `target` cities and can pay
    /// for it, else `Done`.
    pub(crate) fn build_toward(&self, legal: &[Action], target: u32) -> Action {
        if self.cities() >= target {
            return Action::Done;
        }
        legal
            .iter()
            .filter_map(|a| match *a {
                Action::Build { city } => Some((self.build_cost(city), city)),
                _ => None,
            })
            .min()
            .filter(|&(cost, _)| cost <= self.money)
            .map_or(Action::Done, |(_, city)| Action::Build { city })
    }
}

/// The next purchase toward fuel for `target` cities in `view`'s resource phase (see
/// [`Ctx::fuel_toward`]); `Done` for a view that is not a seat's.
pub fn fuel_toward(view: &View, legal: &[Action], target: u32) -> Action {
    Ctx::new(view).map_or(Action::Done, |ctx| ctx.fuel_toward(legal, target))
}

/// The cheapest build while the seat has fewer than `target` cities (see
/// [`Ctx::build_toward`]); `Done` for a view that is not a seat's.
pub fn build_toward(view: &View, legal: &[Action], target: u32) -> Action {
    Ctx::new(view).map_or(Action::Done, |ctx| ctx.build_toward(legal, target))
}

/// The most cities the seat of `view` can power at the final count with its money, plants and
/// fuel, at the market's prices (see [`Ctx::final_reach`]).
pub fn final_reach(view: &View) -> u32 {
    Ctx::new(view).map_or(0, |ctx| {
        ctx.final_reach(&ctx.me.plants, ctx.money, ctx.view.resource_market)
            .cities
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Viewer;
    use powergrid::{Board, MapId, RegionSet, Setup, State};

    /// Round 1's view for the first seat, with its plants, stored fuel, cities and money set.
    fn view_with(plants: &[PlantId], coal: u8, cities: usize, money: u32) -> View {
        let s = State::new(Setup::new(4, MapId::Germany, 5)).unwrap();
        let me = s.actor().seat().unwrap();
        let mut view = s.view(Viewer::Seat(me));
        let board = Board::get(view.map, RegionSet::of(&view.regions));
        let p = &mut view.players[me.index()];
        p.plants = plants.to_vec();
        p.resources = ByResource::default();
        p.resources.coal = coal;
        p.cities = board.cities().take(cities).collect();
        p.money = Some(money);
        view
    }

    /// The cheapest fuel for a target takes the fewest tokens at the market's lowest prices,
    /// counts the fuel held, and fails when the market cannot fuel the target.
    #[test]
    fn fuel_for_a_target_is_the_cheapest_the_market_holds() {
        // Plant 10: 2 coal, 2 cities; plant 13: wind, 1 city.
        let plants = [PlantId(10), PlantId(13)];
        let market = ByResource {
            coal: 3,
            oil: 0,
            garbage: 0,
            uranium: 0,
        };
        let none = ByResource::default();
        let wind_only = Ctx::fuel_for(&plants, none, market, 1).unwrap();
        assert_eq!(wind_only, Purchase::default());
        let three = Ctx::fuel_for(&plants, none, market, 3).unwrap();
        assert_eq!(three.tokens.coal, 2);
        assert_eq!(three.cost, market_price(Resource::Coal, 3, 2).unwrap());
        let mut held = none;
        held.coal = 1;
        assert_eq!(
            Ctx::fuel_for(&plants, held, market, 3).unwrap().tokens.coal,
            1
        );
        let dry = ByResource { coal: 1, ..market };
        assert_eq!(Ctx::fuel_for(&plants, none, dry, 3), None);
        assert_eq!(Ctx::fuel_for(&plants, none, market, 4), None);
    }

    /// The most cities at the final count: as many as plants, fuel and houses allow for the
    /// money, fewer when money runs short.
    #[test]
    fn the_final_reach_buys_fuel_and_houses_with_the_money() {
        let plants = [PlantId(10), PlantId(13)];
        let rich = view_with(&plants, 0, 1, 200);
        assert_eq!(final_reach(&rich), 3);
        // One city, no money: only the wind plant's city.
        let poor = view_with(&plants, 0, 1, 0);
        assert_eq!(final_reach(&poor), 1);
        // Coal held for plant 10 and three cities: all three powered without spending.
        let stocked = view_with(&plants, 2, 3, 0);
        assert_eq!(final_reach(&stocked), 3);
    }

    /// The round is the last once a player has the game-end count, or when a rival still to
    /// build can pay for the houses that take it there and has plants for about that many
    /// cities; not when its money is unknown or short, or its plants far fewer.
    #[test]
    fn the_final_round_is_foreseen_from_cities_and_money() {
        let mut view = view_with(&[PlantId(10)], 0, 2, 50);
        view.phase = powergrid::PhaseKind::Resources;
        let me = match view.viewer {
            Viewer::Seat(s) => s,
            _ => unreachable!(),
        };
        let rival = view.players.iter().position(|p| p.seat != me).unwrap();
        let board = Board::get(view.map, RegionSet::of(&view.regions));
        view.players[rival].cities = board.cities().take(16).collect();
        // Fusion 6, wind 5, hybrid 7: 18 cities.
        view.players[rival].plants = vec![PlantId(44), PlantId(46), PlantId(50)];
        let ctx = Ctx::new(&view).unwrap();
        let mut money = vec![0; view.players.len()];
        assert!(!ctx.final_round(&money));
        assert!(!ctx.final_round(&[]));
        money[rival] = 100;
        assert!(ctx.final_round(&money));
        let mut small = view.clone();
        small.players[rival].plants = vec![PlantId(44), PlantId(50)];
        assert!(!Ctx::new(&small).unwrap().final_round(&money));
        let mut ended = view.clone();
        ended.players[rival].cities = board.cities().take(17).collect();
        assert!(Ctx::new(&ended).unwrap().final_round(&[]));
    }

    /// Toward a target the seat buys the fuel it lacks, then stops; it builds the cheapest
    /// city while short of the target and can pay.
    #[test]
    fn it_buys_and_builds_toward_a_target() {
        let view = view_with(&[PlantId(10), PlantId(13)], 0, 1, 100);
        let legal = [
            Action::Buy {
                resource: Resource::Coal,
                amount: 1,
            },
            Action::Buy {
                resource: Resource::Coal,
                amount: 2,
            },
            Action::Done,
        ];
        let two = Action::Buy {
            resource: Resource::Coal,
            amount: 2,
        };
        assert_eq!(fuel_toward(&view, &legal, 3), two);
        assert_eq!(fuel_toward(&view, &legal, 1), Action::Done);
        let stocked = view_with(&[PlantId(10), PlantId(13)], 2, 1, 100);
        assert_eq!(fuel_toward(&stocked, &legal, 3), Action::Done);
        let board = Board::get(view.map, RegionSet::of(&view.regions));
        let open: Vec<Action> = board
            .cities()
            .skip(10)
            .take(3)
            .map(|city| Action::Build { city })
            .chain([Action::Done])
            .collect();
        assert!(matches!(
            build_toward(&view, &open, 3),
            Action::Build { .. }
        ));
        assert_eq!(build_toward(&view, &open, 1), Action::Done);
        let broke = view_with(&[PlantId(10)], 0, 1, 0);
        assert_eq!(build_toward(&broke, &open, 3), Action::Done);
    }
}
