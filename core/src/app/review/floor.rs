//! What of each module's reviewed documents is on the floor, read the same way for every
//! kind (the engine's record columns): a module declares its kind with
//! `ctx.review_kind(&KIND)`, and another (change control's periodic review) lists them by
//! the kind's noun without naming the module.
use sqlx::Row;

use crate::app::AppState;
use crate::error::AppResult;

/// A deployed document, as the engine's columns tell it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FloorDoc {
    pub id: String,
    pub company_code: String,
    pub part_number: String,
    pub zones: Vec<String>,
    /// Its authors: the uploader and the person it was uploaded for.
    pub owners: Vec<String>,
    pub deployed_at: i64,
}

/// The deployed documents of the enabled module whose review kind is `noun` (`swp`,
/// `alert`), in deploy order; none when no enabled module declares it.
pub async fn on_floor(state: &AppState, noun: &str) -> AppResult<Vec<FloorDoc>> {
    let kind = state
        .modules
        .iter()
        .filter(|m| state.module_enabled(&m.manifest.id))
        .find_map(|m| m.built.review_kind.filter(|k| k.words.noun == noun));
    let Some(k) = kind else { return Ok(Vec::new()) };
    let (t, a) = (k.table.name, k.table.alias);
    let sql = format!(
        "SELECT {a}.id, {a}.company_code, {a}.part_number, {a}.zones, {a}.owner_id, {a}.on_behalf_id, {a}.deploy_date \
         FROM {t} {a} WHERE {a}.status = 'deployed' ORDER BY {a}.deploy_date, {a}.id"
    );
    let rows = sqlx::query(&sql).fetch_all(&state.db.pool).await?;
    let mut out = Vec::with_capacity(rows.len());
    for r in rows {
        let zones: String = r.try_get("zones")?;
        let mut owners = vec![r.try_get::<String, _>("owner_id")?];
        owners.extend(r.try_get::<Option<String>, _>("on_behalf_id")?);
        out.push(FloorDoc {
            id: r.try_get("id")?,
            company_code: r.try_get("company_code")?,
            part_number: r.try_get("part_number")?,
            zones: serde_json::from_str(&zones).unwrap_or_default(),
            owners,
            deployed_at: r.try_get::<Option<i64>, _>("deploy_date")?.unwrap_or(0),
        });
    }
    Ok(out)
}
