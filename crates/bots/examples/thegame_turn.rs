//! The heuristic's cost per planned turn, without the game around it: the views of 300
//! games are collected, then planned again and again, timed by the thread's CPU clock. Then
//! whole games per CPU second (`GAMES` deals, default 20,000, through `play_out`, the game
//! included; 0 skips them).
//!
//! ```sh
//! cargo run --release -p bots --example thegame_turn -- PLAYERS [EXACT] [REPS] [GAMES]
//! ```
//!
//! `EXACT` 0 (the default) times the registered heuristic; 1 the classic planner re-evaluating
//! every pile after each play (`Params::exact`); `classic` the classic planner as the search bot
//! uses it (`Heuristic::classic()`). `REPS` (default 20) is how many times the views are planned
//! (fewer for a profiler or a simulator).

use bots::thegame::{play_out, Heuristic, Params, Player};
use thegame::{State, View};

fn main() {
    let players: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    if !(1..=5).contains(&players) {
        eprintln!("players must be 1 to 5");
        std::process::exit(2);
    }
    let mut views: Vec<View> = Vec::new();
    let mode = std::env::args().nth(2).unwrap_or_default();
    let exact: i32 = mode.parse().unwrap_or(0);
    // The bot the registry plays ("heuristic"), the classic planner, or custom parameters.
    let mut bot = if mode == "classic" {
        Heuristic::classic()
    } else if exact == 0 {
        Heuristic::default()
    } else {
        Heuristic::with_params(Params {
            exact,
            ..Params::for_players(players)
        })
    };
    for seed in 0..300u64 {
        let mut s = State::seeded(players, 5_000_000 + seed, 0).unwrap();
        while !s.is_over() {
            let v = s.seat_view(s.current());
            views.push(v);
            let mut plan = Vec::new();
            bot.plan_turn(&v, &mut plan);
            for a in plan {
                if !s.is_over() {
                    s.apply(&a).unwrap();
                }
            }
        }
    }
    let mut plan = Vec::with_capacity(16);
    let reps: usize = std::env::args()
        .nth(3)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20)
        .max(1);
    let c0 = cpu();
    let mut sink = 0;
    for _ in 0..reps {
        for v in &views {
            plan.clear();
            bot.plan_turn(std::hint::black_box(v), &mut plan);
            sink += plan.len();
        }
    }
    let ns = (cpu() - c0) as f64 / (reps * views.len()) as f64;
    println!(
        "{players}p: {} turns/game, {ns:.0} ns per planned turn ({sink})",
        views.len() / 300
    );
    // Whole games on the simulations' fast path (deal, `play_out`), the same bot on every seat.
    let games: u64 = std::env::args()
        .nth(4)
        .and_then(|a| a.parse().ok())
        .unwrap_or(20_000);
    if games == 0 {
        return;
    }
    let mut bots: Vec<Box<dyn Player>> = (0..players)
        .map(|_| Box::new(bot.clone()) as Box<dyn Player>)
        .collect();
    let mut won = 0;
    let c0 = cpu();
    for seed in 0..games {
        let mut s = State::seeded(players, 6_000_000 + seed, 0).unwrap();
        won += u64::from(play_out(&mut s, &mut bots).unwrap().is_win());
    }
    let secs = (cpu() - c0) as f64 / 1e9;
    println!(
        "{players}p: {:.0} games per CPU second over {games} games ({won} won)",
        games as f64 / secs
    );
}

/// Nanoseconds this thread has spent on a CPU (0 where Linux does not report it).
fn cpu() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
