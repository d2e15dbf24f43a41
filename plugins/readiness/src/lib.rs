//! Reading obligations (decision 64): who must read which document version, by when. An
//! obligation (operator, document version, reason, due date) is written, closed (done:
//! a verified signature of that version) or voided (superseded, sunset, operator
//! disabled or out of the zone) in the transaction of the act that causes it, by the
//! [`listen::Obligations`] listener of the other modules' events, or by the module's
//! task for the time-driven ones ([`tick`]: alerts coming in force, signatures nearing
//! their 90-day expiry, alerts past their sunset). Never recomputed per request. The
//! same task tells each zone's supervisors and managers of readings gone overdue
//! (`overdue`, [`tell_overdue`]).
//! `listen` (the events), `clock` (the task), `store` (writes), `lists` (reads),
//! `filters` (the query's fields), `csv`, `routes`, `schemas` (OpenAPI), `access`, `demo`.
mod access;
mod clock;
mod csv;
mod demo;
mod figures;
mod filters;
mod listen;
mod lists;
mod overdue;
mod port;
pub use overdue::tell_overdue;
mod routes;
mod schemas;
mod store;

use std::sync::Arc;
use std::time::Duration;

use plantdoc_core::{AppState, ModuleContext};
use serde::Deserialize;

/// `[modules.readiness]` (defaults in plugins/readiness/settings.toml).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ReadinessSettings {
    /// A new revision is due this many days after it deploys.
    pub swp_due_days: i64,
    /// A verified SWP signature is to be renewed from this many days before its
    /// 90-day expiry (due at the expiry).
    pub renew_days_before: i64,
}

/// The module's state, read with `state.get::<ReadinessState>()`.
pub struct ReadinessState {
    pub settings: ReadinessSettings,
}

/// A signature's validity (spec: 90 days).
pub const VALIDITY_MS: i64 = 90 * DAY_MS;
pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;
/// How often the task looks at the clock.
const TICK_EVERY: Duration = Duration::from_secs(5 * 60);

fn build(ctx: &mut ModuleContext) -> anyhow::Result<()> {
    ctx.locale("es", include_str!("../locales/es.toml"));
    ctx.locale("pl", include_str!("../locales/pl.toml"));
    let settings: ReadinessSettings = ctx.settings()?;
    if settings.swp_due_days < 0 || !(1..90).contains(&settings.renew_days_before) {
        anyhow::bail!("configuration error: modules.readiness: swp_due_days must be at least 0 and renew_days_before from 1 to 89");
    }
    ctx.state(ReadinessState { settings });
    ctx.routes(routes::routes());
    ctx.listen(&listen::KINDS, Arc::new(listen::Obligations));
    ctx.event_kind(overdue::OVERDUE);
    ctx.task("obligations", |state, stop| {
        plantdoc_core::tasks::every(state, stop, TICK_EVERY, |state| async move {
            if let Err(e) = tick(&state).await {
                tracing::warn!(error = %e, "reading obligations tick failed");
            }
            if let Err(e) = tell_overdue(&state).await {
                tracing::warn!(error = %e, "telling overdue readings failed");
            }
        })
    });
    ctx.seed_demo(Arc::new(|state| Box::pin(demo::seed(state))));
    ctx.figures(Arc::new(figures::Overdue));
    ctx.provide_port::<dyn plantdoc_core::ports::ReadingObligations>(Arc::new(port::Port));
    Ok(())
}

/// The time-driven work at the app's clock (the task's tick; tests call it after moving
/// their clock): alerts that came in force, SWP signatures that reached their renewal
/// window, alerts past their sunset. Returns the obligations written or voided.
pub async fn tick(state: &AppState) -> plantdoc_core::AppResult<u64> {
    clock::tick(state, state.now_ms()).await
}

plantdoc_core::module!(ReadinessPlugin, build);
