//! Calibration: whether the estimated chance to win matches how often it happens.
//!
//! Self-play games between one registered bot are played and analysed for every seat; each
//! estimated decision gives a pair (the estimated chance to win of the action taken, the seat's
//! actual share of the win). The pairs are grouped into equal-width bins of the estimate; a
//! calibrated estimator's bins have an observed frequency close to their mean estimate. The
//! expected calibration error is the decision-weighted mean gap over the bins, and the Brier
//! score the mean squared error of the estimates.
//!
//! Decisions:
//! - The games are played by one bot in every seat so the estimator's playout policy and the
//!   players differ only as much as that bot differs from the playout policy; the bot is a
//!   parameter (the default, the heuristic, makes calibration runs fast).
//! - Seeds: game `g` is dealt from `seed + g`, its bots seeded from the same number, and its
//!   analysis seeded with it too, so a run is the same on every machine.

use crate::{analyze, Analysed, AnalysisError, Budget, Options};
use bots::{PlayOptions, Registered};
use engine::Record;
use serde::{Deserialize, Serialize};

/// What a calibration run plays and how it analyses it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CalibrationOptions {
    /// Self-play games.
    pub games: u32,
    /// Players per game.
    pub players: u8,
    /// The registered bot in every seat.
    pub bot: String,
    /// The analysis budget.
    pub budget: Budget,
    /// The first game's seed.
    pub seed: u64,
    /// Equal-width bins of the estimate over 0..1.
    pub bins: usize,
}

/// One bin of the reliability table.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Bin {
    /// The bin's lower edge.
    pub from: f64,
    /// The bin's upper edge.
    pub to: f64,
    /// Decisions whose estimate falls in it.
    pub decisions: usize,
    /// Their mean estimated chance to win.
    pub estimate: f64,
    /// Their seats' mean actual share of the win.
    pub observed: f64,
}

/// A calibration report.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Calibration {
    /// The game's name.
    pub game: String,
    /// Games played.
    pub games: u32,
    /// Players per game.
    pub players: u8,
    /// The bot in every seat.
    pub bot: String,
    /// Samples per estimated action.
    pub samples: u32,
    /// Estimated decisions, over all games and seats.
    pub decisions: usize,
    /// The reliability table.
    pub bins: Vec<Bin>,
    /// The expected calibration error: the decision-weighted mean of |estimate − observed|.
    pub expected_calibration_error: f64,
    /// The mean squared error of the estimates against the outcomes.
    pub brier: f64,
    /// The seats' mean actual share of the win.
    pub base_rate: f64,
}

/// Why a calibration run failed.
#[derive(Debug, thiserror::Error)]
pub enum CalibrationError {
    /// No bot of that name.
    #[error(transparent)]
    Bot(#[from] bots::UnknownBot),
    /// A self-play game failed.
    #[error("game {game}: {error}")]
    Play {
        /// Its index.
        game: u32,
        /// What went wrong.
        error: String,
    },
    /// Its analysis failed.
    #[error("game {game}: {error}")]
    Analysis {
        /// Its index.
        game: u32,
        /// What went wrong.
        error: AnalysisError,
    },
    /// No bins or no games.
    #[error("a calibration needs at least one game and one bin")]
    Empty,
}

/// Plays `options.games` self-play games of `G` and measures the calibration of their analysis;
/// `progress` is called after each game.
///
/// # Errors
/// An unknown bot, a game or an analysis that fails, or no game or bin.
pub fn calibrate<G: Analysed + Registered>(
    options: &CalibrationOptions,
    mut progress: impl FnMut(u32),
) -> Result<Calibration, CalibrationError> {
    if options.games == 0 || options.bins == 0 {
        return Err(CalibrationError::Empty);
    }
    let entry = bots::find::<G>(&options.bot)?;
    let mut pairs: Vec<(f64, f64)> = Vec::new();
    for g in 0..options.games {
        let seed = options.seed.wrapping_add(u64::from(g));
        let setup = G::seeded_setup(options.players, seed);
        let mut state = G::new(setup.clone()).map_err(|e| CalibrationError::Play {
            game: g,
            error: e.to_string(),
        })?;
        let mut seats: Vec<_> = (0..state.seats())
            .map(|s| entry.build(seed ^ ((s as u64) << 56)))
            .collect();
        let options_play = PlayOptions {
            events: true,
            timed: false,
            record: true,
            max_actions: 1_000_000,
        };
        let played =
            bots::play(&mut state, &mut seats, &options_play, |_, _, _, _| {}).map_err(|e| {
                CalibrationError::Play {
                    game: g,
                    error: e.to_string(),
                }
            })?;
        let record = Record::<G>::new(setup, played.actions);
        let report = analyze(
            &record,
            &Options {
                budget: options.budget,
                seed,
                seat: None,
            },
        )
        .map_err(|error| CalibrationError::Analysis { game: g, error })?;
        for d in &report.decisions {
            if let Some(e) = d.taken_estimate {
                pairs.push((e.win, G::result(&played.outcome, d.seat).0));
            }
        }
        progress(g + 1);
    }
    Ok(reliability::<G>(options, &pairs))
}

/// The reliability table of `(estimate, outcome)` pairs.
fn reliability<G: Analysed>(options: &CalibrationOptions, pairs: &[(f64, f64)]) -> Calibration {
    let k = options.bins;
    let mut sums = vec![(0usize, 0.0f64, 0.0f64); k];
    for &(estimate, outcome) in pairs {
        let b = ((estimate * k as f64) as usize).min(k - 1);
        sums[b].0 += 1;
        sums[b].1 += estimate;
        sums[b].2 += outcome;
    }
    let n = pairs.len().max(1) as f64;
    let bins: Vec<Bin> = sums
        .iter()
        .enumerate()
        .map(|(b, &(count, e, o))| {
            let c = count.max(1) as f64;
            Bin {
                from: b as f64 / k as f64,
                to: (b + 1) as f64 / k as f64,
                decisions: count,
                estimate: e / c,
                observed: o / c,
            }
        })
        .collect();
    let ece = bins
        .iter()
        .map(|b| b.decisions as f64 / n * (b.estimate - b.observed).abs())
        .sum();
    let brier = pairs.iter().map(|(e, o)| (e - o) * (e - o)).sum::<f64>() / n;
    let base_rate = pairs.iter().map(|p| p.1).sum::<f64>() / n;
    Calibration {
        game: G::LABEL.to_owned(),
        games: options.games,
        players: options.players,
        bot: options.bot.clone(),
        samples: options.budget.samples::<G>(),
        decisions: pairs.len(),
        bins,
        expected_calibration_error: ece,
        brier,
        base_rate,
    }
}
