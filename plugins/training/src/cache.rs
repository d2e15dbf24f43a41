//! The matrix answers, remembered per company and matrix until the next training change
//! in this app (a generation counter every change bumps) or for 2 s (changes by another
//! app instance, operators renamed in the user screens). A 200 × 100 matrix is ~3 MB of
//! JSON (20 000 cells); `crate::answer` writes it in a few ms, and the cache spares the
//! read and the write when the page reloads it.
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use axum::body::Bytes;
use plantdoc_core::app::AppState;

use crate::fields::Scope;
use crate::TrainingState;

pub const TTL: Duration = Duration::from_secs(2);
const MAX_ENTRIES: usize = 256;

#[derive(Default)]
pub struct MatrixCache {
    generation: AtomicU64,
    answers: Mutex<HashMap<String, (u64, Instant, Bytes)>>,
}

fn key(company: &str, s: &Scope) -> String {
    format!("{company}/{}/{}/{}", s.shift, s.cell, s.zone)
}

/// Call after any training change (after its commit).
pub fn changed(state: &AppState) {
    state.get::<TrainingState>().cache.generation.fetch_add(1, Ordering::SeqCst);
}

/// The generation to store an answer under: read before the answer is built, so an
/// answer built across a change is stored as already stale.
pub fn generation(state: &AppState) -> u64 {
    state.get::<TrainingState>().cache.generation.load(Ordering::SeqCst)
}

pub fn get(state: &AppState, company: &str, s: &Scope) -> Option<Bytes> {
    let cache = &state.get::<TrainingState>().cache;
    let now = cache.generation.load(Ordering::SeqCst);
    let map = cache.answers.lock().unwrap_or_else(|p| p.into_inner());
    map.get(&key(company, s)).filter(|(g, at, _)| *g == now && at.elapsed() < TTL).map(|(_, _, b)| b.clone())
}

pub fn put(state: &AppState, company: &str, s: &Scope, generation: u64, body: Bytes) {
    let cache = &state.get::<TrainingState>().cache;
    let mut map = cache.answers.lock().unwrap_or_else(|p| p.into_inner());
    if map.len() >= MAX_ENTRIES {
        map.clear();
    }
    map.insert(key(company, s), (generation, Instant::now(), body));
}
