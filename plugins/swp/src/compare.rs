//! The console viewer's Compare (issue 31): the part's deployed and obsolete revisions
//! the caller may see, newest first, to compare the shown one with (the documents
//! themselves come from `signed-urls/{id}` and are compared in the browser).
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::db::Params;
use plantdoc_core::error::AppResult;
use serde_json::{json, Value};
use sqlx::Row;

use crate::access::KIND;
use crate::store;

/// Revisions listed at most (obsolete ones go after their retention anyway).
const MAX_REVISIONS: i64 = 200;

/// `GET /api/swps/revisions/{swpId}`: `{revisions: [{_id, revision, status, deployDate}]}`
/// of the SWP's part (the SWP itself included), newest first.
pub async fn revisions(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>) -> AppResult<axum::Json<Value>> {
    let swp = store::visible_swp(&state, &user, &id).await?;
    let mut q = Params::default();
    let vis = KIND.visible_sql(&state.zones, &mut q, &user);
    let company = q.add(swp.record.company_code.clone());
    let part = q.add(swp.record.part_number.clone());
    let sql = format!(
        "SELECT s.id, s.revision, s.status, s.deploy_date FROM swps s WHERE s.company_code = {company} AND s.part_number = {part} \
         AND s.status IN ('deployed', 'obsolete') AND {vis} ORDER BY s.revision DESC LIMIT {MAX_REVISIONS}"
    );
    let rows = q.query(&sql).fetch_all(&state.db.pool).await?;
    let mut list = Vec::with_capacity(rows.len());
    for r in rows {
        list.push(json!({
            "_id": r.try_get::<String, _>("id")?,
            "revision": r.try_get::<Option<i64>, _>("revision")?,
            "status": r.try_get::<String, _>("status")?,
            "deployDate": r.try_get::<Option<i64>, _>("deploy_date")?.map(plantdoc_core::clock::iso),
        }));
    }
    Ok(axum::Json(json!({"revisions": list})))
}
