//! Power Grid: what the tournament needs to know of it, and the panel.
//!
//! Decisions:
//! - A run is on one map; game `g`'s deal is `Setup::new(players, map, S + deal)`, the deal
//!   number as the tournament rotates seats ([`Tournament`]).
//! - Every event is shown to the bots (they keep their seat's memory of the rivals' money) and
//!   every decision is timed: decisions per second are of the bot's own thinking time.
//! - Measures per seat-game: cities powered and money at the end, the game's rounds, cities
//!   connected, and `unpowered_5`: 1 when the seat ends with [`UNPOWERED`] or more connected
//!   cities unpowered at the final count (its mean is the share of such games). `first` is 1
//!   when the seat is first in round 1's turn order (dealt with the game) and `first_wins` is
//!   then its share of the win (0 otherwise), so `first_wins / first` is a bot's win rate from
//!   the first seat (the first seat of round 1 opens every auction of that round, so a bot can
//!   be weaker there than elsewhere). `money_won` and `money_lost` split the seat's money at
//!   the end by its share of the win, so [`money_left`] gives the mean money a bot ends with
//!   when it wins and when it loses: money left by a loser is money that could have bought
//!   cities or fuel, a measure of how well a bot spends at the end.
//! - [`panel`] runs one bot against each style of the panel (`bots::powergrid::panel::STYLES`):
//!   one tournament per style, the bot in one seat and the style in every other, seats rotating
//!   over each deal as in any mixed lineup, so each row counts games, not seat-games.
//! - The log's setup has every chance outcome written out as
//!   [`bots::powergrid::play_written`] fixes it: regions, deck, turn order, the Step 3 deck.

pub mod regret;
pub mod swap;

use crate::{Finished, Options, Report, Score, SimError, SimGame, Tournament};
use bots::powergrid::{play_written, Config, MAX_ACTIONS};
use bots::{PlayError, PlayOptions};
use engine::{Bot, Game, Seat};
use powergrid::{MapId, Outcome, Setup, State};

/// `game` for each of `games` on a pool of `threads` threads, telling `progress` of every game
/// done: the per-game work of the regret finder and of phase swaps, results in game order.
///
/// # Errors
/// A pool that cannot start, or the first game that fails.
pub(crate) fn each_game<T: Send>(
    games: std::ops::Range<u64>,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
    game: impl Fn(u64) -> Result<T, SimError> + Sync,
) -> Result<Vec<T>, SimError> {
    use rayon::prelude::*;
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads.max(1))
        .build()
        .map_err(|e| SimError::Threads {
            threads,
            reason: e.to_string(),
        })?;
    pool.install(|| {
        games
            .into_par_iter()
            .map(|g| {
                let done = game(g);
                progress(1);
                done
            })
            .collect()
    })
}

/// Connected cities left unpowered at the final count from which a game counts in
/// `unpowered_5`.
pub const UNPOWERED: u8 = 5;

impl SimGame for State {
    const TITLE: &'static str = "Power Grid";
    const PLAYERS: std::ops::RangeInclusive<u8> = 2..=6;
    const PLAY: PlayOptions = PlayOptions {
        record: false,
        max_actions: MAX_ACTIONS,
        ..PlayOptions::FULL
    };
    const MEASURES: &'static [&'static str] = &[
        "cities_powered",
        "money",
        "rounds",
        "cities",
        "unpowered_5",
        "first",
        "first_wins",
        "money_won",
        "money_lost",
    ];
    type Deals = MapId;

    fn setup(map: &MapId, players: u8, seed: u64, deal: u64) -> Result<Setup, String> {
        Ok(Setup::new(players, *map, seed.wrapping_add(deal)))
    }

    fn play(
        state: &mut State,
        setup: &Setup,
        bots: &mut [Box<dyn Bot<State>>],
        record: bool,
    ) -> Result<Finished<State>, PlayError> {
        if record {
            let (played, setup) = play_written(state, setup.clone(), bots)?;
            return Ok(Finished {
                played,
                setup: Some(setup),
            });
        }
        Ok(Finished {
            played: crate::play_plain(state, bots, false)?,
            setup: None,
        })
    }

    fn score(setup: &Setup, end: &State, outcome: &Outcome) -> Vec<Score> {
        // Round 1's turn order is dealt with the game: the first seat is known before it.
        let first = State::new(setup.clone())
            .ok()
            .and_then(|s| s.turn_order().first().copied());
        (0..end.seats())
            .map(|s| {
                let me = Seat(s as u8);
                let standing = outcome.standings.iter().find(|x| x.seat == me);
                let win = if outcome.winners.contains(&me) {
                    1.0 / outcome.winners.len() as f64
                } else {
                    0.0
                };
                let is_first = first == Some(me);
                let of = |f: fn(&powergrid::Standing) -> f64| standing.map_or(0.0, f);
                Score {
                    win,
                    measures: vec![
                        of(|x| f64::from(x.cities_powered)),
                        of(|x| f64::from(x.money)),
                        f64::from(end.round()),
                        of(|x| f64::from(x.cities)),
                        of(|x| f64::from(u8::from(x.cities >= x.cities_powered + UNPOWERED))),
                        f64::from(u8::from(is_first)),
                        if is_first { win } else { 0.0 },
                        win * of(|x| f64::from(x.money)),
                        (1.0 - win) * of(|x| f64::from(x.money)),
                    ],
                }
            })
            .collect()
    }
}

/// A bot's mean money at the end of the games it won and of the games it lost (`None` where
/// there are none), from its `money_won` and `money_lost` measures (see the module docs).
pub fn money_left(b: &crate::BotReport) -> (Option<f64>, Option<f64>) {
    let mean = |key: &str| b.means.get(key).copied().unwrap_or(0.0);
    let n = b.seat_games as f64;
    let lost = n - b.wins;
    (
        (b.wins > 0.0).then(|| mean("money_won") * n / b.wins),
        (lost > 1e-9).then(|| mean("money_lost") * n / lost),
    )
}

/// One row of a [`panel`] run: the bot's report against one style.
#[derive(Clone, Debug, serde::Serialize)]
pub struct PanelRow {
    /// The style its rivals played.
    pub style: &'static str,
    /// The whole run's report (the bot's row first).
    pub report: Report,
}

/// How many styles [`panel`] plays against.
pub fn panel_styles() -> usize {
    bots::powergrid::panel::STYLES.len()
}

/// Plays `bot` in one seat against `players - 1` seats of each panel style, `games` games per
/// style (see the module docs), with `options`' threads and progress (its `games` is ignored).
///
/// # Errors
/// As [`Tournament::new`] and [`run`](crate::run); a run with a log is refused.
pub fn panel(
    bot: &str,
    players: u8,
    map: MapId,
    seed: u64,
    config: Config,
    options: Options<'_>,
) -> Result<Vec<PanelRow>, SimError> {
    if options.log.is_some() {
        return Err(SimError::NotLogged);
    }
    bots::powergrid::panel::STYLES
        .iter()
        .map(|&style| {
            let mut lineup = vec![style.to_owned(); usize::from(players.max(1))];
            lineup[0] = bot.to_owned();
            let t = Tournament::<State>::new(map, lineup, seed, Some(config))?;
            let report = crate::run(
                &t,
                Options {
                    games: options.games,
                    threads: options.threads,
                    log: None,
                    progress: options.progress,
                },
            )?;
            Ok(PanelRow { style, report })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{run, Options, Report};
    use bots::powergrid::Budget;
    use bots::powergrid::Config;

    fn lineup(specs: &str) -> Vec<String> {
        specs.split(',').map(str::to_owned).collect()
    }

    fn play(t: &Tournament<State>, games: u64, threads: usize) -> Report {
        run(
            t,
            Options {
                games,
                threads,
                log: None,
                progress: &|_| {},
            },
        )
        .unwrap()
    }

    /// Exactly one seat per game is first in round 1's turn order, as the game dealt it, and
    /// `first_wins` counts a bot's wins from there only.
    #[test]
    fn each_game_has_one_first_seat() {
        let t = Tournament::<State>::new(
            MapId::Germany,
            lineup("heuristic,random,random"),
            7,
            Some(Config::default()),
        )
        .unwrap();
        let games = 12;
        let r = play(&t, games, 2);
        let firsts: f64 = r
            .bots
            .iter()
            .map(|b| b.means["first"] * b.seat_games as f64)
            .sum();
        assert!((firsts - games as f64).abs() < 1e-9, "{firsts}");
        let mut expected = [0.0; 2];
        for g in 0..games {
            let (deal, seated) = t.seating(g);
            let state = State::new(Setup::new(3, MapId::Germany, deal)).unwrap();
            let first = state.turn_order()[0].index();
            expected[usize::from(seated[first] != "heuristic")] += 1.0;
        }
        let h = &r.bots[0];
        assert!((h.means["first"] * h.seat_games as f64 - expected[0]).abs() < 1e-9);
        for b in &r.bots {
            assert!(b.means["first_wins"] <= b.means["first"] + 1e-9);
        }
    }

    /// Pinned figures of a mixed lineup: the same seeds give the same games.
    #[test]
    fn mixed_lineups_give_the_pinned_results() {
        let t = Tournament::<State>::new(
            MapId::Germany,
            lineup("heuristic,random,heuristic"),
            2,
            Some(Config::default()),
        )
        .unwrap();
        let r = play(&t, 9, 2);
        let h = &r.bots[0];
        assert_eq!(
            (h.bot.as_str(), h.games, h.seat_games, h.wins),
            ("heuristic", 9, 18, 9.0)
        );
        assert_eq!(h.win_rate, 0.5);
        // Pinned: these means change whenever the heuristic's decisions do.
        assert!(
            (h.means["cities_powered"] - 17.166_666_666_666_668).abs() < 1e-9,
            "cities_powered {}",
            h.means["cities_powered"]
        );
        assert!(
            (h.means["money"] - 26.944_444_444_444_443).abs() < 1e-9,
            "money {}",
            h.means["money"]
        );
        assert!(
            (h.means["rounds"] - 10.555_555_555_555_555).abs() < 1e-9,
            "rounds {}",
            h.means["rounds"]
        );
        assert_eq!((r.bots[1].seat_games, r.bots[1].wins), (9, 0.0));
        // The search bot at a fixed number of iterations is reproducible whatever the threads.
        let search = Config {
            budget: Budget::Iterations(10),
            threads: 1,
        };
        let t = Tournament::<State>::new(
            MapId::Germany,
            lineup("search,heuristic,heuristic,random"),
            1,
            Some(search),
        )
        .unwrap();
        let (one, two) = (play(&t, 4, 1), play(&t, 4, 2));
        for (a, b) in one.bots.iter().zip(&two.bots) {
            assert_eq!((a.wins, &a.means), (b.wins, &b.means));
        }
    }

    /// Bots that never build cannot end a game: it is stopped at the round cap, counted as
    /// unfinished and won by no one; the run goes on.
    #[test]
    fn a_game_no_one_builds_in_is_stopped_unfinished() {
        let never_builds = concat!(
            "exec:python3 ",
            env!("CARGO_MANIFEST_DIR"),
            "/../../examples/bots/powergrid_never_builds.py"
        );
        let template = botproto::ExecSpec {
            log_dir: std::env::temp_dir().join("tabletop-sim-test-bot-logs"),
            ..botproto::ExecSpec::new("")
        };
        let t = Tournament::<State>::new(
            MapId::Germany,
            vec![never_builds.to_string(), never_builds.to_string()],
            3,
            None,
        )
        .unwrap()
        .with_exec(&template);
        let r = play(&t, 1, 1);
        assert_eq!((r.games, r.unfinished), (1, 1));
        assert_eq!(r.bots[0].wins, 0.0);
        assert_eq!(r.bots[0].forfeits, 0);
    }

    #[test]
    fn every_decision_is_timed() {
        let t = Tournament::<State>::new(
            MapId::Germany,
            lineup("heuristic,random"),
            4,
            Some(Config::default()),
        )
        .unwrap();
        let r = play(&t, 4, 2);
        for b in &r.bots {
            let times = b.decision_times.unwrap();
            let counted = b.decisions_per_game.unwrap() * b.seat_games as f64;
            assert_eq!(times.decisions as f64, counted.round());
            assert!(times.mean_ms <= times.max_ms && times.p99_ms <= times.max_ms);
        }
    }

    #[test]
    fn the_same_bot_everywhere_plays_a_new_deal_every_game() {
        let t = Tournament::<State>::everyone(
            "heuristic",
            4,
            MapId::Germany,
            5,
            Some(Config::default()),
        )
        .unwrap();
        assert!(!t.rotates());
        assert_eq!(t.seating(3), (8, vec!["heuristic"; 4]));
        let r = play(&t, 20, 2);
        let h = &r.bots[0];
        assert_eq!((r.games, h.games, h.seat_games), (20, 20, 80));
        // Every game's win goes to this bot: a quarter per seat, exactly, and no interval.
        assert_eq!((h.win_rate, h.win_rate_ci95), (0.25, 0.0));
        let mixed = Tournament::<State>::new(
            MapId::Usa,
            lineup("random,heuristic,heuristic"),
            10,
            Some(Config::default()),
        )
        .unwrap();
        assert!(mixed.rotates());
        assert_eq!(
            mixed.seating(4),
            (11, vec!["heuristic", "heuristic", "random"])
        );
    }

    #[test]
    fn results_do_not_depend_on_threads() {
        let t = Tournament::<State>::new(
            MapId::Usa,
            lineup("random,heuristic"),
            3,
            Some(Config::default()),
        )
        .unwrap();
        let one = play(&t, 6, 1);
        let two = play(&t, 6, 2);
        for (a, b) in one.bots.iter().zip(&two.bots) {
            assert_eq!((a.wins, &a.means), (b.wins, &b.means));
        }
    }

    #[test]
    fn the_panel_gives_one_row_per_style_with_the_unpowered_share() {
        let rows = panel(
            "heuristic",
            3,
            MapId::Germany,
            7,
            Config::default(),
            Options {
                games: 3,
                threads: 1,
                log: None,
                progress: &|_| {},
            },
        )
        .unwrap();
        let styles: Vec<&str> = rows.iter().map(|r| r.style).collect();
        assert_eq!(styles, bots::powergrid::panel::STYLES);
        for row in &rows {
            let h = &row.report.bots[0];
            assert_eq!((h.bot.as_str(), h.games, h.seat_games), ("heuristic", 3, 3));
            let share = h.means["unpowered_5"];
            assert!((0.0..=1.0).contains(&share), "{share}");
            assert!(h.means["cities"] >= h.means["cities_powered"]);
        }
        let mut log = Vec::new();
        let logged = Options {
            games: 3,
            threads: 1,
            log: Some(&mut log),
            progress: &|_| {},
        };
        assert!(matches!(
            panel("heuristic", 3, MapId::Germany, 7, Config::default(), logged),
            Err(SimError::NotLogged)
        ));
    }

    #[test]
    fn bad_lineups_are_refused_with_a_reason() {
        let err = Tournament::<State>::new(
            MapId::Germany,
            lineup("heuristic"),
            0,
            Some(Config::default()),
        );
        assert_eq!(
            err.err().unwrap().to_string(),
            "Power Grid is for 2 to 6 players, not 1"
        );
        let err = Tournament::<State>::new(
            MapId::Germany,
            lineup("heuristic,oracle"),
            0,
            Some(Config::default()),
        );
        assert_eq!(
            err.err().unwrap().to_string(),
            "no powergrid bot named \"oracle\"; known bots: random, heuristic, search, casual, \
             builder, tycoon, hoarder, blocker, green"
        );
    }
}
