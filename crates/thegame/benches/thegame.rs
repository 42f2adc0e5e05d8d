//! Criterion benchmarks of the rules engine's fast path: dealing, and whole games of uniform
//! random play (among plays and `end`, never signals) through `legal_plays` and the unchecked
//! moves. The bots crate and `tabletop bench thegame` measure the bots themselves.

use criterion::{black_box, criterion_group, criterion_main, Criterion, Throughput};
use rand_core::{RngCore, SeedableRng};
use thegame::{bounded, Pile, Setup, State};

fn random_game(seed: u64, players: u8, rng: &mut impl RngCore) -> u8 {
    let mut s = State::new(Setup::seeded(players, seed)).unwrap();
    while !s.is_over() {
        let plays = s.legal_plays();
        let counts = plays.map(|p| p.len() as u64);
        let total: u64 = counts.iter().sum::<u64>() + u64::from(s.can_end_turn());
        let mut pick = bounded(rng, total);
        let mut played = false;
        for pile in Pile::ALL {
            if pick < counts[pile.index()] {
                let card = plays[pile.index()].nth(pick as usize).unwrap();
                s.play_unchecked(card, pile);
                played = true;
                break;
            }
            pick -= counts[pile.index()];
        }
        if !played {
            s.end_turn_unchecked();
        }
    }
    s.cards_left()
}

fn benches(c: &mut Criterion) {
    let mut g = c.benchmark_group("thegame");
    g.throughput(Throughput::Elements(1));
    let mut seed = 0u64;
    g.bench_function("deal", |b| {
        b.iter(|| {
            seed += 1;
            black_box(State::new(Setup::seeded(3, seed)).unwrap())
        })
    });
    for players in [1u8, 3, 5] {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(7);
        let mut seed = 0u64;
        g.bench_function(format!("random_game_{players}p"), |b| {
            b.iter(|| {
                seed += 1;
                black_box(random_game(seed, players, &mut rng))
            })
        });
    }
    g.finish();
}

criterion_group!(name = group; config = Criterion::default().sample_size(30); targets = benches);
criterion_main!(group);
