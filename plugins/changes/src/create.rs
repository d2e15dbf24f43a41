//! `POST /api/changes`: a change request is raised and goes to review. Every field is
//! checked first and answered as one field → message map; then one transaction takes the
//! company's next number, inserts the request and its zones, tells the first stage's
//! reviewers and appends the audit row.
use std::collections::BTreeMap;

use axum::extract::State;
use axum::response::{IntoResponse, Response};
use chrono::NaiveDate;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, FieldErrors, Json, Refusal};
use plantdoc_core::review::{engine, notices};
use plantdoc_core::{msg, text};
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::AnyConnection;

use crate::access::{self, KIND};
use crate::model::{ChangeRequest, DocRef};
use crate::review_store::ReviewRow;
use crate::store::{self, NewRequest};
use crate::view;
use crate::ChangesState;

pub const MAX_REASON_CHARS: usize = 1000;
pub const MAX_REFS: usize = 20;
pub const MAX_REF_CHARS: usize = 40;
pub const MAX_DOCUMENTS: usize = 50;
const MAX_PART_CHARS: usize = 40;

/// The body of `POST /api/changes`.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct NewChange {
    title: Option<Value>,
    reason: Option<Value>,
    /// `["8D-1234", "CAPA-77"]`
    references: Option<Value>,
    /// `[{"kind": "swp"|"alert", "partNumber": "P1"}]`
    documents: Option<Value>,
    zones: Option<Value>,
    /// `{"A1": "2026-12-07"}`: the day it takes effect in a zone (absent: at deploy).
    effective: Option<Value>,
}

fn text_field(v: &Option<Value>, field: &str, max: usize, e: &mut FieldErrors) -> String {
    let s = match v {
        None | Some(Value::Null) => "",
        Some(Value::String(s)) => s.trim(),
        Some(_) => {
            e.insert(field.into(), text!("Expected text.").into());
            return String::new();
        }
    };
    if s.is_empty() {
        e.insert(field.into(), text!("This field is required.").into());
    } else if s.chars().count() > max {
        e.insert(field.into(), msg!("At most {max} characters."));
    }
    s.to_string()
}

fn references(v: &Option<Value>) -> Result<Vec<String>, Refusal> {
    let list = match v {
        None | Some(Value::Null) => return Ok(Vec::new()),
        Some(Value::Array(a)) => a,
        Some(_) => return Err(text!("References are a list of texts.").into()),
    };
    if list.len() > MAX_REFS {
        return Err(msg!("At most {MAX_REFS} references.").into());
    }
    let mut out: Vec<String> = Vec::new();
    for r in list {
        let r = r.as_str().map(str::trim).ok_or(text!("References are a list of texts."))?;
        if r.is_empty() || r.chars().count() > MAX_REF_CHARS {
            return Err(msg!("A reference has 1 to {MAX_REF_CHARS} characters.").into());
        }
        if !out.iter().any(|o| o == r) {
            out.push(r.to_string());
        }
    }
    Ok(out)
}

fn part(v: Option<&Value>) -> Result<String, Refusal> {
    let s = v.and_then(Value::as_str).unwrap_or("").trim().to_uppercase();
    if s.is_empty()
        || s.chars().count() > MAX_PART_CHARS
        || !s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./ ".contains(c))
    {
        return Err(msg!(
            "A part number has 1 to {MAX_PART_CHARS} letters, digits, spaces and - _ . /"
        )
        .into());
    }
    Ok(s)
}

fn documents(v: &Option<Value>) -> Result<Vec<DocRef>, Refusal> {
    let Some(Value::Array(list)) = v else {
        return Err(text!("Please name at least one document.").into());
    };
    if list.is_empty() {
        return Err(text!("Please name at least one document.").into());
    }
    if list.len() > MAX_DOCUMENTS {
        return Err(msg!("At most {MAX_DOCUMENTS} documents.").into());
    }
    let mut out: Vec<DocRef> = Vec::new();
    for d in list {
        let kind = match d.get("kind").and_then(Value::as_str) {
            Some(k @ ("swp" | "alert")) => k.to_string(),
            _ => return Err(text!("A document's kind is 'swp' or 'alert'.").into()),
        };
        let d = DocRef { kind, part_number: part(d.get("partNumber"))? };
        if !out.contains(&d) {
            out.push(d);
        }
    }
    Ok(out)
}

/// Each zone's effective day (`YYYY-MM-DD`).
type Dates = BTreeMap<String, String>;

/// Each zone with its date: keys must be the request's zones, values days not before today.
fn effective(v: &Option<Value>, zones: &[String], today: NaiveDate) -> Result<Dates, Refusal> {
    let map = match v {
        None | Some(Value::Null) => return Ok(BTreeMap::new()),
        Some(Value::Object(m)) => m,
        Some(_) => {
            return Err(text!("Effective dates are each zone with its day (YYYY-MM-DD).").into())
        }
    };
    let mut out = BTreeMap::new();
    for (z, d) in map {
        if !zones.contains(z) {
            return Err(msg!("{z} is not a zone of this change request.").into());
        }
        let day =
            d.as_str().and_then(|s| NaiveDate::parse_from_str(s, "%Y-%m-%d").ok()).ok_or_else(
                || Refusal::from(msg!("The effective date of {z} is not a date (YYYY-MM-DD).")),
            )?;
        if day < today {
            return Err(msg!("The effective date of {z} is in the past.").into());
        }
        out.insert(z.clone(), day.format("%Y-%m-%d").to_string());
    }
    Ok(out)
}

pub async fn create(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(b): Json<NewChange>,
) -> AppResult<Response> {
    KIND.require_uploader(&user)?;
    let max_title = state.get::<ChangesState>().settings.max_title_chars;
    let mut e = FieldErrors::new();
    let title = text_field(&b.title, "title", max_title, &mut e);
    let reason = text_field(&b.reason, "reason", MAX_REASON_CHARS, &mut e);
    let refs = references(&b.references).map_err(|m| e.insert("references".into(), m.into())).ok();
    let docs = documents(&b.documents).map_err(|m| e.insert("documents".into(), m.into())).ok();
    let zones = state
        .zones
        .check_selection(&user.company_code, b.zones.as_ref().unwrap_or(&Value::Null))
        .map_err(|m| e.insert("zones".into(), m.into()))
        .ok();
    let now = state.now_ms();
    let today = chrono::DateTime::from_timestamp_millis(now).unwrap_or_default().date_naive();
    let dates = effective(&b.effective, zones.as_deref().unwrap_or(&[]), today)
        .map_err(|m| e.insert("effective".into(), m.into()))
        .ok();
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let dates = dates.unwrap_or_default();
    let new = NewRequest {
        title,
        reason,
        refs: refs.unwrap_or_default(),
        documents: docs.unwrap_or_default(),
        zones: zones
            .unwrap_or_default()
            .into_iter()
            .map(|z| (z.clone(), dates.get(&z).cloned()))
            .collect(),
    };
    let mut tx = state.db.begin().await?;
    let doc = raise(&state, &mut tx, &user, &new, now).await?;
    tx.commit().await?;
    Ok(axum::Json(view::detail(&state, &doc).await?).into_response())
}

/// Inside `conn`'s transaction: takes the company's next number, inserts the request and
/// its zones, tells the process stage's reviewers and appends the audit row.
async fn raise(
    state: &AppState,
    conn: &mut AnyConnection,
    user: &User,
    new: &NewRequest,
    now: i64,
) -> AppResult<ChangeRequest> {
    let id = plantdoc_core::db::new_id();
    let number = store::next_number(conn, &user.company_code, now).await?;
    store::insert(conn, user, new, &id, &number, now).await?;
    // The plant's stages, fixed on the request now: the others are passed, on record.
    let stages = &state.get::<ChangesState>().settings.stages;
    let skipped = access::not_required(stages);
    let set: Vec<String> = (KIND.flow.stages.iter().enumerate())
        .map(|(i, s)| {
            let verdict = if skipped.contains(&i) { "Not required" } else { "Pending" };
            format!("{} = '{verdict}'", s.columns[0])
        })
        .collect();
    sqlx::query(&format!("UPDATE change_requests SET {} WHERE id = $1", set.join(", ")))
        .bind(&id)
        .execute(&mut *conn)
        .await?;
    let doc = engine::fetch::<ChangeRequest>(conn, &id).await?.ok_or(AppError::NotFound)?;
    let first = (0..KIND.flow.stages.len()).find(|i| !skipped.contains(i)).unwrap_or(0);
    notices::waiting(state, conn, now, user, &doc, &[first]).await?;
    let dates: BTreeMap<&String, &String> =
        new.zones.iter().filter_map(|(z, d)| d.as_ref().map(|d| (z, d))).collect();
    let act = KIND
        .act(user, "submit", &id, format!("change request {number} raised and sent for review"))
        .after(json!({"number": number, "title": new.title, "reason": new.reason, "references": new.refs,
            "documents": new.documents, "zones": doc.zones, "effective": dates}));
    engine::append(conn, now, &[act]).await?;
    Ok(doc)
}

/// A periodic review's 'revise': a change request for the document, raised by the
/// reviewer with their note as its reason, in review; answers its number.
pub async fn for_review(
    state: &AppState,
    conn: &mut AnyConnection,
    user: &User,
    r: &ReviewRow,
    note: &str,
    now: i64,
) -> AppResult<String> {
    let title: String = format!("Periodic review: {}", r.title).chars().take(200).collect();
    let new = NewRequest {
        title,
        reason: note.chars().take(MAX_REASON_CHARS).collect(),
        refs: Vec::new(),
        documents: vec![DocRef { kind: r.kind.clone(), part_number: r.part_number.clone() }],
        zones: r.zones.iter().map(|z| (z.clone(), None)).collect(),
    };
    Ok(raise(state, conn, user, &new, now).await?.number.clone())
}
