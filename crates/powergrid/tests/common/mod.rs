//! Helpers shared by the integration tests: a seeded random player, scripted play, and the
//! candidate actions used to check that `is_legal` agrees with `legal_actions`.
#![allow(dead_code)]

use powergrid::{
    Action, Actor, CityId, Event, MapId, PlantId, PlantSet, Resource, Seat, Setup, State,
};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Applies text actions in order, panicking with the index and error on a refusal.
pub fn script(state: &mut State, actions: &[&str]) -> Vec<Event> {
    let mut all = Vec::new();
    for (i, text) in actions.iter().enumerate() {
        let action: Action = text.parse().unwrap_or_else(|e| panic!("{e}"));
        match state.apply(&action) {
            Ok(events) => all.extend(events),
            Err(e) => panic!("action {i} ({text}) by {:?} refused: {e}", state.actor()),
        }
    }
    all
}

/// How a random player chooses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Policy {
    /// Uniformly among the legal actions with the 5 lowest bids.
    Uniform,
    /// Random, but leaning to build: often declines plants and resources, always runs the
    /// plants that power most. Reaches Step 2 before Step 3 far more often than `Uniform`.
    Builder,
}

/// A seeded random player.
pub struct RandomPlayer {
    rng: ChaCha8Rng,
    buf: Vec<Action>,
    policy: Policy,
}

impl RandomPlayer {
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer::with_policy(seed, Policy::Uniform)
    }

    pub fn with_policy(seed: u64, policy: Policy) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed ^ 0x05ee_d0f9_a11e),
            buf: Vec::new(),
            policy,
        }
    }

    pub fn choose(&mut self, state: &State) -> Action {
        state.legal_actions_limited(&mut self.buf, 5);
        assert!(
            !self.buf.is_empty(),
            "no legal action at {:?}",
            state.actor()
        );
        if self.policy == Policy::Builder {
            let last = *self.buf.last().unwrap();
            match last {
                Action::Pass if self.buf.len() > 1 && self.rng.gen_bool(0.6) => {
                    return Action::Pass
                }
                Action::Done
                    if matches!(self.buf[0], Action::Buy { .. }) && self.rng.gen_bool(0.5) =>
                {
                    return Action::Done
                }
                _ => {}
            }
            if matches!(last, Action::Power { .. }) {
                let cities = |a: &Action| match a {
                    Action::Power { plants, .. } => plants
                        .iter()
                        .map(|p| p.spec().map_or(0, |s| s.cities))
                        .sum::<u8>(),
                    _ => 0,
                };
                return *self.buf.iter().max_by_key(|a| cities(a)).unwrap();
            }
        }
        self.buf[self.rng.gen_range(0..self.buf.len())]
    }

    pub fn rng(&mut self) -> &mut ChaCha8Rng {
        &mut self.rng
    }
}

/// Plays a whole seeded random game, calling `each` after every action with the state before,
/// the action, the events, and the state after. Returns the final state.
pub fn random_game(setup: Setup, each: impl FnMut(&State, &Action, &[Event], &State)) -> State {
    random_game_with(setup, Policy::Uniform, each)
}

/// [`random_game`] with a chosen policy.
pub fn random_game_with(
    setup: Setup,
    policy: Policy,
    mut each: impl FnMut(&State, &Action, &[Event], &State),
) -> State {
    let seed = setup.seed;
    let mut state = State::new(setup).expect("valid setup");
    let mut player = RandomPlayer::with_policy(seed, policy);
    let mut steps = 0;
    while state.actor() != Actor::Terminal {
        let action = player.choose(&state);
        let before = state.clone();
        let events = state.apply(&action).expect("a listed action is legal");
        each(&before, &action, &events, &state);
        steps += 1;
        assert!(steps < 50_000, "game did not end");
    }
    state
}

pub fn setup(players: u8, map: MapId, seed: u64) -> Setup {
    Setup::new(players, map, seed)
}

/// Actions near the state's legal ones, legal or not: every kind, with amounts around each
/// boundary, every city of both maps, every subset of the actor's plants and some other plants.
pub fn candidates(state: &State, out: &mut Vec<Action>) {
    out.clear();
    let Some(seat) = state.actor().seat() else {
        return;
    };
    let money = state.money(seat);
    out.push(Action::Pass);
    out.push(Action::Done);
    for bid in [0, 1, money, money + 1, u32::MAX] {
        out.push(Action::Bid { amount: bid });
    }
    for d in 0..3 {
        out.push(Action::Bid {
            amount: state.high_bid().unwrap_or(0) + d,
        });
    }
    let mut plants: Vec<PlantId> = state.market();
    plants.extend_from_slice(state.plants(seat));
    plants.extend([PlantId(0), PlantId(41), PlantId(50), PlantId(255)]);
    for &p in &plants {
        for bid in [
            (p.0 as u32).saturating_sub(1),
            p.0 as u32,
            p.0 as u32 + 1,
            money,
            money + 1,
        ] {
            out.push(Action::StartAuction { plant: p, bid });
        }
        out.push(Action::Discard {
            plant: p,
            keep_coal: None,
        });
        for k in 0..=8 {
            out.push(Action::Discard {
                plant: p,
                keep_coal: Some(k),
            });
        }
    }
    for r in Resource::ALL {
        for amount in 0..=13 {
            out.push(Action::Buy {
                resource: r,
                amount,
            });
        }
        out.push(Action::Buy {
            resource: r,
            amount: 24,
        });
    }
    for m in MapId::ALL {
        for city in m.map().city_ids() {
            out.push(Action::Build { city });
        }
    }
    let own = state.plants(seat);
    for mask in 0u32..(1 << own.len()) {
        let set: PlantSet = (0..own.len())
            .filter(|i| mask & (1 << i) != 0)
            .map(|i| own[i])
            .collect();
        for hc in 0..=7 {
            out.push(Action::Power {
                plants: set,
                hybrid_coal: hc,
            });
        }
    }
    for p in [3u8, 13, 50] {
        let set: PlantSet = [PlantId(p)].into_iter().collect();
        out.push(Action::Power {
            plants: set,
            hybrid_coal: 0,
        });
    }
}

/// A random action of any kind with random fields (mostly nonsense), for fuzzing.
pub fn arbitrary_action(rng: &mut impl Rng) -> Action {
    let plant = PlantId(rng.gen_range(0..=60));
    match rng.gen_range(0..8) {
        0 => Action::StartAuction {
            plant,
            bid: rng.gen_range(0..80),
        },
        1 => Action::Bid {
            amount: rng.gen_range(0..120),
        },
        2 => Action::Pass,
        3 => Action::Discard {
            plant,
            keep_coal: if rng.gen() {
                Some(rng.gen_range(0..10))
            } else {
                None
            },
        },
        4 => Action::Buy {
            resource: Resource::ALL[rng.gen_range(0..4)],
            amount: rng.gen_range(0..30),
        },
        5 => {
            let map = MapId::ALL[rng.gen_range(0..2)];
            Action::Build {
                city: CityId::from_key(&map.map().cities[rng.gen_range(0..42)].id).unwrap(),
            }
        }
        6 => Action::Power {
            plants: (0..rng.gen_range(0..4))
                .map(|_| PlantId(rng.gen_range(0..=51)))
                .collect(),
            hybrid_coal: rng.gen_range(0..8),
        },
        _ => Action::Done,
    }
}

/// Seat shortcuts.
pub const S0: Seat = Seat(0);
pub const S1: Seat = Seat(1);
pub const S2: Seat = Seat(2);
