//! What a module declares in `build`: [`ModuleContext`] collects it into [`Built`].
use std::any::{Any, TypeId};
use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex};

use futures::future::BoxFuture;
use serde::de::DeserializeOwned;

use crate::acks::DocKind;
use crate::api::ApiRouter;
use crate::app::AppState;
use crate::events::{EventKind, Listener, Listening};
use crate::migrate::Migration;
use crate::ports::Provided;
use crate::tasks::Shutdown;

/// A background task: runs from start until the shutdown signal, then returns.
pub struct Task {
    pub name: String,
    pub run: Box<dyn FnOnce(AppState, Shutdown) -> BoxFuture<'static, ()> + Send>,
}

/// Demo data for `plantdoc seed demo`, run after the core's demo users exist.
pub type SeedFn =
    Arc<dyn for<'a> Fn(&'a AppState) -> BoxFuture<'a, anyhow::Result<()>> + Send + Sync>;

/// Typed values by type: each module's state, found by handlers with [`AppState::get`].
pub type Extensions = HashMap<TypeId, Arc<dyn Any + Send + Sync>>;

/// Everything one module declared.
#[derive(Default)]
pub struct Built {
    pub routes: Option<ApiRouter>,
    pub migrations: Vec<Migration>,
    pub tasks: Mutex<Vec<Task>>,
    pub seed: Option<SeedFn>,
    pub extensions: Extensions,
    /// What it offers other modules (`crate::ports`).
    pub ports: Vec<Provided>,
    /// The kinds of its documents with sign records (`crate::acks`).
    pub doc_kinds: Vec<DocKind>,
    /// The kinds of events it emits and what it listens to (`crate::events`).
    pub event_kinds: Vec<EventKind>,
    pub listeners: Vec<Listening>,
    /// What it keeps for the retention years (`crate::retention`).
    pub retention: Option<crate::retention::Declared>,
    /// Its message catalogs: (language, TOML text) (`crate::base::catalog`).
    pub locales: Vec<(&'static str, &'static str)>,
    /// What it counts for the console's home page (`crate::figures`).
    pub figures: Option<Arc<dyn crate::app::figures::Figures>>,
    /// The kind of document it keeps under the review engine, if any (`review::on_floor`).
    pub review_kind: Option<&'static crate::review::Kind>,
}

/// `top` over `base`, tables merged key by key.
fn overlay(
    mut base: config::Map<String, config::Value>,
    top: config::Map<String, config::Value>,
) -> config::Map<String, config::Value> {
    for (k, v) in top {
        let merged = match (base.remove(&k), v) {
            (
                Some(config::Value { kind: config::ValueKind::Table(b), .. }),
                config::Value { kind: config::ValueKind::Table(t), .. },
            ) => config::Value::new(None, config::ValueKind::Table(overlay(b, t))),
            (_, v) => v,
        };
        base.insert(k, merged);
    }
    base
}

/// Handed to a module's `build`.
pub struct ModuleContext {
    id: String,
    /// Its defaults under `[modules.<id>]` without `enabled`.
    config: config::Map<String, config::Value>,
    settings_read: bool,
    built: Built,
}

impl ModuleContext {
    pub fn new(id: &str, config: config::Map<String, config::Value>) -> Self {
        Self { id: id.to_string(), config, settings_read: false, built: Built::default() }
    }

    pub fn id(&self) -> &str {
        &self.id
    }

    /// The module's defaults, its `plugins/<id>/settings.toml` (embedded by `module!`):
    /// every key the config sets under `[modules.<id>]` wins over them.
    pub fn defaults(&mut self, toml: &str) -> anyhow::Result<()> {
        let defaults: config::Map<String, config::Value> = config::Config::builder()
            .add_source(config::File::from_str(toml, config::FileFormat::Toml))
            .build()
            .and_then(|c| c.try_deserialize())
            .map_err(|e| anyhow::anyhow!("module '{}': settings.toml: {e}", self.id))?;
        if defaults.contains_key("enabled") {
            anyhow::bail!("module '{}': settings.toml: `enabled` is not a setting (a release file lists the modules it ships)", self.id);
        }
        self.config = overlay(defaults, std::mem::take(&mut self.config));
        Ok(())
    }

    /// The module's typed settings: its defaults (`defaults`) under `[modules.<id>]`.
    /// Use `#[serde(deny_unknown_fields)]`: an unknown key or a bad value stops start-up
    /// with a message naming `modules.<id>.<key>`.
    pub fn settings<T: DeserializeOwned>(&mut self) -> anyhow::Result<T> {
        self.settings_read = true;
        let value = config::Value::new(None, config::ValueKind::Table(self.config.clone()));
        serde_path_to_error::deserialize(value).map_err(|e| {
            let inner = e.inner().to_string();
            let key = match e.path().to_string().as_str() {
                "." | "" => inner.split('`').nth(1).unwrap_or("?").to_string(),
                p => p.to_string(),
            };
            let what = if inner.starts_with("unknown field") {
                format!("unknown key ({inner})")
            } else {
                inner
            };
            anyhow::anyhow!("configuration error: modules.{}.{key}: {what}", self.id)
        })
    }

    /// The module's API routes (mounted only when it is enabled).
    pub fn routes(&mut self, routes: ApiRouter) {
        self.built.routes = Some(match self.built.routes.take() {
            Some(r) => r.merge(routes),
            None => routes,
        });
    }

    pub fn migrations(&mut self, m: Vec<Migration>) {
        self.built.migrations.extend(m);
    }

    /// A typed value handlers read with `state.get::<T>()`.
    pub fn state<T: Send + Sync + 'static>(&mut self, value: T) {
        self.built.extensions.insert(TypeId::of::<T>(), Arc::new(value));
    }

    /// A background task run by `serve` (and the test harness) under the one shutdown
    /// signal; it must return soon after `Shutdown::wait` completes.
    pub fn task<F, Fut>(&mut self, name: &str, run: F)
    where
        F: FnOnce(AppState, Shutdown) -> Fut + Send + 'static,
        Fut: Future<Output = ()> + Send + 'static,
    {
        let name = format!("{}.{name}", self.id);
        self.built
            .tasks
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .push(Task { name, run: Box::new(move |state, stop| Box::pin(run(state, stop))) });
    }

    /// Offers a port (a trait of `crate::ports`) to other modules, e.g.
    /// `ctx.provide_port::<dyn DeployedDocs>(Arc::new(Docs))`; they get it with
    /// `state.port::<dyn DeployedDocs>()` while this module is enabled.
    pub fn provide_port<P: ?Sized + Send + Sync + 'static>(&mut self, port: Arc<P>) {
        self.built.ports.push(Provided::new(port));
    }

    /// Declares a kind of this module's documents with sign records (`crate::acks`).
    pub fn doc_kind(&mut self, kind: DocKind) {
        self.built.doc_kinds.push(kind);
    }

    /// Contributes this module's figures to the console's home page (`crate::figures`).
    pub fn figures(&mut self, figures: Arc<dyn crate::app::figures::Figures>) {
        self.built.figures = Some(figures);
    }

    /// Declares the kind of document this module keeps under the review engine, so that
    /// others may list what of it is on the floor (`crate::review::on_floor`).
    pub fn review_kind(&mut self, kind: &'static crate::review::Kind) {
        self.built.review_kind = Some(kind);
    }

    /// Declares a kind of event this module emits (`crate::events`).
    pub fn event_kind(&mut self, kind: EventKind) {
        self.built.event_kinds.push(kind);
    }

    /// Runs `listener` inside the transaction of every event of `kinds` (`"*"`: all)
    /// while this module is enabled.
    pub fn listen(&mut self, kinds: &[&'static str], listener: Arc<dyn Listener>) {
        self.built.listeners.push(Listening { kinds: kinds.to_vec(), listener });
    }

    /// Declares what this module keeps for `[retention] years_after_obsolete` and how
    /// `plantdoc retention purge` removes it (`crate::retention`).
    pub fn retention(&mut self, keeper: crate::retention::Declared) {
        self.built.retention = Some(keeper);
    }

    /// The module's messages in `lang` (`ctx.locale("es", include_str!("../locales/es.toml"))`):
    /// English message → translation, placeholders kept (`crate::base::catalog`).
    pub fn locale(&mut self, lang: &'static str, toml: &'static str) {
        self.built.locales.push((lang, toml));
    }

    pub fn seed_demo(&mut self, seed: SeedFn) {
        self.built.seed = Some(seed);
    }

    /// Ends the build: refuses config keys nobody read.
    pub fn finish(self) -> anyhow::Result<Built> {
        if !self.settings_read {
            if let Some(key) = self.config.keys().next() {
                anyhow::bail!("configuration error: modules.{}.{key}: unknown key (this module has no settings)", self.id);
            }
        }
        Ok(self.built)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(serde::Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct S {
        a: u32,
        b: String,
        t: T,
    }

    #[derive(serde::Deserialize, Debug, PartialEq)]
    #[serde(deny_unknown_fields)]
    struct T {
        x: bool,
        y: u32,
    }

    fn config(pairs: &[(&str, &str)]) -> config::Map<String, config::Value> {
        let mut b = config::Config::builder();
        for (k, v) in pairs {
            b = b.set_override(*k, *v).unwrap();
        }
        b.build().unwrap().try_deserialize().unwrap()
    }

    #[test]
    fn the_config_wins_over_the_defaults_key_by_key() {
        let mut ctx = ModuleContext::new("m", config(&[("a", "7"), ("t.y", "9")]));
        ctx.defaults("a = 1\nb = \"two\"\n[t]\nx = true\ny = 3\n").unwrap();
        assert_eq!(
            ctx.settings::<S>().unwrap(),
            S { a: 7, b: "two".into(), t: T { x: true, y: 9 } }
        );
    }

    #[test]
    fn defaults_are_checked() {
        let mut ctx = ModuleContext::new("m", config(&[]));
        let e = ctx.defaults("enabled = true\n").unwrap_err().to_string();
        assert!(e.contains("module 'm': settings.toml: `enabled` is not a setting"), "{e}");
        let e = ctx.defaults("a = \n").unwrap_err().to_string();
        assert!(e.starts_with("module 'm': settings.toml:"), "{e}");
        // A default no settings type reads is refused like an unknown key.
        let mut ctx = ModuleContext::new("m", config(&[]));
        ctx.defaults("speed = 1\n").unwrap();
        assert!(ctx.finish().err().unwrap().to_string().contains("modules.m.speed: unknown key"));
    }
}
