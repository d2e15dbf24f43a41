//! Typed settings, layered with the `config` crate: `config/default.toml` →
//! `config/local.toml` → `PLANTDOC__SECTION__KEY` environment variables (→ explicit
//! overrides in tests). `config/releases/<release>.toml` is not a layer: it lists the
//! modules the release ships (`modules = ["swp", …]`), switched on unless
//! `modules.<id>.enabled` says otherwise. A module's own defaults are its
//! `plugins/<id>/settings.toml`, under every layer (see `ModuleContext::defaults`).
use std::collections::BTreeMap;
use std::fmt;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

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
    /// `[notifications]`: mail and live-update timing (issue 27; defaults in code).
    #[serde(default)]
    pub notifications: NotifySettings,
    /// `[retention]`: how long records are kept after they leave use (issue 28 item 5).
    #[serde(default)]
    pub retention: super::retention::RetentionSettings,
    /// `[i18n]`: the plant's default language and those people may choose (issue 29).
    #[serde(default)]
    pub i18n: super::i18n::I18nSettings,
    /// `[review]`: how many stages a translation's review takes (decision 95).
    #[serde(default)]
    pub review: super::review::ReviewSettings,
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
    /// PDFs linked with their facts are served as stamped controlled copies (issue 28).
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

/// Where the config folder is: `PLANTDOC_CONFIG_DIR`, else `./config`.
pub fn default_dir() -> PathBuf {
    std::env::var_os("PLANTDOC_CONFIG_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|| PathBuf::from("config"))
}

impl Settings {
    pub fn load(dir: &Path) -> Result<Self, ConfigError> {
        Self::load_with(dir, &[])
    }

    /// Loads the layers, then `overrides` (key, value) on top (tests, CLI flags).
    pub fn load_with(dir: &Path, overrides: &[(&str, &str)]) -> Result<Self, ConfigError> {
        // First pass: which release? It may be set in any layer but the release file.
        let layers = layered(dir, overrides)?;
        let release: String =
            layers.get_string("release").map_err(|e| ConfigError(format!("release: {e}")))?;
        if release.is_empty()
            || !release.chars().all(|c| c.is_ascii_alphanumeric() || c == '.' || c == '-')
        {
            return Err(ConfigError(format!("release: invalid release name {release:?}")));
        }
        let release_file = dir.join("releases").join(format!("{release}.toml"));
        if !release_file.is_file() {
            return Err(ConfigError(format!(
                "release: no release file {} for release {release:?}",
                release_file.display()
            )));
        }
        let mut settings: Settings =
            layers.try_deserialize().map_err(|e| ConfigError(e.to_string()))?;
        settings.release_modules = release_modules(&release_file)?;
        settings.validate()?;
        Ok(settings)
    }

    fn validate(&self) -> Result<(), ConfigError> {
        if self.storage.link_ttl_secs == 0 || self.storage.link_ttl_secs > 300 {
            return Err(ConfigError("storage.link_ttl_secs: must be between 1 and 300".into()));
        }
        if self.storage.backend == StorageBackend::S3 && self.storage.s3.bucket.is_empty() {
            return Err(ConfigError(
                "storage.s3.bucket: required when storage.backend = \"s3\"".into(),
            ));
        }
        if self.session.idle_timeout_secs <= 0 || self.session.idle_timeout_secs > 3600 {
            return Err(ConfigError(
                "session.idle_timeout_secs: must be between 1 and 3600".into(),
            ));
        }
        if self.session.recheck_ms > 1000 {
            return Err(ConfigError("session.recheck_ms: must be between 0 and 1000".into()));
        }
        if self.session.absolute_timeout_secs <= 0 || self.session.absolute_timeout_secs > 86_400 {
            return Err(ConfigError(
                "session.absolute_timeout_secs: must be between 1 and 86400".into(),
            ));
        }
        if self.auth.max_failed_logins < 1 || self.auth.max_failed_logins > 100 {
            return Err(ConfigError("auth.max_failed_logins: must be between 1 and 100".into()));
        }
        self.auth.validate()?;
        if self.auth.hash_concurrency == 0 {
            return Err(ConfigError("auth.hash_concurrency: must be at least 1".into()));
        }
        if url::Url::parse(&self.server.public_url).is_err() {
            return Err(ConfigError("server.public_url: not a URL".into()));
        }
        if !(self.database.url.starts_with("sqlite:")
            || self.database.url.starts_with("postgres:")
            || self.database.url.starts_with("postgresql:"))
        {
            return Err(ConfigError("database.url: must start with sqlite: or postgres:".into()));
        }
        for (id, table) in &self.modules {
            if let Some(v) = table.get("enabled") {
                v.clone()
                    .into_bool()
                    .map_err(|e| ConfigError(format!("modules.{id}.enabled: {e}")))?;
            }
        }
        if self.server.shutdown_grace_secs == 0 || self.server.shutdown_grace_secs > 300 {
            return Err(ConfigError(
                "server.shutdown_grace_secs: must be between 1 and 300".into(),
            ));
        }
        if self.server.header_read_timeout_secs == 0 || self.server.header_read_timeout_secs > 300 {
            return Err(ConfigError(
                "server.header_read_timeout_secs: must be between 1 and 300".into(),
            ));
        }
        if self.server.max_connections < 16 {
            return Err(ConfigError("server.max_connections: must be at least 16".into()));
        }
        self.notifications.validate()?;
        self.retention.validate()?;
        self.review.validate()?;
        self.i18n.validate()?;
        if let Err(e) = self.log.level.parse::<tracing_subscriber::filter::Targets>() {
            return Err(ConfigError(format!("log.level: {e}")));
        }
        Ok(())
    }

    /// Whether a module is switched on by the release and overrides.
    pub fn module_enabled(&self, id: &str) -> bool {
        self.module_switch(id).unwrap_or(false)
    }

    /// `modules.<id>.enabled` when it is set (checked in `validate`), else on when the
    /// release lists the module; `None`: neither says.
    pub fn module_switch(&self, id: &str) -> Option<bool> {
        match self.modules.get(id).and_then(|m| m.get("enabled")) {
            Some(v) => v.clone().into_bool().ok(),
            None => self.release_modules.iter().any(|m| m == id).then_some(true),
        }
    }

    /// `[modules.<id>]` without `enabled`: the module's own settings.
    pub fn module_config(&self, id: &str) -> config::Map<String, config::Value> {
        let mut m = self.modules.get(id).cloned().unwrap_or_default();
        m.remove("enabled");
        m
    }
}

/// A release file: the ids of the modules it ships, nothing else.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Release {
    modules: Vec<String>,
}

fn release_modules(file: &Path) -> Result<Vec<String>, ConfigError> {
    let release: Release = config::Config::builder()
        .add_source(config::File::from(file.to_path_buf()))
        .build()
        .and_then(|c| c.try_deserialize())
        .map_err(|e| ConfigError(format!("{}: {e}", file.display())))?;
    Ok(release.modules)
}

fn layered(dir: &Path, overrides: &[(&str, &str)]) -> Result<config::Config, ConfigError> {
    let default = dir.join("default.toml");
    if !default.is_file() {
        return Err(ConfigError(format!("no {} (set PLANTDOC_CONFIG_DIR)", default.display())));
    }
    let mut b = config::Config::builder()
        .add_source(config::File::from(default))
        .add_source(config::File::from(dir.join("local.toml")).required(false))
        .add_source(
            config::Environment::with_prefix("PLANTDOC").prefix_separator("__").separator("__"),
            // No try_parsing: it would read PLANTDOC__RELEASE=2.0 as the number 2. Values
            // stay strings and are converted to each key's type on deserialising.
        );
    for (k, v) in overrides {
        b = b.set_override(*k, *v).map_err(|e| ConfigError(format!("{k}: {e}")))?;
    }
    b.build().map_err(|e| ConfigError(e.to_string()))
}
