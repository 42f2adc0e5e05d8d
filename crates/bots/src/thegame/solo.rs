//! The solo bot: a strong strategy for one player, planned whole turns at a time.
//!
//! Strategy (the heuristic's solo lookahead, re-derived on a cheaper representation; every
//! turn is planned from the seat's [`View`], which in solo play shows every card not in hand
//! as in the draw pile):
//! 1. **Cost of a play = live cards it buries.** Moving an ascending pile from `t` to `c`
//!    buries the unplayed cards strictly between them; a buried card counts `alt_weight` if
//!    another pile still takes it and `stranded_weight` (four times more) if none does.
//!    Descending piles mirror this. Counts come from a rank table (`rank[x]` = live cards
//!    below `x`), so any count is a difference of two ranks, and "stranded" is a clamp of
//!    the rank to each pile's stranded interval (ignoring the other piles' tricks).
//! 2. **Tricks and pairs.** A backwards trick costs `-(trick_bonus + cards it reopens)`.
//!    Holding `y` and `y - 10` for an ascending pile below `y`, the pair (play `y`, then
//!    `y - 10` backwards) is one move costing what ends up buried, less one card. Pairs must
//!    be part of every pile's cheapest move: without them the win rate falls from 13.6 % to
//!    8.7 % (seeds 1,000,000.., 20,000 deals).
//! 3. **Two required plays chosen jointly, with the next turn in view.** While two plays are
//!    due, every first play among each pile's trick, pairs and `closest` nearest cards is
//!    tried, followed by the cheapest second play and the two cheapest plays the rest of the
//!    hand would offer next turn (weighted `next_turn`/16, each counted at no less than
//!    `future_floor`, `stuck_cost` when missing). The first play of the cheapest line is
//!    made, then the cheapest second. This is where the strength is: greedy play wins 5.9 %,
//!    the joint pair without the next turn 8.8 %, and looking ahead from each play alone
//!    (rather than from the pair) only 6.7 %.
//! 4. **Few extra plays.** After the minimum the turn goes on only while the cheapest move
//!    costs at most `extra` (tricks and pairs), which keeps cards in hand as options.
//!
//! Measured frontier (the `solo_thegame` example; win % over seeds 0..100,000, planning cost
//! per turn on the shared 2-core machine, best of five rounds): `closest` 1: 12.05 % at
//! ~0.58 µs; 2: 13.42 % at ~0.76 µs; 3 (the default): 13.83 % at ~0.76 µs (the bounds below
//! cut most of the third card's lines). Tried and dropped: skipping first plays that
//! cost much more than the cheapest play (−3 to −7 points: the lookahead's value is often
//! in *which* expensive play to make when two are due), skipping the lookahead when the two
//! cheapest plays are both tricks (−1.5 points), and estimating the greedy steps from
//! precomputed per-pile chains of moves without tracking shared cards (9.8 %). One change
//! at a time to each weight (40,000 deals, `closest` 2) found nothing better than the
//! defaults, which are the heuristic's tuned solo parameters.
//!
//! Speed decisions:
//! - **Rank table kept between calls.** The bot keeps the live set its table was built for;
//!   a new view whose played cards only add to it (the usual case: the cards this bot just
//!   played) costs one byte-vector compare-and-subtract per card, anything else a rebuild.
//!   Decisions never depend on the history: the table always equals the one built afresh
//!   from the view (tested).
//! - **Hand in lanes.** A hand of at most eight cards is sorted into lanes once per turn,
//!   with every weighted rank the turn can ask for tabulated per pile (AVX2 where the CPU
//!   has it); a pile's cheapest move is then a few table reads and conditional moves on an
//!   8-bit mask of the cards left. Larger hands (only in hand-made views) take the general
//!   path on 128-bit card masks, which makes exactly the same decisions (tested).
//! - **Memoised moves.** Within one decision each pile's cheapest move at each possible top
//!   is evaluated once, on the decision's hand; a stored move that can still be made is
//!   reused, since fewer cards in hand never make a cheaper move.
//! - **Exact bounds.** A first play is dropped as soon as a lower bound shows its line
//!   cannot beat the best so far: the next turn counts at least two plays at the floor, and
//!   no second play costs less than the cheapest move left (losing cards never makes a move
//!   cheaper). Only a strictly cheaper line replaces the best, so the choice is unchanged;
//!   this cut a third of the work. Looking at the greedy first play first (so the bounds
//!   cut earlier) and memoising each pile's move without its head's cards did not pay.
//! - The per-turn cost is still about 6,000 instructions (callgrind), most of it the ~10
//!   first plays × three greedy steps of the lookahead; the target of ≤ 60 ns per
//!   turn (≈ 300 instructions) would need a different decision rule, not a faster one.

use super::Player;
use thegame::{Action, Card, Pile, View};

/// Costs are counted in quarter cards, as the heuristic's are.
use super::heuristic::SCALE;

/// The knobs of the solo bot. Costs are in quarter cards (four per buried card). The bot
/// reads weights and thresholds clamped to ±4,096 quarter cards, `next_turn` to `0..=64` and
/// `closest` to `0..=8`, so no cost can overflow whatever is set here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SoloParams {
    /// Weight of a buried live card that another pile still takes.
    pub alt_weight: i32,
    /// Weight of a buried live card that no other pile takes.
    pub stranded_weight: i32,
    /// The gain of a backwards trick besides the live cards it reopens.
    pub trick_bonus: i32,
    /// After the minimum, keep playing while the cheapest move costs at most this.
    pub extra: i32,
    /// The same once the draw pile is empty.
    pub extra_endgame: i32,
    /// Weight (in sixteenths) of the two cheapest plays left for the next turn.
    pub next_turn: i32,
    /// The lowest cost a next-turn play counts for.
    pub future_floor: i32,
    /// The cost of a next-turn play that does not exist.
    pub stuck_cost: i32,
    /// How many cards nearest each pile's top are tried as first plays (besides tricks and
    /// the first cards of pairs).
    pub closest: u32,
}

impl Default for SoloParams {
    fn default() -> SoloParams {
        SoloParams {
            alt_weight: SCALE,
            stranded_weight: 4 * SCALE,
            trick_bonus: 2 * SCALE,
            extra: -2 * SCALE,
            extra_endgame: 0,
            next_turn: 9,
            future_floor: -SCALE,
            stuck_cost: 32 * SCALE,
            closest: 3,
        }
    }
}

impl SoloParams {
    /// These parameters within the ranges the bot reads them in.
    fn clamped(self) -> SoloParams {
        let w = |x: i32| x.clamp(-4096, 4096);
        SoloParams {
            alt_weight: w(self.alt_weight),
            stranded_weight: w(self.stranded_weight),
            trick_bonus: w(self.trick_bonus),
            extra: w(self.extra),
            extra_endgame: w(self.extra_endgame),
            next_turn: self.next_turn.clamp(0, 64),
            future_floor: w(self.future_floor),
            stuck_cost: w(self.stuck_cost),
            closest: self.closest.min(8),
        }
    }
}

/// The solo bot (see the module docs).
#[derive(Clone, Debug)]
pub struct Solo {
    /// The weights and thresholds.
    pub params: SoloParams,
    ranks: Ranks,
}

impl Default for Solo {
    fn default() -> Solo {
        Solo::new(SoloParams::default())
    }
}

impl Solo {
    /// A solo bot with these parameters.
    pub fn new(params: SoloParams) -> Solo {
        Solo {
            params,
            ranks: Ranks::new(ALL_CARDS),
        }
    }
}

/// Bits 2..=99: every card.
const ALL_CARDS: u128 = thegame::CardSet::ALL.bits();

/// The cost of "no such move": larger than any real cost, small enough to add up safely.
const NONE: i32 = 1 << 24;

const fn mask_table(above: bool) -> [u128; 128] {
    let mut table = [0u128; 128];
    let mut i = 0;
    while i < 128 {
        table[i] = if above {
            if i >= 127 {
                0
            } else {
                ALL_CARDS & !((1u128 << (i + 1)) - 1)
            }
        } else {
            ALL_CARDS & ((1u128 << i) - 1)
        };
        i += 1;
    }
    table
}

/// `ABOVE[t]`: the cards greater than `t`; `BELOW[t]`: the cards smaller than `t`.
static ABOVE: [u128; 128] = mask_table(true);
static BELOW: [u128; 128] = mask_table(false);

#[inline(always)]
fn bit(n: u8) -> u128 {
    1u128 << (n & 127)
}

/// `IOTA[x] == x`.
static IOTA: [u8; 128] = {
    let mut t = [0u8; 128];
    let mut i = 0;
    while i < 128 {
        t[i] = i as u8;
        i += 1;
    }
    t
};

/// The rank of every number among the live (unplayed) cards: `rank[x]` is how many live
/// cards are below `x`. Kept between calls and brought up to date from the view's live set.
#[derive(Clone, Debug)]
struct Ranks {
    live: u128,
    rank: [u8; 128],
}

impl Ranks {
    fn new(live: u128) -> Ranks {
        let mut r = Ranks {
            live,
            rank: [0; 128],
        };
        r.rebuild(live);
        r
    }

    fn rebuild(&mut self, live: u128) {
        self.live = live;
        let mut n = 0u8;
        for (x, r) in self.rank.iter_mut().enumerate() {
            *r = n;
            n += (live >> x) as u8 & 1;
        }
    }

    /// Card `c` is played: every rank above it drops by one.
    #[inline(always)]
    fn remove(&mut self, c: u8) {
        let was_live = self.live & bit(c) != 0;
        self.live &= !bit(c);
        let c = if was_live { c } else { 127 };
        // Byte lanes against byte lanes, so the loop compiles to a few vector operations.
        for (r, &x) in self.rank.iter_mut().zip(IOTA.iter()) {
            *r -= u8::from(x > c);
        }
    }

    /// Brings the ranks to the live set `live`.
    #[inline(always)]
    fn sync(&mut self, live: u128) {
        if live == self.live {
            return;
        }
        let gone = self.live & !live;
        if live & !self.live == 0 && gone.count_ones() <= 8 {
            let mut g = gone;
            while g != 0 {
                self.remove(g.trailing_zeros() as u8);
                g &= g - 1;
            }
        } else {
            self.rebuild(live);
        }
    }
}

/// A candidate play and its cost.
#[derive(Clone, Copy, Debug)]
struct Move {
    cost: i32,
    card: u8,
    pile: u8,
    /// The first card of a pair: its cost counts on the partner still being in hand.
    pair: bool,
    /// The card's lane in the fast path's hand (0 in the general path).
    lane: u8,
    /// The fast path's lanes the move needs in hand: its card's, and a pair's partner's.
    need: u32,
}

const NO_MOVE: Move = Move {
    cost: NONE,
    card: 0,
    pile: 0,
    pair: false,
    lane: NO,
    need: 0,
};

impl Move {
    #[inline(always)]
    fn exists(self) -> bool {
        self.cost < NONE
    }

    /// Whether the move can still be made from `hand` (at the same top).
    #[inline(always)]
    fn available(self, hand: u128) -> bool {
        let partner = match (self.pair, self.pile < 2) {
            (false, _) => self.card,
            (true, true) => self.card - 10,
            (true, false) => self.card + 10,
        };
        hand & bit(self.card) != 0 && hand & bit(partner) != 0
    }
}

/// What one decision's lookahead computes once: the heads of the board it starts from
/// (`base`) and, lazily, the head of each pile after its base move (`next`).
struct Memo {
    board: Board,
    base: [Move; 4],
    next: [Move; 4],
    known: u8,
}

/// The part of the table a plan changes: my hand and the tops.
#[derive(Clone, Copy)]
struct Board {
    hand: u128,
    tops: [u8; 4],
}

impl Board {
    #[inline(always)]
    fn play(&mut self, m: Move) {
        self.hand &= !bit(m.card);
        self.tops[usize::from(m.pile & 3)] = m.card;
    }
}

/// The cost model of one step: ranks, the stranded interval of each pile, the parameters.
struct Model<'a> {
    p: &'a SoloParams,
    rank: &'a [u8; 128],
    /// The stranded cards of pile `i` are the live ones with ranks in `lo[i]..hi[i]`.
    lo: [i32; 4],
    hi: [i32; 4],
}

impl<'a> Model<'a> {
    #[inline(always)]
    fn new(p: &'a SoloParams, rank: &'a [u8; 128], tops: &[u8; 4]) -> Model<'a> {
        let r = |x: u8| i32::from(rank[usize::from(x & 127)]);
        let mut lo = [0; 4];
        let mut hi = [0; 4];
        // An ascending pile's buried card is stranded when the other ascending pile is above
        // it and both descending piles are at or below it.
        let d = tops[2].max(tops[3]);
        let a = tops[0].min(tops[1]);
        for i in 0..2 {
            lo[i] = r(d);
            hi[i] = lo[i].max(r(tops[1 - i] + 1));
        }
        for i in 2..4 {
            lo[i] = r(tops[5 - i]);
            hi[i] = lo[i].max(r(a + 1));
        }
        Model { p, rank, lo, hi }
    }

    /// The weighted count of live cards below `x` for pile `i`.
    #[inline(always)]
    fn w(&self, i: usize, x: u8) -> i32 {
        let r = i32::from(self.rank[usize::from(x & 127)]);
        let s = r.clamp(self.lo[i], self.hi[i]);
        self.p.alt_weight * r + (self.p.stranded_weight - self.p.alt_weight) * s
    }

    /// The cost of playing `c` on pile `i` at `top` by itself.
    #[inline(always)]
    fn single(&self, i: usize, top: u8, c: u8) -> i32 {
        if i < 2 {
            if c < top {
                -(self.p.trick_bonus + self.w(i, top) - self.w(i, c + 1))
            } else {
                self.w(i, c) - self.w(i, top + 1)
            }
        } else if c > top {
            -(self.p.trick_bonus + self.w(i, c) - self.w(i, top + 1))
        } else {
            self.w(i, top) - self.w(i, c + 1)
        }
    }

    /// The cheapest move on pile `i` of `b`: the backwards trick, the closest card, or the
    /// first card of a pair `y`, `y ∓ 10` (scored as one move, one card better than playing
    /// the second card alone, since the pair sheds two cards).
    #[inline(always)]
    fn head(&self, b: &Board, i: usize) -> Move {
        let hand = b.hand;
        let top = b.tops[i];
        let pile = i as u8;
        let mut best = NO_MOVE;
        if i < 2 {
            if top >= 12 && hand & bit(top - 10) != 0 {
                best = Move {
                    cost: self.single(i, top, top - 10),
                    card: top - 10,
                    pile,
                    pair: false,
                    lane: 0,
                    need: 0,
                };
            }
            let above = hand & ABOVE[usize::from(top)];
            if above != 0 {
                let c = above.trailing_zeros() as u8;
                let cost = self.w(i, c) - self.w(i, top + 1);
                if cost < best.cost {
                    best = Move {
                        cost,
                        card: c,
                        pile,
                        pair: false,
                        lane: 0,
                        need: 0,
                    };
                }
            }
            let mut pairs = above & (hand << 10);
            while pairs != 0 {
                let y = pairs.trailing_zeros() as u8;
                pairs &= pairs - 1;
                let low = y - 10;
                let cost = if low > top {
                    self.w(i, low) - self.w(i, top + 1) - SCALE
                } else {
                    -(2 * SCALE + self.w(i, top) - self.w(i, low + 1))
                };
                if cost < best.cost {
                    best = Move {
                        cost,
                        card: y,
                        pile,
                        pair: true,
                        lane: 0,
                        need: 0,
                    };
                }
            }
        } else {
            if top <= 89 && hand & bit(top + 10) != 0 {
                best = Move {
                    cost: self.single(i, top, top + 10),
                    card: top + 10,
                    pile,
                    pair: false,
                    lane: 0,
                    need: 0,
                };
            }
            let below = hand & BELOW[usize::from(top)];
            if below != 0 {
                let c = (127 - below.leading_zeros()) as u8;
                let cost = self.w(i, top) - self.w(i, c + 1);
                if cost < best.cost {
                    best = Move {
                        cost,
                        card: c,
                        pile,
                        pair: false,
                        lane: 0,
                        need: 0,
                    };
                }
            }
            let mut pairs = below & (hand >> 10);
            while pairs != 0 {
                let y = pairs.trailing_zeros() as u8;
                pairs &= pairs - 1;
                let high = y + 10;
                let cost = if high < top {
                    self.w(i, top) - self.w(i, high + 1) - SCALE
                } else {
                    -(2 * SCALE + self.w(i, high) - self.w(i, top + 1))
                };
                if cost < best.cost {
                    best = Move {
                        cost,
                        card: y,
                        pile,
                        pair: true,
                        lane: 0,
                        need: 0,
                    };
                }
            }
        }
        best
    }

    #[inline(always)]
    fn heads(&self, b: &Board) -> [Move; 4] {
        [
            self.head(b, 0),
            self.head(b, 1),
            self.head(b, 2),
            self.head(b, 3),
        ]
    }

    /// The moves after `played` was made on `next`: the pile it went to, and any pile whose
    /// move used that card (or its backwards partner), are evaluated again.
    #[inline(always)]
    fn update(&self, moves: &mut [Move; 4], next: &Board, played: Move) {
        for (j, m) in moves.iter_mut().enumerate() {
            let d = m.card.abs_diff(played.card);
            if j == usize::from(played.pile) || d == 0 || d == 10 {
                *m = self.head(next, j);
            }
        }
    }

    /// [`Model::update`] within a lookahead: a pile not yet touched whose base move is
    /// played gets its memoised next head (when that move can still be made; fewer cards in
    /// hand never make a cheaper one). `touched` collects the piles changed since the base.
    #[inline(always)]
    fn update_memo(
        &self,
        moves: &mut [Move; 4],
        next: &Board,
        played: Move,
        memo: &mut Memo,
        touched: &mut u8,
    ) {
        for (j, m) in moves.iter_mut().enumerate() {
            let d = m.card.abs_diff(played.card);
            if j == usize::from(played.pile) {
                *m = if *touched & (1 << j) == 0 && played.card == memo.base[j].card {
                    let n = self.next_of(memo, j);
                    if !n.exists() || n.available(next.hand) {
                        n
                    } else {
                        self.head(next, j)
                    }
                } else {
                    self.head(next, j)
                };
                *touched |= 1 << j;
            } else if d == 0 || d == 10 {
                *m = self.head(next, j);
                *touched |= 1 << j;
            }
        }
    }

    /// The head of pile `j` after its base move, computed once per decision.
    #[inline(always)]
    fn next_of(&self, memo: &mut Memo, j: usize) -> Move {
        if memo.known & (1 << j) == 0 {
            let mut b = memo.board;
            b.play(memo.base[j]);
            memo.next[j] = self.head(&b, j);
            memo.known |= 1 << j;
        }
        memo.next[j]
    }

    /// The first plays tried on pile `i`: the backwards trick, the `closest` cards nearest
    /// the top, and every first card of a pair.
    #[inline(always)]
    fn candidates(&self, b: &Board, i: usize) -> u128 {
        let top = b.tops[i];
        let hand = b.hand;
        let closest = self.p.closest;
        if i < 2 {
            let mut set = if top >= 12 { hand & bit(top - 10) } else { 0 };
            let mut above = hand & ABOVE[usize::from(top)];
            set |= above & (hand << 10);
            for _ in 0..closest {
                let low = above & above.wrapping_neg();
                set |= low;
                above ^= low;
            }
            set
        } else {
            let mut set = if top <= 89 { hand & bit(top + 10) } else { 0 };
            let mut below = hand & BELOW[usize::from(top)];
            set |= below & (hand >> 10);
            for _ in 0..closest {
                if below == 0 {
                    break;
                }
                let high = 1u128 << (127 - below.leading_zeros());
                set |= high;
                below ^= high;
            }
            set
        }
    }

    /// The weighted cost of the two cheapest plays left on `next` for the next turn.
    #[inline(always)]
    fn future(
        &self,
        next: &mut Board,
        moves: &mut [Move; 4],
        memo: &mut Memo,
        touched: &mut u8,
    ) -> i32 {
        let p = self.p;
        let mut later = 0;
        for step in 0..2 {
            let m = cheapest(moves);
            if m.exists() {
                later += m.cost.max(p.future_floor);
                if step == 0 {
                    next.play(m);
                    self.update_memo(moves, next, m, memo, touched);
                }
            } else {
                later += p.stuck_cost;
            }
        }
        later * p.next_turn / (4 * SCALE)
    }

    /// The first play of the cheapest way to make the `need` plays still required.
    #[inline(always)]
    fn best_start(&self, b: &Board, base: &[Move; 4], need: u8) -> Move {
        let mut best = (NONE, NO_MOVE);
        let mut memo = Memo {
            board: *b,
            base: *base,
            next: [NO_MOVE; 4],
            known: 0,
        };
        for i in 0..4 {
            let mut cands = self.candidates(b, i);
            'cards: while cands != 0 {
                let c = cands.trailing_zeros() as u8;
                cands &= cands - 1;
                let cost = self.single(i, b.tops[i], c);
                let first = Move {
                    cost,
                    card: c,
                    pile: i as u8,
                    pair: false,
                    lane: 0,
                    need: 0,
                };
                let mut next = *b;
                next.play(first);
                let mut moves = *base;
                let mut touched = 0;
                self.update_memo(&mut moves, &next, first, &mut memo, &mut touched);
                let mut total = cost;
                for _ in 1..need {
                    let m = cheapest(&moves);
                    if !m.exists() {
                        continue 'cards;
                    }
                    total += m.cost;
                    next.play(m);
                    self.update_memo(&mut moves, &next, m, &mut memo, &mut touched);
                }
                total += self.future(&mut next, &mut moves, &mut memo, &mut touched);
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

/// A lane number meaning "no card" (its bit is never in a hand mask).
const NO: u8 = 15;

#[inline(always)]
fn lane_bit(lane: u8) -> u32 {
    1 << (lane & 15)
}

/// The fast path's board: the hand left as a mask of lanes, and where each pile's top is
/// (a lane, or [`TURN_TOP`] for the top the turn started with).
#[derive(Clone, Copy)]
struct LaneBoard {
    rem: u32,
    pos: [u8; 4],
}

/// The `pos` of a pile still at the top the turn started with.
const TURN_TOP: u8 = 8;

impl LaneBoard {
    #[inline(always)]
    fn play(&mut self, m: Move) {
        self.rem &= !lane_bit(m.lane);
        self.pos[usize::from(m.pile & 3)] = m.lane;
    }
}

/// The fast path's cost model of one turn: the hand (at most eight cards) sorted into lanes,
/// and every weighted count the plan can ask for, computed once per turn. Every question
/// [`Model`] answers with masks over all cards is answered here with a lane lookup; the
/// answers are the same, so both paths plan the same turns (a test checks it).
struct Lanes<'a> {
    p: &'a SoloParams,
    /// Lane `k`'s card; lane [`TURN_TOP`] is unused.
    card: [u8; 16],
    /// `w[i][k]`: pile `i`'s weighted count of live cards below lane `k`'s card (below the
    /// turn's top of the pile for lane [`TURN_TOP`]).
    w: [[i32; 16]; 4],
    /// The same below the card plus one (the top plus one).
    w1: [[i32; 16]; 4],
    /// The lane of the card 10 lower / 10 higher, or [`NO`].
    dn: [u8; 16],
    up: [u8; 16],
    /// The lanes whose card 10 lower / 10 higher is in hand.
    pairs_dn: u32,
    pairs_up: u32,
    /// Every lane of the hand.
    all: u32,
    /// `beyond[i][k]`: the lanes pile `i` takes as plain plays when its top is lane `k`'s
    /// card (lane [`TURN_TOP`]: its turn top); `trick[i][k]`: the lane of its backwards trick
    /// card then, or [`NO`].
    beyond: [[u32; 16]; 4],
    trick: [[u8; 16]; 4],
    top0: [u8; 4],
}

impl<'a> Lanes<'a> {
    /// The lanes of `hand`, or `None` for more than eight cards.
    #[inline(always)]
    fn new(model: &Model<'a>, hand: u128, tops: &[u8; 4]) -> Option<Lanes<'a>> {
        let n = hand.count_ones() as usize;
        if n > 8 {
            return None;
        }
        let mut card = [0u8; 16];
        let mut bits = hand;
        for c in card.iter_mut().take(n) {
            *c = bits.trailing_zeros() as u8;
            bits &= bits - 1;
        }
        let rank = model.rank;
        let mut r = [0i32; 16];
        let mut r1 = [0i32; 16];
        for k in 0..16 {
            r[k] = i32::from(rank[usize::from(card[k] & 127)]);
            r1[k] = i32::from(rank[usize::from((card[k] + 1) & 127)]);
        }
        let mut w = [[0i32; 16]; 4];
        let mut w1 = [[0i32; 16]; 4];
        let alt = model.p.alt_weight;
        let extra = model.p.stranded_weight - alt;
        for i in 0..4 {
            r[usize::from(TURN_TOP)] = i32::from(rank[usize::from(tops[i])]);
            r1[usize::from(TURN_TOP)] = i32::from(rank[usize::from(tops[i] + 1)]);
            let (lo, hi) = (model.lo[i], model.hi[i]);
            for k in 0..16 {
                w[i][k] = alt * r[k] + extra * r[k].clamp(lo, hi);
                w1[i][k] = alt * r1[k] + extra * r1[k].clamp(lo, hi);
            }
        }
        let index = |v: u8| (hand & BELOW[usize::from(v & 127)]).count_ones() as u8;
        let mut dn = [NO; 16];
        let mut up = [NO; 16];
        let (mut pairs_dn, mut pairs_up) = (0, 0);
        let mut pairs = hand & (hand << 10);
        while pairs != 0 {
            let y = pairs.trailing_zeros() as u8;
            pairs &= pairs - 1;
            let (hi, lo) = (index(y), index(y - 10));
            dn[usize::from(hi)] = lo;
            up[usize::from(lo)] = hi;
            pairs_dn |= lane_bit(hi);
            pairs_up |= lane_bit(lo);
        }
        let all = (1u32 << n) - 1;
        let mut beyond = [[0u32; 16]; 4];
        let mut trick = [[NO; 16]; 4];
        for i in 0..4 {
            for k in 0..8 {
                if i < 2 {
                    beyond[i][k] = all & !((2u32 << k) - 1);
                    trick[i][k] = dn[k];
                } else {
                    beyond[i][k] = (1u32 << k) - 1;
                    trick[i][k] = up[k];
                }
            }
            let t = tops[i];
            let k = usize::from(TURN_TOP);
            if i < 2 {
                beyond[i][k] = all & !((1u32 << index(t + 1)) - 1);
                if t >= 12 && hand & bit(t - 10) != 0 {
                    trick[i][k] = index(t - 10);
                }
            } else {
                beyond[i][k] = (1u32 << index(t)) - 1;
                if t <= 89 && hand & bit(t + 10) != 0 {
                    trick[i][k] = index(t + 10);
                }
            }
        }
        Some(Lanes {
            p: model.p,
            card,
            w,
            w1,
            dn,
            up,
            pairs_dn,
            pairs_up,
            all,
            beyond,
            trick,
            top0: *tops,
        })
    }

    /// The top card of pile `i` at `pos`.
    #[inline(always)]
    fn top(&self, i: usize, pos: u8) -> u8 {
        if pos == TURN_TOP {
            self.top0[i]
        } else {
            self.card[usize::from(pos & 15)]
        }
    }

    #[inline(always)]
    fn mv(&self, cost: i32, lane: u8, pile: usize, pair: bool) -> Move {
        let partner = match (pair, pile < 2) {
            (false, _) => lane,
            (true, true) => self.dn[usize::from(lane & 15)],
            (true, false) => self.up[usize::from(lane & 15)],
        };
        Move {
            cost,
            card: self.card[usize::from(lane & 15)],
            pile: pile as u8,
            pair,
            lane,
            // Lanes 8..16 hold no card: "no move" needs nothing.
            need: (lane_bit(lane) | lane_bit(partner)) & 0xff,
        }
    }

    /// [`Model::single`] for the card in `lane`.
    #[inline(always)]
    fn single(&self, b: &LaneBoard, i: usize, lane: u8) -> i32 {
        let pos = usize::from(b.pos[i] & 15);
        let (wt, wt1) = (self.w[i][pos], self.w1[i][pos]);
        let l = usize::from(lane & 15);
        let top = self.top(i, b.pos[i]);
        let c = self.card[l];
        if i < 2 {
            if c < top {
                -(self.p.trick_bonus + wt - self.w1[i][l])
            } else {
                self.w[i][l] - wt1
            }
        } else if c > top {
            -(self.p.trick_bonus + self.w[i][l] - wt1)
        } else {
            wt - self.w1[i][l]
        }
    }

    /// [`Model::head`], without a data-dependent branch unless the hand holds a pair: the
    /// trick and the closest card are both costed (from lanes that always exist) and the
    /// cheaper kept by conditional moves.
    #[inline(always)]
    fn head(&self, b: &LaneBoard, i: usize) -> Move {
        let rem = b.rem;
        let pos = b.pos[i];
        let p = usize::from(pos & 15);
        let (wt, wt1) = (self.w[i][p], self.w1[i][p]);
        let beyond = self.beyond[i][p] & rem;
        let trick = self.trick[i][p];
        let tl = usize::from(trick & 15);
        let tb = self.p.trick_bonus;
        let trick_cost = if i < 2 {
            -(tb + wt - self.w1[i][tl])
        } else {
            -(tb + self.w[i][tl] - wt1)
        };
        let trick_cost = if rem & lane_bit(trick) != 0 {
            trick_cost
        } else {
            NONE
        };
        // For an empty `beyond` these read lane 0 or 15, whose cost is then discarded.
        let c = (if i < 2 {
            beyond.trailing_zeros()
        } else {
            31 ^ beyond.leading_zeros()
        } & 15) as u8;
        let plain_cost = if i < 2 {
            self.w[i][usize::from(c)] - wt1
        } else {
            wt - self.w1[i][usize::from(c)]
        };
        let plain_cost = if beyond != 0 { plain_cost } else { NONE };
        let (cost, lane) = if plain_cost < trick_cost {
            (plain_cost, c)
        } else {
            (trick_cost, trick)
        };
        let lane = if cost < NONE { lane } else { NO };
        let mut best = self.mv(cost, lane, i, false);
        let mut pairs = beyond & if i < 2 { self.pairs_dn } else { self.pairs_up };
        if pairs == 0 {
            return best;
        }
        let top = self.top(i, pos);
        while pairs != 0 {
            let y = pairs.trailing_zeros() as u8;
            pairs &= pairs - 1;
            let partner = if i < 2 {
                self.dn[usize::from(y)]
            } else {
                self.up[usize::from(y)]
            };
            if rem & lane_bit(partner) == 0 {
                continue;
            }
            let q = usize::from(partner & 15);
            let cost = if i < 2 {
                if self.card[q] > top {
                    self.w[i][q] - wt1 - SCALE
                } else {
                    -(2 * SCALE + wt - self.w1[i][q])
                }
            } else if self.card[q] < top {
                wt - self.w1[i][q] - SCALE
            } else {
                -(2 * SCALE + self.w[i][q] - wt1)
            };
            if cost < best.cost {
                best = self.mv(cost, y, i, true);
            }
        }
        best
    }

    #[inline(always)]
    fn heads(&self, b: &LaneBoard) -> [Move; 4] {
        [
            self.head(b, 0),
            self.head(b, 1),
            self.head(b, 2),
            self.head(b, 3),
        ]
    }

    /// [`Model::update`].
    #[inline(always)]
    fn update(&self, moves: &mut [Move; 4], next: &LaneBoard, played: Move) {
        for (j, m) in moves.iter_mut().enumerate() {
            let d = m.card.abs_diff(played.card);
            if j == usize::from(played.pile) || d == 0 || d == 10 {
                *m = self.head(next, j);
            }
        }
    }

    /// [`Model::update_memo`], with a memo of every pile's head at every top: a move that
    /// can still be made is kept (fewer cards in hand never make a cheaper one, so the
    /// general path's re-evaluation would find it again), and the pile played on takes its
    /// memoised head at the new top. Only moves that lost a card are evaluated again.
    #[inline(always)]
    fn update_memo(
        &self,
        moves: &mut [Move; 4],
        next: &LaneBoard,
        played: Move,
        memo: &mut LaneMemo,
    ) {
        let i = usize::from(played.pile & 3);
        moves[i] = self.memo_head(memo, i, played.lane);
        for (j, m) in moves.iter_mut().enumerate() {
            if m.need & !next.rem != 0 {
                *m = self.head(next, j);
            }
        }
    }

    /// The head of pile `j` with its top at lane `lane`, evaluated once per decision on the
    /// decision's hand without that card (every later hand at that top holds fewer cards).
    #[inline(always)]
    fn memo_head(&self, memo: &mut LaneMemo, j: usize, lane: u8) -> Move {
        let key = 1u32 << ((j * 8 + usize::from(lane & 7)) & 31);
        let slot = &mut memo.heads[j & 3][usize::from(lane & 7)];
        if memo.known & key == 0 {
            let mut b = memo.board;
            b.rem &= !lane_bit(lane);
            b.pos[j & 3] = lane;
            *slot = self.head(&b, j);
            memo.known |= key;
        }
        *slot
    }

    /// [`Model::candidates`], as lanes.
    #[inline(always)]
    fn candidates(&self, b: &LaneBoard, i: usize) -> u32 {
        let rem = b.rem;
        let p = usize::from(b.pos[i] & 15);
        let (beyond, trick) = (self.beyond[i][p], self.trick[i][p]);
        let mut beyond = beyond & rem;
        let mut set = rem & lane_bit(trick);
        let (pairs, partners) = if i < 2 {
            (self.pairs_dn, &self.dn)
        } else {
            (self.pairs_up, &self.up)
        };
        let mut pairs = pairs & beyond;
        while pairs != 0 {
            let y = pairs.trailing_zeros() as usize;
            pairs &= pairs - 1;
            if rem & lane_bit(partners[y & 15]) != 0 {
                set |= 1 << y;
            }
        }
        for _ in 0..self.p.closest {
            if beyond == 0 {
                break;
            }
            let pick = if i < 2 {
                beyond & beyond.wrapping_neg()
            } else {
                1u32 << (31 - beyond.leading_zeros())
            };
            set |= pick;
            beyond ^= pick;
        }
        set
    }

    /// [`Model::future`].
    #[inline(always)]
    ///
    /// Returns `None` as soon as the cost is known to be at least `limit` (the second play
    /// costs at least the floor), without playing the first one out.
    fn future(
        &self,
        next: &mut LaneBoard,
        moves: &mut [Move; 4],
        memo: &mut LaneMemo,
        limit: i32,
    ) -> Option<i32> {
        let p = self.p;
        let weigh = |later: i32| later * p.next_turn / (4 * SCALE);
        let m = cheapest(moves);
        if !m.exists() {
            return Some(weigh(2 * p.stuck_cost));
        }
        let first = m.cost.max(p.future_floor);
        if weigh(first + p.future_floor.min(p.stuck_cost)) >= limit {
            return None;
        }
        next.play(m);
        self.update_memo(moves, next, m, memo);
        let m = cheapest(moves);
        let second = if m.exists() {
            m.cost.max(p.future_floor)
        } else {
            p.stuck_cost
        };
        Some(weigh(first + second))
    }

    /// [`Model::best_start`].
    #[inline(always)]
    fn best_start(&self, b: &LaneBoard, base: &[Move; 4], need: u8) -> Move {
        let mut best = (NONE, NO_MOVE);
        let mut memo = LaneMemo {
            board: *b,
            heads: [[NO_MOVE; 8]; 4],
            known: 0,
        };
        let p = self.p;
        let least_future = 2 * p.future_floor.min(p.stuck_cost) * p.next_turn / (4 * SCALE);
        // others[i]: the cheapest base move on a pile other than i.
        let c = base.map(|m| m.cost);
        let others = [
            c[1].min(c[2]).min(c[3]),
            c[0].min(c[2]).min(c[3]),
            c[0].min(c[1]).min(c[3]),
            c[0].min(c[1]).min(c[2]),
        ];
        for (i, &other) in others.iter().enumerate() {
            let mut cands = self.candidates(b, i);
            'cards: while cands != 0 {
                let lane = cands.trailing_zeros() as u8;
                cands &= cands - 1;
                let first = self.mv(self.single(b, i, lane), lane, i, false);
                // No second play can cost less than the cheapest of the other piles' moves
                // and this pile's move after `first` (losing cards never makes one cheaper).
                let after = self.memo_head(&mut memo, i, lane).cost;
                let least_second = after.min(other);
                if first.cost + least_second + least_future >= best.0 {
                    continue;
                }
                let mut next = *b;
                next.play(first);
                let mut moves = *base;
                self.update_memo(&mut moves, &next, first, &mut memo);
                let mut total = first.cost;
                for _ in 1..need {
                    let m = cheapest(&moves);
                    if !m.exists() {
                        continue 'cards;
                    }
                    total += m.cost;
                    next.play(m);
                    self.update_memo(&mut moves, &next, m, &mut memo);
                }
                // The next turn cannot cost less than two plays at the floor: a line that
                // cannot beat the best so far even then is not looked at further (exact, as
                // only a strictly cheaper line replaces the best).
                if total + least_future >= best.0 {
                    continue;
                }
                let Some(later) = self.future(&mut next, &mut moves, &mut memo, best.0 - total)
                else {
                    continue;
                };
                total += later;
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

/// [`Memo`] for the fast path.
struct LaneMemo {
    board: LaneBoard,
    /// `heads[j][k]`, once `known` has bit `8 j + k` (plays come from lanes 0..8).
    heads: [[Move; 8]; 4],
    known: u32,
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

#[inline(always)]
fn action(m: Move) -> Action {
    match Card::new(m.card) {
        Some(card) => Action::Play {
            card,
            pile: Pile::from_index(usize::from(m.pile)),
        },
        // Moves are built from hand bits, which hold only cards.
        None => Action::EndTurn,
    }
}

impl Solo {
    /// Plans the rest of the turn from `view`: the plays, then `end`. Stops early after a
    /// play that leaves no legal move below the minimum (the game is then lost).
    /// `general` forces the general path (for tests comparing the two).
    fn plan(&mut self, view: &View, out: &mut Vec<Action>, general: bool) {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("lzcnt")
                && std::arch::is_x86_feature_detected!("bmi1")
                && std::arch::is_x86_feature_detected!("avx2")
            {
                // SAFETY: the CPU supports these features, as checked just above.
                return unsafe { self.plan_native(view, out, general) };
            }
        }
        self.plan_portable(view, out, general);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt,lzcnt,bmi1,avx2")]
    unsafe fn plan_native(&mut self, view: &View, out: &mut Vec<Action>, general: bool) {
        self.plan_portable(view, out, general);
    }

    #[inline(always)]
    fn plan_portable(&mut self, view: &View, out: &mut Vec<Action>, general: bool) {
        let p = self.params.clamped();
        let live = ALL_CARDS & !view.played.bits();
        self.ranks.sync(live);
        let mut board = Board {
            hand: view.hand.bits(),
            tops: view.tops.map(|t| t.clamp(1, 100)),
        };
        let mut played = view.played_this_turn;
        let threshold = if view.draw_pile == 0 {
            p.extra_endgame
        } else {
            p.extra
        };
        // One cost model for the whole turn (ranks and stranded intervals as the turn starts):
        // the played cards are taken out of the ranks at the next call.
        let model = Model::new(&p, &self.ranks.rank, &board.tops);
        if !general {
            if let Some(lanes) = Lanes::new(&model, board.hand, &board.tops) {
                let mut lb = LaneBoard {
                    rem: lanes.all,
                    pos: [TURN_TOP; 4],
                };
                let mut moves = lanes.heads(&lb);
                loop {
                    let need = view.minimum.saturating_sub(played);
                    let m = if need >= 2 {
                        lanes.best_start(&lb, &moves, need)
                    } else {
                        cheapest(&moves)
                    };
                    if m.exists() && (need > 0 || m.cost <= threshold) {
                        out.push(action(m));
                        lb.play(m);
                        lanes.update(&mut moves, &lb, m);
                        played += 1;
                    } else if need > 0 {
                        return;
                    } else {
                        break;
                    }
                }
                out.push(Action::EndTurn);
                return;
            }
        }
        let mut moves = model.heads(&board);
        loop {
            let need = view.minimum.saturating_sub(played);
            let m = if need >= 2 {
                model.best_start(&board, &moves, need)
            } else {
                cheapest(&moves)
            };
            if m.exists() && (need > 0 || m.cost <= threshold) {
                out.push(action(m));
                board.play(m);
                model.update(&mut moves, &board, m);
                played += 1;
            } else if need > 0 {
                return;
            } else {
                break;
            }
        }
        out.push(Action::EndTurn);
    }
}

impl Player for Solo {
    fn name(&self) -> &str {
        "solo"
    }

    fn act(&mut self, view: &View) -> Action {
        let mut plan = Vec::with_capacity(16);
        self.plan(view, &mut plan, false);
        plan.first().copied().unwrap_or(Action::EndTurn)
    }

    fn plan_turn(&mut self, view: &View, plan: &mut Vec<Action>) -> bool {
        self.plan(view, plan, false);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use thegame::{Position, State};

    /// A solo position: `hand`, the tops, and every other card played when it is a top or a
    /// multiple of 3 (so buried cards are easy to count), the rest in the draw pile.
    fn state(hand: &[u8], tops: [u8; 4], played_this_turn: u8) -> State {
        let mut played = Vec::new();
        let mut draw = Vec::new();
        for n in 2..=99u8 {
            if hand.contains(&n) {
                continue;
            }
            if tops.contains(&n) || n % 3 == 0 {
                played.push(n);
            } else {
                draw.push(n);
            }
        }
        State::from_position(Position {
            players: 1,
            current: 0,
            played_this_turn,
            hands: vec![hand.to_vec()],
            draw_pile: draw,
            tops,
            played,
            signals: Vec::new(),
        })
        .unwrap()
    }

    fn plan(s: &State) -> Vec<Action> {
        let mut out = Vec::new();
        assert!(Solo::default().plan_turn(&s.seat_view(s.current()), &mut out));
        out
    }

    fn play(card: u8, pile: Pile) -> Action {
        Action::Play {
            card: Card::new(card).unwrap(),
            pile,
        }
    }

    #[test]
    fn plays_the_backwards_trick() {
        // up1 shows 60 and the hand holds 50: the trick reopens 51..59 for nothing.
        let s = state(&[40, 50, 77, 80, 13, 14, 16, 88], [60, 2, 97, 95], 0);
        assert_eq!(plan(&s)[0], play(50, Pile::Up1));
    }

    #[test]
    fn sets_up_a_trick_within_the_turn() {
        // up1 at 20, holding 41 and 31: 41 then 31 backwards sheds two cards and leaves up1
        // at 31, burying only 22..30; every other play buries far more.
        let s = state(&[31, 41, 88, 89, 64, 65, 67, 68], [20, 5, 30, 25], 0);
        let p = plan(&s);
        assert_eq!(p[..2], [play(41, Pile::Up1), play(31, Pile::Up1)]);
    }

    #[test]
    fn plays_the_smallest_jumps_and_stops_at_the_minimum() {
        // 23 on up1 (at 20) buries only 22 (21 is played), 92 on down1 (at 94) buries nothing
        // (93 is played); every other play buries many live cards, so the turn ends there.
        let s = state(&[23, 92, 50, 52, 55, 56, 58, 59], [20, 2, 94, 97], 0);
        let p = plan(&s);
        assert_eq!(p.len(), 3, "{p:?}");
        assert!(p.contains(&play(23, Pile::Up1)), "{p:?}");
        assert!(p.contains(&play(92, Pile::Down1)), "{p:?}");
        assert_eq!(p[2], Action::EndTurn);
    }

    #[test]
    fn sees_a_free_follow_up_on_the_same_pile() {
        // A position from seed 9,000,000. up2 at 57: 65 buries the live 60 and 62, then 66
        // follows for nothing: two cards for two buried. 77 on up1 (at 72) also buries two
        // (73, 76), but its follow-up 84 buries 78 too: three. Greedy play, taking the first
        // of equally cheap plays, starts with 77; the joint choice of both plays does not.
        let hand = [14, 36, 65, 66, 77, 84, 95, 97];
        let unseen = [
            4, 6, 17, 29, 32, 35, 42, 43, 45, 60, 62, 67, 70, 73, 76, 78, 86, 87, 93, 94, 99,
        ];
        let played = (2..=99u8)
            .filter(|n| !hand.contains(n) && !unseen.contains(n))
            .collect();
        let s = State::from_position(Position {
            players: 1,
            current: 0,
            played_this_turn: 0,
            hands: vec![hand.to_vec()],
            draw_pile: unseen.to_vec(),
            tops: [72, 57, 7, 89],
            played,
            signals: Vec::new(),
        })
        .unwrap();
        assert_eq!(plan(&s)[..2], [play(65, Pile::Up2), play(66, Pile::Up2)]);
    }

    /// Every planned action is legal when applied with the checked `State::apply`, over many
    /// whole games, whether the turn is planned at once or asked for action by action.
    #[test]
    fn every_plan_is_legal() {
        let mut bot = Solo::default();
        let mut stepper = Solo::default();
        let mut plan = Vec::new();
        let mut turns = 0;
        for seed in 0..300u64 {
            let mut s = State::seeded(1, seed, 0).unwrap();
            while !s.is_over() {
                let view = s.seat_view(s.current());
                if seed % 10 == 0 {
                    let a = stepper.act(&view);
                    s.apply(&a)
                        .unwrap_or_else(|e| panic!("seed {seed}: {a}: {e}"));
                    continue;
                }
                plan.clear();
                assert!(bot.plan_turn(&view, &mut plan));
                turns += 1;
                for (i, a) in plan.iter().enumerate() {
                    if s.is_over() {
                        // Only a won game leaves the closing `end` unapplied.
                        assert!(s.outcome().unwrap().is_win(), "seed {seed}");
                        assert_eq!(i + 1, plan.len(), "seed {seed}");
                        break;
                    }
                    s.apply(a)
                        .unwrap_or_else(|e| panic!("seed {seed}: {a}: {e}"));
                }
                // A plan ends the turn, or stops when the game is lost.
                assert!(s.is_over() || plan.last() == Some(&Action::EndTurn));
            }
        }
        assert!(turns > 8000, "{turns}");
    }

    /// The fast path (hands in lanes) plans exactly the turns the general path (hands as
    /// card masks) plans, over thousands of turns from real games.
    #[test]
    fn both_paths_plan_the_same_turns() {
        let mut fast = Solo::default();
        let mut general = Solo::default();
        let (mut a, mut b) = (Vec::new(), Vec::new());
        let mut turns = 0;
        for seed in 0..200u64 {
            let mut s = State::seeded(1, 3_000_000 + seed, 0).unwrap();
            while !s.is_over() {
                let view = s.seat_view(s.current());
                a.clear();
                b.clear();
                fast.plan(&view, &mut a, false);
                general.plan(&view, &mut b, true);
                assert_eq!(a, b, "seed {seed}: {view:?}");
                turns += 1;
                for x in &a {
                    if !s.is_over() {
                        s.apply(x).unwrap();
                    }
                }
            }
        }
        assert!(turns > 5000, "{turns}");
    }

    /// The ranks kept between calls equal ranks built afresh, whatever order views come in.
    #[test]
    fn kept_ranks_match_fresh_ones() {
        let mut ranks = Ranks::new(ALL_CARDS);
        for seed in 0..20u64 {
            let mut s = State::seeded(1, seed, 0).unwrap();
            let mut bot = Solo::default();
            while !s.is_over() {
                let live = ALL_CARDS & !s.played().bits();
                ranks.sync(live);
                assert_eq!(ranks.rank, Ranks::new(live).rank);
                let a = bot.act(&s.seat_view(s.current()));
                s.apply(&a).unwrap();
            }
        }
    }

    /// Mean cards left over `seeds` solo deals.
    fn cards_left(bot: Box<dyn Player>, seeds: u64) -> f64 {
        let mut bots = vec![bot];
        let mut left = 0u64;
        for seed in 0..seeds {
            let mut s = State::seeded(1, 7_000_000 + seed, 0).unwrap();
            left += u64::from(
                super::super::play_out(&mut s, &mut bots)
                    .unwrap()
                    .cards_left(),
            );
        }
        left as f64 / seeds as f64
    }

    #[test]
    fn beats_greedy_play_by_far() {
        // Over 20,000 deals: about 11.4 cards left against 16.5 (the standard deviation of
        // one deal is about 9 cards, so 300 deals measure each mean within about half a card).
        let solo = cards_left(Box::new(Solo::default()), 300);
        let greedy = cards_left(Box::new(super::super::Heuristic::greedy()), 300);
        assert!(solo + 3.0 < greedy, "solo {solo:.2} vs greedy {greedy:.2}");
    }

    #[test]
    fn extreme_parameters_plan_legal_games() {
        for v in [i32::MIN, -1, 0, 1, i32::MAX] {
            let params = SoloParams {
                alt_weight: v,
                stranded_weight: v,
                trick_bonus: v,
                extra: v,
                extra_endgame: v,
                next_turn: v,
                future_floor: v,
                stuck_cost: v,
                closest: v as u32,
            };
            let mut bots: Vec<Box<dyn Player>> = vec![Box::new(Solo::new(params))];
            for seed in 0..5 {
                let mut s = State::seeded(1, seed, 0).unwrap();
                super::super::play_out(&mut s, &mut bots).unwrap();
            }
        }
    }

    #[test]
    fn hand_made_views_get_a_plan_not_a_panic() {
        let s = State::new(thegame::Setup::seeded(1, 5)).unwrap();
        let mut view = s.seat_view(s.current());
        let mut bot = Solo::default();
        for tops in [[200, 0, 255, 101], [0, 255, 0, 255], [100, 100, 1, 1]] {
            view.tops = tops;
            let mut plan = Vec::new();
            bot.plan_turn(&view, &mut plan);
            assert!(plan.len() <= 9, "{plan:?}");
        }
        view.hand = thegame::CardSet::ALL;
        view.played = thegame::CardSet::ALL;
        let mut plan = Vec::new();
        bot.plan_turn(&view, &mut plan);
        assert_eq!(plan.last(), Some(&Action::EndTurn));
    }
}
