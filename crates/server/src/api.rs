//! The HTTP routes. Handlers are thin: parse and check the request, ask the game's task, answer.
//! Every refusal is an [`ApiError`], turned into a status code and JSON body in one place.
//!
//! Bodies are read as bytes (bounded by [`Config::max_message_bytes`](crate::Config)) and parsed
//! here, so that "not JSON" (`malformed_json`), "JSON of the wrong shape" (`invalid_request`) and
//! "too large" (`payload_too_large`) each get their own code whatever the `Content-Type`.

use crate::error::ApiError;
use crate::new_game::{CreatedGame, NewGame};
use crate::seats::{check_name, PlayOptions};
use crate::table::SeatChange;
use crate::token::hash_token;
use crate::{
    account, analyses, assets, bot_account, limit, open, ratings, rematch, ws, GameEntry, Server,
};
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, QueryRejection};
use axum::extract::{DefaultBodyLimit, FromRequestParts, Path, Query, State};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use engine::{Seat, Viewer};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The `{id}` of a game's path. A path that cannot be decoded (not UTF-8) is refused as JSON
/// `invalid_request`, like every other refusal, rather than with axum's plain-text answer.
pub(crate) struct GameId(pub(crate) String);

impl<S: Send + Sync> FromRequestParts<S> for GameId {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<GameId, ApiError> {
        match Path::<String>::from_request_parts(parts, state).await {
            Ok(Path(id)) => Ok(GameId(id)),
            Err(e) => Err(ApiError::InvalidRequest(format!(
                "the game id in the path cannot be read: {}",
                e.body_text()
            ))),
        }
    }
}

/// The game of the path and who the request speaks for: the bearer token's seat, or a
/// spectator when there is no token. Refusals, in this order: the path (`invalid_request`),
/// the game (`not_found`), the token (`invalid_request`, `wrong_token`).
struct Audience {
    entry: GameEntry,
    viewer: Viewer,
}

impl FromRequestParts<Server> for Audience {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, server: &Server) -> Result<Audience, ApiError> {
        let GameId(id) = GameId::from_request_parts(parts, server).await?;
        let entry = server.game(&id).await?;
        let viewer = server.viewer(&id, bearer(&parts.headers)?)?;
        Ok(Audience { entry, viewer })
    }
}

/// The game of the path and the seat of the bearer token, for the routes only a seated player
/// may use. Refusals as [`Audience`]'s, with `missing_token` when there is no token.
pub(crate) struct Player {
    pub(crate) entry: GameEntry,
    pub(crate) seat: Seat,
}

impl FromRequestParts<Server> for Player {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, server: &Server) -> Result<Player, ApiError> {
        let GameId(id) = GameId::from_request_parts(parts, server).await?;
        let entry = server.game(&id).await?;
        let token = bearer(&parts.headers)?.ok_or(ApiError::MissingToken)?;
        match server.viewer(&id, Some(token))? {
            Viewer::Seat(seat) => Ok(Player { entry, seat }),
            Viewer::Spectator => Err(ApiError::SpectatorCannotAct),
        }
    }
}

pub(crate) fn router(server: Server) -> Router {
    let max = server.config().max_message_bytes;
    Router::new()
        .route("/", get(assets::index))
        .route("/games/{id}", get(assets::index))
        .route("/rules/{game}", get(assets::rules_page))
        .route("/account", get(assets::index))
        .route("/players/{name}", get(assets::index))
        .route("/leaderboards/{kind}", get(assets::index))
        .route("/assets/{*path}", get(assets::asset))
        .route("/favicon.ico", get(assets::favicon))
        .route("/api/kinds", get(kinds))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(summary))
        .route("/api/games/{id}/view", get(view))
        .route("/api/games/{id}/log", get(log))
        .route("/api/games/{id}/actions", post(act))
        .route("/api/games/{id}/undo", post(undo))
        .route("/api/games/{id}/name", post(rename))
        .route("/api/games/{id}/leave", post(leave))
        .route("/api/games/{id}/back", post(back))
        .route("/api/games/{id}/seats/{seat}/replace", post(replace))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/replay", get(replay))
        .route("/api/games/{id}/rematch", post(rematch::rematch))
        .route(
            "/api/games/{id}/analysis",
            get(analyses::get).post(analyses::request),
        )
        .route("/api/games/{id}/hint", post(analyses::hint))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .route("/api/players/games", post(player_games))
        .route("/api/players/{name}", get(account::player))
        .route("/api/open-games", get(open::list))
        .route("/api/open-games/{id}/join", post(open::join))
        .route("/api/live-games", get(open::live))
        .route("/api/leaderboards/{kind}", get(ratings::leaderboard))
        .route("/api/account", get(account::me))
        .route("/api/account/signup", post(account::signup))
        .route("/api/account/login", post(account::login))
        .route("/api/account/logout", post(account::logout))
        .route("/api/account/delete", post(account::delete))
        .route("/api/account/claim", post(account::claim))
        .route(
            "/api/account/bots",
            get(bot_account::list).post(bot_account::create),
        )
        .route("/api/account/bots/{name}/token", post(bot_account::rotate))
        .route("/api/account/bots/{name}/revoke", post(bot_account::revoke))
        .route("/api/account/bots/{name}/delete", post(bot_account::delete))
        .route("/api/bot/account", get(bot_account::me))
        .route("/api/bot/open-games", get(bot_account::open_games))
        .route("/api/bot/open-games/{id}/join", post(bot_account::join))
        .route("/api/bot/seek", post(bot_account::seek))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(DefaultBodyLimit::max(max))
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            account::same_origin,
        ))
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            limit::limit_client,
        ))
        .layer(axum::middleware::from_fn_with_state(
            server.clone(),
            request_timeout,
        ))
        .with_state(server)
}

/// Middleware: a request whose body has not arrived and been answered within
/// [`Config::request_timeout`](crate::Config) is refused with `request_timeout` (a WebSocket
/// upgrade is answered at once; the socket itself is not bound by this).
async fn request_timeout(
    State(server): State<Server>,
    request: axum::extract::Request,
    next: axum::middleware::Next,
) -> Response {
    let limit = server.config().request_timeout;
    match tokio::time::timeout(limit, next.run(request)).await {
        Ok(response) => response,
        Err(_) => ApiError::RequestTimeout {
            seconds: limit.as_secs(),
        }
        .into_response(),
    }
}

async fn not_found(uri: axum::http::Uri) -> ApiError {
    ApiError::NotFound(uri.path().to_owned())
}

async fn method_not_allowed(method: axum::http::Method, uri: axum::http::Uri) -> ApiError {
    ApiError::MethodNotAllowed {
        method: method.to_string(),
        path: uri.path().to_owned(),
    }
}

/// Parses a bounded JSON body into `T`, with a distinct error for each way it can be wrong.
pub(crate) fn parse<T: DeserializeOwned>(
    body: Result<Bytes, BytesRejection>,
    max: usize,
) -> Result<T, ApiError> {
    let bytes = body.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            ApiError::PayloadTooLarge { size: max + 1, max }
        } else {
            ApiError::InvalidRequest(e.body_text())
        }
    })?;
    if bytes.len() > max {
        return Err(ApiError::PayloadTooLarge {
            size: bytes.len(),
            max,
        });
    }
    let value: Value =
        serde_json::from_slice(&bytes).map_err(|e| ApiError::MalformedJson(e.to_string()))?;
    serde_json::from_value(value).map_err(|e| ApiError::InvalidRequest(e.to_string()))
}

/// The token in `Authorization: Bearer <token>`, if any.
///
/// # Errors
/// `invalid_request` for anything that could be read two ways: two `Authorization` headers,
/// another scheme, or a token with spaces around or within it; `wrong_token` for a value that
/// is not visible ASCII (no token is).
pub(crate) fn bearer(headers: &HeaderMap) -> Result<Option<&str>, ApiError> {
    let mut values = headers.get_all(header::AUTHORIZATION).iter();
    let Some(value) = values.next() else {
        return Ok(None);
    };
    if values.next().is_some() {
        return Err(ApiError::InvalidRequest(
            "send one Authorization header: several are ambiguous".into(),
        ));
    }
    let text = value.to_str().map_err(|_| ApiError::WrongToken)?;
    match text.strip_prefix("Bearer ") {
        Some(token) if !token.is_empty() && !token.contains(|c: char| c.is_ascii_whitespace()) => {
            Ok(Some(token))
        }
        Some(_) => Err(ApiError::InvalidRequest(
            "the Authorization header must be `Bearer <token>`, one space, and a token without spaces".into(),
        )),
        None => Err(ApiError::InvalidRequest(
            "the Authorization header must be `Bearer <token>`".into(),
        )),
    }
}

impl Server {
    /// Who a request or connection speaks for in game `id`: the token's seat, or a spectator
    /// when there is no token.
    pub(crate) fn viewer(&self, id: &str, token: Option<&str>) -> Result<Viewer, ApiError> {
        match token {
            None => Ok(Viewer::Spectator),
            Some(t) => match self.seat_of(t) {
                Some((game, seat)) if game == id => Ok(Viewer::Seat(seat)),
                Some(_) => Err(ApiError::WrongToken),
                None => self
                    .finished_seat(id, &hash_token(t))
                    .map(Viewer::Seat)
                    .ok_or(ApiError::WrongToken),
            },
        }
    }

    pub(crate) fn link(&self, path: String) -> String {
        match &self.config().public_url {
            Some(base) => format!("{}{path}", base.trim_end_matches('/')),
            None => path,
        }
    }
}

#[derive(Serialize)]
struct KindInfo {
    kind: &'static str,
    bots: Vec<String>,
}

async fn kinds(State(server): State<Server>) -> Json<Vec<KindInfo>> {
    Json(
        server
            .inner
            .registry
            .all()
            .map(|k| KindInfo {
                kind: k.name(),
                bots: k.bot_names(),
            })
            .collect(),
    )
}

/// `POST /api/games`: the body is a [`NewGame`], checked and started by
/// [`Server::create_game_as`]; a signed-in creator owns the first person's seat.
async fn create(
    State(server): State<Server>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<CreatedGame>), ApiError> {
    let request: NewGame = parse(body, server.config().max_message_bytes)?;
    let account = server.signed_in(&headers).await?;
    let created = server.create_game_as(request, account.as_ref()).await?;
    Ok((StatusCode::CREATED, Json(created)))
}

#[derive(Serialize)]
struct GameInfo {
    game: String,
    kind: &'static str,
    created_at: i64,
    options: PlayOptions,
    #[serde(skip_serializing_if = "Option::is_none")]
    rematch: Option<String>,
    #[serde(flatten)]
    summary: crate::Summary,
}

async fn summary(
    State(server): State<Server>,
    GameId(id): GameId,
) -> Result<Json<GameInfo>, ApiError> {
    let entry = server.game(&id).await?;
    let summary = entry.handle.summary().await?;
    let rematch = entry.rematch.borrow().clone();
    Ok(Json(GameInfo {
        game: id,
        kind: entry.kind,
        created_at: entry.created_at,
        options: entry.options,
        rematch,
        summary,
    }))
}

fn json_text(text: crate::table::Outgoing) -> Response {
    (
        [(header::CONTENT_TYPE, "application/json")],
        text.to_string(),
    )
        .into_response()
}

async fn view(Audience { entry, viewer }: Audience) -> Result<Response, ApiError> {
    Ok(json_text(entry.handle.state(viewer).await?))
}

async fn log(Audience { entry, viewer }: Audience) -> Result<Response, ApiError> {
    Ok(json_text(entry.handle.log(viewer).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ActionRequest {
    pub version: u64,
    pub action: Value,
    #[serde(default)]
    pub seat: Option<u8>,
}

#[derive(Serialize)]
struct Accepted {
    version: u64,
}

/// Checks that the action's seat (if named) is the token's, then hands it to the game.
pub(crate) async fn submit(
    entry: &GameEntry,
    viewer: Viewer,
    request: ActionRequest,
) -> Result<u64, ApiError> {
    let Viewer::Seat(seat) = viewer else {
        return Err(ApiError::SpectatorCannotAct);
    };
    if let Some(named) = request.seat {
        if named != seat.0 {
            return Err(ApiError::WrongSeat {
                token_seat: seat.0,
                action_seat: named,
            });
        }
    }
    entry
        .handle
        .act(seat, request.version, request.action)
        .await
}

async fn act(
    State(server): State<Server>,
    Player { entry, seat }: Player,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Accepted>, ApiError> {
    let request: ActionRequest = parse(body, server.config().max_message_bytes)?;
    let version = submit(&entry, Viewer::Seat(seat), request).await?;
    Ok(Json(Accepted { version }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct UndoRequest {
    version: u64,
}

async fn undo(
    State(server): State<Server>,
    Player { entry, seat }: Player,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Accepted>, ApiError> {
    let request: UndoRequest = parse(body, server.config().max_message_bytes)?;
    let version = entry.handle.undo(seat, request.version).await?;
    Ok(Json(Accepted { version }))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct NameRequest {
    name: String,
}

#[derive(Serialize)]
struct Named {
    seat: Seat,
    name: String,
}

async fn rename(
    State(server): State<Server>,
    Player { entry, seat }: Player,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Named>, ApiError> {
    let request: NameRequest = parse(body, server.config().max_message_bytes)?;
    let name = check_name(&request.name).map_err(ApiError::InvalidName)?;
    entry.handle.rename(seat, name.clone()).await?;
    Ok(Json(Named { seat, name }))
}

async fn leave(player: Player) -> Result<Json<Accepted>, ApiError> {
    change_own_seat(player, SeatChange::Leave).await
}

async fn back(player: Player) -> Result<Json<Accepted>, ApiError> {
    change_own_seat(player, SeatChange::Back).await
}

/// Leave or back: the bearer's own seat changes hands.
async fn change_own_seat(
    Player { entry, seat }: Player,
    change: SeatChange,
) -> Result<Json<Accepted>, ApiError> {
    let version = entry.handle.control(seat, change).await?;
    Ok(Json(Accepted { version }))
}

async fn replace(
    State(server): State<Server>,
    path: Result<Path<(String, String)>, axum::extract::rejection::PathRejection>,
    headers: HeaderMap,
) -> Result<Json<Accepted>, ApiError> {
    let Path((id, seat)) = path.map_err(|e| {
        ApiError::InvalidRequest(format!("the path cannot be read: {}", e.body_text()))
    })?;
    let entry = server.game(&id).await?;
    let token = bearer(&headers)?.ok_or(ApiError::MissingToken)?;
    if entry.creator != Some(hash_token(token)) {
        return Err(ApiError::NotCreator);
    }
    let seat = match seat.parse::<u8>() {
        Ok(s) if (s as usize) < entry.seats.len() => Seat(s),
        _ => {
            return Err(ApiError::InvalidSeats(format!(
                "there is no seat {seat:?}; this game has seats 0 to {}",
                entry.seats.len().saturating_sub(1)
            )))
        }
    };
    let version = entry.handle.control(seat, SeatChange::Replace).await?;
    Ok(Json(Accepted { version }))
}

async fn record(Audience { entry, viewer }: Audience) -> Result<Response, ApiError> {
    Ok(json_text(entry.handle.record(viewer).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ReplayQuery {
    step: usize,
    #[serde(default)]
    seat: Option<u8>,
}

/// A finished game after `step` actions, for the replay viewer (docs/api.md, Records).
async fn replay(
    State(server): State<Server>,
    GameId(id): GameId,
    query: Result<Query<ReplayQuery>, QueryRejection>,
) -> Result<Response, ApiError> {
    let Query(query) = query.map_err(|e| {
        ApiError::InvalidRequest(format!(
            "the query must be ?step=N or ?step=N&seat=S: {}",
            e.body_text()
        ))
    })?;
    let entry = server.game(&id).await?;
    let viewer = match query.seat {
        None => Viewer::Spectator,
        Some(s) if (s as usize) < entry.seats.len() => Viewer::Seat(Seat(s)),
        Some(s) => {
            return Err(ApiError::InvalidSeats(format!(
                "there is no seat {s}; this game has seats 0 to {}",
                entry.seats.len().saturating_sub(1)
            )))
        }
    };
    Ok(json_text(entry.handle.replay(query.step, viewer).await?))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct PlayerGamesRequest {
    tokens: Vec<String>,
}

#[derive(Serialize)]
struct PlayerGame {
    game: String,
    kind: &'static str,
    seat: Seat,
    created_at: i64,
    /// For an open game still waiting for players (it has no summary yet): how many open
    /// seats are left.
    #[serde(skip_serializing_if = "Option::is_none")]
    waiting: Option<usize>,
    #[serde(flatten)]
    summary: Option<crate::Summary>,
}

#[derive(Serialize)]
struct PlayerGames {
    games: Vec<PlayerGame>,
    unknown_tokens: usize,
}

/// At most this many tokens in one listing request.
const MAX_TOKENS: usize = 256;

async fn player_games(
    State(server): State<Server>,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<PlayerGames>, ApiError> {
    let request: PlayerGamesRequest = parse(body, server.config().max_message_bytes)?;
    if request.tokens.len() > MAX_TOKENS {
        return Err(ApiError::InvalidRequest(format!(
            "{} tokens sent; at most {MAX_TOKENS} are accepted",
            request.tokens.len()
        )));
    }
    let mut found = Vec::new();
    let mut not_live = Vec::new();
    for t in &request.tokens {
        match server.seat_of(t) {
            Some(hit) if !found.contains(&hit) => found.push(hit),
            Some(_) => {}
            None => not_live.push(hash_token(t)),
        }
    }
    // Tokens of finished games are not kept in memory: look them up in the store.
    let asked = not_live.len();
    let stored = server
        .inner
        .store
        .find_seats(not_live)
        .await
        .map_err(ApiError::from)?;
    let unknown = asked - stored.len();
    for (_, game, seat) in stored {
        let hit = (game, Seat(seat));
        if !found.contains(&hit) {
            found.push(hit);
        }
    }
    let mut games = Vec::new();
    for (id, seat) in found {
        if let Some((kind, created_at, seats_left)) = server.waiting(&id) {
            games.push(PlayerGame {
                game: id,
                kind,
                seat,
                created_at,
                waiting: Some(seats_left),
                summary: None,
            });
            continue;
        }
        let Ok(entry) = server.game(&id).await else {
            continue;
        };
        let summary = entry.handle.summary().await?;
        games.push(PlayerGame {
            game: id,
            kind: entry.kind,
            seat,
            created_at: entry.created_at,
            waiting: None,
            summary: Some(summary),
        });
    }
    games.sort_by(|a, b| b.created_at.cmp(&a.created_at).then(a.game.cmp(&b.game)));
    Ok(Json(PlayerGames {
        games,
        unknown_tokens: unknown,
    }))
}
