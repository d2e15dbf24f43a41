//! SQLite connections held open for the hot reads (decision 44). A query through sqlx's
//! pool makes two round trips to the connection's worker thread: the statement, then a
//! ping as the connection goes back to the pool (sqlx 0.8 tests every released
//! connection). A held connection is used by one request at a time behind a lock and
//! goes back with the lock: one round trip per statement. Opened at first use (after the
//! migrations), with the pool's settings and `query_only`, so a write through one fails.
use std::ops::{Deref, DerefMut};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use sqlx::any::AnyConnectOptions;
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, ConnectOptions, Executor};
use tokio::sync::{Mutex, MutexGuard, OnceCell};

/// How many connections are held: the statements are short index reads, and a SQLite
/// connection runs one at a time on its own thread; more than the cores of a kiosk
/// server gains nothing.
const HELD: usize = 4;

pub(crate) struct Readers {
    opts: AnyConnectOptions,
    wait: Duration,
    conns: OnceCell<Vec<Mutex<AnyConnection>>>,
    next: AtomicUsize,
}

impl std::fmt::Debug for Readers {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Readers").field("held", &self.conns.get().map_or(0, Vec::len)).finish()
    }
}

/// A connection for one read: held (SQLite file) or from the pool (PostgreSQL).
pub enum Reader<'a> {
    Held(MutexGuard<'a, AnyConnection>),
    Pooled(PoolConnection<Any>),
}

impl Deref for Reader<'_> {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        match self {
            Reader::Held(c) => c,
            Reader::Pooled(c) => c,
        }
    }
}

impl DerefMut for Reader<'_> {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        match self {
            Reader::Held(c) => c,
            Reader::Pooled(c) => c,
        }
    }
}

impl Readers {
    pub(crate) fn new(opts: AnyConnectOptions, wait: Duration) -> Self {
        Self { opts, wait, conns: OnceCell::new(), next: AtomicUsize::new(0) }
    }

    async fn open(&self) -> Result<Vec<Mutex<AnyConnection>>, sqlx::Error> {
        let mut conns = Vec::with_capacity(HELD);
        for _ in 0..HELD {
            let mut c = self.opts.connect().await?;
            crate::data::db::sqlite_session(&mut c).await?;
            c.execute("PRAGMA query_only = ON").await?;
            conns.push(Mutex::new(c));
        }
        Ok(conns)
    }

    /// A free held connection, else the next one in turn once it is free (at most the
    /// pool's acquire timeout, then `PoolTimedOut`: 503, as a pool would answer).
    pub(crate) async fn get(&self) -> Result<Reader<'_>, sqlx::Error> {
        let conns = tokio::time::timeout(self.wait, self.conns.get_or_try_init(|| self.open()))
            .await
            .map_err(|_| sqlx::Error::PoolTimedOut)??;
        let start = self.next.fetch_add(1, Ordering::Relaxed);
        for i in 0..conns.len() {
            if let Ok(c) = conns[(start + i) % conns.len()].try_lock() {
                return Ok(Reader::Held(c));
            }
        }
        let c = tokio::time::timeout(self.wait, conns[start % conns.len()].lock())
            .await
            .map_err(|_| sqlx::Error::PoolTimedOut)?;
        Ok(Reader::Held(c))
    }
}
