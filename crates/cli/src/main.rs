//! `tabletop`: the command-line entry point. Thin glue over the library crates; each group of
//! subcommands lives in its own module.

mod serve;

use clap::{Parser, Subcommand};

/// Play, serve and measure Power Grid and The Game.
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
    /// Measure performance.
    Bench {
        #[command(subcommand)]
        what: Bench,
    },
}

#[derive(Subcommand)]
enum Bench {
    /// Load-test the server over loopback: many concurrent games played by WebSocket clients.
    Serve(serve::BenchServeArgs),
}

fn main() -> anyhow::Result<()> {
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "info".into()),
        )
        .with_writer(std::io::stderr)
        .init();
    match Cli::parse().command {
        Command::Serve(args) => serve::serve(args),
        Command::Bench {
            what: Bench::Serve(args),
        } => serve::bench_serve(args),
    }
}
