//! `uploadS3` (the file drop and its revert are the review engine's `uploads`): checks
//! every field and answers one field → message map (alertFile, alertType, partNumber,
//! onBehalfOf, zones, effectiveDate, sunsetDate, changes, corrects); then, in one transaction,
//! claims the file, takes the next alert tag, inserts the alert, its zones and its audit row.
use axum::extract::State;
use chrono::DateTime;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::{self, User};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::body::{take, Parsed};
use plantdoc_core::error::{AppError, AppResult, FieldErrors, Refusal};
use plantdoc_core::files::{self, FileState};
use plantdoc_core::text;
use serde_json::{json, Value};
use sqlx::{AnyConnection, Row};

use plantdoc_core::ports::AttachedRevision;
use plantdoc_core::review::submit::{submit as submit_doc, Cell, NewRecord, Submission};
use plantdoc_core::review::{change, correct};

use crate::access::KIND;
use crate::model::{Alert, TYPES};
use crate::schemas::One;
use crate::store;
use crate::submit_form::{AlertType, SubmitForm};

pub const MODULE: &str = "alerts";
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

/// The core's PDF checks (decision 29), as the SWP sections get them: a file that opens
/// (owner permissions only included) with pages, within the bounds; else the reason.
async fn checked_pdf(state: &AppState, f: &files::PendingFile) -> Result<(), Refusal> {
    plantdoc_core::pdf::check_upload(&state.storage, &f.filename, &f.key)
        .await
        .map_err(|e| e.message().into())
}

async fn check(state: &AppState, user: &User, form: &SubmitForm) -> AppResult<Checked> {
    let mut e = FieldErrors::new();
    let file_id = form.alert_file.server_id.clone();
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
    let kind = take(&mut e, "alertType", &form.alert_type);
    let part = take(&mut e, "partNumber", &form.record.part_number).map(String::from);
    let zones = state
        .zones
        .check_selection(&user.company_code, &form.record.zones)
        .map_err(|m| e.insert("zones".into(), m.into()))
        .ok();
    let effective = take(&mut e, "effectiveDate", &form.effective_date).map(|t| t.0);
    let sunset = take(&mut e, "sunsetDate", &form.sunset_date).map(|t| t.0);
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
    let changes =
        take(&mut e, "changes", &form.record.change.changes).map(|c| c.0).unwrap_or_default();
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
    let change = change::check(
        state,
        user,
        &form.record.change,
        ("alert", part.as_deref()),
        earlier,
        &mut e,
    )
    .await?;
    let on_behalf = users::on_behalf_of(&state.db, user, form.record.on_behalf_of.as_ref())
        .await
        .map_err(|m| e.insert("onBehalfOf".into(), m.into()))
        .ok()
        .flatten();
    let corrects =
        correct::check::<Alert>(state, user, form.record.corrects.as_ref(), part.as_deref())
            .await?
            .map_err(|m| e.insert(correct::FIELD.into(), m.into()))
            .ok()
            .flatten();
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let AlertType(alert_type, letter) = kind.unwrap_or(AlertType(TYPES[0].0, TYPES[0].1));
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
    Parsed(form): Parsed<SubmitForm>,
) -> AppResult<axum::Json<One>> {
    KIND.require_uploader(&user)?;
    let mut c = check(&state, &user, &form).await?;
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
