//! The console viewer's Compare (decision 73): the part's deployed and obsolete revisions
//! the caller may see, newest first, to compare the shown one with (the documents
//! themselves come from `signed-urls/{id}` and are compared in the browser); and the
//! kiosk's: the revision an operator signed last, with its links.
use crate::schemas as sc;
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::db::Params;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::text;
use sqlx::Row;

use crate::access::KIND;
use crate::model::SwpStatus;
use crate::store;

/// The kiosk's text for an operator it does not know (the island's status answers it too).
const UNKNOWN_OPERATOR: &str =
    text!("This operator is not recognised. Please sign out and scan your badge again.");

/// Revisions listed at most (obsolete ones go after their retention anyway).
const MAX_REVISIONS: i64 = 200;

/// `GET /api/swps/revisions/{swpId}`: `{revisions: [{_id, revision, status, deployDate}]}`
/// of the SWP's part (the SWP itself included), newest first.
pub async fn revisions(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<axum::Json<sc::Revisions>> {
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
        list.push(sc::RevisionRow {
            id: r.try_get("id")?,
            revision: r.try_get("revision")?,
            status: r.try_get("status")?,
            deploy_date: r.try_get::<Option<i64>, _>("deploy_date")?.map(plantdoc_core::clock::iso),
        });
    }
    Ok(axum::Json(sc::Revisions { revisions: list }))
}

/// `GET /api/swps/last-signed/{swpId}/{opId}` (the kiosk's 'What changed', decision 79):
/// `{lastSigned: {_id, revision, status, deployDate, signedAt, urls} | null}`, the
/// revision of the SWP's part the operator signed last (read, verified or not), the
/// shown one included, with its links; only deployed and obsolete revisions the netbook
/// sees. The SWP must be deployed and seen (404); the operator one of the netbook's
/// company (403, as the kiosk's status answers).
pub async fn last_signed(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((id, op_id)): Path<(String, String)>,
) -> AppResult<axum::Json<sc::LastSigned>> {
    let mut conn = state.db.pool.acquire().await?;
    let known =
        plantdoc_core::people::signs_as_operator(&mut conn, &user.company_code, &op_id).await?;
    drop(conn);
    if !known {
        return Err(AppError::Forbidden(UNKNOWN_OPERATOR.into()));
    }
    let swp = store::visible_swp(&state, &user, &id).await?;
    if swp.status != SwpStatus::Deployed {
        return Err(AppError::NotFound);
    }
    let mut q = Params::default();
    let vis = KIND.visible_sql(&state.zones, &mut q, &user);
    let op = q.add(op_id);
    let company = q.add(swp.record.company_code.clone());
    let part = q.add(swp.record.part_number.clone());
    let sql = format!(
        "SELECT s.id, k.signed_at FROM acknowledgements k JOIN swps s ON s.id = k.doc_id AND s.content_hash = k.version_hash \
         WHERE k.doc_kind = '{}' AND k.operator_id = {op} AND s.company_code = {company} AND s.part_number = {part} \
         AND s.status IN ('deployed', 'obsolete') AND {vis} ORDER BY k.signed_at DESC, s.revision DESC LIMIT 1",
        crate::KIND
    );
    let Some(row) = q.query(&sql).fetch_optional(&state.db.pool).await? else {
        return Ok(axum::Json(sc::LastSigned { last_signed: None }));
    };
    let signed_id: String = row.try_get("id")?;
    let signed_at: i64 = row.try_get("signed_at")?;
    let Some(signed) = store::fetch_one(&state.db, &signed_id).await? else {
        return Ok(axum::Json(sc::LastSigned { last_signed: None }));
    };
    let mut links = store::links_for(&state, std::slice::from_ref(&signed)).await?;
    let urls = links.remove(&signed.id).ok_or(AppError::NotFound)?;
    Ok(axum::Json(sc::LastSigned {
        last_signed: Some(sc::SignedRevision {
            id: signed.id.clone(),
            revision: signed.revision,
            status: signed.status.as_str().into(),
            deploy_date: signed.deploy_date.map(plantdoc_core::clock::iso),
            signed_at: plantdoc_core::clock::iso(signed_at),
            urls,
        }),
    }))
}
