//! HTTP routes of the changes module (console: signed-in staff of the company, each
//! request as the review engine's visibility rule lets them see it) and their handlers.
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::db::Params;
use plantdoc_core::error::{AppError, AppResult, Json};
use plantdoc_core::review::{self, engine, ReviewBody, Status};
use plantdoc_core::{text, ApiRouter};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::access::{self, KIND};
use crate::model::{ChangeRequest, STATES};
use crate::view::{self, RequestJson};
use crate::{create, reviews, store};

pub const PAGE_SIZE: i64 = 25;

pub fn routes() -> ApiRouter {
    ApiRouter::new("changes")
        .get(
            "/api/changes",
            "Change requests you see, newest first, 25 a page: {items, total, page} (?state=&q=&page=)",
            list,
        )
        .query::<ListQuery>()
        .returns::<ListJson>()
        .post("/api/changes", "Raise a change request and send it for review", create::create)
        .body::<create::NewChange>()
        .returns::<RequestJson>()
        .get(
            "/api/changes/reviews",
            "Documents due (or overdue) for periodic review, with the floor's evidence (?due_within_days=30)",
            reviews::due,
        )
        .query::<reviews::DueQuery>()
        .returns::<reviews::DueList>()
        .get("/api/changes/reviews/backlog", "Open periodic reviews by the month they fall due", reviews::backlog)
        .returns::<Vec<reviews::MonthJson>>()
        .post("/api/changes/reviews/spread", "Spread the first review dates over N months (managers)", reviews::spread)
        .body::<reviews::SpreadBody>()
        .returns::<reviews::SpreadJson>()
        .post(
            "/api/changes/reviews/{kind}/{id}",
            "Sign a periodic review's verdict {verdict: keep|revise|obsolete, note, password}",
            reviews::verdict,
        )
        .body::<reviews::VerdictBody>()
        .returns::<reviews::VerdictJson>()
        .get("/api/changes/{id}", "One change request (by number or key) with its zones and revisions", one)
        .returns::<RequestJson>()
        .post("/api/changes/approve/{id}", "Approve your review stage of a change request", approve)
        .body::<ReviewBody>()
        .returns::<RequestJson>()
        .post("/api/changes/reject/{id}", "Return a change request to its author (note required)", reject)
        .body::<ReviewBody>()
        .returns::<RequestJson>()
        .get("/api/changes/{id}/pdf", "A change request's record for the auditor (PDF)", crate::record_pdf::pdf)
        .returns_content("application/pdf", json!({"type": "string", "format": "binary"}))
        .post("/api/changes/{id}/close", "Close an approved change request by hand (managers; a reason)", close)
        .body::<Because>()
        .returns::<RequestJson>()
        .post(
            "/api/changes/{id}/cancel",
            "Cancel a change request none of whose revisions was deployed (its author or a manager; a reason)",
            cancel,
        )
        .body::<Because>()
        .returns::<RequestJson>()
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct ListQuery {
    /// draft, in review, approved, closed, cancelled
    state: Option<String>,
    /// Words of the number, title, reason or references.
    q: Option<String>,
    /// From 1.
    page: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct ListJson<'a> {
    items: Vec<RequestJson<'a>>,
    total: i64,
    page: i64,
}

async fn list(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(f): Query<ListQuery>,
) -> AppResult<Response> {
    let mut q = Params::default();
    let mut sql = KIND.visible_sql(&state.zones, &mut q, &user);
    sql.push_str(" AND c.status <> 'deleted'");
    if let Some(s) = f.state.as_deref().filter(|s| !s.is_empty()) {
        let Some((_, cond)) = STATES.iter().find(|(k, _)| *k == s) else {
            return Err(AppError::field(
                "state",
                text!("The state is one of draft, in review, approved, closed, cancelled."),
            ));
        };
        sql = sql.replace(" AND c.status <> 'deleted'", "");
        sql.push_str(&format!(" AND {cond}"));
    }
    if let Some(words) = f.q.as_deref().map(str::trim).filter(|s| !s.is_empty()) {
        let like =
            q.add(format!("%{}%", words.to_lowercase().chars().take(100).collect::<String>()));
        sql.push_str(&format!(
            " AND (LOWER(c.number) LIKE {like} OR LOWER(c.title) LIKE {like} OR LOWER(c.changes) LIKE {like} OR LOWER(c.refs) LIKE {like})"
        ));
    }
    let page = f.page.unwrap_or(1);
    if !(1..=100_000).contains(&page) {
        return Err(AppError::field("page", text!("The page is a number from 1.")));
    }
    let (rows, total) = store::page(&state.db, q, &sql, (page - 1) * PAGE_SIZE, PAGE_SIZE).await?;
    let items = rows.iter().map(view::summary).collect();
    Ok(axum::Json(ListJson { items, total, page }).into_response())
}

/// The request `id` (its number, or its key) if the caller may see it; 404 otherwise.
pub(crate) async fn visible(
    state: &AppState,
    user: &CurrentUser,
    id: &str,
) -> AppResult<ChangeRequest> {
    let found = match store::by_number(&state.db, &user.company_code, id).await? {
        Some(c) => Some(c),
        None => engine::fetch::<ChangeRequest>(&mut *state.db.pool.acquire().await?, id).await?,
    };
    // A cancelled request stays on record (the engine hides its deleted documents): it is
    // seen by whom would see it open.
    let seen = |c: &ChangeRequest| {
        let status = if c.status == Status::Deleted { Status::Rejected } else { c.status };
        review::can_see_parts(
            &state.zones,
            user,
            status,
            &c.company_code,
            c.is_author(&user.id),
            &c.zones,
        )
    };
    match found {
        Some(c) if seen(&c) => Ok(c),
        _ => Err(AppError::NotFound),
    }
}

async fn one(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let c = visible(&state, &user, &id).await?;
    Ok(axum::Json(view::detail(&state, &c).await?).into_response())
}

async fn approve(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    body: Json<ReviewBody>,
) -> AppResult<Response> {
    judged(state, user, id, body, true).await
}

async fn reject(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    body: Json<ReviewBody>,
) -> AppResult<Response> {
    judged(state, user, id, body, false).await
}

/// The review engine's approve or reject of the request `id` (number or key), answered as
/// the request (`RequestJson`, as the OpenAPI document shows it).
async fn judged(
    state: AppState,
    user: CurrentUser,
    id: String,
    body: Json<ReviewBody>,
    approving: bool,
) -> AppResult<Response> {
    let key = visible(&state, &user, &id).await?.record.id;
    let (s, u, k) = (State(state.clone()), user.clone(), Path(key.clone()));
    if approving {
        let _ = review::engine::approve::<ChangeRequest>(s, u, k, body).await?;
    } else {
        let _ = review::engine::reject::<ChangeRequest>(s, u, k, body).await?;
    }
    let c = visible(&state, &user, &key).await?;
    Ok(axum::Json(view::detail(&state, &c).await?).into_response())
}

/// `{reason}`: why a manager closes a change request.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct Because {
    reason: Option<String>,
}

impl Because {
    /// The reason given, or the field's message.
    fn reason(self, missing: &'static str) -> AppResult<String> {
        let reason = self.reason.unwrap_or_default().trim().to_string();
        if reason.is_empty() || reason.chars().count() > create::MAX_REASON_CHARS {
            return Err(AppError::field("reason", missing));
        }
        Ok(reason)
    }
}

async fn close(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(b): Json<Because>,
) -> AppResult<Response> {
    let c = visible(&state, &user, &id).await?;
    if !access::may_close(&user) {
        return Err(AppError::Forbidden(text!("Only managers close change requests.").into()));
    }
    let reason = b.reason(text!("Please give the reason for closing it."))?;
    if c.status != Status::Deployed || c.closed_at.is_some() {
        return Err(AppError::Conflict(text!("Only an approved change request is closed.").into()));
    }
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let done = sqlx::query("UPDATE change_requests SET closed_at = $1, closed_by = $2, close_reason = $3 WHERE id = $4 AND status = 'deployed' AND closed_at IS NULL")
        .bind(now)
        .bind(user.full_name())
        .bind(&reason)
        .bind(&c.id)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() != 1 {
        return Err(AppError::Conflict(text!("Only an approved change request is closed.").into()));
    }
    let act = KIND
        .act(&user, "close", &c.id, format!("change request {} closed by hand: {reason}", c.number))
        .before(json!({"state": "approved"}))
        .after(json!({"state": "closed", "reason": reason}));
    engine::append(&mut tx, now, &[act]).await?;
    tx.commit().await?;
    let c = visible(&state, &user, &c.id).await?;
    Ok(axum::Json(view::detail(&state, &c).await?).into_response())
}

/// Cancelling: the request carries nothing to the floor. Its author or a manager, while
/// it is a draft, in review or approved and none of its revisions was deployed (one that
/// was is on the floor: the request is closed instead, and its record kept). Revisions
/// still in review under it lose its effective dates: they take effect at deploy.
async fn cancel(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(b): Json<Because>,
) -> AppResult<Response> {
    let c = visible(&state, &user, &id).await?;
    if !(c.is_author(&user.id) || access::may_close(&user)) {
        return Err(AppError::Forbidden(
            text!("Only its author or a manager cancels a change request.").into(),
        ));
    }
    let reason = b.reason(text!("Please give the reason for cancelling it."))?;
    let before = c.state();
    if !matches!(before, "draft" | "in review" | "approved") {
        return Err(AppError::Conflict(text!("This change request is no longer open.").into()));
    }
    let revisions = store::revisions(&state.db, &c.id).await?;
    if revisions.iter().any(|r| r.deployed_at.is_some()) {
        return Err(AppError::Conflict(
            text!("A revision under this change request is on the floor: close it instead.").into(),
        ));
    }
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let done = sqlx::query("UPDATE change_requests SET status = 'deleted', closed_at = $1, closed_by = $2, close_reason = $3 WHERE id = $4 AND status = $5 AND closed_at IS NULL \
         AND NOT EXISTS (SELECT 1 FROM change_request_revisions r WHERE r.request_id = change_requests.id AND r.deployed_at IS NOT NULL)")
        .bind(now)
        .bind(user.full_name())
        .bind(&reason)
        .bind(&c.id)
        .bind(c.status.as_str())
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() != 1 {
        return Err(AppError::Conflict(
            text!("This change request changed meanwhile; reload it.").into(),
        ));
    }
    let pending: Vec<&str> = revisions.iter().map(|r| r.doc_id.as_str()).collect();
    let act = KIND
        .act(&user, "cancel", &c.id, format!("change request {} cancelled: {reason}", c.number))
        .before(json!({"state": before}))
        .after(json!({"state": "cancelled", "reason": reason, "revisionsInReview": pending}));
    engine::append(&mut tx, now, &[act]).await?;
    tx.commit().await?;
    let c = visible(&state, &user, &c.id).await?;
    Ok(axum::Json(view::detail(&state, &c).await?).into_response())
}
