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

    fn act(&mut self, view: &View) -> Action {
        self.choose(view.hand.bits(), &view.tops, view.can_end_turn())
    }

    /// The same uniform choices, made for the whole turn on a private copy of the table: what
    /// `act` would return step by step, without rebuilding a view for every card.
    fn plan_turn(&mut self, view: &View, plan: &mut Vec<Action>) -> bool {
        if !view.is_my_turn() {
            return false;
        }
        let mut hand = view.hand.bits();
        let mut tops = view.tops;
        let mut played = view.played_this_turn;
        loop {
            let action = self.choose(hand, &tops, played >= view.minimum);
            plan.push(action);
            match action {
                Action::Play { card, pile } => {
                    hand &= !(1u128 << card.get());
                    tops[pile.index()] = card.get();
                    played += 1;
                }
                _ => return true,
            }
            // Stuck below the minimum (the game is lost after the last play), or won: the
            // simulation stops applying the plan as soon as the game is over.
            if played < view.minimum && !can_play(hand, &tops) {
                return true;
            }
        }
    }
}

/// Whether any card of `hand` fits a pile.
fn can_play(hand: u128, tops: &[u8; 4]) -> bool {
    Pile::ALL
        .iter()
        .any(|p| hand & p.accepts(tops[p.index()]).bits() != 0)
}

impl RandomBot {
    /// A uniform choice among the plays of `hand` at `tops` and, if allowed, `end`.
    #[inline]
    fn choose(&mut self, hand: u128, tops: &[u8; 4], can_end: bool) -> Action {
        // The hand as a sorted list: a pile's plain plays are then one run of it (the cards
        // above an ascending top, below a descending one), so counting and picking need no
        // bit counting (slow on CPUs targeted without `popcnt`).
        let mut cards = [0u8; Card::COUNT];
        let mut n = 0;
        let mut bits = hand;
        while bits != 0 {
            cards[n] = bits.trailing_zeros() as u8;
            n += 1;
            bits &= bits - 1;
        }
        let cards = &cards[..n];
        let mut runs = [(0usize, 0usize, 0u8); 4];
        let mut total = u32::from(can_end);
        for pile in Pile::ALL {
            let top = tops[pile.index()];
            let (from, to, trick) = if pile.is_ascending() {
                let from = cards.iter().position(|&c| c > top).unwrap_or(n);
                let trick = if top >= 12 { top - 10 } else { 0 };
                (from, n, trick)
            } else {
                let to = cards.iter().position(|&c| c >= top).unwrap_or(n);
                (0, to, top + 10)
            };
            let trick = if trick <= Card::MAX && hand & (1u128 << trick) != 0 {
                trick
            } else {
                0
            };
            runs[pile.index()] = (from, to, trick);
            total += (to - from) as u32 + u32::from(trick != 0);
        }
        if total == 0 {
            return Action::EndTurn;
        }
        let mut pick = bounded32(&mut self.rng, total) as usize;
        for pile in Pile::ALL {
            let (from, to, trick) = runs[pile.index()];
            let n = to - from;
            let card = if pick < n {
                cards[from + pick]
            } else if trick != 0 && pick == n {
                trick
            } else {
                pick -= n + usize::from(trick != 0);
                continue;
            };
            return match Card::new(card) {
                Some(card) => Action::Play { card, pile },
                None => Action::EndTurn,
            };
        }
        Action::EndTurn
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
