//! [`VecEnv`]: many games stepped together, the fast path for training.
//!
//! Decisions:
//! - The caller owns the output buffers (the Python layer hands numpy arrays), and one call
//!   fills them for every game: the observation and legal mask of the seat to act, the
//!   rewards of every seat for this step, whether the game ended, the seat to act and its
//!   legal indices (padded with -1). Nothing is allocated per step.
//! - Every action is checked before any game moves: one illegal action refuses the whole
//!   call with the engine's error and changes nothing.
//! - A finished game is replaced at once by the next one of its slot ("same-step" auto-reset):
//!   the outputs then show the new game, and `dones` and `rewards` tell what the old one
//!   ended with. Game `k` (from 0) of slot `i` is dealt from the seed `seed + i + k * num_envs`,
//!   so any game can be replayed alone with the single-game API.
//! - Games are split into chunks stepped on a rayon pool of the requested size; with one
//!   thread the pool is not used at all.
//! - The legal indices are also written as padded lists (`legal`, `num_legal`), because a
//!   caller drawing from them does O(1) work per game: with numpy, 1,024 games of The Game
//!   stepped at 1.9 million steps/s drawing from the lists against 0.32 million drawing from
//!   the masks (`argmax` over 401 columns), in the same run (`docs/benchmarks.md`, Python).
//! - Measured per game step (`examples/time_split.rs`, loaded machine): the engine's move is
//!   61 ns of The Game's ~700 ns and 329 ns of Power Grid's ~3.7 µs; the rest is filling the
//!   outputs, Power Grid's observation (2 µs, built from the seat's view) first of all. A
//!   faster observation would read the state directly, which would need a second proof that
//!   it hides what the view hides; the view keeps that proof in one place.

use crate::{mask_from, Encoded};
use rand::Rng;
use rand::SeedableRng;
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;
use std::cell::RefCell;

/// Why a batch step was refused (nothing moved).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StepError {
    /// A buffer does not have the length the batch needs.
    #[error("{what} holds {len} values but {expected} are needed")]
    Shape {
        /// The buffer.
        what: &'static str,
        /// Its length.
        len: usize,
        /// The length needed.
        expected: usize,
    },
    /// An index outside the encoding.
    #[error("game {env}: action {action} is not an index (0..{actions})")]
    OutOfRange {
        /// The game's slot.
        env: usize,
        /// The index given.
        action: i64,
        /// The number of indices.
        actions: usize,
    },
    /// An index the game refuses now.
    #[error("game {env}: action {action} ({text}) is illegal: {reason}")]
    Illegal {
        /// The game's slot.
        env: usize,
        /// The index given.
        action: i64,
        /// The action it decodes to, or what it would mean.
        text: String,
        /// The engine's error.
        reason: String,
    },
}

/// The buffers one call fills, for `n` games.
pub struct Outputs<'a> {
    /// `n * OBSERVATION` floats.
    pub observations: &'a mut [f32],
    /// `n * ACTIONS` flags.
    pub masks: &'a mut [bool],
    /// `n * MAX_SEATS` rewards.
    pub rewards: &'a mut [f32],
    /// `n` flags.
    pub dones: &'a mut [bool],
    /// `n` seats to act.
    pub players: &'a mut [i32],
    /// `n * MAX_LEGAL` legal indices, each row padded with -1.
    pub legal: &'a mut [i32],
    /// `n` counts of legal indices.
    pub num_legal: &'a mut [i32],
}

impl<'a> Outputs<'a> {
    fn check<G: Encoded>(&self, n: usize) -> Result<(), StepError> {
        let shapes = [
            ("observations", self.observations.len(), n * G::OBSERVATION),
            ("masks", self.masks.len(), n * G::ACTIONS),
            ("rewards", self.rewards.len(), n * G::MAX_SEATS),
            ("dones", self.dones.len(), n),
            ("players", self.players.len(), n),
            ("legal", self.legal.len(), n * G::MAX_LEGAL),
            ("num_legal", self.num_legal.len(), n),
        ];
        for (what, len, expected) in shapes {
            if len != expected {
                return Err(StepError::Shape {
                    what,
                    len,
                    expected,
                });
            }
        }
        Ok(())
    }

    /// Splits into consecutive parts of `size` games each.
    fn chunks<G: Encoded>(self, size: usize) -> Vec<Outputs<'a>> {
        self.observations
            .chunks_mut(size * G::OBSERVATION)
            .zip(self.masks.chunks_mut(size * G::ACTIONS))
            .zip(self.rewards.chunks_mut(size * G::MAX_SEATS))
            .zip(self.dones.chunks_mut(size))
            .zip(self.players.chunks_mut(size))
            .zip(self.legal.chunks_mut(size * G::MAX_LEGAL))
            .zip(self.num_legal.chunks_mut(size))
            .map(
                |((((((observations, masks), rewards), dones), players), legal), num_legal)| {
                    Outputs {
                        observations,
                        masks,
                        rewards,
                        dones,
                        players,
                        legal,
                        num_legal,
                    }
                },
            )
            .collect()
    }
}

/// One game slot of the batch.
#[derive(Clone)]
struct Slot<G> {
    game: G,
    /// Games finished in this slot.
    finished: u64,
    /// Draws the slot's actions in [`VecEnv::step_random`].
    rng: Pcg64Mcg,
}

/// What a step does to each game: apply the caller's action, or draw one.
#[derive(Clone, Copy)]
enum Move<'a> {
    Given(&'a [i64]),
    Random,
    Reset,
}

/// A chunk of consecutive slots and their outputs, stepped by one task.
struct Part<'s, 'o, G> {
    /// The index of the first slot.
    first: usize,
    slots: &'s mut [Slot<G>],
    out: Outputs<'o>,
    drawn: &'o mut [i64],
}

thread_local! {
    static LEGAL: RefCell<Vec<u32>> = const { RefCell::new(Vec::new()) };
}

/// `num_envs` games of one kind stepped together.
pub struct VecEnv<G: Encoded> {
    slots: Vec<Slot<G>>,
    seed: u64,
    deal: Box<dyn Fn(u64) -> G + Send + Sync>,
    pool: Option<rayon::ThreadPool>,
    chunk: usize,
}

impl<G: Encoded> VecEnv<G> {
    /// A batch of `num_envs` games dealt by `deal(seed)`, stepped on `threads` threads.
    ///
    /// # Errors
    /// No games, or the thread pool cannot start.
    pub fn new(
        num_envs: usize,
        seed: u64,
        threads: usize,
        deal: Box<dyn Fn(u64) -> G + Send + Sync>,
    ) -> Result<VecEnv<G>, String> {
        if num_envs == 0 {
            return Err("a VecEnv needs at least one game".into());
        }
        let threads = threads.max(1).min(num_envs);
        let pool = if threads > 1 {
            Some(
                rayon::ThreadPoolBuilder::new()
                    .num_threads(threads)
                    .build()
                    .map_err(|e| e.to_string())?,
            )
        } else {
            None
        };
        let slots = (0..num_envs)
            .map(|i| Slot {
                game: deal(Self::seed_of(seed, num_envs, i, 0)),
                finished: 0,
                rng: Pcg64Mcg::seed_from_u64(seed ^ (i as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)),
            })
            .collect();
        Ok(VecEnv {
            slots,
            seed,
            deal,
            pool,
            // Four chunks per thread keep both cores busy when games differ in cost.
            chunk: num_envs.div_ceil(threads * 4).max(1),
        })
    }

    fn seed_of(seed: u64, num_envs: usize, env: usize, game: u64) -> u64 {
        seed.wrapping_add(env as u64)
            .wrapping_add(game.wrapping_mul(num_envs as u64))
    }

    /// How many games are stepped together.
    pub fn num_envs(&self) -> usize {
        self.slots.len()
    }

    /// The seed each slot's current game was dealt from.
    pub fn seeds(&self) -> Vec<u64> {
        let n = self.slots.len();
        (0..n)
            .map(|i| Self::seed_of(self.seed, n, i, self.slots[i].finished))
            .collect()
    }

    /// The current game of slot `env`.
    pub fn game(&self, env: usize) -> Option<&G> {
        self.slots.get(env).map(|s| &s.game)
    }

    /// Deals every slot's first game again and fills `out` for them (rewards 0, no dones).
    ///
    /// # Errors
    /// A buffer of the wrong length.
    pub fn reset(&mut self, out: Outputs<'_>) -> Result<(), StepError> {
        out.check::<G>(self.slots.len())?;
        let n = self.slots.len();
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.finished = 0;
            slot.game = (self.deal)(Self::seed_of(self.seed, n, i, 0));
        }
        self.run(Move::Reset, out, None);
        Ok(())
    }

    /// Applies one action index per game, then fills `out`.
    ///
    /// # Errors
    /// A buffer of the wrong length, or an action that is not legal in its game (then no game
    /// moves).
    pub fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<(), StepError> {
        self.check_shapes(actions.len(), &out)?;
        for (env, (slot, &action)) in self.slots.iter().zip(actions).enumerate() {
            check_action(&slot.game, env, action)?;
        }
        self.run(Move::Given(actions), out, None);
        Ok(())
    }

    /// Like [`VecEnv::step`] with each game's action drawn uniformly among its legal indices
    /// in Rust (written to `actions`): the ceiling of the batch without a Python policy.
    ///
    /// # Errors
    /// A buffer of the wrong length.
    pub fn step_random(&mut self, actions: &mut [i64], out: Outputs<'_>) -> Result<(), StepError> {
        self.check_shapes(actions.len(), &out)?;
        self.run(Move::Random, out, Some(actions));
        Ok(())
    }

    fn check_shapes(&self, actions: usize, out: &Outputs<'_>) -> Result<(), StepError> {
        let n = self.slots.len();
        out.check::<G>(n)?;
        if actions != n {
            return Err(StepError::Shape {
                what: "actions",
                len: actions,
                expected: n,
            });
        }
        Ok(())
    }

    fn run(&mut self, how: Move<'_>, out: Outputs<'_>, drawn: Option<&mut [i64]>) {
        let chunk = self.chunk;
        let n = self.slots.len();
        let seed = self.seed;
        let deal = &self.deal;
        let mut dummy = Vec::new();
        let drawn = match drawn {
            Some(d) => d,
            None => {
                dummy.resize(n, 0);
                &mut dummy[..]
            }
        };
        let parts: Vec<Part<'_, '_, G>> = self
            .slots
            .chunks_mut(chunk)
            .zip(out.chunks::<G>(chunk))
            .zip(drawn.chunks_mut(chunk))
            .enumerate()
            .map(|(first, ((slots, out), drawn))| Part {
                first: first * chunk,
                slots,
                out,
                drawn,
            })
            .collect();
        let work = |part: Part<'_, '_, G>| {
            let first = part.first;
            let given = match how {
                Move::Given(a) => Some(&a[first..]),
                _ => None,
            };
            step_chunk(part.slots, part.out, part.drawn, how, given, |i, k| {
                deal(Self::seed_of(seed, n, first + i, k))
            });
        };
        match &self.pool {
            Some(pool) => pool.install(|| parts.into_par_iter().for_each(work)),
            None => parts.into_iter().for_each(work),
        }
    }
}

/// Checks one game's action index, with the engine's reason when it is refused.
fn check_action<G: Encoded>(game: &G, env: usize, action: i64) -> Result<(), StepError> {
    let index = usize::try_from(action)
        .ok()
        .filter(|&i| i < G::ACTIONS)
        .ok_or(StepError::OutOfRange {
            env,
            action,
            actions: G::ACTIONS,
        })?;
    let illegal = |text: String, reason: String| StepError::Illegal {
        env,
        action,
        text,
        reason,
    };
    let Some(seat) = game.actor().seat() else {
        return Err(illegal("-".into(), "the game is over".into()));
    };
    let Some(a) = game.decode(index) else {
        return Err(illegal(
            "-".into(),
            "the index stands for no action in this position".into(),
        ));
    };
    if game.is_legal(&a) {
        return Ok(());
    }
    let reason = match game.clone().apply_as(seat, &a) {
        Err(e) => e.to_string(),
        Ok(_) => "not among the legal actions".into(),
    };
    Err(illegal(a.to_string(), reason))
}

fn step_chunk<G: Encoded>(
    slots: &mut [Slot<G>],
    out: Outputs<'_>,
    drawn: &mut [i64],
    how: Move<'_>,
    given: Option<&[i64]>,
    deal: impl Fn(usize, u64) -> G,
) {
    let seats = G::MAX_SEATS;
    let mut before = vec![0.0f32; seats];
    let mut after = vec![0.0f32; seats];
    LEGAL.with_borrow_mut(|legal| {
        for (i, slot) in slots.iter_mut().enumerate() {
            let rewards = &mut out.rewards[i * seats..(i + 1) * seats];
            let mut done = false;
            if let Move::Reset = how {
                rewards.fill(0.0);
            } else {
                let index = match how {
                    Move::Random => {
                        slot.game.legal_indices(legal);
                        let k = slot.rng.gen_range(0..legal.len().max(1));
                        legal.get(k).map_or(0, |&x| x as usize)
                    }
                    _ => given.map_or(0, |g| g[i] as usize),
                };
                drawn[i] = index as i64;
                slot.game.returns(&mut before);
                // Checked before the call (or drawn from the legal list): cannot fail.
                if let Some(action) = slot.game.decode(index) {
                    if let Some(seat) = slot.game.actor().seat() {
                        let _ = slot.game.apply_quiet(seat, &action);
                    }
                }
                slot.game.returns(&mut after);
                for ((r, a), b) in rewards.iter_mut().zip(&after).zip(&before) {
                    *r = a - b;
                }
                if slot.game.actor().seat().is_none() {
                    done = true;
                    slot.finished += 1;
                    slot.game = deal(i, slot.finished);
                }
            }
            out.dones[i] = done;
            let seat = slot.game.actor().seat().unwrap_or_default();
            out.players[i] = i32::from(seat.0);
            slot.game.observe(
                seat,
                &mut out.observations[i * G::OBSERVATION..(i + 1) * G::OBSERVATION],
            );
            slot.game.legal_indices(legal);
            mask_from(legal, &mut out.masks[i * G::ACTIONS..(i + 1) * G::ACTIONS]);
            let row = &mut out.legal[i * G::MAX_LEGAL..(i + 1) * G::MAX_LEGAL];
            row.fill(-1);
            for (r, &l) in row.iter_mut().zip(legal.iter()) {
                *r = l as i32;
            }
            out.num_legal[i] = legal.len().min(G::MAX_LEGAL) as i32;
        }
    });
}
