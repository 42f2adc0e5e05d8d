//! `tabletop replay` of a Power Grid record, and `tabletop bench powergrid`.
//!
//! A game record is JSON: `{"game": "powergrid", "setup": {...}, "actions": [...]}` (`game` may be
//! left out). Each action is the action's JSON object (`{"type": "bid", "amount": 19}`), its text
//! form (`"bid 19"`), or either of those wrapped with the acting seat
//! (`{"seat": 1, "action": "bid 19"}`), in which case the seat is checked too. See
//! `docs/protocol.md`.

use crate::replay::Record;
use anyhow::{bail, Context, Result};
use clap::Args;
use powergrid::{seat_name, Action, Actor, MapId, Seat, Setup, State};
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// Replays a Power Grid record (already read as JSON), printing the log (unless `quiet`) and
/// the standings, and gives its outcome as JSON (`None`: the record ends before the game).
///
/// # Errors
/// A record of the wrong shape, a bad setup, or an illegal action (with its index).
pub fn replay(record: serde_json::Value, quiet: bool) -> Result<Option<serde_json::Value>> {
    let record: Record<Setup, Action> =
        serde_json::from_value(record).context("not a Power Grid game record")?;
    let mut state = State::new(record.setup).context("invalid setup")?;
    if !quiet {
        println!(
            "Power Grid, {} players, {} ({}); turn order {}",
            state.players(),
            state.board().map.name,
            state
                .board()
                .regions
                .iter()
                .map(|r| r.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            state
                .turn_order()
                .iter()
                .map(|s| seat_name(*s))
                .collect::<Vec<_>>()
                .join(", ")
        );
        if let Some(bots) = &record.bots {
            println!("Bots: {}", bots.join(", "));
        }
    }
    for (i, recorded) in record.actions.iter().enumerate() {
        let (seat, action) = recorded
            .resolve()
            .with_context(|| format!("action #{i} cannot be read"))?;
        let actor = match state.actor() {
            Actor::Seat(s) => s,
            Actor::Terminal => bail!("action #{i} ({action}): the game is already over"),
        };
        let seat = seat.unwrap_or(actor);
        let events = state.apply_as(seat, &action).map_err(|e| {
            let who = if seat.index() < state.players() {
                seat_name(seat).to_owned()
            } else {
                format!("seat {}", seat.0)
            };
            anyhow::anyhow!("action #{i} ({action}) by {who}: {e}")
        })?;
        if !quiet {
            println!("#{i} {}: {action}", seat_name(seat));
            for e in events {
                println!("    {e}");
            }
        }
    }
    let outcome = state.outcome();
    match &outcome {
        Some(outcome) => {
            println!("Final standings:");
            for s in &outcome.standings {
                println!(
                    "  {}. {:<6} {:>2} cities powered, {:>3} Elektro, {:>2} cities{}",
                    s.rank,
                    seat_name(s.seat),
                    s.cities_powered,
                    s.money,
                    s.cities,
                    if s.rank == 1 { "  (winner)" } else { "" }
                );
            }
        }
        None => {
            println!(
                "The record ends before the game does: round {}, {}, {} to act.",
                state.round(),
                state.phase(),
                state.actor().seat().map_or("nobody", seat_name)
            );
            for s in 0..state.players() as u8 {
                let seat = Seat(s);
                println!(
                    "  {:<6} {:>2} cities, {:>3} Elektro, plants {:?}",
                    seat_name(seat),
                    state.city_count(seat),
                    state.money(seat),
                    state.plants(seat).iter().map(|p| p.0).collect::<Vec<_>>()
                );
            }
        }
    }
    Ok(outcome.map(|o| serde_json::json!(o)))
}

/// Arguments of `tabletop bench powergrid`.
#[derive(Args)]
pub struct BenchArgs {
    /// Players, 2 to 6 [default: every count].
    #[arg(long)]
    pub players: Option<u8>,
    /// Map [default: both].
    #[arg(long, value_enum)]
    pub map: Option<crate::powergrid_sim::Map>,
    /// Seconds of play per configuration.
    #[arg(long, default_value_t = 3.0)]
    pub seconds: f64,
    /// Bid amounts considered per auction decision (the lowest ones).
    #[arg(long, default_value_t = 5)]
    pub bids: u32,
}

/// Plays uniformly random games on one core and prints games and actions per second.
///
/// # Errors
/// An invalid player count.
pub fn bench(args: &BenchArgs) -> Result<()> {
    let players: Vec<u8> = match args.players {
        Some(p) if (2..=6).contains(&p) => vec![p],
        Some(p) => bail!("--players {p}: Power Grid takes 2 to 6 players"),
        None => (2..=6).collect(),
    };
    let maps: Vec<MapId> = args.map.map_or(MapId::ALL.to_vec(), |m| vec![m.into()]);
    println!(
        "Uniformly random legal play (bids: the {} lowest amounts), one core, {:.1} s each{}",
        args.bids,
        args.seconds,
        if thread_cpu_time().is_some() {
            " (rates per second of CPU time)"
        } else {
            ""
        }
    );
    println!("map      players   games/s   actions/s   actions/game");
    let budget = Duration::from_secs_f64(args.seconds.max(0.1));
    let mut buf = Vec::new();
    for &map in &maps {
        for &p in &players {
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(p as u64);
            let (mut games, mut actions) = (0u64, 0u64);
            let start = Instant::now();
            let cpu_start = thread_cpu_time();
            while start.elapsed() < budget {
                let mut state = State::new(Setup::new(p, map, games))?;
                actions += state.random_playout(&mut rng, args.bids, &mut buf) as u64;
                games += 1;
            }
            // On a shared machine the thread's own CPU time measures one core; wall time is the
            // fallback where the kernel does not report it.
            let secs = match (cpu_start, thread_cpu_time()) {
                (Some(a), Some(b)) if b > a => (b - a).as_secs_f64(),
                _ => start.elapsed().as_secs_f64(),
            };
            println!(
                "{:<8} {:>7} {:>9.0} {:>11.0} {:>14.0}",
                map.as_str(),
                p,
                games as f64 / secs,
                actions as f64 / secs,
                actions as f64 / games as f64
            );
        }
    }
    Ok(())
}

/// CPU time used by this thread so far (Linux: `/proc/thread-self/schedstat`).
fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}
