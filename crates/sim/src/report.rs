//! Tallies of finished games, and the one report both games print.

use crate::{Contest, Played, TimeSummary, Timings};
use serde::Serialize;
use std::collections::BTreeMap;

/// Running totals of a run, fed one game at a time in game order.
#[derive(Clone, Debug)]
pub struct Tally {
    games: u64,
    unfinished: u64,
    bots: Vec<BotTally>,
    measures: &'static [&'static str],
    histogram: Option<Vec<u64>>,
}

#[derive(Clone, Debug, Default)]
struct BotTally {
    name: String,
    /// Games the bot played in.
    games: u64,
    seat_games: u64,
    /// Win shares summed over seat-games.
    wins: f64,
    /// Per game: the bot's win shares over its seats there, divided by those seats; summed, and
    /// summed squared (for the interval).
    score: f64,
    score_squared: f64,
    measures: Vec<f64>,
    decisions: u64,
    nanos: u64,
    times: Timings,
    forfeits: u64,
}

impl Tally {
    /// Empty totals for `contest`'s bots and measures.
    pub fn new<C: Contest + ?Sized>(contest: &C) -> Tally {
        let measures = contest.measures();
        Tally {
            games: 0,
            unfinished: 0,
            bots: contest
                .bots()
                .into_iter()
                .map(|name| BotTally {
                    name,
                    measures: vec![0.0; measures.len()],
                    ..BotTally::default()
                })
                .collect(),
            measures,
            histogram: contest.histogram_len().map(|n| vec![0; n.max(1)]),
        }
    }

    /// Counts one game.
    pub fn add(&mut self, played: &Played) {
        self.games += 1;
        self.unfinished += u64::from(played.unfinished);
        if let (Some(hist), Some(v)) = (&mut self.histogram, played.histogram) {
            let last = hist.len() - 1;
            hist[v.min(last)] += 1;
        }
        for (i, bot) in self.bots.iter_mut().enumerate() {
            let seats: Vec<_> = played.seats.iter().filter(|s| s.bot == i).collect();
            if seats.is_empty() {
                continue;
            }
            let wins: f64 = seats.iter().map(|s| s.win).sum();
            let score = wins / seats.len() as f64;
            bot.games += 1;
            bot.seat_games += seats.len() as u64;
            bot.wins += wins;
            bot.score += score;
            bot.score_squared += score * score;
            for s in &seats {
                for (total, v) in bot.measures.iter_mut().zip(&s.measures) {
                    *total += v;
                }
                bot.forfeits += u64::from(s.forfeited);
                bot.decisions += s.decisions;
                bot.nanos += s.nanos;
                bot.times.merge(&s.times);
            }
        }
    }

    /// The report of the games counted so far.
    pub fn report<C: Contest + ?Sized>(&self, contest: &C, threads: usize, seconds: f64) -> Report {
        let per = |n: f64, d: u64| if d == 0 { 0.0 } else { n / d as f64 };
        let bots = self
            .bots
            .iter()
            .map(|b| {
                let rate = per(b.score, b.games);
                // The sample variance of the per-game scores (0 for a single game).
                let variance = if b.games > 1 {
                    ((b.score_squared - b.games as f64 * rate * rate) / (b.games - 1) as f64)
                        .max(0.0)
                } else {
                    0.0
                };
                BotReport {
                    bot: b.name.clone(),
                    games: b.games,
                    seat_games: b.seat_games,
                    forfeits: b.forfeits,
                    wins: b.wins,
                    win_rate: rate,
                    win_rate_ci95: 1.96 * (variance / b.games.max(1) as f64).sqrt(),
                    means: self
                        .measures
                        .iter()
                        .zip(&b.measures)
                        .map(|(k, v)| (*k, per(*v, b.seat_games)))
                        .collect(),
                    decisions_per_game: (b.decisions > 0)
                        .then(|| per(b.decisions as f64, b.seat_games)),
                    decisions_per_second: (b.nanos > 0)
                        .then(|| b.decisions as f64 * 1e9 / b.nanos as f64),
                    decision_times: b.times.summary(),
                }
            })
            .collect();
        Report {
            game: contest.game(),
            players: contest.players(),
            games: self.games,
            unfinished: self.unfinished,
            threads,
            seconds,
            games_per_second: self.games as f64 / seconds.max(1e-9),
            bots,
            histogram: self.histogram.clone(),
        }
    }
}

/// What a run found: per bot, its share of the wins and its means, over independent games.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    /// The game's name.
    pub game: &'static str,
    /// Seats per game.
    pub players: u8,
    /// Games played.
    pub games: u64,
    /// Games stopped unfinished at the round cap (`engine::ROUND_CAP`): counted in `games`
    /// as a loss for every seat, with every measure 0.
    pub unfinished: u64,
    /// Worker threads.
    pub threads: usize,
    /// Wall time of the run.
    pub seconds: f64,
    /// Games per second of wall time.
    pub games_per_second: f64,
    /// One row per distinct bot.
    pub bots: Vec<BotReport>,
    /// Games per value of the game's histogram measure (The Game: cards left, 0 to 98).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub histogram: Option<Vec<u64>>,
}

/// One bot's results.
#[derive(Clone, Debug, Serialize)]
pub struct BotReport {
    /// The bot's spec.
    pub bot: String,
    /// Games it played in (the independent samples).
    pub games: u64,
    /// Seats it held, over all games.
    pub seat_games: u64,
    /// Seat-games its external bot forfeited (lost by breaking the protocol).
    pub forfeits: u64,
    /// Its share of the wins, summed over its seats (ties shared).
    pub wins: f64,
    /// Its mean share of a game's wins per seat held: `wins / seat_games` when it holds the same
    /// number of seats in every game.
    pub win_rate: f64,
    /// Half the width of the 95 % normal-approximation interval of `win_rate`, from the spread
    /// of its per-game scores over `games`.
    pub win_rate_ci95: f64,
    /// The game's measures, each a mean per seat-game.
    pub means: BTreeMap<&'static str, f64>,
    /// Decisions per seat-game, where the game loop counts them.
    pub decisions_per_game: Option<f64>,
    /// Decisions per second of the bot's own thinking time, where the game loop times them.
    pub decisions_per_second: Option<f64>,
    /// Mean, 99th percentile and slowest decision, where the game loop keeps each decision's
    /// time (Power Grid's built-in bots).
    pub decision_times: Option<TimeSummary>,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{SeatResult, SimError};

    /// Two bots, two seats, one measure; games are given ready-made.
    struct Fixed;

    impl Contest for Fixed {
        type Worker = ();
        fn game(&self) -> &'static str {
            "fixed"
        }
        fn players(&self) -> u8 {
            2
        }
        fn bots(&self) -> Vec<String> {
            vec!["a".into(), "b".into()]
        }
        fn measures(&self) -> &'static [&'static str] {
            &["points"]
        }
        fn worker(&self) -> Result<(), SimError> {
            Ok(())
        }
        fn play(&self, _: &mut (), _: u64, _: bool) -> Result<Played, SimError> {
            unreachable!("the tests feed games to the tally")
        }
    }

    fn seat(bot: usize, win: f64, points: f64) -> SeatResult {
        SeatResult {
            bot,
            win,
            measures: vec![points],
            decisions: 0,
            nanos: 0,
            times: Timings::default(),
            forfeited: false,
        }
    }

    #[test]
    fn a_bot_in_every_seat_counts_each_game_once() {
        let mut tally = Tally::new(&Fixed);
        for g in 0..10 {
            let win = if g % 2 == 0 { (1.0, 0.0) } else { (0.5, 0.5) };
            tally.add(&Played {
                seats: vec![seat(0, win.0, 4.0), seat(0, win.1, 2.0)],
                histogram: None,
                record: None,
                unfinished: false,
            });
        }
        let report = tally.report(&Fixed, 1, 1.0);
        let a = &report.bots[0];
        assert_eq!((a.games, a.seat_games, a.wins), (10, 20, 10.0));
        assert_eq!(a.win_rate, 0.5);
        // Each game gives the bot exactly half the win: no spread, no interval to speak of.
        assert_eq!(a.win_rate_ci95, 0.0);
        assert_eq!(a.means["points"], 3.0);
        // The bot that never sat is reported with no games, not with a division by zero.
        assert_eq!(report.bots[1].games, 0);
        assert_eq!(report.bots[1].win_rate, 0.0);
        assert_eq!(report.bots[1].decisions_per_second, None);
    }

    #[test]
    fn the_interval_is_over_games_not_seat_games() {
        // a beats b in 3 games of 4: per game a scores 1, 1, 1, 0.
        let mut tally = Tally::new(&Fixed);
        for g in 0..4 {
            let a_wins = g < 3;
            tally.add(&Played {
                seats: vec![
                    seat(0, f64::from(u8::from(a_wins)), 1.0),
                    seat(1, f64::from(u8::from(!a_wins)), 1.0),
                ],
                histogram: None,
                record: None,
                unfinished: false,
            });
        }
        let a = &tally.report(&Fixed, 1, 1.0).bots[0];
        assert_eq!(a.win_rate, 0.75);
        // Sample variance of (1, 1, 1, 0) is 0.25; the interval is 1.96 * sqrt(0.25 / 4).
        assert!((a.win_rate_ci95 - 1.96 * (0.25f64 / 4.0).sqrt()).abs() < 1e-12);
    }
}
