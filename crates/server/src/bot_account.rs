//! Bot accounts: programs that play under a name of their own, as lichess's bot accounts do. A
//! signed-in person makes one (`POST /api/account/bots`) and gets its API token; the program
//! sends it as `Authorization: Bearer` to the bot routes (`/api/bot/…`) to list the open games
//! matching a seek, join one, or seek: join the match that has waited longest, or open a game
//! for others to join when nothing matches. Once seated, it plays through the game routes with
//! its seat token like any player (`tabletop connect --seek` does all of this).
//!
//! Decisions:
//! - **Owned**: a bot account belongs to the person who made it, who names it in the owner's
//!   routes. A bot that is not theirs and one that does not exist are both
//!   `unknown_bot_account`, so these routes tell nothing of other people's bots. A person owns
//!   at most [`MAX_BOTS_PER_OWNER`]; deleting the person deletes their bots (module
//!   `store::accounts`). A bot account has no password and no session.
//! - **Tokens**: 128 random bits shown once (when the bot is made and at each rotation), stored
//!   as SHA-256 hashes (module `token`). Rotating ends every earlier token of the bot and gives
//!   one new one; revoking ends them all, so the program is locked out until its owner rotates.
//! - **A seek is one request**: the server picks and joins, or opens, a game under a lock of its
//!   own, so two bots seeking the same game at once meet in one game instead of opening one
//!   each (with several processes sharing PostgreSQL, two seeks in two processes can still open
//!   one each; each is then joined by the next seek). Matching reads the lobby's own listing
//!   (module `open`): kind, number of players, map and, when the seek says, rated, as people see
//!   them; a game the bot already sits in is skipped. A seek is also a setup: the kind checks
//!   it (`invalid_setup`) before anything is looked up, so a seek that could never open a game
//!   is refused at once, matching or not.
//! - **A rated seek opens a timed game**: a rated game needs a time control (module
//!   `ratings`), so a game a rated seek opens gives each move [`RATED_SEEK_SECONDS_PER_MOVE`];
//!   an unrated one has no clock. Matching ignores the clock: a bot plays whatever time control
//!   a person chose.
//! - **Waiting is bounded**: a bot waits in at most [`MAX_WAITING`] open games at once
//!   (`too_many_seeks`), so a looping program cannot fill the lobby.
//! - **Limits**: making a bot and rotating its token draw from the address's sign-up budget
//!   (module `account`); seeks and joins from the address's join budget, as a person's joins.
//! - **No list of accounts**: the only bots listed are the signed-in person's own.

use crate::account::now_seconds;
use crate::api::{bearer, parse, GameId};
use crate::error::ApiError;
use crate::limit::Client;
use crate::new_game::{NewGame, SeatChoice};
use crate::seats::PlayOptions;
use crate::store::accounts::{Account, AccountId};
use crate::token::{hash_token, new_token};
use crate::Server;
use axum::body::Bytes;
use axum::extract::rejection::{BytesRejection, PathRejection, QueryRejection};
use axum::extract::{Path, Query, State};
use axum::http::{HeaderMap, StatusCode};
use axum::{Extension, Json};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

/// The most bot accounts one person may own.
pub const MAX_BOTS_PER_OWNER: usize = 10;
/// The most open games one bot may wait in at once.
pub const MAX_WAITING: usize = 3;

/// The time control of a rated game a seek opens: a rated game needs one, and a bot's move
/// takes far less.
pub const RATED_SEEK_SECONDS_PER_MOVE: u64 = 120;

/// The label stored with each API token.
const TOKEN_LABEL: &str = "bot";

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct NewBot {
    name: String,
}

/// A bot account with a token just made: the only time the token is shown.
#[derive(Serialize)]
pub(crate) struct BotWithToken {
    name: String,
    bot: bool,
    created_at: i64,
    token: String,
}

/// One of the signed-in person's bots.
#[derive(Serialize)]
pub(crate) struct ListedBot {
    name: String,
    created_at: i64,
    /// How many API tokens it holds (0 after a revocation, else 1).
    tokens: u64,
}

#[derive(Serialize)]
pub(crate) struct Bots {
    bots: Vec<ListedBot>,
}

/// The signed-in person, for the owner's routes.
async fn owner(server: &Server, headers: &HeaderMap) -> Result<Account, ApiError> {
    server
        .signed_in(headers)
        .await?
        .filter(|a| !a.bot)
        .ok_or(ApiError::NotSignedIn)
}

/// The bot named `name` (any capitals) that `owner` owns.
async fn owned_bot(server: &Server, owner: AccountId, name: &str) -> Result<Account, ApiError> {
    let key = name.to_ascii_lowercase();
    server
        .inner
        .store
        .accounts()
        .bots_of(owner)
        .await?
        .into_iter()
        .map(|b| b.account)
        .find(|a| a.name.as_deref().map(str::to_ascii_lowercase) == Some(key.clone()))
        .ok_or_else(|| ApiError::UnknownBotAccount(name.to_owned()))
}

/// The bot name of the path.
fn path_name(name: Result<Path<String>, PathRejection>) -> Result<String, ApiError> {
    name.map(|Path(n)| n).map_err(|e| {
        ApiError::InvalidRequest(format!(
            "the name in the path cannot be read: {}",
            e.body_text()
        ))
    })
}

/// Gives `bot` a new API token and answers it.
async fn issue_token(server: &Server, bot: AccountId) -> Result<String, ApiError> {
    let token = new_token();
    server
        .inner
        .store
        .accounts()
        .create_api_token(hash_token(&token), bot, TOKEN_LABEL.into(), now_seconds())
        .await?;
    Ok(token)
}

/// `GET /api/account/bots`: the signed-in person's bots.
pub(crate) async fn list(
    State(server): State<Server>,
    headers: HeaderMap,
) -> Result<Json<Bots>, ApiError> {
    let owner = owner(&server, &headers).await?;
    let bots = server.inner.store.accounts().bots_of(owner.id).await?;
    Ok(Json(Bots {
        bots: bots
            .into_iter()
            .map(|b| ListedBot {
                name: b.account.name.unwrap_or_default(),
                created_at: b.account.created_at,
                tokens: b.tokens,
            })
            .collect(),
    }))
}

/// `POST /api/account/bots`: makes a bot account owned by the signed-in person, with a token.
pub(crate) async fn create(
    State(server): State<Server>,
    client: Option<Extension<Client>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<(StatusCode, Json<BotWithToken>), ApiError> {
    let owner = owner(&server, &headers).await?;
    server.attempt(client.map(|c| c.0), None)?;
    let request: NewBot = parse(body, server.config().max_message_bytes)?;
    let (name, name_key) = crate::account::check_account_name(&request.name)?;
    let accounts = server.inner.store.accounts();
    if accounts.bots_of(owner.id).await?.len() >= MAX_BOTS_PER_OWNER {
        return Err(ApiError::TooManyBots {
            max: MAX_BOTS_PER_OWNER,
        });
    }
    let created_at = now_seconds();
    let id = accounts
        .create_bot_account(owner.id, name.clone(), name_key, created_at)
        .await?
        .ok_or(ApiError::NameTaken)?;
    let token = issue_token(&server, id).await?;
    tracing::info!(account = id, owner = owner.id, "bot account created");
    Ok((
        StatusCode::CREATED,
        Json(BotWithToken {
            name,
            bot: true,
            created_at,
            token,
        }),
    ))
}

/// `POST /api/account/bots/{name}/token`: ends the bot's tokens and gives it a new one.
pub(crate) async fn rotate(
    State(server): State<Server>,
    client: Option<Extension<Client>>,
    headers: HeaderMap,
    name: Result<Path<String>, PathRejection>,
) -> Result<Json<BotWithToken>, ApiError> {
    let owner = owner(&server, &headers).await?;
    let name = path_name(name)?;
    server.attempt(client.map(|c| c.0), None)?;
    let bot = owned_bot(&server, owner.id, &name).await?;
    server
        .inner
        .store
        .accounts()
        .revoke_api_tokens(bot.id)
        .await?;
    let token = issue_token(&server, bot.id).await?;
    Ok(Json(BotWithToken {
        name: bot.name.unwrap_or_default(),
        bot: true,
        created_at: bot.created_at,
        token,
    }))
}

/// `POST /api/account/bots/{name}/revoke`: ends every token of the bot.
pub(crate) async fn revoke(
    State(server): State<Server>,
    headers: HeaderMap,
    name: Result<Path<String>, PathRejection>,
) -> Result<Json<Value>, ApiError> {
    let owner = owner(&server, &headers).await?;
    let name = path_name(name)?;
    let bot = owned_bot(&server, owner.id, &name).await?;
    let revoked = server
        .inner
        .store
        .accounts()
        .revoke_api_tokens(bot.id)
        .await?;
    Ok(Json(json!({"name": bot.name, "revoked": revoked})))
}

/// `POST /api/account/bots/{name}/delete`: deletes the bot account; its games stay.
pub(crate) async fn delete(
    State(server): State<Server>,
    headers: HeaderMap,
    name: Result<Path<String>, PathRejection>,
) -> Result<Json<Value>, ApiError> {
    let owner = owner(&server, &headers).await?;
    let name = path_name(name)?;
    let bot = owned_bot(&server, owner.id, &name).await?;
    let accounts = server.inner.store.accounts();
    let seats = accounts.seats_of(bot.id).await?;
    accounts.delete_account(bot.id).await?;
    server.rename_deleted_seats(&seats).await;
    tracing::info!(account = bot.id, owner = owner.id, "bot account deleted");
    Ok(Json(json!({})))
}

/// The bot account of the request's API token.
///
/// # Errors
/// `missing_api_token` without a bearer token, `bad_api_token` for one that is no live bot
/// account's (unknown, revoked, or its bot deleted).
async fn bot_of(server: &Server, headers: &HeaderMap) -> Result<Account, ApiError> {
    let token = bearer(headers)?.ok_or(ApiError::MissingApiToken)?;
    server
        .inner
        .store
        .accounts()
        .api_token_account(hash_token(token))
        .await?
        .filter(|a| a.bot)
        .ok_or(ApiError::BadApiToken)
}

/// Takes one join from the address's budget (module `open`).
fn draw_join(server: &Server, client: Option<Extension<Client>>) -> Result<(), ApiError> {
    if let Some(Extension(client)) = client {
        server
            .inner
            .attempts
            .joins
            .check(&client.0)
            .map_err(|retry_after_ms| ApiError::TooManyAttempts { retry_after_ms })?;
    }
    Ok(())
}

/// `GET /api/bot/account`: the token's bot account.
pub(crate) async fn me(
    State(server): State<Server>,
    headers: HeaderMap,
) -> Result<Json<Value>, ApiError> {
    let bot = bot_of(&server, &headers).await?;
    Ok(Json(
        json!({"name": bot.name, "bot": true, "created_at": bot.created_at}),
    ))
}

/// What a bot looks for: a game kind and its setup, and whether it is rated.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Seek {
    kind: String,
    players: u8,
    /// The board, for a kind that has several.
    #[serde(default)]
    map: Option<String>,
    /// Rated games only (`true`), unrated only (`false`), or either when absent. A game the
    /// seek opens is rated only when this is `true`.
    #[serde(default)]
    rated: Option<bool>,
}

impl Seek {
    /// The setup a game opened for this seek starts from (the server chooses its seed).
    fn setup(&self) -> Value {
        let mut setup = json!({"players": self.players});
        if let Some(map) = &self.map {
            setup["map"] = json!(map);
        }
        setup
    }

    /// Checks that the kind exists and takes this setup (module docs).
    fn check(&self, server: &Server) -> Result<(), ApiError> {
        server
            .inner
            .registry
            .get(&self.kind)?
            .prepare(self.setup())
            .map(drop)
    }

    /// Whether the lobby's listing of an open game (module `open`) fits this seek.
    fn matches(&self, listed: &Value) -> bool {
        listed["kind"] == self.kind.as_str()
            && listed["players"].as_u64() == Some(u64::from(self.players))
            && listed["map"].as_str() == self.map.as_deref()
            && self
                .rated
                .is_none_or(|rated| listed["rated"].as_bool().unwrap_or(false) == rated)
            && listed["seats_left"].as_u64().is_some_and(|n| n > 0)
    }
}

/// The open games matching `seek` that `bot` does not sit in, as the lobby lists them, the one
/// waiting longest first.
async fn matching(server: &Server, seek: &Seek, bot: AccountId) -> Vec<Value> {
    let waiting = server.waiting_in(bot);
    // The listing as the lobby serves it: what people see is what bots match.
    let Json(list) = crate::open::list(State(server.clone())).await;
    let listing = serde_json::to_value(&list).unwrap_or(Value::Null);
    let mut games: Vec<Value> = listing["games"]
        .as_array()
        .into_iter()
        .flatten()
        .filter(|g| seek.matches(g))
        .filter(|g| {
            g["game"]
                .as_str()
                .is_some_and(|id| !waiting.iter().any(|w| w == id))
        })
        .cloned()
        .collect();
    games.reverse();
    games
}

/// `GET /api/bot/open-games?kind=…&players=…[&map=…][&rated=…]`: the open games matching
/// the seek that the bot does not sit in, the one waiting longest first.
pub(crate) async fn open_games(
    State(server): State<Server>,
    headers: HeaderMap,
    seek: Result<Query<Seek>, QueryRejection>,
) -> Result<Json<Value>, ApiError> {
    let bot = bot_of(&server, &headers).await?;
    let Query(seek) = seek.map_err(|e| ApiError::InvalidSeek(e.body_text()))?;
    seek.check(&server)?;
    Ok(Json(
        json!({"games": matching(&server, &seek, bot.id).await}),
    ))
}

/// `POST /api/bot/open-games/{id}/join`: takes the first open seat of that game for the bot.
pub(crate) async fn join(
    State(server): State<Server>,
    GameId(id): GameId,
    client: Option<Extension<Client>>,
    headers: HeaderMap,
) -> Result<Json<crate::open::Joined>, ApiError> {
    let bot = bot_of(&server, &headers).await?;
    draw_join(&server, client)?;
    if server.waiting_in(bot.id).contains(&id) {
        return Err(ApiError::BotAlreadySeated(id));
    }
    match server.join(&id, None, Some(&bot)).await {
        // A game that exists but has no open seat: it started, or it was never open.
        Err(ApiError::UnknownGame(_)) if server.game(&id).await.is_ok() => {
            Err(ApiError::SeatTaken(id))
        }
        joined => joined.map(Json),
    }
}

/// A seat found by a seek.
#[derive(Serialize)]
pub(crate) struct Sought {
    #[serde(flatten)]
    joined: crate::open::Joined,
    /// Whether the seek opened this game (nothing matched) rather than joining one.
    created: bool,
}

/// `POST /api/bot/seek`: joins the matching open game that has waited longest, or opens one
/// with the bot in its first seat and every other seat open.
pub(crate) async fn seek(
    State(server): State<Server>,
    client: Option<Extension<Client>>,
    headers: HeaderMap,
    body: Result<Bytes, BytesRejection>,
) -> Result<Json<Sought>, ApiError> {
    let bot = bot_of(&server, &headers).await?;
    draw_join(&server, client)?;
    let seek: Seek = parse(body, server.config().max_message_bytes).map_err(|e| match e {
        ApiError::InvalidRequest(why) => ApiError::InvalidSeek(why),
        e => e,
    })?;
    seek.check(&server)?;
    let _one_seek_at_a_time = server.inner.seeking.lock().await;
    let waiting = server.waiting_in(bot.id).len();
    if waiting >= MAX_WAITING {
        return Err(ApiError::TooManySeeks {
            waiting,
            max: MAX_WAITING,
        });
    }
    for game in matching(&server, &seek, bot.id).await {
        let Some(id) = game["game"].as_str() else {
            continue;
        };
        match server.join(id, None, Some(&bot)).await {
            Ok(joined) => {
                return Ok(Json(Sought {
                    joined,
                    created: false,
                }))
            }
            // Taken meanwhile (another process, or it expired): the next one.
            Err(ApiError::UnknownGame(_)) => continue,
            Err(e) => return Err(e),
        }
    }
    let options = if seek.rated == Some(true) {
        // A rated game needs a time control (module `ratings`).
        let clock = json!({"type": "per_move", "seconds": RATED_SEEK_SECONDS_PER_MOVE});
        serde_json::from_value::<PlayOptions>(json!({"rated": true, "clock": clock}))
            .map_err(|e| ApiError::InvalidOptions(format!("a rated seek's options: {e}")))?
    } else {
        PlayOptions::default()
    };
    let created = server
        .create_game(NewGame {
            kind: seek.kind.clone(),
            setup: seek.setup(),
            seats: Some(vec![SeatChoice::Open {}; usize::from(seek.players)]),
            options,
        })
        .await?;
    let joined = server.join(&created.game, None, Some(&bot)).await?;
    tracing::info!(game = %created.game, account = bot.id, "a bot's seek opened a game");
    Ok(Json(Sought {
        joined,
        created: true,
    }))
}
