//! The sign histories: the kiosk's History view and the console's Verification History.
//! Their paths are the spec's `/api/island/...`; this module serves them because it owns
//! the SWPs and the visibility rule, so they work with the island module switched off.
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::iso;
use plantdoc_core::db::Params;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::http::json_bytes;
use serde_json::json;
use sqlx::Row;

use crate::access::{visibility_key, KIND};
use crate::kiosk::{self, Seen, SEEN_COLUMNS};
use crate::model::{Swp, SwpStatus};
use crate::schemas::ObsoleteRevision;
use crate::store;

/// Superseded revisions stay in the history this long after they became obsolete.
pub const HISTORY_WINDOW_MS: i64 = 90 * 24 * 60 * 60 * 1000;

/// The revision a sign history is of, and why it was made: its 'Changes' note and the
/// change request it was submitted under (Verification History shows them).
const REVISION_COLUMNS: &str = "s.revision, s.changes, s.change_request";

/// The SWP an id names (an SWP id, or a catalogue part id: then the part's deployed SWP)
/// and its current version's sign records with its revision (JSON text), in one
/// statement: the kiosk asks it on every part it loads.
async fn named_swp(state: &AppState, user: &CurrentUser, id: &str) -> AppResult<(Seen, String)> {
    let signs = kiosk::signs_column();
    let read = |r: &sqlx::any::AnyRow| -> AppResult<Option<(Seen, String)>> {
        let Some(seen) = Seen::from_row(r)? else { return Ok(None) };
        let signs: String = r.try_get("signs")?;
        let revision = json!({
            "revision": r.try_get::<Option<i64>, _>("revision")?,
            "changes": r.try_get::<String, _>("changes")?,
            "changeRequest": r.try_get::<Option<String>, _>("change_request")?,
        });
        // `{opsSigned: [...], revision, changes, changeRequest}`, the records' JSON built
        // by the database.
        let tail = revision.to_string();
        Ok(Some((seen, format!("{{\"opsSigned\":{signs},{}", &tail[1..]))))
    };
    let by_id = format!(
        "SELECT {SEEN_COLUMNS}, {REVISION_COLUMNS}, {signs} AS signs FROM swps s WHERE s.id = $1"
    );
    let row = sqlx::query(&by_id).bind(id).fetch_optional(&mut *state.db.reader().await?).await?;
    if let Some(r) = row {
        return match read(&r)? {
            Some((s, j)) if s.visible_to(state, user) => Ok((s, j)),
            _ => Err(AppError::NotFound),
        };
    }
    let mut q = Params::default();
    let filter = format!(
        "s.part_id = {} AND s.status = 'deployed' AND {}",
        q.add(id),
        KIND.visible_sql(&state.zones, &mut q, user)
    );
    let sql = format!(
        "SELECT {SEEN_COLUMNS}, {REVISION_COLUMNS}, {signs} AS signs FROM swps s WHERE {filter} ORDER BY s.id LIMIT 1"
    );
    let row = q.query(&sql).fetch_optional(&mut *state.db.reader().await?).await?;
    match row {
        Some(r) => read(&r)?.ok_or(AppError::NotFound),
        None => Err(AppError::NotFound),
    }
}

/// Sign records of a deployed SWP's current version (a pending or deleted one has none
/// to show: 404). The kiosk asks it on every part it loads: the answer is kept per kiosk
/// account while no SWP or sign record changes (decision 40).
pub async fn sign_history(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<impl axum::response::IntoResponse> {
    let key = format!("sign-history\n{}\n{id}", visibility_key(&user));
    let body = store::kept(&state)
        .get(&state, key, || async {
            let (seen, body) = named_swp(&state, &user, &id).await?;
            if !matches!(seen.status, SwpStatus::Deployed | SwpStatus::Obsolete) {
                return Err(AppError::NotFound);
            }
            Ok(body.into_bytes())
        })
        .await?;
    Ok(json_bytes(body))
}

/// One group per obsolete revision of the part that became obsolete at most 90 days ago
/// (day 90 still shows, day 91 does not), newest first. `createdDate` is the revision's
/// upload date ('Obsolete SWP created on').
pub async fn obsolete_sign_history(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(part): Path<String>,
) -> AppResult<axum::Json<Vec<ObsoleteRevision>>> {
    let part = part.trim().to_uppercase();
    let mut q = Params::default();
    let vis = KIND.visible_sql(&state.zones, &mut q, &user);
    let filter = format!(
        "s.status = 'obsolete' AND {vis} AND s.part_number = {} AND s.obsolete_date >= {}",
        q.add(part),
        q.add(state.now_ms() - HISTORY_WINDOW_MS)
    );
    let swps =
        store::fetch_list(&state.db, &q, &filter, "s.obsolete_date DESC, s.id", 1000, 0).await?;
    let refs: Vec<&Swp> = swps.iter().collect();
    let mut signs = store::signs_for(&state.db, &refs).await?;
    let groups = swps
        .into_iter()
        .map(|s| ObsoleteRevision {
            ops_signed: signs.remove(&s.id).unwrap_or_default(),
            revision: s.revision,
            created_date: iso(s.upload_date),
            obsolete_date: s.obsolete_date.map(iso),
            change_request: s.change_request,
            id: s.record.id,
            changes: s.record.changes,
        })
        .collect();
    Ok(axum::Json(groups))
}
