//! `tabletop`: thin glue over the game, bot and server crates. Each group of subcommands lives
//! in its own module; this file only dispatches.

mod analyze;
mod external;
mod powergrid;
mod powergrid_sim;
mod progress;
mod replay;
mod serve;
mod serve_cluster;
mod thegame;

use clap::{Parser, Subcommand};

/// mimalloc instead of the system allocator: the server allocates a little for every message it
/// builds and sends, from several threads, and glibc's allocator took about a fifth of a server
/// process's CPU under `bench serve` (`perf`).
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// Play, serve, replay, simulate and measure Power Grid and The Game.
#[derive(Parser)]
#[command(name = "tabletop", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Run the game server (HTTP + WebSocket, games stored in SQLite).
    Serve(serve::ServeArgs),
    /// Replay recorded games (Power Grid or The Game: setup + actions; one record, or a `sim
    /// --log` file of one record per line): print the log and the result.
    Replay(replay::ReplayArgs),
    /// Analyse each decision of a finished game (Power Grid or The Game): the search bot's
    /// preferred action, the estimated chance to win of both, inaccuracies and mistakes.
    Analyze(analyze::AnalyzeArgs),
    /// Play many games between bots and report the results.
    Sim {
        #[command(subcommand)]
        game: SimGame,
    },
    /// Check an external bot (exec:COMMAND) against the bot protocol, tabletop-bot/1.
    BotCheck(external::BotCheckArgs),
    /// Play a human seat of a live server game with a built-in or external bot.
    Connect(external::ConnectArgs),
    /// Be a tabletop-bot/1 program on stdin/stdout that plays with a built-in bot (for example
    /// `exec:tabletop relay-bot powergrid heuristic` as a seat of another build's `sim`).
    RelayBot(external::RelayBotArgs),
    /// Measure performance.
    Bench {
        #[command(subcommand)]
        what: Bench,
    },
}

#[derive(Subcommand)]
enum SimGame {
    /// The Game: win rate, cards left, speed.
    Thegame(thegame::SimArgs),
    /// Power Grid: a tournament between bots (seats rotate over each deal when the bots differ).
    Powergrid(powergrid_sim::SimArgs),
}

#[derive(Subcommand)]
enum Bench {
    /// Full random Power Grid games per second, per player count and map.
    Powergrid(powergrid::BenchArgs),
    /// The Game: random and heuristic bots, single-threaded.
    Thegame(thegame::BenchArgs),
    /// Load-test the server over loopback: many concurrent games played by WebSocket clients.
    Serve(serve::BenchServeArgs),
    /// Time the analysis of a 4-player Power Grid game and a 3-player The Game on one core.
    Analysis(analyze::BenchAnalysisArgs),
    /// Calibration of the analysis: self-play games, estimated chance to win against outcome.
    Calibration(analyze::CalibrationArgs),
}

fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        // Colour codes only on a terminal: a log file or journal gets plain text.
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .init();
    let command = Cli::parse().command;
    if !matches!(
        command,
        Command::Serve(_)
            | Command::Connect(_)
            | Command::Bench {
                what: Bench::Serve(_)
            }
    ) {
        die_quietly_on_closed_pipe();
    }
    match command {
        Command::Serve(args) => serve::serve(args),
        Command::Replay(args) => replay::replay(&args),
        Command::Analyze(args) => analyze::analyze(&args),
        Command::Sim {
            game: SimGame::Thegame(args),
        } => thegame::sim(&args),
        Command::Sim {
            game: SimGame::Powergrid(args),
        } => powergrid_sim::sim(&args),
        Command::BotCheck(args) => external::bot_check(&args),
        Command::Connect(args) => external::connect(&args),
        Command::RelayBot(args) => external::relay_bot(&args),
        Command::Bench { what } => match what {
            Bench::Powergrid(args) => powergrid::bench(&args),
            Bench::Thegame(args) => thegame::bench(&args),
            Bench::Serve(args) => serve::bench_serve(args),
            Bench::Analysis(args) => analyze::bench_analysis(&args),
            Bench::Calibration(args) => analyze::calibration(&args),
        },
    }
}

/// Lets a report command end quietly when its reader goes away (`tabletop sim … | head`), as
/// every Unix filter does, instead of panicking in `println!`.
///
/// Rust ignores `SIGPIPE` so that writes return errors; the printing commands get the default
/// back (the process ends at the first write to a closed pipe). The server commands keep it
/// ignored: a peer closing a socket must be an error to handle, never the end of the server.
fn die_quietly_on_closed_pipe() {
    #[cfg(unix)]
    // SAFETY: called once at start-up, before any thread is spawned; restoring a signal's
    // default disposition has no other effect on the program.
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_DFL);
    }
}
