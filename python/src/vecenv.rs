//! `tabletop.VecEnv`: many games stepped together in Rust ([`rl::VecEnv`]), numpy in and
//! out. The class owns its output arrays and fills them in place with the GIL released; each
//! call returns the same arrays (copy what you keep).

use crate::game::{with_game, PyGame};
use crate::{illegal, Int};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use rl::Encoded;

/// A batch of either game, as the one Python class holds it.
trait AnyBatch: Send + Sync {
    fn reset(&mut self, out: rl::batch::Outputs<'_>) -> Result<(), rl::StepError>;
    fn step(&mut self, actions: &[i64], out: rl::batch::Outputs<'_>) -> Result<(), rl::StepError>;
    fn step_random(
        &mut self,
        drawn: &mut [i64],
        out: rl::batch::Outputs<'_>,
    ) -> Result<(), rl::StepError>;
    fn seeds(&self) -> Vec<u64>;
}

impl<G: Encoded> AnyBatch for rl::VecEnv<G> {
    fn reset(&mut self, out: rl::batch::Outputs<'_>) -> Result<(), rl::StepError> {
        rl::VecEnv::reset(self, out)
    }
    fn step(&mut self, actions: &[i64], out: rl::batch::Outputs<'_>) -> Result<(), rl::StepError> {
        rl::VecEnv::step(self, actions, out)
    }
    fn step_random(
        &mut self,
        drawn: &mut [i64],
        out: rl::batch::Outputs<'_>,
    ) -> Result<(), rl::StepError> {
        rl::VecEnv::step_random(self, drawn, out)
    }
    fn seeds(&self) -> Vec<u64> {
        rl::VecEnv::seeds(self)
    }
}

/// The sizes of `G`'s arrays: actions, observation, legal list, seats.
fn sizes<G: Encoded>() -> [usize; 4] {
    [G::ACTIONS, G::OBSERVATION, G::MAX_LEGAL, G::MAX_SEATS]
}

/// Many games stepped together in Rust (see docs/python.md).
#[pyclass(module = "tabletop._tabletop")]
pub struct VecEnv {
    batch: Box<dyn AnyBatch>,
    /// The observations of the seats to act, float32 `(num_envs, observation_size)`.
    #[pyo3(get)]
    observations: Py<PyArray2<f32>>,
    /// The legal masks, bool `(num_envs, num_actions)`.
    #[pyo3(get)]
    masks: Py<PyArray2<bool>>,
    /// The last step's rewards by seat, float32 `(num_envs, max seats)`.
    #[pyo3(get)]
    rewards: Py<PyArray2<f32>>,
    /// Whether the last step ended each game (it was then dealt again).
    #[pyo3(get)]
    dones: Py<PyArray1<bool>>,
    /// The seat to act in each game, int32.
    #[pyo3(get)]
    players: Py<PyArray1<i32>>,
    /// The legal indices of each game, int32 `(num_envs, max_legal)`, padded with -1.
    #[pyo3(get)]
    legal: Py<PyArray2<i32>>,
    /// How many legal indices each game has, int32.
    #[pyo3(get)]
    num_legal: Py<PyArray1<i32>>,
    /// The actions `step_random` drew.
    actions: Py<PyArray1<i64>>,
    #[pyo3(get)]
    game: String,
    #[pyo3(get)]
    num_envs: usize,
    #[pyo3(get)]
    num_actions: usize,
    #[pyo3(get)]
    observation_size: usize,
    #[pyo3(get)]
    max_legal: usize,
    #[pyo3(get)]
    num_players: usize,
    /// Whether `reset` has dealt the games: stepping before it is refused.
    started: bool,
}

fn step_error(e: rl::StepError) -> PyErr {
    match e {
        rl::StepError::Shape { .. } => PyValueError::new_err(e.to_string()),
        _ => illegal(e),
    }
}

/// `actions` as a contiguous int64 array, refusing anything but integers (numpy's integer
/// dtypes or a list of ints): floats would be truncated and bools read as 0 and 1.
fn integer_actions<'py>(
    py: Python<'py>,
    actions: &Bound<'py, PyAny>,
) -> PyResult<PyReadonlyArray1<'py, i64>> {
    let np = py.import("numpy")?;
    let array = np.call_method1("asarray", (actions,))?;
    let kind: String = array.getattr("dtype")?.getattr("kind")?.extract()?;
    if kind != "i" && kind != "u" {
        let dtype = array.getattr("dtype")?.str()?.to_string();
        return Err(pyo3::exceptions::PyTypeError::new_err(format!(
            "actions must be integers (action indices), not an array of {dtype}"
        )));
    }
    let size: usize = array.getattr("size")?.extract()?;
    if kind == "u" && size > 0 && array.call_method0("max")?.gt(i64::MAX)? {
        return Err(illegal("an action index is beyond every game's actions"));
    }
    np.call_method1("ascontiguousarray", (array, "int64"))?
        .extract::<PyReadonlyArray1<'py, i64>>()
}

type Run<'a> = dyn FnOnce(&mut dyn AnyBatch, rl::batch::Outputs<'_>, &mut [i64]) -> Result<(), rl::StepError>
    + Send
    + 'a;

impl VecEnv {
    /// Refuses to step before `reset`.
    fn check_started(&self) -> PyResult<()> {
        if self.started {
            Ok(())
        } else {
            Err(PyValueError::new_err(
                "reset() must be called before stepping the VecEnv",
            ))
        }
    }

    /// Fills the output arrays with `f`, the GIL released.
    fn fill(&mut self, py: Python<'_>, f: Box<Run<'_>>) -> PyResult<()> {
        let busy = |_| PyValueError::new_err("the VecEnv's arrays are borrowed elsewhere");
        let shape = |e: numpy::AsSliceError| PyValueError::new_err(e.to_string());
        let mut o = self.observations.bind(py).try_readwrite().map_err(busy)?;
        let mut m = self.masks.bind(py).try_readwrite().map_err(busy)?;
        let mut r = self.rewards.bind(py).try_readwrite().map_err(busy)?;
        let mut d = self.dones.bind(py).try_readwrite().map_err(busy)?;
        let mut p = self.players.bind(py).try_readwrite().map_err(busy)?;
        let mut l = self.legal.bind(py).try_readwrite().map_err(busy)?;
        let mut n = self.num_legal.bind(py).try_readwrite().map_err(busy)?;
        let mut a = self.actions.bind(py).try_readwrite().map_err(busy)?;
        let out = rl::batch::Outputs {
            observations: o.as_slice_mut().map_err(shape)?,
            masks: m.as_slice_mut().map_err(shape)?,
            rewards: r.as_slice_mut().map_err(shape)?,
            dones: d.as_slice_mut().map_err(shape)?,
            players: p.as_slice_mut().map_err(shape)?,
            legal: l.as_slice_mut().map_err(shape)?,
            num_legal: n.as_slice_mut().map_err(shape)?,
        };
        let actions = a.as_slice_mut().map_err(shape)?;
        let batch = &mut *self.batch;
        py.detach(move || f(batch, out, actions))
            .map_err(step_error)
    }

    fn outputs<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        pyo3::types::PyTuple::new(
            py,
            [
                self.observations.bind(py).as_any(),
                self.masks.bind(py).as_any(),
                self.rewards.bind(py).as_any(),
                self.dones.bind(py).as_any(),
                self.players.bind(py).as_any(),
            ],
        )
    }
}

#[pymethods]
impl VecEnv {
    #[new]
    #[pyo3(signature = (game, num_envs, seed = Int(0), threads = None, players = None, map = None, public_money = None))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: Int,
        seed: Int,
        threads: Option<Int>,
        players: Option<Int>,
        map: Option<&str>,
        public_money: Option<bool>,
    ) -> PyResult<Self> {
        let num_envs: usize = num_envs.within("num_envs", "1 or more")?;
        let seed = seed.seed()?;
        let threads = match threads {
            Some(t) => t
                .within::<usize>("threads", "1 or more")
                .and_then(|t| match t {
                    0 => Err(PyValueError::new_err("threads must be 1 or more, not 0")),
                    t => Ok(t),
                })?,
            None => std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get),
        };
        let players = players
            .map(|p| p.within::<u8>("players", "a player count the game allows"))
            .transpose()?;
        let (batch, [actions, obs, max_legal, seats], players) = with_game!(game, G => {
            let (players, deal) = G::dealer(players, map, public_money)?;
            let env = rl::VecEnv::new(num_envs, seed, threads, deal).map_err(PyValueError::new_err)?;
            Ok((Box::new(env) as Box<dyn AnyBatch>, sizes::<G>(), players))
        })?;
        let env = VecEnv {
            batch,
            observations: PyArray2::zeros(py, [num_envs, obs], false).unbind(),
            masks: PyArray2::zeros(py, [num_envs, actions], false).unbind(),
            rewards: PyArray2::zeros(py, [num_envs, seats], false).unbind(),
            dones: PyArray1::zeros(py, num_envs, false).unbind(),
            players: PyArray1::zeros(py, num_envs, false).unbind(),
            legal: PyArray2::zeros(py, [num_envs, max_legal], false).unbind(),
            num_legal: PyArray1::zeros(py, num_envs, false).unbind(),
            actions: PyArray1::zeros(py, num_envs, false).unbind(),
            game: game.to_string(),
            num_envs,
            num_actions: actions,
            observation_size: obs,
            max_legal,
            num_players: usize::from(players),
            started: false,
        };
        Ok(env)
    }

    /// Deals every slot's first game again; returns `(observations, masks)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        self.fill(py, Box::new(|b, out, _| b.reset(out)))?;
        self.started = true;
        pyo3::types::PyTuple::new(
            py,
            [
                self.observations.bind(py).as_any(),
                self.masks.bind(py).as_any(),
            ],
        )
    }

    /// Applies one action index per game; returns `(observations, masks, rewards, dones,
    /// players)` (the same arrays every call). Raises `IllegalActionError` (nothing moves)
    /// when any action is illegal.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        self.check_started()?;
        let array = match actions.extract::<PyReadonlyArray1<'py, i64>>() {
            Ok(a) if a.is_contiguous() => a,
            _ => integer_actions(py, actions)?,
        };
        let given = array
            .as_slice()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.fill(py, Box::new(move |b, out, _| b.step(given, out)))?;
        self.outputs(py)
    }

    /// Like `step` with actions drawn uniformly among the legal ones inside Rust; returns
    /// `(actions, observations, masks, rewards, dones, players)`.
    fn step_random<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        self.check_started()?;
        self.fill(py, Box::new(|b, out, drawn| b.step_random(drawn, out)))?;
        let mut items = vec![self.actions.bind(py).clone().into_any()];
        items.extend(self.outputs(py)?.iter());
        pyo3::types::PyTuple::new(py, items)
    }

    /// Steps `steps` times with actions drawn in Rust without returning to Python in
    /// between (the ceiling of the batch); returns the number of games finished.
    fn run_random(&mut self, py: Python<'_>, steps: Int) -> PyResult<u64> {
        self.check_started()?;
        let steps: usize = steps.within("steps", "0 or more")?;
        let mut finished = 0u64;
        for _ in 0..steps {
            self.fill(py, Box::new(|b, out, drawn| b.step_random(drawn, out)))?;
            let dones = self
                .dones
                .bind(py)
                .try_readonly()
                .map_err(|e| PyValueError::new_err(e.to_string()))?;
            finished += dones
                .as_slice()
                .map_or(0, |d| d.iter().filter(|&&x| x).count() as u64);
        }
        Ok(finished)
    }

    /// The seed each slot's current game was dealt from (`seed + slot + k * num_envs`).
    fn seeds(&self) -> Vec<u64> {
        self.batch.seeds()
    }
}
