//! The plugin contract. A module implements [`Plugin`] and registers it with
//! [`register_plugin!`]; the host collects every registration, sorts modules by
//! dependency and mounts the enabled ones. Dynamic modules (see `dynamic.rs`) cross a
//! C ABI instead and are wrapped into the same [`Module`] shape here.
use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use futures::future::BoxFuture;
use serde::{Deserialize, Serialize};

use crate::api::ApiRouter;
use crate::app::AppState;
use crate::migrate::Migration;

/// What a module says about itself.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct Manifest {
    pub id: String,
    pub name: String,
    /// The plant release that ships it ("1.0", "2.0").
    pub release: String,
    #[serde(default)]
    pub sidebar: Option<SidebarEntry>,
    #[serde(default)]
    pub remote: Option<RemoteSpec>,
    #[serde(default)]
    pub dependencies: Vec<String>,
}

#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct SidebarEntry {
    /// "Document Control", "Production", "Engineering", or none.
    pub group: Option<String>,
    pub label: String,
    pub icon: String,
    pub route: String,
    pub order: i32,
}

/// The module's federated web remote, served from `/remotes/<id>/`.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq)]
pub struct RemoteSpec {
    /// Federation scope (the remote's `name`).
    pub scope: String,
    /// Exposed module, e.g. "./Module".
    pub module: String,
}

/// A feature module. Object-safe: one required method per concern, all small.
pub trait Plugin: Send + Sync + 'static {
    fn manifest(&self) -> Manifest;
    /// The module's migrations, usually `plantdoc_core::embed_migrations!()`.
    fn migrations(&self) -> Vec<Migration> {
        Vec::new()
    }
    /// The module's API routes. Called only when the module is enabled.
    fn routes(&self) -> ApiRouter {
        ApiRouter::new(&self.manifest().id)
    }
    /// Demo data for `plantdoc seed demo`, after the core's demo users exist.
    fn seed_demo<'a>(&'a self, _state: &'a AppState) -> BoxFuture<'a, anyhow::Result<()>> {
        Box::pin(async { Ok(()) })
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

/// Every statically linked module, sorted by id (inventory's order is unspecified).
pub fn static_plugins() -> Vec<Arc<dyn Plugin>> {
    let mut v: Vec<Arc<dyn Plugin>> =
        inventory::iter::<PluginRegistration>.into_iter().map(|r| Arc::from((r.make)())).collect();
    v.sort_by_key(|p| p.manifest().id);
    v
}

/// A module known to the host, static or dynamic, with its switch.
#[derive(Clone)]
pub struct Module {
    pub manifest: Manifest,
    pub enabled: bool,
    pub plugin: Arc<dyn Plugin>,
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
    for m in by_id.values() {
        for d in &m.manifest.dependencies {
            match by_id.get(d) {
                None => anyhow::bail!("module '{}' needs module '{d}', which is not installed", m.manifest.id),
                Some(dep) if m.enabled && !dep.enabled => anyhow::bail!(
                    "module '{}' is enabled but needs module '{d}', which is disabled (modules.{d}.enabled)",
                    m.manifest.id
                ),
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

impl Manifest {
    /// A manifest with no sidebar entry, remote or dependencies.
    pub fn new(id: &str, name: &str, release: &str) -> Self {
        Self {
            id: id.into(),
            name: name.into(),
            release: release.into(),
            sidebar: None,
            remote: None,
            dependencies: Vec::new(),
        }
    }
    pub fn sidebar(mut self, group: Option<&str>, label: &str, icon: &str, route: &str, order: i32) -> Self {
        self.sidebar = Some(SidebarEntry {
            group: group.map(str::to_string),
            label: label.into(),
            icon: icon.into(),
            route: route.into(),
            order,
        });
        self
    }
    /// The module ships a web remote: scope `plantdoc_<id>`, exposing `./Module`.
    pub fn with_remote(mut self) -> Self {
        self.remote = Some(RemoteSpec { scope: format!("plantdoc_{}", self.id.replace('-', "_")), module: "./Module".into() });
        self
    }
    pub fn depends_on(mut self, ids: &[&str]) -> Self {
        self.dependencies = ids.iter().map(|s| s.to_string()).collect();
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Fake(Manifest);
    impl Plugin for Fake {
        fn manifest(&self) -> Manifest {
            self.0.clone()
        }
    }

    fn module(id: &str, deps: &[&str], enabled: bool) -> Module {
        let manifest = Manifest::new(id, id, "1.0").depends_on(deps);
        Module { manifest: manifest.clone(), enabled, plugin: Arc::new(Fake(manifest)) }
    }

    fn ids(v: &[Module]) -> Vec<&str> {
        v.iter().map(|m| m.manifest.id.as_str()).collect()
    }

    #[test]
    fn dependencies_come_first() {
        let sorted = sort_modules(vec![
            module("signoff", &["swp", "alerts"], true),
            module("alerts", &[], true),
            module("swp", &[], true),
            module("island", &["swp"], true),
        ])
        .unwrap();
        assert_eq!(ids(&sorted), vec!["alerts", "swp", "island", "signoff"]);
    }

    #[test]
    fn a_missing_dependency_is_refused() {
        let e = sort_modules(vec![module("signoff", &["swp"], true)]).err().unwrap().to_string();
        assert_eq!(e, "module 'signoff' needs module 'swp', which is not installed");
    }

    #[test]
    fn a_cycle_is_refused_and_named() {
        let e = sort_modules(vec![module("a", &["b"], true), module("b", &["c"], true), module("c", &["a"], true)])
            .err()
            .unwrap()
            .to_string();
        assert_eq!(e, "module dependency cycle: a -> b -> c -> a");
    }

    #[test]
    fn a_disabled_dependency_of_an_enabled_module_is_refused() {
        let e = sort_modules(vec![module("signoff", &["swp"], true), module("swp", &[], false)]).err().unwrap().to_string();
        assert!(e.contains("needs module 'swp', which is disabled"), "{e}");
        // Both off is fine.
        assert!(sort_modules(vec![module("signoff", &["swp"], false), module("swp", &[], false)]).is_ok());
    }

    #[test]
    fn duplicate_ids_are_refused() {
        let e = sort_modules(vec![module("swp", &[], true), module("swp", &[], true)]).err().unwrap().to_string();
        assert_eq!(e, "module 'swp' is registered twice");
    }
}
