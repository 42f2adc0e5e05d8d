//! `tabletop._tabletop`: the Python bindings of the engines (the package's Python side is in
//! `python/tabletop/`). Everything here converts between Python and the engine contract
//! ([`engine::Game`]), the `rl` crate (encodings, observations, the batch) and the bot
//! registry; no rule is written here, and each class is written once for every game
//! ([`game::PyGame`] holds what differs by game).
//!
//! Decisions:
//! - Dicts cross as JSON (the engines' serde forms, the same as the protocol docs) through
//!   Python's own `json` module: no second mapping to keep in step with the engines.
//! - Every error is a Python exception: `SetupError` for a refused setup, `IllegalActionError`
//!   for an action the engine refuses or cannot read (its message is the engine's), both
//!   subclasses of `TabletopError(ValueError)`; wrong types raise `TypeError`. Nothing a
//!   caller passes can panic: seats are checked before they reach the engines' accessors.
//! - Integer arguments (seeds, seats, budgets, counts) are [`Int`]s: any integer Python or
//!   numpy gives (not a bool, not a float), checked against its range with one `ValueError`
//!   naming the argument and the range, so no caller meets an `OverflowError` or a silent
//!   truncation.
//! - States keep their history ([`history`]) so that bots know what their seat has seen
//!   ([`bot`]).

mod analyze;
mod bot;
mod game;
mod history;
mod state;
mod vecenv;

use engine::{Game, Seat};
use game::with_game;
use pyo3::create_exception;
use pyo3::exceptions::{PyOverflowError, PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyList};
use serde::de::DeserializeOwned;
use serde::Serialize;

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

/// An integer argument: a Python int or anything with `__index__` (numpy's integers), not a
/// bool; values beyond `i128` are kept as its bounds (every range checked is far inside).
#[derive(Clone, Copy, Debug)]
pub struct Int(pub i128);

impl<'a, 'py> FromPyObject<'a, 'py> for Int {
    type Error = PyErr;
    fn extract(obj: Borrowed<'a, 'py, PyAny>) -> PyResult<Self> {
        let not_int = || {
            let kind = obj
                .get_type()
                .name()
                .map_or_else(|_| "?".to_string(), |n| n.to_string());
            PyTypeError::new_err(format!("an integer is needed, not {kind}"))
        };
        if obj.is_instance_of::<PyBool>() {
            return Err(not_int());
        }
        match obj.extract::<i64>() {
            Ok(i) => Ok(Int(i128::from(i))),
            Err(e) if e.is_instance_of::<PyOverflowError>(obj.py()) => {
                let negative = obj.lt(0i64).unwrap_or(false);
                Ok(Int(obj.extract::<i128>().unwrap_or(if negative {
                    i128::MIN
                } else {
                    i128::MAX
                })))
            }
            Err(_) => Err(not_int()),
        }
    }
}

impl Int {
    /// The value as a `T`, or a `ValueError` saying `what` must be in `range`.
    pub fn within<T: TryFrom<i128>>(self, what: &str, range: &str) -> PyResult<T> {
        T::try_from(self.0).map_err(|_| {
            let shown = match self.0 {
                i128::MAX => "a number beyond 2**127".to_string(),
                i128::MIN => "a number below -2**127".to_string(),
                n => n.to_string(),
            };
            PyValueError::new_err(format!("{what} must be {range}, not {shown}"))
        })
    }

    /// The value as a seed (0 to 2**64 - 1).
    pub fn seed(self) -> PyResult<u64> {
        self.within("a seed", "an integer from 0 to 2**64 - 1")
    }
}

/// A Python value as the engine's JSON form (numpy's integers as ints).
fn from_py<T: DeserializeOwned>(value: &Bound<'_, PyAny>) -> Result<T, String> {
    let py = value.py();
    let dumps = || -> PyResult<Bound<'_, PyAny>> {
        let kwargs = pyo3::types::PyDict::new(py);
        kwargs.set_item("default", py.import("operator")?.getattr("index")?)?;
        py.import("json")?
            .call_method("dumps", (value,), Some(&kwargs))
    };
    let json = dumps()
        .and_then(|s| s.extract::<String>())
        .map_err(|e| format!("not JSON data: {e}"))?;
    serde_json::from_str(&json).map_err(|e| e.to_string())
}

/// The engine's JSON form as Python dicts and lists.
fn to_py<'py>(py: Python<'py>, value: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
    let json = serde_json::to_string(value).map_err(|e| PyValueError::new_err(e.to_string()))?;
    py.import("json")?.call_method1("loads", (json,))
}

fn check_seat<G: Game>(state: &G, seat: i128) -> PyResult<Seat> {
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

state::state_class!(TheGameState, "TheGameState", thegame::State);
state::state_class!(PowerGridState, "PowerGridState", powergrid::State);
#[cfg(feature = "highcard")]
state::state_class!(HighCardState, "HighCardState", highcard::HighCard);

/// Bytes of what a Python `State` holds besides its header (the Rust state and its
/// history's pointer), for The Game and Power Grid.
#[pyfunction]
fn state_sizes() -> (usize, usize) {
    (
        std::mem::size_of::<TheGameState>(),
        std::mem::size_of::<PowerGridState>(),
    )
}

/// The names and one-line descriptions of the built-in bots of a game.
#[pyfunction]
fn bot_names<'py>(py: Python<'py>, game: &str) -> PyResult<Bound<'py, PyList>> {
    let names: Vec<(&str, &str)> = with_game!(game, G => Ok(
        <G as bots::Registered>::REGISTRY.iter().map(|b| (b.name, b.about)).collect()
    ))?;
    PyList::new(py, names)
}

/// Power Grid's static data ([`powergrid::static_data`]) for `map` with `regions` in play
/// (every region when `None`), as dicts and lists.
#[pyfunction]
#[pyo3(signature = (map, regions=None))]
fn powergrid_static_data<'py>(
    py: Python<'py>,
    map: &str,
    regions: Option<Vec<String>>,
) -> PyResult<Bound<'py, PyAny>> {
    let map: powergrid::MapId = map.parse().map_err(PyValueError::new_err)?;
    let regions = match regions {
        None => powergrid::Region::ALL.to_vec(),
        Some(names) => names
            .iter()
            .map(|r| {
                r.parse::<powergrid::Region>().map_err(|e| {
                    PyValueError::new_err(format!(
                        "{e}: a region is one of green, brown, yellow, red, cyan, purple"
                    ))
                })
            })
            .collect::<PyResult<_>>()?,
    };
    to_py(py, &powergrid::static_data(map, &regions))
}

/// The extension module.
#[pymodule]
fn _tabletop(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<TheGameState>()?;
    m.add_class::<PowerGridState>()?;
    #[cfg(feature = "highcard")]
    m.add_class::<HighCardState>()?;
    m.add_class::<bot::Bot>()?;
    m.add_class::<vecenv::VecEnv>()?;
    m.add_function(wrap_pyfunction!(state_sizes, m)?)?;
    m.add_function(wrap_pyfunction!(bot_names, m)?)?;
    m.add_function(wrap_pyfunction!(powergrid_static_data, m)?)?;
    m.add_function(wrap_pyfunction!(analyze::analyze, m)?)?;
    m.add("TabletopError", py.get_type::<TabletopError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    Ok(())
}
