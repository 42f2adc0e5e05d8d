//! # Power Grid rules engine
//!
//! The complete 2004 edition of Power Grid (Funkenschlag) for 2 to 6 players on the Germany and
//! USA boards, as written in the project's rules file (`shared/rules/powergrid.md`); where that file
//! is silent the published rulebook is followed and the choice is recorded in `docs/rules-notes.md`.
//!
//! ```
//! use powergrid::{Action, MapId, Setup, State};
//!
//! let mut game = State::new(Setup::new(4, MapId::Germany, 7)).unwrap();
//! let mut legal = Vec::new();
//! game.legal_actions(&mut legal);
//! // Round 1: the first player must open an auction on plant 3, 4, 5 or 6.
//! assert!(legal.contains(&Action::StartAuction { plant: powergrid::PlantId(3), bid: 3 }));
//! assert!(!legal.contains(&Action::Pass));
//! let events = game.apply(&"auction 4 5".parse().unwrap()).unwrap();
//! assert_eq!(events[0].to_string().ends_with("offers plant 4 at 5 Elektro"), true);
//! ```
//!
//! Layout (from abstract to concrete): [`map`] (boards and the playing area), [`plants`],
//! [`resources`] (market prices and the published tables), [`tables`] (every rule number as one
//! serialisable value, and the house prices), [`action`], [`event`], [`error`], [`setup`], then
//! the state (`State`, module `state`), one module per phase of the rulebook with its check,
//! legal list and apply (`phase::auction`, `phase::resources`, `phase::building`,
//! `phase::bureaucracy`), the plant market and deck (`market`), views and outcomes (`view`), and
//! the one determinization (`sample`, `determinize`).
//!
//! Decisions that concern the whole crate:
//! - Pure rules: no I/O, no clocks, no global randomness; a game is a function of its setup, seed
//!   and actions.
//! - `apply` checks first and changes nothing on error; `play` is the event-free path for bots'
//!   rollouts; `legal_actions_limited` lists only the lowest bids, for random play.
//! - Hidden information stays in the state: views and events never carry the deck's order or the
//!   plants removed at setup, and other players' money only when the setup makes money public.

pub mod action;
mod determinize;
pub mod error;
pub mod event;
mod fixed;
mod invariants;
pub mod map;
mod market;
mod phase;
pub mod plants;
pub mod resources;
mod sample;
pub mod setup;
mod state;
pub mod tables;
mod view;

pub use action::{Action, ParseActionError};
pub use determinize::{DeterminizeError, Hidden};
pub use error::{RuleError, SetupError, SetupProblem};
pub use event::{seat_name, Event, PhaseKind, RemovalReason, Standing};
pub use map::{Board, CityId, MapId, Region, RegionSet};
pub use plants::{PlantId, PlantKind, PlantSet, PlantSpec};
pub use resources::{ByResource, Resource};
pub use sample::{unseen_plants, Memory, SampleError};
pub use setup::Setup;
pub use state::{PowerChoice, State, HOUSES, STARTING_MONEY};
pub use tables::{
    house_price, rule_tables, static_data, PlayerCountTable, RuleTables, StaticData, HOUSE_PRICES,
};
pub use view::{AuctionView, Outcome, PlayerView, View};

pub use engine::{Actor, Game, Seat, Seed, Viewer};

impl Game for State {
    type Setup = Setup;
    type Action = Action;
    type Event = Event;
    type View = View;
    type Outcome = Outcome;
    type SetupError = SetupError;
    type RuleError = RuleError;
    type Memory = Memory;
    type SampleError = SampleError;

    const NAME: &'static str = "powergrid";

    fn new(setup: Setup) -> Result<Self, SetupError> {
        State::new(setup)
    }

    fn seats(&self) -> usize {
        self.players()
    }

    fn actor(&self) -> Actor {
        State::actor(self)
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        State::legal_actions(self, out)
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

    fn view_into(&self, viewer: Viewer, out: &mut View) {
        State::view_into(self, viewer, out);
    }

    /// Every event is public (see the `event` module): this returns the event unchanged.
    fn redact(event: &Event, _viewer: Viewer) -> Option<Event> {
        Some(event.clone())
    }

    fn outcome(&self) -> Option<Outcome> {
        State::outcome(self)
    }

    fn remember(memory: &mut Memory, event: &Event) {
        memory.observe(event);
    }

    fn determinize<R: rand::RngCore + ?Sized>(
        view: &View,
        memory: &Memory,
        rng: &mut R,
    ) -> Result<State, SampleError> {
        State::determinize(view, memory, rng)
    }

    /// Resource buys, builds and a plant discard, unless they revealed something (a build that
    /// refilled the plant market, for instance, reveals a plant).
    /// The rules set no limit on rounds (`docs/rules-notes.md`).
    fn round(&self) -> Option<u32> {
        Some(u32::from(State::round(self)))
    }

    fn undoable(action: &Action, events: &[Event]) -> bool {
        matches!(
            action,
            Action::Buy { .. } | Action::Build { .. } | Action::Discard { .. }
        ) && events.iter().all(|e| {
            matches!(
                e,
                Event::ResourcesBought { .. } | Event::Built { .. } | Event::PlantDiscarded { .. }
            )
        })
    }
}
