//! The Game: runs of one bot in every seat, over seeded deals or given ones.
//!
//! Decisions:
//! - Game `i` is the deal of seed `S + i` (or line `i` of a deals file); each seat's bot is
//!   reseeded per game with [`bot_seed`](crate::bot_seed)`(S, i, seat)`. The Game is
//!   cooperative: a game is one result, the team's (its win, `cards_left`, and `under_10`: 1
//!   when fewer than ten cards are left), so `wins` counts games won.
//! - Unlogged games run on [`bots::thegame::play_out`], the fast path where bots play whole
//!   turns on the game. A logged game asks the same bots for their planned actions
//!   and applies them one by one, which is what lets it write them down; a bot's planned turn is
//!   by contract what it would play on the fast path, and a test holds the two paths to the same
//!   outcome for every bot.
//! - With `exec:COMMAND` in the seats, every seat is one external process (kept by the worker
//!   for its whole run) and games are played through `botproto::play`, which tells each bot
//!   the setup without the deal (`players` and `first`). A game in which any seat forfeits is
//!   lost for the team and counted in `forfeits`.
//! - The log's setup is the explicit deal (every hand and the draw pile's order), with the seed
//!   it was shuffled from kept for reference.

use crate::{bot_seed, exec_spec, record_line, Contest, Played, SeatError, SeatResult, SimError};
use botproto::{ExecSpec, External, SeatBot};
use bots::thegame::{play_out, Budget, Config, Search, MAX_ACTIONS};
use bots::{find, PlayError, PlayOptions};
use engine::Seat;
use engine::{Bot, Viewer};
use thegame::{Action, DealRecord, Outcome, Setup, State};

/// The bot for one seat, from its spec: a registered bot's name. `budget` sets the search bot's
/// thinking per decision; it is refused for any other bot rather than ignored.
///
/// # Errors
/// An unknown name (the error lists the known ones), or a budget for a bot that does not search.
pub fn seat(
    spec: &str,
    seed: u64,
    budget: Option<Budget>,
) -> Result<Box<dyn Bot<State>>, SeatError> {
    let entry = find::<State>(spec)?;
    match budget {
        None => Ok(entry.build(seed)),
        Some(budget) if entry.name == "search" => Ok(Box::new(Search::with_config(
            seed,
            Config {
                budget,
                ..Config::default()
            },
        ))),
        Some(_) => Err(SeatError::BudgetNotApplicable {
            bot: entry.name.to_owned(),
        }),
    }
}

/// Checks a seat spec as [`Run::new`] takes it: a registered bot's name (see [`seat`]) or
/// `exec:COMMAND`, an external bot (which takes no budget).
///
/// # Errors
/// As [`seat`], or `exec:` without a command.
pub fn check(spec: &str, budget: Option<Budget>) -> Result<(), SeatError> {
    match exec_spec(spec, &ExecSpec::new(""))? {
        None => seat(spec, 0, budget).map(drop),
        Some(_) if budget.is_some() => Err(SeatError::BudgetNotApplicable {
            bot: spec.to_owned(),
        }),
        Some(_) => Ok(()),
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

/// Where the deals of a run come from.
#[derive(Clone, Debug)]
pub enum Deals {
    /// Game `i` is the deal of seed `seed + i`.
    Seeded {
        /// Players per game, 1 to 5.
        players: u8,
        /// The first game's seed.
        seed: u64,
    },
    /// Game `i` is deal `i` of the list (all for the same number of players).
    Given(Vec<DealRecord>),
}

/// A run of The Game with one bot in every seat.
pub struct Run {
    bot: String,
    budget: Option<Budget>,
    players: u8,
    seed: u64,
    deals: Deals,
    /// The external bot of every seat, for `exec:COMMAND`.
    exec: Option<ExecSpec>,
}

impl Run {
    /// A run of `bot` (a seat spec, see [`check`]) on `deals`, its bots seeded from `seed`.
    ///
    /// # Errors
    /// A bad seat spec or budget, a player count outside 1 to 5, an empty deal list or one that
    /// mixes player counts.
    pub fn new(
        bot: &str,
        budget: Option<Budget>,
        deals: Deals,
        seed: u64,
    ) -> Result<Run, SimError> {
        check(bot, budget)?;
        let exec = exec_spec(bot, &ExecSpec::new(""))?;
        let players = match &deals {
            Deals::Seeded { players, .. } => *players,
            Deals::Given(list) => {
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
                u8::try_from(first).unwrap_or(u8::MAX)
            }
        };
        if !(1..=thegame::MAX_PLAYERS as u8).contains(&players) {
            return Err(SimError::Players {
                game: "The Game",
                players,
                min: 1,
                max: thegame::MAX_PLAYERS as u8,
            });
        }
        Ok(Run {
            bot: bot.to_owned(),
            budget,
            players,
            seed,
            deals,
            exec,
        })
    }

    /// Runs an external bot with `template`'s time limits and log directory (its command stays
    /// the run's); no effect on a built-in bot.
    pub fn with_exec(mut self, template: &ExecSpec) -> Run {
        if let Some(spec) = &mut self.exec {
            *spec = ExecSpec {
                command: std::mem::take(&mut spec.command),
                ..template.clone()
            };
        }
        self
    }

    /// The games this run has: the deals given, or as many as asked for seeded deals.
    pub fn available(&self) -> Option<u64> {
        match &self.deals {
            Deals::Seeded { .. } => None,
            Deals::Given(list) => Some(list.len() as u64),
        }
    }

    fn setup(&self, game: u64) -> Result<Setup, SimError> {
        match &self.deals {
            Deals::Seeded { players, seed } => Ok(Setup::seeded(*players, seed.wrapping_add(game))),
            Deals::Given(list) => usize::try_from(game)
                .ok()
                .and_then(|i| list.get(i))
                .map(|d| d.clone().into_setup())
                .ok_or(SimError::Game {
                    game,
                    reason: format!("the run has {} deals", list.len()),
                }),
        }
    }
}

/// The bots of one worker, one per seat, reseeded for every game: built-in ones, or external
/// processes kept from game to game.
pub struct Bots {
    built_in: Vec<Box<dyn Bot<State>>>,
    external: Vec<External<State>>,
}

impl Contest for Run {
    type Worker = Bots;

    fn game(&self) -> &'static str {
        "thegame"
    }

    fn players(&self) -> u8 {
        self.players
    }

    fn bots(&self) -> Vec<String> {
        vec![self.bot.clone()]
    }

    fn measures(&self) -> &'static [&'static str] {
        &["cards_left", "under_10"]
    }

    fn histogram_len(&self) -> Option<usize> {
        Some(99)
    }

    fn worker(&self) -> Result<Bots, SimError> {
        if let Some(spec) = &self.exec {
            return Ok(Bots {
                built_in: Vec::new(),
                external: (0..self.players)
                    .map(|_| External::new(spec.clone()))
                    .collect(),
            });
        }
        (0..self.players)
            .map(|_| seat(&self.bot, self.seed, self.budget).map_err(SimError::from))
            .collect::<Result<_, _>>()
            .map(|built_in| Bots {
                built_in,
                external: Vec::new(),
            })
    }

    fn play(&self, bots: &mut Bots, game: u64, record: bool) -> Result<Played, SimError> {
        let failed = |reason: String| SimError::Game { game, reason };
        let setup = self.setup(game)?;
        let mut state = State::new(setup.clone()).map_err(|e| failed(e.to_string()))?;
        if self.exec.is_some() {
            if record {
                return Err(SimError::NotLogged);
            }
            return self.play_external(state, &mut bots.external, game);
        }
        let bots = &mut bots.built_in;
        for (s, bot) in bots.iter_mut().enumerate() {
            bot.reset(bot_seed(self.seed, game, s));
        }
        let (outcome, line) = if record {
            let (outcome, actions) =
                play_recorded(&mut state, bots).map_err(|e| failed(e.to_string()))?;
            let deal = setup.deal_record().map_err(|e| failed(e.to_string()))?;
            let explicit = Setup {
                deal: Some(thegame::Deal {
                    hands: deal.hands,
                    draw_pile: deal.draw_pile,
                }),
                ..setup
            };
            let names = vec![self.bot.clone(); usize::from(self.players)];
            let line = record_line::<State>(explicit, &actions, names, &outcome)?;
            (outcome, Some(line))
        } else {
            let outcome = play_out(&mut state, bots).map_err(|e| failed(e.to_string()))?;
            (outcome, None)
        };
        let left = outcome.cards_left();
        let team = SeatResult {
            bot: 0,
            win: f64::from(u8::from(outcome.is_win())),
            measures: vec![f64::from(left), f64::from(u8::from(left < 10))],
            decisions: 0,
            nanos: 0,
            times: crate::Timings::default(),
            forfeited: false,
        };
        Ok(Played {
            seats: vec![team],
            histogram: Some(usize::from(left)),
            record: line,
        })
    }
}

impl Run {
    /// Plays game `game` from `state` with the worker's external bots (lent to the game and
    /// returned); a forfeit by any seat loses the game.
    fn play_external(
        &self,
        state: State,
        external: &mut Vec<External<State>>,
        game: u64,
    ) -> Result<Played, SimError> {
        let seeds: Vec<u64> = (0..usize::from(self.players))
            .map(|s| bot_seed(self.seed, game, s))
            .collect();
        let setup = serde_json::json!({
            "players": self.players,
            "first": state.view(Viewer::Seat(Seat(0))).current,
        });
        let mut seats: Vec<SeatBot<State>> = external.drain(..).map(SeatBot::External).collect();
        let played = botproto::play(state, &mut seats, &setup, &seeds, &format!("game {game}"));
        external.extend(seats.into_iter().filter_map(|s| match s {
            SeatBot::External(e) => Some(e),
            SeatBot::BuiltIn(_) => None,
        }));
        let played = played.map_err(|e| SimError::Game {
            game,
            reason: e.to_string(),
        })?;
        let forfeited = played.forfeits.iter().any(Option::is_some);
        let left = played.outcome.cards_left();
        let team = SeatResult {
            bot: 0,
            win: f64::from(u8::from(played.outcome.is_win() && !forfeited)),
            measures: vec![f64::from(left), f64::from(u8::from(left < 10))],
            decisions: played.decisions.iter().sum(),
            nanos: played.nanos.iter().sum(),
            times: crate::Timings::default(),
            forfeited,
        };
        Ok(Played {
            seats: vec![team],
            histogram: Some(usize::from(left)),
            record: None,
        })
    }
}

/// Plays `state` to the end as [`play_out`] would, and returns the outcome with every action
/// and the seat that took it.
///
/// # Errors
/// What [`play_out`] reports.
pub fn play_recorded(
    state: &mut State,
    bots: &mut [Box<dyn Bot<State>>],
) -> Result<(Outcome, Vec<(Seat, Action)>), PlayError> {
    let options = PlayOptions {
        record: true,
        max_actions: MAX_ACTIONS,
        ..PlayOptions::QUIET
    };
    let played = bots::play(state, bots, &options, |_, _, _, _| {})?;
    Ok((played.outcome, played.actions))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{run, Options};
    use bots::Registered;

    fn run_of(bot: &str, players: u8, seed: u64, games: u64, threads: usize) -> crate::Report {
        let r = Run::new(bot, None, Deals::Seeded { players, seed }, seed).unwrap();
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
                    .map(|s| seat(bot, bot_seed(seed, g, s), None).unwrap())
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
                    let r = Run::new(entry.name, budget, Deals::Seeded { players, seed }, seed)
                        .unwrap();
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
        let seeded = |players| Deals::Seeded { players, seed: 0 };
        assert_eq!(
            Run::new("heuristic", None, seeded(6), 0)
                .err()
                .unwrap()
                .to_string(),
            "The Game is for 1 to 5 players, not 6"
        );
        assert_eq!(
            Run::new("oracle", None, seeded(2), 0)
                .err()
                .unwrap()
                .to_string(),
            "no thegame bot named \"oracle\"; known bots: random, heuristic, search"
        );
        assert_eq!(
            Run::new("heuristic", Some(Budget::Playouts(5)), seeded(2), 0)
                .err()
                .unwrap()
                .to_string(),
            "a search budget applies to the search bot only, not to heuristic"
        );
        let r = Run::new("random", None, seeded(2), 0).unwrap();
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
            Run::new("random", None, Deals::Given(mixed), 0)
                .err()
                .unwrap()
                .to_string(),
            "game 1: deals 3 hands, the first deal 2: one player count per run"
        );
        assert!(matches!(
            Run::new("random", None, Deals::Given(Vec::new()), 0),
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

    #[test]
    fn an_external_bot_that_breaks_the_protocol_forfeits_every_game() {
        let template = ExecSpec {
            time_limit: std::time::Duration::from_secs(5),
            log_dir: std::env::temp_dir().join("tabletop-sim-test-bot-logs"),
            ..ExecSpec::new("")
        };
        let deals = Deals::Seeded {
            players: 2,
            seed: 3,
        };
        let bot = "exec:echo not-a-protocol-line";
        let external = Run::new(bot, None, deals, 3).unwrap().with_exec(&template);
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
