//! Several server processes on one shared database (PostgreSQL; module `store::postgres`).
//!
//! Every process keeps a task for every unfinished game, as a single process does, and
//! accepts actions for any of them: the database decides between two processes that accept
//! the same version (the loser answers `stale_version` and catches up), and each process
//! follows what the others accept through the store's change feed, so its WebSocket clients see
//! every action whichever process took it.
//!
//! Decisions:
//! - **Following.** A change is handed to its game's task ([`Command::Remote`]); the task
//!   applies it when it is the next version, skips it when it has it, and reads what it missed
//!   from the store otherwise. A game created elsewhere is loaded when its notice comes, or when
//!   a request names it first (module `finished`, [`Server::game`]). When the feed may have lost
//!   changes ([`Change::Resync`]: the listener reconnected, or this follower fell behind), every
//!   game catches up from the store.
//! - **Driving.** Bots and clocks of a game run in the one process that holds its lease
//!   ([`Shared::renew_leases`]), renewed every [`LEASE_RENEW_EVERY`] for [`LEASE`]. The other
//!   processes apply the bots' moves like anyone's. A process that cannot renew stops driving
//!   once its leases may have expired (half a second early, by its own clock), so two processes
//!   drive the same game only if a clock runs more than that fast; even then the database's
//!   unique version keeps the game's history single.
//! - **Finishing.** Every process follows a game to its end, but only its driver marks it
//!   finished in the database (a game over in a process that does not drive it is marked when
//!   that process takes the lease). If every process marked it, their write batches would lock
//!   the same rows in different orders and deadlock, which PostgreSQL breaks only after
//!   `deadlock_timeout` (a second): every action in both batches would be acknowledged a
//!   second late.
//! - **Presence.** Each process tells the others every [`ROLL_CALL_EVERY`] which seats have a
//!   connection open to it (one notice per hundred games, nothing stored), and an action taken
//!   elsewhere counts as its player being seen. So a seat shows as connected on every process,
//!   and the creator cannot replace a player by a bot (`player_present`) because that player's
//!   connection reached another process. A dead process's players look absent three roll calls
//!   later.
//! - A dead process's games are taken over when their leases expire: within [`LEASE`] plus
//!   [`LEASE_RENEW_EVERY`] (4 s). A process that stops cleanly gives its leases up first
//!   ([`Server::release_leases`]), so an upgrade moves the bots at once.

use crate::error::ApiError;
use crate::store::StoredGame;
use crate::store::{Change, Shared, LEASE, LEASE_RENEW_EVERY};
use crate::table::Command;
use crate::{read, write, GameEntry, Inner, Server};
use engine::Seat;
use std::collections::HashSet;
use std::sync::atomic::Ordering;
use std::sync::{Arc, Weak};
use std::time::{Duration, Instant};
use tokio::sync::broadcast;

/// How long before its leases expire a process that cannot renew them stops driving.
const MARGIN: Duration = Duration::from_millis(500);

/// Starts following `changes` and holding leases for `server`; both end with the server.
pub(crate) fn start(
    server: &Server,
    shared: Arc<dyn Shared>,
    changes: broadcast::Receiver<Change>,
) {
    tokio::spawn(follow(Arc::downgrade(&server.inner), changes));
    tokio::spawn(hold_leases(Arc::downgrade(&server.inner), shared.clone()));
    tokio::spawn(roll_call(Arc::downgrade(&server.inner), shared));
}

/// How often a process tells the others which seats are connected to it.
pub(crate) const ROLL_CALL_EVERY: Duration = Duration::from_secs(2);

/// Every [`ROLL_CALL_EVERY`], tells the other processes which seats of the live games have a
/// connection open here, so that everywhere a seat shows as connected, and a present player is
/// not replaced by a bot, whichever process their connection reached.
async fn roll_call(inner: Weak<Inner>, shared: Arc<dyn Shared>) {
    let mut every = tokio::time::interval(ROLL_CALL_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        let Some(inner) = inner.upgrade() else { return };
        let live: Vec<_> = read(&inner.games)
            .iter()
            .map(|(id, e)| (id.clone(), e.handle.clone()))
            .collect();
        drop(inner);
        let mut present = Vec::new();
        for (id, handle) in live {
            if let Ok(seats) = handle.connected_seats().await {
                if !seats.is_empty() {
                    present.push((id, seats));
                }
            }
        }
        if present.is_empty() {
            continue;
        }
        if let Err(e) = shared.announce_presence(present).await {
            tracing::debug!("cannot announce the connected seats: {e}");
        }
    }
}

async fn follow(inner: Weak<Inner>, mut changes: broadcast::Receiver<Change>) {
    loop {
        let change = match changes.recv().await {
            Ok(change) => change,
            Err(broadcast::error::RecvError::Lagged(missed)) => {
                tracing::warn!("fell {missed} changes behind the database; catching up");
                Change::Resync
            }
            Err(broadcast::error::RecvError::Closed) => return,
        };
        let Some(inner) = inner.upgrade() else { return };
        let server = Server { inner };
        match change {
            Change::Record { game, seq, record } => {
                let live = read(&server.inner.games)
                    .get(&game)
                    .map(|e| e.handle.clone());
                match live {
                    Some(handle) => handle.tell(Command::Remote { seq, record }).await,
                    // A game this process has not loaded yet (its creation notice is late, or
                    // was lost) is loaded with every record so far.
                    None => {
                        let _ = server.game(&game).await;
                    }
                }
            }
            Change::Game(id) => {
                if let Err(e) = server.game(&id).await {
                    tracing::warn!(game = %id, "cannot load a game created elsewhere: {e}");
                }
            }
            Change::Name { game, seat, name } => {
                let live = read(&server.inner.games)
                    .get(&game)
                    .map(|e| e.handle.clone());
                if let Some(handle) = live {
                    handle
                        .tell(Command::RemoteName {
                            seat: Seat(seat),
                            name,
                        })
                        .await;
                }
            }
            Change::Claim { game, seat, token } => {
                if read(&server.inner.games).contains_key(&game) {
                    write(&server.inner.tokens).insert(token, (game, Seat(seat)));
                } else {
                    server.taken_elsewhere(&game, seat, token);
                }
            }
            Change::Presence(games) => {
                for (game, seats) in games {
                    server
                        .tell_live(&game, Command::RemotePresence { seats })
                        .await;
                }
            }
            Change::Resync => {
                let handles: Vec<_> = read(&server.inner.games)
                    .values()
                    .map(|e| e.handle.clone())
                    .collect();
                for handle in handles {
                    handle.tell(Command::CatchUp).await;
                }
            }
        }
    }
}

async fn hold_leases(inner: Weak<Inner>, shared: Arc<dyn Shared>) {
    let mut driven: HashSet<String> = HashSet::new();
    let mut valid_until: Option<Instant> = None;
    let mut every = tokio::time::interval(LEASE_RENEW_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut failures = 0u32;
    loop {
        every.tick().await;
        let Some(inner) = inner.upgrade() else { return };
        if inner.stopping.load(Ordering::SeqCst) {
            return;
        }
        let server = Server { inner };
        let asked = Instant::now();
        match shared.renew_leases().await {
            Ok(games) => {
                failures = 0;
                valid_until = Some(asked + LEASE - MARGIN);
                let held: HashSet<String> = games.into_iter().collect();
                for id in held.difference(&driven) {
                    match server.game(id).await {
                        Ok(entry) => entry.handle.tell(Command::Drive(true)).await,
                        Err(e) => tracing::warn!(game = %id, "cannot load a leased game: {e}"),
                    }
                }
                for id in driven.difference(&held) {
                    server.tell_live(id, Command::Drive(false)).await;
                }
                driven = held;
            }
            Err(e) => {
                if failures.is_multiple_of(10) {
                    tracing::warn!("cannot renew leases: {e}");
                }
                failures += 1;
                if valid_until.is_none_or(|t| Instant::now() >= t) {
                    for id in driven.drain() {
                        server.tell_live(&id, Command::Drive(false)).await;
                    }
                }
            }
        }
    }
}

impl Server {
    /// Starts the task of an unfinished game another process created, unless one is running
    /// here already (two requests may load it at once); answers the game's entry.
    ///
    /// # Errors
    /// The game's kind is not offered here, or its records no longer replay.
    pub(crate) fn adopt(&self, stored: StoredGame) -> Result<GameEntry, ApiError> {
        if let Some(entry) = read(&self.inner.games).get(&stored.id) {
            return Ok(entry.clone());
        }
        let kind = self.inner.registry.get(&stored.kind)?.clone();
        let mut ctx = self.table_context();
        ctx.drives = false;
        let handle = kind.resume(&stored, ctx).map_err(|why| {
            tracing::error!(game = %stored.id, "cannot resume a game created elsewhere: {why}");
            ApiError::Storage(format!("the game {} cannot be replayed: {why}", stored.id))
        })?;
        let entry = GameEntry::stored(handle, kind.name(), &stored);
        {
            let mut games = write(&self.inner.games);
            if let Some(there) = games.get(&stored.id) {
                // The task just started ends with its handle.
                return Ok(there.clone());
            }
            games.insert(stored.id.clone(), entry.clone());
        }
        {
            let mut tokens = write(&self.inner.tokens);
            for (i, s) in stored.seats.iter().enumerate() {
                if let Some(t) = s.token {
                    tokens.insert(t, (stored.id.clone(), Seat(i as u8)));
                }
            }
        }
        if let Some(old) = &stored.rematch_of {
            if let Some(old) = read(&self.inner.games).get(old) {
                old.rematch.send_replace(Some(stored.id.clone()));
            }
        }
        Ok(entry)
    }

    /// Sends `command` to the live game `id`, if this process has it.
    async fn tell_live(&self, id: &str, command: Command) {
        let live = read(&self.inner.games).get(id).map(|e| e.handle.clone());
        if let Some(handle) = live {
            handle.tell(command).await;
        }
    }

    /// Gives up this process's leases (before a clean stop), so that the other processes
    /// sharing the database drive its games' bots and clocks at once. Nothing to do with a
    /// store that one process owns.
    ///
    /// # Errors
    /// The database cannot be reached (the leases then expire by themselves).
    pub async fn release_leases(&self) -> Result<(), crate::StoreError> {
        let Some(shared) = &self.inner.shared else {
            return Ok(());
        };
        self.inner.stopping.store(true, Ordering::SeqCst);
        let handles: Vec<_> = read(&self.inner.games)
            .values()
            .map(|e| e.handle.clone())
            .collect();
        for handle in handles {
            handle.tell(Command::Drive(false)).await;
        }
        shared.release_leases().await
    }
}
