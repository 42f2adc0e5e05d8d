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
//! - The error's uncertainty: a game's decisions all share its outcome, so a run of a few
//!   games measures the error of those games more than the estimator's (Power Grid, the same
//!   estimator at 16 samples: 6.1 points over 20 games, 3.3 over 60). The report gives a 90 %
//!   interval of the expected calibration error over [`BOOTSTRAP_RESAMPLES`] resamples of the
//!   games with replacement, from a fixed seed.
//! - The picture ([`Calibration::svg`]): the reliability diagram as a small standalone SVG, for
//!   the docs.

use crate::{analyze, Analysed, AnalysisError, Budget, Options};
use bots::{PlayOptions, Registered};
use engine::Record;
use rand_core::{RngCore, SeedableRng};
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
    /// The 90 % interval of the expected calibration error over resamples of the games (see
    /// the module docs).
    #[serde(default)]
    pub ece_interval: [f64; 2],
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
    let mut games: Vec<Vec<(f64, f64)>> = Vec::new();
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
        let mut pairs = Vec::new();
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
        games.push(pairs);
        progress(g + 1);
    }
    Ok(reliability::<G>(options, &games))
}

/// Resamples of the games behind the interval of the expected calibration error.
const BOOTSTRAP_RESAMPLES: usize = 1000;

/// The reliability table of each game's `(estimate, outcome)` pairs.
fn reliability<G: Analysed>(
    options: &CalibrationOptions,
    games: &[Vec<(f64, f64)>],
) -> Calibration {
    let k = options.bins;
    let pairs: Vec<(f64, f64)> = games.iter().flatten().copied().collect();
    let (bins, ece) = table(pairs.iter().copied(), k);
    let n = pairs.len().max(1) as f64;
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
        ece_interval: ece_interval(games, k),
        brier,
        base_rate,
    }
}

/// The bins of `pairs` over `k` equal-width bins of the estimate, and the expected
/// calibration error.
fn table(pairs: impl Iterator<Item = (f64, f64)>, k: usize) -> (Vec<Bin>, f64) {
    let mut sums = vec![(0usize, 0.0f64, 0.0f64); k];
    for (estimate, outcome) in pairs {
        let b = ((estimate * k as f64) as usize).min(k - 1);
        sums[b].0 += 1;
        sums[b].1 += estimate;
        sums[b].2 += outcome;
    }
    let n = sums.iter().map(|s| s.0).sum::<usize>().max(1) as f64;
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
    (bins, ece)
}

/// The 5th and 95th percentiles of the expected calibration error over resamples of the games
/// with replacement (a game's decisions share its outcome, so games, not decisions, are the
/// independent draws). The resamples come from a fixed seed, so a run's interval is the same
/// on every machine.
fn ece_interval(games: &[Vec<(f64, f64)>], k: usize) -> [f64; 2] {
    if games.is_empty() {
        return [0.0, 0.0];
    }
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0x0B00_7575);
    let mut eces: Vec<f64> = (0..BOOTSTRAP_RESAMPLES)
        .map(|_| {
            let picks: Vec<usize> = (0..games.len())
                .map(|_| (rng.next_u64() % games.len() as u64) as usize)
                .collect();
            table(picks.iter().flat_map(|&g| games[g].iter().copied()), k).1
        })
        .collect();
    eces.sort_by(f64::total_cmp);
    let at = |q: f64| eces[((q * BOOTSTRAP_RESAMPLES as f64) as usize).min(eces.len() - 1)];
    [at(0.05), at(0.95)]
}

/// The picture's size in pixels, its margins left and below the plot (axis labels) and above
/// and right of it (titles), and the largest point's radius.
const SVG_SIZE: f64 = 420.0;
const SVG_MARGIN: f64 = 48.0;
const SVG_TOP: f64 = 36.0;
const SVG_RADIUS: f64 = 12.0;

impl Calibration {
    /// The reliability diagram as a standalone SVG picture: the mean estimate of each
    /// non-empty bin across, its observed frequency up, the diagonal of a calibrated
    /// estimator, each bin a point whose area is proportional to its decisions; the title
    /// gives the game, the run and the expected calibration error and Brier score.
    pub fn svg(&self) -> String {
        use std::fmt::Write;
        let side = SVG_SIZE - SVG_MARGIN - SVG_TOP;
        let x = |p: f64| SVG_MARGIN + p.clamp(0.0, 1.0) * side;
        let y = |p: f64| SVG_TOP + (1.0 - p.clamp(0.0, 1.0)) * side;
        let mut s = String::new();
        let _ = writeln!(
            s,
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{SVG_SIZE}" height="{SVG_SIZE}" viewBox="0 0 {SVG_SIZE} {SVG_SIZE}" font-family="sans-serif" font-size="11">"#
        );
        let _ = writeln!(
            s,
            r#"<rect width="{SVG_SIZE}" height="{SVG_SIZE}" fill="white"/>"#
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="14" text-anchor="middle">{}, {} players, {} games, {} samples: {} decisions</text>"#,
            SVG_SIZE / 2.0,
            self.game,
            self.players,
            self.games,
            self.samples,
            self.decisions
        );
        let _ = writeln!(
            s,
            r#"<text x="{}" y="28" text-anchor="middle">ECE {:.1} points (90 % {:.1}-{:.1}), Brier {:.3}, base rate {:.1} %</text>"#,
            SVG_SIZE / 2.0,
            100.0 * self.expected_calibration_error,
            100.0 * self.ece_interval[0],
            100.0 * self.ece_interval[1],
            self.brier,
            100.0 * self.base_rate
        );
        for i in 0..=10 {
            let p = f64::from(i) / 10.0;
            let _ = writeln!(
                s,
                r##"<line x1="{0:.1}" y1="{1:.1}" x2="{0:.1}" y2="{2:.1}" stroke="#ddd"/><line x1="{3:.1}" y1="{4:.1}" x2="{5:.1}" y2="{4:.1}" stroke="#ddd"/>"##,
                x(p),
                y(0.0),
                y(1.0),
                x(0.0),
                y(p),
                x(1.0)
            );
            if i % 2 == 0 {
                let _ = writeln!(
                    s,
                    r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">{}</text><text x="{:.1}" y="{:.1}" text-anchor="end">{}</text>"#,
                    x(p),
                    y(0.0) + 14.0,
                    i * 10,
                    x(0.0) - 4.0,
                    y(p) + 4.0,
                    i * 10
                );
            }
        }
        let _ = writeln!(
            s,
            r##"<line class="diagonal" x1="{:.1}" y1="{:.1}" x2="{:.1}" y2="{:.1}" stroke="#888" stroke-dasharray="4 3"/>"##,
            x(0.0),
            y(0.0),
            x(1.0),
            y(1.0)
        );
        let _ = writeln!(
            s,
            r#"<text x="{:.1}" y="{:.1}" text-anchor="middle">mean estimated chance to win (%)</text>"#,
            x(0.5),
            SVG_SIZE - 6.0
        );
        let _ = writeln!(
            s,
            r#"<text transform="translate(12 {:.1}) rotate(-90)" text-anchor="middle">observed share of the win (%)</text>"#,
            y(0.5)
        );
        let most = self
            .bins
            .iter()
            .map(|b| b.decisions)
            .max()
            .unwrap_or(0)
            .max(1) as f64;
        let mut last: Option<(f64, f64)> = None;
        for b in self.bins.iter().filter(|b| b.decisions > 0) {
            let (px, py) = (x(b.estimate), y(b.observed));
            if let Some((lx, ly)) = last {
                let _ = writeln!(
                    s,
                    r##"<line x1="{lx:.1}" y1="{ly:.1}" x2="{px:.1}" y2="{py:.1}" stroke="#1f77b4"/>"##
                );
            }
            last = Some((px, py));
        }
        for b in self.bins.iter().filter(|b| b.decisions > 0) {
            let r = (SVG_RADIUS * (b.decisions as f64 / most).sqrt()).max(2.0);
            let _ = writeln!(
                s,
                r##"<circle cx="{:.1}" cy="{:.1}" r="{r:.1}" fill="#1f77b4" fill-opacity="0.6"><title>{:.0}-{:.0} %: {} decisions, mean estimate {:.1} %, observed {:.1} %</title></circle>"##,
                x(b.estimate),
                y(b.observed),
                100.0 * b.from,
                100.0 * b.to,
                b.decisions,
                100.0 * b.estimate,
                100.0 * b.observed
            );
        }
        s.push_str("</svg>\n");
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn options() -> CalibrationOptions {
        CalibrationOptions {
            games: 2,
            players: 3,
            bot: "heuristic".to_owned(),
            budget: Budget::Samples(4),
            seed: 0,
            bins: 4,
        }
    }

    #[test]
    fn the_table_bins_pairs_and_scores_them() {
        let games = [vec![(0.1, 0.0), (0.2, 1.0)], vec![(0.9, 1.0), (0.8, 0.0)]];
        let c = reliability::<thegame::State>(&options(), &games);
        let counts: Vec<usize> = c.bins.iter().map(|b| b.decisions).collect();
        assert_eq!(counts, [2, 0, 0, 2]);
        assert!((c.bins[0].estimate - 0.15).abs() < 1e-12);
        assert!((c.bins[0].observed - 0.5).abs() < 1e-12);
        assert!((c.expected_calibration_error - 0.35).abs() < 1e-12);
        assert!((c.brier - (0.01 + 0.64 + 0.01 + 0.64) / 4.0).abs() < 1e-12);
        assert!((c.base_rate - 0.5).abs() < 1e-12);
        // Every resample of the two games (each twice, or both) has the same error.
        let [lo, hi] = c.ece_interval;
        assert!(
            (lo - 0.35).abs() < 1e-12 && (hi - 0.35).abs() < 1e-12,
            "{lo} {hi}"
        );
        // Games whose errors differ spread the interval, the same on every run.
        let games = [
            vec![(0.1, 0.0)],
            vec![(0.1, 1.0)],
            vec![(0.9, 1.0)],
            vec![(0.5, 0.0)],
        ];
        let c = reliability::<thegame::State>(&options(), &games);
        let [lo, hi] = c.ece_interval;
        assert!(
            lo < c.expected_calibration_error && c.expected_calibration_error < hi,
            "{lo} {hi}"
        );
        assert_eq!(
            c.ece_interval,
            reliability::<thegame::State>(&options(), &games).ece_interval
        );
    }

    #[test]
    fn the_svg_has_the_diagonal_and_one_point_per_bin_with_decisions() {
        let games = [
            vec![(0.1, 0.0), (0.2, 1.0)],
            vec![(0.9, 1.0), (0.8, 0.0), (0.6, 1.0)],
        ];
        let c = reliability::<thegame::State>(&options(), &games);
        let svg = c.svg();
        assert!(svg.starts_with("<svg xmlns=\"http://www.w3.org/2000/svg\""));
        assert!(svg.trim_end().ends_with("</svg>"));
        assert_eq!(svg.matches("<circle").count(), 3, "{svg}");
        assert_eq!(svg.matches("class=\"diagonal\"").count(), 1);
        assert!(svg.contains("ECE "), "{svg}");
        // The largest bin's point is the largest.
        assert!(svg.contains("r=\"12.0\""), "{svg}");
        assert!(svg.contains("thegame, 3 players, 2 games, 4 samples: 5 decisions"));
        // Every number is finite.
        assert!(!svg.contains("NaN") && !svg.contains("inf"), "{svg}");
    }
}
