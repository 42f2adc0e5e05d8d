//! The bot class (`tabletop.bots.Bot`): a registered bot of either game playing one seat,
//! asked one action at a time ([`engine::Planner`], as the server asks it).
//!
//! Decisions:
//! - A bot knows what its seat has seen. Asked with a `State`, it first observes the events
//!   of the state's history since the step it last saw (all of them the first time), redacted
//!   for its seat; when that history does not continue the step it saw (another game, another
//!   branch of a cloned state), the bot starts over, rebuilt with its seed, and observes the
//!   whole history, as the server's stand-in bots do. Of a state read with `from_json` (no
//!   history before it), its seat remembers what the state tells ([`PyGame::recall`]).
//! - Asked with a view dict, it knows what it was shown (`observe`): the legal actions come
//!   from a state drawn from the view and its seat's memory ([`engine::Game::determinize`]),
//!   read back through the game's saved form (the engine's checks) and required to show the
//!   same view. When no state fits, the error says that the bot must see the game, not only
//!   the view (a Power Grid seat cannot know hidden money from a view).
//! - One Python class for both games: [`AnyBot`] hides which game, and is implemented once,
//!   for the [`SeatBot`] of any [`PyGame`].

use crate::game::{with_game, Budget, PyGame};
use crate::history::History;
use crate::state::Recorded;
use crate::{check_seat, from_py, illegal, Int};
use bots::BotEntry;
use engine::{Planner, Seat, Viewer};
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::PyDict;
use rand_core::SeedableRng;
use std::sync::Mutex;

/// What a bot has been shown since it was built.
enum Seen<E> {
    /// Nothing.
    Nothing,
    /// A state's history, up to its last step.
    History(History<E>),
    /// Events given to `observe`.
    Events,
}

/// A registered bot of `G` playing one seat (see the module docs).
pub struct SeatBot<G: PyGame> {
    entry: &'static BotEntry<G>,
    config: G::Config,
    seed: u64,
    seat: Seat,
    planner: Planner<G>,
    /// What its seat remembers of the events it was shown.
    memory: G::Memory,
    seen: Seen<G::Event>,
}

impl<G: PyGame> SeatBot<G> {
    fn new(name: &str, seat: i128, seed: u64, budget: Budget) -> PyResult<Self> {
        let entry = bots::find::<G>(name).map_err(|e| PyValueError::new_err(e.to_string()))?;
        let seat = u8::try_from(seat)
            .ok()
            .filter(|&s| usize::from(s) < G::MAX_SEATS)
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "seat {seat} does not exist ({} has seats 0..{})",
                    G::NAME,
                    G::MAX_SEATS
                ))
            })?;
        let config = G::bot_config(budget);
        Ok(SeatBot {
            planner: Planner::new(entry.build_with(seed, &config)),
            entry,
            config,
            seed,
            seat: Seat(seat),
            memory: G::Memory::default(),
            seen: Seen::Nothing,
        })
    }

    /// Forgets everything it was shown: a fresh bot of the same kind and seed.
    fn start_over(&mut self) {
        self.planner = Planner::new(self.entry.build_with(self.seed, &self.config));
        self.memory = G::Memory::default();
        self.seen = Seen::Nothing;
    }

    /// Shows it one event, redacted for its seat.
    fn take_in(&mut self, event: &G::Event) {
        if let Some(seen) = G::redact(event, Viewer::Seat(self.seat)) {
            G::remember(&mut self.memory, &seen);
            self.planner.observe(&seen);
        }
    }

    /// Shows it the events of `recorded`'s history it has not seen (see the module docs).
    fn follow(&mut self, recorded: &Recorded<G>) {
        let history = &recorded.history;
        let new: Option<Vec<&G::Event>> = match &self.seen {
            Seen::History(seen) => history.since(seen).map(Iterator::collect),
            _ => None,
        };
        match new {
            Some(events) => events.into_iter().for_each(|e| self.take_in(e)),
            None => {
                if !matches!(self.seen, Seen::Nothing) {
                    self.start_over();
                }
                history.events().for_each(|e| self.take_in(e));
                self.memory = recorded.remembered(self.seat);
            }
        }
        self.seen = Seen::History(history.clone());
    }

    /// When `position` is a State of its game: follows its history and answers it.
    fn follow_state<'py>(
        &mut self,
        position: &Bound<'py, PyAny>,
    ) -> PyResult<Option<PyRef<'py, <G as PyGame>::Class>>> {
        let Ok(class) = position.cast::<G::Class>() else {
            return Ok(None);
        };
        let class = class.borrow();
        let recorded: &Recorded<G> = class.as_ref();
        check_seat(&recorded.state, i128::from(self.seat.0))?;
        self.follow(recorded);
        Ok(Some(class))
    }

    /// A state that shows `view` to its seat and fits what the bot remembers.
    fn state_behind(&self, view: &G::View) -> PyResult<G> {
        let mut rng = rand_pcg::Pcg64Mcg::seed_from_u64(0);
        let drawn = G::determinize(view, &self.memory, &mut rng).map_err(|e| {
            let hint = match self.seen {
                Seen::Nothing => {
                    "or the bot has not seen the game (it has been shown no event; a bot \
                     remembers only what it is shown): ask it with the State (bot.act(state)), \
                     or show it the game first (bot.observe(state), or bot.observe(events) with \
                     the event dicts)"
                }
                _ => "or not one of the game the bot was shown",
            };
            PyValueError::new_err(format!(
                "no {} state shows this view with what {}'s bot remembers ({e}): the view is \
                 not one of a real game, {hint}",
                G::NAME,
                self.seat
            ))
        })?;
        let bad = |e: String| PyValueError::new_err(format!("not a view of a real game: {e}"));
        let json = drawn.save().map_err(|e| bad(e.to_string()))?;
        let state = G::load(&json).map_err(bad)?;
        check_seat(&state, i128::from(self.seat.0))?;
        if state.view(Viewer::Seat(self.seat)) != *view {
            return Err(bad(format!("not a view {} could see", self.seat)));
        }
        Ok(state)
    }

    /// Its action in `state` and the action's index, if the encoding has one.
    fn choose(&mut self, state: &G) -> PyResult<(G::Action, Option<usize>)> {
        let mut legal = Vec::new();
        state.legal_actions(&mut legal);
        if state.actor().seat() != Some(self.seat) || legal.is_empty() {
            return Err(illegal(format!(
                "it is not {}'s turn in this position",
                self.seat
            )));
        }
        let action = self
            .planner
            .choose(&state.view(Viewer::Seat(self.seat)), &legal);
        let index = state.encode(&action);
        Ok((action, index))
    }

    /// Its action for a State or a view dict of its seat, on its turn.
    fn decide(&mut self, position: &Bound<'_, PyAny>) -> PyResult<(G::Action, Option<usize>)> {
        if let Some(class) = self.follow_state(position)? {
            return self.choose(&class.as_ref().state);
        }
        let view: G::View = from_py(position)
            .map_err(|e| PyValueError::new_err(format!("not a State or a view: {e}")))?;
        let state = self.state_behind(&view)?;
        self.choose(&state)
    }
}

/// A bot of either game, as the one Python class holds it.
pub trait AnyBot: Send {
    fn name(&self) -> &str;
    fn act(&mut self, position: &Bound<'_, PyAny>) -> PyResult<String>;
    fn act_index(&mut self, position: &Bound<'_, PyAny>) -> PyResult<usize>;
    fn observe(&mut self, shown: &Bound<'_, PyAny>) -> PyResult<()>;
    fn reset(&mut self, seed: u64);
}

impl<G: PyGame> AnyBot for SeatBot<G> {
    fn name(&self) -> &str {
        self.planner.name()
    }

    fn act(&mut self, position: &Bound<'_, PyAny>) -> PyResult<String> {
        Ok(self.decide(position)?.0.to_string())
    }

    fn act_index(&mut self, position: &Bound<'_, PyAny>) -> PyResult<usize> {
        let (action, index) = self.decide(position)?;
        index.ok_or_else(|| illegal(format!("{action} has no index in the encoding")))
    }

    fn observe(&mut self, shown: &Bound<'_, PyAny>) -> PyResult<()> {
        if self.follow_state(shown)?.is_some() {
            return Ok(());
        }
        let events: Vec<G::Event> = if shown.is_instance_of::<PyDict>() {
            from_py(shown).map(|e| vec![e])
        } else {
            from_py(shown)
        }
        .map_err(|e| PyValueError::new_err(format!("not a State or event dicts: {e}")))?;
        for event in &events {
            self.take_in(event);
        }
        self.seen = Seen::Events;
        Ok(())
    }

    fn reset(&mut self, seed: u64) {
        self.seed = seed;
        self.start_over();
    }
}

/// The thinking budget asked for: `rollouts` or `budget_ms`, or the bot's own.
fn budget(rollouts: Option<Int>, budget_ms: Option<Int>) -> PyResult<Budget> {
    let rollouts = rollouts
        .map(|n| {
            n.within::<u32>(
                "rollouts",
                "from 1 to 2**32 - 1 (leave it out for the standard budget)",
            )
        })
        .transpose()?;
    let budget_ms = budget_ms
        .map(|ms| ms.within::<u64>("budget_ms", "from 0 to 2**64 - 1 milliseconds"))
        .transpose()?;
    match (rollouts, budget_ms) {
        (Some(_), Some(_)) => Err(PyValueError::new_err(
            "give the search bot rollouts or budget_ms, not both",
        )),
        (Some(0), None) => Err(PyValueError::new_err(
            "rollouts must be at least 1 (leave it out for the standard budget)",
        )),
        (Some(n), None) => Ok(Budget::Rollouts(n)),
        (None, Some(ms)) => Ok(Budget::Millis(ms)),
        (None, None) => Ok(Budget::Standard),
    }
}

/// A built-in bot playing one seat of either game. See `docs/python.md`.
#[pyclass(module = "tabletop._tabletop")]
pub struct Bot {
    bot: Mutex<Box<dyn AnyBot>>,
}

impl Bot {
    fn bot(&mut self) -> PyResult<&mut Box<dyn AnyBot>> {
        self.bot
            .get_mut()
            .map_err(|_| PyValueError::new_err("bot poisoned"))
    }
}

#[pymethods]
impl Bot {
    #[new]
    #[pyo3(signature = (game, name, seat, seed = Int(0), budget_ms = None, rollouts = None))]
    fn new(
        game: &str,
        name: &str,
        seat: Int,
        seed: Int,
        budget_ms: Option<Int>,
        rollouts: Option<Int>,
    ) -> PyResult<Self> {
        let budget = budget(rollouts, budget_ms)?;
        let seed = seed.seed()?;
        let bot = with_game!(game, G => {
            SeatBot::<G>::new(name, seat.0, seed, budget).map(|b| Box::new(b) as Box<dyn AnyBot>)
        })?;
        Ok(Bot {
            bot: Mutex::new(bot),
        })
    }

    /// The bot's action (text form) for a State, or a view dict of its seat, on its turn.
    fn act(&mut self, position: &Bound<'_, PyAny>) -> PyResult<String> {
        self.bot()?.act(position)
    }

    /// The bot's action as an index.
    fn act_index(&mut self, position: &Bound<'_, PyAny>) -> PyResult<usize> {
        self.bot()?.act_index(position)
    }

    /// Shows the bot a State's history (what it has not seen yet) or event dicts.
    fn observe(&mut self, shown: &Bound<'_, PyAny>) -> PyResult<()> {
        self.bot()?.observe(shown)
    }

    /// Starts a new game: a fresh bot seeded `seed`, that has seen nothing.
    fn reset(&mut self, seed: Int) -> PyResult<()> {
        let seed = seed.seed()?;
        self.bot()?.reset(seed);
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
