//! The `tabletop` command: thin glue over the rules crates.

mod powergrid;

use clap::{Parser, Subcommand};

#[derive(Parser)]
#[command(
    name = "tabletop",
    version,
    about = "Power Grid and The Game: rules engines and tools"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Replay a recorded game (setup + actions): print the log and the final standings.
    Replay(powergrid::ReplayArgs),
    /// Measure a rules engine with uniformly random play.
    Bench {
        #[command(subcommand)]
        game: BenchGame,
    },
}

#[derive(Subcommand)]
enum BenchGame {
    /// Full random Power Grid games per second, per player count and map.
    Powergrid(powergrid::BenchArgs),
}

fn main() -> anyhow::Result<()> {
    match Cli::parse().command {
        Command::Replay(args) => powergrid::replay(&args),
        Command::Bench {
            game: BenchGame::Powergrid(args),
        } => powergrid::bench(&args),
    }
}
