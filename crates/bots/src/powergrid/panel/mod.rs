//! The panel: simple scripted opponents, each a recognisable way people play Power Grid, to
//! measure our bots against fields that do not play like themselves.
//!
//! Decisions:
//! - A style is a [`Style`]: a handful of choices (which plant to open, how far to bid, how much
//!   fuel to hold, how many cities to build and where, which plants to run). One driver,
//!   [`Panel`], turns a style into a bot, so every style module holds only what makes it
//!   different; anything a style leaves alone is done the plain way (discard the smallest plant,
//!   run the plants powering the most cities at the least fuel value, build the cheapest city).
//! - Like the heuristic, every style builds whatever it can afford from round
//!   [`STALL_ROUND`] on, so that a table of styles that starve each other of fuel still ends.
//! - Styles read only their seat's view, like every bot; the casual style's coin flips come from
//!   its seed.
//! - The styles are deliberately simple and do not adapt: they are the field a strong player
//!   beats nearly every time, not rivals to our own bots.

mod blocker;
mod builder;
mod casual;
mod green;
mod hoarder;
mod tycoon;

pub use blocker::Blocker;
pub use builder::Builder;
pub use casual::Casual;
pub use green::Green;
pub use hoarder::Hoarder;
pub use tycoon::Tycoon;

use super::heuristic::{spec, Ctx, STALL_ROUND};
use engine::{Bot, Legal};
use powergrid::{Action, ByResource, CityId, PhaseKind, PlantId, PlantKind, Resource, State, View};

/// The panel's styles by registry name, in the order the sim's panel table lists them.
pub const STYLES: [&str; 6] = ["casual", "builder", "tycoon", "hoarder", "blocker", "green"];

/// One way of playing (see the module docs); every choice is made on the seat's view.
pub(crate) trait Style: Send {
    /// The registry name.
    fn name(&self) -> &'static str;
    /// How much the style wants to open an auction on `plant` at its minimum bid (higher
    /// first); `None`: not at all. Called only for plants it can afford.
    fn wants(&mut self, t: &Ctx, plant: PlantId) -> Option<i64>;
    /// Whether it raises the running auction on `plant` to `bid`.
    fn raises(&mut self, t: &Ctx, plant: PlantId, bid: u32) -> bool;
    /// Rounds of fuel to hold for its plants after buying (0.5 = half its storage).
    fn fuel_runs(&self, _t: &Ctx) -> f64 {
        1.0
    }
    /// The order in which it buys resources (the first it lacks is bought first).
    fn fuel_order(&self, _t: &Ctx) -> [Resource; 4] {
        Resource::ALL
    }
    /// Whether it buys one token per purchase rather than all it lacks at once.
    fn token_by_token(&self) -> bool {
        false
    }
    /// How many cities it wants connected after this building turn.
    fn build_goal(&self, t: &Ctx) -> u32;
    /// Its rank of a city to build in (lower first); the plain rank is the cost.
    fn city_rank(&self, t: &Ctx, city: CityId) -> i64 {
        i64::from(t.build_cost(city))
    }
    /// The plants it runs in bureaucracy; the plain choice powers the most cities.
    fn power(&self, t: &Ctx, legal: &[Action]) -> Option<Action> {
        t.power(legal)
    }
    /// Starts a new game seeded `seed`; the styles without randomness keep nothing to forget.
    fn reset(&mut self, _seed: u64) {}
}

/// A style played as a bot.
pub(crate) struct Panel<S> {
    style: S,
}

impl<S: Style> Panel<S> {
    /// The bot playing `style`.
    pub(crate) fn new(style: S) -> Panel<S> {
        Panel { style }
    }
}

impl<S: Style> Bot<State> for Panel<S> {
    fn plan(&mut self, view: &View, legal: &Legal<'_, State>, out: &mut Vec<Action>) {
        out.push(self.choose(view, legal.actions()));
    }

    fn name(&self) -> &str {
        self.style.name()
    }

    fn reset(&mut self, seed: u64) {
        self.style.reset(seed);
    }
}

impl<S: Style> Panel<S> {
    /// Its action for this decision, one of `legal`.
    pub fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let fallback = legal.first().copied().unwrap_or(Action::Pass);
        if legal.len() <= 1 {
            return fallback;
        }
        let Some(t) = Ctx::new(view) else {
            return fallback;
        };
        let style = &mut self.style;
        let choice = match legal[0] {
            Action::StartAuction { .. } | Action::Bid { .. } | Action::Pass => {
                auction(style, &t, legal)
            }
            Action::Discard { .. } => t.discard(legal),
            Action::Buy { .. } | Action::Done if view.phase == PhaseKind::Resources => {
                buy(style, &t, legal)
            }
            Action::Buy { .. } | Action::Build { .. } | Action::Done => build(style, &t, legal),
            Action::Power { .. } => style.power(&t, legal),
        };
        choice
            .filter(|a| legal.contains(a))
            .or_else(|| {
                legal
                    .iter()
                    .copied()
                    .find(|a| matches!(a, Action::Pass | Action::Done))
            })
            .unwrap_or(fallback)
    }
}

fn auction<S: Style>(style: &mut S, t: &Ctx, legal: &[Action]) -> Option<Action> {
    if let Some(a) = &t.view.auction {
        let next = Action::Bid {
            amount: a.high_bid + 1,
        };
        let raise = legal.contains(&next) && style.raises(t, a.plant, a.high_bid + 1);
        return Some(if raise { next } else { Action::Pass });
    }
    let opens = legal.iter().filter_map(|a| match *a {
        Action::StartAuction { plant, bid } if bid == u32::from(plant.0) => Some(plant),
        _ => None,
    });
    let mut best: Option<(i64, PlantId)> = None;
    let mut cheapest: Option<PlantId> = None;
    for plant in opens {
        if let Some(score) = style.wants(t, plant) {
            if best.is_none_or(|(s, _)| score > s) {
                best = Some((score, plant));
            }
        }
        cheapest = cheapest.or(Some(plant));
    }
    // Round 1 does not allow passing while a plant is affordable: the cheapest it is.
    let plant = best
        .map(|(_, p)| p)
        .or_else(|| cheapest.filter(|_| !legal.contains(&Action::Pass)));
    Some(match plant {
        Some(plant) => Action::StartAuction {
            plant,
            bid: u32::from(plant.0),
        },
        None => Action::Pass,
    })
}

/// Tokens to hold to run the seat's plants `runs` times, rounded up per plant. A hybrid's share
/// is met first by the coal and oil the seat holds beyond its other plants' shares, and the
/// rest is counted as coal or oil, whichever is cheaper now: the goal does not grow when a
/// purchase changes which is cheaper.
pub(crate) fn fuel_goal(t: &Ctx, runs: f64) -> ByResource<u8> {
    let mut goal = ByResource::<u8>::default();
    let mut hybrid = 0u8;
    for &p in &t.me.plants {
        let s = spec(p);
        let tokens = (f64::from(s.fuel) * runs).ceil() as u8;
        match s.kind {
            PlantKind::Hybrid => hybrid += tokens,
            k => {
                if let Some(r) = k.resource() {
                    goal[r] += tokens;
                }
            }
        }
    }
    let held = t.me.resources;
    for r in [Resource::Coal, Resource::Oil] {
        let spare = held[r].saturating_sub(goal[r]).min(hybrid);
        goal[r] += spare;
        hybrid -= spare;
    }
    let cheaper = if t.unit_price(Resource::Coal) <= t.unit_price(Resource::Oil) {
        Resource::Coal
    } else {
        Resource::Oil
    };
    goal[cheaper] += hybrid;
    goal
}

fn buy<S: Style>(style: &S, t: &Ctx, legal: &[Action]) -> Option<Action> {
    let goal = fuel_goal(t, style.fuel_runs(t));
    for r in style.fuel_order(t) {
        let lack = goal[r].saturating_sub(t.me.resources[r]);
        if lack == 0 {
            continue;
        }
        let amount = legal
            .iter()
            .filter_map(|a| match *a {
                Action::Buy { resource, amount } if resource == r && amount <= lack => Some(amount),
                _ => None,
            })
            .filter(|&n| !style.token_by_token() || n == 1)
            .max();
        if let Some(amount) = amount {
            return Some(Action::Buy {
                resource: r,
                amount,
            });
        }
    }
    Some(Action::Done)
}

fn build<S: Style>(style: &S, t: &Ctx, legal: &[Action]) -> Option<Action> {
    if t.cities() >= style.build_goal(t) && t.view.round < STALL_ROUND {
        return Some(Action::Done);
    }
    legal
        .iter()
        .filter_map(|a| match *a {
            Action::Build { city } if t.build_cost(city) <= t.money => {
                Some((style.city_rank(t, city), city))
            }
            _ => None,
        })
        .min()
        .map(|(_, city)| Action::Build { city })
        .or(Some(Action::Done))
}

/// Capacity the seat's plants would have with `plant` added (the smallest dropped when the
/// hand is full).
pub(crate) fn capacity_with(t: &Ctx, plant: PlantId) -> u32 {
    let mut after = t.me.plants.clone();
    after.push(plant);
    if after.len() > usize::from(t.rules.max_plants) {
        if let Some(i) = (0..after.len()).min_by_key(|&i| (spec(after[i]).cities, after[i].0)) {
            after.remove(i);
        }
    }
    Ctx::capacity(&after)
}

/// The plain plant choice: only while its capacity does not cover one more city than it has,
/// the plant adding the most capacity per Elektro.
pub(crate) fn catch_up(t: &Ctx, plant: PlantId) -> Option<i64> {
    let needs = Ctx::capacity(&t.me.plants) <= t.cities() + 1;
    let gain = gain(t, plant);
    (needs && gain > 0).then(|| gain * 1000 / i64::from(plant.0))
}

/// Cities of capacity `plant` adds to the seat's hand.
pub(crate) fn gain(t: &Ctx, plant: PlantId) -> i64 {
    i64::from(capacity_with(t, plant)) - i64::from(Ctx::capacity(&t.me.plants))
}

#[cfg(test)]
mod tests;
