//! What happened in a game, kept by every Python `State` so that a bot asked about a state
//! can know everything its seat has seen.
//!
//! Decisions:
//! - A history is a persistent list, newest step first: a clone of a state shares its
//!   history (one reference count), and an applied action adds one step without copying the
//!   past. States cloned for search keep their common past once.
//! - A history begins where its state began: at the deal (`new_game`) or at a state read with
//!   `from_json` (the JSON form is the engine's, without history), and says which
//!   ([`History::at_deal`]): what a seat remembers is then read from the state itself
//!   ([`crate::game::PyGame::recall`]). Pickling keeps the history.
//! - A bot remembers the step it last saw ([`History::since`]), so catching up costs the new
//!   steps only; a history that does not continue that step belongs to another game or
//!   branch.

use std::sync::Arc;

/// The events of one applied action, and the history before it.
struct Step<E> {
    events: Vec<E>,
    before: Option<Arc<Step<E>>>,
    /// Steps since the history began (0 for its beginning, which holds no events).
    depth: usize,
    /// Whether the history began at the deal.
    at_deal: bool,
}

impl<E> Drop for Step<E> {
    /// Drops a long chain one step at a time, not by recursion.
    fn drop(&mut self) {
        let mut before = self.before.take();
        while let Some(step) = before {
            match Arc::try_unwrap(step) {
                Ok(mut step) => before = step.before.take(),
                Err(_) => break,
            }
        }
    }
}

/// A game's events from where its state began to now (see the module docs).
pub struct History<E>(Arc<Step<E>>);

impl<E> Clone for History<E> {
    fn clone(&self) -> History<E> {
        History(Arc::clone(&self.0))
    }
}

impl<E> History<E> {
    /// The history of a state that begins now: dealt, or read without its past.
    pub fn begin(at_deal: bool) -> History<E> {
        History(Arc::new(Step {
            events: Vec::new(),
            before: None,
            depth: 0,
            at_deal,
        }))
    }

    /// A history of these steps (each the events of one action), oldest first.
    pub fn of(at_deal: bool, steps: impl IntoIterator<Item = Vec<E>>) -> History<E> {
        let mut history = History::begin(at_deal);
        for events in steps {
            history.push(events);
        }
        history
    }

    /// Whether the history began at the deal (not at a state read without its past).
    pub fn at_deal(&self) -> bool {
        self.0.at_deal
    }

    /// Adds the events of one action.
    pub fn push(&mut self, events: Vec<E>) {
        let before = Arc::clone(&self.0);
        self.0 = Arc::new(Step {
            events,
            depth: before.depth + 1,
            at_deal: before.at_deal,
            before: Some(before),
        });
    }

    /// The events of the last step (none at the beginning).
    pub fn last(&self) -> &[E] {
        &self.0.events
    }

    /// Every step since the beginning, oldest first (each the events of one action).
    pub fn steps(&self) -> Vec<&[E]> {
        self.back_to(0).0
    }

    /// Every event since the beginning, oldest first.
    pub fn events(&self) -> impl Iterator<Item = &E> {
        self.steps().into_iter().flatten()
    }

    /// The events since `seen`, oldest first, if this history continues it; `None` when it
    /// does not (another game, or another branch of a cloned state).
    pub fn since(&self, seen: &History<E>) -> Option<impl Iterator<Item = &E>> {
        let (steps, step) = self.back_to(seen.0.depth);
        Arc::ptr_eq(step, &seen.0).then(|| steps.into_iter().flatten())
    }

    /// The steps deeper than `depth`, oldest first, and the step where the walk back stopped
    /// (the one at `depth`, or the newest when the history is not that deep).
    fn back_to(&self, depth: usize) -> (Vec<&[E]>, &Arc<Step<E>>) {
        let mut steps = Vec::with_capacity(self.0.depth.saturating_sub(depth));
        let mut step = &self.0;
        while step.depth > depth {
            steps.push(step.events.as_slice());
            match &step.before {
                Some(before) => step = before,
                None => break,
            }
        }
        steps.reverse();
        (steps, step)
    }
}
