//! Player actions: small, repeatable steps, each with a JSON form and a short text form.
//!
//! Decisions:
//! - One action is one decision: open an auction, raise, pass, discard, buy some units of one
//!   resource, build in one city, run a set of plants, end one's turn (`done`). A player who can
//!   only drop out of an auction still says `pass`, so a recorded game lists every decision.
//! - `Pass` means "decline to open an auction for the rest of this phase" when no auction runs, and
//!   "drop out of this auction" while one runs; `Done` ends buying (phase 3) or building (phase 4).
//! - `Discard::keep_coal` is present exactly when discarding leaves a choice between keeping coal
//!   or oil (hybrid storage); it is the number of coal tokens kept, oil fills the rest of the room.
//! - `Power::hybrid_coal` is the coal burned by the chosen hybrid plants; their remaining need is
//!   oil. It must be 0 when no hybrid runs. So each legal decision has exactly one spelling, and
//!   `legal_actions` lists exactly what `is_legal` accepts.
//! - The derived order (variant, then fields) is the order `legal_actions` returns.
//!
//! Text forms: `auction 12 15`, `bid 19`, `pass`, `discard 4`, `discard 5 keep-coal 2`,
//! `buy coal 3`, `build berlin`, `power 4+7`, `power 5+12 coal 1`, `power none`, `done`.

use crate::map::CityId;
use crate::plants::{PlantId, PlantSet};
use crate::resources::Resource;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A player's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Phase 2: put a plant of the current market up for auction with an opening bid.
    StartAuction {
        /// The plant offered.
        plant: PlantId,
        /// The opening bid, at least the plant's number.
        bid: u32,
    },
    /// Phase 2: outbid the running auction.
    Bid {
        /// The new highest bid.
        amount: u32,
    },
    /// Phase 2: drop out of the running auction, or buy no plant this round.
    Pass,
    /// Phase 2: give up a plant after buying one too many.
    Discard {
        /// The plant given up (not the one just bought).
        plant: PlantId,
        /// Coal tokens kept when the remaining storage forces a choice between coal and oil.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        keep_coal: Option<u8>,
    },
    /// Phase 3: buy the cheapest `amount` tokens of a resource.
    Buy {
        /// Which resource.
        resource: Resource,
        /// How many tokens.
        amount: u8,
    },
    /// Phase 4: build a house in a city.
    Build {
        /// The city.
        city: CityId,
    },
    /// Phase 5: run these plants (possibly none) and earn.
    Power {
        /// The plants run.
        plants: PlantSet,
        /// Coal burned by the hybrid plants run; the rest of their need is oil.
        #[serde(default)]
        hybrid_coal: u8,
    },
    /// Phases 3 and 4: end one's turn.
    Done,
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::StartAuction { plant, bid } => write!(f, "auction {plant} {bid}"),
            Action::Bid { amount } => write!(f, "bid {amount}"),
            Action::Pass => f.write_str("pass"),
            Action::Discard {
                plant,
                keep_coal: None,
            } => write!(f, "discard {plant}"),
            Action::Discard {
                plant,
                keep_coal: Some(k),
            } => write!(f, "discard {plant} keep-coal {k}"),
            Action::Buy { resource, amount } => write!(f, "buy {resource} {amount}"),
            Action::Build { city } => write!(f, "build {city}"),
            Action::Power {
                plants,
                hybrid_coal: 0,
            } => write!(f, "power {plants}"),
            Action::Power {
                plants,
                hybrid_coal,
            } => write!(f, "power {plants} coal {hybrid_coal}"),
            Action::Done => f.write_str("done"),
        }
    }
}

/// Why a text action could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read action {text:?}: {reason}")]
pub struct ParseActionError {
    /// The text given.
    pub text: String,
    /// What was wrong.
    pub reason: String,
}

impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let fail = |reason: String| ParseActionError {
            text: s.to_string(),
            reason,
        };
        let words: Vec<&str> = s.split_whitespace().collect();
        let num = |w: &str, what: &str| -> Result<u32, ParseActionError> {
            w.parse::<u32>()
                .map_err(|_| fail(format!("{what} must be a whole number, got {w:?}")))
        };
        let small = |w: &str, what: &str| -> Result<u8, ParseActionError> {
            let n = num(w, what)?;
            u8::try_from(n).map_err(|_| fail(format!("{what} {n} is too large")))
        };
        let action = match words.as_slice() {
            ["auction", plant, bid] => Action::StartAuction {
                plant: PlantId(small(plant, "plant")?),
                bid: num(bid, "bid")?,
            },
            ["bid", amount] => Action::Bid {
                amount: num(amount, "bid")?,
            },
            ["pass"] => Action::Pass,
            ["discard", plant] => Action::Discard {
                plant: PlantId(small(plant, "plant")?),
                keep_coal: None,
            },
            ["discard", plant, "keep-coal", k] => Action::Discard {
                plant: PlantId(small(plant, "plant")?),
                keep_coal: Some(small(k, "coal kept")?),
            },
            ["buy", resource, amount] => Action::Buy {
                resource: resource.parse().map_err(fail)?,
                amount: small(amount, "amount")?,
            },
            ["build", city] => Action::Build {
                city: city.parse().map_err(fail)?,
            },
            ["power", plants] => Action::Power {
                plants: parse_plants(plants).map_err(fail)?,
                hybrid_coal: 0,
            },
            ["power", plants, "coal", k] => Action::Power {
                plants: parse_plants(plants).map_err(fail)?,
                hybrid_coal: small(k, "hybrid coal")?,
            },
            ["done"] => Action::Done,
            _ => return Err(fail(
                "expected one of: auction PLANT BID, bid N, pass, discard PLANT [keep-coal N], \
                     buy RESOURCE N, build CITY, power PLANT+PLANT|none [coal N], done"
                    .to_string(),
            )),
        };
        Ok(action)
    }
}

fn parse_plants(s: &str) -> Result<PlantSet, String> {
    if s == "none" {
        return Ok(PlantSet::EMPTY);
    }
    let mut plants = Vec::new();
    for part in s.split('+') {
        let n: u8 = part
            .parse()
            .map_err(|_| format!("plant list must look like 4+12 or none, got {s:?}"))?;
        plants.push(PlantId(n));
    }
    PlantSet::try_from_plants(&plants)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_and_json_forms_round_trip() {
        let berlin = CityId::from_key("berlin").unwrap();
        let actions = [
            Action::StartAuction {
                plant: PlantId(12),
                bid: 15,
            },
            Action::Bid { amount: 19 },
            Action::Pass,
            Action::Discard {
                plant: PlantId(4),
                keep_coal: None,
            },
            Action::Discard {
                plant: PlantId(5),
                keep_coal: Some(2),
            },
            Action::Buy {
                resource: Resource::Garbage,
                amount: 3,
            },
            Action::Build { city: berlin },
            Action::Power {
                plants: PlantSet::EMPTY,
                hybrid_coal: 0,
            },
            Action::Power {
                plants: [PlantId(5), PlantId(12)].into_iter().collect(),
                hybrid_coal: 1,
            },
            Action::Done,
        ];
        for a in actions {
            let text = a.to_string();
            assert_eq!(text.parse::<Action>().unwrap(), a, "{text}");
            let json = serde_json::to_string(&a).unwrap();
            assert_eq!(serde_json::from_str::<Action>(&json).unwrap(), a, "{json}");
        }
        assert_eq!(
            serde_json::to_string(&Action::Build { city: berlin }).unwrap(),
            r#"{"type":"build","city":"berlin"}"#
        );
        assert!("bid lots".parse::<Action>().is_err());
        assert!("build atlantis".parse::<Action>().is_err());
        assert!("auction 300 4".parse::<Action>().is_err());
        // A field the action does not have is refused, not ignored.
        let err =
            serde_json::from_str::<Action>(r#"{"type":"bid","amount":5,"foo":"bar"}"#).unwrap_err();
        assert!(err.to_string().contains("unknown field `foo`"), "{err}");
    }
}
