//! The Game: what the tournament needs to know of it.
//!
//! Decisions:
//! - Game `i` is the deal of seed `S + i`, or line `i` of a deals file ([`Deals::Given`]);
//!   The Game is played with one bot in every seat, so seats never rotate.
//! - The Game is cooperative: a game is one result, the team's (its win, `cards_left`, and
//!   `under_10`: 1 when fewer than ten cards are left), so `wins` counts games won; the
//!   histogram counts games by cards left.
//! - Games are played on the fast path (no events, no timings): The Game's bots plan whole
//!   turns from their view and need no events.
//! - The log's setup is the explicit deal (every hand and the draw pile's order), with the seed
//!   it was shuffled from kept for reference.
//! - `--budget` sets the search bot's thinking per decision; it is refused for any other bot
//!   rather than ignored.

use crate::{Finished, Score, SimGame, Tournament};
use crate::{SeatError, SimError};
use bots::thegame::{Budget, Config, MAX_ACTIONS};
use bots::{PlayError, PlayOptions};
use engine::Bot;
use thegame::{DealRecord, Outcome, Setup, State};

/// Where the deals of a run come from.
#[derive(Clone, Debug)]
pub enum Deals {
    /// Game `i` is the deal of seed `S + i`.
    Seeded,
    /// Game `i` is deal `i` of the list (all for the same number of players).
    Given(Vec<DealRecord>),
}

impl SimGame for State {
    const TITLE: &'static str = "The Game";
    const PLAYERS: std::ops::RangeInclusive<u8> = 1..=thegame::MAX_PLAYERS as u8;
    const PLAY: PlayOptions = PlayOptions {
        max_actions: MAX_ACTIONS,
        ..PlayOptions::QUIET
    };
    const MEASURES: &'static [&'static str] = &["cards_left", "under_10"];
    const HISTOGRAM: Option<usize> = Some(99);
    type Deals = Deals;

    fn setup(deals: &Deals, players: u8, seed: u64, deal: u64) -> Result<Setup, String> {
        match deals {
            Deals::Seeded => Ok(Setup::seeded(players, seed.wrapping_add(deal))),
            Deals::Given(list) => usize::try_from(deal)
                .ok()
                .and_then(|i| list.get(i))
                .map(|d| d.clone().into_setup())
                .ok_or_else(|| format!("the run has {} deals", list.len())),
        }
    }

    fn available(deals: &Deals) -> Option<u64> {
        match deals {
            Deals::Seeded => None,
            Deals::Given(list) => Some(list.len() as u64),
        }
    }

    fn play(
        state: &mut State,
        setup: &Setup,
        bots: &mut [Box<dyn Bot<State>>],
        record: bool,
    ) -> Result<Finished<State>, PlayError> {
        let played = crate::play_plain(state, bots, record)?;
        let setup = if record {
            let deal = setup
                .deal_record()
                .map_err(|e| PlayError::Setup(e.to_string()))?;
            Some(Setup {
                deal: Some(thegame::Deal {
                    hands: deal.hands,
                    draw_pile: deal.draw_pile,
                }),
                ..setup.clone()
            })
        } else {
            None
        };
        Ok(Finished { played, setup })
    }

    fn score(_setup: &Setup, _end: &State, outcome: &Outcome) -> Vec<Score> {
        let left = outcome.cards_left();
        vec![Score {
            win: f64::from(u8::from(outcome.is_win())),
            measures: vec![f64::from(left), f64::from(u8::from(left < 10))],
        }]
    }

    fn histogram(outcome: &Outcome) -> Option<usize> {
        Some(usize::from(outcome.cards_left()))
    }
}

/// The search bot's configuration for `budget`.
fn config(budget: Budget) -> Config {
    Config {
        budget,
        ..Config::default()
    }
}

/// Checks a seat spec as [`tournament`] takes it: a registered bot's name or `exec:COMMAND`,
/// with a search budget only for the search bot.
///
/// # Errors
/// An unknown name (the error lists the known ones), `exec:` without a command, or a budget for
/// a bot that does not search.
pub fn check(spec: &str, budget: Option<Budget>) -> Result<(), SeatError> {
    crate::check::<State>(spec)?;
    match budget {
        Some(_) if spec != "search" => Err(SeatError::BudgetNotApplicable {
            bot: spec.to_owned(),
        }),
        _ => Ok(()),
    }
}

/// The budget the search bot uses for `players` with `budget` asked for (the standard one when
/// none is), as reports show it; `None` for bots that do not search.
pub fn budget_label(bot: &str, budget: Option<Budget>, players: u8) -> Option<String> {
    (bot == "search").then(|| {
        budget
            .unwrap_or(Config::default().budget)
            .for_players(players)
            .to_string()
    })
}

/// A run of `bot` (a seat spec, see [`check`]) in every seat of `players`-player games over
/// `deals`, seeded from `seed`. With given deals the player count is theirs (`players` must
/// agree when given).
///
/// # Errors
/// A bad seat spec or budget, a player count outside 1 to 5 or other than the deals', an empty
/// deal list or one that mixes player counts.
pub fn tournament(
    bot: &str,
    budget: Option<Budget>,
    players: Option<u8>,
    deals: Deals,
    seed: u64,
) -> Result<Tournament<State>, SimError> {
    check(bot, budget)?;
    let players = match (&deals, players) {
        (Deals::Seeded, Some(players)) => players,
        (Deals::Seeded, None) => {
            return Err(SimError::Game {
                game: 0,
                reason: "seeded deals need a player count".to_owned(),
            })
        }
        (Deals::Given(list), asked) => {
            let first = list.first().ok_or(SimError::NoGames)?.hands.len();
            if let Some(i) = list.iter().position(|d| d.hands.len() != first) {
                return Err(SimError::Game {
                    game: i as u64,
                    reason: format!(
                        "deals {} hands, the first deal {first}: one player count per run",
                        list[i].hands.len()
                    ),
                });
            }
            let dealt = u8::try_from(first).unwrap_or(u8::MAX);
            if let Some(p) = asked.filter(|&p| p != dealt) {
                return Err(SimError::Game {
                    game: 0,
                    reason: format!("{p} players asked for, but the deals are for {dealt}"),
                });
            }
            dealt
        }
    };
    Tournament::everyone(bot, players, deals, seed, budget.map(config))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{bot_seed, run, Contest, Options, SeatError};
    use botproto::ExecSpec;
    use bots::thegame::play_out;
    use bots::Registered;

    fn run_of(bot: &str, players: u8, seed: u64, games: u64, threads: usize) -> crate::Report {
        let r = tournament(bot, None, Some(players), Deals::Seeded, seed).unwrap();
        run(
            &r,
            Options {
                games,
                threads,
                log: None,
                progress: &|_| {},
            },
        )
        .unwrap()
    }

    /// The runner's tallies equal the games played one by one with `play_out` (deal `S + i`,
    /// bots reseeded with `bot_seed(S, i, seat)`).
    #[test]
    fn results_equal_the_games_played_one_by_one() {
        for (bot, players, seed, games) in [("heuristic", 3, 7, 200), ("random", 2, 11, 300)] {
            let r = run_of(bot, players, seed, games, 2);
            let (mut wins, mut left, mut hist) = (0.0, 0.0, vec![0u64; 99]);
            for g in 0..games {
                let mut state = State::new(Setup::seeded(players, seed + g)).unwrap();
                let mut bots: Vec<Box<dyn Bot<State>>> = (0..usize::from(players))
                    .map(|s| crate::seat(bot, bot_seed(seed, g, s), None).unwrap())
                    .collect();
                for (s, b) in bots.iter_mut().enumerate() {
                    b.reset(bot_seed(seed, g, s));
                }
                let outcome = play_out(&mut state, &mut bots).unwrap();
                wins += f64::from(u8::from(outcome.is_win()));
                left += f64::from(outcome.cards_left());
                hist[usize::from(outcome.cards_left()).min(98)] += 1;
            }
            assert_eq!(r.games, games);
            assert_eq!(r.bots[0].wins, wins, "{bot}");
            assert!((r.bots[0].means["cards_left"] - left / games as f64).abs() < 1e-9);
            assert_eq!(r.histogram.as_deref(), Some(&hist[..]), "{bot}");
        }
    }

    #[test]
    fn results_do_not_depend_on_threads() {
        let one = run_of("random", 4, 99, 300, 1);
        let three = run_of("random", 4, 99, 300, 3);
        assert_eq!(one.histogram, three.histogram);
        assert_eq!(one.bots[0].means, three.bots[0].means);
    }

    #[test]
    fn the_logged_path_plays_the_same_games_as_the_fast_one() {
        for entry in State::REGISTRY {
            let seeds = if entry.name == "search" { 0..2 } else { 0..40 };
            for players in 1..=5 {
                for seed in seeds.clone() {
                    let budget = (entry.name == "search").then_some(Budget::Playouts(10));
                    let r =
                        tournament(entry.name, budget, Some(players), Deals::Seeded, seed).unwrap();
                    let mut bots = r.worker().unwrap();
                    let fast = r.play(&mut bots, 0, false).unwrap();
                    let logged = r.play(&mut bots, 0, true).unwrap();
                    assert_eq!(fast.seats, logged.seats, "{} {players} {seed}", entry.name);
                    assert!(logged.record.is_some());
                }
            }
        }
    }

    #[test]
    fn bad_runs_are_refused_with_a_reason() {
        assert_eq!(
            tournament("heuristic", None, Some(6), Deals::Seeded, 0)
                .err()
                .unwrap()
                .to_string(),
            "The Game is for 1 to 5 players, not 6"
        );
        assert_eq!(
            tournament("oracle", None, Some(2), Deals::Seeded, 0)
                .err()
                .unwrap()
                .to_string(),
            "no thegame bot named \"oracle\"; known bots: random, heuristic, search"
        );
        assert_eq!(
            tournament(
                "heuristic",
                Some(Budget::Playouts(5)),
                Some(2),
                Deals::Seeded,
                0
            )
            .err()
            .unwrap()
            .to_string(),
            "a search budget applies to the search bot only, not to heuristic"
        );
        let r = tournament("random", None, Some(2), Deals::Seeded, 0).unwrap();
        let err = run(
            &r,
            Options {
                games: 0,
                threads: 1,
                log: None,
                progress: &|_| {},
            },
        )
        .unwrap_err();
        assert_eq!(err.to_string(), "a run needs at least one game");
        let mixed = vec![
            Setup::seeded(2, 1).deal_record().unwrap(),
            Setup::seeded(3, 1).deal_record().unwrap(),
        ];
        assert_eq!(
            tournament("random", None, None, Deals::Given(mixed), 0)
                .err()
                .unwrap()
                .to_string(),
            "game 1: deals 3 hands, the first deal 2: one player count per run"
        );
        assert!(matches!(
            tournament("random", None, None, Deals::Given(Vec::new()), 0),
            Err(SimError::NoGames)
        ));
    }

    #[test]
    fn the_search_budget_is_reported_for_the_search_bot_only() {
        assert_eq!(budget_label("heuristic", None, 3), None);
        for players in 1..=5u8 {
            assert_eq!(
                budget_label("search", None, players),
                Some(Budget::STANDARD_PLAYOUTS[usize::from(players) - 1].to_string())
            );
        }
        assert_eq!(
            budget_label("search", Some(Budget::Playouts(12)), 2).as_deref(),
            Some("12")
        );
    }

    /// One process per seat and thread for the whole run, each with its own log file, each
    /// told `quit` once at the end (the bot writes a line to a counting file as it starts and
    /// as it quits).
    #[test]
    fn an_external_seat_keeps_one_process_for_the_whole_run() {
        let dir = std::env::temp_dir().join(format!("tabletop-sim-reuse-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let count = dir.join("count");
        let bot = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/bots/thegame_random.py"
        );
        let spec = format!(
            "exec:echo start >> {c}; python3 {bot}; echo quit >> {c}",
            c = count.display()
        );
        let template = ExecSpec {
            log_dir: dir.join("logs"),
            ..ExecSpec::new("")
        };
        for (threads, processes) in [(1, 3), (2, 6)] {
            let _ = std::fs::remove_file(&count);
            let _ = std::fs::remove_dir_all(&template.log_dir);
            let external = tournament(&spec, None, Some(3), Deals::Seeded, 5)
                .unwrap()
                .with_exec(&template);
            let report = run(
                &external,
                Options {
                    games: 20 * threads as u64,
                    threads,
                    log: None,
                    progress: &|_| {},
                },
            )
            .unwrap();
            assert_eq!(report.bots[0].forfeits, 0);
            let lines = std::fs::read_to_string(&count).unwrap();
            let starts = lines.lines().filter(|l| *l == "start").count();
            let quits = lines.lines().filter(|l| *l == "quit").count();
            // With two threads a worker may be built while another is busy: at most one per
            // thread.
            assert!(
                starts <= processes && starts >= 3,
                "{threads} threads: {lines}"
            );
            assert_eq!(quits, starts, "{threads} threads: {lines}");
            let logs = std::fs::read_dir(&template.log_dir).unwrap().count();
            assert_eq!(logs, starts, "one log file per process");
        }
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn an_external_bot_that_breaks_the_protocol_forfeits_every_game() {
        let template = ExecSpec {
            time_limit: std::time::Duration::from_secs(5),
            log_dir: std::env::temp_dir().join("tabletop-sim-test-bot-logs"),
            ..ExecSpec::new("")
        };
        let bot = "exec:echo not-a-protocol-line";
        let external = tournament(bot, None, Some(2), Deals::Seeded, 3)
            .unwrap()
            .with_exec(&template);
        let report = run(
            &external,
            Options {
                games: 2,
                threads: 1,
                log: None,
                progress: &|_| {},
            },
        )
        .unwrap();
        assert_eq!(report.bots[0].bot, bot);
        assert_eq!(report.bots[0].forfeits, 2);
        assert_eq!(report.bots[0].wins, 0.0);
        let mut log = Vec::new();
        let logged = run(
            &external,
            Options {
                games: 1,
                threads: 1,
                log: Some(&mut log),
                progress: &|_| {},
            },
        );
        assert!(matches!(logged, Err(SimError::NotLogged)));
        assert!(matches!(check("exec:", None), Err(SeatError::Exec(_))));
        assert!(matches!(
            check(bot, Some(Budget::Playouts(5))),
            Err(SeatError::BudgetNotApplicable { .. })
        ));
    }
}
