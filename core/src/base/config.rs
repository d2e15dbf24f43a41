//! Typed settings, layered with the `config` crate: `config/default.toml` →
//! `config/local.toml` → `PLANTDOC__SECTION__KEY` environment variables (→ explicit
//! overrides in tests). `config/releases/<release>.toml` is not a layer: it lists the
//! modules the release ships (`modules = ["swp", …]`), switched on unless
//! `modules.<id>.enabled` says otherwise. A module's own defaults are its
//! `plugins/<id>/settings.toml`, under every layer (see `ModuleContext::defaults`).
use std::collections::BTreeMap;
use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use serde::Deserialize;

pub use super::auth_settings::AuthSettings;
pub use super::notify_settings::NotifySettings;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Settings {
    pub release: String,
    pub server: ServerSettings,
    pub database: DatabaseSettings,
    pub storage: StorageSettings,
    pub session: SessionSettings,
    pub auth: AuthSettings,
    pub mail: MailSettings,
    /// `[modules.<id>]`: `enabled` and the module's own settings (typed by the module).
    #[serde(default)]
    pub modules: BTreeMap<String, config::Map<String, config::Value>>,
    /// The modules the release file lists (`config/releases/<release>.toml`).
    #[serde(skip)]
    pub release_modules: Vec<String>,
    #[serde(default)]
    pub dynamic: DynamicSettings,
    /// Zone lists by company code, for the codes the spec leaves open (mps, mpc, mpd…).
    #[serde(default)]
    pub zones: BTreeMap<String, Vec<String>>,
    pub log: LogSettings,
    /// `[notifications]`: mail and live-update timing (decision 66; defaults in code).
    #[serde(default)]
    pub notifications: NotifySettings,
    /// `[retention]`: how long records are kept after they leave use (decision 69).
    #[serde(default)]
    pub retention: super::retention::RetentionSettings,
    /// `[i18n]`: the plant's default language and those people may choose (decision 75).
    #[serde(default)]
    pub i18n: super::i18n::I18nSettings,
    /// `[review]`: how many stages a translation's review takes (decision 95).
    #[serde(default)]
    pub review: super::review::ReviewSettings,
    /// `[metrics]`: the addresses that read `GET /metrics` without a token.
    #[serde(default)]
    pub metrics: super::metrics_settings::MetricsSettings,
    /// `[webhooks]`: the origins webhooks may be sent to (none by default).
    #[serde(default)]
    pub webhooks: super::webhook_settings::WebhookSettings,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ServerSettings {
    pub addr: SocketAddr,
    /// Base of links sent by mail; never taken from the Host header.
    pub public_url: String,
    /// Key for signed file links and CSRF tokens. Empty: the key kept in the database
    /// (made at first start, see `secret`).
    pub secret: Secret,
    pub web_dir: PathBuf,
    pub remotes_dir: PathBuf,
    /// Largest JSON body, in bytes.
    pub body_limit: usize,
    /// Largest single upload (video), in bytes.
    pub upload_limit: u64,
    pub secure_cookies: bool,
    /// On SIGTERM: how long requests in flight and background tasks get to finish.
    pub shutdown_grace_secs: u64,
    /// A request's head must arrive within this many seconds of the connection waiting
    /// for it (a new one, or one kept alive after an answer): else it is closed.
    #[serde(default = "ten")]
    pub header_read_timeout_secs: u64,
    /// Open connections at most (kept under the open-files limit too); past it the
    /// quietest is closed for a new one, or the new one at once (`app::conns`).
    #[serde(default = "max_connections")]
    pub max_connections: usize,
}

fn ten() -> u64 {
    10
}

fn max_connections() -> usize {
    2048
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DatabaseSettings {
    pub url: String,
    pub max_connections: u32,
    pub acquire_timeout_secs: u64,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum StorageBackend {
    Fs,
    S3,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct StorageSettings {
    pub backend: StorageBackend,
    pub dir: PathBuf,
    /// Signed link lifetime; at most 300 s.
    pub link_ttl_secs: u64,
    /// How often each instance's sweep removes orphan blobs and stale temporary upload
    /// files (also once at start); 0 switches the sweep off.
    #[serde(default = "one_hour")]
    pub sweep_secs: u64,
    /// Orphans and temporary files younger than this are left alone (an upload in flight
    /// or waiting for its PDF check): `storage check --fix`'s age rule, unattended.
    #[serde(default = "one_hour")]
    pub sweep_min_age_secs: u64,
    /// PDFs linked with their facts are served as stamped controlled copies (decision 71).
    pub stamp: bool,
    pub s3: S3Settings,
}

fn one_hour() -> u64 {
    3600
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct S3Settings {
    pub bucket: String,
    pub endpoint: String,
    pub region: String,
    pub path_style: bool,
    pub access_key_id: String,
    pub secret_access_key: Secret,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SessionSettings {
    pub idle_timeout_secs: i64,
    pub absolute_timeout_secs: i64,
    pub kiosk_idle_timeout_secs: i64,
    /// The kiosk netbook's session ends this long after sign-in (or at revoke).
    #[serde(default = "thirty_days")]
    pub kiosk_max_age_secs: i64,
    /// A remembered session is used only while this instance has read the database's
    /// session counter (`change_counters` 'auth') within this many ms; 0 reads every session on
    /// every request (decision 35).
    #[serde(default = "recheck_ms")]
    pub recheck_ms: u64,
}

fn recheck_ms() -> u64 {
    100
}

fn thirty_days() -> i64 {
    30 * 24 * 60 * 60
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MailSettings {
    pub from: String,
    pub smtp: SmtpSettings,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SmtpSettings {
    /// Empty: no SMTP; messages go to the outbox table and the log.
    pub host: String,
    pub port: u16,
    pub username: String,
    pub password: Secret,
    pub tls: SmtpTls,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum SmtpTls {
    None,
    Starttls,
    Tls,
}

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DynamicSettings {
    /// Paths of module shared libraries to load at start (a list, or one
    /// comma-separated string as environment variables give it).
    #[serde(default, deserialize_with = "string_or_list")]
    pub libraries: Vec<PathBuf>,
}

#[derive(Debug, Clone, Copy, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "lowercase")]
pub enum LogFormat {
    Json,
    Pretty,
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LogSettings {
    pub format: LogFormat,
    pub level: String,
}

fn string_or_list<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<PathBuf>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        One(String),
        Many(Vec<PathBuf>),
    }
    Ok(match Either::deserialize(d)? {
        Either::One(s) => {
            s.split(',').map(str::trim).filter(|p| !p.is_empty()).map(PathBuf::from).collect()
        }
        Either::Many(v) => v,
    })
}

/// A string that never prints.
#[derive(Clone, Default, Deserialize)]
#[serde(transparent)]
pub struct Secret(String);

impl Secret {
    pub fn new(s: impl Into<String>) -> Self {
        Self(s.into())
    }
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

#[derive(Debug, thiserror::Error)]
#[error("configuration error: {0}")]
pub struct ConfigError(pub String);

mod load;
pub use load::default_dir;
