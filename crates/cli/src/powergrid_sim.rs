//! `tabletop sim powergrid`: argument parsing and printing around the `sim` crate's Power Grid
//! tournament (seating, seeding, threads and tallies are decided there).
//!
//! Decisions:
//! - `--seats` defaults to the heuristic in every seat; `--players` defaults to the number of
//!   seats listed, or 4. A seat may be `exec:COMMAND`, an external bot (`docs/bot-protocol.md`;
//!   `--time-ms`, `--bot-logs`); a seat-game it forfeits is counted and warned about.
//! - The table is per bot (a bot listed twice is pooled): wins with ties shared over its
//!   seat-games, and the win rate with its 95 % interval over the *games* it played (the seats
//!   of one game are not independent samples), mean cities powered and money at the end, mean
//!   rounds of its games, and decisions per second of its own thinking time.
//! - `--against panel` plays the one bot of `--seats` (default: the heuristic) against each
//!   style of the panel (`sim::powergrid::panel`) and prints one row per style: games, win rate
//!   with its 95 % interval, mean cities connected and powered, the share of games ending with 5
//!   or more connected cities unpowered, games per second, and the bot's decision times.
//! - Both tables give each bot's thinking time per decision as mean / 99th percentile / slowest
//!   in milliseconds (`sim::Timings`), so a claim like "≤ 100 ms per decision" can be read off.
//! - Both tables give each bot's mean money at the end of the games it won and of those it lost
//!   (`sim::powergrid::money_left`).
//! - `--regrets FILE` runs the regret finder (`sim::powergrid::regret`) instead of the
//!   tournament: over the lineup, or with `--against panel` over each style, for the first
//!   bot listed; it prints each field's losses and those another final round would have won,
//!   and writes each of those with its game to FILE.
//! - `--swap TEACHER:PHASES[:ROUND]` plays every game of the run twice
//!   (`sim::powergrid::swap`), the second time with another bot deciding the examined bot's
//!   turns in those phases from that round on, and prints per field the losses each way and
//!   the games the teacher saved and spoiled.
//! - `--log FILE` writes one complete game record per line in game order, flushed as the games
//!   come in, so a long run that is stopped still leaves usable records.

use crate::external::ExecOptions;
use crate::progress;
use anyhow::{bail, Context};
use bots::powergrid::{Budget, Config};
use bots::Registered;
use powergrid::MapId;
use serde::Serialize;
use sim::Tournament;
use sim::{Options, Report};
use std::path::PathBuf;

/// The boards, for `--map`.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Map {
    Germany,
    Usa,
}

impl From<Map> for MapId {
    fn from(map: Map) -> MapId {
        match map {
            Map::Germany => MapId::Germany,
            Map::Usa => MapId::Usa,
        }
    }
}

fn seat_parser() -> progress::Seat {
    progress::Seat {
        names: || powergrid::State::REGISTRY.iter().map(|b| b.name).collect(),
        check: |spec| sim::check::<powergrid::State>(spec).map_err(|e| e.to_string()),
    }
}

/// Fields to play one bot against, for `--against`.
#[derive(Clone, Copy, clap::ValueEnum)]
pub enum Against {
    /// Every style of the panel (casual, builder, tycoon, hoarder, blocker, green), one row each.
    Panel,
}

/// Arguments of `tabletop sim powergrid`.
#[derive(clap::Args)]
pub struct SimArgs {
    /// Players per game, 2 to 6 [default: the number of --seats, or 4].
    #[arg(long)]
    players: Option<u8>,
    /// The board.
    #[arg(long, value_enum, default_value_t = Map::Germany)]
    map: Map,
    /// One bot per seat, comma separated (e.g. heuristic,search,random,heuristic); a seat may be
    /// exec:COMMAND, an external bot (docs/bot-protocol.md) [default: heuristic in every seat].
    #[arg(long, value_delimiter = ',', value_parser = seat_parser())]
    seats: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 100, allow_negative_numbers = true, value_parser = progress::games)]
    games: u64,
    /// Seed of the first deal.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played in parallel [default: every core].
    #[arg(long, allow_negative_numbers = true, value_parser = progress::threads)]
    threads: Option<usize>,
    /// The search bot's rollouts per decision, with no time cap: reproducible from the seed on
    /// any machine [default: 64 rollouts, none started after 100 ms, which reproduces unless a
    /// decision reaches the cap; docs/sim.md].
    #[arg(long, allow_negative_numbers = true, value_parser = progress::games)]
    search_iterations: Option<u64>,
    /// The search bot's time per decision in milliseconds, instead of a number of rollouts
    /// (wall clock: results vary with load and do not reproduce).
    #[arg(long, conflicts_with = "search_iterations")]
    search_ms: Option<u64>,
    /// Threads of each search bot.
    #[arg(long, default_value_t = 1, allow_negative_numbers = true, value_parser = progress::threads)]
    search_threads: usize,
    /// Write every game's complete record to FILE, one JSON line per game, in game order
    /// (`tabletop replay FILE` plays them back). The file is replaced.
    #[arg(long, value_name = "FILE")]
    log: Option<PathBuf>,
    /// Print the results as one JSON object.
    #[arg(long)]
    json: bool,
    /// Play the one bot of --seats (default: the heuristic) in one seat against every other
    /// seat of each panel style, --games games per style, and print one row per style.
    #[arg(long, value_enum)]
    against: Option<Against>,
    /// Search every game the bot lost (the first of --seats; with --against, the panel's bot)
    /// for a final round that would have won it, and write each such loss to FILE, one JSON
    /// line each, with the game to play again (docs/sim.md).
    #[arg(long, value_name = "FILE")]
    regrets: Option<PathBuf>,
    /// Play every game twice, the second time with TEACHER deciding the bot's turns (the first
    /// of --seats; with --against, the panel's bot) in PHASES (auction, or its parts opening,
    /// bidding and discard; resources, building, bureaucracy; joined by +) from ROUND on, and
    /// print the losses each way (docs/sim.md).
    #[arg(long, value_name = "TEACHER:PHASES[:ROUND]", conflicts_with = "regrets",
          value_parser = |s: &str| s.parse::<sim::powergrid::swap::Swap>())]
    swap: Option<sim::powergrid::swap::Swap>,
    #[command(flatten)]
    exec: ExecOptions,
}

/// The run's settings, printed with its report.
#[derive(Serialize)]
struct Settings {
    map: &'static str,
    seats: Vec<String>,
    seats_rotate: bool,
    seed: u64,
    search: String,
}

#[derive(Serialize)]
struct Output<'a> {
    #[serde(flatten)]
    settings: Settings,
    #[serde(flatten)]
    report: &'a Report,
}

/// The lineup from `--players` and `--seats`.
fn lineup(players: Option<u8>, seats: &[String]) -> anyhow::Result<Vec<String>> {
    match (players, seats.len()) {
        (p, 0) => Ok(vec!["heuristic".to_owned(); usize::from(p.unwrap_or(4))]),
        (Some(p), n) if n != usize::from(p) => bail!(
            "--seats lists {n} bots for --players {p}: give one per seat, or leave --seats out \
             for the heuristic in every seat"
        ),
        _ => Ok(seats.to_vec()),
    }
}

fn config(args: &SimArgs) -> anyhow::Result<Config> {
    Ok(Config {
        budget: match (args.search_iterations, args.search_ms) {
            (_, Some(ms)) => Budget::Millis(ms),
            (Some(n), None) => Budget::Iterations(u32::try_from(n).context("--search-iterations")?),
            (None, None) => Budget::STANDARD,
        },
        threads: args.search_threads,
    })
}

fn budget_text(config: &Config) -> String {
    match config.budget {
        Budget::Iterations(n) => format!("{n} iterations x {} threads", config.threads),
        Budget::Millis(ms) => format!("{ms} ms x {} threads", config.threads),
        Budget::Capped { rollouts, millis } => format!(
            "{rollouts} iterations (none started after {millis} ms) x {} threads",
            config.threads
        ),
    }
}

/// A bot's decision times as "mean / p99 / max" in milliseconds, or "-" when untimed.
fn times_text(b: &sim::BotReport) -> String {
    b.decision_times.map_or_else(
        || "-".to_owned(),
        |t| format!("{:.3} / {:.1} / {:.1}", t.mean_ms, t.p99_ms, t.max_ms),
    )
}

/// A bot's win rate from the first seat of round 1's turn order (`-` if it never sat there).
fn as_first(b: &sim::BotReport) -> String {
    let mean = |key: &str| b.means.get(key).copied().unwrap_or(0.0);
    if mean("first") > 0.0 {
        format!("{:.1}%", 100.0 * mean("first_wins") / mean("first"))
    } else {
        "-".to_owned()
    }
}

/// A bot's mean money at the end when it won and when it lost, as "W / L" ("-" for none).
fn money_left_text(b: &sim::BotReport) -> String {
    let (won, lost) = sim::powergrid::money_left(b);
    let text = |m: Option<f64>| m.map_or_else(|| "-".to_owned(), |m| format!("{m:.1}"));
    format!("{} / {}", text(won), text(lost))
}

/// The bot `--against` plays: the one of `--seats`, or the heuristic.
fn panel_bot(seats: &[String]) -> anyhow::Result<String> {
    match seats {
        [] => Ok("heuristic".to_owned()),
        [one] if one.starts_with("exec:") => {
            bail!("--against plays built-in bots only, not {one}")
        }
        [one] => Ok(one.clone()),
        more => bail!(
            "--against plays one bot against the panel: give one bot in --seats, not {}",
            more.len()
        ),
    }
}

/// `tabletop sim powergrid --against panel`.
fn against_panel(args: &SimArgs) -> anyhow::Result<()> {
    let bot = panel_bot(&args.seats)?;
    if args.log.is_some() {
        bail!("--against does not write --log: run one lineup with --seats to log its games");
    }
    let players = args.players.unwrap_or(4);
    let config = config(args)?;
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()));
    let bar = progress::bar(args.games * sim::powergrid::panel_styles() as u64);
    let rows = sim::powergrid::panel(
        &bot,
        players,
        MapId::from(args.map),
        args.seed,
        config,
        Options {
            games: args.games,
            threads,
            log: None,
            progress: &|n| bar.inc(n),
        },
    )?;
    bar.finish_and_clear();
    if args.json {
        println!("{}", serde_json::to_string(&rows)?);
        return Ok(());
    }
    println!(
        "Power Grid, {bot} in one seat against {} of each panel style on {}, {} games each \
         (seed {}, seats rotate over each deal; search: {})",
        players - 1,
        MapId::from(args.map).as_str(),
        args.games,
        args.seed,
        budget_text(&config)
    );
    println!(
        "{:<8} {:>6} {:>16} {:>7} {:>8} {:>13} {:>10} {:>13} {:>8} {:>26}",
        "style",
        "games",
        "win rate",
        "cities",
        "powered",
        "unpowered>=5",
        "as first",
        "money won/lost",
        "games/s",
        "ms/decision mean/p99/max"
    );
    for row in &rows {
        let Some(b) = row.report.bots.iter().find(|b| b.bot == bot) else {
            continue;
        };
        let mean = |key: &str| b.means.get(key).copied().unwrap_or(0.0);
        println!(
            "{:<8} {:>6} {:>7.1}% ±{:>5.1}% {:>7.2} {:>8.2} {:>12.1}% {:>10} {:>14} {:>8.2} {:>26}",
            row.style,
            b.games,
            100.0 * b.win_rate,
            100.0 * b.win_rate_ci95,
            mean("cities"),
            mean("cities_powered"),
            100.0 * mean("unpowered_5"),
            as_first(b),
            money_left_text(b),
            row.report.games_per_second,
            times_text(b)
        );
    }
    Ok(())
}

/// `tabletop sim powergrid --regrets FILE`: the regret finder over one lineup, or over each
/// panel style with `--against panel`.
fn regrets(args: &SimArgs, file: &std::path::Path) -> anyhow::Result<()> {
    if args.log.is_some() {
        bail!("--regrets does not write --log: its FILE holds every game it reports");
    }
    let config = config(args)?;
    let map = MapId::from(args.map);
    let fields = examined_fields(args, "--regrets")?;
    let threads = progress::threads_or_every_core(args.threads);
    let mut out = std::io::BufWriter::new(
        std::fs::File::create(file).with_context(|| format!("creating {}", file.display()))?,
    );
    println!(
        "Power Grid regrets on {}, {} games per field (seed {}; search: {}): losses of {} \
         that another final round would have won",
        map.as_str(),
        args.games,
        args.seed,
        budget_text(&config),
        fields
            .first()
            .and_then(|(_, l)| l.first())
            .map_or("-", String::as_str)
    );
    println!(
        "{:<28} {:>6} {:>10} {:>7} {:>8} {:>9} {:>9}",
        "field", "games", "seat-games", "losses", "regrets", "outright", "diverged"
    );
    for (name, lineup) in &fields {
        let t = Tournament::<powergrid::State>::new(map, lineup.clone(), args.seed, Some(config))?;
        let bot = lineup.first().cloned().unwrap_or_default();
        let bar = progress::bar(args.games);
        let found =
            sim::powergrid::regret::find(&t, &bot, 0..args.games, threads, &|n| bar.inc(n))?;
        bar.finish_and_clear();
        println!(
            "{:<28} {:>6} {:>10} {:>7} {:>8} {:>9} {:>9}",
            name,
            found.games,
            found.seat_games,
            found.losses,
            found.regrets.len(),
            found.regrets.iter().filter(|r| r.outright).count(),
            found.diverged
        );
        for r in &found.regrets {
            println!(
                "  game {} (deal {}), seat {}, round {}: powered {} with {} Elektro left \
                 (winner {}); {} powers {} with {} left{}",
                r.game,
                r.deal,
                r.seat.0,
                r.round,
                r.lost.0,
                r.lost.1,
                r.winner_powered,
                r.plan_text,
                r.won.0,
                r.won.1,
                if r.outright {
                    ", beating the winner as played"
                } else {
                    ""
                }
            );
            serde_json::to_writer(&mut out, r)?;
            std::io::Write::write_all(&mut out, b"\n")?;
        }
    }
    std::io::Write::flush(&mut out)?;
    Ok(())
}

/// The lineups of a `--regrets` or `--swap` run: the one of `--seats`, or with `--against
/// panel` one per style, the examined bot first.
fn examined_fields(args: &SimArgs, flag: &str) -> anyhow::Result<Vec<(String, Vec<String>)>> {
    let fields: Vec<(String, Vec<String>)> = if args.against.is_some() {
        let bot = panel_bot(&args.seats)?;
        let players = usize::from(args.players.unwrap_or(4));
        bots::powergrid::panel::STYLES
            .iter()
            .map(|&style| {
                let mut lineup = vec![style.to_owned(); players];
                lineup[0] = bot.clone();
                (style.to_owned(), lineup)
            })
            .collect()
    } else {
        let lineup = lineup(args.players, &args.seats)?;
        vec![(lineup.join(","), lineup)]
    };
    if fields
        .iter()
        .flat_map(|(_, l)| l)
        .any(|s| s.starts_with("exec:"))
    {
        bail!("{flag} plays built-in bots only");
    }
    Ok(fields)
}

/// `tabletop sim powergrid --swap TEACHER:PHASES[:ROUND]`: every game with and without the
/// teacher deciding those turns of the examined bot, over one lineup or each panel style.
fn swap(args: &SimArgs, swap: &sim::powergrid::swap::Swap) -> anyhow::Result<()> {
    if args.log.is_some() || args.json {
        bail!("--swap prints its table only: drop --log and --json");
    }
    let config = config(args)?;
    let map = MapId::from(args.map);
    let fields = examined_fields(args, "--swap")?;
    let threads = progress::threads_or_every_core(args.threads);
    let bot = fields
        .first()
        .and_then(|(_, l)| l.first())
        .cloned()
        .unwrap_or_default();
    println!(
        "Power Grid swap on {}, {} games per field (seed {}; search: {}): {bot} as it plays, \
         then with {} deciding its turns in {} from round {}",
        map.as_str(),
        args.games,
        args.seed,
        budget_text(&config),
        swap.teacher,
        swap.phase_names().join(", "),
        swap.from_round
    );
    println!(
        "{:<28} {:>6} {:>10} {:>7} {:>8} {:>6} {:>8}",
        "field", "games", "seat-games", "losses", "swapped", "saved", "spoiled"
    );
    for (name, lineup) in &fields {
        let t = Tournament::<powergrid::State>::new(map, lineup.clone(), args.seed, Some(config))?;
        let bar = progress::bar(args.games);
        let r = sim::powergrid::swap::run(&t, &bot, swap, 0..args.games, threads, &|n| bar.inc(n))?;
        bar.finish_and_clear();
        println!(
            "{:<28} {:>6} {:>10} {:>7} {:>8} {:>6} {:>8}",
            name, r.games, r.seat_games, r.losses, r.swapped_losses, r.saved, r.spoiled
        );
    }
    Ok(())
}

/// `tabletop sim powergrid`.
pub fn sim(args: &SimArgs) -> anyhow::Result<()> {
    if let Some(file) = &args.regrets {
        return regrets(args, file);
    }
    if let Some(s) = &args.swap {
        return swap(args, s);
    }
    if args.against.is_some() {
        return against_panel(args);
    }
    let lineup = lineup(args.players, &args.seats)?;
    let config = config(args)?;
    let map = MapId::from(args.map);
    let tournament =
        Tournament::<powergrid::State>::new(map, lineup.clone(), args.seed, Some(config))?
            .with_exec(&args.exec.spec(""));
    let mut log = progress::open_log(
        args.log.as_deref(),
        lineup.iter().any(|s| s.starts_with("exec:")),
    )?;
    let threads = progress::threads_or_every_core(args.threads);
    let bar = progress::bar(args.games);
    let report = sim::run(
        &tournament,
        Options {
            games: args.games,
            threads,
            log: log.as_mut().map(|l| l as &mut dyn std::io::Write),
            progress: &|n| bar.inc(n),
        },
    )?;
    bar.finish_and_clear();
    let settings = Settings {
        map: map.as_str(),
        seats: lineup,
        seats_rotate: tournament.rotates(),
        seed: args.seed,
        search: budget_text(&config),
    };
    if args.json {
        let output = Output {
            settings,
            report: &report,
        };
        println!("{}", serde_json::to_string(&output)?);
        return Ok(());
    }
    println!(
        "Power Grid, {} players on {}, {} games (seed {}, {}; search: {}), {:.1} s",
        report.players,
        settings.map,
        report.games,
        settings.seed,
        if settings.seats_rotate {
            "seats rotate over each deal"
        } else {
            "the same bot in every seat: a new deal every game"
        },
        settings.search,
        report.seconds
    );
    // The name column fits the longest name (an exec: command can be long).
    let w = report
        .bots
        .iter()
        .map(|b| b.bot.chars().count())
        .max()
        .unwrap_or(0)
        .max(10);
    println!(
        "{:<w$} {:>6} {:>10} {:>8} {:>16} {:>14} {:>8} {:>14} {:>7} {:>9} {:>12} {:>26}",
        "bot",
        "games",
        "seat-games",
        "wins",
        "win rate",
        "cities powered",
        "money",
        "money won/lost",
        "rounds",
        "as first",
        "decisions/s",
        "ms/decision mean/p99/max"
    );
    for b in &report.bots {
        let mean = |key: &str| b.means.get(key).copied().unwrap_or(0.0);
        println!(
            "{:<w$} {:>6} {:>10} {:>8.1} {:>7.1}% ±{:>5.1}% {:>14.2} {:>8.1} {:>14} {:>7.2} {:>9} {:>12.0} {:>26}",
            b.bot,
            b.games,
            b.seat_games,
            b.wins,
            100.0 * b.win_rate,
            100.0 * b.win_rate_ci95,
            mean("cities_powered"),
            mean("money"),
            money_left_text(b),
            mean("rounds"),
            as_first(b),
            b.decisions_per_second.unwrap_or(0.0),
            times_text(b)
        );
    }
    let forfeits: u64 = report.bots.iter().map(|b| b.forfeits).sum();
    if forfeits > 0 {
        println!(
            "warning: {forfeits} seat-game(s) forfeited by external bots (the errors are above; \
             a forfeit loses any share of the win)"
        );
    }
    if report.unfinished > 0 {
        println!(
            "warning: {} game(s) passed round {} without ending and were stopped unfinished \
             (a loss for every seat; see docs/rules-notes.md)",
            report.unfinished,
            botproto::ROUND_CAP
        );
    }
    if !settings.seats_rotate {
        println!(
            "(one bot holds every seat: its win rate is 1/{} by definition)",
            report.players
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_panel_plays_one_built_in_bot() {
        assert_eq!(panel_bot(&[]).unwrap(), "heuristic");
        assert_eq!(panel_bot(&["search".to_owned()]).unwrap(), "search");
        let two = ["search".to_owned(), "random".to_owned()];
        assert_eq!(
            panel_bot(&two).unwrap_err().to_string(),
            "--against plays one bot against the panel: give one bot in --seats, not 2"
        );
        assert!(panel_bot(&["exec:./bot".to_owned()]).is_err());
    }

    #[test]
    fn seats_default_to_the_heuristic_everywhere() {
        assert_eq!(lineup(Some(4), &[]).unwrap(), vec!["heuristic"; 4]);
        assert_eq!(lineup(None, &[]).unwrap().len(), 4);
        let two = vec!["random".to_owned(), "heuristic".to_owned()];
        assert_eq!(lineup(None, &two).unwrap(), two);
        assert_eq!(
            lineup(Some(3), &two).unwrap_err().to_string(),
            "--seats lists 2 bots for --players 3: give one per seat, or leave --seats out for \
             the heuristic in every seat"
        );
    }
}
