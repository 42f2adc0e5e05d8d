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

/// Arguments of `tabletop relay-bot`.
#[derive(clap::Args)]
pub struct RelayBotArgs {
    /// The game: thegame or powergrid.
    game: String,
    /// A built-in bot of that game (for example random, heuristic or search).
    bot: String,
}

/// `tabletop relay-bot`: speaks the bot side of tabletop-bot/1 on stdin and stdout until `quit`
/// or the end of input, answering with the built-in bot.
pub fn relay_bot(args: &RelayBotArgs) -> anyhow::Result<()> {
    let (input, output) = (
        std::io::stdin().lock(),
        std::io::BufWriter::new(std::io::stdout().lock()),
    );
    botproto::relay::relay_builtin(&args.game, &args.bot, input, output)?;
    Ok(())
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

/// Arguments of `tabletop connect`.
#[derive(clap::Args)]
pub struct ConnectArgs {
    /// The game's link (http://HOST/games/ID, a join link with #token= works as is); with
    /// --seek, the server's address (http://HOST:PORT).
    url: String,
    /// The seat's token (default: the link's #token=); with --seek, the bot account's API
    /// token.
    #[arg(long)]
    token: Option<String>,
    /// Seek games as a bot account and play them one after another, e.g. "powergrid players=4
    /// map=germany" or "thegame players=3" (terms: players, map, rated=yes|no).
    #[arg(long, requires = "token")]
    seek: Option<String>,
    /// With --seek: stop after this many games (default: until interrupted).
    #[arg(long, requires = "seek")]
    games: Option<u64>,
    /// The bot: a built-in bot of the game's kind or exec:COMMAND.
    #[arg(long)]
    bot: String,
    /// How long to keep trying to reconnect after the connection drops, in seconds.
    #[arg(long, default_value_t = 120)]
    patience_s: u64,
    #[command(flatten)]
    exec: ExecOptions,
}

/// `tabletop connect`: plays the seat until the game ends and prints the outcome; with
/// `--seek`, plays game after game as a bot account, printing a line for each.
pub fn connect(args: &ConnectArgs) -> anyhow::Result<()> {
    if let (Some(seek), Some(token)) = (&args.seek, &args.token) {
        return seek_games(args, seek, token);
    }
    let target = botproto::connect::target(&args.url, args.token.as_deref())?;
    let bot = seat_spec(&args.bot)?;
    let spec = args.exec.spec("");
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    let finished = runtime.block_on(botproto::connect::connect(
        &target,
        &bot,
        &spec,
        Duration::from_secs(args.patience_s),
    ))?;
    println!(
        "{} game {} over, {} played by {}: {} ({} actions, {} connection(s))",
        finished.kind,
        target.game,
        finished.seat,
        args.bot,
        finished.outcome,
        finished.actions,
        finished.connections
    );
    Ok(())
}

/// `tabletop connect --seek`: one line per game played (module `botproto::seek`).
fn seek_games(args: &ConnectArgs, seek: &str, token: &str) -> anyhow::Result<()> {
    let run = botproto::seek::SeekRun {
        server: args.url.clone(),
        api_token: token.to_string(),
        seek: seek.parse()?,
        bot: seat_spec(&args.bot)?,
        spec: args.exec.spec(""),
        patience: Duration::from_secs(args.patience_s),
        games: args.games,
    };
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()?;
    runtime.block_on(botproto::seek::seek_and_play(&run, |played| {
        println!(
            "{} {} {} played by {}: {} ({} actions)",
            played.link,
            played.finished.kind,
            played.seat,
            args.bot,
            played.finished.outcome,
            played.finished.actions
        );
    }))?;
    Ok(())
}
