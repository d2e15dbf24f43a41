//! `uploadS3`: turns the caller's pending uploads into an SWP. Checks every field first
//! and answers one field → message map (swc, jes, vis, video, partNumber, onBehalfOf,
//! zones, referenceOnly, newRelease, changes, bypass); then checks and merges each
//! section's PDFs; then, in one transaction, attaches the files, inserts the SWP and its
//! audit row (and deploys it at once when a manager bypasses review).
use std::collections::HashMap;

use axum::extract::State;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::{self, User};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, FieldErrors, Json, Refusal};
use plantdoc_core::files::{self, FileState, PendingFile};
use plantdoc_core::storage::PutError;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use sqlx::AnyConnection;

use crate::access::{can_bypass, require_uploader};
use crate::fields::{check_part, check_zones, flag, id_list};
use crate::lifecycle::{act, audit, audit_deploy, deploy};
use crate::model::{Verdict, STAGES};
use plantdoc_core::pdf::{self, Merged};
use crate::store;

pub const MAX_FILES_PER_SECTION: usize = 10;
pub const MAX_CHANGES_CHARS: usize = 140;
const LOST: &str = "One of these files is not a pending upload of yours (it may have expired); please upload it again.";
const SECTIONS: [(&str, &str); 3] = [("swc", "Standard Work Chart"), ("jes", "Job Element Sheet"), ("vis", "Visual Inspection Sheet")];

pub async fn insert_zones(conn: &mut AnyConnection, swp_id: &str, zones: &[String]) -> Result<(), sqlx::Error> {
    for z in zones {
        sqlx::query("INSERT INTO swp_zones (swp_id, zone) VALUES ($1, $2)").bind(swp_id).bind(z).execute(&mut *conn).await?;
    }
    Ok(())
}

/// What a section becomes: the file the SWP names, and the uploads merged into it.
struct Section {
    file_id: String,
    sha256: String,
    consumed: Vec<String>,
}

/// A submission whose every field is valid.
struct Checked {
    sections: Vec<(&'static str, Vec<String>)>,
    video: Option<String>,
    uploads: HashMap<String, PendingFile>,
    part: String,
    zones: Vec<String>,
    new_release: bool,
    reference_only: bool,
    bypass: bool,
    changes: String,
    on_behalf: Option<User>,
}

/// Checks every field and answers all their errors at once.
async fn check(state: &AppState, user: &User, body: &Value) -> AppResult<Checked> {
    let mut e = FieldErrors::new();
    let (sections, video) = check_file_ids(body.get("fileIds").unwrap_or(&Value::Null), &mut e);
    let part = check_part(body.get("partNumber").unwrap_or(&Value::Null)).map_err(|m| e.insert("partNumber".into(), m.into())).ok();
    let zones = check_zones(state, user, body.get("zones").unwrap_or(&Value::Null)).map_err(|m| e.insert("zones".into(), m.into())).ok();
    if !matches!(body.get("format"), None | Some(Value::Null)) && body.get("format").and_then(Value::as_str) != Some("swp") {
        e.insert("format".into(), "The format is 'swp'.".into());
    }
    let new_release = flag(body, "newRelease", true, &mut e, "newRelease");
    let reference_only = flag(body, "referenceOnly", false, &mut e, "referenceOnly");
    let bypass = flag(body, "bypassManagement", false, &mut e, "bypass");
    if bypass && !can_bypass(user) {
        e.insert("bypass".into(), "Only managers may bypass management approval.".into());
    }
    let changes = check_changes(body.get("changes"), new_release, &mut e);
    if let (false, Some(p)) = (new_release, &part) {
        let has = sqlx::query("SELECT current_id FROM swp_parts WHERE company_code = $1 AND part_number = $2 AND current_id IS NOT NULL")
            .bind(&user.company_code)
            .bind(p)
            .fetch_optional(&state.db.pool)
            .await?;
        if has.is_none() {
            e.insert("newRelease".into(), format!("Part {p} has no deployed SWP to change; choose New Release."));
        }
    }
    let on_behalf = users::on_behalf_of(&state.db, user, body.get("onBehalfOf")).await.map_err(|m| e.insert("onBehalfOf".into(), m.into())).ok().flatten();
    // The files: the caller's own pending uploads of the right kind.
    let mut all_ids: Vec<String> = sections.iter().flat_map(|(_, ids)| ids.iter().cloned()).collect();
    all_ids.extend(video.clone());
    let uploads = files::pending(state, &user.id, "swp", &all_ids).await?;
    for (key, ids) in &sections {
        if ids.iter().any(|i| uploads.get(i).is_none_or(|u| u.content_type != "application/pdf")) {
            e.entry(key.to_string()).or_insert_with(|| LOST.into());
        }
    }
    if video.as_ref().is_some_and(|v| uploads.get(v).is_none_or(|u| !u.content_type.starts_with("video/"))) {
        e.insert("video".into(), "This video is not a pending upload of yours (it may have expired); please upload it again.".into());
    }
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let (part, zones) = (part.unwrap_or_default(), zones.unwrap_or_default());
    Ok(Checked { sections, video, uploads, part, zones, new_release, reference_only, bypass, changes, on_behalf })
}

/// The three sections' upload ids and the video's, with their field errors.
fn check_file_ids(files: &Value, e: &mut FieldErrors) -> (Vec<(&'static str, Vec<String>)>, Option<String>) {
    let mut sections: Vec<(&'static str, Vec<String>)> = Vec::new();
    let mut seen: Vec<String> = Vec::new();
    for (key, label) in SECTIONS {
        match id_list(files.get(key)) {
            Ok(ids) if ids.is_empty() => {
                e.insert(key.into(), format!("Please upload the {label}."));
            }
            Ok(ids) if ids.len() > MAX_FILES_PER_SECTION => {
                e.insert(key.into(), format!("At most {MAX_FILES_PER_SECTION} files."));
            }
            Ok(ids) => {
                if ids.iter().any(|i| seen.contains(i) || ids.iter().filter(|j| *j == i).count() > 1) {
                    e.insert(key.into(), "A file may be used once only.".into());
                }
                seen.extend(ids.iter().cloned());
                sections.push((key, ids));
            }
            Err(m) => {
                e.insert(key.into(), m.into());
            }
        }
    }
    let video = match id_list(files.get("video")) {
        Ok(v) if v.len() > 1 => {
            e.insert("video".into(), "One video only.".into());
            None
        }
        Ok(mut v) => v.pop(),
        Err(m) => {
            e.insert("video".into(), m.into());
            None
        }
    };
    if !matches!(id_list(files.get("opin")), Ok(v) if v.is_empty()) {
        e.insert("opin".into(), "OPIN files are not taken.".into());
    }
    (sections, video)
}

fn check_changes(v: Option<&Value>, new_release: bool, e: &mut FieldErrors) -> String {
    let changes = match v {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.trim().to_string(),
        Some(_) => {
            e.insert("changes".into(), "Changes are text.".into());
            return String::new();
        }
    };
    if changes.chars().count() > MAX_CHANGES_CHARS {
        e.insert("changes".into(), format!("Changes must be at most {MAX_CHANGES_CHARS} characters."));
    } else if !new_release && changes.is_empty() {
        e.insert("changes".into(), "Please describe the changes to the existing document.".into());
    }
    changes
}

pub async fn submit(State(state): State<AppState>, user: CurrentUser, Json(body): Json<Value>) -> AppResult<axum::response::Response> {
    require_uploader(&user)?;
    if !body.is_object() {
        return Err(AppError::field("body", "Expected a JSON object."));
    }
    let c = check(&state, &user, &body).await?;
    // Check and merge each section (first upload first).
    let mut e = FieldErrors::new();
    let mut made: HashMap<&str, Section> = HashMap::new();
    for (key, ids) in &c.sections {
        match section(&state, &user, &c.part, key, ids, &c.uploads).await {
            Ok(s) => {
                made.insert(key, s);
            }
            Err(m) => {
                e.insert(key.to_string(), m.into());
            }
        }
    }
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let video_sha = c.video.as_ref().map(|v| c.uploads[v].sha256.clone());
    let mut h = Sha256::new();
    for (key, _) in SECTIONS {
        h.update(format!("{key}:{}\n", made[key].sha256));
    }
    h.update(format!("video:{}\n", video_sha.as_deref().unwrap_or("-")));
    let content_hash = hex::encode(h.finalize());
    let id = persist(&state, &user, &c, &made, &content_hash).await?;
    // The merged sources are no longer needed (the sweep removes any left here).
    for s in made.values() {
        for src in &s.consumed {
            files::remove(&state, "swp", src, &c.uploads[src].key, FileState::Consumed).await;
        }
    }
    let swp = store::fetch_one(&state.db, &id).await?.ok_or(AppError::NotFound)?;
    Ok(plantdoc_core::http::json_bytes(store::full_json(&state, &swp, "swp", false).await?))
}

/// One transaction: claims the uploads, inserts the SWP with its catalogue part, zones
/// and audit row, and deploys it at once when a manager bypasses review.
async fn persist(state: &AppState, user: &User, c: &Checked, made: &HashMap<&str, Section>, content_hash: &str) -> AppResult<String> {
    let id = plantdoc_core::db::new_id();
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    // Claim each upload only if still pending: the first write of the transaction, and
    // the guard against the sweep and a second submit of the same files.
    let mut claims: Vec<(&str, FileState, &str)> = Vec::new();
    for (key, s) in made {
        claims.push((s.file_id.as_str(), FileState::Attached, key));
        claims.extend(s.consumed.iter().map(|src| (src.as_str(), FileState::Consumed, *key)));
    }
    claims.extend(c.video.iter().map(|v| (v.as_str(), FileState::Attached, "video")));
    for (fid, to, field) in &claims {
        if !files::claim(&mut tx, &user.id, "swp", fid, *to).await? {
            return Err(AppError::field(field, LOST));
        }
    }
    let part_id = plantdoc_core::parts::ensure(&mut tx, &user.company_code, &c.part, "", now).await?;
    insert_swp(&mut tx, user, c, made, &id, &part_id, content_hash, now).await?;
    insert_zones(&mut tx, &id, &c.zones).await?;
    let deployed = if c.bypass { Some(bypass_review(&mut tx, user, &id, now).await?) } else { None };
    let after = json!({"partNumber": c.part, "zones": c.zones, "contentHash": content_hash, "newRelease": c.new_release, "referenceOnly": c.reference_only, "bypass": c.bypass, "changes": c.changes});
    audit(&mut tx, now, act(user, "swp.submit", &id, format!("SWP for part {} submitted for review", c.part)).after(after)).await?;
    if let Some((d, swp)) = &deployed {
        audit_deploy(&mut tx, now, user, swp, d, "deployed directly to the plant floor: management approval bypassed by a manager").await?;
    }
    tx.commit().await?;
    Ok(id)
}

#[allow(clippy::too_many_arguments)]
async fn insert_swp(tx: &mut AnyConnection, user: &User, c: &Checked, made: &HashMap<&str, Section>, id: &str, part_id: &str, content_hash: &str, now: i64) -> AppResult<()> {
    let (behalf_id, behalf_name) = c.on_behalf.as_ref().map(|u| (Some(u.id.clone()), u.full_name())).unwrap_or((None, String::new()));
    sqlx::query(
        "INSERT INTO swps (id, company_code, part_number, part_id, status, format, owner_id, owner_firstname, owner_lastname, on_behalf_id, on_behalf_name, \
         zones, changes, new_release, reference_only, bypass, swc_file, jes_file, vis_file, video_file, content_hash, upload_date, zone_mask) \
         VALUES ($1, $2, $3, $4, 'pending', 'swp', $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21)",
    )
    .bind(id)
    .bind(&user.company_code)
    .bind(&c.part)
    .bind(part_id)
    .bind(&user.id)
    .bind(&user.firstname)
    .bind(&user.lastname)
    .bind(behalf_id)
    .bind(&behalf_name)
    .bind(serde_json::to_string(&c.zones).unwrap_or_default())
    .bind(&c.changes)
    .bind(i64::from(c.new_release))
    .bind(i64::from(c.reference_only))
    .bind(i64::from(c.bypass))
    .bind(&made["swc"].file_id)
    .bind(&made["jes"].file_id)
    .bind(&made["vis"].file_id)
    .bind(c.video.clone())
    .bind(content_hash)
    .bind(now)
    .bind(plantdoc_core::zones::zone_mask(&c.zones))
    .execute(&mut *tx)
    .await?;
    Ok(())
}

/// Marks every stage bypassed by the manager and deploys the SWP.
async fn bypass_review(tx: &mut AnyConnection, user: &User, id: &str, now: i64) -> AppResult<(crate::lifecycle::Deployed, crate::model::Swp)> {
    let sets: Vec<String> = STAGES
        .iter()
        .map(|s| format!("{k}_status = '{}', {k}_reviewer_id = $1, {k}_reviewer = $2, {k}_date = $3", Verdict::Bypassed.as_str(), k = s.key()))
        .collect();
    sqlx::query(&format!("UPDATE swps SET {} WHERE id = $4", sets.join(", ")))
        .bind(&user.id)
        .bind(user.full_name())
        .bind(now)
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let swp = store_in_tx(tx, id).await?;
    Ok((deploy(tx, now, &swp).await?, swp))
}

async fn store_in_tx(conn: &mut AnyConnection, id: &str) -> AppResult<crate::model::Swp> {
    let sql = format!("SELECT {} FROM swps s WHERE s.id = $1", crate::model::COLUMNS);
    let row = sqlx::query(&sql).bind(id).fetch_one(&mut *conn).await?;
    Ok(crate::model::Swp::from_row(&row)?)
}

/// Reads a section's PDFs, checks them and merges several into one stored (pending) file.
async fn section(state: &AppState, user: &User, part: &str, key: &str, ids: &[String], uploads: &HashMap<String, PendingFile>) -> Result<Section, Refusal> {
    let files: Vec<pdf::Source> = ids.iter().map(|i| pdf::Source { name: &uploads[i].filename, key: &uploads[i].key }).collect();
    let merged = pdf::check_and_merge(&state.storage, &files).await.map_err(pdf::PdfError::message)?;
    match merged {
        Merged::Single => Ok(Section { file_id: ids[0].clone(), sha256: uploads[&ids[0]].sha256.clone(), consumed: Vec::new() }),
        Merged::Bytes(_) | Merged::File(..) => {
            let name = format!("{}-{}.pdf", part.replace(['/', ' '], "-"), key.to_uppercase());
            let rec = files::store_merged(state, &user.id, "swp", &name, merged).await.map_err(|e| match e {
                PutError::TooLarge { .. } | PutError::Stream(_) => "These PDFs could not be combined.".to_string(),
                PutError::Full => "The server's storage is full, so the combined PDF was not saved. Tell your administrator, then try again.".to_string(),
                PutError::Store(e) => {
                    tracing::error!(error = %e, "merged PDF not stored");
                    "The combined PDF could not be stored; please try again.".to_string()
                }
            })?;
            Ok(Section { file_id: rec.id, sha256: rec.sha256, consumed: ids.to_vec() })
        }
    }
}
