//! Application state and start-up: settings → modules → database → migrations →
//! storage, mail → router.
use std::ops::Deref;
use std::sync::Arc;

use crate::app::auth::throttle::IpLimiter;
use crate::base::clock::{SharedClock, SystemClock};
use crate::base::config::Settings;
use crate::data::db::Db;
use crate::data::mail::Mailer;
use crate::data::migrate::{self, MigrationSet};
use crate::documents::storage::Storage;
use crate::module_ctx::{Extensions, ModuleContext};
use crate::plant::zones::Zones;
use crate::plugin::{self, Module, Plugin};

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
    /// Requests per API token and minute (this instance's count).
    pub token_limiter: crate::app::auth::tokens::TokenLimiter,
    /// Request counts and latencies, and the registry `GET /metrics` encodes.
    pub metrics: crate::app::metrics::Metrics,
    /// Every module's typed state (see `ModuleContext::state`).
    pub extensions: Extensions,
    /// Argon2 on `auth.hash_concurrency` threads, each reusing its 19 MiB (decision 96).
    pub hasher: crate::app::auth::hasher::Hasher,
    /// Module switches stored at run time, over the config's (see `switches`).
    pub switches: std::sync::RwLock<crate::app::switches::Switches>,
    /// Sessions this instance remembers for a moment (decision 35).
    pub sessions: crate::app::auth::session_memo::SessionMemo,
    /// When remembered answers must be forgotten (decision 35).
    pub changes: crate::data::changes::Changes,
    /// What modules offer each other (see `ports`, `AppState::port`).
    pub ports: crate::ports::Ports,
    /// Event kinds and the modules' listeners (see `events`, `AppState::emit`).
    pub events: crate::events::Events,
    /// This instance's open event streams (see `notify::live`).
    pub live: crate::notify::live::Live,
    /// The OpenID provider's client, when `[auth.oidc]` is set (see `auth::oidc`).
    pub oidc: crate::app::auth::oidc::Oidc,
    /// Every language's messages (`app::http::lang`).
    pub catalogs: crate::base::catalog::Catalogs,
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
    /// Whether a module is on now: its run-time switch, else its state at start.
    pub fn module_enabled(&self, id: &str) -> bool {
        if let Some(s) = self.switches.read().unwrap_or_else(|p| p.into_inner()).get(id) {
            return s.enabled && self.modules.iter().any(|m| m.manifest.id == id);
        }
        self.modules.iter().any(|m| m.manifest.id == id && m.enabled)
    }
    /// A module's typed state, declared in its `build` with `ctx.state(...)`.
    pub fn get<T: Send + Sync + 'static>(&self) -> &T {
        self.extensions
            .get(&std::any::TypeId::of::<T>())
            .and_then(|v| v.downcast_ref::<T>())
            .unwrap_or_else(|| panic!("no module state of type {}", std::any::type_name::<T>()))
    }
}

impl crate::data::answers::Source for AppState {
    fn db(&self) -> &Db {
        &self.db
    }
    fn changes(&self) -> &crate::data::changes::Changes {
        &self.changes
    }
    fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }
}

impl crate::documents::files::Backing for AppState {
    fn db(&self) -> &Db {
        &self.db
    }
    fn storage(&self) -> &Storage {
        &self.storage
    }
    fn now_ms(&self) -> i64 {
        self.clock.now_ms()
    }
}

/// Options a caller (the CLI or a test) may change.
pub struct BuildOptions {
    pub clock: SharedClock,
    /// Load the libraries listed in `dynamic.libraries`.
    pub load_dynamic: bool,
    /// Modules besides the linked ones (tests declare minimal modules this way).
    pub extra_plugins: Vec<Arc<dyn Plugin>>,
}

impl Default for BuildOptions {
    fn default() -> Self {
        Self { clock: Arc::new(SystemClock), load_dynamic: true, extra_plugins: Vec::new() }
    }
}

/// Builds one module: its manifest, switch and everything `build` declares. A route
/// outside the manifest's API prefixes or a migration outside its range is refused.
fn build_module(
    settings: &Settings,
    plugin: Arc<dyn Plugin>,
    default_on: bool,
) -> anyhow::Result<Module> {
    let manifest = plugin.manifest();
    let id = manifest.id.clone();
    let mut ctx = ModuleContext::new(&id, settings.module_config(&id));
    plugin.build(&mut ctx)?;
    let built = ctx.finish()?;
    if let Some(routes) = &built.routes {
        for d in routes.docs() {
            if !manifest.owns_path(&d.path) {
                anyhow::bail!(
                    "module '{id}': route {} {} is outside its declared API prefixes {:?} (module.json \"api\")",
                    d.method,
                    d.path,
                    manifest.api
                );
            }
        }
    }
    for m in &built.migrations {
        match manifest.migrations {
            Some([lo, hi]) if (lo..=hi).contains(&m.version) => {}
            range => anyhow::bail!(
                "module '{id}': migration {} ({}) is outside its declared range {range:?} (module.json \"migrations\")",
                m.version,
                m.name
            ),
        }
    }
    let enabled = settings.module_switch(&id).unwrap_or(default_on);
    Ok(Module { manifest, enabled, built: Arc::new(built) })
}

/// Every module known to this binary (static + dynamic + `extra`), built, with the
/// config's switches, sorted by dependency. Unknown module ids in config are refused.
pub fn resolve_modules(
    settings: &Settings,
    load_dynamic: bool,
    extra: &[Arc<dyn Plugin>],
) -> anyhow::Result<Vec<Module>> {
    let mut modules: Vec<Module> = Vec::new();
    for p in plugin::static_plugins().into_iter().chain(extra.iter().cloned()) {
        modules.push(build_module(settings, p, false)?);
    }
    if load_dynamic {
        for lib in &settings.dynamic.libraries {
            match crate::app::dynamic::load(lib) {
                Ok(p) => {
                    let id = p.manifest().id;
                    if modules.iter().any(|m| m.manifest.id == id) {
                        tracing::error!(library = %lib.display(), %id, "dynamic module refused: id already taken");
                        continue;
                    }
                    // A dynamic module is on unless config switches it off.
                    match build_module(settings, p, true) {
                        Ok(m) => {
                            tracing::info!(library = %lib.display(), %id, "dynamic module loaded");
                            modules.push(m);
                        }
                        Err(e) => {
                            tracing::error!(library = %lib.display(), error = %e, "dynamic module refused")
                        }
                    }
                }
                Err(e) => {
                    tracing::error!(library = %lib.display(), error = %e, "dynamic module refused");
                }
            }
        }
    }
    let known = || modules.iter().map(|m| m.manifest.id.as_str()).collect::<Vec<_>>().join(", ");
    for id in settings.modules.keys() {
        if !modules.iter().any(|m| &m.manifest.id == id) {
            anyhow::bail!(
                "configuration error: modules.{id}: unknown module '{id}' (known: {})",
                known()
            );
        }
    }
    for id in &settings.release_modules {
        if !modules.iter().any(|m| &m.manifest.id == id) {
            anyhow::bail!(
                "configuration error: release {}: unknown module '{id}' (known: {})",
                settings.release,
                known()
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
            sets.push(MigrationSet {
                module: m.manifest.id.clone(),
                migrations: m.built.migrations.clone(),
            });
        }
    }
    sets
}

/// Connects, migrates and assembles the state.
pub async fn build_state(settings: Settings, opts: BuildOptions) -> anyhow::Result<AppState> {
    let modules = resolve_modules(&settings, opts.load_dynamic, &opts.extra_plugins)?;
    let mut extensions = Extensions::new();
    for m in &modules {
        for (k, v) in &m.built.extensions {
            if extensions.insert(*k, v.clone()).is_some() {
                anyhow::bail!(
                    "module '{}': its state type is already declared by another module",
                    m.manifest.id
                );
            }
        }
    }
    let ports = crate::ports::Ports::collect(&modules)?;
    let events = crate::events::Events::collect(&modules)?;
    let catalogs = crate::app::http::lang::catalogs(&modules)?;
    // Versions must be unique across every module, enabled or not.
    migrate::check_unique(&migration_sets(&modules, false))?;
    let db = Db::connect(&settings.database).await.map_err(|e| {
        anyhow::anyhow!("cannot open the database ({}): {e}", redact_url(&settings.database.url))
    })?;
    migrate::run(&db, &migration_sets(&modules, true), opts.clock.now_ms()).await?;
    // Switches stored at run time override the config; their modules' migrations run too.
    let (modules, switches) =
        crate::app::switches::apply_at_start(modules, crate::app::switches::load(&db).await?);
    if !switches.is_empty() {
        migrate::run(&db, &migration_sets(&modules, true), opts.clock.now_ms()).await?;
    }
    // Not configured: the key kept in the database (made at first start).
    let secret = if settings.server.secret.expose().is_empty() {
        crate::data::secret::stored(&db, opts.clock.now_ms()).await?
    } else {
        settings.server.secret.expose().as_bytes().to_vec()
    };
    let storage = Storage::new(&settings.storage, secret.clone()).await?;
    let mail = Mailer::new(&settings.mail)?;
    let zones = Zones::new(&settings.zones);
    let ip_limiter = IpLimiter::new(settings.auth.ip_attempts_per_minute);
    let hasher = crate::app::auth::hasher::Hasher::new(settings.auth.hash_concurrency);
    let sessions = crate::app::auth::session_memo::SessionMemo::new(settings.session.recheck_ms);
    let changes = crate::data::changes::Changes::new(settings.session.recheck_ms);
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
        token_limiter: Default::default(),
        metrics: Default::default(),
        extensions,
        hasher,
        sessions,
        changes,
        ports,
        events,
        live: Default::default(),
        oidc: Default::default(),
        catalogs,
        switches: std::sync::RwLock::new(switches),
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
