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
//! - States keep their history ([`history`]) so that bots know what their seat has seen
//!   ([`bot`]).

mod bot;
mod game;
mod history;
mod state;
mod vecenv;

use engine::{Game, Seat};
use game::with_game;
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyList;
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
    m.add("TabletopError", py.get_type::<TabletopError>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("IllegalActionError", py.get_type::<IllegalActionError>())?;
    Ok(())
}
