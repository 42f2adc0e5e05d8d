//! `tabletop analyze RECORD`, `tabletop bench analysis` and `tabletop bench calibration`:
//! argument parsing and printing around the `analysis` crate, which does the work.
//!
//! Decisions:
//! - A file may hold several records (a `sim --log` file, one per line); `--record N` picks
//!   one, and without it a file of several is refused with a message naming the option, rather
//!   than analysing minutes of games nobody asked for.
//! - `bench analysis` times the analysis of one self-play game of each kind (4-player Power
//!   Grid, 3-player The Game, heuristic bots) on this thread, by its own CPU time where Linux
//!   gives it, so a busy machine does not distort the figure.

use analysis::{Budget, Calibration, CalibrationOptions, Options, Report};
use anyhow::{bail, Context, Result};
use bots::{PlayOptions, Registered};
use engine::{Record, Seat};
use std::path::PathBuf;
use std::time::Instant;

/// Arguments of `tabletop analyze`.
#[derive(clap::Args)]
pub struct AnalyzeArgs {
    /// The game record (JSON): a finished Power Grid or The Game game.
    pub file: PathBuf,
    /// Only this seat's decisions [default: every seat's].
    #[arg(long)]
    pub seat: Option<u8>,
    /// Samples per estimated action, or "standard" (Power Grid 32, The Game 512).
    #[arg(long, default_value = "standard")]
    pub budget: Budget,
    /// Seeds the analysis: the same record, seed and budget give the same report.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
    /// Which record of a file of several (one per line, as `sim --log` writes), from 1.
    #[arg(long)]
    pub record: Option<usize>,
    /// Print the report as JSON (docs/analysis.md).
    #[arg(long)]
    pub json: bool,
}

/// Reads the record, analyses it and prints the report.
///
/// # Errors
/// An unreadable file, not a record, a file of several records without `--record`, or
/// anything the analysis refuses (a bad seat, an illegal action).
pub fn analyze(args: &AnalyzeArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let mut records = serde_json::Deserializer::from_str(text)
        .into_iter::<serde_json::Value>()
        .collect::<Result<Vec<_>, _>>()
        .with_context(|| format!("{} is not JSON", args.file.display()))?;
    let record = match (records.len(), args.record) {
        (0, _) => bail!("{} holds no game record", args.file.display()),
        (1, None) => records.remove(0),
        (n, None) => bail!(
            "{} holds {n} records: choose one with --record N (1 to {n})",
            args.file.display()
        ),
        (n, Some(k)) if k == 0 || k > n => bail!(
            "--record {k}: {} holds records 1 to {n}",
            args.file.display()
        ),
        (_, Some(k)) => records.swap_remove(k - 1),
    };
    let options = Options {
        budget: args.budget,
        seed: args.seed,
        seat: args.seat.map(Seat),
    };
    let report = analysis::analyze_json(record, &options)
        .with_context(|| format!("cannot analyse {}", args.file.display()))?;
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_report(&report);
    }
    Ok(())
}

/// One estimate as `win / secondary`.
fn estimate(e: Option<analysis::Estimate>) -> String {
    match e {
        Some(e) => format!("{:>5.1}% {:>5.2}", 100.0 * e.win, e.secondary()),
        None => format!("{:>13}", "forced"),
    }
}

fn print_report(report: &Report) {
    let secondary = match report.secondary {
        analysis::Secondary::Rank => "rank",
        analysis::Secondary::CardsLeft => "cards",
    };
    println!(
        "{}, {} players: {} samples per action, adviser {}, seed {}",
        report.game, report.players, report.samples, report.adviser, report.seed
    );
    println!(
        "{:>5} {:>4}  {:<32} {:>6} {:>5}  {:<32} {:>6} {:>5}  mark",
        "step", "seat", "taken", "win", secondary, "bot prefers", "win", secondary
    );
    for d in &report.decisions {
        let preferred = if d.agrees {
            "(the same)".to_owned()
        } else {
            d.preferred.join(", ")
        };
        let mark = d.mark.map(|m| m.to_string()).unwrap_or_default();
        println!(
            "{:>5} {:>4}  {:<32} {}  {:<32} {}  {mark}",
            d.index,
            d.seat.0,
            d.taken.join(", "),
            estimate(d.taken_estimate),
            preferred,
            if d.forced {
                String::new()
            } else {
                estimate(d.preferred_estimate)
            },
        );
    }
    for s in &report.seats {
        if s.decisions + s.forced == 0 {
            println!("{}: no decision in this record", s.seat);
            continue;
        }
        println!(
            "{}: {} decisions ({} forced), {:.0}% as the bot would, {} inaccurac{}, {} mistake{}, mean drop in the chance to win {:.1} points",
            s.seat,
            s.decisions,
            s.forced,
            100.0 * s.agreement,
            s.inaccuracies,
            if s.inaccuracies == 1 { "y" } else { "ies" },
            s.mistakes,
            if s.mistakes == 1 { "" } else { "s" },
            100.0 * s.mean_win_drop
        );
    }
    if let Some(outcome) = &report.outcome {
        println!("Outcome: {outcome}");
    }
}

/// Arguments of `tabletop bench analysis`.
#[derive(clap::Args)]
pub struct BenchAnalysisArgs {
    /// Samples per estimated action, or "standard".
    #[arg(long, default_value = "standard")]
    budget: Budget,
    /// The self-play games' seed (and the analysis seed).
    #[arg(long, default_value_t = 0)]
    seed: u64,
}

/// A self-play game of `G` between heuristic bots, as a record.
fn self_play<G: Registered>(setup: G::Setup, seed: u64) -> Result<Record<G>> {
    let entry = bots::find::<G>("heuristic")?;
    let mut state = G::new(setup.clone()).map_err(|e| anyhow::anyhow!("{e}"))?;
    let mut seats: Vec<_> = (0..state.seats())
        .map(|s| entry.build(seed + s as u64))
        .collect();
    let played = bots::play(&mut state, &mut seats, &PlayOptions::FULL, |_, _, _, _| {})?;
    Ok(Record::new(setup, played.actions))
}

/// Times the analysis of one game of `G` at `players`.
fn time_one<G: analysis::Analysed + Registered>(
    players: u8,
    args: &BenchAnalysisArgs,
) -> Result<()> {
    let record = self_play::<G>(G::seeded_setup(players, args.seed), args.seed)?;
    let options = Options {
        budget: args.budget,
        seed: args.seed,
        seat: None,
    };
    let cpu = crate::powergrid::thread_cpu_time();
    let wall = Instant::now();
    let report = analysis::analyze(&record, &options)?;
    let wall = wall.elapsed();
    let cpu = crate::powergrid::thread_cpu_time()
        .zip(cpu)
        .map(|(b, a)| b.saturating_sub(a));
    let estimated: usize = report.seats.iter().map(|s| s.decisions).sum();
    let forced: usize = report.seats.iter().map(|s| s.forced).sum();
    let seconds = cpu.unwrap_or(wall).as_secs_f64();
    println!(
        "{} {players}p: {} actions, {estimated} decisions estimated ({forced} forced), {} samples: {seconds:.2} s CPU ({:.2} s wall), {:.1} ms per estimated decision",
        G::NAME,
        record.actions.len(),
        report.samples,
        wall.as_secs_f64(),
        1000.0 * seconds / estimated.max(1) as f64
    );
    Ok(())
}

/// Times the analysis of a 4-player Power Grid game and a 3-player The Game.
///
/// # Errors
/// A self-play game or its analysis failing.
pub fn bench_analysis(args: &BenchAnalysisArgs) -> Result<()> {
    time_one::<thegame::State>(3, args)?;
    time_one::<powergrid::State>(4, args)
}

/// Arguments of `tabletop bench calibration`.
#[derive(clap::Args)]
pub struct CalibrationArgs {
    /// The game: powergrid or thegame.
    game: String,
    /// Self-play games.
    #[arg(long, default_value_t = 20)]
    games: u32,
    /// Players per game.
    #[arg(long, default_value_t = 3)]
    players: u8,
    /// The bot in every seat.
    #[arg(long, default_value = "heuristic")]
    bot: String,
    /// Samples per estimated action, or "standard".
    #[arg(long, default_value = "standard")]
    budget: Budget,
    /// The first game's seed; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Equal-width bins of the estimated chance to win.
    #[arg(long, default_value_t = 10)]
    bins: usize,
    /// Print the report as JSON.
    #[arg(long)]
    json: bool,
    /// Also write the reliability diagram to this SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
}

/// Plays self-play games, analyses them and prints the reliability table.
///
/// # Errors
/// An unknown game or bot, or a game or analysis failing.
pub fn calibration(args: &CalibrationArgs) -> Result<()> {
    let options = CalibrationOptions {
        games: args.games,
        players: args.players,
        bot: args.bot.clone(),
        budget: args.budget,
        seed: args.seed,
        bins: args.bins,
    };
    let progress = |g: u32| eprint!("\r{g}/{} games", args.games);
    let report = match args.game.as_str() {
        "powergrid" => analysis::calibrate::<powergrid::State>(&options, progress)?,
        "thegame" => analysis::calibrate::<thegame::State>(&options, progress)?,
        other => bail!("unknown game {other:?}: known games are powergrid and thegame"),
    };
    eprintln!();
    if let Some(path) = &args.svg {
        std::fs::write(path, report.svg())
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&report)?);
    } else {
        print_calibration(&report);
    }
    Ok(())
}

fn print_calibration(c: &Calibration) {
    println!(
        "{}, {} players, {} games of {}, {} samples per action: {} decisions",
        c.game, c.players, c.games, c.bot, c.samples, c.decisions
    );
    println!(
        "{:>11} {:>9} {:>9} {:>9}",
        "estimate", "decisions", "mean", "observed"
    );
    for b in c.bins.iter().filter(|b| b.decisions > 0) {
        println!(
            "{:>4.0}-{:>4.0}% {:>9} {:>8.1}% {:>8.1}%",
            100.0 * b.from,
            100.0 * b.to,
            b.decisions,
            100.0 * b.estimate,
            100.0 * b.observed
        );
    }
    println!(
        "expected calibration error {:.1} points (90% interval over the games {:.1}-{:.1}), Brier score {:.3}, base rate {:.1}%",
        100.0 * c.expected_calibration_error,
        100.0 * c.ece_interval[0],
        100.0 * c.ece_interval[1],
        c.brier,
        100.0 * c.base_rate
    );
}
