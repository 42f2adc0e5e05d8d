//! Results and ratings of finished games: what a game leaves in its players' accounts, the
//! conditions of rated play, the bots' own accounts, and the leaderboards.
//!
//! Decisions:
//! - **Rated games** ([`PlayOptions::rated`]): every seat held by a different account or by a
//!   rated built-in bot, a time control, no undo, and a kind that keeps results. The creator
//!   asks for it; [`Server::check_rated`] refuses with `not_ratable` and the first condition
//!   that fails. Every person's seat but the creator's is then `open`, and only a signed-in
//!   account may take one (not one that holds a seat already): an invited link has no account
//!   behind it, and one person in two seats is hotseat play.
//! - **One rating per game kind**, not per map or player count: the skill of Power Grid carries
//!   from map to map, and splitting the few games a server sees would leave every rating
//!   uncertain. The map and the player count stay in each game's record.
//! - **Weng-Lin (OpenSkill)**, from the `skillratings` crate, over final places (ties share
//!   a place): a Bayesian rating made for games of more than two players, rated as one game
//!   rather than as pairs (Elo and Glicko-2 are two-player; rating a four-player game as six
//!   duels counts one result six times), as accurate as TrueSkill, lighter, and free of its
//!   patent. Each rating carries its uncertainty (σ, the deviation): a newcomer starts at
//!   25 ± 8.3 and moves fast, a regular moves slowly. Boards order by `rating − 3σ`
//!   (module `store::accounts`).
//! - **Cooperative games** (The Game) give no rating: teammates win or lose together. Each
//!   account keeps its record (games, wins, mean cards left, by player count), and the board
//!   of a cooperative kind lists the best rated games per player count, one line per game with
//!   the whole team.
//! - **When**: the result and the ratings are written in one transaction
//!   ([`AccountStore::record_results`]) when the game ends, *before* it is marked finished:
//!   a crash in between leaves the game unmarked, so the next start finds it over and records
//!   it again, and the store keeps the first write only. A game written exactly once, however
//!   often it ends.
//! - **Unfinished and abandoned games**: a game stopped at the round cap has no places and
//!   leaves no result and no rating. A player who leaves a rated game, or whose time runs out,
//!   keeps the seat: the stand-in bot plays it to the end and the result is the account's (as
//!   an abandoned game is lost on lichess). An open game nobody completes never starts.
//! - **Bots**: each rated built-in bot plays under an account of its own, named
//!   `<bot>-bot` (`search-bot`), marked as a bot, made the first time it sits in a rated game
//!   and reserved from sign-up. One account per bot name holds one rating per kind.

use crate::error::ApiError;
use crate::kind::Kind;
use crate::new_game::SeatChoice;
use crate::seats::{PlayOptions, TimeControl};
use crate::store::accounts::{
    Account, AccountId, AccountStore, GameResult, NewAccount, Rate, RatingPoint,
};
use crate::store::StoreError;
use crate::Server;
use serde::Serialize;
use skillratings::weng_lin::{weng_lin_multi_team, WengLinConfig, WengLinRating};
use skillratings::MultiTeamOutcome;
use std::sync::Arc;

/// How one seat ended a finished game.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Placing {
    /// 1 for the winners; tied seats share a place. Every seat of a cooperative game has 1.
    pub place: u8,
    /// Whether the seat won (in a cooperative game: whether the team did).
    pub won: bool,
    /// The kind's score: cities powered in Power Grid, cards left in The Game.
    pub score: i64,
}

/// How a kind's finished games count for their players.
pub struct Scoring<G: engine::Game> {
    /// Each seat's placing, seat by seat, from the game's end and its outcome.
    pub placings: fn(&G, &G::Outcome) -> Vec<Placing>,
    /// Whether the seats play as one team: results are kept, no rating is given.
    pub cooperative: bool,
}

impl<G: engine::Game> Clone for Scoring<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: engine::Game> Copy for Scoring<G> {}

/// The bots that never hold a rating: the random bot plays nothing worth rating.
const UNRATED_BOTS: &[&str] = &["random"];

/// The name of the account a built-in bot plays rated games under.
pub fn bot_account_name(bot: &str) -> String {
    format!("{bot}-bot")
}

/// Whether `bot` may sit in a rated game.
pub fn is_rated_bot(bot: &str) -> bool {
    !UNRATED_BOTS.contains(&bot)
}

/// A finished game as the table reports it, to be recorded.
#[derive(Debug, Clone)]
pub(crate) struct FinishedGame {
    pub game: String,
    pub kind: &'static str,
    pub rated: bool,
    pub cooperative: bool,
    /// One per seat.
    pub placings: Vec<Placing>,
    /// Seconds since the Unix epoch.
    pub finished_at: i64,
}

/// The uncertainty a rating keeps at least, so that a regular's rating still moves.
const MIN_DEVIATION: f64 = 0.5;

/// The ratings a ranked game gives: `placed` holds each account and its place, `current` the
/// rating of each account that has one (a newcomer starts at Weng-Lin's 25 ± 25/3).
pub fn rate_ranked(
    kind: &str,
    game: &str,
    at: i64,
    placed: &[(AccountId, u8)],
    current: &[RatingPoint],
) -> Vec<RatingPoint> {
    let before: Vec<[WengLinRating; 1]> = placed
        .iter()
        .map(|(account, _)| {
            [current
                .iter()
                .find(|p| p.account == *account)
                .map_or_else(WengLinRating::new, |p| WengLinRating {
                    rating: p.rating,
                    uncertainty: p.deviation,
                })]
        })
        .collect();
    let teams: Vec<(&[WengLinRating], MultiTeamOutcome)> = before
        .iter()
        .zip(placed)
        .map(|(r, (_, place))| (&r[..], MultiTeamOutcome::new(usize::from(*place))))
        .collect();
    let after = weng_lin_multi_team(&teams, &WengLinConfig::new());
    placed
        .iter()
        .zip(after)
        .filter_map(|((account, _), team)| {
            let r = team.first()?;
            Some(RatingPoint {
                account: *account,
                kind: kind.to_owned(),
                game: game.to_owned(),
                at,
                rating: r.rating,
                deviation: r.uncertainty.max(MIN_DEVIATION),
            })
        })
        .collect()
}

/// Records a finished game's results and ratings; answers whether this call wrote them (the
/// store keeps the first write of a game only).
///
/// # Errors
/// The store failed; nothing was written.
pub(crate) async fn record(
    accounts: &Arc<dyn AccountStore>,
    finished: FinishedGame,
) -> Result<bool, StoreError> {
    let owners = accounts.seat_owners(&finished.game).await?;
    let players = finished.placings.len() as u8;
    let mut results: Vec<GameResult> = Vec::new();
    for (seat, (owner, placing)) in owners.iter().zip(&finished.placings).enumerate() {
        let Some(owner) = owner else { continue };
        // One result per account and game: hotseat play gives the first seat's.
        if results.iter().any(|r| r.account == owner.account) {
            continue;
        }
        results.push(GameResult {
            game: finished.game.clone(),
            seat: seat as u8,
            account: owner.account,
            kind: finished.kind.to_owned(),
            players,
            place: placing.place,
            won: placing.won,
            score: placing.score,
            finished_at: finished.finished_at,
            rated: false,
        });
    }
    let every_seat_owned = results.len() == finished.placings.len();
    let rated = finished.rated && every_seat_owned;
    if finished.rated && !rated {
        tracing::warn!(game = %finished.game, "a rated game without an account in every seat: its results are kept unrated");
    }
    for r in &mut results {
        r.rated = rated;
    }
    let rate: Option<Rate> = (rated && !finished.cooperative).then(|| {
        let placed: Vec<(AccountId, u8)> = results.iter().map(|r| (r.account, r.place)).collect();
        let (kind, game, at) = (
            finished.kind.to_owned(),
            finished.game.clone(),
            finished.finished_at,
        );
        Box::new(move |current: &[RatingPoint]| rate_ranked(&kind, &game, at, &placed, current))
            as Rate
    });
    accounts.record_results(results, rate).await
}

impl Server {
    /// Checks that a new game asked to be rated can be: the first condition that fails, in the
    /// order of the module docs.
    ///
    /// # Errors
    /// `not_ratable` with the reason; `not_signed_in` when the creator is not signed in.
    pub(crate) fn check_rated(
        &self,
        kind: &Arc<dyn Kind>,
        options: &PlayOptions,
        seats: &[SeatChoice],
        creator: Option<&Account>,
    ) -> Result<(), ApiError> {
        let refuse = |why: String| Err(ApiError::NotRatable(why));
        if !kind.keeps_results() {
            return refuse(format!("{} keeps no results on this server", kind.name()));
        }
        if options.clock == TimeControl::None {
            return refuse("a rated game needs a time control (options.clock)".into());
        }
        let mut people = 0;
        let mut own = 0;
        for (i, seat) in seats.iter().enumerate() {
            match seat {
                SeatChoice::Bot { bot } if !is_rated_bot(bot) => {
                    return refuse(format!("seat {i}: the {bot} bot holds no rating"));
                }
                SeatChoice::Bot { bot } => {
                    let same = |s: &SeatChoice| matches!(s, SeatChoice::Bot { bot: b } if b == bot);
                    if let Some(first) = seats[..i].iter().position(same) {
                        return refuse(format!(
                            "seat {i}: the {bot} bot holds seat {first} already; every seat of \
                             a rated game is a different player"
                        ));
                    }
                }
                SeatChoice::Open {} => people += 1,
                SeatChoice::Human { .. } => {
                    people += 1;
                    own += 1;
                    if own > 1 {
                        return refuse(format!(
                            "seat {i}: only the creator's own seat may be a person's; make the \
                             others open, so that each is taken by an account"
                        ));
                    }
                }
            }
        }
        if people == 0 {
            return refuse("a rated game needs a person in at least one seat".into());
        }
        if own == 1 && creator.is_none() {
            return Err(ApiError::NotSignedIn);
        }
        Ok(())
    }

    /// The account of built-in bot `bot`, made if missing.
    ///
    /// # Errors
    /// `not_ratable` when a person's account holds the bot's name (made before it was
    /// reserved); the store failed.
    pub(crate) async fn bot_account(&self, bot: &str) -> Result<AccountId, ApiError> {
        let accounts = self.inner.store.accounts();
        let name = bot_account_name(bot);
        let key = name.to_ascii_lowercase();
        if let Some(found) = accounts.account_named(&key).await? {
            return if found.bot {
                Ok(found.id)
            } else {
                Err(ApiError::NotRatable(format!(
                    "the name {name} belongs to a person's account, so the {bot} bot holds no \
                     rating on this server"
                )))
            };
        }
        let made = accounts
            .create_account(NewAccount {
                name: name.clone(),
                name_key: key.clone(),
                password_hash: None,
                bot: true,
                created_at: crate::account::now_seconds(),
            })
            .await?;
        match made {
            Some(id) => Ok(id),
            // Made at the same moment by another request (or process).
            None => accounts
                .account_named(&key)
                .await?
                .filter(|a| a.bot)
                .map(|a| a.id)
                .ok_or_else(|| ApiError::NotRatable(format!("{name} is not a bot account"))),
        }
    }

    /// Whether `name_key` (a lowercase account name) is kept for a built-in bot of any kind.
    pub(crate) fn reserved_for_bot(&self, name_key: &str) -> bool {
        self.inner.registry.all().any(|k| {
            k.bot_names()
                .iter()
                .any(|b| is_rated_bot(b) && bot_account_name(b).to_ascii_lowercase() == name_key)
        })
    }
}

/// How many accounts a leaderboard lists.
pub const LEADERBOARD_SIZE: u32 = 50;

/// One line of a ranked kind's leaderboard.
#[derive(Serialize)]
pub(crate) struct Standing {
    rank: usize,
    name: String,
    bot: bool,
    rating: f64,
    deviation: f64,
    games: u64,
}

/// One of the best games of a cooperative kind: its team.
#[derive(Serialize)]
pub(crate) struct BestGame {
    game: String,
    link: String,
    score: i64,
    won: bool,
    finished_at: i64,
    team: Vec<TeamMember>,
}

#[derive(Serialize)]
pub(crate) struct TeamMember {
    name: String,
    bot: bool,
}

/// The best games of one player count.
#[derive(Serialize)]
pub(crate) struct BestOfCount {
    players: u8,
    games: Vec<BestGame>,
}

/// `GET /api/leaderboards/{kind}`.
#[derive(Serialize)]
pub(crate) struct Leaderboard {
    kind: &'static str,
    /// `"rating"`, or `"best_results"` for a cooperative kind.
    board: &'static str,
    /// At most this many lines (or games per player count).
    size: u32,
    #[serde(skip_serializing_if = "Option::is_none")]
    standings: Option<Vec<Standing>>,
    #[serde(skip_serializing_if = "Option::is_none")]
    best: Option<Vec<BestOfCount>>,
}

/// How many best games of a cooperative kind are listed per player count.
pub const BEST_GAMES: u32 = 10;

/// The player counts a cooperative kind's board looks at (those with a rated game are listed).
const MAX_PLAYERS: u8 = 8;

/// `GET /api/leaderboards/{kind}`: the top [`LEADERBOARD_SIZE`] rated accounts of a ranked
/// kind, or the best [`BEST_GAMES`] rated games per player count of a cooperative one.
pub(crate) async fn leaderboard(
    axum::extract::State(server): axum::extract::State<Server>,
    kind: Result<axum::extract::Path<String>, axum::extract::rejection::PathRejection>,
) -> Result<axum::Json<Leaderboard>, ApiError> {
    let axum::extract::Path(kind) = kind.map_err(|e| {
        ApiError::InvalidRequest(format!(
            "the kind in the path cannot be read: {}",
            e.body_text()
        ))
    })?;
    let kind = server.inner.registry.get(&kind)?.clone();
    let accounts = server.inner.store.accounts();
    if !kind.cooperative() {
        let standings = accounts
            .leaderboard(kind.name(), LEADERBOARD_SIZE)
            .await?
            .into_iter()
            .enumerate()
            .map(|(i, s)| Standing {
                rank: i + 1,
                name: s.name,
                bot: s.bot,
                rating: s.rating,
                deviation: s.deviation,
                games: s.games,
            })
            .collect();
        return Ok(axum::Json(Leaderboard {
            kind: kind.name(),
            board: "rating",
            size: LEADERBOARD_SIZE,
            standings: Some(standings),
            best: None,
        }));
    }
    let mut best = Vec::new();
    for players in 1..=MAX_PLAYERS {
        // Every teammate has a row: enough rows for BEST_GAMES whole teams.
        let rows = accounts
            .best_results(kind.name(), players, BEST_GAMES * u32::from(players))
            .await?;
        let mut games: Vec<BestGame> = Vec::new();
        for row in rows {
            let member = TeamMember {
                name: row.name,
                bot: row.bot,
            };
            if let Some(game) = games.iter_mut().find(|g| g.game == row.result.game) {
                game.team.push(member);
            } else if games.len() < BEST_GAMES as usize {
                games.push(BestGame {
                    link: server.link(format!("/games/{}#replay", row.result.game)),
                    game: row.result.game,
                    score: row.result.score,
                    won: row.result.won,
                    finished_at: row.result.finished_at,
                    team: vec![member],
                });
            }
        }
        if !games.is_empty() {
            best.push(BestOfCount { players, games });
        }
    }
    Ok(axum::Json(Leaderboard {
        kind: kind.name(),
        board: "best_results",
        size: BEST_GAMES,
        standings: None,
        best: Some(best),
    }))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(account: AccountId, rating: f64, deviation: f64) -> RatingPoint {
        RatingPoint {
            account,
            kind: "powergrid".into(),
            game: "old".into(),
            at: 1,
            rating,
            deviation,
        }
    }

    #[test]
    fn winners_rise_losers_fall_and_everyone_grows_surer() {
        let after = rate_ranked("powergrid", "g", 9, &[(1, 2), (2, 1), (3, 3)], &[]);
        assert_eq!(after.len(), 3);
        let by = |a: AccountId| after.iter().find(|p| p.account == a).unwrap();
        assert!(by(2).rating > 25.0, "the winner rises: {}", by(2).rating);
        assert!(by(3).rating < 25.0, "the last falls: {}", by(3).rating);
        assert!(by(2).rating > by(1).rating && by(1).rating > by(3).rating);
        for p in &after {
            assert!(p.deviation < 25.0 / 3.0, "more sure after a game");
            assert_eq!(
                (p.kind.as_str(), p.game.as_str(), p.at),
                ("powergrid", "g", 9)
            );
        }
    }

    #[test]
    fn a_newcomer_moves_faster_than_a_regular() {
        let regular = point(1, 25.0, 1.0);
        let after = rate_ranked("powergrid", "g", 9, &[(1, 1), (2, 1), (3, 2)], &[regular]);
        let newcomer_gain = after[1].rating - 25.0;
        let regular_gain = after[0].rating - 25.0;
        assert!(
            newcomer_gain > 5.0 * regular_gain && regular_gain > 0.0,
            "{newcomer_gain} vs {regular_gain}"
        );
    }

    #[test]
    fn tied_players_of_equal_ratings_stay_equal() {
        let after = rate_ranked("k", "g", 0, &[(1, 1), (2, 1)], &[]);
        assert!((after[0].rating - after[1].rating).abs() < 1e-9);
        assert!((after[0].rating - 25.0).abs() < 1e-9);
    }

    #[test]
    fn the_deviation_keeps_a_floor() {
        let sure = [point(1, 30.0, 0.5), point(2, 20.0, 0.5)];
        let after = rate_ranked("k", "g", 0, &[(1, 1), (2, 2)], &sure);
        assert!(after.iter().all(|p| p.deviation >= MIN_DEVIATION));
    }

    #[test]
    fn bot_accounts_are_named_after_their_bot() {
        assert_eq!(bot_account_name("search"), "search-bot");
        assert!(is_rated_bot("heuristic"));
        assert!(!is_rated_bot("random"));
    }
}
