//! `[notifications]`: mail and live-update timing, and how many live streams one
//! person or one address may hold open (defaults in code; decision 93).
use crate::base::config::ConfigError;
use serde::Deserialize;

/// `[notifications]`: how often mail is sent and digests are made.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct NotifySettings {
    /// How often the mail task looks for due mail.
    pub mail_every_ms: u64,
    /// A digest is mailed once its oldest waiting notification is this old.
    pub digest_secs: u64,
    /// A failed send waits `retry_base_ms × 2^(attempt-1)`; after `max_attempts` it stops.
    pub retry_base_ms: u64,
    pub max_attempts: i64,
    /// How often an instance looks for new events for its open streams (PostgreSQL:
    /// besides the NOTIFY that wakes it at once).
    pub poll_ms: u64,
    /// Keep-alive comment period of an event stream.
    pub keepalive_secs: u64,
    /// Events (and their notifications) older than this many days are removed.
    pub keep_days: u64,
    /// Open event streams one user may hold on an instance; the next is refused (429).
    pub max_streams_per_user: usize,
    /// Open event streams one client address may hold on an instance (0: no cap).
    /// Behind a proxy every client has the proxy's address.
    pub max_streams_per_address: usize,
}

impl Default for NotifySettings {
    fn default() -> Self {
        Self {
            mail_every_ms: 2000,
            digest_secs: 24 * 3600,
            retry_base_ms: 30_000,
            max_attempts: 5,
            poll_ms: 250,
            keepalive_secs: 15,
            keep_days: 90,
            max_streams_per_user: 4,
            max_streams_per_address: 64,
        }
    }
}

impl NotifySettings {
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.max_streams_per_user == 0 {
            return Err(ConfigError(
                "notifications.max_streams_per_user: must be at least 1".into(),
            ));
        }
        Ok(())
    }
}
