//! `tabletop serve` and `tabletop bench serve`.
//!
//! `serve` opens (or creates) the SQLite database in `--data`, resumes every stored game and
//! serves the API and pages. `bench serve` starts the same server on a loopback port with a
//! fresh database, runs the load generator of `loadgen` against it on a separate
//! runtime, then stops the server and checks every game's stored actions against what the
//! clients were told: no acknowledged action may be missing and none may be stored twice.

use anyhow::{bail, Context};
use server::{Config, PgStore, Registry, Server, SqliteStore, Store};
use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;

/// The database file inside the data directory.
const DATABASE: &str = "tabletop.sqlite3";

/// Every game kind the server offers, with its bots.
fn registry() -> Registry {
    server::standard_registry()
}

#[derive(clap::Args)]
pub struct ServeArgs {
    /// Address to listen on (port 0 picks a free port).
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Directory of the database (created if missing).
    #[arg(long, default_value = "tabletop-data")]
    data: PathBuf,
    /// Keep games in this PostgreSQL database instead of SQLite in --data
    /// (postgres://user[:password]@host[:port]/database); several processes may share it
    /// (docs/deploy.md).
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// Pause before each bot move, in milliseconds.
    #[arg(long, default_value_t = 700)]
    bot_delay_ms: u64,
    /// Address people open, if not http://ADDR (e.g. behind a proxy); used in join links.
    #[arg(long)]
    public_url: Option<String>,
    /// Requests and WebSocket messages allowed per second from one client address, all its
    /// connections together (0: no limit).
    #[arg(long, default_value_t = Config::default().rate_per_second)]
    rate_per_second: u32,
    /// Requests and messages one client address may send at once before the rate applies.
    #[arg(long, default_value_t = Config::default().rate_burst)]
    rate_burst: u32,
    /// Behind a reverse proxy: take each client's address from the last entry of
    /// X-Forwarded-For, which the proxy must set. Without this flag the header is ignored.
    #[arg(long)]
    trust_forwarded_for: bool,
    /// Connections one client address (IPv6: its /64) may hold open (0: no cap; not applied
    /// with --trust-forwarded-for, where every connection comes from the proxy).
    #[arg(long, default_value_t = Config::default().max_connections_per_address)]
    max_connections_per_address: usize,
    /// WebSockets one client address (IPv6: its /64) may hold open (0: no cap).
    #[arg(long, default_value_t = Config::default().max_websockets_per_address)]
    max_websockets_per_address: usize,
    /// The site is served over HTTPS (by a proxy in front): session cookies carry `Secure`.
    #[arg(long)]
    secure_cookies: bool,
    /// Sign-ups and logins one client address may try per minute (0: no limit).
    #[arg(long, default_value_t = Config::default().account_attempts_per_minute)]
    account_attempts_per_minute: u32,
    /// Logins per minute for one account name, from any address (0: no limit).
    #[arg(long, default_value_t = Config::default().login_attempts_per_minute)]
    login_attempts_per_minute: u32,
    /// Joins of open games one client address may make per minute (0: no limit).
    #[arg(long, default_value_t = Config::default().join_attempts_per_minute)]
    join_attempts_per_minute: u32,
    /// How long a game with open seats waits for its players before it is removed, in seconds.
    #[arg(long, default_value_t = Config::default().open_game_seconds, value_parser = clap::value_parser!(u64).range(1..))]
    open_game_seconds: u64,
    #[command(flatten)]
    analysis: AnalysisArgs,
}

/// How the server analyses finished games (docs/analysis.md, "On the server").
#[derive(clap::Args, Clone, Copy)]
pub struct AnalysisArgs {
    /// Samples per estimated action in the background analyses of finished games: a number
    /// from 1, or "standard" (Power Grid 32, The Game 512).
    #[arg(long, value_name = "N", default_value = "standard")]
    analysis_budget: analysis::Budget,
    /// Analyse no finished games here: requests for analyses are refused (analysis_disabled);
    /// finished games are still queued, for a later run or another process on the database.
    #[arg(long)]
    no_analysis: bool,
    /// The share of one core the background analyses take over time, from 0.01 to 1: after
    /// each analysis the worker rests in proportion (1: it never rests).
    #[arg(long, value_name = "SHARE", default_value_t = server::DEFAULT_ANALYSIS_SHARE, value_parser = parse_share)]
    analysis_share: f64,
}

/// `--analysis-share`: a number from 0.01 to 1.
fn parse_share(text: &str) -> Result<f64, String> {
    let least = server::MIN_ANALYSIS_SHARE;
    match text.parse::<f64>() {
        Ok(share) if (least..=1.0).contains(&share) => Ok(share),
        _ => Err(format!(
            "{text:?} is not a share of a core: give a number from {least} to 1 (0.25: a quarter of one core)"
        )),
    }
}

impl AnalysisArgs {
    /// The server's analysis settings these flags give.
    pub fn config(self) -> server::AnalysisConfig {
        server::AnalysisConfig {
            enabled: !self.no_analysis,
            budget: self.analysis_budget,
            share: self.analysis_share,
            ..server::AnalysisConfig::default()
        }
    }
}

fn open_store(data: &Path) -> anyhow::Result<Arc<SqliteStore>> {
    std::fs::create_dir_all(data)
        .with_context(|| format!("cannot create the data directory {}", data.display()))?;
    let path = data.join(DATABASE);
    let store = SqliteStore::open(&path)
        .with_context(|| format!("cannot open the database {}", path.display()))?;
    Ok(Arc::new(store))
}

/// The PostgreSQL store at `url`, migrated.
async fn open_postgres(url: &str) -> anyhow::Result<Arc<PgStore>> {
    if !url.starts_with("postgres://") && !url.starts_with("postgresql://") {
        bail!("--database must be a postgres:// URL, got {url:?}");
    }
    let store = PgStore::connect(url)
        .await
        .context("cannot open the PostgreSQL database")?;
    Ok(Arc::new(store))
}

/// Ctrl-C or (on Unix) SIGTERM, the signal a service manager stops a process with. The
/// handlers are installed when this is made, before the server says it is running: a Ctrl-C
/// right after the URL is printed stops the server cleanly instead of killing it.
struct StopSignal {
    #[cfg(unix)]
    signals: Option<(tokio::signal::unix::Signal, tokio::signal::unix::Signal)>,
}

impl StopSignal {
    fn install() -> StopSignal {
        #[cfg(unix)]
        {
            use tokio::signal::unix::{signal, SignalKind};
            let signals = signal(SignalKind::interrupt())
                .and_then(|int| Ok((int, signal(SignalKind::terminate())?)))
                .ok();
            StopSignal { signals }
        }
        #[cfg(not(unix))]
        StopSignal {}
    }

    async fn wait(self) {
        #[cfg(unix)]
        if let Some((mut int, mut term)) = self.signals {
            tokio::select! {
                _ = int.recv() => {}
                _ = term.recv() => {}
            }
            return;
        }
        let _ = tokio::signal::ctrl_c().await;
    }
}

pub fn serve(args: ServeArgs) -> anyhow::Result<()> {
    let runtime = tokio::runtime::Runtime::new()?;
    runtime.block_on(async move {
        let (store, where_): (Arc<dyn Store>, String) = match &args.database {
            Some(url) => (open_postgres(url).await?, "PostgreSQL".into()),
            None => (open_store(&args.data)?, args.data.display().to_string()),
        };
        let listener =
            server::bind(args.addr).with_context(|| format!("cannot listen on {}", args.addr))?;
        let local = listener.local_addr()?;
        let url = args
            .public_url
            .clone()
            .unwrap_or_else(|| format!("http://{local}"));
        let config = Config {
            bot_delay: Duration::from_millis(args.bot_delay_ms),
            public_url: Some(url.clone()),
            rate_per_second: args.rate_per_second,
            rate_burst: args.rate_burst,
            trust_forwarded_for: args.trust_forwarded_for,
            max_connections_per_address: args.max_connections_per_address,
            max_websockets_per_address: args.max_websockets_per_address,
            secure_cookies: args.secure_cookies,
            account_attempts_per_minute: args.account_attempts_per_minute,
            login_attempts_per_minute: args.login_attempts_per_minute,
            join_attempts_per_minute: args.join_attempts_per_minute,
            open_game_seconds: args.open_game_seconds,
            analysis: args.analysis.config(),
            ..Config::default()
        };
        let server = Server::start(config, registry(), store)?;
        let stop = StopSignal::install();
        for (id, why) in server.skipped() {
            eprintln!("warning: game {id} was not resumed: {why}");
        }
        println!("Tabletop is running: open {url}/");
        println!("data: {where_} ({} games)", server.game_count());
        std::io::stdout().flush()?;
        tokio::select! {
            served = server.clone().serve(listener) => served?,
            () = stop.wait() => {
                println!("stopping");
                // Other processes sharing the database take the bots over at once.
                if let Err(e) = server.release_leases().await {
                    eprintln!("warning: leases not given up ({e}); they expire by themselves");
                }
            }
        }
        Ok(())
    })
}

#[derive(clap::Args)]
pub struct BenchServeArgs {
    /// Games kept going at once.
    #[arg(long, default_value_t = 1000)]
    games: usize,
    /// Game kind to play.
    #[arg(long, default_value = "thegame")]
    kind: String,
    /// Setup of each game, as JSON (a random seed is filled in).
    #[arg(long, default_value = r#"{"players":3}"#)]
    setup: String,
    /// Stop after this many accepted actions...
    #[arg(long, default_value_t = 200_000)]
    max_actions: u64,
    /// ...or after this many seconds.
    #[arg(long, default_value_t = 40)]
    seconds: u64,
    /// Keep the database here instead of a temporary directory.
    #[arg(long)]
    data: Option<PathBuf>,
    /// Seed of the clients' choices.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Mean think time of a client before it acts, in milliseconds.
    #[arg(long, default_value_t = 150)]
    think_ms: u64,
    /// Run `tabletop serve` processes on this PostgreSQL database (in a new schema of their
    /// own) instead of one in-process server on SQLite.
    #[arg(long, value_name = "URL")]
    pub database: Option<String>,
    /// With --database: how many server processes share it; the clients' connections are spread
    /// over them round-robin.
    #[arg(long, default_value_t = 1)]
    pub processes: usize,
    /// The in-process server's analyses of the games that finish during the run (not passed
    /// to the processes of --database).
    #[command(flatten)]
    analysis: AnalysisArgs,
}

impl BenchServeArgs {
    /// What the load generator is told, against the server processes at `bases`.
    pub fn load(&self, bases: Vec<String>) -> anyhow::Result<loadgen::LoadConfig> {
        Ok(loadgen::LoadConfig {
            bases,
            kind: self.kind.clone(),
            setup: serde_json::from_str(&self.setup).context("--setup is not JSON")?,
            games: self.games,
            max_actions: self.max_actions,
            duration: Duration::from_secs(self.seconds),
            seed: self.seed,
            think: Duration::from_millis(self.think_ms),
        })
    }

    /// The run's first line.
    pub fn describe(&self, over: &str) -> String {
        format!(
            "bench serve: {} concurrent {} games {}, think {} ms, at most {} actions or {} s, over {over}",
            self.games, self.kind, self.setup, self.think_ms, self.max_actions, self.seconds
        )
    }
}

pub fn bench_serve(args: BenchServeArgs) -> anyhow::Result<()> {
    if let Some(url) = &args.database {
        return crate::serve_cluster::bench(&args, url);
    }
    let load = args.load(Vec::new())?;
    let cpu_before = cpu_seconds();
    let temp = tempfile::tempdir()?;
    let data = args.data.clone().unwrap_or_else(|| temp.path().to_owned());
    let store = open_store(&data)?;

    let server_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("server")
        .enable_all()
        .build()?;
    // Every client of the load comes from 127.0.0.1: no per-address limit.
    let config = Config {
        bot_delay: Duration::ZERO,
        rate_per_second: 0,
        analysis: args.analysis.config(),
        ..Config::default()
    };
    let (addr, task) = server_rt.block_on(async {
        let server = Server::start(config, registry(), store)?;
        let listener = server::bind(SocketAddr::from(([127, 0, 0, 1], 0)))?;
        let addr = listener.local_addr()?;
        let task = tokio::spawn(server.serve(listener));
        anyhow::Ok((addr, task))
    })?;

    let load_rt = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("load")
        .enable_all()
        .build()?;
    println!("{}", args.describe(&addr.to_string()));
    let report = load_rt.block_on(loadgen::run(loadgen::LoadConfig {
        bases: vec![format!("http://{addr}")],
        ..load
    }))?;
    drop(load_rt);
    task.abort();
    drop(server_rt);

    let cpu = cpu_seconds()
        .zip(cpu_before)
        .map(|(after, before)| after - before);
    let stored = server::store::action_counts(&data.join(DATABASE))?;
    print_report(&report, &stored, cpu, (5000.0, Duration::from_millis(25)))
}

/// Prints what a load run measured and checks the stored actions (game, count, largest
/// version) against the acknowledged ones.
///
/// # Errors
/// An acknowledged action is missing, or an action is stored that was not acknowledged.
pub fn print_report(
    report: &loadgen::LoadReport,
    stored: &[(String, u64, u64)],
    cpu: Option<f64>,
    (target_per_second, target_p99): (f64, Duration),
) -> anyhow::Result<()> {
    let mut lost = 0u64;
    let mut duplicated = 0u64;
    let mut gaps = 0u64;
    let mut total_stored = 0u64;
    for (game, count, max_seq) in stored {
        total_stored += count;
        if count != max_seq {
            gaps += 1;
        }
        let acked = report.acked.get(game).copied().unwrap_or(0);
        lost += acked.saturating_sub(*count);
        duplicated += count.saturating_sub(acked);
    }
    let per_second = report.per_second();
    println!(
        "games: {} started, {} finished; actions: {} accepted, {} refused, {} unanswered, in {:.1} s",
        report.games_started,
        report.games_finished,
        report.actions,
        report.errors,
        report.unanswered,
        report.elapsed.as_secs_f64()
    );
    println!(
        "throughput: {per_second:.0} actions/s; latency send→accepted: p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        ms(report.p50),
        ms(report.p99),
        ms(report.max)
    );
    println!(
        "database: {} games, {total_stored} actions; lost {lost}, unacknowledged extra {duplicated}, games with gaps {gaps}",
        stored.len()
    );
    if let Some(cpu) = cpu.filter(|_| report.actions > 0) {
        let per_action = cpu / report.actions as f64;
        println!(
            "cpu: {cpu:.1} s for server and clients together ({:.0}% of one core), {:.0} µs per action (game set-up included); two idle cores would carry about {:.0} actions/s",
            100.0 * cpu / report.elapsed.as_secs_f64(),
            per_action * 1e6,
            2.0 / per_action
        );
    }
    let targets = per_second >= target_per_second && report.p99 < target_p99;
    println!(
        "targets (≥ {target_per_second:.0} actions/s, p99 < {} ms): {}",
        target_p99.as_millis(),
        if targets { "met" } else { "NOT met" }
    );
    if lost + duplicated + gaps > 0 {
        bail!("the database does not match the acknowledged actions");
    }
    Ok(())
}

/// CPU time this process has used (user + system), from `/proc/self/stat` (Linux; clock ticks
/// of 1/100 s). `None` elsewhere.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // Fields after the command name (which is in parentheses and may hold spaces).
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}
