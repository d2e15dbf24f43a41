//! The plant's figures on the console's home page (decision 102): each module contributes
//! what it counts for the signed-in person ([`Figures`], `ModuleContext::figures`), the
//! core adds the signatures of its acknowledgements store. Every figure is what the
//! person may see (their company; the documents of their zones). The core names no
//! module's figure.
use std::collections::BTreeMap;

use async_trait::async_trait;
use sqlx::Row;

use crate::app::AppState;
use crate::auth::users::User;
use crate::error::AppResult;

pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// A module's figures for one person: `(key, value)`, keys in camelCase and unique across
/// modules (the module's noun first: `swpsDeployed`).
#[async_trait]
pub trait Figures: Send + Sync {
    async fn figures(&self, state: &AppState, user: &User) -> AppResult<Vec<(&'static str, i64)>>;
}

/// Every enabled module's figures for `user`.
pub async fn collect(state: &AppState, user: &User) -> AppResult<BTreeMap<&'static str, i64>> {
    let mut out = BTreeMap::new();
    for m in state.modules.iter().filter(|m| state.module_enabled(&m.manifest.id)) {
        if let Some(f) = &m.built.figures {
            out.extend(f.figures(state, user).await?);
        }
    }
    Ok(out)
}

/// The signatures of a company's operators over the chart's days.
pub struct Signatures {
    /// Operators with a signature verified today.
    pub operators_today: i64,
    /// Verified signatures of each day, oldest first (today last).
    pub by_day: Vec<i64>,
    /// Of the alerts' signatures verified over those days, the share (%) verified within
    /// 30 minutes of the operator's read; `None` when there were none.
    pub alerts_within_30_min: Option<i64>,
}

const HALF_HOUR_MS: i64 = 30 * 60 * 1000;

/// The signatures of `company`'s operators verified over the `days` days ending today
/// (`today`: the person's local midnight, ms; 24 h a day).
pub async fn signatures(
    state: &AppState,
    company: &str,
    today: i64,
    days: usize,
) -> AppResult<Signatures> {
    let from = today - (days as i64 - 1) * DAY_MS;
    let rows = sqlx::query(
        "SELECT a.verified_at, a.signed_at, a.doc_kind, a.operator_id FROM acknowledgements a JOIN users u ON u.id = a.operator_id \
         WHERE a.verified_at >= $1 AND u.company_code = $2",
    )
    .bind(from)
    .bind(company)
    .fetch_all(&state.db.pool)
    .await?;
    let mut by_day = vec![0i64; days];
    let mut signed_today = std::collections::HashSet::new();
    let (mut alerts, mut alerts_soon) = (0i64, 0i64);
    for r in rows {
        let at: i64 = r.try_get("verified_at")?;
        if let Some(n) = by_day.get_mut(((at - from) / DAY_MS) as usize) {
            *n += 1;
        }
        if at >= today {
            signed_today.insert(r.try_get::<String, _>("operator_id")?);
        }
        if r.try_get::<String, _>("doc_kind")? == "alert" {
            alerts += 1;
            alerts_soon += i64::from(at - r.try_get::<i64, _>("signed_at")? <= HALF_HOUR_MS);
        }
    }
    let alerts_within_30_min = (alerts > 0).then(|| (alerts_soon * 100 + alerts / 2) / alerts);
    Ok(Signatures { operators_today: signed_today.len() as i64, by_day, alerts_within_30_min })
}
