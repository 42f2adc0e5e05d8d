//! How long one seeded deal takes (the shuffle and the state), by the thread's CPU clock.
//!
//! ```sh
//! cargo run --release -p thegame --example deal_speed
//! ```

fn cpu() -> u64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|t| t.split_whitespace().next()?.parse().ok())
        .unwrap_or(0)
}

fn main() {
    let n = 5_000_000u64;
    for _ in 0..2 {
        let c0 = cpu();
        let mut sink = 0u64;
        for seed in 0..n {
            let d = thegame::shuffled_deck(std::hint::black_box(seed));
            sink = sink.wrapping_add(u64::from(d[0]) + u64::from(d[97]));
        }
        let c1 = cpu();
        for seed in 0..n {
            let s = thegame::State::seeded(2, std::hint::black_box(seed), 0).unwrap();
            sink = sink.wrapping_add(u64::from(s.draw_pile_len()));
        }
        let c2 = cpu();
        println!(
            "shuffled_deck {:.1} ns, State::seeded {:.1} ns ({sink})",
            (c1 - c0) as f64 / n as f64,
            (c2 - c1) as f64 / n as f64
        );
    }
}
