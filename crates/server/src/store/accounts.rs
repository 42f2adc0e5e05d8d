//! What a player keeps across games: accounts, their sessions and API tokens, the seats they
//! own, their results and their ratings over time. Behind [`AccountStore`], implemented for
//! SQLite (module `sqlite_accounts`) and PostgreSQL (module `postgres_accounts`) and tested by
//! the one store suite (module `suite`).
//!
//! Decisions:
//! - Secrets are kept as hashes only: a session or API token as the SHA-256 of its 128 random
//!   bits (as seat tokens, module `token`), a password as the Argon2id PHC string the caller
//!   made. The store never sees a password.
//! - A name is unique by its key (the caller's canonical form, lowercase), so `Ann` and `ann`
//!   are one account. A deleted account keeps its row, without name key, password, sessions or
//!   tokens: the seats, results and ratings that name it stay, shown as "deleted player", and
//!   the name is free for someone else.
//! - A bot account belongs to the person who made it (`owner_id`): only they see it in their
//!   list, give it tokens or delete it, and deleting the person deletes their bots with them
//!   (nobody else could manage them). A bot account has no password; it signs in with API
//!   tokens only.
//! - Account queries run outside the games' group commit (SQLite: on the writer thread between
//!   two batches, which sees every queued game write; PostgreSQL: on the reader connection,
//!   each statement its own transaction). They are rare beside actions, and each needs its
//!   answer (a new id, a name already taken), which a batched write does not give.
//! - Results and ratings are written once per game, in one transaction: a second write of the
//!   same game (a restart finishing it again, two processes finishing it at once) changes
//!   nothing and answers `false`.
//! - The ratings a game gives are computed inside that transaction ([`Rate`]), from the
//!   current ratings read there: two rated games ending at once with a player in common are
//!   rated one after the other, each from what the other left (SQLite: one writer thread;
//!   PostgreSQL: the accounts' rows locked in order).
//! - A result says whether its game was rated: the best results of a kind (its leaderboard of
//!   results) count rated games only, a player's own record counts them all.
//! - A rating's history is its rows, one per rated game, in the order written; the current
//!   rating is the last row. The leaderboard orders by the conservative estimate
//!   `rating - 3 × deviation`, so that a newcomer with few games does not top it by luck.

use super::Answer;
use crate::token::TokenHash;

/// The name a deleted account's seats are shown under.
pub const DELETED_NAME: &str = "deleted player";

/// An account's number, given by the database.
pub type AccountId = i64;

/// A stored account.
#[derive(Debug, Clone, PartialEq)]
pub struct Account {
    /// Its number.
    pub id: AccountId,
    /// Its name as its owner wrote it; `None` once deleted.
    pub name: Option<String>,
    /// The Argon2id PHC string of its password; `None` for a bot account (API tokens only)
    /// and once deleted.
    pub password_hash: Option<String>,
    /// Whether a program plays under this account.
    pub bot: bool,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
}

/// An account about to be stored.
#[derive(Debug, Clone, PartialEq)]
pub struct NewAccount {
    /// The name as written.
    pub name: String,
    /// The name's unique key (its lowercase form).
    pub name_key: String,
    /// The password's Argon2id PHC string; `None` for a bot account.
    pub password_hash: Option<String>,
    /// Whether a program plays under it.
    pub bot: bool,
    /// Seconds since the Unix epoch.
    pub created_at: i64,
}

/// A seat an account owns, with its game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OwnedSeat {
    /// The game.
    pub game: String,
    /// The seat.
    pub seat: u8,
    /// The game's kind.
    pub kind: String,
    /// When the game was created, in seconds since the Unix epoch.
    pub created_at: i64,
    /// Whether the game has ended.
    pub finished: bool,
}

/// How one account's seat ended a finished game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameResult {
    /// The game.
    pub game: String,
    /// The seat.
    pub seat: u8,
    /// The account that held it.
    pub account: AccountId,
    /// The game's kind.
    pub kind: String,
    /// How many seats the game had.
    pub players: u8,
    /// 1 for the winner (ties share a place); in a cooperative game every seat has place 1.
    pub place: u8,
    /// Whether the seat won (in a cooperative game: whether the team did).
    pub won: bool,
    /// The kind's score: cities powered in Power Grid, cards left in The Game (fewer is better).
    pub score: i64,
    /// When the game ended, in seconds since the Unix epoch.
    pub finished_at: i64,
    /// Whether the game was rated (module `ratings`).
    pub rated: bool,
}

/// Computes the ratings a finished game gives from the current rating of each of its accounts
/// that has one (in the game's kind); called by [`AccountStore::record_results`] inside the
/// transaction that stores the results, only if they were not stored already.
pub type Rate = Box<dyn FnOnce(&[RatingPoint]) -> Vec<RatingPoint> + Send>;

/// One account's rating in one game kind after one rated game.
#[derive(Debug, Clone, PartialEq)]
pub struct RatingPoint {
    /// The account.
    pub account: AccountId,
    /// The game kind.
    pub kind: String,
    /// The game after which the account had this rating.
    pub game: String,
    /// When, in seconds since the Unix epoch.
    pub at: i64,
    /// The rating.
    pub rating: f64,
    /// Its deviation: how unsure it is.
    pub deviation: f64,
}

/// The account that owns a seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatOwner {
    /// The account.
    pub account: AccountId,
    /// Its name; `None` once deleted.
    pub name: Option<String>,
    /// Whether a program plays under it.
    pub bot: bool,
}

/// One line of a leaderboard.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The account.
    pub account: AccountId,
    /// Its name.
    pub name: String,
    /// Whether a program plays under it.
    pub bot: bool,
    /// Its current rating.
    pub rating: f64,
    /// Its current deviation.
    pub deviation: f64,
    /// How many rated games it played in this kind.
    pub games: u64,
}

/// A best result of a leaderboard of results (The Game: fewest cards left).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BestResult {
    /// The result.
    pub result: GameResult,
    /// The account's name.
    pub name: String,
    /// Whether a program plays under it.
    pub bot: bool,
}

/// A bot account as its owner sees it.
#[derive(Debug, Clone, PartialEq)]
pub struct OwnedBot {
    /// The bot account.
    pub account: Account,
    /// How many API tokens it holds.
    pub tokens: u64,
}

/// Where accounts and what they keep are stored. Every answer resolves once the change is
/// durable.
pub trait AccountStore: Send + Sync + 'static {
    /// Stores a new account; `None` when its name key is taken.
    fn create_account(&self, account: NewAccount) -> Answer<Option<AccountId>>;
    /// The live account whose name key is `name_key`.
    fn account_named(&self, name_key: &str) -> Answer<Option<Account>>;
    /// The account `id`, deleted or not.
    fn account(&self, id: AccountId) -> Answer<Option<Account>>;
    /// Deletes account `id`: its name, password, sessions and API tokens go; its seats, results
    /// and ratings stay, its seats named [`DELETED_NAME`]. The bot accounts it owns are deleted
    /// likewise. Answers whether there was a live account.
    fn delete_account(&self, id: AccountId) -> Answer<bool>;
    /// Opens a session for `account` until `expires_at` (seconds since the epoch).
    fn create_session(&self, session: TokenHash, account: AccountId, expires_at: i64)
        -> Answer<()>;
    /// The live account of an unexpired session.
    fn session_account(&self, session: TokenHash, now: i64) -> Answer<Option<Account>>;
    /// Ends a session (nothing happens for an unknown one).
    fn delete_session(&self, session: TokenHash) -> Answer<()>;
    /// Gives `account` an API token.
    fn create_api_token(
        &self,
        token: TokenHash,
        account: AccountId,
        label: String,
        created_at: i64,
    ) -> Answer<()>;
    /// The live account of an API token.
    fn api_token_account(&self, token: TokenHash) -> Answer<Option<Account>>;
    /// Stores a new bot account (no password) owned by `owner`; `None` when its name key is
    /// taken.
    fn create_bot_account(
        &self,
        owner: AccountId,
        name: String,
        name_key: String,
        created_at: i64,
    ) -> Answer<Option<AccountId>>;
    /// The live bot accounts `owner` made, oldest first.
    fn bots_of(&self, owner: AccountId) -> Answer<Vec<OwnedBot>>;
    /// Ends every API token of `account`; answers how many there were.
    fn revoke_api_tokens(&self, account: AccountId) -> Answer<u64>;
    /// Makes `account` the owner of the seats whose tokens hash to `tokens` and that no
    /// account owns yet; answers every seat of `tokens` that `account` now owns.
    fn own_seats(&self, account: AccountId, tokens: Vec<TokenHash>) -> Answer<Vec<(String, u8)>>;
    /// Every seat `account` owns, newest game first.
    fn seats_of(&self, account: AccountId) -> Answer<Vec<OwnedSeat>>;
    /// The owner of each seat of `game` (one entry per seat), with its name (`None` once
    /// deleted) and whether it is a bot account.
    fn seat_owners(&self, game: &str) -> Answer<Vec<Option<SeatOwner>>>;
    /// Stores the results of a finished game (all of one game and kind) and, with `rate`, the
    /// ratings it computes from the accounts' current ratings, in one transaction; `false`
    /// (and nothing written) when that game's results are stored already, or there are none.
    fn record_results(&self, results: Vec<GameResult>, rate: Option<Rate>) -> Answer<bool>;
    /// Every result of `account`, newest first.
    fn results_of(&self, account: AccountId) -> Answer<Vec<GameResult>>;
    /// The current rating in `kind` of each of `accounts` that has one.
    fn current_ratings(&self, kind: &str, accounts: Vec<AccountId>) -> Answer<Vec<RatingPoint>>;
    /// Every rating `account` ever had, oldest first.
    fn rating_history(&self, account: AccountId) -> Answer<Vec<RatingPoint>>;
    /// The `limit` live accounts with the best conservative rating in `kind`.
    fn leaderboard(&self, kind: &str, limit: u32) -> Answer<Vec<Standing>>;
    /// The `limit` best results of live accounts in rated games of `kind` with `players`
    /// seats: fewest points (`score`) first, then earliest.
    fn best_results(&self, kind: &str, players: u8, limit: u32) -> Answer<Vec<BestResult>>;
}
