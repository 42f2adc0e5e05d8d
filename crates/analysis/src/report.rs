//! The analysis report: plain serde data, its JSON shape documented in `docs/analysis.md`.

use crate::{Analysed, Options};
use engine::Seat;
use serde::{Deserialize, Serialize};

/// What the second estimate of a game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Secondary {
    /// Power Grid: the seat's expected final rank (1 is first; lower is better).
    Rank,
    /// The Game: the expected cards left at the end (lower is better).
    CardsLeft,
}

impl Secondary {
    /// The worst value, for a playout that cannot be scored.
    pub fn worst(self, seats: usize) -> f64 {
        match self {
            Secondary::Rank => seats as f64,
            Secondary::CardsLeft => 98.0,
        }
    }
}

/// Where marks begin (see the crate docs for why these values).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Thresholds {
    /// A drop in the chance to win from this much is an inaccuracy.
    pub inaccuracy_win: f64,
    /// From this much, a mistake.
    pub mistake_win: f64,
    /// A worsening of the secondary estimate from this much is an inaccuracy.
    pub inaccuracy_secondary: f64,
    /// From this much, a mistake.
    pub mistake_secondary: f64,
    /// A drop is marked only when it is also more than this many standard errors.
    pub standard_errors: f64,
}

/// How a decision is judged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Mark {
    /// The estimate falls by at least the inaccuracy threshold.
    Inaccuracy,
    /// The estimate falls by at least the mistake threshold.
    Mistake,
}

impl std::fmt::Display for Mark {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
        })
    }
}

/// The estimated value of a decision.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Estimate {
    /// Power Grid: the seat's chance to win (a shared win counts its share); The Game: the
    /// team's chance to win.
    pub win: f64,
    /// Power Grid: the expected final rank (1 is first).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rank: Option<f64>,
    /// The Game: the expected cards left at the end.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cards_left: Option<f64>,
}

impl Estimate {
    pub(crate) fn new(secondary: Secondary, win: f64, value: f64) -> Estimate {
        let (rank, cards_left) = match secondary {
            Secondary::Rank => (Some(value), None),
            Secondary::CardsLeft => (None, Some(value)),
        };
        Estimate {
            win,
            rank,
            cards_left,
        }
    }

    /// The secondary estimate (rank or cards left; lower is better).
    pub fn secondary(&self) -> f64 {
        self.rank.or(self.cards_left).unwrap_or(0.0)
    }
}

/// One decision of one seat.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Decision {
    /// The index in the record of the decision's first action.
    pub index: usize,
    /// The deciding seat.
    pub seat: Seat,
    /// The actions taken (one, or a turn of The Game), in text form.
    pub taken: Vec<String>,
    /// Whether the seat had a single legal action (nothing else is filled in then).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub forced: bool,
    /// The actions taken as JSON, as a game's actions are sent to the server.
    #[serde(default)]
    pub taken_actions: Vec<serde_json::Value>,
    /// The search bot's preferred actions.
    #[serde(default)]
    pub preferred: Vec<String>,
    /// The preferred actions as JSON.
    #[serde(default)]
    pub preferred_actions: Vec<serde_json::Value>,
    /// Whether the taken and preferred actions leave the seat the same view.
    #[serde(default)]
    pub agrees: bool,
    /// The estimate of the actions taken.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub taken_estimate: Option<Estimate>,
    /// The estimate of the preferred actions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preferred_estimate: Option<Estimate>,
    /// How much the chance to win falls from the preferred actions to those taken.
    #[serde(default)]
    pub win_drop: f64,
    /// How much the secondary estimate worsens from the preferred actions to those taken.
    #[serde(default)]
    pub secondary_drop: f64,
    /// The standard errors of the two drops (paired samples).
    #[serde(default)]
    pub standard_errors: [f64; 2],
    /// The mark, if the drop passes a threshold.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<Mark>,
}

impl Decision {
    pub(crate) fn forced(
        index: usize,
        seat: Seat,
        taken: Vec<String>,
        taken_actions: Vec<serde_json::Value>,
    ) -> Decision {
        Decision {
            index,
            seat,
            preferred: taken.clone(),
            taken,
            preferred_actions: taken_actions.clone(),
            taken_actions,
            forced: true,
            agrees: true,
            taken_estimate: None,
            preferred_estimate: None,
            win_drop: 0.0,
            secondary_drop: 0.0,
            standard_errors: [0.0; 2],
            mark: None,
        }
    }

    #[allow(clippy::too_many_arguments)]
    pub(crate) fn estimated(
        index: usize,
        seat: Seat,
        (taken, taken_actions): (Vec<String>, Vec<serde_json::Value>),
        (preferred, preferred_actions): (Vec<String>, Vec<serde_json::Value>),
        agrees: bool,
        taken_estimate: Estimate,
        preferred_estimate: Estimate,
        errors: (f64, f64),
        thresholds: &Thresholds,
    ) -> Decision {
        let win_drop = preferred_estimate.win - taken_estimate.win;
        let secondary_drop = taken_estimate.secondary() - preferred_estimate.secondary();
        let t = thresholds;
        let judge = |drop: f64, error: f64, inaccuracy: f64, mistake: f64| {
            if agrees || drop <= t.standard_errors * error {
                None
            } else if drop >= mistake {
                Some(Mark::Mistake)
            } else if drop >= inaccuracy {
                Some(Mark::Inaccuracy)
            } else {
                None
            }
        };
        let mark = judge(win_drop, errors.0, t.inaccuracy_win, t.mistake_win).max(judge(
            secondary_drop,
            errors.1,
            t.inaccuracy_secondary,
            t.mistake_secondary,
        ));
        Decision {
            index,
            seat,
            taken,
            taken_actions,
            forced: false,
            preferred,
            preferred_actions,
            agrees,
            taken_estimate: Some(taken_estimate),
            preferred_estimate: Some(preferred_estimate),
            win_drop,
            secondary_drop,
            standard_errors: [errors.0, errors.1],
            mark,
        }
    }
}

/// One seat's summary.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSummary {
    /// The seat.
    pub seat: Seat,
    /// Decisions estimated (forced ones left out).
    pub decisions: usize,
    /// Forced decisions (a single legal action).
    pub forced: usize,
    /// Estimated decisions that agreed with the search bot.
    pub agreed: usize,
    /// `agreed / decisions` (1 with no decision).
    pub agreement: f64,
    /// Decisions marked inaccuracies.
    pub inaccuracies: usize,
    /// Decisions marked mistakes.
    pub mistakes: usize,
    /// The mean drop in the chance to win over its estimated decisions.
    pub mean_win_drop: f64,
}

/// One seat's estimated chance to win after each of its estimated decisions, for a chart.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SeatSeries {
    /// The seat.
    pub seat: Seat,
    /// The record index of each decision.
    pub index: Vec<usize>,
    /// The chance to win of the action taken there.
    pub win: Vec<f64>,
}

/// The analysis of one game.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Report {
    /// The game's name (`"powergrid"`, `"thegame"`).
    pub game: String,
    /// Seats in the game.
    pub players: usize,
    /// The analysis seed.
    pub seed: u64,
    /// Samples per estimated action.
    pub samples: u32,
    /// The bot that names the preferred actions, with its budget.
    pub adviser: String,
    /// What the second estimate is.
    pub secondary: Secondary,
    /// Where marks begin.
    pub thresholds: Thresholds,
    /// The game's outcome as the record replays to (`null` for a record that stops before the
    /// end).
    pub outcome: Option<serde_json::Value>,
    /// One summary per analysed seat.
    pub seats: Vec<SeatSummary>,
    /// Every decision of the analysed seats, in record order.
    pub decisions: Vec<Decision>,
    /// Each analysed seat's chance to win, decision by decision.
    pub series: Vec<SeatSeries>,
}

impl Report {
    pub(crate) fn new<G: Analysed>(
        players: usize,
        options: &Options,
        samples: u32,
        outcome: Option<serde_json::Value>,
        seats: Vec<Seat>,
        decisions: Vec<Decision>,
    ) -> Report {
        let summaries = seats
            .iter()
            .map(|&seat| {
                let mine: Vec<&Decision> = decisions.iter().filter(|d| d.seat == seat).collect();
                let estimated: Vec<&&Decision> = mine.iter().filter(|d| !d.forced).collect();
                let agreed = estimated.iter().filter(|d| d.agrees).count();
                let marked = |m: Mark| estimated.iter().filter(|d| d.mark == Some(m)).count();
                let n = estimated.len();
                SeatSummary {
                    seat,
                    decisions: n,
                    forced: mine.len() - n,
                    agreed,
                    agreement: if n == 0 {
                        1.0
                    } else {
                        agreed as f64 / n as f64
                    },
                    inaccuracies: marked(Mark::Inaccuracy),
                    mistakes: marked(Mark::Mistake),
                    mean_win_drop: if n == 0 {
                        0.0
                    } else {
                        estimated.iter().map(|d| d.win_drop).sum::<f64>() / n as f64
                    },
                }
            })
            .collect();
        let series = seats
            .iter()
            .map(|&seat| {
                let points: Vec<(usize, f64)> = decisions
                    .iter()
                    .filter(|d| d.seat == seat)
                    .filter_map(|d| d.taken_estimate.map(|e| (d.index, e.win)))
                    .collect();
                SeatSeries {
                    seat,
                    index: points.iter().map(|p| p.0).collect(),
                    win: points.iter().map(|p| p.1).collect(),
                }
            })
            .collect();
        Report {
            game: G::LABEL.to_owned(),
            players,
            seed: options.seed,
            samples,
            adviser: G::adviser_name(),
            secondary: G::SECONDARY,
            thresholds: G::THRESHOLDS,
            outcome,
            seats: summaries,
            decisions,
            series,
        }
    }
}
