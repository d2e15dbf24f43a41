//! Review, deployment, zone edits and deletion. Every change and its audit row commit in
//! one transaction. Each transaction's first statement is a conditional UPDATE: it takes
//! the write lock on SQLite (so the busy timeout applies) and the row lock on PostgreSQL,
//! and its WHERE re-checks the state the request was judged on, so two requests racing
//! for the same step cannot both take it (the loser gets 409).
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, Json};
use plantdoc_core::review::{id_list, not_approved_by_sql, second_stage_refusal, stage_approved_by, ReviewBody};
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::{AnyConnection, Row};

use crate::access::{can_manage, review_denial, review_stage};
use crate::model::{Stage, Swp, SwpStatus, Verdict, STAGES};
use crate::store::{self, visible_swp};

/// Ids in one delete request.

/// An audit row about an SWP, by `user`.
pub fn act(user: &User, action: &str, swp_id: &str, meaning: impl Into<String>) -> AuditEntry {
    AuditEntry::new(action, format!("swp:{swp_id}"), meaning).by(Some(&user.id), &user.full_name())
}

/// Appends it inside the caller's transaction (the act and its record commit together).
pub async fn audit(conn: &mut AnyConnection, now: i64, e: AuditEntry) -> Result<(), sqlx::Error> {
    audit::append(conn, now, &e).await.map(|_| ())
}

/// What [`deploy`] did, for its audit rows.
pub struct Deployed {
    pub revision: i64,
    pub obsoleted: Option<String>,
}

/// Deploys a pending SWP inside the caller's transaction: takes the part's next revision
/// (locking the part's counter row, so deploys of one part run one at a time), makes the
/// part's deployed SWP obsolete (its sign records stay), and deploys this one. Writes no
/// audit row: the caller appends them with [`audit_deploy`] after its last row lock,
/// because the audit head is a global lock and must always be taken last (else two
/// transactions could each hold what the other waits for).
pub async fn deploy(conn: &mut AnyConnection, now: i64, swp: &Swp) -> AppResult<Deployed> {
    sqlx::query("INSERT INTO swp_parts (company_code, part_number, last_revision, current_id) VALUES ($1, $2, -1, NULL) ON CONFLICT (company_code, part_number) DO NOTHING")
        .bind(&swp.company_code)
        .bind(&swp.part_number)
        .execute(&mut *conn)
        .await?;
    let row = sqlx::query("UPDATE swp_parts SET last_revision = last_revision + 1 WHERE company_code = $1 AND part_number = $2 RETURNING last_revision, current_id")
        .bind(&swp.company_code)
        .bind(&swp.part_number)
        .fetch_one(&mut *conn)
        .await?;
    let revision: i64 = row.try_get("last_revision")?;
    let previous: Option<String> = row.try_get("current_id")?;
    let mut obsoleted = None;
    if let Some(old) = previous {
        let done = sqlx::query("UPDATE swps SET status = 'obsolete', obsolete_date = $1 WHERE id = $2 AND status = 'deployed'")
            .bind(now)
            .bind(&old)
            .execute(&mut *conn)
            .await?;
        if done.rows_affected() == 1 {
            obsoleted = Some(old);
        }
    }
    let done = sqlx::query("UPDATE swps SET status = 'deployed', revision = $1, deploy_date = $2 WHERE id = $3 AND status = 'pending'")
        .bind(revision)
        .bind(now)
        .bind(&swp.id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() != 1 {
        return Err(AppError::Conflict("This SWP is no longer pending.".into()));
    }
    sqlx::query("UPDATE swp_parts SET current_id = $1 WHERE company_code = $2 AND part_number = $3")
        .bind(&swp.id)
        .bind(&swp.company_code)
        .bind(&swp.part_number)
        .execute(&mut *conn)
        .await?;
    Ok(Deployed { revision, obsoleted })
}

/// The audit rows of a deployment: the superseded revision, then the new one.
pub async fn audit_deploy(conn: &mut AnyConnection, now: i64, user: &User, swp: &Swp, d: &Deployed, meaning: &str) -> Result<(), sqlx::Error> {
    let rev = d.revision;
    if let Some(old) = &d.obsoleted {
        let m = format!("superseded by revision {rev} of part {}; its signatures stay in history", swp.part_number);
        audit(conn, now, act(user, "swp.obsolete", old, m).before(json!({"status": SwpStatus::Deployed.as_str()})).after(json!({"status": "obsolete", "supersededBy": swp.id}))).await?;
    }
    let after = json!({"status": SwpStatus::Deployed.as_str(), "revision": rev, "partNumber": swp.part_number, "zones": swp.zones, "contentHash": swp.content_hash});
    audit(conn, now, act(user, "swp.deploy", &swp.id, format!("{meaning}; revision {rev}")).before(json!({"status": SwpStatus::Pending.as_str()})).after(after)).await
}

const STAGE_KEYS: [&str; 3] = [STAGES[0].key(), STAGES[1].key(), STAGES[2].key()];

/// The reviewer's stage for this SWP, or why not. An approval also needs that the
/// reviewer approved no other stage of it (one person, one stage: core `review`).
async fn judge(state: &AppState, user: &User, id: &str, approving: bool) -> AppResult<(Swp, Stage)> {
    let swp = visible_swp(state, user, id).await?;
    if let Some(why) = review_denial(user, &swp) {
        return Err(AppError::Forbidden(why.into()));
    }
    let stage = review_stage(user).ok_or_else(AppError::forbidden)?;
    if swp.status != SwpStatus::Pending || swp.review(stage).status != Verdict::Pending {
        return Err(AppError::Conflict(format!("This SWP is not waiting for a {} review.", stage.key())));
    }
    if approving {
        let mut conn = state.db.pool.acquire().await?;
        if let Some(done) = stage_approved_by(&mut conn, "swps", &swp.id, &STAGE_KEYS, stage.key(), &user.id).await? {
            return Err(second_stage_refusal("SWP", done));
        }
    }
    Ok((swp, stage))
}

/// Records one stage's verdict if that stage is still pending on a pending SWP (and, for
/// an approval, the reviewer, bound as `$2`, approved no other stage of it).
async fn record_verdict(conn: &mut AnyConnection, now: i64, user: &User, swp: &Swp, stage: Stage, verdict: Verdict, note: &Option<String>) -> AppResult<()> {
    let k = stage.key();
    let set_status = if verdict == Verdict::Rejected { ", status = 'rejected'" } else { "" };
    let one_stage = if verdict == Verdict::Approved { not_approved_by_sql(&STAGE_KEYS, k, 2) } else { String::new() };
    let sql = format!(
        "UPDATE swps SET {k}_status = $1, {k}_reviewer_id = $2, {k}_reviewer = $3, {k}_date = $4, {k}_note = $5{set_status} \
         WHERE id = $6 AND status = 'pending' AND {k}_status = 'Pending'{one_stage}"
    );
    let done = sqlx::query(&sql)
        .bind(verdict.as_str())
        .bind(&user.id)
        .bind(user.full_name())
        .bind(now)
        .bind(note.clone())
        .bind(&swp.id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() != 1 {
        return Err(AppError::Conflict(format!("This SWP is not waiting for a {k} review.")));
    }
    Ok(())
}

pub async fn approve(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>, Json(body): Json<ReviewBody>) -> AppResult<axum::Json<Value>> {
    let (swp, stage) = judge(&state, &user, &id, true).await?;
    let note = body.note(false)?;
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    record_verdict(&mut tx, now, &user, &swp, stage, Verdict::Approved, &note).await?;
    // Read after our own write: the other stages as committed by now (a concurrent
    // reviewer of another stage waits on our row lock, then sees our approval).
    let row = sqlx::query("SELECT process_status, quality_status, production_status FROM swps WHERE id = $1").bind(&swp.id).fetch_one(&mut *tx).await?;
    let mut all = true;
    for s in STAGES {
        all &= row.try_get::<String, _>(format!("{}_status", s.key()).as_str())? == Verdict::Approved.as_str();
    }
    let deployed = if all { Some(deploy(&mut tx, now, &swp).await?) } else { None };
    let meaning = format!("approval of the {} review of part {} (version {})", stage.key(), swp.part_number, &swp.content_hash[..12.min(swp.content_hash.len())]);
    let after = json!({"stage": stage.key(), "status": Verdict::Approved.as_str(), "note": note, "contentHash": swp.content_hash});
    audit(&mut tx, now, act(&user, "swp.approve", &swp.id, meaning).before(json!({"stage": stage.key(), "status": Verdict::Pending.as_str()})).after(after)).await?;
    if let Some(d) = deployed {
        audit_deploy(&mut tx, now, &user, &swp, &d, "deployed to the plant floor after all three reviews approved").await?;
    }
    tx.commit().await?;
    respond(&state, &swp.id).await
}

pub async fn reject(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>, Json(body): Json<ReviewBody>) -> AppResult<axum::Json<Value>> {
    let (swp, stage) = judge(&state, &user, &id, false).await?;
    let note = body.note(true)?;
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    record_verdict(&mut tx, now, &user, &swp, stage, Verdict::Rejected, &note).await?;
    let meaning = format!("rejection in the {} review of part {}; returned to its author", stage.key(), swp.part_number);
    let after = json!({"stage": stage.key(), "status": Verdict::Rejected.as_str(), "note": note, "contentHash": swp.content_hash});
    audit(&mut tx, now, act(&user, "swp.reject", &swp.id, meaning).before(json!({"stage": stage.key(), "status": Verdict::Pending.as_str()})).after(after)).await?;
    tx.commit().await?;
    respond(&state, &swp.id).await
}

async fn respond(state: &AppState, id: &str) -> AppResult<axum::Json<Value>> {
    let swp = store::fetch_one(&state.db, id).await?.ok_or(AppError::NotFound)?;
    Ok(axum::Json(json!({"swp": store::with_signs(&state.db, &[swp]).await?.remove(0)})))
}

pub async fn delete_pending(state: State<AppState>, user: CurrentUser, Json(body): Json<Value>) -> AppResult<axum::Json<Value>> {
    delete(state, user, body, false).await
}

pub async fn delete_deployed(state: State<AppState>, user: CurrentUser, Json(body): Json<Value>) -> AppResult<axum::Json<Value>> {
    delete(state, user, body, true).await
}

/// All or nothing: every id must be one the caller may delete, in the right state.
async fn delete(State(state): State<AppState>, user: CurrentUser, body: Value, deployed: bool) -> AppResult<axum::Json<Value>> {
    let ids = id_list(&body, "SWP", "SWPs")?;
    let mut swps = Vec::new();
    for id in &ids {
        let s = visible_swp(&state, &user, id).await?;
        if !can_manage(&state.zones, &user, &s) {
            return Err(AppError::Forbidden("Only an SWP's authors and managers delete it.".into()));
        }
        let ok = if deployed { s.status == SwpStatus::Deployed } else { matches!(s.status, SwpStatus::Pending | SwpStatus::Rejected) };
        if !ok {
            return Err(AppError::Conflict(format!("SWP {} of part {} is {}.", s.id, s.part_number, s.status.as_str())));
        }
        swps.push(s);
    }
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    for s in &swps {
        if deployed {
            // The part's row first (the order deploys take), then the SWP's.
            sqlx::query("UPDATE swp_parts SET current_id = NULL WHERE company_code = $1 AND part_number = $2 AND current_id = $3")
                .bind(&s.company_code)
                .bind(&s.part_number)
                .bind(&s.id)
                .execute(&mut *tx)
                .await?;
        }
        let states = if deployed { "'deployed'" } else { "'pending', 'rejected'" };
        let done = sqlx::query(&format!("UPDATE swps SET status = 'deleted', deleted_date = $1 WHERE id = $2 AND status IN ({states})"))
            .bind(now)
            .bind(&s.id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Err(AppError::Conflict(format!("SWP {} changed meanwhile; nothing was deleted.", s.id)));
        }
    }
    // Audit rows after every row lock (see `deploy`).
    for s in &swps {
        let meaning = if deployed {
            format!("deleted: part {} revision {} removed from the plant floor", s.part_number, s.shown_revision())
        } else {
            format!("deleted: part {} removed from the review process", s.part_number)
        };
        audit(&mut tx, now, act(&user, "swp.delete", &s.id, meaning).before(s.audit_json()).after(json!({"status": "deleted"}))).await?;
    }
    tx.commit().await?;
    Ok(axum::Json(json!({"deleted": ids})))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct EditBody {
    #[serde(default)]
    zones: Value,
}

/// Zone edit of a deployed SWP (authors and managers).
pub async fn edit(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>, Json(body): Json<EditBody>) -> AppResult<axum::Json<Value>> {
    let swp = visible_swp(&state, &user, &id).await?;
    if !can_manage(&state.zones, &user, &swp) {
        return Err(AppError::Forbidden("Only an SWP's authors and managers edit its zones.".into()));
    }
    if swp.status != SwpStatus::Deployed {
        return Err(AppError::Conflict("Only a deployed SWP's zones are edited.".into()));
    }
    let zones = crate::fields::check_zones(&state, &user, &body.zones).map_err(|m| m.on("zones"))?;
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    let done = sqlx::query("UPDATE swps SET zones = $1, zone_mask = $2 WHERE id = $3 AND status = 'deployed'")
        .bind(serde_json::to_string(&zones).unwrap_or_default())
        .bind(plantdoc_core::zones::zone_mask(&zones))
        .bind(&swp.id)
        .execute(&mut *tx)
        .await?;
    if done.rows_affected() != 1 {
        return Err(AppError::Conflict("This SWP is no longer deployed.".into()));
    }
    sqlx::query("DELETE FROM swp_zones WHERE swp_id = $1").bind(&swp.id).execute(&mut *tx).await?;
    crate::submit::insert_zones(&mut tx, &swp.id, &zones).await?;
    let meaning = format!("zones of part {} revision {} changed", swp.part_number, swp.shown_revision());
    audit(&mut tx, now, act(&user, "swp.zones", &swp.id, meaning).before(json!({"zones": swp.zones})).after(json!({"zones": zones}))).await?;
    tx.commit().await?;
    respond(&state, &swp.id).await
}
