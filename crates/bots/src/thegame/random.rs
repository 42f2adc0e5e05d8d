//! The random bot: uniform among the legal plays and `end`.
//!
//! It never signals: a random signal carries no information and cannot change the game, and
//! leaving signals out keeps random play a pure baseline (and fast).

use super::Player;
use rand_core::SeedableRng;
use thegame::{bounded32, Action, Card, Pile, View};

/// Picks uniformly among the active seat's legal plays and, once allowed, `end`.
pub struct RandomBot {
    rng: rand_pcg::Pcg32,
}

impl RandomBot {
    /// A random bot whose choices are fixed by `seed`.
    pub fn new(seed: u64) -> RandomBot {
        RandomBot {
            rng: rand_pcg::Pcg32::seed_from_u64(seed),
        }
    }
}

impl Player for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn reset(&mut self, seed: u64) {
        self.rng = rand_pcg::Pcg32::seed_from_u64(seed);
    }

    #[inline]
    fn act(&mut self, view: &View) -> Action {
        // Listing the (at most 8 x 4) plays avoids counting bits, which is slow on CPUs
        // targeted without `popcnt`.
        let mut plays = [(0u32, Pile::Up1); 32];
        let mut n = 0;
        for pile in Pile::ALL {
            let mut bits = view.playable(pile).bits();
            while bits != 0 && n < plays.len() {
                plays[n] = (bits.trailing_zeros(), pile);
                n += 1;
                bits &= bits - 1;
            }
        }
        let total = n as u32 + u32::from(view.can_end_turn());
        if total == 0 {
            return Action::EndTurn;
        }
        let pick = bounded32(&mut self.rng, total) as usize;
        match plays.get(pick) {
            Some(&(card, pile)) if pick < n => match Card::new(card as u8) {
                Some(card) => Action::Play { card, pile },
                None => Action::EndTurn,
            },
            _ => Action::EndTurn,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Seat;
    use thegame::{Setup, State};

    #[test]
    fn random_play_covers_every_legal_choice() {
        let s = State::new(Setup::seeded(1, 4)).unwrap();
        let view = s.seat_view(Seat(0));
        let mut bot = RandomBot::new(1);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..5000 {
            let a = bot.act(&view);
            assert!(s.is_legal(&a), "{a}");
            seen.insert(a);
        }
        let mut legal = Vec::new();
        s.legal_actions(&mut legal);
        let turn = legal
            .iter()
            .filter(|a| !matches!(a, Action::Signal { .. }))
            .count();
        assert_eq!(seen.len(), turn);
    }
}
