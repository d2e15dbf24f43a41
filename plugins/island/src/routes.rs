//! HTTP routes of the Island module: the sign histories (the kiosk issue adds the
//! badge, signing and verification routes). Sign records live in the SWP module's
//! `swp_signs` table; visibility is the SWP module's rule.
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::AppResult;
use plantdoc_core::ApiRouter;
use plantdoc_swp::access::{require_staff, visible_sql, visible_swp};
use plantdoc_swp::store::{self, Q};
use serde_json::{json, Value};

/// Superseded revisions stay in the history this long after they became obsolete.
pub const HISTORY_WINDOW_MS: i64 = 90 * 24 * 60 * 60 * 1000;

pub fn routes() -> ApiRouter {
    ApiRouter::new("island")
        .get("/api/island/sign-history/{partNumberId}", "Sign records of an SWP (a part suggestion's _id): {opsSigned}", sign_history)
        .get(
            "/api/island/obsolete-sign-history/{partNumber}",
            "Sign records of the part's revisions superseded within 90 days: [{createdDate, opsSigned}]",
            obsolete_sign_history,
        )
}

/// Console (Verification History) and kiosk (History view) alike.
async fn sign_history(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>) -> AppResult<axum::Json<Value>> {
    let swp = visible_swp(&state, &user, &id).await?;
    let signs = store::signs_for(&state.db, &[swp.id.as_str()]).await?.remove(&swp.id).unwrap_or_default();
    Ok(axum::Json(json!({"opsSigned": signs})))
}

/// One group per obsolete revision of the part that became obsolete at most 90 days ago
/// (day 90 still shows, day 91 does not), newest first. `createdDate` is the revision's
/// upload date ('Obsolete SWP created on').
async fn obsolete_sign_history(State(state): State<AppState>, user: CurrentUser, Path(part): Path<String>) -> AppResult<axum::Json<Value>> {
    require_staff(&user)?;
    let part = part.trim().to_uppercase();
    let mut q = Q::default();
    let vis = visible_sql(&state, &mut q, &user);
    let filter = format!(
        "s.status = 'obsolete' AND {vis} AND s.part_number = {} AND s.obsolete_date >= {}",
        q.p(part),
        q.p(state.now_ms() - HISTORY_WINDOW_MS)
    );
    let swps = store::fetch_list(&state.db, &q, &filter, "s.obsolete_date DESC, s.id", 1000, 0).await?;
    let ids: Vec<&str> = swps.iter().map(|s| s.id.as_str()).collect();
    let mut signs = store::signs_for(&state.db, &ids).await?;
    let groups: Vec<Value> = swps
        .iter()
        .map(|s| {
            json!({
                "_id": s.id,
                "revision": s.revision,
                "createdDate": plantdoc_core::clock::iso(s.upload_date),
                "obsoleteDate": s.obsolete_date.map(plantdoc_core::clock::iso),
                "opsSigned": signs.remove(&s.id).unwrap_or_default(),
            })
        })
        .collect();
    Ok(axum::Json(Value::Array(groups)))
}
