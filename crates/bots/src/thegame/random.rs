//! The random bot: uniform among the legal plays and `end`.
//!
//! It never signals: a random signal carries no information and cannot change the game, and
//! leaving signals out keeps random play a pure baseline.
//!
//! Decisions:
//! - The choice is defined by one draw of [`bounded32`] over the legal choices listed pile by
//!   pile (up1, up2, down1, down2), within a pile its plain plays in ascending card order and
//!   then the backwards trick, and `end` last. No draw is made when there is nothing to
//!   choose.
//! - A whole turn is planned on a private copy of the view, moved on by the bot's own plays
//!   (a play changes only the hand, the played set, a top and the count of plays).

use engine::{Bot, Legal};
use rand_core::SeedableRng;
use thegame::{bounded32, Action, Pile, State, View};

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

    /// One uniform choice among the legal plays and `end` of `view` (see the module docs for
    /// the order the draw reads them in).
    fn choose(&mut self, view: &View) -> Action {
        let plays = Pile::ALL.map(|pile| view.playable(pile));
        let total =
            plays.iter().map(|set| set.len()).sum::<usize>() + usize::from(view.can_end_turn());
        if total == 0 {
            return Action::EndTurn;
        }
        let mut k = bounded32(&mut self.rng, total as u32) as usize;
        for pile in Pile::ALL {
            let set = plays[pile.index()];
            if k >= set.len() {
                k -= set.len();
                continue;
            }
            let top = view.top(pile);
            let trick = set.iter().find(|&card| pile.is_backwards(top, card));
            let mut plain = set.iter().filter(|&card| Some(card) != trick);
            if let Some(card) = plain.nth(k).or(trick) {
                return Action::Play { card, pile };
            }
        }
        Action::EndTurn
    }
}

impl Bot<State> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn reset(&mut self, seed: u64) {
        self.rng = rand_pcg::Pcg32::seed_from_u64(seed);
    }

    fn plan(&mut self, view: &View, _legal: &Legal<'_, State>, out: &mut Vec<Action>) {
        self.plan_turn(view, out);
    }
}

impl RandomBot {
    /// Appends its whole turn: random plays until it draws `end` (or is stuck).
    pub fn plan_turn(&mut self, view: &View, out: &mut Vec<Action>) {
        let mut view = *view;
        loop {
            let action = self.choose(&view);
            out.push(action);
            let Action::Play { card, pile } = action else {
                return;
            };
            view.hand.remove(card);
            view.played.insert(card);
            view.tops[pile.index()] = card.get();
            view.played_this_turn = view.played_this_turn.saturating_add(1);
            let stuck = Pile::ALL.iter().all(|&p| view.playable(p).is_empty());
            if stuck && !view.can_end_turn() {
                // The game is lost here.
                return;
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::{Seat, Viewer};
    use thegame::{Setup, State};

    /// The definition of the choice, written the plain way: the legal plays and `end` of the
    /// rules crate, ordered pile by pile (plain plays ascending, then the trick), one draw.
    fn defined_choice(rng: &mut rand_pcg::Pcg32, s: &State) -> Option<Action> {
        let mut choices = Vec::new();
        let plays = s.legal_plays();
        for pile in Pile::ALL {
            let top = s.top(pile);
            let mut trick = None;
            for card in plays[pile.index()] {
                if pile.is_backwards(top, card) {
                    trick = Some(card);
                } else {
                    choices.push(Action::Play { card, pile });
                }
            }
            choices.extend(trick.map(|card| Action::Play { card, pile }));
        }
        if s.can_end_turn() {
            choices.push(Action::EndTurn);
        }
        if choices.is_empty() {
            return None;
        }
        Some(choices[bounded32(rng, choices.len() as u32) as usize])
    }

    /// Whole planned turns make exactly the defined choices with the same random numbers, over
    /// thousands of positions from real games.
    #[test]
    fn planned_turns_make_the_defined_choices() {
        let mut checked = 0;
        for players in 1..=5u8 {
            for seed in 0..300u64 {
                let mut s = State::new(Setup::seeded(players, seed)).unwrap();
                let mut bot = RandomBot::new(seed);
                let mut defined = rand_pcg::Pcg32::seed_from_u64(seed);
                let mut plan = Vec::new();
                while !s.is_over() {
                    let seat = s.current();
                    plan.clear();
                    bot.plan_turn(&s.view(Viewer::Seat(seat)), &mut plan);
                    for a in &plan {
                        if s.is_over() {
                            break;
                        }
                        assert_eq!(Some(*a), defined_choice(&mut defined, &s), "{s:?}");
                        s.apply(a).unwrap();
                        checked += 1;
                    }
                    // The plan is the whole turn: it ends it or loses the game.
                    assert!(s.is_over() || s.played_this_turn() == 0);
                }
            }
        }
        assert!(checked > 20_000, "{checked}");
    }

    #[test]
    fn random_play_covers_every_legal_choice() {
        let s = State::new(Setup::seeded(1, 4)).unwrap();
        let view = s.view(Viewer::Seat(Seat(0)));
        let mut bot = RandomBot::new(1);
        let mut seen = std::collections::HashSet::new();
        for _ in 0..5000 {
            let a = bot.choose(&view);
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

    #[test]
    fn hand_made_views_get_an_answer_without_panicking() {
        let s = State::new(Setup::seeded(2, 1)).unwrap();
        let mut view = s.view(Viewer::Seat(Seat(0)));
        view.tops = [0, 250, 0, 255];
        let mut bot = RandomBot::new(3);
        let mut plan = Vec::new();
        bot.plan_turn(&view, &mut plan);
        assert!(!plan.is_empty());
        view.hand = thegame::CardSet::ALL;
        plan.clear();
        bot.plan_turn(&view, &mut plan);
        assert!(matches!(plan[0], Action::Play { .. }));
        assert_eq!(plan.last(), Some(&Action::EndTurn));
    }
}
