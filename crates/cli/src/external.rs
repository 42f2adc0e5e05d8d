//! `tabletop bot-check` and `tabletop connect`: external bots (`tabletop-bot/1`, see
//! `docs/bot-protocol.md`); the work is in the `botproto` crate.

use anyhow::bail;
use botproto::{seat_spec, ExecSpec, SeatSpec};
use std::path::PathBuf;
use std::time::Duration;

/// Where an external bot runs and how long it may think.
#[derive(clap::Args)]
pub struct ExecOptions {
    /// Time allowed for each answer, in milliseconds.
    #[arg(long, default_value_t = 5000)]
    time_ms: u64,
    /// Directory of the bots' log files (their stderr); default: tabletop-bot-logs in the
    /// system's temporary directory.
    #[arg(long)]
    bot_logs: Option<PathBuf>,
}

impl ExecOptions {
    /// The spec for `command` with these options.
    pub fn spec(&self, command: &str) -> ExecSpec {
        let mut spec = ExecSpec::new(command);
        spec.time_limit = Duration::from_millis(self.time_ms.max(1));
        if let Some(dir) = &self.bot_logs {
            spec.log_dir = dir.clone();
        }
        spec
    }
}

/// Arguments of `tabletop bot-check`.
#[derive(clap::Args)]
pub struct BotCheckArgs {
    /// The bot: exec:COMMAND.
    bot: String,
    /// The game it plays: thegame or powergrid.
    #[arg(long)]
    game: String,
    /// Games per situation.
    #[arg(long, default_value_t = 5)]
    games: usize,
    #[command(flatten)]
    exec: ExecOptions,
}

/// `tabletop bot-check`: prints every violation; fails if there was any.
pub fn bot_check(args: &BotCheckArgs) -> anyhow::Result<()> {
    let SeatSpec::Exec(command) = seat_spec(&args.bot)? else {
        bail!(
            "{:?}: bot-check checks external bots, given as exec:COMMAND",
            args.bot
        );
    };
    let spec = args.exec.spec(&command);
    let report = botproto::check::check_game(&args.game, &spec, args.games.max(1))?;
    println!(
        "{} ({}): {} games, {} decisions in {:.1} s",
        args.bot,
        report.name.as_deref().unwrap_or("no name given"),
        report.games,
        report.decisions,
        report.seconds
    );
    for v in &report.violations {
        println!("violation: {v}");
    }
    if report.violations.is_empty() {
        println!("ok: no protocol violation");
        Ok(())
    } else {
        bail!("{} protocol violation(s)", report.violations.len())
    }
}
