//! The general planner: the cost model evaluated move by move for any [`Params`], with the
//! solo lookahead. The tuned greedy parameters take the faster closed form in
//! [`super::greedy`] instead; both make the same plans (see `equivalence.rs`).

use super::{Params, NONE, SCALE};
use engine::Seat;
use thegame::{Action, Card, Pile, Signal, View};

/// A candidate play and its cost.
#[derive(Clone, Copy, Debug)]
struct Move {
    cost: i32,
    card: u8,
    pile: u8,
    /// Whether a teammate's signal penalty is included in `cost` (plain plays only).
    plain: bool,
}

const NO_MOVE: Move = Move {
    cost: NONE,
    card: 0,
    pile: 0,
    plain: false,
};

impl Move {
    #[inline(always)]
    fn exists(self) -> bool {
        self.cost < NONE
    }

    #[inline(always)]
    fn action(self) -> Action {
        Action::Play {
            card: card(self.card),
            pile: Pile::from_index(usize::from(self.pile)),
        }
    }
}

#[inline(always)]
fn card(n: u8) -> Card {
    // Moves are built from hand bits, which hold only cards.
    Card::new(n).unwrap_or_else(|| unreachable!("hand bit {n} is not a card"))
}

/// Bits 2..=99: every card.
const ALL_CARDS: u128 = thegame::CardSet::ALL.bits();

const fn mask_table(above: bool) -> [u128; 101] {
    let mut table = [0u128; 101];
    let mut i = 0;
    while i <= 100 {
        table[i] = if above {
            ALL_CARDS & !((1u128 << (i + 1)) - 1)
        } else {
            ALL_CARDS & ((1u128 << i) - 1)
        };
        i += 1;
    }
    table
}

/// `ABOVE[t]`: the cards greater than `t`; `BELOW[t]`: the cards smaller than `t`.
static ABOVE: [u128; 101] = mask_table(true);
static BELOW: [u128; 101] = mask_table(false);

/// Cards strictly between `lo` and `hi` (both `<= 100`).
#[inline(always)]
fn between(lo: u8, hi: u8) -> u128 {
    ABOVE[usize::from(lo.min(100))] & BELOW[usize::from(hi.min(100))]
}

#[inline(always)]
fn count(bits: u128) -> i32 {
    bits.count_ones() as i32
}

#[inline(always)]
fn bit(n: u8) -> u128 {
    // Only a nonsense top (an ascending top of 138 or more, in a hand-made view) asks for a
    // bit past 127: no card is there. (The original wrapped it around to a card's bit and
    // could then play a card numbered above 99: a panic.)
    if n < 128 {
        1u128 << n
    } else {
        0
    }
}

/// The cards pile `i` (0, 1 ascending; 2, 3 descending) takes at `top`.
#[inline(always)]
fn accepted(i: usize, top: u8) -> u128 {
    if i < 2 {
        let trick = if top >= 12 { bit(top - 10) } else { 0 };
        ABOVE[usize::from(top.min(100))] | trick
    } else {
        let trick = if top <= 89 { bit(top + 10) } else { 0 };
        BELOW[usize::from(top.min(100))] | trick
    }
}

/// The part of the table a plan changes: my hand, the cards not yet played, the tops.
#[derive(Clone, Copy)]
struct Board {
    hand: u128,
    live: u128,
    tops: [u8; 4],
}

impl Board {
    #[inline(always)]
    fn play(&mut self, m: Move) {
        let b = bit(m.card);
        self.hand &= !b;
        self.live &= !b;
        self.tops[usize::from(m.pile)] = m.card;
    }

    /// For each pile, the cards the other three take now.
    #[inline(always)]
    fn elsewhere(&self) -> [u128; 4] {
        let a = [
            accepted(0, self.tops[0]),
            accepted(1, self.tops[1]),
            accepted(2, self.tops[2]),
            accepted(3, self.tops[3]),
        ];
        [
            a[1] | a[2] | a[3],
            a[0] | a[2] | a[3],
            a[0] | a[1] | a[3],
            a[0] | a[1] | a[2],
        ]
    }
}

/// The cost model of one turn: the parameters and the teammates' signal penalties.
struct Costs<'a> {
    p: &'a Params,
    penalty: [i32; 4],
}

impl Costs<'_> {
    /// The cost of burying the live cards in `bits`, `other` being what the other piles take.
    #[inline(always)]
    fn buried(&self, bits: u128, b: &Board, other: u128) -> i32 {
        let bits = bits & b.live;
        let p = self.p;
        let mut cost =
            count(bits) * p.alt_weight + count(bits & !other) * (p.stranded_weight - p.alt_weight);
        if p.own_weight != 0 {
            cost += count(bits & b.hand) * p.own_weight;
        }
        cost
    }

    /// The bonus for a new top `top` whose backwards partner may still come.
    #[inline(always)]
    fn partner(&self, ascending: bool, top: u8, b: &Board) -> i32 {
        let p = self.p;
        if p.partner_in_hand == 0 && p.partner_unseen == 0 {
            return 0;
        }
        let partner = if ascending {
            if top >= 12 {
                bit(top - 10)
            } else {
                0
            }
        } else if top <= 89 {
            bit(top + 10)
        } else {
            0
        };
        if partner & b.hand != 0 {
            p.partner_in_hand
        } else if partner & b.live != 0 {
            p.partner_unseen
        } else {
            0
        }
    }

    /// The cheapest move on pile `i` of `b`: the backwards trick, the closest card, or the
    /// first card of a pair `y`, `y ∓ 10` (scored as one move, one card better than playing
    /// the second card alone, since the pair sheds two cards).
    #[inline(always)]
    fn pile(&self, b: &Board, i: usize, other: u128) -> Move {
        let hand = b.hand;
        let top = b.tops[i];
        let pen = self.penalty[i];
        let tb = self.p.trick_bonus;
        let pile = i as u8;
        let mut greedy = NO_MOVE;
        if i < 2 {
            if top >= 12 && hand & bit(top - 10) != 0 {
                greedy = Move {
                    cost: -(tb + self.buried(between(top - 10, top), b, other)),
                    card: top - 10,
                    pile,
                    plain: false,
                };
            }
            let above = hand & ABOVE[usize::from(top.min(100))];
            if above != 0 {
                let c = above.trailing_zeros() as u8;
                let cost = self.buried(between(top, c), b, other) + pen - self.partner(true, c, b);
                if cost < greedy.cost {
                    greedy = Move {
                        cost,
                        card: c,
                        pile,
                        plain: true,
                    };
                }
            }
            let mut pairs = above & (hand << 10);
            while pairs != 0 {
                let y = pairs.trailing_zeros() as u8;
                pairs &= pairs - 1;
                let low = y - 10;
                let (cost, plain) = if low > top {
                    (self.buried(between(top, low), b, other) + pen - SCALE, true)
                } else {
                    (
                        -(2 * SCALE + self.buried(between(low, top), b, other)),
                        false,
                    )
                };
                if cost < greedy.cost {
                    greedy = Move {
                        cost,
                        card: y,
                        pile,
                        plain,
                    };
                }
            }
        } else {
            if top <= 89 && hand & bit(top + 10) != 0 {
                greedy = Move {
                    cost: -(tb + self.buried(between(top, top + 10), b, other)),
                    card: top + 10,
                    pile,
                    plain: false,
                };
            }
            let below = hand & BELOW[usize::from(top.min(100))];
            if below != 0 {
                let c = (127 - below.leading_zeros()) as u8;
                let cost = self.buried(between(c, top), b, other) + pen - self.partner(false, c, b);
                if cost < greedy.cost {
                    greedy = Move {
                        cost,
                        card: c,
                        pile,
                        plain: true,
                    };
                }
            }
            let mut pairs = below & (hand >> 10);
            while pairs != 0 {
                let y = pairs.trailing_zeros() as u8;
                pairs &= pairs - 1;
                let high = y + 10;
                let (cost, plain) = if high < top {
                    (
                        self.buried(between(high, top), b, other) + pen - SCALE,
                        true,
                    )
                } else {
                    (
                        -(2 * SCALE + self.buried(between(top, high), b, other)),
                        false,
                    )
                };
                if cost < greedy.cost {
                    greedy = Move {
                        cost,
                        card: y,
                        pile,
                        plain,
                    };
                }
            }
        }
        greedy
    }

    /// The greedy best move of each pile of `b`.
    #[inline(always)]
    fn all(&self, b: &Board) -> [Move; 4] {
        let others = b.elsewhere();
        [
            self.pile(b, 0, others[0]),
            self.pile(b, 1, others[1]),
            self.pile(b, 2, others[2]),
            self.pile(b, 3, others[3]),
        ]
    }

    /// The cost of playing `c` on pile `i` of `b` by itself.
    #[inline(always)]
    fn single(&self, b: &Board, i: usize, c: u8, other: u128) -> i32 {
        let top = b.tops[i];
        if i < 2 {
            if c < top {
                -(self.p.trick_bonus + self.buried(between(c, top), b, other))
            } else {
                self.buried(between(top, c), b, other) + self.penalty[i] - self.partner(true, c, b)
            }
        } else if c > top {
            -(self.p.trick_bonus + self.buried(between(top, c), b, other))
        } else {
            self.buried(between(c, top), b, other) + self.penalty[i] - self.partner(false, c, b)
        }
    }

    /// The moves after `played` was made on `next`: the pile it went to, and any pile whose
    /// move used that card (or its backwards partner), are evaluated again. The other piles
    /// keep their moves: what the other piles take (`others`) is not brought up to date,
    /// which keeps a step to one or two pile evaluations at a small loss of precision.
    #[inline(always)]
    fn update(&self, moves: &mut [Move; 4], next: &Board, played: Move, others: &[u128; 4]) {
        if self.p.exact != 0 {
            *moves = self.all(next);
            return;
        }
        for (j, m) in moves.iter_mut().enumerate() {
            let d = m.card.abs_diff(played.card);
            if j == usize::from(played.pile) || d == 0 || d == 10 {
                *m = self.pile(next, j, others[j]);
            }
        }
    }

    /// The first plays the lookahead tries on pile `i`: the backwards trick, the `closest`
    /// cards nearest the top, and every first card of a pair (every legal card when
    /// `closest` is 0).
    #[inline(always)]
    fn candidates(&self, b: &Board, i: usize, closest: i32) -> u128 {
        let top = b.tops[i];
        let legal = b.hand & accepted(i, top);
        if closest <= 0 {
            return legal;
        }
        let mut set = legal
            & !if i < 2 {
                ABOVE[usize::from(top.min(100))]
            } else {
                BELOW[usize::from(top.min(100))]
            };
        if i < 2 {
            let mut above = b.hand & ABOVE[usize::from(top.min(100))];
            set |= above & (b.hand << 10);
            for _ in 0..closest {
                let low = above & above.wrapping_neg();
                set |= low;
                above ^= low;
            }
        } else {
            let mut below = b.hand & BELOW[usize::from(top.min(100))];
            set |= below & (b.hand >> 10);
            for _ in 0..closest {
                if below == 0 {
                    break;
                }
                let high = 1u128 << (127 - below.leading_zeros());
                set |= high;
                below ^= high;
            }
        }
        set
    }

    /// The weighted cost of the two cheapest plays left on `next` (moves `moves`) for the
    /// next turn, `stuck_cost` for each missing one.
    #[inline(always)]
    fn future(&self, next: &mut Board, moves: &mut [Move; 4], others: &[u128; 4]) -> i32 {
        let p = self.p;
        if p.next_turn == 0 {
            return 0;
        }
        let mut later = 0;
        for step in 0..2 {
            let m = cheapest(moves);
            if m.exists() {
                later += m.cost.max(p.future_floor);
                if step == 0 {
                    next.play(m);
                    self.update(moves, next, m, others);
                }
            } else {
                later += p.stuck_cost;
            }
        }
        later * p.next_turn / (4 * SCALE)
    }

    /// The first play of the cheapest way to make the `need` plays still required: every
    /// candidate first play, each followed greedily by the rest, plus (weighted by
    /// `next_turn`) the cost of the two cheapest plays the hand would have left for the next
    /// turn. `base` holds the moves of `b`.
    #[inline(always)]
    fn best_start(&self, b: &Board, base: &[Move; 4], need: u8) -> Move {
        let p = self.p;
        let others = b.elsewhere();
        let mut best = (NONE, NO_MOVE);
        for i in 0..4 {
            let mut legal = self.candidates(b, i, p.candidates);
            'cards: while legal != 0 {
                let c = legal.trailing_zeros() as u8;
                legal &= legal - 1;
                let cost = self.single(b, i, c, others[i]);
                let first = Move {
                    cost,
                    card: c,
                    pile: i as u8,
                    plain: false,
                };
                let mut next = *b;
                next.play(first);
                let mut moves = *base;
                self.update(&mut moves, &next, first, &others);
                let mut total = cost;
                for _ in 1..need {
                    let m = cheapest(&moves);
                    if !m.exists() {
                        continue 'cards;
                    }
                    total += m.cost;
                    next.play(m);
                    self.update(&mut moves, &next, m, &others);
                }
                total += self.future(&mut next, &mut moves, &others);
                if total < best.0 {
                    best = (total, first);
                }
            }
        }
        if best.1.exists() {
            best.1
        } else {
            cheapest(base)
        }
    }
}

/// The penalty teammates' signals put on plain plays, per pile.
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

/// The cheapest of four moves.
#[inline(always)]
fn cheapest(moves: &[Move; 4]) -> Move {
    let a = if moves[1].cost < moves[0].cost {
        moves[1]
    } else {
        moves[0]
    };
    let b = if moves[3].cost < moves[2].cost {
        moves[3]
    } else {
        moves[2]
    };
    if b.cost < a.cost {
        b
    } else {
        a
    }
}

/// Plans the rest of the turn from `view` with parameters `p`: the plays, then the signals, then
/// `end`. Stops early after a play that leaves no legal move below the minimum (the game is then
/// lost).
#[inline(always)]
pub(super) fn plan(p: &Params, view: &View, out: &mut Vec<Action>) {
    let p = *p;
    let me = view.viewer.unwrap_or(view.current);
    let mut board = Board {
        hand: view.hand.bits(),
        live: ALL_CARDS & !view.played.bits(),
        tops: view.tops,
    };
    let mut played = view.played_this_turn;
    let penalty = if view.players >= 2 {
        penalties(view, me, &p)
    } else {
        [0; 4]
    };
    let costs = Costs { p: &p, penalty };
    let threshold = if view.draw_pile == 0 {
        p.extra_endgame
    } else {
        p.extra
    };
    let others = board.elsewhere();
    let mut moves = costs.all(&board);
    loop {
        let need = view.minimum.saturating_sub(played);
        let m = if (need >= 2 && p.lookahead > 0) || (need == 1 && p.lookahead > 1) {
            costs.best_start(&board, &moves, need)
        } else {
            cheapest(&moves)
        };
        if m.exists() && (need > 0 || m.cost <= threshold) {
            out.push(m.action());
            board.play(m);
            costs.update(&mut moves, &board, m, &others);
            played += 1;
        } else if need > 0 {
            return;
        } else {
            break;
        }
    }
    if view.players >= 2 {
        for (i, m) in moves.iter().enumerate() {
            let pile = Pile::from_index(i);
            if !m.exists() || view.signal(me, pile).is_some() {
                continue;
            }
            let cost = m.cost - if m.plain { penalty[i] } else { 0 };
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
