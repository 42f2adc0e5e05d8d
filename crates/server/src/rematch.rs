//! Rematch: `POST /api/games/{id}/rematch` starts the same kind, seats, names and options with a
//! new secret seed, once the game is over; every player of the old game gets their new seat.
//!
//! Decisions:
//! - One rematch per game: the first call makes it, later calls (from any seat) join it. With
//!   several processes on one database, two calls at the same moment on two processes both try;
//!   the database keeps the first game stored (a unique `rematch_of`) and the other process
//!   answers with that one.
//! - The new game's human seats start *unclaimed*: the server never holds a player's token in
//!   the clear, so it cannot hand out new tokens for players who are not there. The token of a
//!   new seat is derived from the old seat's token and the new game's id
//!   ([`rematch_token`](crate::token::rematch_token)), so whoever holds the old link, and only
//!   they, can claim the new seat, at once or days later, and claiming twice gives the same
//!   token. The claim stores the new token's hash like any other.
//! - Every WebSocket of the old game is told (`{"type":"rematch",...}`); a seat's connection
//!   claims that seat with the token it said hello with and sends the new link to that
//!   connection alone. Spectators get the new game's spectator link.
//! - The creator of the old game is the creator of the new one (same creator token).
//! - A rematch is never rated (module `ratings`): its seats have no accounts until claimed,
//!   and a rated game needs one in every seat from the start. Players who want another rated
//!   game open one.

use crate::api::bearer;
use crate::error::ApiError;
use crate::new_game::NewSeat;
use crate::seats::PlayOptions;
use crate::token::{hash_token, rematch_token};
use crate::{read, write, Server};
use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use engine::{Seat, Viewer};
use serde::Serialize;
use serde_json::Value;

/// A player's seat in the rematch.
#[derive(Debug, Clone, Serialize)]
pub(crate) struct RematchSeat {
    #[serde(rename = "type")]
    message: &'static str,
    game: String,
    seat: Seat,
    token: String,
    link: String,
}

pub(crate) async fn rematch(
    State(server): State<Server>,
    crate::api::GameId(id): crate::api::GameId,
    headers: HeaderMap,
) -> Result<Json<RematchSeat>, ApiError> {
    let token = bearer(&headers)?.ok_or(ApiError::MissingToken)?;
    // Loads a finished game that is not in memory, so that its seats are known.
    server.game(&id).await?;
    let Viewer::Seat(seat) = server.viewer(&id, Some(token))? else {
        return Err(ApiError::SpectatorCannotAct);
    };
    let new_id = server.rematch_of(&id).await?;
    Ok(Json(server.claim_rematch(&new_id, seat, token).await?))
}

impl Server {
    /// The rematch of game `id`, made now if there is none yet.
    ///
    /// # Errors
    /// The game is unknown or not over, or the new game cannot be stored.
    pub(crate) async fn rematch_of(&self, id: &str) -> Result<String, ApiError> {
        let entry = self.game(id).await?;
        if let Some(new) = entry.rematch.borrow().clone() {
            return Ok(new);
        }
        let _making = self.inner.rematching.lock().await;
        if let Some(new) = entry.rematch.borrow().clone() {
            return Ok(new);
        }
        let summary = entry.handle.summary().await?;
        if summary.outcome.is_none() {
            return Err(ApiError::GameNotOver);
        }
        let record: Value = serde_json::from_str(&entry.handle.record(Viewer::Spectator).await?)
            .map_err(|e| ApiError::Storage(format!("cannot read the record: {e}")))?;
        let mut setup = record.get("setup").cloned().unwrap_or(Value::Null);
        if let Some(fields) = setup.as_object_mut() {
            fields.remove("seed");
        }
        let kind = self.inner.registry.get(entry.kind)?.clone();
        let prepared = kind.prepare(setup)?;
        let seats = summary
            .seats
            .iter()
            .map(|s| match &s.bot {
                Some(bot) => NewSeat::Bot {
                    bot: bot.clone(),
                    account: None,
                },
                None => NewSeat::Unclaimed {
                    name: s.name.clone(),
                },
            })
            .collect();
        let started = self
            .start_game(
                &kind,
                &prepared.setup,
                seats,
                PlayOptions {
                    rated: false,
                    ..entry.options
                },
                entry.creator,
                Some(id.to_owned()),
            )
            .await;
        let new = match (started, &self.inner.shared) {
            (Ok(started), _) => started.id,
            // Another process sharing the database made this rematch at the same moment: the
            // database keeps one per game (a unique index), so this one was refused; join it.
            (Err(e), Some(shared)) => match shared.rematch_of(id).await {
                Ok(Some(theirs)) => theirs,
                _ => return Err(e),
            },
            (Err(e), None) => return Err(e),
        };
        entry.rematch.send_replace(Some(new.clone()));
        Ok(new)
    }

    /// Claims `seat` of the rematch `new_id` for the holder of `old_token` (that seat's token
    /// in the game before), and answers the new seat's token and link.
    ///
    /// # Errors
    /// The seat is a bot's, or the claim cannot be stored.
    pub(crate) async fn claim_rematch(
        &self,
        new_id: &str,
        seat: Seat,
        old_token: &str,
    ) -> Result<RematchSeat, ApiError> {
        let token = rematch_token(old_token, new_id);
        let hash = hash_token(&token);
        let answer = RematchSeat {
            message: "rematch",
            game: new_id.to_owned(),
            seat,
            link: self.link(format!("/games/{new_id}#token={token}")),
            token,
        };
        if read(&self.inner.tokens).contains_key(&hash) {
            return Ok(answer);
        }
        let entry = self.game(new_id).await?;
        if entry.seats.get(seat.index()).is_none_or(Option::is_some) {
            return Err(ApiError::InvalidSeats(format!(
                "seat {} of the rematch is not a human seat",
                seat.0
            )));
        }
        let _claiming = self.inner.rematching.lock().await;
        if read(&self.inner.tokens).contains_key(&hash) {
            return Ok(answer);
        }
        self.inner
            .store
            .claim_seat(new_id, seat.0, hash)
            .await
            .map_err(ApiError::from)?;
        write(&self.inner.tokens).insert(hash, (new_id.to_owned(), seat));
        Ok(answer)
    }
}
