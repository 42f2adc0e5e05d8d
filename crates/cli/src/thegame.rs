//! `tabletop sim thegame` and `tabletop bench thegame`.
//!
//! Decisions:
//! - Game `i` of a run (counted from 0) is the deal of seed `S + i` (wrapping), so any single
//!   game can be replayed with `--seed S+i --games 1`; each seat's bot is reseeded per game
//!   from `(S, i, seat)`. Results therefore do not depend on `--threads`.
//! - Workers take games in chunks from a shared counter and keep their own tallies, merged at
//!   the end; the progress bar is fed per chunk.
//! - `--budget` sets the search bot's thinking per decision (playouts, or milliseconds with
//!   `ms`); it is refused for bots that do not search, rather than silently ignored.
//! - `bench` without `--bot` measures the fast bots (random, heuristic); the search bot is
//!   thousands of times slower and is measured with `--bot search` and a few hundred games.
//! - Speed per core is measured from the thread's own CPU time (`/proc/thread-self/schedstat`,
//!   nanoseconds on CPU) when available, so a busy shared machine does not distort it; wall
//!   time is reported too.

use crate::external::ExecOptions;
use anyhow::{bail, Context};
use botproto::{seat_spec, ExecSpec, External, SeatBot, SeatSpec};
use bots::thegame::{find, play_out, BotEntry, Budget, Config, Player, Search, REGISTRY};
use indicatif::{ProgressBar, ProgressStyle};
use serde::Serialize;
use std::io::BufRead;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;
use thegame::{DealRecord, Outcome, State};

/// Arguments of `tabletop sim thegame`.
#[derive(clap::Args)]
pub struct SimArgs {
    /// Players per game, 1 to 5 (taken from the deals when --deals is given).
    #[arg(long)]
    players: Option<u8>,
    /// The bot playing every seat: a built-in name or exec:COMMAND (one process per seat and
    /// thread, reused across games; see docs/bot-protocol.md).
    #[arg(long, default_value = "heuristic", value_parser = bot_name)]
    bot: String,
    /// Games to play (with --deals: at most this many of the deals).
    #[arg(long)]
    games: Option<u64>,
    /// Seed of the first game's deal; game i uses seed + i.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Worker threads (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Play exactly these deals: JSON lines {"hands": [[..],..], "draw_pile": [..], "first": 0}.
    #[arg(long)]
    deals: Option<PathBuf>,
    /// Thinking per decision for `--bot search`: playouts ("400"), milliseconds ("5ms") or
    /// "standard" (the default: the registered bot's playouts for the player count).
    #[arg(long)]
    budget: Option<Budget>,
    /// Print the results as one JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    exec: ExecOptions,
}

fn bot_name(name: &str) -> Result<String, String> {
    if name.starts_with("exec:") {
        return seat_spec(name)
            .map(|_| name.to_string())
            .map_err(|e| e.to_string());
    }
    find(name)
        .map(|b| b.name.to_string())
        .map_err(|e| e.to_string())
}

/// Arguments of `tabletop bench thegame`.
#[derive(clap::Args)]
pub struct BenchArgs {
    /// Games per bot and player count (default: 100,000; 200 for the search bot).
    #[arg(long)]
    games: Option<u64>,
    /// Only this player count (default: 1 to 5).
    #[arg(long)]
    players: Option<u8>,
    /// Only this bot (default: every bot but search).
    #[arg(long, value_parser = bot_name)]
    bot: Option<String>,
    /// Seed of the first deal.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Thinking per decision for `--bot search`: playouts ("400"), milliseconds ("5ms") or
    /// "standard" (the default: the registered bot's playouts for the player count).
    #[arg(long)]
    budget: Option<Budget>,
    /// Print the results as JSON.
    #[arg(long)]
    json: bool,
}

/// The bot that plays every seat of a run, with its options.
struct Roster {
    entry: &'static BotEntry,
    budget: Option<Budget>,
    /// An external bot (`exec:COMMAND`) in every seat instead of `entry`.
    exec: Option<(String, ExecSpec)>,
}

impl Roster {
    fn new(entry: &'static BotEntry, budget: Option<Budget>) -> anyhow::Result<Roster> {
        if budget.is_some() && entry.name != "search" {
            bail!(
                "--budget applies to the search bot only, not to {}",
                entry.name
            );
        }
        Ok(Roster {
            entry,
            budget,
            exec: None,
        })
    }

    /// The roster for `--bot`: a built-in bot's name or `exec:COMMAND`.
    fn from_arg(bot: &str, budget: Option<Budget>, exec: &ExecOptions) -> anyhow::Result<Roster> {
        match seat_spec(bot)? {
            SeatSpec::BuiltIn(name) => Roster::new(find(&name)?, budget),
            SeatSpec::Exec(command) => {
                if budget.is_some() {
                    bail!("--budget applies to the search bot only, not to {bot}");
                }
                Ok(Roster {
                    entry: find("random")?,
                    budget,
                    exec: Some((bot.to_string(), exec.spec(&command))),
                })
            }
        }
    }

    fn name(&self) -> &str {
        match &self.exec {
            Some((name, _)) => name,
            None => self.entry.name,
        }
    }

    fn make(&self, seed: u64) -> Box<dyn Player> {
        match self.budget {
            Some(budget) => Box::new(Search::with_config(
                seed,
                Config {
                    budget,
                    ..Config::default()
                },
            )),
            None => (self.entry.make)(seed),
        }
    }

    /// The budget in use for `players`, for reports: `None` for bots that do not search.
    fn budget(&self, players: u8) -> Option<String> {
        (self.entry.name == "search").then(|| {
            self.budget
                .unwrap_or(Config::default().budget)
                .for_players(players)
                .to_string()
        })
    }
}

/// Tallies of finished games.
#[derive(Clone, Debug, Default, Serialize)]
struct Tally {
    games: u64,
    wins: u64,
    cards_left: u64,
    under_10: u64,
    /// Games an external bot forfeited by breaking the protocol.
    forfeits: u64,
    /// `histogram[n]`: games that ended with n cards left.
    histogram: Vec<u64>,
}

impl Tally {
    fn new() -> Tally {
        Tally {
            histogram: vec![0; 99],
            ..Tally::default()
        }
    }

    fn add(&mut self, outcome: Outcome) {
        self.add_played(outcome, false);
    }

    /// Adds a game; a forfeited one counts as lost (with the cards it left).
    fn add_played(&mut self, outcome: Outcome, forfeited: bool) {
        let left = outcome.cards_left();
        self.games += 1;
        self.forfeits += u64::from(forfeited);
        self.wins += u64::from(outcome.is_win() && !forfeited);
        self.cards_left += u64::from(left);
        self.under_10 += u64::from(left < 10);
        self.histogram[usize::from(left).min(98)] += 1;
    }

    fn merge(&mut self, other: &Tally) {
        self.games += other.games;
        self.wins += other.wins;
        self.cards_left += other.cards_left;
        self.under_10 += other.under_10;
        self.forfeits += other.forfeits;
        for (a, b) in self.histogram.iter_mut().zip(&other.histogram) {
            *a += b;
        }
    }

    fn rate(&self, n: u64) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            n as f64 / self.games as f64
        }
    }
}

/// The seed of seat `seat`'s bot in game `game`.
fn bot_seed(seed: u64, game: u64, seat: usize) -> u64 {
    let mut z = seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((seat as u64) << 59);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Where the games of a run come from.
enum Source {
    Seeded { players: u8, seed: u64 },
    Deals(Vec<DealRecord>),
}

impl Source {
    fn state(&self, game: u64) -> anyhow::Result<State> {
        Ok(match self {
            Source::Seeded { players, seed } => {
                State::seeded(*players, seed.wrapping_add(game), 0)?
            }
            Source::Deals(deals) => State::new(deals[game as usize].clone().into_setup())
                .with_context(|| format!("deal on line {}", game + 1))?,
        })
    }
}

/// The bots of a worker, kept from game to game: built-in ones, or external processes.
#[derive(Default)]
struct Seated {
    bots: Vec<Box<dyn Player>>,
    external: Vec<External<State>>,
}

/// Plays games `range` of `source` with the roster's bot in every seat.
fn play_games(
    roster: &Roster,
    players: u8,
    source: &Source,
    seed: u64,
    games: impl Iterator<Item = u64>,
    tally: &mut Tally,
    seated: &mut Seated,
) -> anyhow::Result<()> {
    let Seated { bots, external } = seated;
    if let Some((_, spec)) = &roster.exec {
        if external.len() != usize::from(players) {
            *external = (0..players).map(|_| External::new(spec.clone())).collect();
        }
        for game in games {
            let state = source.state(game)?;
            let seeds: Vec<u64> = (0..players.into())
                .map(|s| bot_seed(seed, game, s))
                .collect();
            let setup = serde_json::json!({"players": players, "first": state.seat_view(engine::Seat(0)).current});
            let mut seats: Vec<SeatBot<State>> =
                external.drain(..).map(SeatBot::External).collect();
            let played = botproto::play(state, &mut seats, &setup, &seeds, &format!("game {game}"));
            external.extend(seats.into_iter().filter_map(|s| match s {
                SeatBot::External(e) => Some(e),
                SeatBot::BuiltIn(_) => None,
            }));
            let played = played.with_context(|| format!("game {game}"))?;
            // A forfeit loses the game for the whole team (see docs/bot-protocol.md).
            let forfeited = played.forfeits.iter().any(Option::is_some);
            tally.add_played(played.outcome, forfeited);
        }
        return Ok(());
    }
    if bots.len() != usize::from(players) {
        *bots = (0..players).map(|_| roster.make(seed)).collect();
    }
    for game in games {
        let mut state = source.state(game)?;
        for (seat, bot) in bots.iter_mut().enumerate() {
            bot.reset(bot_seed(seed, game, seat));
        }
        let outcome = play_out(&mut state, bots).with_context(|| format!("game {game}"))?;
        tally.add(outcome);
    }
    Ok(())
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

#[derive(Serialize)]
struct SimReport<'a> {
    game: &'static str,
    bot: &'a str,
    budget: Option<String>,
    players: u8,
    games: u64,
    seed: u64,
    deals: Option<String>,
    threads: usize,
    wins: u64,
    forfeits: u64,
    win_rate: f64,
    mean_cards_left: f64,
    under_10_rate: f64,
    seconds: f64,
    games_per_second: f64,
    cards_left_histogram: &'a [u64],
}

/// `tabletop sim thegame`.
pub fn sim(args: &SimArgs) -> anyhow::Result<()> {
    let roster = Roster::from_arg(&args.bot, args.budget, &args.exec)?;
    let (source, players, games) = match &args.deals {
        Some(path) => {
            let mut deals = read_deals(path)?;
            if let Some(g) = args.games {
                deals.truncate(usize::try_from(g).unwrap_or(usize::MAX));
            }
            let players = deals[0].hands.len() as u8;
            if let Some(i) = deals
                .iter()
                .position(|d| d.hands.len() != usize::from(players))
            {
                bail!(
                    "line {} deals {} hands, the first line {players}: one player count per run",
                    i + 1,
                    deals[i].hands.len()
                );
            }
            if args.players.is_some_and(|p| p != players) {
                bail!(
                    "--players {} but the deals are for {players}",
                    args.players.unwrap_or(0)
                );
            }
            let n = deals.len() as u64;
            (Source::Deals(deals), players, n)
        }
        None => {
            let Some(players) = args.players else {
                bail!("--players is required (1 to 5) unless --deals is given");
            };
            if !(1..=5).contains(&players) {
                bail!("--players {players}: The Game is for 1 to 5 players");
            }
            let seed = args.seed;
            (
                Source::Seeded { players, seed },
                players,
                args.games.unwrap_or(10_000),
            )
        }
    };
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let bar = ProgressBar::new(games);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games ({per_sec}, eta {eta})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    // Small chunks for slow bots, so no thread idles long at the end of a run.
    let chunk = (games / (threads as u64 * 64)).clamp(1, 4096);
    let next = AtomicU64::new(0);
    let total = Mutex::new(Tally::new());
    let start = Instant::now();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| -> anyhow::Result<()> {
                    let mut tally = Tally::new();
                    let mut seated = Seated::default();
                    loop {
                        let from = next.fetch_add(chunk, Ordering::Relaxed);
                        if from >= games {
                            break;
                        }
                        let to = (from + chunk).min(games);
                        play_games(
                            &roster,
                            players,
                            &source,
                            args.seed,
                            from..to,
                            &mut tally,
                            &mut seated,
                        )?;
                        bar.inc(to - from);
                    }
                    total
                        .lock()
                        .map_err(|_| anyhow::anyhow!("a worker panicked"))?
                        .merge(&tally);
                    Ok(())
                })
            })
            .collect();
        for w in workers {
            w.join()
                .map_err(|_| anyhow::anyhow!("a worker panicked"))??;
        }
        Ok(())
    })?;
    let seconds = start.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let tally = total
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a worker panicked"))?;
    let report = SimReport {
        game: "thegame",
        bot: roster.name(),
        budget: roster.budget(players),
        players,
        games: tally.games,
        seed: args.seed,
        deals: args.deals.as_ref().map(|p| p.display().to_string()),
        threads,
        wins: tally.wins,
        forfeits: tally.forfeits,
        win_rate: tally.rate(tally.wins),
        mean_cards_left: tally.rate(tally.cards_left),
        under_10_rate: tally.rate(tally.under_10),
        seconds,
        games_per_second: tally.games as f64 / seconds.max(1e-9),
        cards_left_histogram: &tally.histogram,
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
    } else {
        println!(
            "The Game, {} player(s), bot {}{}, {} games ({}):",
            players,
            roster.name(),
            roster
                .budget(players)
                .map_or_else(String::new, |b| format!(" (budget {b})")),
            tally.games,
            match &args.deals {
                Some(p) => format!("deals from {}", p.display()),
                None => format!("seeds {}..", args.seed),
            }
        );
        println!("  win rate           {:>8.2} %", 100.0 * report.win_rate);
        if report.forfeits > 0 {
            println!(
                "  forfeited games    {:>8} (the errors are above; counted as lost)",
                report.forfeits
            );
        }
        println!("  mean cards left    {:>8.2}", report.mean_cards_left);
        println!(
            "  fewer than 10 left {:>8.2} %",
            100.0 * report.under_10_rate
        );
        println!(
            "  speed              {:>8.0} games/s on {threads} thread(s), {seconds:.2} s",
            report.games_per_second
        );
    }
    Ok(())
}

/// Nanoseconds this thread has spent on a CPU, where Linux reports it.
fn thread_cpu_ns() -> Option<u64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    text.split_whitespace().next()?.parse().ok()
}

#[derive(Serialize)]
struct BenchRow {
    bot: &'static str,
    budget: Option<String>,
    players: u8,
    games: u64,
    win_rate: f64,
    wall_seconds: f64,
    cpu_seconds: Option<f64>,
    games_per_second_per_core: f64,
}

/// `tabletop bench thegame`: single-threaded games per second for each bot and player count.
pub fn bench(args: &BenchArgs) -> anyhow::Result<()> {
    let entries: Vec<&'static BotEntry> = match &args.bot {
        Some(name) => vec![find(name)?],
        None => REGISTRY.iter().filter(|b| b.name != "search").collect(),
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
    for entry in entries {
        let roster = Roster::new(entry, args.budget)?;
        let games = args
            .games
            .unwrap_or(if entry.name == "search" { 200 } else { 100_000 });
        for &players in &counts {
            let source = Source::Seeded {
                players,
                seed: args.seed,
            };
            let mut tally = Tally::new();
            let mut seated = Seated::default();
            // Warm up caches and the branch predictor.
            play_games(
                &roster,
                players,
                &source,
                args.seed,
                0..(games / 10).min(1000),
                &mut Tally::new(),
                &mut seated,
            )?;
            let cpu0 = thread_cpu_ns();
            let t0 = Instant::now();
            play_games(
                &roster,
                players,
                &source,
                args.seed,
                0..games,
                &mut tally,
                &mut seated,
            )?;
            let wall = t0.elapsed().as_secs_f64();
            let cpu = match (cpu0, thread_cpu_ns()) {
                (Some(a), Some(b)) if b > a => Some((b - a) as f64 / 1e9),
                _ => None,
            };
            let row = BenchRow {
                bot: entry.name,
                budget: roster.budget(players),
                players,
                games,
                win_rate: tally.rate(tally.wins),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_budget_is_for_the_search_bot_only() {
        let err = Roster::new(find("heuristic").unwrap(), Some(Budget::Playouts(10)))
            .err()
            .unwrap();
        assert_eq!(
            err.to_string(),
            "--budget applies to the search bot only, not to heuristic"
        );
        let plain = Roster::new(find("heuristic").unwrap(), None).unwrap();
        assert_eq!(plain.budget(3), None);
        // Without --budget, the standard budget for the player count is reported.
        let default = Roster::new(find("search").unwrap(), None).unwrap();
        for players in 1..=5 {
            assert_eq!(
                default.budget(players),
                Some(Budget::STANDARD_PLAYOUTS[usize::from(players) - 1].to_string())
            );
        }
        let small = Roster::new(find("search").unwrap(), Some(Budget::Playouts(12))).unwrap();
        assert_eq!(small.budget(2).as_deref(), Some("12"));
        let standard = Roster::new(find("search").unwrap(), Some(Budget::Standard)).unwrap();
        assert_eq!(standard.budget(1), default.budget(1));
        assert_eq!(small.make(1).name(), "search");
    }

    #[test]
    fn a_search_run_plays_every_game_at_its_budget() {
        let roster = Roster::new(find("search").unwrap(), Some(Budget::Playouts(8))).unwrap();
        let source = Source::Seeded {
            players: 3,
            seed: 11,
        };
        let mut tally = Tally::new();
        let mut seated = Seated::default();
        play_games(&roster, 3, &source, 11, 0..3, &mut tally, &mut seated).unwrap();
        assert_eq!(tally.games, 3);
        assert_eq!(tally.histogram.iter().sum::<u64>(), 3);
        assert_eq!(seated.bots.len(), 3);
    }
}
