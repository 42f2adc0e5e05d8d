//! Finished games: kept on disk, loaded on demand.
//!
//! A server that stays up for months sees every game it ever hosted finish, and would hold all
//! of them in memory if each stayed a live task. So a game that ends leaves the live map: its
//! task tells the server ([`TableContext::finished`]), the store marks it finished, and the
//! server moves it into a small cache of recently finished games. A finished game that is not
//! in the cache is read from the store and replayed when someone asks for it; at start-up only
//! unfinished games are loaded and resumed.
//!
//! Decisions:
//! - The cache holds the last [`FINISHED_CACHE`] games finished or asked for, evicting the
//!   oldest first: a game just finished is where its players and spectators still look. An
//!   evicted game's task ends once its last watcher leaves.
//! - Tokens of finished games leave the in-memory token map (which would otherwise grow with
//!   every seat ever played): a seat of a cached game is found from the game's own token hashes,
//!   and the games list looks unknown tokens up in the store.
//! - A finished game loaded on demand carries what a live one does: names and records (from
//!   its stored rows), options, and its rematch, looked up by `rematch_of` in the store since
//!   the rematch's own entry may not be loaded (start-up links only the games it loads).
//! - Only games marked finished are loaded on demand, so a game can never have two live tasks.
//!   A game finished before the mark existed (an older database, or a crash between the last
//!   action and the mark) is resumed at start-up, found over, and marked then.

use crate::error::ApiError;
use crate::token::TokenHash;
use crate::{read, write, GameEntry, Inner, Server};
use engine::Seat;
use std::collections::{HashMap, HashSet, VecDeque};
use std::sync::Weak;
use tokio::sync::mpsc;

/// How many finished games stay loaded.
pub const FINISHED_CACHE: usize = 256;

/// Recently finished games, in the order they came in.
#[derive(Default)]
pub(crate) struct FinishedGames {
    games: HashMap<String, GameEntry>,
    order: VecDeque<String>,
    /// Games whose task finished before their creation put them in the live map (bots alone
    /// can play a short game before the creating request is answered).
    early: HashSet<String>,
}

impl FinishedGames {
    fn get(&self, id: &str) -> Option<&GameEntry> {
        self.games.get(id)
    }

    /// Adds a game, evicting the oldest beyond [`FINISHED_CACHE`]; keeps an entry already there.
    fn insert(&mut self, id: String, entry: GameEntry) -> GameEntry {
        if let Some(there) = self.games.get(&id) {
            return there.clone();
        }
        self.games.insert(id.clone(), entry.clone());
        self.order.push_back(id);
        while self.order.len() > FINISHED_CACHE {
            if let Some(old) = self.order.pop_front() {
                self.games.remove(&old);
            }
        }
        entry
    }

    /// How many are loaded.
    pub fn len(&self) -> usize {
        self.games.len()
    }
}

impl Server {
    /// The game `id`: live, recently finished, or a finished game read from the store and
    /// replayed.
    ///
    /// # Errors
    /// `unknown_game` if there is no such game; `storage_error` if the store cannot be read.
    pub(crate) async fn game(&self, id: &str) -> Result<GameEntry, ApiError> {
        // Waiting games first: a game leaves them only once it is live (module `open`), so one
        // found in neither is not missed while it starts.
        self.refuse_waiting(id).await?;
        if let Some(entry) = read(&self.inner.games).get(id) {
            return Ok(entry.clone());
        }
        if let Some(entry) = read(&self.inner.finished).get(id) {
            return Ok(entry.clone());
        }
        if self.inner.shared.is_some() {
            // Created by another process sharing the database (module `cluster`).
            if let Some(stored) = self.inner.store.load_game(id).await? {
                if stored.seats.iter().any(|s| s.open) {
                    // Still waiting for players (module `open`).
                    let kind = self.inner.registry.get(&stored.kind)?.name();
                    let seats_left = stored.seats.iter().filter(|s| s.open).count();
                    self.wait_for_players(kind, stored);
                    return Err(ApiError::GameWaiting { seats_left });
                }
                return self.adopt(stored);
            }
        }
        let (stored, rematch) = self
            .inner
            .store
            .load_finished(id)
            .await
            .map_err(ApiError::from)?
            .ok_or_else(|| ApiError::UnknownGame(id.to_owned()))?;
        let kind = self.inner.registry.get(&stored.kind)?.clone();
        let mut ctx = self.table_context();
        ctx.finished = None;
        let handle = kind.resume(&stored, ctx).map_err(|why| {
            tracing::error!(game = %id, "cannot load a finished game: {why}");
            ApiError::Storage(format!("the finished game {id} cannot be replayed: {why}"))
        })?;
        let entry = GameEntry::stored(handle, kind.name(), &stored);
        entry.rematch.send_replace(rematch);
        Ok(write(&self.inner.finished).insert(id.to_owned(), entry))
    }

    /// Adds a new game to the live map; answers `false` (and caches it as finished instead) if
    /// its task has already reported it over.
    pub(crate) fn add_live(&self, id: String, entry: GameEntry) -> bool {
        // Lock order everywhere: finished, then games.
        let mut finished = write(&self.inner.finished);
        if finished.early.remove(&id) {
            finished.insert(id, entry);
            return false;
        }
        write(&self.inner.games).insert(id, entry);
        true
    }

    /// The seat of `token` in the finished game `id`, if that game is loaded.
    pub(crate) fn finished_seat(&self, id: &str, token: &TokenHash) -> Option<Seat> {
        let finished = read(&self.inner.finished);
        let entry = finished.get(id)?;
        let index = entry
            .tokens
            .iter()
            .position(|t| t.as_ref() == Some(token))?;
        Some(Seat(index as u8))
    }

    /// How many finished games are loaded in memory.
    pub fn finished_loaded(&self) -> usize {
        read(&self.inner.finished).len()
    }
}

/// Moves each game that its task reports finished from the live map into the cache, and its
/// tokens out of the token map. Ends with the server.
pub(crate) async fn retire(server: Weak<Inner>, mut finished: mpsc::UnboundedReceiver<String>) {
    while let Some(id) = finished.recv().await {
        let Some(inner) = server.upgrade() else {
            return;
        };
        // Its analysis is queued with its finished mark; the worker looks once it is woken.
        inner.analyses.wake();
        let entry = {
            let mut finished = write(&inner.finished);
            let Some(entry) = write(&inner.games).remove(&id) else {
                finished.early.insert(id);
                continue;
            };
            finished.insert(id, entry.clone());
            entry
        };
        let mut tokens = write(&inner.tokens);
        for t in entry.tokens.iter().flatten() {
            tokens.remove(t);
        }
    }
}
