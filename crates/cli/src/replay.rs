//! `tabletop replay FILE`: a recorded game of either kind, replayed action by action.
//!
//! Decisions:
//! - The record's `game` names the game: `"powergrid"` or `"thegame"`. Without it, a record whose
//!   setup names a `map` is Power Grid's (records from before The Game could be replayed have
//!   no `game`), any other The Game's; the error then says which game it was read as.
//! - A byte-order mark at the start of the file (some Windows editors write one) is skipped.
//! - A file holds one record or several one after another (a `sim --log` file: one per line);
//!   each is replayed in turn, under a `Record N:` heading when there are several.
//! - A record may name its `bots` (one per seat; shown, not checked) and its `outcome`: the
//!   replay must end with that outcome, or it is an error (a record that does not replay to
//!   what it says is a broken record).
//! - Every record is an [`engine::Record`] (`docs/records.md`), read once for every game; what a
//!   game prints besides the log is its [`Replayed`] impl. The server's records are read as
//!   they are; a record of a game still running has no seed and cannot be replayed, and its
//!   error says so.
//! - An action with a seat is played as that seat (which is how a signal sent out of turn is
//!   recorded); one without, by the seat whose turn it is. The log shows every event in full:
//!   a complete record holds the whole deal, so whoever has it may see everything.

use anyhow::{bail, Context, Result};
use clap::Args;
use engine::{Game, Record, ReplayError, Seat};
use std::path::PathBuf;
use thegame::{Outcome, Pile, State};

/// Arguments of `tabletop replay`.
#[derive(Args)]
pub struct ReplayArgs {
    /// The game record (JSON): a Power Grid or The Game game.
    pub file: PathBuf,
    /// Print only the result, not the log.
    #[arg(long)]
    pub quiet: bool,
}

/// Reads the record, picks its game, and replays it.
///
/// # Errors
/// An unreadable file, a record of no known game, a bad setup, or an illegal action (with its
/// index).
pub fn replay(args: &ReplayArgs) -> Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("cannot read {}", args.file.display()))?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(&text);
    let records = serde_json::Deserializer::from_str(text)
        .into_iter::<serde_json::Value>()
        .collect::<Result<Vec<_>, _>>()
        .with_context(|| format!("{} is not JSON", args.file.display()))?;
    if records.is_empty() {
        bail!("{} holds no game record", args.file.display());
    }
    let several = records.len() > 1;
    for (n, record) in records.into_iter().enumerate() {
        let file = if several {
            println!("Record {}:", n + 1);
            format!("{} record {}", args.file.display(), n + 1)
        } else {
            args.file.display().to_string()
        };
        replay_one(record, &file, args.quiet)?;
    }
    Ok(())
}

/// Replays one record of a file (`file` names it in errors).
fn replay_one(record: serde_json::Value, file: &str, quiet: bool) -> Result<()> {
    if !record.is_object() {
        bail!(
            "{file} is not a game record: a record is a JSON object {{\"game\", \"setup\", \"actions\"}}"
        );
    }
    if record.get("complete") == Some(&serde_json::Value::Bool(false)) {
        bail!(
            "{file} is the record of a game still running, as one player sees it: it has no seed \
             and cannot be replayed until the game is over"
        );
    }
    let game = match record.get("game") {
        Some(serde_json::Value::String(game)) => game.clone(),
        Some(other) => bail!("\"game\" must be \"powergrid\" or \"thegame\", not {other}"),
        None if record.pointer("/setup/map").is_some() => "powergrid".to_owned(),
        None => "thegame".to_owned(),
    };
    let mismatch = match game.as_str() {
        "powergrid" => replay_game::<powergrid::State>(record, quiet)
            .with_context(|| format!("{file} (a powergrid record)"))?,
        "thegame" => replay_game::<thegame::State>(record, quiet)
            .with_context(|| format!("{file} (a thegame record)"))?,
        other => bail!("{file}: unknown game {other:?}: known games are powergrid and thegame"),
    };
    if let Some(mismatch) = mismatch {
        bail!("{file}: {mismatch}");
    }
    Ok(())
}

/// What a replay prints besides each action and its events: the game's own words.
pub(crate) trait Replayed: Game {
    /// The first line: the game and how it was dealt (`self` is the state `setup` deals).
    fn header(&self, setup: &Self::Setup) -> String;
    /// How a seat is named in the log.
    fn seat_label(&self, seat: Seat) -> String {
        seat.to_string()
    }
    /// The result, or where an unfinished record stops.
    fn print_end(&self);
}

/// Replays a record of `G` (read as JSON), printing the log (unless `quiet`) and the end; gives
/// the mismatch when the actions end otherwise than the record's outcome says.
fn replay_game<G: Replayed>(value: serde_json::Value, quiet: bool) -> Result<Option<ReplayError>> {
    let record = Record::<G>::from_value(value)?;
    let mut state = G::new(record.setup.clone()).context("invalid setup")?;
    if !quiet {
        println!("{}", state.header(&record.setup));
        if let Some(bots) = &record.bots {
            println!("Bots: {}", bots.join(", "));
        }
    }
    let mismatch = match record.play_on(&mut state, |i, state, seat, action, events| {
        if !quiet {
            println!("#{i} {}: {action}", state.seat_label(seat));
            for e in events {
                println!("    {e}");
            }
        }
    }) {
        Ok(()) => None,
        Err(mismatch @ ReplayError::Outcome { .. }) => Some(mismatch),
        Err(ReplayError::Illegal {
            index,
            seat,
            action,
            error,
        }) => bail!(
            "action #{index} ({action}) by {}: {error}",
            state.seat_label(seat)
        ),
        Err(other) => return Err(other.into()),
    };
    state.print_end();
    Ok(mismatch)
}

/// How a replay of The Game is printed: who starts and how it was dealt first; the result, or
/// the table and every hand where an unfinished record stops, last. The log shows every event
/// in full, drawn cards included: the record holds the whole deal.
impl Replayed for State {
    fn header(&self, setup: &thegame::Setup) -> String {
        let origin = if setup.deal.is_some() {
            "an explicit deal".to_owned()
        } else {
            format!("seed {}", setup.seed)
        };
        format!(
            "The Game, {} player{}, {origin}; seat {} starts",
            setup.players,
            if setup.players == 1 { "" } else { "s" },
            setup.first
        )
    }

    fn print_end(&self) {
        let state = self;
        match state.outcome() {
            Some(Outcome::Won) => println!("Won: all 98 cards are on the piles."),
            Some(Outcome::Lost { cards_left }) => println!(
                "Lost with {cards_left} cards left ({} in hands, {} in the draw pile).",
                cards_left - state.draw_pile_len(),
                state.draw_pile_len()
            ),
            None => {
                let tops = state.tops();
                println!(
                    "The record ends before the game does: {} to play ({} played this turn), \
                     {} cards left, {} in the draw pile.",
                    state.current(),
                    state.played_this_turn(),
                    state.cards_left(),
                    state.draw_pile_len()
                );
                println!(
                    "  piles: {}",
                    Pile::ALL
                        .iter()
                        .map(|p| format!("{p} {}", tops[p.index()]))
                        .collect::<Vec<_>>()
                        .join(", ")
                );
                for s in 0..state.players() {
                    let seat = engine::Seat(s);
                    let hand: Vec<String> =
                        state.hand(seat).iter().map(|c| c.to_string()).collect();
                    println!("  {seat}: {}", hand.join(" "));
                }
            }
        }
    }
}
