//! The one tournament: a lineup of bots playing any game, seats rotating over each deal.
//!
//! Decisions:
//! - With different bots in the lineup, seats rotate: game `g` deals `S + g / P` (P players)
//!   and seats the lineup turned by `g % P` places, so over every block of P games each bot
//!   plays each seat of the same deal once and no bot keeps a seat advantage. Run a multiple of
//!   P games for full blocks. With the same bot in every seat there is nothing to rotate
//!   (turning the lineup would replay the deal as the same game), so game `g` deals `S + g`.
//! - Each seat's bot is reset for game `g` with [`bot_seed`]`(S, g, seat)`. A worker builds its
//!   bots once and resets them per game; by the bot contract ([`engine::Bot::reset`]) a bot
//!   reset with a seed plays as one newly built with it.
//! - A seat may be `exec:COMMAND`: the worker keeps one process per such entry of the lineup
//!   for its whole run, and a game with one is played through `botproto::play`, which tells
//!   each bot the setup without what fixes the hidden cards ([`botproto::public_setup`]). A
//!   seat that forfeits gets no share of the win (the other winners share it) and is counted
//!   in its bot's `forfeits`; in a cooperative game a forfeit loses the game for the team.
//! - A cooperative game (one [`Score`] per game) is one result, the team's, credited to the
//!   bot of seat 0: its `wins` counts games won.
//! - What is specific to a game is its [`SimGame`] impl: where setups come from (a map, a deals
//!   file), how a game is played and written down, and what is measured.

use crate::{
    bot_seed, exec_spec, record_line, Contest, Played, SeatError, SeatResult, SimError, Timings,
};
use botproto::{public_setup, ExecSpec, External, SeatBot};
use bots::{find, PlayError, PlayOptions, Registered};
use engine::{Bot, Game};
use std::ops::RangeInclusive;

/// One seat's (or, in a cooperative game, the team's) result, as a game measures it.
#[derive(Clone, Debug, PartialEq)]
pub struct Score {
    /// Share of the win: 1 for a sole winner or a won cooperative game, `1/k` for `k` tied
    /// winners, 0 otherwise.
    pub win: f64,
    /// The game's measures, in the order of [`SimGame::MEASURES`].
    pub measures: Vec<f64>,
}

/// A game played by [`SimGame::play`].
pub struct Finished<G: Game> {
    /// How it went (per-seat tallies only where the game times its decisions).
    pub played: bots::Played<G>,
    /// The setup with every chance outcome written out, when the game was recorded.
    pub setup: Option<G::Setup>,
}

/// What a game adds to the tournament: everything else is the same for every game.
pub trait SimGame: Registered + botproto::BotGame + Sized + 'static {
    /// Its name in messages (`"Power Grid"`).
    const TITLE: &'static str;
    /// The player counts it takes.
    const PLAYERS: RangeInclusive<u8>;
    /// How the runner plays it: events shown to the bots, decisions timed, the action cap.
    const PLAY: PlayOptions;
    /// The names of the measures of each [`Score`] (report keys: `cities_powered`).
    const MEASURES: &'static [&'static str] = &[];
    /// The histogram's size, for games that keep one (values above it count in the last bin).
    const HISTOGRAM: Option<usize> = None;
    /// What chooses the setups besides the player count and the deal seed: a board, a list of
    /// deals.
    type Deals: Send + Sync;

    /// The setup of deal number `deal` of a run seeded `seed`, for `players` (a seeded deal is
    /// dealt from `seed + deal`).
    ///
    /// # Errors
    /// Why there is no such deal.
    fn setup(deals: &Self::Deals, players: u8, seed: u64, deal: u64)
        -> Result<Self::Setup, String>;

    /// How many games `deals` holds, when it is a finite list.
    fn available(_deals: &Self::Deals) -> Option<u64> {
        None
    }

    /// Plays `state`, made from `setup`, to the end with one bot per seat; when `record`, keeps
    /// every action and the setup with every chance outcome written out. The default plays
    /// with [`SimGame::PLAY`] and writes `setup` as it is: right for a game whose setup already
    /// fixes every chance outcome.
    ///
    /// # Errors
    /// A bot's illegal action or empty plan, or a game that does not end.
    fn play(
        state: &mut Self,
        setup: &Self::Setup,
        bots: &mut [Box<dyn Bot<Self>>],
        record: bool,
    ) -> Result<Finished<Self>, PlayError> {
        Ok(Finished {
            played: play_plain(state, bots, record)?,
            setup: record.then(|| setup.clone()),
        })
    }

    /// The game's scores: one per seat, seat 0 first, or one for a cooperative game. `end` is
    /// the final state of the game `setup` made.
    fn score(setup: &Self::Setup, end: &Self, outcome: &Self::Outcome) -> Vec<Score>;

    /// The value counted in the report's histogram, for games that keep one.
    fn histogram(_outcome: &Self::Outcome) -> Option<usize> {
        None
    }
}

/// Plays `state` to the end as [`SimGame::PLAY`] says, keeping every action when `record`: the
/// game loop of [`SimGame::play`]'s default, for impls that add to it.
///
/// # Errors
/// A bot's illegal action or empty plan, or a game that does not end.
pub fn play_plain<G: SimGame>(
    state: &mut G,
    bots: &mut [Box<dyn Bot<G>>],
    record: bool,
) -> Result<bots::Played<G>, PlayError> {
    let options = PlayOptions { record, ..G::PLAY };
    bots::play(state, bots, &options, |_, _, _, _| {})
}

/// The bot for one seat, from its spec: a registered bot's name, built with `seed` and
/// `config` (the default one when `None`).
///
/// # Errors
/// An unknown name (the error lists the known ones).
pub fn seat<G: Registered>(
    spec: &str,
    seed: u64,
    config: Option<&G::Config>,
) -> Result<Box<dyn Bot<G>>, SeatError> {
    let entry = find::<G>(spec)?;
    Ok(match config {
        Some(config) => entry.build_with(seed, config),
        None => entry.build(seed),
    })
}

/// Checks a seat spec as [`Tournament::new`] takes it: a registered bot's name or
/// `exec:COMMAND`, an external bot.
///
/// # Errors
/// An unknown name, or `exec:` without a command.
pub fn check<G: Registered>(spec: &str) -> Result<(), SeatError> {
    match exec_spec(spec, &ExecSpec::new(""))? {
        None => find::<G>(spec).map(drop).map_err(SeatError::from),
        Some(_) => Ok(()),
    }
}

/// A tournament of one lineup of bots over the deals of one game.
pub struct Tournament<G: SimGame> {
    players: u8,
    deals: G::Deals,
    lineup: Vec<String>,
    names: Vec<String>,
    /// For each lineup entry, its bot's index in `names`.
    entry_bot: Vec<usize>,
    seed: u64,
    config: Option<G::Config>,
    /// Time limits and log directory of the lineup's external bots.
    exec: ExecSpec,
}

impl<G: SimGame> Tournament<G> {
    /// A tournament of `lineup` (one seat spec per seat, see [`check`]) over `deals`, seeded
    /// with `seed`; `config` builds the bots that take one (the default when `None`).
    ///
    /// # Errors
    /// A player count the game does not take, or a bad seat spec.
    pub fn new(
        deals: G::Deals,
        lineup: Vec<String>,
        seed: u64,
        config: Option<G::Config>,
    ) -> Result<Tournament<G>, SimError> {
        let players = u8::try_from(lineup.len()).unwrap_or(u8::MAX);
        if !G::PLAYERS.contains(&players) {
            return Err(SimError::Players {
                game: G::TITLE,
                players,
                min: *G::PLAYERS.start(),
                max: *G::PLAYERS.end(),
            });
        }
        let mut names: Vec<String> = Vec::new();
        for spec in &lineup {
            check::<G>(spec)?;
            if !names.contains(spec) {
                names.push(spec.clone());
            }
        }
        let entry_bot = (lineup.iter())
            .map(|spec| names.iter().position(|n| n == spec).unwrap_or(0))
            .collect();
        Ok(Tournament {
            players,
            deals,
            lineup,
            names,
            entry_bot,
            seed,
            config,
            exec: ExecSpec::new(""),
        })
    }

    /// The same bot in each of `players` seats.
    ///
    /// # Errors
    /// As [`Tournament::new`].
    pub fn everyone(
        bot: &str,
        players: u8,
        deals: G::Deals,
        seed: u64,
        config: Option<G::Config>,
    ) -> Result<Tournament<G>, SimError> {
        let lineup = vec![bot.to_owned(); usize::from(players)];
        Tournament::new(deals, lineup, seed, config)
    }

    /// Runs the lineup's external bots with `template`'s time limits and log directory (their
    /// commands stay the lineup's).
    pub fn with_exec(mut self, template: &ExecSpec) -> Tournament<G> {
        self.exec = template.clone();
        self
    }

    /// Whether seats rotate (the lineup has more than one bot).
    pub fn rotates(&self) -> bool {
        self.names.len() > 1
    }

    /// The games this run has, when its deals are a finite list.
    pub fn available(&self) -> Option<u64> {
        G::available(&self.deals)
    }

    /// What the deals are chosen from (a board, a list of deals).
    pub fn deals(&self) -> &G::Deals {
        &self.deals
    }

    /// The run's seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// What the bots that take one are built with (the default when `None`).
    pub fn config(&self) -> Option<&G::Config> {
        self.config.as_ref()
    }

    /// Game `game`'s deal seed and its lineup, seat 0 first.
    pub fn seating(&self, game: u64) -> (u64, Vec<&str>) {
        let (deal, turn) = self.deal_turn(game);
        let n = self.lineup.len();
        let seated = (0..n)
            .map(|i| self.lineup[(i + turn) % n].as_str())
            .collect();
        (self.seed.wrapping_add(deal), seated)
    }

    /// A game stopped at the round cap, its lineup turned by `turn`: no outcome, a loss for
    /// every seat.
    fn unfinished(&self, turn: usize) -> Played {
        let n = self.lineup.len();
        let seats = (0..n)
            .map(|s| SeatResult {
                bot: self.entry_bot[(s + turn) % n],
                win: 0.0,
                measures: vec![0.0; G::MEASURES.len()],
                decisions: 0,
                nanos: 0,
                times: Timings::default(),
                forfeited: false,
            })
            .collect();
        Played {
            seats,
            histogram: None,
            record: None,
            unfinished: true,
        }
    }

    /// Game `game`'s deal number, and how many places its lineup is turned.
    fn deal_turn(&self, game: u64) -> (u64, usize) {
        let p = u64::from(self.players);
        if self.rotates() {
            (game / p, (game % p) as usize)
        } else {
            (game, 0)
        }
    }
}

/// One worker's bots: with only built-in bots in the lineup, one per lineup entry, reset for
/// every game; otherwise the external processes by lineup entry, kept from game to game (the
/// built-in seats of such a run are built for each game).
pub struct Worker<G: Game> {
    built_in: Vec<Box<dyn Bot<G>>>,
    external: Vec<Option<External<G>>>,
}

impl<G: SimGame> Contest for Tournament<G> {
    type Worker = Worker<G>;

    fn game(&self) -> &'static str {
        G::NAME
    }

    fn players(&self) -> u8 {
        self.players
    }

    fn bots(&self) -> Vec<String> {
        self.names.clone()
    }

    fn measures(&self) -> &'static [&'static str] {
        G::MEASURES
    }

    fn histogram_len(&self) -> Option<usize> {
        G::HISTOGRAM
    }

    fn worker(&self) -> Result<Worker<G>, SimError> {
        let mut external = Vec::new();
        for spec in &self.lineup {
            external.push(exec_spec(spec, &self.exec)?.map(External::new));
        }
        let built_in = if external.iter().any(Option::is_some) {
            Vec::new()
        } else {
            (self.lineup.iter())
                .map(|spec| seat::<G>(spec, self.seed, self.config.as_ref()))
                .collect::<Result<_, _>>()?
        };
        Ok(Worker { built_in, external })
    }

    fn play(&self, worker: &mut Worker<G>, game: u64, record: bool) -> Result<Played, SimError> {
        let (deal, turn) = self.deal_turn(game);
        let failed = |reason: String| SimError::Game {
            game,
            reason: format!("deal seed {}: {reason}", self.seed.wrapping_add(deal)),
        };
        let setup = G::setup(&self.deals, self.players, self.seed, deal)
            .map_err(|reason| SimError::Game { game, reason })?;
        let mut state = G::new(setup.clone()).map_err(|e| failed(e.to_string()))?;
        let n = self.lineup.len();
        let seed_of = |s: usize| bot_seed(self.seed, game, s);
        let (end, outcome, decisions, nanos, times, forfeited, recorded);
        if worker.built_in.is_empty() {
            if record {
                return Err(SimError::NotLogged);
            }
            let mut seats = Vec::with_capacity(n);
            for s in 0..n {
                let i = (s + turn) % n;
                seats.push(match worker.external[i].take() {
                    Some(e) => SeatBot::External(e),
                    None => SeatBot::built_in(seat::<G>(
                        &self.lineup[i],
                        seed_of(s),
                        self.config.as_ref(),
                    )?),
                });
            }
            let seeds: Vec<u64> = (0..n).map(seed_of).collect();
            let label = format!("game {game}");
            let result = botproto::play(state, &mut seats, &public_setup(&setup), &seeds, &label);
            for (s, bot) in seats.into_iter().enumerate() {
                if let SeatBot::External(e) = bot {
                    worker.external[(s + turn) % n] = Some(e);
                }
            }
            if let Err(PlayError::RoundCap(_)) = result {
                return Ok(self.unfinished(turn));
            }
            let result = result.map_err(|e| failed(e.to_string()))?;
            forfeited = result.forfeits.iter().map(Option::is_some).collect();
            (end, outcome) = (result.state, result.outcome);
            (decisions, nanos, times) = (result.decisions, result.nanos, Vec::new());
            recorded = None;
        } else {
            // Seat `s` is lineup entry `(s + turn) % n`: turn the bots into seat order and back.
            let bots = &mut worker.built_in;
            bots.rotate_left(turn);
            for (s, bot) in bots.iter_mut().enumerate() {
                bot.reset(seed_of(s));
            }
            let result = G::play(&mut state, &setup, bots, record);
            bots.rotate_right(turn);
            if let Err(PlayError::RoundCap(_)) = result {
                return Ok(self.unfinished(turn));
            }
            let finished = result.map_err(|e| failed(e.to_string()))?;
            let played = finished.played;
            (end, outcome, forfeited) = (state, played.outcome, Vec::new());
            (decisions, nanos) = (played.decisions, played.nanos);
            times = played.times.iter().map(|t| Timings::of(t)).collect();
            recorded = finished.setup.map(|setup| (setup, played.actions));
        }
        let forfeits = |s: usize| forfeited.get(s).copied().unwrap_or(false);
        let bot_at = |s: usize| self.entry_bot[(s + turn) % n];
        let scores = G::score(&setup, &end, &outcome);
        let seats = if scores.len() == 1 && n > 1 {
            // Cooperative: one result, the team's (see the module docs).
            let [team] = <[Score; 1]>::try_from(scores).unwrap_or_else(|_| unreachable!());
            let lost = forfeited.contains(&true);
            vec![SeatResult {
                bot: bot_at(0),
                win: if lost { 0.0 } else { team.win },
                measures: team.measures,
                decisions: decisions.iter().sum(),
                nanos: nanos.iter().sum(),
                times: Timings::default(),
                forfeited: lost,
            }]
        } else {
            // A forfeiting seat's share of the win goes to the other winners.
            let kept: f64 = (scores.iter().enumerate())
                .filter(|&(s, _)| !forfeits(s))
                .map(|(_, score)| score.win)
                .sum();
            let all: f64 = scores.iter().map(|s| s.win).sum();
            let scale = if kept > 0.0 && kept < all {
                all / kept
            } else {
                1.0
            };
            scores
                .into_iter()
                .enumerate()
                .map(|(s, score)| SeatResult {
                    bot: bot_at(s),
                    win: if forfeits(s) { 0.0 } else { score.win * scale },
                    measures: score.measures,
                    decisions: decisions.get(s).copied().unwrap_or(0),
                    nanos: nanos.get(s).copied().unwrap_or(0),
                    times: times.get(s).cloned().unwrap_or_default(),
                    forfeited: forfeits(s),
                })
                .collect()
        };
        let record = match recorded {
            Some((setup, actions)) => {
                let names = self
                    .seating(game)
                    .1
                    .iter()
                    .map(|s| (*s).to_owned())
                    .collect();
                Some(record_line::<G>(setup, &actions, names, &outcome)?)
            }
            None => None,
        };
        Ok(Played {
            seats,
            histogram: G::histogram(&outcome),
            record,
            unfinished: false,
        })
    }
}
