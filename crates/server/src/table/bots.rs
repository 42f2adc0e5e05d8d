//! The bots that play bot seats and stand in for absent players: making them, showing them
//! what their seat may see, and asking them to move.
//!
//! Decisions:
//! - Bots think on the blocking thread pool (`spawn_blocking`), after the configured pause; a
//!   bot's move made on a version that has moved on is dropped and the bot asked again. A bot
//!   that panics or answers with an action that is not legal is replaced for that move by the
//!   first legal action, and a warning is logged.
//! - A bot is made afresh from the history's events whenever what it saw may be wrong (at
//!   start, after an undo, when it takes a seat over); a move of a bot made before that is
//!   dropped (its generation is old).

use super::Table;
use engine::{Actor, Bot, Game, Planner, Seat, Viewer};
use std::panic::AssertUnwindSafe;
use std::sync::Arc;
use std::time::Duration;

/// A seat a bot plays: the bot itself, or what it missed while it was out thinking.
pub(super) struct BotSeat<G: Game> {
    /// `None` while the bot is thinking. Asked one action at a time: a bot's multi-action plan
    /// (a whole turn of The Game) is handed out action by action while it still holds.
    bot: Option<Planner<G>>,
    /// Events (already redacted for this seat) that came while it was thinking.
    missed: Vec<G::Event>,
    /// Which bot this is; a move of a bot that has since been replaced is dropped.
    generation: u64,
}

/// A bot's answer, with the bot, back from the blocking pool.
pub(super) struct BotMove<G: Game> {
    seat: Seat,
    version: u64,
    generation: u64,
    bot: Planner<G>,
    action: G::Action,
}

/// Makes the bot called `name` for a seat (seeded from the game's seed and the seat).
pub(crate) type BotMaker<G> = Arc<dyn Fn(&str, Seat) -> Option<Box<dyn Bot<G>>> + Send + Sync>;

/// Shows every bot the `events` its seat may see (kept for later while it is thinking).
pub(super) fn show_bots<G: Game>(bots: &mut [Option<BotSeat<G>>], events: &[G::Event]) {
    for (i, slot) in bots.iter_mut().enumerate() {
        let Some(slot) = slot else { continue };
        let viewer = Viewer::Seat(Seat(i as u8));
        for e in events {
            if let Some(seen) = G::redact(e, viewer) {
                match &mut slot.bot {
                    Some(bot) => bot.observe(&seen),
                    None => slot.missed.push(seen),
                }
            }
        }
    }
}

impl<G: Game> Table<G> {
    /// A new bot for `seat` (its own, or the stand-in for a human seat) that has seen every
    /// event of the history its seat may see.
    pub(super) fn fresh_bot(&mut self, seat: Seat) -> Result<BotSeat<G>, String> {
        let name = self.seats[seat.index()]
            .bot
            .clone()
            .unwrap_or_else(|| self.stand_in.clone());
        let mut bot = (self.make_bot)(&name, seat)
            .map(Planner::new)
            .ok_or_else(|| format!("seat {}: unknown bot {name:?}", seat.0))?;
        let viewer = Viewer::Seat(seat);
        for e in self.history.iter().flat_map(|e| &e.events) {
            if let Some(seen) = G::redact(e, viewer) {
                bot.observe(&seen);
            }
        }
        self.bot_generation += 1;
        Ok(BotSeat {
            bot: Some(bot),
            missed: Vec::new(),
            generation: self.bot_generation,
        })
    }

    /// Makes every seat's bot afresh from the history (at start, and after an undo).
    pub(super) fn rebuild_bots(&mut self) -> Result<(), String> {
        let mut bots = Vec::with_capacity(self.seats.len());
        for i in 0..self.seats.len() {
            let s = &self.seats[i];
            bots.push(if s.bot.is_some() || s.away.is_some() {
                Some(self.fresh_bot(Seat(i as u8))?)
            } else {
                None
            });
        }
        self.bots = bots;
        Ok(())
    }

    pub(super) fn schedule_bot(&mut self) {
        if !self.driving {
            return;
        }
        let Actor::Seat(seat) = self.actor() else {
            return;
        };
        let Some(Some(slot)) = self.bots.get_mut(seat.index()) else {
            return;
        };
        let Some(mut bot) = slot.bot.take() else {
            return;
        };
        let mut legal = Vec::new();
        self.state.legal_actions(&mut legal);
        if legal.is_empty() {
            tracing::error!(game = %self.id, "{seat} must act but has no legal action");
            slot.bot = Some(bot);
            return;
        }
        let generation = slot.generation;
        let view = self.state.view(Viewer::Seat(seat));
        let version = self.version;
        let delay = self.bot_backoff.take().unwrap_or(self.ctx.config.bot_delay);
        let tx = self.bot_tx.clone();
        let id = self.id.clone();
        tokio::spawn(async move {
            if !delay.is_zero() {
                tokio::time::sleep(delay).await;
            }
            let thought = tokio::task::spawn_blocking(move || {
                let chosen =
                    std::panic::catch_unwind(AssertUnwindSafe(|| bot.choose(&view, &legal)));
                let action = match chosen {
                    Ok(a) if legal.contains(&a) => a,
                    Ok(a) => {
                        tracing::warn!(game = %id, "bot {} chose {a}, which is not legal", bot.name());
                        legal[0].clone()
                    }
                    Err(_) => {
                        tracing::warn!(game = %id, "bot {} panicked", bot.name());
                        legal[0].clone()
                    }
                };
                (bot, action)
            })
            .await;
            if let Ok((bot, action)) = thought {
                let _ = tx.send(BotMove {
                    seat,
                    version,
                    generation,
                    bot,
                    action,
                });
            }
        });
    }

    pub(super) async fn bot_moved(&mut self, m: BotMove<G>) {
        let Some(Some(slot)) = self.bots.get_mut(m.seat.index()) else {
            return;
        };
        if slot.generation != m.generation {
            // The bot was replaced (undo, or a seat changed hands) while it thought.
            return;
        }
        let mut bot = m.bot;
        for e in slot.missed.drain(..) {
            bot.observe(&e);
        }
        slot.bot = Some(bot);
        if !self.driving {
            // Another process took the game over while the bot thought.
            return;
        }
        if m.version == self.version && self.actor() == Actor::Seat(m.seat) {
            if let Err(e) = self.commit(m.seat, m.action).await {
                tracing::warn!(game = %self.id, "bot move refused: {e}");
                self.bot_backoff = Some(Duration::from_secs(1));
                self.schedule_bot();
            }
        } else {
            self.schedule_bot();
        }
    }
}
