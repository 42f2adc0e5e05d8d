//! The encodings against the engines: over random games of every player count (and both maps),
//! the legal indices are exactly the engine's legal actions encoded, every index decodes to an
//! action the engine's `is_legal` accepts exactly when the index is legal, encode and decode
//! round-trip, and observations do not change when everything hidden from the seat is
//! resampled. Then the batch agrees step by step with single games.

use engine::{Seat, Viewer};
use rand::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;
use rl::{Encoded, VecEnv};

/// Checks one state; returns the legal indices.
fn check_state<G: Encoded>(g: &G) -> Vec<u32> {
    let mut legal = Vec::new();
    g.legal_indices(&mut legal);
    assert!(
        legal.len() <= G::MAX_LEGAL,
        "{} legal > {}",
        legal.len(),
        G::MAX_LEGAL
    );
    assert!(
        legal.windows(2).all(|w| w[0] < w[1]),
        "sorted, no duplicates"
    );
    let mut is_legal = vec![false; G::ACTIONS];
    rl::mask_from(&legal, &mut is_legal);
    for (i, &want) in is_legal.iter().enumerate() {
        match g.decode(i) {
            Some(a) => {
                assert_eq!(g.is_legal(&a), want, "index {i} = {a} legal={want}");
                assert_eq!(g.encode(&a), Some(i), "round trip of {a}");
            }
            None => assert!(!want, "legal index {i} decodes to nothing"),
        }
    }
    legal
}

fn random_games<G: Encoded>(games: impl Iterator<Item = G>, mut each: impl FnMut(&G)) -> usize {
    let mut rng = Pcg64Mcg::seed_from_u64(7);
    let mut states = 0;
    for mut g in games {
        while let Some(seat) = g.actor().seat() {
            let legal = check_state(&g);
            each(&g);
            states += 1;
            let i = legal[rng.gen_range(0..legal.len())] as usize;
            let a = g.decode(i).unwrap();
            g.apply_as(seat, &a).unwrap();
        }
        assert!(check_state(&g).is_empty());
    }
    states
}

#[test]
fn thegame_indices_agree_with_the_engine() {
    let games =
        (1..=5u8).flat_map(|p| (0..4).map(move |s| thegame::State::seeded(p, s, 0).unwrap()));
    let states = random_games(games, |g| {
        let mut engine_legal = Vec::new();
        g.legal_actions(&mut engine_legal);
        let mut from_engine: Vec<u32> = engine_legal
            .iter()
            .map(|a| g.encode(a).unwrap() as u32)
            .collect();
        from_engine.sort_unstable();
        let mut ours = Vec::new();
        g.legal_indices(&mut ours);
        assert_eq!(ours, from_engine);
    });
    assert!(states > 500, "{states}");
    assert_eq!(<thegame::State as Encoded>::ACTIONS, 401);
}

#[test]
fn powergrid_indices_agree_with_the_engine() {
    use powergrid::{Action, MapId, Setup};
    let games = [
        (2, MapId::Germany),
        (3, MapId::Usa),
        (4, MapId::Germany),
        (5, MapId::Usa),
        (6, MapId::Germany),
    ]
    .into_iter()
    .map(|(p, m)| powergrid::State::new(Setup::new(p, m, u64::from(p))).unwrap());
    let mut beyond = 0;
    let states = random_games(games, |g| {
        // Every engine action has an index, but bids more than BIDS above the lowest.
        let mut all = Vec::new();
        g.legal_actions(&mut all);
        for a in &all {
            match g.encode(a) {
                Some(_) => {}
                None => {
                    assert!(
                        matches!(a, Action::StartAuction { .. } | Action::Bid { .. }),
                        "{a} has no index"
                    );
                    beyond += 1;
                }
            }
        }
    });
    assert!(states > 500, "{states}");
    assert!(beyond > 0, "some high bids exist beyond the encoding");
}

#[test]
fn thegame_observation_hides_other_hands_and_the_draw_order() {
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    let games = (2..=5u8).map(|p| thegame::State::seeded(p, 11, 0).unwrap());
    let mut changed = 0;
    random_games(games, |g| {
        for s in 0..g.players() {
            let seat = Seat(s);
            let view = g.view(Viewer::Seat(seat));
            let other = thegame::State::determinize(&view, &mut rng).unwrap();
            changed += usize::from(other != *g);
            let (mut a, mut b) = (vec![0.0; 260], vec![0.0; 260]);
            g.observe(seat, &mut a);
            other.observe(seat, &mut b);
            assert_eq!(a, b);
        }
    });
    assert!(
        changed > 100,
        "resampling changed the hidden cards ({changed})"
    );
}

#[test]
fn powergrid_observation_hides_the_deck_removed_plants_and_money() {
    use powergrid::{Hidden, MapId, Memory, Setup};
    let mut rng = Pcg64Mcg::seed_from_u64(5);
    let games = [(3, MapId::Germany), (5, MapId::Usa)]
        .into_iter()
        .map(|(p, m)| powergrid::State::new(Setup::new(p, m, 9)).unwrap());
    let mut changed = 0;
    let mut checked = 0;
    random_games(games, |g| {
        if rng.gen_range(0..4) != 0 {
            return;
        }
        for s in 0..g.players() as u8 {
            let seat = Seat(s);
            let view = g.view(Viewer::Seat(seat));
            // Any money above what the table saw spent keeps the auction consistent.
            let mut memory = Memory::new();
            for (i, m) in memory.money.iter_mut().enumerate().take(g.players()) {
                *m = g.money(Seat(i as u8)) + rng.gen_range(0..80);
            }
            let hidden = Hidden::sample(&view, &memory, &mut rng).unwrap();
            let other = powergrid::State::from_view(&view, &hidden).unwrap();
            changed += usize::from(other.hidden() != g.hidden());
            let (mut a, mut b) = (vec![0.0; 925], vec![0.0; 925]);
            g.observe(seat, &mut a);
            other.observe(seat, &mut b);
            assert_eq!(a, b);
            checked += 1;
        }
    });
    assert!(
        checked > 100 && changed * 2 > checked,
        "{changed} of {checked}"
    );
}

/// Output buffers for a batch of `n`.
struct Buffers {
    obs: Vec<f32>,
    masks: Vec<bool>,
    rewards: Vec<f32>,
    dones: Vec<bool>,
    players: Vec<i32>,
    legal: Vec<i32>,
    num_legal: Vec<i32>,
}

impl Buffers {
    fn new<G: Encoded>(n: usize) -> Buffers {
        Buffers {
            obs: vec![0.0; n * G::OBSERVATION],
            masks: vec![false; n * G::ACTIONS],
            rewards: vec![0.0; n * G::MAX_SEATS],
            dones: vec![false; n],
            players: vec![0; n],
            legal: vec![0; n * G::MAX_LEGAL],
            num_legal: vec![0; n],
        }
    }
    fn out(&mut self) -> rl::batch::Outputs<'_> {
        rl::batch::Outputs {
            observations: &mut self.obs,
            masks: &mut self.masks,
            rewards: &mut self.rewards,
            dones: &mut self.dones,
            players: &mut self.players,
            legal: &mut self.legal,
            num_legal: &mut self.num_legal,
        }
    }
}

/// Plays `steps` random steps in a batch and the same games one by one; compares everything.
fn batch_agrees<G: Encoded>(deal: fn(u64) -> G, n: usize, threads: usize, steps: usize) {
    let seed = 100;
    let mut env = VecEnv::new(n, seed, threads, Box::new(deal)).unwrap();
    let mut buf = Buffers::new::<G>(n);
    env.reset(buf.out()).unwrap();
    let mut singles: Vec<G> = (0..n).map(|i| deal(seed + i as u64)).collect();
    let mut games_done = vec![0u64; n];
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut finished = 0;
    for _ in 0..steps {
        let actions: Vec<i64> = (0..n)
            .map(|i| {
                let k = buf.num_legal[i] as usize;
                i64::from(buf.legal[i * G::MAX_LEGAL + rng.gen_range(0..k)])
            })
            .collect();
        env.step(&actions, buf.out()).unwrap();
        for i in 0..n {
            let g = &mut singles[i];
            let mut before = vec![0.0; G::MAX_SEATS];
            g.returns(&mut before);
            let seat = g.actor().seat().unwrap();
            let a = g.decode(actions[i] as usize).unwrap();
            g.apply_as(seat, &a).unwrap();
            let mut after = vec![0.0; G::MAX_SEATS];
            g.returns(&mut after);
            let rewards: Vec<f32> = after.iter().zip(&before).map(|(a, b)| a - b).collect();
            assert_eq!(
                &buf.rewards[i * G::MAX_SEATS..(i + 1) * G::MAX_SEATS],
                &rewards[..]
            );
            let over = g.actor().seat().is_none();
            assert_eq!(buf.dones[i], over);
            if over {
                finished += 1;
                games_done[i] += 1;
                *g = deal(seed + i as u64 + games_done[i] * n as u64);
            }
            let seat = g.actor().seat().unwrap();
            assert_eq!(buf.players[i], i32::from(seat.0));
            let mut obs = vec![0.0; G::OBSERVATION];
            g.observe(seat, &mut obs);
            assert_eq!(
                &buf.obs[i * G::OBSERVATION..(i + 1) * G::OBSERVATION],
                &obs[..]
            );
            let mut legal = Vec::new();
            g.legal_indices(&mut legal);
            let mut mask = vec![false; G::ACTIONS];
            rl::mask_from(&legal, &mut mask);
            assert_eq!(&buf.masks[i * G::ACTIONS..(i + 1) * G::ACTIONS], &mask[..]);
            assert_eq!(buf.num_legal[i] as usize, legal.len());
        }
    }
    assert_eq!(env.seeds()[0], seed + games_done[0] * n as u64);
    assert!(finished > 0, "some games ended and were dealt again");
}

fn deal_thegame(seed: u64) -> thegame::State {
    thegame::State::seeded(2, seed, 0).unwrap()
}

fn deal_powergrid(seed: u64) -> powergrid::State {
    powergrid::State::new(powergrid::Setup::new(3, powergrid::MapId::Germany, seed)).unwrap()
}

#[test]
fn batch_agrees_with_single_games() {
    batch_agrees(deal_thegame, 7, 1, 400);
    batch_agrees(deal_thegame, 33, 2, 400);
    batch_agrees(deal_powergrid, 5, 2, 1500);
}

#[test]
fn batch_refuses_an_illegal_action_and_moves_nothing() {
    let n = 4;
    let mut env = VecEnv::new(n, 1, 2, Box::new(deal_thegame)).unwrap();
    let mut buf = Buffers::new::<thegame::State>(n);
    env.reset(buf.out()).unwrap();
    let before: Vec<thegame::State> = (0..n).map(|i| env.game(i).unwrap().clone()).collect();
    let mut actions: Vec<i64> = (0..n).map(|i| i64::from(buf.legal[i * 41])).collect();
    actions[2] = rl::thegame::END as i64; // nothing played yet: below the minimum
    let err = env.step(&actions, buf.out()).unwrap_err().to_string();
    assert!(
        err.starts_with("game 2: action 392 (end) is illegal:"),
        "{err}"
    );
    assert!(err.contains("minimum"), "{err}");
    actions[2] = 401;
    let err = env.step(&actions, buf.out()).unwrap_err().to_string();
    assert_eq!(err, "game 2: action 401 is not an index (0..401)");
    actions[2] = -1;
    assert!(env.step(&actions, buf.out()).is_err());
    assert!(env.step(&actions[..3], buf.out()).is_err());
    for (i, g) in before.iter().enumerate() {
        assert_eq!(env.game(i).unwrap(), g);
    }
    let mut short = Buffers::new::<thegame::State>(n - 1);
    let err = env.reset(short.out()).unwrap_err().to_string();
    assert_eq!(err, "observations holds 780 values but 1040 are needed");
}

#[test]
fn random_steps_finish_games_and_rewards_sum_to_returns() {
    let n = 16;
    let mut env = VecEnv::new(n, 5, 2, Box::new(deal_thegame)).unwrap();
    let mut buf = Buffers::new::<thegame::State>(n);
    env.reset(buf.out()).unwrap();
    let mut actions = vec![0i64; n];
    let mut sums = vec![0.0f32; n];
    let mut ended = 0;
    for _ in 0..3000 {
        env.step_random(&mut actions, buf.out()).unwrap();
        for (i, sum) in sums.iter_mut().enumerate() {
            *sum += buf.rewards[i * 5];
            if buf.dones[i] {
                // The team's return is the share of cards played.
                assert!(*sum > 0.0 && *sum <= 1.0 + 1e-5, "{sum}");
                *sum = 0.0;
                ended += 1;
            }
        }
    }
    assert!(ended > 16, "{ended}");
}
