//! The search bot: whole turns chosen by playouts over sampled hidden cards.
//!
//! How a turn is chosen (every decision starts again from the seat's [`View`]; the bot never
//! sees the state):
//! 1. **Candidate turns.** The order of plays inside a turn matters only for legality, so a
//!    turn is identified by where it ends: the pile tops and the hand left. A depth-first
//!    search over plays lists every distinct end reachable with *sensible* plays: on each pile
//!    the closest card (lowest above an ascending top, highest below a descending one), the
//!    backwards trick, and the first card of a trick pair (`y` with `y - 10` in hand on an
//!    ascending pile, mirrored). Any other play jumps over a card in hand that could have gone
//!    on the same pile first at no cost, so it is dominated; interleavings still let a close
//!    card go to another pile. Two piles of the same direction with the same top and the same
//!    signals are interchangeable, so only the first is tried. Every end at or past the
//!    turn's minimum is a candidate; if none is, the longest sequence is played (the game is
//!    lost, and fewer cards left is the better score). A test checks on random positions that
//!    a complete turn is found whenever any sequence of legal plays reaches the minimum.
//! 2. **Pruning.** Candidates are ranked by a static cost, the live cards (not yet played)
//!    that the turn makes unplayable on each pile minus those it reopens, less half a point per
//!    extra card shed. The best [`Config::candidates`] go on, and one of them is always the
//!    heuristic bot's own turn (in its order), so the search weighs what the heuristic would
//!    do; with a budget smaller than the candidate count the bot plays exactly that turn's
//!    cards in its order (with its own signals, step 5).
//! 3. **Determinization.** The unseen cards (all cards minus the bot's hand and the piles,
//!    both in the view) are shuffled uniformly into the teammates' hands, at their known
//!    sizes, and the draw pile ([`State::determinize`]). It is the only place hidden cards
//!    appear, and they are samples.
//! 4. **Playouts with common random numbers.** Each candidate turn is applied to the same
//!    sampled states, followed by its signals and `end`, and the game is played out by the
//!    [`Config::rollout`] policy in every seat (by default the heuristic without its
//!    lookahead, [`Heuristic::without_lookahead`]: at 4–5 players the heuristic itself, at
//!    2–3 the heuristic without its rule 7). The
//!    score of a playout is `-cards_left`, plus [`Config::win_bonus`] for a win. Candidates
//!    are compared by successive halving: every round spends an equal share of the budget on
//!    the survivors and keeps the better half. Comparing candidates on the same samples
//!    cancels much of the luck of the deal.
//! 5. **Signals.** After its plays the bot sends the signals the heuristic bot would send in
//!    its place ([`Heuristic::signals`] on the view after the plays), so the whole team keeps
//!    one convention: "don't play here" or "I have a good card" on piles where its cheapest
//!    card costs little. The heuristic playouts of teammates react to them, so their effect is
//!    part of each candidate's score. Signals carry no numbers.
//!
//! Decisions, each measured with `tabletop sim` on seeds 9,000,000 and up (the figures in the
//! README come from other seeds):
//! - The advisor and the playouts are the registered heuristic: one cost model for the whole
//!   bot, and at 4–5 players a stronger one than a classic cost model of the search's own (4.8
//!   and 7.3 points over 10,000 deals at the standard budget). The playouts leave out its
//!   lookahead: playouts without it are about five to fifteen times faster, and more samples
//!   matter more than a stronger policy (alone: 20.7 % with 400 playouts without lookahead
//!   against 17.7 % with 60 with it, at a similar cost).
//! - Four candidates: with more, noisy playouts pick a poor turn more often than they find a
//!   better one (one player, 800 playouts: 19.0 % with 2 candidates, 23.8 % with 3, 26.8 %
//!   with 4, 26.2 % with 6, 23.8 % with 8). The win bonus barely matters (0, 10 and 30 within
//!   noise); it is 10.
//! - The budget is counted in playouts per decision ([`Budget::Playouts`]), which keeps the bot
//!   deterministic for a seed. The registered bot uses [`Budget::Standard`]: 500 playouts
//!   alone, 200 for two players, 100 for three to five. One player needs the samples most (the
//!   draw order is all that is hidden and every turn's choice matters). With teammates a
//!   playout costs more (more seats to plan for) and a small budget already wins far more than
//!   the heuristic; the standard budgets keep each player count's 10,000 games within 30
//!   minutes of two cores even on a shared machine (five players with 500 playouts took about
//!   25 minutes on two idle cores). [`Budget::Millis`] converts milliseconds to playouts with
//!   a running estimate of the playout cost, so it depends on the machine.
//! - Sampling is uniform: teammates' signals do not bias the sampled hands (placing a card that
//!   fits each standing signal in the teammate's sampled hand does not help). Signals still
//!   matter: the teammates in the playouts heed them, and the bot sends them.
//! - A decision with a single candidate (often: the only legal plays) spends nothing.
//!
//! How the advisor, the candidates and the sampling were chosen, with the figures:
//! `docs/bots/thegame-search.md`.

use super::{Heuristic, MAX_ACTIONS};
use engine::{Bot, Legal, Viewer};
use rand_core::SeedableRng;
use std::collections::HashSet;
use std::fmt;
use std::hash::{BuildHasherDefault, Hasher};
use std::str::FromStr;
use std::time::Instant;
use thegame::{Action, Card, CardSet, Pile, Signal, State, View};

/// How much thinking a decision may take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Budget {
    /// This many playouts per decision (deterministic).
    Playouts(u32),
    /// About this many milliseconds per decision (depends on the machine's speed).
    Millis(u32),
    /// The registered bot's playouts for the game's player count ([`Budget::standard`]).
    Standard,
}

impl Budget {
    /// Playouts per decision of the standard budget for 1, 2, 3, 4 and 5 players.
    pub const STANDARD_PLAYOUTS: [u32; 5] = [500, 200, 100, 100, 100];

    /// The standard budget for `players` (see the module docs for how it was chosen).
    ///
    /// ```
    /// use bots::thegame::Budget;
    /// assert_eq!(Budget::standard(1), Budget::Playouts(500));
    /// assert_eq!(Budget::standard(4), Budget::Playouts(100));
    /// ```
    pub fn standard(players: u8) -> Budget {
        Budget::Playouts(standard_playouts(players))
    }

    /// This budget for a game of `players`: [`Budget::Standard`] resolved, others unchanged.
    pub fn for_players(self, players: u8) -> Budget {
        match self {
            Budget::Standard => Budget::standard(players),
            b => b,
        }
    }
}

/// The playouts per decision of [`Budget::Standard`] for `players` (a count outside 1..=5
/// takes the nearest entry).
fn standard_playouts(players: u8) -> u32 {
    let table = Budget::STANDARD_PLAYOUTS;
    table[usize::from(players.max(1)).min(table.len()) - 1]
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Playouts(n) => write!(f, "{n}"),
            Budget::Millis(ms) => write!(f, "{ms}ms"),
            Budget::Standard => f.write_str("standard"),
        }
    }
}

/// Why a text is not a budget.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{text:?} is not a budget: give playouts per decision (\"400\"), milliseconds (\"5ms\") \
     or \"standard\""
)]
pub struct BudgetError {
    /// The text that was read.
    pub text: String,
}

impl FromStr for Budget {
    type Err = BudgetError;

    /// `"400"` or `"400p"` is 400 playouts per decision; `"5ms"` is five milliseconds;
    /// `"standard"` is [`Budget::Standard`].
    fn from_str(s: &str) -> Result<Budget, BudgetError> {
        let err = || BudgetError {
            text: s.to_string(),
        };
        let t = s.trim();
        if t == "standard" {
            return Ok(Budget::Standard);
        }
        if let Some(ms) = t.strip_suffix("ms") {
            return ms.trim().parse().map(Budget::Millis).map_err(|_| err());
        }
        t.strip_suffix('p')
            .unwrap_or(t)
            .trim()
            .parse()
            .map(Budget::Playouts)
            .map_err(|_| err())
    }
}

/// The policy that plays every seat in the playouts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Rollout {
    /// The heuristic bot as it plays (alone: with its two-play lookahead, about seven times
    /// slower).
    Heuristic,
    /// The heuristic without its lookahead ([`Heuristic::without_lookahead`]): the same bot
    /// at 4–5 players.
    Greedy,
}

impl Rollout {
    fn bot(self) -> Heuristic {
        match self {
            Rollout::Heuristic => Heuristic::default(),
            Rollout::Greedy => Heuristic::without_lookahead(),
        }
    }
}

/// The knobs of the search.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Config {
    /// Thinking allowed per decision.
    pub budget: Budget,
    /// Who plays the playouts.
    pub rollout: Rollout,
    /// How many candidate turns (best by static cost) are compared by playouts.
    pub candidates: usize,
    /// Added to a playout's score when the game is won (a loss scores `-cards_left`).
    pub win_bonus: i32,
}

impl Default for Config {
    fn default() -> Config {
        Config {
            budget: Budget::Standard,
            rollout: Rollout::Greedy,
            candidates: 4,
            win_bonus: 10,
        }
    }
}

/// The most plays in one turn: a one-player hand.
const MAX_TURN: usize = 8;
/// Distinct turn ends explored per decision, at most.
const MAX_NODES: usize = 20_000;

/// One candidate turn: its plays in order, where it ends, and its static cost.
#[derive(Clone, Copy, Debug)]
struct Turn {
    plays: [(Card, Pile); MAX_TURN],
    len: u8,
    hand: u128,
    tops: [u8; 4],
    /// Twice the static cost (lower is better), see the module docs.
    cost: i32,
    /// Whether it reaches the turn's minimum (otherwise the game is lost after it).
    complete: bool,
    /// The signals sent after the plays, filled in for the candidates kept.
    signals: [Option<Signal>; 4],
}

impl Turn {
    fn plays(&self) -> &[(Card, Pile)] {
        &self.plays[..usize::from(self.len)]
    }
}

/// A fast hasher for `(hand, tops)` keys: not for untrusted input, only for the bot's own
/// search nodes.
#[derive(Default)]
struct NodeHasher(u64);

impl Hasher for NodeHasher {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(u64::from(b));
        }
    }
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
    fn write_u128(&mut self, n: u128) {
        self.write_u64(n as u64);
        self.write_u64((n >> 64) as u64);
    }
    fn write_u32(&mut self, n: u32) {
        self.write_u64(u64::from(n));
    }
}

type NodeSet = HashSet<(u128, u32), BuildHasherDefault<NodeHasher>>;

/// The search bot (see the module docs).
pub struct Search {
    config: Config,
    rng: rand_pcg::Pcg64Mcg,
    rollout: Heuristic,
    /// The heuristic bot, whose turn is always among the candidates.
    advisor: Heuristic,
    /// Where the heuristic's turn is in `turns`.
    advised: usize,
    /// Running estimate of one playout's cost in nanoseconds (for [`Budget::Millis`]).
    playout_ns: f64,
    // Scratch space reused between decisions.
    turns: Vec<Turn>,
    seen: NodeSet,
    samples: Vec<State>,
    plan: Vec<Action>,
}

impl Search {
    /// A search bot with the default configuration, its sampling fixed by `seed`.
    pub fn new(seed: u64) -> Search {
        Search::with_config(seed, Config::default())
    }

    /// A search bot with `config`.
    pub fn with_config(seed: u64, config: Config) -> Search {
        Search {
            config,
            rng: rand_pcg::Pcg64Mcg::seed_from_u64(seed),
            rollout: config.rollout.bot(),
            advisor: Heuristic::default(),
            advised: 0,
            playout_ns: 10_000.0,
            turns: Vec::new(),
            seen: NodeSet::default(),
            samples: Vec::new(),
            plan: Vec::with_capacity(16),
        }
    }

    /// The configuration in use.
    pub fn config(&self) -> Config {
        self.config
    }

    /// Plans the rest of the turn for `view` into `out`: plays, signals, then `end` (no `end`
    /// when the plays lose the game).
    fn plan_turn(&mut self, view: &View, out: &mut Vec<Action>) {
        self.candidates(view);
        let best = match self.turns.len() {
            0 => None,
            1 => Some(0),
            _ => Some(self.choose(view)),
        };
        let Some(best) = best else {
            out.push(Action::EndTurn);
            return;
        };
        let turn = self.turns[best];
        for &(card, pile) in turn.plays() {
            out.push(Action::Play { card, pile });
        }
        if !turn.complete {
            return;
        }
        push_signals(&turn, out);
        out.push(Action::EndTurn);
    }

    /// Fills `self.turns` with the candidate turns, best static cost first, pruned.
    fn candidates(&mut self, view: &View) {
        self.turns.clear();
        self.seen.clear();
        let mut path = [(Card::new(2).unwrap_or_else(|| unreachable!()), Pile::Up1); MAX_TURN];
        let mut longest: Option<Turn> = None;
        let mut search = Dfs {
            view,
            twins: twin_piles(view),
            turns: &mut self.turns,
            seen: &mut self.seen,
            longest: &mut longest,
        };
        search.visit(view.hand.bits(), view.tops, &mut path, 0);
        self.advised = 0;
        if self.turns.is_empty() {
            self.turns.extend(longest);
            return;
        }
        self.turns
            .sort_by_key(|t| (t.cost, std::cmp::Reverse(t.len)));
        // The heuristic's own turn always competes (its lookahead may try plays the
        // enumeration skips, so it is added when missing).
        self.plan.clear();
        self.advisor.plan_turn(view, &mut self.plan);
        let mut advised = Turn {
            plays: [(Card::new(2).unwrap_or_else(|| unreachable!()), Pile::Up1); MAX_TURN],
            len: 0,
            hand: view.hand.bits(),
            tops: view.tops,
            cost: 0,
            complete: false,
            signals: [None; 4],
        };
        for a in &self.plan {
            if let Action::Play { card, pile } = *a {
                if usize::from(advised.len) < MAX_TURN {
                    advised.plays[usize::from(advised.len)] = (card, pile);
                    advised.len += 1;
                    advised.hand &= !(1u128 << card.get());
                    advised.tops[pile.index()] = card.get();
                }
            }
        }
        advised.cost = static_cost(view, advised.hand, advised.tops, advised.len.into());
        advised.complete = view.played_this_turn + advised.len >= view.minimum;
        let keep = self.config.candidates.max(1);
        let found = self
            .turns
            .iter()
            .position(|t| t.hand == advised.hand && t.tops == advised.tops);
        if let Some(i) = found {
            // Same end, the heuristic's order: the same turn as it would play it.
            self.turns[i].plays = advised.plays;
        }
        self.advised = match found {
            Some(i) if i < keep => i,
            Some(i) => {
                self.turns.swap(keep - 1, i);
                keep - 1
            }
            None if advised.complete => {
                self.turns.push(advised);
                let last = self.turns.len() - 1;
                let at = last.min(keep - 1);
                self.turns.swap(at, last);
                at
            }
            None => 0,
        };
        self.turns.truncate(keep);
        for turn in &mut self.turns {
            turn.signals = signals_after(view, turn, &self.advisor);
        }
    }

    /// The index of the best candidate by playouts (successive halving over common samples).
    fn choose(&mut self, view: &View) -> usize {
        let budget = match self.config.budget {
            Budget::Playouts(n) => n as usize,
            Budget::Millis(ms) => (f64::from(ms) * 1e6 / self.playout_ns.max(1.0)) as usize,
            Budget::Standard => standard_playouts(view.players) as usize,
        };
        let k = self.turns.len();
        if budget < k {
            // Not one playout per candidate: trust the heuristic.
            return self.advised;
        }
        let rounds = (usize::BITS - (k - 1).leading_zeros()).max(1) as usize;
        let per_round = budget / rounds;
        let mut survivors: Vec<usize> = (0..k).collect();
        let mut sums = vec![0i64; k];
        let mut done = 0;
        self.samples.clear();
        let started = Instant::now();
        let mut playouts = 0u64;
        for _ in 0..rounds {
            let add = (per_round / survivors.len()).max(1);
            while self.samples.len() < done + add {
                match State::determinize(view, &mut self.rng) {
                    Ok(s) => self.samples.push(s),
                    // A view that does not add up: fall back to the static ranking.
                    Err(_) => return 0,
                }
            }
            for j in done..done + add {
                for &i in &survivors {
                    let mut state = self.samples[j].clone();
                    sums[i] += i64::from(self.playout(i, &mut state));
                    playouts += 1;
                }
            }
            done += add;
            // Best mean first; ties keep the static order (indices are ranked by it).
            survivors.sort_by_key(|&i| (std::cmp::Reverse(sums[i]), i));
            if survivors.len() > 1 {
                survivors.truncate(survivors.len().div_ceil(2));
            }
        }
        if let Budget::Millis(_) = self.config.budget {
            let ns = started.elapsed().as_nanos() as f64 / playouts.max(1) as f64;
            self.playout_ns = 0.8 * self.playout_ns + 0.2 * ns;
        }
        survivors[0]
    }

    /// Plays candidate `i` on a sampled `state`, then the game out with the heuristic in every
    /// seat; returns the playout's score.
    fn playout(&mut self, i: usize, state: &mut State) -> i32 {
        let turn = self.turns[i];
        let me = state.current();
        for &(card, pile) in turn.plays() {
            if state.is_over() {
                break;
            }
            state.play_unchecked(card, pile);
        }
        if !state.is_over() {
            self.plan.clear();
            push_signals(&turn, &mut self.plan);
            for a in &self.plan {
                // Signals are legal: the seat has none standing on those piles.
                let _ = state.apply_quiet(me, a);
            }
            if state.can_end_turn() {
                state.end_turn_unchecked();
            }
        }
        let mut actions = 0;
        while !state.is_over() && actions < MAX_ACTIONS {
            let seat = state.current();
            let seat_view = state.view(Viewer::Seat(seat));
            self.plan.clear();
            self.rollout.plan_turn(&seat_view, &mut self.plan);
            if self.plan.is_empty() {
                // The playout policy planned nothing: score the game as lost here.
                return -i32::from(state.cards_left());
            }
            for a in &self.plan {
                if state.is_over() {
                    break;
                }
                actions += 1;
                if state.apply_quiet(seat, a).is_err() {
                    // The playout policy broke a rule: score the game as lost here.
                    return -i32::from(state.cards_left());
                }
            }
        }
        match state.outcome() {
            Some(o) if o.is_win() => self.config.win_bonus,
            _ => -i32::from(state.cards_left()),
        }
    }
}

/// For each pile, whether the same moves on an earlier pile are interchangeable with it
/// (same direction, same top, same signals from every seat).
fn twin_piles(view: &View) -> [bool; 4] {
    let same = |a: usize, b: usize| {
        view.tops[a] == view.tops[b] && view.signals.iter().all(|row| row[a] == row[b])
    };
    [false, same(0, 1), false, same(2, 3)]
}

/// The depth-first enumeration of turn ends.
struct Dfs<'a> {
    view: &'a View,
    twins: [bool; 4],
    turns: &'a mut Vec<Turn>,
    seen: &'a mut NodeSet,
    longest: &'a mut Option<Turn>,
}

impl Dfs<'_> {
    fn visit(
        &mut self,
        hand: u128,
        tops: [u8; 4],
        path: &mut [(Card, Pile); MAX_TURN],
        len: usize,
    ) {
        let played = usize::from(self.view.played_this_turn) + len;
        let mut moves = [(0u8, Pile::Up1); 32];
        let n = if len < MAX_TURN {
            sensible_moves(hand, tops, self.twins, &mut moves)
        } else {
            0
        };
        let turn = Turn {
            plays: *path,
            len: len as u8,
            hand,
            tops,
            cost: static_cost(self.view, hand, tops, len),
            complete: played >= usize::from(self.view.minimum),
            signals: [None; 4],
        };
        if turn.complete {
            self.turns.push(turn);
        } else if n == 0 && self.longest.is_none_or(|l| l.len < turn.len) {
            *self.longest = Some(turn);
        }
        for &(c, pile) in &moves[..n] {
            let bit = 1u128 << c;
            let hand = hand & !bit;
            let mut tops = tops;
            tops[pile.index()] = c;
            let key = (hand, u32::from_le_bytes(tops));
            if self.seen.len() >= MAX_NODES || !self.seen.insert(key) {
                continue;
            }
            let Some(card) = Card::new(c) else { continue };
            path[len] = (card, pile);
            self.visit(hand, tops, path, len + 1);
        }
    }
}

/// Lists the sensible plays from `hand` onto `tops` (see the module docs) into `out`.
fn sensible_moves(
    hand: u128,
    tops: [u8; 4],
    twins: [bool; 4],
    out: &mut [(u8, Pile); 32],
) -> usize {
    let mut n = 0;
    let mut push = |c: u32, pile: Pile| {
        if n < out.len() && !out[..n].contains(&(c as u8, pile)) {
            out[n] = (c as u8, pile);
            n += 1;
        }
    };
    for pile in Pile::ALL {
        if twins[pile.index()] {
            continue;
        }
        let t = u32::from(tops[pile.index()]);
        if pile.is_ascending() {
            if t >= 12 && hand & (1u128 << (t - 10)) != 0 {
                push(t - 10, pile);
            }
            let above = hand & (!0u128 << (t + 1));
            if above != 0 {
                push(above.trailing_zeros(), pile);
            }
            let mut pairs = above & (hand << 10);
            while pairs != 0 {
                push(pairs.trailing_zeros(), pile);
                pairs &= pairs - 1;
            }
        } else {
            if t + 10 <= u32::from(Card::MAX) && hand & (1u128 << (t + 10)) != 0 {
                push(t + 10, pile);
            }
            let below = hand & ((1u128 << t) - 1);
            if below != 0 {
                push(127 - below.leading_zeros(), pile);
            }
            let mut pairs = below & (hand >> 10);
            while pairs != 0 {
                push(pairs.trailing_zeros(), pile);
                pairs &= pairs - 1;
            }
        }
    }
    n
}

/// The cards `pile` takes at `top`, as bits.
fn accepted(pile: Pile, top: u8) -> u128 {
    pile.accepts(top).bits()
}

/// Twice the static cost of ending the turn with `hand` left and piles at `tops` (see the
/// module docs), after `extra` plays this turn.
fn static_cost(view: &View, hand: u128, tops: [u8; 4], plays: usize) -> i32 {
    let shed = view.hand.bits() & !hand;
    let live = CardSet::ALL.bits() & !view.played.bits() & !shed;
    let mut cost = 0i32;
    for pile in Pile::ALL {
        let before = accepted(pile, view.tops[pile.index()]);
        let after = accepted(pile, tops[pile.index()]);
        cost += (live & before & !after).count_ones() as i32;
        cost -= (live & after & !before).count_ones() as i32;
    }
    2 * cost - plays as i32
}

/// The view `view`'s seat will have after playing `turn` (before ending it).
fn view_after(view: &View, turn: &Turn) -> View {
    let me = view.viewer.unwrap_or(view.current).index();
    let shed = CardSet::from_bits(view.hand.bits() & !turn.hand);
    let mut after = *view;
    after.hand = CardSet::from_bits(turn.hand);
    after.tops = turn.tops;
    after.played = view.played.union(shed);
    after.played_this_turn = view.played_this_turn.saturating_add(turn.len);
    if let Some(size) = after.hand_sizes.get_mut(me) {
        *size = after.hand.len() as u8;
    }
    after
}

/// The signals the heuristic bot would send after `turn` (its rule, not a copy of it, so the
/// whole team keeps one convention: teammates read signals the way the heuristic means them).
fn signals_after(view: &View, turn: &Turn, heuristic: &Heuristic) -> [Option<Signal>; 4] {
    if view.players < 2 || !turn.complete {
        return [None; 4];
    }
    heuristic.signals(&view_after(view, turn))
}

/// Appends the signal actions of `turn` (piles in order).
fn push_signals(turn: &Turn, out: &mut Vec<Action>) {
    for pile in Pile::ALL {
        if let Some(signal) = turn.signals[pile.index()] {
            out.push(Action::Signal { pile, signal });
        }
    }
}

impl Bot<State> for Search {
    fn name(&self) -> &str {
        "search"
    }

    fn plan(&mut self, view: &View, _legal: &Legal<'_, State>, out: &mut Vec<Action>) {
        self.plan_turn(view, out);
    }

    fn reset(&mut self, seed: u64) {
        self.rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::thegame::play_out;
    use engine::Planner;
    use engine::{Bot, Game, Seat, Viewer};
    use rand_core::RngCore;
    use thegame::{Position, Setup};

    fn card(n: u8) -> Card {
        Card::new(n).unwrap()
    }

    fn small(seed: u64) -> Search {
        Search::with_config(
            seed,
            Config {
                budget: Budget::Playouts(40),
                ..Config::default()
            },
        )
    }

    fn bots(players: u8, seed: u64) -> Vec<Box<dyn Bot<State>>> {
        (0..players)
            .map(|s| Box::new(small(seed * 8 + u64::from(s))) as Box<dyn Bot<State>>)
            .collect()
    }

    /// A position where every card not in a hand or the draw pile is already played.
    fn position(current: u8, hands: &[&[u8]], tops: [u8; 4], draw: &[u8]) -> State {
        let played = (2..=99u8)
            .filter(|n| !hands.iter().any(|h| h.contains(n)) && !draw.contains(n))
            .collect();
        State::from_position(Position {
            players: hands.len() as u8,
            current,
            played_this_turn: 0,
            hands: hands.iter().map(|h| h.to_vec()).collect(),
            draw_pile: draw.to_vec(),
            tops,
            played,
            signals: Vec::new(),
        })
        .unwrap()
    }

    #[test]
    fn budgets_read_and_print() {
        assert_eq!("400".parse(), Ok(Budget::Playouts(400)));
        assert_eq!("400p".parse(), Ok(Budget::Playouts(400)));
        assert_eq!("5ms".parse(), Ok(Budget::Millis(5)));
        assert_eq!(Budget::Millis(5).to_string(), "5ms");
        assert_eq!(Budget::Playouts(7).to_string(), "7");
        assert_eq!("standard".parse(), Ok(Budget::Standard));
        assert_eq!(Budget::Standard.to_string(), "standard");
        assert_eq!(Budget::Standard.for_players(1), Budget::standard(1));
        assert_eq!(Budget::Millis(3).for_players(1), Budget::Millis(3));
        assert_ne!(Budget::standard(1), Budget::standard(2));
        let err = "fast".parse::<Budget>().unwrap_err();
        assert!(
            err.to_string().contains("\"fast\" is not a budget"),
            "{err}"
        );
        assert!("-3".parse::<Budget>().is_err());
        assert!("ms".parse::<Budget>().is_err());
    }

    #[test]
    fn plays_only_legal_moves_at_every_player_count() {
        for players in 1..=5 {
            for seed in 0..3 {
                let mut state = State::new(Setup::seeded(players, 100 + seed)).unwrap();
                // `play_out` refuses any illegal action with an error.
                let outcome = play_out(&mut state, &mut bots(players, seed)).unwrap();
                assert_eq!(outcome, state.outcome().unwrap());
            }
        }
    }

    #[test]
    fn step_by_step_play_agrees_with_the_legal_list() {
        // The server path: one action at a time, checked against the legal list, with a
        // teammate's out-of-turn signal arriving mid-game.
        for players in [1u8, 3] {
            let mut s = State::new(Setup::seeded(players, 77)).unwrap();
            let mut seats: Vec<Planner<State>> = (0..players)
                .map(|i| Planner::new(Box::new(small(u64::from(i)))))
                .collect();
            assert_eq!(seats[0].name(), "search");
            let mut legal = Vec::new();
            let mut steps = 0;
            while Game::outcome(&s).is_none() {
                let seat = s.current();
                Game::legal_actions(&s, &mut legal);
                let view = Game::view(&s, Viewer::Seat(seat));
                let a = seats[seat.index()].choose(&view, &legal);
                assert!(legal.contains(&a), "{a} not legal for {seat}");
                Game::apply_as(&mut s, seat, &a).unwrap();
                if steps == 5 && players > 1 {
                    let other = Seat((seat.0 + 1) % players);
                    let signal = Action::Signal {
                        pile: Pile::Down1,
                        signal: Signal::GoodCard,
                    };
                    if s.check(other, &signal).is_ok() {
                        s.apply_as(other, &signal).unwrap();
                    }
                }
                steps += 1;
                assert!(steps < MAX_ACTIONS);
            }
        }
    }

    #[test]
    fn the_same_seed_plays_the_same_game() {
        for players in [1u8, 4] {
            let record = |bot_seed: u64| {
                let mut state = State::new(Setup::seeded(players, 5)).unwrap();
                let mut bots = bots(players, bot_seed);
                let mut log = Vec::new();
                while !state.is_over() {
                    let seat = state.current();
                    let mut plan = Vec::new();
                    bots[seat.index()].plan(
                        &state.view(Viewer::Seat(seat)),
                        &Legal::of(&state),
                        &mut plan,
                    );
                    for a in plan {
                        if !state.is_over() {
                            state.apply(&a).unwrap();
                            log.push(a);
                        }
                    }
                }
                log
            };
            assert_eq!(record(3), record(3));
        }
    }

    /// The same table with the hidden cards (other hands, draw pile) dealt differently.
    fn hidden_shuffled(state: &State, seat: Seat) -> State {
        let mut p = state.position();
        let mut hidden: Vec<u8> = p.draw_pile.clone();
        for (s, h) in p.hands.iter().enumerate() {
            if s != seat.index() {
                hidden.extend(h);
            }
        }
        hidden.reverse();
        hidden.rotate_left(7);
        let mut at = 0;
        for (s, h) in p.hands.iter_mut().enumerate() {
            if s != seat.index() {
                let k = h.len();
                *h = hidden[at..at + k].to_vec();
                at += k;
            }
        }
        p.draw_pile = hidden[at..].to_vec();
        State::from_position(p).unwrap()
    }

    #[test]
    fn decisions_depend_only_on_the_view() {
        for players in [1u8, 2, 3, 5] {
            let mut state = State::new(Setup::seeded(players, 31)).unwrap();
            let mut heuristic = Heuristic::default();
            let mut compared = 0;
            while !state.is_over() {
                let seat = state.current();
                let other = hidden_shuffled(&state, seat);
                assert_ne!(other, state, "the hidden cards must differ");
                assert_eq!(
                    other.view(Viewer::Seat(seat)),
                    state.view(Viewer::Seat(seat))
                );
                let (mut a, mut b) = (Vec::new(), Vec::new());
                small(9).plan_turn(&state.view(Viewer::Seat(seat)), &mut a);
                small(9).plan_turn(&other.view(Viewer::Seat(seat)), &mut b);
                assert_eq!(a, b);
                compared += 1;
                // Move on with the heuristic, which is fast.
                let mut plan = Vec::new();
                heuristic.plan_turn(&state.view(Viewer::Seat(seat)), &mut plan);
                for a in &plan {
                    if !state.is_over() {
                        state.apply(a).unwrap();
                    }
                }
                if compared == 6 {
                    break;
                }
            }
            assert!(compared > 0);
        }
    }

    #[test]
    fn candidates_reach_the_minimum_whenever_some_sequence_does() {
        // Exhaustive check on small random positions: if any sequence of legal plays reaches
        // the minimum, the sensible-move enumeration finds a complete turn.
        fn reachable(state: &State, depth: u8) -> bool {
            if state.played_this_turn() >= depth {
                return true;
            }
            let plays = state.legal_plays();
            for pile in Pile::ALL {
                for card in plays[pile.index()] {
                    let mut next = state.clone();
                    next.play_unchecked(card, pile);
                    if !next.is_over() && reachable(&next, depth)
                        || next.played_this_turn() >= depth
                    {
                        return true;
                    }
                }
            }
            false
        }
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(4);
        let mut bot = small(1);
        let mut tried_stuck = 0;
        for i in 0..400 {
            // Random tops and a random 1-player hand of 8 from the rest.
            let mut deck = thegame::shuffled_deck(i);
            let tops = [
                2 + (rng.next_u32() % 90) as u8,
                2 + (rng.next_u32() % 90) as u8,
                10 + (rng.next_u32() % 90) as u8,
                10 + (rng.next_u32() % 90) as u8,
            ];
            deck.sort_by_key(|c| tops.contains(c));
            let hand = &deck[..8];
            let draw = &deck[8..40];
            let mut played: Vec<u8> = deck[40..].to_vec();
            for t in tops {
                if !played.contains(&t) && (2..=99).contains(&t) {
                    played.push(t);
                }
            }
            let Ok(state) = State::from_position(Position {
                players: 1,
                current: 0,
                played_this_turn: 0,
                hands: vec![hand.to_vec()],
                draw_pile: draw.iter().copied().filter(|c| !tops.contains(c)).collect(),
                tops,
                played,
                signals: Vec::new(),
            }) else {
                continue;
            };
            if state.is_over() {
                tried_stuck += 1;
                continue;
            }
            let view = state.view(Viewer::Seat(Seat(0)));
            bot.candidates(&view);
            let found = bot.turns.iter().any(|t| t.complete);
            assert_eq!(found, reachable(&state, 2), "{state:?}");
            for t in &bot.turns {
                let mut s = state.clone();
                for &(card, pile) in t.plays() {
                    assert!(s.is_legal(&Action::Play { card, pile }), "{state:?} {t:?}");
                    s.play_unchecked(card, pile);
                }
                assert_eq!(s.hand(Seat(0)).bits(), t.hand);
                assert_eq!(s.tops(), t.tops);
            }
        }
        assert!(tried_stuck < 400);
    }

    #[test]
    fn finds_the_winning_order_in_an_endgame() {
        // One player, empty draw pile, 40, 50 and 55 left, only up1 (at 45) open. The one
        // winning order is 50, then 40 backwards, then 55; 55 first, or 50 then 55, loses.
        let s = position(0, &[&[40, 50, 55]], [45, 99, 2, 3], &[]);
        assert!(!s.is_over());
        let mut plan = Vec::new();
        small(1).plan_turn(&s.view(Viewer::Seat(Seat(0))), &mut plan);
        let mut t = s.clone();
        for a in &plan[..3] {
            t.apply(a).unwrap();
        }
        assert_eq!(t.outcome(), Some(thegame::Outcome::Won), "{plan:?}");
        assert_eq!(plan[3..], [Action::EndTurn]);
    }

    #[test]
    fn without_a_budget_it_plays_the_heuristic_turn() {
        let config = Config {
            budget: Budget::Playouts(0),
            ..Config::default()
        };
        for players in [1u8, 2, 4] {
            for seed in 0..4 {
                let mut state = State::new(Setup::seeded(players, 50 + seed)).unwrap();
                let mut search = Search::with_config(seed, config);
                let mut heuristic = Heuristic::default();
                while !state.is_over() {
                    let view = state.view(Viewer::Seat(state.current()));
                    let (mut mine, mut theirs) = (Vec::new(), Vec::new());
                    search.plan_turn(&view, &mut mine);
                    heuristic.plan_turn(&view, &mut theirs);
                    // The same plays in the same order, and `end` unless the plays lose.
                    // Signals may differ: the heuristic weighs a stranded card from the tops
                    // at the start of the turn, the search bot asks it afresh after the turn.
                    let plays = |plan: &[Action]| -> Vec<Action> {
                        plan.iter()
                            .filter(|a| matches!(a, Action::Play { .. }))
                            .copied()
                            .collect()
                    };
                    assert_eq!(
                        plays(&mine),
                        plays(&theirs),
                        "{players} players, seed {seed}"
                    );
                    assert_eq!(
                        mine.last() == Some(&Action::EndTurn),
                        theirs.last() == Some(&Action::EndTurn)
                    );
                    if players == 1 {
                        assert_eq!(mine, theirs, "alone, nobody signals");
                    }
                    for a in &mine {
                        if !state.is_over() {
                            state.apply(a).unwrap();
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_time_budget_plays_legal_games() {
        let config = Config {
            budget: Budget::Millis(1),
            ..Config::default()
        };
        for players in [1u8, 3] {
            let mut state = State::new(Setup::seeded(players, 8)).unwrap();
            let mut bots: Vec<Box<dyn Bot<State>>> = (0..players)
                .map(|s| Box::new(Search::with_config(u64::from(s), config)) as Box<dyn Bot<State>>)
                .collect();
            play_out(&mut state, &mut bots).unwrap();
            assert!(state.is_over());
        }
        assert_eq!(Search::with_config(1, config).config(), config);
    }

    #[test]
    fn signals_teammates_about_cheap_cards() {
        // After a turn that keeps 21 with up1 at 20 (a free play), seat 0 says "don't play
        // here" on up1; it has nothing cheap for the other piles.
        let s = position(
            0,
            &[&[21, 60, 61, 62, 63, 64], &[70, 71, 72, 73, 74, 75]],
            [20, 90, 30, 25],
            &[22, 23, 24, 26],
        );
        let mut view = s.view(Viewer::Seat(Seat(0)));
        view.played_this_turn = 2;
        let mut turn = Turn {
            plays: [(card(2), Pile::Up1); MAX_TURN],
            len: 0,
            hand: view.hand.bits(),
            tops: view.tops,
            cost: 0,
            complete: true,
            signals: [None; 4],
        };
        turn.signals = signals_after(&view, &turn, &Heuristic::default());
        assert_eq!(turn.signals, [Some(Signal::DontPlay), None, None, None]);
        let mut out = Vec::new();
        push_signals(&turn, &mut out);
        assert_eq!(
            out,
            [Action::Signal {
                pile: Pile::Up1,
                signal: Signal::DontPlay
            }]
        );
        // After playing 21 and 64, nothing cheap is left to announce.
        turn.plays[0] = (card(21), Pile::Up1);
        turn.plays[1] = (card(64), Pile::Up2);
        turn.len = 2;
        turn.hand &= !(1u128 << 21) & !(1u128 << 64);
        turn.tops = [21, 64, 30, 25];
        let after = view_after(&view, &turn);
        assert_eq!((after.hand_sizes[0], after.played_this_turn), (4, 4));
        assert!(after.played.contains(card(21)) && !after.hand.contains(card(21)));
        assert_eq!(
            signals_after(&view, &turn, &Heuristic::default()),
            [None; 4]
        );
        // Alone, nobody is told anything.
        let solo = position(
            0,
            &[&[21, 60, 61, 62, 63, 64, 65, 66]],
            [20, 90, 30, 25],
            &[22],
        );
        let mut solo_view = solo.view(Viewer::Seat(Seat(0)));
        solo_view.played_this_turn = 2;
        turn.len = 0;
        turn.hand = solo_view.hand.bits();
        turn.tops = solo_view.tops;
        assert_eq!(
            signals_after(&solo_view, &turn, &Heuristic::default()),
            [None; 4]
        );
    }
}
