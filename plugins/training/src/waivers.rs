//! Waivers: a supervisor (or manager) of production or process lets an operator run a
//! part the gate would refuse, for at most `waiver_max_days`, with a reason. Granted and
//! revoked in one transaction with the audit row; read by the gate (`qualify`) and
//! listed for the matrix and the auditor.
use axum::extract::{Path, Query, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::body::{done, take, Parsed, Verdict};
use plantdoc_core::clock::iso;
use plantdoc_core::error::{AppError, AppResult, FieldErrors};
use plantdoc_core::people;
use plantdoc_core::ports::{GrantedWaiver, PartWaiver};
use plantdoc_core::{msg, text};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sqlx::Row;
use utoipa::ToSchema;

use crate::access::can_edit;
use crate::edit::{audit, editor, operator_of, part_of};
use crate::effective::DAY_MS;
use crate::requests::WaiverGrant;
use crate::store;
use crate::TrainingState;

const REASON_MAX: usize = 500;

/// Why a waiver is granted: 1 to 500 characters, trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Reason(pub String);

impl Reason {
    pub fn parse(v: Option<&Value>) -> Verdict<Reason> {
        let r = v.and_then(Value::as_str).unwrap_or("").trim();
        if r.is_empty() || r.chars().count() > REASON_MAX {
            return Err(text!("Please give the reason (at most 500 characters).").into());
        }
        Ok(Reason(r.to_string()))
    }
}

/// How long a waiver lasts: 1 to the plant's `waiver_max_days` days.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Days(pub i64);

impl Days {
    pub fn parse(v: Option<i64>, max: i64) -> Verdict<Days> {
        v.filter(|d| (1..=max).contains(d))
            .map(Days)
            .ok_or_else(|| msg!("A waiver lasts 1 to {max} days.").into())
    }
}

/// A waiver as the API shows it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Waiver {
    #[serde(rename = "_id")]
    id: String,
    op_id: String,
    part_number: String,
    reason: String,
    starts: String,
    ends: String,
    granted_by: String,
    #[schema(required = true)]
    revoked: Option<String>,
    /// In force now (started, not ended, not revoked).
    active: bool,
}

impl From<Waiver> for GrantedWaiver {
    fn from(w: Waiver) -> Self {
        GrantedWaiver {
            id: w.id,
            op_id: w.op_id,
            part_number: w.part_number,
            reason: w.reason,
            starts: w.starts,
            ends: w.ends,
            granted_by: w.granted_by,
            revoked: w.revoked,
            active: w.active,
        }
    }
}

const COLUMNS: &str = "id, op_id, part_number, reason, starts_at, ends_at, granted_by, revoked_at";

fn waiver(r: &sqlx::any::AnyRow, now: i64) -> Result<Waiver, sqlx::Error> {
    let (starts, ends): (i64, i64) = (r.try_get("starts_at")?, r.try_get("ends_at")?);
    let revoked: Option<i64> = r.try_get("revoked_at")?;
    Ok(Waiver {
        id: r.try_get("id")?,
        op_id: r.try_get("op_id")?,
        part_number: r.try_get("part_number")?,
        reason: r.try_get("reason")?,
        starts: iso(starts),
        ends: iso(ends),
        granted_by: r.try_get("granted_by")?,
        revoked: revoked.map(iso),
        active: revoked.is_none() && starts <= now && now < ends,
    })
}

/// The grant is the caller's to make when one matrix of their zones holds both.
async fn may_waive(state: &AppState, u: &User, part_id: &str, op_id: &str) -> AppResult<()> {
    let all = store::blocks_of_pair(&state.db, &u.company_code, part_id, op_id).await?;
    if all.is_empty() {
        return Err(AppError::field(
            "partNumber",
            text!("No training matrix holds this part and this operator."),
        ));
    }
    if !all.iter().any(|b| can_edit(u, &b.scope)) {
        return Err(AppError::Forbidden(
            text!("The matrices with this part and operator are not in your zones.").into(),
        ));
    }
    Ok(())
}

/// `POST /api/training/waivers {opId, partNumber, reason, days}`.
pub async fn grant(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<WaiverGrant>,
) -> AppResult<axum::Json<Waiver>> {
    let w = grant_as(&state, &user, &body, "console", true).await?;
    Ok(axum::Json(w.ok_or(AppError::NotFound)?))
}

/// Grants a waiver as `user` (signed in at the console, or identified by badge at the
/// kiosk: `via` says which in the audit row): checked, written and audited in one
/// transaction. With `write` false, only the checks (answers `None`).
pub async fn grant_as(
    state: &AppState,
    user: &User,
    body: &WaiverGrant,
    via: &str,
    write: bool,
) -> AppResult<Option<Waiver>> {
    editor(user)?;
    let max = state.get::<TrainingState>().settings.waiver_max_days;
    if max == 0 {
        return Err(AppError::Conflict(text!("Waivers are not in use in this plant.").into()));
    }
    let mut e = FieldErrors::new();
    let part = part_of(state, user, &body.part, &mut e).await?;
    let op = operator_of(state, user, &body.op_id, "opId", &mut e).await?;
    let reason = take(&mut e, "reason", &body.reason).map(|r| r.0).unwrap_or_default();
    let days = take(&mut e, "days", &Days::parse(body.days, max)).map(|d| d.0);
    done(e)?;
    let (Some(p), Some(o), Some(days)) = (part, op, days) else {
        return Err(AppError::field("partNumber", crate::fields::PART_REQUIRED));
    };
    may_waive(state, user, &p.id, &o.id).await?;
    if !write {
        return Ok(None);
    }
    let now = state.now_ms();
    let id = plantdoc_core::db::new_id();
    let ends = now + days * DAY_MS;
    let mut tx = state.db.begin().await?;
    sqlx::query(
        "INSERT INTO training_waivers (id, company_code, op_id, part_number, reason, starts_at, ends_at, granted_by, via) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&id)
    .bind(&user.company_code)
    .bind(&o.id)
    .bind(&p.part_number)
    .bind(&reason)
    .bind(now)
    .bind(ends)
    .bind(&user.id)
    .bind(via)
    .execute(&mut *tx)
    .await?;
    let meaning = format!(
        "training waiver: {} {} may run part {} until {} ({reason})",
        o.op_no,
        o.full_name,
        p.part_number,
        iso(ends)
    );
    let after = json!({"opId": o.id, "partNumber": p.part_number, "reason": reason, "days": days, "ends": iso(ends), "via": via});
    audit(
        &mut tx,
        now,
        user,
        "training.waiver",
        format!("training:waiver:{id}"),
        meaning,
        Value::Null,
        after,
    )
    .await?;
    tx.commit().await?;
    one(state, user, &id).await.map(|w| Some(w.0))
}

async fn one(state: &AppState, u: &User, id: &str) -> AppResult<axum::Json<Waiver>> {
    let sql = format!("SELECT {COLUMNS} FROM training_waivers WHERE id = $1 AND company_code = $2");
    let row =
        sqlx::query(&sql).bind(id).bind(&u.company_code).fetch_optional(&state.db.pool).await?;
    let row = row.ok_or(AppError::NotFound)?;
    Ok(axum::Json(waiver(&row, state.now_ms())?))
}

/// `POST /api/training/waivers/{id}/revoke`: the waiver ends now.
pub async fn revoke(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<axum::Json<Waiver>> {
    editor(&user)?;
    let w = one(&state, &user, &id).await?.0;
    let part = plantdoc_core::parts::find_by_number(&state.db, &user.company_code, &w.part_number)
        .await?
        .ok_or(AppError::NotFound)?;
    may_waive(&state, &user, &part.id, &w.op_id).await?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let done = sqlx::query(
        "UPDATE training_waivers SET revoked_at = $1, revoked_by = $2 WHERE id = $3 AND revoked_at IS NULL AND ends_at > $1",
    )
    .bind(now)
    .bind(&user.id)
    .bind(&id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() == 0 {
        return Err(AppError::Conflict(text!("This waiver has already ended.").into()));
    }
    let meaning = format!("training waiver revoked: part {} ({})", w.part_number, w.reason);
    let before = json!({"opId": w.op_id, "partNumber": w.part_number, "ends": w.ends});
    audit(
        &mut tx,
        now,
        &user,
        "training.waiver.revoke",
        format!("training:waiver:{id}"),
        meaning,
        before,
        json!({"revoked": iso(now)}),
    )
    .await?;
    tx.commit().await?;
    one(&state, &user, &id).await
}

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    op_id: Option<String>,
    part_number: Option<String>,
}

/// `GET /api/training/waivers?opId=&partNumber=`: the company's waivers, newest first.
pub async fn list(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<ListQuery>,
) -> AppResult<axum::Json<Vec<Waiver>>> {
    let sql = format!(
        "SELECT {COLUMNS} FROM training_waivers WHERE company_code = $1 AND ($2 = '' OR op_id = $2) AND ($3 = '' OR part_number = $3) \
         ORDER BY starts_at DESC, id LIMIT 1000"
    );
    let rows = sqlx::query(&sql)
        .bind(&user.company_code)
        .bind(q.op_id.unwrap_or_default().trim().to_string())
        .bind(q.part_number.unwrap_or_default().trim().to_uppercase())
        .fetch_all(&state.db.pool)
        .await?;
    let now = state.now_ms();
    Ok(axum::Json(rows.iter().map(|r| waiver(r, now)).collect::<Result<_, _>>()?))
}

/// Every waiver on a part of `company`, oldest first (the auditor's file).
pub async fn of_part(state: &AppState, company: &str, part: &str) -> AppResult<Vec<PartWaiver>> {
    let sql = format!(
        "SELECT w.id, COALESCE(u.op_no, '') AS op_no, u.firstname, u.lastname, COALESCE(g.firstname, '') AS gf, COALESCE(g.lastname, '') AS gl, \
         w.reason, w.starts_at, w.ends_at, w.revoked_at, w.via FROM training_waivers w {} \
         {} WHERE w.company_code = $1 AND w.part_number = $2 ORDER BY w.starts_at, w.id",
        people::sql::join("u", "w.op_id"),
        people::sql::left_join("g", "w.granted_by")
    );
    let rows = sqlx::query(&sql)
        .bind(company)
        .bind(part.trim().to_uppercase())
        .fetch_all(&state.db.pool)
        .await?;
    let one = |r: &sqlx::any::AnyRow| -> Result<PartWaiver, sqlx::Error> {
        let (no, first, last): (String, String, String) =
            (r.try_get("op_no")?, r.try_get("firstname")?, r.try_get("lastname")?);
        Ok(PartWaiver {
            id: r.try_get("id")?,
            operator: format!("{no} {first} {last}"),
            granted_by: format!(
                "{} {}",
                r.try_get::<String, _>("gf")?,
                r.try_get::<String, _>("gl")?
            ),
            reason: r.try_get("reason")?,
            starts_ms: r.try_get("starts_at")?,
            ends_ms: r.try_get("ends_at")?,
            revoked_ms: r.try_get("revoked_at")?,
            via: r.try_get("via")?,
        })
    };
    Ok(rows.iter().map(one).collect::<Result<_, _>>()?)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reasons_and_days() {
        assert_eq!(Reason::parse(Some(&json!("  cover  "))).unwrap().0, "cover");
        let why = "Please give the reason (at most 500 characters).";
        for bad in [json!(""), json!("  "), json!(3), json!("r".repeat(501))] {
            assert_eq!(Reason::parse(Some(&bad)).unwrap_err(), why, "{bad}");
        }
        assert_eq!(Reason::parse(None).unwrap_err(), why);
        assert!(Reason::parse(Some(&json!("r".repeat(500)))).is_ok());
        assert_eq!(Days::parse(Some(7), 7).unwrap(), Days(7));
        assert_eq!(Days::parse(Some(1), 7).unwrap(), Days(1));
        for bad in [Some(0), Some(8), None] {
            assert_eq!(Days::parse(bad, 7).unwrap_err(), "A waiver lasts 1 to 7 days.");
        }
    }
}
