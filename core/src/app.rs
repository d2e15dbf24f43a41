//! Application state and start-up: settings → modules → database → migrations →
//! storage, mail → router.
use std::ops::Deref;
use std::sync::Arc;

use tokio::sync::Semaphore;

use crate::auth::throttle::IpLimiter;
use crate::clock::{SharedClock, SystemClock};
use crate::config::Settings;
use crate::db::Db;
use crate::mail::Mailer;
use crate::migrate::{self, MigrationSet};
use crate::plugin::{self, Module};
use crate::storage::Storage;
use crate::zones::Zones;

/// Shared state handed to every handler, core and module alike.
#[derive(Clone)]
pub struct AppState(Arc<Inner>);

pub struct Inner {
    pub settings: Settings,
    pub db: Db,
    pub clock: SharedClock,
    pub storage: Storage,
    pub mail: Mailer,
    /// Every known module in dependency order, enabled or not.
    pub modules: Vec<Module>,
    pub zones: Zones,
    /// Key for signed links and tokens.
    pub secret: Vec<u8>,
    pub ip_limiter: IpLimiter,
    /// Bounds concurrent argon2 work (19 MiB each).
    pub hash_permits: Semaphore,
}

impl Deref for AppState {
    type Target = Inner;
    fn deref(&self) -> &Inner {
        &self.0
    }
}

impl AppState {
    pub fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }
    pub fn module_enabled(&self, id: &str) -> bool {
        self.modules.iter().any(|m| m.manifest.id == id && m.enabled)
    }
}

/// Options a caller (the CLI or a test) may change.
pub struct BuildOptions {
    pub clock: SharedClock,
    /// Load the libraries listed in `dynamic.libraries`.
    pub load_dynamic: bool,
}

impl Default for BuildOptions {
    fn default() -> Self {
        Self { clock: Arc::new(SystemClock), load_dynamic: true }
    }
}

/// Every module known to this binary (static + dynamic), with the config's switches,
/// sorted by dependency. Unknown module ids in config are refused.
pub fn resolve_modules(settings: &Settings, load_dynamic: bool) -> anyhow::Result<Vec<Module>> {
    let mut modules: Vec<Module> = plugin::static_plugins()
        .into_iter()
        .map(|p| {
            let manifest = p.manifest();
            Module { enabled: settings.module_enabled(&manifest.id), manifest, plugin: p }
        })
        .collect();
    if load_dynamic {
        for lib in &settings.dynamic.libraries {
            match crate::dynamic::load(lib) {
                Ok(p) => {
                    let manifest = p.manifest();
                    if modules.iter().any(|m| m.manifest.id == manifest.id) {
                        tracing::error!(library = %lib.display(), id = %manifest.id, "dynamic module refused: id already taken");
                        continue;
                    }
                    // A dynamic module is on unless config switches it off.
                    let enabled = settings.modules.get(&manifest.id).map(|t| t.enabled).unwrap_or(true);
                    tracing::info!(library = %lib.display(), id = %manifest.id, "dynamic module loaded");
                    modules.push(Module { enabled, manifest, plugin: p });
                }
                Err(e) => {
                    tracing::error!(library = %lib.display(), error = %e, "dynamic module refused");
                }
            }
        }
    }
    for id in settings.modules.keys() {
        if !modules.iter().any(|m| &m.manifest.id == id) {
            let known: Vec<&str> = modules.iter().map(|m| m.manifest.id.as_str()).collect();
            anyhow::bail!(
                "configuration error: modules.{id}: unknown module '{id}' (known: {})",
                known.join(", ")
            );
        }
    }
    plugin::sort_modules(modules)
}

/// Core migrations first, then each enabled module's, in dependency order.
pub fn migration_sets(modules: &[Module], only_enabled: bool) -> Vec<MigrationSet> {
    let mut sets = vec![migrate::core_set()];
    for m in modules {
        if m.enabled || !only_enabled {
            sets.push(MigrationSet { module: m.manifest.id.clone(), migrations: m.plugin.migrations() });
        }
    }
    sets
}

/// Connects, migrates and assembles the state.
pub async fn build_state(settings: Settings, opts: BuildOptions) -> anyhow::Result<AppState> {
    let modules = resolve_modules(&settings, opts.load_dynamic)?;
    // Versions must be unique across every module, enabled or not.
    migrate::check_unique(&migration_sets(&modules, false))?;
    let db = Db::connect(&settings.database)
        .await
        .map_err(|e| anyhow::anyhow!("cannot open the database ({}): {e}", redact_url(&settings.database.url)))?;
    migrate::run(&db, &migration_sets(&modules, true), opts.clock.now_ms()).await?;
    let secret = if settings.server.secret.expose().is_empty() {
        let mut k = vec![0u8; 32];
        getrandom::fill(&mut k).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
        tracing::warn!("server.secret is empty: signed links will not survive a restart");
        k
    } else {
        settings.server.secret.expose().as_bytes().to_vec()
    };
    let storage = Storage::new(&settings.storage, secret.clone()).await?;
    let mail = Mailer::new(&settings.mail)?;
    let zones = Zones::new(&settings.zones);
    let ip_limiter = IpLimiter::new(settings.auth.ip_attempts_per_minute);
    let hash_permits = Semaphore::new(settings.auth.hash_concurrency);
    Ok(AppState(Arc::new(Inner {
        settings,
        db,
        clock: opts.clock,
        storage,
        mail,
        modules,
        zones,
        secret,
        ip_limiter,
        hash_permits,
    })))
}

/// A database URL without its password, for messages.
pub fn redact_url(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        _ => url.to_string(),
    }
}
