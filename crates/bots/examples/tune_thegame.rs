//! Tries heuristic parameters for The Game on many deals, in parallel:
//!
//! ```sh
//! cargo run --release -p bots --example tune_thegame -- PLAYERS GAMES [key=value ...]
//! ```
//!
//! Keys are the fields of `bots::thegame::Params` (in quarter cards; `lookahead` 0 or 1),
//! starting from the tuned parameters for PLAYERS. Deals use seeds 1_000_000.. so tuning does not overfit the seeds
//! the README's table is measured on. `THREADS=n` sets the worker threads (default 2). Prints
//! the win rate with its 95 % Wilson interval, the mean cards left and games per second of one
//! thread's CPU time.

use bots::thegame::{play_out, Heuristic, Params};
use engine::Bot;
use thegame::State;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let players: u8 = args.first().and_then(|a| a.parse().ok()).unwrap_or(1);
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let mut p = Params::for_players(players);
    for kv in args.iter().skip(2) {
        let Some((k, v)) = kv.split_once('=') else {
            eprintln!("ignoring {kv:?}: expected key=value");
            continue;
        };
        let Ok(v) = v.parse::<i32>() else {
            eprintln!("ignoring {kv:?}: not a number");
            continue;
        };
        let field = match k {
            "stranded_weight" => &mut p.stranded_weight,
            "trick_bonus" => &mut p.trick_bonus,
            "pair_bonus" => &mut p.pair_bonus,
            "pair_shed" => &mut p.pair_shed,
            "extra" => &mut p.extra,
            "extra_endgame" => &mut p.extra_endgame,
            "dont_play_signal" => &mut p.dont_play_signal,
            "good_card_signal" => &mut p.good_card_signal,
            "dont_play_penalty" => &mut p.dont_play_penalty,
            "good_card_penalty" => &mut p.good_card_penalty,
            "next_turn" => &mut p.next_turn,
            "future_floor" => &mut p.future_floor,
            "stuck_cost" => &mut p.stuck_cost,
            "lookahead_above" => &mut p.lookahead_above,
            "lookahead" => {
                p.lookahead = v != 0;
                continue;
            }
            "closest" => {
                p.closest = v.max(0) as u32;
                continue;
            }
            _ => {
                eprintln!("ignoring unknown key {k:?}");
                continue;
            }
        };
        *field = v;
    }
    let threads: u64 = std::env::var("THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(2);
    let start = std::time::Instant::now();
    let results: Vec<(u64, u64, u64)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut bots: Vec<Box<dyn Bot<thegame::State>>> = (0..players)
                        .map(|_| {
                            Box::new(Heuristic::with_params(p)) as Box<dyn Bot<thegame::State>>
                        })
                        .collect();
                    let (mut wins, mut left) = (0, 0);
                    let cpu0 = thread_cpu_ns();
                    let mut g = t;
                    while g < games {
                        let mut s = State::seeded(players, 1_000_000 + g, 0).expect("valid");
                        let o = play_out(&mut s, &mut bots).expect("legal play");
                        wins += u64::from(o.is_win());
                        left += u64::from(o.cards_left());
                        g += threads;
                    }
                    (wins, left, thread_cpu_ns().saturating_sub(cpu0))
                })
            })
            .collect();
        handles
            .into_iter()
            .map(|h| h.join().expect("worker"))
            .collect()
    });
    let wins: u64 = results.iter().map(|r| r.0).sum();
    let left: u64 = results.iter().map(|r| r.1).sum();
    let seconds = start.elapsed().as_secs_f64();
    let cpu: u64 = results.iter().map(|r| r.2).sum();
    let seconds = if cpu > 0 {
        cpu as f64 / 1e9 / threads as f64
    } else {
        seconds
    };
    let (lo, hi) = wilson(wins, games);
    println!(
        "{players}p {games} games: win {:.2}% [{:.2}, {:.2}] mean left {:.2}  {:.0} games/s/thread  {:?}",
        100.0 * wins as f64 / games as f64,
        100.0 * lo,
        100.0 * hi,
        left as f64 / games as f64,
        games as f64 / seconds / threads as f64,
        args.get(2..).unwrap_or(&[])
    );
}

/// Nanoseconds this thread has spent on a CPU (0 where Linux does not report it).
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

/// The 95 % Wilson score interval of `wins` out of `n`.
fn wilson(wins: u64, n: u64) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let (n, p, z) = (n as f64, wins as f64 / n as f64, 1.96f64);
    let centre = p + z * z / (2.0 * n);
    let margin = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    let denom = 1.0 + z * z / n;
    ((centre - margin) / denom, (centre + margin) / denom)
}
