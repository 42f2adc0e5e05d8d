//! Fitting each rival's style from what it did, for the search's rollouts.
//!
//! Decisions:
//! - **Models.** A rival is modelled as one of [`MODELS`]: the heuristic or a panel style. The
//!   fit keeps, per seat, a log-likelihood of each model given the rival's decisions so far.
//! - **Exact replay of the rivals' decisions.** At each of its decisions the search bot keeps
//!   its view, its memory and the action it chose; by its next decision it has observed every
//!   event since. It then rebuilds the game at the previous decision
//!   ([`State::from_view`] with a hidden part drawn by [`Hidden::sample`]), puts the plants the
//!   events show drawn on top of the sampled deck, and replays: its own action, then each
//!   rival decision in turn. For each rival decision every model is asked what it would do in
//!   that rival's own view; the rival's actual action is the legal action whose events are the
//!   ones observed. Everything a rival's view shows is public or the rival's money, which the
//!   memory follows exactly, so the rebuilt view is the one the rival saw, and a deterministic
//!   model predicts its decisions exactly when it is the model the rival plays. The replay
//!   stops at the first event it cannot reproduce (the Step 3 shuffle, a draw it cannot force);
//!   the bot never reads the real state.
//! - **Likelihoods.** A deterministic model that predicts the action scores ln 0.9, one that
//!   does not ln 0.03 (a rival playing none of the models is fitted to the closest). The casual
//!   style's plant choices and raises are coin flips: in an auction it scores ln 0.3 for any
//!   minimum opening, raise by one or pass, ln 0.03 otherwise; its other phases are
//!   deterministic like the rest.
//! - **Rollout models.** A rival's model in a rollout is drawn from the prior (the heuristic
//!   half the time, each style 1/12) weighted by the likelihoods; one rollout in ten draws
//!   from the prior alone, so a rival that changes its play is not ruled out for good.

use super::super::{heuristic::Heuristic, panel::STYLES, Config, Memory};
use engine::{Actor, Bot, Seat, Viewer};
use powergrid::{Action, Event, Hidden, PhaseKind, PlantId, State, View};
use rand_core::RngCore;

/// Rival models: the heuristic, then the panel styles in [`STYLES`] order.
pub const MODELS: usize = 1 + STYLES.len();

/// The index of the casual style in [`MODELS`].
const CASUAL: usize = 1;

/// Log-likelihoods of a prediction (see the module docs).
const HIT: f64 = -0.105_360_515_657_826_3; // ln 0.9
const MISS: f64 = -3.506_557_897_319_982; // ln 0.03
const COIN: f64 = -1.203_972_804_325_936; // ln 0.3

/// What the bot kept at its previous decision.
struct Previous {
    view: View,
    memory: Memory,
    action: Action,
}

/// The fit of every seat's model (see the module docs).
pub struct Fit {
    /// Per seat, the log-likelihood of each model.
    loglik: Vec<[f64; MODELS]>,
    previous: Option<Previous>,
    /// Events observed since the previous decision.
    since: Vec<Event>,
    /// One bot per panel style, to ask for predictions.
    styles: Vec<Box<dyn Bot<State>>>,
    /// Rival decisions replayed so far.
    pub replayed: u64,
}

impl Default for Fit {
    fn default() -> Fit {
        Fit::new()
    }
}

impl Fit {
    /// No evidence yet.
    pub fn new() -> Fit {
        Fit {
            loglik: Vec::new(),
            previous: None,
            since: Vec::new(),
            styles: STYLES
                .iter()
                .filter_map(|s| crate::find::<State>(s).ok())
                .map(|e| (e.make)(0, &Config::default()))
                .collect(),
            replayed: 0,
        }
    }

    /// Records an event of the game.
    pub fn observe(&mut self, event: &Event) {
        if self.previous.is_some() {
            self.since.push(event.clone());
        }
    }

    /// Records the bot's decision: `action` in `view` with `memory`.
    pub fn decided(&mut self, view: &View, memory: &Memory, action: Action) {
        self.previous = Some(Previous {
            view: view.clone(),
            memory: memory.clone(),
            action,
        });
        self.since.clear();
    }

    /// Replays the rivals' decisions since the previous decision (see the module docs); `rng`
    /// draws the hidden part of the rebuilt game.
    pub fn update(&mut self, me: Seat, rng: &mut dyn RngCore) {
        let Some(prev) = self.previous.take() else {
            return;
        };
        let since = std::mem::take(&mut self.since);
        if self.loglik.len() < prev.view.players.len() {
            self.loglik.resize(prev.view.players.len(), [0.0; MODELS]);
        }
        let Some(mut state) = rebuild(&prev, &since, rng) else {
            return;
        };
        let mut pos = 0;
        let mut legal = Vec::new();
        while pos < since.len() {
            let Actor::Seat(seat) = state.actor() else {
                return;
            };
            state.legal_actions(&mut legal);
            let view = state.view(Viewer::Seat(seat));
            let predicted: Vec<Action> = if seat == me {
                vec![prev.action; MODELS]
            } else {
                self.predict(&state, &view, &legal)
            };
            let observed = &since[pos..];
            let matches = |a: &Action| {
                let mut s = state.clone();
                match s.apply_as(seat, a) {
                    Ok(ev) if observed.starts_with(&ev) => Some((s, ev.len())),
                    _ => None,
                }
            };
            let mut found = None;
            for a in predicted.iter().chain(legal.iter()) {
                if let Some((s, n)) = matches(a) {
                    found = Some((*a, s, n));
                    break;
                }
            }
            let Some((actual, next, used)) = found else {
                return;
            };
            if seat != me {
                self.score(seat, &view, &predicted, actual);
                self.replayed += 1;
            }
            state = next;
            pos += used;
        }
    }

    /// Every model's choice for the seat acting in `state`.
    fn predict(&mut self, state: &State, view: &View, legal: &[Action]) -> Vec<Action> {
        let money: Vec<u32> = (0..state.players())
            .map(|i| state.money(Seat(i as u8)))
            .collect();
        let mut out = vec![Heuristic::decide(view, legal, &money)];
        let mut plan = Vec::with_capacity(1);
        for style in &mut self.styles {
            out.push(super::super::decide(style.as_mut(), view, legal, &mut plan));
        }
        out
    }

    fn score(&mut self, seat: Seat, view: &View, predicted: &[Action], actual: Action) {
        let Some(ll) = self.loglik.get_mut(seat.index()) else {
            return;
        };
        for (m, p) in predicted.iter().enumerate() {
            ll[m] += if m == CASUAL && view.phase == PhaseKind::Auction {
                if casual_auction_move(view, actual) {
                    COIN
                } else {
                    MISS
                }
            } else if *p == actual {
                HIT
            } else {
                MISS
            };
        }
    }

    /// The weight of each model for `seat` in a rollout (see the module docs), summing to 1;
    /// `prior_only` gives the prior.
    pub fn weights(&self, seat: Seat, prior_only: bool) -> [f64; MODELS] {
        let mut w = [0.5 / (MODELS - 1) as f64; MODELS];
        w[0] = 0.5;
        if prior_only {
            return w;
        }
        if let Some(ll) = self.loglik.get(seat.index()) {
            let top = ll.iter().copied().fold(f64::MIN, f64::max);
            for (x, l) in w.iter_mut().zip(ll) {
                *x *= (l - top).exp();
            }
        }
        let sum: f64 = w.iter().sum();
        w.map(|x| x / sum)
    }
}

/// Whether `action` is one the casual style might take in an auction: a minimum opening, a
/// raise by one, or a pass.
fn casual_auction_move(view: &View, action: Action) -> bool {
    match action {
        Action::StartAuction { plant, bid } => bid == u32::from(plant.0),
        Action::Bid { amount } => view
            .auction
            .as_ref()
            .is_some_and(|a| amount == a.high_bid + 1),
        Action::Pass => true,
        _ => false,
    }
}

/// The game at the previous decision, its hidden part sampled with the plants drawn since put
/// on top of the deck in their order; `None` when no sample fits.
fn rebuild(prev: &Previous, since: &[Event], rng: &mut dyn RngCore) -> Option<State> {
    let mut hidden = Hidden::sample(&prev.view, &prev.memory, rng).ok()?;
    let drawn = since
        .iter()
        .take_while(|e| !matches!(e, Event::DeckShuffled { .. }))
        .filter_map(|e| match e {
            Event::PlantDrawn { plant } => Some(*plant),
            _ => None,
        });
    let mut deck = std::mem::take(&mut hidden.deck_top_first);
    let mut top: Vec<PlantId> = Vec::new();
    for p in drawn {
        if let Some(i) = deck.iter().position(|&x| x == p) {
            top.push(deck.remove(i));
        } else if let Some(i) = hidden.removed_at_setup.iter().position(|&x| x == p) {
            // Drawn, so not removed at setup: swap it with the deck's last plant.
            let Some(last) = deck.pop() else { break };
            hidden.removed_at_setup[i] = last;
            top.push(p);
        } else {
            break;
        }
    }
    top.extend(deck);
    hidden.deck_top_first = top;
    State::from_view(&prev.view, &hidden).ok()
}
