//! Phase swaps: how much of a bot's results one kind of its decisions accounts for.
//!
//! Decisions:
//! - **Every game twice.** Each game of a run is played as the bot plays it, and again from the
//!   same deal with the same bots on the same seeds, a *teacher* (another registered bot) now
//!   deciding the bot's turns in some phases from some round on ([`Swap`]). The difference
//!   between the two runs, game by game, is what those decisions cost or gain against this
//!   field: losses the teacher turns into wins (*saved*), wins it turns into losses (*spoiled*).
//!   Comparing phases tells where a weaker bot loses to a stronger one, which a win rate alone
//!   cannot.
//! - **Both bots see the whole game.** The teacher is built for the seat with the seat's bot
//!   seed and sees every event the seat sees from the start, so it decides with the memory it
//!   would have had playing the seat (the rivals' money, its rival models). The seat's own bot
//!   still decides every turn, its choice set aside where the teacher decides, so a bot whose
//!   decisions depend on its earlier ones plays on as it would have.
//! - **A game is chaotic.** A single different decision changes what every rival does after
//!   it, so a swap saves some games and spoils others whatever its quality: only the net
//!   difference, over many games, says whether the teacher decides those phases better.

use crate::{bot_seed, SimError, Tournament};
use bots::powergrid::Config;
use bots::PlayOptions;
use engine::{Bot, Legal, Seat};
use powergrid::{Action, PhaseKind, Setup, State, View};
use serde::Serialize;
use std::fmt;
use std::str::FromStr;

/// Who decides which of the examined bot's turns (see the module docs).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Swap {
    /// The registered bot that decides in the bot's place.
    pub teacher: String,
    /// The turns it decides.
    pub phases: Vec<Turns>,
    /// The first round it decides in.
    pub from_round: u16,
}

/// A kind of turn a swap hands to the teacher: a phase, or a part of the auction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Turns {
    /// Every turn of the auction phase: openings, bids and discards.
    Auction,
    /// Choosing a plant to open an auction on, or passing, with no auction running.
    Opening,
    /// Raising or dropping out of a running auction.
    Bidding,
    /// Choosing the plant to give up over the limit.
    Discard,
    /// Buying resources.
    Resources,
    /// Building.
    Building,
    /// Bureaucracy.
    Bureaucracy,
}

/// The turns a swap may name, as written in its text form.
const PHASES: [(&str, Turns); 7] = [
    ("auction", Turns::Auction),
    ("opening", Turns::Opening),
    ("bidding", Turns::Bidding),
    ("discard", Turns::Discard),
    ("resources", Turns::Resources),
    ("building", Turns::Building),
    ("bureaucracy", Turns::Bureaucracy),
];

fn phase_name(turns: Turns) -> &'static str {
    PHASES
        .iter()
        .find(|(_, t)| *t == turns)
        .map_or("?", |(name, _)| name)
}

impl Turns {
    /// Whether the decision in `view`, whose first legal action is `first`, is of this kind.
    fn covers(self, view: &View, first: Option<&Action>) -> bool {
        let discard = matches!(first, Some(Action::Discard { .. }));
        match self {
            Turns::Auction => view.phase == PhaseKind::Auction,
            Turns::Opening => {
                view.phase == PhaseKind::Auction && view.auction.is_none() && !discard
            }
            Turns::Bidding => {
                view.phase == PhaseKind::Auction && view.auction.is_some() && !discard
            }
            Turns::Discard => discard,
            Turns::Resources => view.phase == PhaseKind::Resources,
            Turns::Building => view.phase == PhaseKind::Building,
            Turns::Bureaucracy => view.phase == PhaseKind::Bureaucracy,
        }
    }
}

impl FromStr for Swap {
    type Err = String;

    /// `TEACHER:PHASE[+PHASE...][:ROUND]`, e.g. `search:auction:8` or
    /// `search:resources+building`; the round defaults to 1.
    fn from_str(s: &str) -> Result<Swap, String> {
        let usage = "expected TEACHER:PHASES[:ROUND], e.g. search:auction:8 or \
                     search:resources+building (phases: auction, or its parts opening, \
                     bidding and discard; resources, building, bureaucracy; ROUND from 1)";
        let mut parts = s.split(':');
        let teacher = parts.next().unwrap_or_default();
        let Some(phases) = parts.next() else {
            return Err(format!("{s:?}: no phases; {usage}"));
        };
        let round = parts.next();
        if parts.next().is_some() {
            return Err(format!("{s:?}: too many parts; {usage}"));
        }
        bots::find::<State>(teacher)
            .map_err(|e| format!("{s:?}: the teacher must be a registered bot: {e}"))?;
        let mut kinds = Vec::new();
        for name in phases.split('+') {
            let Some(&(_, kind)) = PHASES.iter().find(|(n, _)| *n == name) else {
                return Err(format!("{s:?}: unknown phase {name:?}; {usage}"));
            };
            if !kinds.contains(&kind) {
                kinds.push(kind);
            }
        }
        let from_round = match round {
            None => 1,
            Some(r) => match r.parse::<u16>() {
                Ok(n) if n >= 1 => n,
                _ => {
                    return Err(format!(
                        "{s:?}: round {r:?} is not a number from 1; {usage}"
                    ))
                }
            },
        };
        Ok(Swap {
            teacher: teacher.to_owned(),
            phases: kinds,
            from_round,
        })
    }
}

impl Swap {
    /// The turns the teacher decides, by the names the text form uses.
    pub fn phase_names(&self) -> Vec<&'static str> {
        self.phases.iter().map(|&p| phase_name(p)).collect()
    }
}

impl fmt::Display for Swap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let phases = self.phase_names();
        write!(
            f,
            "{}:{}:{}",
            self.teacher,
            phases.join("+"),
            self.from_round
        )
    }
}

/// The examined bot's seat, the teacher deciding where the swap says.
struct Swapped {
    own: Box<dyn Bot<State>>,
    teacher: Box<dyn Bot<State>>,
    phases: Vec<Turns>,
    from_round: u16,
}

impl Bot<State> for Swapped {
    fn name(&self) -> &str {
        self.own.name()
    }

    fn plan(&mut self, view: &View, legal: &Legal<'_, State>, out: &mut Vec<Action>) {
        let first = legal.actions().first();
        if view.round >= self.from_round && self.phases.iter().any(|t| t.covers(view, first)) {
            let mut set_aside = Vec::new();
            self.own.plan(view, legal, &mut set_aside);
            self.teacher.plan(view, legal, out);
        } else {
            self.own.plan(view, legal, out);
        }
    }

    fn observe(&mut self, event: &powergrid::Event) {
        self.own.observe(event);
        self.teacher.observe(event);
    }
}

/// What a swap changed over a run (see the module docs).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct SwapReport {
    /// Games played (each twice).
    pub games: u64,
    /// The examined bot's seat-games.
    pub seat_games: u64,
    /// Its losses as it plays.
    pub losses: u64,
    /// Its losses with the teacher deciding.
    pub swapped_losses: u64,
    /// Losses the teacher turned into wins.
    pub saved: u64,
    /// Wins the teacher turned into losses.
    pub spoiled: u64,
}

/// Plays games `games` of `tournament` with and without `swap` for `bot` (every seat of it),
/// on `threads` threads; `progress` is told of every game done.
///
/// # Errors
/// A teacher that is not a registered bot, a pool that cannot start, or a game that cannot be
/// played.
pub fn run(
    tournament: &Tournament<State>,
    bot: &str,
    swap: &Swap,
    games: std::ops::Range<u64>,
    threads: usize,
    progress: &(dyn Fn(u64) + Sync),
) -> Result<SwapReport, SimError> {
    bots::find::<State>(&swap.teacher).map_err(crate::SeatError::from)?;
    let config = tournament.config().copied().unwrap_or_default();
    let per_game = super::each_game(games.clone(), threads, progress, |g| {
        let plain = winners(tournament, bot, None, g, &config)?;
        let swapped = winners(tournament, bot, Some(swap), g, &config)?;
        Ok(plain.into_iter().zip(swapped).collect::<Vec<_>>())
    })?;
    let mut all = SwapReport {
        games: games.end.saturating_sub(games.start),
        ..SwapReport::default()
    };
    for (won, won_swapped) in per_game.into_iter().flatten() {
        all.seat_games += 1;
        all.losses += u64::from(!won);
        all.swapped_losses += u64::from(!won_swapped);
        all.saved += u64::from(!won && won_swapped);
        all.spoiled += u64::from(won && !won_swapped);
    }
    Ok(all)
}

/// Game `g` of `tournament` played to the end, `swap` applied to `bot`'s seats if given:
/// whether each of `bot`'s seats won, in seat order.
fn winners(
    tournament: &Tournament<State>,
    bot: &str,
    swap: Option<&Swap>,
    g: u64,
    config: &Config,
) -> Result<Vec<bool>, SimError> {
    let failed = |reason: String| SimError::Game { game: g, reason };
    let (deal, seated) = tournament.seating(g);
    let setup = Setup::new(seated.len() as u8, *tournament.deals(), deal);
    let mut bots: Vec<Box<dyn Bot<State>>> = Vec::with_capacity(seated.len());
    for (s, name) in seated.iter().enumerate() {
        let seed = bot_seed(tournament.seed(), g, s);
        let own = crate::seat::<State>(name, seed, Some(config))?;
        bots.push(match swap {
            Some(swap) if *name == bot => Box::new(Swapped {
                own,
                teacher: crate::seat::<State>(&swap.teacher, seed, Some(config))?,
                phases: swap.phases.clone(),
                from_round: swap.from_round,
            }),
            _ => own,
        });
    }
    let mut state = State::new(setup).map_err(|e| failed(e.to_string()))?;
    let options = PlayOptions {
        events: true,
        timed: false,
        record: false,
        max_actions: bots::powergrid::MAX_ACTIONS,
    };
    let played = bots::play(&mut state, &mut bots, &options, |_, _, _, _| {})
        .map_err(|e| failed(e.to_string()))?;
    Ok(seated
        .iter()
        .enumerate()
        .filter(|(_, name)| **name == bot)
        .map(|(s, _)| played.outcome.winners.contains(&Seat(s as u8)))
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;
    use powergrid::MapId;

    #[test]
    fn swaps_read_and_print_in_one_form() {
        let s: Swap = "search:auction+building:8".parse().unwrap();
        assert_eq!(s.teacher, "search");
        assert_eq!(s.phases, [Turns::Auction, Turns::Building]);
        assert_eq!(s.from_round, 8);
        assert_eq!(s.to_string(), "search:auction+building:8");
        let s: Swap = "search:opening+bidding+discard:9".parse().unwrap();
        assert_eq!(s.phases, [Turns::Opening, Turns::Bidding, Turns::Discard]);
        assert_eq!(s.to_string(), "search:opening+bidding+discard:9");
        let s: Swap = "random:bureaucracy".parse().unwrap();
        assert_eq!(s.from_round, 1);
        for (bad, says) in [
            ("search", "no phases"),
            ("search:auction:8:9", "too many parts"),
            ("nobody:auction", "registered bot"),
            ("search:auctions", "unknown phase \"auctions\""),
            ("search:auction:0", "not a number from 1"),
            ("search:auction:x", "not a number from 1"),
        ] {
            let e = bad.parse::<Swap>().unwrap_err();
            assert!(e.contains(says), "{bad}: {e}");
        }
    }

    fn tournament(lineup: &[&str]) -> Tournament<State> {
        Tournament::new(
            MapId::Germany,
            lineup.iter().map(|s| (*s).to_owned()).collect(),
            7,
            None,
        )
        .unwrap()
    }

    /// The bot as its own teacher plays every game as before: the swap changes nothing but who
    /// decides.
    #[test]
    fn a_bot_teaching_itself_changes_nothing() {
        let t = tournament(&["heuristic", "builder", "green", "hoarder"]);
        let swap: Swap = "heuristic:auction+resources+building+bureaucracy"
            .parse()
            .unwrap();
        let r = run(&t, "heuristic", &swap, 0..12, 2, &|_| {}).unwrap();
        assert_eq!(r.games, 12);
        assert_eq!(r.seat_games, 12);
        assert_eq!(r.swapped_losses, r.losses);
        assert_eq!((r.saved, r.spoiled), (0, 0));
    }

    /// The auction's three parts together hand over exactly the auction's turns.
    #[test]
    fn the_auction_is_its_three_parts() {
        let t = tournament(&["heuristic", "green", "builder", "green"]);
        let whole: Swap = "random:auction:3".parse().unwrap();
        let parts: Swap = "random:opening+bidding+discard:3".parse().unwrap();
        let a = run(&t, "heuristic", &whole, 0..8, 2, &|_| {}).unwrap();
        let b = run(&t, "heuristic", &parts, 0..8, 2, &|_| {}).unwrap();
        assert_eq!(a, b);
        assert!(a.spoiled > 0, "{a:?}");
        let opening: Swap = "random:opening:3".parse().unwrap();
        let c = run(&t, "heuristic", &opening, 0..8, 2, &|_| {}).unwrap();
        assert_ne!(c, a, "openings alone are not the whole auction");
    }

    /// Random building from round 1 ruins the heuristic's games: the swap reaches the seat.
    #[test]
    fn a_random_teacher_spoils_games() {
        let t = tournament(&["heuristic", "random", "random"]);
        let swap: Swap = "random:auction+building".parse().unwrap();
        let r = run(&t, "heuristic", &swap, 0..10, 2, &|_| {}).unwrap();
        assert!(r.losses < 3, "{r:?}");
        assert!(r.swapped_losses > r.losses, "{r:?}");
        assert!(r.spoiled > 0, "{r:?}");
        assert_eq!(r.swapped_losses, r.losses + r.spoiled - r.saved);
    }
}
