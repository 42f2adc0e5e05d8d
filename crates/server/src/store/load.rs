//! Loading stored games, with one set of checks for both databases: which games a load reads
//! ([`Which`]), and how the rows read become a [`StoredGame`].
//!
//! Decisions:
//! - Rows are checked as they are added: seats are numbered 0, 1, 2, …, records 1, 2, 3, …
//!   without a gap, every record has a known kind, and every token hash has 32 bytes; anything
//!   else is [`StoreError::Corrupt`], and the load fails rather than start a game that would
//!   replay wrongly.
//! - The queries stay with each database: SQLite, in process, reads each game's seats and
//!   records with two indexed lookups per game; PostgreSQL, a round trip away, reads every
//!   game's rows in three pipelined queries.

use super::accounts::AccountId;
use super::{RecordKind, StoreError, StoredAction, StoredGame, StoredSeat};
use crate::token::TokenHash;

/// Which games a load reads.
pub(super) enum Which<'a> {
    All,
    Unfinished,
    Finished(&'a str),
    /// One game, if it is not finished.
    Live(&'a str),
}

impl<'a> Which<'a> {
    /// The one game it names, if it names one.
    pub fn id(&self) -> Option<&'a str> {
        match *self {
            Which::All | Which::Unfinished => None,
            Which::Finished(id) | Which::Live(id) => Some(id),
        }
    }
}

/// Adds the next seat of `game`, read from its columns.
pub(super) fn push_seat(
    game: &mut StoredGame,
    seat: i64,
    bot: Option<String>,
    token: Option<Vec<u8>>,
    name: Option<String>,
    account: Option<AccountId>,
    open: bool,
) -> Result<(), StoreError> {
    if seat != game.seats.len() as i64 {
        return Err(StoreError::Corrupt(format!(
            "game {}: seat {seat} out of order",
            game.id
        )));
    }
    let token = token.map(|bytes| token_hash(&game.id, bytes)).transpose()?;
    game.seats.push(StoredSeat {
        bot,
        token,
        name,
        account,
        open,
    });
    Ok(())
}

/// Adds the next record of `game`.
pub(super) fn push_record(game: &mut StoredGame, record: StoredAction) -> Result<(), StoreError> {
    if record.seq != game.actions.len() as u64 + 1 {
        return Err(StoreError::Corrupt(format!(
            "game {}: action {} follows action {}",
            game.id,
            record.seq,
            game.actions.len()
        )));
    }
    game.actions.push(record);
    Ok(())
}

/// A stored record from its columns, checked.
pub(super) fn stored_action(
    game: &str,
    seq: i64,
    seat: i64,
    action: String,
    kind: &str,
    at_ms: i64,
) -> Result<StoredAction, StoreError> {
    let kind = RecordKind::parse(kind).ok_or_else(|| {
        StoreError::Corrupt(format!(
            "game {game}: record {seq} is of unknown kind {kind:?}"
        ))
    })?;
    let seat = u8::try_from(seat)
        .map_err(|_| StoreError::Corrupt(format!("game {game}: record {seq} names seat {seat}")))?;
    let seq = u64::try_from(seq)
        .map_err(|_| StoreError::Corrupt(format!("game {game}: record number {seq}")))?;
    Ok(StoredAction {
        seq,
        seat,
        action,
        kind,
        at_ms,
    })
}

/// A token hash from its column.
pub(super) fn token_hash(game: &str, bytes: Vec<u8>) -> Result<TokenHash, StoreError> {
    bytes
        .try_into()
        .map(TokenHash)
        .map_err(|_| StoreError::Corrupt(format!("game {game}: token hash is not 32 bytes")))
}
