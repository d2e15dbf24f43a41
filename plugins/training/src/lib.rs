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
mod fields;
mod lines;
mod matrix;
mod routes;
mod schemas;
mod store;

use plantdoc_core::app::AppState;
use plantdoc_core::ports::{async_trait, TrainingLevels};
use plantdoc_core::ModuleContext;
use serde::Deserialize;

pub use fields::Scope;

/// `[modules.training]` (defaults in plugins/training/settings.toml).
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TrainingSettings {
    /// Competency gating. false (the spec): the kiosk is told level 5 ("training checks
    /// temporarily disabled"), so training never blocks. true: the real level.
    pub gate: bool,
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
    ctx.state(TrainingState { settings });
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

/// [`gate`] and [`level`] as the core's `TrainingLevels` port.
struct Levels;

#[async_trait]
impl TrainingLevels for Levels {
    fn gate(&self, state: &AppState) -> bool {
        gate(state)
    }

    async fn level(&self, state: &AppState, op_id: &str, part_number: &str) -> Option<i32> {
        level(state, op_id, part_number).await
    }
}

/// What the kiosk is told: 5 while gating is off; otherwise the real level, -1 when
/// unknown (the kiosk blocks at 0 and below).
pub async fn kiosk_level(state: &AppState, op_id: &str, part_number: &str) -> i32 {
    if !gate(state) {
        return LEVEL_CHECKS_DISABLED;
    }
    level(state, op_id, part_number).await.unwrap_or(-1)
}

plantdoc_core::module!(TrainingPlugin, build);
