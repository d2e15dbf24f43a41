//! Answers a module remembers for a short while (decision 34): each value is used until
//! the next write of that module in this app instance ([`Memo::changed`], called after
//! the write's commit) and at most `ttl` (writes made by another instance). A value built
//! across a write is stored under the generation read before it was built, so it is
//! already void when stored.
use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

pub struct Memo<T> {
    ttl: Duration,
    max_keys: usize,
    generation: AtomicU64,
    values: Mutex<HashMap<String, (u64, Instant, T)>>,
}

impl<T: Clone> Memo<T> {
    /// At most `max_keys` values are kept (then all are forgotten at once).
    pub fn new(ttl: Duration, max_keys: usize) -> Self {
        Self { ttl, max_keys, generation: AtomicU64::new(0), values: Mutex::new(HashMap::new()) }
    }

    /// Voids every value remembered so far.
    pub fn changed(&self) {
        self.generation.fetch_add(1, Ordering::SeqCst);
    }

    /// Read before building a value; pass it to [`Memo::remember`].
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::SeqCst)
    }

    pub fn recall(&self, key: &str) -> Option<T> {
        let now = self.generation();
        let map = self.values.lock().unwrap_or_else(|p| p.into_inner());
        map.get(key)
            .filter(|(g, at, _)| *g == now && at.elapsed() < self.ttl)
            .map(|(_, _, v)| v.clone())
    }

    pub fn remember(&self, generation: u64, key: String, value: T) {
        let mut map = self.values.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() >= self.max_keys {
            map.clear();
        }
        map.insert(key, (generation, Instant::now(), value));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_lives_until_a_change_or_its_ttl() {
        let m = Memo::new(Duration::from_millis(50), 2);
        let g = m.generation();
        m.remember(g, "a".into(), 1);
        assert_eq!(m.recall("a"), Some(1));
        m.changed();
        assert_eq!(m.recall("a"), None, "void after a change");
        // Built across a change: stored already void.
        m.remember(g, "a".into(), 2);
        assert_eq!(m.recall("a"), None);
        m.remember(m.generation(), "a".into(), 3);
        assert_eq!(m.recall("a"), Some(3));
        std::thread::sleep(Duration::from_millis(60));
        assert_eq!(m.recall("a"), None, "void after its ttl");
        // Full: everything is forgotten at once.
        let g = m.generation();
        m.remember(g, "a".into(), 1);
        m.remember(g, "b".into(), 2);
        m.remember(g, "c".into(), 3);
        assert_eq!((m.recall("a"), m.recall("b"), m.recall("c")), (None, None, Some(3)));
    }
}
