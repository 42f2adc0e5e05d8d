//! `tabletop bench serve --database URL [--processes N]`: the load bench against PostgreSQL.
//!
//! The bench makes a new schema in the database (so that the check of stored against
//! acknowledged actions sees only this run), starts N `tabletop serve` processes on it, and runs
//! the load generator of `bench serve` against all of them: it spreads its connections (each
//! HTTP request and each seat's WebSocket) round-robin over the processes, as a round-robin load
//! balancer would, so the seats of one game sit on different processes and every action crosses
//! from one to the others by `NOTIFY`. The servers are stopped with SIGKILL at the end: every
//! acknowledged action is committed by then, which the check confirms.
//!
//! The spreading is the load generator's, not a TCP proxy's: the bench first had a proxy in
//! front of the processes, on the load generator's two threads, and on this 2-core machine,
//! which also runs the database and the servers, its copy of every byte (twice through the
//! kernel) took 4-5 s of CPU in a 20 s run, 40 % of what the two servers took, and put its
//! queue in every measured latency. A real deployment's balancer runs elsewhere
//! (`docs/deploy.md`).

use crate::serve::{print_report, BenchServeArgs};
use anyhow::{bail, Context};
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

/// Server processes, killed when dropped.
struct Processes(Vec<Child>);

impl Drop for Processes {
    fn drop(&mut self) {
        for child in &mut self.0 {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

/// Starts `tabletop serve` on `database` with no bot pause and no rate limit; answers its
/// address once it serves.
fn start_server(database: &str) -> anyhow::Result<(Child, SocketAddr)> {
    let mut child = Command::new(std::env::current_exe()?)
        .args(["serve", "--addr", "127.0.0.1:0", "--bot-delay-ms", "0"])
        .args(["--rate-per-second", "0", "--database", database])
        .stdout(Stdio::piped())
        .stderr(Stdio::inherit())
        .spawn()
        .context("cannot start tabletop serve")?;
    let Some(stdout) = child.stdout.take() else {
        bail!("no output from tabletop serve");
    };
    let mut lines = BufReader::new(stdout).lines();
    let first = lines.next().transpose()?.unwrap_or_default();
    let Some(url) = first.strip_prefix("Tabletop is running: open http://") else {
        let _ = child.kill();
        bail!("tabletop serve did not start: {first:?}");
    };
    let addr = url.trim_end_matches('/').parse()?;
    std::thread::spawn(move || for _ in lines {});
    Ok((child, addr))
}

/// CPU seconds (user + system) process `pid` has used, from `/proc` (Linux only).
fn cpu_of(pid: u32) -> Option<f64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    let rest = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let user: f64 = fields.get(11)?.parse().ok()?;
    let system: f64 = fields.get(12)?.parse().ok()?;
    Some((user + system) / 100.0)
}

pub fn bench(args: &BenchServeArgs, url: &str) -> anyhow::Result<()> {
    if args.processes == 0 {
        bail!("--processes must be at least 1");
    }
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("load")
        .enable_all()
        .build()?;
    let schema = format!("bench_{:012x}", rand::random::<u64>() >> 16);
    runtime.block_on(async {
        let (client, connection) = tokio_postgres::connect(url, tokio_postgres::NoTls)
            .await
            .context("cannot connect to --database")?;
        tokio::spawn(connection);
        client
            .batch_execute(&format!("CREATE SCHEMA {schema}"))
            .await
            .context("cannot create the bench's schema")?;
        anyhow::Ok(())
    })?;
    let separator = if url.contains('?') { '&' } else { '?' };
    let database = format!("{url}{separator}options=-c%20search_path%3D{schema}");
    let mut processes = Processes(Vec::new());
    let mut backends = Vec::new();
    for _ in 0..args.processes {
        let (child, addr) = start_server(&database)?;
        processes.0.push(child);
        backends.push(addr);
    }
    let bases: Vec<String> = backends.iter().map(|a| format!("http://{a}")).collect();
    println!(
        "{}",
        args.describe(&format!(
            "{} process(es) on PostgreSQL (schema {schema}), at {}",
            args.processes,
            bases.join(" ")
        ))
    );
    let pids: Vec<u32> = processes.0.iter().map(Child::id).collect();
    let cpu_before: Vec<Option<f64>> = pids.iter().map(|p| cpu_of(*p)).collect();
    let report = runtime.block_on(loadgen::run(args.load(bases)?))?;
    let servers_cpu: f64 = pids
        .iter()
        .zip(&cpu_before)
        .filter_map(|(p, before)| Some(cpu_of(*p)? - (*before)?))
        .sum();
    drop(processes);
    let stored = runtime
        .block_on(server::store::postgres::action_counts(&database))
        .context("cannot read the stored actions")?;
    println!(
        "server processes: {servers_cpu:.1} s of CPU ({:.0}% of one core); the database's own CPU is not counted",
        100.0 * servers_cpu / report.elapsed.as_secs_f64().max(1e-9)
    );
    println!("the bench's schema {schema} is kept; DROP SCHEMA {schema} CASCADE removes it");
    print_report(&report, &stored, None, (3000.0, Duration::from_millis(50)))
}
