//! Simulations and tournaments between bots, for every game: one parallel runner, one seeding
//! rule, one report. The `tabletop sim` commands are argument parsing and printing around it.
//!
//! Decisions:
//! - A run is a [`Contest`]: which bots sit where in game `i`, and how game `i` is played. The
//!   one contest is the [`Tournament`] of a lineup over any game that implements [`SimGame`]
//!   (what is specific to it: where setups come from, how a game is written down, what is
//!   measured); [`run`] plays games `0..n` of a contest on a rayon pool and tallies them into a
//!   [`Report`]; nothing else in a run depends on the game.
//! - Seeding: game `i` of a run with seed `S` deals from `S + i` (wrapping), or from
//!   `S + i / P` when seats rotate among `P` players, and seat `s`'s bot of game `i` is seeded
//!   with [`bot_seed`]`(S, i, s)`. A game's result therefore depends only on `(S, i)`, never on
//!   `--threads` or on which worker played it, and any single game can be played again alone.
//! - Games are played in blocks: the workers take chunks of a block from rayon, and the results
//!   come back in game order, so the tallies (floating-point sums included) and the `--log` file
//!   are the same whatever the thread count. A block is 32 chunks per thread, so at the end of
//!   a block at most one chunk per thread is still running while others wait; chunks are small
//!   for slow games (`n / (64 × threads)`, 1 to 4,096 games). Keeping a block's per-game
//!   results (two small vectors a game) to tally them in order costs little: 200,000 games of
//!   `sim thegame --players 3 --bot heuristic --threads 2` peak at 22 MiB
//!   (`docs/benchmarks.md`).
//! - Results are per bot (a bot in several seats is pooled): wins with ties shared, and the win
//!   rate with a 95 % interval computed over *games*, from each game's share of wins of that
//!   bot, never over seat-games: the seats of one game are not independent samples. With the
//!   same bot in every seat, seats do not rotate (there is no seat advantage between bots to
//!   cancel), so every game is a new deal and no deal is counted twice.
//! - A bot seat is built from its spec string ([`seat`], [`check`]): a registry lookup, or
//!   `exec:COMMAND`, an external program speaking `tabletop-bot/1` (the `botproto` crate, which
//!   does not depend on this one). An external seat keeps its process for the whole run
//!   (one per lineup entry and worker; [`run`] keeps one worker per thread), and its games are played through `botproto::play`.
//!   A seat that forfeits (breaks the protocol, times out) loses: no share of the win, and it is
//!   counted in the report's `forfeits`. Games with external seats are not logged: `--log` is
//!   refused for them.
//! - `--log` records are complete game records ([`engine::Record`], `docs/records.md`), one
//!   JSON object per line in game order: the setup with every chance outcome written out (so the
//!   record does not depend on how a seed is dealt), every action with the seat that took it,
//!   the bots and the outcome. `tabletop replay` plays them as they are.

pub mod powergrid;
mod report;
pub mod thegame;
mod timings;
mod tournament;

pub use report::{BotReport, Report, Tally};
pub use timings::{TimeSummary, Timings};
pub use tournament::{check, play_plain, seat, Finished, Score, SimGame, Tournament, Worker};

use rayon::prelude::*;
use std::io::Write;
use std::sync::Mutex;
use std::time::Instant;

/// The seed of seat `seat`'s bot in game `game` of a run seeded with `seed` (a SplitMix64
/// finaliser over the three, so neighbouring games and seats get unrelated seeds).
pub fn bot_seed(seed: u64, game: u64, seat: usize) -> u64 {
    let mut z = seed ^ game.wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ ((seat as u64) << 59);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// One seat's result in one game.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatResult {
    /// Which bot sat here: an index into [`Contest::bots`].
    pub bot: usize,
    /// This seat's share of the win: 1 for a sole winner (or a won cooperative game), `1/k` for
    /// `k` tied winners, 0 otherwise.
    pub win: f64,
    /// The game's measures for this seat, in the order of [`Contest::measures`].
    pub measures: Vec<f64>,
    /// Decisions this seat's bot took, and the nanoseconds it thought, where the game loop
    /// times them (0 otherwise).
    pub decisions: u64,
    /// See `decisions`.
    pub nanos: u64,
    /// Each timed decision's thinking time, where the game loop keeps them (empty otherwise).
    pub times: Timings,
    /// Whether this seat's external bot forfeited the game (see the module docs).
    pub forfeited: bool,
}

/// One finished game.
#[derive(Clone, Debug, PartialEq)]
pub struct Played {
    /// Every seat's result, seat 0 first; a cooperative game has one result, the team's.
    pub seats: Vec<SeatResult>,
    /// The value counted in the report's histogram, for games that keep one.
    pub histogram: Option<usize>,
    /// The complete record as one JSON line, when the run logs.
    pub record: Option<String>,
    /// Whether the game was stopped at the round cap without an outcome (a loss for every
    /// seat; see [`Report::unfinished`]).
    pub unfinished: bool,
}

/// A run: who plays which seat, and how one game is played ([`Tournament`] for every game).
pub trait Contest: Sync {
    /// What one worker keeps from game to game (its bots, buffers).
    type Worker: Send;
    /// The game's name in reports and records (`"thegame"`, `"powergrid"`).
    fn game(&self) -> &'static str;
    /// Seats per game.
    fn players(&self) -> u8;
    /// The distinct bots of the run, in the order of the report's rows.
    fn bots(&self) -> Vec<String>;
    /// The names of the per-seat measures [`Played`] carries (report keys: `cities_powered`).
    fn measures(&self) -> &'static [&'static str];
    /// The histogram's size, for games that keep one (values above it count in the last bin).
    fn histogram_len(&self) -> Option<usize> {
        None
    }
    /// A fresh worker.
    ///
    /// # Errors
    /// A bot that cannot be built.
    fn worker(&self) -> Result<Self::Worker, SimError>;
    /// Plays game `game` of the run (its record too when `record`).
    ///
    /// # Errors
    /// A setup the rules refuse, or a bot that breaks a rule or does not finish.
    fn play(&self, worker: &mut Self::Worker, game: u64, record: bool) -> Result<Played, SimError>;
}

/// Why a run stopped.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SimError {
    /// A run of no games.
    #[error("a run needs at least one game")]
    NoGames,
    /// A player count the game does not take.
    #[error("{game} is for {min} to {max} players, not {players}")]
    Players {
        /// The game's name.
        game: &'static str,
        /// Players asked for.
        players: u8,
        /// Fewest players.
        min: u8,
        /// Most players.
        max: u8,
    },
    /// A lineup with the wrong number of seats.
    #[error("{given} seats listed for {players} players: give one bot per seat")]
    SeatCount {
        /// Seats listed.
        given: usize,
        /// Players per game.
        players: u8,
    },
    /// A seat that cannot be built.
    #[error(transparent)]
    Seat(#[from] SeatError),
    /// A game that could not be played to the end.
    #[error("game {game}: {reason}")]
    Game {
        /// The game's index in the run.
        game: u64,
        /// What went wrong.
        reason: String,
    },
    /// The worker pool could not start.
    #[error("cannot start {threads} worker threads: {reason}")]
    Threads {
        /// Threads asked for.
        threads: usize,
        /// The system's reason.
        reason: String,
    },
    /// A log asked for a run with external seats.
    #[error("games with external bots (exec:) are not logged: run without --log")]
    NotLogged,
    /// The log could not be written.
    #[error("writing the log: {0}")]
    Log(#[from] std::io::Error),
}

/// Why a seat spec does not make a bot.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum SeatError {
    /// No bot of that name.
    #[error(transparent)]
    Unknown(#[from] bots::UnknownBot),
    /// `exec:` without a command.
    #[error(transparent)]
    Exec(#[from] botproto::EmptyCommand),
    /// A search budget given for a bot that does not search.
    #[error("a search budget applies to the search bot only, not to {bot}")]
    BudgetNotApplicable {
        /// The bot named.
        bot: String,
    },
}

/// How a run is carried out (as opposed to what it plays).
pub struct Options<'a> {
    /// Games to play: games `0..games` of the contest.
    pub games: u64,
    /// Worker threads, at least 1.
    pub threads: usize,
    /// Where to write each game's record, one JSON line per game in game order.
    pub log: Option<&'a mut dyn Write>,
    /// Called from the workers with the number of games just finished.
    pub progress: &'a (dyn Fn(u64) + Sync),
}

/// Plays games `0..options.games` of `contest` on `options.threads` threads and tallies them.
///
/// # Errors
/// No games, a pool that cannot start, the first game that fails (by index), or a log that
/// cannot be written.
pub fn run<C: Contest>(contest: &C, options: Options<'_>) -> Result<Report, SimError> {
    let Options {
        games,
        threads,
        mut log,
        progress,
    } = options;
    if games == 0 {
        return Err(SimError::NoGames);
    }
    let threads = threads.max(1);
    let pool = rayon::ThreadPoolBuilder::new()
        .num_threads(threads)
        .build()
        .map_err(|e| SimError::Threads {
            threads,
            reason: e.to_string(),
        })?;
    let record = log.is_some();
    let chunk = (games / (threads as u64 * 64)).clamp(1, 4096);
    let block = chunk * threads as u64 * 32;
    let mut tally = Tally::new(contest);
    // Workers outlive chunks: a chunk takes an idle one (or builds one when all are busy), so
    // a run builds at most one per thread, and external processes last the whole run.
    let idle: Mutex<Vec<C::Worker>> = Mutex::new(Vec::with_capacity(threads));
    let start = Instant::now();
    let mut from = 0;
    while from < games {
        let to = games.min(from + block);
        let starts: Vec<u64> = (from..to).step_by(chunk as usize).collect();
        let results = pool.install(|| {
            starts
                .par_iter()
                .map(|&first| -> Result<Vec<Played>, SimError> {
                    let last = to.min(first + chunk);
                    let taken = idle.lock().ok().and_then(|mut w| w.pop());
                    let mut worker = match taken {
                        Some(w) => w,
                        None => contest.worker()?,
                    };
                    let played = (first..last)
                        .map(|g| contest.play(&mut worker, g, record))
                        .collect::<Result<Vec<_>, _>>()?;
                    if let Ok(mut w) = idle.lock() {
                        w.push(worker);
                    }
                    progress(last - first);
                    Ok(played)
                })
                .collect::<Result<Vec<_>, _>>()
        })?;
        for played in results.iter().flatten() {
            tally.add(played);
            if let (Some(out), Some(line)) = (log.as_deref_mut(), &played.record) {
                writeln!(out, "{line}")?;
            }
        }
        if let Some(out) = log.as_deref_mut() {
            out.flush()?;
        }
        from = to;
    }
    Ok(tally.report(contest, threads, start.elapsed().as_secs_f64()))
}

/// The command of an `exec:COMMAND` seat spec with `template`'s limits and log directory, or
/// `None` for a built-in bot's name.
fn exec_spec(
    spec: &str,
    template: &botproto::ExecSpec,
) -> Result<Option<botproto::ExecSpec>, SeatError> {
    Ok(match botproto::seat_spec(spec)? {
        botproto::SeatSpec::BuiltIn(_) => None,
        botproto::SeatSpec::Exec(command) => Some(botproto::ExecSpec {
            command,
            ..template.clone()
        }),
    })
}

/// A game's record as one JSON line ([`engine::Record`], see the module docs).
fn record_line<G: engine::Game>(
    setup: G::Setup,
    actions: &[(engine::Seat, G::Action)],
    bots: Vec<String>,
    outcome: &G::Outcome,
) -> Result<String, SimError> {
    let mut record = engine::Record::<G>::new(setup, actions.iter().cloned());
    record.bots = Some(bots);
    record.outcome = Some(serde_json::to_value(outcome).map_err(std::io::Error::other)?);
    serde_json::to_string(&record).map_err(|e| SimError::Log(std::io::Error::other(e)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bot_seeds_differ_by_game_and_seat() {
        assert_ne!(bot_seed(1, 0, 0), bot_seed(1, 0, 1));
        assert_ne!(bot_seed(1, 0, 0), bot_seed(1, 1, 0));
        assert_eq!(bot_seed(3, 4, 5), bot_seed(3, 4, 5));
        // The rule is pinned: runs reproduce across versions.
        assert_eq!(bot_seed(0, 0, 0), 0);
        assert_eq!(bot_seed(7, 1, 2), bot_seed(7, 1, 2));
    }
}
