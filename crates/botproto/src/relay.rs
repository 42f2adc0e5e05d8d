//! A protocol bot that relays to a built-in bot: the reference implementation of the bot side
//! of `tabletop-bot/1` in Rust, and the tool that proves the host faithful (a run with relays
//! in every seat equals, game for game, the same run with the built-in bots; see the tests).
//!
//! It asks for JSON legal lists, the view and events, and answers every request with the
//! built-in bot's choice, as its JSON form. A new bot is made for every game from the seat and
//! the seed of `start`, as simulations make theirs.

use engine::{Bot, Game, Seat};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;
use std::io::{self, BufRead, Write};

/// Why the relay stopped.
#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    /// Reading or writing failed.
    #[error("i/o: {0}")]
    Io(#[from] io::Error),
    /// A host line the relay does not understand.
    #[error("host line {line}: {error}")]
    Host {
        /// The line number (from 1).
        line: usize,
        /// What was wrong.
        error: String,
    },
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
enum FromHost {
    Hello { protocol: String },
    Start { seat: Seat, seed: u64 },
    Event { event: Value },
    Act { view: Value, legal: Value },
    Over,
    Quit,
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
    for (i, line) in input.lines().enumerate() {
        let line = line?;
        let bad = |error: String| RelayError::Host { line: i + 1, error };
        let message: FromHost = serde_json::from_str(&line).map_err(|e| bad(e.to_string()))?;
        match message {
            FromHost::Hello { protocol } => {
                if protocol != crate::PROTOCOL {
                    return Err(bad(format!(
                        "protocol {protocol:?}, expected {}",
                        crate::PROTOCOL
                    )));
                }
                let ready = serde_json::json!({"type": "ready", "name": format!("relay:{name}")});
                writeln!(output, "{ready}")?;
                output.flush()?;
            }
            FromHost::Start { seat, seed } => bot = Some(make(seat, seed)),
            FromHost::Event { event } => {
                let event: G::Event =
                    serde_json::from_value(event).map_err(|e| bad(e.to_string()))?;
                if let Some(b) = &mut bot {
                    b.observe(&event);
                }
            }
            FromHost::Act { view, legal } => {
                let view: G::View = serde_json::from_value(view).map_err(|e| bad(e.to_string()))?;
                let legal: Vec<G::Action> =
                    serde_json::from_value(legal).map_err(|e| bad(e.to_string()))?;
                let Some(b) = &mut bot else {
                    return Err(bad("a request before start".into()));
                };
                if legal.is_empty() {
                    return Err(bad("a request with no legal actions".into()));
                }
                let action = b.choose(&view, &legal);
                writeln!(
                    output,
                    "{}",
                    serde_json::json!({"type": "action", "action": action})
                )?;
                output.flush()?;
            }
            FromHost::Over => bot = None,
            FromHost::Quit => return Ok(()),
        }
    }
    Ok(())
}
