//! The greedy planner in closed form: the plans of [`super::general`] for parameters without
//! lookahead, in a fraction of the time.
//!
//! The general planner scores every candidate move of a pile (the backwards trick, the closest
//! card, every pair `y`, `y ∓ 10`) and keeps the cheapest. When every buried live card weighs at
//! least one card (`alt_weight`, `stranded_weight` ≥ [`SCALE`]), the trick bonus is at least one
//! card, and neither the own-hand weight nor the partner bonuses are used ([`applies`]), the
//! winner is known without scoring the rest, because a larger jump over live cards always costs
//! more (each card of the hand is live, so it weighs at least one card):
//! - a backwards trick beats everything else (a back pair's reopened cards are a subset of the
//!   trick's, less the pair's own live card);
//! - else a *back pair* (`y` just past the top, `y - 10` behind it, for an ascending pile) beats
//!   any plain play, and the one reaching furthest back wins;
//! - else the closest card `c`, or the pair `c + 10`, `c` when the hand holds `c + 10` (one card
//!   cheaper); pairs landing beyond `c` bury `c` and never win.
//!
//! So a pile costs one interval count (two popcounts of the live cards between two cards, one
//! of them restricted to the cards no other pile takes), with branches only for the rare tricks
//! and back pairs. The rest of the turn (which piles are scored again after a play, the minimum,
//! the extra plays, the signals) follows the general planner step by step, so the plans are the
//! same, including its deliberate staleness (see [`super::general`]); `equivalence.rs` checks it.
//!
//! A move is packed into one `i64` (cost, pile, plain, card from high to low bits), so the
//! cheapest of four, ties going to the lowest pile as in the general planner, is three `min`s.

use super::{Params, NONE, SCALE};
use engine::Seat;
use thegame::{Action, Card, Pile, Signal, View};

/// Bits 2..=99.
const ALL_CARDS: u128 = ((1u128 << 100) - 1) & !0b11;

/// Whether the closed form gives the general planner's plans for `p` (see the module docs).
#[inline(always)]
pub(super) fn applies(p: &Params) -> bool {
    p.alt_weight >= SCALE
        && p.stranded_weight >= SCALE
        && p.trick_bonus >= SCALE
        && p.own_weight == 0
        && p.partner_in_hand == 0
        && p.partner_unseen == 0
        && p.lookahead <= 0
        && p.exact == 0
}

/// Whether `view` keeps the invariants the closed form relies on: every top within `0..=100`
/// and not in the hand, and no hand card among the played ones. Views made by the rules always
/// do; a hand-made one that does not is planned by the general planner.
#[inline(always)]
pub(super) fn fits(view: &View) -> bool {
    let [a, b, c, d] = view.tops;
    let hand = view.hand.bits();
    if a.max(b).max(c.max(d)) > 100 {
        return false;
    }
    let tops = (1u128 << a) | (1u128 << b) | (1u128 << c) | (1u128 << d);
    hand & (view.played.bits() | tops) == 0
}

/// A 129-entry mask table (`n` in `0..=128`) computed at compile time from `$f(n)`.
macro_rules! table {
    ($f:expr) => {{
        let mut t = [0u128; 129];
        let mut n = 0;
        while n <= 128 {
            t[n] = $f(n);
            n += 1;
        }
        t
    }};
}

/// Cards strictly below `n`.
const fn below(n: usize) -> u128 {
    if n >= 128 {
        ALL_CARDS
    } else {
        ALL_CARDS & ((1u128 << n) - 1)
    }
}

/// Cards strictly above `n`.
const fn above(n: usize) -> u128 {
    ALL_CARDS & !below(n + 1)
}

/// The backwards card of an ascending pile at `t`.
const fn trick_up(t: usize) -> u128 {
    if t >= 12 && t - 10 < 128 {
        ALL_CARDS & (1u128 << (t - 10))
    } else {
        0
    }
}

/// The backwards card of a descending pile at `t`.
const fn trick_down(t: usize) -> u128 {
    if t <= 89 {
        1u128 << (t + 10)
    } else {
        0
    }
}

/// `ABOVE[n]`: cards greater than `n`; `BELOW[n]`: cards smaller than `n` (`n` in `0..=128`).
static ABOVE: [u128; 129] = table!(above);
static BELOW: [u128; 129] = table!(below);
/// What an ascending pile (`ACCEPT_UP`) or a descending one (`ACCEPT_DOWN`) at `t` takes.
static ACCEPT_UP: [u128; 129] = table!(accept_up);
static ACCEPT_DOWN: [u128; 129] = table!(accept_down);
/// An ascending pile at `t`: its backwards card, and the cards `t + 1 ..= t + 9` (where a
/// back pair starts).
static RARE_UP: [u128; 129] = table!(trick_up);
static WINDOW_UP: [u128; 129] = table!(window_up);
/// A descending pile at `t`: its backwards card, and the cards `t - 9 ..= t - 1`.
static RARE_DOWN: [u128; 129] = table!(trick_down);
static WINDOW_DOWN: [u128; 129] = table!(window_down);

const fn accept_up(t: usize) -> u128 {
    above(t) | trick_up(t)
}

const fn accept_down(t: usize) -> u128 {
    below(t) | trick_down(t)
}

const fn window_up(t: usize) -> u128 {
    above(t) & below(if t + 10 > 128 { 128 } else { t + 10 })
}

const fn window_down(t: usize) -> u128 {
    below(t) & above(t.saturating_sub(10))
}

/// A move packed as `cost << 32 | pile << 16 | plain << 8 | card`: ordering keys orders by
/// cost, then pile.
type Key = i64;

#[inline(always)]
fn key(cost: i32, pile: usize, plain: bool, card: u32) -> Key {
    (i64::from(cost) << 32) | ((pile as i64) << 16) | (i64::from(plain) << 8) | i64::from(card)
}

#[inline(always)]
fn no_move(pile: usize) -> Key {
    key(NONE, pile, false, 0)
}

#[inline(always)]
fn cost_of(k: Key) -> i32 {
    (k >> 32) as i32
}

#[inline(always)]
fn card_of(k: Key) -> u8 {
    k as u8
}

#[inline(always)]
fn plain_of(k: Key) -> bool {
    (k >> 8) & 1 != 0
}

#[inline(always)]
fn pile_of(k: Key) -> usize {
    ((k >> 16) & 3) as usize
}

#[inline(always)]
fn count(bits: u128) -> i32 {
    bits.count_ones() as i32
}

/// The cost model of one turn.
struct Kernel {
    alt: i32,
    /// `stranded_weight - alt_weight`.
    stranded_extra: i32,
    trick_bonus: i32,
    penalty: [i32; 4],
    /// For each pile, the cards no other pile takes (at the turn's start).
    stranded: [u128; 4],
}

impl Kernel {
    /// The cost of burying `bits` (live cards only) on pile `i`.
    #[inline(always)]
    fn buried(&self, bits: u128, i: usize) -> i32 {
        count(bits) * self.alt + count(bits & self.stranded[i]) * self.stranded_extra
    }

    /// The best move on ascending pile `i` at `t`.
    #[inline(always)]
    fn up(&self, i: usize, t: u8, hand: u128, live: u128) -> Key {
        let t = usize::from(t);
        let above = hand & ABOVE[t];
        let rare = hand & (RARE_UP[t] | (WINDOW_UP[t] & (hand << 10)));
        if rare != 0 {
            return self.up_rare(i, t, hand, live, rare);
        }
        // The cards between the top and the closest card `c` (the lowest bit of `above`).
        let gap = ABOVE[t] & above.wrapping_sub(1) & !above;
        let buried = self.buried(gap & live, i);
        let pair = (hand >> 10) & above & above.wrapping_neg() != 0;
        let card = above.trailing_zeros() + if pair { 10 } else { 0 };
        let cost = buried + self.penalty[i] - if pair { SCALE } else { 0 };
        if above != 0 {
            key(cost, i, true, card)
        } else {
            no_move(i)
        }
    }

    /// An ascending pile with a backwards trick or a back pair (`rare` holds them).
    #[inline(never)]
    fn up_rare(&self, i: usize, t: usize, hand: u128, live: u128, rare: u128) -> Key {
        let (low, card, bonus) = if hand & RARE_UP[t] != 0 {
            (t - 10, t - 10, self.trick_bonus)
        } else {
            let y = rare.trailing_zeros() as usize;
            (y - 10, y, 2 * SCALE)
        };
        let reopened = self.buried(ABOVE[low] & BELOW[t] & live, i);
        key(-(bonus + reopened), i, false, card as u32)
    }

    /// The best move on descending pile `i` at `t`.
    #[inline(always)]
    fn down(&self, i: usize, t: u8, hand: u128, live: u128) -> Key {
        let t = usize::from(t);
        let below = hand & BELOW[t];
        let rare = hand & (RARE_DOWN[t] | (WINDOW_DOWN[t] & (hand >> 10)));
        if rare != 0 {
            return self.down_rare(i, t, hand, live, rare);
        }
        let c = 127u32.wrapping_sub(below.leading_zeros()) & 127;
        let gap = BELOW[t] & ABOVE[c as usize];
        let buried = self.buried(gap & live, i);
        let pair = ((hand << 10) >> c) & 1 != 0;
        let card = c - if pair { 10 } else { 0 };
        let cost = buried + self.penalty[i] - if pair { SCALE } else { 0 };
        if below != 0 {
            key(cost, i, true, card)
        } else {
            no_move(i)
        }
    }

    /// A descending pile with a backwards trick or a back pair (`rare` holds them).
    #[inline(never)]
    fn down_rare(&self, i: usize, t: usize, hand: u128, live: u128, rare: u128) -> Key {
        let (high, card, bonus) = if hand & RARE_DOWN[t] != 0 {
            (t + 10, t + 10, self.trick_bonus)
        } else {
            let y = 127 - rare.leading_zeros() as usize;
            (y + 10, y, 2 * SCALE)
        };
        let reopened = self.buried(ABOVE[t] & BELOW[high] & live, i);
        key(-(bonus + reopened), i, false, card as u32)
    }

    #[inline(always)]
    fn pile(&self, i: usize, tops: &[u8; 4], hand: u128, live: u128) -> Key {
        if i < 2 {
            self.up(i, tops[i], hand, live)
        } else {
            self.down(i, tops[i], hand, live)
        }
    }
}

/// The penalty teammates' signals put on plain plays, per pile.
#[inline(always)]
fn penalties(view: &View, me: Seat, p: &Params) -> [i32; 4] {
    let mut penalty = [0; 4];
    for (seat, row) in view
        .signals
        .iter()
        .enumerate()
        .take(usize::from(view.players))
    {
        if seat == me.index() {
            continue;
        }
        for (pen, signal) in penalty.iter_mut().zip(row) {
            match signal {
                Some(Signal::DontPlay) => *pen = (*pen).max(p.dont_play_penalty),
                Some(Signal::GoodCard) => *pen = (*pen).max(p.good_card_penalty),
                None => {}
            }
        }
    }
    penalty
}

#[inline(always)]
fn play(card: u8, pile: usize) -> Action {
    Action::Play {
        // Moves are built from hand bits (cards) or a top's backwards card (2..=99).
        card: Card::new(card).unwrap_or_else(|| unreachable!("{card} is not a card")),
        pile: Pile::from_index(pile),
    }
}

/// Plans the rest of the turn from `view` exactly as the general planner does, for parameters
/// where [`applies`] holds and a view where [`fits`] holds.
#[inline(always)]
pub(super) fn plan(p: &Params, view: &View, out: &mut Vec<Action>) {
    let me = view.viewer.unwrap_or(view.current);
    let mut hand = view.hand.bits();
    let mut live = ALL_CARDS & !view.played.bits();
    let mut tops = view.tops;
    let penalty = if view.players >= 2 {
        penalties(view, me, p)
    } else {
        [0; 4]
    };
    let threshold = if view.draw_pile == 0 {
        p.extra_endgame
    } else {
        p.extra
    };
    let accepted = [
        ACCEPT_UP[usize::from(tops[0])],
        ACCEPT_UP[usize::from(tops[1])],
        ACCEPT_DOWN[usize::from(tops[2])],
        ACCEPT_DOWN[usize::from(tops[3])],
    ];
    let k = Kernel {
        alt: p.alt_weight,
        stranded_extra: p.stranded_weight - p.alt_weight,
        trick_bonus: p.trick_bonus,
        penalty,
        stranded: [
            !(accepted[1] | accepted[2] | accepted[3]),
            !(accepted[0] | accepted[2] | accepted[3]),
            !(accepted[0] | accepted[1] | accepted[3]),
            !(accepted[0] | accepted[1] | accepted[2]),
        ],
    };
    let mut moves = [
        k.pile(0, &tops, hand, live),
        k.pile(1, &tops, hand, live),
        k.pile(2, &tops, hand, live),
        k.pile(3, &tops, hand, live),
    ];
    let mut played = view.played_this_turn;
    loop {
        let need = view.minimum.saturating_sub(played);
        let best = moves[0].min(moves[1]).min(moves[2].min(moves[3]));
        let cost = cost_of(best);
        if cost < NONE && (need > 0 || cost <= threshold) {
            let card = card_of(best);
            let pile = pile_of(best);
            out.push(play(card, pile));
            let bit = 1u128 << card;
            hand &= !bit;
            live &= !bit;
            tops[pile] = card;
            for (j, m) in moves.iter_mut().enumerate() {
                let d = card_of(*m).abs_diff(card);
                if j == pile || d == 0 || d == 10 {
                    *m = k.pile(j, &tops, hand, live);
                }
            }
            played = played.wrapping_add(1);
        } else if need > 0 {
            return;
        } else {
            break;
        }
    }
    if view.players >= 2 {
        for (i, &m) in moves.iter().enumerate() {
            let pile = Pile::from_index(i);
            if cost_of(m) >= NONE || view.signal(me, pile).is_some() {
                continue;
            }
            let cost = cost_of(m) - if plain_of(m) { penalty[i] } else { 0 };
            let signal = if cost <= p.dont_play_signal {
                Signal::DontPlay
            } else if cost <= p.good_card_signal {
                Signal::GoodCard
            } else {
                continue;
            };
            out.push(Action::Signal { pile, signal });
        }
    }
    out.push(Action::EndTurn);
}
