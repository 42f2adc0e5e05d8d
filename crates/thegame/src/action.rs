//! Actions a player takes and events the game reports, with their JSON and text forms.
//!
//! Text forms (one line each, `Display` and `FromStr` round-trip):
//! - actions: `play 35 up1`, `end`, `signal down2 good_card`;
//! - events: `seat 0 plays 35 on up1`, `seat 0 plays 6 on up1 backwards`, `seat 0 ends turn`,
//!   `seat 0 draws 2: 12 40` (or `seat 0 draws 2` once redacted), `seat 2 is skipped`,
//!   `seat 1 starts turn, minimum 2`, `seat 1 signals good_card on down2`, `won`,
//!   `lost with 12 cards left`.

use crate::card::{Card, Pile, Signal};
use engine::Seat;
use serde::{Deserialize, Serialize};
use std::fmt;
use std::str::FromStr;

/// A player's move.
///
/// Plays and ending the turn belong to the seat whose turn it is; a signal may be sent by any
/// seat at any time while the game runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case", deny_unknown_fields)]
pub enum Action {
    /// Play `card` from the hand onto `pile`.
    Play {
        /// The card, from the player's hand.
        card: Card,
        /// The pile it goes on.
        pile: Pile,
    },
    /// End the turn (after the minimum) and draw back up to the hand size.
    EndTurn,
    /// Tell the team something about one pile.
    Signal {
        /// The pile the signal is about.
        pile: Pile,
        /// What is said.
        signal: Signal,
    },
}

/// Something that happened, for logs and clients.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Event {
    /// A card went onto a pile.
    Played {
        /// Who played.
        seat: Seat,
        /// The card.
        card: Card,
        /// The pile.
        pile: Pile,
        /// Whether this was the backwards trick (exactly 10 against the pile's direction).
        backwards: bool,
    },
    /// The active player ended the turn.
    TurnEnded {
        /// Who ended the turn.
        seat: Seat,
    },
    /// A player drew cards. `cards` is `None` in the copy other viewers receive.
    Drew {
        /// Who drew.
        seat: Seat,
        /// How many cards were drawn.
        count: u8,
        /// The cards drawn, in draw order; only the drawing seat sees them.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cards: Option<Vec<Card>>,
    },
    /// A player with an empty hand was passed over.
    Skipped {
        /// The seat passed over.
        seat: Seat,
    },
    /// A turn began; the seat's own signals were cleared.
    TurnStarted {
        /// Whose turn it is.
        seat: Seat,
        /// Cards to play at least this turn: 2, or 1 once the draw pile is empty.
        minimum: u8,
    },
    /// A player sent a signal.
    Signalled {
        /// Who signalled.
        seat: Seat,
        /// About which pile.
        pile: Pile,
        /// What was said.
        signal: Signal,
    },
    /// All 98 cards are on the piles.
    Won,
    /// The active player could not reach the minimum: the team lost.
    Lost {
        /// Cards in hands and in the draw pile.
        cards_left: u8,
    },
}

impl Event {
    /// The copy of this event that `viewer_seat` (or a spectator, `None`) may see: drawn cards
    /// are hidden from everyone but the drawer.
    pub fn redacted_for(&self, viewer_seat: Option<Seat>) -> Event {
        match self {
            Event::Drew { seat, count, .. } if viewer_seat != Some(*seat) => Event::Drew {
                seat: *seat,
                count: *count,
                cards: None,
            },
            e => e.clone(),
        }
    }
}

impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Play { card, pile } => write!(f, "play {card} {pile}"),
            Action::EndTurn => f.write_str("end"),
            Action::Signal { pile, signal } => write!(f, "signal {pile} {signal}"),
        }
    }
}

/// Why a text is not an action or an event.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("cannot read {text:?}: {reason}")]
pub struct ParseError {
    /// The text that was read.
    pub text: String,
    /// What was wrong.
    pub reason: String,
}

fn parse_err(text: &str, reason: impl Into<String>) -> ParseError {
    ParseError {
        text: text.to_string(),
        reason: reason.into(),
    }
}

fn parse_seat(text: &str, tok: Option<&str>) -> Result<Seat, ParseError> {
    let tok = tok.ok_or_else(|| parse_err(text, "missing seat number"))?;
    tok.parse::<u8>()
        .map(Seat)
        .map_err(|_| parse_err(text, format!("{tok:?} is not a seat number")))
}

fn parse_card(text: &str, tok: Option<&str>) -> Result<Card, ParseError> {
    let tok = tok.ok_or_else(|| parse_err(text, "missing card"))?;
    tok.parse().map_err(|e| parse_err(text, format!("{e}")))
}

fn parse_pile(text: &str, tok: Option<&str>) -> Result<Pile, ParseError> {
    let tok = tok.ok_or_else(|| parse_err(text, "missing pile (up1, up2, down1, down2)"))?;
    tok.parse().map_err(|e| parse_err(text, format!("{e}")))
}

fn parse_signal(text: &str, tok: Option<&str>) -> Result<Signal, ParseError> {
    let tok = tok.ok_or_else(|| parse_err(text, "missing signal (dont_play, good_card)"))?;
    tok.parse().map_err(|e| parse_err(text, format!("{e}")))
}

fn expect(text: &str, tok: Option<&str>, word: &str) -> Result<(), ParseError> {
    match tok {
        Some(t) if t == word => Ok(()),
        Some(t) => Err(parse_err(text, format!("expected {word:?}, found {t:?}"))),
        None => Err(parse_err(text, format!("expected {word:?} at the end"))),
    }
}

fn finish<'a>(text: &str, mut toks: impl Iterator<Item = &'a str>) -> Result<(), ParseError> {
    match toks.next() {
        None => Ok(()),
        Some(t) => Err(parse_err(text, format!("unexpected {t:?} at the end"))),
    }
}

impl FromStr for Action {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Action, ParseError> {
        let mut toks = text.split_whitespace();
        let action = match toks.next() {
            Some("play") => Action::Play {
                card: parse_card(text, toks.next())?,
                pile: parse_pile(text, toks.next())?,
            },
            Some("end") => Action::EndTurn,
            Some("signal") => Action::Signal {
                pile: parse_pile(text, toks.next())?,
                signal: parse_signal(text, toks.next())?,
            },
            _ => {
                return Err(parse_err(
                    text,
                    "expected `play CARD PILE`, `end` or `signal PILE SIGNAL`",
                ))
            }
        };
        finish(text, toks)?;
        Ok(action)
    }
}

impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Played {
                seat,
                card,
                pile,
                backwards,
            } => {
                write!(f, "{seat} plays {card} on {pile}")?;
                if *backwards {
                    f.write_str(" backwards")?;
                }
                Ok(())
            }
            Event::TurnEnded { seat } => write!(f, "{seat} ends turn"),
            Event::Drew { seat, count, cards } => {
                write!(f, "{seat} draws {count}")?;
                if let Some(cards) = cards {
                    f.write_str(":")?;
                    for c in cards {
                        write!(f, " {c}")?;
                    }
                }
                Ok(())
            }
            Event::Skipped { seat } => write!(f, "{seat} is skipped"),
            Event::TurnStarted { seat, minimum } => {
                write!(f, "{seat} starts turn, minimum {minimum}")
            }
            Event::Signalled { seat, pile, signal } => {
                write!(f, "{seat} signals {signal} on {pile}")
            }
            Event::Won => f.write_str("won"),
            Event::Lost { cards_left } => write!(f, "lost with {cards_left} cards left"),
        }
    }
}

impl FromStr for Event {
    type Err = ParseError;
    fn from_str(text: &str) -> Result<Event, ParseError> {
        let mut toks = text.split_whitespace();
        let event = match toks.next() {
            Some("won") => Event::Won,
            Some("lost") => {
                expect(text, toks.next(), "with")?;
                let n = toks
                    .next()
                    .and_then(|t| t.parse::<u8>().ok())
                    .ok_or_else(|| parse_err(text, "expected a number of cards"))?;
                expect(text, toks.next(), "cards")?;
                expect(text, toks.next(), "left")?;
                Event::Lost { cards_left: n }
            }
            Some("seat") => {
                let seat = parse_seat(text, toks.next())?;
                match toks.next() {
                    Some("plays") => {
                        let card = parse_card(text, toks.next())?;
                        expect(text, toks.next(), "on")?;
                        let pile = parse_pile(text, toks.next())?;
                        let backwards = match toks.next() {
                            None => false,
                            Some("backwards") => true,
                            Some(t) => {
                                return Err(parse_err(text, format!("unexpected {t:?}")));
                            }
                        };
                        Event::Played {
                            seat,
                            card,
                            pile,
                            backwards,
                        }
                    }
                    Some("ends") => {
                        expect(text, toks.next(), "turn")?;
                        Event::TurnEnded { seat }
                    }
                    Some("draws") => {
                        let tok = toks
                            .next()
                            .ok_or_else(|| parse_err(text, "expected a count"))?;
                        let (count, listed) = match tok.strip_suffix(':') {
                            Some(n) => (n, true),
                            None => (tok, false),
                        };
                        let count: u8 = count
                            .parse()
                            .map_err(|_| parse_err(text, format!("{count:?} is not a count")))?;
                        let cards = if listed {
                            let cards = toks
                                .by_ref()
                                .map(|t| parse_card(text, Some(t)))
                                .collect::<Result<Vec<_>, _>>()?;
                            if cards.len() != usize::from(count) {
                                return Err(parse_err(
                                    text,
                                    format!("{count} cards announced, {} listed", cards.len()),
                                ));
                            }
                            Some(cards)
                        } else {
                            None
                        };
                        Event::Drew { seat, count, cards }
                    }
                    Some("is") => {
                        expect(text, toks.next(), "skipped")?;
                        Event::Skipped { seat }
                    }
                    Some("starts") => {
                        expect(text, toks.next(), "turn,")?;
                        expect(text, toks.next(), "minimum")?;
                        let minimum = toks
                            .next()
                            .and_then(|t| t.parse::<u8>().ok())
                            .ok_or_else(|| parse_err(text, "expected the minimum"))?;
                        Event::TurnStarted { seat, minimum }
                    }
                    Some("signals") => {
                        let signal = parse_signal(text, toks.next())?;
                        expect(text, toks.next(), "on")?;
                        let pile = parse_pile(text, toks.next())?;
                        Event::Signalled { seat, pile, signal }
                    }
                    _ => return Err(parse_err(text, "unknown event")),
                }
            }
            _ => return Err(parse_err(text, "unknown event")),
        };
        finish(text, toks)?;
        Ok(event)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(n: u8) -> Card {
        Card::new(n).unwrap()
    }

    #[test]
    fn action_text_and_json() {
        let cases = [
            (
                Action::Play {
                    card: c(35),
                    pile: Pile::Up1,
                },
                "play 35 up1",
                r#"{"type":"play","card":35,"pile":"up1"}"#,
            ),
            (Action::EndTurn, "end", r#"{"type":"end_turn"}"#),
            (
                Action::Signal {
                    pile: Pile::Down2,
                    signal: Signal::GoodCard,
                },
                "signal down2 good_card",
                r#"{"type":"signal","pile":"down2","signal":"good_card"}"#,
            ),
        ];
        for (a, text, json) in cases {
            assert_eq!(a.to_string(), text);
            assert_eq!(text.parse::<Action>().unwrap(), a);
            assert_eq!(serde_json::to_string(&a).unwrap(), json);
            assert_eq!(serde_json::from_str::<Action>(json).unwrap(), a);
        }
        for bad in [
            "",
            "play",
            "play 1 up1",
            "play 35 up3",
            "end now",
            "signal up1 maybe",
        ] {
            assert!(bad.parse::<Action>().is_err(), "{bad}");
        }
        assert!(
            serde_json::from_str::<Action>(r#"{"type":"play","card":100,"pile":"up1"}"#).is_err()
        );
        // A field the action does not have is refused, not ignored.
        let err = serde_json::from_str::<Action>(r#"{"type":"play","card":10,"pile":"up1","x":1}"#)
            .unwrap_err();
        assert!(err.to_string().contains("unknown field `x`"), "{err}");
    }

    #[test]
    fn event_text_and_json() {
        let events = [
            Event::Played {
                seat: Seat(0),
                card: c(35),
                pile: Pile::Up1,
                backwards: false,
            },
            Event::Played {
                seat: Seat(1),
                card: c(6),
                pile: Pile::Up2,
                backwards: true,
            },
            Event::TurnEnded { seat: Seat(0) },
            Event::Drew {
                seat: Seat(0),
                count: 2,
                cards: Some(vec![c(12), c(40)]),
            },
            Event::Drew {
                seat: Seat(0),
                count: 2,
                cards: None,
            },
            Event::Skipped { seat: Seat(2) },
            Event::TurnStarted {
                seat: Seat(1),
                minimum: 2,
            },
            Event::Signalled {
                seat: Seat(1),
                pile: Pile::Down2,
                signal: Signal::DontPlay,
            },
            Event::Won,
            Event::Lost { cards_left: 12 },
        ];
        for e in events {
            let text = e.to_string();
            assert_eq!(text.parse::<Event>().unwrap(), e, "{text}");
            let json = serde_json::to_string(&e).unwrap();
            assert_eq!(serde_json::from_str::<Event>(&json).unwrap(), e, "{json}");
        }
        assert_eq!(
            Event::Drew {
                seat: Seat(0),
                count: 2,
                cards: Some(vec![c(12), c(40)])
            }
            .to_string(),
            "seat 0 draws 2: 12 40"
        );
        assert!("seat 0 draws 2: 12".parse::<Event>().is_err());
        assert!("seat x ends turn".parse::<Event>().is_err());
    }

    #[test]
    fn drawn_cards_are_hidden_from_others() {
        let e = Event::Drew {
            seat: Seat(1),
            count: 1,
            cards: Some(vec![c(50)]),
        };
        assert_eq!(e.redacted_for(Some(Seat(1))), e);
        let hidden = Event::Drew {
            seat: Seat(1),
            count: 1,
            cards: None,
        };
        assert_eq!(e.redacted_for(Some(Seat(0))), hidden);
        assert_eq!(e.redacted_for(None), hidden);
        assert!(!serde_json::to_string(&hidden).unwrap().contains("50"));
    }
}
