//! Removes uploads that were never submitted (pending for more than 24 h on the injected
//! clock) and sources already merged into a submitted SWP. The module runs it every hour
//! in a task started with its first upload in this process (the plugin contract gives a
//! module no start-up hook with the state; see docs/swp-decisions.md).
use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Duration;

use plantdoc_core::app::AppState;
use sqlx::Row;

/// An upload not submitted within this long is removed.
pub const PENDING_TTL_MS: i64 = 24 * 60 * 60 * 1000;
pub const SWEEP_EVERY: Duration = Duration::from_secs(60 * 60);

/// Removes one file row (only if still in `state`), then its blob. The row goes first:
/// a submit that attached the file meanwhile keeps it, and a blob left behind by a
/// failed delete is an orphan the storage sweep reports, never a row without its bytes.
pub async fn remove_file(state: &AppState, id: &str, key: &str, in_state: &str) -> bool {
    let gone = sqlx::query("DELETE FROM files WHERE id = $1 AND module = 'swp' AND state = $2")
        .bind(id)
        .bind(in_state)
        .execute(&state.db.pool)
        .await;
    match gone {
        Ok(r) if r.rows_affected() == 1 => {
            if let Err(e) = state.storage.delete(key).await {
                tracing::warn!(%key, error = %e, "swept upload: blob not removed");
            }
            true
        }
        Ok(_) => false,
        Err(e) => {
            tracing::warn!(%id, error = %e, "swept upload: row not removed");
            false
        }
    }
}

/// One pass. Returns how many files it removed.
pub async fn sweep_pending_uploads(state: &AppState) -> anyhow::Result<usize> {
    let cutoff = state.now_ms() - PENDING_TTL_MS;
    let rows = sqlx::query(
        "SELECT id, storage_key, state FROM files WHERE module = 'swp' AND ((state = 'pending' AND created_at < $1) OR state = 'consumed') LIMIT 10000",
    )
    .bind(cutoff)
    .fetch_all(&state.db.pool)
    .await?;
    let mut removed = 0;
    for r in rows {
        let (id, key, st): (String, String, String) = (r.try_get("id")?, r.try_get("storage_key")?, r.try_get("state")?);
        if remove_file(state, &id, &key, &st).await {
            removed += 1;
        }
    }
    if removed > 0 {
        tracing::info!(removed, "swept SWP uploads that were never submitted");
    }
    Ok(removed)
}

/// Starts the hourly sweep for this app state unless it runs already. Keyed by the
/// state's address: the task holds the state, so the address cannot be reused while
/// the task lives (a finished task, e.g. of a test whose runtime ended, is replaced).
pub fn ensure_started(state: &AppState) {
    static TASKS: Mutex<Option<HashMap<usize, tokio::task::JoinHandle<()>>>> = Mutex::new(None);
    let key = std::ptr::addr_of!(**state) as usize;
    let mut guard = TASKS.lock().unwrap_or_else(|p| p.into_inner());
    let tasks = guard.get_or_insert_with(HashMap::new);
    if tasks.get(&key).is_some_and(|h| !h.is_finished()) {
        return;
    }
    tasks.retain(|_, h| !h.is_finished());
    let state = state.clone();
    tasks.insert(
        key,
        tokio::spawn(async move {
            let mut every = tokio::time::interval(SWEEP_EVERY);
            every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                if let Err(e) = sweep_pending_uploads(&state).await {
                    tracing::warn!(error = %e, "SWP upload sweep failed");
                }
            }
        }),
    );
}
