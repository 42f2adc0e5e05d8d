//! The random bot: uniform among the legal actions, with bids limited to a few amounts.
//!
//! Opening bids and raises are limited to the three lowest amounts (the plant's number and two
//! more, or the high bid plus one to three): uniform over every amount up to all its money
//! would make a random player pay wildly for plants, which is no baseline at all.

use engine::{Bot, Legal};
use powergrid::{Action, State, View};
use rand_core::{RngCore, SeedableRng};

/// How many amounts the random bot considers per opening bid or raise.
pub const BID_CHOICES: u32 = 3;

/// Picks uniformly among the legal actions (bids limited, see the module docs).
pub struct RandomBot {
    rng: rand_pcg::Pcg64,
    pool: Vec<Action>,
}

impl RandomBot {
    /// A random bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: rand_pcg::Pcg64::seed_from_u64(seed),
            pool: Vec::new(),
        }
    }
}

/// The legal actions with bids limited to the [`BID_CHOICES`] lowest amounts.
pub(crate) fn limit_bids(legal: &[Action], out: &mut Vec<Action>) {
    out.clear();
    let min_raise = legal.iter().find_map(|a| match a {
        Action::Bid { amount } => Some(*amount),
        _ => None,
    });
    out.extend(legal.iter().copied().filter(|a| match *a {
        Action::StartAuction { plant, bid } => bid < u32::from(plant.0) + BID_CHOICES,
        Action::Bid { amount } => min_raise.is_some_and(|m| amount < m + BID_CHOICES),
        _ => true,
    }));
}

impl Bot<State> for RandomBot {
    fn plan(&mut self, view: &View, legal: &Legal<'_, State>, out: &mut Vec<Action>) {
        out.push(self.choose(view, legal.actions()));
    }

    fn name(&self) -> &str {
        "random"
    }

    fn reset(&mut self, seed: u64) {
        *self = RandomBot::new(seed);
    }
}

impl RandomBot {
    /// Its action for this decision, one of `legal`.
    pub fn choose(&mut self, _view: &View, legal: &[Action]) -> Action {
        limit_bids(legal, &mut self.pool);
        let n = self.pool.len() as u64;
        if n == 0 {
            return legal.first().copied().unwrap_or(Action::Pass);
        }
        self.pool[(self.rng.next_u64() % n) as usize]
    }
}
