//! Power Grid: tournaments between bots, seats rotating over each deal.
//!
//! Decisions:
//! - With different bots in the lineup, seats rotate: game `g` deals seed `S + g / P` (P
//!   players) and seats the lineup turned by `g % P` places, so over every block of P games each
//!   bot plays each seat of the same deal once and no bot keeps a seat advantage. Run a multiple
//!   of P games for full blocks. With the same bot in every seat there is nothing to rotate
//!   (turning the lineup would replay the deal as the same game), so game `g` deals `S + g`.
//! - Each seat's bot is seeded with [`bot_seed`](crate::bot_seed)`(S, g, seat)`.
//! - Measures per seat-game: cities powered and money at the end, the game's rounds, cities
//!   connected, and `unpowered_5`: 1 when the seat ends with [`UNPOWERED`] or more connected
//!   cities unpowered at the final count (its mean is the share of such games); decisions per
//!   second are of the bot's own thinking time, as `play_game` times it. `first` is 1 when the
//!   seat is first in round 1's turn order (dealt with the game) and `first_wins` is then its
//!   share of the win (0 otherwise), so `first_wins / first` is a bot's win rate from the
//!   first seat (the first seat of round 1 opens every auction of that round, so a bot can be
//!   weaker there than elsewhere).
//! - [`panel`] runs one bot against each style of the panel (`bots::powergrid::panel::STYLES`):
//!   one tournament per style, the bot in one seat and the style in every other, seats rotating
//!   over each deal as in any mixed lineup, so each row counts games, not seat-games.
//! - A seat may be `exec:COMMAND`: the worker keeps one process per such entry of the lineup
//!   for its whole run, and a game with one is played through `botproto::play` (the bot is told
//!   the setup without its secret decks). A seat that forfeits loses any share of the win and is
//!   counted in its bot's `forfeits`.
//! - The log line is the game's record as [`bots::powergrid::play_game`] writes it down: the
//!   setup with every chance outcome fixed and every action with its seat.

use crate::{
    bot_seed, exec_spec, record_line, Contest, Options, Played, Report, SeatError, SeatResult,
    SimError, Timings,
};
use botproto::{public_setup, ExecSpec, External, SeatBot};
use bots::find;
use bots::powergrid::{play_game, Config};
use engine::{Bot, Seat};
use powergrid::{MapId, Setup, State};

/// Connected cities left unpowered at the final count from which a game counts in
/// `unpowered_5`.
pub const UNPOWERED: u8 = 5;

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
            let t = Tournament::new(map, lineup, seed, config)?;
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

/// The bot for one seat, from its spec: a registered bot's name, built with `seed` and the
/// search bot's `config`.
///
/// # Errors
/// An unknown name (the error lists the known ones).
pub fn seat(spec: &str, seed: u64, config: &Config) -> Result<Box<dyn Bot<State>>, SeatError> {
    Ok(find::<State>(spec)?.build_with(seed, config))
}

/// Checks a seat spec as [`Tournament::new`] takes it: a registered bot's name (see [`seat`]) or
/// `exec:COMMAND`, an external bot.
///
/// # Errors
/// An unknown name, or `exec:` without a command.
pub fn check(spec: &str) -> Result<(), SeatError> {
    match exec_spec(spec, &ExecSpec::new(""))? {
        None => seat(spec, 0, &Config::default()).map(drop),
        Some(_) => Ok(()),
    }
}

/// A Power Grid tournament: one lineup of bots, played over seeded deals.
pub struct Tournament {
    players: u8,
    map: MapId,
    lineup: Vec<String>,
    names: Vec<String>,
    seed: u64,
    config: Config,
    /// Time limits and log directory of the lineup's external bots.
    exec: ExecSpec,
}

impl Tournament {
    /// A tournament of `lineup` (one seat spec per seat, see [`check`]) on `map`, seeded with
    /// `seed`; `config` is the search bot's.
    ///
    /// # Errors
    /// A player count outside 2 to 6, a lineup of another length, or a bad seat spec.
    pub fn new(
        map: MapId,
        lineup: Vec<String>,
        seed: u64,
        config: Config,
    ) -> Result<Tournament, SimError> {
        let players = u8::try_from(lineup.len()).unwrap_or(u8::MAX);
        if !(2..=6).contains(&players) {
            return Err(SimError::Players {
                game: "Power Grid",
                players,
                min: 2,
                max: 6,
            });
        }
        let mut names: Vec<String> = Vec::new();
        for spec in &lineup {
            if exec_spec(spec, &ExecSpec::new(""))?.is_none() {
                seat(spec, 0, &config)?;
            }
            if !names.contains(spec) {
                names.push(spec.clone());
            }
        }
        Ok(Tournament {
            players,
            map,
            lineup,
            names,
            seed,
            config,
            exec: ExecSpec::new(""),
        })
    }

    /// Runs the lineup's external bots with `template`'s time limits and log directory (their
    /// commands stay the lineup's).
    pub fn with_exec(mut self, template: &ExecSpec) -> Tournament {
        self.exec = template.clone();
        self
    }

    /// The same bot in each of `players` seats.
    ///
    /// # Errors
    /// As [`Tournament::new`].
    pub fn everyone(
        bot: &str,
        players: u8,
        map: MapId,
        seed: u64,
        config: Config,
    ) -> Result<Tournament, SimError> {
        Tournament::new(
            map,
            vec![bot.to_owned(); usize::from(players)],
            seed,
            config,
        )
    }

    /// Whether seats rotate (the lineup has more than one bot).
    pub fn rotates(&self) -> bool {
        self.names.len() > 1
    }

    /// Game `game`'s deal seed and its lineup, seat 0 first.
    pub fn seating(&self, game: u64) -> (u64, Vec<&str>) {
        let (deal, turn) = self.deal_turn(game);
        let seated = (0..self.lineup.len())
            .map(|i| self.lineup[(i + turn) % self.lineup.len()].as_str())
            .collect();
        (deal, seated)
    }

    /// Game `game`'s deal seed, and how many places its lineup is turned.
    fn deal_turn(&self, game: u64) -> (u64, usize) {
        let p = u64::from(self.players);
        let (deal, turn) = if self.rotates() {
            (game / p, (game % p) as usize)
        } else {
            (game, 0)
        };
        (self.seed.wrapping_add(deal), turn)
    }
}

/// The external bots of one worker: one per `exec:` entry of the lineup (by lineup index), kept
/// from game to game.
pub struct Externals(Vec<Option<External<State>>>);

impl Contest for Tournament {
    type Worker = Externals;

    fn game(&self) -> &'static str {
        "powergrid"
    }

    fn players(&self) -> u8 {
        self.players
    }

    fn bots(&self) -> Vec<String> {
        self.names.clone()
    }

    fn measures(&self) -> &'static [&'static str] {
        &[
            "cities_powered",
            "money",
            "rounds",
            "cities",
            "unpowered_5",
            "first",
            "first_wins",
        ]
    }

    fn worker(&self) -> Result<Externals, SimError> {
        self.lineup
            .iter()
            .map(|spec| Ok(exec_spec(spec, &self.exec)?.map(External::new)))
            .collect::<Result<_, SimError>>()
            .map(Externals)
    }

    fn play(&self, worker: &mut Externals, game: u64, record: bool) -> Result<Played, SimError> {
        let failed = |reason: String| SimError::Game { game, reason };
        let (deal, seated) = self.seating(game);
        let setup = Setup::new(self.players, self.map, deal);
        // Round 1's turn order is dealt with the game: the first seat is known before it.
        let first = State::new(setup.clone())
            .ok()
            .and_then(|s| s.turn_order().first().copied());
        let mut forfeited = vec![false; seated.len()];
        let (played, record_setup, actions);
        let mut times: Vec<Timings> = Vec::new();
        if worker.0.iter().any(Option::is_some) {
            if record {
                return Err(SimError::NotLogged);
            }
            let (_, turn) = self.deal_turn(game);
            let n = self.lineup.len();
            let mut seats = Vec::with_capacity(n);
            for (s, spec) in seated.iter().enumerate() {
                seats.push(match worker.0[(s + turn) % n].take() {
                    Some(e) => SeatBot::External(e),
                    None => {
                        SeatBot::built_in(seat(spec, bot_seed(self.seed, game, s), &self.config)?)
                    }
                });
            }
            let seeds: Vec<u64> = (0..n).map(|s| bot_seed(self.seed, game, s)).collect();
            let state =
                State::new(setup.clone()).map_err(|e| failed(format!("deal seed {deal}: {e}")))?;
            let result = botproto::play(
                state,
                &mut seats,
                &public_setup(&setup),
                &seeds,
                &format!("game {game}"),
            );
            for (s, bot) in seats.into_iter().enumerate() {
                if let SeatBot::External(e) = bot {
                    worker.0[(s + turn) % n] = Some(e);
                }
            }
            let mut result = result.map_err(|e| failed(format!("deal seed {deal}: {e}")))?;
            for (s, f) in result.forfeits.iter().enumerate() {
                if f.is_some() {
                    forfeited[s] = true;
                    result.outcome.winners.retain(|w| w.index() != s);
                }
            }
            played = (
                result.outcome,
                result.state.round(),
                result.decisions,
                result.nanos,
            );
            record_setup = None;
            actions = Vec::new();
        } else {
            let mut bots = seated
                .iter()
                .enumerate()
                .map(|(s, spec)| seat(spec, bot_seed(self.seed, game, s), &self.config))
                .collect::<Result<Vec<_>, _>>()?;
            let result = play_game(setup, &mut bots)
                .map_err(|e| failed(format!("deal seed {deal}: {e}")))?;
            played = (
                result.outcome,
                result.rounds,
                result.decisions,
                result.nanos,
            );
            times = result.times.iter().map(|t| Timings::of(t)).collect();
            record_setup = Some(result.setup);
            actions = result.actions;
        }
        let (outcome, rounds, decisions, nanos) = &played;
        let seats = seated
            .iter()
            .enumerate()
            .map(|(s, spec)| {
                let me = Seat(s as u8);
                let standing = outcome.standings.iter().find(|x| x.seat == me);
                let win = if outcome.winners.contains(&me) {
                    1.0 / outcome.winners.len() as f64
                } else {
                    0.0
                };
                let is_first = first == Some(me);
                SeatResult {
                    bot: self.names.iter().position(|n| n == spec).unwrap_or(0),
                    win,
                    measures: vec![
                        standing.map_or(0.0, |x| f64::from(x.cities_powered)),
                        standing.map_or(0.0, |x| f64::from(x.money)),
                        f64::from(*rounds),
                        standing.map_or(0.0, |x| f64::from(x.cities)),
                        standing.map_or(0.0, |x| {
                            f64::from(u8::from(x.cities >= x.cities_powered + UNPOWERED))
                        }),
                        f64::from(u8::from(is_first)),
                        if is_first { win } else { 0.0 },
                    ],
                    decisions: decisions.get(s).copied().unwrap_or(0),
                    nanos: nanos.get(s).copied().unwrap_or(0),
                    times: times.get(s).cloned().unwrap_or_default(),
                    forfeited: forfeited[s],
                }
            })
            .collect();
        let line = match (record, &record_setup) {
            (true, Some(setup)) => {
                let names: Vec<String> = seated.iter().map(|s| (*s).to_owned()).collect();
                Some(record_line::<State>(
                    setup.clone(),
                    &actions,
                    names,
                    outcome,
                )?)
            }
            _ => None,
        };
        Ok(Played {
            seats,
            histogram: None,
            record: line,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{run, Options, Report};
    use bots::powergrid::Budget;

    fn lineup(specs: &str) -> Vec<String> {
        specs.split(',').map(str::to_owned).collect()
    }

    fn play(t: &Tournament, games: u64, threads: usize) -> Report {
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
        let t = Tournament::new(
            MapId::Germany,
            lineup("heuristic,random,random"),
            7,
            Config::default(),
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

    /// Figures of `tabletop sim powergrid … --json` before the runner moved into this crate.
    #[test]
    fn mixed_lineups_give_the_former_results() {
        let t = Tournament::new(
            MapId::Germany,
            lineup("heuristic,random,heuristic"),
            2,
            Config::default(),
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
            (h.means["cities_powered"] - 15.777_777_777_777_779).abs() < 1e-9,
            "cities_powered {}",
            h.means["cities_powered"]
        );
        assert!(
            (h.means["money"] - 35.388_888_888_888_886).abs() < 1e-9,
            "money {}",
            h.means["money"]
        );
        assert!(
            (h.means["rounds"] - 9.888_888_888_888_89).abs() < 1e-9,
            "rounds {}",
            h.means["rounds"]
        );
        assert_eq!((r.bots[1].seat_games, r.bots[1].wins), (9, 0.0));
        // The search bot's games changed with the one determinization (its sampler), so its
        // figures are not pinned here; at a fixed number of iterations it is reproducible.
        let search = Config {
            budget: Budget::Iterations(10),
            threads: 1,
        };
        let t = Tournament::new(
            MapId::Germany,
            lineup("search,heuristic,heuristic,random"),
            1,
            search,
        )
        .unwrap();
        let (one, two) = (play(&t, 4, 1), play(&t, 4, 2));
        for (a, b) in one.bots.iter().zip(&two.bots) {
            assert_eq!((a.wins, &a.means), (b.wins, &b.means));
        }
    }

    #[test]
    fn every_decision_is_timed() {
        let t = Tournament::new(
            MapId::Germany,
            lineup("heuristic,random"),
            4,
            Config::default(),
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
        let t = Tournament::everyone("heuristic", 4, MapId::Germany, 5, Config::default()).unwrap();
        assert!(!t.rotates());
        assert_eq!(t.seating(3), (8, vec!["heuristic"; 4]));
        let r = play(&t, 20, 2);
        let h = &r.bots[0];
        assert_eq!((r.games, h.games, h.seat_games), (20, 20, 80));
        // Every game's win goes to this bot: a quarter per seat, exactly, and no interval.
        assert_eq!((h.win_rate, h.win_rate_ci95), (0.25, 0.0));
        let mixed = Tournament::new(
            MapId::Usa,
            lineup("random,heuristic,heuristic"),
            10,
            Config::default(),
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
        let t =
            Tournament::new(MapId::Usa, lineup("random,heuristic"), 3, Config::default()).unwrap();
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
        let err = Tournament::new(MapId::Germany, lineup("heuristic"), 0, Config::default());
        assert_eq!(
            err.err().unwrap().to_string(),
            "Power Grid is for 2 to 6 players, not 1"
        );
        let err = Tournament::new(
            MapId::Germany,
            lineup("heuristic,oracle"),
            0,
            Config::default(),
        );
        assert_eq!(
            err.err().unwrap().to_string(),
            "no powergrid bot named \"oracle\"; known bots: random, heuristic, search, casual, \
             builder, tycoon, hoarder, blocker, green"
        );
    }
}
