//! Wrong badges, counted against what is guessed against: the kiosk account at its client
//! address and the kiosk account over every address. Not per session: a kiosk account may
//! hold many sessions, and a new sign-in must not start a fresh count (decision 49).
//!
//! A growing delay per miss instead of a one-minute block (decision 58): a key's misses are
//! remembered ten minutes; up to `limit` of them (the per-minute setting: 5 per address,
//! 20 per account) cost nothing, as before. Past them, the next badge of that key is
//! looked up only 1 s, 2 s, 4 s, … after the last miss, at most `60 s / limit` (12 s
//! per address, 3 s per account). A scan that comes sooner is not looked up: 429 with the
//! wait, and the netbook sends it again when the wait is over, so a known badge is always
//! answered, seconds after a misread instead of a minute. While a key has misses, one
//! badge at a time is looked up (parallel scans cannot share a slot). A good badge does
//! not reset the count, so mixing in one's own badge does not help guessing; guessing
//! stays at the per-minute limits. In memory: one count per instance (README,
//! 'Scale-out').
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

/// How long a miss is remembered (its part in the delay).
const MEMORY_MS: i64 = 600_000;
/// A lookup in flight holds its key this long at most (a dropped request frees it).
const IN_FLIGHT_MS: i64 = 5_000;

/// Who scans: a kiosk account (its user id) at a client address.
#[derive(Debug, Clone, Copy)]
pub struct Scanner<'a> {
    pub account: &'a str,
    pub addr: IpAddr,
}

#[derive(Default)]
struct Misses {
    times: Vec<i64>,
    /// A badge of this key is being looked up until then (only while it has misses).
    in_flight_until: i64,
}

struct Keyed<K> {
    free: usize,
    cap_ms: i64,
    map: Mutex<HashMap<K, Misses>>,
}

/// The wait after `n` remembered misses: none up to `free`, then 1 s, 2 s, 4 s, … at most
/// `cap_ms`.
pub fn delay_ms(n: usize, free: usize, cap_ms: i64) -> i64 {
    if n <= free {
        return 0;
    }
    (1000i64 << (n - free - 1).min(20)).min(cap_ms)
}

impl<K: std::hash::Hash + Eq + Clone> Keyed<K> {
    fn new(per_minute: u32) -> Self {
        Self {
            free: per_minute as usize,
            cap_ms: 60_000 / i64::from(per_minute.max(1)),
            map: Mutex::default(),
        }
    }

    /// When the key's next badge may be looked up (`now_ms` when it may now).
    fn free_at(&self, m: &Misses) -> i64 {
        let last = m.times.iter().max().copied().unwrap_or(0);
        let at = last + delay_ms(m.times.len(), self.free, self.cap_ms);
        if m.times.is_empty() {
            at
        } else {
            at.max(m.in_flight_until)
        }
    }

    fn wait(&self, key: &K, now_ms: i64) -> i64 {
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        let Some(m) = map.get_mut(key) else { return 0 };
        m.times.retain(|t| now_ms - t < MEMORY_MS);
        (self.free_at(m) - now_ms).max(0)
    }

    fn hold(&self, key: &K, now_ms: i64) {
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(m) = map.get_mut(key).filter(|m| !m.times.is_empty()) {
            m.in_flight_until = now_ms + IN_FLIGHT_MS;
        }
    }

    fn release(&self, key: &K) {
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(m) = map.get_mut(key) {
            m.in_flight_until = 0;
        }
    }

    fn push(&self, key: K, now_ms: i64) {
        let mut map = self.map.lock().unwrap_or_else(|p| p.into_inner());
        if map.len() > 10_000 {
            map.retain(|_, m| m.times.iter().any(|t| now_ms - t < MEMORY_MS));
        }
        let m = map.entry(key).or_default();
        m.times.push(now_ms);
        m.in_flight_until = 0;
    }
}

pub struct BadgeThrottle {
    by_address: Keyed<(String, IpAddr)>,
    by_account: Keyed<String>,
}

impl BadgeThrottle {
    pub fn new(per_address: u32, per_account: u32) -> Self {
        Self { by_address: Keyed::new(per_address), by_account: Keyed::new(per_account) }
    }

    fn keys(s: Scanner) -> ((String, IpAddr), String) {
        ((s.account.to_string(), s.addr), s.account.to_string())
    }

    /// `Err(retry_after_secs)` while the scanner must wait (the longer wait of the two);
    /// otherwise its badge may be looked up now, and the key is held until `pass` or
    /// `fail` (or a few seconds).
    pub fn check(&self, s: Scanner, now_ms: i64) -> Result<(), i64> {
        let (here, account) = Self::keys(s);
        let wait = self.by_address.wait(&here, now_ms).max(self.by_account.wait(&account, now_ms));
        if wait > 0 {
            return Err((wait + 999) / 1000);
        }
        self.by_address.hold(&here, now_ms);
        self.by_account.hold(&account, now_ms);
        Ok(())
    }

    /// The badge was known: the next scan need not wait for this one.
    pub fn pass(&self, s: Scanner) {
        let (here, account) = Self::keys(s);
        self.by_address.release(&here);
        self.by_account.release(&account);
    }

    pub fn fail(&self, s: Scanner, now_ms: i64) {
        let (here, account) = Self::keys(s);
        self.by_address.push(here, now_ms);
        self.by_account.push(account, now_ms);
    }
}

/// Wrong PINs of any person typed at a netbook (the kiosk account at its client address),
/// with the same growing delay: a netbook trying many people's PINs. Each person's own
/// tries are counted in the database and lock their PIN at the fifth (`pin_lock`).
pub struct PinThrottle {
    by_netbook: Keyed<(String, IpAddr)>,
}

impl PinThrottle {
    pub fn new(per_netbook: u32) -> Self {
        Self { by_netbook: Keyed::new(per_netbook) }
    }

    fn key(s: Scanner) -> (String, IpAddr) {
        (s.account.to_string(), s.addr)
    }

    /// As [`BadgeThrottle::check`], for a PIN typed at the scanner.
    pub fn check(&self, s: Scanner, now_ms: i64) -> Result<(), i64> {
        let here = Self::key(s);
        let wait = self.by_netbook.wait(&here, now_ms);
        if wait > 0 {
            return Err((wait + 999) / 1000);
        }
        self.by_netbook.hold(&here, now_ms);
        Ok(())
    }

    pub fn pass(&self, s: Scanner) {
        self.by_netbook.release(&Self::key(s));
    }

    pub fn fail(&self, s: Scanner, now_ms: i64) {
        self.by_netbook.push(Self::key(s), now_ms);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(account: &str, last: u8) -> Scanner<'_> {
        Scanner { account, addr: IpAddr::from([10, 0, 0, last]) }
    }

    /// `n` misses of the scanner, a second apart from `from_ms`, each looked up at once.
    fn misses(t: &BadgeThrottle, s: Scanner, from_ms: i64, n: i64) {
        for i in 0..n {
            assert!(t.check(s, from_ms + i * 1000).is_ok(), "miss {i} is looked up at once");
            t.fail(s, from_ms + i * 1000);
        }
    }

    #[test]
    fn the_delay_grows_per_miss_past_the_free_ones_up_to_the_cap() {
        let got: Vec<i64> = (0..11).map(|n| delay_ms(n, 5, 12_000)).collect();
        assert_eq!(got, [0, 0, 0, 0, 0, 0, 1000, 2000, 4000, 8000, 12_000]);
        assert_eq!(delay_ms(500, 20, 3000), 3000);
    }

    #[test]
    fn each_miss_past_the_limit_makes_the_next_lookup_wait_longer() {
        let t = BadgeThrottle::new(5, 20);
        misses(&t, at("a", 1), 0, 6);
        let mut now = 5000;
        for expected in [1, 2, 4, 8, 12, 12] {
            assert_eq!(t.check(at("a", 1), now), Err(expected));
            assert_eq!(
                t.check(at("a", 1), now + expected * 1000 - 1),
                Err(1),
                "not a millisecond early"
            );
            now += expected * 1000;
            assert!(t.check(at("a", 1), now).is_ok());
            t.fail(at("a", 1), now);
        }
        assert!(
            t.check(at("a", 2), now).is_ok(),
            "another address of the account has its own count"
        );
        assert!(t.check(at("b", 1), now).is_ok(), "another account at the address too");
    }

    #[test]
    fn a_known_badge_is_answered_once_the_short_wait_is_over() {
        let t = BadgeThrottle::new(5, 20);
        misses(&t, at("a", 1), 0, 5);
        assert!(t.check(at("a", 1), 4001).is_ok(), "five misreads cost nothing");
        t.fail(at("a", 1), 5000);
        assert_eq!(t.check(at("a", 1), 5500), Err(1));
        assert!(t.check(at("a", 1), 6000).is_ok());
        t.pass(at("a", 1));
        assert!(t.check(at("a", 1), 6001).is_ok(), "a known badge does not make the next one wait");
        t.pass(at("a", 1));
        assert!(
            t.check(at("a", 1), 5000 + MEMORY_MS).is_ok(),
            "misses are forgotten after ten minutes"
        );
    }

    #[test]
    fn while_a_key_has_misses_one_badge_at_a_time_is_looked_up() {
        let t = BadgeThrottle::new(5, 20);
        t.fail(at("a", 1), 0);
        assert!(t.check(at("a", 1), 1000).is_ok());
        assert_eq!(
            t.check(at("a", 1), 1000),
            Err(5),
            "the address and the account are held by the first"
        );
        assert!(
            t.check(at("a", 1), 1000 + IN_FLIGHT_MS).is_ok(),
            "a lookup never finished frees the key"
        );
        let fresh = BadgeThrottle::new(5, 20);
        assert!(fresh.check(at("a", 1), 0).is_ok());
        assert!(fresh.check(at("a", 1), 0).is_ok(), "without misses, no wait");
    }

    #[test]
    fn the_account_is_slowed_over_every_address() {
        let t = BadgeThrottle::new(5, 20);
        // Four misses on each of five addresses and one on a sixth: none of them is past
        // its address's five, but the account is past its 20.
        for i in 0..5u8 {
            misses(&t, at("a", i), i64::from(i) * 4000, 4);
        }
        misses(&t, at("a", 5), 20_000, 1);
        assert_eq!(t.check(at("a", 9), 20_500), Err(1), "a seventh address waits for the account");
        assert!(t.check(at("a", 9), 21_000).is_ok());
        assert!(t.check(at("b", 9), 20_500).is_ok());
    }

    #[test]
    fn guessing_stays_at_the_per_minute_limits() {
        // A guesser who waits exactly as told on one address: in ten minutes, 6 misses
        // at once, then 1 + 2 + 4 + 8 s, then one every 12 s (5 a minute, as before).
        let t = BadgeThrottle::new(5, 20);
        let (mut now, mut n) = (0i64, 0);
        while now < 600_000 {
            match t.check(at("a", 1), now) {
                Ok(()) => {
                    t.fail(at("a", 1), now);
                    n += 1;
                }
                Err(s) => now += s * 1000,
            }
        }
        assert!((50..=6 + 4 + 49).contains(&n), "{n} misses in ten minutes");
    }

    #[test]
    fn wrong_pins_slow_the_netbook_for_everyone() {
        let t = PinThrottle::new(20);
        for i in 0..21u8 {
            assert!(t.check(at("k", 1), i64::from(i) * 100).is_ok());
            t.fail(at("k", 1), i64::from(i) * 100);
        }
        assert_eq!(t.check(at("k", 1), 2100), Err(1), "a netbook trying many people's PINs waits");
        assert!(t.check(at("k", 2), 2100).is_ok(), "another netbook does not");
        t.pass(at("k", 2));
    }
}
