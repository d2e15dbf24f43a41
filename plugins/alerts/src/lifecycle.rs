//! Review (engineer stage, then manager stage), deployment and deletion. Every change
//! and its audit row commit in one transaction whose first statement is a conditional
//! UPDATE re-checking the state the request was judged on: two requests racing for the
//! same step cannot both take it (the loser gets 409), so an alert deploys once.
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, Json};
use plantdoc_core::review::{id_list, not_approved_by_sql, second_stage_refusal, stage_approved_by, ReviewBody};
use serde_json::{json, Value};
use sqlx::AnyConnection;

use crate::access::{can_manage, review_denial, review_stage};
use crate::model::{Alert, Stage, Status, APPROVED, PENDING, REJECTED, STAGES};
use crate::store::{self, visible_alert};

/// Ids in one delete request.

/// An audit row about an alert, by `user`.
pub fn act(user: &User, action: &str, alert_id: &str, meaning: impl Into<String>) -> AuditEntry {
    AuditEntry::new(action, format!("alert:{alert_id}"), meaning).by(Some(&user.id), &user.full_name())
}

/// Appends it inside the caller's transaction.
pub async fn audit(conn: &mut AnyConnection, now: i64, e: AuditEntry) -> Result<(), sqlx::Error> {
    audit::append(conn, now, &e).await.map(|_| ())
}

const STAGE_KEYS: [&str; 2] = [STAGES[0].key(), STAGES[1].key()];

/// The reviewer's stage for this alert, or why not. An approval also needs that the
/// reviewer approved no other stage of it (one person, one stage: core `review`).
async fn judge(state: &AppState, user: &User, id: &str, approving: bool) -> AppResult<(Alert, Stage)> {
    let a = visible_alert(state, user, id).await?;
    if let Some(why) = review_denial(user, &a) {
        return Err(AppError::Forbidden(why.into()));
    }
    let stage = review_stage(user).ok_or_else(AppError::forbidden)?;
    if a.status != Status::Pending || a.review(stage).status != PENDING {
        return Err(AppError::Conflict(format!("This alert is not waiting for a {} review.", stage.key())));
    }
    if stage == Stage::Manager && a.review(Stage::Engineer).status != APPROVED {
        return Err(AppError::Conflict("The engineer stage reviews this alert first.".into()));
    }
    if approving {
        let mut conn = state.db.pool.acquire().await?;
        if let Some(done) = stage_approved_by(&mut conn, "alerts", &a.id, &STAGE_KEYS, stage.key(), &user.id).await? {
            return Err(second_stage_refusal("alert", done));
        }
    }
    Ok((a, stage))
}

/// Records one stage's verdict if that stage is still open on a pending alert (and, for
/// the manager stage, the engineer stage approved); a manager's approval deploys.
async fn record(conn: &mut AnyConnection, now: i64, user: &User, a: &Alert, stage: Stage, verdict: &str, note: &Option<String>) -> AppResult<()> {
    let k = stage.key();
    let mut set = String::new();
    if verdict == REJECTED {
        set.push_str(", status = 'rejected'");
    }
    let after_engineer = if stage == Stage::Manager { " AND engineer_status = 'Approved'" } else { "" };
    // One person, one stage: the reviewer is bound as `$2`.
    let one_stage = if verdict == APPROVED { not_approved_by_sql(&STAGE_KEYS, k, 2) } else { String::new() };
    let sql = format!(
        "UPDATE alerts SET {k}_status = $1, {k}_reviewer_id = $2, {k}_reviewer = $3, {k}_date = $4, {k}_note = $5{set} \
         WHERE id = $6 AND status = 'pending' AND {k}_status = 'Pending'{after_engineer}{one_stage}"
    );
    let done = sqlx::query(&sql).bind(verdict).bind(&user.id).bind(user.full_name()).bind(now).bind(note.clone()).bind(&a.id).execute(&mut *conn).await?;
    if done.rows_affected() != 1 {
        return Err(AppError::Conflict(format!("This alert is not waiting for a {k} review.")));
    }
    if verdict == APPROVED && stage == Stage::Manager {
        sqlx::query("UPDATE alerts SET status = 'deployed', deploy_date = $1 WHERE id = $2").bind(now).bind(&a.id).execute(&mut *conn).await?;
        sqlx::query("UPDATE alert_zones SET deployed = 1 WHERE alert_id = $1").bind(&a.id).execute(&mut *conn).await?;
    }
    Ok(())
}

async fn review(state: AppState, user: &User, id: &str, body: ReviewBody, verdict: &str) -> AppResult<axum::Json<Value>> {
    let (a, stage) = judge(&state, user, id, verdict == APPROVED).await?;
    let note = body.note(verdict == REJECTED)?;
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    record(&mut tx, now, user, &a, stage, verdict, &note).await?;
    let (action, meaning) = if verdict == APPROVED {
        ("alert.approve", format!("approval of the {} review of alert {} (version {})", stage.key(), a.alert_tag, &a.file_hash[..12.min(a.file_hash.len())]))
    } else {
        ("alert.reject", format!("rejection in the {} review of alert {}; returned to its author", stage.key(), a.alert_tag))
    };
    let after = json!({"stage": stage.key(), "status": verdict, "note": note, "versionHash": a.file_hash});
    audit(&mut tx, now, act(user, action, &a.id, meaning).before(json!({"stage": stage.key(), "status": PENDING})).after(after)).await?;
    if verdict == APPROVED && stage == Stage::Manager {
        let m = format!("alert {} deployed to zones {} after engineer and manager approval", a.alert_tag, a.zones.join(", "));
        audit(&mut tx, now, act(user, "alert.deploy", &a.id, m).before(json!({"status": "pending"})).after(json!({"status": "deployed"}))).await?;
    }
    tx.commit().await?;
    let a = store::fetch_one(&state.db, &a.id).await?.ok_or(AppError::NotFound)?;
    Ok(axum::Json(json!({"alert": store::with_signs(&state, &[a]).await?.remove(0)})))
}

pub async fn approve(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>, Json(body): Json<ReviewBody>) -> AppResult<axum::Json<Value>> {
    review(state, &user, &id, body, APPROVED).await
}

pub async fn reject(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>, Json(body): Json<ReviewBody>) -> AppResult<axum::Json<Value>> {
    review(state, &user, &id, body, REJECTED).await
}

pub async fn delete_pending(state: State<AppState>, user: CurrentUser, Json(body): Json<Value>) -> AppResult<axum::Json<Value>> {
    delete(state, user, body, false).await
}

pub async fn delete_deployed(state: State<AppState>, user: CurrentUser, Json(body): Json<Value>) -> AppResult<axum::Json<Value>> {
    delete(state, user, body, true).await
}

/// All or nothing: every id must be one the caller may delete, in the right state.
async fn delete(State(state): State<AppState>, user: CurrentUser, body: Value, deployed: bool) -> AppResult<axum::Json<Value>> {
    let ids = id_list(&body, "alert", "alerts")?;
    let mut alerts = Vec::new();
    for id in &ids {
        let a = visible_alert(&state, &user, id).await?;
        if !can_manage(&state.zones, &user, &a) {
            return Err(AppError::Forbidden("Only an alert's authors and managers delete it.".into()));
        }
        let ok = if deployed { a.status == Status::Deployed } else { matches!(a.status, Status::Pending | Status::Rejected) };
        if !ok {
            return Err(AppError::Conflict(format!("Alert {} is {}.", a.alert_tag, a.status.as_str())));
        }
        alerts.push(a);
    }
    let now = state.now_ms();
    let states = if deployed { "'deployed'" } else { "'pending', 'rejected'" };
    let mut tx = state.db.pool.begin().await?;
    for a in &alerts {
        let done = sqlx::query(&format!("UPDATE alerts SET status = 'deleted', deleted_date = $1 WHERE id = $2 AND status IN ({states})"))
            .bind(now)
            .bind(&a.id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Err(AppError::Conflict(format!("Alert {} changed meanwhile; nothing was deleted.", a.alert_tag)));
        }
        sqlx::query("UPDATE alert_zones SET deployed = 0 WHERE alert_id = $1").bind(&a.id).execute(&mut *tx).await?;
    }
    for a in &alerts {
        let meaning = if deployed {
            format!("deleted: alert {} removed from the plant floor", a.alert_tag)
        } else {
            format!("deleted: alert {} removed from the review process", a.alert_tag)
        };
        audit(&mut tx, now, act(&user, "alert.delete", &a.id, meaning).before(a.audit_json()).after(json!({"status": "deleted"}))).await?;
    }
    tx.commit().await?;
    Ok(axum::Json(json!({"deleted": ids})))
}
