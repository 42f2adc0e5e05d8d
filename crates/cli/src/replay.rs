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
//! - The server's records (`GET /api/games/{id}/record`) are read as they are: their `id`,
//!   `complete` and `seats` fields are accepted and not needed to replay; their `outcome` is
//!   checked like a `sim --log` record's. A record
//!   of a game still running has no seed and cannot be replayed; its error says so.
//! - The Game's record: `{"game": "thegame", "setup": {...}, "actions": [...]}`, each action its
//!   JSON object, its text form (`"play 35 up1"`, `"end"`, `"signal down2 good_card"`), or
//!   either wrapped as `{"seat": N, "action": ...}`. A wrapped action is played as seat `N`,
//!   which is how a signal sent out of turn is recorded; an unwrapped one by the seat whose turn
//!   it is. The log shows every event in full, drawn cards included: the record holds the whole
//!   deal, so whoever has it may see everything.

use anyhow::{bail, Context, Result};
use clap::Args;
use serde::Deserialize;
use std::path::PathBuf;
use thegame::{Action, Outcome, Pile, Setup, State};

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
    let claimed = record.get("outcome").cloned();
    let outcome = match game.as_str() {
        "powergrid" => crate::powergrid::replay(record, quiet)
            .with_context(|| format!("{file} (a powergrid record)"))?,
        "thegame" => {
            replay_thegame(record, quiet).with_context(|| format!("{file} (a thegame record)"))?
        }
        other => bail!("{file}: unknown game {other:?}: known games are powergrid and thegame"),
    };
    if let Some(claimed) = claimed {
        if Some(&claimed) != outcome.as_ref() {
            bail!(
                "{file}: the record says the game ends with {claimed}, but its actions lead to {}",
                outcome.map_or_else(|| "an unfinished game".to_owned(), |o| o.to_string())
            );
        }
    }
    Ok(())
}

/// A game record of either game: its setup and its actions.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Record<S, A> {
    /// Read by [`replay`] to pick the game, before this shape is.
    #[serde(default, rename = "game")]
    _game: Option<String>,
    /// The bot in each seat, as `sim --log` writes it.
    #[serde(default)]
    pub(crate) bots: Option<Vec<String>>,
    /// The server's fields, read over (see the module docs).
    #[serde(default, rename = "id")]
    _id: Option<serde_json::Value>,
    #[serde(default, rename = "complete")]
    _complete: Option<serde_json::Value>,
    #[serde(default, rename = "seats")]
    _seats: Option<serde_json::Value>,
    /// Checked by [`replay`] against the replay's outcome.
    #[serde(default, rename = "outcome")]
    _outcome: Option<serde_json::Value>,
    pub(crate) setup: S,
    pub(crate) actions: Vec<RecordedAction<A>>,
}

/// One recorded action: its text form, its JSON object, or either with the acting seat.
#[derive(Deserialize)]
#[serde(untagged)]
pub(crate) enum RecordedAction<A> {
    Text(String),
    Seated {
        seat: u8,
        action: Box<RecordedAction<A>>,
    },
    Json(A),
}

impl<A> RecordedAction<A>
where
    A: Copy + std::str::FromStr,
    A::Err: std::error::Error + Send + Sync + 'static,
{
    /// The action, and the seat it names if it is wrapped with one.
    pub(crate) fn resolve(&self) -> Result<(Option<engine::Seat>, A)> {
        Ok(match self {
            RecordedAction::Text(t) => (None, t.parse()?),
            RecordedAction::Json(a) => (None, *a),
            RecordedAction::Seated { seat, action } => {
                let (inner, a) = action.resolve()?;
                if inner.is_some() {
                    bail!("a seated action may not be seated twice");
                }
                (Some(engine::Seat(*seat)), a)
            }
        })
    }
}

/// Replays a record of The Game and gives its outcome as JSON (`None`: unfinished).
fn replay_thegame(record: serde_json::Value, quiet: bool) -> Result<Option<serde_json::Value>> {
    let record: Record<Setup, Action> =
        serde_json::from_value(record).context("not a game record")?;
    let setup = record.setup;
    let origin = if setup.deal.is_some() {
        "an explicit deal".to_owned()
    } else {
        format!("seed {}", setup.seed)
    };
    let mut state = State::new(setup.clone()).context("invalid setup")?;
    if !quiet {
        println!(
            "The Game, {} player{}, {origin}; seat {} starts",
            setup.players,
            if setup.players == 1 { "" } else { "s" },
            setup.first
        );
        if let Some(bots) = &record.bots {
            println!("Bots: {}", bots.join(", "));
        }
    }
    for (i, recorded) in record.actions.iter().enumerate() {
        let (seat, action) = recorded
            .resolve()
            .with_context(|| format!("action #{i} cannot be read"))?;
        let seat = seat.unwrap_or(state.current());
        let events = state
            .apply_as(seat, &action)
            .map_err(|e| anyhow::anyhow!("action #{i} ({action}) by {seat}: {e}"))?;
        if !quiet {
            println!("#{i} {seat}: {action}");
            for e in events {
                println!("    {e}");
            }
        }
    }
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
                let hand: Vec<String> = state.hand(seat).iter().map(|c| c.to_string()).collect();
                println!("  {seat}: {}", hand.join(" "));
            }
        }
    }
    Ok(state.outcome().map(|o| serde_json::json!(o)))
}
