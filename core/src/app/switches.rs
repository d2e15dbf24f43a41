//! Module switches at run time. The config's `modules.<id>.enabled` is the default at
//! start; a switch set from the Settings page is stored in `module_switches`, overrides
//! the config from then on (also across restarts), and takes effect at once: every
//! module's routes are mounted behind [`gate`], which answers 404 while the module is
//! off, and `/api/modules` reports the effective state. Enabling runs the module's
//! migrations first; a switch that would leave an enabled module without an enabled
//! dependency is refused. Background tasks follow at the next start.
use crate::text;
use std::collections::BTreeMap;

use axum::extract::{Request, State};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use sqlx::Row;

use crate::app::AppState;
use crate::base::error::{AppError, AppResult};
use crate::data::audit::{self, AuditEntry};
use crate::data::db::Db;
use crate::data::migrate::{self, MigrationSet};
use crate::plugin::Module;

/// One stored switch.
#[derive(Debug, Clone, Serialize, PartialEq, Eq, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Switch {
    pub enabled: bool,
    pub changed_at: i64,
    pub changed_by: String,
}

pub type Switches = BTreeMap<String, Switch>;

/// The stored switches (an empty map before the table exists).
pub async fn load(db: &Db) -> anyhow::Result<Switches> {
    let rows = sqlx::query("SELECT module, enabled, changed_at, changed_by FROM module_switches")
        .fetch_all(&db.pool)
        .await?;
    let mut out = Switches::new();
    for r in rows {
        out.insert(
            r.try_get("module")?,
            Switch {
                enabled: r.try_get::<i64, _>("enabled")? != 0,
                changed_at: r.try_get("changed_at")?,
                changed_by: r.try_get("changed_by")?,
            },
        );
    }
    Ok(out)
}

/// At start: the stored switches over the config's, if the result keeps every enabled
/// module's dependencies enabled; otherwise the config's alone (and a log line). Returns
/// the modules and the switches in force.
pub fn apply_at_start(modules: Vec<Module>, stored: Switches) -> (Vec<Module>, Switches) {
    if stored.is_empty() {
        return (modules, stored);
    }
    let mut switched = modules.clone();
    for m in &mut switched {
        if let Some(s) = stored.get(&m.manifest.id) {
            m.enabled = s.enabled;
        }
    }
    match crate::plugin::sort_modules(switched) {
        Ok(sorted) => (sorted, stored),
        Err(e) => {
            tracing::error!(error = %e, "module switches stored at run time break a dependency; starting with the config's");
            (modules, Switches::new())
        }
    }
}

/// Why a switch is refused, or `None` when it may be made. `enabled(id)` is the current
/// effective state.
pub fn refusal(
    modules: &[Module],
    id: &str,
    on: bool,
    enabled: impl Fn(&str) -> bool,
) -> Option<String> {
    let m = modules.iter().find(|m| m.manifest.id == id)?;
    if on {
        let off: Vec<&str> =
            m.manifest.dependencies.iter().map(String::as_str).filter(|d| !enabled(d)).collect();
        (!off.is_empty()).then(|| {
            format!(
                "{} needs {}: enable {} first.",
                m.manifest.name,
                names(modules, &off),
                if off.len() == 1 { "it" } else { "them" }
            )
        })
    } else {
        let users: Vec<&str> = modules
            .iter()
            .filter(|o| enabled(&o.manifest.id) && o.manifest.dependencies.iter().any(|d| d == id))
            .map(|o| o.manifest.id.as_str())
            .collect();
        (!users.is_empty()).then(|| {
            format!(
                "{} needs {}: disable {} first.",
                names(modules, &users),
                m.manifest.name,
                if users.len() == 1 { "it" } else { "them" }
            )
        })
    }
}

fn names(modules: &[Module], ids: &[&str]) -> String {
    ids.iter()
        .map(|id| {
            modules
                .iter()
                .find(|m| m.manifest.id == *id)
                .map(|m| m.manifest.name.clone())
                .unwrap_or_else(|| id.to_string())
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Switches a module on or off now: checks dependencies, runs its migrations when
/// enabling, stores the switch and its audit row in one transaction, then applies it.
pub async fn set(
    state: &AppState,
    id: &str,
    on: bool,
    actor_id: &str,
    actor: &str,
) -> AppResult<Switch> {
    let migrations = match state.modules.iter().find(|m| m.manifest.id == id) {
        Some(m) => m.built.migrations.clone(),
        None => return Err(AppError::field("id", text!("There is no such module."))),
    };
    let why = refusal(&state.modules, id, on, |d| state.module_enabled(d));
    if let Some(why) = why {
        return Err(AppError::field("enabled", why));
    }
    let now = state.now_ms();
    if on {
        let set = MigrationSet { module: id.to_string(), migrations };
        migrate_off_thread(state, vec![set], now).await.map_err(AppError::Internal)?;
    }
    let was = state.module_enabled(id);
    let mut tx = state.db.begin().await?;
    sqlx::query("DELETE FROM module_switches WHERE module = $1").bind(id).execute(&mut *tx).await?;
    sqlx::query("INSERT INTO module_switches (module, enabled, changed_at, changed_by) VALUES ($1, $2, $3, $4)")
        .bind(id)
        .bind(i64::from(on))
        .bind(now)
        .bind(actor)
        .execute(&mut *tx)
        .await?;
    let action = if on { "module.enable" } else { "module.disable" };
    let entry = AuditEntry::new(
        action,
        format!("module:{id}"),
        if on { "module switched on at run time" } else { "module switched off at run time" },
    )
    .by(Some(actor_id), actor)
    .before(serde_json::json!({"enabled": was}))
    .after(serde_json::json!({"enabled": on}));
    audit::append(&mut tx, now, &entry).await?;
    tx.commit().await?;
    let s = Switch { enabled: on, changed_at: now, changed_by: actor.to_string() };
    state.switches.write().unwrap_or_else(|p| p.into_inner()).insert(id.to_string(), s.clone());
    tracing::info!(module = id, enabled = on, by = actor, "module switched at run time");
    Ok(s)
}

/// Reads the stored switches again (another instance may have switched a module): run
/// by every instance every few seconds, see `tasks::Tasks::start`.
pub async fn refresh(state: &AppState) {
    match load(&state.db).await {
        Ok(stored) => {
            let mut now = state.switches.write().unwrap_or_else(|p| p.into_inner());
            if *now != stored {
                tracing::info!("module switches changed by another instance: applied");
                *now = stored;
            }
        }
        Err(e) => tracing::warn!(error = %e, "cannot read the module switches"),
    }
}

/// `migrate::run` on a blocking thread: its future is not `Send` (sqlx's executor
/// lifetimes), which a handler's must be.
async fn migrate_off_thread(
    state: &AppState,
    sets: Vec<MigrationSet>,
    now: i64,
) -> anyhow::Result<usize> {
    let st = state.clone();
    let rt = tokio::runtime::Handle::current();
    tokio::task::spawn_blocking(move || rt.block_on(migrate::run(&st.db, &sets, now))).await?
}

/// Route layer in front of one module's routes and web remote: 404 while it is off.
pub async fn gate(
    State((state, id)): State<(AppState, String)>,
    req: Request,
    next: Next,
) -> Response {
    if state.module_enabled(&id) {
        next.run(req).await
    } else {
        AppError::NotFound.into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::module_ctx::Built;
    use crate::plugin::Manifest;
    use std::sync::Arc;

    fn module(id: &str, deps: &[&str], enabled: bool) -> Module {
        Module {
            manifest: Manifest::new(id, &id.to_uppercase(), "1.0").depends_on(deps),
            enabled,
            built: Arc::new(Built::default()),
        }
    }

    #[test]
    fn dependencies_are_kept() {
        let ms = vec![
            module("swp", &[], true),
            module("signoff", &["swp"], true),
            module("kanban", &[], false),
        ];
        let on = |id: &str| ms.iter().any(|m| m.manifest.id == id && m.enabled);
        assert_eq!(
            refusal(&ms, "swp", false, on).as_deref(),
            Some("SIGNOFF needs SWP: disable it first.")
        );
        assert_eq!(refusal(&ms, "signoff", false, on), None);
        assert_eq!(refusal(&ms, "kanban", true, on), None);
        let off = |id: &str| id == "signoff";
        assert_eq!(
            refusal(&ms, "signoff", true, off).as_deref(),
            Some("SIGNOFF needs SWP: enable it first.")
        );
    }

    #[test]
    fn stored_switches_override_the_config_unless_they_break_a_dependency() {
        let ms = vec![
            module("swp", &[], true),
            module("signoff", &["swp"], true),
            module("kanban", &[], false),
        ];
        let sw = |on| Switch { enabled: on, changed_at: 1, changed_by: "x".into() };
        let stored =
            Switches::from([("kanban".to_string(), sw(true)), ("signoff".to_string(), sw(false))]);
        let (out, kept) = apply_at_start(ms.clone(), stored);
        assert_eq!(kept.len(), 2);
        let get = |v: &[Module], id: &str| v.iter().find(|m| m.manifest.id == id).unwrap().enabled;
        assert!(get(&out, "kanban") && !get(&out, "signoff") && get(&out, "swp"));
        let broken = Switches::from([("swp".to_string(), sw(false))]);
        let (out, kept) = apply_at_start(ms, broken);
        assert!(get(&out, "swp") && get(&out, "signoff") && kept.is_empty(), "config kept");
    }
}
