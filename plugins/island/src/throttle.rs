//! Wrong badges per netbook (its session): after `limit` failures within a minute the
//! netbook's badge scans are refused until the oldest failure is a minute old. A good
//! badge does not reset the count, so mixing in one's own badge does not help guessing.
use std::collections::HashMap;
use std::sync::Mutex;

const WINDOW_MS: i64 = 60_000;

pub struct BadgeThrottle {
    limit: usize,
    failures: Mutex<HashMap<String, Vec<i64>>>,
}

impl BadgeThrottle {
    pub fn new(limit: u32) -> Self {
        Self { limit: limit as usize, failures: Mutex::new(HashMap::new()) }
    }

    /// `Err(retry_after_secs)` while the netbook is throttled.
    pub fn check(&self, netbook: &str, now_ms: i64) -> Result<(), i64> {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        let Some(list) = map.get_mut(netbook) else { return Ok(()) };
        list.retain(|t| now_ms - t < WINDOW_MS);
        if list.len() >= self.limit {
            let oldest = list.iter().min().copied().unwrap_or(now_ms);
            return Err(((oldest + WINDOW_MS - now_ms) / 1000).max(1));
        }
        Ok(())
    }

    pub fn fail(&self, netbook: &str, now_ms: i64) {
        let mut map = self.failures.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 10_000 {
            map.retain(|_, l| l.iter().any(|t| now_ms - t < WINDOW_MS));
        }
        map.entry(netbook.to_string()).or_default().push(now_ms);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn throttles_after_the_limit_and_frees_after_a_minute() {
        let t = BadgeThrottle::new(3);
        for i in 0..3 {
            assert!(t.check("a", 1000 * i).is_ok());
            t.fail("a", 1000 * i);
        }
        assert_eq!(t.check("a", 3000), Err(57));
        assert!(t.check("b", 3000).is_ok(), "per netbook");
        assert!(t.check("a", 60_000).is_ok(), "the first failure left the window");
    }
}
