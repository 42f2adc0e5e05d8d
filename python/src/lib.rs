//! `tabletop._tabletop`: the Python bindings of the engines (the package's Python side is in
//! `python/tabletop/`). Everything here converts between Python and the `rl` crate, which
//! holds the encodings, observations and the batch; no rule is written here.
//!
//! Decisions:
//! - A Python `State` owns its Rust state inline: a clone is one copy of the Rust value plus
//!   the object header (`sizes()` reports both, a test compares them).
//! - Dicts cross as JSON (the engines' serde forms, the same as the protocol docs) through
//!   Python's own `json` module: no second mapping to keep in step with the engines.
//! - Every error is a Python exception: `SetupError` for a refused setup, `IllegalActionError`
//!   for an action the engine refuses or cannot read (its message is the engine's), both
//!   subclasses of `TabletopError(ValueError)`; wrong types raise `TypeError`. Nothing a
//!   caller passes can panic: seats are checked before they reach the engines' accessors.
//! - `VecEnv` owns its output arrays and fills them in place with the GIL released; each call
//!   returns the same arrays (copy what you keep).

use engine::{Game, Seat, Viewer};
use numpy::{PyArray1, PyArray2, PyArrayMethods, PyReadonlyArray1, PyUntypedArrayMethods};
use pyo3::create_exception;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyString};
use rand_core::SeedableRng;
use rl::Encoded;
use serde::de::DeserializeOwned;
use serde::Serialize;
use std::sync::Mutex;

create_exception!(
    _tabletop,
    TabletopError,
    PyValueError,
    "Base class of Tabletop's errors."
);
create_exception!(
    _tabletop,
    SetupError,
    TabletopError,
    "A setup (or a state read from JSON) the engine refuses."
);
create_exception!(
    _tabletop,
    IllegalActionError,
    TabletopError,
    "An action the engine refuses or cannot read; the message is the engine's."
);

fn illegal(msg: impl std::fmt::Display) -> PyErr {
    IllegalActionError::new_err(msg.to_string())
}

/// A Python value as the engine's JSON form.
fn from_py<T: DeserializeOwned>(value: &Bound<'_, PyAny>) -> Result<T, String> {
    let json = value
        .py()
        .import("json")
        .and_then(|m| m.call_method1("dumps", (value,)))
        .and_then(|s| s.extract::<String>())
        .map_err(|e| format!("not JSON data: {e}"))?;
    serde_json::from_str(&json).map_err(|e| e.to_string())
}

/// The engine's JSON form as Python dicts and lists.
fn to_py<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (json,))
}

/// What the bindings need of a game beyond [`Encoded`].
trait Bound_: Encoded + PartialEq
where
    Self::Action: std::str::FromStr,
    <Self::Action as std::str::FromStr>::Err: std::fmt::Display,
{
    /// The module name used in messages.
    const MODULE: &'static str;
    fn from_setup(setup: Self::Setup) -> Result<Self, String>;
    fn to_json(&self) -> Result<String, String>;
    fn from_json(json: &str) -> Result<Self, String>;
    fn sample_hidden(&self, seat: Seat, seed: u64) -> Result<Self, String>;
}

impl Bound_ for thegame::State {
    const MODULE: &'static str = "thegame";
    fn from_setup(setup: thegame::Setup) -> Result<Self, String> {
        thegame::State::new(setup).map_err(|e| e.to_string())
    }
    fn to_json(&self) -> Result<String, String> {
        serde_json::to_string(&self.position()).map_err(|e| e.to_string())
    }
    fn from_json(json: &str) -> Result<Self, String> {
        let position: thegame::Position = serde_json::from_str(json).map_err(|e| e.to_string())?;
        thegame::State::from_position(position).map_err(|e| e.to_string())
    }
    fn sample_hidden(&self, seat: Seat, seed: u64) -> Result<Self, String> {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        thegame::State::determinize(&self.view(Viewer::Seat(seat)), &mut rng)
            .map_err(|e| e.to_string())
    }
}

impl Bound_ for powergrid::State {
    const MODULE: &'static str = "powergrid";
    fn from_setup(setup: powergrid::Setup) -> Result<Self, String> {
        powergrid::State::new(setup).map_err(|e| e.to_string())
    }
    fn to_json(&self) -> Result<String, String> {
        serde_json::to_string(self).map_err(|e| e.to_string())
    }
    fn from_json(json: &str) -> Result<Self, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }
    fn sample_hidden(&self, seat: Seat, seed: u64) -> Result<Self, String> {
        // Money moves only in public (auctions, purchases, builds, income), so a seat can
        // always know everyone's money: the true amounts are used where the view hides them.
        // A state carries no history, so after the Step 3 shuffle the plants once put under
        // the Step 3 card are not remembered as surely in the deck.
        let mut memory = powergrid::Memory::new();
        for (s, m) in memory.money.iter_mut().enumerate().take(self.players()) {
            *m = self.money(Seat(s as u8));
        }
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        powergrid::State::determinize(&self.view(Viewer::Seat(seat)), &memory, &mut rng)
            .map_err(|e| e.to_string())
    }
}

fn check_seat<G: Game>(state: &G, seat: i64) -> PyResult<Seat> {
    u8::try_from(seat)
        .ok()
        .filter(|&s| usize::from(s) < state.seats())
        .map(Seat)
        .ok_or_else(|| {
            PyValueError::new_err(format!(
                "seat {seat} is not in this {}-player game (seats 0..{})",
                state.seats(),
                state.seats()
            ))
        })
}

/// An action given as an index, a dict or a text.
fn action_of<G: Bound_>(state: &G, action: &Bound<'_, PyAny>) -> PyResult<G::Action>
where
    G::Action: std::str::FromStr,
    <G::Action as std::str::FromStr>::Err: std::fmt::Display,
{
    if let Ok(text) = action.cast::<PyString>() {
        let text = text.to_cow()?;
        return text.parse::<G::Action>().map_err(illegal);
    }
    if action.is_instance_of::<PyDict>() {
        return from_py::<G::Action>(action)
            .map_err(|e| illegal(format!("cannot read action {action}: {e}")));
    }
    if let Ok(index) = action.extract::<i64>() {
        let i = usize::try_from(index)
            .ok()
            .filter(|&i| i < G::ACTIONS)
            .ok_or_else(|| {
                illegal(format!(
                    "action {index} is not an index of {} (0..{})",
                    G::MODULE,
                    G::ACTIONS
                ))
            })?;
        return state.decode(i).ok_or_else(|| {
            illegal(format!(
                "action {index} stands for no action in this position"
            ))
        });
    }
    Err(PyTypeError::new_err(format!(
        "an action is an int index, a dict or a text, not {}",
        action.get_type().name()?
    )))
}

/// The state classes: one per game, the same methods.
macro_rules! state_class {
    ($name:ident, $pyname:literal, $game:ty, $setup:ty) => {
        /// A game in progress (OpenSpiel-style). See `docs/python.md`.
        #[pyclass(name = $pyname, module = "tabletop._tabletop")]
        #[derive(Clone)]
        pub struct $name {
            state: $game,
        }

        #[pymethods]
        impl $name {
            /// Number of action indices.
            #[classattr]
            const NUM_ACTIONS: usize = <$game as Encoded>::ACTIONS;
            /// Length of an observation.
            #[classattr]
            const OBSERVATION_SIZE: usize = <$game as Encoded>::OBSERVATION;
            /// `current_player()` once the game is over (OpenSpiel's terminal id).
            #[classattr]
            const TERMINAL: i64 = -4;

            /// Deals a game from a setup dict (the engine's JSON form).
            #[staticmethod]
            fn new_game(setup: &Bound<'_, PyAny>) -> PyResult<Self> {
                let setup: $setup = from_py(setup)
                    .map_err(|e| SetupError::new_err(format!("cannot read the setup: {e}")))?;
                let state = <$game as Bound_>::from_setup(setup).map_err(SetupError::new_err)?;
                Ok($name { state })
            }

            /// Reads a state written by `to_json`.
            #[staticmethod]
            fn from_json(json: &str) -> PyResult<Self> {
                let state = <$game as Bound_>::from_json(json).map_err(SetupError::new_err)?;
                Ok($name { state })
            }

            /// The whole state (hidden parts included) as JSON text.
            fn to_json(&self) -> PyResult<String> {
                Bound_::to_json(&self.state).map_err(PyValueError::new_err)
            }

            /// Number of seats.
            fn num_players(&self) -> usize {
                self.state.seats()
            }

            /// The seat to act, or `TERMINAL` (-4) once the game is over.
            fn current_player(&self) -> i64 {
                match self.state.actor().seat() {
                    Some(s) => i64::from(s.0),
                    None => -4,
                }
            }

            /// Whether the game is over.
            fn is_terminal(&self) -> bool {
                self.state.actor().seat().is_none()
            }

            /// Each seat's return so far (the sum of its rewards).
            fn returns(&self) -> Vec<f32> {
                let mut out = vec![0.0; <$game as Encoded>::MAX_SEATS];
                self.state.returns(&mut out);
                out.truncate(self.state.seats());
                out
            }

            /// The legal action indices of the seat to act, ascending.
            fn legal_actions(&self) -> Vec<u32> {
                let mut out = Vec::new();
                self.state.legal_indices(&mut out);
                out
            }

            /// The legal actions as a bool array of `NUM_ACTIONS`.
            fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
                let mut legal = Vec::new();
                self.state.legal_indices(&mut legal);
                let mut mask = vec![false; <$game as Encoded>::ACTIONS];
                rl::mask_from(&legal, &mut mask);
                PyArray1::from_vec(py, mask)
            }

            /// Applies an action (an index, a dict or a text) for `seat` (default: the seat
            /// to act). Raises `IllegalActionError` with the engine's reason; the state is
            /// then unchanged.
            #[pyo3(signature = (action, seat = None))]
            fn apply(&mut self, action: &Bound<'_, PyAny>, seat: Option<i64>) -> PyResult<()> {
                self.apply_events(action, seat).map(|_| ())
            }

            /// Like `apply`, returning what happened as the engine's event texts.
            #[pyo3(signature = (action, seat = None))]
            fn apply_events(
                &mut self,
                action: &Bound<'_, PyAny>,
                seat: Option<i64>,
            ) -> PyResult<Vec<String>> {
                let seat = match seat {
                    Some(s) => check_seat(&self.state, s)?,
                    None => self
                        .state
                        .actor()
                        .seat()
                        .ok_or_else(|| illegal("the game is over"))?,
                };
                let action = action_of(&self.state, action)?;
                let events = self.state.apply_as(seat, &action).map_err(illegal)?;
                Ok(events.iter().map(|e| e.to_string()).collect())
            }

            /// The action an index stands for now, as its dict.
            fn decode<'py>(&self, py: Python<'py>, index: i64) -> PyResult<Bound<'py, PyAny>> {
                let a = action_of(&self.state, &index.into_pyobject(py)?.into_any())?;
                to_py(py, &a)
            }

            /// The text form of an action (an index, a dict or a text).
            fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
                Ok(action_of(&self.state, action)?.to_string())
            }

            /// The index of an action (a dict or a text); raises when the encoding has none.
            fn encode(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
                let a = action_of(&self.state, action)?;
                self.state
                    .encode(&a)
                    .ok_or_else(|| illegal(format!("{a} has no index in the encoding")))
            }

            /// Whether the seat to act may take this action now (the engine's `is_legal`).
            fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
                match action_of(&self.state, action) {
                    Ok(a) => Ok(self.state.is_legal(&a)),
                    Err(e) if e.is_instance_of::<IllegalActionError>(action.py()) => Ok(false),
                    Err(e) => Err(e),
                }
            }

            /// What `seat` may know (a spectator's view when `seat` is None), as a dict.
            #[pyo3(signature = (seat = None))]
            fn view<'py>(&self, py: Python<'py>, seat: Option<i64>) -> PyResult<Bound<'py, PyAny>> {
                let viewer = match seat {
                    Some(s) => Viewer::Seat(check_seat(&self.state, s)?),
                    None => Viewer::Spectator,
                };
                to_py(py, &self.state.view(viewer))
            }

            /// `seat`'s observation: float32 of `OBSERVATION_SIZE` (layout in docs/python.md).
            fn observation<'py>(
                &self,
                py: Python<'py>,
                seat: i64,
            ) -> PyResult<Bound<'py, PyArray1<f32>>> {
                let seat = check_seat(&self.state, seat)?;
                let mut out = vec![0.0; <$game as Encoded>::OBSERVATION];
                self.state.observe(seat, &mut out);
                Ok(PyArray1::from_vec(py, out))
            }

            /// A full state consistent with what `seat` sees, the hidden rest drawn with
            /// `seed` (determinization for information-set search).
            fn sample_hidden(&self, seat: i64, seed: u64) -> PyResult<Self> {
                let seat = check_seat(&self.state, seat)?;
                let state = Bound_::sample_hidden(&self.state, seat, seed)
                    .map_err(TabletopError::new_err)?;
                Ok($name { state })
            }

            /// A copy.
            #[pyo3(name = "clone")]
            fn copy(&self) -> Self {
                Clone::clone(self)
            }

            fn __copy__(&self) -> Self {
                Clone::clone(self)
            }

            fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> Self {
                Clone::clone(self)
            }

            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .cast::<$name>()
                    .is_ok_and(|o| o.borrow().state == self.state)
            }

            fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<(Bound<'py, PyAny>, (String,))> {
                let from_json = slf.get_type().getattr("from_json")?;
                Ok((from_json, (slf.borrow().to_json()?,)))
            }

            fn __repr__(&self) -> String {
                format!(
                    "<tabletop.{}.State players={} current_player={}>",
                    <$game as Bound_>::MODULE,
                    self.state.seats(),
                    self.current_player()
                )
            }
        }
    };
}

state_class!(TheGameState, "TheGameState", thegame::State, thegame::Setup);
state_class!(
    PowerGridState,
    "PowerGridState",
    powergrid::State,
    powergrid::Setup
);

/// Refuses a view dict that no game could show (bots trust their views): a full state is
/// drawn from it, checked by the engine as a position, and must show the same view. Answers
/// that state (its seat's legal actions are the view's: they depend only on what it shows).
fn check_thegame_view(view: &thegame::View) -> PyResult<thegame::State> {
    let seat = view
        .viewer
        .ok_or_else(|| PyValueError::new_err("a spectator's view: bots play a seat"))?;
    let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
    let bad = |e: String| PyValueError::new_err(format!("not a view of a real game: {e}"));
    let drawn = thegame::State::determinize(view, &mut rng).map_err(|e| bad(e.to_string()))?;
    let state = thegame::State::from_position(drawn.position()).map_err(|e| bad(e.to_string()))?;
    if state.view(Viewer::Seat(seat)) != *view {
        return Err(bad("its parts do not agree".into()));
    }
    Ok(state)
}

/// A built-in bot for one seat of The Game. It plans a whole turn at once and hands the plan
/// out action by action while each position is the one the plan expects
/// ([`engine::Planner`], as the server plays it), so a turn costs one plan.
#[pyclass(module = "tabletop._tabletop")]
pub struct TheGameBot {
    bot: Mutex<engine::Planner<thegame::State>>,
    seat: Seat,
}

#[pymethods]
impl TheGameBot {
    #[new]
    #[pyo3(signature = (name, seat, seed = 0))]
    fn new(name: &str, seat: u8, seed: u64) -> PyResult<Self> {
        let entry =
            bots::find::<thegame::State>(name).map_err(|e| PyValueError::new_err(e.to_string()))?;
        if usize::from(seat) >= thegame::MAX_PLAYERS {
            return Err(PyValueError::new_err(format!(
                "seat {seat} does not exist (The Game has seats 0..5)"
            )));
        }
        Ok(TheGameBot {
            bot: Mutex::new(engine::Planner::new(entry.build(seed))),
            seat: Seat(seat),
        })
    }

    /// The bot's action (text form) for a state or a view dict of its seat, on its turn.
    fn act(&self, position: &Bound<'_, PyAny>) -> PyResult<String> {
        let (view, legal) = match position.cast::<TheGameState>() {
            Ok(s) => {
                let s = s.borrow();
                check_seat(&s.state, i64::from(self.seat.0))?;
                let mut legal = Vec::new();
                s.state.legal_actions(&mut legal);
                (s.state.view(Viewer::Seat(self.seat)), legal)
            }
            Err(_) => {
                let view: thegame::View = from_py(position)
                    .map_err(|e| PyValueError::new_err(format!("not a State or a view: {e}")))?;
                let state = check_thegame_view(&view)?;
                let mut legal = Vec::new();
                state.legal_actions(&mut legal);
                (view, legal)
            }
        };
        if view.viewer != Some(self.seat) || !view.is_my_turn() || legal.is_empty() {
            return Err(illegal(format!(
                "it is not {}'s turn in this position",
                self.seat
            )));
        }
        let mut bot = self
            .bot
            .lock()
            .map_err(|_| PyValueError::new_err("bot poisoned"))?;
        Ok(bot.choose(&view, &legal).to_string())
    }

    /// The bot's action as an index.
    fn act_index(&self, position: &Bound<'_, PyAny>) -> PyResult<usize> {
        let action: thegame::Action = self.act(position)?.parse().map_err(illegal)?;
        thegame::State::seeded(1, 0, 0)
            .map_err(|e| PyValueError::new_err(e.to_string()))?
            .encode(&action)
            .ok_or_else(|| illegal(format!("{action} has no index")))
    }

    /// Reseeds the bot for a new game.
    fn reset(&self, seed: u64) -> PyResult<()> {
        let mut bot = self
            .bot
            .lock()
            .map_err(|_| PyValueError::new_err("bot poisoned"))?;
        bot.reset(seed);
        Ok(())
    }

    /// The bot's name.
    #[getter]
    fn name(&self) -> PyResult<String> {
        let bot = self
            .bot
            .lock()
            .map_err(|_| PyValueError::new_err("bot poisoned"))?;
        Ok(bot.name().to_string())
    }
}

/// A built-in bot for one seat of Power Grid.
#[pyclass(module = "tabletop._tabletop")]
pub struct PowerGridBot {
    bot: Mutex<engine::Planner<powergrid::State>>,
    seat: Seat,
}

#[pymethods]
impl PowerGridBot {
    #[new]
    #[pyo3(signature = (name, seat, seed = 0, budget_ms = None, rollouts = None))]
    fn new(
        name: &str,
        seat: u8,
        seed: u64,
        budget_ms: Option<u64>,
        rollouts: Option<u32>,
    ) -> PyResult<Self> {
        let entry = bots::find::<powergrid::State>(name)
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        if seat >= 6 {
            return Err(PyValueError::new_err(format!(
                "seat {seat} does not exist (Power Grid has seats 0..6)"
            )));
        }
        use bots::powergrid::Budget;
        let budget = match (rollouts, budget_ms) {
            (Some(_), Some(_)) => {
                return Err(PyValueError::new_err(
                    "give the search bot rollouts or budget_ms, not both",
                ))
            }
            (Some(0), None) => {
                return Err(PyValueError::new_err(
                    "rollouts must be at least 1 (leave it out for the standard budget)",
                ))
            }
            (Some(n), None) => Budget::Iterations(n),
            (None, Some(ms)) => Budget::Millis(ms),
            (None, None) => Budget::STANDARD,
        };
        let config = bots::powergrid::Config { budget, threads: 1 };
        Ok(PowerGridBot {
            bot: Mutex::new(engine::Planner::new(entry.build_with(seed, &config))),
            seat: Seat(seat),
        })
    }

    /// The bot's action (text form) for a state or a view dict of its seat, on its turn.
    fn act(&self, position: &Bound<'_, PyAny>) -> PyResult<String> {
        let (view, legal) = match position.cast::<PowerGridState>() {
            Ok(s) => {
                let s = s.borrow();
                check_seat(&s.state, i64::from(self.seat.0))?;
                let mut legal = Vec::new();
                s.state.legal_actions(&mut legal);
                (s.state.view(Viewer::Seat(self.seat)), legal)
            }
            Err(_) => {
                let view: powergrid::View = from_py(position)
                    .map_err(|e| PyValueError::new_err(format!("not a State or a view: {e}")))?;
                // The seat's own legal actions depend only on what it sees: any state
                // consistent with the view lists them.
                let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
                let memory = powergrid::Memory::new();
                let state =
                    powergrid::State::determinize(&view, &memory, &mut rng).map_err(|e| {
                        PyValueError::new_err(format!("not a view of a real game: {e}"))
                    })?;
                if state.view(view.viewer) != view {
                    return Err(PyValueError::new_err(
                        "not a view of a real game: its parts do not agree",
                    ));
                }
                let mut legal = Vec::new();
                state.legal_actions(&mut legal);
                (view, legal)
            }
        };
        if view.viewer != Viewer::Seat(self.seat) || view.actor.seat() != Some(self.seat) {
            return Err(illegal(format!(
                "it is not {}'s turn in this position",
                self.seat
            )));
        }
        if legal.is_empty() {
            return Err(illegal("no legal action"));
        }
        let mut bot = self
            .bot
            .lock()
            .map_err(|_| PyValueError::new_err("bot poisoned"))?;
        Ok(bot.choose(&view, &legal).to_string())
    }

    /// The bot's name.
    #[getter]
    fn name(&self) -> PyResult<String> {
        let bot = self
            .bot
            .lock()
            .map_err(|_| PyValueError::new_err("bot poisoned"))?;
        Ok(bot.name().to_string())
    }
}

/// The games of a batch.
enum Batch {
    TheGame(rl::VecEnv<thegame::State>),
    PowerGrid(rl::VecEnv<powergrid::State>),
}

/// Many games stepped together in Rust (see docs/python.md).
#[pyclass(module = "tabletop._tabletop")]
pub struct VecEnv {
    batch: Batch,
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
}

fn step_error(e: rl::StepError) -> PyErr {
    match e {
        rl::StepError::Shape { .. } => PyValueError::new_err(e.to_string()),
        _ => illegal(e),
    }
}

type Run<'a> = dyn FnOnce(&mut Batch, rl::batch::Outputs<'_>, &mut [i64]) -> Result<(), rl::StepError>
    + Send
    + 'a;

impl VecEnv {
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
        let batch = &mut self.batch;
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
    #[pyo3(signature = (game, num_envs, seed = 0, threads = None, players = None, map = "germany", public_money = false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        py: Python<'_>,
        game: &str,
        num_envs: usize,
        seed: u64,
        threads: Option<usize>,
        players: Option<u8>,
        map: &str,
        public_money: bool,
    ) -> PyResult<Self> {
        let threads = threads.unwrap_or_else(|| {
            std::thread::available_parallelism().map_or(1, std::num::NonZeroUsize::get)
        });
        let (batch, sizes) = match game {
            "thegame" => {
                let players = players.unwrap_or(2);
                thegame::State::seeded(players, 0, 0)
                    .map_err(|e| SetupError::new_err(e.to_string()))?;
                let deal = Box::new(move |seed| {
                    thegame::State::seeded(players, seed, 0).expect("checked above")
                });
                let env = rl::VecEnv::new(num_envs, seed, threads, deal)
                    .map_err(PyValueError::new_err)?;
                type G = thegame::State;
                (
                    Batch::TheGame(env),
                    (
                        G::ACTIONS,
                        G::OBSERVATION,
                        G::MAX_LEGAL,
                        G::MAX_SEATS,
                        players,
                    ),
                )
            }
            "powergrid" => {
                let players = players.unwrap_or(4);
                let map: powergrid::MapId = serde_json::from_value(serde_json::Value::from(map))
                    .map_err(|e| SetupError::new_err(format!("unknown map {map:?}: {e}")))?;
                let setup = move |seed| powergrid::Setup {
                    public_money,
                    ..powergrid::Setup::new(players, map, seed)
                };
                powergrid::State::new(setup(0)).map_err(|e| SetupError::new_err(e.to_string()))?;
                let deal = Box::new(move |seed| {
                    powergrid::State::new(setup(seed)).expect("checked above")
                });
                let env = rl::VecEnv::new(num_envs, seed, threads, deal)
                    .map_err(PyValueError::new_err)?;
                type G = powergrid::State;
                (
                    Batch::PowerGrid(env),
                    (
                        G::ACTIONS,
                        G::OBSERVATION,
                        G::MAX_LEGAL,
                        G::MAX_SEATS,
                        players,
                    ),
                )
            }
            other => {
                return Err(PyValueError::new_err(format!(
                    "unknown game {other:?}: \"thegame\" or \"powergrid\""
                )))
            }
        };
        let (actions, obs, max_legal, seats, players) = sizes;
        let mut env = VecEnv {
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
        };
        env.reset(py)?;
        Ok(env)
    }

    /// Deals every slot's first game again; returns `(observations, masks)`.
    fn reset<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        self.fill(
            py,
            Box::new(|b, out, _| match b {
                Batch::TheGame(e) => e.reset(out),
                Batch::PowerGrid(e) => e.reset(out),
            }),
        )?;
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
        let array = match actions.extract::<PyReadonlyArray1<'py, i64>>() {
            Ok(a) if a.is_contiguous() => a,
            _ => py
                .import("numpy")?
                .call_method1("ascontiguousarray", (actions, "int64"))?
                .extract::<PyReadonlyArray1<'py, i64>>()?,
        };
        let given = array
            .as_slice()
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        self.fill(
            py,
            Box::new(move |b, out, _| match b {
                Batch::TheGame(e) => e.step(given, out),
                Batch::PowerGrid(e) => e.step(given, out),
            }),
        )?;
        self.outputs(py)
    }

    /// Like `step` with actions drawn uniformly among the legal ones inside Rust; returns
    /// `(actions, observations, masks, rewards, dones, players)`.
    fn step_random<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, pyo3::types::PyTuple>> {
        self.fill(
            py,
            Box::new(|b, out, drawn| match b {
                Batch::TheGame(e) => e.step_random(drawn, out),
                Batch::PowerGrid(e) => e.step_random(drawn, out),
            }),
        )?;
        let mut items = vec![self.actions.bind(py).clone().into_any()];
        items.extend(self.outputs(py)?.iter());
        pyo3::types::PyTuple::new(py, items)
    }

    /// Steps `steps` times with actions drawn in Rust without returning to Python in
    /// between (the ceiling of the batch); returns the number of games finished.
    fn run_random(&mut self, py: Python<'_>, steps: usize) -> PyResult<u64> {
        let mut finished = 0u64;
        for _ in 0..steps {
            self.fill(
                py,
                Box::new(|b, out, drawn| match b {
                    Batch::TheGame(e) => e.step_random(drawn, out),
                    Batch::PowerGrid(e) => e.step_random(drawn, out),
                }),
            )?;
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
        match &self.batch {
            Batch::TheGame(e) => e.seeds(),
            Batch::PowerGrid(e) => e.seeds(),
        }
    }
}

/// Bytes of each Rust state (what a Python `State` holds besides its header).
#[pyfunction]
fn state_sizes() -> (usize, usize) {
    (
        std::mem::size_of::<thegame::State>(),
        std::mem::size_of::<powergrid::State>(),
    )
}

/// The names and one-line descriptions of the built-in bots of a game.
#[pyfunction]
fn bot_names<'py>(py: Python<'py>, game: &str) -> PyResult<Bound<'py, PyList>> {
    let names: Vec<(&str, &str)> = match game {
        "thegame" => <thegame::State as bots::Registered>::REGISTRY
            .iter()
            .map(|b| (b.name, b.about))
            .collect(),
        "powergrid" => <powergrid::State as bots::Registered>::REGISTRY
            .iter()
            .map(|b| (b.name, b.about))
            .collect(),
        other => {
            return Err(PyValueError::new_err(format!(
                "unknown game {other:?}: \"thegame\" or \"powergrid\""
            )))
        }
    };
    PyList::new(py, names)
}

/// The extension module.
#[pymodule]
fn _tabletop(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<TheGameState>()?;
    m.add_class::<PowerGridState>()?;
    m.add_class::<TheGameBot>()?;
    m.add_class::<PowerGridBot>()?;
    m.add_class::<VecEnv>()?;
    m.add_function(wrap_pyfunction!(state_sizes, m)?)?;
    m.add_function(wrap_pyfunction!(bot_names, m)?)?;
    m.add("TabletopError", py.get_type::<TabletopError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    Ok(())
}
