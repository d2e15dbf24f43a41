//! Wrong badges, counted against what is guessed against: the kiosk account at its client
//! address (`per_address` within a minute) and the kiosk account over every address
//! (`per_account`). Not per session: a kiosk account may hold many sessions, and a new
//! sign-in must not start a fresh count. Past either limit the scans of that account (at
//! that address, or everywhere) are refused until the oldest failure is a minute old. A
//! good badge does not reset the count, so mixing in one's own badge does not help
//! guessing. In memory: one count per instance (README, 'Scale-out').
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

const WINDOW_MS: i64 = 60_000;

/// Who scans: a kiosk account (its user id) at a client address.
#[derive(Debug, Clone, Copy)]
pub struct Scanner<'a> {
    pub account: &'a str,
    pub addr: IpAddr,
}

pub struct BadgeThrottle {
    per_address: usize,
    per_account: usize,
    by_address: Mutex<HashMap<(String, IpAddr), Vec<i64>>>,
    by_account: Mutex<HashMap<String, Vec<i64>>>,
}

/// `Err(retry_after_secs)` when `list` holds `limit` failures of the last minute.
fn over<K: std::hash::Hash + Eq>(map: &Mutex<HashMap<K, Vec<i64>>>, key: &K, limit: usize, now_ms: i64) -> Result<(), i64> {
    let mut map = map.lock().unwrap_or_else(|p| p.into_inner());
    let Some(list) = map.get_mut(key) else { return Ok(()) };
    list.retain(|t| now_ms - t < WINDOW_MS);
    if list.len() >= limit {
        let oldest = list.iter().min().copied().unwrap_or(now_ms);
        return Err(((oldest + WINDOW_MS - now_ms) / 1000).max(1));
    }
    Ok(())
}

fn push<K: std::hash::Hash + Eq>(map: &Mutex<HashMap<K, Vec<i64>>>, key: K, now_ms: i64) {
    let mut map = map.lock().unwrap_or_else(|p| p.into_inner());
    if map.len() > 10_000 {
        map.retain(|_, l| l.iter().any(|t| now_ms - t < WINDOW_MS));
    }
    map.entry(key).or_default().push(now_ms);
}

impl BadgeThrottle {
    pub fn new(per_address: u32, per_account: u32) -> Self {
        Self { per_address: per_address as usize, per_account: per_account as usize, by_address: Mutex::default(), by_account: Mutex::default() }
    }

    /// `Err(retry_after_secs)` while the scanner is throttled (the longer wait of the two).
    pub fn check(&self, s: Scanner, now_ms: i64) -> Result<(), i64> {
        let here = over(&self.by_address, &(s.account.to_string(), s.addr), self.per_address, now_ms);
        let everywhere = over(&self.by_account, &s.account.to_string(), self.per_account, now_ms);
        match (here, everywhere) {
            (Ok(()), Ok(())) => Ok(()),
            (Err(a), Err(b)) => Err(a.max(b)),
            (Err(a), _) | (_, Err(a)) => Err(a),
        }
    }

    pub fn fail(&self, s: Scanner, now_ms: i64) {
        push(&self.by_address, (s.account.to_string(), s.addr), now_ms);
        push(&self.by_account, s.account.to_string(), now_ms);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(account: &str, last: u8) -> Scanner<'_> {
        Scanner { account, addr: IpAddr::from([10, 0, 0, last]) }
    }

    #[test]
    fn throttles_after_the_limit_and_frees_after_a_minute() {
        let t = BadgeThrottle::new(3, 5);
        for i in 0..3 {
            assert!(t.check(at("a", 1), 1000 * i).is_ok());
            t.fail(at("a", 1), 1000 * i);
        }
        assert_eq!(t.check(at("a", 1), 3000), Err(57));
        assert!(t.check(at("a", 2), 3000).is_ok(), "another address of the account has its own count");
        assert!(t.check(at("b", 1), 3000).is_ok(), "another account at the address too");
        assert!(t.check(at("a", 1), 60_000).is_ok(), "the first failure left the window");
    }

    #[test]
    fn the_account_is_capped_over_every_address() {
        let t = BadgeThrottle::new(3, 5);
        for i in 0..5u8 {
            assert!(t.check(at("a", i), 0).is_ok());
            t.fail(at("a", i), i64::from(i) * 1000);
        }
        assert_eq!(t.check(at("a", 9), 5000), Err(55), "five addresses used up the account's five");
        assert!(t.check(at("b", 9), 5000).is_ok());
        assert!(t.check(at("a", 9), 60_000).is_ok());
    }
}
