//! Removing files: a request's refused upload, FilePond's revert, one file's row then its
//! blob, and the sweep of uploads never submitted.
use sqlx::Row;

use super::{Backing, FileState};
use crate::base::error::{AppError, AppResult};
use crate::documents::storage::FileRecord;
use crate::plant::users::User;

pub(super) async fn remove_blob(state: &dyn Backing, key: &str) {
    if let Err(e) = state.storage().delete(key).await {
        tracing::warn!(%key, error = %e, "blob not removed (the storage sweep reports it)");
    }
}

/// Removes a file stored earlier in a request that is then refused.
pub(super) async fn discard(state: &dyn Backing, rec: Option<FileRecord>) {
    if let Some(r) = rec {
        let _ = sqlx::query("DELETE FROM files WHERE id = $1")
            .bind(&r.id)
            .execute(&state.db().pool)
            .await;
        remove_blob(state, &r.key).await;
    }
}

/// FilePond's revert: removes one of the caller's own pending uploads (404 otherwise).
pub async fn revert(state: &dyn Backing, user: &User, module: &str, id: &str) -> AppResult<()> {
    let row = sqlx::query("SELECT storage_key FROM files WHERE id = $1 AND owner_id = $2 AND module = $3 AND state = 'pending'")
        .bind(id)
        .bind(&user.id)
        .bind(module)
        .fetch_optional(&state.db().pool)
        .await?
        .ok_or(AppError::NotFound)?;
    let key: String = row.try_get("storage_key")?;
    if !remove(state, module, id, &key, FileState::Pending).await {
        return Err(AppError::NotFound);
    }
    Ok(())
}

/// Removes one file's row (only if still in `in_state`), then its blob. The row goes
/// first: a submit that claimed it meanwhile keeps it, and a blob left by a failed delete
/// is an orphan the storage sweep reports, never a row without its bytes.
pub async fn remove(
    state: &dyn Backing,
    module: &str,
    id: &str,
    key: &str,
    in_state: FileState,
) -> bool {
    let gone = sqlx::query("DELETE FROM files WHERE id = $1 AND module = $2 AND state = $3")
        .bind(id)
        .bind(module)
        .bind(in_state.as_str())
        .execute(&state.db().pool)
        .await;
    match gone {
        Ok(r) if r.rows_affected() == 1 => {
            remove_blob(state, key).await;
            true
        }
        Ok(_) => false,
        Err(e) => {
            tracing::warn!(%id, error = %e, "file row not removed");
            false
        }
    }
}

/// One sweep pass over a module's files: pending uploads older than `ttl_ms` and merged
/// sources left behind. Returns how many were removed.
pub async fn sweep(state: &dyn Backing, module: &str, ttl_ms: i64) -> anyhow::Result<usize> {
    let cutoff = state.now_ms() - ttl_ms;
    let rows = sqlx::query(
        "SELECT id, storage_key, state FROM files WHERE module = $1 AND ((state = 'pending' AND created_at < $2) OR state = 'consumed') LIMIT 10000",
    )
    .bind(module)
    .bind(cutoff)
    .fetch_all(&state.db().pool)
    .await?;
    let mut removed = 0;
    for r in rows {
        let (id, key, st): (String, String, String) =
            (r.try_get("id")?, r.try_get("storage_key")?, r.try_get("state")?);
        let st = if st == "pending" { FileState::Pending } else { FileState::Consumed };
        if remove(state, module, &id, &key, st).await {
            removed += 1;
        }
    }
    if removed > 0 {
        tracing::info!(removed, module, "swept uploads that were never submitted");
    }
    Ok(removed)
}
