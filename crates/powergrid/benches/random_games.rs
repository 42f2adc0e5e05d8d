//! Full uniformly random games (bids limited to the 5 lowest amounts), per player count and map.
//! The target is 10,000 4-player Germany games per second on one core.

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use powergrid::{MapId, Setup, State};
use rand::SeedableRng;

fn random_games(c: &mut Criterion) {
    let mut group = c.benchmark_group("random_game");
    group.throughput(Throughput::Elements(1));
    for map in MapId::ALL {
        for players in 2..=6u8 {
            let id = BenchmarkId::new(map.as_str(), players);
            group.bench_with_input(id, &players, |b, &players| {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
                let mut buf = Vec::new();
                let mut seed = 0u64;
                b.iter(|| {
                    seed += 1;
                    let mut state = State::new(Setup::new(players, map, seed)).unwrap();
                    state.random_playout(&mut rng, 5, &mut buf)
                });
            });
        }
    }
    group.finish();
}

fn clone_and_legal(c: &mut Criterion) {
    let state = State::new(Setup::new(4, MapId::Germany, 1)).unwrap();
    c.bench_function("state_clone", |b| {
        b.iter(|| std::hint::black_box(&state).clone())
    });
}

criterion_group!(benches, random_games, clone_and_legal);
criterion_main!(benches);
