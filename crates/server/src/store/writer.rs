//! The group-commit writer both stores share: one queue, one loop, and one rule for batches and
//! their failures. A [`Backend`] says only how to reach its database and commit a batch there.
//!
//! Decisions:
//! - One writer owns a store's write connection. Writes from every game queue up; the writer
//!   takes everything queued (up to [`MAX_BATCH`]) and commits it in **one** transaction (group
//!   commit), then answers each writer. A caller acknowledges an action only after its
//!   [`Commit`] resolves, so an acknowledged action is durable, at the price of one flush per
//!   batch rather than per write.
//! - A batch is committed in the order it was queued, unless its backend asks for the order of
//!   its games' ids ([`Backend::IN_GAME_ORDER`]); the sort is stable, so a game's own writes keep
//!   their order either way.
//! - A read queued with the writes runs between two batches, after everything queued before it
//!   is committed, so it sees every write queued before it.
//! - If a batch fails, its writes are retried one transaction each, so one bad write cannot fail
//!   the writes of other games. When the database cannot be reached
//!   ([`StoreError::Unavailable`]), every write of the batch answers that at once instead:
//!   retrying each would only wait for the same broken connection again. Whether such a commit
//!   reached the database is unknown only if the connection broke after `COMMIT` was sent; the
//!   caller then answers an error and its game catches up from the database, which holds the
//!   truth either way.
//! - A backend that cannot connect fails the batch at hand with the reason, and is asked again
//!   for the next batch: writes answer at once while the database is away, instead of waiting.

use super::{Answer, Commit, StoreError, StoredAction, StoredGame};
use crate::token::TokenHash;
use std::future::Future;
use std::sync::mpsc as std_mpsc;
use tokio::sync::{mpsc, oneshot};

/// At most this many writes go into one transaction.
pub const MAX_BATCH: usize = 4096;

/// One write queued for the writer.
pub(super) enum Write {
    Game(Box<StoredGame>),
    Action(String, StoredAction),
    /// The game is over: it is marked finished, and its analysis is queued (at this time, in
    /// milliseconds since the epoch) unless it has one.
    Finished(String, i64),
    Name(String, u8, Option<String>),
    Claim(String, u8, TokenHash),
    /// An open game whose last open seat was taken starts: its clock starts at this time
    /// (seconds since the epoch).
    Start(String, i64),
    /// An open game nobody joined in time is removed (it has no records).
    Abandon(String),
}

impl Write {
    /// The game whose rows this write touches.
    fn game(&self) -> &str {
        match self {
            Write::Game(g) => &g.id,
            Write::Action(game, _)
            | Write::Finished(game, _)
            | Write::Start(game, _)
            | Write::Abandon(game)
            | Write::Name(game, _, _)
            | Write::Claim(game, _, _) => game,
        }
    }
}

/// Where the answer to one write goes.
type Reply = oneshot::Sender<Result<(), StoreError>>;

/// What the writer needs from a database.
pub(super) trait Backend: Send + 'static {
    /// Whether a batch is committed in the order of its games' ids rather than the order queued.
    const IN_GAME_ORDER: bool;

    /// Makes the connection ready for a batch, connecting again if it broke.
    fn connect(&mut self) -> impl Future<Output = Result<(), StoreError>> + Send;

    /// Commits `writes` in one transaction. The outer error fails the whole transaction; the
    /// inner results are each write's own (a lost race for a version, a seat that is not there).
    fn commit(
        &mut self,
        writes: &[&Write],
    ) -> impl Future<Output = Result<Vec<Result<(), StoreError>>, StoreError>> + Send;

    /// Runs whenever the queue is empty, after the last batch is committed.
    fn between_batches(&mut self) {}
}

/// A request to the writer.
pub(super) enum Request<B> {
    /// A read, run with the backend between two batches.
    Read(Box<dyn FnOnce(&mut B) + Send>),
    /// A write, and where its answer goes.
    Write(Write, Reply),
}

/// The sending end of a writer's queue, held by its store.
pub(super) struct Queue<B>(mpsc::UnboundedSender<Request<B>>);

impl<B> Clone for Queue<B> {
    fn clone(&self) -> Self {
        Queue(self.0.clone())
    }
}

/// A new queue: its sending end, and the requests for [`run`].
pub(super) fn queue<B>() -> (Queue<B>, mpsc::UnboundedReceiver<Request<B>>) {
    let (tx, rx) = mpsc::unbounded_channel();
    (Queue(tx), rx)
}

impl<B: Backend> Queue<B> {
    /// Queues `write`; the answer resolves once it is committed (or has failed).
    pub fn write(&self, write: Write) -> Commit {
        let (tx, rx) = oneshot::channel();
        match self.0.send(Request::Write(write, tx)) {
            Ok(()) => Commit(rx),
            Err(_) => Commit::ready(Err(StoreError::Closed)),
        }
    }

    /// Queues `read`, to run with the backend between two batches.
    pub fn read<T: Send + 'static>(
        &self,
        read: impl FnOnce(&mut B) -> Result<T, StoreError> + Send + 'static,
    ) -> Answer<T> {
        let (tx, rx) = oneshot::channel();
        let request = Request::Read(Box::new(move |backend: &mut B| {
            let _ = tx.send(read(backend));
        }));
        if self.0.send(request).is_err() {
            let (tx, rx) = oneshot::channel();
            let _ = tx.send(Err(StoreError::Closed));
            return Answer(rx);
        }
        Answer(rx)
    }

    /// [`Queue::read`], blocking the calling thread until done (start-up and tests).
    pub fn read_now<T: Send + 'static>(
        &self,
        read: impl FnOnce(&mut B) -> Result<T, StoreError> + Send + 'static,
    ) -> Result<T, StoreError> {
        let (tx, rx) = std_mpsc::channel();
        self.0
            .send(Request::Read(Box::new(move |backend: &mut B| {
                let _ = tx.send(read(backend));
            })))
            .map_err(|_| StoreError::Closed)?;
        rx.recv().map_err(|_| StoreError::Closed)?
    }
}

/// The writer: group commit of everything queued, until every [`Queue`] is dropped.
pub(super) async fn run<B: Backend>(
    mut backend: B,
    mut requests: mpsc::UnboundedReceiver<Request<B>>,
) {
    let mut batch: Vec<(Write, Reply)> = Vec::new();
    while let Some(first) = requests.recv().await {
        let mut next = Some(first);
        while let Some(request) = next.take() {
            match request {
                Request::Read(read) => {
                    flush(&mut backend, &mut batch).await;
                    read(&mut backend);
                }
                Request::Write(w, reply) => batch.push((w, reply)),
            }
            if batch.len() < MAX_BATCH {
                next = requests.try_recv().ok();
            }
        }
        flush(&mut backend, &mut batch).await;
        backend.between_batches();
    }
}

/// Commits `batch` and answers each of its writes.
async fn flush<B: Backend>(backend: &mut B, batch: &mut Vec<(Write, Reply)>) {
    if batch.is_empty() {
        return;
    }
    if let Err(e) = backend.connect().await {
        for (_, reply) in batch.drain(..) {
            let _ = reply.send(Err(e.clone()));
        }
        return;
    }
    if B::IN_GAME_ORDER {
        batch.sort_by(|(a, _), (b, _)| a.game().cmp(b.game()));
    }
    let writes: Vec<&Write> = batch.iter().map(|(w, _)| w).collect();
    match backend.commit(&writes).await {
        Ok(results) => {
            for ((_, reply), result) in batch.drain(..).zip(results) {
                let _ = reply.send(result);
            }
        }
        Err(e @ StoreError::Unavailable(_)) => {
            for (_, reply) in batch.drain(..) {
                let _ = reply.send(Err(e.clone()));
            }
        }
        Err(_) => {
            for (write, reply) in batch.drain(..) {
                let result = match backend.commit(&[&write]).await {
                    Ok(mut r) => r.pop().unwrap_or(Ok(())),
                    Err(e) => Err(e),
                };
                let _ = reply.send(result);
            }
        }
    }
}
