//! Whole games per second for each registered bot of The Game (deal included).

use bots::thegame::{play_out, Player, REGISTRY};
use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use thegame::State;

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("thegame_bots");
    g.throughput(Throughput::Elements(1));
    for entry in REGISTRY {
        for players in [1u8, 3, 5] {
            let mut bots: Vec<Box<dyn Player>> =
                (0..players).map(|s| (entry.make)(u64::from(s))).collect();
            let mut seed = 0u64;
            g.bench_function(format!("{}_{players}p", entry.name), |b| {
                b.iter(|| {
                    seed += 1;
                    let mut s = State::seeded(players, seed, 0).unwrap();
                    black_box(play_out(&mut s, &mut bots).unwrap())
                })
            });
        }
    }
    g.finish();
}

criterion_group!(name = group; config = Criterion::default().sample_size(30); targets = benches);
criterion_main!(group);
