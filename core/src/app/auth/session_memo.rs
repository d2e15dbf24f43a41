//! Sessions an instance remembers for a moment (decision 35), so that a signed-in read
//! costs one query (its own), not two.
//!
//! A remembered session is used only while both hold:
//! - no write request has ended in this instance since it was read (every POST, PUT,
//!   PATCH or DELETE voids them all when it answers; so does a GET logout): a logout,
//!   a disable, a password or zone change made here applies from its answer on;
//! - this instance read the database's session counter (`change_counters` 'auth', moved by
//!   triggers in the same transaction as any ended session or changed user row) less
//!   than `session.recheck_ms` ago, and it had not moved: a change made through another
//!   instance or the CLI applies within that time. Every session load reads the counter
//!   with the session's row, in the same statement.
//!
//! The expiry rules are applied to a remembered session as to a loaded one; it is
//! loaded again (and its `last_seen` written) once it is 30 s old.
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use crate::app::auth::session::CurrentUser;
use crate::base::memo::Memo;

/// What a session load found, kept to answer the next requests of that session.
pub struct Remembered {
    pub current: CurrentUser,
    pub csrf: String,
    pub created: i64,
    pub seen: i64,
}

pub struct SessionMemo {
    memo: Memo<Arc<Remembered>>,
    recheck: Duration,
    /// The counter's last value read, and when the query that read it started.
    epoch: Mutex<(i64, Option<Instant>)>,
}

/// Sessions whose `last_seen` is older than this are loaded (and the time written).
pub const SEEN_WRITE_MS: i64 = 30_000;

impl SessionMemo {
    pub fn new(recheck_ms: u64) -> Self {
        Self {
            memo: Memo::new(Duration::from_millis(SEEN_WRITE_MS as u64), 20_000),
            recheck: Duration::from_millis(recheck_ms),
            epoch: Mutex::new((i64::MIN, None)),
        }
    }

    /// Voids every remembered session (called when a write request has answered).
    pub fn changed(&self) {
        self.memo.changed();
    }

    /// Read before a session is loaded; pass it to [`SessionMemo::loaded`].
    pub fn generation(&self) -> u64 {
        self.memo.generation()
    }

    /// The session remembered under this id hash, if it may still be used.
    pub fn recall(&self, hash: &str) -> Option<Arc<Remembered>> {
        let read_at = self.epoch.lock().unwrap_or_else(|p| p.into_inner()).1?;
        if read_at.elapsed() >= self.recheck {
            return None;
        }
        self.memo.recall(hash)
    }

    /// A session was loaded by a query that started at `started`, read `epoch` as the
    /// counter and `generation` before it. Remembers it unless the counter has moved
    /// (then everything remembered is voided, and the next load is remembered).
    pub fn loaded(
        &self,
        generation: u64,
        started: Instant,
        epoch: i64,
        hash: String,
        found: Remembered,
    ) {
        if self.saw(started, epoch) {
            self.memo.remember(generation, hash, Arc::new(found));
        }
    }

    /// Takes in a reading of the counter; true when it had not moved.
    fn saw(&self, started: Instant, epoch: i64) -> bool {
        let mut e = self.epoch.lock().unwrap_or_else(|p| p.into_inner());
        if epoch < e.0 {
            return false;
        }
        if e.1.is_none_or(|at| at < started) {
            e.1 = Some(started);
        }
        if epoch > e.0 {
            e.0 = epoch;
            self.memo.changed();
            return false;
        }
        true
    }
}
