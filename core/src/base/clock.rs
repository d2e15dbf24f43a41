//! Time source. Production uses the system clock; tests inject a manual clock so that
//! lockouts, expiries and the 90-day rules can be shown without sleeping.
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;

pub trait Clock: Send + Sync + 'static {
    /// Milliseconds since the Unix epoch, UTC.
    fn now_ms(&self) -> i64;
}

pub type SharedClock = Arc<dyn Clock>;

#[derive(Debug, Default)]
pub struct SystemClock;

impl Clock for SystemClock {
    fn now_ms(&self) -> i64 {
        chrono::Utc::now().timestamp_millis()
    }
}

/// A clock that only moves when told to.
#[derive(Debug)]
pub struct ManualClock(AtomicI64);

impl ManualClock {
    pub fn new(start_ms: i64) -> Arc<Self> {
        Arc::new(Self(AtomicI64::new(start_ms)))
    }
    pub fn advance_secs(&self, secs: i64) {
        self.0.fetch_add(secs * 1000, Ordering::SeqCst);
    }
}

impl Clock for ManualClock {
    fn now_ms(&self) -> i64 {
        self.0.load(Ordering::SeqCst)
    }
}

/// A signature's date and time with its offset, as records show it to people and
/// auditors (decision 63): `2026-01-01 08:30:00 +00:00` (the server keeps UTC).
pub fn with_offset(ms: i64) -> String {
    chrono::DateTime::<chrono::Utc>::from_timestamp_millis(ms)
        .unwrap_or_default()
        .format("%Y-%m-%d %H:%M:%S %:z")
        .to_string()
}

/// ISO 8601 UTC text for a millisecond timestamp, the format every API date uses.
pub fn iso(ms: i64) -> String {
    chrono::DateTime::<chrono::Utc>::from_timestamp_millis(ms)
        .unwrap_or_default()
        .to_rfc3339_opts(chrono::SecondsFormat::Millis, true)
}
