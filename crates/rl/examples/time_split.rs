//! Where the time of one batch step goes, per game step: the engine's move, the legal list,
//! the mask, the observation. Each part is timed alone over the states of random games.
//!
//! `cargo run --release -p rl --example time_split`

use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rl::Encoded;
use std::hint::black_box;
use std::time::Instant;

fn states<G: Encoded>(deal: impl Fn(u64) -> G, count: usize) -> Vec<(G, usize)> {
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut out = Vec::with_capacity(count);
    let mut legal = Vec::new();
    let mut seed = 0;
    while out.len() < count {
        let mut g = deal(seed);
        seed += 1;
        while let Some(seat) = g.actor().seat() {
            g.legal_indices(&mut legal);
            let i = legal[rng.gen_range(0..legal.len())] as usize;
            out.push((g.clone(), i));
            let a = g.decode(i).expect("a legal index");
            g.apply_quiet(seat, &a).expect("legal");
        }
    }
    out.truncate(count);
    out
}

fn per_state(name: &str, n: usize, f: impl FnOnce()) {
    let start = Instant::now();
    f();
    println!(
        "  {name:<34} {:>7.1} ns",
        start.elapsed().as_nanos() as f64 / n as f64
    );
}

fn split<G: Encoded>(title: &str, deal: impl Fn(u64) -> G) {
    let n = 200_000;
    let all = states(deal, n);
    println!("{title} ({n} states of random games, per state):");
    per_state("clone (the copy a step makes)", n, || {
        for (g, _) in &all {
            black_box(g.clone());
        }
    });
    per_state("decode + apply (engine, quiet)", n, || {
        for (g, i) in &all {
            let mut g = g.clone();
            let a = g.decode(*i).unwrap();
            let seat = g.actor().seat().unwrap();
            g.apply_quiet(seat, &a).unwrap();
            black_box(&g);
        }
    });
    let mut legal = Vec::new();
    per_state("legal indices", n, || {
        for (g, _) in &all {
            g.legal_indices(&mut legal);
            black_box(&legal);
        }
    });
    let mut mask = vec![false; G::ACTIONS];
    per_state("mask from the legal indices", n, || {
        for (g, _) in &all {
            g.legal_indices(&mut legal);
            rl::mask_from(&legal, &mut mask);
            black_box(&mask);
        }
    });
    let mut obs = vec![0.0f32; G::OBSERVATION];
    per_state("observation", n, || {
        for (g, _) in &all {
            g.observe(g.actor().seat().unwrap(), &mut obs);
            black_box(&obs);
        }
    });
    let mut r = vec![0.0f32; G::MAX_SEATS];
    per_state("returns (twice per step)", n, || {
        for (g, _) in &all {
            g.returns(&mut r);
            black_box(&r);
        }
    });
}

fn main() {
    split("The Game, 2 players", |s| {
        thegame::State::seeded(2, s, 0).unwrap()
    });
    split("Power Grid, Germany, 4 players", |s| {
        powergrid::State::new(powergrid::Setup::new(4, powergrid::MapId::Germany, s)).unwrap()
    });
}
