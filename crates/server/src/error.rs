//! The one error type of the API, and its mapping to HTTP status codes and JSON bodies.
//!
//! Every refusal has a stable machine `code` (documented in `docs/api.md`) and a human `message`
//! saying what was wrong and what is allowed. The same codes travel over the WebSocket in
//! `{"type":"error"}` messages. Mapping to status codes happens here and nowhere else.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde::Serialize;

/// Why a request was refused. Nothing changed on the server when one of these is returned.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ApiError {
    /// The body is not JSON at all.
    #[error("the request body is not valid JSON: {0}")]
    MalformedJson(String),
    /// The body is JSON but not of the shape this route expects.
    #[error("the request is not of the expected shape: {0}")]
    InvalidRequest(String),
    /// The body or message is larger than the server accepts.
    #[error("the message is {size} bytes or more; at most {max} bytes are accepted")]
    PayloadTooLarge { size: usize, max: usize },
    /// No game has this id.
    #[error("there is no game with id {0:?}")]
    UnknownGame(String),
    /// The route needs a seat token and none was given.
    #[error("this request needs a seat token: send `Authorization: Bearer <token>`")]
    MissingToken,
    /// The token is not a seat token of this game.
    #[error("the token is not a seat token of this game")]
    WrongToken,
    /// The action names a seat other than the one the token belongs to.
    #[error("your token is for seat {token_seat}, but the action is for seat {action_seat}")]
    WrongSeat { token_seat: u8, action_seat: u8 },
    /// The action was made on an older state than the current one.
    #[error("the action was made on version {sent}, but the game is at version {current}; reload the state and try again")]
    StaleVersion { sent: u64, current: u64 },
    /// The game has ended; it accepts no more actions.
    #[error("the game is over; no more actions are accepted")]
    GameOver,
    /// The JSON is not an action of this game kind.
    #[error("not a {kind} action: {reason}")]
    InvalidAction { kind: &'static str, reason: String },
    /// The rules forbid the action now.
    #[error("illegal action: {0}")]
    IllegalAction(String),
    /// No game kind has this name.
    #[error("unknown game kind {name:?}; known kinds: {known}")]
    UnknownKind { name: String, known: String },
    /// The setup was refused by the game's rules.
    #[error("invalid setup: {0}")]
    InvalidSetup(String),
    /// The seat list does not fit the game.
    #[error("invalid seats: {0}")]
    InvalidSeats(String),
    /// No bot of this name plays this kind.
    #[error("unknown bot {name:?} for {kind}; known bots: {known}")]
    UnknownBot {
        kind: &'static str,
        name: String,
        known: String,
    },
    /// The client address (all its connections together) sends faster than allowed.
    #[error("too many requests from your address: at most {per_second} per second (bursts of {burst}); try again in {retry_after_ms} ms")]
    RateLimited {
        per_second: u32,
        burst: u32,
        /// How long until the address's budget allows one more request.
        retry_after_ms: u64,
    },
    /// The client address already has as many connections open as one address may.
    #[error("your address has {max} connections open, the most one address may; close one, or reuse it (keep-alive)")]
    TooManyConnections { max: usize },
    /// The client address already has as many WebSockets open as one address may.
    #[error("your address has {max} WebSockets open, the most one address may; close one first")]
    TooManyWebSockets { max: usize },
    /// The bytes are not an HTTP/1.1 request (hyper's reason in the message).
    #[error("the request is not valid HTTP/1.1 ({0}); nothing was done")]
    MalformedHttp(String),
    /// The request line and headers are larger, or more numerous, than the server reads.
    #[error("the request line and headers exceed {max_bytes} bytes or {max_headers} headers; nothing was done")]
    HeadersTooLarge {
        max_bytes: usize,
        max_headers: usize,
    },
    /// The request target is longer than the server reads.
    #[error("the request target (URL) is too long; nothing was done")]
    UriTooLong,
    /// A WebSocket message came before the `hello` that says who is connecting.
    #[error("send {{\"type\":\"hello\",\"token\":...}} (or without token, as a spectator) first")]
    HelloRequired,
    /// WebSocket: a second `hello` on a connection that already said one.
    #[error("hello was already said on this connection; reconnect to change seat")]
    HelloRepeated,
    /// A spectator tried to act.
    #[error("spectators cannot act; connect with a seat token")]
    SpectatorCannotAct,
    /// No route or file at this path.
    #[error("nothing at {0}")]
    NotFound(String),
    /// The path exists, but not with this method.
    #[error("{method} is not allowed on {path}; see docs/api.md for the routes")]
    MethodNotAllowed { method: String, path: String },
    /// The database refused or failed a write; nothing was accepted.
    #[error("storage failed, nothing was accepted: {0}")]
    Storage(String),
    /// The database cannot be reached now (it is restarting); nothing was accepted, and the
    /// same request may succeed in a few seconds.
    #[error(
        "the database cannot be reached right now, nothing was accepted; try again shortly: {0}"
    )]
    StorageUnavailable(String),
    /// The game's task is gone (the server is shutting down).
    #[error("the game is not available right now; try again")]
    Unavailable,
    /// The request (its body, mostly) took longer than the server waits.
    #[error("the request took longer than {seconds} s to arrive; nothing was done")]
    RequestTimeout {
        /// The limit, in seconds.
        seconds: u64,
    },
    /// A display name was refused.
    #[error("invalid name: {0}")]
    InvalidName(String),
    /// The play options (time control, away limit) were refused.
    #[error("invalid options: {0}")]
    InvalidOptions(String),
    /// Undo asked when the seat's last step cannot be taken back.
    #[error("nothing to undo: {0}")]
    NothingToUndo(String),
    /// The seat is played by the stand-in bot; its player must take it back first.
    #[error("a bot plays seat {seat} ({why}); take the seat back first (POST .../back)")]
    SeatAway { seat: u8, why: &'static str },
    /// Taking back a seat that no bot stands in for.
    #[error("seat {0} is not played by a stand-in bot; there is nothing to take back")]
    SeatNotAway(u8),
    /// The route needs the creator's token.
    #[error("only the game's creator may do this: send the creator token")]
    NotCreator,
    /// The creator asked to replace a player who is not away long enough.
    #[error("seat {seat} cannot be replaced yet: {}", present_reason(*connected, *away_seconds, *limit_seconds))]
    PlayerPresent {
        seat: u8,
        connected: bool,
        away_seconds: u64,
        limit_seconds: u64,
    },
    /// A rematch of a game that has not ended.
    #[error("the game is not over yet; a rematch can start once it is")]
    GameNotOver,
    /// An account name shorter than allowed.
    #[error("the name has {chars} characters; an account name needs at least {min}")]
    AccountNameTooShort { chars: usize, min: usize },
    /// An account name longer than allowed.
    #[error("the name has {chars} characters; an account name has at most {max}")]
    AccountNameTooLong { chars: usize, max: usize },
    /// An account name with a character it may not hold.
    #[error(
        "an account name holds only letters a-z and A-Z, digits, '_' and '-', not {character:?}"
    )]
    AccountNameCharacter { character: char },
    /// An account name that does not begin with a letter or a digit.
    #[error("an account name begins with a letter or a digit")]
    AccountNameStart,
    /// The account name (in any mix of capitals) belongs to another account.
    #[error("this name is taken; choose another")]
    NameTaken,
    /// A password shorter than allowed.
    #[error("the password has {chars} characters; at least {min} are needed")]
    PasswordTooShort { chars: usize, min: usize },
    /// A password longer than allowed.
    #[error("the password has {bytes} bytes; at most {max} are accepted")]
    PasswordTooLong { bytes: usize, max: usize },
    /// Login refused: the same answer whether the name is unknown or the password wrong.
    #[error("wrong name or password")]
    LoginFailed,
    /// The route needs a signed-in account and the request has no live session.
    #[error("sign in first: this needs an account session")]
    NotSignedIn,
    /// A state-changing request sent by a page of another site.
    #[error("requests from {origin} are refused: only this site's own pages may change state")]
    ForeignOrigin { origin: String },
    /// Too many sign-ups or logins from one address, or logins for one name.
    #[error("too many attempts from your address or for this name; try again in {} s", retry_after_ms.div_ceil(1000).max(1))]
    TooManyAttempts {
        /// How long until one more attempt is allowed.
        retry_after_ms: u64,
    },
    /// No account has this name.
    #[error("there is no player named {0:?}")]
    UnknownPlayer(String),
    /// The game waits for players to take its open seats; it starts when they have.
    #[error("{}", waiting_message(*seats_left))]
    GameWaiting { seats_left: usize },
    /// The bot routes need a bot account's API token and none was given.
    #[error("this request needs a bot account's API token: send `Authorization: Bearer <token>`")]
    MissingApiToken,
    /// The API token is no live bot account's: unknown, revoked, or its bot deleted.
    #[error("the API token is not valid (unknown, revoked or rotated, or its bot was deleted)")]
    BadApiToken,
    /// The signed-in person owns no bot account of this name.
    #[error("you have no bot account named {0:?}")]
    UnknownBotAccount(String),
    /// The signed-in person owns as many bot accounts as one may.
    #[error("you own {max} bot accounts, the most one person may; delete one first")]
    TooManyBots { max: usize },
    /// A seek that is not of the expected shape.
    #[error("invalid seek: {0}; a seek is {{\"kind\", \"players\", and optionally \"map\" and \"rated\"}}")]
    InvalidSeek(String),
    /// The bot holds a seat of this open game already.
    #[error("your bot holds a seat of game {0:?} already")]
    BotAlreadySeated(String),
    /// The game exists, but no seat of it is open.
    #[error("every seat of game {0:?} is taken")]
    SeatTaken(String),
    /// The bot waits in as many open games as one bot may.
    #[error("your bot waits in {waiting} open game(s), the most one bot may ({max}); play them or let them expire")]
    TooManySeeks { waiting: usize, max: usize },
    /// A rated game was asked for, but the game does not meet a condition of rated play.
    #[error("this game cannot be rated: {0}")]
    NotRatable(String),
    /// Undo asked in a rated game.
    #[error("the game is rated: no step may be taken back")]
    RatedNoUndo,
    /// An account asked for a second seat of a rated game.
    #[error("your account holds seat {seat} of this rated game already; every seat of a rated game is a different player")]
    AlreadySeated { seat: u8 },
    /// A hint was asked in a rated game.
    #[error("this game is rated: it gives no hints (ask in an unrated game)")]
    HintsRated,
    /// A hint was asked by a seat that has no decision to take now.
    #[error("seat {seat} has no decision to take now: {actor}; ask for a hint on your turn")]
    NotYourTurn { seat: u8, actor: String },
    /// The bot cannot suggest an action in this game.
    #[error("no hint can be given: {0}")]
    HintUnavailable(String),
    /// The analysis queue holds as many analyses as it may.
    #[error(
        "{queued} analyses are waiting, the most the queue holds; ask again once some are done"
    )]
    AnalysisQueueFull { queued: u64 },
    /// This server analyses no games (`--no-analysis`).
    #[error("this server does not analyse games (it was started with --no-analysis)")]
    AnalysisDisabled,
}

fn present_reason(connected: bool, away_seconds: u64, limit_seconds: u64) -> String {
    if connected {
        "the player is connected".into()
    } else {
        format!("the player was seen {away_seconds} s ago; replacing needs {limit_seconds} s away")
    }
}

impl ApiError {
    /// The stable machine-readable code of this error.
    pub fn code(&self) -> &'static str {
        match self {
            ApiError::MalformedJson(_) => "malformed_json",
            ApiError::InvalidRequest(_) => "invalid_request",
            ApiError::PayloadTooLarge { .. } => "payload_too_large",
            ApiError::UnknownGame(_) => "unknown_game",
            ApiError::MissingToken => "missing_token",
            ApiError::WrongToken => "wrong_token",
            ApiError::WrongSeat { .. } => "wrong_seat",
            ApiError::StaleVersion { .. } => "stale_version",
            ApiError::GameOver => "game_over",
            ApiError::InvalidAction { .. } => "invalid_action",
            ApiError::IllegalAction(_) => "illegal_action",
            ApiError::UnknownKind { .. } => "unknown_kind",
            ApiError::InvalidSetup(_) => "invalid_setup",
            ApiError::InvalidSeats(_) => "invalid_seats",
            ApiError::UnknownBot { .. } => "unknown_bot",
            ApiError::RateLimited { .. } => "rate_limited",
            ApiError::TooManyConnections { .. } => "too_many_connections",
            ApiError::TooManyWebSockets { .. } => "too_many_websockets",
            ApiError::MalformedHttp(_) => "malformed_http",
            ApiError::HeadersTooLarge { .. } => "headers_too_large",
            ApiError::UriTooLong => "uri_too_long",
            ApiError::HelloRequired => "hello_required",
            ApiError::HelloRepeated => "hello_repeated",
            ApiError::SpectatorCannotAct => "spectator_cannot_act",
            ApiError::NotFound(_) => "not_found",
            ApiError::MethodNotAllowed { .. } => "method_not_allowed",
            ApiError::Storage(_) => "storage_failed",
            ApiError::StorageUnavailable(_) => "storage_unavailable",
            ApiError::Unavailable => "unavailable",
            ApiError::RequestTimeout { .. } => "request_timeout",
            ApiError::InvalidName(_) => "invalid_name",
            ApiError::InvalidOptions(_) => "invalid_options",
            ApiError::NothingToUndo(_) => "nothing_to_undo",
            ApiError::SeatAway { .. } => "seat_away",
            ApiError::SeatNotAway(_) => "seat_not_away",
            ApiError::NotCreator => "not_creator",
            ApiError::PlayerPresent { .. } => "player_present",
            ApiError::GameNotOver => "game_not_over",
            ApiError::AccountNameTooShort { .. } => "account_name_too_short",
            ApiError::AccountNameTooLong { .. } => "account_name_too_long",
            ApiError::AccountNameCharacter { .. } => "account_name_character",
            ApiError::AccountNameStart => "account_name_start",
            ApiError::NameTaken => "name_taken",
            ApiError::PasswordTooShort { .. } => "password_too_short",
            ApiError::PasswordTooLong { .. } => "password_too_long",
            ApiError::LoginFailed => "login_failed",
            ApiError::NotSignedIn => "not_signed_in",
            ApiError::ForeignOrigin { .. } => "foreign_origin",
            ApiError::TooManyAttempts { .. } => "too_many_attempts",
            ApiError::UnknownPlayer(_) => "unknown_player",
            ApiError::GameWaiting { .. } => "game_waiting",
            ApiError::MissingApiToken => "missing_api_token",
            ApiError::BadApiToken => "bad_api_token",
            ApiError::UnknownBotAccount(_) => "unknown_bot_account",
            ApiError::TooManyBots { .. } => "too_many_bots",
            ApiError::InvalidSeek(_) => "invalid_seek",
            ApiError::BotAlreadySeated(_) => "bot_already_seated",
            ApiError::SeatTaken(_) => "seat_taken",
            ApiError::TooManySeeks { .. } => "too_many_seeks",
            ApiError::NotRatable(_) => "not_ratable",
            ApiError::RatedNoUndo => "rated_no_undo",
            ApiError::HintsRated => "hints_rated",
            ApiError::NotYourTurn { .. } => "not_your_turn",
            ApiError::HintUnavailable(_) => "hint_unavailable",
            ApiError::AnalysisQueueFull { .. } => "analysis_queue_full",
            ApiError::AnalysisDisabled => "analysis_disabled",
            ApiError::AlreadySeated { .. } => "already_seated",
        }
    }

    /// The HTTP status code this error is answered with.
    pub fn status(&self) -> StatusCode {
        match self {
            ApiError::MalformedJson(_)
            | ApiError::InvalidRequest(_)
            | ApiError::InvalidAction { .. }
            | ApiError::UnknownKind { .. }
            | ApiError::HelloRequired
            | ApiError::HelloRepeated
            | ApiError::MalformedHttp(_) => StatusCode::BAD_REQUEST,
            ApiError::HeadersTooLarge { .. } => StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
            ApiError::UriTooLong => StatusCode::URI_TOO_LONG,
            ApiError::PayloadTooLarge { .. } => StatusCode::PAYLOAD_TOO_LARGE,
            ApiError::UnknownGame(_)
            | ApiError::NotFound(_)
            | ApiError::UnknownPlayer(_)
            | ApiError::UnknownBotAccount(_) => StatusCode::NOT_FOUND,
            ApiError::MissingToken
            | ApiError::LoginFailed
            | ApiError::NotSignedIn
            | ApiError::MissingApiToken
            | ApiError::BadApiToken => StatusCode::UNAUTHORIZED,
            ApiError::WrongToken
            | ApiError::WrongSeat { .. }
            | ApiError::SpectatorCannotAct
            | ApiError::NotCreator
            | ApiError::HintsRated
            | ApiError::ForeignOrigin { .. } => StatusCode::FORBIDDEN,
            ApiError::StaleVersion { .. }
            | ApiError::GameOver
            | ApiError::NothingToUndo(_)
            | ApiError::SeatAway { .. }
            | ApiError::SeatNotAway(_)
            | ApiError::PlayerPresent { .. }
            | ApiError::GameNotOver
            | ApiError::NameTaken
            | ApiError::GameWaiting { .. }
            | ApiError::TooManyBots { .. }
            | ApiError::BotAlreadySeated(_)
            | ApiError::SeatTaken(_)
            | ApiError::TooManySeeks { .. }
            | ApiError::RatedNoUndo
            | ApiError::NotYourTurn { .. }
            | ApiError::AlreadySeated { .. } => StatusCode::CONFLICT,
            ApiError::IllegalAction(_)
            | ApiError::InvalidName(_)
            | ApiError::InvalidOptions(_)
            | ApiError::InvalidSetup(_)
            | ApiError::InvalidSeats(_)
            | ApiError::UnknownBot { .. }
            | ApiError::AccountNameTooShort { .. }
            | ApiError::AccountNameTooLong { .. }
            | ApiError::AccountNameCharacter { .. }
            | ApiError::AccountNameStart
            | ApiError::PasswordTooShort { .. }
            | ApiError::PasswordTooLong { .. }
            | ApiError::InvalidSeek(_)
            | ApiError::HintUnavailable(_)
            | ApiError::NotRatable(_) => StatusCode::UNPROCESSABLE_ENTITY,
            ApiError::RateLimited { .. }
            | ApiError::TooManyAttempts { .. }
            | ApiError::TooManyConnections { .. }
            | ApiError::TooManyWebSockets { .. } => StatusCode::TOO_MANY_REQUESTS,
            ApiError::MethodNotAllowed { .. } => StatusCode::METHOD_NOT_ALLOWED,
            ApiError::Storage(_) => StatusCode::INTERNAL_SERVER_ERROR,
            ApiError::Unavailable
            | ApiError::StorageUnavailable(_)
            | ApiError::AnalysisQueueFull { .. }
            | ApiError::AnalysisDisabled => StatusCode::SERVICE_UNAVAILABLE,
            ApiError::RequestTimeout { .. } => StatusCode::REQUEST_TIMEOUT,
        }
    }

    /// The JSON body: `{"code": ..., "message": ...}`, plus `current_version` for stale versions
    /// and `retry_after_ms` for `rate_limited`.
    pub fn body(&self) -> ErrorBody {
        ErrorBody {
            code: self.code(),
            message: self.to_string(),
            current_version: match self {
                ApiError::StaleVersion { current, .. } => Some(*current),
                _ => None,
            },
            retry_after_ms: match self {
                ApiError::RateLimited { retry_after_ms, .. }
                | ApiError::TooManyAttempts { retry_after_ms } => Some(*retry_after_ms),
                _ => None,
            },
        }
    }

    /// The `Retry-After` header's seconds, for a refusal that says when to come back: the
    /// wait rounded up to whole seconds (the header has no finer unit), at least 1.
    pub fn retry_after_seconds(&self) -> Option<u64> {
        match self {
            ApiError::RateLimited { retry_after_ms, .. }
            | ApiError::TooManyAttempts { retry_after_ms } => {
                Some(retry_after_ms.div_ceil(1000).max(1))
            }
            _ => None,
        }
    }
}

/// The JSON form of an [`ApiError`].
#[derive(Debug, Clone, Serialize)]
pub struct ErrorBody {
    /// The machine code, e.g. `"stale_version"`.
    pub code: &'static str,
    /// What was wrong and what is allowed, for people.
    pub message: String,
    /// For `stale_version`: the version the game is at.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub current_version: Option<u64>,
    /// For `rate_limited` and `too_many_attempts`: how many milliseconds until one more request is allowed.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub retry_after_ms: Option<u64>,
}

impl From<crate::store::StoreError> for ApiError {
    /// A database that cannot be reached is `storage_unavailable` (try again); any other
    /// storage failure is `storage_failed`.
    fn from(e: crate::store::StoreError) -> Self {
        match e {
            crate::store::StoreError::Unavailable(_) => ApiError::StorageUnavailable(e.to_string()),
            e => ApiError::Storage(e.to_string()),
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.status(), Json(self.body())).into_response();
        if let Some(seconds) = self.retry_after_seconds() {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        response
    }
}

/// What `game_waiting` says: the seats still open, or that the game is starting.
fn waiting_message(seats_left: usize) -> String {
    if seats_left == 0 {
        "every seat is taken and the game is starting: ask again in a moment".into()
    } else {
        format!("the game starts when its {seats_left} open seat(s) are taken")
    }
}

#[cfg(test)]
mod tests {
    use super::ApiError;

    /// One of each variant. The match below has no wildcard, so a new variant does not compile
    /// until it is listed here, and then the test wants it documented.
    fn one_of_each() -> Vec<ApiError> {
        let all = vec![
            ApiError::MalformedJson(String::new()),
            ApiError::InvalidRequest(String::new()),
            ApiError::PayloadTooLarge { size: 1, max: 1 },
            ApiError::UnknownGame(String::new()),
            ApiError::MissingToken,
            ApiError::WrongToken,
            ApiError::WrongSeat {
                token_seat: 0,
                action_seat: 1,
            },
            ApiError::StaleVersion {
                sent: 0,
                current: 1,
            },
            ApiError::GameOver,
            ApiError::InvalidAction {
                kind: "thegame",
                reason: String::new(),
            },
            ApiError::IllegalAction(String::new()),
            ApiError::UnknownKind {
                name: String::new(),
                known: String::new(),
            },
            ApiError::InvalidSetup(String::new()),
            ApiError::InvalidSeats(String::new()),
            ApiError::UnknownBot {
                kind: "thegame",
                name: String::new(),
                known: String::new(),
            },
            ApiError::RateLimited {
                per_second: 1,
                burst: 1,
                retry_after_ms: 1,
            },
            ApiError::TooManyConnections { max: 1 },
            ApiError::TooManyWebSockets { max: 1 },
            ApiError::MalformedHttp(String::new()),
            ApiError::HeadersTooLarge {
                max_bytes: 1,
                max_headers: 1,
            },
            ApiError::UriTooLong,
            ApiError::HelloRequired,
            ApiError::HelloRepeated,
            ApiError::SpectatorCannotAct,
            ApiError::NotFound(String::new()),
            ApiError::MethodNotAllowed {
                method: String::new(),
                path: String::new(),
            },
            ApiError::Storage(String::new()),
            ApiError::StorageUnavailable(String::new()),
            ApiError::Unavailable,
            ApiError::RequestTimeout { seconds: 1 },
            ApiError::InvalidName(String::new()),
            ApiError::InvalidOptions(String::new()),
            ApiError::NothingToUndo(String::new()),
            ApiError::SeatAway { seat: 0, why: "" },
            ApiError::SeatNotAway(0),
            ApiError::NotCreator,
            ApiError::PlayerPresent {
                seat: 0,
                connected: true,
                away_seconds: 0,
                limit_seconds: 0,
            },
            ApiError::GameNotOver,
            ApiError::AccountNameTooShort { chars: 1, min: 3 },
            ApiError::AccountNameTooLong { chars: 30, max: 20 },
            ApiError::AccountNameCharacter { character: ' ' },
            ApiError::AccountNameStart,
            ApiError::NameTaken,
            ApiError::PasswordTooShort { chars: 1, min: 8 },
            ApiError::PasswordTooLong { bytes: 1, max: 1 },
            ApiError::LoginFailed,
            ApiError::NotSignedIn,
            ApiError::ForeignOrigin {
                origin: String::new(),
            },
            ApiError::TooManyAttempts { retry_after_ms: 1 },
            ApiError::UnknownPlayer(String::new()),
            ApiError::GameWaiting { seats_left: 1 },
            ApiError::MissingApiToken,
            ApiError::BadApiToken,
            ApiError::UnknownBotAccount(String::new()),
            ApiError::TooManyBots { max: 1 },
            ApiError::InvalidSeek(String::new()),
            ApiError::BotAlreadySeated(String::new()),
            ApiError::SeatTaken(String::new()),
            ApiError::TooManySeeks { waiting: 1, max: 1 },
            ApiError::NotRatable(String::new()),
            ApiError::RatedNoUndo,
            ApiError::AlreadySeated { seat: 0 },
            ApiError::HintsRated,
            ApiError::NotYourTurn {
                seat: 0,
                actor: String::new(),
            },
            ApiError::HintUnavailable(String::new()),
            ApiError::AnalysisQueueFull { queued: 1 },
            ApiError::AnalysisDisabled,
        ];
        for e in &all {
            match e {
                ApiError::MalformedJson(_)
                | ApiError::InvalidRequest(_)
                | ApiError::PayloadTooLarge { .. }
                | ApiError::UnknownGame(_)
                | ApiError::MissingToken
                | ApiError::WrongToken
                | ApiError::WrongSeat { .. }
                | ApiError::StaleVersion { .. }
                | ApiError::GameOver
                | ApiError::InvalidAction { .. }
                | ApiError::IllegalAction(_)
                | ApiError::UnknownKind { .. }
                | ApiError::InvalidSetup(_)
                | ApiError::InvalidSeats(_)
                | ApiError::UnknownBot { .. }
                | ApiError::RateLimited { .. }
                | ApiError::TooManyConnections { .. }
                | ApiError::TooManyWebSockets { .. }
                | ApiError::MalformedHttp(_)
                | ApiError::HeadersTooLarge { .. }
                | ApiError::UriTooLong
                | ApiError::HelloRequired
                | ApiError::HelloRepeated
                | ApiError::SpectatorCannotAct
                | ApiError::NotFound(_)
                | ApiError::MethodNotAllowed { .. }
                | ApiError::Storage(_)
                | ApiError::StorageUnavailable(_)
                | ApiError::Unavailable
                | ApiError::RequestTimeout { .. }
                | ApiError::InvalidName(_)
                | ApiError::InvalidOptions(_)
                | ApiError::NothingToUndo(_)
                | ApiError::SeatAway { .. }
                | ApiError::SeatNotAway(_)
                | ApiError::NotCreator
                | ApiError::PlayerPresent { .. }
                | ApiError::GameNotOver
                | ApiError::AccountNameTooShort { .. }
                | ApiError::AccountNameTooLong { .. }
                | ApiError::AccountNameCharacter { .. }
                | ApiError::AccountNameStart
                | ApiError::NameTaken
                | ApiError::PasswordTooShort { .. }
                | ApiError::PasswordTooLong { .. }
                | ApiError::LoginFailed
                | ApiError::NotSignedIn
                | ApiError::ForeignOrigin { .. }
                | ApiError::TooManyAttempts { .. }
                | ApiError::UnknownPlayer(_)
                | ApiError::GameWaiting { .. }
                | ApiError::MissingApiToken
                | ApiError::BadApiToken
                | ApiError::UnknownBotAccount(_)
                | ApiError::TooManyBots { .. }
                | ApiError::InvalidSeek(_)
                | ApiError::BotAlreadySeated(_)
                | ApiError::SeatTaken(_)
                | ApiError::TooManySeeks { .. }
                | ApiError::NotRatable(_)
                | ApiError::RatedNoUndo
                | ApiError::AlreadySeated { .. }
                | ApiError::HintsRated
                | ApiError::NotYourTurn { .. }
                | ApiError::HintUnavailable(_)
                | ApiError::AnalysisQueueFull { .. }
                | ApiError::AnalysisDisabled => {}
            }
        }
        all
    }

    #[test]
    fn every_code_is_documented_with_its_status() {
        let doc = include_str!("../../../docs/api.md");
        let mut codes = std::collections::BTreeSet::new();
        for e in one_of_each() {
            assert!(codes.insert(e.code()), "{} is used twice", e.code());
            let row = format!("| `{}` | {} |", e.code(), e.status().as_u16());
            assert!(doc.contains(&row), "docs/api.md has no row {row}");
        }
    }
}
