//! Prints the average length of random games (actions, rounds, legal-list sizes) per player count.
use powergrid::{Actor, MapId, Setup, State};
use rand::{Rng, SeedableRng};

fn main() {
    for players in 2..=6 {
        let (mut actions, mut rounds, mut legal_total, mut full_total) = (0u64, 0u64, 0u64, 0u64);
        let games = 200;
        let mut buf = Vec::new();
        let mut full = Vec::new();
        for g in 0..games {
            let mut s = State::new(Setup::new(players, MapId::Germany, g)).unwrap();
            let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(g);
            while s.actor() != Actor::Terminal {
                s.legal_actions_limited(&mut buf, 5);
                s.legal_actions(&mut full);
                legal_total += buf.len() as u64;
                full_total += full.len() as u64;
                let a = buf[rng.gen_range(0..buf.len())];
                let seat = s.actor().seat().unwrap();
                s.apply_quiet(seat, &a).unwrap();
                actions += 1;
            }
            rounds += s.round() as u64;
        }
        println!(
            "{players}p: {:.0} actions, {:.1} rounds, {:.1} limited / {:.1} full legal per step",
            actions as f64 / games as f64,
            rounds as f64 / games as f64,
            legal_total as f64 / actions as f64,
            full_total as f64 / actions as f64
        );
    }
}
