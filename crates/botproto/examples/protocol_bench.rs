//! Protocol overhead: decisions per second of an external bot against the built-in random bot,
//! both through the same game loop (`botproto::play`), every seat the same bot.
//!
//! `cargo run --release -p botproto --example protocol_bench -- GAME PLAYERS GAMES [COMMAND]`
//! (GAME is thegame or powergrid). Without COMMAND it measures the built-in random bot. Run it
//! under `taskset -c 0` for "one core": the host and the bot processes then share that core.
//! Prints wall-clock and CPU-time rates; CPU time is the host's plus its reaped children's
//! (`getrusage`), so it counts the bot processes too.

use botproto::{play, public_setup, ExecSpec, External, SeatBot};
use engine::{Bot, Game};
use std::time::Instant;

fn cpu_seconds() -> f64 {
    let mut total = 0.0;
    for who in [libc::RUSAGE_SELF, libc::RUSAGE_CHILDREN] {
        // SAFETY: getrusage fills the zeroed struct it is given.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        if unsafe { libc::getrusage(who, &mut usage) } == 0 {
            for t in [usage.ru_utime, usage.ru_stime] {
                total += t.tv_sec as f64 + t.tv_usec as f64 / 1e6;
            }
        }
    }
    total
}

fn run<G: Game>(
    setups: Vec<G::Setup>,
    command: Option<&str>,
    random: impl Fn(u64) -> Box<dyn Bot<G>>,
) -> Result<(), String> {
    let players = G::new(setups[0].clone())
        .map_err(|e| e.to_string())?
        .seats();
    let mut external: Vec<External<G>> = match command {
        Some(c) => (0..players)
            .map(|_| External::new(ExecSpec::new(c)))
            .collect(),
        None => Vec::new(),
    };
    let (cpu0, t0) = (cpu_seconds(), Instant::now());
    let (mut decisions, mut forfeits) = (0u64, 0usize);
    for (g, setup) in setups.iter().enumerate() {
        let seeds: Vec<u64> = (0..players).map(|s| (g * 8 + s) as u64).collect();
        let mut seats: Vec<SeatBot<G>> = if command.is_some() {
            external.drain(..).map(SeatBot::External).collect()
        } else {
            seeds
                .iter()
                .map(|&s| SeatBot::built_in(random(s)))
                .collect()
        };
        let state = G::new(setup.clone()).map_err(|e| e.to_string())?;
        let played = play(
            state,
            &mut seats,
            &public_setup(setup),
            &seeds,
            &format!("game {g}"),
        )
        .map_err(|e| e.to_string())?;
        decisions += played.decisions.iter().sum::<u64>();
        forfeits += played.forfeits.iter().flatten().count();
        external.extend(seats.into_iter().filter_map(|s| match s {
            SeatBot::External(e) => Some(e),
            SeatBot::BuiltIn(_) => None,
        }));
    }
    for mut e in external {
        let _ = e.session().quit();
    }
    let (wall, cpu) = (t0.elapsed().as_secs_f64(), cpu_seconds() - cpu0);
    println!(
        "{} {} players, {} games, {} decisions, {} forfeits, bot {}: {:.0} decisions/s wall ({:.2} s), {:.0} decisions/s of CPU ({:.2} s, host + bots)",
        G::NAME,
        players,
        setups.len(),
        decisions,
        forfeits,
        command.unwrap_or("built-in random"),
        decisions as f64 / wall,
        wall,
        decisions as f64 / cpu,
        cpu
    );
    Ok(())
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: protocol_bench thegame|powergrid PLAYERS GAMES [COMMAND]";
    let (Some(game), Some(players), Some(games)) = (args.first(), args.get(1), args.get(2)) else {
        return Err(usage.into());
    };
    let players: u8 = players.parse().map_err(|_| usage.to_string())?;
    let games: u64 = games.parse().map_err(|_| usage.to_string())?;
    let command = args.get(3).map(String::as_str);
    match game.as_str() {
        "thegame" => run::<thegame::State>(
            (0..games)
                .map(|g| thegame::Setup::seeded(players, g))
                .collect(),
            command,
            |seed| Box::new(bots::thegame::RandomBot::new(seed)),
        ),
        "powergrid" => run::<powergrid::State>(
            (0..games)
                .map(|g| powergrid::Setup::new(players, powergrid::MapId::Germany, g))
                .collect(),
            command,
            |seed| Box::new(bots::powergrid::RandomBot::new(seed)),
        ),
        _ => Err(usage.into()),
    }
}
