//! The random bot: uniform among the legal plays and `end`.
//!
//! It never signals: a random signal carries no information and cannot change the game, and
//! leaving signals out keeps random play a pure baseline (and fast).
//!
//! Decisions:
//! - The choice is defined by one draw of [`bounded32`] over the legal choices listed pile by
//!   pile (up1, up2, down1, down2), within a pile its plain plays in ascending card order and
//!   then the backwards trick, and `end` last. No draw is made when there is nothing to choose.
//!   Every implementation below makes exactly this choice (a test compares them).
//! - Speed (random play is the simulator's baseline and must run at a million games a second
//!   per core): in simulations the turn is played directly on the game through a
//!   [`thegame::Turn`] ([`Player::play_turn`]), with no view or plan per decision. The hand
//!   is a [`Hand`]: at most eight cards sorted into the bytes of a `u64`. Every legal play of
//!   the moment is one bit of a 36-bit mask in the order of the choice (nine bits per pile:
//!   the plain plays by lane, found with a few carry-free byte operations, then the trick),
//!   so the choice is one popcount, one draw and the selection of the chosen bit (BMI2's
//!   `pdep` where the CPU has it, detected at run time; a short loop otherwise). A hand of
//!   more than eight cards (only in hand-made views) takes the general path.

use super::Player;
use rand_core::SeedableRng;
use thegame::{bounded32, Action, Card, Pile, RuleError, Turn, View};

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
        let tops = view.tops.map(clamp_top);
        match Hand::new(view.hand.bits()) {
            Some(hand) => self.choose(&hand, &tops, view.can_end_turn()).0,
            None => self.choose_any(view.hand.bits(), &tops, view.can_end_turn()),
        }
    }

    /// The same uniform choices, made for the whole turn on a private copy of the table: what
    /// `act` would return step by step, without rebuilding a view for every card.
    fn plan_turn(&mut self, view: &View, plan: &mut Vec<Action>) -> bool {
        if !view.is_my_turn() {
            return false;
        }
        let tops = view.tops.map(clamp_top);
        let Some(hand) = Hand::new(view.hand.bits()) else {
            return self.plan_any(view, plan);
        };
        let _ = self.run_turn::<false>(hand, tops, view.played_this_turn, view.minimum, |a| {
            plan.push(a);
            Ok(true)
        });
        true
    }

    /// The same uniform choices, played directly on the turn. Where the CPU has BMI2 and
    /// `popcnt` (checked at run time) the same code is compiled to use them.
    fn play_turn(&mut self, turn: &mut Turn<'_>) -> Result<bool, RuleError> {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("bmi2")
                && std::arch::is_x86_feature_detected!("popcnt")
            {
                // SAFETY: the CPU supports these features, as checked just above.
                return unsafe { self.play_turn_native(turn) };
            }
        }
        self.play_turn_portable::<false>(turn)
    }
}

impl RandomBot {
    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "bmi2,popcnt")]
    fn play_turn_native(&mut self, turn: &mut Turn<'_>) -> Result<bool, RuleError> {
        self.play_turn_portable::<true>(turn)
    }

    /// `play_turn`; `PDEP` selects the choice's bit with BMI2's `pdep` (only when the CPU has
    /// it: see `play_turn`).
    #[inline(always)]
    fn play_turn_portable<const PDEP: bool>(
        &mut self,
        turn: &mut Turn<'_>,
    ) -> Result<bool, RuleError> {
        if !turn.is_open() {
            return Ok(true);
        }
        let tops = turn.tops().map(clamp_top);
        let (played, minimum) = (turn.played_this_turn(), turn.minimum());
        let Some(hand) = Hand::new(turn.hand().bits()) else {
            return self.play_any(turn).map(|()| true);
        };
        self.run_turn::<PDEP>(hand, tops, played, minimum, |action| {
            match action {
                Action::Play { card, pile } => turn.play(card, pile)?,
                Action::EndTurn => turn.end()?,
                Action::Signal { pile, signal } => turn.send_signal(pile, signal)?,
            }
            Ok(turn.is_open())
        })?;
        Ok(true)
    }
}

impl RandomBot {
    /// The turn's choices on a hand of at most eight cards, each passed to `apply`, which
    /// returns whether the turn goes on. Stops after `end`, or after a play that leaves no
    /// legal move below the minimum (the game is then lost).
    #[inline(always)]
    fn run_turn<const PDEP: bool>(
        &mut self,
        mut hand: Hand,
        mut tops: [u8; 4],
        mut played: u8,
        minimum: u8,
        mut apply: impl FnMut(Action) -> Result<bool, RuleError>,
    ) -> Result<(), RuleError> {
        let mut choices = hand.choices(&tops);
        loop {
            let can_end = played >= minimum;
            let (action, index) = self.pick::<PDEP>(&hand, &tops, choices, can_end);
            let open = apply(action)?;
            let Action::Play { card, pile } = action else {
                return Ok(());
            };
            if !open {
                return Ok(());
            }
            hand.remove(index);
            played += 1;
            tops[pile.index()] = card.get();
            choices = hand.choices(&tops);
            if played < minimum && choices == 0 {
                return Ok(());
            }
        }
    }

    /// `play_turn` for a hand of any size (hand-made positions).
    fn play_any(&mut self, turn: &mut Turn<'_>) -> Result<(), RuleError> {
        while turn.is_open() {
            let tops = turn.tops().map(clamp_top);
            match self.choose_any(turn.hand().bits(), &tops, turn.can_end()) {
                Action::Play { card, pile } => turn.play(card, pile)?,
                _ => return turn.end(),
            }
        }
        Ok(())
    }
}

/// Tops outside `1..=100` (only in hand-made views) read as the nearest end, as the rules
/// crate's `accepts` reads them.
fn clamp_top(top: u8) -> u8 {
    top.clamp(1, 100)
}

/// Eight one-byte lanes: `LANES * x` puts `x` in every lane.
const LANES: u64 = 0x0101_0101_0101_0101;
/// The high bit of every lane.
const HIGH: u64 = 0x8080_8080_8080_8080;

/// A hand of at most eight cards: one card per byte of a `u64` (lowest card in the lowest
/// byte), sorted ascending, empty lanes 0 at the top. Counting is done on all eight lanes at
/// once with carry-free byte arithmetic (cards are below 128, so the high bit of each lane is
/// free to hold a comparison's result).
#[derive(Clone, Copy, Debug)]
struct Hand {
    lanes: u64,
    /// The high bits of the occupied lanes.
    occupied: u64,
    len: usize,
}

impl Hand {
    /// The hand of `bits`, or `None` for more than eight cards.
    #[inline]
    fn new(mut bits: u128) -> Option<Hand> {
        let mut lanes = 0u64;
        let mut len = 0;
        while bits != 0 {
            if len == 8 {
                return None;
            }
            lanes |= u64::from(bits.trailing_zeros()) << (8 * len);
            len += 1;
            bits &= bits - 1;
        }
        Some(Hand {
            lanes,
            occupied: HIGH & occupied_lanes(len),
            len,
        })
    }

    /// The card in lane `index`.
    #[inline(always)]
    fn card(&self, index: usize) -> u8 {
        (self.lanes >> (8 * (index & 7))) as u8
    }

    /// Whether the hand holds `card` (`0` never counts): a lane equal to `card` is a zero lane
    /// of `lanes ^ card`; the zero-lane test can only misfire in lanes above a true zero lane,
    /// so it is exact on the occupied lanes, which come first.
    #[inline(always)]
    fn holds(&self, card: u8) -> bool {
        let x = self.lanes ^ (LANES * u64::from(card));
        let zero = x.wrapping_sub(LANES) & !x & self.occupied;
        card != 0 && zero != 0
    }

    /// The lanes holding a card above `top` (`1..=100`), as eight bits in lane order.
    #[inline(always)]
    fn above_lanes(&self, top: u8) -> u64 {
        lane_bits(((self.lanes | HIGH) - LANES * u64::from(top + 1)) & HIGH)
    }

    /// The lanes holding a card below `top` (`1..=100`), as eight bits in lane order.
    #[inline(always)]
    fn below_lanes(&self, top: u8) -> u64 {
        lane_bits((LANES * u64::from(top + 127) - self.lanes) & self.occupied)
    }

    /// Every legal play at `tops` as a bit mask in the order of the choice: for pile `p`,
    /// bits `9p..9p + 8` are its plain plays by hand lane (ascending cards) and bit `9p + 8`
    /// its backwards trick.
    #[inline(always)]
    fn choices(&self, tops: &[u8; 4]) -> u64 {
        let mut m = 0;
        for (p, &top) in tops.iter().enumerate() {
            let (plain, trick) = if p < 2 {
                (self.above_lanes(top), top.saturating_sub(10))
            } else {
                (self.below_lanes(top), top + 10)
            };
            m |= (plain | u64::from(self.holds(trick)) << 8) << (9 * p);
        }
        m
    }

    /// Removes the card at `index`.
    #[inline(always)]
    fn remove(&mut self, index: usize) {
        let keep = (1u64 << (8 * index.min(7))) - 1;
        self.lanes = (self.lanes & keep) | ((self.lanes >> 8) & !keep);
        self.len -= 1;
        self.occupied = HIGH & occupied_lanes(self.len);
    }
}

/// All bits of the first `len` lanes (`len` ≤ 8).
#[inline(always)]
fn occupied_lanes(len: usize) -> u64 {
    u64::MAX.checked_shr(64 - 8 * len as u32).unwrap_or(0)
}

/// The high bits of the eight lanes of `x` (the other bits being 0) as eight bits in lane
/// order: each lane's bit lands in its own bit of the top byte, without carries.
#[inline(always)]
fn lane_bits(x: u64) -> u64 {
    ((x >> 7).wrapping_mul(0x0102_0408_1020_4080)) >> 56
}

/// The position of the `k`-th set bit of `m` (counted from 0; `k < m.count_ones()`). With
/// `PDEP` it uses BMI2's `pdep`, which the caller guarantees the CPU has.
#[inline(always)]
fn select<const PDEP: bool>(mut m: u64, k: u32) -> u32 {
    #[cfg(target_arch = "x86_64")]
    if PDEP {
        // SAFETY: `PDEP` is only set on the path taken when the CPU has BMI2 (`play_turn`).
        return unsafe { core::arch::x86_64::_pdep_u64(1 << k, m) }.trailing_zeros();
    }
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros()
}

impl RandomBot {
    /// The uniform choice among the plays of `hand` at `tops` and, if allowed, `end`; with a
    /// play, the index in `hand` of the card played.
    #[inline]
    fn choose(&mut self, hand: &Hand, tops: &[u8; 4], can_end: bool) -> (Action, usize) {
        self.pick::<false>(hand, tops, hand.choices(tops), can_end)
    }

    /// [`RandomBot::choose`] with the choices of the hand at the tops already found.
    #[inline(always)]
    fn pick<const PDEP: bool>(
        &mut self,
        hand: &Hand,
        tops: &[u8; 4],
        choices: u64,
        can_end: bool,
    ) -> (Action, usize) {
        let plays = choices.count_ones();
        let total = plays + u32::from(can_end);
        if total == 0 {
            return (Action::EndTurn, 0);
        }
        let pick = bounded32(&mut self.rng, total);
        if pick >= plays {
            return (Action::EndTurn, 0);
        }
        let bit = select::<PDEP>(choices, pick);
        let p = (bit / 9) as usize;
        let lane = (bit % 9) as usize;
        let pile = Pile::from_index(p);
        let (card, index) = if lane < 8 {
            (hand.card(lane), lane)
        } else {
            let top = tops[p];
            let card = if p < 2 { top - 10 } else { top + 10 };
            (card, hand.below_lanes(card).count_ones() as usize)
        };
        match Card::new(card) {
            Some(card) => (Action::Play { card, pile }, index),
            None => (Action::EndTurn, 0),
        }
    }

    /// `plan_turn` for a hand of any size (hand-made views).
    fn plan_any(&mut self, view: &View, plan: &mut Vec<Action>) -> bool {
        let mut hand = view.hand.bits();
        let mut tops = view.tops.map(clamp_top);
        let mut played = view.played_this_turn;
        loop {
            let action = self.choose_any(hand, &tops, played >= view.minimum);
            plan.push(action);
            match action {
                Action::Play { card, pile } => {
                    hand &= !(1u128 << card.get());
                    tops[pile.index()] = card.get();
                    played += 1;
                }
                _ => return true,
            }
            if played < view.minimum && !can_play(hand, &tops) {
                return true;
            }
        }
    }

    /// The same choice as [`RandomBot::choose`] for a hand of any size.
    fn choose_any(&mut self, hand: u128, tops: &[u8; 4], can_end: bool) -> Action {
        let mut cards = [0u8; Card::COUNT];
        let mut n = 0;
        let mut bits = hand;
        while bits != 0 && n < cards.len() {
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
                (from, n, top.saturating_sub(10))
            } else {
                let to = cards.iter().position(|&c| c >= top).unwrap_or(n);
                (0, to, top + 10)
            };
            let trick = if (Card::MIN..=Card::MAX).contains(&trick) && hand & (1u128 << trick) != 0
            {
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

/// Whether any card of `hand` fits a pile.
fn can_play(hand: u128, tops: &[u8; 4]) -> bool {
    Pile::ALL
        .iter()
        .any(|p| hand & p.accepts(tops[p.index()]).bits() != 0)
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

    /// Every path (`act`, `plan_turn`, and the general path for large hands) makes exactly the
    /// defined choice with the same random numbers, over thousands of positions from real games.
    #[test]
    fn every_path_makes_the_defined_choice() {
        let mut checked = 0;
        for players in 1..=5u8 {
            for seed in 0..300u64 {
                let mut s = State::new(Setup::seeded(players, seed)).unwrap();
                let mut bot = RandomBot::new(seed);
                let mut general = RandomBot::new(seed);
                let mut defined = rand_pcg::Pcg32::seed_from_u64(seed);
                let mut planner = RandomBot::new(seed);
                let mut plan = Vec::new();
                while !s.is_over() {
                    let view = s.seat_view(s.current());
                    if view.played_this_turn == 0 {
                        // A whole turn planned at once equals the turn played step by step.
                        plan.clear();
                        assert!(planner.plan_turn(&view, &mut plan));
                        let mut t = s.clone();
                        let mut copy = RandomBot {
                            rng: bot.rng.clone(),
                        };
                        for (i, a) in plan.iter().enumerate() {
                            assert!(!t.is_over(), "plan goes past the end at {i}");
                            assert_eq!(*a, copy.act(&t.seat_view(t.current())));
                            t.apply(a).unwrap();
                        }
                        assert!(
                            t.is_over() || t.current() != s.current() || t.played_this_turn() == 0
                        );
                    }
                    let a = bot.act(&view);
                    let tops = view.tops;
                    let b = general.choose_any(view.hand.bits(), &tops, view.can_end_turn());
                    let c = defined_choice(&mut defined, &s).unwrap();
                    assert_eq!(a, c, "{s:?}");
                    assert_eq!(b, c, "{s:?}");
                    s.apply(&a).unwrap();
                    checked += 1;
                }
            }
        }
        assert!(checked > 20_000, "{checked}");
    }

    /// Turns played on the game (both compiled paths) equal the planned turns, so simulations
    /// make exactly the defined choices.
    #[test]
    fn turns_played_on_the_game_equal_planned_turns() {
        let mut turns = 0;
        for players in 1..=5u8 {
            for seed in 0..300u64 {
                let mut planned = State::new(Setup::seeded(players, seed)).unwrap();
                let mut native = planned.clone();
                let mut portable = planned.clone();
                let (mut a, mut b, mut c) = (
                    RandomBot::new(seed),
                    RandomBot::new(seed),
                    RandomBot::new(seed),
                );
                let mut plan = Vec::new();
                while !planned.is_over() {
                    plan.clear();
                    assert!(a.plan_turn(&planned.seat_view(planned.current()), &mut plan));
                    for action in &plan {
                        if !planned.is_over() {
                            planned.apply(action).unwrap();
                        }
                    }
                    assert!(b.play_turn(&mut native.turn().unwrap()).unwrap());
                    let mut turn = portable.turn().unwrap();
                    assert!(c.play_turn_portable::<false>(&mut turn).unwrap());
                    assert!(!turn.is_open());
                    assert_eq!(native, planned);
                    assert_eq!(portable, planned);
                    turns += 1;
                }
            }
        }
        assert!(turns > 5_000, "{turns}");
    }

    /// The lane arithmetic agrees with plain counting for every top and card.
    #[test]
    fn lane_counts_match_plain_counting() {
        let mut rng = rand_pcg::Pcg32::seed_from_u64(8);
        for size in 0..=8 {
            for _ in 0..50 {
                let mut bits = 0u128;
                while (bits.count_ones() as usize) < size {
                    bits |= 1u128 << (2 + bounded32(&mut rng, 98));
                }
                let hand = Hand::new(bits).unwrap();
                let cards: Vec<u8> = (2..=99u8).filter(|&c| bits >> c & 1 == 1).collect();
                for top in 1..=100u8 {
                    assert_eq!(
                        hand.above_lanes(top).count_ones() as usize,
                        cards.iter().filter(|&&c| c > top).count()
                    );
                    assert_eq!(
                        hand.below_lanes(top).count_ones() as usize,
                        cards.iter().filter(|&&c| c < top).count()
                    );
                }
                for card in 0..=120u8 {
                    assert_eq!(hand.holds(card), cards.contains(&card), "{cards:?} {card}");
                }
            }
        }
    }

    #[test]
    fn removing_a_card_keeps_the_hand_sorted() {
        let bits = [5u8, 17, 23, 40, 41, 60, 77, 99]
            .iter()
            .fold(0u128, |b, &c| b | 1u128 << c);
        for i in 0..8 {
            let mut h = Hand::new(bits).unwrap();
            let removed = h.card(i);
            h.remove(i);
            let mut want: Vec<u8> = [5u8, 17, 23, 40, 41, 60, 77, 99]
                .into_iter()
                .filter(|&c| c != removed)
                .collect();
            want.push(0);
            assert_eq!((0..8).map(|i| h.card(i)).collect::<Vec<u8>>(), want);
            assert_eq!(h.len, 7);
        }
        assert!(
            Hand::new(bits | 1 << 3).is_none(),
            "nine cards take the general path"
        );
    }

    #[test]
    fn hand_made_views_get_an_answer_without_panicking() {
        let s = State::new(Setup::seeded(2, 1)).unwrap();
        let mut view = s.seat_view(Seat(0));
        view.tops = [0, 250, 0, 255];
        let mut bot = RandomBot::new(3);
        let _ = bot.act(&view);
        view.hand = thegame::CardSet::ALL;
        let a = bot.act(&view);
        assert!(matches!(a, Action::Play { .. }));
        let mut plan = Vec::new();
        assert!(bot.plan_turn(&view, &mut plan));
        assert_eq!(plan.last(), Some(&Action::EndTurn));
    }
}
