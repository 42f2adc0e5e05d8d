//! Accounts over HTTP: sign up, log in and out, the signed-in account, deleting it, claiming the
//! seats this browser played before signing up, and a player's public page. Accounts are
//! optional: every game route works without one, exactly as before.
//!
//! Decisions:
//! - **Names** are 3 to [`MAX_ACCOUNT_NAME`] characters of `a-z A-Z 0-9 _ -`, beginning with
//!   a letter or a digit, unique whatever their capitals (the key is the lowercase form). ASCII
//!   only, so that no two names look alike (`Аnn` with a Cyrillic A) and a name is safe in a
//!   URL; the display name of a seat stays free-form (module `seats`). Each problem has its own
//!   code (`account_name_too_short`, `account_name_too_long`, `account_name_character`,
//!   `account_name_start`), reported in that order.
//! - **Passwords** are 8 to [`MAX_PASSWORD_BYTES`] bytes (the bound keeps hashing cheap to
//!   refuse), hashed with Argon2id at the `argon2` crate's defaults (19 MiB, 2 passes, 1 lane:
//!   OWASP's first recommendation) on a blocking thread, and never logged or stored.
//! - **Login answers alike** for an unknown name and a wrong password: the same status and body
//!   (`login_failed`), and the same work, since an unknown name (or a bot account, which has no
//!   password) is verified against [`DUMMY_HASH`], a hash with the same parameters.
//! - **Sessions**: 128 random bits in the `tabletop_session` cookie (`HttpOnly`,
//!   `SameSite=Lax`, `Path=/`, `Max-Age` 30 days, and `Secure` when [`Config::secure_cookies`]
//!   says the site is served over TLS, or a trusted proxy says `X-Forwarded-Proto: https`),
//!   stored as SHA-256 hashes. Each login makes a new session and ends the one the browser
//!   sent (no session fixation); logout ends it.
//! - **Other sites' pages** cannot change anything: a request other than `GET`/`HEAD`/`OPTIONS`
//!   whose `Origin` is not this site (or is `null`), or whose `Sec-Fetch-Site` is `cross-site`,
//!   is refused with `foreign_origin` before its handler runs ([`same_origin`]). Programs send
//!   neither header and are not affected; the game routes use bearer tokens, which a foreign
//!   page cannot send, and are covered all the same.
//! - **Brute force is slowed**: sign-ups and logins draw from a budget per client address
//!   ([`Config::account_attempts_per_minute`]), and logins (and deletions, which take the
//!   password) also from one per name, known or not
//!   ([`Config::login_attempts_per_minute`]), so a spread of addresses gains nothing against
//!   one account. A refusal is `too_many_attempts` with the wait.
//! - **No account list**: accounts are found by exact name only (a player page, a login) and
//!   through the leaderboards' documented top lines (module `ratings`); ids are never shown.
//!   The built-in bots' names (`search-bot`, …) are kept for them: signing up with one is
//!   `name_taken`. Sign-up necessarily says that a name is taken (`name_taken`); it draws
//!   from the address budget like a login.
//! - **Deleting** takes the password again. The account's seats, results and ratings stay, its
//!   seats renamed "deleted player" (live games hear the rename at once). Its bot accounts
//!   (module `bot_account`) are deleted with it.
//! - **Claiming**: the browser sends the seat tokens it holds (its "my games"); every seat among
//!   them that no account owns yet becomes this account's.

use crate::api::parse;
use crate::error::ApiError;
use crate::limit::{Attempts, Client};
use crate::store::accounts::{Account, AccountId, NewAccount, OwnedSeat, DELETED_NAME};
use crate::token::{hash_token, new_token, TokenHash};
use crate::Server;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use engine::Seat;
use serde::{Deserialize, Serialize};

/// The shortest account name, in characters.
pub const MIN_ACCOUNT_NAME: usize = 3;
/// The longest account name, in characters.
pub const MAX_ACCOUNT_NAME: usize = 20;
/// The shortest password, in characters.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// The longest password, in bytes.
pub const MAX_PASSWORD_BYTES: usize = 256;
/// The session cookie's name.
pub const SESSION_COOKIE: &str = "tabletop_session";
/// How long a session lasts, in seconds (30 days).
pub const SESSION_SECONDS: i64 = 30 * 24 * 3600;
/// At most this many seat tokens in one claim.
const MAX_CLAIM_TOKENS: usize = 256;

/// What an unknown name's password is verified against: an Argon2id hash with the hasher's
/// own parameters (checked by a test), so that the answer takes as long as for a known name.
/// It is the hash of no password anyone knows: its salt and digest are arbitrary bytes.
pub const DUMMY_HASH: &str =
    "$argon2id$v=19$m=19456,t=2,p=1$ZHVtbXlzYWx0ZHVtbXlzYQ$ZHVtbXloYXNoZHVtbXloYXNoZHVtbXloYXNoZHVtbXk";

/// The account name as kept and its unique key, or the first problem with it.
///
/// # Errors
/// `account_name_too_short`, `account_name_too_long`, `account_name_character`,
/// `account_name_start`, checked in that order.
pub fn check_account_name(name: &str) -> Result<(String, String), ApiError> {
    let chars = name.chars().count();
    if chars < MIN_ACCOUNT_NAME {
        return Err(ApiError::AccountNameTooShort {
            chars,
            min: MIN_ACCOUNT_NAME,
        });
    }
    if chars > MAX_ACCOUNT_NAME {
        return Err(ApiError::AccountNameTooLong {
            chars,
            max: MAX_ACCOUNT_NAME,
        });
    }
    if let Some(character) = name
        .chars()
        .find(|c| !(c.is_ascii_alphanumeric() || *c == '_' || *c == '-'))
    {
        return Err(ApiError::AccountNameCharacter { character });
    }
    if !name.starts_with(|c: char| c.is_ascii_alphanumeric()) {
        return Err(ApiError::AccountNameStart);
    }
    Ok((name.to_owned(), name.to_ascii_lowercase()))
}

/// Checks a new password's length.
///
/// # Errors
/// `password_too_short` or `password_too_long`.
pub fn check_password(password: &str) -> Result<(), ApiError> {
    if password.len() > MAX_PASSWORD_BYTES {
        return Err(ApiError::PasswordTooLong {
            bytes: password.len(),
            max: MAX_PASSWORD_BYTES,
        });
    }
    let chars = password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        return Err(ApiError::PasswordTooShort {
            chars,
            min: MIN_PASSWORD_CHARS,
        });
    }
    Ok(())
}

/// The Argon2id PHC string of `password`, with a fresh salt (on a blocking thread).
async fn hash_password(password: String) -> Result<String, ApiError> {
    tokio::task::spawn_blocking(move || {
        let salt = SaltString::generate(&mut rand::rngs::OsRng);
        Argon2::default()
            .hash_password(password.as_bytes(), &salt)
            .map(|h| h.to_string())
            .map_err(|e| ApiError::Storage(format!("cannot hash the password: {e}")))
    })
    .await
    .map_err(|_| ApiError::Unavailable)?
}

/// Whether `password` is the one `hash` was made from; `None` verifies against [`DUMMY_HASH`]
/// and answers `false`, in the same time.
async fn verify_password(hash: Option<String>, password: String) -> bool {
    tokio::task::spawn_blocking(move || {
        let known = hash.is_some();
        let phc = hash.unwrap_or_else(|| DUMMY_HASH.to_owned());
        let matches = PasswordHash::new(&phc).is_ok_and(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        });
        known && matches
    })
    .await
    .unwrap_or(false)
}

/// Now, in seconds since the Unix epoch.
pub(crate) fn now_seconds() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map(|d| d.as_secs() as i64)
        .unwrap_or(0)
}

/// The session token the request's cookie carries, if any.
fn session_cookie(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|pair| {
            let (name, value) = pair.trim().split_once('=')?;
            (name == SESSION_COOKIE && !value.is_empty()).then_some(value)
        })
}

impl Server {
    /// The account of the request's session cookie, if it names a live session.
    ///
    /// # Errors
    /// The store cannot be read.
    pub(crate) async fn signed_in(&self, headers: &HeaderMap) -> Result<Option<Account>, ApiError> {
        let Some(token) = session_cookie(headers) else {
            return Ok(None);
        };
        Ok(self
            .inner
            .store
            .accounts()
            .session_account(hash_token(token), now_seconds())
            .await?)
    }

    /// Whether cookies must carry `Secure` for this request.
    fn secure(&self, headers: &HeaderMap) -> bool {
        self.config().secure_cookies
            || (self.config().trust_forwarded_for
                && headers
                    .get("x-forwarded-proto")
                    .and_then(|v| v.to_str().ok())
                    .is_some_and(|v| v.trim().eq_ignore_ascii_case("https")))
    }

    /// The `Set-Cookie` value of `token` (or, with `None`, one that ends the session).
    fn session_header(&self, headers: &HeaderMap, token: Option<&str>) -> HeaderValue {
        let (value, age) = match token {
            Some(t) => (t, SESSION_SECONDS),
            None => ("", 0),
        };
        let secure = if self.secure(headers) { "; Secure" } else { "" };
        let cookie = format!(
            "{SESSION_COOKIE}={value}; Path=/; Max-Age={age}; HttpOnly; SameSite=Lax{secure}"
        );
        HeaderValue::from_str(&cookie).unwrap_or(HeaderValue::from_static(""))
    }

    /// Takes one attempt from the address's budget, and from the name's when given.
    pub(crate) fn attempt(
        &self,
        client: Option<Client>,
        name_key: Option<&str>,
    ) -> Result<(), ApiError> {
        let limits = &self.inner.attempts;
        if let Some(client) = client {
            limits
                .by_address
                .check(&client.0)
                .map_err(|retry_after_ms| ApiError::TooManyAttempts { retry_after_ms })?;
        }
        if let Some(key) = name_key {
            limits
                .by_name
                .check(&key.to_owned())
                .map_err(|retry_after_ms| ApiError::TooManyAttempts { retry_after_ms })?;
        }
        Ok(())
    }

    /// Tells the live games among `seats`, just renamed in the store for a deleted account,
    /// their new name.
    pub(crate) async fn rename_deleted_seats(&self, seats: &[OwnedSeat]) {
        for seat in seats.iter().filter(|s| !s.finished) {
            if let Ok(entry) = self.game(&seat.game).await {
                if entry
                    .seats
                    .get(usize::from(seat.seat))
                    .is_some_and(Option::is_none)
                {
                    let _ = entry
                        .handle
                        .rename(Seat(seat.seat), DELETED_NAME.to_owned())
                        .await;
                }
            }
        }
    }

    /// Opens a session for `account`, ending the one `headers` carry; answers the cookie.
    async fn open_session(
        &self,
        headers: &HeaderMap,
        account: AccountId,
    ) -> Result<HeaderValue, ApiError> {
        let accounts = self.inner.store.accounts();
        if let Some(old) = session_cookie(headers) {
            accounts.delete_session(hash_token(old)).await?;
        }
        let token = new_token();
        accounts
            .create_session(hash_token(&token), account, now_seconds() + SESSION_SECONDS)
            .await?;
        Ok(self.session_header(headers, Some(&token)))
    }
}

/// The attempt budgets of sign-up and login (module docs).
pub(crate) struct AttemptLimits {
    by_address: Attempts<std::net::IpAddr>,
    by_name: Attempts<String>,
    /// Joins of open games per address (module `open`).
    pub joins: Attempts<std::net::IpAddr>,
}

impl AttemptLimits {
    pub fn new(config: &crate::Config) -> AttemptLimits {
        AttemptLimits {
            by_address: Attempts::new(config.account_attempts_per_minute),
            by_name: Attempts::new(config.login_attempts_per_minute),
            joins: Attempts::new(config.join_attempts_per_minute),
        }
    }

    /// Forgets the addresses and names whose budget is full again.
    pub fn forget_idle(&self) {
        self.by_address.forget_idle();
        self.by_name.forget_idle();
        self.joins.forget_idle();
    }
}

/// The key a login's name draws its attempts from: its lowercase form, bounded so that long
/// junk names share one key instead of filling the table.
fn attempt_key(name: &str) -> String {
    if name.len() > MAX_ACCOUNT_NAME * 4 {
        return "\u{0}long".into();
    }
    name.to_lowercase()
}

/// Middleware: refuses a state-changing request sent by another site's page (module docs).
pub(crate) async fn same_origin(
    State(server): State<Server>,
    request: Request,
    next: Next,
) -> Response {
    if !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    ) {
        if let Err(e) = check_origin(request.headers(), server.config().public_url.as_deref()) {
            return e.into_response();
        }
    }
    next.run(request).await
}

/// Whether a request's `Origin` and `Sec-Fetch-Site` say it comes from this site.
fn check_origin(headers: &HeaderMap, public_url: Option<&str>) -> Result<(), ApiError> {
    let foreign = |origin: &str| ApiError::ForeignOrigin {
        origin: origin.to_owned(),
    };
    if let Some(site) = headers.get("sec-fetch-site") {
        if site.as_bytes().eq_ignore_ascii_case(b"cross-site") {
            let origin = headers.get(header::ORIGIN).and_then(|v| v.to_str().ok());
            return Err(foreign(origin.unwrap_or("another site")));
        }
    }
    let Some(origin) = headers.get(header::ORIGIN) else {
        return Ok(());
    };
    let origin = origin
        .to_str()
        .map_err(|_| foreign("an unreadable origin"))?;
    let authority = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .ok_or_else(|| foreign(origin))?;
    let host = headers.get(header::HOST).and_then(|v| v.to_str().ok());
    let public = public_url.and_then(|u| {
        u.split_once("://")
            .map(|(_, rest)| rest.split('/').next().unwrap_or(rest))
    });
    let ours =
        |candidate: Option<&str>| candidate.is_some_and(|c| c.eq_ignore_ascii_case(authority));
    if ours(host) || ours(public) {
        Ok(())
    } else {
        Err(foreign(origin))
    }
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Credentials {
    name: String,
    password: String,
}

/// The signed-in account, as its owner sees it.
#[derive(Serialize)]
pub(crate) struct Me {
    name: String,
    bot: bool,
    created_at: i64,
}

impl Me {
    fn of(account: &Account) -> Me {
        Me {
            name: account.name.clone().unwrap_or_else(|| DELETED_NAME.into()),
            bot: account.bot,
            created_at: account.created_at,
        }
    }
}

fn with_cookie(status: StatusCode, cookie: HeaderValue, body: impl Serialize) -> Response {
    (status, [(header::SET_COOKIE, cookie)], Json(body)).into_response()
}

/// `POST /api/account/signup`.
pub(crate) async fn signup(
    State(server): State<Server>,
    client: Option<axum::Extension<Client>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    server.attempt(client.map(|c| c.0), None)?;
    let request: Credentials = parse(body, server.config().max_message_bytes)?;
    let (name, name_key) = check_account_name(&request.name)?;
    if server.reserved_for_bot(&name_key) {
        // The built-in bots' accounts (module `ratings`), made when first needed.
        return Err(ApiError::NameTaken);
    }
    check_password(&request.password)?;
    let password_hash = hash_password(request.password).await?;
    let id = server
        .inner
        .store
        .accounts()
        .create_account(NewAccount {
            name,
            name_key,
            password_hash: Some(password_hash),
            bot: false,
            created_at: now_seconds(),
        })
        .await?
        .ok_or(ApiError::NameTaken)?;
    let account = server
        .inner
        .store
        .accounts()
        .account(id)
        .await?
        .ok_or(ApiError::NotSignedIn)?;
    let cookie = server.open_session(&headers, id).await?;
    tracing::info!(account = id, "account created");
    Ok(with_cookie(StatusCode::CREATED, cookie, Me::of(&account)))
}

/// `POST /api/account/login`.
pub(crate) async fn login(
    State(server): State<Server>,
    client: Option<axum::Extension<Client>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let request: Credentials = parse(body, server.config().max_message_bytes)?;
    let key = attempt_key(&request.name);
    server.attempt(client.map(|c| c.0), Some(&key))?;
    let account = server.inner.store.accounts().account_named(&key).await?;
    let hash = account.as_ref().and_then(|a| a.password_hash.clone());
    let password = if request.password.len() > MAX_PASSWORD_BYTES {
        // Never hashed: no stored password is this long, and hashing it would cost more.
        String::new()
    } else {
        request.password
    };
    let verified = verify_password(hash, password).await;
    let Some(account) = account.filter(|_| verified) else {
        return Err(ApiError::LoginFailed);
    };
    let cookie = server.open_session(&headers, account.id).await?;
    Ok(with_cookie(StatusCode::OK, cookie, Me::of(&account)))
}

/// `POST /api/account/logout`: ends the session, if any.
pub(crate) async fn logout(
    State(server): State<Server>,
    headers: HeaderMap,
) -> Result<Response, ApiError> {
    if let Some(token) = session_cookie(&headers) {
        server
            .inner
            .store
            .accounts()
            .delete_session(hash_token(token))
            .await?;
    }
    let cookie = server.session_header(&headers, None);
    Ok(with_cookie(StatusCode::OK, cookie, serde_json::json!({})))
}

/// `GET /api/account`: the signed-in account.
pub(crate) async fn me(
    State(server): State<Server>,
    headers: HeaderMap,
) -> Result<Json<Me>, ApiError> {
    let account = server
        .signed_in(&headers)
        .await?
        .ok_or(ApiError::NotSignedIn)?;
    Ok(Json(Me::of(&account)))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Confirm {
    password: String,
}

/// `POST /api/account/delete`: deletes the signed-in account, given its password.
pub(crate) async fn delete(
    State(server): State<Server>,
    client: Option<axum::Extension<Client>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Response, ApiError> {
    let account = server
        .signed_in(&headers)
        .await?
        .ok_or(ApiError::NotSignedIn)?;
    let request: Confirm = parse(body, server.config().max_message_bytes)?;
    let key = account.name.as_deref().map(attempt_key);
    server.attempt(client.map(|c| c.0), key.as_deref())?;
    let password = if request.password.len() > MAX_PASSWORD_BYTES {
        String::new()
    } else {
        request.password
    };
    if !verify_password(account.password_hash.clone(), password).await {
        return Err(ApiError::LoginFailed);
    }
    let accounts = server.inner.store.accounts();
    let mut seats = accounts.seats_of(account.id).await?;
    for bot in accounts.bots_of(account.id).await? {
        seats.extend(accounts.seats_of(bot.account.id).await?);
    }
    accounts.delete_account(account.id).await?;
    server.rename_deleted_seats(&seats).await;
    tracing::info!(account = account.id, "account deleted");
    let cookie = server.session_header(&headers, None);
    Ok(with_cookie(StatusCode::OK, cookie, serde_json::json!({})))
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClaimRequest {
    tokens: Vec<String>,
}

#[derive(Serialize)]
pub(crate) struct ClaimedSeat {
    game: String,
    seat: u8,
}

#[derive(Serialize)]
pub(crate) struct Claimed {
    claimed: Vec<ClaimedSeat>,
}

/// `POST /api/account/claim`: the seats of the tokens sent become the account's.
pub(crate) async fn claim(
    State(server): State<Server>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Claimed>, ApiError> {
    let account = server
        .signed_in(&headers)
        .await?
        .ok_or(ApiError::NotSignedIn)?;
    let request: ClaimRequest = parse(body, server.config().max_message_bytes)?;
    if request.tokens.len() > MAX_CLAIM_TOKENS {
        return Err(ApiError::InvalidRequest(format!(
            "{} tokens sent; at most {MAX_CLAIM_TOKENS} are accepted",
            request.tokens.len()
        )));
    }
    let hashes: Vec<TokenHash> = request.tokens.iter().map(|t| hash_token(t)).collect();
    let owned = server
        .inner
        .store
        .accounts()
        .own_seats(account.id, hashes)
        .await?;
    Ok(Json(Claimed {
        claimed: owned
            .into_iter()
            .map(|(game, seat)| ClaimedSeat { game, seat })
            .collect(),
    }))
}

/// One game on a player's page.
#[derive(Serialize)]
pub(crate) struct PlayerGame {
    game: String,
    kind: String,
    seat: u8,
    created_at: i64,
    finished: bool,
    /// Where to watch it: the replay once it has ended, the game while it runs.
    link: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    place: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    won: Option<bool>,
    #[serde(skip_serializing_if = "Option::is_none")]
    score: Option<i64>,
    #[serde(skip_serializing_if = "Option::is_none")]
    players: Option<u8>,
    /// Whether the game was rated (with its result).
    #[serde(skip_serializing_if = "Option::is_none")]
    rated: Option<bool>,
}

/// One rating of a player, after one rated game.
#[derive(Serialize)]
pub(crate) struct PlayerRating {
    kind: String,
    game: String,
    at: i64,
    rating: f64,
    deviation: f64,
}

/// A player's public page.
#[derive(Serialize)]
pub(crate) struct PlayerPage {
    name: String,
    bot: bool,
    created_at: i64,
    games: Vec<PlayerGame>,
    ratings: Vec<PlayerRating>,
}

/// `GET /api/players/{name}`: a player's name, games, results and ratings over time.
pub(crate) async fn player(
    State(server): State<Server>,
    name: Result<Path<String>, axum::extract::rejection::PathRejection>,
) -> Result<Json<PlayerPage>, ApiError> {
    let Path(name) = name.map_err(|e| {
        ApiError::InvalidRequest(format!(
            "the name in the path cannot be read: {}",
            e.body_text()
        ))
    })?;
    let accounts = server.inner.store.accounts();
    let unknown = || ApiError::UnknownPlayer(name.clone());
    if name.len() > MAX_ACCOUNT_NAME * 4 {
        return Err(unknown());
    }
    let account = accounts
        .account_named(&name.to_ascii_lowercase())
        .await?
        .ok_or_else(unknown)?;
    let (seats, results, ratings) = tokio::try_join!(
        accounts.seats_of(account.id),
        accounts.results_of(account.id),
        accounts.rating_history(account.id),
    )?;
    let games = seats
        .into_iter()
        .map(|s| {
            let result = results
                .iter()
                .find(|r| r.game == s.game && r.seat == s.seat);
            PlayerGame {
                link: server.link(if s.finished {
                    format!("/games/{}#replay", s.game)
                } else {
                    format!("/games/{}", s.game)
                }),
                game: s.game,
                kind: s.kind,
                seat: s.seat,
                created_at: s.created_at,
                finished: s.finished,
                place: result.map(|r| r.place),
                won: result.map(|r| r.won),
                score: result.map(|r| r.score),
                players: result.map(|r| r.players),
                rated: result.map(|r| r.rated),
            }
        })
        .collect();
    Ok(Json(PlayerPage {
        name: account.name.clone().unwrap_or_default(),
        bot: account.bot,
        created_at: account.created_at,
        games,
        ratings: ratings
            .into_iter()
            .map(|p| PlayerRating {
                kind: p.kind,
                game: p.game,
                at: p.at,
                rating: p.rating,
                deviation: p.deviation,
            })
            .collect(),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_problem_of_a_name_has_its_own_error() {
        assert_eq!(
            check_account_name("Ann_99").unwrap(),
            ("Ann_99".to_owned(), "ann_99".to_owned())
        );
        assert_eq!(
            check_account_name("ab"),
            Err(ApiError::AccountNameTooShort { chars: 2, min: 3 })
        );
        assert_eq!(
            check_account_name(&"a".repeat(21)),
            Err(ApiError::AccountNameTooLong { chars: 21, max: 20 })
        );
        assert_eq!(
            check_account_name("Ann Lee"),
            Err(ApiError::AccountNameCharacter { character: ' ' })
        );
        assert_eq!(
            check_account_name("Аnn"),
            Err(ApiError::AccountNameCharacter { character: 'А' }),
            "a Cyrillic A is not an A"
        );
        assert_eq!(check_account_name("_ann"), Err(ApiError::AccountNameStart));
        assert_eq!(check_account_name("-ann"), Err(ApiError::AccountNameStart));
    }

    #[test]
    fn passwords_are_bounded_both_ways() {
        assert!(check_password("eight ch").is_ok());
        assert_eq!(
            check_password("seven c"),
            Err(ApiError::PasswordTooShort { chars: 7, min: 8 })
        );
        assert_eq!(
            check_password(&"x".repeat(257)),
            Err(ApiError::PasswordTooLong {
                bytes: 257,
                max: 256
            })
        );
    }

    /// The dummy hash costs what a real one costs: same algorithm, version and parameters.
    #[test]
    fn the_dummy_hash_has_the_hashers_parameters() {
        let dummy = PasswordHash::new(DUMMY_HASH).unwrap();
        let salt = SaltString::from_b64("c29tZXNhbHRzb21lc2FsdA").unwrap();
        let real_text = Argon2::default()
            .hash_password(b"correct horse", &salt)
            .unwrap()
            .to_string();
        let real = PasswordHash::new(&real_text).unwrap();
        assert_eq!(dummy.algorithm, real.algorithm);
        assert_eq!(dummy.version, real.version);
        assert_eq!(dummy.params, real.params);
        assert_eq!(dummy.hash.map(|h| h.len()), real.hash.map(|h| h.len()));
    }

    #[tokio::test]
    async fn a_password_verifies_only_against_its_own_hash() {
        let hash = hash_password("correct horse".into()).await.unwrap();
        assert!(hash.starts_with("$argon2id$"), "{hash}");
        assert!(!hash.contains("correct horse"));
        assert!(verify_password(Some(hash.clone()), "correct horse".into()).await);
        assert!(!verify_password(Some(hash), "correct horsf".into()).await);
        assert!(!verify_password(None, "correct horse".into()).await);
    }

    #[test]
    fn the_session_cookie_is_read_among_others() {
        let mut headers = HeaderMap::new();
        assert_eq!(session_cookie(&headers), None);
        headers.insert(
            header::COOKIE,
            HeaderValue::from_static("a=1; tabletop_session=abc; b=2"),
        );
        assert_eq!(session_cookie(&headers), Some("abc"));
    }

    #[test]
    fn only_this_sites_pages_may_change_state() {
        let mut headers = HeaderMap::new();
        headers.insert(header::HOST, HeaderValue::from_static("play.example:8080"));
        assert!(
            check_origin(&headers, None).is_ok(),
            "a program sends no Origin"
        );
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://play.example:8080"),
        );
        assert!(check_origin(&headers, None).is_ok());
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("http://evil.example"),
        );
        assert!(matches!(
            check_origin(&headers, None),
            Err(ApiError::ForeignOrigin { .. })
        ));
        headers.insert(header::ORIGIN, HeaderValue::from_static("null"));
        assert!(check_origin(&headers, None).is_err());
        headers.insert(
            header::ORIGIN,
            HeaderValue::from_static("https://tabletop.example"),
        );
        assert!(check_origin(&headers, Some("https://tabletop.example/")).is_ok());
        headers.remove(header::ORIGIN);
        headers.insert("sec-fetch-site", HeaderValue::from_static("cross-site"));
        assert!(check_origin(&headers, None).is_err());
    }
}
