//! Whole answers a module remembers while what they were read from stands still
//! (decision 37): an answer is kept with the [`Stamp`] of the change counters it depends
//! on, read before it was built, and sent again only while a fresh stamp is equal — no
//! write request has answered in this instance and none of those counters has moved
//! (read again at least every `session.recheck_ms`, so a write made through another
//! instance or the CLI shows within that time, as in decision 35).
//!
//! Meant for reads many users repeat with the same arguments (a list's first page, a
//! type-ahead's prefixes): the key must hold everything the answer depends on besides
//! the counters (the caller's visibility filter and its arguments, the page, the sort).
use std::collections::HashMap;
use std::future::Future;
use std::sync::Mutex;
use std::time::{Duration, Instant};

use bytes::Bytes;

use crate::data::changes::{Changes, Stamp};
use crate::data::db::Db;

/// What kept answers read from the running app (its state provides them): the
/// database, its change counters and the app's clock.
pub trait Source: Sync {
    fn db(&self) -> &Db;
    fn changes(&self) -> &Changes;
    fn now_ms(&self) -> i64;
}

struct Kept {
    stamp: Stamp,
    at: Instant,
    /// The app's clock when it was built (the clock signed links are made by).
    built_ms: i64,
    body: Bytes,
}

struct Held {
    answers: HashMap<String, Kept>,
    bytes: usize,
}

/// Builds of the same key wait for each other (by key hash, this many stripes): when
/// many users open the same page as it is voided, it is read once, not once each.
const STRIPES: usize = 64;

pub struct Answers {
    counters: &'static [&'static str],
    ttl: Duration,
    max_bytes: usize,
    held: Mutex<Held>,
    building: [tokio::sync::Mutex<()>; STRIPES],
}

impl Answers {
    /// Answers depending on `counters`, each kept at most `ttl`; they hold at most
    /// `max_bytes` (keys and bodies) all together, then all are forgotten at once. An
    /// answer over an eighth of that is never kept.
    pub fn new(counters: &'static [&'static str], ttl: Duration, max_bytes: usize) -> Self {
        Self {
            counters,
            ttl,
            max_bytes,
            held: Mutex::new(Held { answers: HashMap::new(), bytes: 0 }),
            building: std::array::from_fn(|_| tokio::sync::Mutex::new(())),
        }
    }

    fn recall(&self, key: &str, stamp: Stamp, now_ms: i64, max_age_ms: i64) -> Option<Bytes> {
        let held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.answers
            .get(key)
            .filter(|k| {
                k.stamp == stamp
                    && k.at.elapsed() < self.ttl
                    && (0..max_age_ms).contains(&(now_ms - k.built_ms))
            })
            .map(|k| k.body.clone())
    }

    fn keep(&self, key: String, stamp: Stamp, built_ms: i64, body: Bytes) {
        let size = key.len() + body.len();
        if size > self.max_bytes / 8 {
            return;
        }
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        if held.bytes + size > self.max_bytes {
            held.answers.clear();
            held.bytes = 0;
        }
        let key_len = key.len();
        if let Some(old) =
            held.answers.insert(key, Kept { stamp, at: Instant::now(), built_ms, body })
        {
            held.bytes -= key_len + old.body.len();
        }
        held.bytes += size;
    }

    /// The answer kept under `key` if it was built from what the counters hold now;
    /// otherwise `build`'s, kept for the next caller.
    pub async fn get<E, F, Fut>(
        &self,
        state: &dyn Source,
        key: String,
        build: F,
    ) -> Result<Bytes, E>
    where
        E: From<sqlx::Error>,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Vec<u8>, E>>,
    {
        self.get_linked(state, key, i64::MAX, build).await
    }

    /// [`Answers::get`] for answers that carry signed file links: one is also not sent
    /// once `max_age_ms` of the app's clock have passed since it was built (callers pass
    /// half a link's life), so every link sent has at least the rest of its life ahead.
    pub async fn get_linked<E, F, Fut>(
        &self,
        state: &dyn Source,
        key: String,
        max_age_ms: i64,
        build: F,
    ) -> Result<Bytes, E>
    where
        E: From<sqlx::Error>,
        F: FnOnce() -> Fut,
        Fut: Future<Output = Result<Vec<u8>, E>>,
    {
        let stamp = state.changes().stamp_of(state.db(), self.counters).await?;
        if let Some(body) = self.recall(&key, stamp, state.now_ms(), max_age_ms) {
            return Ok(body);
        }
        let stripe = {
            use std::hash::{Hash, Hasher};
            let mut h = std::hash::DefaultHasher::new(); // fixed keys: same key, same stripe
            key.hash(&mut h);
            (h.finish() as usize) % STRIPES
        };
        let _building = self.building[stripe].lock().await;
        // Built by another request meanwhile?
        if let Some(body) = self.recall(&key, stamp, state.now_ms(), max_age_ms) {
            return Ok(body);
        }
        let built_ms = state.now_ms();
        let body = Bytes::from(build().await?);
        self.keep(key, stamp, built_ms, body.clone());
        Ok(body)
    }
}
