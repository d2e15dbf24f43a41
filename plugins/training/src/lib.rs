//! The training matrix (release 2.0): per shift, cell and zone, parts as columns,
//! operators as rows and a block of four squares (the training level) where they meet;
//! the Add Training form; the kiosk's training level (behind `modules.training.gate`),
//! offered to the island as the core's `TrainingLevels` port.
//! `access` (who may: pure rules), `fields` (the form checks and their texts), `store`
//! (SQL), `matrix` (reads and CSV), `answer` (the matrix answer's bytes),
//! `edit` (changes, each audited in its transaction), `demo` (the `make run` matrix).
//! plugins/training/README.md has the decisions.
mod access;
mod answer;
mod demo;
mod edit;
pub mod effective;
mod expiring;
mod fields;
mod gaps;
mod lines;
mod listen;
mod matrix;
mod qualify;
mod qualify_many;
mod requests;
mod routes;
mod schemas;
mod store;
mod waivers;

use plantdoc_core::app::AppState;
use plantdoc_core::ports::{async_trait, Qualification, TrainingLevels};
use plantdoc_core::ModuleContext;
use serde::Deserialize;

pub use expiring::tell_expiring;
pub use fields::Scope;
pub use store::packs::{self as packs, repack_all};

/// How often levels about to expire are looked for.
const EXPIRING_EVERY: std::time::Duration = std::time::Duration::from_secs(60 * 60);

/// `[modules.training]` (defaults in plugins/training/settings.toml).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainingSettings {
    /// Competency gating. false (the spec): the kiosk is told level 5 ("training checks
    /// temporarily disabled"), so training never blocks. true: the real level.
    pub gate: bool,
    /// Months a level set stays valid; past it the effective level is 1. 0: forever.
    pub level_valid_months: i64,
    /// Days without a verified read of the part that lower the effective level a step
    /// each (never below 1). 0: no decay.
    pub inactive_days: i64,
    /// The highest effective level of a temporary worker. 0: no cap.
    pub temporary_max_level: i64,
    /// The longest waiver, in days.
    pub waiver_max_days: i64,
    /// Days before `validUntil` that the team lead and supervisor are told. 0: never.
    pub expiring_notice_days: i64,
}

/// The module's state, read with `state.get::<TrainingState>()`.
pub struct TrainingState {
    pub settings: TrainingSettings,
}

/// The level the kiosk is told while gating is off (spec section 9).
pub const LEVEL_CHECKS_DISABLED: i32 = 5;

fn build(ctx: &mut ModuleContext) -> anyhow::Result<()> {
    ctx.locale("es", include_str!("../locales/es.toml"));
    ctx.locale("pl", include_str!("../locales/pl.toml"));
    let settings: TrainingSettings = ctx.settings()?;
    let counts = [
        settings.level_valid_months,
        settings.inactive_days,
        settings.waiver_max_days,
        settings.expiring_notice_days,
    ];
    if counts.iter().any(|v| !(0..=100_000).contains(v))
        || !(0..=4).contains(&settings.temporary_max_level)
    {
        anyhow::bail!("configuration error: modules.training: level_valid_months, inactive_days, waiver_max_days and expiring_notice_days must be 0 or more, temporary_max_level from 0 to 4");
    }
    ctx.state(TrainingState { settings });
    ctx.listen(&listen::KINDS, std::sync::Arc::new(listen::History));
    ctx.event_kind(expiring::EXPIRING);
    ctx.task("expiring", |state, stop| {
        plantdoc_core::tasks::every(state, stop, EXPIRING_EVERY, |state| async move {
            if let Err(e) = tell_expiring(&state).await {
                tracing::warn!(error = %e, "training expiry notices failed");
            }
        })
    });
    ctx.routes(routes::routes());
    ctx.provide_port::<dyn TrainingLevels>(std::sync::Arc::new(Levels));
    ctx.seed_demo(std::sync::Arc::new(|state| Box::pin(demo::seed(state))));
    Ok(())
}

/// Whether competency gating is on (`modules.training.gate`).
pub fn gate(state: &AppState) -> bool {
    state.get::<TrainingState>().settings.gate
}

/// The operator's real training level on a part (by part number, in the operator's
/// company): the highest level of any matrix holding both, -1 when a matrix holds both
/// but training has not started, `None` when no matrix holds both. Ignores the gate.
pub async fn level(state: &AppState, op_id: &str, part_number: &str) -> Option<i32> {
    match store::level(&state.db, op_id, part_number).await {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!(error = %e, "training level lookup failed");
            None
        }
    }
}

/// The operator's effective level on a part and why it differs from the level set
/// (`effective`); `None` when no matrix holds both.
pub async fn qualification(
    state: &AppState,
    op_id: &str,
    part_number: &str,
) -> Option<Qualification> {
    match qualify::of(state, op_id, part_number).await {
        Ok(v) => v,
        Err(e) => {
            tracing::warn!(error = %e, "training qualification lookup failed");
            None
        }
    }
}

/// [`gate`], [`level`] and [`qualification`] as the core's `TrainingLevels` port.
struct Levels;

#[async_trait]
impl TrainingLevels for Levels {
    fn gate(&self, state: &AppState) -> bool {
        gate(state)
    }

    async fn level(&self, state: &AppState, op_id: &str, part_number: &str) -> Option<i32> {
        level(state, op_id, part_number).await
    }

    async fn qualification(
        &self,
        state: &AppState,
        op_id: &str,
        part_number: &str,
    ) -> Option<Qualification> {
        qualification(state, op_id, part_number).await
    }

    async fn qualifications(
        &self,
        state: &AppState,
        op_ids: &[String],
        part_numbers: &[String],
    ) -> Vec<(String, String, Qualification)> {
        match qualify_many::of_many(state, op_ids, part_numbers).await {
            Ok(v) => v,
            Err(e) => {
                tracing::warn!(error = %e, "training qualifications lookup failed");
                Vec::new()
            }
        }
    }

    async fn waive(
        &self,
        state: &AppState,
        granter: &plantdoc_core::auth::users::User,
        body: &serde_json::Value,
        via: &str,
        write: bool,
    ) -> plantdoc_core::AppResult<Option<plantdoc_core::ports::GrantedWaiver>> {
        use plantdoc_core::body::FromBody;
        let body =
            requests::WaiverGrant::parse_value(body).map_err(plantdoc_core::AppError::Fields)?;
        Ok(waivers::grant_as(state, granter, &body, via, write).await?.map(Into::into))
    }

    fn waiver_max_days(&self, state: &AppState) -> i64 {
        state.get::<TrainingState>().settings.waiver_max_days
    }

    async fn waivers_of_part(
        &self,
        state: &AppState,
        company: &str,
        part_number: &str,
    ) -> plantdoc_core::AppResult<Vec<plantdoc_core::ports::PartWaiver>> {
        waivers::of_part(state, company, part_number).await
    }
}

/// What the kiosk is told: 5 while gating is off; otherwise the real level, -1 when
/// unknown (the kiosk blocks at 0 and below).
pub async fn kiosk_level(state: &AppState, op_id: &str, part_number: &str) -> i32 {
    if !gate(state) {
        return LEVEL_CHECKS_DISABLED;
    }
    qualification(state, op_id, part_number).await.map_or(-1, |q| q.level)
}

plantdoc_core::module!(TrainingPlugin, build);
