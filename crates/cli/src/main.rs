//! `tabletop`: thin glue over the game, bot and server crates. Each game's subcommands live
//! in their own module; this file only dispatches.

mod powergrid;
mod thegame;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "tabletop",
    version,
    about = "Power Grid and The Game: rules engines, bots and tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay a recorded Power Grid game (setup + actions): print the log and the final standings.
    Replay(powergrid::ReplayArgs),
    /// Play many games between bots and report the results.
    Sim {
        #[command(subcommand)]
        game: SimGame,
    },
    /// Measure games per second per core.
    Bench {
        #[command(subcommand)]
        game: BenchGame,
    },
}

#[derive(Subcommand)]
enum SimGame {
    /// The Game: win rate, cards left, speed.
    Thegame(thegame::SimArgs),
}

#[derive(Subcommand)]
enum BenchGame {
    /// Full random Power Grid games per second, per player count and map.
    Powergrid(powergrid::BenchArgs),
    /// The Game: random and heuristic bots, single-threaded.
    Thegame(thegame::BenchArgs),
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Replay(args) => powergrid::replay(&args),
        Command::Sim {
            game: SimGame::Thegame(args),
        } => thegame::sim(&args),
        Command::Bench {
            game: BenchGame::Powergrid(args),
        } => powergrid::bench(&args),
        Command::Bench {
            game: BenchGame::Thegame(args),
        } => thegame::bench(&args),
    }
}
