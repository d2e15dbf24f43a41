//! Loading the settings: the layers in order (`default.toml`, `local.toml`, the environment,
//! then overrides), the release file's modules, and the checks no serde attribute can say.
use std::path::{Path, PathBuf};

use serde::Deserialize;

use super::*;

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
        self.metrics.validate()?;
        self.webhooks.validate()?;
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
