//! Tries team-planner parameters for The Game (2-5 players) on many deals, in parallel:
//!
//! ```sh
//! cargo run --release -p bots --example tune_team -- PLAYERS GAMES [key=value ...]
//! ```
//!
//! Keys are the fields of `bots::thegame::TeamParams` (in quarter cards). Deals use seeds
//! 1_000_000.. so tuning does not overfit the seeds the README's table is measured on.
//! `THREADS=n` sets the worker threads (default 2). Prints the win rate with its 95 % Wilson
//! interval and the mean cards left.

use bots::thegame::{play_out, Heuristic, Player, TeamParams};
use thegame::State;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let players: u8 = args.first().and_then(|a| a.parse().ok()).unwrap_or(3);
    if !(2..=5).contains(&players) {
        eprintln!("players must be 2 to 5");
        std::process::exit(2);
    }
    let games: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(20_000);
    let mut p = TeamParams::TUNED;
    for kv in &args[2.min(args.len())..] {
        let Some((k, v)) = kv.split_once('=') else {
            eprintln!("ignoring {kv:?}: expected key=value");
            continue;
        };
        let Ok(v) = v.parse::<i32>() else {
            eprintln!("ignoring {kv:?}: not a number");
            continue;
        };
        let field = match k {
            "extra" => &mut p.extra,
            "extra_endgame" => &mut p.extra_endgame,
            "trick_bonus" => &mut p.trick_bonus,
            "pair_bonus" => &mut p.pair_bonus,
            "pair_shed" => &mut p.pair_shed,
            "dont_play_signal" => &mut p.dont_play_signal,
            "good_card_signal" => &mut p.good_card_signal,
            "dont_play_penalty" => &mut p.dont_play_penalty,
            "good_card_penalty" => &mut p.good_card_penalty,
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
    let results: Vec<(u64, u64)> = std::thread::scope(|s| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                s.spawn(move || {
                    let mut bots: Vec<Box<dyn Player>> = (0..players)
                        .map(|_| Box::new(Heuristic::with_team(p)) as Box<dyn Player>)
                        .collect();
                    let (mut wins, mut left) = (0, 0);
                    let mut g = t;
                    while g < games {
                        let mut s = State::seeded(players, 1_000_000 + g, 0).expect("valid");
                        let o = play_out(&mut s, &mut bots).expect("legal play");
                        wins += u64::from(o.is_win());
                        left += u64::from(o.cards_left());
                        g += threads;
                    }
                    (wins, left)
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
    let (lo, hi) = wilson(wins, games);
    println!(
        "{players}p {games} games: win {:.2}% [{:.2}, {:.2}] mean left {:.2}  {:?}",
        100.0 * wins as f64 / games as f64,
        100.0 * lo,
        100.0 * hi,
        left as f64 / games as f64,
        args.get(2..).unwrap_or(&[])
    );
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
