//! `tabletop bot-check`: plays a bot program through whole games and scripted situations and
//! reports every protocol violation with the line it saw, the way UCI authors test an engine
//! against a reference GUI.
//!
//! Situations, in order (each game of a situation starts where the bot's process is, so a
//! bot that forfeits is restarted and the check goes on):
//! 1. `every seat`: whole games with the bot in every seat (one process per seat, each reused
//!    for all the games of the situation: `start` … `over` again and again).
//! 2. `against random`: whole games with the bot in one seat (a different seat each game) and
//!    the game's built-in random bot in the others.
//! 3. `joining mid-game`: the bot's first request comes in the middle of a game (after a
//!    random number of random actions), as when `tabletop connect` reconnects.
//! 4. `quit`: after `quit` the process must exit within half a second.

use crate::{play, public_setup, ExecSpec, External, Forfeit, SeatBot};
use engine::{Actor, Bot, Planner};
use std::fmt;
use std::time::Instant;

/// One problem the checker found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Violation {
    /// The situation it happened in.
    pub situation: String,
    /// What the host saw.
    pub forfeit: Forfeit,
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "[{}] {}", self.situation, self.forfeit)
    }
}

/// What a check found.
#[derive(Clone, Debug, Default)]
pub struct Report {
    /// The name the bot gave in `ready`, if any.
    pub name: Option<String>,
    /// Games played, over all situations.
    pub games: u64,
    /// Decisions the bot took.
    pub decisions: u64,
    /// Wall time of the whole check, in seconds.
    pub seconds: f64,
    /// Every violation, in the order found.
    pub violations: Vec<Violation>,
}

/// Checks the bot `spec` on `setups` (one game each, per situation); `opponent(seed)` makes
/// the built-in bot of the other seats.
pub fn check<G: crate::BotGame>(
    spec: &ExecSpec,
    setups: &[G::Setup],
    opponent: impl Fn(u64) -> Box<dyn Bot<G>>,
) -> Report {
    let start = Instant::now();
    let mut report = Report::default();
    let most = setups
        .iter()
        .filter_map(|s| G::new(s.clone()).ok())
        .map(|g| g.seats())
        .max()
        .unwrap_or(0);
    let mut own: Vec<External<G>> = (0..most).map(|_| External::new(spec.clone())).collect();
    for (g, setup) in setups.iter().enumerate() {
        let Ok(state) = G::new(setup.clone()) else {
            continue;
        };
        let n = state.seats();
        let mut seats: Vec<SeatBot<G>> = own.drain(..n).map(SeatBot::External).collect();
        run(&mut report, "every seat", state, &mut seats, setup, g, None);
        own.splice(
            0..0,
            seats.into_iter().filter_map(|s| match s {
                SeatBot::External(e) => Some(e),
                SeatBot::BuiltIn(_) => None,
            }),
        );
    }
    let mut single = External::<G>::new(spec.clone());
    for situation in ["against random", "joining mid-game"] {
        for (g, setup) in setups.iter().enumerate() {
            let Ok(mut state) = G::new(setup.clone()) else {
                continue;
            };
            let n = state.seats();
            let mut mover = Planner::new(opponent(g as u64 ^ 0x5eed));
            if situation == "joining mid-game" {
                let mut legal = Vec::new();
                for _ in 0..(7 + 13 * g) {
                    let Actor::Seat(seat) = state.actor() else {
                        break;
                    };
                    state.legal_actions(&mut legal);
                    let action = mover.choose(&state.view(engine::Viewer::Seat(seat)), &legal);
                    if state.apply_as(seat, &action).is_err() {
                        break;
                    }
                }
            }
            let mine = match state.actor() {
                Actor::Seat(s) if situation == "joining mid-game" => s.index(),
                _ => g % n,
            };
            let mut seats: Vec<SeatBot<G>> = (0..n)
                .map(|i| SeatBot::built_in(opponent(g as u64 * 31 + i as u64)))
                .collect();
            seats[mine] = SeatBot::External(single);
            run(
                &mut report,
                situation,
                state,
                &mut seats,
                setup,
                g,
                Some(mine),
            );
            single = match seats.swap_remove(mine) {
                SeatBot::External(e) => e,
                SeatBot::BuiltIn(_) => External::new(spec.clone()),
            };
        }
    }
    own.push(single);
    for mut e in own {
        if !e.session().quit() {
            report.violations.push(Violation {
                situation: "quit".into(),
                forfeit: Forfeit {
                    seat: "after the games".into(),
                    command: spec.command.clone(),
                    reason: "did not exit within 500 ms of {\"type\":\"quit\"} (killed)".into(),
                    line: None,
                    log: spec.log_dir.clone(),
                },
            });
        }
    }
    report.seconds = start.elapsed().as_secs_f64();
    report
}

fn run<G: crate::BotGame>(
    report: &mut Report,
    situation: &str,
    state: G,
    seats: &mut [SeatBot<G>],
    setup: &G::Setup,
    g: usize,
    mine: Option<usize>,
) {
    let n = seats.len();
    let seeds: Vec<u64> = (0..n).map(|i| (g * 8 + i) as u64).collect();
    // The situation is the violation's own field (shown in brackets): the label names the game.
    let label = format!("game {}", g + 1);
    match play(state, seats, &public_setup(setup), &seeds, &label) {
        Ok(played) => {
            report.games += 1;
            for (i, f) in played.forfeits.into_iter().enumerate() {
                if mine.is_none_or(|m| m == i) {
                    report.decisions += played.decisions[i];
                }
                if let Some(forfeit) = f {
                    report.violations.push(Violation {
                        situation: situation.to_string(),
                        forfeit,
                    });
                }
            }
            if report.name.is_none() {
                report.name = seats.iter_mut().find_map(|s| match s {
                    SeatBot::External(e) => e.session().options().name.clone(),
                    SeatBot::BuiltIn(_) => None,
                });
            }
        }
        Err(e) => report.violations.push(Violation {
            situation: situation.to_string(),
            forfeit: Forfeit {
                seat: format!("{label} seat {}", mine.unwrap_or(0)),
                command: seats
                    .iter_mut()
                    .find_map(|s| match s {
                        SeatBot::External(e) => Some(e.session().command().to_string()),
                        SeatBot::BuiltIn(_) => None,
                    })
                    .unwrap_or_default(),
                reason: format!("the game could not be played: {e}"),
                line: None,
                log: Default::default(),
            },
        }),
    }
}

/// The game kinds `tabletop bot-check` knows.
pub const GAMES: &[&str] = &["thegame", "powergrid"];

/// Why a check could not run.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("no game kind {0:?}; known: thegame, powergrid")]
pub struct UnknownGame(pub String);

/// Checks `spec` as a bot for `game` over `games` setups per situation: The Game with 1 to 5
/// players in turn, Power Grid with 2 to 6 players on Germany and the USA in turn; the other
/// seats play the game's built-in random bot.
///
/// # Errors
/// `game` is not a known kind.
pub fn check_game(game: &str, spec: &ExecSpec, games: usize) -> Result<Report, UnknownGame> {
    match game {
        "thegame" => {
            let setups: Vec<thegame::Setup> = (0..games)
                .map(|g| thegame::Setup::seeded(1 + (g % 5) as u8, 1000 + g as u64))
                .collect();
            Ok(check::<thegame::State>(spec, &setups, |seed| {
                Box::new(bots::thegame::RandomBot::new(seed))
            }))
        }
        "powergrid" => {
            let setups: Vec<powergrid::Setup> = (0..games)
                .map(|g| {
                    let map = if g % 2 == 0 {
                        powergrid::MapId::Germany
                    } else {
                        powergrid::MapId::Usa
                    };
                    powergrid::Setup::new(2 + (g % 5) as u8, map, 1000 + g as u64)
                })
                .collect();
            Ok(check::<powergrid::State>(spec, &setups, |seed| {
                Box::new(bots::powergrid::RandomBot::new(seed))
            }))
        }
        other => Err(UnknownGame(other.to_string())),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A violation names its situation once, in brackets, then the game and the seat.
    #[test]
    fn a_violation_names_the_situation_once() {
        let spec = ExecSpec {
            log_dir: std::env::temp_dir().join("tabletop-check-test-bot-logs"),
            ..ExecSpec::new("echo nonsense")
        };
        let setups = [thegame::Setup::seeded(2, 1)];
        let report = check::<thegame::State>(&spec, &setups, |seed| {
            Box::new(bots::thegame::RandomBot::new(seed))
        });
        let first = report.violations[0].to_string();
        assert!(
            first.starts_with("[every seat] game 1 seat 0 (exec:echo nonsense) forfeits: "),
            "{first}"
        );
    }

    /// A Power Grid game where no one builds cannot end: it is stopped at the round cap and
    /// reported, not passed as ok.
    #[test]
    fn a_game_that_cannot_end_is_stopped_and_reported() {
        let bot = concat!(
            "python3 ",
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/bots/powergrid_never_builds.py"
        );
        let spec = ExecSpec {
            log_dir: std::env::temp_dir().join("tabletop-check-test-bot-logs"),
            ..ExecSpec::new(bot)
        };
        let setups = [powergrid::Setup::new(2, powergrid::MapId::Germany, 3)];
        let report = check::<powergrid::State>(&spec, &setups, |seed| {
            Box::new(bots::powergrid::RandomBot::new(seed))
        });
        let stopped: Vec<String> = report
            .violations
            .iter()
            .map(Violation::to_string)
            .filter(|v| v.contains("passed round 1000 without ending"))
            .collect();
        assert!(
            stopped
                .iter()
                .any(|v| v.starts_with("[every seat] game 1 seat 0 (exec:python3 ")),
            "{:?}",
            report.violations
        );
    }
}
