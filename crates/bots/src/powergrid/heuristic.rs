//! The heuristic bot: a fixed strategy that reads only its seat's view.
//!
//! In the games it loses, fuel bounds the bot more than money does: the leader buys its
//! resources last (resources are bought in reverse turn order), and the coal or oil it needs is
//! gone before its turn. So it plans with the cities it can expect to *fuel*, values a plant's
//! fuel at the market's prices, and spends spare money on fuel rather than on cities it cannot
//! power.
//! Strategy, phase by phase:
//! - **Fuel outlook** ([`Ctx::fuel_share`]): for each resource, the tokens coming to the market per
//!   round (this round's stock spread over two rounds, plus the refill for this player count and
//!   step from the rules data, capped by the supply) against every player's demand per run (the
//!   viewer's plants and its rivals', a hybrid counting half coal, half oil; a rival holding more
//!   than one run of a resource stocks it, as a hoarder does, and counts two runs). The share is 1
//!   while the market covers everyone, the covered fraction otherwise. A hand's *fuelled cities*
//!   are its plants' cities weighted by the share of their resource (a hybrid takes the better of
//!   coal and oil; eco and fusion plants count in full). This is what the bot plans with: a plant
//!   on a resource that rivals already burn faster than the market refills is worth only the cities
//!   it will actually run, so the bot diversifies and switches to plants of other resources (or eco
//!   plants) when its own fuel runs short. Once the leader is [`ORDER_NEAR_END`] cities or fewer
//!   from the game-end count, a resource's share is also at most what this round's market leaves
//!   the bot after the rivals who buy before it (later in turn order: resources are bought in
//!   reverse order) have bought what they lack ([`Ctx::share_this_round`]): the leader buys last,
//!   and the last rounds' markets run dry before its turn. This bounds the share rather than
//!   replacing it, and counts only what those rivals lack after their stock, against this round's
//!   market alone.
//! - **Plants** ([`Heuristic::plant_value`]): a plant is worth its number plus [`PER_CITY`]
//!   Elektro per *useful* fuelled city it adds (4 in rounds 1 and 2, 2 from round 3 on; more
//!   than [`PAST_END`] city beyond the game-end count is useless; with a full hand the plant with
//!   the fewest fuelled cities is replaced), plus [`ECO_BONUS`] for a plant that burns nothing
//!   (4 in rounds 1 and 2, none from round 3 on), minus [`FUEL_COST`] times what its fuel costs
//!   per city powered at the market's prices of the moment (a hybrid at the cheaper of coal and
//!   oil, an empty market at 20 Elektro a token). From round 3 on the lower value per city and
//!   the missing bonus lower the value of big plants and wind plants against fuel plants, so the
//!   bot opens cheaper plants and stops raising sooner: the search bot, deciding the auctions
//!   in the heuristic's place, buys that way and wins far more. Valuing fuel at its price makes
//!   round 1 go right: the market is always plants 3-10, and at the opening prices (coal 1, oil 3,
//!   garbage 7, uranium 14 Elektro) the coal plants cost least to run, so the bot does not open
//!   on an oil or garbage plant it would then fuel at the highest prices. A plant is wanted only
//!   while fuelled capacity does not run more than [`WANT_AHEAD`] cities ahead of its network, or
//!   when it adds at least [`WANT_BIG`] fuelled cities ([`WANT_ECO`] for a plant burning
//!   nothing: fuel-free capacity is what a starved market cannot take away). The bot opens the
//!   auction on the plant with the best value over price at the minimum bid, raises by one while
//!   the next bid stays within its valuation (and leaves [`BUILD_RESERVE`], the price of two houses
//!   in empty cities, for building), and otherwise passes. In an auction another player opened,
//!   while its own turn to open is still to come, it also passes when another plant of the
//!   current market is a better buy (value over price) at its minimum than this one at the next
//!   bid, so it is not drawn into a rival's auction for a coal plant while a garbage plant sits
//!   in the market. In round 1, where passing is not
//!   allowed while a plant is affordable, it opens on the best-valued plant.
//! - **Baiting** ([`Bidders`]): the bot keeps a tally of every seat's bidding from the public
//!   events: per kind of plant (burning fuel, burning nothing), the auctions another seat opened
//!   in which its first answer came near the opening bid ([`BAIT_LEVEL`]), and how many of those
//!   it raised. From round [`BAIT_ROUND`], when a rival that has not bought this round has raised
//!   [`BAIT_RATE`] or more of at least [`BAIT_CHANCES`] such chances on a kind of plant, and can
//!   pay more than a plant of that kind in the market, the bot opens that plant (the one it minds
//!   owning least: its value over its price) and, not valuing it, drops out at the first raise:
//!   the rival buys a plant it did not choose, pays over the odds, and is out of this round's
//!   auctions, so the bot buys its own plant later against fewer bidders. The thresholds pick out
//!   players who raise by reflex, whatever their hand; a rival that raises often early on by its
//!   own valuation (as the heuristic does) stays below them: a bait put up for it would be left
//!   with the bot.
//! - **Discard**: the plant powering the fewest *fuelled* cities (then the fewest cities, the
//!   lowest number), so a plant whose market has run dry goes before a smaller plant that still
//!   runs. (The panel's styles keep the plain rule, the fewest cities.)
//! - **Resources**: picks the plants to run next bureaucracy (those burning nothing first, then
//!   the cheapest to run per city at the market's prices) until they power its network plus the
//!   cities it can expect to build (a quarter of its money in houses, at most 4), and buys the
//!   fuel they lack, the scarcest resource first, hybrids taking whichever of coal or oil is
//!   cheaper. With [`STOCK_MONEY`] Elektro or more it stocks a second run of every resource whose
//!   share is below 1: late in the game the bot's money otherwise lies idle while the market runs
//!   dry. It never asks for more than the legal list offers, so it never buys what it cannot store
//!   or pay.
//! - **Building**: builds up to its fuelled cities (or the cities its stored fuel powers, if more)
//!   plus one city, in every step, cheapest city first, where a city's cost is connection plus
//!   place minus how many open cities lie within 20 Elektro of it (not getting cut off). It does
//!   not build to its plants' bare capacity when rich: cities past its fuel stay dark, and money
//!   spent on them is better spent on fuel-secure capacity.
//! - **Ending the game**: the bot connects the game-end count only when ending wins, and then
//!   builds on to that count past its usual limit when at most [`END_DARK`] of its cities would
//!   stay dark. Every rival has bought its fuel by then, so the bot compares the cities its held
//!   fuel powers, and the money the houses leave it, with the most each rival can power: its
//!   cities and held fuel if it has built this phase; the cities its held fuel runs that its
//!   announced money connects, if it builds later (the tie-break, money, counted too). A game it
//!   would end behind goes on: the city that reaches the count is held back. Once a rival is
//!   [`TRAIL_NEAR_END`] cities or fewer from the count, and ending would not win, the bot builds
//!   no further than a city behind the leading rival: with fewer cities it comes later in
//!   turn order in the last rounds, so it buys its fuel and builds before the leader, and the
//!   money it keeps buys cities and fuel in the final round, where it builds up to its fuel.
//!   In the final round (a player has connected that count, or a rival still to build can pay
//!   for the houses to it with plants for about that many cities, counting in the auction a
//!   market plant it has yet to buy: [`Ctx::final_round`], from the rivals' cities, plants and
//!   announced money) money is worth nothing but the tie-break, so the bot buys the fuel for
//!   the most cities it can still power at the final count with all its money, houses
//!   included ([`Ctx::final_reach`], the cheapest fuel the market holds for some of its
//!   plants), and builds the cheapest cities up to what the fuel it holds powers: a
//!   dark city is paid for and earns nothing. Its auction that round prices a plant by the
//!   cities it adds at the final count with the money left after its price
//!   ([`Ctx::final_auction`]), not by its long-term value, and a full hand drops the plant
//!   whose loss costs the fewest of those cities; both count first the cities reached on the
//!   market a rival buying first leaves when it takes the fuel it might
//!   ([`Ctx::market_contested`]: one run of its plants, a hybrid's from coal and oil alike),
//!   then on the market it likely leaves. In the final round the bot builds up to its
//!   fuel even when that connects the count: the round ends the game anyway. With its own fuel
//!   bought, it buys the fuel a rival still to buy (earlier in turn order) needs to beat it
//!   ([`Ctx::starve`]): the cheapest purchase of one resource after which no rival powers more
//!   cities than it, or as many with more money. Over a third of the games it lost to green
//!   ended in a round where it could not stop the game: a rival buying after it bought the
//!   fuel for more cities.
//! - **Stalls**: the rules engine has no round limit, and a game can stall (an empty plant market,
//!   a starved resource market, every player waiting for a better moment to end). From round
//!   [`STALL_ROUND`] on, the bot builds whatever it can afford, so heuristic games always end.
//! - **Bureaucracy**: runs the set of plants powering the most cities, burning the least value of
//!   fuel (tokens priced at the market's next price). Once the leader is [`HOLD_NEAR_END`]
//!   cities or fewer from the game-end count, the next round may be the last, and there fuel is
//!   worth cities while income is worth only the tie-break. So the bot first keeps the fuel it
//!   would otherwise lack next round ([`Ctx::lack_next_round`]): for the plants it means to run
//!   then, what it holds after this bureaucracy plus what next round's market will leave it (this
//!   market and its refill, less one run of every rival with no more cities than the bot, who buy
//!   before it). A run that would burn such fuel gives way to a smaller one: the cities left dark
//!   now cost some income, the leader buying last in a dry final market costs cities.
//!
//! Against three of one panel style (Germany, 4 players) it wins 97-100 % of the games; the
//! figures and their commands are in `docs/benchmarks.md`. How each rule was found, what it
//! gained, and the rules tried and left out: `docs/bots/powergrid-heuristic.md`.

use engine::{Bot, Legal, Seat, Viewer};
use powergrid::map::CITIES_PER_MAP;
use powergrid::plants::FuelNeeds;
use powergrid::resources::{market_price, player_count_rules, refill, PlayerCountRules};
use powergrid::Memory;
use powergrid::{
    house_price, Action, AuctionView, Board, ByResource, CityId, Event, PlantId, PlantKind,
    PlantSpec, PlayerView, RegionSet, Resource, State, View,
};

/// From this round on the bot builds whenever it can, to end a game that has stalled.
pub const STALL_ROUND: u16 = 40;
/// A plant is wanted while the viewer's fuelled capacity runs less than this many cities
/// ahead of its network ...
const WANT_AHEAD: f64 = 2.0;
/// ... or when it adds at least this many fuelled cities ...
const WANT_BIG: f64 = 7.0;
/// ... or, for a plant burning nothing, this many.
const WANT_ECO: f64 = 2.0;
/// Fuelled cities past the game-end count that a plant's value still counts: the final count
/// includes the cities built in the round that reaches the end count, and winners power 17-19
/// in 4-player Germany (see the module docs).
const PAST_END: f64 = 1.0;
/// From this round on the bot puts up plants for rivals that raise every auction (see the
/// module docs).
const BAIT_ROUND: u16 = 3;
/// A seat's first answer in an auction counts as a chance to raise while the high bid is at most
/// this much over the plant's number.
const BAIT_LEVEL: u32 = 2;
/// A rival raises reflexively once it has had this many chances on a kind of plant ...
const BAIT_CHANCES: u16 = 4;
/// ... and raised in at least this share of them.
const BAIT_RATE: f64 = 0.9;
/// From this much money on the bot stocks a second run of every scarce resource.
const STOCK_MONEY: u32 = 150;
/// Elektro a plant loses per Elektro its fuel costs per city powered, at the market's prices of
/// the moment (see the module docs).
const FUEL_COST: f64 = 2.0;
/// The bot connects the game-end count to win (see the module docs) only when its fuel leaves
/// at most this many of its cities dark.
const END_DARK: u32 = 4;
/// Once the leader is this many cities or fewer from the game-end count, the fuel outlook also
/// counts what this round's market leaves the viewer after the rivals who buy before it (see the
/// module docs).
const ORDER_NEAR_END: usize = 6;
/// Once a rival is this many cities or fewer from the game-end count, the bot builds no further
/// than a city behind the leading rival until ending wins (see the module docs).
const TRAIL_NEAR_END: u32 = 3;

/// How near the game-end count the leader must be for the bureaucracy to keep fuel for the next
/// round (see the module docs).
const HOLD_NEAR_END: usize = 2;
/// Elektro a plant is worth per useful fuelled city it adds, in rounds 1 and 2 and from round 3
/// on (see the module docs: the search bot, deciding the auctions for the heuristic, buys
/// cheaper plants than the heuristic from round 3 on).
const PER_CITY: [f64; 2] = [4.0, 2.0];
/// Elektro a plant burning nothing is worth beyond its cities, in rounds 1 and 2 and from round
/// 3 on (see the module docs).
const ECO_BONUS: [f64; 2] = [4.0, 0.0];
/// Money an auction leaves for building: the place price of two houses in empty cities.
const BUILD_RESERVE: u32 = 2 * house_price(0);

/// The heuristic bot (see the module docs).
#[derive(Clone, Debug, Default)]
pub struct Heuristic {
    memory: Memory,
    bidders: Bidders,
}

/// Whether a plant burns nothing (wind, sun, fusion): the kind of plant a rival's bidding is
/// tallied by in [`Bidders`].
fn burns_nothing(plant: PlantId) -> bool {
    spec(plant).fuel == 0
}

/// What the bot has seen of each seat's bidding (see the module docs): per seat and kind of
/// plant (burning fuel, burning nothing), its chances to raise (the auctions another seat opened
/// in which its first answer came while the high bid was at most [`BAIT_LEVEL`] over the plant's
/// number), and how many of those it raised. Built from public events only, so every seat could
/// keep the same.
#[derive(Clone, Debug, Default)]
pub struct Bidders {
    /// Per seat index, per kind (0: burns fuel, 1: burns nothing): (chances, raises).
    seen: [[(u16, u16); 2]; 6],
    /// The running auction: its plant, its highest bid and the seats that have answered.
    running: Option<(PlantId, u32, u8)>,
}

impl Bidders {
    /// Follows one event of the game.
    pub fn observe(&mut self, event: &Event) {
        match *event {
            Event::AuctionStarted { seat, plant, bid } => {
                self.running = Some((plant, bid, 1 << seat.index().min(7)));
            }
            Event::Bid { seat, amount, .. } => self.answer(seat, Some(amount)),
            Event::DroppedOut { seat, .. } => self.answer(seat, None),
            Event::PlantBought { .. } => self.running = None,
            _ => {}
        }
    }

    fn answer(&mut self, seat: Seat, raised_to: Option<u32>) {
        let Some((plant, high, answered)) = &mut self.running else {
            return;
        };
        let bit = 1 << seat.index().min(7);
        if *answered & bit == 0 && *high <= u32::from(plant.0) + BAIT_LEVEL {
            if let Some(tally) = self.seen.get_mut(seat.index()) {
                let t = &mut tally[usize::from(burns_nothing(*plant))];
                t.0 += 1;
                t.1 += u16::from(raised_to.is_some());
            }
        }
        *answered |= bit;
        if let Some(amount) = raised_to {
            *high = amount;
        }
    }

    /// Whether `seat` raises nearly every auction on a plant like `plant` near its opening bid:
    /// [`BAIT_CHANCES`] chances or more, raised in [`BAIT_RATE`] of them or more.
    pub fn raises_reflexively(&self, seat: Seat, plant: PlantId) -> bool {
        let Some(tally) = self.seen.get(seat.index()) else {
            return false;
        };
        let (chances, raises) = tally[usize::from(burns_nothing(plant))];
        chances >= BAIT_CHANCES && f64::from(raises) >= BAIT_RATE * f64::from(chances)
    }
}

impl Heuristic {
    /// A heuristic bot.
    pub fn new() -> Heuristic {
        Heuristic::default()
    }

    /// The most this bot would pay for `plant` in the position `view` (0: not wanted).
    pub fn plant_value(view: &View, plant: PlantId) -> u32 {
        let Some(ctx) = Ctx::new(view) else { return 0 };
        ctx.plant_value(plant)
    }

    /// The action this bot takes in `view` among `legal`, with no tally of its rivals' bidding
    /// (so it never baits). `money`, every seat's money as far as it is known, is read only by
    /// the bait (see [`Heuristic::decide_with`]).
    pub fn decide(view: &View, legal: &[Action], money: &[u32]) -> Action {
        Heuristic::decide_with(view, legal, money, None)
    }

    /// [`Heuristic::decide`], with what the bot has seen of its rivals' bidding (`None`: nothing,
    /// so it never baits).
    pub fn decide_with(
        view: &View,
        legal: &[Action],
        money: &[u32],
        bidders: Option<&Bidders>,
    ) -> Action {
        let fallback = legal.first().copied().unwrap_or(Action::Pass);
        if legal.len() <= 1 {
            return fallback;
        }
        let Some(mut ctx) = Ctx::new(view) else {
            return fallback;
        };
        ctx.bidders = bidders;
        let last = || ctx.final_round(money);
        let choice = match legal[0] {
            Action::StartAuction { .. } | Action::Bid { .. } | Action::Pass if last() => {
                ctx.final_auction(legal)
            }
            Action::StartAuction { .. } | Action::Bid { .. } | Action::Pass => {
                ctx.bait(legal, money).or_else(|| ctx.auction(legal))
            }
            Action::Discard { .. } if last() => ctx.final_discard(legal),
            Action::Discard { .. } => ctx.discard_least_fuelled(legal),
            Action::Buy { .. } | Action::Done => match view.phase {
                powergrid::PhaseKind::Resources if last() => {
                    let market = ctx.view.resource_market;
                    let target = ctx.final_reach(&ctx.me.plants, ctx.money, market).cities;
                    // Its own fuel first; then the fuel a rival buying after it needs to
                    // beat it.
                    match ctx.fuel_toward(legal, target) {
                        Action::Done => ctx.starve(legal, money).or(Some(Action::Done)),
                        a => Some(a),
                    }
                }
                powergrid::PhaseKind::Resources => ctx.resources(legal),
                _ => ctx.building(legal, last(), money),
            },
            Action::Build { .. } => ctx.building(legal, last(), money),
            Action::Power { .. } => ctx.power_keeping(legal, ctx.next_round_fuel()),
        };
        choice
            .filter(|a| legal.contains(a))
            .unwrap_or_else(|| default_choice(legal))
    }
}

/// The safest legal action when no rule applies: pass or done if listed, else the first.
fn default_choice(legal: &[Action]) -> Action {
    legal
        .iter()
        .copied()
        .find(|a| matches!(a, Action::Pass | Action::Done))
        .or_else(|| legal.last().copied())
        .unwrap_or(Action::Pass)
}

impl Bot<State> for Heuristic {
    fn plan(&mut self, view: &View, legal: &Legal<'_, State>, out: &mut Vec<Action>) {
        out.push(self.choose(view, legal.actions()));
    }

    fn name(&self) -> &str {
        "heuristic"
    }

    fn observe(&mut self, event: &Event) {
        self.memory.observe(event);
        self.bidders.observe(event);
    }

    /// Forgets the last game: the heuristic has no randomness to seed.
    fn reset(&mut self, _seed: u64) {
        *self = Heuristic::default();
    }
}

impl Heuristic {
    /// Its action for this decision, one of `legal`.
    pub fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let money = self.memory.known_money(view);
        Heuristic::decide_with(view, legal, &money, Some(&self.bidders))
    }
}

/// A plant's card (every plant in a view is a real card).
pub(crate) fn spec(p: PlantId) -> &'static PlantSpec {
    p.spec().unwrap_or(&powergrid::plants::PLANTS[0])
}

/// Facts about the viewer's position computed once per decision.
pub(crate) struct Ctx<'a> {
    pub(crate) view: &'a View,
    pub(crate) me: &'a PlayerView,
    pub(crate) money: u32,
    pub(crate) rules: PlayerCountRules,
    pub(crate) board: &'static Board,
    /// What the bot has seen of its rivals' bidding, when it keeps track.
    pub(crate) bidders: Option<&'a Bidders>,
    /// Houses in each city of the map, by its index on the map.
    pub(super) houses: [u8; CITIES_PER_MAP],
    /// The cities with room left in this step, one bit per index.
    pub(super) room: u64,
    /// The cities with room left in this step that are not the viewer's, one bit per index.
    open: u64,
}

impl<'a> Ctx<'a> {
    pub(crate) fn new(view: &'a View) -> Option<Ctx<'a>> {
        let Viewer::Seat(seat) = view.viewer else {
            return None;
        };
        let me = view.players.get(seat.index())?;
        let mut houses = [0u8; CITIES_PER_MAP];
        for c in view.players.iter().flat_map(|p| &p.cities) {
            if let Some(h) = houses.get_mut(c.local()) {
                *h = h.saturating_add(1);
            }
        }
        let mine = me.cities.iter().fold(0u64, |m, c| m | 1 << c.local());
        let room = (0..CITIES_PER_MAP)
            .filter(|&i| houses[i] < view.step)
            .fold(0u64, |m, i| m | 1 << i);
        let open = room & !mine;
        Some(Ctx {
            view,
            me,
            money: me.money.unwrap_or(0),
            rules: player_count_rules(view.players.len() as u8)?,
            board: Board::get(view.map, RegionSet::of(&view.regions)),
            bidders: None,
            houses,
            room,
            open,
        })
    }

    pub(crate) fn capacity(plants: &[PlantId]) -> u32 {
        plants.iter().map(|&p| u32::from(spec(p).cities)).sum()
    }

    pub(crate) fn cities(&self) -> u32 {
        self.me.cities.len() as u32
    }

    /// See the module docs.
    pub(crate) fn plant_value(&self, plant: PlantId) -> u32 {
        let s = spec(plant);
        let plants = &self.me.plants;
        let mut after: Vec<PlantId> = plants.clone();
        after.push(plant);
        if after.len() > self.rules.max_plants as usize {
            if let Some(weakest) = after.iter().copied().min_by_key(|&p| {
                let fuelled = (100.0 * self.fuelled_cities(&[p], &after)) as i64;
                (fuelled, spec(p).cities, p.0)
            }) {
                after.retain(|&p| p != weakest);
            }
        }
        let cap = f64::from(self.rules.end_cities) + PAST_END;
        let now = self.fuelled_cities(plants, plants);
        let useful = self.fuelled_cities(&after, &after).min(cap) - now.min(cap);
        if useful < 0.5 {
            return 0;
        }
        let wanted = now < f64::from(self.cities()) + WANT_AHEAD
            || useful >= WANT_BIG
            || (s.fuel == 0 && useful >= WANT_ECO);
        if !wanted {
            return 0;
        }
        let late = usize::from(self.view.round >= 3);
        let mut value = f64::from(s.number) + PER_CITY[late] * useful;
        if s.fuel == 0 {
            value += ECO_BONUS[late];
        } else {
            value -= FUEL_COST * f64::from(self.running_cost(plant)) / 10.0;
        }
        value.max(0.0) as u32
    }

    /// Tokens of each resource burned per round by `plants` (a hybrid counts half coal, half
    /// oil), times two to stay in whole tokens.
    pub(crate) fn demand2(plants: &[PlantId]) -> ByResource<u32> {
        let mut d = ByResource::<u32>::default();
        for &p in plants {
            let s = spec(p);
            match s.kind {
                PlantKind::Hybrid => {
                    d.coal += u32::from(s.fuel);
                    d.oil += u32::from(s.fuel);
                }
                k => {
                    if let Some(r) = k.resource() {
                        d[r] += 2 * u32::from(s.fuel);
                    }
                }
            }
        }
        d
    }

    /// The share of its fuel each resource can be expected to give the viewer per round if it
    /// held `mine` (see the module docs): 1 while the tokens coming to the market (this round's
    /// stock spread over two rounds, plus the refill for this player count and step) cover every
    /// player's demand, the covered fraction otherwise.
    pub(crate) fn fuel_share(&self, mine: &[PlantId]) -> ByResource<f64> {
        let mut demand = Self::demand2(mine);
        for p in self.view.players.iter().filter(|p| p.seat != self.me.seat) {
            let theirs = Self::rival_demand2(p);
            for r in Resource::ALL {
                demand[r] += theirs[r];
            }
        }
        let refill = refill(self.view.players.len() as u8, self.view.step);
        let share = ByResource::from_fn(|r| {
            let coming = 2 * u32::from(refill[r].min(self.view.supply[r]))
                + u32::from(self.view.resource_market[r]);
            if demand[r] == 0 {
                1.0
            } else {
                (f64::from(coming) / f64::from(demand[r])).min(1.0)
            }
        });
        if !self.end_near() {
            return share;
        }
        let now = self.share_this_round(mine);
        ByResource::from_fn(|r| share[r].min(now[r]))
    }

    /// Tokens of each resource rival `p` buys per round, times two: one run of its plants, two
    /// for a resource it holds more than one run of (it stocks it, as a hoarder does).
    fn rival_demand2(p: &PlayerView) -> ByResource<u32> {
        let run = Self::demand2(&p.plants);
        ByResource::from_fn(|r| {
            let stocks = 2 * u32::from(p.resources[r]) > run[r];
            if stocks {
                2 * run[r]
            } else {
                run[r]
            }
        })
    }

    /// Whether the leader is [`ORDER_NEAR_END`] cities or fewer from the game-end count.
    fn end_near(&self) -> bool {
        let lead = self.view.players.iter().map(|p| p.cities.len()).max();
        lead.unwrap_or(0) + ORDER_NEAR_END >= usize::from(self.rules.end_cities)
    }

    /// Whether `seat` buys resources before the viewer this round (resources are bought in
    /// reverse turn order).
    pub(crate) fn buys_before_me(&self, seat: Seat) -> bool {
        let pos = |s: Seat| self.view.turn_order.iter().position(|&t| t == s);
        pos(seat) > pos(self.me.seat)
    }

    /// The rivals that buy resources before the viewer this round (later in turn order).
    pub(crate) fn rivals_buying_first(&self) -> impl Iterator<Item = &'a PlayerView> + '_ {
        self.view
            .players
            .iter()
            .filter(|p| self.buys_before_me(p.seat))
    }

    /// The share of what `mine` lacks for one run that this round's market still holds once
    /// the rivals buying before the viewer have bought what they lack (a rival stocking, as in
    /// [`Ctx::fuel_share`], buys two runs); 1 for a resource the viewer lacks nothing of.
    fn share_this_round(&self, mine: &[PlantId]) -> ByResource<f64> {
        let mut before = ByResource::<u32>::default();
        for p in self.rivals_buying_first() {
            let theirs = Self::rival_demand2(p);
            for r in Resource::ALL {
                before[r] += theirs[r].saturating_sub(2 * u32::from(p.resources[r]));
            }
        }
        let mine = Self::demand2(mine);
        ByResource::from_fn(|r| {
            let lack = mine[r].saturating_sub(2 * u32::from(self.me.resources[r]));
            let left = (2 * u32::from(self.view.resource_market[r])).saturating_sub(before[r]);
            if lack == 0 {
                1.0
            } else {
                (f64::from(left) / f64::from(lack)).min(1.0)
            }
        })
    }

    /// Cities that `plants` (a subset of `hand`) can be expected to power per round, with fuel
    /// shared out as [`Ctx::fuel_share`] says for the hand `hand`.
    fn fuelled_cities(&self, plants: &[PlantId], hand: &[PlantId]) -> f64 {
        let share = self.fuel_share(hand);
        plants
            .iter()
            .map(|&p| {
                let s = spec(p);
                let f = match s.kind {
                    PlantKind::Hybrid => share.coal.max(share.oil),
                    k => k.resource().map_or(1.0, |r| share[r]),
                };
                f64::from(s.cities) * f
            })
            .sum()
    }

    fn auction(&self, legal: &[Action]) -> Option<Action> {
        let budget = self.money.saturating_sub(BUILD_RESERVE);
        if let Some(a) = &self.view.auction {
            let next = a.high_bid + 1;
            let value = self
                .plant_value(a.plant)
                .min(budget.max(u32::from(a.plant.0)));
            if next <= value && self.better_to_wait(a, next, value, budget) {
                return Some(Action::Pass);
            }
            return Some(if next <= value {
                Action::Bid { amount: next }
            } else {
                Action::Pass
            });
        }
        let may_pass = legal.contains(&Action::Pass);
        let mut best: Option<(i64, PlantId, u32)> = None;
        for a in legal {
            if let Action::StartAuction { plant, bid } = *a {
                if bid != u32::from(plant.0) {
                    continue;
                }
                let value = self.plant_value(plant);
                let margin = i64::from(value) - i64::from(bid);
                let acceptable = value >= bid && (bid <= budget || !may_pass);
                if (acceptable || !may_pass) && best.is_none_or(|(m, _, _)| margin > m) {
                    best = Some((margin, plant, bid));
                }
            }
        }
        match best {
            Some((margin, plant, bid)) if margin >= 0 || !may_pass => {
                Some(Action::StartAuction { plant, bid })
            }
            _ => Some(Action::Pass),
        }
    }

    /// A plant to put up for a rival to buy (see the module docs): from round [`BAIT_ROUND`],
    /// when the bot may pass and some rival still to buy this round raises nearly every auction
    /// on plants of that kind and has the money to, the affordable plant of the market the bot
    /// minds owning least (its value over its price, then the lowest number).
    fn bait(&self, legal: &[Action], money: &[u32]) -> Option<Action> {
        let bidders = self.bidders?;
        if self.view.auction.is_some()
            || self.view.round < BAIT_ROUND
            || !legal.contains(&Action::Pass)
        {
            return None;
        }
        let budget = self.money.saturating_sub(BUILD_RESERVE);
        let rivals: Vec<Seat> = self
            .view
            .players
            .iter()
            .map(|p| p.seat)
            .filter(|&s| s != self.me.seat && !self.view.auction_done.contains(&s))
            .collect();
        legal
            .iter()
            .filter_map(|a| match *a {
                Action::StartAuction { plant, bid } if bid == u32::from(plant.0) => Some(plant),
                _ => None,
            })
            .filter(|&plant| u32::from(plant.0) <= budget)
            .filter(|&plant| {
                rivals.iter().any(|&r| {
                    bidders.raises_reflexively(r, plant)
                        && money
                            .get(r.index())
                            .is_some_and(|&m| m > u32::from(plant.0))
                })
            })
            .max_by_key(|&plant| {
                (
                    i64::from(self.plant_value(plant)) - i64::from(plant.0),
                    std::cmp::Reverse(plant.0),
                )
            })
            .map(|plant| Action::StartAuction {
                plant,
                bid: u32::from(plant.0),
            })
    }

    /// Whether to let another player's auction go at `next` (see the module docs): the bot
    /// still has its own turn to put a plant up, and some other plant of the current market
    /// is a better buy at its minimum price than this one at `next`.
    fn better_to_wait(&self, auction: &AuctionView, next: u32, value: u32, budget: u32) -> bool {
        let my_turn_comes =
            auction.starter != self.me.seat && !self.view.auction_done.contains(&self.me.seat);
        if !my_turn_comes {
            return false;
        }
        let margin = i64::from(value) - i64::from(next);
        self.view
            .current_market
            .iter()
            .filter(|&&p| p != auction.plant && u32::from(p.0) <= budget)
            .any(|&p| i64::from(self.plant_value(p)) - i64::from(p.0) > margin)
    }

    /// The plain discard (the panel's styles): the plant powering the fewest cities.
    pub(crate) fn discard(&self, legal: &[Action]) -> Option<Action> {
        Self::discard_ranked(legal, |_| 0)
    }

    /// The heuristic's discard: the plant that powers the fewest fuelled cities (see the module
    /// docs).
    pub(crate) fn discard_least_fuelled(&self, legal: &[Action]) -> Option<Action> {
        let mut hand = self.me.plants.clone();
        if let Some((_, plant)) = self.view.pending_discard {
            if !hand.contains(&plant) {
                hand.push(plant);
            }
        }
        Self::discard_ranked(legal, |plant| {
            (100.0 * self.fuelled_cities(&[plant], &hand)).round() as i64
        })
    }

    /// The discard among `legal` lowest by `rank`, then by cities, by number, and keeping the
    /// most coal.
    fn discard_ranked(legal: &[Action], rank: impl Fn(PlantId) -> i64) -> Option<Action> {
        legal
            .iter()
            .copied()
            .filter_map(|a| match a {
                Action::Discard { plant, keep_coal } => Some((plant, keep_coal, a)),
                _ => None,
            })
            .min_by_key(|&(plant, keep_coal, _)| {
                (
                    rank(plant),
                    spec(plant).cities,
                    plant.0,
                    std::cmp::Reverse(keep_coal.unwrap_or(0)),
                )
            })
            .map(|(_, _, a)| a)
    }

    /// The price of the next token of `r` (a high price when none is offered).
    pub(crate) fn unit_price(&self, r: Resource) -> u32 {
        market_price(r, self.view.resource_market[r], 1).unwrap_or(20)
    }

    /// Cost per city of running a plant at today's prices, in tenths of an Elektro.
    fn running_cost(&self, p: PlantId) -> u32 {
        let s = spec(p);
        let unit = match s.kind {
            PlantKind::Hybrid => self
                .unit_price(Resource::Coal)
                .min(self.unit_price(Resource::Oil)),
            PlantKind::Eco | PlantKind::Fusion => 0,
            k => k.resource().map_or(0, |r| self.unit_price(r)),
        };
        unit * u32::from(s.fuel) * 10 / u32::from(s.cities.max(1))
    }

    /// The plants to fuel for the next bureaucracy (see the module docs).
    fn plants_to_run(&self) -> Vec<PlantId> {
        let expected = (self.money / 25).min(4);
        let target = self.cities() + expected;
        let mut plants = self.me.plants.clone();
        plants.sort_by_key(|&p| (self.running_cost(p), std::cmp::Reverse(spec(p).cities)));
        let mut run = Vec::new();
        let mut powered = 0u32;
        for p in plants {
            if powered >= target {
                break;
            }
            powered += u32::from(spec(p).cities);
            run.push(p);
        }
        run
    }

    fn resources(&self, legal: &[Action]) -> Option<Action> {
        let mut needs = FuelNeeds::of(self.plants_to_run());
        let share = self.fuel_share(&self.me.plants);
        if self.money >= STOCK_MONEY {
            // A second run of every resource the market will not cover.
            let scarce = |r: Resource| share[r] < 1.0;
            for (r, n) in [
                (Resource::Coal, &mut needs.coal),
                (Resource::Oil, &mut needs.oil),
                (Resource::Garbage, &mut needs.garbage),
                (Resource::Uranium, &mut needs.uranium),
            ] {
                if scarce(r) {
                    *n *= 2;
                }
            }
            if scarce(Resource::Coal) && scarce(Resource::Oil) {
                needs.hybrid *= 2;
            }
        }
        let held = self.me.resources;
        let mut lack = ByResource::<u8> {
            coal: needs.coal.saturating_sub(held.coal),
            oil: needs.oil.saturating_sub(held.oil),
            garbage: needs.garbage.saturating_sub(held.garbage),
            uranium: needs.uranium.saturating_sub(held.uranium),
        };
        let spare = held.coal.saturating_sub(needs.coal) + held.oil.saturating_sub(needs.oil);
        let hybrid = needs.hybrid.saturating_sub(spare);
        if hybrid > 0 {
            let r = if self.unit_price(Resource::Coal) <= self.unit_price(Resource::Oil) {
                Resource::Coal
            } else {
                Resource::Oil
            };
            lack[r] += hybrid;
        }
        let mut order = Resource::ALL;
        order.sort_by(|&a, &b| share[a].total_cmp(&share[b]));
        for r in order {
            if lack[r] == 0 {
                continue;
            }
            if let Some(amount) = largest_purchase(legal, r, lack[r]) {
                return Some(Action::Buy {
                    resource: r,
                    amount,
                });
            }
        }
        Some(Action::Done)
    }

    /// The most cities the viewer's plants can power with the fuel they hold.
    pub(crate) fn fuelled_capacity(plants: &[PlantId], held: ByResource<u8>) -> u32 {
        let n = plants.len();
        let mut best = 0u32;
        for mask in 0u32..(1 << n) {
            let needs = FuelNeeds::of((0..n).filter(|i| mask & (1 << i) != 0).map(|i| plants[i]));
            let coal_left = held.coal.checked_sub(needs.coal);
            let oil_left = held.oil.checked_sub(needs.oil);
            let ok = matches!((coal_left, oil_left), (Some(c), Some(o)) if c + o >= needs.hybrid)
                && held.garbage >= needs.garbage
                && held.uranium >= needs.uranium;
            if ok {
                best = best.max(u32::from(needs.cities));
            }
        }
        best
    }

    pub(crate) fn houses_in(&self, city: CityId) -> u32 {
        if city.map() != self.view.map {
            return 0;
        }
        self.houses.get(city.local()).map_or(0, |&h| u32::from(h))
    }

    /// Connection plus place cost of building in `city` now.
    pub(crate) fn build_cost(&self, city: CityId) -> u32 {
        let conn = self
            .me
            .cities
            .iter()
            .filter_map(|&c| self.board.distance(c, city))
            .min()
            .unwrap_or(0);
        // Houses in a city are at most three.
        u32::from(conn) + house_price(self.houses_in(city) as u8)
    }

    /// Open cities (room left in this step, not the viewer's) within 20 Elektro of `city`.
    pub(crate) fn openness(&self, city: CityId) -> u32 {
        if city.map() != self.view.map {
            return 0;
        }
        let near = self.board.within(city, 20) & !(1 << city.local());
        (near & self.open).count_ones()
    }

    /// The building phase (see the module docs); `money` is every seat's money as far as it is
    /// known.
    fn building(&self, legal: &[Action], last: bool, money: &[u32]) -> Option<Action> {
        let fuelled = Self::fuelled_capacity(&self.me.plants, self.me.resources);
        let cities = self.cities();
        let stalled = self.view.round >= STALL_ROUND;
        let expected = self
            .fuelled_cities(&self.me.plants, &self.me.plants)
            .round() as u32;
        // In the final round a city the fuel held cannot power is worth nothing, and the
        // cheapest cities give the most powered ones for the money.
        if last && !stalled {
            return Some(self.build_toward(legal, fuelled));
        }
        let end = u32::from(self.rules.end_cities);
        let ahead = expected.max(fuelled) + 1;
        let wins = self.wins_by_ending(fuelled, money);
        let limit = if !wins {
            // Connecting the count would end a game the bot loses; once a rival is near it,
            // the bot stays a city behind the leading rival.
            let lead = self.lead_rival();
            if lead + TRAIL_NEAR_END >= end {
                ahead.min(end - 1).min(lead.saturating_sub(1))
            } else {
                ahead.min(end - 1)
            }
        } else if !stalled && end <= fuelled + END_DARK {
            ahead.max(end)
        } else {
            ahead
        };
        if cities >= limit && !stalled {
            return Some(Action::Done);
        }
        let best = legal
            .iter()
            .filter_map(|a| match *a {
                Action::Build { city } => {
                    let cost = self.build_cost(city);
                    let score = cost as i64 - i64::from(self.openness(city));
                    Some((score, cost, city))
                }
                _ => None,
            })
            .min_by_key(|&(score, _, city)| (score, city));
        let Some((_, cost, city)) = best else {
            return Some(Action::Done);
        };
        if cost > self.money {
            return Some(Action::Done);
        }
        Some(Action::Build { city })
    }

    /// The most cities any rival has connected.
    fn lead_rival(&self) -> u32 {
        self.view
            .players
            .iter()
            .filter(|p| p.seat != self.me.seat)
            .map(|p| p.cities.len() as u32)
            .max()
            .unwrap_or(0)
    }

    /// Whether the viewer, holding fuel for `fuelled` cities, would win if it connected the
    /// game-end count in this building phase: it would power more cities than any rival can, or
    /// as many with more money left. Every rival has bought its fuel by then. One that has built
    /// this phase powers at most its cities and keeps its money; one still to build (earlier in
    /// turn order) connects, cheapest first, as many of the cities its fuel runs as its money
    /// (`money`, by seat, as far as it is known) pays for.
    fn wins_by_ending(&self, fuelled: u32, money: &[u32]) -> bool {
        let end = u32::from(self.rules.end_cities);
        let cities = self.cities();
        let target = end.max(cities);
        let mine = fuelled.min(target);
        let houses = self.houses_cost(self.me, target - cities);
        let Some(my_money) = houses
            .get((target - cities) as usize)
            .and_then(|&cost| self.money.checked_sub(cost))
        else {
            return false;
        };
        self.view
            .players
            .iter()
            .filter(|p| p.seat != self.me.seat)
            .all(|p| {
                let runs = Self::fuelled_capacity(&p.plants, p.resources);
                let have = p.cities.len() as u32;
                // A seat whose money is not known is taken to afford any city.
                let cash = money.get(p.seat.index()).copied().unwrap_or(u32::MAX);
                // Building goes in reverse turn order, as resource buying does.
                let built = self.buys_before_me(p.seat);
                let (theirs, left) = if built || runs <= have {
                    (runs.min(have), cash)
                } else {
                    let costs = self.houses_cost(p, runs - have);
                    let k = costs.iter().rposition(|&c| c <= cash).unwrap_or(0);
                    (have + k as u32, cash - costs[k])
                };
                mine > theirs || (mine == theirs && my_money > left)
            })
    }

    /// Next round's fuel outlook, once the leader is [`HOLD_NEAR_END`] cities or fewer from the
    /// game-end count (`None` before): the tokens of each resource the market will leave the
    /// viewer (this market and the refill for this player count and step, capped by the supply,
    /// less what every rival with no more cities than the viewer lacks for one run: those come
    /// after it in turn order and buy before it), and the fuel of the plants it means to run.
    fn next_round_fuel(&self) -> Option<(ByResource<u32>, FuelNeeds)> {
        let lead = self.view.players.iter().map(|p| p.cities.len()).max()?;
        if lead + HOLD_NEAR_END < usize::from(self.rules.end_cities) {
            return None;
        }
        let refill = refill(self.view.players.len() as u8, self.view.step);
        let mut before = ByResource::<u32>::default();
        for p in &self.view.players {
            if p.seat == self.me.seat || p.cities.len() > self.me.cities.len() {
                continue;
            }
            let run = Self::rival_demand2(p);
            for r in Resource::ALL {
                before[r] += (run[r] / 2).saturating_sub(u32::from(p.resources[r]));
            }
        }
        let left = ByResource::from_fn(|r| {
            (u32::from(self.view.resource_market[r])
                + u32::from(refill[r].min(self.view.supply[r])))
            .saturating_sub(before[r])
        });
        Some((left, FuelNeeds::of(self.plants_to_run())))
    }

    /// Tokens the viewer will lack next round for the plants it means to run, holding `kept`
    /// after this bureaucracy, with `outlook` from [`Ctx::next_round_fuel`]; a hybrid takes the
    /// coal and oil the coal and oil plants leave.
    fn lack_next_round(kept: ByResource<u8>, outlook: &(ByResource<u32>, FuelNeeds)) -> u32 {
        let (left, needs) = outlook;
        let has = |r: Resource| u32::from(kept[r]) + left[r];
        let lacks = |r: Resource, n: u8| u32::from(n).saturating_sub(has(r));
        let spare = has(Resource::Coal).saturating_sub(u32::from(needs.coal))
            + has(Resource::Oil).saturating_sub(u32::from(needs.oil));
        lacks(Resource::Coal, needs.coal)
            + lacks(Resource::Oil, needs.oil)
            + u32::from(needs.hybrid).saturating_sub(spare)
            + lacks(Resource::Garbage, needs.garbage)
            + lacks(Resource::Uranium, needs.uranium)
    }

    /// The run of plants powering the most cities, burning the least value of fuel (the panel's
    /// styles power so).
    pub(crate) fn power(&self, legal: &[Action]) -> Option<Action> {
        self.power_keeping(legal, None)
    }

    /// [`Ctx::power`], first keeping the fuel the next round would lack, with `outlook` from
    /// [`Ctx::next_round_fuel`] (see the module docs).
    fn power_keeping(
        &self,
        legal: &[Action],
        outlook: Option<(ByResource<u32>, FuelNeeds)>,
    ) -> Option<Action> {
        let cities = self.cities();
        let held = self.me.resources;
        legal
            .iter()
            .copied()
            .filter_map(|a| match a {
                Action::Power {
                    plants,
                    hybrid_coal,
                } => {
                    let needs = FuelNeeds::of(plants.iter());
                    let powered = u32::from(needs.cities).min(cities);
                    let coal = u32::from(needs.coal + hybrid_coal);
                    let oil = u32::from(needs.oil + needs.hybrid - hybrid_coal);
                    let value = coal * self.unit_price(Resource::Coal)
                        + oil * self.unit_price(Resource::Oil)
                        + u32::from(needs.garbage) * self.unit_price(Resource::Garbage)
                        + u32::from(needs.uranium) * self.unit_price(Resource::Uranium);
                    let lack = outlook.as_ref().map_or(0, |o| {
                        let kept = ByResource::<u8> {
                            coal: held.coal.saturating_sub(coal as u8),
                            oil: held.oil.saturating_sub(oil as u8),
                            garbage: held.garbage.saturating_sub(needs.garbage),
                            uranium: held.uranium.saturating_sub(needs.uranium),
                        };
                        Self::lack_next_round(kept, o)
                    });
                    Some((
                        std::cmp::Reverse(lack),
                        powered,
                        std::cmp::Reverse(value),
                        a,
                    ))
                }
                _ => None,
            })
            .max_by_key(|&(lack, powered, value, _)| (lack, powered, value))
            .map(|(_, _, _, a)| a)
    }
}

/// The largest legal purchase of `r` of at most `lack` tokens.
pub(crate) fn largest_purchase(legal: &[Action], r: Resource, lack: u8) -> Option<u8> {
    legal
        .iter()
        .filter_map(|a| match *a {
            Action::Buy { resource, amount } if resource == r && amount <= lack => Some(amount),
            _ => None,
        })
        .max()
}

/// The build the heuristic ranks first among `legal`, ignoring its limits (for the search
/// bot's action abstraction).
pub(crate) fn best_build(view: &View, legal: &[Action]) -> Option<Action> {
    let ctx = Ctx::new(view)?;
    legal
        .iter()
        .filter_map(|a| match *a {
            Action::Build { city } => {
                let score = ctx.build_cost(city) as i64 - i64::from(ctx.openness(city));
                Some((score, city))
            }
            _ => None,
        })
        .min()
        .map(|(_, city)| Action::Build { city })
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Seat;
    use powergrid::{MapId, PhaseKind, PlantSet, Setup};

    fn playing_until(players: u8, seed: u64, stop: impl Fn(&State) -> bool) -> Option<State> {
        let mut s = State::new(Setup::new(players, MapId::Germany, seed)).unwrap();
        let mut legal = Vec::new();
        while let Some(seat) = s.actor().seat() {
            if stop(&s) {
                return Some(s);
            }
            s.legal_actions(&mut legal);
            let view = s.view(Viewer::Seat(seat));
            let money: Vec<u32> = (0..s.players()).map(|i| s.money(Seat(i as u8))).collect();
            let a = Heuristic::decide(&view, &legal, &money);
            s.apply_as(seat, &a).unwrap();
        }
        None
    }

    #[test]
    fn it_powers_the_best_set() {
        let mut checked = 0;
        for seed in 0..20 {
            let mut s = State::new(Setup::new(4, MapId::Germany, seed)).unwrap();
            let mut legal = Vec::new();
            while let Some(seat) = s.actor().seat() {
                s.legal_actions(&mut legal);
                let view = s.view(Viewer::Seat(seat));
                let money: Vec<u32> = (0..4).map(|i| s.money(Seat(i))).collect();
                let a = Heuristic::decide(&view, &legal, &money);
                if s.phase() == PhaseKind::Bureaucracy {
                    let Action::Power { plants, .. } = a else {
                        panic!("{a} in bureaucracy")
                    };
                    let powered = FuelNeeds::of(plants.iter()).cities.min(s.city_count(seat));
                    let lead = (0..4).map(|i| s.city_count(Seat(i))).max().unwrap_or(0);
                    let end = player_count_rules(4).unwrap().end_cities;
                    if usize::from(lead) + HOLD_NEAR_END < usize::from(end) {
                        assert_eq!(powered, s.best_power(seat).cities, "seed {seed}: {a}");
                        checked += 1;
                    } else {
                        // Near the end it may keep fuel for the next round.
                        assert!(powered <= s.best_power(seat).cities, "seed {seed}: {a}");
                    }
                }
                s.apply_as(seat, &a).unwrap();
            }
        }
        assert!(checked > 200, "{checked}");
    }

    #[test]
    fn it_never_buys_what_it_cannot_store_and_buys_fuel_it_needs() {
        let mut bought = 0;
        for seed in 0..20 {
            let mut s = State::new(Setup::new(3, MapId::Usa, seed)).unwrap();
            let mut legal = Vec::new();
            while let Some(seat) = s.actor().seat() {
                s.legal_actions(&mut legal);
                let view = s.view(Viewer::Seat(seat));
                let money: Vec<u32> = (0..3).map(|i| s.money(Seat(i))).collect();
                let a = Heuristic::decide(&view, &legal, &money);
                if let Action::Buy { resource, amount } = a {
                    assert!(amount <= s.storage_room(seat)[resource], "seed {seed}: {a}");
                    let plants = s.plants(seat);
                    assert!(plants.iter().any(|p| {
                        let k = p.spec().unwrap().kind;
                        k.resource() == Some(resource)
                            || (k == PlantKind::Hybrid
                                && matches!(resource, Resource::Coal | Resource::Oil))
                    }));
                    bought += 1;
                }
                s.apply_as(seat, &a).unwrap();
            }
        }
        assert!(bought > 100, "{bought}");
    }

    /// Outside the round it foresees as the last, the bot bids no more than its valuation; in
    /// that round it bids by the final count (`finish`), and some of those bids are higher.
    #[test]
    fn it_bids_no_more_than_its_valuation() {
        let mut bids = 0;
        let mut final_bids_over = 0;
        for seed in 0..30 {
            let mut s = State::new(Setup::new(4, MapId::Germany, seed)).unwrap();
            let mut legal = Vec::new();
            while let Some(seat) = s.actor().seat() {
                s.legal_actions(&mut legal);
                let view = s.view(Viewer::Seat(seat));
                let money: Vec<u32> = (0..4).map(|i| s.money(Seat(i))).collect();
                let a = Heuristic::decide(&view, &legal, &money);
                if Ctx::new(&view).unwrap().final_round(&money) {
                    if let (Action::Bid { amount }, Some(auction)) = (a, &view.auction) {
                        final_bids_over +=
                            u32::from(amount > Heuristic::plant_value(&view, auction.plant));
                    }
                    s.apply_as(seat, &a).unwrap();
                    continue;
                }
                if let (Action::Bid { amount }, Some(auction)) = (a, &view.auction) {
                    let value = Heuristic::plant_value(&view, auction.plant);
                    assert!(
                        amount <= value,
                        "seed {seed}: bid {amount} over value {value}"
                    );
                    bids += 1;
                }
                if let Action::StartAuction { plant, bid } = a {
                    if legal.contains(&Action::Pass) {
                        assert!(bid <= Heuristic::plant_value(&view, plant));
                    }
                }
                s.apply_as(seat, &a).unwrap();
            }
        }
        assert!(bids > 10, "{bids}");
        assert!(final_bids_over > 0, "no final-round bid over the valuation");
    }

    #[test]
    fn plants_are_valued_by_useful_capacity() {
        let s = State::new(Setup::new(4, MapId::Germany, 5)).unwrap();
        let seat = s.actor().seat().unwrap();
        let view = s.view(Viewer::Seat(seat));
        // An empty hand: every plant adds capacity; a 2-city plant is worth more than a
        // 1-city plant of a nearby number, and an eco plant carries a bonus.
        let v4 = Heuristic::plant_value(&view, PlantId(4)); // coal 2 -> 1
        let v5 = Heuristic::plant_value(&view, PlantId(5)); // hybrid 2 -> 1
        let v13 = Heuristic::plant_value(&view, PlantId(13)); // eco -> 1
        let v10 = Heuristic::plant_value(&view, PlantId(10)); // coal 2 -> 2
        assert!(v4 >= 4 && v5 >= 5, "{v4} {v5}");
        assert!(v10 > v4 + 4, "{v10} {v4}");
        assert!(v13 > 13 + 4, "{v13}");
        // A position where the seat holds plants: a plant that adds no useful capacity is
        // worth nothing.
        let later = playing_until(4, 5, |s| s.round() >= 4 && s.phase() == PhaseKind::Auction)
            .expect("the game reaches round 4");
        let seat = later.actor().seat().unwrap();
        let view = later.view(Viewer::Seat(seat));
        let weakest = view.players[seat.index()]
            .plants
            .iter()
            .copied()
            .min_by_key(|p| (p.spec().unwrap().cities, p.0));
        if view.players[seat.index()].plants.len() == 3 {
            let w = weakest.unwrap();
            let same: Vec<PlantId> = powergrid::plants::PLANTS
                .iter()
                .map(|s| PlantId(s.number))
                .filter(|p| p.spec().unwrap().cities <= w.spec().unwrap().cities)
                .collect();
            for p in same {
                assert_eq!(Heuristic::plant_value(&view, p), 0, "{p} vs weakest {w}");
            }
        }
    }

    /// A view of `state` for its actor with the coal market and supply set to `coal`, and the
    /// actor's plants and stored fuel replaced.
    fn with_coal(state: &State, coal: u8, mine: &[PlantId], held_coal: u8) -> View {
        let seat = state.actor().seat().unwrap();
        let mut view = state.view(Viewer::Seat(seat));
        view.resource_market.coal = coal;
        view.supply.coal = coal;
        let me = &mut view.players[seat.index()];
        me.plants = mine.to_vec();
        me.resources = ByResource::default();
        me.resources.coal = held_coal;
        view
    }

    /// Rivals burning 8 coal a round against an empty coal market and supply: a 5-city coal
    /// plant is worth less than with coal plentiful, and less than the same-size oil plant.
    #[test]
    fn a_plant_is_valued_by_the_fuel_it_will_get() {
        let s = playing_until(4, 5, |s| s.round() >= 4 && s.phase() == PhaseKind::Auction)
            .expect("the game reaches round 4");
        let me = s.actor().seat().unwrap();
        let starve = |mut view: View| {
            for p in view.players.iter_mut().filter(|p| p.seat != me) {
                p.plants = vec![PlantId(25), PlantId(31)];
            }
            view
        };
        let plenty = with_coal(&s, 24, &[PlantId(4)], 0);
        let starved = starve(with_coal(&s, 0, &[PlantId(4)], 0));
        let coal25 = Heuristic::plant_value(&plenty, PlantId(25));
        let starved25 = Heuristic::plant_value(&starved, PlantId(25));
        let oil26 = Heuristic::plant_value(&starved, PlantId(26));
        assert!(coal25 > starved25, "{coal25} vs {starved25}");
        assert!(oil26 > starved25, "{oil26} vs {starved25}");
        assert!(f64::from(coal25) >= 25.0 + PER_CITY[1] * 4.0, "{coal25}");
    }

    /// In Step 1 the bot builds one city beyond the cities its plants can be fuelled for: none
    /// when its only plant burns coal and no coal will come, several when coal is plentiful.
    #[test]
    fn it_builds_no_further_than_the_fuel_it_can_get() {
        let s = playing_until(4, 5, |s| {
            let seat = s.actor().seat();
            s.phase() == PhaseKind::Building
                && s.step() == 1
                && seat.is_some_and(|me| (2..4).contains(&s.city_count(me)) && s.money(me) >= 40)
        })
        .expect("a Step 1 building turn with 2 or 3 cities and 40 Elektro");
        let mut legal = Vec::new();
        s.legal_actions(&mut legal);
        let starved = with_coal(&s, 0, &[PlantId(25)], 0);
        assert_eq!(Heuristic::decide(&starved, &legal, &[]), Action::Done);
        let fuelled = with_coal(&s, 24, &[PlantId(25)], 4);
        let a = Heuristic::decide(&fuelled, &legal, &[]);
        assert!(matches!(a, Action::Build { .. }), "{a}");
    }

    /// Eco plants (they burn nothing) adding up to `cities` cities.
    fn eco_hand(mut cities: u32) -> Vec<PlantId> {
        let mut hand = Vec::new();
        for (number, size) in [(50, 6), (44, 5), (33, 4), (27, 3), (22, 2), (13, 1)] {
            while cities >= size {
                hand.push(PlantId(number));
                cities -= size;
            }
        }
        hand
    }

    /// A Step 2 building turn of a heuristic game where the actor has 3 cities and 60 Elektro:
    /// the state, the actor, its legal actions and its view.
    fn step2_building() -> (State, Seat, Vec<Action>, View) {
        let s = playing_until(4, 5, |s| {
            let seat = s.actor().seat();
            s.phase() == PhaseKind::Building
                && s.step() >= 2
                && seat.is_some_and(|me| s.city_count(me) >= 3 && s.money(me) >= 60)
        })
        .expect("a Step 2 building turn with 3 cities and 60 Elektro");
        let me = s.actor().seat().unwrap();
        let mut legal = Vec::new();
        s.legal_actions(&mut legal);
        let view = s.view(Viewer::Seat(me));
        (s, me, legal, view)
    }

    /// In Step 2 the bot still builds one city beyond what it can power; once a rival has
    /// connected the game-end count, it builds only what its fuel powers.
    #[test]
    fn it_builds_one_city_ahead_until_the_game_is_ending() {
        let (s, me, legal, mut view) = step2_building();
        view.players[me.index()].plants = eco_hand(u32::from(s.city_count(me)));
        let a = Heuristic::decide(&view, &legal, &[]);
        assert!(matches!(a, Action::Build { .. }), "{a}");
        let rival = view.players.iter().position(|p| p.seat != me).unwrap();
        let all: Vec<CityId> = view.players[rival]
            .cities
            .iter()
            .copied()
            .chain(Board::get(view.map, RegionSet::of(&view.regions)).cities())
            .take(17)
            .collect();
        view.players[rival].cities = all;
        assert_eq!(Heuristic::decide(&view, &legal, &[]), Action::Done);
    }

    /// The last building turn of a game the bot wins by ending it: it holds 15 cities and fuel
    /// for 14 (its usual limit is one city past its fuel), every rival powers at most 13, and
    /// the bot builds on towards the game-end count (17). With a rival that powers 14 it stops:
    /// ending the game would not win it.
    #[test]
    fn it_connects_the_end_count_when_that_wins() {
        let (_, me, legal, mut view) = step2_building();
        let board = Board::get(view.map, RegionSet::of(&view.regions));
        for p in view.players.iter_mut() {
            let (cities, fuelled) = if p.seat == me { (15, 14) } else { (13, 13) };
            p.cities = board.cities().take(cities).collect();
            p.plants = eco_hand(fuelled);
        }
        let a = Heuristic::decide(&view, &legal, &[]);
        assert!(matches!(a, Action::Build { .. }), "{a}");
        let rival = view.players.iter().position(|p| p.seat != me).unwrap();
        view.players[rival].cities = board.cities().take(14).collect();
        view.players[rival].plants = eco_hand(14);
        assert_eq!(Heuristic::decide(&view, &legal, &[]), Action::Done);
    }

    /// Ending the game on a tie in cities powered is decided by money: a bot that would power
    /// as many cities as a rival that has built this phase connects the game-end count only when
    /// it would keep more money than that rival. Otherwise it holds the city back and the game
    /// goes on.
    #[test]
    fn it_holds_back_the_end_count_when_ending_loses_the_tie() {
        let (_, me, legal, mut view) = step2_building();
        let board = Board::get(view.map, RegionSet::of(&view.regions));
        let rival = view.players.iter().position(|p| p.seat != me).unwrap();
        let rival = view.players[rival].seat;
        for p in view.players.iter_mut() {
            p.cities.clear();
            p.plants = eco_hand(5);
        }
        let mine = &mut view.players[me.index()];
        mine.cities = board.cities().take(16).collect();
        mine.plants = eco_hand(16);
        mine.money = Some(100);
        let theirs = &mut view.players[rival.index()];
        // Step 2: the rival shares the viewer's cities (the board in play has 28).
        theirs.cities = board.cities().take(16).collect();
        theirs.plants = eco_hand(16);
        // The viewer is first in turn order: it builds last, after every rival.
        let others = view.players.iter().map(|p| p.seat).filter(|&s| s != me);
        view.turn_order = std::iter::once(me).chain(others).collect();
        let money = |rival_money: u32| -> Vec<u32> {
            let mut money = vec![0; view.players.len()];
            money[me.index()] = 100;
            money[rival.index()] = rival_money;
            money
        };
        let a = Heuristic::decide(&view, &legal, &money(10));
        assert!(matches!(a, Action::Build { .. }), "{a}");
        assert_eq!(Heuristic::decide(&view, &legal, &money(200)), Action::Done);
    }

    /// Once a rival is 3 cities from the game-end count (17), the bot builds no further than a
    /// city behind it while ending would not win: with 13 cities and fuel for 14 it builds while
    /// the leading rival has 13, stops when that rival has 14, and with 12 builds up to 13.
    #[test]
    fn near_the_end_it_stays_a_city_behind_the_leading_rival() {
        let (_, me, legal, mut view) = step2_building();
        let board = Board::get(view.map, RegionSet::of(&view.regions));
        let rival = view.players.iter().position(|p| p.seat != me).unwrap();
        for p in view.players.iter_mut() {
            p.cities = board.cities().take(5).collect();
            p.plants = eco_hand(5);
        }
        let mine = &mut view.players[me.index()];
        mine.cities = board.cities().take(13).collect();
        mine.plants = eco_hand(14);
        mine.money = Some(200);
        view.players[rival].plants = eco_hand(14);
        let with = |view: &View, mine: usize, theirs: usize| {
            let mut view = view.clone();
            view.players[me.index()].cities = board.cities().take(mine).collect();
            // Step 2: the rival shares the viewer's cities (the board in play has 28).
            view.players[rival].cities = board.cities().take(theirs).collect();
            Heuristic::decide(&view, &legal, &[])
        };
        let a = with(&view, 13, 13);
        assert!(matches!(a, Action::Build { .. }), "{a}");
        assert_eq!(with(&view, 13, 14), Action::Done);
        let a = with(&view, 12, 14);
        assert!(matches!(a, Action::Build { .. }), "{a}");
    }

    /// Near the end of the game the leader buys its fuel last: a 5-city coal plant is worth
    /// nothing to a bot that buys after three rivals who take the 6 coal left in the market,
    /// though the next refill covers everyone. Buying first, or far from the end, it is worth
    /// its cities.
    #[test]
    fn near_the_end_fuel_counts_what_the_rivals_buying_first_leave() {
        let (s, mut view) = auction_view(&[PlantId(13)], &[PlantId(25)], 6);
        let me = s.actor().seat().unwrap();
        view.supply.coal = 24;
        let board = Board::get(view.map, RegionSet::of(&view.regions));
        let rival = view.players.iter().position(|p| p.seat != me).unwrap();
        let rivals = view.players.iter().map(|p| p.seat).filter(|&p| p != me);
        let first: Vec<Seat> = std::iter::once(me).chain(rivals.clone()).collect();
        let last: Vec<Seat> = rivals.chain(std::iter::once(me)).collect();
        let value = |view: &View, order: &[Seat]| {
            let mut view = view.clone();
            view.turn_order = order.to_vec();
            Heuristic::plant_value(&view, PlantId(25))
        };
        let far = (value(&view, &first), value(&view, &last));
        view.players[rival].cities = board.cities().take(14).collect();
        let near = (value(&view, &first), value(&view, &last));
        assert!(far.0 > 25 && far.0 == far.1, "{far:?}");
        assert_eq!(near, (0, far.1));
    }

    /// A view in round 4's auction with the actor holding `mine` and 100 Elektro, every rival
    /// holding `theirs`, and `coal` coal tokens in the market and none in the supply.
    fn auction_view(mine: &[PlantId], theirs: &[PlantId], coal: u8) -> (State, View) {
        let s = playing_until(4, 5, |s| s.round() >= 4 && s.phase() == PhaseKind::Auction)
            .expect("the game reaches round 4");
        let me = s.actor().seat().unwrap();
        let mut view = with_coal(&s, coal, mine, 0);
        view.supply.coal = 0;
        for p in view.players.iter_mut() {
            if p.seat == me {
                p.money = Some(100);
            } else {
                p.plants = theirs.to_vec();
                p.resources = ByResource::default();
            }
        }
        (s, view)
    }

    /// With capacity to spare, a plant is wanted only if it adds 7 fuelled cities, or 2 for a
    /// plant that burns nothing.
    #[test]
    fn with_capacity_to_spare_only_big_or_fuel_free_plants_are_wanted() {
        let (s, mut view) = auction_view(&[], &[PlantId(4)], 24);
        let me = s.actor().seat().unwrap();
        let cities = view.players[me.index()].cities.len() as u32;
        view.players[me.index()].plants = eco_hand(cities + 3);
        assert_eq!(Heuristic::plant_value(&view, PlantId(16)), 0); // oil, 3 cities
        assert_eq!(Heuristic::plant_value(&view, PlantId(31)), 0); // coal, 6 cities
        assert!(Heuristic::plant_value(&view, PlantId(36)) > 36); // coal, 7 cities
        assert!(Heuristic::plant_value(&view, PlantId(22)) > 22); // wind, 2 cities
    }

    /// With 17 connected cities and 17 fuelled (4 players: the game-end count), a plant that
    /// adds a city is still worth buying: the final count includes the round's last builds. A
    /// bigger gain counts only that one city past the end count.
    #[test]
    fn capacity_counts_one_city_past_the_end_count() {
        // Coal 7 + fusion 6 + wind 4 = 17 cities; coal is plentiful.
        let hand = [PlantId(36), PlantId(50), PlantId(33)];
        let (s, mut view) = auction_view(&hand, &[PlantId(4)], 24);
        let me = s.actor().seat().unwrap();
        let board = Board::get(view.map, RegionSet::of(&view.regions));
        view.players[me.index()].cities = board.cities().take(17).collect();
        // Wind 5 replaces wind 4: 18 cities, one past the end count (2 Elektro a city from
        // round 3 on, no bonus for burning nothing).
        let wind5 = Heuristic::plant_value(&view, PlantId(44));
        assert_eq!(wind5, 44 + 2, "{wind5}");
        // Hybrid 7 replaces wind 4 (20 cities): still one useful city.
        let hybrid7 = Heuristic::plant_value(&view, PlantId(46));
        assert!(hybrid7 > 46 && hybrid7 <= 46 + 2, "{hybrid7}");
        // Wind 4 for wind 4 adds nothing.
        assert_eq!(Heuristic::plant_value(&view, PlantId(37)), 0);
    }

    /// A plant loses twice what its fuel costs per city at the market's prices: plant 10 burns 2
    /// coal for 2 cities, so it loses twice the price of a coal token, and more when coal is
    /// dear. From round 3 on a city is worth 2 Elektro instead of 4, and a 1-city wind plant
    /// loses its 4-Elektro bonus for burning nothing.
    #[test]
    fn a_plant_loses_twice_its_fuel_cost_per_city() {
        let s = State::new(Setup::new(4, MapId::Germany, 5)).unwrap();
        let mut view = s.view(Viewer::Seat(s.actor().seat().unwrap()));
        let coal =
            |view: &View| market_price(Resource::Coal, view.resource_market.coal, 1).unwrap();
        let cheap = coal(&view);
        assert_eq!(
            Heuristic::plant_value(&view, PlantId(10)),
            10 + 4 * 2 - 2 * cheap
        );
        assert_eq!(Heuristic::plant_value(&view, PlantId(13)), 13 + 4 + 4);
        view.supply.coal += view.resource_market.coal - 12;
        view.resource_market.coal = 12;
        let dear = coal(&view);
        assert!(dear > cheap, "{dear} vs {cheap}");
        assert_eq!(
            Heuristic::plant_value(&view, PlantId(10)),
            10 + 4 * 2 - 2 * dear
        );
        view.round = 3;
        assert_eq!(
            Heuristic::plant_value(&view, PlantId(10)),
            10 + 2 * 2 - 2 * dear
        );
        assert_eq!(Heuristic::plant_value(&view, PlantId(13)), 13 + 2);
    }

    /// An opening in round 4 with an empty hand, coal plentiful, and a market of the 3-city coal
    /// plant 15 and the 2-city wind plant 22: the legal openings on each, and passing.
    fn coal_or_wind() -> (State, View, [Action; 3]) {
        let (s, mut view) = auction_view(&[], &[PlantId(4)], 24);
        view.auction = None;
        view.auction_done.clear();
        view.current_market = vec![PlantId(15), PlantId(22)];
        let legal = [
            Action::StartAuction {
                plant: PlantId(15),
                bid: 15,
            },
            Action::StartAuction {
                plant: PlantId(22),
                bid: 22,
            },
            Action::Pass,
        ];
        (s, view, legal)
    }

    /// The auction values of round 3 on (see the module docs): with coal plentiful and an
    /// empty hand, the bot opens on the 2-city wind plant 22 in round 2 but on the cheaper
    /// 3-city coal plant 15 from round 3 on, where a city is worth 3 Elektro and burning
    /// nothing no bonus.
    #[test]
    fn from_round_three_it_opens_on_the_coal_plant_rather_than_the_wind() {
        let (_, mut view, legal) = coal_or_wind();
        view.round = 2;
        assert_eq!(Heuristic::decide(&view, &legal, &[]), legal[1]);
        view.round = 4;
        assert_eq!(Heuristic::decide(&view, &legal, &[]), legal[0]);
    }

    /// One auction seen by `b`: `starter` opens `plant`, then each answer in turn (a raise by one
    /// or a drop), and the last bidder buys.
    fn auction_seen(b: &mut Bidders, starter: u8, plant: u8, answers: &[(u8, bool)]) {
        let plant = PlantId(plant);
        let mut high = u32::from(plant.0);
        let mut winner = Seat(starter);
        b.observe(&Event::AuctionStarted {
            seat: winner,
            plant,
            bid: high,
        });
        for &(seat, raises) in answers {
            let seat = Seat(seat);
            if raises {
                high += 1;
                winner = seat;
                b.observe(&Event::Bid {
                    seat,
                    plant,
                    amount: high,
                });
            } else {
                b.observe(&Event::DroppedOut { seat, plant });
            }
        }
        b.observe(&Event::PlantBought {
            seat: winner,
            plant,
            price: high,
        });
    }

    /// A seat's chances to raise are its first answers while the high bid is at most 2 over the
    /// plant's number, tallied apart for plants burning fuel and burning nothing; it raises
    /// reflexively after 4 chances or more, 90 % of them raised.
    #[test]
    fn bidders_tally_first_answers_near_the_opening_bid() {
        let mut b = Bidders::default();
        for _ in 0..3 {
            // Seat 1 raises at once, seat 2 at 16, seat 3 drops at 17, seat 1's second answer
            // does not count.
            auction_seen(
                &mut b,
                0,
                15,
                &[(1, true), (2, true), (3, false), (1, false)],
            );
        }
        let (coal, wind) = (PlantId(15), PlantId(22));
        assert!(
            !b.raises_reflexively(Seat(1), coal),
            "three chances are too few"
        );
        auction_seen(
            &mut b,
            0,
            15,
            &[(1, true), (2, true), (3, false), (1, false)],
        );
        assert!(b.raises_reflexively(Seat(1), coal));
        assert!(b.raises_reflexively(Seat(2), coal));
        assert!(!b.raises_reflexively(Seat(3), coal), "it always dropped");
        assert!(!b.raises_reflexively(Seat(0), coal), "it only opened");
        assert!(
            !b.raises_reflexively(Seat(1), wind),
            "nothing seen on wind plants"
        );
        // Answers once the bid is 3 over the number are no chance: seat 3 stays at 4 of 4
        // drops, seat 2 at 4 of 4 raises.
        auction_seen(
            &mut b,
            0,
            15,
            &[(1, true), (1, true), (1, true), (3, false)],
        );
        auction_seen(
            &mut b,
            0,
            15,
            &[(1, true), (1, true), (1, true), (2, false)],
        );
        assert!(b.raises_reflexively(Seat(2), coal));
        // Seat 1 dropping once in 7 chances (86 %) is no longer reflexive.
        auction_seen(&mut b, 0, 15, &[(1, false)]);
        assert!(!b.raises_reflexively(Seat(1), coal));
    }

    /// From round 3, with a rival still to buy that raises every wind auction and can pay,
    /// the bot puts the wind plant up (to let the rival buy it) instead of opening on the coal
    /// plant it prefers; not in round 2, not once that rival has bought, not when it is short
    /// of money, and never without a record of the rivals' bidding.
    #[test]
    fn it_puts_a_plant_up_for_a_rival_that_raises_every_auction() {
        let (s, view, legal) = coal_or_wind();
        let me = s.actor().seat().unwrap();
        let rival = view.players.iter().find(|p| p.seat != me).unwrap().seat;
        let other = view
            .players
            .iter()
            .find(|p| p.seat != me && p.seat != rival)
            .unwrap()
            .seat;
        let mut b = Bidders::default();
        for _ in 0..4 {
            auction_seen(&mut b, other.0, 22, &[(rival.0, true), (other.0, false)]);
        }
        let money = vec![100; view.players.len()];
        let decide = |view: &View, money: &[u32], b: Option<&Bidders>| {
            Heuristic::decide_with(view, &legal, money, b)
        };
        assert_eq!(decide(&view, &money, None), legal[0]);
        assert_eq!(decide(&view, &money, Some(&b)), legal[1]);
        let mut poor = money.clone();
        poor[rival.index()] = 22;
        assert_eq!(decide(&view, &poor, Some(&b)), legal[0]);
        let mut done = view.clone();
        done.auction_done.push(rival);
        assert_eq!(decide(&done, &money, Some(&b)), legal[0]);
        // In round 2 the bot opens on the wind plant (worth more then), even with a rival that
        // raises every coal auction: no bait yet.
        let mut coal = Bidders::default();
        for _ in 0..4 {
            auction_seen(&mut coal, other.0, 15, &[(rival.0, true), (other.0, false)]);
        }
        assert_eq!(decide(&view, &money, Some(&coal)), legal[0]);
        let mut early = view.clone();
        early.round = 2;
        assert_eq!(decide(&early, &money, None), legal[1]);
        assert_eq!(decide(&early, &money, Some(&coal)), legal[1]);
    }

    /// A rival holding more than one run of coal stocks it and counts for two runs, so the
    /// viewer expects less of the coal it needs.
    #[test]
    fn a_rival_stocking_fuel_counts_twice() {
        let (s, mut view) = auction_view(&[PlantId(25)], &[PlantId(31)], 11);
        let me = s.actor().seat().unwrap();
        let share = |view: &View| Ctx::new(view).unwrap().fuel_share(&[PlantId(25)]).coal;
        let plain = share(&view);
        let rival = view.players.iter().position(|p| p.seat != me).unwrap();
        view.players[rival].resources.coal = 6;
        let stocked = share(&view);
        assert!((plain - 0.5).abs() < 1e-9, "{plain}");
        assert!(stocked < plain, "{stocked} vs {plain}");
    }

    /// With 150 Elektro or more the bot buys a second run of a resource the market will not
    /// cover; with less, one run.
    #[test]
    fn a_rich_bot_stocks_a_second_run_of_scarce_fuel() {
        let (_, mut view) = auction_view(&[PlantId(25)], &[PlantId(31)], 11);
        view.phase = PhaseKind::Resources;
        let legal: Vec<Action> = (1..=4)
            .map(|amount| Action::Buy {
                resource: Resource::Coal,
                amount,
            })
            .chain([Action::Done])
            .collect();
        let two = Action::Buy {
            resource: Resource::Coal,
            amount: 2,
        };
        let four = Action::Buy {
            resource: Resource::Coal,
            amount: 4,
        };
        let me = view.viewer;
        let with_money = |view: &mut View, money: u32| {
            for p in view.players.iter_mut() {
                if Viewer::Seat(p.seat) == me {
                    p.money = Some(money);
                }
            }
        };
        with_money(&mut view, STOCK_MONEY);
        assert_eq!(Heuristic::decide(&view, &legal, &[]), four);
        with_money(&mut view, STOCK_MONEY - 1);
        assert_eq!(Heuristic::decide(&view, &legal, &[]), two);
    }

    /// Near the end the bureaucracy keeps the fuel the next round's market will not give back:
    /// with garbage plants 24 and 30 (4 and 6 cities), 10 cities and 5 garbage, the bot runs
    /// both while the leader is 3 cities from the end count; at 2 from it, with 3 garbage in
    /// the market and no refill, it keeps 2 (running plant 30 alone); and when the rivals who
    /// buy before it will take those 3, it keeps all 5 and runs nothing.
    #[test]
    fn near_the_end_the_bureaucracy_keeps_fuel_the_next_round_lacks() {
        let (s, mut view) = auction_view(&[PlantId(24), PlantId(30)], &[PlantId(31)], 0);
        let me = s.actor().seat().unwrap();
        let city = |k: &str| CityId::from_key(k).unwrap();
        let keys = [
            "flensburg",
            "kiel",
            "hamburg",
            "bremen",
            "hannover",
            "berlin",
            "muenchen",
            "stuttgart",
            "freiburg",
            "konstanz",
            "passau",
            "nuernberg",
            "wuerzburg",
            "dresden",
            "leipzig",
        ];
        view.phase = PhaseKind::Bureaucracy;
        view.resource_market.garbage = 3;
        view.supply.garbage = 0;
        let leader = view.players.iter().find(|p| p.seat != me).unwrap().seat;
        for p in view.players.iter_mut() {
            let n = if p.seat == me {
                10
            } else if p.seat == leader {
                14
            } else {
                8
            };
            p.cities = keys[..n].iter().map(|k| city(k)).collect();
            if p.seat == me {
                p.resources.garbage = 5;
            }
        }
        let power = |plants: &[PlantId]| Action::Power {
            plants: PlantSet::try_from_plants(plants).unwrap(),
            hybrid_coal: 0,
        };
        let legal = [
            power(&[]),
            power(&[PlantId(24)]),
            power(&[PlantId(30)]),
            power(&[PlantId(24), PlantId(30)]),
        ];
        let both = power(&[PlantId(24), PlantId(30)]);
        assert_eq!(Heuristic::decide(&view, &legal, &[]), both);
        view.players[leader.index()].cities.push(city("leipzig"));
        assert_eq!(Heuristic::decide(&view, &legal, &[]), power(&[PlantId(30)]));
        for p in view.players.iter_mut().filter(|p| p.seat != me) {
            p.plants = vec![PlantId(30)];
        }
        assert_eq!(Heuristic::decide(&view, &legal, &[]), power(&[]));
    }

    /// In a rival's auction for a coal plant whose coal is scarce, the bot passes while a wind
    /// plant that is a better buy waits in the market (its own turn to open is still to come),
    /// and bids when there is none.
    #[test]
    fn it_lets_a_rivals_auction_go_while_a_better_buy_waits() {
        let (s, mut view) = auction_view(&[], &[PlantId(31)], 14);
        let me = s.actor().seat().unwrap();
        let rival = view.players.iter().find(|p| p.seat != me).unwrap().seat;
        view.auction = Some(AuctionView {
            plant: PlantId(31),
            starter: rival,
            high_bid: 31,
            high_bidder: rival,
            bidders: vec![rival, me],
        });
        view.auction_done.clear();
        let legal = [Action::Bid { amount: 32 }, Action::Pass];
        view.current_market = vec![PlantId(27), PlantId(31)];
        assert_eq!(Heuristic::decide(&view, &legal, &[]), Action::Pass);
        view.current_market = vec![PlantId(31)];
        assert_eq!(
            Heuristic::decide(&view, &legal, &[]),
            Action::Bid { amount: 32 }
        );
        // Its own auction: no turn to wait for.
        view.current_market = vec![PlantId(27), PlantId(31)];
        if let Some(a) = view.auction.as_mut() {
            a.starter = me;
        }
        assert_eq!(
            Heuristic::decide(&view, &legal, &[]),
            Action::Bid { amount: 32 }
        );
    }

    /// With four plants, the one to go is the one that powers the fewest cities with the fuel
    /// it can get: a 7-city coal plant with no coal coming before a 4-city hybrid with oil.
    #[test]
    fn it_discards_the_plant_its_market_starves() {
        let hand = [PlantId(36), PlantId(29), PlantId(39), PlantId(50)];
        let (_, mut view) = auction_view(&hand, &[PlantId(31)], 0);
        view.pending_discard = None;
        let legal: Vec<Action> = hand[..3]
            .iter()
            .map(|&plant| Action::Discard {
                plant,
                keep_coal: None,
            })
            .collect();
        assert_eq!(
            Heuristic::decide(&view, &legal, &[]),
            Action::Discard {
                plant: PlantId(36),
                keep_coal: None
            }
        );
    }
}
