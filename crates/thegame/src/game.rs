//! [`engine::Game`] for [`State`].

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
}
