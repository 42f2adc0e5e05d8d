//! `tabletop sim powergrid`: a tournament between Power Grid bots.
//!
//! Decisions:
//! - Seats rotate: game `g` deals seed `S + g / P` (P players) and seats the listed bots turned
//!   by `g % P` places, so over every block of P games each bot plays each seat of the same
//!   deal once and no bot keeps a seat advantage. Run a multiple of P games for full blocks.
//! - Each seat's bot is seeded from `(S, g, seat)`, so results do not depend on `--threads`.
//! - Threads play whole games in parallel (taken from a shared counter); the search bot's own
//!   threads are `--search-threads`.
//! - Results are per bot name (a bot listed twice is pooled): wins with ties shared, win rate
//!   per seat-game with a 95% normal-approximation interval, mean cities powered and money at
//!   the end, mean rounds of its games, and decisions per second of its own thinking time.
//! - `--log FILE` appends one JSON line per finished game, so a long run that is stopped still
//!   leaves usable results.

use crate::external::ExecOptions;
use anyhow::{bail, Context};
use botproto::{public_setup, seat_spec, External, SeatBot, SeatSpec};
use bots::powergrid::{find, play_game, Budget, Config, GameRecord, REGISTRY};
use engine::Seat;
use indicatif::{ProgressBar, ProgressStyle};
use powergrid::{MapId, Setup, State};
use serde::Serialize;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::Instant;

/// Arguments of `tabletop sim powergrid`.
#[derive(clap::Args)]
pub struct SimArgs {
    /// Players per game, 2 to 6.
    #[arg(long, default_value_t = 4)]
    players: u8,
    /// The board: germany or usa.
    #[arg(long, default_value = "germany")]
    map: String,
    /// One bot per seat, comma separated (e.g. heuristic,search,random,heuristic); a seat may be
    /// exec:COMMAND, an external bot (docs/bot-protocol.md).
    #[arg(long, value_delimiter = ',')]
    seats: Vec<String>,
    /// Games to play.
    #[arg(long, default_value_t = 100)]
    games: u64,
    /// Seed of the first deal.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Games played in parallel (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// The search bot's time per decision, in milliseconds.
    #[arg(long, default_value_t = 50)]
    search_ms: u64,
    /// The search bot's rollouts per decision (instead of --search-ms; reproducible).
    #[arg(long)]
    search_iterations: Option<u32>,
    /// Threads of each search bot.
    #[arg(long, default_value_t = 1)]
    search_threads: usize,
    /// Append one JSON line per finished game to this file.
    #[arg(long)]
    log: Option<PathBuf>,
    /// Print the results as one JSON object.
    #[arg(long)]
    json: bool,
    #[command(flatten)]
    exec: ExecOptions,
}

/// One bot's totals over its seat-games.
#[derive(Clone, Debug, Default, Serialize)]
struct BotTally {
    bot: String,
    seat_games: u64,
    wins: f64,
    cities_powered: u64,
    money: u64,
    rounds: u64,
    decisions: u64,
    nanos: u64,
}

#[derive(Serialize)]
struct BotReport {
    bot: String,
    seat_games: u64,
    wins: f64,
    win_rate: f64,
    win_rate_ci95: f64,
    mean_cities_powered: f64,
    mean_money: f64,
    mean_rounds: f64,
    decisions_per_second: f64,
    decisions_per_game: f64,
}

#[derive(Serialize)]
struct Report {
    game: &'static str,
    players: u8,
    map: String,
    seats: Vec<String>,
    games: u64,
    seed: u64,
    threads: usize,
    search: String,
    mean_rounds: f64,
    seconds: f64,
    bots: Vec<BotReport>,
}

#[derive(Serialize)]
struct GameLine<'a> {
    game: u64,
    deal_seed: u64,
    bots: &'a [String],
    rounds: u16,
    winners: &'a [Seat],
    cities_powered: Vec<u8>,
    money: Vec<u32>,
}

fn bot_seed(seed: u64, game: u64, seat: usize) -> u64 {
    let mut z = seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((seat as u64) << 59);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

fn tally_game(tallies: &mut [BotTally], names: &[String], seated: &[String], record: &GameRecord) {
    let winners = &record.outcome.winners;
    for (seat, name) in seated.iter().enumerate() {
        let Some(t) = names.iter().position(|n| n == name) else {
            continue;
        };
        let t = &mut tallies[t];
        let s = Seat(seat as u8);
        let standing = record.outcome.standings.iter().find(|x| x.seat == s);
        t.seat_games += 1;
        if winners.contains(&s) {
            t.wins += 1.0 / winners.len() as f64;
        }
        t.cities_powered += standing.map_or(0, |x| u64::from(x.cities_powered));
        t.money += standing.map_or(0, |x| u64::from(x.money));
        t.rounds += u64::from(record.rounds);
        t.decisions += record.decisions[seat];
        t.nanos += record.nanos[seat];
    }
}

/// Plays game `g` with exec seats from `external` (indexed like `--seats`, lent to the game
/// and returned) and built-in bots in the others. A seat that forfeits loses any share of the
/// win (docs/bot-protocol.md).
fn play_with_external(
    args: &SimArgs,
    external: &mut [Option<External<State>>],
    g: u64,
    turn: usize,
    deal: u64,
    map: MapId,
) -> anyhow::Result<GameRecord> {
    let players = usize::from(args.players);
    let config = search_config(args)?;
    let mut seats = Vec::with_capacity(players);
    for i in 0..players {
        let j = (i + turn) % players;
        seats.push(match external[j].take() {
            Some(e) => SeatBot::External(e),
            None => SeatBot::BuiltIn((find(&args.seats[j])?.make)(
                bot_seed(args.seed, g, i),
                &config,
            )),
        });
    }
    let setup = Setup::new(args.players, map, deal);
    let seeds: Vec<u64> = (0..players).map(|i| bot_seed(args.seed, g, i)).collect();
    let state = State::new(setup.clone()).map_err(|e| anyhow::anyhow!("{e}"))?;
    let played = botproto::play(
        state,
        &mut seats,
        &public_setup(&setup),
        &seeds,
        &format!("game {g}"),
    );
    for (i, s) in seats.into_iter().enumerate() {
        if let SeatBot::External(e) = s {
            external[(i + turn) % players] = Some(e);
        }
    }
    let mut played = played.with_context(|| format!("game {g} (deal seed {deal})"))?;
    for (i, f) in played.forfeits.iter().enumerate() {
        if f.is_some() {
            played.outcome.winners.retain(|w| w.index() != i);
        }
    }
    Ok(GameRecord {
        rounds: played.state.round(),
        outcome: played.outcome,
        decisions: played.decisions,
        nanos: played.nanos,
    })
}

fn search_config(args: &SimArgs) -> anyhow::Result<Config> {
    Ok(Config {
        budget: match args.search_iterations {
            Some(n) if n > 0 => Budget::Iterations(n),
            Some(_) => bail!("--search-iterations must be at least 1"),
            None => Budget::Millis(args.search_ms),
        },
        threads: args.search_threads,
    })
}

/// `tabletop sim powergrid`.
pub fn sim(args: &SimArgs) -> anyhow::Result<()> {
    let map: MapId = args
        .map
        .parse()
        .map_err(|e| anyhow::anyhow!("--map {}: {e}", args.map))?;
    if !(2..=6).contains(&args.players) {
        bail!(
            "--players {}: Power Grid is for 2 to 6 players",
            args.players
        );
    }
    let players = usize::from(args.players);
    if args.seats.len() != players {
        bail!(
            "--seats lists {} bots for {players} players: give one per seat (known bots: {})",
            args.seats.len(),
            REGISTRY
                .iter()
                .map(|b| b.name)
                .collect::<Vec<_>>()
                .join(", ")
        );
    }
    for s in &args.seats {
        if let SeatSpec::BuiltIn(name) = seat_spec(s)? {
            find(&name)?;
        }
    }
    if args.search_threads == 0 {
        bail!("--search-threads must be at least 1");
    }
    let config = search_config(args)?;
    let mut names: Vec<String> = Vec::new();
    for s in &args.seats {
        if !names.contains(s) {
            names.push(s.clone());
        }
    }
    let threads = args
        .threads
        .unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get()))
        .max(1);
    let log = match &args.log {
        Some(path) => Some(Mutex::new(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(path)
                .with_context(|| format!("opening {}", path.display()))?,
        )),
        None => None,
    };
    let bar = ProgressBar::new(args.games);
    bar.set_style(
        ProgressStyle::with_template(
            "{spinner} [{elapsed_precise}] {wide_bar} {pos}/{len} games (eta {eta})",
        )
        .unwrap_or_else(|_| ProgressStyle::default_bar()),
    );
    let next = AtomicU64::new(0);
    let empty: Vec<BotTally> = names
        .iter()
        .map(|n| BotTally {
            bot: n.clone(),
            ..BotTally::default()
        })
        .collect();
    let total = Mutex::new((empty.clone(), 0u64, 0u64));
    let start = Instant::now();
    std::thread::scope(|scope| -> anyhow::Result<()> {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                scope.spawn(|| -> anyhow::Result<()> {
                    let mut tallies = empty.clone();
                    let (mut games, mut rounds) = (0u64, 0u64);
                    // One process per exec seat of the list (and worker), reused across games.
                    let mut external: Vec<Option<External<State>>> = args
                        .seats
                        .iter()
                        .map(|s| match seat_spec(s) {
                            Ok(SeatSpec::Exec(command)) => {
                                Some(External::new(args.exec.spec(&command)))
                            }
                            _ => None,
                        })
                        .collect();
                    loop {
                        let g = next.fetch_add(1, Ordering::Relaxed);
                        if g >= args.games {
                            break;
                        }
                        let deal = args.seed.wrapping_add(g / players as u64);
                        let turn = (g % players as u64) as usize;
                        let seated: Vec<String> = (0..players)
                            .map(|i| args.seats[(i + turn) % players].clone())
                            .collect();
                        let record = if external.iter().any(Option::is_some) {
                            play_with_external(args, &mut external, g, turn, deal, map)?
                        } else {
                            let mut bots = seated
                                .iter()
                                .enumerate()
                                .map(|(i, n)| {
                                    Ok((find(n)?.make)(bot_seed(args.seed, g, i), &config))
                                })
                                .collect::<anyhow::Result<Vec<_>>>()?;
                            play_game(Setup::new(args.players, map, deal), &mut bots)
                                .with_context(|| format!("game {g} (deal seed {deal})"))?
                        };
                        tally_game(&mut tallies, &names, &seated, &record);
                        games += 1;
                        rounds += u64::from(record.rounds);
                        if let Some(log) = &log {
                            let mut standings = record.outcome.standings.clone();
                            standings.sort_by_key(|s| s.seat);
                            let line = GameLine {
                                game: g,
                                deal_seed: deal,
                                bots: &seated,
                                rounds: record.rounds,
                                winners: &record.outcome.winners,
                                cities_powered: standings
                                    .iter()
                                    .map(|s| s.cities_powered)
                                    .collect(),
                                money: standings.iter().map(|s| s.money).collect(),
                            };
                            let text = serde_json::to_string(&line)?;
                            let mut f = log.lock().map_err(|_| anyhow::anyhow!("log poisoned"))?;
                            writeln!(f, "{text}")?;
                            f.flush()?;
                        }
                        bar.inc(1);
                    }
                    let mut t = total
                        .lock()
                        .map_err(|_| anyhow::anyhow!("a worker panicked"))?;
                    for (a, b) in t.0.iter_mut().zip(&tallies) {
                        a.seat_games += b.seat_games;
                        a.wins += b.wins;
                        a.cities_powered += b.cities_powered;
                        a.money += b.money;
                        a.rounds += b.rounds;
                        a.decisions += b.decisions;
                        a.nanos += b.nanos;
                    }
                    t.1 += games;
                    t.2 += rounds;
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
    let (tallies, games, rounds) = total
        .into_inner()
        .map_err(|_| anyhow::anyhow!("a worker panicked"))?;
    let per = |n: f64, d: u64| if d == 0 { 0.0 } else { n / d as f64 };
    let bots: Vec<BotReport> = tallies
        .iter()
        .map(|t| {
            let p = per(t.wins, t.seat_games);
            BotReport {
                bot: t.bot.clone(),
                seat_games: t.seat_games,
                wins: t.wins,
                win_rate: p,
                win_rate_ci95: 1.96 * (p * (1.0 - p) / (t.seat_games.max(1) as f64)).sqrt(),
                mean_cities_powered: per(t.cities_powered as f64, t.seat_games),
                mean_money: per(t.money as f64, t.seat_games),
                mean_rounds: per(t.rounds as f64, t.seat_games),
                decisions_per_second: per(t.decisions as f64 * 1e9, t.nanos),
                decisions_per_game: per(t.decisions as f64, t.seat_games),
            }
        })
        .collect();
    let report = Report {
        game: "powergrid",
        players: args.players,
        map: map.to_string(),
        seats: args.seats.clone(),
        games,
        seed: args.seed,
        threads,
        search: match config.budget {
            Budget::Iterations(n) => format!("{n} iterations x {} threads", config.threads),
            Budget::Millis(ms) => format!("{ms} ms x {} threads", config.threads),
        },
        mean_rounds: per(rounds as f64, games),
        seconds,
        bots,
    };
    if args.json {
        println!("{}", serde_json::to_string(&report)?);
        return Ok(());
    }
    println!(
        "Power Grid, {} players on {}, {} games (seed {}, seats rotate; search: {}), {:.1} s",
        report.players, report.map, report.games, report.seed, report.search, report.seconds
    );
    println!("mean rounds per game: {:.2}", report.mean_rounds);
    println!(
        "{:<10} {:>10} {:>8} {:>16} {:>14} {:>11} {:>11} {:>14}",
        "bot", "seat-games", "wins", "win rate", "cities powered", "money", "rounds", "decisions/s"
    );
    for b in &report.bots {
        println!(
            "{:<10} {:>10} {:>8.1} {:>7.1}% ±{:>5.1}% {:>14.2} {:>11.1} {:>11.2} {:>14.0}",
            b.bot,
            b.seat_games,
            b.wins,
            100.0 * b.win_rate,
            100.0 * b.win_rate_ci95,
            b.mean_cities_powered,
            b.mean_money,
            b.mean_rounds,
            b.decisions_per_second
        );
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_seeds_differ_by_game_and_seat() {
        assert_ne!(bot_seed(1, 0, 0), bot_seed(1, 0, 1));
        assert_ne!(bot_seed(1, 0, 0), bot_seed(1, 1, 0));
        assert_eq!(bot_seed(3, 4, 5), bot_seed(3, 4, 5));
    }
}
