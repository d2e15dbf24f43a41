//! The Change Control module (README.md): change requests carry a reason, references and
//! documents to the floor under the core's review engine, and every revision after a
//! part's first carries its reason. `access` (who may, the review's kind), `model` (the
//! row), `create` (raising one), `routes` (the API), `view` (its answers), `lifecycle`
//! (the engine's hooks), `control` (the port and what other modules' acts tell it),
//! `store` (its SQL).
mod access;
mod control;
mod coverage;
mod create;
mod demo;
mod effective;
mod lifecycle;
mod model;
mod record_pdf;
mod review_store;
mod review_tell;
mod reviews;
mod routes;
mod store;
mod view;

use std::sync::Arc;
use std::time::Duration;

pub use effective::tell_effective;
pub use review_tell::tell_reviews;

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
    /// Months between periodic reviews of a deployed document, by kind (0: no review).
    pub review_every_months: ReviewEvery,
    /// Days before a review date its owners are told (0: not told before the date).
    pub review_notice_days: u32,
    /// A request closes by itself when every zone is live and this percentage of its
    /// readers read every revision (0: when every zone is live).
    pub close_coverage: u32,
    /// The review stages a change request goes through, in turn: a subset of `process`,
    /// `quality`, `production`, in that order (a list, or words as an environment
    /// variable gives them). Fixed on each request when it is raised.
    #[serde(deserialize_with = "plantdoc_core::base::auth_settings::words")]
    pub stages: Vec<String>,
}

/// `review_every_months = { swp = 12, alert = 12 }`.
#[derive(Debug, Clone, Copy, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReviewEvery {
    pub swp: u32,
    pub alert: u32,
}

impl ReviewEvery {
    /// The months of a document kind (`swp`, `alert`).
    pub fn of(&self, kind: &str) -> u32 {
        if kind == "swp" {
            self.swp
        } else {
            self.alert
        }
    }
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
    let ReviewEvery { swp, alert } = settings.review_every_months;
    if settings.close_coverage > 100 {
        anyhow::bail!(
            "configuration error: modules.changes.close_coverage is a percentage (0 to 100)"
        );
    }
    if swp > 120 || alert > 120 || settings.review_notice_days > 365 {
        anyhow::bail!("configuration error: modules.changes.review_every_months is at most 120 months and review_notice_days at most 365");
    }
    access::check_stages(&settings.stages)?;
    let notice_days = settings.review_notice_days;
    ctx.state(ChangesState { settings });
    ctx.locale("es", include_str!("../locales/es.toml"));
    ctx.locale("pl", include_str!("../locales/pl.toml"));
    for k in access::KIND.notices.kinds() {
        ctx.event_kind(k);
    }
    ctx.event_kind(effective::EFFECTIVE);
    ctx.event_kind(review_tell::REVIEW_DUE);
    ctx.event_kind(review_tell::REVIEW_OVERDUE);
    ctx.event_kind(review_tell::OBSOLETE);
    ctx.listen(&control::KINDS, Arc::new(control::Hears));
    ctx.task("effective-days", move |state, stop| {
        plantdoc_core::tasks::every(state, stop, TICK_EVERY, move |state| async move {
            if let Err(e) = tell_effective(&state).await {
                tracing::warn!(error = %e, "telling effective days failed");
            }
            if let Err(e) = tell_reviews(&state, notice_days).await {
                tracing::warn!(error = %e, "telling periodic reviews failed");
            }
        })
    });
    ctx.provide_port::<dyn ChangeControl>(Arc::new(control::Control));
    ctx.routes(routes::routes());
    ctx.seed_demo(Arc::new(|state| Box::pin(demo::seed(state))));
    Ok(())
}

plantdoc_core::module!(ChangesPlugin, build);
