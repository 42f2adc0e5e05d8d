//! `tabletop sim thegame` and `tabletop bench thegame`: argument parsing and printing around
//! the `sim` crate, which plays the games (seeding, threads and tallies are decided there).
//!
//! Decisions:
//! - `--budget` sets the search bot's thinking per decision (playouts, or milliseconds with
//!   `ms`); it is refused for bots that do not search, rather than silently ignored.
//! - `bench` without `--bot` measures the fast bots (random, heuristic); the search bot
//!   is thousands of times slower and is measured with `--bot search` and a few hundred games.
//! - Speed per core is measured from the thread's own CPU time (`/proc/thread-self/schedstat`,
//!   nanoseconds on CPU) when available, so a busy shared machine does not distort it; wall
//!   time is reported too.

use crate::external::ExecOptions;
use crate::progress;
use anyhow::{bail, Context};
use bots::thegame::Budget;
use bots::Registered;
use serde::Serialize;
use sim::thegame::{budget_label, tournament, Deals};
use sim::{Contest, Options, Report, Tally, Tournament};
use std::io::BufRead;
use std::path::PathBuf;
use std::time::Instant;
use thegame::{DealRecord, State};

fn bot_names() -> Vec<&'static str> {
    thegame::State::REGISTRY.iter().map(|b| b.name).collect()
}

fn bot_parser() -> progress::Seat {
    progress::Seat {
        names: bot_names,
        check: |spec| sim::thegame::check(spec, None).map_err(|e| e.to_string()),
    }
}

/// Arguments of `tabletop sim thegame`.
#[derive(clap::Args)]
pub struct SimArgs {
    /// Players per game, 1 to 5 (taken from the deals when --deals is given).
    #[arg(long)]
    players: Option<u8>,
    /// The bot playing every seat: a built-in name or exec:COMMAND (one process per seat and
    /// thread, reused across games; see docs/bot-protocol.md).
    #[arg(long, default_value = "heuristic", value_parser = bot_parser())]
    bot: String,
    /// Games to play [default: 10000; with --deals: every deal, or at most this many].
    #[arg(long, allow_negative_numbers = true, value_parser = progress::games)]
    games: Option<u64>,
    /// Seed of the first game's deal; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads [default: every core].
    #[arg(long, allow_negative_numbers = true, value_parser = progress::threads)]
    threads: Option<usize>,
    /// Play exactly these deals: JSON lines {"hands": [[..],..], "draw_pile": [..], "first": 0}.
    #[arg(long)]
    deals: Option<PathBuf>,
    /// Thinking per decision for `--bot search`: playouts ("400"), milliseconds ("5ms") or
    /// "standard" (the registered bot's playouts for the player count) [default: standard].
    #[arg(long)]
    budget: Option<Budget>,
    /// Write every game's complete record to FILE, one JSON line per game, in game order
    /// (`tabletop replay FILE` plays them back). The file is replaced.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Print the results as one JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    exec: ExecOptions,
}

/// Arguments of `tabletop bench thegame`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Games per bot and player count [default: 100000; 200 for the search bot].
    #[arg(long, allow_negative_numbers = true, value_parser = progress::games)]
    games: Option<u64>,
    /// Only this player count [default: 1 to 5].
    #[arg(long)]
    players: Option<u8>,
    /// Only this bot [default: every bot but search].
    #[arg(long, value_parser = bot_parser())]
    bot: Option<String>,
    /// Seed of the first deal.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Thinking per decision for `--bot search`: playouts ("400"), milliseconds ("5ms") or
    /// "standard" (the registered bot's playouts for the player count) [default: standard].
    #[arg(long)]
    budget: Option<Budget>,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
}

fn read_deals(path: &PathBuf) -> anyhow::Result<Vec<DealRecord>> {
    let file = std::fs::File::open(path).with_context(|| format!("opening {}", path.display()))?;
    let mut deals = Vec::new();
    for (i, line) in std::io::BufReader::new(file).lines().enumerate() {
        let line = line.with_context(|| format!("reading {}", path.display()))?;
        // A byte-order mark (some Windows tools write one) is not part of the first deal.
        let line = if i == 0 {
            line.strip_prefix('\u{feff}').unwrap_or(&line)
        } else {
            &line
        };
        if line.trim().is_empty() {
            continue;
        }
        let deal: DealRecord = serde_json::from_str(line)
            .with_context(|| format!("{} line {}: not a deal", path.display(), i + 1))?;
        State::new(deal.clone().into_setup())
            .with_context(|| format!("{} line {}", path.display(), i + 1))?;
        deals.push(deal);
    }
    if deals.is_empty() {
        bail!("{} holds no deals", path.display());
    }
    Ok(deals)
}

/// The run's settings, printed with its report.
#[derive(Serialize)]
struct Settings {
    bot: String,
    budget: Option<String>,
    seed: u64,
    deals: Option<String>,
}

#[derive(Serialize)]
struct Output<'a> {
    #[serde(flatten)]
    settings: Settings,
    #[serde(flatten)]
    report: &'a Report,
}

/// `tabletop sim thegame`.
pub fn sim(args: &SimArgs) -> anyhow::Result<()> {
    let (deals, games) = match &args.deals {
        Some(path) => {
            let mut deals = read_deals(path)?;
            if let Some(g) = args.games {
                deals.truncate(usize::try_from(g).unwrap_or(usize::MAX));
            }
            let players = deals[0].hands.len();
            if let Some(p) = args.players.filter(|&p| usize::from(p) != players) {
                bail!("--players {p} but the deals are for {players}");
            }
            let n = deals.len() as u64;
            (Deals::Given(deals), n)
        }
        None => {
            if args.players.is_none() {
                bail!("--players is required (1 to 5) unless --deals is given");
            }
            (Deals::Seeded, args.games.unwrap_or(10_000))
        }
    };
    let run = tournament(&args.bot, args.budget, args.players, deals, args.seed)
        .with_context(|| {
            args.deals
                .as_ref()
                .map_or_else(|| "--players".to_owned(), |p| p.display().to_string())
        })?
        .with_exec(&args.exec.spec(""));
    let mut log = progress::open_log(args.log.as_deref(), args.bot.starts_with("exec:"))?;
    let players = run.players();
    let threads = progress::threads_or_every_core(args.threads);
    let bar = progress::bar(games);
    let report = sim::run(
        &run,
        Options {
            games,
            threads,
            log: log.as_mut().map(|l| l as &mut dyn std::io::Write),
            progress: &|n| bar.inc(n),
        },
    )?;
    bar.finish_and_clear();
    let budget = budget_label(&args.bot, args.budget, players);
    if args.json {
        let output = Output {
            settings: Settings {
                bot: args.bot.clone(),
                budget,
                seed: args.seed,
                deals: args.deals.as_ref().map(|p| p.display().to_string()),
            },
            report: &report,
        };
        println!("{}", serde_json::to_string(&output)?);
        return Ok(());
    }
    let team = &report.bots[0];
    println!(
        "The Game, {} player(s), bot {}{}, {} games ({}):",
        players,
        args.bot,
        budget.map_or_else(String::new, |b| format!(" (budget {b})")),
        report.games,
        match &args.deals {
            Some(p) => format!("deals from {}", p.display()),
            None => format!("seeds {}..", args.seed),
        }
    );
    let mean = |key: &str| team.means.get(key).copied().unwrap_or(0.0);
    println!(
        "  win rate           {:>8.2} % ± {:.2} %",
        100.0 * team.win_rate,
        100.0 * team.win_rate_ci95
    );
    if team.forfeits > 0 {
        println!(
            "  forfeited games    {:>8} (the errors are above; counted as lost)",
            team.forfeits
        );
    }
    println!("  mean cards left    {:>8.2}", mean("cards_left"));
    println!("  fewer than 10 left {:>8.2} %", 100.0 * mean("under_10"));
    println!(
        "  speed              {:>8.0} games/s on {threads} thread(s), {:.2} s",
        report.games_per_second, report.seconds
    );
    Ok(())
}

/// Nanoseconds this thread has spent on a CPU, where Linux reports it.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

#[derive(Serialize)]
struct BenchRow<'a> {
    bot: &'a str,
    budget: Option<String>,
    players: u8,
    games: u64,
    win_rate: f64,
    wall_seconds: f64,
    cpu_seconds: Option<f64>,
    games_per_second_per_core: f64,
}

/// Plays games `range` of `run` on this thread and tallies them.
fn play_range(run: &Tournament<State>, range: std::ops::Range<u64>) -> anyhow::Result<Report> {
    let mut tally = Tally::new(run);
    let mut bots = run.worker()?;
    for game in range {
        tally.add(&run.play(&mut bots, game, false)?);
    }
    Ok(tally.report(run, 1, 0.0))
}

/// `tabletop bench thegame`: single-threaded games per second for each bot and player count.
pub fn bench(args: &BenchArgs) -> anyhow::Result<()> {
    let entries: Vec<&str> = match &args.bot {
        Some(name) => vec![name],
        None => bot_names().into_iter().filter(|b| *b != "search").collect(),
    };
    let counts: Vec<u8> = match args.players {
        Some(p) if (1..=5).contains(&p) => vec![p],
        Some(p) => bail!("--players {p}: The Game is for 1 to 5 players"),
        None => (1..=5).collect(),
    };
    let mut rows = Vec::new();
    if !args.json {
        println!("bot        players   games/s/core   ms/game   win %   (wall s, cpu s)");
    }
    for bot in entries {
        let games = args
            .games
            .unwrap_or(if bot == "search" { 200 } else { 100_000 });
        for &players in &counts {
            let run = tournament(bot, args.budget, Some(players), Deals::Seeded, args.seed)?;
            // Warm up caches and the branch predictor.
            play_range(&run, 0..(games / 10).min(1000))?;
            let cpu0 = thread_cpu_ns();
            let t0 = Instant::now();
            let report = play_range(&run, 0..games)?;
            let wall = t0.elapsed().as_secs_f64();
            let cpu = match (cpu0, thread_cpu_ns()) {
                (Some(a), Some(b)) if b > a => Some((b - a) as f64 / 1e9),
                _ => None,
            };
            let row = BenchRow {
                bot,
                budget: budget_label(bot, args.budget, players),
                players,
                games,
                win_rate: report.bots[0].win_rate,
                wall_seconds: wall,
                cpu_seconds: cpu,
                games_per_second_per_core: games as f64 / cpu.unwrap_or(wall).max(1e-9),
            };
            if !args.json {
                println!(
                    "{:<10} {:>7} {:>14.1} {:>9.3} {:>7.2}   ({:.3}, {})",
                    row.bot,
                    row.players,
                    row.games_per_second_per_core,
                    1000.0 / row.games_per_second_per_core.max(1e-9),
                    100.0 * row.win_rate,
                    row.wall_seconds,
                    row.cpu_seconds
                        .map_or_else(|| "n/a".to_string(), |c| format!("{c:.3}"))
                );
            }
            rows.push(row);
        }
    }
    if args.json {
        println!("{}", serde_json::to_string(&rows)?);
    }
    Ok(())
}
