//! The heuristic bot: cheap, stateless rules of thumb that play The Game well.
//!
//! Strategy (every decision is recomputed from the seat's view; nothing is remembered):
//! 1. **Cost of a play = live cards it buries.** Moving an ascending pile from `t` to `c`
//!    makes every card strictly between them unplayable there; the cost counts only those not
//!    yet played (the view's `played` set makes this exact), so a jump over dead cards is free.
//!    Descending piles mirror this.
//! 2. **Backwards tricks first.** A trick (exactly 10 against the pile) costs
//!    `-(1 + live cards it reopens)`, so it is always preferred to a plain play.
//! 3. **Set up tricks within the turn.** Holding `y` and `y - 10` for an ascending pile below
//!    `y`, playing `y` and then `y - 10` moves the pile only to `y - 10` while shedding two
//!    cards; this pair is scored as one move costing the live cards below `y - 10`, minus one
//!    for the extra card shed (or a gain when `y - 10` lands below the old top). Mirrored for
//!    descending piles.
//! 4. **Smallest jump.** Until the minimum is met it plays the cheapest move; after that it
//!    keeps playing only while the cheapest move costs at most a small threshold (tricks and
//!    free moves), which keeps piles open.
//! 5. **Keep piles open for teammates.** Before ending its turn it signals, for each pile where
//!    it holds a cheap card, "don't play here" (a card that buries nothing) or "I have a good
//!    card" (a card that buries little). When choosing its own plays it adds a penalty to
//!    plain plays on piles a teammate has flagged, so it plays elsewhere when it can.
//!    Signals carry no numbers, as the rules require.
//!
//! The thresholds and penalties are [`Params`], tuned per player count with `tabletop sim`.

use super::Player;
use engine::Seat;
use thegame::{Action, Card, CardSet, Pile, Signal, View};

/// The knobs of the heuristic.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Params {
    /// After the minimum, keep playing while the cheapest move costs at most this.
    pub extra: i32,
    /// The same once the draw pile is empty.
    pub extra_endgame: i32,
    /// Added to plain plays on a pile where a teammate has "good card" standing.
    pub good_card_penalty: i32,
    /// Added to plain plays on a pile where a teammate has "don't play" standing.
    pub dont_play_penalty: i32,
    /// Signal "don't play" on a pile where my cheapest card costs at most this.
    pub dont_play_signal: i32,
    /// Signal "good card" on a pile where my cheapest card costs at most this.
    pub good_card_signal: i32,
}

impl Params {
    /// The tuned parameters for a player count.
    pub fn for_players(players: u8) -> Params {
        match players {
            1 => Params {
                extra: 0,
                extra_endgame: 0,
                good_card_penalty: 0,
                dont_play_penalty: 0,
                dont_play_signal: -100,
                good_card_signal: -100,
            },
            _ => Params {
                extra: 0,
                extra_endgame: 0,
                good_card_penalty: 3,
                dont_play_penalty: 6,
                dont_play_signal: 0,
                good_card_signal: 2,
            },
        }
    }
}

/// The heuristic bot (see the module docs for its strategy).
#[derive(Clone, Debug, Default)]
pub struct Heuristic {
    /// Overrides the tuned per-player-count parameters.
    pub params: Option<Params>,
}

impl Heuristic {
    /// A heuristic bot with fixed parameters.
    pub fn with_params(params: Params) -> Heuristic {
        Heuristic {
            params: Some(params),
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

/// The cheapest move on one pile, and the cheapest card's plain cost there (for signals).
#[inline]
fn best_on_pile(pile: Pile, top: u8, hand: u128, live: u128, penalty: i32) -> Option<Move> {
    let mut best: Option<Move> = None;
    let mut consider = |m: Move| {
        if best.is_none_or(|b| m.cost < b.cost) {
            best = Some(m);
        }
    };
    let t = u32::from(top);
    if pile.is_ascending() {
        // The backwards trick.
        if top >= 12 && hand & (1u128 << (top - 10)) != 0 {
            let reopened = count(live & between(top - 10, top));
            consider(Move {
                card: card(t - 10),
                pile,
                cost: -(1 + reopened),
            });
        }
        let above = hand & (!0u128 << (t + 1));
        // The cheapest plain play is the lowest card above the top.
        if above != 0 {
            let c = above.trailing_zeros();
            consider(Move {
                card: card(c),
                pile,
                cost: count(live & between(top, c as u8)) + penalty,
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
                count(live & between(top, low)) + penalty - 1
            } else {
                -(2 + count(live & between(low, top)))
            };
            consider(Move {
                card: card(y),
                pile,
                cost,
            });
        }
    } else {
        if top + 10 <= Card::MAX && hand & (1u128 << (top + 10)) != 0 {
            let reopened = count(live & between(top, top + 10));
            consider(Move {
                card: card(t + 10),
                pile,
                cost: -(1 + reopened),
            });
        }
        let below = hand & ((1u128 << t) - 1);
        if below != 0 {
            let c = 127 - below.leading_zeros();
            consider(Move {
                card: card(c),
                pile,
                cost: count(live & between(c as u8, top)) + penalty,
            });
        }
        let mut pairs = below & (hand >> 10);
        while pairs != 0 {
            let y = pairs.trailing_zeros();
            pairs &= pairs - 1;
            let high = (y + 10) as u8;
            let cost = if high < top {
                count(live & between(high, top)) + penalty - 1
            } else {
                -(2 + count(live & between(top, high)))
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

impl Heuristic {
    fn params(&self, players: u8) -> Params {
        self.params.unwrap_or_else(|| Params::for_players(players))
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
    fn plan(&self, view: &View, out: &mut Vec<Action>) {
        let p = self.params(view.players);
        let me = view.viewer.unwrap_or(view.current);
        let mut hand = view.hand.bits();
        let mut live = CardSet::ALL.difference(view.played).bits();
        let mut tops = view.tops;
        let mut played = view.played_this_turn;
        let penalties = Pile::ALL.map(|pile| Self::penalty(view, me, pile, &p));
        let threshold = if view.draw_pile == 0 {
            p.extra_endgame
        } else {
            p.extra
        };
        loop {
            let mut best: Option<Move> = None;
            for pile in Pile::ALL {
                let i = pile.index();
                if let Some(m) = best_on_pile(pile, tops[i], hand, live, penalties[i]) {
                    if best.is_none_or(|b| m.cost < b.cost) {
                        best = Some(m);
                    }
                }
            }
            match best {
                Some(m) if played < view.minimum || m.cost <= threshold => {
                    out.push(Action::Play {
                        card: m.card,
                        pile: m.pile,
                    });
                    let bit = 1u128 << m.card.get();
                    hand &= !bit;
                    live &= !bit;
                    tops[m.pile.index()] = m.card.get();
                    played += 1;
                }
                None if played < view.minimum => return,
                _ => break,
            }
        }
        if view.players >= 2 {
            for pile in Pile::ALL {
                if view.signal(me, pile).is_some() {
                    continue;
                }
                let Some(m) = best_on_pile(pile, tops[pile.index()], hand, live, 0) else {
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
        "heuristic"
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
            played_this_turn: 0,
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
        // 23 (up1 at 20) and 91 (down1 at 94) both bury about the same; a teammate's
        // "don't play" on up1 sends the bot to down1.
        let s = state(&[23, 91, 60, 61], [20, 2, 94, 97], &[70]);
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
