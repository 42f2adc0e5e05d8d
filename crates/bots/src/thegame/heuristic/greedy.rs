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

use super::masks::{
    above, below, card_of, cost_of, key, near_bytes, pile_of, plain_of, table, Key, ABOVE,
    ALL_CARDS, BELOW,
};
use super::{Params, NONE, SCALE};
use engine::Seat;
use thegame::{Action, Card, Pile, Signal, View};

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
/// and not in the hand, no hand card among the played ones (so every hand card is live), at
/// most [`MAX_HAND`] cards. Views made by the rules always do; a hand-made one that does not
/// is planned by the general planner.
#[inline(always)]
pub(super) fn fits(view: &View) -> bool {
    let hand = view.hand.bits();
    // Every top byte at most 100: adding 27 sets no byte's high bit.
    let tops = u32::from_le_bytes(view.tops);
    if (((tops & 0x7f7f_7f7f) + 0x1b1b_1b1b) | tops) & 0x8080_8080 != 0 {
        return false;
    }
    let [a, b, c, d] = view.tops.map(usize::from);
    let tops = ONE[a] | ONE[b] | ONE[c] | ONE[d];
    hand & (view.played.bits() | tops) == 0 && hand.count_ones() <= MAX_HAND
}

/// The most cards a hand holds (one player); a turn then plans at most this many plays, four
/// signals and `end`.
const MAX_HAND: u32 = 8;

/// Room for a whole plan.
const PLAN: usize = 16;

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

/// `ONE[n]`: bit `n` alone.
static ONE: [u128; 129] = table!(one);

const fn one(n: usize) -> u128 {
    if n < 128 {
        1u128 << n
    } else {
        0
    }
}

/// What an ascending pile (`ACCEPT_UP`) or a descending one (`ACCEPT_DOWN`) at `t` takes.
static ACCEPT_UP: [u128; 129] = table!(accept_up);
static ACCEPT_DOWN: [u128; 129] = table!(accept_down);
/// An ascending pile at `t`: its backwards card (`TRICK`), and the cards `t + 1 ..= t + 9`
/// where a back pair starts (`WINDOW`).
static TRICK: [u128; 129] = table!(trick_up);
static WINDOW: [u128; 129] = table!(window);

const fn accept_up(t: usize) -> u128 {
    above(t) | trick_up(t)
}

const fn accept_down(t: usize) -> u128 {
    below(t) | trick_down(t)
}

const fn window(t: usize) -> u128 {
    above(t) & below(if t + 10 > 128 { 128 } else { t + 10 })
}

/// Card `n` at bit `101 - n`: a descending pile seen as an ascending one (its top `t` at
/// `101 - t`, its backwards card `t + 10` at `101 - t - 10`, its pairs mirrored), so one
/// routine scores every pile.
#[inline(always)]
fn mirror(bits: u128) -> u128 {
    bits.reverse_bits() >> 26
}

/// A pile's own orientation of card (or top) `n`: itself for an ascending pile (`i < 2`),
/// mirrored for a descending one. Its own inverse.
#[inline(always)]
fn oriented(i: usize, n: u32) -> u32 {
    if i < 2 {
        n
    } else {
        101u32.wrapping_sub(n)
    }
}

#[inline(always)]
fn count(bits: u128) -> i32 {
    bits.count_ones() as i32
}

/// My hand and the live cards in one orientation.
#[derive(Clone, Copy)]
struct Side {
    hand: u128,
    live: u128,
}

impl Side {
    /// The card at bit `n` (this orientation, `n < 128`) leaves the hand for a pile.
    #[inline(always)]
    fn play(&mut self, n: u32) {
        // All ones but bit `n % 64`, in the word holding bit `n`: a rotate and two selects,
        // no 128-bit shift and no table load moved from a vector register.
        let clear = (!1u64).rotate_left(n);
        let (low, high) = if n < 64 { (clear, !0) } else { (!0, clear) };
        let keep = (u128::from(high) << 64) | u128::from(low);
        self.hand &= keep;
        self.live &= keep;
    }
}

/// The cost model of one turn.
struct Kernel {
    alt: i32,
    /// `stranded_weight - alt_weight`.
    stranded_extra: i32,
    trick_bonus: i32,
    penalty: [i32; 4],
    /// For each pile, in its orientation, the cards no other pile takes (at the turn's start).
    stranded: [u128; 4],
}

impl Kernel {
    /// The cost of burying `bits` (live cards only, in pile `i`'s orientation) on pile `i`.
    #[inline(always)]
    fn buried(&self, bits: u128, i: usize) -> i32 {
        count(bits) * self.alt + count(bits & self.stranded[i]) * self.stranded_extra
    }

    /// The best move on pile `i`, its top at `t` and the table `side` in its orientation.
    #[inline(always)]
    fn pile(&self, i: usize, t: u8, side: &Side) -> Key {
        // Tops are at most 101 here; the mask only spares the bounds checks.
        let t = usize::from(t) & 127;
        let hand = side.hand;
        let above = hand & ABOVE[t];
        let rare = hand & (TRICK[t] | (WINDOW[t] & (hand << 10)));
        if rare != 0 {
            return self.rare(i, t, side, rare);
        }
        // The cards between the top and the closest card `c` (the lowest bit of `above`).
        let closest = above & above.wrapping_neg();
        let gap = ABOVE[t] & closest.wrapping_sub(1);
        let buried = self.buried(gap & side.live, i);
        let pair = (hand >> 10) & closest != 0;
        let card = above.trailing_zeros() + if pair { 10 } else { 0 };
        let cost = buried + self.penalty[i] - if pair { SCALE } else { 0 };
        // Branch-free (whether the pile has a move is hard to predict). A pile without a move
        // costs `NONE`; its card and plain bit are never read: no signal is sent for it, and
        // scoring it again after a play (the hand only shrinks, its top stays) finds no move
        // again, so whether the card rule scores it again does not matter.
        let cost = if above != 0 { cost } else { NONE };
        key(cost, i, true, oriented(i, card))
    }

    /// Pile `i` with a backwards trick or a back pair (`rare` holds them).
    #[inline(never)]
    fn rare(&self, i: usize, t: usize, side: &Side, rare: u128) -> Key {
        let (low, card, bonus) = if side.hand & TRICK[t] != 0 {
            (t - 10, t - 10, self.trick_bonus)
        } else {
            let y = rare.trailing_zeros() as usize;
            (y - 10, y, 2 * SCALE)
        };
        let reopened = self.buried(ABOVE[low] & BELOW[t] & side.live, i);
        key(-(bonus + reopened), i, false, oriented(i, card as u32))
    }
}

/// A standing signal as a number: 0 none, 1 "don't play", 2 "good card".
#[inline(always)]
fn code(signal: Option<Signal>) -> u32 {
    signal.map_or(0, |s| s as u32 + 1)
}

/// The penalty teammates' signals put on plain plays, per pile: the largest of 0 and the
/// penalties of the signals teammates have standing there. Branch-free (signals are data).
#[inline(always)]
fn penalties(view: &View, me: Seat, p: &Params) -> [i32; 4] {
    // Bit `i` of `dont` (`good`): a teammate says "don't play" ("good card") on pile `i`.
    let mut dont = 0u32;
    let mut good = 0u32;
    for (seat, row) in view
        .signals
        .iter()
        .enumerate()
        .take(usize::from(view.players))
    {
        // Every signal as a bit: 1 << (4 * code + pile), my own masked off.
        let mut bits = 0u32;
        for (i, &signal) in row.iter().enumerate() {
            bits |= 1 << (4 * code(signal) + i as u32);
        }
        let mine = u32::from(seat == me.index()).wrapping_neg();
        bits &= !mine;
        dont |= bits >> 4;
        good |= bits >> 8;
    }
    let dont = dont & 0xf;
    let mut penalty = [0; 4];
    for (i, pen) in penalty.iter_mut().enumerate() {
        let d = if dont >> i & 1 != 0 {
            p.dont_play_penalty
        } else {
            0
        };
        let g = if good >> i & 1 != 0 {
            p.good_card_penalty
        } else {
            0
        };
        *pen = d.max(g).max(0);
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
    let hand = view.hand.bits();
    let live = ALL_CARDS & !view.played.bits();
    let mut sides = [
        Side { hand, live },
        Side {
            hand: mirror(hand),
            live: mirror(live),
        },
    ];
    let t = view.tops.map(usize::from);
    let mut tops = [
        view.tops[0],
        view.tops[1],
        101 - view.tops[2],
        101 - view.tops[3],
    ];
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
    // What each pile takes, as seen by the ascending piles and by the descending ones.
    let up = [
        ACCEPT_UP[t[0]],
        ACCEPT_UP[t[1]],
        ACCEPT_DOWN[t[2]],
        ACCEPT_DOWN[t[3]],
    ];
    let down = [
        ACCEPT_DOWN[101 - t[0]],
        ACCEPT_DOWN[101 - t[1]],
        ACCEPT_UP[101 - t[2]],
        ACCEPT_UP[101 - t[3]],
    ];
    let k = Kernel {
        alt: p.alt_weight,
        stranded_extra: p.stranded_weight - p.alt_weight,
        trick_bonus: p.trick_bonus,
        penalty,
        stranded: [
            !(up[1] | up[2] | up[3]),
            !(up[0] | up[2] | up[3]),
            !(down[0] | down[1] | down[3]),
            !(down[0] | down[1] | down[2]),
        ],
    };
    let mut moves = [
        k.pile(0, tops[0], &sides[0]),
        k.pile(1, tops[1], &sides[0]),
        k.pile(2, tops[2], &sides[1]),
        k.pile(3, tops[3], &sides[1]),
    ];
    // The plan is written straight into `out`'s spare room, a slot counted (branch-free)
    // only once written.
    out.reserve(PLAN);
    let start = out.len();
    let plan = &mut out.spare_capacity_mut()[..PLAN];
    let mut n = 0;
    let mut played = view.played_this_turn;
    loop {
        let need = view.minimum.saturating_sub(played);
        let best = moves[0].min(moves[1]).min(moves[2].min(moves[3]));
        let cost = cost_of(best);
        if cost < NONE && (need > 0 || cost <= threshold) {
            let card = card_of(best);
            let pile = pile_of(best);
            plan[n % PLAN].write(play(card, pile));
            n += 1;
            sides[0].play(u32::from(card));
            sides[1].play(101 - u32::from(card));
            tops[pile] = oriented(pile, u32::from(card)) as u8;
            // Score again the pile played on and those whose move used this card or its
            // backwards partner, as the general planner does.
            // A byte's high bit per pile to score again.
            let cards = u32::from_le_bytes(moves.map(card_of)) & 0x7f7f_7f7f;
            let mut again = (0x80 << (8 * pile)) | near_bytes(cards, card);
            while again != 0 {
                let j = (again.trailing_zeros() / 8) as usize;
                again &= again - 1;
                moves[j] = k.pile(j, tops[j], &sides[j >> 1]);
            }
            played = played.wrapping_add(1);
        } else if need > 0 {
            // SAFETY: slots `start..start + n` were written (see below).
            unsafe { out.set_len(start + n.min(PLAN)) };
            return;
        } else {
            break;
        }
    }
    if view.players >= 2 {
        let mine = view.signals.get(me.index()).copied().unwrap_or([None; 4]);
        for (i, &m) in moves.iter().enumerate() {
            let cost = cost_of(m) - if plain_of(m) { penalty[i] } else { 0 };
            let dont = cost <= p.dont_play_signal;
            let good = !dont & (cost <= p.good_card_signal);
            let send = (cost_of(m) < NONE) & mine[i].is_none() & (dont | good);
            plan[n % PLAN].write(Action::Signal {
                pile: Pile::from_index(i),
                signal: if dont {
                    Signal::DontPlay
                } else {
                    Signal::GoodCard
                },
            });
            n += usize::from(send);
        }
    }
    plan[n % PLAN].write(Action::EndTurn);
    n += 1;
    // SAFETY: `reserve` made room for `PLAN` actions past `start`, and every slot below `n`
    // was written: an action is written at slot `n` before `n` counts it (a slot not counted
    // is overwritten by the next action or left past the length). At most `MAX_HAND` plays
    // (each a distinct hand card), four signals and `end` make `n` at most 13 < `PLAN`; the
    // `min` keeps the length within the written room regardless.
    unsafe { out.set_len(start + n.min(PLAN)) };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_descending_pile_mirrored_is_an_ascending_one() {
        for t in 0..=100usize {
            assert_eq!(mirror(ACCEPT_UP[t]), ACCEPT_DOWN[101 - t], "up {t}");
            assert_eq!(mirror(ACCEPT_DOWN[t]), ACCEPT_UP[101 - t], "down {t}");
            assert_eq!(mirror(mirror(ACCEPT_UP[t])), ACCEPT_UP[t]);
        }
        assert_eq!(mirror(ALL_CARDS), ALL_CARDS);
        assert_eq!(mirror(1 << 2), 1 << 99);
    }
}
