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
//! 4. **Look ahead over the minimum (one player).** When two plays are still due, each
//!    pile's candidate first plays (its backwards trick, the `candidates` cards nearest its
//!    top, and every first card of a pair) are tried, followed by the cheapest second one and
//!    then (weighted by `next_turn`) the two cheapest plays the remaining hand would offer
//!    next turn, each counted at no less than `future_floor` (a trick kept for later is not
//!    worth what a trick played now is: the pile may move before). The first play of the best
//!    line is made. This avoids spending the hand's only cheap cards now and being forced into
//!    a big jump next turn. In solo play every unseen card is in the draw pile, so the hand is
//!    the bot's whole foreseeable future; with teammates the plain cheapest play already beats
//!    the published rates by a wide margin, so 2–5 players skip the lookahead and play about
//!    five times faster. The registered bot (`Heuristic::default()`) plays its solo games with
//!    [`super::Solo`], this lookahead rebuilt on a rank table and sorted lanes: as strong
//!    (13.83 % against 13.84 % over seeds 0..100,000; the two differ only in ignoring the
//!    other piles' tricks when deciding whether a buried card is stranded) and about 2.4×
//!    faster. Explicit [`Params`] with lookahead still use the planner here (tuning).
//! 5. **Smallest jump, few extras.** After the minimum it keeps playing only while the cheapest
//!    move costs at most `extra` (tricks, and free moves in multi-player games), which keeps
//!    piles open and cheap cards in hand.
//! 6. **Keep piles open for teammates.** Before ending its turn it signals, for each pile where
//!    it holds a cheap card, "don't play here" (a card that buries nothing) or "I have a good
//!    card" (a card that buries little). When choosing its own plays it adds a penalty to
//!    plain plays on piles a teammate has flagged, so it plays elsewhere when it can.
//!    Signals carry no numbers, as the rules require, and it reads only its seat's view.
//!
//! Speed decisions (a whole game costs a few microseconds):
//! - A turn is planned at once ([`Player::plan_turn`]) on a private copy of the hand, the live
//!   cards and the tops; no view is rebuilt per card.
//! - Each pile's best move is kept and, after a play, evaluated again only on the pile played
//!   on and on piles whose move used that card or its backwards partner. What the other piles
//!   take (which decides whether a buried card is "stranded") is computed once per turn, not
//!   after every play: a small loss of precision (`exact: 1` restores it) for half the work.
//! - Card ranges are read from mask tables instead of shifting `u128`s, and the plan is
//!   compiled a second time for CPUs with `popcnt`/`lzcnt`/BMI (detected once, then one load
//!   per turn).
//! - Two planners make the same plans. Without lookahead, and with weights where a larger jump
//!   over live cards always costs more ([`greedy::applies`]: the tuned parameters of 2–5
//!   players and the solo greedy ones), each pile's best move has a closed form (`greedy.rs`):
//!   one interval count per pile, descending piles mirrored so one branch-light routine scores
//!   all four, the plan written without branches on the signals. The tuned team parameters are
//!   compiled in as constants. The general planner (`general.rs`, the original code) serves the
//!   lookahead, other parameters and hand-made views outside the game's invariants.
//! - The plans must not change with speed work: `reference.rs` (tests only) is a frozen copy of
//!   the planner before the closed form, and `equivalence.rs` compares every plan with it on
//!   every turn of thousands of games per player count, on random parameters and on random
//!   (also broken) views.
//!
//! The weights and thresholds are [`Params`], tuned per player count on seeds 1,000,000 onwards
//! with `examples/tune_thegame.rs`. [`Heuristic::greedy`] is the same cost model without the
//! lookahead at every player count.
//!
//! **The registered bot at 2–5 players** (`Heuristic::default()`, or [`Heuristic::with_team`])
//! no longer plans with the cost model above but with the team planner (`team.rs`, see its
//! docs): every buried live card weighs one card, small signal penalties that apply only to
//! plays that bury something, a "don't play here" signal where it holds a card burying at most
//! two live cards, and it plays straight on the game's [`Turn`] without a view. It wins more
//! (29.8 / 17.0 / 29.1 / 34.4 % against 31.2 / 16.1 / 21.7 / 19.6 % for 2 / 3 / 4 / 5 players
//! over seeds 0..100,000) with about a fifth fewer instructions per game.
//! [`Heuristic::classic`] (the search bot's advisor and playout policy), [`Heuristic::greedy`]
//! and [`Heuristic::with_params`] keep the planner above, unchanged.

use super::{Player, Solo};

#[cfg(test)]
mod equivalence;
mod general;
mod greedy;
mod masks;
#[cfg(test)]
mod reference;
mod team;
pub use team::TeamParams;
use thegame::{Action, RuleError, Turn, View};

/// The cost of "no such move": larger than any real cost, small enough to add up safely.
const NONE: i32 = 1 << 24;

/// Costs are counted in quarter cards, so weights can be fractional.
pub const SCALE: i32 = 4;

/// The knobs of the heuristic. Costs are in quarter cards (`SCALE` = 4 per buried card).
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
    /// When two plays are still required, try each candidate first play followed by the
    /// cheapest second one (1); do so also when one play is required (2); or play greedily (0).
    pub lookahead: i32,
    /// With `lookahead`, weight (in sixteenths) of the cost of the two cheapest plays left for
    /// the next turn after the pair (0: ignore the next turn).
    pub next_turn: i32,
    /// How many cards nearest each pile's top the lookahead tries as first plays, besides
    /// backwards tricks and the first cards of pairs (0: every legal card).
    pub candidates: i32,
    /// Re-evaluate every pile after each play (1) instead of only the piles the play
    /// changed (0).
    pub exact: i32,
    /// The lowest cost a next-turn play counts for in the lookahead (keeping a trick for
    /// later is not worth as much as playing it).
    pub future_floor: i32,
}

impl Params {
    /// The tuned parameters for a player count.
    pub const fn for_players(players: u8) -> Params {
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
            candidates: 0,
            exact: 0,
            future_floor: -NONE,
        };
        match players {
            1 => Params {
                extra: -2 * SCALE,
                stranded_weight: 4 * SCALE,
                lookahead: 1,
                next_turn: 9,
                future_floor: -SCALE,
                candidates: 3,
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
    /// Which planner plays which player count.
    mode: Mode,
    /// The solo planner of the tuned bot (also with other team parameters) and the classic one.
    solo: Solo,
}

/// The planners of a [`Heuristic`].
#[derive(Clone, Copy, Debug, Default)]
enum Mode {
    /// The registered bot: [`Solo`] alone, the team planner with its tuned parameters at
    /// 2–5 players.
    #[default]
    Tuned,
    /// [`Heuristic::with_team`]: the registered bot with other team-planner parameters.
    Team(TeamParams),
    /// [`Heuristic::classic`]: [`Solo`] alone, the classic planner at 2–5 players.
    Classic,
    /// [`Heuristic::greedy`]: the classic planner with the greedy parameters at every count.
    Greedy,
    /// [`Heuristic::with_params`]: the classic planner with these parameters at every count.
    Params(Params),
}

impl Heuristic {
    /// A heuristic bot with fixed parameters.
    pub fn with_params(params: Params) -> Heuristic {
        Heuristic {
            mode: Mode::Params(params),
            solo: Solo::default(),
        }
    }

    /// The registered bot with other team-planner parameters at 2-5 players (for tuning).
    pub fn with_team(team: TeamParams) -> Heuristic {
        Heuristic {
            mode: Mode::Team(team),
            solo: Solo::default(),
        }
    }

    /// The fast variant: each play is the cheapest one now, without lookahead.
    pub fn greedy() -> Heuristic {
        Heuristic {
            mode: Mode::Greedy,
            solo: Solo::default(),
        }
    }

    /// The tuned planner the search bot was measured with: [`Solo`] for one player, the
    /// closed-form planner with [`Params::for_players`] for 2–5. The search bot asks it for
    /// a candidate turn and plays it in its heuristic playouts, so its published results stay
    /// those of this planner.
    pub fn classic() -> Heuristic {
        Heuristic {
            mode: Mode::Classic,
            solo: Solo::default(),
        }
    }
}

impl Heuristic {
    /// The classic planner's parameters for a player count.
    fn params(&self, players: u8) -> Params {
        match self.mode {
            Mode::Params(p) => p,
            Mode::Greedy => Params::greedy_for_players(players),
            Mode::Tuned | Mode::Team(_) | Mode::Classic => Params::for_players(players),
        }
    }

    /// Plans the rest of the turn from `view`: the plays, then the signals, then `end`. Stops
    /// early after a play that leaves no legal move below the minimum (the game is then lost).
    ///
    /// The plan counts and finds bits a lot; where the CPU has `popcnt`, `lzcnt` and BMI
    /// (checked at run time, once per turn) the same code is compiled to use them, which is
    /// several times faster than the portable fallback.
    fn plan(&self, view: &View, out: &mut Vec<Action>) {
        #[cfg(target_arch = "x86_64")]
        {
            if native() {
                // SAFETY: the CPU supports these features, as `native` checked.
                return unsafe { plan_native(self, view, out) };
            }
        }
        plan_portable(self, view, out);
    }
}

/// Whether the CPU has `popcnt`, `lzcnt` and BMI1, detected once (one load per turn after).
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn native() -> bool {
    use std::sync::atomic::{AtomicU8, Ordering};
    /// 0: not yet known; 1: yes; 2: no.
    static NATIVE: AtomicU8 = AtomicU8::new(0);
    match NATIVE.load(Ordering::Relaxed) {
        1 => true,
        2 => false,
        _ => {
            let yes = std::arch::is_x86_feature_detected!("popcnt")
                && std::arch::is_x86_feature_detected!("lzcnt")
                && std::arch::is_x86_feature_detected!("bmi1");
            NATIVE.store(if yes { 1 } else { 2 }, Ordering::Relaxed);
            yes
        }
    }
}

/// The tuned parameters of 2-5 players (the greedy variant's too): the planner is compiled
/// once more with them as constants, the common case.
const TEAM: Params = Params::for_players(2);

#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "popcnt,lzcnt,bmi1")]
fn plan_native(bot: &Heuristic, view: &View, out: &mut Vec<Action>) {
    plan_portable(bot, view, out);
}

/// The closed form where it applies, else the general planner (the same plans).
#[inline(always)]
fn plan_portable(bot: &Heuristic, view: &View, out: &mut Vec<Action>) {
    if !matches!(bot.mode, Mode::Params(_)) && view.players != 1 && greedy::fits(view) {
        return greedy::plan(&TEAM, view, out);
    }
    let p = bot.params(view.players);
    if greedy::applies(&p) && greedy::fits(view) {
        greedy::plan(&p, view, out);
    } else {
        general::plan(&p, view, out);
    }
}

impl Player for Heuristic {
    fn name(&self) -> &str {
        match self.mode {
            Mode::Greedy => "greedy",
            Mode::Classic => "heuristic (classic)",
            _ => "heuristic",
        }
    }

    fn act(&mut self, view: &View) -> Action {
        if self.plays_solo(view) {
            return self.solo.act(view);
        }
        if let Some(team) = self.team(view.players) {
            let mut plan = Vec::with_capacity(16);
            team::plan(team, view, &mut plan);
            return plan.first().copied().unwrap_or(Action::EndTurn);
        }
        let mut plan = Vec::with_capacity(16);
        self.plan(view, &mut plan);
        plan.first().copied().unwrap_or(Action::EndTurn)
    }

    fn plan_turn(&mut self, view: &View, plan: &mut Vec<Action>) -> bool {
        if self.plays_solo(view) {
            return self.solo.plan_turn(view, plan);
        }
        if let Some(team) = self.team(view.players) {
            team::plan(team, view, plan);
            return true;
        }
        self.plan(view, plan);
        true
    }

    fn play_turn(&mut self, turn: &mut Turn<'_>) -> Result<bool, RuleError> {
        if let Some(team) = self.team(turn.players()) {
            team::play_turn(team, turn)?;
            return Ok(true);
        }
        Ok(false)
    }
}

impl Heuristic {
    /// Whether this turn is planned by the solo planner: the tuned bot in a one-player game.
    #[inline]
    fn plays_solo(&self, view: &View) -> bool {
        view.players == 1 && matches!(self.mode, Mode::Tuned | Mode::Team(_) | Mode::Classic)
    }

    /// Whether this turn is played by the team planner (the registered bot, or
    /// [`Heuristic::with_team`], at 2-5 players), and with which parameters (`None`: the
    /// tuned ones).
    #[inline]
    fn team(&self, players: u8) -> Option<Option<&TeamParams>> {
        match &self.mode {
            Mode::Tuned if players >= 2 => Some(None),
            Mode::Team(p) if players >= 2 => Some(Some(p)),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use engine::Seat;
    use thegame::{Card, Pile, Signal};
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
        Heuristic::classic().act(&s.seat_view(s.current()))
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

    /// Mean cards left over `seeds` solo deals for a bot.
    fn solo_cards_left(bot: Heuristic, seeds: u64) -> f64 {
        let mut bots: Vec<Box<dyn Player>> = vec![Box::new(bot)];
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
    fn the_solo_lookahead_leaves_fewer_cards_than_greedy_play() {
        // Over 20,000 deals: about 11.5 cards left against 16.5 (the lookahead keeps cheap
        // cards for the next turn); 300 deals separate them by far more than their noise.
        let ahead = solo_cards_left(Heuristic::default(), 300);
        let greedy = solo_cards_left(Heuristic::greedy(), 300);
        assert!(
            ahead + 2.0 < greedy,
            "lookahead {ahead:.2} vs greedy {greedy:.2}"
        );
    }

    #[test]
    fn exact_updates_and_every_candidate_play_legal_games() {
        for players in 1..=5 {
            let p = Params {
                exact: 1,
                candidates: 0,
                lookahead: 1,
                next_turn: 9,
                ..Params::for_players(players)
            };
            let mut bots: Vec<Box<dyn Player>> = (0..players)
                .map(|_| Box::new(Heuristic::with_params(p)) as Box<dyn Player>)
                .collect();
            for seed in 0..20 {
                let mut s = State::seeded(players, seed, 0).unwrap();
                let outcome = super::super::play_out(&mut s, &mut bots).unwrap();
                assert_eq!(Some(outcome), s.outcome());
            }
        }
    }

    #[test]
    fn a_view_with_impossible_tops_gets_a_plan_not_a_panic() {
        for players in [1u8, 3] {
            let s = State::new(thegame::Setup::seeded(players, 5)).unwrap();
            let mut view = s.seat_view(s.current());
            for tops in [[200, 0, 255, 101], [0, 255, 0, 255], [100, 100, 1, 1]] {
                view.tops = tops;
                let mut plan = Vec::new();
                Heuristic::default().plan_turn(&view, &mut plan);
                assert!(plan.len() <= 16, "{plan:?}");
            }
        }
    }
}
