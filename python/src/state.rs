//! The state classes (`tabletop.thegame.State`, `tabletop.powergrid.State`): one generic
//! implementation over the engine contract ([`Recorded`]), instantiated per game by
//! [`state_class!`] because a Python class cannot be generic.
//!
//! Decisions:
//! - A Python `State` holds its Rust state inline and its [`History`] (one shared pointer): a
//!   clone is one copy of the Rust value and one reference count (`state_sizes()` reports
//!   both, a test compares them with the object's size).
//! - What is each game's own is in [`PyGame`]; everything else goes through [`engine::Game`]
//!   and [`rl::Encoded`].

use crate::game::PyGame;
use crate::history::History;
use crate::{
    check_seat, from_py, illegal, to_py, IllegalActionError, Int, SetupError, TabletopError,
};
use engine::{Seat, Viewer};
use numpy::PyArray1;
use pyo3::exceptions::{PyTypeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBool, PyDict, PyString};
use rand_core::SeedableRng;

/// An action given as an index, a dict or a text.
fn action_of<G: PyGame>(state: &G, action: &Bound<'_, PyAny>) -> PyResult<G::Action> {
    if let Ok(text) = action.cast::<PyString>() {
        return text.to_cow()?.parse::<G::Action>().map_err(illegal);
    }
    if action.is_instance_of::<PyDict>() {
        return from_py::<G::Action>(action)
            .map_err(|e| illegal(format!("cannot read action {action}: {e}")));
    }
    if !action.is_instance_of::<PyBool>() {
        if let Ok(Int(index)) = action.extract::<Int>() {
            let i = usize::try_from(index)
                .ok()
                .filter(|&i| i < G::ACTIONS)
                .ok_or_else(|| {
                    illegal(format!(
                        "action {action} is not an index of {} (0..{})",
                        G::NAME,
                        G::ACTIONS
                    ))
                })?;
            return state.decode(i).ok_or_else(|| {
                illegal(format!(
                    "action {index} stands for no action in this position"
                ))
            });
        }
    }
    Err(PyTypeError::new_err(format!(
        "an action is an int index, a dict or a text, not {}",
        action.get_type().name()?
    )))
}

/// The viewer `seat` names: that seat, or a spectator when `None`.
fn viewer_of<G: PyGame>(state: &G, seat: Option<Int>) -> PyResult<Viewer> {
    Ok(match seat {
        Some(s) => Viewer::Seat(check_seat(state, s.0)?),
        None => Viewer::Spectator,
    })
}

/// The steps of `history` as `viewer` saw them ([`engine::Game::redact`]).
fn seen_by<G: PyGame>(history: &History<G::Event>, viewer: Viewer) -> Vec<Vec<G::Event>> {
    history
        .steps()
        .into_iter()
        .map(|step| step.iter().filter_map(|e| G::redact(e, viewer)).collect())
        .collect()
}

/// A state as Python holds it: the engine's state and the history that led to it.
#[derive(Clone)]
pub struct Recorded<G: PyGame> {
    pub state: G,
    pub history: History<G::Event>,
}

impl<G: PyGame> Recorded<G> {
    /// A state whose history begins now: at the deal, or read without its past.
    fn begin(state: G, at_deal: bool) -> Recorded<G> {
        Recorded {
            state,
            history: History::begin(at_deal),
        }
    }

    pub fn new_game(setup: &Bound<'_, PyAny>) -> PyResult<Self> {
        if let Some(seed) = setup
            .cast::<PyDict>()
            .ok()
            .and_then(|d| d.get_item("seed").ok().flatten())
        {
            let refused = |e: PyErr| SetupError::new_err(e.value(setup.py()).to_string());
            seed.extract::<Int>()
                .map_err(refused)?
                .seed()
                .map_err(refused)?;
        }
        let setup: G::Setup = from_py(setup)
            .map_err(|e| SetupError::new_err(format!("cannot read the setup: {e}")))?;
        let state = G::new(setup).map_err(|e| SetupError::new_err(e.to_string()))?;
        Ok(Recorded::begin(state, true))
    }

    pub fn from_json(json: &str) -> PyResult<Self> {
        G::load(json)
            .map(|state| Recorded::begin(state, false))
            .map_err(SetupError::new_err)
    }

    pub fn to_json(&self) -> PyResult<String> {
        self.state
            .save()
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    /// What pickling keeps: the state, the events of every step of its history, and whether
    /// the history began at the deal.
    pub fn pickled(&self) -> PyResult<(String, String, bool)> {
        let steps = serde_json::to_string(&self.history.steps())
            .map_err(|e| PyValueError::new_err(e.to_string()))?;
        Ok((self.to_json()?, steps, self.history.at_deal()))
    }

    pub fn unpickled(json: &str, steps: &str, at_deal: bool) -> PyResult<Self> {
        let state = G::load(json).map_err(SetupError::new_err)?;
        let steps: Vec<Vec<G::Event>> =
            serde_json::from_str(steps).map_err(|e| SetupError::new_err(e.to_string()))?;
        Ok(Recorded {
            state,
            history: History::of(at_deal, steps),
        })
    }

    /// What `seat` remembers: what it saw of the history's events, or, when the history does
    /// not begin at the deal, what the state itself tells ([`PyGame::recall`]).
    pub fn remembered(&self, seat: Seat) -> G::Memory {
        if !self.history.at_deal() {
            return self.state.recall(seat);
        }
        let mut memory = G::Memory::default();
        for event in self.history.events() {
            if let Some(seen) = G::redact(event, Viewer::Seat(seat)) {
                G::remember(&mut memory, &seen);
            }
        }
        memory
    }

    pub fn current_player(&self) -> i64 {
        self.state.actor().seat().map_or(-4, |s| i64::from(s.0))
    }

    pub fn returns(&self) -> Vec<f32> {
        let mut out = vec![0.0; G::MAX_SEATS];
        self.state.returns(&mut out);
        out.truncate(self.state.seats());
        out
    }

    pub fn legal_actions(&self) -> Vec<u32> {
        let mut out = Vec::new();
        self.state.legal_indices(&mut out);
        out
    }

    pub fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, PyArray1<bool>> {
        let mut mask = vec![false; G::ACTIONS];
        rl::mask_from(&self.legal_actions(), &mut mask);
        PyArray1::from_vec(py, mask)
    }

    /// Applies an action for `seat` (default: the seat to act), records its events and
    /// returns them; the state is unchanged on error.
    pub fn apply(&mut self, action: &Bound<'_, PyAny>, seat: Option<Int>) -> PyResult<&[G::Event]> {
        let seat = match seat {
            Some(s) => check_seat(&self.state, s.0)?,
            None => self
                .state
                .actor()
                .seat()
                .ok_or_else(|| illegal("the game is over"))?,
        };
        let action = action_of(&self.state, action)?;
        let events = self.state.apply_as(seat, &action).map_err(illegal)?;
        self.history.push(events);
        Ok(self.history.last())
    }

    /// The action an index stands for; `index` is an integer (`Int`'s `TypeError` otherwise).
    pub fn decode<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
        index.extract::<Int>()?;
        let action = action_of(&self.state, index)?;
        to_py(index.py(), &action)
    }

    pub fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(action_of(&self.state, action)?.to_string())
    }

    pub fn encode(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
        let a = action_of(&self.state, action)?;
        self.state
            .encode(&a)
            .ok_or_else(|| illegal(format!("{a} has no index in the encoding")))
    }

    pub fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
        match action_of(&self.state, action) {
            Ok(a) => Ok(self.state.is_legal(&a)),
            Err(e) if e.is_instance_of::<IllegalActionError>(action.py()) => Ok(false),
            Err(e) => Err(e),
        }
    }

    pub fn view<'py>(&self, py: Python<'py>, seat: Option<Int>) -> PyResult<Bound<'py, PyAny>> {
        to_py(py, &self.state.view(viewer_of(&self.state, seat)?))
    }

    /// Every event of the history, as `seat` (a spectator when `None`) saw it.
    pub fn events<'py>(&self, py: Python<'py>, seat: Option<Int>) -> PyResult<Bound<'py, PyAny>> {
        let viewer = viewer_of(&self.state, seat)?;
        let events: Vec<G::Event> = seen_by::<G>(&self.history, viewer)
            .into_iter()
            .flatten()
            .collect();
        to_py(py, &events)
    }

    /// What `seat` knows, as JSON text: its view and every event of the history as it saw
    /// them. Two states give the same text exactly when the seat cannot tell them apart.
    pub fn information_state(&self, seat: Int) -> PyResult<String> {
        let viewer = Viewer::Seat(check_seat(&self.state, seat.0)?);
        let events: Vec<G::Event> = seen_by::<G>(&self.history, viewer)
            .into_iter()
            .flatten()
            .collect();
        serde_json::to_string(&(self.state.view(viewer), events))
            .map_err(|e| PyValueError::new_err(e.to_string()))
    }

    pub fn observation<'py>(
        &self,
        py: Python<'py>,
        seat: Int,
    ) -> PyResult<Bound<'py, PyArray1<f32>>> {
        let seat = check_seat(&self.state, seat.0)?;
        let mut out = vec![0.0; G::OBSERVATION];
        self.state.observe(seat, &mut out);
        Ok(PyArray1::from_vec(py, out))
    }

    /// A state consistent with what `seat` sees and remembers of the history, the hidden
    /// rest drawn with `seed`; its history is the one `seat` saw.
    pub fn sample_hidden(&self, seat: Int, seed: Int) -> PyResult<Self> {
        let seat: Seat = check_seat(&self.state, seat.0)?;
        let seed = seed.seed()?;
        let viewer = Viewer::Seat(seat);
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(seed);
        let state = G::determinize(&self.state.view(viewer), &self.remembered(seat), &mut rng)
            .map_err(|e| TabletopError::new_err(e.to_string()))?;
        let history = History::of(self.history.at_deal(), seen_by::<G>(&self.history, viewer));
        Ok(Recorded { state, history })
    }

    pub fn repr(&self) -> String {
        format!(
            "<tabletop.{}.State players={} current_player={}>",
            G::NAME,
            self.state.seats(),
            self.current_player()
        )
    }
}

/// Defines the Python state class of one game: every method is [`Recorded`]'s.
macro_rules! state_class {
    ($name:ident, $pyname:literal, $game:ty) => {
        /// A game in progress (OpenSpiel-style). See `docs/python.md`.
        #[pyclass(name = $pyname, module = "tabletop._tabletop")]
        #[derive(Clone)]
        pub struct $name(pub $crate::state::Recorded<$game>);

        impl AsRef<$crate::state::Recorded<$game>> for $name {
            fn as_ref(&self) -> &$crate::state::Recorded<$game> {
                &self.0
            }
        }

        #[pymethods]
        impl $name {
            /// Number of action indices.
            #[classattr]
            const NUM_ACTIONS: usize = <$game as rl::Encoded>::ACTIONS;
            /// Length of an observation.
            #[classattr]
            const OBSERVATION_SIZE: usize = <$game as rl::Encoded>::OBSERVATION;
            /// `current_player()` once the game is over (OpenSpiel's terminal id).
            #[classattr]
            const TERMINAL: i64 = -4;

            /// Deals a game from a setup dict (the engine's JSON form).
            #[staticmethod]
            fn new_game(setup: &Bound<'_, PyAny>) -> PyResult<Self> {
                $crate::state::Recorded::new_game(setup).map($name)
            }

            /// Reads a state written by `to_json`; its history begins here.
            #[staticmethod]
            fn from_json(json: &str) -> PyResult<Self> {
                $crate::state::Recorded::from_json(json).map($name)
            }

            /// The whole state (hidden parts included) as JSON text, without its history.
            fn to_json(&self) -> PyResult<String> {
                self.0.to_json()
            }

            /// Number of seats.
            fn num_players(&self) -> usize {
                engine::Game::seats(&self.0.state)
            }

            /// The seat to act, or `TERMINAL` (-4) once the game is over.
            fn current_player(&self) -> i64 {
                self.0.current_player()
            }

            /// Whether the game is over.
            fn is_terminal(&self) -> bool {
                self.0.current_player() < 0
            }

            /// Each seat's return so far (the sum of its rewards).
            fn returns(&self) -> Vec<f32> {
                self.0.returns()
            }

            /// The legal action indices of the seat to act, ascending.
            fn legal_actions(&self) -> Vec<u32> {
                self.0.legal_actions()
            }

            /// The legal actions as a bool array of `NUM_ACTIONS`.
            fn legal_mask<'py>(&self, py: Python<'py>) -> Bound<'py, numpy::PyArray1<bool>> {
                self.0.legal_mask(py)
            }

            /// Applies an action (an index, a dict or a text) for `seat` (default: the seat
            /// to act). Raises `IllegalActionError` with the engine's reason; the state is
            /// then unchanged.
            #[pyo3(signature = (action, seat = None))]
            fn apply(
                &mut self,
                action: &Bound<'_, PyAny>,
                seat: Option<$crate::Int>,
            ) -> PyResult<()> {
                self.0.apply(action, seat).map(drop)
            }

            /// Like `apply`, returning what happened as the engine's event texts.
            #[pyo3(signature = (action, seat = None))]
            fn apply_events(
                &mut self,
                action: &Bound<'_, PyAny>,
                seat: Option<$crate::Int>,
            ) -> PyResult<Vec<String>> {
                let events = self.0.apply(action, seat)?;
                Ok(events.iter().map(|e| e.to_string()).collect())
            }

            /// The action an index stands for now, as its dict.
            fn decode<'py>(&self, index: &Bound<'py, PyAny>) -> PyResult<Bound<'py, PyAny>> {
                self.0.decode(index)
            }

            /// The text form of an action (an index, a dict or a text).
            fn action_to_string(&self, action: &Bound<'_, PyAny>) -> PyResult<String> {
                self.0.action_to_string(action)
            }

            /// The index of an action (a dict or a text); raises when the encoding has none.
            fn encode(&self, action: &Bound<'_, PyAny>) -> PyResult<usize> {
                self.0.encode(action)
            }

            /// Whether the seat to act may take this action now (the engine's `is_legal`).
            fn is_legal(&self, action: &Bound<'_, PyAny>) -> PyResult<bool> {
                self.0.is_legal(action)
            }

            /// What `seat` may know (a spectator's view when `seat` is None), as a dict.
            #[pyo3(signature = (seat = None))]
            fn view<'py>(
                &self,
                py: Python<'py>,
                seat: Option<$crate::Int>,
            ) -> PyResult<Bound<'py, PyAny>> {
                self.0.view(py, seat)
            }

            /// The events since the state began (dealt, or read from JSON), as `seat` saw
            /// them (a spectator when `seat` is None), as dicts.
            #[pyo3(signature = (seat = None))]
            fn events<'py>(
                &self,
                py: Python<'py>,
                seat: Option<$crate::Int>,
            ) -> PyResult<Bound<'py, PyAny>> {
                self.0.events(py, seat)
            }

            /// What `seat` knows, as JSON text: its view and every event as it saw them (the
            /// same text exactly when the seat cannot tell two states apart).
            fn information_state(&self, seat: $crate::Int) -> PyResult<String> {
                self.0.information_state(seat)
            }

            /// `seat`'s observation: float32 of `OBSERVATION_SIZE` (layout in docs/python.md).
            fn observation<'py>(
                &self,
                py: Python<'py>,
                seat: $crate::Int,
            ) -> PyResult<Bound<'py, numpy::PyArray1<f32>>> {
                self.0.observation(py, seat)
            }

            /// A full state consistent with what `seat` sees and remembers, the hidden rest
            /// drawn with `seed` (determinization for information-set search).
            fn sample_hidden(&self, seat: $crate::Int, seed: $crate::Int) -> PyResult<Self> {
                self.0.sample_hidden(seat, seed).map($name)
            }

            /// A copy (sharing the history).
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

            /// Equal states are the same position (whatever led to them).
            fn __eq__(&self, other: &Bound<'_, PyAny>) -> bool {
                other
                    .cast::<$name>()
                    .is_ok_and(|o| o.borrow().0.state == self.0.state)
            }

            /// Pickles the state with its history.
            fn __reduce__<'py>(
                slf: &Bound<'py, Self>,
            ) -> PyResult<(Bound<'py, PyAny>, (String, String, bool))> {
                let unpickle = slf.get_type().getattr("_unpickle")?;
                Ok((unpickle, slf.borrow().0.pickled()?))
            }

            #[staticmethod]
            fn _unpickle(json: &str, steps: &str, at_deal: bool) -> PyResult<Self> {
                $crate::state::Recorded::unpickled(json, steps, at_deal).map($name)
            }

            fn __repr__(&self) -> String {
                self.0.repr()
            }
        }
    };
}

pub(crate) use state_class;
