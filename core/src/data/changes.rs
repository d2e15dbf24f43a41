//! When an answer an instance remembers must be forgotten (decision 35).
//!
//! Two signals, read before the answer is built and compared when it is used:
//! - this instance's write count, moved when any write request (POST, PUT, PATCH,
//!   DELETE) has answered: what a write changed here shows from its answer on;
//! - a counter in the database (`change_counters`), moved by triggers in the same
//!   transaction as the writes an answer depends on (no code path can forget it), and
//!   read again once the last reading is `session.recheck_ms` old: a write made through
//!   another instance or the CLI shows within that time.
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use crate::data::db::Db;

/// What an answer was built from: equal stamps, same answer.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stamp {
    writes: u64,
    counter: i64,
}

pub struct Changes {
    recheck: Duration,
    writes: AtomicU64,
    /// Each counter's last value read, and when the query that read it started.
    counters: Mutex<HashMap<&'static str, (i64, Instant)>>,
}

impl Changes {
    pub fn new(recheck_ms: u64) -> Self {
        Self {
            recheck: Duration::from_millis(recheck_ms),
            writes: AtomicU64::new(0),
            counters: Mutex::new(HashMap::new()),
        }
    }

    /// A write request of this instance has answered.
    pub fn wrote(&self) {
        self.writes.fetch_add(1, Ordering::SeqCst);
    }

    /// The stamp of an answer about to be built from what counter `name` watches.
    pub async fn stamp(&self, db: &Db, name: &'static str) -> Result<Stamp, sqlx::Error> {
        self.stamp_of(db, &[name]).await
    }

    /// The same for an answer built from what several counters watch. Counters only
    /// grow, so their sum moves exactly when one of them does.
    pub async fn stamp_of(&self, db: &Db, names: &[&'static str]) -> Result<Stamp, sqlx::Error> {
        let writes = self.writes.load(Ordering::SeqCst);
        let mut counter = 0i64;
        for name in names {
            counter = counter.wrapping_add(self.counter(db, name).await?);
        }
        Ok(Stamp { writes, counter })
    }

    /// The counter, as read from the database less than `recheck_ms` ago.
    async fn counter(&self, db: &Db, name: &'static str) -> Result<i64, sqlx::Error> {
        if let Some((n, at)) = self.counters.lock().unwrap_or_else(|p| p.into_inner()).get(name) {
            if at.elapsed() < self.recheck {
                return Ok(*n);
            }
        }
        let started = Instant::now();
        let n: i64 = sqlx::query_scalar("SELECT n FROM change_counters WHERE name = $1")
            .bind(name)
            .fetch_one(&db.pool)
            .await?;
        let mut map = self.counters.lock().unwrap_or_else(|p| p.into_inner());
        let newer = map.get(name).is_none_or(|(_, at)| *at < started);
        if newer {
            map.insert(name, (n, started));
        }
        Ok(n)
    }
}
