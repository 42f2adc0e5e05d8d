//! The last round: which round ends the game, how many cities a seat can still power at the
//! final count, and the cheapest fuel and houses that get it there.
//!
//! Decisions:
//! - **The final round is foreseeable.** The game ends after the building phase in which a
//!   player connects the game-end count, and everything that decides whether a player can do so
//!   is public: its cities, the board, and its money (announced with every payment, kept by
//!   [`Memory`](powergrid::Memory)). A round is taken as the last ([`Ctx::final_round`]) once a
//!   player has connected the count, or when a rival still to build this round can pay for the
//!   houses that take it there (cheapest first from its network, [`Ctx::houses_cost`]) and
//!   has plants for about that many cities: the panel's builders and the heuristic both end a
//!   game they can end when it is close. In the auction, a rival that has not bought yet may
//!   first buy the plant that gives it that capacity: the cheapest such plant of the current
//!   market counts, its price (at least its number) taken from the money for the houses.
//!   Foreseen in the auction, the round's plants are priced by the final count (below);
//!   foreseen only after it, the bot would have bought for a game that does not go on.
//! - **Money has no value at the end** but as the last tie-break. What counts is the cities a
//!   seat powers at the final count: the fewer of its connected cities and the cities the fuel it
//!   holds runs. [`Ctx::final_reach`] is the most cities a seat can get to with its money,
//!   buying the cheapest fuel the market holds for a set of its plants ([`FuelOptions`]) and
//!   the cheapest houses for the cities it lacks; every bot that knows the round is the last
//!   spends towards it.
//! - **A plant is priced by the final count.** In the final round's auction the heuristic
//!   values a plant by the cities it lets the bot power at the final count with the money left
//!   after its price ([`Ctx::final_auction`]), not by its long-term value: a plant that adds no
//!   city it can fuel and connect is worth nothing that round, and one that does is worth up to
//!   all the money the houses and fuel do not need. The fuel counted is the market less what
//!   the rivals buying before the bot lack for one run of their plants ([`Ctx::market_left`]):
//!   the leader buys last, and a plant whose fuel will be gone by its turn adds nothing. A full
//!   hand drops the plant whose loss costs the fewest cities at the final count, counted on the
//!   same market ([`Ctx::final_discard`]): a plant bought for fuel the rivals leave is not
//!   dropped for one whose fuel they will take.
//! - **Fuel the rivals may take counts first.** What a rival buying first takes is not known:
//!   a hybrid may burn coal or oil, and a rival may top up a plant it holds fuel for. So the
//!   final round ranks a hand (a plant to buy, a plant to drop) first by the cities it reaches
//!   on the *contested* market, the market less one run of every plant of every rival buying
//!   before the bot, a hybrid's share taken from coal and from oil alike
//!   ([`Ctx::market_contested`]), then by the cities on the expected market above, then by
//!   the money it leaves ([`Ctx::final_key`]). Money is worth nothing at the end: a plant that
//!   still runs when a rival takes the fuel it might is worth buying on the chance. One run,
//!   and only of the plants the rivals hold: two runs, or the fuel of a plant a rival may
//!   still buy this auction, ask for more safety than the markets take away and give up
//!   cities they leave.
//! - **A rival's fuel is the bot's to take.** Resources are bought in reverse turn order, so
//!   in the final round a rival earlier in turn order buys after it. Once its own fuel is
//!   bought, the bot counts, for every rival, the most cities it can power at the final count
//!   with its announced money and the market the bot leaves ([`Ctx::starve`]; a rival that
//!   has bought counts its held fuel). When one of them would beat it, the bot buys the
//!   cheapest amount of one resource after which none does (it may store what its plants can
//!   hold, and needs the money for its own houses and the tie-break): tokens in its storage
//!   are tokens the rival cannot burn. With no such purchase it keeps its money. Over a third
//!   of the heuristic's losses to green ended with the bot connecting the end count itself, in
//!   a round a rival still to build would have ended anyway, that rival then powering more
//!   cities or as many with more money. Holding the count back loses more games than it
//!   saves; taking that rival's fuel is what the bot can still do.
//! - The helpers read only a seat's view, like every bot; the regret finder of the `sim` crate
//!   drives alternative final rounds through [`fuel_toward`] and [`build_toward`].

use super::heuristic::{largest_purchase, spec, Ctx};
use powergrid::map::CITIES_PER_MAP;
use powergrid::plants::FuelNeeds;
use powergrid::resources::{market_price, offered_prices};
use powergrid::{house_price, Action, ByResource, CityId, PlantId, PlayerView, Resource, View};

/// Cities a rival builds beyond its plants' capacity, as far as foreseeing the end goes (see
/// [`Ctx::final_round`]).
const END_SLACK: u32 = 2;

/// The cheapest purchase found by [`FuelOptions::cheapest`]: its price and the tokens to buy.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Purchase {
    /// Elektro the tokens cost at the market's prices.
    pub cost: u32,
    /// Tokens of each resource to buy.
    pub tokens: ByResource<u8>,
}

/// How the final round ranks a hand ([`Ctx::final_key`]): cities on the contested market,
/// cities on the expected one, and the least spent.
type FinalKey = (u32, u32, std::cmp::Reverse<u32>);

/// How far a seat can get at the final count: cities powered, and what the fuel costs.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Reach {
    /// Cities it powers at the final count.
    pub cities: u32,
    /// The fuel it buys for them.
    pub fuel: Purchase,
    /// What the fuel and the houses cost.
    pub spent: u32,
}

impl Reach {
    /// Ranks reaches: the most cities, then the least spent.
    fn key(&self) -> (u32, std::cmp::Reverse<u32>) {
        (self.cities, std::cmp::Reverse(self.spent))
    }
}

/// Every purchase from a market that runs some of a hand's plants: for each set of the plants
/// (and each split of the hybrids' share between coal and oil), the cities they power and what
/// their missing fuel costs. Built once per hand and market, it answers for every target and
/// for the hand less any one plant.
struct FuelOptions {
    /// The set (one bit per plant of the hand), the cities it powers and the purchase, in the
    /// order the sets are listed (by bit mask, then coal for the hybrids from none to all): the
    /// first cheapest wins ties.
    options: Vec<(u32, u32, Purchase)>,
}

impl FuelOptions {
    fn new(plants: &[PlantId], held: ByResource<u8>, market: ByResource<u8>) -> FuelOptions {
        let n = plants.len().min(8);
        // The needs of every set, each from the set less its lowest plant; and the price of
        // the cheapest `k` tokens of each resource, looked up rather than summed per set.
        let mut needs = [FuelNeeds::default(); 1 << 8];
        let single: Vec<FuelNeeds> = plants[..n].iter().map(|&p| FuelNeeds::of([p])).collect();
        let prices = ByResource::from_fn(|r| cumulative_prices(r, market[r]));
        let price = |table: &[Option<u32>; 25], k: u8| table.get(usize::from(k)).copied()?;
        let mut options = Vec::with_capacity(4 << n);
        for mask in 1usize..(1 << n) {
            let mut set = needs[mask & (mask - 1)];
            set.add(&single[mask.trailing_zeros() as usize]);
            needs[mask] = set;
            for coal in 0..=set.hybrid {
                let tokens = ByResource {
                    coal: (set.coal + coal).saturating_sub(held.coal),
                    oil: (set.oil + set.hybrid - coal).saturating_sub(held.oil),
                    garbage: set.garbage.saturating_sub(held.garbage),
                    uranium: set.uranium.saturating_sub(held.uranium),
                };
                let cost = || {
                    Some(
                        price(&prices.coal, tokens.coal)?
                            + price(&prices.oil, tokens.oil)?
                            + price(&prices.garbage, tokens.garbage)?
                            + price(&prices.uranium, tokens.uranium)?,
                    )
                };
                if let Some(cost) = cost() {
                    options.push((
                        mask as u32,
                        u32::from(set.cities),
                        Purchase { cost, tokens },
                    ));
                }
            }
        }
        FuelOptions { options }
    }

    /// The cheapest purchase powering at least `target` cities (then the fewest tokens, then
    /// the first listed); `None` when none does.
    fn cheapest(&self, target: u32) -> Option<Purchase> {
        self.cheapest_without(target, None)
    }

    /// [`FuelOptions::cheapest`] for the hand without its plant at `index`, if any: the same
    /// answer as the options of that smaller hand would give, since dropping a bit from every
    /// mask keeps their order.
    fn cheapest_without(&self, target: u32, index: Option<usize>) -> Option<Purchase> {
        let skip = index.map_or(0, |i| 1u32.checked_shl(i as u32).unwrap_or(0));
        let mut best: Option<Purchase> = None;
        for &(mask, cities, p) in &self.options {
            if mask & skip == 0
                && cities >= target
                && best.is_none_or(|b| (p.cost, p.tokens.total()) < (b.cost, b.tokens.total()))
            {
                best = Some(p);
            }
        }
        best
    }
}

/// The price of the cheapest `k` tokens of `r` when the market holds `in_market`, for every `k`
/// up to 24 ([`market_price`], `None` where the market holds fewer).
fn cumulative_prices(r: Resource, in_market: u8) -> [Option<u32>; 25] {
    let mut out = [None; 25];
    if in_market <= r.total() {
        out[0] = Some(0);
        let mut sum = 0;
        for (k, &p) in offered_prices(r, in_market).iter().enumerate().take(24) {
            sum += u32::from(p);
            out[k + 1] = Some(sum);
        }
    }
    out
}

impl Ctx<'_> {
    /// The cumulative cost of connecting up to `n` more cities to `player`'s network, each the
    /// cheapest open city from the network as it grows (entry `k` is the cost of `k` cities;
    /// shorter when the board runs out of room).
    pub(crate) fn houses_cost(&self, player: &PlayerView, n: u32) -> Vec<u32> {
        self.houses_cost_within(player, n, u32::MAX)
    }

    /// [`Ctx::houses_cost`], stopping before the first entry over `most`: for a caller that
    /// only asks whether some number of houses is affordable.
    fn houses_cost_within(&self, player: &PlayerView, n: u32, most: u32) -> Vec<u32> {
        // Per city of the map by local index: whether it is open (in play, not the player's,
        // room left in this step), its place price, and its connection cost from the network
        // (`u16::MAX`: unreachable), relaxed a row of the distance table at a time: the
        // heuristic asks this for every rival close to the end at most of its decisions.
        const NONE: u16 = u16::MAX;
        let mut mine = 0u64;
        for c in &player.cities {
            mine |= 1 << c.local();
        }
        let mut open = self.room & self.board.in_play_set() & !mine;
        let mut place = [0u32; CITIES_PER_MAP];
        let mut bits = open;
        while bits != 0 {
            let i = bits.trailing_zeros() as usize;
            bits &= bits - 1;
            place[i] = house_price(self.houses[i]);
        }
        // A player with no city connects its first anywhere for free, the next from it.
        let mut anywhere = player.cities.is_empty();
        let mut connection = [if anywhere { 0 } else { NONE }; CITIES_PER_MAP];
        let relax = |connection: &mut [u16; CITIES_PER_MAP], from: CityId| {
            for (c, &d) in connection.iter_mut().zip(self.board.distance_row(from)) {
                *c = (*c).min(d);
            }
        };
        for &m in &player.cities {
            relax(&mut connection, m);
        }
        let mut total = vec![0u32];
        for _ in 0..n.min(u32::from(player.houses_left)) {
            // The cheapest open city, ties to the lowest id (local indices ascend with ids).
            let mut next: Option<(u32, usize)> = None;
            let mut bits = open;
            while bits != 0 {
                let i = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                if connection[i] != NONE {
                    let cost = u32::from(connection[i]) + place[i];
                    if next.is_none_or(|(best, _)| cost < best) {
                        next = Some((cost, i));
                    }
                }
            }
            let Some((cost, i)) = next else { break };
            let Some(city) = self.board.city_in_play(i) else {
                break;
            };
            let sum = total.last().copied().unwrap_or(0) + cost;
            if sum > most {
                break;
            }
            open &= !(1 << i);
            if anywhere {
                connection = [NONE; CITIES_PER_MAP];
                anywhere = false;
            }
            relax(&mut connection, city);
            total.push(sum);
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
        let capacity = Ctx::capacity(plants);
        let houses = self.houses_cost(self.me, capacity.saturating_sub(self.cities()));
        self.reach_with(plants, money, market, &houses)
    }

    /// [`Ctx::final_reach`] with the cumulative cost of the viewer's next houses given
    /// ([`Ctx::houses_cost`]), for a caller comparing many hands.
    fn reach_with(
        &self,
        plants: &[PlantId],
        money: u32,
        market: ByResource<u8>,
        houses: &[u32],
    ) -> Reach {
        let options = FuelOptions::new(plants, self.me.resources, market);
        reach_over(
            self.cities(),
            Ctx::capacity(plants),
            &options,
            None,
            money,
            houses,
        )
    }

    /// The final round's fuel denial (see the module docs): once the viewer holds its own
    /// fuel, the cheapest purchase of one resource after which it beats every rival at the
    /// final count, when without it some rival would beat it; `None` when none would, or when
    /// no such purchase exists. `money` is every seat's money as far as it is known (a seat
    /// missing from it is taken to afford anything).
    pub(crate) fn starve(&self, legal: &[Action], money: &[u32]) -> Option<Action> {
        let market = self.view.resource_market;
        // The houses each seat lacks, and the viewer's own fuel, do not depend on the
        // purchase weighed: counted once.
        let houses = |p: &PlayerView| {
            let lack = Ctx::capacity(&p.plants).saturating_sub(p.cities.len() as u32);
            self.houses_cost(p, lack)
        };
        let my_houses = houses(self.me);
        let held = FuelOptions::new(&self.me.plants, self.me.resources, ByResource::default());
        let rivals: Vec<(&PlayerView, u32, Vec<u32>)> = self
            .view
            .players
            .iter()
            .filter(|p| p.seat != self.me.seat)
            .map(|p| {
                let cash = money.get(p.seat.index()).copied().unwrap_or(u32::MAX / 2);
                (p, cash, houses(p))
            })
            .collect();
        // Whether the viewer, after spending `cost` on tokens that leave `left` in the market,
        // beats every rival at the final count: more cities powered, or as many with more
        // money left. A rival that has bought its fuel already buys nothing more.
        let wins = |cost: u32, left: ByResource<u8>| {
            let Some(cash) = self.money.checked_sub(cost) else {
                return false;
            };
            let capacity = Ctx::capacity(&self.me.plants);
            let mine = reach_over(self.cities(), capacity, &held, None, cash, &my_houses);
            let mine_left = cash.saturating_sub(mine.spent);
            rivals.iter().all(|&(p, theirs_cash, ref theirs_houses)| {
                let seen = if self.buys_before_me(p.seat) {
                    ByResource::default()
                } else {
                    left
                };
                let options = FuelOptions::new(&p.plants, p.resources, seen);
                let capacity = Ctx::capacity(&p.plants);
                let cities = p.cities.len() as u32;
                let theirs =
                    reach_over(cities, capacity, &options, None, theirs_cash, theirs_houses);
                let theirs_left = theirs_cash.saturating_sub(theirs.spent);
                mine.cities > theirs.cities
                    || (mine.cities == theirs.cities && mine_left > theirs_left)
            })
        };
        if wins(0, market) {
            return None;
        }
        legal
            .iter()
            .filter_map(|a| match *a {
                Action::Buy { resource, amount } => {
                    let cost = market_price(resource, market[resource], amount)?;
                    let mut left = market;
                    left[resource] = left[resource].saturating_sub(amount);
                    wins(cost, left).then_some((cost, amount, *a))
                }
                _ => None,
            })
            .min_by_key(|&(cost, amount, _)| (cost, amount))
            .map(|(_, _, a)| a)
    }
}

/// The most cities a seat with `cities` connected can power at the final count: the largest
/// target up to `capacity` (what its plants, the one at `without` left out, can power) whose
/// fuel (from `options`) and houses (`houses`, cumulative) `money` pays for.
fn reach_over(
    cities: u32,
    capacity: u32,
    options: &FuelOptions,
    without: Option<usize>,
    money: u32,
    houses: &[u32],
) -> Reach {
    let mut k = capacity.min(cities + houses.len().saturating_sub(1) as u32);
    while k > 0 {
        let build = k.saturating_sub(cities) as usize;
        let fuel = options.cheapest_without(k, without);
        if let (Some(fuel), Some(&house)) = (fuel, houses.get(build)) {
            if fuel.cost + house <= money {
                return Reach {
                    cities: k,
                    fuel,
                    spent: fuel.cost + house,
                };
            }
        }
        k -= 1;
    }
    Reach::default()
}

impl Ctx<'_> {
    /// The market the viewer can expect to buy from in this round's resource phase, seen from
    /// its auction: the market now, less the fuel the rivals buying before it (later in turn
    /// order) lack for one run of their plants, their stored fuel counted (a hybrid's share
    /// taken from whichever of coal and oil the market holds more of).
    pub(crate) fn market_left(&self) -> ByResource<u8> {
        let mut left = self.view.resource_market;
        for p in self.rivals_buying_first() {
            let needs = FuelNeeds::of(p.plants.iter().copied());
            let held = p.resources;
            let take = |left: &mut u8, want: u8| *left = left.saturating_sub(want);
            take(&mut left.coal, needs.coal.saturating_sub(held.coal));
            take(&mut left.oil, needs.oil.saturating_sub(held.oil));
            take(
                &mut left.garbage,
                needs.garbage.saturating_sub(held.garbage),
            );
            take(
                &mut left.uranium,
                needs.uranium.saturating_sub(held.uranium),
            );
            let spare = held.coal.saturating_sub(needs.coal) + held.oil.saturating_sub(needs.oil);
            let hybrid = needs.hybrid.saturating_sub(spare);
            if left.coal >= left.oil {
                take(&mut left.coal, hybrid);
            } else {
                take(&mut left.oil, hybrid);
            }
        }
        left
    }

    /// The market the viewer may find in this round's resource phase if the rivals buying
    /// before it (later in turn order) each top up one run of every plant they hold: a
    /// hybrid's share counted against both coal and oil, since either may be the one it
    /// takes. The final round's plants are ranked first by the cities they reach on this
    /// market (see the module docs).
    pub(crate) fn market_contested(&self) -> ByResource<u8> {
        let mut left = self.view.resource_market;
        for p in self.rivals_buying_first() {
            let needs = FuelNeeds::of(p.plants.iter().copied());
            let want = ByResource {
                coal: needs.coal + needs.hybrid,
                oil: needs.oil + needs.hybrid,
                garbage: needs.garbage,
                uranium: needs.uranium,
            };
            for r in Resource::ALL {
                left[r] = left[r].saturating_sub(want[r].saturating_sub(p.resources[r]));
            }
        }
        left
    }

    /// How the final round ranks a hand (see the module docs): the cities `reach` gets to on
    /// the contested market, then on the expected one, then the least spent on the expected
    /// one.
    fn final_key<M: PartialEq>(reach: impl Fn(M) -> Reach, contested: M, expected: M) -> FinalKey {
        // When the rivals buying first lack nothing a hybrid could take either way, the two
        // markets are one and the reach is worked out once.
        let same = contested == expected;
        let likely = reach(expected);
        let sure = if same { likely } else { reach(contested) };
        (sure.cities, likely.cities, std::cmp::Reverse(likely.spent))
    }

    /// The viewer's reach at the final count if it bought `plant` for `price` (see the module
    /// docs): with a full hand, the plant it would discard is the one whose loss costs least.
    fn reach_buying(
        &self,
        plant: PlantId,
        price: u32,
        market: ByResource<u8>,
        houses: &[u32],
    ) -> Reach {
        let Some(money) = self.money.checked_sub(price) else {
            return Reach::default();
        };
        let mut hand = self.me.plants.clone();
        hand.push(plant);
        if hand.len() <= usize::from(self.rules.max_plants) {
            let reach = self.reach_with(&hand, money, market, houses);
            return Reach {
                spent: reach.spent + price,
                ..reach
            };
        }
        let options = FuelOptions::new(&hand, self.me.resources, market);
        let capacity = Ctx::capacity(&hand);
        let best = (0..hand.len())
            .filter(|&i| hand[i] != plant)
            .map(|i| {
                let kept = capacity - u32::from(spec(hand[i]).cities);
                reach_over(self.cities(), kept, &options, Some(i), money, houses)
            })
            .max_by_key(Reach::key)
            .unwrap_or_default();
        Reach {
            spent: best.spent + price,
            ..best
        }
    }

    /// The final round's discard: the plant whose loss leaves the hand [`Ctx::final_key`] ranks
    /// highest (the most cities at the final count on the contested market, then on
    /// [`Ctx::market_left`], then the most money), as in the auction that bought the plant; the
    /// bot's usual discard breaks ties.
    pub(crate) fn final_discard(&self, legal: &[Action]) -> Option<Action> {
        let mut hand = self.me.plants.clone();
        if let Some((_, plant)) = self.view.pending_discard {
            if !hand.contains(&plant) {
                hand.push(plant);
            }
        }
        let houses = self.houses_cost(self.me, Ctx::capacity(&hand).saturating_sub(self.cities()));
        let (left, contested) = (self.market_left(), self.market_contested());
        let expected_options = FuelOptions::new(&hand, self.me.resources, left);
        let contested_options = FuelOptions::new(&hand, self.me.resources, contested);
        let capacity = Ctx::capacity(&hand);
        let reach = |plant: PlantId| {
            let index = hand.iter().position(|&p| p == plant);
            let kept = capacity - index.map_or(0, |_| u32::from(spec(plant).cities));
            let on = |market: ByResource<u8>| {
                let options = if market == left {
                    &expected_options
                } else {
                    &contested_options
                };
                reach_over(self.cities(), kept, options, index, self.money, &houses)
            };
            Ctx::final_key(on, contested, left)
        };
        let best = legal
            .iter()
            .filter_map(|a| match *a {
                Action::Discard { plant, .. } => Some(reach(plant)),
                _ => None,
            })
            .max()?;
        let tied: Vec<Action> = legal
            .iter()
            .copied()
            .filter(|a| matches!(*a, Action::Discard { plant, .. } if reach(plant) == best))
            .collect();
        self.discard_least_fuelled(&tied)
    }

    /// The final round's auction (see the module docs): a plant is worth the cities it adds at
    /// the final count, with the money left after its price for fuel and houses, ranked by
    /// [`Ctx::final_key`] (the contested market first). The bot opens the best-ranked plant
    /// when it reaches more cities than the hand without one (on the contested market, or as
    /// many there and more on the expected one), raises a running auction while the next bid
    /// still does and no other plant of the market would rank higher at its minimum price (its
    /// own turn to open still to come), and otherwise passes.
    pub(crate) fn final_auction(&self, legal: &[Action]) -> Option<Action> {
        let (contested, expected) = (self.market_contested(), self.market_left());
        let capacity = Ctx::capacity(&self.me.plants) + 7;
        let houses = self.houses_cost(self.me, capacity.saturating_sub(self.cities()));
        let key =
            |reach: &dyn Fn(ByResource<u8>) -> Reach| Ctx::final_key(reach, contested, expected);
        let without = key(&|m| self.reach_with(&self.me.plants, self.money, m, &houses));
        let opening =
            |plant: PlantId| key(&|m| self.reach_buying(plant, u32::from(plant.0), m, &houses));
        // More cities: on the contested market, or as many there and more on the expected one;
        // never only less money spent.
        let adds = |k: &FinalKey| (k.0, k.1) > (without.0, without.1);
        if let Some(a) = &self.view.auction {
            let next = a.high_bid + 1;
            let with = key(&|m| self.reach_buying(a.plant, next, m, &houses));
            let my_turn_comes =
                a.starter != self.me.seat && !self.view.auction_done.contains(&self.me.seat);
            let better_later = || {
                my_turn_comes
                    && self
                        .view
                        .current_market
                        .iter()
                        .filter(|&&p| p != a.plant)
                        .any(|&p| opening(p) > with)
            };
            let raise = adds(&with) && !better_later();
            let bid = Action::Bid { amount: next };
            return Some(if raise && legal.contains(&bid) {
                bid
            } else {
                Action::Pass
            });
        }
        let best = legal
            .iter()
            .filter_map(|a| match *a {
                Action::StartAuction { plant, bid } if bid == u32::from(plant.0) => {
                    Some((opening(plant), *a))
                }
                _ => None,
            })
            .max_by_key(|&(key, _)| key);
        let may_pass = legal.contains(&Action::Pass);
        match best {
            Some((key, a)) if adds(&key) || !may_pass => Some(a),
            _ => Some(Action::Pass),
        }
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
            // of the count by more than [`END_SLACK`] cities does not end the game, unless a
            // plant it can still buy this round closes the gap (the money that plant costs
            // then no longer pays for houses).
            let Some(cash) = self.end_budget(p, cash, end) else {
                return false;
            };
            // Every house costs at least the place price of an empty city.
            if (end - cities) * house_price(0) > cash {
                return false;
            }
            let houses = self.houses_cost_within(p, end - cities, cash);
            houses.len() as u32 > end - cities
                && houses
                    .get((end - cities) as usize)
                    .is_some_and(|&c| c <= cash)
        })
    }

    /// The money `player` has for houses once it holds plants for the game-end count `end`
    /// less [`END_SLACK`]: all of `cash` if its plants already do; in the auction, before it
    /// has bought, `cash` less the cheapest current-market plant that gets it there (at the
    /// least it can cost: its number, or the bid that wins it if it is on auction; a full hand
    /// drops its smallest plant); `None` if neither.
    fn end_budget(&self, player: &PlayerView, cash: u32, end: u32) -> Option<u32> {
        if Ctx::capacity(&player.plants) + END_SLACK >= end {
            return Some(cash);
        }
        let buying = self.view.phase == powergrid::PhaseKind::Auction
            && !self.view.auction_done.contains(&player.seat);
        if !buying {
            return None;
        }
        let full = player.plants.len() >= usize::from(self.rules.max_plants);
        let held = Ctx::capacity(&player.plants);
        let smallest = player
            .plants
            .iter()
            .map(|&h| u32::from(spec(h).cities))
            .min();
        self.view
            .current_market
            .iter()
            .filter(|&&q| {
                let added = u32::from(spec(q).cities);
                let dropped = match smallest {
                    Some(least) if full => least.min(added),
                    _ => 0,
                };
                held + added - dropped + END_SLACK >= end
            })
            .filter_map(|&q| match &self.view.auction {
                // The plant on auction costs at least the next bid, or the high bid to the
                // seat holding it, and nothing can buy it for a seat that has dropped out.
                Some(a) if a.plant == q => {
                    if a.high_bidder == player.seat {
                        Some(a.high_bid)
                    } else if a.bidders.contains(&player.seat) {
                        Some(a.high_bid + 1)
                    } else {
                        None
                    }
                }
                _ => Some(u32::from(q.0)),
            })
            .filter(|&price| price <= cash)
            .min()
            .map(|price| cash - price)
    }

    /// The next purchase toward fuel for `target` cities from the market as it is (the scarcest
    /// resource first), or `Done` when nothing lacks or nothing more can be bought.
    pub(crate) fn fuel_toward(&self, legal: &[Action], target: u32) -> Action {
        let market = self.view.resource_market;
        let target = target.min(Ctx::capacity(&self.me.plants));
        let options = FuelOptions::new(&self.me.plants, self.me.resources, market);
        let purchase = (1..=target).rev().find_map(|k| options.cheapest(k));
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
    use crate::powergrid::Heuristic;
    use engine::{Seat, Viewer};
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

    /// The options as their definition lists them: every set of the hand by mask, its needs
    /// summed, each split of the hybrids' share, priced token by token.
    fn fuel_options_plainly(
        plants: &[PlantId],
        held: ByResource<u8>,
        market: ByResource<u8>,
    ) -> Vec<(u32, u32, Purchase)> {
        let n = plants.len().min(8);
        let mut options = Vec::new();
        for mask in 1u32..(1 << n) {
            let needs = FuelNeeds::of((0..n).filter(|i| mask & (1 << i) != 0).map(|i| plants[i]));
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
                    options.push((mask, u32::from(needs.cities), Purchase { cost, tokens }));
                }
            }
        }
        options
    }

    /// A random hand of `size` plants, a store and a market: per resource (coal, oil, garbage,
    /// uranium), `most` gives the most tokens in the market and in the store.
    fn random_fuel_case(
        rng: &mut rand_pcg::Pcg64,
        size: usize,
        most: [(u64, u64); 4],
    ) -> (Vec<PlantId>, ByResource<u8>, ByResource<u8>) {
        use rand_core::RngCore;
        let mut upto = |n: u64| (rng.next_u64() % (n + 1)) as u8;
        let hand = (0..size)
            .map(|_| PlantId(powergrid::plants::PLANTS[usize::from(upto(41))].number))
            .collect();
        let mut held = ByResource::default();
        let mut market = ByResource::default();
        for (r, (in_market, in_store)) in Resource::ALL.into_iter().zip(most) {
            market[r] = upto(in_market);
            held[r] = upto(in_store);
        }
        (hand, held, market)
    }

    /// The fuel options and the price tables they read agree with their definitions, on
    /// random hands, stores and markets (a market fuller than its track included).
    #[test]
    fn fuel_options_follow_their_definition() {
        use rand_core::{RngCore, SeedableRng};
        for r in Resource::ALL {
            for in_market in 0..=30 {
                let table = cumulative_prices(r, in_market);
                for k in 0..=24u8 {
                    assert_eq!(table[usize::from(k)], market_price(r, in_market, k));
                }
            }
        }
        let mut rng = rand_pcg::Pcg64::seed_from_u64(35);
        for _ in 0..2000 {
            let size = 1 + (rng.next_u64() % 5) as usize;
            // A market one token over the track too, and stores over one run.
            let most = [(25, 6), (24, 6), (24, 3), (13, 3)];
            let (hand, held, market) = random_fuel_case(&mut rng, size, most);
            assert_eq!(
                FuelOptions::new(&hand, held, market).options,
                fuel_options_plainly(&hand, held, market),
                "{hand:?}, {held:?} from {market:?}"
            );
        }
    }

    /// The options of a hand, one plant left out, answer as the smaller hand's own would.
    #[test]
    fn fuel_options_without_a_plant_match_the_smaller_hand() {
        use rand_core::SeedableRng;
        let mut rng = rand_pcg::Pcg64::seed_from_u64(34);
        for _ in 0..300 {
            let most = [(24, 4), (24, 4), (24, 2), (12, 2)];
            let (hand, held, market) = random_fuel_case(&mut rng, 5, most);
            let all = FuelOptions::new(&hand, held, market);
            for i in 0..hand.len() {
                let mut kept = hand.clone();
                kept.remove(i);
                let small = FuelOptions::new(&kept, held, market);
                for target in 1..=20 {
                    assert_eq!(
                        all.cheapest_without(target, Some(i)),
                        small.cheapest(target),
                        "{hand:?} without {i}, {held:?} from {market:?}, {target} cities"
                    );
                }
            }
        }
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
        let fuel_for = |plants: &[PlantId], held, market, target| {
            FuelOptions::new(plants, held, market).cheapest(target)
        };
        let wind_only = fuel_for(&plants, none, market, 1).unwrap();
        assert_eq!(wind_only, Purchase::default());
        let three = fuel_for(&plants, none, market, 3).unwrap();
        assert_eq!(three.tokens.coal, 2);
        assert_eq!(three.cost, market_price(Resource::Coal, 3, 2).unwrap());
        let mut held = none;
        held.coal = 1;
        assert_eq!(fuel_for(&plants, held, market, 3).unwrap().tokens.coal, 1);
        let dry = ByResource { coal: 1, ..market };
        assert_eq!(fuel_for(&plants, none, dry, 3), None);
        assert_eq!(fuel_for(&plants, none, market, 4), None);
    }

    /// The houses' costs as their definition gives them: each time, the cheapest open city
    /// (connection from the network as it grows, plus place price), ties to the lowest id.
    fn houses_cost_plainly(ctx: &Ctx, player: &PlayerView, n: u32) -> Vec<u32> {
        let mut network: Vec<CityId> = player.cities.clone();
        let mut total = vec![0u32];
        for _ in 0..n.min(u32::from(player.houses_left)) {
            let next = ctx
                .board
                .cities()
                .filter(|c| !network.contains(c))
                .filter(|&c| ctx.houses_in(c) < u32::from(ctx.view.step))
                .filter_map(|c| {
                    let connection = if network.is_empty() {
                        0
                    } else {
                        network
                            .iter()
                            .filter_map(|&m| ctx.board.distance(m, c))
                            .min()
                            .map(u32::from)?
                    };
                    Some((connection + house_price(ctx.houses_in(c) as u8), c))
                })
                .min();
            let Some((cost, city)) = next else { break };
            network.push(city);
            total.push(total.last().copied().unwrap_or(0) + cost);
        }
        total
    }

    /// The houses' costs agree with their definition for every player at every building
    /// decision of a few games, an empty network included.
    #[test]
    fn houses_cost_follows_its_definition() {
        let mut checked = 0;
        for seed in 0..6 {
            let mut s = State::new(Setup::new(4, MapId::Germany, seed)).unwrap();
            let mut legal = Vec::new();
            while let Some(seat) = s.actor().seat() {
                s.legal_actions(&mut legal);
                let view = s.view(Viewer::Seat(seat));
                if view.phase == powergrid::PhaseKind::Building {
                    let ctx = Ctx::new(&view).unwrap();
                    for p in &view.players {
                        let plain = houses_cost_plainly(&ctx, p, 17);
                        assert_eq!(
                            ctx.houses_cost(p, 17),
                            plain,
                            "seed {seed}, round {}",
                            view.round
                        );
                        for most in [0, 25, 60, 120] {
                            let within: Vec<u32> =
                                plain.iter().copied().take_while(|&c| c <= most).collect();
                            assert_eq!(ctx.houses_cost_within(p, 17, most), within);
                        }
                        checked += 1;
                    }
                }
                let money: Vec<u32> = (0..4).map(|i| s.money(engine::Seat(i))).collect();
                let a = Heuristic::decide(&view, &legal, &money);
                s.apply_as(seat, &a).unwrap();
            }
        }
        assert!(checked > 500, "{checked}");
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

    /// A view in `phase` where a rival of the viewer (the index returned) has 16 cities, the
    /// first of the board, and holds `plants`.
    fn rival_on_16(phase: powergrid::PhaseKind, plants: &[PlantId]) -> (View, usize) {
        let mut view = view_with(&[PlantId(10)], 0, 2, 50);
        view.phase = phase;
        view.auction = None;
        view.auction_done.clear();
        let me = match view.viewer {
            Viewer::Seat(s) => s,
            _ => unreachable!(),
        };
        let rival = view.players.iter().position(|p| p.seat != me).unwrap();
        let board = Board::get(view.map, RegionSet::of(&view.regions));
        view.players[rival].cities = board.cities().take(16).collect();
        view.players[rival].plants = plants.to_vec();
        (view, rival)
    }

    /// The round is the last once a player has the game-end count, or when a rival still to
    /// build can pay for the houses that take it there and has plants for about that many
    /// cities; not when its money is unknown or short, or its plants far fewer.
    #[test]
    fn the_final_round_is_foreseen_from_cities_and_money() {
        // Fusion 6, wind 5, hybrid 7: 18 cities.
        let plants = [PlantId(44), PlantId(46), PlantId(50)];
        let (view, rival) = rival_on_16(powergrid::PhaseKind::Resources, &plants);
        let board = Board::get(view.map, RegionSet::of(&view.regions));
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

    /// The final round's resource phase, the viewer holding fuel for 17 of its 18 cities'
    /// capacity (fusion 6, wind 5, coal plant 36 with its 3 coal) on 16 cities with 80
    /// Elektro, and a rival on 16 cities (fusion 6, wind 5, hybrid 46) with 200 Elektro and no
    /// fuel, first in turn order: it buys after the viewer and, with the 3 coal of the market,
    /// would power 18. The viewer buys one coal, the cheapest purchase that leaves the hybrid
    /// short; not when the market holds more coal than the viewer can store, not when the
    /// rival has bought already, and not when the rival's fuel is in hand.
    #[test]
    fn in_the_final_round_it_buys_the_fuel_a_rival_buying_after_it_needs() {
        let (mut view, rival) = rival_on_16(
            powergrid::PhaseKind::Resources,
            &[PlantId(44), PlantId(46), PlantId(50)],
        );
        let me = match view.viewer {
            Viewer::Seat(s) => s,
            _ => unreachable!(),
        };
        let board = Board::get(view.map, RegionSet::of(&view.regions));
        view.step = 2;
        let mine = &mut view.players[me.index()];
        mine.plants = vec![PlantId(36), PlantId(44), PlantId(50)];
        mine.resources = ByResource::default();
        mine.resources.coal = 3;
        mine.cities = board.cities().skip(16).take(16).collect();
        mine.money = Some(80);
        view.resource_market = ByResource::default();
        view.resource_market.coal = 3;
        let others: Vec<Seat> = view
            .players
            .iter()
            .map(|p| p.seat)
            .filter(|&s| s != me && s.index() != rival)
            .collect();
        view.turn_order = [Seat(rival as u8), me].into_iter().chain(others).collect();
        let mut money = vec![0; view.players.len()];
        money[me.index()] = 80;
        money[rival] = 200;
        let buy = |amount: u8| Action::Buy {
            resource: Resource::Coal,
            amount,
        };
        let legal = [buy(1), buy(2), buy(3), Action::Done];
        let ctx = Ctx::new(&view).unwrap();
        assert!(ctx.final_round(&money));
        // Without the purchase the rival's 18 beat the viewer's reach.
        let reach = |p: &PlayerView, cash: u32, market: ByResource<u8>| {
            let capacity = Ctx::capacity(&p.plants);
            let cities = p.cities.len() as u32;
            let houses = ctx.houses_cost(p, capacity - cities);
            let options = FuelOptions::new(&p.plants, p.resources, market);
            reach_over(cities, capacity, &options, None, cash, &houses).cities
        };
        let theirs = reach(&view.players[rival], 200, view.resource_market);
        let mine = reach(&view.players[me.index()], 80, ByResource::default());
        assert!(theirs > mine, "{theirs} against {mine}");
        assert_eq!(Heuristic::decide(&view, &legal, &money), buy(1));

        // Six coal in the market: the viewer stores three more at most, the rival gets three.
        let mut plenty = view.clone();
        plenty.resource_market.coal = 6;
        assert_eq!(Heuristic::decide(&plenty, &legal, &money), Action::Done);

        // The rival last in turn order has bought before the viewer: nothing to deny.
        let mut before = view.clone();
        before.turn_order.retain(|&s| s.index() != rival);
        before.turn_order.push(Seat(rival as u8));
        assert_eq!(Heuristic::decide(&before, &legal, &money), Action::Done);

        // The rival already holds its oil: the coal changes nothing.
        let mut fuelled = view.clone();
        fuelled.players[rival].resources.oil = 3;
        assert_eq!(Heuristic::decide(&fuelled, &legal, &money), Action::Done);
    }

    /// In the auction a rival that has not bought yet may end the game with a plant from the
    /// current market: with plants for 11 cities and 16 connected, plant 31 (coal, 6 cities)
    /// takes it to 17, and the round is the last when its money pays for that plant (31 at
    /// least, more when it is on auction) and the last house; not with a smaller market plant,
    /// not with a cent less, and not once it has bought or dropped out of that plant's auction.
    #[test]
    fn the_final_round_counts_a_plant_a_rival_can_still_buy() {
        // Wind 5 and fusion 6: 11 cities.
        let plants = [PlantId(44), PlantId(50)];
        let (mut view, rival) = rival_on_16(powergrid::PhaseKind::Auction, &plants);
        view.current_market = vec![PlantId(22), PlantId(31)];
        let ctx = Ctx::new(&view).unwrap();
        let house = ctx.houses_cost(&view.players[rival], 1)[1];
        let mut money = vec![0; view.players.len()];
        money[rival] = 31 + house;
        assert!(ctx.final_round(&money));
        money[rival] -= 1;
        assert!(!ctx.final_round(&money));
        money[rival] += 1;
        let mut small = view.clone();
        small.current_market = vec![PlantId(22)];
        assert!(!Ctx::new(&small).unwrap().final_round(&money));
        let mut bought = view.clone();
        bought.auction_done.push(view.players[rival].seat);
        assert!(!Ctx::new(&bought).unwrap().final_round(&money));
        let mut resources = view.clone();
        resources.phase = powergrid::PhaseKind::Resources;
        assert!(!Ctx::new(&resources).unwrap().final_round(&money));
        // Plant 31 on auction at 40: the rival pays 41 to raise, 40 if the bid is its own, and
        // cannot have it once it has dropped out.
        let me = ctx.me.seat;
        let seat = view.players[rival].seat;
        let on_auction = |high_bidder: Seat, bidders: Vec<Seat>| {
            let mut running = view.clone();
            running.auction = Some(powergrid::AuctionView {
                plant: PlantId(31),
                starter: high_bidder,
                high_bid: 40,
                high_bidder,
                bidders,
            });
            running
        };
        let raising = on_auction(me, vec![me, seat]);
        money[rival] = 41 + house;
        assert!(Ctx::new(&raising).unwrap().final_round(&money));
        money[rival] -= 1;
        assert!(!Ctx::new(&raising).unwrap().final_round(&money));
        let holding = on_auction(seat, vec![me, seat]);
        assert!(Ctx::new(&holding).unwrap().final_round(&money));
        let dropped = on_auction(me, vec![me]);
        money[rival] = 200;
        assert!(!Ctx::new(&dropped).unwrap().final_round(&money));
    }

    /// The final round's auction for the first seat holding `plants`, 11 cities and 200
    /// Elektro, a rival on 16 cities with plants for 18 and the money for the last house, and
    /// plants 22 (wind, 2 cities) and 31 (coal, 6 cities) in the market, with no coal left.
    fn final_auction_view(plants: &[PlantId]) -> View {
        let mut view = view_with(plants, 0, 11, 200);
        view.phase = powergrid::PhaseKind::Auction;
        view.round = 9;
        // Step 2: two houses a city, so the rival can share the viewer's cities (28 in play).
        view.step = 2;
        let me = view
            .players
            .iter()
            .position(|p| p.money == Some(200))
            .unwrap();
        let rival = (me + 1) % view.players.len();
        let board = Board::get(view.map, RegionSet::of(&view.regions));
        view.players[rival].cities = board.cities().skip(12).take(16).collect();
        view.players[rival].plants = vec![PlantId(44), PlantId(46), PlantId(50)];
        view.players[rival].money = Some(100);
        view.current_market = vec![PlantId(22), PlantId(31)];
        view.supply.coal += view.resource_market.coal;
        view.resource_market.coal = 0;
        view.auction = None;
        view.auction_done.clear();
        view
    }

    /// In the final round a plant is worth the cities it adds at the final count: with plants
    /// for its 11 cities and money for more houses, the bot opens the wind plant (the coal plant
    /// adds nothing with no coal to buy) and raises it far past its usual value while the money
    /// left still connects a city more; it passes once the price leaves none.
    #[test]
    fn in_the_final_round_a_plant_is_priced_by_the_final_count() {
        // Wind 5 and fusion 6: 11 cities.
        let view = final_auction_view(&[PlantId(44), PlantId(50)]);
        let ctx = Ctx::new(&view).unwrap();
        let money: Vec<u32> = view.players.iter().map(|p| p.money.unwrap_or(0)).collect();
        assert!(ctx.final_round(&money));
        let open = |plant: u8| Action::StartAuction {
            plant: PlantId(plant),
            bid: u32::from(plant),
        };
        let legal = [open(22), open(31), Action::Pass];
        assert_eq!(ctx.final_auction(&legal), Some(open(22)));
        let houses = ctx.houses_cost(ctx.me, 2);
        assert!(houses[2] < 100, "{houses:?}");
        let me = ctx.me.seat;
        let rival = view.players[(me.index() + 1) % 4].seat;
        let running_at = |high_bid: u32| {
            let mut running = view.clone();
            running.auction = Some(powergrid::AuctionView {
                plant: PlantId(22),
                starter: rival,
                high_bid,
                high_bidder: rival,
                bidders: vec![rival, me],
            });
            running.auction_done.push(me);
            running
        };
        // The long-term value of plant 22 is about 28: at 60 the bot still raises.
        let running = running_at(59);
        assert!(Heuristic::plant_value(&running, PlantId(22)) < 60);
        let legal = [Action::Bid { amount: 60 }, Action::Pass];
        let ctx = Ctx::new(&running).unwrap();
        assert_eq!(ctx.final_auction(&legal), Some(Action::Bid { amount: 60 }));
        // Once the money left buys no house the plant adds no city.
        let high = 200 - houses[1];
        let running = running_at(high);
        let legal = [Action::Bid { amount: high + 1 }, Action::Pass];
        let ctx = Ctx::new(&running).unwrap();
        assert_eq!(ctx.final_auction(&legal), Some(Action::Pass));
    }

    /// A final-round discard: the viewer holds `plants` and has just bought the wind plant 44,
    /// with `cities` connected, 100 Elektro and `market` on sale. Turn order is the viewer's
    /// next rival, the viewer, then the other seats. Gives the view, the viewer and that rival.
    fn final_discard_view(
        plants: &[PlantId],
        cities: usize,
        market: ByResource<u8>,
    ) -> (View, Seat, Seat) {
        let mut view = view_with(plants, 0, cities, 100);
        let Viewer::Seat(me) = view.viewer else {
            unreachable!("a seat's view")
        };
        view.phase = powergrid::PhaseKind::Auction;
        view.round = 9;
        view.pending_discard = Some((me, PlantId(44)));
        view.resource_market = market;
        let rival = view.players[(me.index() + 1) % 4].seat;
        view.turn_order = vec![rival, me];
        view.turn_order.extend(
            view.players
                .iter()
                .map(|p| p.seat)
                .filter(|&s| s != me && s != rival),
        );
        (view, me, rival)
    }

    fn discard(plant: u8) -> Action {
        Action::Discard {
            plant: PlantId(plant),
            keep_coal: None,
        }
    }

    /// The final round's discard counts the fuel the auction counted: the market less what the
    /// rivals buying first take. With 17 cities, a coal 5, an oil 6 and a uranium 4 plant and a
    /// wind plant just bought, two coal and two oil on the market, it drops the uranium plant
    /// (16 cities powered); when a rival buying first burns the two oil, the oil plant goes
    /// instead (14 cities, where dropping the uranium plant would leave 10).
    #[test]
    fn the_final_discard_counts_what_the_rivals_buying_first_leave() {
        let market = ByResource {
            coal: 2,
            oil: 2,
            garbage: 0,
            uranium: 6,
        };
        let plants = [PlantId(25), PlantId(40), PlantId(28)];
        let (mut view, _, rival) = final_discard_view(&plants, 17, market);
        view.players[rival.index()].plants = vec![PlantId(26)];
        let legal = [discard(25), discard(40), discard(28)];
        // The rival is first in turn order, so it buys after the viewer: the whole market is
        // left.
        let ctx = Ctx::new(&view).unwrap();
        assert_eq!(ctx.market_left().oil, 2);
        assert_eq!(ctx.final_discard(&legal), Some(discard(28)));
        // The rival buys first and takes the oil.
        view.turn_order.swap(0, 1);
        let ctx = Ctx::new(&view).unwrap();
        assert_eq!(ctx.market_left().oil, 0);
        assert_eq!(ctx.final_discard(&legal), Some(discard(40)));
    }

    /// Toward a target the seat buys the fuel it lacks, then stops; it builds the cheapest
    /// city while short of the target and can pay.
    /// The final round ranks a hand first by the cities it reaches on the contested market: a
    /// rival buying first with an unfuelled hybrid may take coal as well as oil. With 15
    /// cities, a coal 5, an oil 5 and a uranium 4 plant and a wind plant just bought, two coal
    /// and four oil on the market, the expected market (the hybrid on the oil the market holds
    /// more of) would keep the coal and oil plants for 15 cities; the coal the hybrid may take
    /// leaves that hand 10, so the bot drops the coal plant and keeps 14 it can fuel either
    /// way. With the rival buying after it, the whole market is its own and it keeps 15.
    #[test]
    fn the_final_discard_keeps_the_hand_the_contested_market_fuels() {
        let market = ByResource {
            coal: 2,
            oil: 4,
            garbage: 0,
            uranium: 6,
        };
        let plants = [PlantId(25), PlantId(26), PlantId(28)];
        let (mut view, _, rival) = final_discard_view(&plants, 15, market);
        view.players[rival.index()].plants = vec![PlantId(29)];
        let legal = [discard(25), discard(26), discard(28)];
        // The rival second in turn order buys first.
        view.turn_order.swap(0, 1);
        let ctx = Ctx::new(&view).unwrap();
        assert_eq!((ctx.market_left().coal, ctx.market_left().oil), (2, 3));
        let contested = ctx.market_contested();
        assert_eq!((contested.coal, contested.oil), (1, 3));
        assert_eq!(ctx.final_discard(&legal), Some(discard(25)));
        // The rival buys after the viewer.
        view.turn_order.swap(0, 1);
        let ctx = Ctx::new(&view).unwrap();
        assert_eq!(ctx.market_contested(), view.resource_market);
        assert_eq!(ctx.final_discard(&legal), Some(discard(28)));
    }

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
