//! Login throttling: a per-IP fixed-window limit (in memory) and the lockout schedule
//! (`lockout` keeps the counts per e-mail and address): after `max_failed_logins`
//! failures it locks for `lockout_base_secs`, doubling with each further failure up to
//! `lockout_max_secs`.
use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

/// Per (address, bucket): the current window's start minute and its count.
type Windows = HashMap<(IpAddr, &'static str), (i64, u32)>;

pub struct IpLimiter {
    per_minute: u32,
    windows: Mutex<Windows>,
}

impl IpLimiter {
    pub fn new(per_minute: u32) -> Self {
        Self { per_minute, windows: Mutex::new(HashMap::new()) }
    }

    /// Counts one attempt of kind `bucket` from `ip`; `Err(retry_after_secs)` past the limit.
    pub fn hit(&self, ip: IpAddr, bucket: &'static str, now_ms: i64) -> Result<(), i64> {
        let window = now_ms / 60_000;
        let mut w = self.windows.lock().unwrap_or_else(|p| p.into_inner());
        if w.len() > 100_000 {
            w.retain(|_, (win, _)| *win == window);
        }
        let e = w.entry((ip, bucket)).or_insert((window, 0));
        if e.0 != window {
            *e = (window, 0);
        }
        e.1 += 1;
        if e.1 > self.per_minute {
            Err(60 - (now_ms / 1000) % 60)
        } else {
            Ok(())
        }
    }
}

/// How long an account stays locked after its `failures`-th failure (0: not locked).
pub fn lockout_secs(failures: i64, max_failed: i64, base: i64, max: i64) -> i64 {
    if failures < max_failed {
        return 0;
    }
    let doublings = (failures - max_failed).min(30) as u32;
    base.saturating_mul(1i64 << doublings).min(max)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lockout_grows_and_caps() {
        assert_eq!(lockout_secs(9, 10, 60, 3600), 0);
        assert_eq!(lockout_secs(10, 10, 60, 3600), 60);
        assert_eq!(lockout_secs(11, 10, 60, 3600), 120);
        assert_eq!(lockout_secs(13, 10, 60, 3600), 480);
        assert_eq!(lockout_secs(50, 10, 60, 3600), 3600);
    }

    #[test]
    fn ip_window_resets() {
        let l = IpLimiter::new(2);
        let ip: IpAddr = "127.0.0.1".parse().unwrap();
        assert!(l.hit(ip, "login", 0).is_ok());
        assert!(l.hit(ip, "login", 1).is_ok());
        assert!(l.hit(ip, "login", 2).is_err());
        assert!(l.hit(ip, "forgot", 2).is_ok());
        assert!(l.hit(ip, "login", 60_000).is_ok());
    }
}
