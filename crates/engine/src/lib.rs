//! The game-agnostic contract of Tabletop.
//!
//! Every rules crate (`powergrid`, `thegame`) implements [`Game`]: a deterministic state machine
//! built from a validated setup and a seed, driven by actions, producing events. Bots implement
//! [`Bot`] and see only what their seat may see. The server and the CLI are written against these
//! traits, so they never depend on a game's internals.
//!
//! Design decisions:
//! - Randomness lives inside the game state (a seeded RNG), so a game replays exactly from
//!   `(setup, actions)`. There is no separate "chance player".
//! - `apply_as` names the seat that acts. Most actions belong to the seat returned by
//!   [`Game::actor`]; a game may accept some actions from any seat at any time (The Game's
//!   signals). The game, not the caller, decides.
//! - What a seat may see is decided by the game in one place: [`Game::view`] for the state and
//!   [`Game::redact`] for events. Servers and logs must pass everything through these two.
//! - A bot plans one or more actions from its seat's view ([`Bot::plan`]): The Game's bots plan
//!   whole turns (one view per turn), Power Grid's one action. Callers that need one action at
//!   a time wrap the bot in a [`Planner`]. What a seat may remember beyond its view is the
//!   game's [`Game::Memory`]; [`Game::determinize`] draws a full state consistent with both.

pub mod record;

pub use record::{Record, RecordError, ReplayError, Step, RECORD_FORMAT};

use serde::{Deserialize, Serialize};
use std::fmt;

/// A player's place at the table, counted from 0.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat number as an index into per-seat arrays.
    pub fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0)
    }
}

/// The seed of a game's random number generator: the same setup and seed give the same game.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize,
)]
#[serde(transparent)]
pub struct Seed(pub u64);

/// Who must act next.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", content = "seat", rename_all = "snake_case")]
pub enum Actor {
    /// This seat must choose an action.
    Seat(Seat),
    /// The game is over.
    Terminal,
}

impl Actor {
    /// The seat that must act, if the game is not over.
    pub fn seat(self) -> Option<Seat> {
        match self {
            Actor::Seat(s) => Some(s),
            Actor::Terminal => None,
        }
    }
}

/// Who is looking at the game: a seat sees its own secrets, a spectator sees only public facts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", content = "seat", rename_all = "snake_case")]
pub enum Viewer {
    /// The player at this seat.
    Seat(Seat),
    /// Someone who plays no seat: sees what every player may see.
    Spectator,
}

/// A rules engine for one game: the one place where a game plugs into every layer (bots,
/// simulations, records, the bot protocol, Python and the server).
///
/// Implementations are pure: no I/O, no clocks, no global randomness. `apply_as` either applies
/// the action and returns what happened, or returns an error and leaves the state untouched.
pub trait Game: Clone + Send + Sync + 'static {
    /// What a game starts from; validated by [`Game::new`].
    type Setup: Clone + fmt::Debug + Serialize + for<'de> Deserialize<'de> + Send + Sync;
    /// A player's move, with a compact text form (`Display` and `FromStr`, round-tripping).
    type Action: Clone
        + fmt::Debug
        + fmt::Display
        + std::str::FromStr<Err: fmt::Display>
        + PartialEq
        + Serialize
        + for<'de> Deserialize<'de>
        + Send
        + Sync;
    /// Something that happened, for logs and clients.
    type Event: Clone
        + fmt::Debug
        + fmt::Display
        + Serialize
        + for<'de> Deserialize<'de>
        + Send
        + Sync;
    /// What one viewer may know of the state.
    type View: Clone + fmt::Debug + PartialEq + Serialize + Send + Sync;
    /// The result of a finished game.
    type Outcome: Clone + fmt::Debug + Serialize + Send + Sync;
    /// Why a setup was refused.
    type SetupError: std::error::Error + Send + Sync + 'static;
    /// Why an action was refused.
    type RuleError: std::error::Error + Send + Sync + 'static;
    /// What a seat may remember of the events it has seen beyond what its current view shows
    /// (Power Grid: everyone's money and the plants put under the Step 3 card; The Game: nothing,
    /// `()`). Built with [`Game::remember`], used by [`Game::determinize`].
    type Memory: Clone + fmt::Debug + Default + Send + Sync;
    /// Why no state fits a view and a memory.
    type SampleError: std::error::Error + Send + Sync + 'static;

    /// A short stable name used in URLs, files and the CLI (`"powergrid"`, `"thegame"`).
    const NAME: &'static str;

    /// Validates a setup and deals the game.
    ///
    /// # Errors
    /// Every field of the setup that is wrong, at once.
    fn new(setup: Self::Setup) -> Result<Self, Self::SetupError>;
    /// How many seats play.
    fn seats(&self) -> usize;
    /// Who must act now.
    fn actor(&self) -> Actor;
    /// Appends every legal action of the current actor to `out` (cleared first), sorted.
    fn legal_actions(&self, out: &mut Vec<Self::Action>);
    /// Whether the current actor may take `action` now. Agrees with `legal_actions`.
    fn is_legal(&self, action: &Self::Action) -> bool;
    /// Applies `action` as taken by `seat`.
    ///
    /// # Errors
    /// The rule that forbids it; the state is then unchanged.
    fn apply_as(
        &mut self,
        seat: Seat,
        action: &Self::Action,
    ) -> Result<Vec<Self::Event>, Self::RuleError>;
    /// Like [`Game::apply_as`] without building events: the path for simulations and search.
    /// The default builds them and drops them; rules crates override it with their quiet path.
    ///
    /// # Errors
    /// The rule that forbids it; the state is then unchanged.
    fn apply_quiet(&mut self, seat: Seat, action: &Self::Action) -> Result<(), Self::RuleError> {
        self.apply_as(seat, action).map(drop)
    }
    /// What `viewer` may know of the state, and nothing more.
    fn view(&self, viewer: Viewer) -> Self::View;
    /// [`Game::view`] written over `out`, which then equals `self.view(viewer)` whatever it
    /// held. A game whose view holds lists may keep their memory, so that a game loop or a
    /// bot's rollouts, writing each move's view over the last, allocate nothing per move. By
    /// default a fresh view replaces `out`.
    fn view_into(&self, viewer: Viewer, out: &mut Self::View) {
        *out = self.view(viewer);
    }
    /// What `viewer` may see of an event: the event itself, a redacted copy, or nothing.
    fn redact(event: &Self::Event, viewer: Viewer) -> Option<Self::Event>;
    /// The result, once the game is over.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// Adds to a seat's memory what `event` (as [`Game::redact`] gave it to that seat) tells.
    /// Default: a game whose views show all a seat may know remembers nothing.
    fn remember(_memory: &mut Self::Memory, _event: &Self::Event) {}
    /// A full state consistent with `view` and what its seat remembers (`memory`), the hidden
    /// parts drawn with `rng`: the determinization step of search bots (OpenSpiel's
    /// `ResampleFromInfostate`). Nothing the view's seat may not know influences the result.
    ///
    /// # Errors
    /// A spectator's view, or a view and memory no state of this game could produce.
    fn determinize<R: rand_core::RngCore + ?Sized>(
        view: &Self::View,
        memory: &Self::Memory,
        rng: &mut R,
    ) -> Result<Self, Self::SampleError>;
    /// The view a seat will have right after its own `action` in `view`, where the rules fix it
    /// (nothing drawn or revealed, the same seat still to act); `None` otherwise. Lets a bot's
    /// multi-action plan be handed out one action at a time ([`Planner`]). Default: `None`.
    fn predict_view(_view: &Self::View, _action: &Self::Action) -> Option<Self::View> {
        None
    }
    /// The round the game is in, for a game whose rules set no limit on its length (Power
    /// Grid: players who never build never end it); `None`, the default, for a game that
    /// always ends. Hosts stop a game past [`ROUND_CAP`] ([`Game::past_round_cap`]).
    fn round(&self) -> Option<u32> {
        None
    }
    /// Whether the game has passed [`ROUND_CAP`] without ending: every host (simulations, the
    /// bot protocol, the server) then stops it unfinished, a win for no one.
    fn past_round_cap(&self) -> bool {
        self.round().is_some_and(|r| r > ROUND_CAP)
    }
    /// Whether a player may take back `action`, which caused `events`, within their own turn:
    /// only steps that reveal and draw nothing. Default: no step may be taken back.
    fn undoable(_action: &Self::Action, _events: &[Self::Event]) -> bool {
        false
    }
}

/// The last round a host lets a game reach ([`Game::round`]): far above any game played to win
/// (a Power Grid game between bots lasts about 11 rounds), so only a game that cannot end is
/// stopped.
pub const ROUND_CAP: u32 = 1000;

/// The legal actions of one decision, as a bot receives them: given as a list, or computed
/// from the game on first use, so a bot that finds its moves in its view (The Game's) costs no
/// list. It holds no way to reach the state it comes from.
pub struct Legal<'a, G: Game> {
    given: Option<&'a [G::Action]>,
    state: Option<&'a G>,
    /// The buffer the list is computed into (reused from decision to decision).
    spare: std::cell::Cell<Vec<G::Action>>,
    computed: std::cell::OnceCell<Vec<G::Action>>,
}

impl<'a, G: Game> Legal<'a, G> {
    /// The list `actions` (sorted, as [`Game::legal_actions`] gives it).
    pub fn given(actions: &'a [G::Action]) -> Legal<'a, G> {
        Legal {
            given: Some(actions),
            state: None,
            spare: std::cell::Cell::new(Vec::new()),
            computed: std::cell::OnceCell::new(),
        }
    }

    /// The legal actions of `state`'s current actor, computed when first asked for.
    pub fn of(state: &'a G) -> Legal<'a, G> {
        Legal::reusing(state, Vec::new())
    }

    /// As [`Legal::of`], computed into `buffer` (a game loop's, handed back by
    /// [`Legal::into_buffer`]) so that no decision allocates.
    pub fn reusing(state: &'a G, buffer: Vec<G::Action>) -> Legal<'a, G> {
        Legal {
            given: None,
            state: Some(state),
            spare: std::cell::Cell::new(buffer),
            computed: std::cell::OnceCell::new(),
        }
    }

    /// The actions, sorted.
    pub fn actions(&self) -> &[G::Action] {
        if let Some(given) = self.given {
            return given;
        }
        self.computed.get_or_init(|| {
            let mut out = self.spare.take();
            if let Some(state) = self.state {
                state.legal_actions(&mut out);
            }
            out
        })
    }

    /// Whether `action` is one of them.
    pub fn contains(&self, action: &G::Action) -> bool {
        self.actions().contains(action)
    }

    /// The buffer given to [`Legal::reusing`], for the next decision.
    pub fn into_buffer(self) -> Vec<G::Action> {
        self.computed
            .into_inner()
            .unwrap_or_else(|| self.spare.into_inner())
    }
}

/// A player program for any game. It sees only its seat's view and the events its seat may
/// see (already redacted by [`Game::redact`]), and never the state.
pub trait Bot<G: Game>: Send {
    /// A short name for tables and logs.
    fn name(&self) -> &str;
    /// Called when its seat must act: appends to `out` (empty on entry) its next actions, at
    /// least one, legal one after the other, and all its seat's (a whole turn of The Game, one
    /// action of Power Grid). `legal` lists the first decision's legal actions.
    fn plan(&mut self, view: &G::View, legal: &Legal<'_, G>, out: &mut Vec<G::Action>);
    /// Sees an event, already redacted for this bot's seat. Default: ignores it.
    fn observe(&mut self, _event: &G::Event) {}
    /// Prepares for a new game, reseeding any randomness so that results do not depend on the
    /// games a bot played before: a bot reset with `seed` plays exactly as one newly built with
    /// `seed` (runners build a bot once and reset it for every game). Default: nothing to do,
    /// for bots that keep nothing from game to game.
    fn reset(&mut self, _seed: u64) {}
}

/// A boxed bot is a bot, so runners take either (`&mut [Box<dyn Bot<G>>]` or their own seat
/// types).
impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for Box<B> {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn plan(&mut self, view: &G::View, legal: &Legal<'_, G>, out: &mut Vec<G::Action>) {
        (**self).plan(view, legal, out);
    }

    fn observe(&mut self, event: &G::Event) {
        (**self).observe(event);
    }

    fn reset(&mut self, seed: u64) {
        (**self).reset(seed);
    }
}

/// A [`Bot`] asked for one action at a time (the server, the bot protocol, Python): it plans
/// when asked, then hands out the planned actions one by one while each view is the one the
/// plan expects ([`Game::predict_view`]); anything else (another seat's signal, an undo) is
/// planned afresh.
pub struct Planner<G: Game> {
    bot: Box<dyn Bot<G>>,
    /// The rest of the plan, next action first.
    pending: std::collections::VecDeque<G::Action>,
    /// The view the next pending action was planned for.
    expect: Option<G::View>,
    plan: Vec<G::Action>,
}

impl<G: Game> Planner<G> {
    /// Asks `bot` for one action at a time.
    pub fn new(bot: Box<dyn Bot<G>>) -> Planner<G> {
        Planner {
            bot,
            pending: std::collections::VecDeque::new(),
            expect: None,
            plan: Vec::new(),
        }
    }

    /// The bot's name.
    pub fn name(&self) -> &str {
        self.bot.name()
    }

    /// The bot's next action for `view`, one of `legal`: the next planned action when it is
    /// legal, otherwise the first of `legal`.
    ///
    /// # Panics
    /// If `legal` is empty: a seat that must act always has a legal action (every game's
    /// conformance tests check it), so callers ask only then.
    pub fn choose(&mut self, view: &G::View, legal: &[G::Action]) -> G::Action {
        if self.expect.as_ref() != Some(view) || self.pending.is_empty() {
            self.plan.clear();
            self.bot.plan(view, &Legal::given(legal), &mut self.plan);
            self.pending.clear();
            self.pending.extend(self.plan.drain(..));
        }
        let planned = self.pending.pop_front();
        self.expect = planned.as_ref().and_then(|a| G::predict_view(view, a));
        match planned {
            Some(action) if legal.contains(&action) => action,
            _ => {
                self.pending.clear();
                self.expect = None;
                legal[0].clone()
            }
        }
    }

    /// Passes an event to the bot.
    pub fn observe(&mut self, event: &G::Event) {
        self.bot.observe(event);
    }

    /// Reseeds the bot for a new game and forgets the plan.
    pub fn reset(&mut self, seed: u64) {
        self.bot.reset(seed);
        self.pending.clear();
        self.expect = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seat_actor_viewer_json_forms() {
        assert_eq!(serde_json::to_string(&Seat(3)).unwrap(), "3");
        assert_eq!(
            serde_json::to_string(&Actor::Seat(Seat(2))).unwrap(),
            r#"{"type":"seat","seat":2}"#
        );
        assert_eq!(
            serde_json::to_string(&Actor::Terminal).unwrap(),
            r#"{"type":"terminal"}"#
        );
        let v: Viewer = serde_json::from_str(r#"{"type":"spectator"}"#).unwrap();
        assert_eq!(v, Viewer::Spectator);
        assert_eq!(Actor::Seat(Seat(2)).seat(), Some(Seat(2)));
        assert_eq!(Actor::Terminal.seat(), None);
    }
}
