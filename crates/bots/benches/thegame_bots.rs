//! Whole games per second for each registered bot of The Game (deal included).
//!
//! The search bot takes a few hundred milliseconds a game, so it has its own group with the
//! fewest samples criterion allows.

use bots::thegame::play_out;
use bots::{BotEntry, Registered};
use criterion::{
    black_box, criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput,
};
use engine::Bot;
use thegame::State;

fn whole_games(
    g: &mut BenchmarkGroup<'_, criterion::measurement::WallTime>,
    entry: &BotEntry<State>,
    players: u8,
) {
    let mut bots: Vec<Box<dyn Bot<State>>> =
        (0..players).map(|s| entry.build(u64::from(s))).collect();
    let mut seed = 0u64;
    g.bench_function(format!("{}_{players}p", entry.name), |b| {
        b.iter(|| {
            seed += 1;
            let mut s = State::seeded(players, seed, 0).unwrap();
            black_box(play_out(&mut s, &mut bots).unwrap())
        })
    });
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("thegame_bots");
    g.throughput(Throughput::Elements(1));
    g.sample_size(30);
    for entry in State::REGISTRY.iter().filter(|e| e.name != "search") {
        for players in [1u8, 3, 5] {
            whole_games(&mut g, entry, players);
        }
    }
    g.finish();
    let mut g = c.benchmark_group("thegame_search");
    g.throughput(Throughput::Elements(1));
    g.sample_size(10);
    for entry in State::REGISTRY.iter().filter(|e| e.name == "search") {
        for players in [1u8, 3, 5] {
            whole_games(&mut g, entry, players);
        }
    }
    g.finish();
}

criterion_group!(group, benches);
criterion_main!(group);
