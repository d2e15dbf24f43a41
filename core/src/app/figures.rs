//! The plant's figures on the console's home page (issue 46): each module contributes
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

/// The signatures of `company`'s operators verified from `today` (the person's local
/// midnight, ms): how many operators today, and the verified signatures of each of the
/// `days` days ending today (24 h each, oldest first).
pub async fn signatures(state: &AppState, company: &str, today: i64, days: usize) -> AppResult<(i64, Vec<i64>)> {
    let from = today - (days as i64 - 1) * DAY_MS;
    let rows = sqlx::query(
        "SELECT a.verified_at, a.operator_id FROM acknowledgements a JOIN users u ON u.id = a.operator_id \
         WHERE a.verified_at >= $1 AND u.company_code = $2",
    )
    .bind(from)
    .bind(company)
    .fetch_all(&state.db.pool)
    .await?;
    let mut per_day = vec![0i64; days];
    let mut signed_today = std::collections::HashSet::new();
    for r in rows {
        let at: i64 = r.try_get("verified_at")?;
        let day = ((at - from) / DAY_MS) as usize;
        if let Some(n) = per_day.get_mut(day) {
            *n += 1;
        }
        if at >= today {
            signed_today.insert(r.try_get::<String, _>("operator_id")?);
        }
    }
    Ok((signed_today.len() as i64, per_day))
}
