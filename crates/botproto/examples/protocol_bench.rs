//! Protocol overhead: decisions per second of an external bot against the built-in random bot,
//! both through the same game loop (`botproto::play`), every seat the same bot.
//!
//! `cargo run --release -p botproto --example protocol_bench -- GAME PLAYERS GAMES [COMMAND]`
//! (GAME is thegame or powergrid). Without COMMAND it measures the built-in random bot. Run it
//! under `taskset -c 0` for "one core": the host and the bot processes then share that core.
//! Prints wall-clock and CPU-time rates; CPU time is the host's plus its reaped children's
//! (`getrusage`), so it counts the bot processes too.
//!
//! `protocol_bench roundtrip GAMES` measures, side by side in one run, The Game with 3 players
//! played by the built-in heuristic bot, by the same bot through the protocol (this program as
//! `relay-bot thegame heuristic`, which is what `tabletop relay-bot` runs), and by the floor:
//! an echo program (this program as `echo-bot`) that answers every request with its first
//! legal action, copied from the line without parsing it. Host and requests are the same in
//! both external rows (view and JSON legal list; no events, which tell The Game's seats
//! nothing their views do not), so per request the difference between them is the relay's
//! own work; per decision, the relay also saves the requests its plans make unneeded.

use botproto::{play, public_setup, ExecSpec, External, SeatBot};
use engine::Bot;
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

/// What a run measured.
struct Measured {
    games: usize,
    decisions: u64,
    /// Requests sent to the external bots (decisions taken from a bot's plan send none).
    requests: u64,
    forfeits: usize,
    wall: f64,
    cpu: f64,
}

fn run<G: botproto::BotGame>(
    setups: Vec<G::Setup>,
    command: Option<&str>,
    random: impl Fn(u64) -> Box<dyn Bot<G>>,
) -> Result<(), String> {
    let m = measure(&setups, command, random)?;
    println!(
        "{} {} players, {} games, {} decisions, {} forfeits, bot {}: {:.0} decisions/s wall ({:.2} s), {:.0} decisions/s of CPU ({:.2} s, host + bots)",
        G::NAME,
        G::new(setups[0].clone()).map_err(|e| e.to_string())?.seats(),
        m.games,
        m.decisions,
        m.forfeits,
        command.unwrap_or("built-in random"),
        m.decisions as f64 / m.wall,
        m.wall,
        m.decisions as f64 / m.cpu,
        m.cpu
    );
    Ok(())
}

fn measure<G: botproto::BotGame>(
    setups: &[G::Setup],
    command: Option<&str>,
    random: impl Fn(u64) -> Box<dyn Bot<G>>,
) -> Result<Measured, String> {
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
    let requests = external.iter_mut().map(|e| e.session().requests()).sum();
    for mut e in external {
        let _ = e.session().quit();
    }
    let (wall, cpu) = (t0.elapsed().as_secs_f64(), cpu_seconds() - cpu0);
    Ok(Measured {
        games: setups.len(),
        decisions,
        requests,
        forfeits,
        wall,
        cpu,
    })
}

/// The floor's bot: `ready` to `hello` (no events, as the relay of The Game asks), and to each
/// `act` its first legal action, copied from the line (The Game's actions are flat JSON
/// objects); everything else is read and dropped.
fn echo_bot() -> Result<(), String> {
    use std::io::{BufRead, Write};
    let (mut input, mut output) = (std::io::stdin().lock(), std::io::stdout().lock());
    let mut line = Vec::new();
    let mut answer = Vec::new();
    loop {
        line.clear();
        if input
            .read_until(b'\n', &mut line)
            .map_err(|e| e.to_string())?
            == 0
        {
            return Ok(());
        }
        let reply: &[u8] = if line.starts_with(br#"{"type":"act""#) {
            let at = find(&line, br#""legal":["#).ok_or("a request without a legal list")? + 9;
            let end = at + find(&line[at..], b"}").ok_or("an unfinished action")? + 1;
            answer.clear();
            answer.extend_from_slice(br#"{"type":"action","action":"#);
            answer.extend_from_slice(&line[at..end]);
            answer.extend_from_slice(b"}\n");
            &answer
        } else if find(&line, br#""type":"hello""#).is_some() {
            b"{\"type\":\"ready\",\"name\":\"echo\",\"events\":false}\n"
        } else if find(&line, br#""type":"quit""#).is_some() {
            return Ok(());
        } else {
            continue;
        };
        output.write_all(reply).map_err(|e| e.to_string())?;
        output.flush().map_err(|e| e.to_string())?;
    }
}

fn find(haystack: &[u8], needle: &[u8]) -> Option<usize> {
    haystack.windows(needle.len()).position(|w| w == needle)
}

/// The heuristic bot built in, through the relay, and the echo floor, side by side.
fn roundtrip(games: u64) -> Result<(), String> {
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let me = me.display();
    let setups: Vec<thegame::Setup> = (0..games).map(|g| thegame::Setup::seeded(3, g)).collect();
    let heuristic = |seed| bots::find::<thegame::State>("heuristic").map(|b| b.build(seed));
    heuristic(0).map_err(|e| e.to_string())?;
    let rows = [
        ("built-in heuristic", None),
        (
            "relay-bot thegame heuristic",
            Some(format!("{me} relay-bot thegame heuristic")),
        ),
        ("echo floor", Some(format!("{me} echo-bot"))),
    ];
    println!("The Game, 3 players, {games} games, one host thread:");
    println!(
        "{:<28} {:>10} {:>9} {:>9} {:>12} {:>11} {:>12} {:>9}",
        "bot",
        "decisions",
        "requests",
        "games/s",
        "µs/decision",
        "µs/request",
        "CPU µs/dec.",
        "forfeits"
    );
    for (name, command) in rows {
        let m = measure::<thegame::State>(&setups, command.as_deref(), |seed| {
            heuristic(seed).expect("checked above")
        })?;
        let d = m.decisions.max(1) as f64;
        let per_request = match m.requests {
            0 => "-".to_string(),
            r => format!("{:.1}", m.wall * 1e6 / r as f64),
        };
        println!(
            "{:<28} {:>10} {:>9} {:>9.0} {:>12.1} {:>11} {:>12.1} {:>9}",
            name,
            m.decisions,
            m.requests,
            m.games as f64 / m.wall,
            m.wall * 1e6 / d,
            per_request,
            m.cpu * 1e6 / d,
            m.forfeits
        );
    }
    Ok(())
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: protocol_bench thegame|powergrid PLAYERS GAMES [COMMAND] | roundtrip GAMES | echo-bot | relay-bot GAME BOT";
    match args.first().map(String::as_str) {
        Some("echo-bot") => return echo_bot(),
        Some("relay-bot") if args.len() == 3 => {
            let (input, output) = (
                std::io::stdin().lock(),
                std::io::BufWriter::new(std::io::stdout().lock()),
            );
            return botproto::relay::relay_builtin(&args[1], &args[2], input, output)
                .map_err(|e| e.to_string());
        }
        Some("roundtrip") => {
            let games = args.get(1).and_then(|g| g.parse().ok()).ok_or(usage)?;
            return roundtrip(games);
        }
        _ => {}
    }
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
