//! `uploadS3` (the file drop and its revert are the review engine's `uploads`): checks
//! every field and answers one field → message map (alertFile, alertType, partNumber,
//! onBehalfOf, zones, effectiveDate, sunsetDate, changes, corrects); then, in one transaction,
//! claims the file, takes the next alert tag, inserts the alert, its zones and its audit row.
use axum::extract::State;
use chrono::DateTime;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::{self, User};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, FieldErrors, Json, Refusal};
use plantdoc_core::files::{self, FileState};
use plantdoc_core::parts;
use plantdoc_core::{msg, text};
use serde_json::{json, Value};
use sqlx::{AnyConnection, Row};

use plantdoc_core::ports::AttachedRevision;
use plantdoc_core::review::submit::{submit as submit_doc, Cell, NewRecord, Submission};
use plantdoc_core::review::{change, correct};

use crate::access::KIND;
use crate::model::{Alert, TYPES};
use crate::schemas::One;
use crate::store;

pub const MODULE: &str = "alerts";
pub const MAX_CHANGES_CHARS: usize = 140;
/// Largest alert file (also capped by `server.upload_limit`).
pub const MAX_FILE_BYTES: u64 = 50 * 1024 * 1024;
pub const MAX_PENDING_UPLOADS: i64 = 20;
/// Effective and sunset dates fall on quarter hours.
pub const STEP_MS: i64 = 15 * 60 * 1000;
const LOST: &str = text!(
    "This file is not a pending upload of yours (it may have expired); please upload it again."
);

/// A submission whose every field is valid.
struct Checked {
    file_id: String,
    file_hash: String,
    alert_type: &'static str,
    letter: char,
    /// Part, zones, changes, on behalf of (alerts never bypass review).
    record: NewRecord,
    effective: i64,
    sunset: i64,
    /// Taken in the submit's transaction.
    tag: String,
    /// The change request named, under change control.
    change: change::Checked,
    /// For change control's record of the submission.
    state: AppState,
}

fn text<'a>(body: &'a Value, key: &str) -> &'a str {
    body.get(key).and_then(Value::as_str).unwrap_or("").trim()
}

/// A date on a quarter hour, or why not.
fn check_date(v: &str, what: &str) -> Result<i64, Refusal> {
    if v.is_empty() {
        return Err(msg!("Please choose the {what} date and time.").into());
    }
    let ms = DateTime::parse_from_rfc3339(v)
        .map_err(|_| Refusal::from(msg!("The {what} date is not a date and time.")))?
        .timestamp_millis();
    if ms % STEP_MS != 0 {
        return Err(
            msg!("The {what} time must be on a quarter hour (:00, :15, :30 or :45).").into()
        );
    }
    Ok(ms)
}

/// The core's PDF checks (decision 29), as the SWP sections get them: a file that opens
/// (owner permissions only included) with pages, within the bounds; else the reason.
async fn checked_pdf(state: &AppState, f: &files::PendingFile) -> Result<(), Refusal> {
    plantdoc_core::pdf::check_upload(&state.storage, &f.filename, &f.key)
        .await
        .map_err(|e| e.message().into())
}

async fn check(state: &AppState, user: &User, body: &Value) -> AppResult<Checked> {
    let mut e = FieldErrors::new();
    let file = body.get("alertFile");
    let file_id = file
        .and_then(|f| f.get("serverId").or_else(|| f.get("id")))
        .and_then(Value::as_str)
        .unwrap_or("")
        .to_string();
    let mut file_hash = String::new();
    if file_id.is_empty() {
        e.insert("alertFile".into(), text!("Please upload the alert file.").into());
    } else {
        match files::pending(state, &user.id, MODULE, std::slice::from_ref(&file_id))
            .await?
            .remove(&file_id)
        {
            Some(f) if f.content_type == "application/pdf" => match checked_pdf(state, &f).await {
                Ok(()) => file_hash = f.sha256,
                Err(m) => {
                    e.insert("alertFile".into(), m.into());
                }
            },
            _ => {
                e.insert("alertFile".into(), LOST.into());
            }
        }
    }
    let kind = TYPES.iter().find(|(t, _)| *t == text(body, "alertType"));
    if kind.is_none() {
        e.insert(
            "alertType".into(),
            text!("Please choose Change, Quality, Safety or New Part.").into(),
        );
    }
    let part = parts::check_number(text(body, "partNumber"))
        .map_err(|m| e.insert("partNumber".into(), m.into()))
        .ok();
    let zones = state
        .zones
        .check_selection(&user.company_code, body.get("zones").unwrap_or(&Value::Null))
        .map_err(|m| e.insert("zones".into(), m.into()))
        .ok();
    let effective = check_date(text(body, "effectiveDate"), "effective")
        .map_err(|m| e.insert("effectiveDate".into(), m.into()))
        .ok();
    let sunset = check_date(text(body, "sunsetDate"), "sunset")
        .map_err(|m| e.insert("sunsetDate".into(), m.into()))
        .ok();
    if let (Some(from), Some(to)) = (effective, sunset) {
        if to <= from {
            e.insert(
                "sunsetDate".into(),
                text!("The sunset date must be after the effective date.").into(),
            );
        } else if to <= state.now_ms() {
            e.insert("sunsetDate".into(), text!("The sunset date must be in the future.").into());
        }
    }
    let changes = match body.get("changes") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.trim().to_string(),
        Some(_) => {
            e.insert("changes".into(), text!("Changes are text.").into());
            String::new()
        }
    };
    if changes.chars().count() > MAX_CHANGES_CHARS {
        e.insert("changes".into(), msg!("Changes must be at most {MAX_CHANGES_CHARS} characters."));
    }
    // An alert has no revisions of its own: under change control, a part's alert after
    // its first one deployed is the part's next revision of alerts and needs its reason.
    let earlier = match &part {
        Some(p) => sqlx::query("SELECT 1 FROM alerts WHERE company_code = $1 AND part_number = $2 AND deploy_date IS NOT NULL AND status <> 'deleted'")
            .bind(&user.company_code)
            .bind(p)
            .fetch_optional(&state.db.pool)
            .await?
            .is_some(),
        None => false,
    };
    let change =
        change::check(state, user, body, "alert", part.as_deref(), earlier, &changes, &mut e)
            .await?;
    let on_behalf = users::on_behalf_of(&state.db, user, body.get("onBehalfOf"))
        .await
        .map_err(|m| e.insert("onBehalfOf".into(), m.into()))
        .ok()
        .flatten();
    let corrects = correct::check::<Alert>(state, user, body.get(correct::FIELD), part.as_deref())
        .await?
        .map_err(|m| e.insert(correct::FIELD.into(), m.into()))
        .ok()
        .flatten();
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let (alert_type, letter) = kind.copied().unwrap_or(TYPES[0]);
    Ok(Checked {
        file_id,
        file_hash,
        alert_type,
        letter,
        record: NewRecord {
            part_number: part.unwrap_or_default(),
            zones: zones.unwrap_or_default(),
            changes,
            on_behalf,
            bypass: false,
            corrects,
        },
        effective: effective.unwrap_or_default(),
        sunset: sunset.unwrap_or_default(),
        tag: String::new(),
        change,
        state: state.clone(),
    })
}

/// The next tag of the company for this type and year, e.g. `S-2026-0007`.
async fn next_tag(
    conn: &mut AnyConnection,
    company: &str,
    letter: char,
    now: i64,
) -> Result<String, sqlx::Error> {
    let year = DateTime::from_timestamp_millis(now)
        .map(|d| d.format("%Y").to_string())
        .unwrap_or_default();
    let prefix = format!("{letter}-{year}");
    sqlx::query(
        "INSERT INTO alert_tag_seq (company_code, prefix, last_seq) VALUES ($1, $2, 0) ON CONFLICT (company_code, prefix) DO NOTHING",
    )
    .bind(company)
    .bind(&prefix)
    .execute(&mut *conn)
    .await?;
    let row = sqlx::query("UPDATE alert_tag_seq SET last_seq = last_seq + 1 WHERE company_code = $1 AND prefix = $2 RETURNING last_seq")
        .bind(company)
        .bind(&prefix)
        .fetch_one(&mut *conn)
        .await?;
    Ok(format!("{prefix}-{:04}", row.try_get::<i64, _>("last_seq")?))
}

pub async fn submit(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<Value>,
) -> AppResult<axum::Json<One>> {
    KIND.require_uploader(&user)?;
    if !body.is_object() {
        return Err(AppError::field("body", text!("Expected a JSON object.")));
    }
    let mut c = check(&state, &user, &body).await?;
    let id = submit_doc(&state, &user, &mut c).await?;
    let a = store::fetch_one(&state.db, &id).await?.ok_or(AppError::NotFound)?;
    Ok(axum::Json(One { alert: a.json(state.now_ms()) }))
}

/// An alert for the review engine's submission: one transaction claims the file, takes
/// the next alert tag, inserts the alert, its zones and its audit row.
impl Submission for Checked {
    type Doc = Alert;
    fn record(&self) -> &NewRecord {
        &self.record
    }
    async fn claim(&self, conn: &mut AnyConnection, user: &User) -> AppResult<()> {
        if !files::claim(conn, &user.id, MODULE, &self.file_id, FileState::Attached).await? {
            return Err(AppError::field("alertFile", LOST));
        }
        Ok(())
    }
    async fn columns(
        &mut self,
        conn: &mut AnyConnection,
        user: &User,
        now: i64,
    ) -> AppResult<Vec<(&'static str, Cell)>> {
        self.tag = next_tag(conn, &user.company_code, self.letter, now).await?;
        Ok(vec![
            ("alert_tag", Cell::Text(self.tag.clone())),
            ("alert_type", Cell::Text(self.alert_type.into())),
            ("file_id", Cell::Text(self.file_id.clone())),
            ("file_hash", Cell::Text(self.file_hash.clone())),
            ("effective_date", Cell::Int(self.effective)),
            ("sunset_date", Cell::Int(self.sunset)),
            ("change_request", self.change.request.clone().map_or(Cell::Null, Cell::Text)),
        ])
    }
    async fn rows(&self, conn: &mut AnyConnection, id: &str, user: &User) -> AppResult<()> {
        for z in &self.record.zones {
            sqlx::query("INSERT INTO alert_zones (alert_id, zone, company_code, deployed, effective_date, sunset_date) VALUES ($1, $2, $3, 0, $4, $5)")
                .bind(id)
                .bind(z)
                .bind(&user.company_code)
                .bind(self.effective)
                .bind(self.sunset)
                .execute(&mut *conn)
                .await?;
        }
        let r = &self.record;
        let revision = AttachedRevision {
            kind: "alert".into(),
            doc_id: id.into(),
            part_number: r.part_number.clone(),
            reason: r.changes.clone(),
            submitted_at: self.state.now_ms(),
        };
        change::attach(&self.state, conn, user, &self.change, revision).await
    }
    fn audit(&self) -> (String, Value) {
        let (r, tag) = (&self.record, &self.tag);
        let after = json!({"alertTag": tag, "alertType": self.alert_type, "partNumber": r.part_number, "zones": r.zones, "versionHash": self.file_hash,
            "effectiveDate": plantdoc_core::clock::iso(self.effective), "sunsetDate": plantdoc_core::clock::iso(self.sunset), "changes": r.changes});
        let mut after = after;
        if let Some(n) = &self.change.request {
            after["changeRequest"] = n.as_str().into();
        }
        (
            format!(
                "{} alert {tag} for part {} submitted for review",
                self.alert_type, r.part_number
            ),
            after,
        )
    }
}
