//! The search bot: flat Monte Carlo over a small action abstraction, with determinized
//! rollouts in which each rival plays the model fitted to its play so far.
//!
//! Decisions:
//! - **Determinization.** Each iteration samples what the seat cannot see with the rules
//!   crate's one sampler, [`State::determinize`]: the deck's order and the face-down setup
//!   removals, uniform among the arrangements the game could have produced; other players'
//!   money comes from [`Memory`] (announced payments), and the Step 3 shuffle gets a fresh seed.
//!   The bot never holds the real state.
//! - **Abstraction.** Opening an auction considers every current plant at its minimum bid and
//!   passing; a running auction, raising by one or dropping out; buying resources, the
//!   heuristic's purchase or stopping; building, the heuristic's choice, the build it ranks first
//!   regardless of its limits, or stopping; discards, every legal one. Bureaucracy is not
//!   searched: the heuristic already powers the most cities at the least fuel value. The
//!   heuristic's own choice is always a candidate. With one candidate the bot answers at once.
//! - **Selection.** UCB1 over the candidates (exploration 0.7). At the end the heuristic's
//!   choice stands unless the candidate with the best mean reward beats it by [`MARGIN`] or
//!   more (0.03: 3 Elektro of worth, or 3 points of the chance to win). A few dozen rollouts
//!   spread over up to nine candidates leave each mean with a wide error, and the best of
//!   several noisy means is mostly the luckiest; the heuristic's choice is a sound default
//!   that a deviation must clearly beat.
//! - **When no rollout wins.** If every rollout of every candidate is lost (a finished game
//!   scores 0, a cut-off one its clamped worth of 0), the rewards cannot tell the candidates
//!   apart; and in such lost-looking positions the heuristic's choice tends to keep money for a
//!   game that ends first (9 cities powered with 174 Elektro left, in one game against three
//!   heuristics). So the bot ranks the candidates by how near first place their rollouts end
//!   (cities powered behind the winner, money between them in thousands; in a cut-off rollout,
//!   worth behind the best rival over 22), and takes another candidate when it ends at least
//!   [`GAP_MARGIN`] (half a city) nearer on average than the heuristic's choice: the rollouts
//!   model the rivals imperfectly, and a game lost by a city in them is often won in play.
//! - **Rollouts.** The bot's own seat plays the heuristic; each rival plays the model
//!   [`fit`] has fitted to what that rival did so far: the heuristic or one panel style,
//!   drawn per rollout from the fitted weights (one rollout in ten from the prior: the
//!   heuristic half the time, each style 1/12). A rollout runs on the sampled state until the
//!   game ends or two more rounds have begun (to the end near it: see below); a finished game
//!   scores the seat's share of the win, an unfinished one `0.5 + (mine - best rival) / 100`
//!   (clamped to 0..1), where a player's worth is money + 22 per city connected + 5 per city of plant capacity (up to the
//!   game-end count) + 2 per stored token.
//! - **Why fitted models.** Rollouts that model a rival as some other player misjudge its pace
//!   and its bids: with the heuristic for every rival the search inherits the heuristic's blind
//!   spots against simple fields, and with a fixed mix of the heuristic and random panel styles
//!   it loses to the green field (a green modelled as another style is underestimated; the
//!   search saves money for a game that ends first). Fitted by replaying their decisions, the
//!   rivals of every panel field and of the heuristic field are fitted to their own model after
//!   a few rounds (a test checks each), and the rollouts predict their answers exactly but for
//!   the plant draws.
//! - **Cut-off rollouts.** Far from the end a rollout stops two rounds on and is scored by worth,
//!   which values money at par with a city at 22 Elektro. Once the leader is [`TO_THE_END`]
//!   cities or fewer from the game-end count, rollouts play the game out and score the final
//!   count: near the end the worth misjudges money (a city then costs 25-35 Elektro and money
//!   left at the end counts only as the tie-break) and whether the game ends this round.
//! - **Chance.** The plant draws are sampled in every rollout ([`State::determinize`]
//!   draws the deck), so a candidate's mean is over draws, never the true deck.
//! - **Budget and threads.** A budget is rollouts, milliseconds, or rollouts under a time cap
//!   per decision. With several threads each runs its own rollouts on its own random stream
//!   (seeded from the bot's seed, the decision number and the thread) and the statistics are
//!   summed, so a rollout budget gives the same decisions on every run (the fit's replays are
//!   seeded from the bot's seed and its decision count). A wall-clock budget alone would make
//!   every result depend on the machine's load, so the registered bot uses
//!   [`Budget::STANDARD`]: 64 rollouts, but no rollout started after 100 ms. It decides exactly
//!   as the plain 64 rollouts do until a decision reaches the cap, and it bounds the search's
//!   share of a slow decision under load (a stall inside the rollout running at the cap, or of
//!   the whole process, still adds to it). Near the end, where rollouts play the game out, a
//!   few decisions reach the cap even on an idle machine and run on fewer rollouts (about 1 % of
//!   searched decisions against three heuristics; `docs/benchmarks.md`). Decisions with a
//!   single candidate (bureaucracy, forced moves, a purchase or build the heuristic declines
//!   with nothing else sensible) are answered without a rollout.
//!
//! With that budget, on 1,000 deals not used for tuning, it wins 99.8-100 % against three of
//! each panel style and about 76 % against three heuristics (Germany, 4 players;
//! `docs/benchmarks.md`). How the rollout models,
//! the cut-off and the budget were chosen, with the figures: `docs/bots/powergrid-search.md`.

mod fit;

pub use fit::{Fit, MODELS};

use super::heuristic::{best_build, Heuristic};
use super::Memory;
use engine::{Actor, Bot, Legal, Seat, Viewer};
use powergrid::resources::player_count_rules;
use powergrid::{Action, Event, PhaseKind, State, View};
use rand_core::{RngCore, SeedableRng};
use std::time::{Duration, Instant};

/// Once the leader is this many cities or fewer from the game-end count, rollouts run to the
/// end of the game (see the module docs).
const TO_THE_END: usize = 5;

/// How much more mean reward than the heuristic's choice another candidate needs to be chosen
/// instead (see the module docs).
const MARGIN: f64 = 0.03;

/// In a decision no rollout wins, how many cities nearer the winner (on average) another
/// candidate must end than the heuristic's choice to be chosen instead (see the module docs).
const GAP_MARGIN: f64 = 0.5;

/// The gap of a rollout that could not be played or scored: worse than any game's.
const NO_GAP: f64 = -20.0;

/// How much a search bot may think per decision.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// This many rollouts (split between the threads).
    Iterations(u32),
    /// About this many milliseconds of wall time.
    Millis(u64),
    /// This many rollouts, but none started after this many milliseconds: the same decisions
    /// on every run for a seed, unless the machine is so slow or loaded that a decision reaches
    /// the cap (it then answers with the rollouts it has, or the heuristic's choice if none).
    Capped { rollouts: u32, millis: u64 },
}

impl Budget {
    /// The registered bot's budget (server, Python, `sim`): 64 rollouts, the budget of the
    /// published figures, capped at 100 ms, the bound a decision is held to. On an idle machine,
    /// against three heuristics, a searched decision takes 17 ms on average and 31 ms once
    /// rollouts play the game out; 1.2 % of them reach the cap (`docs/benchmarks.md`).
    pub const STANDARD: Budget = Budget::Capped {
        rollouts: 64,
        millis: 100,
    };
}

/// The search bot (see the module docs).
pub struct SearchBot {
    seed: u64,
    budget: Budget,
    threads: usize,
    memory: Memory,
    decisions: u64,
    /// Every decision, searched or not (seeds the fit's replays).
    calls: u64,
    fit: Fit,
}

impl SearchBot {
    /// A search bot with its random streams fixed by `seed`.
    pub fn new(seed: u64, budget: Budget, threads: usize) -> SearchBot {
        SearchBot {
            seed,
            budget,
            threads: threads.max(1),
            memory: Memory::new(),
            decisions: 0,
            calls: 0,
            fit: Fit::new(),
        }
    }
}

/// The candidate actions searched in `view` (see the module docs), without repeats.
pub fn candidates(view: &View, legal: &[Action], money: &[u32]) -> Vec<Action> {
    let mine = Heuristic::decide(view, legal, money);
    let mut out = vec![mine];
    let mut add = |a: Action| {
        if legal.contains(&a) && !out.contains(&a) {
            out.push(a);
        }
    };
    match legal.first() {
        Some(Action::StartAuction { .. }) | Some(Action::Pass) | Some(Action::Bid { .. }) => {
            if let Some(a) = &view.auction {
                add(Action::Bid {
                    amount: a.high_bid + 1,
                });
            } else {
                for a in legal {
                    if let Action::StartAuction { plant, bid } = *a {
                        if bid == u32::from(plant.0) {
                            add(*a);
                        }
                    }
                }
            }
            add(Action::Pass);
        }
        Some(Action::Discard { .. }) => legal.iter().for_each(|a| add(*a)),
        Some(Action::Buy { .. }) | Some(Action::Build { .. }) | Some(Action::Done) => {
            if let Some(b) = best_build(view, legal) {
                add(b);
            }
            add(Action::Done);
        }
        Some(Action::Power { .. }) | None => {}
    }
    out
}

/// A player's worth in an unfinished rollout (see the module docs).
fn worth(s: &State, seat: Seat, end_cities: u32) -> f64 {
    let capacity: u32 = s
        .plants(seat)
        .iter()
        .map(|p| p.spec().map_or(0, |x| u32::from(x.cities)))
        .sum();
    f64::from(s.money(seat))
        + 22.0 * f64::from(s.city_count(seat))
        + 5.0 * f64::from(capacity.min(end_cities))
        + 2.0 * f64::from(s.resources(seat).total())
}

/// How a rollout plays one seat: the heuristic, or a panel style (see the module docs).
enum Model {
    Heuristic,
    Style(Box<dyn Bot<State>>),
}

/// Draws the models of one rollout: `me` plays the heuristic; each rival a model drawn from
/// its fitted weights, or from the prior one time in ten (see [`fit`]).
fn draw_models(
    players: usize,
    me: Seat,
    fitted: &[[f64; MODELS]],
    prior: &[f64; MODELS],
    rng: &mut rand_pcg::Pcg64,
) -> Vec<Model> {
    (0..players)
        .map(|i| {
            if i == me.index() {
                return Model::Heuristic;
            }
            let roll = rng.next_u64();
            let weights = match fitted.get(i) {
                Some(w) if !roll.is_multiple_of(10) => w,
                _ => prior,
            };
            // A uniform number in [0, 1) from the roll's top 53 bits.
            let mut u = (roll >> 11) as f64 / (1u64 << 53) as f64;
            let mut pick = 0;
            for (m, w) in weights.iter().enumerate() {
                pick = m;
                if u < *w {
                    break;
                }
                u -= w;
            }
            match pick
                .checked_sub(1)
                .and_then(|k| super::panel::STYLES.get(k))
            {
                Some(style) => match crate::find::<State>(style) {
                    Ok(entry) => Model::Style((entry.make)(roll, &super::Config::default())),
                    Err(_) => Model::Heuristic,
                },
                None => Model::Heuristic,
            }
        })
        .collect()
}

/// What one rollout scored for the searching seat.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Score {
    /// The reward: the seat's share of the win, or its worth against the best rival's in a
    /// rollout cut off before the end (see the module docs).
    reward: f64,
    /// How far the seat ended from first place, in cities (0 or less; 0 for a win): a lost
    /// game's cities powered less the winner's, plus the money between them in thousands
    /// (at most half a city either way); in a cut-off rollout, its worth less the best
    /// rival's over 22, a city's worth.
    gap: f64,
}

/// Plays `state` with `models` (one per seat) until the game ends or `until_round` begins, and
/// scores it for `me`. `buf` and `view` are scratch space, kept from one rollout to the next.
fn rollout(
    state: &mut State,
    me: Seat,
    until_round: u16,
    models: &mut [Model],
    buf: &mut Vec<Action>,
    view: &mut View,
) -> Score {
    let mut plan = Vec::with_capacity(1);
    let mut money = Vec::with_capacity(state.players());
    loop {
        let Actor::Seat(seat) = state.actor() else {
            let Some(o) = state.outcome() else {
                return Score {
                    reward: 0.0,
                    gap: NO_GAP,
                };
            };
            if o.winners.contains(&me) {
                return Score {
                    reward: 1.0 / o.winners.len() as f64,
                    gap: 0.0,
                };
            }
            let mine = o.standings.iter().find(|s| s.seat == me);
            let gap = match (mine, o.standings.first()) {
                (Some(m), Some(w)) => {
                    let money = (f64::from(m.money) - f64::from(w.money)) / 1000.0;
                    f64::from(m.cities_powered) - f64::from(w.cities_powered)
                        + money.clamp(-0.5, 0.5)
                }
                _ => NO_GAP,
            };
            return Score { reward: 0.0, gap };
        };
        if state.round() >= until_round && state.phase() == PhaseKind::Auction {
            break;
        }
        state.legal_actions(buf);
        state.view_into(Viewer::Seat(seat), view);
        money.clear();
        money.extend((0..state.players()).map(|i| state.money(Seat(i as u8))));
        let a = match models.get_mut(seat.index()) {
            Some(Model::Style(bot)) => super::decide(bot.as_mut(), view, buf, &mut plan),
            _ => Heuristic::decide(view, buf, &money),
        };
        if state.apply_quiet(seat, &a).is_err() {
            break;
        }
    }
    let end = player_count_rules(state.players() as u8).map_or(17, |r| u32::from(r.end_cities));
    let mine = worth(state, me, end);
    let best = (0..state.players())
        .map(|i| Seat(i as u8))
        .filter(|&s| s != me)
        .map(|s| worth(state, s, end))
        .fold(f64::MIN, f64::max);
    Score {
        reward: (0.5 + (mine - best) / 100.0).clamp(0.0, 1.0),
        gap: ((mine - best) / 22.0).min(0.0),
    }
}

/// Summed rewards, gaps and visits per candidate.
#[derive(Clone, Debug, Default)]
struct Stats {
    reward: Vec<f64>,
    gap: Vec<f64>,
    visits: Vec<u32>,
}

impl Stats {
    /// Nothing yet for `n` candidates.
    fn new(n: usize) -> Stats {
        Stats {
            reward: vec![0.0; n],
            gap: vec![0.0; n],
            visits: vec![0; n],
        }
    }

    /// Adds another thread's totals over the same candidates.
    fn add(&mut self, other: &Stats) {
        for (a, b) in self.reward.iter_mut().zip(&other.reward) {
            *a += b;
        }
        for (a, b) in self.gap.iter_mut().zip(&other.gap) {
            *a += b;
        }
        for (a, b) in self.visits.iter_mut().zip(&other.visits) {
            *a += b;
        }
    }

    /// The index of the chosen candidate, the heuristic's choice being the first: the best
    /// mean reward if it beats the heuristic's choice by [`MARGIN`]; when no rollout scored
    /// anything, the best mean gap if it beats the heuristic's choice by [`GAP_MARGIN`] (see
    /// the module docs).
    fn choice(&self) -> usize {
        let hopeless = self.reward.iter().all(|r| *r == 0.0);
        let (value, margin) = if hopeless {
            (&self.gap, GAP_MARGIN)
        } else {
            (&self.reward, MARGIN)
        };
        let visits = &self.visits;
        let mean = |i: usize| value[i] / f64::from(visits[i]);
        let best = (0..visits.len())
            .filter(|&i| visits[i] > 0)
            .max_by(|&a, &b| mean(a).total_cmp(&mean(b)).then(b.cmp(&a)))
            .unwrap_or(0);
        if visits.first().is_some_and(|&v| v > 0) && mean(best) < mean(0) + margin {
            0
        } else {
            best
        }
    }
}

struct Search<'a> {
    view: &'a View,
    memory: &'a Memory,
    cands: &'a [Action],
    me: Seat,
    /// Each seat's fitted model weights, and the prior.
    fitted: Vec<[f64; MODELS]>,
    prior: [f64; MODELS],
}

impl Search<'_> {
    /// Whether the leader is [`TO_THE_END`] cities or fewer from the game-end count, so
    /// rollouts play the game out (see the module docs).
    fn end_near(&self) -> bool {
        let end = player_count_rules(self.view.players.len() as u8).map_or(17, |r| r.end_cities);
        let lead = self.view.players.iter().map(|p| p.cities.len()).max();
        lead.unwrap_or(0) + TO_THE_END >= usize::from(end)
    }

    /// Runs rollouts until `iterations` are done or `deadline` passes; with `visit_all`, the
    /// deadline waits until every candidate has had one rollout.
    fn run(
        &self,
        seed: u64,
        iterations: Option<u32>,
        deadline: Option<Instant>,
        visit_all: bool,
    ) -> Stats {
        let n = self.cands.len();
        let mut stats = Stats::new(n);
        let mut rng = rand_pcg::Pcg64::seed_from_u64(seed);
        let mut buf = Vec::new();
        let mut view = self.view.clone();
        let until = if self.end_near() {
            u16::MAX
        } else {
            self.view.round + 2
        };
        let mut done = 0u32;
        loop {
            if iterations.is_some_and(|m| done >= m) {
                break;
            }
            if deadline.is_some_and(|d| Instant::now() >= d) && (!visit_all || done >= n as u32) {
                break;
            }
            let total = f64::from(done.max(1));
            let pick = (0..n)
                .max_by(|&a, &b| {
                    let ucb = |i: usize| {
                        if stats.visits[i] == 0 {
                            f64::INFINITY
                        } else {
                            let v = f64::from(stats.visits[i]);
                            stats.reward[i] / v + 0.7 * (total.ln() / v).sqrt()
                        }
                    };
                    ucb(a).total_cmp(&ucb(b)).then(b.cmp(&a))
                })
                .unwrap_or(0);
            let score = match State::determinize(self.view, self.memory, &mut rng) {
                Ok(mut s) => {
                    let mut models =
                        draw_models(s.players(), self.me, &self.fitted, &self.prior, &mut rng);
                    if s.apply_quiet(self.me, &self.cands[pick]).is_ok() {
                        rollout(&mut s, self.me, until, &mut models, &mut buf, &mut view)
                    } else {
                        Score {
                            reward: 0.0,
                            gap: NO_GAP,
                        }
                    }
                }
                Err(_) => Score {
                    reward: 0.5,
                    gap: 0.0,
                },
            };
            stats.reward[pick] += score.reward;
            stats.gap[pick] += score.gap;
            stats.visits[pick] += 1;
            done += 1;
        }
        stats
    }
}

impl SearchBot {
    /// The searched choice in `view` (see the module docs).
    fn decide(&mut self, view: &View, legal: &[Action], me: Seat) -> Option<Action> {
        let money = self.memory.known_money(view);
        let cands = candidates(view, legal, &money);
        if cands.len() <= 1 {
            return cands.first().copied();
        }
        self.decisions += 1;
        let search = Search {
            view,
            memory: &self.memory,
            cands: &cands,
            me,
            fitted: (0..view.players.len())
                .map(|i| self.fit.weights(Seat(i as u8), false))
                .collect(),
            prior: self.fit.weights(me, true),
        };
        let after = |ms: u64| Some(Instant::now() + Duration::from_millis(ms));
        let split = |n: u32| Some(n.div_ceil(self.threads as u32));
        let (per_thread, deadline, visit_all) = match self.budget {
            Budget::Iterations(n) => (split(n), None, false),
            Budget::Millis(ms) => (None, after(ms), true),
            Budget::Capped { rollouts, millis } => (split(rollouts), after(millis), false),
        };
        let base = self
            .seed
            .wrapping_mul(0x9E37_79B9_7F4A_7C15)
            .wrapping_add(self.decisions << 8);
        let all: Vec<Stats> = if self.threads == 1 {
            vec![search.run(base, per_thread, deadline, visit_all)]
        } else {
            std::thread::scope(|scope| {
                let handles: Vec<_> = (0..self.threads as u64)
                    .map(|t| {
                        let search = &search;
                        scope.spawn(move || search.run(base + t, per_thread, deadline, visit_all))
                    })
                    .collect();
                handles.into_iter().filter_map(|h| h.join().ok()).collect()
            })
        };
        let mut total = Stats::new(cands.len());
        for s in &all {
            total.add(s);
        }
        let best = total.choice();
        cands.get(best).copied()
    }

    /// The fitted model weights of `seat` (see [`fit`]).
    pub fn fitted(&self, seat: Seat) -> [f64; MODELS] {
        self.fit.weights(seat, false)
    }
}

impl Bot<State> for SearchBot {
    fn plan(&mut self, view: &View, legal: &Legal<'_, State>, out: &mut Vec<Action>) {
        out.push(self.choose(view, legal.actions()));
    }

    fn name(&self) -> &str {
        "search"
    }

    fn observe(&mut self, event: &Event) {
        self.memory.observe(event);
        self.fit.observe(event);
    }

    /// Forgets the last game and reseeds its random streams; budget and threads stay.
    fn reset(&mut self, seed: u64) {
        *self = SearchBot::new(seed, self.budget, self.threads);
    }
}

impl SearchBot {
    /// Its action for this decision, one of `legal`.
    pub fn choose(&mut self, view: &View, legal: &[Action]) -> Action {
        let fallback = legal.first().copied().unwrap_or(Action::Pass);
        let Viewer::Seat(me) = view.viewer else {
            return fallback;
        };
        self.calls += 1;
        let mut rng = rand_pcg::Pcg64::seed_from_u64(
            self.seed.wrapping_mul(0xD605_BBB5_8C8A_BBB5) ^ self.calls,
        );
        self.fit.update(me, &mut rng);
        let action = self.decide(view, legal, me).unwrap_or(fallback);
        self.fit.decided(view, &self.memory, action);
        action
    }

    /// Records that its seat took `action` in `view` after [`SearchBot::choose`] was asked
    /// there (an analysis asks the bot about another player's decisions), before the action's
    /// events are observed: what the bot learns of its rivals then follows the game as played.
    pub fn took(&mut self, view: &View, action: Action) {
        self.fit.decided(view, &self.memory, action);
    }
}

#[cfg(test)]
mod tests;
