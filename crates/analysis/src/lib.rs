//! Analysis of every decision of a recorded game, from what the deciding seat knew then.
//!
//! For each decision of a seat, the registered search bot is asked what it would have done in
//! that seat's place, and both the action taken and the bot's preferred action are estimated by
//! sampled playouts: Power Grid, the seat's chance to win and its expected final rank; The
//! Game, the team's chance to win and the expected cards left. A decision whose estimate falls
//! by more than the [`Thresholds`] is marked an inaccuracy or a mistake, and each seat gets a
//! summary. The report ([`Report`]) is plain serde data; its JSON shape is documented in
//! `docs/analysis.md`.
//!
//! Decisions:
//! - **Only what the seat knew.** Everything the analysis of a seat reads is its view at the
//!   decision and the events redacted for it ([`Game::redact`]) up to then: its memory
//!   ([`Game::remember`]) and the search bot that plays its seat observe those alone, and the
//!   estimates are playouts from states drawn by [`Game::determinize`] from that view and
//!   memory. A leak test permutes everything the seat never saw and checks its analysis is the
//!   same.
//! - **A decision** is one action of Power Grid, and one turn of The Game (its plays and
//!   signals up to `end`, from the view at the turn's first action: the search bot plans whole
//!   turns). Signals sent out of turn are not decisions. A decision with one legal action is
//!   *forced*: counted, not estimated.
//! - **The adviser** is the registered search bot of each game at a fixed rollout count (Power
//!   Grid: 64 rollouts, the count its standard budget caps by time; The Game: its standard
//!   playouts), seeded from the analysis seed and the seat, so an analysis is the same on every
//!   machine. It plays the seat through the whole game and is told what the seat actually did
//!   ([`Analysed::took`]), so what it learns of the rivals follows the game as played.
//! - **Estimates** are playouts to the end of the game, not the search bot's own scores (Power
//!   Grid's search cuts its rollouts off two rounds on and scores worth, which is not a chance
//!   to win). Each sample is a state drawn from the seat's view and memory, played on by the
//!   same policy in every seat: the heuristic (Power Grid), the heuristic without lookahead
//!   (The Game, the search bot's own playout policy). The action taken and the preferred
//!   action are played on the *same* samples (common random numbers), so their difference is
//!   far less noisy than either estimate.
//! - **Marks** ([`Thresholds`]): a drop in the chance to win of 0.10 is an inaccuracy and of
//!   0.20 a mistake (the steps lichess uses for win-chance drops), or a worsening of the
//!   secondary estimate (Power Grid: 0.5 and 1 place of expected rank; The Game: 3 and 6
//!   expected cards left, which matters once a game is out of reach and the chance to win is
//!   near 0). A drop is marked only when it is also more than twice its standard error over
//!   the paired samples, so a close call measured by too few samples is never called a mistake.
//! - **Budget** ([`Budget`]): samples per estimated action. The standard budget (Power Grid 32,
//!   The Game 512) keeps the analysis of a whole game within seconds to a minute on one core
//!   (`docs/benchmarks.md`); the standard error it reaches is in every decision's report.
//! - **Deterministic.** The same record, seed and budget give the same report: every random
//!   stream is seeded from the analysis seed, the seat and the decision's index in the record.

mod calibration;
mod games;
mod report;

pub use calibration::{calibrate, Bin, Calibration, CalibrationError, CalibrationOptions};
pub use report::{
    Decision, Estimate, Mark, Report, SeatSeries, SeatSummary, Secondary, Thresholds,
};

use engine::record::ReplayError;
use engine::{Actor, Game, Record, Seat, Step, Viewer};
use rand_core::SeedableRng;
use std::fmt;
use std::str::FromStr;

/// Samples per estimated action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Budget {
    /// The game's standard count ([`Analysed::STANDARD_SAMPLES`]).
    #[default]
    Standard,
    /// This many samples (at least 1).
    Samples(u32),
}

impl Budget {
    /// The samples per estimated action for game `G`.
    pub fn samples<G: Analysed>(self) -> u32 {
        match self {
            Budget::Standard => G::STANDARD_SAMPLES,
            Budget::Samples(n) => n,
        }
    }
}

impl fmt::Display for Budget {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Budget::Standard => f.write_str("standard"),
            Budget::Samples(n) => write!(f, "{n}"),
        }
    }
}

/// Why a text is not an analysis budget.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "{0:?} is not an analysis budget: give samples per action (a number from 1) or \"standard\""
)]
pub struct BudgetError(pub String);

impl FromStr for Budget {
    type Err = BudgetError;

    /// `"standard"`, or a number of samples from 1.
    fn from_str(s: &str) -> Result<Budget, BudgetError> {
        match s.trim() {
            "standard" => Ok(Budget::Standard),
            t => match t.parse::<u32>() {
                Ok(n) if n > 0 => Ok(Budget::Samples(n)),
                _ => Err(BudgetError(s.to_owned())),
            },
        }
    }
}

/// What to analyse and how.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Options {
    /// Samples per estimated action.
    pub budget: Budget,
    /// Seeds every random stream of the analysis.
    pub seed: u64,
    /// Only this seat's decisions (`None`: every seat's).
    pub seat: Option<Seat>,
}

/// Why a record cannot be analysed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnalysisError {
    /// The JSON is not a record at all.
    #[error("not a game record: a record is a JSON object {{\"game\", \"setup\", \"actions\"}}")]
    NotARecord,
    /// A record of a game still running, redacted for one seat.
    #[error("the record of a game still running, as one player sees it: it has no seed and cannot be analysed until the game is over")]
    Running,
    /// A game this crate does not know.
    #[error("unknown game {0:?}: known games are powergrid and thegame")]
    UnknownGame(String),
    /// The record does not read as a record of its game.
    #[error("{0}")]
    Record(String),
    /// The setup was refused.
    #[error("invalid setup: {0}")]
    Setup(String),
    /// The seat asked for does not play.
    #[error("no seat {seat}: the game has seats 0 to {}", seats - 1)]
    NoSuchSeat {
        /// The seat asked for.
        seat: u8,
        /// Seats in the game.
        seats: usize,
    },
    /// A budget of no samples.
    #[error("the budget must be at least 1 sample per action")]
    NoSamples,
    /// The record does not replay: a hidden action, an action after the end, or an illegal
    /// one (the same refusals as [`engine::record::Record::play_on`]).
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// A hint was asked for a seat that has no decision to take now.
    #[error("{seat} has no decision to take now: {actor}")]
    NoDecision {
        /// The seat asked about.
        seat: Seat,
        /// Who acts instead (`the game is over`, or the seat that plays).
        actor: String,
    },
    /// No state fits the seat's view and memory at a decision: the record contradicts itself.
    #[error("action #{index}: no game fits what {seat} knew there: {error}")]
    Sample {
        /// The decision's index in the record.
        index: usize,
        /// The deciding seat.
        seat: Seat,
        /// Why.
        error: String,
    },
}

/// A game the analysis knows: its adviser, its playout policy and how its result is read.
pub trait Analysed: Game {
    /// The search bot that names the preferred action, with what it needs to be told.
    type Adviser: Send;
    /// The game's name in reports.
    const LABEL: &'static str;
    /// Samples per estimated action of [`Budget::Standard`].
    const STANDARD_SAMPLES: u32;
    /// What the second estimate is.
    const SECONDARY: Secondary;
    /// Where marks begin.
    const THRESHOLDS: Thresholds;

    /// The adviser of one seat, its randomness fixed by `seed`.
    fn adviser(seed: u64) -> Self::Adviser;
    /// What the adviser is called in reports.
    fn adviser_name() -> String;
    /// Shows the adviser an event, already redacted for its seat.
    fn observe(adviser: &mut Self::Adviser, event: &Self::Event);
    /// The adviser's preferred decision in `view`: the actions it would take (one, or a turn).
    fn advise(
        adviser: &mut Self::Adviser,
        view: &Self::View,
        legal: &[Self::Action],
    ) -> Vec<Self::Action>;
    /// Tells the adviser that its seat took `action` (the decision's first action) in `view`,
    /// before it sees that action's events.
    fn took(adviser: &mut Self::Adviser, view: &Self::View, action: &Self::Action);
    /// Whether `action` closes its seat's decision.
    fn ends_decision(action: &Self::Action) -> bool;
    /// Plays `state` to the end with the playout policy in every seat; `None` if it does not end.
    fn play_out(state: &mut Self) -> Option<Self::Outcome>;
    /// `seat`'s share of the win and its secondary result in `outcome`.
    fn result(outcome: &Self::Outcome, seat: Seat) -> (f64, f64);
    /// A setup dealt from `seed` for `players` (calibration games).
    fn seeded_setup(players: u8, seed: u64) -> Self::Setup;
}

/// Reads a record of either game from JSON and analyses it.
///
/// # Errors
/// Not a record, a running game's record, an unknown game, or anything [`analyze`] reports.
pub fn analyze_json(record: serde_json::Value, options: &Options) -> Result<Report, AnalysisError> {
    if !record.is_object() {
        return Err(AnalysisError::NotARecord);
    }
    if record.get("complete") == Some(&serde_json::Value::Bool(false)) {
        return Err(AnalysisError::Running);
    }
    let game = game_of(&record)?;
    match game.as_str() {
        "powergrid" => analyze(&read::<powergrid::State>(record)?, options),
        "thegame" => analyze(&read::<thegame::State>(record)?, options),
        _ => Err(AnalysisError::UnknownGame(game)),
    }
}

/// The search bot's suggestion for one seat's current decision ([`advise`]): the action as
/// JSON (as a game's actions are sent) and in text form.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Hint {
    /// The action, as the JSON a client sends to play it.
    pub action: serde_json::Value,
    /// The action in its text form (`play 4 up1`).
    pub text: String,
}

/// Reads a record of either game from JSON and gives [`advise`]'s hint for `seat`.
///
/// # Errors
/// Not a record, an unknown game, or anything [`advise`] reports.
pub fn advise_json(
    record: serde_json::Value,
    seat: Seat,
    seed: u64,
) -> Result<Hint, AnalysisError> {
    if !record.is_object() {
        return Err(AnalysisError::NotARecord);
    }
    fn hint<G: Analysed>(record: &Record<G>, seat: Seat, seed: u64) -> Result<Hint, AnalysisError> {
        let action = advise(record, seat, seed)?;
        Ok(Hint {
            action: serde_json::to_value(&action)
                .map_err(|e| AnalysisError::Record(e.to_string()))?,
            text: action.to_string(),
        })
    }
    match game_of(&record)?.as_str() {
        "powergrid" => hint(&read::<powergrid::State>(record)?, seat, seed),
        "thegame" => hint(&read::<thegame::State>(record)?, seat, seed),
        other => Err(AnalysisError::UnknownGame(other.to_owned())),
    }
}

/// The game a record's JSON names (records written before the field existed are told apart
/// by their setup).
fn game_of(record: &serde_json::Value) -> Result<String, AnalysisError> {
    match record.get("game") {
        Some(serde_json::Value::String(game)) => Ok(game.clone()),
        Some(other) => Err(AnalysisError::UnknownGame(other.to_string())),
        None if record.pointer("/setup/map").is_some() => Ok("powergrid".to_owned()),
        None => Ok("thegame".to_owned()),
    }
}

fn read<G: Game>(value: serde_json::Value) -> Result<Record<G>, AnalysisError> {
    Record::from_value(value).map_err(|e| AnalysisError::Record(e.to_string()))
}

/// What one analysed seat knows and who advises it.
struct Mind<G: Analysed> {
    memory: G::Memory,
    adviser: G::Adviser,
}

impl<G: Analysed> Mind<G> {
    /// A fresh mind for `seat` in an analysis seeded `seed`.
    fn new(seed: u64, seat: Seat) -> Mind<G> {
        Mind {
            memory: G::Memory::default(),
            adviser: G::adviser(adviser_seed(seed, seat)),
        }
    }

    /// Shows `seat`'s memory and adviser what it sees of `events`.
    fn observe(&mut self, seat: Seat, events: &[G::Event]) {
        for event in events {
            if let Some(seen) = G::redact(event, Viewer::Seat(seat)) {
                G::remember(&mut self.memory, &seen);
                G::observe(&mut self.adviser, &seen);
            }
        }
    }
}

/// The seat and action of step `index` of a record, replayed on `state`: a step without its
/// seat is the actor's.
///
/// # Errors
/// A hidden step (only its events are known), or an action after the end.
fn taken<'r, G: Game>(
    state: &G,
    index: usize,
    step: &'r Step<G>,
) -> Result<(Seat, &'r G::Action), AnalysisError> {
    let (seat, action) = match step {
        Step::Taken { seat, action } => (*seat, action),
        Step::Seen { seat, .. } => return Err(ReplayError::Hidden { index, seat: *seat }.into()),
    };
    match (seat, state.actor()) {
        (Some(seat), _) => Ok((seat, action)),
        (None, Actor::Seat(s)) => Ok((s, action)),
        (None, Actor::Terminal) => Err(ReplayError::Over {
            index,
            action: action.to_string(),
        }
        .into()),
    }
}

/// Applies step `index` of a record, `seat`'s `action`, to `state`; its events.
///
/// # Errors
/// The rules refuse the action.
fn apply_step<G: Game>(
    state: &mut G,
    index: usize,
    seat: Seat,
    action: &G::Action,
) -> Result<Vec<G::Event>, AnalysisError> {
    state.apply_as(seat, action).map_err(|e| {
        ReplayError::Illegal {
            index,
            seat,
            action: action.to_string(),
            error: e.to_string(),
        }
        .into()
    })
}

/// A decision being taken: where it began and what was taken so far.
struct Open<G: Analysed> {
    index: usize,
    view: G::View,
    memory: G::Memory,
    before: G,
    forced: bool,
    preferred: Vec<G::Action>,
    taken: Vec<G::Action>,
}

/// Analyses `record` as `options` say.
///
/// # Errors
/// A bad setup or seat, a budget of 0, a hidden or illegal action (with its index), or a
/// decision no state fits.
pub fn analyze<G: Analysed>(
    record: &Record<G>,
    options: &Options,
) -> Result<Report, AnalysisError> {
    let samples = options.budget.samples::<G>();
    if samples == 0 {
        return Err(AnalysisError::NoSamples);
    }
    let mut state =
        G::new(record.setup.clone()).map_err(|e| AnalysisError::Setup(e.to_string()))?;
    let seats = state.seats();
    if let Some(seat) = options.seat.filter(|s| s.index() >= seats) {
        return Err(AnalysisError::NoSuchSeat {
            seat: seat.0,
            seats,
        });
    }
    let mut minds: Vec<Option<Mind<G>>> = (0..seats)
        .map(|i| {
            options
                .seat
                .is_none_or(|s| s.index() == i)
                .then(|| Mind::new(options.seed, Seat(i as u8)))
        })
        .collect();
    let mut open: Vec<Option<Open<G>>> = (0..seats).map(|_| None).collect();
    let mut decisions = Vec::new();
    let mut legal = Vec::new();
    for (index, step) in record.actions.iter().enumerate() {
        let (seat, action) = taken(&state, index, step)?;
        let acting = state.actor() == Actor::Seat(seat);
        if let (true, Some(Some(mind)), Some(None)) =
            (acting, minds.get_mut(seat.index()), open.get(seat.index()))
        {
            state.legal_actions(&mut legal);
            let view = state.view(Viewer::Seat(seat));
            let preferred = G::advise(&mut mind.adviser, &view, &legal);
            G::took(&mut mind.adviser, &view, action);
            open[seat.index()] = Some(Open {
                index,
                memory: mind.memory.clone(),
                view,
                before: state.clone(),
                forced: legal.len() <= 1,
                preferred,
                taken: Vec::new(),
            });
        }
        let events = apply_step(&mut state, index, seat, action)?;
        for (i, mind) in minds.iter_mut().enumerate() {
            if let Some(mind) = mind {
                mind.observe(Seat(i as u8), &events);
            }
        }
        if acting {
            if let Some(slot) = open.get_mut(seat.index()) {
                if let Some(o) = slot.as_mut() {
                    o.taken.push(action.clone());
                }
                let closed = G::ends_decision(action) || state.actor() != Actor::Seat(seat);
                if closed {
                    if let Some(o) = slot.take() {
                        decisions.push(estimate::<G>(o, seat, samples, options.seed)?);
                    }
                }
            }
        }
        if state.past_round_cap() {
            break;
        }
    }
    for (s, slot) in open.iter_mut().enumerate() {
        if let Some(o) = slot.take() {
            decisions.push(estimate::<G>(o, Seat(s as u8), samples, options.seed)?);
        }
    }
    decisions.sort_by_key(|d: &Decision| d.index);
    let outcome = state.outcome().and_then(|o| serde_json::to_value(o).ok());
    Ok(Report::new::<G>(
        seats,
        options,
        samples,
        outcome,
        minds_seats(&minds),
        decisions,
    ))
}

/// The search bot's next action for `seat`, whose decision it is at the end of `record` (a
/// record of a game still being played, with its seed: the caller holds the whole game): The
/// Game, the first action of the turn it plans from here.
///
/// The adviser is built as [`analyze`] builds it: seeded by [`adviser_seed`] from `seed` and
/// the seat, shown only the events redacted for the seat, and told what the seat took at each
/// of its decisions, so the hint is computed from the seat's view and its memory of public
/// events alone. It is not asked about the seat's past decisions (a Power Grid search per
/// decision would make a late hint cost a whole analysis), so where the search is close the
/// hint may differ from the analysis's preferred action at the same step.
///
/// # Errors
/// A bad setup or seat, a hidden or illegal action, or a seat with no decision now
/// ([`AnalysisError::NoDecision`]).
pub fn advise<G: Analysed>(
    record: &Record<G>,
    seat: Seat,
    seed: u64,
) -> Result<G::Action, AnalysisError> {
    let mut state =
        G::new(record.setup.clone()).map_err(|e| AnalysisError::Setup(e.to_string()))?;
    let seats = state.seats();
    if seat.index() >= seats {
        return Err(AnalysisError::NoSuchSeat {
            seat: seat.0,
            seats,
        });
    }
    let mut mind = Mind::<G>::new(seed, seat);
    let mut deciding = false;
    for (index, step) in record.actions.iter().enumerate() {
        let (by, action) = taken(&state, index, step)?;
        let mine = by == seat && state.actor() == Actor::Seat(seat);
        if mine && !deciding {
            G::took(&mut mind.adviser, &state.view(Viewer::Seat(seat)), action);
            deciding = true;
        }
        let events = apply_step(&mut state, index, by, action)?;
        mind.observe(seat, &events);
        if mine && (G::ends_decision(action) || state.actor() != Actor::Seat(seat)) {
            deciding = false;
        }
        if state.past_round_cap() {
            break;
        }
    }
    let actor = state.actor();
    if actor != Actor::Seat(seat) || state.past_round_cap() {
        return Err(AnalysisError::NoDecision {
            seat,
            actor: match actor {
                Actor::Seat(s) if !state.past_round_cap() => format!("{s} is playing"),
                _ => "the game is over".to_owned(),
            },
        });
    }
    let mut legal = Vec::new();
    state.legal_actions(&mut legal);
    let view = state.view(Viewer::Seat(seat));
    G::advise(&mut mind.adviser, &view, &legal)
        .into_iter()
        .next()
        .or_else(|| legal.first().cloned())
        .ok_or(AnalysisError::NoDecision {
            seat,
            actor: "it has no legal action".to_owned(),
        })
}

fn minds_seats<G: Analysed>(minds: &[Option<Mind<G>>]) -> Vec<Seat> {
    (0..minds.len())
        .filter(|&i| minds[i].is_some())
        .map(|i| Seat(i as u8))
        .collect()
}

/// The seed of `seat`'s adviser in an analysis seeded `seed`: a search bot built with it and
/// playing that seat makes exactly the adviser's choices.
pub fn adviser_seed(seed: u64, seat: Seat) -> u64 {
    stream(seed, u64::from(seat.0), u64::MAX)
}

/// A random stream's seed from the analysis seed and two indices.
fn stream(seed: u64, a: u64, b: u64) -> u64 {
    let mut x =
        seed ^ a.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ b.wrapping_mul(0xD605_BBB5_8C8A_BBB5);
    x ^= x >> 31;
    x = x.wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x ^ (x >> 29)
}

/// Sums over the samples of one or two actions' playouts.
#[derive(Default)]
struct Tally {
    n: f64,
    win: [f64; 2],
    secondary: [f64; 2],
    /// Sums of the paired differences (preferred − taken) and their squares.
    dwin: [f64; 2],
    dsec: [f64; 2],
}

fn estimate<G: Analysed>(
    open: Open<G>,
    seat: Seat,
    samples: u32,
    seed: u64,
) -> Result<Decision, AnalysisError> {
    let text = |a: &[G::Action]| a.iter().map(ToString::to_string).collect::<Vec<_>>();
    let json = |a: &[G::Action]| {
        a.iter()
            .map(|a| serde_json::to_value(a).unwrap_or(serde_json::Value::Null))
            .collect::<Vec<_>>()
    };
    if open.forced {
        return Ok(Decision::forced(
            open.index,
            seat,
            text(&open.taken),
            json(&open.taken),
        ));
    }
    let agrees = same_effect(&open.before, seat, &open.taken, &open.preferred);
    let mut rng =
        rand_pcg::Pcg64Mcg::seed_from_u64(stream(seed, u64::from(seat.0), open.index as u64));
    let mut t = Tally::default();
    for _ in 0..samples {
        let sample = G::determinize(&open.view, &open.memory, &mut rng).map_err(|e| {
            AnalysisError::Sample {
                index: open.index,
                seat,
                error: e.to_string(),
            }
        })?;
        let taken = play::<G>(&sample, seat, &open.taken);
        let preferred = if agrees {
            taken
        } else {
            play::<G>(&sample, seat, &open.preferred)
        };
        t.n += 1.0;
        for (k, (w, s)) in [taken, preferred].into_iter().enumerate() {
            t.win[k] += w;
            t.secondary[k] += s;
        }
        let (dw, ds) = (preferred.0 - taken.0, preferred.1 - taken.1);
        t.dwin[0] += dw;
        t.dwin[1] += dw * dw;
        t.dsec[0] += ds;
        t.dsec[1] += ds * ds;
    }
    let mean = |s: f64| s / t.n;
    let error = |d: [f64; 2]| {
        let m = d[0] / t.n;
        let var = (d[1] / t.n - m * m).max(0.0);
        if t.n > 1.0 {
            (var / (t.n - 1.0)).sqrt()
        } else {
            f64::INFINITY
        }
    };
    let taken = Estimate::new(G::SECONDARY, mean(t.win[0]), mean(t.secondary[0]));
    let preferred = Estimate::new(G::SECONDARY, mean(t.win[1]), mean(t.secondary[1]));
    Ok(Decision::estimated(
        open.index,
        seat,
        (text(&open.taken), json(&open.taken)),
        (text(&open.preferred), json(&open.preferred)),
        agrees,
        taken,
        preferred,
        (error(t.dwin), error(t.dsec)),
        &G::THRESHOLDS,
    ))
}

/// Whether `a` and `b`, taken by `seat` in `state`, leave it the same view: the same decision
/// as far as the seat can tell (The Game's plays in another order to the same piles agree).
fn same_effect<G: Game>(state: &G, seat: Seat, a: &[G::Action], b: &[G::Action]) -> bool {
    if a == b {
        return true;
    }
    let after = |actions: &[G::Action]| {
        let mut s = state.clone();
        for action in actions {
            if s.actor() == Actor::Terminal {
                break;
            }
            s.apply_quiet(seat, action).ok()?;
        }
        Some(s.view(Viewer::Seat(seat)))
    };
    match (after(a), after(b)) {
        (Some(x), Some(y)) => x == y,
        _ => false,
    }
}

/// Plays `actions` as `seat` on a copy of `sample`, then the game out; `seat`'s win share and
/// secondary result. An action the sample refuses (it cannot: the sample fits the seat's view)
/// or a game that does not end scores as a loss with the worst secondary result.
fn play<G: Analysed>(sample: &G, seat: Seat, actions: &[G::Action]) -> (f64, f64) {
    let mut s = sample.clone();
    let worst = G::SECONDARY.worst(s.seats());
    for action in actions {
        if s.actor() == Actor::Terminal {
            break;
        }
        if s.apply_quiet(seat, action).is_err() {
            return (0.0, worst);
        }
    }
    match G::play_out(&mut s) {
        Some(outcome) => G::result(&outcome, seat),
        None => (0.0, worst),
    }
}
