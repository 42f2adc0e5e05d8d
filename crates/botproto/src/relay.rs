//! A protocol bot that relays to a built-in bot: the reference implementation of the bot side
//! of `tabletop-bot/1` in Rust, and the tool that proves the host faithful (a run with relays
//! in every seat equals, game for game, the same run with the built-in bots; see the tests).
//!
//! It asks for JSON legal lists, the view and (where they tell more than the views) events,
//! and answers every request with the built-in bot's plan ([`Bot::plan`]) in JSON form: its
//! first action as `action`, the rest as `then` (The Game's bots plan whole turns, so a turn
//! is one request). A new bot is made for every game from the seat and the seed of `start`,
//! as simulations make theirs. `tabletop relay-bot GAME BOT` runs [`relay_builtin`] on its
//! standard input and output.

use engine::{Bot, Game, Legal, Seat};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use std::io::{self, BufRead, Write};

/// Why the relay stopped.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    /// Reading or writing failed.
    #[error("i/o: {0}")]
    Io(#[from] io::Error),
    /// `relay_builtin` was asked for a game it does not know.
    #[error("unknown game {0:?}: thegame or powergrid")]
    UnknownGame(String),
    /// `relay_builtin` was asked for a bot the game's registry does not have.
    #[error("{0}")]
    UnknownBot(String),
    /// A host line the relay does not understand.
    #[error("host line {line}: {error}")]
    Host {
        /// The line number (from 1).
        line: usize,
        /// What was wrong.
        error: String,
    },
}

/// A host line, read in one pass into the fields of every message the relay reads (each kind
/// has its own; the others stay `None`, and fields it does not read are skipped). An
/// internally tagged enum would first copy the whole line into a generic tree, and reading the
/// `type` first would scan every line twice.
#[derive(Deserialize)]
#[serde(bound(deserialize = "G::View: DeserializeOwned"))]
struct HostLine<G: Game> {
    #[serde(rename = "type")]
    kind: String,
    protocol: Option<String>,
    seat: Option<Seat>,
    seed: Option<u64>,
    event: Option<G::Event>,
    view: Option<G::View>,
    legal: Option<Vec<G::Action>>,
}

/// Relays to the built-in bot `bot` of `game` (`thegame` or `powergrid`, and a name of that
/// game's registry) on `input`/`output`, as [`relay`] does.
///
/// # Errors
/// An unknown game or bot (before anything is read), or what [`relay`] returns.
pub fn relay_builtin(
    game: &str,
    bot: &str,
    input: impl BufRead,
    output: impl Write,
) -> Result<(), RelayError> {
    match game {
        "thegame" => relay_registered::<thegame::State>(bot, input, output),
        "powergrid" => relay_registered::<powergrid::State>(bot, input, output),
        other => Err(RelayError::UnknownGame(other.to_string())),
    }
}

/// [`relay`] with the registered bot `name` of `G`, built with its default configuration.
///
/// # Errors
/// An unknown bot (before anything is read), or what [`relay`] returns.
pub fn relay_registered<G: bots::Registered>(
    name: &str,
    input: impl BufRead,
    output: impl Write,
) -> Result<(), RelayError>
where
    G::View: DeserializeOwned,
{
    let entry = bots::find::<G>(name).map_err(|e| RelayError::UnknownBot(e.to_string()))?;
    relay::<G>(input, output, name, |_, seed| entry.build(seed))
}

/// Speaks the bot side of the protocol on `input`/`output` until `quit` or the end of input,
/// answering with bots from `make(seat, seed)` (one per game), named `name`.
///
/// # Errors
/// An I/O error, or a host message that does not fit the protocol or the game.
pub fn relay<G: Game>(
    input: impl BufRead,
    mut output: impl Write,
    name: &str,
    mut make: impl FnMut(Seat, u64) -> Box<dyn Bot<G>>,
) -> Result<(), RelayError>
where
    G::View: DeserializeOwned,
{
    let mut bot: Option<Box<dyn Bot<G>>> = None;
    let mut input = input;
    let mut line = String::new();
    let mut plan = Vec::new();
    let mut answer = Vec::with_capacity(256);
    for i in 0.. {
        line.clear();
        if input.read_line(&mut line)? == 0 {
            break;
        }
        let bad = |error: String| RelayError::Host { line: i + 1, error };
        let parse = |e: serde_json::Error| bad(e.to_string());
        let message: HostLine<G> = serde_json::from_str(&line).map_err(parse)?;
        let missing = |field: &str| bad(format!("a {} message without {field}", message.kind));
        match message.kind.as_str() {
            "hello" => {
                let protocol = message
                    .protocol
                    .as_deref()
                    .ok_or_else(|| missing("protocol"))?;
                if protocol != crate::PROTOCOL {
                    return Err(bad(format!(
                        "protocol {protocol:?}, expected {}",
                        crate::PROTOCOL
                    )));
                }
                // Events tell a seat nothing its views do not in a game whose seats remember
                // nothing beyond them (a zero-sized `Game::Memory`, The Game's `()`): the
                // relay asks for them only in other games (Power Grid's bots count money).
                let events = std::mem::size_of::<G::Memory>() > 0;
                let ready = serde_json::json!({
                    "type": "ready",
                    "name": format!("relay:{name}"),
                    "events": events,
                });
                writeln!(output, "{ready}")?;
                output.flush()?;
            }
            "start" => {
                let seat = message.seat.ok_or_else(|| missing("seat"))?;
                let seed = message.seed.ok_or_else(|| missing("seed"))?;
                bot = Some(make(seat, seed));
            }
            "event" => {
                let event = message.event.as_ref().ok_or_else(|| missing("event"))?;
                if let Some(b) = &mut bot {
                    b.observe(event);
                }
            }
            "act" => {
                let view = message.view.as_ref().ok_or_else(|| missing("view"))?;
                let legal = message.legal.as_deref().ok_or_else(|| missing("legal"))?;
                let Some(b) = &mut bot else {
                    return Err(bad("a request before start".into()));
                };
                if legal.is_empty() {
                    return Err(bad("a request with no legal actions".into()));
                }
                plan.clear();
                b.plan(view, &Legal::given(legal), &mut plan);
                // A built-in bot plans a legal first action; were it not to, the relay answers
                // the first legal one, as `engine::Planner` does.
                if !plan.first().is_some_and(|a| legal.contains(a)) {
                    plan.clear();
                    plan.push(legal[0].clone());
                }
                // The answer is built in one buffer and written with one call.
                let json = |e: serde_json::Error| bad(e.to_string());
                answer.clear();
                answer.extend_from_slice(br#"{"type":"action","action":"#);
                serde_json::to_writer(&mut answer, &plan[0]).map_err(json)?;
                if plan.len() > 1 {
                    answer.extend_from_slice(br#","then":"#);
                    serde_json::to_writer(&mut answer, &plan[1..]).map_err(json)?;
                }
                answer.extend_from_slice(b"}\n");
                output.write_all(&answer)?;
                output.flush()?;
            }
            "over" => bot = None,
            "quit" => return Ok(()),
            other => return Err(bad(format!("unknown message type {other:?}"))),
        }
    }
    Ok(())
}
