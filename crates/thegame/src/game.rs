//! [`engine::Game`] for [`State`].
//!
//! A seat of The Game remembers nothing beyond its view (`Memory = ()`): the view holds its
//! hand, the table, every played card, the hand sizes and the signals, which is all any seat
//! may know. Within a turn the active seat's next view is fixed by its own play or signal (no
//! card is drawn before `end`), so whole-turn plans can be handed out one action at a time
//! ([`Game::predict_view`]); a play is the step a player may take back.

use crate::{Action, Event, Outcome, RuleError, Setup, SetupError, State, View};
use engine::{Actor, Game, Seat, Viewer};

impl Game for State {
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Outcome = Outcome;
    type SetupError = SetupError;
    type RuleError = RuleError;
    type Memory = ();
    type SampleError = SetupError;

    const NAME: &'static str = "thegame";

    fn new(setup: Setup) -> Result<State, SetupError> {
        State::new(setup)
    }

    fn seats(&self) -> usize {
        usize::from(self.players())
    }

    fn actor(&self) -> Actor {
        State::actor(self)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        State::legal_actions(self, out);
    }

    fn is_legal(&self, action: &Action) -> bool {
        State::is_legal(self, action)
    }

    fn apply_as(&mut self, seat: Seat, action: &Action) -> Result<Vec<Event>, RuleError> {
        State::apply_as(self, seat, action)
    }

    fn apply_quiet(&mut self, seat: Seat, action: &Action) -> Result<(), RuleError> {
        State::apply_quiet(self, seat, action)
    }

    fn view(&self, viewer: Viewer) -> View {
        State::view(self, viewer)
    }

    fn redact(event: &Event, viewer: Viewer) -> Option<Event> {
        Some(event.redacted_for(match viewer {
            Viewer::Seat(s) => Some(s),
            Viewer::Spectator => None,
        }))
    }

    fn outcome(&self) -> Option<Outcome> {
        State::outcome(self)
    }

    fn determinize<R: rand_core::RngCore + ?Sized>(
        view: &View,
        _memory: &(),
        rng: &mut R,
    ) -> Result<State, SetupError> {
        State::determinize(view, rng)
    }

    fn predict_view(view: &View, action: &Action) -> Option<View> {
        let mut next = *view;
        let me = view.current.index();
        match *action {
            Action::Play { card, pile } => {
                next.hand.remove(card);
                next.played.insert(card);
                next.tops[pile.index()] = card.get();
                next.played_this_turn = next.played_this_turn.saturating_add(1);
                if let Some(size) = next.hand_sizes.get_mut(me) {
                    *size = size.saturating_sub(1);
                }
            }
            Action::Signal { pile, signal } => {
                if let Some(row) = next.signals.get_mut(me) {
                    row[pile.index()] = Some(signal);
                }
            }
            Action::EndTurn => return None,
        }
        Some(next)
    }

    /// A play, which never draws (cards are drawn at `end`).
    fn undoable(action: &Action, events: &[Event]) -> bool {
        matches!(action, Action::Play { .. })
            && events.iter().all(|e| matches!(e, Event::Played { .. }))
    }
}
