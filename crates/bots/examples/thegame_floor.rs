//! The engine's floor: how long one won game of The Game takes to deal and replay
//! (views and checked actions, no bot), to compare a bot's speed against.
//!
//! ```sh
//! cargo run --release -p bots --example thegame_floor -- PLAYERS
//! ```

use bots::thegame::{Heuristic, Player};
use engine::Seat;
use thegame::{Action, State};

fn main() {
    let players: u8 = std::env::args()
        .nth(1)
        .and_then(|a| a.parse().ok())
        .unwrap_or(3);
    if !(1..=5).contains(&players) {
        eprintln!("players must be 1 to 5");
        std::process::exit(2);
    }
    // Find a won game and record its actions.
    let mut seed = 1_000_000u64;
    let actions = loop {
        let mut s = State::seeded(players, seed, 0).unwrap();
        let mut bot = Heuristic::default();
        let mut log = Vec::new();
        while !s.is_over() {
            let v = s.seat_view(s.current());
            let mut plan = Vec::new();
            bot.plan_turn(&v, &mut plan);
            for a in plan {
                if !s.is_over() {
                    log.push((s.current(), a));
                    s.apply(&a).unwrap();
                }
            }
        }
        if s.outcome().unwrap().is_win() {
            break log;
        }
        seed += 1;
    };
    let turns = actions
        .iter()
        .filter(|(_, a)| *a == Action::EndTurn)
        .count();
    let n = 200_000;
    let c0 = cpu();
    let mut sink = 0u64;
    for _ in 0..n {
        let mut s = State::seeded(players, std::hint::black_box(seed), 0).unwrap();
        let mut last = Seat(9);
        for (seat, a) in &actions {
            if *seat != last {
                let v = s.seat_view(*seat);
                sink += u64::from(std::hint::black_box(v).draw_pile);
                last = *seat;
            }
            s.apply_quiet(*seat, a).unwrap();
        }
        sink += u64::from(s.cards_left());
    }
    let el = (cpu() - c0) as f64 / 1e9;
    println!(
        "{players}p: {} actions, {turns} turns; replay {:.0} ns/game = {:.0} games/s ({sink})",
        actions.len(),
        el / n as f64 * 1e9,
        n as f64 / el
    );
    // The same game through `Turn` handles (what whole-turn bots use), one per turn.
    let c0 = cpu();
    for _ in 0..n {
        let mut s = State::seeded(players, std::hint::black_box(seed), 0).unwrap();
        let mut i = 0;
        while let Some(mut turn) = s.turn() {
            sink += u64::from(std::hint::black_box(turn.draw_pile_len()));
            while let Some((_, a)) = actions.get(i) {
                i += 1;
                match *a {
                    Action::Play { card, pile } => turn.play(card, pile).unwrap(),
                    Action::EndTurn => {
                        turn.end().unwrap();
                        break;
                    }
                    Action::Signal { pile, signal } => turn.send_signal(pile, signal).unwrap(),
                }
            }
            if i == actions.len() {
                break;
            }
        }
        sink += u64::from(s.cards_left());
    }
    let el = (cpu() - c0) as f64 / 1e9;
    println!(
        "{players}p: through turns {:.0} ns/game = {:.0} games/s ({sink})",
        el / n as f64 * 1e9,
        n as f64 / el
    );
}

/// Nanoseconds this thread has spent on a CPU (0 where Linux does not report it).
fn cpu() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}
