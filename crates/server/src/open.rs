//! Open games: seats anyone may take, listed live, and the list of games in progress that
//! anyone may watch.
//!
//! A game created with seats of type `open` waits: it is stored with its open seats marked,
//! listed by `GET /api/open-games`, and joined one seat at a time (`POST
//! /api/open-games/{id}/join`). It has no task, no bots playing and no clock until its last
//! open seat is taken; then it starts by itself, its clocks counted from that moment.
//!
//! Decisions:
//! - **Nothing runs while waiting.** The game is stored before it is listed (so a restart keeps
//!   it, still open), but its task starts only when it is full, so its bots cannot play ahead
//!   of players who have not arrived, and the table code does not know open games exist.
//! - **A seat is taken once.** Joins in one process are taken one at a time; the store's claim
//!   (a seat with neither bot nor token) decides between processes sharing a database, and the
//!   loser of a race tries the next open seat.
//! - **Expiry**: an open game nobody completes within [`Config::open_game_seconds`]
//!   (default one hour) is removed from the store, with its seats: it has no records. A game
//!   whose last seat was taken meanwhile is left alone.
//! - **Who joins**: a joining player signed in owns the seat (module `account`) and is named by
//!   the account unless they give a name; anyone else gets a seat token and link exactly as an
//!   invited player does. A seat of a rated game is taken only by a signed-in account that
//!   holds no other seat of it (module `ratings`). Joins draw from the address's attempt budget
//!   ([`Config::join_attempts_per_minute`]).
//! - **Watching**: games with `options.listed` (every game that had open seats) are listed in
//!   progress by `GET /api/live-games`; a spectator sees what any spectator sees.

use crate::account::now_seconds;
use crate::api::parse;
use crate::error::ApiError;
use crate::limit::Client;
use crate::seats::{check_name, PlayOptions, TimeControl};
use crate::store::StoredGame;
use crate::token::{hash_token, new_token};
use crate::{read, write, GameEntry, Server};
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::Json;
use engine::Seat;
use serde::{Deserialize, Serialize};
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

/// A game waiting for players to take its open seats.
#[derive(Clone)]
pub(crate) struct OpenGame {
    kind: &'static str,
    stored: StoredGame,
    /// When it began waiting here, among the open games: `created_at` counts whole seconds,
    /// and games opened in one second are listed (and matched) in the order they were opened.
    arrival: u64,
}

/// The next [`OpenGame::arrival`].
static ARRIVALS: AtomicU64 = AtomicU64::new(0);

impl OpenGame {
    fn first_open_seat(&self) -> Option<usize> {
        self.stored.seats.iter().position(|s| s.open)
    }

    fn seats_left(&self) -> usize {
        self.stored.seats.iter().filter(|s| s.open).count()
    }
}

/// One seat of a listed open game.
#[derive(Serialize)]
struct ListedSeat {
    seat: u8,
    /// `"open"`, `"human"` (taken) or `"bot"`.
    #[serde(rename = "type")]
    player: &'static str,
    #[serde(skip_serializing_if = "Option::is_none")]
    name: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    bot: Option<String>,
}

/// An open game as the lobby lists it.
#[derive(Serialize)]
struct Listed {
    game: String,
    kind: &'static str,
    players: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    map: Option<String>,
    clock: TimeControl,
    rated: bool,
    seats_left: usize,
    seats: Vec<ListedSeat>,
    created_at: i64,
    expires_at: i64,
    #[serde(skip)]
    arrival: u64,
}

#[derive(Serialize)]
pub(crate) struct OpenGames {
    games: Vec<Listed>,
    /// How long an open game waits for its players, in seconds.
    open_game_seconds: u64,
}

impl Server {
    /// Keeps `stored`, a game with open seats just stored or loaded, until it is full.
    pub(crate) fn wait_for_players(&self, kind: &'static str, stored: StoredGame) {
        let mut open = write(&self.inner.open);
        let arrival = open.get(&stored.id).map_or_else(
            || ARRIVALS.fetch_add(1, Ordering::Relaxed),
            |known| known.arrival,
        );
        open.insert(
            stored.id.clone(),
            OpenGame {
                kind,
                stored,
                arrival,
            },
        );
    }

    /// The kind, creation time and open seats left of `id`, if it is an open game waiting for
    /// players here (its creator's "my games" lists it so).
    pub(crate) fn waiting(&self, id: &str) -> Option<(&'static str, i64, usize)> {
        read(&self.inner.open)
            .get(id)
            .map(|g| (g.kind, g.stored.created_at, g.seats_left()))
    }

    /// Marks seat `seat` of open game `id` taken by the holder of `token` in another process.
    pub(crate) fn taken_elsewhere(&self, id: &str, seat: u8, token: crate::token::TokenHash) {
        if let Some(game) = write(&self.inner.open).get_mut(id) {
            if let Some(s) = game.stored.seats.get_mut(usize::from(seat)) {
                s.open = false;
                s.token = Some(token);
            }
        }
    }

    /// `Err(game_waiting)` if `id` is an open game waiting for players; a shared database is
    /// asked first, so that a game another process started is loaded instead.
    pub(crate) async fn refuse_waiting(&self, id: &str) -> Result<(), ApiError> {
        let waiting = |seats_left| Err(ApiError::GameWaiting { seats_left });
        let Some(game) = read(&self.inner.open).get(id).cloned() else {
            return Ok(());
        };
        if self.inner.shared.is_none() {
            return waiting(game.seats_left());
        }
        match self.inner.store.load_game(id).await? {
            Some(stored) if stored.seats.iter().any(|s| s.open) => {
                let left = stored.seats.iter().filter(|s| s.open).count();
                self.wait_for_players(game.kind, stored);
                waiting(left)
            }
            _ => {
                write(&self.inner.open).remove(id);
                Ok(())
            }
        }
    }

    /// Takes the first open seat of game `id` for a new player named `name`, owned by
    /// `account` if one is signed in; starts the game if that was its last open seat.
    ///
    /// # Errors
    /// `unknown_game` when no open game has this id (or its seats were all taken), or the store
    /// failed.
    pub(crate) async fn join(
        &self,
        id: &str,
        name: Option<String>,
        account: Option<&crate::store::accounts::Account>,
    ) -> Result<Joined, ApiError> {
        let _one_at_a_time = self.inner.joining.lock().await;
        let unknown = || ApiError::UnknownGame(id.to_owned());
        let name = name.or_else(|| account.and_then(|a| a.name.clone()));
        loop {
            let game = read(&self.inner.open)
                .get(id)
                .cloned()
                .ok_or_else(unknown)?;
            let seat = game.first_open_seat().ok_or_else(unknown)?;
            if PlayOptions::parse(&game.stored.options).is_ok_and(|o| o.rated) {
                // Every seat of a rated game is a different account (module `ratings`).
                let account = account.ok_or(ApiError::NotSignedIn)?;
                if let Some(held) = game
                    .stored
                    .seats
                    .iter()
                    .position(|s| s.account == Some(account.id))
                {
                    return Err(ApiError::AlreadySeated { seat: held as u8 });
                }
            }
            let token = new_token();
            let hash = hash_token(&token);
            if let Err(e) = self.inner.store.claim_seat(id, seat as u8, hash).await {
                // Another process took it first: look again at what is left.
                if self.inner.shared.is_none() {
                    return Err(e.into());
                }
                match self.inner.store.load_game(id).await? {
                    Some(stored) if stored.seats.iter().any(|s| s.open) => {
                        self.wait_for_players(game.kind, stored);
                        continue;
                    }
                    _ => {
                        write(&self.inner.open).remove(id);
                        return Err(unknown());
                    }
                }
            }
            if name.is_some() {
                self.inner
                    .store
                    .set_name(id, seat as u8, name.clone())
                    .await?;
            }
            if let Some(account) = account {
                self.inner
                    .store
                    .accounts()
                    .own_seats(account.id, vec![hash])
                    .await?;
            }
            let full = {
                let mut open = write(&self.inner.open);
                let Some(game) = open.get_mut(id) else {
                    return Err(unknown());
                };
                let s = &mut game.stored.seats[seat];
                s.open = false;
                s.token = Some(hash);
                s.name = name.clone();
                s.account = account.map(|a| a.id);
                game.seats_left() == 0
            };
            if full {
                self.start_open(id).await?;
            }
            return Ok(Joined {
                game: id.to_owned(),
                seat: Seat(seat as u8),
                link: self.link(format!("/games/{id}#token={token}")),
                token,
                started: full,
            });
        }
    }

    /// Starts the full open game `id`: its clocks from now, its task, its seats' tokens. The
    /// game leaves the open games only once it is live (or could not start), so that it is
    /// never unknown meanwhile: a player or bot polling it would take it for expired.
    async fn start_open(&self, id: &str) -> Result<(), ApiError> {
        let Some(game) = read(&self.inner.open).get(id).cloned() else {
            return Ok(());
        };
        let started = self.start_full(id, game).await;
        write(&self.inner.open).remove(id);
        started
    }

    /// [`Server::start_open`] but for taking the game out of the open games.
    async fn start_full(&self, id: &str, game: OpenGame) -> Result<(), ApiError> {
        let mut stored = game.stored;
        stored.created_at = now_seconds();
        self.inner
            .store
            .start_open_game(id, stored.created_at)
            .await?;
        let kind = self.inner.registry.get(&stored.kind)?.clone();
        let handle = kind
            .resume(&stored, self.table_context())
            .map_err(ApiError::InvalidSetup)?;
        let entry = GameEntry::stored(handle, kind.name(), &stored);
        if self.add_live(id.to_owned(), entry) {
            let mut tokens = write(&self.inner.tokens);
            for (i, s) in stored.seats.iter().enumerate() {
                if let Some(t) = s.token {
                    tokens.insert(t, (id.to_owned(), Seat(i as u8)));
                }
            }
        }
        tracing::info!(game = %id, "open game full: started");
        Ok(())
    }

    /// Removes every open game older than [`Config::open_game_seconds`](crate::Config).
    pub(crate) async fn expire_open_games(&self) {
        let now = now_seconds();
        let lifetime = self.config().open_game_seconds as i64;
        let expired: Vec<String> = read(&self.inner.open)
            .iter()
            .filter(|(_, g)| g.stored.created_at + lifetime <= now)
            .map(|(id, _)| id.clone())
            .collect();
        for id in expired {
            let _one_at_a_time = self.inner.joining.lock().await;
            match self.inner.store.abandon_open_game(&id).await {
                Ok(()) => {
                    write(&self.inner.open).remove(&id);
                    tracing::info!(game = %id, "open game expired unjoined");
                }
                Err(e) => tracing::warn!(game = %id, "cannot remove an expired open game: {e}"),
            }
        }
    }
}

/// Runs [`Server::expire_open_games`] until the server is dropped.
pub(crate) async fn expire(inner: std::sync::Weak<crate::Inner>, lifetime_seconds: u64) {
    let every = Duration::from_secs(lifetime_seconds.clamp(1, 240)) / 4;
    loop {
        tokio::time::sleep(every).await;
        let Some(inner) = inner.upgrade() else { return };
        Server { inner }.expire_open_games().await;
    }
}

/// A seat just taken.
#[derive(Serialize)]
pub(crate) struct Joined {
    game: String,
    seat: Seat,
    token: String,
    link: String,
    /// Whether this was the last open seat, so that the game has started.
    started: bool,
}

/// `GET /api/open-games`: every open game, newest first.
pub(crate) async fn list(State(server): State<Server>) -> Json<OpenGames> {
    let lifetime = server.config().open_game_seconds;
    let mut games: Vec<Listed> = read(&server.inner.open)
        .values()
        // A full game is starting: nobody can join it any more.
        .filter(|g| g.seats_left() > 0)
        .map(|g| {
            let options = PlayOptions::parse(&g.stored.options).unwrap_or_default();
            let setup: serde_json::Value =
                serde_json::from_str(&g.stored.setup).unwrap_or_default();
            Listed {
                game: g.stored.id.clone(),
                kind: g.kind,
                players: g.stored.seats.len(),
                map: setup["map"].as_str().map(str::to_owned),
                clock: options.clock,
                rated: options.rated,
                seats_left: g.seats_left(),
                seats: g
                    .stored
                    .seats
                    .iter()
                    .enumerate()
                    .map(|(i, s)| ListedSeat {
                        seat: i as u8,
                        player: match (&s.bot, s.open) {
                            (Some(_), _) => "bot",
                            (None, true) => "open",
                            (None, false) => "human",
                        },
                        name: s.name.clone(),
                        bot: s.bot.clone(),
                    })
                    .collect(),
                created_at: g.stored.created_at,
                expires_at: g.stored.created_at + lifetime as i64,
                arrival: g.arrival,
            }
        })
        .collect();
    games.sort_by_key(|g| std::cmp::Reverse((g.created_at, g.arrival)));
    Json(OpenGames {
        games,
        open_game_seconds: lifetime,
    })
}

#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct JoinRequest {
    #[serde(default)]
    name: Option<String>,
}

/// `POST /api/open-games/{id}/join`: takes the first open seat.
pub(crate) async fn join(
    State(server): State<Server>,
    crate::api::GameId(id): crate::api::GameId,
    client: Option<axum::Extension<Client>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Joined>, ApiError> {
    if let Some(axum::Extension(client)) = client {
        server
            .inner
            .attempts
            .joins
            .check(&client.0)
            .map_err(|retry_after_ms| ApiError::TooManyAttempts { retry_after_ms })?;
    }
    let empty = body.as_ref().is_ok_and(|b| b.is_empty());
    let request: JoinRequest = if empty {
        JoinRequest::default()
    } else {
        parse(body, server.config().max_message_bytes)?
    };
    let name = request
        .name
        .map(|n| check_name(&n))
        .transpose()
        .map_err(ApiError::InvalidName)?;
    let account = server.signed_in(&headers).await?;
    Ok(Json(server.join(&id, name, account.as_ref()).await?))
}

/// A game in progress that anyone may watch.
#[derive(Serialize)]
pub(crate) struct LiveGame {
    game: String,
    kind: &'static str,
    created_at: i64,
    link: String,
    #[serde(flatten)]
    summary: crate::Summary,
}

/// At most this many games in progress are listed, newest first.
const MAX_LIVE_LISTED: usize = 50;

/// `GET /api/live-games`: listed games in progress, newest first.
pub(crate) async fn live(State(server): State<Server>) -> Result<Json<Vec<LiveGame>>, ApiError> {
    let mut listed: Vec<(String, GameEntry)> = read(&server.inner.games)
        .iter()
        .filter(|(_, e)| e.options.listed)
        .map(|(id, e)| (id.clone(), e.clone()))
        .collect();
    listed.sort_by(|a, b| b.1.created_at.cmp(&a.1.created_at).then(a.0.cmp(&b.0)));
    let mut games = Vec::new();
    for (id, entry) in listed {
        let Ok(summary) = entry.handle.summary().await else {
            continue;
        };
        if summary.outcome.is_some() {
            continue;
        }
        games.push(LiveGame {
            link: server.link(format!("/games/{id}")),
            game: id,
            kind: entry.kind,
            created_at: entry.created_at,
            summary,
        });
        if games.len() == MAX_LIVE_LISTED {
            break;
        }
    }
    Ok(Json(games))
}

impl Server {
    /// The open games in which `account` holds a seat, waiting for their other players (module
    /// `bot_account`).
    pub(crate) fn waiting_in(&self, account: crate::store::accounts::AccountId) -> Vec<String> {
        read(&self.inner.open)
            .values()
            .filter(|g| g.stored.seats.iter().any(|s| s.account == Some(account)))
            .map(|g| g.stored.id.clone())
            .collect()
    }
}
