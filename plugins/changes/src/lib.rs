//! The Change Control module (README.md): change requests carry a reason, references and
//! documents to the floor under the core's review engine, and every revision after a
//! part's first carries its reason. `access` (who may, the review's kind), `model` (the
//! row), `create` (raising one), `routes` (the API), `view` (its answers), `lifecycle`
//! (the engine's hooks), `control` (the port and what other modules' acts tell it),
//! `store` (its SQL).
mod access;
mod control;
mod create;
mod effective;
mod lifecycle;
mod model;
mod routes;
mod store;
mod view;

use std::sync::Arc;
use std::time::Duration;

pub use effective::tell_effective;

use plantdoc_core::ports::ChangeControl;
use plantdoc_core::ModuleContext;
use serde::Deserialize;

/// How often the effective days are looked at.
const TICK_EVERY: Duration = Duration::from_secs(15 * 60);

/// `[modules.changes]` (defaults in plugins/changes/settings.toml).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ChangesSettings {
    /// Longest change request title, in characters.
    pub max_title_chars: usize,
}

/// The module's state, read by handlers with `state.get::<ChangesState>()`.
pub struct ChangesState {
    pub settings: ChangesSettings,
}

fn build(ctx: &mut ModuleContext) -> anyhow::Result<()> {
    let settings: ChangesSettings = ctx.settings()?;
    if settings.max_title_chars == 0 {
        anyhow::bail!("configuration error: modules.changes.max_title_chars must be at least 1");
    }
    ctx.state(ChangesState { settings });
    for k in access::KIND.notices.kinds() {
        ctx.event_kind(k);
    }
    ctx.event_kind(effective::EFFECTIVE);
    ctx.listen(&control::KINDS, Arc::new(control::Hears));
    ctx.task("effective-days", |state, stop| {
        plantdoc_core::tasks::every(state, stop, TICK_EVERY, |state| async move {
            if let Err(e) = tell_effective(&state).await {
                tracing::warn!(error = %e, "telling effective days failed");
            }
        })
    });
    ctx.provide_port::<dyn ChangeControl>(Arc::new(control::Control));
    ctx.routes(routes::routes());
    Ok(())
}

plantdoc_core::module!(ChangesPlugin, build);
