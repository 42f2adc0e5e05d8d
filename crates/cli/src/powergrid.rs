//! How `tabletop replay` prints a Power Grid game, and `tabletop bench powergrid`.

use anyhow::{bail, Result};
use clap::Args;
use powergrid::{seat_name, MapId, Seat, Setup, State};
use rand::SeedableRng;
use std::time::{Duration, Instant};

/// How a Power Grid replay is printed: seats by colour, the map and turn order first, the
/// standings (or where an unfinished record stops) last.
impl crate::replay::Replayed for State {
    fn header(&self, _setup: &Setup) -> String {
        format!(
            "Power Grid, {} players, {} ({}); turn order {}",
            self.players(),
            self.board().map.name,
            self.board()
                .regions
                .iter()
                .map(|r| r.as_str())
                .collect::<Vec<_>>()
                .join(", "),
            self.turn_order()
                .iter()
                .map(|s| seat_name(*s))
                .collect::<Vec<_>>()
                .join(", ")
        )
    }

    fn seat_label(&self, seat: Seat) -> String {
        if seat.index() < self.players() {
            seat_name(seat).to_owned()
        } else {
            format!("seat {}", seat.0)
        }
    }

    fn print_end(&self) {
        match self.outcome() {
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
                if engine::Game::past_round_cap(self) {
                    println!(
                        "Stopped unfinished in round {}: past the round cap ({}), a win for no one \
                         (the rules set no limit; every host stops a game there).",
                        self.round(),
                        engine::ROUND_CAP
                    );
                } else {
                    println!(
                        "The record ends before the game does: round {}, {}, {} to act.",
                        self.round(),
                        self.phase(),
                        self.actor().seat().map_or("nobody", seat_name)
                    );
                }
                for s in 0..self.players() as u8 {
                    let seat = Seat(s);
                    println!(
                        "  {:<6} {:>2} cities, {:>3} Elektro, plants {:?}",
                        seat_name(seat),
                        self.city_count(seat),
                        self.money(seat),
                        self.plants(seat).iter().map(|p| p.0).collect::<Vec<_>>()
                    );
                }
            }
        }
    }
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
pub(crate) fn thread_cpu_time() -> Option<Duration> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let nanos: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(nanos))
}
