//! `tabletop`: thin glue over the game, bot and server crates. Each game's subcommands live
//! in their own module; this file only dispatches.

mod thegame;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "tabletop",
    version,
    about = "Tabletop games: simulations, benchmarks, tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
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
    /// The Game: random and heuristic bots, single-threaded.
    Thegame(thegame::BenchArgs),
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Sim {
            game: SimGame::Thegame(args),
        } => thegame::sim(&args),
        Command::Bench {
            game: BenchGame::Thegame(args),
        } => thegame::bench(&args),
    }
}
