//! The heuristic bot: stateless rules of thumb that play The Game well.
//!
//! Strategy (every turn is planned afresh from the seat's view; nothing is remembered):
//! 1. **Cost of a play = live cards it buries.** Moving an ascending pile from `t` to `c`
//!    makes every card strictly between them unplayable there; the cost counts only those not
//!    yet played (the view's `played` set makes this exact), so a jump over dead cards is free.
//!    A buried card that another pile still takes weighs `alt_weight`; one that no other pile
//!    takes now weighs `stranded_weight` (several times more). Descending piles mirror this.
//! 2. **Backwards tricks first.** A trick (exactly 10 against the pile) costs
//!    `-(trick_bonus + weight of the live cards it reopens)`, below any plain play.
//! 3. **Set up tricks within the turn.** Holding `y` and `y - 10` for an ascending pile below
//!    `y`, playing `y` and then `y - 10` moves the pile only to `y - 10` while shedding two
//!    cards; this pair is scored as one move costing the live cards below `y - 10`, minus one
//!    card for the extra card shed (or a gain when `y - 10` lands below the old top). Mirrored
//!    for descending piles.
//! 4. **Look ahead over the minimum.** When two plays are still due, every legal first play
//!    is tried, followed by the cheapest second one and then (weighted by `next_turn`) the two
//!    cheapest plays the remaining hand would offer next turn; the first play of the best line
//!    is made. This avoids spending the hand's only cheap cards now and being forced into a big
//!    jump next turn.
//! 5. **Smallest jump, few extras.** After the minimum it keeps playing only while the cheapest
//!    move costs at most `extra` (tricks, and free moves in multi-player games), which keeps
//!    piles open and cheap cards in hand.
//! 6. **Keep piles open for teammates.** Before ending its turn it signals, for each pile where
//!    it holds a cheap card, "don't play here" (a card that buries nothing) or "I have a good
//!    card" (a card that buries little). When choosing its own plays it adds a penalty to
//!    plain plays on piles a teammate has flagged, so it plays elsewhere when it can.
//!    Signals carry no numbers, as the rules require.
//!
//! The weights and thresholds are [`Params`], tuned per player count on seeds 1,000,000 onwards
//! with `examples/tune_thegame.rs`. [`Heuristic::greedy`] is the same cost model without the
//! lookahead: about ten times faster, clearly weaker.

use super::Player;
use engine::Seat;
use thegame::{Action, Card, CardSet, Pile, Signal, View};

/// Costs are counted in quarter cards, so weights can be fractional.
pub const SCALE: i32 = 4;

/// The knobs of the heuristic. Costs are in quarter cards ([`SCALE`] per buried card).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// After the minimum, keep playing while the cheapest move costs at most this.
    pub extra: i32,
    /// The same once the draw pile is empty.
    pub extra_endgame: i32,
    /// Weight of a buried live card that another pile still takes.
    pub alt_weight: i32,
    /// Weight of a buried live card that no other pile takes now.
    pub stranded_weight: i32,
    /// Added weight of a buried card that is in my own hand.
    pub own_weight: i32,
    /// The gain of a backwards trick besides the live cards it reopens.
    pub trick_bonus: i32,
    /// With `next_turn`, the cost of a next turn that would find no play at all.
    pub stuck_cost: i32,
    /// Bonus (subtracted) when the new top's backwards partner is in my hand.
    pub partner_in_hand: i32,
    /// Bonus (subtracted) when the new top's backwards partner is still unseen.
    pub partner_unseen: i32,
    /// Added to plain plays on a pile where a teammate has "good card" standing.
    pub good_card_penalty: i32,
    /// Added to plain plays on a pile where a teammate has "don't play" standing.
    pub dont_play_penalty: i32,
    /// Signal "don't play" on a pile where my cheapest card costs at most this.
    pub dont_play_signal: i32,
    /// Signal "good card" on a pile where my cheapest card costs at most this.
    pub good_card_signal: i32,
    /// When two plays are still required, try every first play followed by the best second
    /// one (1); do so also when one play is required (2); or play greedily (0).
    pub lookahead: i32,
    /// With `lookahead`, weight (in sixteenths) of the cost of the two cheapest plays left for
    /// the next turn after the pair (0: ignore the next turn).
    pub next_turn: i32,
}

impl Params {
    /// The tuned parameters for a player count.
    pub fn for_players(players: u8) -> Params {
        let base = Params {
            extra: 0,
            extra_endgame: 0,
            alt_weight: SCALE,
            stranded_weight: SCALE,
            own_weight: 0,
            trick_bonus: SCALE,
            stuck_cost: 8 * SCALE,
            partner_in_hand: 0,
            partner_unseen: 0,
            good_card_penalty: 3 * SCALE,
            dont_play_penalty: 6 * SCALE,
            dont_play_signal: 0,
            good_card_signal: 2 * SCALE,
            lookahead: 0,
            next_turn: 0,
        };
        match players {
            1 => Params {
                extra: -2 * SCALE,
                stranded_weight: 4 * SCALE,
                lookahead: 1,
                next_turn: 4,
                stuck_cost: 32 * SCALE,
                trick_bonus: 2 * SCALE,
                good_card_penalty: 0,
                dont_play_penalty: 0,
                dont_play_signal: -1000,
                good_card_signal: -1000,
                ..base
            },
            _ => Params {
                stranded_weight: 12 * SCALE,
                lookahead: 1,
                next_turn: 4,
                stuck_cost: 96 * SCALE,
                ..base
            },
        }
    }
}

impl Params {
    /// The tuned parameters of the one-step (greedy) variant: no lookahead.
    pub fn greedy_for_players(players: u8) -> Params {
        let full = Params::for_players(players);
        Params {
            lookahead: 0,
            next_turn: 0,
            extra: if players == 1 { -SCALE } else { full.extra },
            stranded_weight: if players == 1 {
                8 * SCALE
            } else {
                full.stranded_weight
            },
            ..full
        }
    }
}

/// The heuristic bot (see the module docs for its strategy).
#[derive(Clone, Debug, Default)]
pub struct Heuristic {
    /// Overrides the tuned per-player-count parameters.
    pub params: Option<Params>,
    /// Use the greedy variant's tuned parameters (no lookahead) when `params` is `None`.
    pub greedy: bool,
}

impl Heuristic {
    /// A heuristic bot with fixed parameters.
    pub fn with_params(params: Params) -> Heuristic {
        Heuristic {
            params: Some(params),
            greedy: false,
        }
    }

    /// The fast variant: each play is the cheapest one now, without lookahead.
    pub fn greedy() -> Heuristic {
        Heuristic {
            params: None,
            greedy: true,
        }
    }
}

/// A candidate first action and its cost.
#[derive(Clone, Copy, Debug)]
struct Move {
    card: Card,
    pile: Pile,
    cost: i32,
}

/// Cards strictly between `lo` and `hi` (`lo < hi <= 100`).
#[inline(always)]
fn between(lo: u8, hi: u8) -> u128 {
    let below_hi = (1u128 << hi) - 1;
    let up_to_lo = (1u128 << (lo + 1)) - 1;
    below_hi & !up_to_lo
}

#[inline(always)]
fn count(bits: u128) -> i32 {
    bits.count_ones() as i32
}

#[inline(always)]
fn card(n: u32) -> Card {
    // Bits come from hands, which hold only cards.
    Card::new(n as u8).unwrap_or_else(|| unreachable!("hand bit {n} is not a card"))
}

/// What one pile's evaluation needs to know.
#[derive(Clone, Copy)]
struct Table<'a> {
    hand: u128,
    live: u128,
    /// Cards some other pile takes now.
    elsewhere: u128,
    penalty: i32,
    p: &'a Params,
}

impl Table<'_> {
    /// The cost of burying the live cards in `bits`.
    #[inline(always)]
    fn buried(&self, bits: u128) -> i32 {
        let bits = bits & self.live;
        if bits == 0 {
            return 0;
        }
        let alt = bits & self.elsewhere;
        count(alt) * self.p.alt_weight
            + count(bits & !alt) * self.p.stranded_weight
            + count(bits & self.hand) * self.p.own_weight
    }

    /// The bonus for leaving `top` on an ascending (or descending) pile whose backwards
    /// partner may come.
    #[inline(always)]
    fn partner(&self, ascending: bool, top: u8, without: u128) -> i32 {
        let partner = if ascending {
            if top >= 12 {
                1u128 << (top - 10)
            } else {
                0
            }
        } else if top + 10 <= Card::MAX {
            1u128 << (top + 10)
        } else {
            0
        };
        if partner & self.hand & !without != 0 {
            self.p.partner_in_hand
        } else if partner & self.live & !self.hand != 0 {
            self.p.partner_unseen
        } else {
            0
        }
    }
}

/// The cheapest move on one pile.
#[inline(always)]
fn best_on_pile(pile: Pile, top: u8, t: &Table) -> Option<Move> {
    let hand = t.hand;
    let mut best: Option<Move> = None;
    let mut consider = |m: Move| {
        if best.is_none_or(|b| m.cost < b.cost) {
            best = Some(m);
        }
    };
    let top32 = u32::from(top);
    if pile.is_ascending() {
        // The backwards trick.
        if top >= 12 && hand & (1u128 << (top - 10)) != 0 {
            let reopened = t.buried(between(top - 10, top));
            consider(Move {
                card: card(top32 - 10),
                pile,
                cost: -(t.p.trick_bonus + reopened),
            });
        }
        let above = hand & (!0u128 << (top32 + 1));
        // The cheapest plain play is the lowest card above the top.
        if above != 0 {
            let c = above.trailing_zeros();
            let bit = 1u128 << c;
            consider(Move {
                card: card(c),
                pile,
                cost: t.buried(between(top, c as u8)) + t.penalty - t.partner(true, c as u8, bit),
            });
        }
        // Pairs `y`, `y - 10`: play y, then y - 10 backwards.
        let mut pairs = above & (hand << 10);
        while pairs != 0 {
            let y = pairs.trailing_zeros();
            pairs &= pairs - 1;
            let low = (y - 10) as u8;
            // One better than playing `low` alone: the pair sheds two cards.
            let cost = if low > top {
                t.buried(between(top, low)) + t.penalty - SCALE
            } else {
                -(2 * SCALE + t.buried(between(low, top)))
            };
            consider(Move {
                card: card(y),
                pile,
                cost,
            });
        }
    } else {
        if top + 10 <= Card::MAX && hand & (1u128 << (top + 10)) != 0 {
            let reopened = t.buried(between(top, top + 10));
            consider(Move {
                card: card(top32 + 10),
                pile,
                cost: -(t.p.trick_bonus + reopened),
            });
        }
        let below = hand & ((1u128 << top32) - 1);
        if below != 0 {
            let c = 127 - below.leading_zeros();
            let bit = 1u128 << c;
            consider(Move {
                card: card(c),
                pile,
                cost: t.buried(between(c as u8, top)) + t.penalty - t.partner(false, c as u8, bit),
            });
        }
        let mut pairs = below & (hand >> 10);
        while pairs != 0 {
            let y = pairs.trailing_zeros();
            pairs &= pairs - 1;
            let high = (y + 10) as u8;
            let cost = if high < top {
                t.buried(between(high, top)) + t.penalty - SCALE
            } else {
                -(2 * SCALE + t.buried(between(top, high)))
            };
            consider(Move {
                card: card(y),
                pile,
                cost,
            });
        }
    }
    best
}

/// The cards each pile takes at these tops.
#[inline(always)]
fn accepted(tops: &[u8; 4]) -> [u128; 4] {
    Pile::ALL.map(|p| p.accepts(tops[p.index()]).bits())
}

/// For each pile, the cards the other three take.
#[inline(always)]
fn elsewhere(acc: &[u128; 4]) -> [u128; 4] {
    [
        acc[1] | acc[2] | acc[3],
        acc[0] | acc[2] | acc[3],
        acc[0] | acc[1] | acc[3],
        acc[0] | acc[1] | acc[2],
    ]
}

/// The part of the table a plan changes: my hand, the live cards, the tops.
#[derive(Clone, Copy)]
struct Board {
    hand: u128,
    live: u128,
    tops: [u8; 4],
}

impl Board {
    #[inline(always)]
    fn play(&mut self, card: Card, pile: Pile) {
        let bit = 1u128 << card.get();
        self.hand &= !bit;
        self.live &= !bit;
        self.tops[pile.index()] = card.get();
    }

    #[inline(always)]
    fn table<'a>(
        &self,
        others: &[u128; 4],
        penalties: &[i32; 4],
        pile: Pile,
        p: &'a Params,
    ) -> Table<'a> {
        Table {
            hand: self.hand,
            live: self.live,
            elsewhere: others[pile.index()],
            penalty: penalties[pile.index()],
            p,
        }
    }

    /// The cheapest move now.
    #[inline(always)]
    fn greedy(&self, penalties: &[i32; 4], p: &Params) -> Option<Move> {
        let others = elsewhere(&accepted(&self.tops));
        let mut best: Option<Move> = None;
        for pile in Pile::ALL {
            let table = self.table(&others, penalties, pile, p);
            if let Some(m) = best_on_pile(pile, self.tops[pile.index()], &table) {
                if best.is_none_or(|b| m.cost < b.cost) {
                    best = Some(m);
                }
            }
        }
        best
    }

    /// The first play of the cheapest way to make the `need` plays still required: every legal
    /// first play, each followed greedily by the rest, plus (weighted by `next_turn`) the cost
    /// of the two cheapest plays the hand would have left for the next turn.
    #[inline(always)]
    fn best_start(&self, need: u8, penalties: &[i32; 4], p: &Params) -> Option<Move> {
        let others = elsewhere(&accepted(&self.tops));
        let mut best: Option<(i32, Move)> = None;
        for pile in Pile::ALL {
            let top = self.tops[pile.index()];
            let table = self.table(&others, penalties, pile, p);
            let mut legal = self.hand & pile.accepts(top).bits();
            'cards: while legal != 0 {
                let c = legal.trailing_zeros();
                legal &= legal - 1;
                let card = card(c);
                let cost = single_cost(pile, top, card, &table);
                let mut next = *self;
                next.play(card, pile);
                let mut total = cost;
                for _ in 1..need {
                    let Some(m) = next.greedy(penalties, p) else {
                        // This first play leaves the minimum out of reach.
                        continue 'cards;
                    };
                    total += m.cost;
                    next.play(m.card, m.pile);
                }
                if p.next_turn != 0 {
                    let mut later = 0;
                    for _ in 0..2 {
                        match next.greedy(penalties, p) {
                            Some(m) => {
                                later += m.cost;
                                next.play(m.card, m.pile);
                            }
                            None => later += p.stuck_cost,
                        }
                    }
                    total += later * p.next_turn / (4 * SCALE);
                }
                if best.is_none_or(|(b, _)| total < b) {
                    best = Some((total, Move { card, pile, cost }));
                }
            }
        }
        best.map(|(_, m)| m).or_else(|| self.greedy(penalties, p))
    }
}

/// The cost of playing `card` on `pile` (at `top`) by itself.
#[inline(always)]
fn single_cost(pile: Pile, top: u8, card: Card, t: &Table) -> i32 {
    let c = card.get();
    if pile.is_backwards(top, card) {
        let (lo, hi) = if pile.is_ascending() {
            (c, top)
        } else {
            (top, c)
        };
        return -(t.p.trick_bonus + t.buried(between(lo, hi)));
    }
    let bit = 1u128 << c;
    if pile.is_ascending() {
        t.buried(between(top, c)) + t.penalty - t.partner(true, c, bit)
    } else {
        t.buried(between(c, top)) + t.penalty - t.partner(false, c, bit)
    }
}

impl Heuristic {
    fn params(&self, players: u8) -> Params {
        match (self.params, self.greedy) {
            (Some(p), _) => p,
            (None, false) => Params::for_players(players),
            (None, true) => Params::greedy_for_players(players),
        }
    }

    /// The penalty teammates' signals put on plain plays on `pile`.
    fn penalty(view: &View, me: Seat, pile: Pile, p: &Params) -> i32 {
        let mut penalty = 0;
        for seat in 0..view.players {
            if seat == me.0 {
                continue;
            }
            match view.signal(Seat(seat), pile) {
                Some(Signal::DontPlay) => penalty = penalty.max(p.dont_play_penalty),
                Some(Signal::GoodCard) => penalty = penalty.max(p.good_card_penalty),
                None => {}
            }
        }
        penalty
    }

    /// Plans the rest of the turn from `view`: the plays, then the signals, then `end`. Stops
    /// early after a play that leaves no legal move below the minimum (the game is then lost).
    ///
    /// The plan counts bits a lot; where the CPU has `popcnt` (checked at run time) the same
    /// code is compiled to use it, which is several times faster than the portable fallback.
    fn plan(&self, view: &View, out: &mut Vec<Action>) {
        #[cfg(target_arch = "x86_64")]
        {
            if std::arch::is_x86_feature_detected!("popcnt") {
                // SAFETY: the CPU supports `popcnt`, as checked just above.
                return unsafe { self.plan_popcnt(view, out) };
            }
        }
        self.plan_portable(view, out);
    }

    #[cfg(target_arch = "x86_64")]
    #[target_feature(enable = "popcnt")]
    fn plan_popcnt(&self, view: &View, out: &mut Vec<Action>) {
        self.plan_portable(view, out);
    }

    #[inline(always)]
    fn plan_portable(&self, view: &View, out: &mut Vec<Action>) {
        let p = self.params(view.players);
        let me = view.viewer.unwrap_or(view.current);
        let mut board = Board {
            hand: view.hand.bits(),
            live: CardSet::ALL.difference(view.played).bits(),
            tops: view.tops,
        };
        let mut played = view.played_this_turn;
        let penalties = Pile::ALL.map(|pile| Self::penalty(view, me, pile, &p));
        let threshold = if view.draw_pile == 0 {
            p.extra_endgame
        } else {
            p.extra
        };
        loop {
            let need = view.minimum.saturating_sub(played);
            let best = if (need >= 2 && p.lookahead > 0) || (need == 1 && p.lookahead > 1) {
                board.best_start(need, &penalties, &p)
            } else {
                board.greedy(&penalties, &p)
            };
            match best {
                Some(m) if need > 0 || m.cost <= threshold => {
                    out.push(Action::Play {
                        card: m.card,
                        pile: m.pile,
                    });
                    board.play(m.card, m.pile);
                    played += 1;
                }
                None if need > 0 => return,
                _ => break,
            }
        }
        let (hand, live, tops) = (board.hand, board.live, board.tops);
        if view.players >= 2 {
            let others = elsewhere(&accepted(&tops));
            for pile in Pile::ALL {
                if view.signal(me, pile).is_some() {
                    continue;
                }
                let table = Table {
                    hand,
                    live,
                    elsewhere: others[pile.index()],
                    penalty: 0,
                    p: &p,
                };
                let Some(m) = best_on_pile(pile, tops[pile.index()], &table) else {
                    continue;
                };
                let signal = if m.cost <= p.dont_play_signal {
                    Signal::DontPlay
                } else if m.cost <= p.good_card_signal {
                    Signal::GoodCard
                } else {
                    continue;
                };
                out.push(Action::Signal { pile, signal });
            }
        }
        out.push(Action::EndTurn);
    }
}

impl Player for Heuristic {
    fn name(&self) -> &str {
        if self.greedy {
            "greedy"
        } else {
            "heuristic"
        }
    }

    fn act(&mut self, view: &View) -> Action {
        let mut plan = Vec::with_capacity(16);
        self.plan(view, &mut plan);
        plan.first().copied().unwrap_or(Action::EndTurn)
    }

    fn plan_turn(&mut self, view: &View, plan: &mut Vec<Action>) -> bool {
        self.plan(view, plan);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use thegame::{Position, State};

    fn state(hand: &[u8], tops: [u8; 4], teammate: &[u8]) -> State {
        state_after(hand, tops, teammate, 0)
    }

    fn state_after(hand: &[u8], tops: [u8; 4], teammate: &[u8], played_this_turn: u8) -> State {
        let mut played = Vec::new();
        let mut draw = Vec::new();
        for n in 2..=99u8 {
            if hand.contains(&n) || teammate.contains(&n) {
                continue;
            }
            if tops.contains(&n) || n % 3 == 0 {
                played.push(n);
            } else {
                draw.push(n);
            }
        }
        State::from_position(Position {
            players: 2,
            current: 0,
            played_this_turn,
            hands: vec![hand.to_vec(), teammate.to_vec()],
            draw_pile: draw,
            tops,
            played,
            signals: Vec::new(),
        })
        .unwrap()
    }

    fn act(s: &State) -> Action {
        Heuristic::default().act(&s.seat_view(s.current()))
    }

    #[test]
    fn prefers_the_backwards_trick() {
        let s = state(&[40, 50, 77, 80], [60, 2, 97, 95], &[70]);
        // up1 shows 60: 50 is the trick.
        assert_eq!(
            act(&s),
            Action::Play {
                card: Card::new(50).unwrap(),
                pile: Pile::Up1
            }
        );
    }

    #[test]
    fn sets_up_a_trick_within_the_turn() {
        // up1 at 20; holding 41 and 31: play 41 then 31 backwards, burying only 21..30.
        let s = state(&[31, 41, 88, 89], [20, 5, 30, 25], &[70]);
        let first = act(&s);
        assert_eq!(
            first,
            Action::Play {
                card: Card::new(41).unwrap(),
                pile: Pile::Up1
            }
        );
    }

    #[test]
    fn plays_the_smallest_jump_over_live_cards() {
        // 23 on up1 (at 20) buries 22 (live; 21 is played); 88 on down1 (at 97) buries more.
        let s = state(&[23, 88, 60, 61], [20, 2, 97, 94], &[70]);
        assert_eq!(
            act(&s),
            Action::Play {
                card: Card::new(23).unwrap(),
                pile: Pile::Up1
            }
        );
    }

    #[test]
    fn ends_the_turn_after_the_minimum_when_every_play_is_costly() {
        let mut s = state(&[30, 50, 70, 90], [20, 2, 97, 94], &[71]);
        s.apply(&act(&s)).unwrap();
        s.apply(&act(&s)).unwrap();
        assert_eq!(s.played_this_turn(), 2);
        // Then signals, then end.
        let mut steps = 0;
        loop {
            let a = act(&s);
            s.apply(&a).unwrap();
            steps += 1;
            if a == Action::EndTurn {
                break;
            }
            assert!(matches!(a, Action::Signal { .. }));
            assert!(steps < 6);
        }
    }

    #[test]
    fn avoids_a_pile_a_teammate_flagged() {
        // One more play is due; 23 (up1 at 20) and 91 (down1 at 94) both bury one card; a
        // teammate's "don't play" on the pile it picks sends the bot to the other one.
        let s = state_after(&[23, 91, 60, 61], [20, 2, 94, 97], &[70], 1);
        let plain = act(&s);
        assert!(matches!(plain, Action::Play { .. }));
        let mut flagged = s.clone();
        let pile = match plain {
            Action::Play { pile, .. } => pile,
            _ => unreachable!(),
        };
        flagged
            .apply_as(
                Seat(1),
                &Action::Signal {
                    pile,
                    signal: Signal::DontPlay,
                },
            )
            .unwrap();
        match act(&flagged) {
            Action::Play { pile: other, .. } => assert_ne!(other, pile),
            a => panic!("expected a play, got {a}"),
        }
    }
}
