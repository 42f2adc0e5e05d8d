//! The regret finder: for every game a bot lost, other final rounds it could have played.
//!
//! Decisions:
//! - **What is tried.** The loser's final round (the round the game ended in: its auction, its
//!   fuel and its building) is played again with another [`Plan`]: in the auction its own
//!   bidding, passing, or buying one plant of the market at its minimum or for up to all its
//!   money; then its own purchases and builds, or fuel and houses for a target of cities at the
//!   final count (the cheapest fuel the market holds for some of its plants, the cheapest
//!   cities; `bots::powergrid::finish`). Plans are tried from the smallest change on, and the
//!   first that wins is reported.
//! - **Against the rivals' own play.** The rivals are not frozen: every game is played again
//!   from its setup (every chance outcome written out) with the same bots on the same seeds;
//!   the rivals decide every action themselves, the loser's seat replays its recorded actions
//!   until the final round and then follows the plan (its own bot, which has seen every event,
//!   where the plan leaves a decision to it). Before the final round the loser's bot still
//!   decides every turn, its choice set aside for the recorded action, so a bot whose decisions
//!   depend on its own earlier ones (the search bot's rival models, fitted at its decisions,
//!   and its random streams) reaches the final round as it did in the game. A game that does
//!   not replay as played (a bot whose decisions depend on the clock) is *diverged*: it is
//!   counted and not searched.
//! - **A regret is a test.** Each one carries a [`Case`]: the setup, the bots and their seeds,
//!   the loser's seat, the final round and every action of the game as it was played. [`play_on`]
//!   plays a case again with the loser's own bot from the final round on, so the case of a
//!   loss fixed by a better bot becomes a test that fails before the fix and passes after it.

use crate::{bot_seed, SimError, Tournament};
use bots::powergrid::finish::{build_toward, fuel_toward};
use bots::powergrid::{play_written, Config};
use bots::{PlayError, PlayOptions};
use engine::{Bot, Legal, Seat};
use powergrid::{Action, Outcome, PhaseKind, PlantId, Setup, Standing, State, View};
use serde::{Deserialize, Serialize};
use std::fmt;

/// How the loser bids in its final round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Bidding {
    /// As its own bot bids.
    Own,
    /// It buys no plant.
    Pass,
    /// It opens `plant` at its minimum when its turn comes and raises on it up to `limit`,
    /// passing on every other plant.
    Buy {
        /// The plant it wants.
        plant: PlantId,
        /// The most it bids.
        limit: u32,
    },
}

/// Another final round for the loser (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Plan {
    /// Its bidding.
    pub bidding: Bidding,
    /// Cities to fuel and connect (`None`: its own purchases and builds).
    pub target: Option<u32>,
}

impl fmt::Display for Plan {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.bidding {
            Bidding::Own => f.write_str("own bidding")?,
            Bidding::Pass => f.write_str("buy no plant")?,
            Bidding::Buy { plant, limit } => write!(f, "buy plant {plant} for up to {limit}")?,
        }
        match self.target {
            None => f.write_str(", own fuel and building"),
            Some(k) => write!(f, ", fuel and connect {k} cities"),
        }
    }
}

impl Plan {
    /// The plan's action in `view` among `legal`, or `None` to leave it to the seat's bot.
    fn choose(&self, view: &View, legal: &[Action]) -> Option<Action> {
        let choice = match (view.phase, self.target) {
            (PhaseKind::Auction, _) => match self.bidding {
                Bidding::Own => None,
                Bidding::Pass => Some(Action::Pass),
                Bidding::Buy { plant, limit } => Some(match &view.auction {
                    Some(a) if a.plant == plant && a.high_bid < limit => Action::Bid {
                        amount: a.high_bid + 1,
                    },
                    Some(_) => Action::Pass,
                    None => Action::StartAuction {
                        plant,
                        bid: u32::from(plant.0),
                    },
                }),
            },
            (PhaseKind::Resources, Some(k)) => Some(fuel_toward(view, legal, k)),
            (PhaseKind::Building, Some(k)) => Some(build_toward(view, legal, k)),
            _ => None,
        };
        // A choice the rules refuse (a plant already sold, a pass that must be a purchase)
        // falls back on the seat's bot; passing is the fallback within a planned auction.
        choice.filter(|a| legal.contains(a)).or_else(|| {
            (view.phase == PhaseKind::Auction && self.bidding != Bidding::Own)
                .then_some(Action::Pass)
                .filter(|a| legal.contains(a))
        })
    }
}

/// A lost game, written down so that it can be played again (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Case {
    /// The setup, every chance outcome written out.
    pub setup: Setup,
    /// The bot of each seat.
    pub bots: Vec<String>,
    /// Each seat's bot seed.
    pub seeds: Vec<u64>,
    /// The loser's seat.
    pub seat: Seat,
    /// The round the game ended in.
    pub round: u16,
    /// Every action of the game as played, as `SEAT ACTION` in the actions' text form.
    pub actions: Vec<String>,
}

impl Case {
    /// Every action with its seat.
    ///
    /// # Errors
    /// An entry that is not a seat number and an action in text form.
    pub fn steps(&self) -> Result<Vec<(Seat, Action)>, String> {
        self.actions
            .iter()
            .map(|line| {
                let (seat, action) = line
                    .split_once(' ')
                    .ok_or_else(|| format!("{line:?} is not SEAT ACTION"))?;
                let seat = seat.parse::<u8>().map_err(|e| format!("{line:?}: {e}"))?;
                let action = action.parse::<Action>().map_err(|e| e.to_string())?;
                Ok((Seat(seat), action))
            })
            .collect()
    }
}

/// How the loser's seat plays a case again.
struct Loser {
    bot: Box<dyn Bot<State>>,
    /// Its recorded actions before the final round, in order.
    script: std::vec::IntoIter<Action>,
    round: u16,
    plan: Option<Plan>,
}

impl Bot<State> for Loser {
    fn plan(&mut self, view: &View, legal: &Legal<'_, State>, out: &mut Vec<Action>) {
        if view.round < self.round {
            if let Some(a) = self.script.next() {
                // The bot decides as in the game (see the module docs); the record's action
                // is played.
                let mut set_aside = Vec::new();
                self.bot.plan(view, legal, &mut set_aside);
                out.push(a);
                return;
            }
        }
        if view.round == self.round {
            if let Some(a) = self.plan.and_then(|p| p.choose(view, legal.actions())) {
                out.push(a);
                return;
            }
        }
        self.bot.plan(view, legal, out);
    }

    fn name(&self) -> &str {
        self.bot.name()
    }

    fn observe(&mut self, event: &powergrid::Event) {
        self.bot.observe(event);
    }
}

/// A case played again.
#[derive(Clone, Debug)]
pub struct Replayed {
    /// How it ended.
    pub outcome: Outcome,
    /// The loser's actions in the final round.
    pub actions: Vec<Action>,
    /// Whether a rival decided otherwise than in the record before the final round.
    pub diverged: bool,
    /// The round the game ended in.
    pub round: u16,
}

/// Plays `case` again (see the module docs): the rivals with their own bots, the loser's seat
/// replaying its actions before the final round, then following `plan` (its own bot where the
/// plan leaves a decision to it, or everywhere without one).
///
/// # Errors
/// A case whose actions cannot be read, an unknown bot, an illegal action, or a game that does
/// not end.
pub fn play_on(case: &Case, config: &Config, plan: Option<Plan>) -> Result<Replayed, SimError> {
    let failed = |reason: String| SimError::Game { game: 0, reason };
    let steps = case.steps().map_err(failed)?;
    let mut state = State::new(case.setup.clone()).map_err(|e| failed(e.to_string()))?;
    // The loser's actions before the final round: the record's, up to that round.
    let mut script = Vec::new();
    let mut prefix = 0;
    {
        let mut s = state.clone();
        for (seat, action) in &steps {
            if s.round() >= case.round {
                break;
            }
            if *seat == case.seat {
                script.push(*action);
            }
            s.apply_quiet(*seat, action)
                .map_err(|e| failed(e.to_string()))?;
            prefix += 1;
        }
    }
    let mut bots: Vec<Box<dyn Bot<State>>> = Vec::with_capacity(case.bots.len());
    for (i, name) in case.bots.iter().enumerate() {
        let seed = case.seeds.get(i).copied().unwrap_or(0);
        let bot = crate::seat::<State>(name, seed, Some(config))?;
        bots.push(if Seat(i as u8) == case.seat {
            Box::new(Loser {
                bot,
                script: script.clone().into_iter(),
                round: case.round,
                plan,
            })
        } else {
            bot
        });
    }
    let options = PlayOptions {
        events: true,
        timed: false,
        record: true,
        max_actions: bots::powergrid::MAX_ACTIONS,
    };
    let mut diverged = false;
    let mut taken = 0usize;
    let played = bots::play(&mut state, &mut bots, &options, |_, seat, action, _| {
        if taken < prefix && steps.get(taken) != Some(&(seat, *action)) {
            diverged = true;
        }
        taken += 1;
    })
    .map_err(|e| failed(e.to_string()))?;
    let actions = played.actions[prefix.min(played.actions.len())..]
        .iter()
        .filter(|(s, _)| *s == case.seat)
        .map(|(_, a)| *a)
        .collect();
    Ok(Replayed {
        outcome: played.outcome,
        actions,
        diverged,
        round: state.round(),
    })
}

/// A loss another final round would have won.
#[derive(Clone, Debug, Serialize)]
pub struct Regret {
    /// The game's index in the run.
    pub game: u64,
    /// Its deal seed (`Setup::new(players, map, deal)`).
    pub deal: u64,
    /// The losing bot.
    pub bot: String,
    /// Its seat.
    pub seat: Seat,
    /// The final round.
    pub round: u16,
    /// Cities it powered and money it had at the final count, as played.
    pub lost: (u8, u32),
    /// Cities the winner powered, as played.
    pub winner_powered: u8,
    /// The plan that wins.
    pub plan: Plan,
    /// The plan in words.
    pub plan_text: String,
    /// The loser's actions in the final round under the plan, in text form.
    pub actions: Vec<String>,
    /// Cities it powers and money it has at the final count under the plan.
    pub won: (u8, u32),
    /// Whether the game still ends in its final round and the plan's final count beats the
    /// winner's as played ([`beats`]): the loser's own round wins it, whatever the rivals
    /// answered. Otherwise the plan wins only because the rivals, answering it, ended lower
    /// than they did in the game, or the game went on.
    pub outright: bool,
    /// The game, to play again ([`play_on`]).
    pub case: Case,
}

/// What [`find`] found.
#[derive(Clone, Debug, Default, Serialize)]
pub struct Regrets {
    /// Games played.
    pub games: u64,
    /// Seat-games the bot played, and lost.
    pub seat_games: u64,
    /// See `seat_games`.
    pub losses: u64,
    /// Losses whose replay diverged (not searched).
    pub diverged: u64,
    /// Losses with a final round that wins, in game order.
    pub regrets: Vec<Regret>,
}

/// The plans tried for a loser whose final round began with `market` as the current plants and
/// `money` (see the module docs), from the smallest change on: targets from one city more than
/// it powered up to `most`.
fn plans(market: &[PlantId], money: u32, powered: u32, most: u32) -> Vec<Plan> {
    let mut biddings = vec![Bidding::Own, Bidding::Pass];
    for &plant in market {
        let min = u32::from(plant.0);
        if min <= money {
            biddings.push(Bidding::Buy { plant, limit: min });
            if money > min {
                biddings.push(Bidding::Buy {
                    plant,
                    limit: money,
                });
            }
        }
    }
    let mut out = Vec::new();
    for bidding in biddings {
        if bidding != Bidding::Own {
            out.push(Plan {
                bidding,
                target: None,
            });
        }
        for k in powered + 1..=most {
            out.push(Plan {
                bidding,
                target: Some(k),
            });
        }
    }
    out
}

/// Whether final count `a` ranks above `b` ([`Standing::rank_key`]: more cities powered, then
/// the rules' tie-breaks, more money and more cities connected).
pub fn beats(a: &Standing, b: &Standing) -> bool {
    a.rank_key() > b.rank_key()
}

/// Looks for a final round that wins the lost game `case` (see the module docs): `None` when
/// none does; `Err(true)` when the game does not replay as recorded.
fn search(case: &Case, config: &Config, lost: &Outcome) -> Result<Option<Regret>, bool> {
    let base = play_on(case, config, None).map_err(|_| true)?;
    if base.diverged || base.outcome != *lost {
        return Err(true);
    }
    let steps = case.steps().map_err(|_| true)?;
    // The state at the start of the final round, as played.
    let mut s = State::new(case.setup.clone()).map_err(|_| true)?;
    for (seat, action) in &steps {
        if s.round() >= case.round {
            break;
        }
        s.apply_quiet(*seat, action).map_err(|_| true)?;
    }
    let me = case.seat;
    let standing = |o: &Outcome| o.standings.iter().find(|x| x.seat == me).copied();
    let Some(mine) = standing(lost) else {
        return Ok(None);
    };
    let best = lost
        .standings
        .iter()
        .map(|x| x.cities_powered)
        .max()
        .unwrap_or(0);
    let winner = lost.standings.iter().find(|x| x.rank == 1).copied();
    // Enough targets to reach any count its plants, and one more plant, could power.
    let mut sizes: Vec<u32> = s
        .plants(me)
        .iter()
        .chain(&s.current_market())
        .filter_map(|p| p.spec())
        .map(|x| u32::from(x.cities))
        .collect();
    sizes.sort_unstable_by(|a, b| b.cmp(a));
    let most = sizes.iter().take(usize::from(s.rules().max_plants)).sum();
    for plan in plans(
        &s.current_market(),
        s.money(me),
        u32::from(mine.cities_powered),
        most,
    ) {
        let Ok(tried) = play_on(case, config, Some(plan)) else {
            continue;
        };
        if tried.outcome.winners.contains(&me) {
            let now = standing(&tried.outcome).unwrap_or(mine);
            return Ok(Some(Regret {
                game: 0,
                deal: 0,
                bot: case.bots.get(me.index()).cloned().unwrap_or_default(),
                seat: me,
                round: case.round,
                lost: (mine.cities_powered, mine.money),
                winner_powered: best,
                plan,
                plan_text: plan.to_string(),
                actions: tried.actions.iter().map(Action::to_string).collect(),
                won: (now.cities_powered, now.money),
                outright: tried.round == case.round && winner.is_some_and(|w| beats(&now, &w)),
                case: case.clone(),
            }));
        }
    }
    Ok(None)
}

/// Plays games `games` of `tournament` (Power Grid on `map`) and searches every loss of `bot`
/// for a final round that wins (see the module docs), on `threads` threads; `progress` is told
/// of every game done.
///
/// # Errors
/// A pool that cannot start, or a game that cannot be played.
pub fn find(
    tournament: &Tournament<State>,
    bot: &str,
    games: std::ops::Range<u64>,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<Regrets, SimError> {
    let config = tournament.config().copied().unwrap_or_default();
    let per_game = super::each_game(games, threads, progress, |g| {
        one_game(tournament, bot, g, &config)
    })?;
    let mut all = Regrets::default();
    for r in per_game {
        all.games += r.games;
        all.seat_games += r.seat_games;
        all.losses += r.losses;
        all.diverged += r.diverged;
        all.regrets.extend(r.regrets);
    }
    Ok(all)
}

/// Game `g` of `tournament`, searched for `bot`'s regrets.
fn one_game(
    tournament: &Tournament<State>,
    bot: &str,
    g: u64,
    config: &Config,
) -> Result<Regrets, SimError> {
    let failed = |reason: String| SimError::Game { game: g, reason };
    let (deal, seated) = tournament.seating(g);
    let players = seated.len() as u8;
    let setup = Setup::new(players, *tournament.deals(), deal);
    let seeds: Vec<u64> = (0..seated.len())
        .map(|s| bot_seed(tournament.seed(), g, s))
        .collect();
    let mut bots = Vec::with_capacity(seated.len());
    for (s, name) in seated.iter().enumerate() {
        bots.push(crate::seat::<State>(name, seeds[s], Some(config))?);
    }
    let mut state = State::new(setup.clone()).map_err(|e| failed(e.to_string()))?;
    let (played, written) =
        play_written(&mut state, setup, &mut bots).map_err(|e: PlayError| failed(e.to_string()))?;
    let mut out = Regrets {
        games: 1,
        ..Regrets::default()
    };
    for (s, name) in seated.iter().enumerate() {
        let me = Seat(s as u8);
        if *name != bot {
            continue;
        }
        out.seat_games += 1;
        if played.outcome.winners.contains(&me) {
            continue;
        }
        out.losses += 1;
        let case = Case {
            setup: written.clone(),
            bots: seated.iter().map(|n| (*n).to_owned()).collect(),
            seeds: seeds.clone(),
            seat: me,
            round: state.round(),
            actions: played
                .actions
                .iter()
                .map(|(seat, a)| format!("{} {a}", seat.0))
                .collect(),
        };
        match search(&case, config, &played.outcome) {
            Ok(Some(mut regret)) => {
                regret.game = g;
                regret.deal = deal;
                out.regrets.push(regret);
            }
            Ok(None) => {}
            Err(_) => out.diverged += 1,
        }
    }
    Ok(out)
}

/// Whether `case`'s loser wins when it plays on with its own bot from the final round (the
/// regression test of a case).
///
/// # Errors
/// As [`play_on`].
pub fn own_bot_wins(case: &Case, config: &Config) -> Result<bool, SimError> {
    let replayed = play_on(case, config, None)?;
    Ok(replayed.outcome.winners.contains(&case.seat))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Plans go from the smallest change on: the loser's own bidding with targets first, then
    /// buying no plant, then each affordable plant at its minimum and for all its money.
    #[test]
    fn plans_go_from_the_smallest_change_on() {
        let market = [PlantId(20), PlantId(40)];
        let p = plans(&market, 30, 10, 12);
        let own: Vec<_> = p.iter().take(2).map(|p| (p.bidding, p.target)).collect();
        assert_eq!(
            own,
            [(Bidding::Own, Some(11)), (Bidding::Own, Some(12))],
            "{p:?}"
        );
        assert_eq!(p[2].bidding, Bidding::Pass);
        assert_eq!(p[2].target, None);
        let buys: Vec<Bidding> = p
            .iter()
            .map(|p| p.bidding)
            .filter(|b| matches!(b, Bidding::Buy { .. }))
            .fold(Vec::new(), |mut v, b| {
                if v.last() != Some(&b) {
                    v.push(b);
                }
                v
            });
        // Plant 40 is beyond its money.
        let twenty = PlantId(20);
        assert_eq!(
            buys,
            [
                Bidding::Buy {
                    plant: twenty,
                    limit: 20
                },
                Bidding::Buy {
                    plant: twenty,
                    limit: 30
                }
            ]
        );
        assert_eq!(p.len(), 2 + 3 * 3);
    }

    /// Final counts rank by cities powered, then money, then cities connected.
    #[test]
    fn final_counts_rank_by_the_tie_breaks() {
        let count = |powered: u8, money: u32, cities: u8| Standing {
            seat: Seat(0),
            rank: 1,
            cities_powered: powered,
            money,
            cities,
            plants_run: Default::default(),
        };
        assert!(beats(&count(15, 0, 15), &count(14, 200, 17)));
        assert!(!beats(&count(14, 200, 17), &count(15, 0, 15)));
        assert!(beats(&count(15, 31, 15), &count(15, 30, 17)));
        assert!(beats(&count(15, 30, 16), &count(15, 30, 15)));
        assert!(!beats(&count(15, 30, 15), &count(15, 30, 15)));
    }

    /// The cases of the first `wanted` games of `lineup` (on deals from 100000) that a seat
    /// whose bot is `loser` lost, each with the outcome as played.
    fn lost_cases(
        lineup: [&str; 4],
        loser: &str,
        config: &Config,
        wanted: usize,
    ) -> Vec<(Case, Outcome)> {
        let t = Tournament::<State>::new(
            powergrid::MapId::Germany,
            lineup.map(str::to_owned).to_vec(),
            100_000,
            Some(*config),
        )
        .unwrap();
        let mut out = Vec::new();
        for g in 0..40 {
            let (deal, seated) = t.seating(g);
            let seeds: Vec<u64> = (0..4).map(|s| bot_seed(t.seed(), g, s)).collect();
            let mut bots: Vec<_> = seated
                .iter()
                .zip(&seeds)
                .map(|(n, &s)| crate::seat::<State>(n, s, Some(config)).unwrap())
                .collect();
            let setup = Setup::new(4, powergrid::MapId::Germany, deal);
            let mut state = State::new(setup.clone()).unwrap();
            let (played, written) = play_written(&mut state, setup, &mut bots).unwrap();
            let Some(seat) = (0..4u8)
                .map(Seat)
                .find(|s| seated[s.index()] == loser && !played.outcome.winners.contains(s))
            else {
                continue;
            };
            let case = Case {
                setup: written,
                bots: seated.iter().map(|n| (*n).to_owned()).collect(),
                seeds,
                seat,
                round: state.round(),
                actions: played
                    .actions
                    .iter()
                    .map(|(s, a)| format!("{} {a}", s.0))
                    .collect(),
            };
            out.push((case, played.outcome));
            if out.len() == wanted {
                break;
            }
        }
        assert_eq!(out.len(), wanted);
        out
    }

    /// A lost game played again without a plan is the game as played; a case reads back from
    /// its JSON form.
    #[test]
    fn a_loss_replays_as_played() {
        let config = Config::default();
        let lineup = ["heuristic", "builder", "builder", "builder"];
        for (case, outcome) in lost_cases(lineup, "builder", &config, 3) {
            let json = serde_json::to_string(&case).unwrap();
            let back: Case = serde_json::from_str(&json).unwrap();
            assert_eq!(back, case);
            let again = play_on(&back, &config, None).unwrap();
            assert!(!again.diverged);
            assert_eq!(again.outcome, outcome);
            assert_eq!(again.round, back.round);
        }
    }

    /// The search bot's loss replays as played too, its final round included: before the
    /// final round its bot decides every turn (its choice set aside), so its rival models and
    /// random streams are the game's.
    #[test]
    fn a_search_loss_replays_as_played() {
        let config = Config {
            budget: bots::powergrid::Budget::Iterations(4),
            threads: 1,
        };
        let lineup = ["search", "heuristic", "heuristic", "heuristic"];
        for (case, outcome) in lost_cases(lineup, "search", &config, 2) {
            let again = play_on(&case, &config, None).unwrap();
            assert!(!again.diverged);
            assert_eq!(again.outcome, outcome);
        }
    }
}
