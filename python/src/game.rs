//! What the package needs of a game, and what is each game's own.
//!
//! Everything generic goes through the engine contract ([`engine::Game`]), the encodings for
//! learning ([`rl::Encoded`]) and the bot registry ([`bots::Registered`]). [`PyGame`] adds
//! only what differs by game: how the whole state is saved as JSON (The Game writes its
//! `Position`, Power Grid its `State`), what a seat remembers as far as the state itself
//! tells (for a state read without its history), how a search bot's budget is configured,
//! how `VecEnv`'s keywords deal a game, and which Python class holds its states.

use crate::state::Recorded;
use crate::SetupError;
use bots::Registered;
use engine::Seat;
use pyo3::PyClass;
use pyo3::PyResult;
use rl::Encoded;
use serde::de::DeserializeOwned;
use std::fmt::Display;
use std::str::FromStr;

/// Deals a game from a seed (what a `VecEnv` slot deals each game with).
pub type Dealer<G> = Box<dyn Fn(u64) -> G + Send + Sync>;

/// Runs `$body` (a `PyResult`) with `$G` the game named by `$game`, or refuses the name.
macro_rules! with_game {
    ($game:expr, $G:ident => $body:expr) => {
        match $game {
            "thegame" => {
                type $G = thegame::State;
                $body
            }
            "powergrid" => {
                type $G = powergrid::State;
                $body
            }
            #[cfg(feature = "highcard")]
            "highcard" => {
                type $G = highcard::HighCard;
                $body
            }
            other => Err(pyo3::exceptions::PyValueError::new_err(format!(
                "unknown game {other:?}: \"thegame\" or \"powergrid\""
            ))),
        }
    };
}

pub(crate) use with_game;

/// How long a search bot thinks per decision, as Python asks for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Budget {
    /// The registered bot's own budget.
    Standard,
    /// Exactly this many rollouts (playouts), the same on any machine.
    Rollouts(u32),
    /// About this many milliseconds of wall time.
    Millis(u64),
}

/// A game the package serves: the contract, the encodings for learning and the registered
/// bots, plus what is truly each game's own (see the module docs).
pub trait PyGame:
    Encoded<Action: FromStr<Err: Display>, View: DeserializeOwned> + Registered + PartialEq
{
    /// The Python class of its states.
    type Class: PyClass + AsRef<Recorded<Self>>;
    /// The whole state (hidden parts included) as JSON.
    ///
    /// # Errors
    /// The serializer's, which the engines' forms never give.
    fn save(&self) -> serde_json::Result<String>;
    /// A state read from what [`PyGame::save`] wrote.
    ///
    /// # Errors
    /// Text that is not such a state, or a state the engine refuses.
    fn load(json: &str) -> Result<Self, String>;
    /// What `seat` remembers of the events before this state, as far as the state tells: the
    /// memory of a state read without its history.
    fn recall(&self, seat: Seat) -> Self::Memory;
    /// The configuration that gives its search bots `budget`.
    fn bot_config(budget: Budget) -> Self::Config;
    /// The player count `VecEnv` deals (`players`, or the game's default) and its dealer;
    /// `map` and `public_money` are given only when the caller set them.
    ///
    /// # Errors
    /// A setup the engine refuses, or an option the game does not have.
    fn dealer(
        players: Option<u8>,
        map: Option<&str>,
        public_money: Option<bool>,
    ) -> PyResult<(u8, Dealer<Self>)>;
}

/// Refuses the Power Grid options `map` and `public_money` for a game without them.
fn no_option(game: &str, map: Option<&str>, public_money: Option<bool>) -> PyResult<()> {
    let given: Vec<&str> = [
        ("map", map.is_some()),
        ("public_money", public_money.is_some()),
    ]
    .into_iter()
    .filter_map(|(name, set)| set.then_some(name))
    .collect();
    if given.is_empty() {
        return Ok(());
    }
    Err(pyo3::exceptions::PyValueError::new_err(format!(
        "{game} has no option {}: map and public_money are Power Grid's",
        given.join(" or ")
    )))
}

impl PyGame for thegame::State {
    type Class = crate::TheGameState;
    fn save(&self) -> serde_json::Result<String> {
        serde_json::to_string(&self.position())
    }
    fn load(json: &str) -> Result<Self, String> {
        let position: thegame::Position = serde_json::from_str(json).map_err(|e| e.to_string())?;
        thegame::State::from_position(position).map_err(|e| e.to_string())
    }
    /// Nothing: a view of The Game shows all a seat may know.
    fn recall(&self, _: Seat) {}
    fn bot_config(budget: Budget) -> bots::thegame::Config {
        use bots::thegame::Budget as B;
        let budget = match budget {
            Budget::Standard => B::Standard,
            Budget::Rollouts(n) => B::Playouts(n),
            Budget::Millis(ms) => B::Millis(u32::try_from(ms).unwrap_or(u32::MAX)),
        };
        bots::thegame::Config {
            budget,
            ..Default::default()
        }
    }
    /// Two players by default; The Game has no map and no money.
    fn dealer(
        players: Option<u8>,
        map: Option<&str>,
        public_money: Option<bool>,
    ) -> PyResult<(u8, Dealer<Self>)> {
        no_option("thegame", map, public_money)?;
        let players = players.unwrap_or(2);
        thegame::State::seeded(players, 0, 0).map_err(|e| SetupError::new_err(e.to_string()))?;
        let deal = move |seed| thegame::State::seeded(players, seed, 0).expect("checked above");
        Ok((players, Box::new(deal)))
    }
}

impl PyGame for powergrid::State {
    type Class = crate::PowerGridState;
    fn save(&self) -> serde_json::Result<String> {
        serde_json::to_string(self)
    }
    fn load(json: &str) -> Result<Self, String> {
        serde_json::from_str(json).map_err(|e| e.to_string())
    }
    /// Everyone's money: every payment and income is announced, so a seat can always know it.
    /// The plants once put under the Step 3 card are not in the state.
    fn recall(&self, _: Seat) -> powergrid::Memory {
        let mut memory = powergrid::Memory::new();
        for (seat, money) in memory.money.iter_mut().enumerate().take(self.players()) {
            *money = self.money(Seat(seat as u8));
        }
        memory
    }
    fn bot_config(budget: Budget) -> bots::powergrid::Config {
        use bots::powergrid::Budget as B;
        let budget = match budget {
            Budget::Standard => B::STANDARD,
            Budget::Rollouts(n) => B::Iterations(n),
            Budget::Millis(ms) => B::Millis(ms),
        };
        bots::powergrid::Config { budget, threads: 1 }
    }
    /// Four players on Germany with hidden money by default.
    fn dealer(
        players: Option<u8>,
        map: Option<&str>,
        public_money: Option<bool>,
    ) -> PyResult<(u8, Dealer<Self>)> {
        let players = players.unwrap_or(4);
        let map = map.unwrap_or("germany");
        let public_money = public_money.unwrap_or(false);
        let map: powergrid::MapId = serde_json::from_value(serde_json::Value::from(map))
            .map_err(|e| SetupError::new_err(format!("unknown map {map:?}: {e}")))?;
        let setup = move |seed| powergrid::Setup {
            public_money,
            ..powergrid::Setup::new(players, map, seed)
        };
        powergrid::State::new(setup(0)).map_err(|e| SetupError::new_err(e.to_string()))?;
        let deal = move |seed| powergrid::State::new(setup(seed)).expect("checked above");
        Ok((players, Box::new(deal)))
    }
}

/// High Card, the workspace's test game (feature `highcard`, for the package's tests only).
#[cfg(feature = "highcard")]
impl PyGame for highcard::HighCard {
    type Class = crate::HighCardState;
    fn save(&self) -> serde_json::Result<String> {
        serde_json::to_string(self)
    }
    fn load(json: &str) -> Result<Self, String> {
        highcard::HighCard::from_json(json)
    }
    /// Every card no longer in a hand or the deck: every play is public.
    fn recall(&self, _: Seat) -> Vec<highcard::Card> {
        let mut held = Vec::new();
        for s in 0..engine::Game::seats(self) {
            held.extend_from_slice(self.hand(Seat(s as u8)));
        }
        held.extend(self.deck());
        (1..=highcard::DECK)
            .map(highcard::Card)
            .filter(|c| !held.contains(c))
            .collect()
    }
    fn bot_config(_: Budget) {}
    /// Two players by default.
    fn dealer(
        players: Option<u8>,
        map: Option<&str>,
        public_money: Option<bool>,
    ) -> PyResult<(u8, Dealer<Self>)> {
        use engine::Game;
        no_option("highcard", map, public_money)?;
        let players = players.unwrap_or(2);
        let setup = move |seed| highcard::Setup { players, seed };
        highcard::HighCard::new(setup(0)).map_err(|e| SetupError::new_err(e.to_string()))?;
        let deal = move |seed| highcard::HighCard::new(setup(seed)).expect("checked above");
        Ok((players, Box::new(deal)))
    }
}
