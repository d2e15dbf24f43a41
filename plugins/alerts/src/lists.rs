//! The console's list and single-alert calls (spec section 7 'Alerts'). Every list
//! filters with the visibility rule (`store::visible_sql`) and is bounded.
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::db::Params;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::http::schemas::PartList;

use crate::access::KIND;
use crate::model::Alert;
use crate::schemas::{AlertJson, AlertViewed, MineAlert, OneViewed, OpList, OpsSigned};
use crate::store::{self, visible_alert};
use plantdoc_core::review::Document;

type Alerts = axum::Json<Vec<MineAlert>>;

/// The alerts with sign records and `mine` (the caller is an author: My tabs).
async fn answer(state: &AppState, user_id: &str, alerts: Vec<Alert>) -> AppResult<Alerts> {
    let list = store::with_signs(state, alerts).await?;
    let mine = |j: AlertJson| MineAlert { mine: j.alert.is_author(user_id), alert: j };
    Ok(axum::Json(list.into_iter().map(mine).collect()))
}

/// Alerts waiting for the caller's stage, oldest first: engineers see those whose
/// engineer stage is open, managers those the engineer stage approved. Authors never
/// see their own; only alerts of the caller's zones.
pub async fn pending_my_approval(
    State(state): State<AppState>,
    user: CurrentUser,
) -> AppResult<Alerts> {
    let Some(stage) = KIND.flow.stage_of(&user) else { return Ok(axum::Json(Vec::new())) };
    let mut q = Params::default();
    let filter = KIND.waiting_sql(&mut q, &user, stage);
    let sql = format!(
        "SELECT {} FROM alerts a WHERE {filter} ORDER BY a.upload_date, a.id LIMIT {}",
        crate::model::COLUMNS,
        store::LIST_CAP
    );
    let rows = q.query(&sql).fetch_all(&state.db.pool).await?;
    let alerts: Vec<Alert> = rows.iter().map(Alert::from_row).collect::<Result<_, _>>()?;
    answer(&state, &user.id, alerts).await
}

async fn list(
    state: &AppState,
    user: &CurrentUser,
    status: &str,
    extra: impl FnOnce(&mut Params) -> String,
) -> AppResult<Alerts> {
    let mut q = Params::default();
    let vis = KIND.visible_sql(&state.zones, &mut q, user);
    let more = extra(&mut q);
    let alerts =
        store::fetch_list(&state.db, &q, &format!("a.status IN ({status}) AND {vis}{more}"))
            .await?;
    answer(state, &user.id, alerts).await
}

/// Pending and rejected alerts the caller sees, newest first, with approvals
/// (My Pending takes those with `mine`, All Pending all).
pub async fn user_pending(State(state): State<AppState>, user: CurrentUser) -> AppResult<Alerts> {
    list(&state, &user, "'pending', 'rejected'", |_| String::new()).await
}

/// Deployed alerts the caller sees, expired ones included (`status: expired`), with
/// `opSigned` (My Approved takes those with `mine`, All Approved all).
pub async fn user_deployed(State(state): State<AppState>, user: CurrentUser) -> AppResult<Alerts> {
    list(&state, &user, "'deployed'", |_| String::new()).await
}

/// Browse: deployed alerts not yet past their sunset (in force or coming).
pub async fn deployed(State(state): State<AppState>, user: CurrentUser) -> AppResult<Alerts> {
    let now = state.now_ms();
    list(&state, &user, "'deployed'", |q| format!(" AND a.sunset_date > {}", q.add(now))).await
}

/// The document URL as the body (a JSON string): a short-lived link to the alert's file.
pub async fn signed_url(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<axum::Json<String>> {
    let a = visible_alert(&state, &user, &id).await?;
    let mut links = store::links_for(&state, std::slice::from_ref(&a)).await?;
    let url = links.remove(&a.id).ok_or(AppError::NotFound)?;
    Ok(axum::Json(url))
}

/// Sign records of the alert's current version: `{opList: {opsSigned}}` (as SWPs).
pub async fn signed_ops(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<axum::Json<OpList>> {
    let a = visible_alert(&state, &user, &id).await?;
    let signs = store::signs_for(&state.db, std::slice::from_ref(&a))
        .await?
        .remove(&a.id)
        .unwrap_or_default();
    Ok(axum::Json(OpList { op_list: OpsSigned { ops_signed: signs } }))
}

/// One alert (the detail view).
pub async fn alert(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<axum::Json<OneViewed>> {
    let a = visible_alert(&state, &user, &id).await?;
    let review_due = plantdoc_core::ports::review_due(&state, &a.id).await?;
    let mine = a.is_author(&user.id);
    let alert = store::with_signs(&state, vec![a]).await?.remove(0);
    Ok(axum::Json(OneViewed {
        alert: AlertViewed { alert: MineAlert { alert, mine }, review_due },
    }))
}

#[derive(serde::Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct SuggestQuery {
    search_term: Option<String>,
}

/// The upload form's part type-ahead over the company's part catalogue:
/// `{partList: [{_id, partNumber}]}`, at most 10.
pub async fn part_numbers(
    State(state): State<AppState>,
    user: CurrentUser,
    axum::extract::Query(q): axum::extract::Query<SuggestQuery>,
) -> AppResult<axum::Json<PartList>> {
    let term = q.search_term.unwrap_or_default().trim().to_uppercase();
    if term.is_empty() || term.chars().count() > plantdoc_core::parts::MAX_NUMBER_CHARS {
        return Ok(axum::Json(PartList { part_list: Vec::new() }));
    }
    let parts = plantdoc_core::parts::search(&state.db, &user.company_code, &term, 10).await?;
    Ok(axum::Json(PartList::of(parts)))
}
