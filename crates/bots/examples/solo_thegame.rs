//! The solo bot on many one-player deals: win rate (with its 95 % Wilson interval), mean cards
//! left, whole games per second of thread CPU, and the planning cost per turn without the
//! game around it (the views of 300 games, planned again and again, timed by the thread's CPU
//! clock, as in `thegame_turn.rs`).
//!
//! ```sh
//! cargo run --release -p bots --example solo_thegame -- games=100000 start=0 [key=value ...]
//! ```
//!
//! Keys: `games` (default 100,000), `start` (the first seed; default 1,000,000, the tuning
//! seeds; the README's figures use `start=0`), `bot` (`solo`, `heuristic` or `greedy`, to
//! compare), `reps` (timing repetitions per round, default 4; the best of five rounds is
//! printed) and the fields of
//! `bots::thegame::SoloParams`. `THREADS=n` sets the worker threads (default 2).

use bots::thegame::{play_out, Heuristic, Player, Solo, SoloParams};
use thegame::{State, View};

fn main() {
    let mut p = SoloParams::default();
    let mut games: u64 = 100_000;
    let mut start: u64 = 1_000_000;
    let mut reps: usize = 4;
    let mut bot = String::from("solo");
    let args: Vec<String> = std::env::args().skip(1).collect();
    for kv in &args {
        let Some((k, v)) = kv.split_once('=') else {
            eprintln!("ignoring {kv:?}: expected key=value");
            continue;
        };
        if k == "bot" {
            bot = v.to_string();
            continue;
        }
        let Ok(n) = v.parse::<i64>() else {
            eprintln!("ignoring {kv:?}: not a number");
            continue;
        };
        match k {
            "games" => games = n.max(1) as u64,
            "start" => start = n.max(0) as u64,
            "reps" => reps = n.max(1) as usize,
            _ => {
                if !set_param(&mut p, k, n as i32) {
                    eprintln!("ignoring unknown key {k:?}");
                }
            }
        }
    }
    let make = |bot: &str| -> Box<dyn Player> {
        match bot {
            "heuristic" => Box::new(Heuristic::default()),
            "greedy" => Box::new(Heuristic::greedy()),
            _ => Box::new(Solo::new(p)),
        }
    };
    let threads: u64 = std::env::var("THREADS")
        .ok()
        .and_then(|t| t.parse().ok())
        .unwrap_or(2)
        .max(1);
    let results: Vec<(u64, u64, u64)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let bot = bot.clone();
                s.spawn(move || {
                    let mut bots = vec![make(&bot)];
                    let (mut wins, mut left) = (0, 0);
                    let cpu0 = thread_cpu_ns();
                    let mut g = t;
                    while g < games {
                        let mut s = State::seeded(1, start + g, 0).expect("valid");
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
    let cpu: u64 = results.iter().map(|r| r.2).sum();
    let (lo, hi) = wilson(wins, games);
    let per_sec = if cpu > 0 {
        games as f64 / (cpu as f64 / 1e9)
    } else {
        0.0
    };
    println!(
        "{bot} seeds {start}..{}: win {:.2}% [{:.2}, {:.2}] mean left {:.3}  {:.0} games/s per thread-CPU second",
        start + games,
        100.0 * wins as f64 / games as f64,
        100.0 * lo,
        100.0 * hi,
        left as f64 / games as f64,
        per_sec,
    );
    let (ns, turns) = turn_cost(&mut *make(&bot), reps);
    println!("planning: {ns:.1} ns per planned turn ({turns:.1} turns per game)  {args:?}");
}

/// Sets the `SoloParams` field called `k`; false when there is none.
fn set_param(p: &mut SoloParams, k: &str, v: i32) -> bool {
    match k {
        "alt_weight" => p.alt_weight = v,
        "stranded_weight" => p.stranded_weight = v,
        "trick_bonus" => p.trick_bonus = v,
        "extra" => p.extra = v,
        "extra_endgame" => p.extra_endgame = v,
        "next_turn" => p.next_turn = v,
        "future_floor" => p.future_floor = v,
        "stuck_cost" => p.stuck_cost = v,
        "closest" => p.closest = v.max(0) as u32,
        _ => return false,
    }
    true
}

/// The mean thread-CPU nanoseconds of one planned turn over the views of 300 games, and the
/// turns per game.
fn turn_cost(bot: &mut dyn Player, reps: usize) -> (f64, f64) {
    let mut views: Vec<View> = Vec::new();
    let mut plan = Vec::with_capacity(16);
    for seed in 0..300u64 {
        let mut s = State::seeded(1, 5_000_000 + seed, 0).expect("valid");
        while !s.is_over() {
            let v = s.seat_view(s.current());
            views.push(v);
            plan.clear();
            bot.plan_turn(&v, &mut plan);
            for a in &plan {
                if !s.is_over() {
                    s.apply(a).expect("legal play");
                }
            }
        }
    }
    // The best of five rounds: other work on the machine only ever adds time.
    let mut sink = 0;
    let mut ns = f64::INFINITY;
    for _ in 0..5 {
        let c0 = thread_cpu_ns();
        for _ in 0..reps {
            for v in &views {
                plan.clear();
                bot.plan_turn(std::hint::black_box(v), &mut plan);
                sink += plan.len();
            }
        }
        let round = thread_cpu_ns().saturating_sub(c0) as f64 / (reps * views.len()) as f64;
        ns = ns.min(round);
    }
    std::hint::black_box(sink);
    (ns, views.len() as f64 / 300.0)
}

/// The 95 % Wilson score interval of `k` successes in `n` trials.
fn wilson(k: u64, n: u64) -> (f64, f64) {
    let (k, n, z) = (k as f64, n as f64, 1.96f64);
    let p = k / n;
    let d = 1.0 + z * z / n;
    let c = p + z * z / (2.0 * n);
    let h = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt();
    ((c - h) / d, (c + h) / d)
}

/// Nanoseconds this thread has spent on a CPU (0 where Linux does not report it).
fn thread_cpu_ns() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
