//! The registry of game kinds: how the server, written once over [`engine::Game`], learns about
//! each concrete game.
//!
//! Adding a game kind is one call: `registry.register::<MyGame>(Bots::new().with("name", ...))`.
//! Everything else (routes, storage, WebSocket, bots in seats) is generic. Inside, each kind is
//! erased behind the crate-private [`Kind`] trait so that routes can hold a map of kinds, while
//! each game's task stays fully typed (see `table`).

use crate::error::ApiError;
use crate::ratings::Scoring;
use crate::seats::PlayOptions;
use crate::store::StoredGame;
use crate::table::{self, GameHandle, SeatSetup, TableContext, TableSetup};
use engine::{Bot, Game, Legal, Seat, Seed};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::collections::BTreeMap;
use std::marker::PhantomData;
use std::sync::Arc;

/// Makes a bot for a seat; the seed is derived from the game's seed and the seat.
pub type MakeBot<G> = Arc<dyn Fn(Seat, Seed) -> Box<dyn Bot<G>> + Send + Sync>;

/// The bots that may play one game kind, by name.
pub struct Bots<G: Game> {
    list: Vec<(String, MakeBot<G>)>,
}

impl<G: Game> Default for Bots<G> {
    fn default() -> Self {
        Bots { list: Vec::new() }
    }
}

impl<G: Game> Bots<G> {
    /// No bots yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Adds a bot under `name` (a later bot of the same name replaces an earlier one).
    pub fn with(
        mut self,
        name: &str,
        make: impl Fn(Seat, Seed) -> Box<dyn Bot<G>> + Send + Sync + 'static,
    ) -> Self {
        self.list.retain(|(n, _)| n != name);
        self.list.push((name.to_owned(), Arc::new(make)));
        self
    }

    fn find(&self, name: &str) -> Option<&MakeBot<G>> {
        self.list.iter().find(|(n, _)| n == name).map(|(_, m)| m)
    }

    fn names(&self) -> Vec<String> {
        self.list.iter().map(|(n, _)| n.clone()).collect()
    }
}

/// A bot that plays a uniformly random legal action, from a seeded generator. Works for every
/// game; the server offers it as `"random"` for every kind it registers with
/// [`Registry::register_with_random`].
pub struct RandomBot {
    rng: ChaCha8Rng,
}

impl RandomBot {
    /// A random bot whose choices follow from `seed`.
    pub fn new(seed: Seed) -> Self {
        RandomBot {
            rng: ChaCha8Rng::seed_from_u64(seed.0),
        }
    }
}

impl<G: Game> Bot<G> for RandomBot {
    fn name(&self) -> &str {
        "random"
    }

    fn plan(&mut self, _view: &G::View, legal: &Legal<'_, G>, out: &mut Vec<G::Action>) {
        let legal = legal.actions();
        if !legal.is_empty() {
            out.push(legal[self.rng.gen_range(0..legal.len())].clone());
        }
    }
}

/// What the server lets players do around a kind's rules: which bot stands in for a human
/// seat. (Which steps a player may take back is the game's to say: [`Game::undoable`].)
#[derive(Debug, Clone, Default)]
pub struct PlayRules {
    /// The bot that plays a human seat whose time ran out or whose player left (if the kind
    /// has no bot of this name, `"random"`).
    pub stand_in: &'static str,
}

/// Every seat's hidden hand of a finished game, as the state message's `final_hands` gives it
/// (see [`Registry::register_revealing`]). Called only once the game is over.
pub type FinalHands<G> = fn(&G) -> Value;

/// What a create call's setup became once checked.
pub(crate) struct Prepared {
    /// The setup as stored: the client's, with a random seed filled in if it had none.
    pub setup: Value,
    /// Whether the server chose the seed (then it is secret: it fixes every hidden card).
    pub seed_chosen: bool,
    /// How many seats the game has.
    pub seats: usize,
}

/// One game kind, with its types erased.
pub(crate) trait Kind: Send + Sync {
    fn name(&self) -> &'static str;
    fn bot_names(&self) -> Vec<String>;
    /// Fills in a random seed if missing and validates the setup with the game's rules.
    fn prepare(&self, setup: Value) -> Result<Prepared, ApiError>;
    /// Replays a stored game and starts its task.
    fn resume(&self, game: &StoredGame, ctx: TableContext) -> Result<GameHandle, String>;
    /// Whether its finished games leave results in their players' accounts (module `ratings`).
    fn keeps_results(&self) -> bool;
    /// Whether its seats play as one team (no rating between teammates).
    fn cooperative(&self) -> bool;
}

struct Typed<G: Game> {
    bots: Arc<Bots<G>>,
    rules: PlayRules,
    final_hands: Option<FinalHands<G>>,
    scoring: Option<Scoring<G>>,
    _game: PhantomData<fn() -> G>,
}

/// The seed in a setup's JSON, if it has one.
fn setup_seed(setup: &Value) -> Option<u64> {
    setup.get("seed").and_then(Value::as_u64)
}

impl<G: Game> Kind for Typed<G> {
    fn name(&self) -> &'static str {
        G::NAME
    }

    fn bot_names(&self) -> Vec<String> {
        self.bots.names()
    }

    fn prepare(&self, mut setup: Value) -> Result<Prepared, ApiError> {
        let Some(fields) = setup.as_object_mut() else {
            return Err(ApiError::InvalidSetup(format!(
                "the setup of {} must be a JSON object",
                G::NAME
            )));
        };
        let seed_chosen = fields.get("seed").is_none_or(Value::is_null);
        if seed_chosen {
            fields.insert("seed".into(), Value::from(rand::random::<u64>() >> 11));
        }
        let typed: G::Setup = serde_json::from_value(setup.clone())
            .map_err(|e| ApiError::InvalidSetup(format!("not a {} setup: {e}", G::NAME)))?;
        let game = G::new(typed).map_err(|e| {
            // The games' own errors already open with "invalid setup: ", as this one does.
            let text = e.to_string();
            ApiError::InvalidSetup(match text.strip_prefix("invalid setup: ") {
                Some(rest) => rest.to_owned(),
                None => text,
            })
        })?;
        Ok(Prepared {
            setup,
            seed_chosen,
            seats: game.seats(),
        })
    }

    fn resume(&self, stored: &StoredGame, ctx: TableContext) -> Result<GameHandle, String> {
        let setup_json: Value =
            serde_json::from_str(&stored.setup).map_err(|e| format!("setup is not JSON: {e}"))?;
        let seed = setup_seed(&setup_json).unwrap_or(0);
        let setup: G::Setup =
            serde_json::from_value(setup_json).map_err(|e| format!("setup: {e}"))?;
        for (i, s) in stored.seats.iter().enumerate() {
            if let Some(name) = &s.bot {
                if self.bots.find(name).is_none() {
                    return Err(format!("seat {i}: unknown bot {name:?}"));
                }
            }
        }
        let options = PlayOptions::parse(&stored.options)?;
        let bots = self.bots.clone();
        let make_bot: table::BotMaker<G> = Arc::new(move |name: &str, seat: Seat| {
            let make = bots.find(name)?;
            let bot_seed = seed ^ (0x9e37_79b9_7f4a_7c15u64.wrapping_mul(seat.0 as u64 + 1));
            Some(make(seat, Seed(bot_seed)))
        });
        let stand_in = if self.bots.find(self.rules.stand_in).is_some() {
            self.rules.stand_in
        } else {
            "random"
        };
        let table = TableSetup {
            id: stored.id.clone(),
            setup,
            seats: stored
                .seats
                .iter()
                .map(|s| SeatSetup {
                    bot: s.bot.clone(),
                    name: s.name.clone(),
                })
                .collect(),
            options,
            created_at: stored.created_at,
            final_hands: self.final_hands,
            scoring: self.scoring,
            stand_in: stand_in.to_owned(),
            make_bot,
        };
        table::spawn::<G>(table, &stored.actions, ctx)
    }

    fn keeps_results(&self) -> bool {
        self.scoring.is_some()
    }

    fn cooperative(&self) -> bool {
        self.scoring.is_some_and(|s| s.cooperative)
    }
}

/// Every game kind the server offers.
#[derive(Default, Clone)]
pub struct Registry {
    kinds: BTreeMap<&'static str, Arc<dyn Kind>>,
}

impl Registry {
    /// No kinds yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Offers game kind `G` (under `G::NAME`) with these bots, nothing undoable, and
    /// `"random"` as the stand-in (see [`Registry::register_with_rules`]).
    pub fn register<G: Game>(&mut self, bots: Bots<G>) -> &mut Self {
        self.register_with_rules(bots, PlayRules::default())
    }

    /// Offers game kind `G` with these bots and these [`PlayRules`]; if the bots have none
    /// called `"random"`, [`RandomBot`] is added under that name (a stand-in always exists).
    pub fn register_with_rules<G: Game>(&mut self, bots: Bots<G>, rules: PlayRules) -> &mut Self {
        self.register_revealing(bots, rules, None)
    }

    /// As [`Registry::register_with_rules`], and once a game is over its state messages carry
    /// `final_hands(state)` as `final_hands`: hidden information is no longer hidden then (the
    /// complete record reveals it all anyway). While the game runs the function is never
    /// called, so nothing of it can leak.
    pub fn register_revealing<G: Game>(
        &mut self,
        bots: Bots<G>,
        rules: PlayRules,
        final_hands: Option<FinalHands<G>>,
    ) -> &mut Self {
        self.register_scored(bots, rules, final_hands, None)
    }

    /// As [`Registry::register_revealing`], and with `scoring` the kind's finished games
    /// leave results (and, unless cooperative, ratings) in their players' accounts, and its
    /// games may be rated (module `ratings`).
    pub fn register_scored<G: Game>(
        &mut self,
        bots: Bots<G>,
        rules: PlayRules,
        final_hands: Option<FinalHands<G>>,
        scoring: Option<Scoring<G>>,
    ) -> &mut Self {
        let bots = if bots.find("random").is_some() {
            bots
        } else {
            bots.with("random", |_, seed| Box::new(RandomBot::new(seed)))
        };
        self.kinds.insert(
            G::NAME,
            Arc::new(Typed {
                bots: Arc::new(bots),
                rules,
                final_hands,
                scoring,
                _game: PhantomData,
            }),
        );
        self
    }

    /// Offers game kind `G` with these bots and, if they have none of that name, [`RandomBot`]
    /// as `"random"`.
    pub fn register_with_random<G: Game>(&mut self, bots: Bots<G>) -> &mut Self {
        self.register_with_rules(bots, PlayRules::default())
    }

    /// The names of the kinds offered, sorted.
    pub fn names(&self) -> Vec<&'static str> {
        self.kinds.keys().copied().collect()
    }

    pub(crate) fn get(&self, name: &str) -> Result<&Arc<dyn Kind>, ApiError> {
        self.kinds.get(name).ok_or_else(|| ApiError::UnknownKind {
            name: name.to_owned(),
            known: self.names().join(", "),
        })
    }

    pub(crate) fn all(&self) -> impl Iterator<Item = &Arc<dyn Kind>> {
        self.kinds.values()
    }
}
