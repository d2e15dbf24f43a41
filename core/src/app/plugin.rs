//! The plugin contract. A module is a crate with a `module.json` manifest and a
//! `settings.toml` of defaults beside its `Cargo.toml` and one
//! `plantdoc_core::module!(Name, build)` line: the macro reads the manifest and the
//! defaults, embeds the `migrations/` folder and registers the module with the host.
//! `build` receives a [`ModuleContext`] and declares there the module's routes, typed
//! settings, typed state, background tasks and demo data (Bevy's `Plugin::build` is the
//! model). The host sorts modules by dependency and mounts the enabled ones. Dynamic
//! modules (see `dynamic.rs`) cross a C ABI instead and are wrapped into the same shape.
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use serde::{Deserialize, Serialize};

pub use crate::module_ctx::{Built, ModuleContext, SeedFn, Task};

/// Where a module's pages mount in the web shell.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum Mount {
    /// Under the console layout (`/main/...`), for signed-in staff.
    #[default]
    Console,
    /// The shared operator kiosk frame.
    Kiosk,
    /// No pages.
    None,
}

/// What the shell does with a module that is switched off.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq, Default)]
#[serde(rename_all = "lowercase")]
pub enum WhenDisabled {
    /// Sidebar entry greyed ('Not available in this package') or 'Release 2.0'.
    #[default]
    Grey,
    /// Not shown at all.
    Hide,
    /// The module's frame shows a not-available notice (the kiosk).
    Notice,
}

/// What a module says about itself: `plugins/<id>/module.json`, read by the host and by
/// the web build (`plugin-web/kit/webpack/remote.config.js`).
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Manifest {
    pub id: String,
    pub name: String,
    /// The name in other languages, by language code (`{"es": "Alertas", "pl": "Alerty"}`);
    /// the web shell shows the page's language, else `name` (decision 78).
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub name_labels: BTreeMap<String, String>,
    /// The plant release that ships it ("1.0", "2.0").
    pub release: String,
    #[serde(default)]
    pub mount: Mount,
    /// Where its pages mount (`/main/swps`, `/island`).
    #[serde(default)]
    pub route: Option<String>,
    /// The enabled console module with the lowest `home` is the console's home page.
    #[serde(default)]
    pub home: Option<i32>,
    #[serde(default)]
    pub when_disabled: WhenDisabled,
    #[serde(default)]
    pub sidebar: Option<SidebarEntry>,
    /// Path prefixes of its API routes; the host refuses a route outside them.
    #[serde(default)]
    pub api: Vec<String>,
    /// Prefixes under another module's `api` that this module serves all the same: a
    /// spec path named after another module (the SWP sign histories under
    /// `/api/island/`). Any other overlap of two modules' prefixes stops start-up.
    #[serde(default)]
    pub shared_api: Vec<String>,
    /// Its migration versions, inclusive; the host refuses one outside.
    #[serde(default)]
    pub migrations: Option<[i64; 2]>,
    /// Ships a federated web remote (`plugin-web/<id>`, scope `plantdoc_<id>`, `./Module`).
    #[serde(default)]
    pub remote: bool,
    #[serde(default)]
    pub dependencies: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
#[serde(deny_unknown_fields)]
pub struct SidebarEntry {
    /// "Document Control", "Production", "Engineering", or none.
    #[serde(default)]
    pub group: Option<String>,
    pub label: String,
    /// The label in other languages, by language code (`{"es": "Alertas"}`); English is `label`.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub labels: BTreeMap<String, String>,
    pub icon: String,
    pub order: i32,
}

impl Manifest {
    /// Parses a `module.json`; the message names the module file's problem.
    pub fn from_json(text: &str) -> anyhow::Result<Self> {
        let m: Manifest =
            serde_json::from_str(text).map_err(|e| anyhow::anyhow!("module.json: {e}"))?;
        m.check()?;
        Ok(m)
    }

    /// A manifest with nothing but its names (tests, minimal modules).
    pub fn new(id: &str, name: &str, release: &str) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            name_labels: BTreeMap::new(),
            release: release.into(),
            mount: Mount::None,
            route: None,
            home: None,
            when_disabled: WhenDisabled::Hide,
            sidebar: None,
            api: Vec::new(),
            shared_api: Vec::new(),
            migrations: None,
            remote: false,
            dependencies: Vec::new(),
        }
    }

    pub fn depends_on(mut self, ids: &[&str]) -> Self {
        self.dependencies = ids.iter().map(|s| s.to_string()).collect();
        self
    }

    pub fn api(mut self, prefixes: &[&str]) -> Self {
        self.api = prefixes.iter().map(|s| s.to_string()).collect();
        self
    }

    fn check(&self) -> anyhow::Result<()> {
        let id = &self.id;
        if id.is_empty()
            || !id.chars().all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
        {
            anyhow::bail!("module.json: id {id:?} must be lower-case letters, digits and '-'");
        }
        if self.sidebar.is_some() && self.route.is_none() {
            anyhow::bail!("module '{id}': a sidebar entry needs a route");
        }
        let sidebar = self.sidebar.as_ref().map(|s| ("sidebar.labels", &s.labels));
        for (field, labels) in [("nameLabels", &self.name_labels)].into_iter().chain(sidebar) {
            for (lang, text) in labels {
                if !(2..=3).contains(&lang.len()) || !lang.chars().all(|c| c.is_ascii_lowercase()) {
                    anyhow::bail!(
                        "module '{id}': {field}: {lang:?} is not a language code (two or three lower-case letters: \"es\", \"pl\")"
                    );
                }
                if text.trim().is_empty() {
                    anyhow::bail!("module '{id}': {field}: the {lang:?} text is empty");
                }
            }
        }
        for p in self.api.iter().chain(&self.shared_api) {
            // Besides /api/, the root a standard protocol fixes for its clients (SCIM 2.0).
            if !p.starts_with("/api/") && !p.starts_with("/scim/") {
                anyhow::bail!("module '{id}': API prefix {p:?} must start with /api/ (or /scim/)");
            }
        }
        if let Some([lo, hi]) = self.migrations {
            if lo < 1000 || hi < lo {
                anyhow::bail!("module '{id}': migration range [{lo}, {hi}] is not a range at or above 1000 (1–999 are the core's)");
            }
        }
        Ok(())
    }

    /// Whether `path` lies under one of the declared API prefixes (own or shared).
    /// A prefix ending in '/' owns that folder; one without owns that path and below.
    pub fn owns_path(&self, path: &str) -> bool {
        self.api.iter().chain(&self.shared_api).any(|p| under(path, p))
    }

    /// The web remote's federation scope.
    pub fn scope(&self) -> String {
        format!("plantdoc_{}", self.id.replace('-', "_"))
    }
}

/// Whether `path` lies under `prefix` (see [`Manifest::owns_path`]).
fn under(path: &str, prefix: &str) -> bool {
    match prefix.strip_suffix('/') {
        Some(dir) => path == dir || path.starts_with(prefix),
        None => {
            path == prefix || path.strip_prefix(prefix).is_some_and(|rest| rest.starts_with('/'))
        }
    }
}

/// Each API path is served by the module whose prefix it carries: refuses an own prefix
/// of one module that lies under (or over) another module's, unless it is declared in
/// `sharedApi`.
pub fn check_prefixes<'a>(
    manifests: impl Iterator<Item = &'a Manifest> + Clone,
) -> anyhow::Result<()> {
    for a in manifests.clone() {
        for b in manifests.clone().filter(|b| b.id != a.id) {
            for p in &a.api {
                if let Some(q) = b.api.iter().find(|q| under(p, q) || under(q, p)) {
                    let (a, b) = (&a.id, &b.id);
                    anyhow::bail!("module '{a}': API prefix {p:?} overlaps module '{b}''s {q:?}: serve the path from '{b}' (through a port), or list it in \"sharedApi\" (docs/modules.md)");
                }
            }
        }
    }
    Ok(())
}

/// A feature module. Object-safe; usually written by [`module!`](crate::module).
pub trait Plugin: Send + Sync + 'static {
    fn manifest(&self) -> Manifest;
    /// Declares everything the module brings. Called once at start for every known
    /// module, enabled or not (so bad settings stop start-up either way); only an
    /// enabled module's routes are mounted and tasks run.
    fn build(&self, _ctx: &mut ModuleContext) -> anyhow::Result<()> {
        Ok(())
    }
}

/// One registration collected by `inventory`.
pub struct PluginRegistration {
    pub make: fn() -> Box<dyn Plugin>,
}

inventory::collect!(PluginRegistration);

/// Registers a module with the host: `register_plugin!(SwpPlugin);`
#[macro_export]
macro_rules! register_plugin {
    ($plugin:expr) => {
        $crate::inventory::submit! {
            $crate::plugin::PluginRegistration { make: || ::std::boxed::Box::new($plugin) }
        }
    };
}

/// Declares a module crate's plugin: `module!(SwpPlugin, build);` with
/// `fn build(ctx: &mut ModuleContext) -> anyhow::Result<()>`, or `module!(KanbanPlugin);`
/// for a module with nothing but its manifest and migrations.
#[macro_export]
macro_rules! module {
    ($name:ident) => {
        $crate::module!($name, |_ctx| Ok(()));
    };
    ($name:ident, $build:expr) => {
        /// This crate's plugin (manifest: `module.json`).
        pub struct $name;
        impl $crate::plugin::Plugin for $name {
            fn manifest(&self) -> $crate::plugin::Manifest {
                $crate::plugin::Manifest::from_json(include_str!(concat!(
                    env!("CARGO_MANIFEST_DIR"),
                    "/module.json"
                )))
                .expect("module.json is valid (checked by the modules test)")
            }
            fn build(&self, ctx: &mut $crate::plugin::ModuleContext) -> $crate::anyhow::Result<()> {
                ctx.defaults(include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/settings.toml")))?;
                ctx.migrations($crate::embed_migrations!());
                let build: fn(&mut $crate::plugin::ModuleContext) -> $crate::anyhow::Result<()> =
                    $build;
                build(ctx)
            }
        }
        $crate::register_plugin!($name);
    };
}

/// Every statically linked module, sorted by id (inventory's order is unspecified).
pub fn static_plugins() -> Vec<Arc<dyn Plugin>> {
    let mut v: Vec<Arc<dyn Plugin>> =
        inventory::iter::<PluginRegistration>.into_iter().map(|r| Arc::from((r.make)())).collect();
    v.sort_by_key(|p| p.manifest().id);
    v
}

/// A module known to the host, static or dynamic, with its switch and what it built.
#[derive(Clone)]
pub struct Module {
    pub manifest: Manifest,
    pub enabled: bool,
    pub built: Arc<Built>,
}

/// Orders modules so that each comes after its dependencies. Refuses a duplicate id,
/// a missing dependency, an enabled module whose dependency is disabled, and a cycle.
pub fn sort_modules(mut modules: Vec<Module>) -> anyhow::Result<Vec<Module>> {
    modules.sort_by(|a, b| a.manifest.id.cmp(&b.manifest.id));
    let mut by_id: BTreeMap<String, Module> = BTreeMap::new();
    for m in modules {
        let id = m.manifest.id.clone();
        if by_id.insert(id.clone(), m).is_some() {
            anyhow::bail!("module '{id}' is registered twice");
        }
    }
    check_prefixes(by_id.values().map(|m| &m.manifest))?;
    for m in by_id.values() {
        for d in &m.manifest.dependencies {
            match by_id.get(d) {
                None => anyhow::bail!(
                    "module '{}' needs module '{d}', which is not installed",
                    m.manifest.id
                ),
                Some(dep) if m.enabled && !dep.enabled => {
                    anyhow::bail!("module '{}' is enabled but needs module '{d}', which is disabled (modules.{d}.enabled)", m.manifest.id)
                }
                _ => {}
            }
        }
    }
    // Depth-first topological sort; the path names a cycle when one is found.
    let mut out: Vec<Module> = Vec::new();
    let mut done: BTreeSet<String> = BTreeSet::new();
    let ids: Vec<String> = by_id.keys().cloned().collect();
    for id in ids {
        visit(&id, &by_id, &mut done, &mut Vec::new(), &mut out)?;
    }
    Ok(out)
}

fn visit(
    id: &str,
    all: &BTreeMap<String, Module>,
    done: &mut BTreeSet<String>,
    path: &mut Vec<String>,
    out: &mut Vec<Module>,
) -> anyhow::Result<()> {
    if done.contains(id) {
        return Ok(());
    }
    if let Some(pos) = path.iter().position(|p| p == id) {
        let mut cycle = path[pos..].to_vec();
        cycle.push(id.to_string());
        anyhow::bail!("module dependency cycle: {}", cycle.join(" -> "));
    }
    path.push(id.to_string());
    let m = &all[id];
    let mut deps = m.manifest.dependencies.clone();
    deps.sort();
    for d in deps {
        visit(&d, all, done, path, out)?;
    }
    path.pop();
    done.insert(id.to_string());
    out.push(m.clone());
    Ok(())
}

#[cfg(test)]
#[path = "plugin_tests.rs"]
mod tests;
