//! Retention of records (decision 69). A document that left use — an SWP revision
//! made obsolete by the next, a deployed one removed from the floor, an alert past its
//! sunset — keeps its rows, its stored files, its approvals and its sign records for
//! `[retention] years_after_obsolete` calendar years after that day; the auditor's file
//! shows them for that whole time. `plantdoc retention purge` lists what is past that
//! horizon (`--dry-run`) or removes it: the module's rows, the sign records, the file
//! rows and their stored blobs, each document in one transaction with its audit row.
//!
//! The core knows no document by name: a module that keeps records declares a
//! [`Keeper`] in `build` with `ctx.retention(Arc::new(...))` (docs/modules.md).
use std::sync::Arc;

use async_trait::async_trait;
use serde_json::json;
use sqlx::{AnyConnection, Row};

use crate::acks::DocKind;
use crate::app::AppState;
use crate::audit::{append, AuditEntry};
use crate::data::db::Params;

/// One document past its retention.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Expired {
    /// The kind of its sign records.
    pub kind: DocKind,
    pub id: String,
    /// What the audit log names (`"swp:<id>"`).
    pub target: String,
    /// When it left use (obsolete, removed, sunset), ms.
    pub ended_ms: i64,
    /// One line for people: "SWP part 100-A revision 0 (obsolete ...)".
    pub label: String,
    /// Its stored files (`files.id`), removed with it unless another kept row names one.
    pub files: Vec<String>,
}

/// What a module keeps. Both calls see only documents that left use before `horizon_ms`.
#[async_trait]
pub trait Keeper: Send + Sync {
    /// The module's documents that left use before `horizon_ms`, oldest first.
    async fn expired(&self, state: &AppState, horizon_ms: i64) -> anyhow::Result<Vec<Expired>>;
    /// Removes the document's own rows inside the caller's transaction (its sign records
    /// and its files are the core's); `false` if it is no longer past retention (a
    /// concurrent change): the caller then drops the transaction, so nothing is removed.
    async fn remove(
        &self,
        conn: &mut AnyConnection,
        item: &Expired,
        horizon_ms: i64,
    ) -> anyhow::Result<bool>;
}

/// The module that declared it, with its keeper.
pub type Declared = Arc<dyn Keeper>;

/// The first instant still kept: `now` less `years` calendar years (UTC).
pub fn horizon_ms(now_ms: i64, years: u32) -> i64 {
    let now = chrono::DateTime::<chrono::Utc>::from_timestamp_millis(now_ms).unwrap_or_default();
    now.checked_sub_months(chrono::Months::new(years.saturating_mul(12)))
        .unwrap_or(chrono::DateTime::<chrono::Utc>::MIN_UTC)
        .timestamp_millis()
}

/// What a purge found (and, unless a dry run, removed).
#[derive(Debug, Default)]
pub struct Report {
    pub horizon_ms: i64,
    /// `(module id, document)`.
    pub items: Vec<(String, Expired)>,
    pub removed_rows: usize,
    pub removed_blobs: usize,
}

/// Lists every enabled module's documents past retention at the state's clock; removes
/// them unless `dry_run`. Each document goes in one transaction with its audit row
/// (action `retention.purge`, actor `actor`); its blobs are deleted once that committed
/// (a blob left by a failure is an orphan `plantdoc storage check --fix` removes).
pub async fn purge(state: &AppState, dry_run: bool, actor: &str) -> anyhow::Result<Report> {
    let years = state.settings.retention.years_after_obsolete;
    let horizon = horizon_ms(state.now_ms(), years);
    let mut report = Report { horizon_ms: horizon, ..Report::default() };
    for m in state.modules.iter().filter(|m| state.module_enabled(&m.manifest.id)) {
        let Some(keeper) = &m.built.retention else { continue };
        for item in keeper.expired(state, horizon).await? {
            if !dry_run {
                let Some(keys) =
                    remove_one(state, keeper.as_ref(), &item, horizon, years, actor).await?
                else {
                    continue;
                };
                report.removed_rows += 1;
                for key in keys {
                    match state.storage.delete(&key).await {
                        Ok(()) => report.removed_blobs += 1,
                        Err(e) => {
                            tracing::warn!(key, error = %e, "retention purge: blob not removed (storage check --fix will)")
                        }
                    }
                }
            }
            report.items.push((m.manifest.id.clone(), item));
        }
    }
    Ok(report)
}

/// One document's rows, sign records and file rows, with its audit row; the storage
/// keys of the files removed. `None`: it is no longer past retention.
async fn remove_one(
    state: &AppState,
    keeper: &dyn Keeper,
    item: &Expired,
    horizon: i64,
    years: u32,
    actor: &str,
) -> anyhow::Result<Option<Vec<String>>> {
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    if !keeper.remove(&mut tx, item, horizon).await? {
        return Ok(None);
    }
    let signs = sqlx::query("DELETE FROM acknowledgements WHERE doc_kind = $1 AND doc_id = $2")
        .bind(item.kind.as_str())
        .bind(&item.id)
        .execute(&mut *tx)
        .await?
        .rows_affected();
    let mut keys = Vec::new();
    if !item.files.is_empty() {
        let mut q = Params::default();
        let list = q.list(item.files.iter().cloned());
        for r in q
            .query(&format!("SELECT storage_key FROM files WHERE id IN ({list})"))
            .fetch_all(&mut *tx)
            .await?
        {
            keys.push(r.try_get::<String, _>("storage_key")?);
        }
        let mut q = Params::default();
        let list = q.list(item.files.iter().cloned());
        q.query(&format!("DELETE FROM files WHERE id IN ({list})")).execute(&mut *tx).await?;
    }
    let meaning = format!(
        "removed after its retention of {years} years: {}; {signs} sign records and {} stored files removed",
        item.label,
        keys.len()
    );
    let entry = AuditEntry::new("retention.purge", &item.target, meaning)
        .by(None, actor)
        .before(json!({"endedAt": crate::base::clock::iso(item.ended_ms), "signRecords": signs, "files": item.files}))
        .after(json!({"status": "purged"}));
    append(&mut tx, now, &entry).await?;
    tx.commit().await?;
    Ok(Some(keys))
}
