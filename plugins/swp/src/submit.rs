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
use plantdoc_core::error::{AppError, AppResult, FieldErrors, Json};
use plantdoc_core::storage::{FileMeta, PutError};
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use sqlx::{AnyConnection, Row};

use crate::access::require_uploader;
use crate::fields::{check_part, check_zones, flag, id_list};
use crate::lifecycle::{act, audit, audit_deploy, deploy};
use crate::model::{STAGES, ST_BYPASSED};
use crate::pdf::{self, Merged};
use crate::store::{self, Q};
use crate::upload::{Kind, PDF_MAX_BYTES};

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

/// A pending upload as `uploadS3` needs it.
struct Upload {
    key: String,
    filename: String,
    content_type: String,
    sha256: String,
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
    uploads: HashMap<String, Upload>,
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
    let files = body.get("fileIds").cloned().unwrap_or(Value::Null);
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
                e.insert(key.into(), m);
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
            e.insert("video".into(), m);
            None
        }
    };
    if !matches!(id_list(files.get("opin")), Ok(v) if v.is_empty()) {
        e.insert("opin".into(), "OPIN files are not taken.".into());
    }
    let part = check_part(body.get("partNumber").unwrap_or(&Value::Null)).map_err(|m| e.insert("partNumber".into(), m)).ok();
    let zones = check_zones(state, user, body.get("zones").unwrap_or(&Value::Null)).map_err(|m| e.insert("zones".into(), m)).ok();
    if !matches!(body.get("format"), None | Some(Value::Null)) && body.get("format").and_then(Value::as_str) != Some("swp") {
        e.insert("format".into(), "The format is 'swp'.".into());
    }
    let new_release = flag(body, "newRelease", true, &mut e, "newRelease");
    let reference_only = flag(body, "referenceOnly", false, &mut e, "referenceOnly");
    let bypass = flag(body, "bypassManagement", false, &mut e, "bypass");
    if bypass && !user.is_manager() {
        e.insert("bypass".into(), "Only managers may bypass management approval.".into());
    }
    let changes = match body.get("changes") {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.trim().to_string(),
        Some(_) => {
            e.insert("changes".into(), "Changes are text.".into());
            String::new()
        }
    };
    if changes.chars().count() > MAX_CHANGES_CHARS {
        e.insert("changes".into(), format!("Changes must be at most {MAX_CHANGES_CHARS} characters."));
    } else if !new_release && changes.is_empty() {
        e.insert("changes".into(), "Please describe the changes to the existing document.".into());
    }
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
    let on_behalf = on_behalf_of(state, user, body.get("onBehalfOf")).await.map_err(|m| e.insert("onBehalfOf".into(), m)).ok().flatten();

    // The files: the caller's own pending uploads of the right kind.
    let mut all_ids: Vec<String> = sections.iter().flat_map(|(_, ids)| ids.iter().cloned()).collect();
    all_ids.extend(video.clone());
    let uploads = pending_uploads(state, user, &all_ids).await?;
    for (key, ids) in &sections {
        if ids.iter().any(|i| uploads.get(i).is_none_or(|u| u.content_type != "application/pdf")) {
            e.entry(key.to_string()).or_insert_with(|| LOST.into());
        }
    }
    if let Some(v) = &video {
        if uploads.get(v).is_none_or(|u| !u.content_type.starts_with("video/")) {
            e.insert("video".into(), "This video is not a pending upload of yours (it may have expired); please upload it again.".into());
        }
    }
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    Ok(Checked {
        sections,
        video,
        uploads,
        part: part.unwrap_or_default(),
        zones: zones.unwrap_or_default(),
        new_release,
        reference_only,
        bypass,
        changes,
        on_behalf,
    })
}

pub async fn submit(State(state): State<AppState>, user: CurrentUser, Json(body): Json<Value>) -> AppResult<axum::Json<Value>> {
    require_uploader(&user)?;
    crate::sweep::ensure_started(&state);
    if !body.is_object() {
        return Err(AppError::field("body", "Expected a JSON object."));
    }
    let Checked { sections, video, uploads, part, zones, new_release, reference_only, bypass, changes, on_behalf } = check(&state, &user, &body).await?;
    let mut e = FieldErrors::new();

    // Check and merge each section (first upload first).
    let mut made: HashMap<&str, Section> = HashMap::new();
    for (key, ids) in &sections {
        match section(&state, &user, &part, key, ids, &uploads).await {
            Ok(s) => {
                made.insert(key, s);
            }
            Err(m) => {
                e.insert(key.to_string(), m);
            }
        }
    }
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    let video_sha = video.as_ref().map(|v| uploads[v].sha256.clone());
    let mut h = Sha256::new();
    for (key, _) in SECTIONS {
        h.update(format!("{key}:{}\n", made[key].sha256));
    }
    h.update(format!("video:{}\n", video_sha.as_deref().unwrap_or("-")));
    let content_hash = hex::encode(h.finalize());

    let id = plantdoc_core::db::new_id();
    let now = state.now_ms();
    let mut tx = state.db.pool.begin().await?;
    // Attach (or consume) each upload only if still pending: the first write of the
    // transaction, and the guard against the sweep and a second submit of the same files.
    let mut attach: Vec<(&str, &str, &str)> = Vec::new();
    for (key, s) in &made {
        attach.push((s.file_id.as_str(), "attached", key));
        attach.extend(s.consumed.iter().map(|c| (c.as_str(), "consumed", *key)));
    }
    attach.extend(video.iter().map(|v| (v.as_str(), "attached", "video")));
    for (fid, st, field) in &attach {
        let done = sqlx::query("UPDATE files SET state = $1 WHERE id = $2 AND owner_id = $3 AND module = 'swp' AND state = 'pending'")
            .bind(*st)
            .bind(*fid)
            .bind(&user.id)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Err(AppError::field(field, LOST));
        }
    }
    let (behalf_id, behalf_name) = on_behalf.map(|u| (Some(u.id.clone()), u.full_name())).unwrap_or((None, String::new()));
    sqlx::query(
        "INSERT INTO swps (id, company_code, part_number, status, format, owner_id, owner_firstname, owner_lastname, on_behalf_id, on_behalf_name, \
         zones, changes, new_release, reference_only, bypass, swc_file, jes_file, vis_file, video_file, content_hash, upload_date, zone_mask) \
         VALUES ($1, $2, $3, 'pending', 'swp', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)",
    )
    .bind(&id)
    .bind(&user.company_code)
    .bind(&part)
    .bind(&user.id)
    .bind(&user.firstname)
    .bind(&user.lastname)
    .bind(behalf_id)
    .bind(&behalf_name)
    .bind(serde_json::to_string(&zones).unwrap_or_default())
    .bind(&changes)
    .bind(i64::from(new_release))
    .bind(i64::from(reference_only))
    .bind(i64::from(bypass))
    .bind(&made["swc"].file_id)
    .bind(&made["jes"].file_id)
    .bind(&made["vis"].file_id)
    .bind(video.clone())
    .bind(&content_hash)
    .bind(now)
    .bind(crate::access::zone_mask(&zones))
    .execute(&mut *tx)
    .await?;
    insert_zones(&mut tx, &id, &zones).await?;
    let mut deployed = None;
    if bypass {
        let mut sets = Vec::new();
        for s in STAGES {
            let k = s.key();
            sets.push(format!("{k}_status = '{ST_BYPASSED}', {k}_reviewer_id = $1, {k}_reviewer = $2, {k}_date = $3"));
        }
        sqlx::query(&format!("UPDATE swps SET {} WHERE id = $4", sets.join(", ")))
            .bind(&user.id)
            .bind(user.full_name())
            .bind(now)
            .bind(&id)
            .execute(&mut *tx)
            .await?;
        let swp = store_in_tx(&mut tx, &id).await?;
        deployed = Some((deploy(&mut tx, now, &swp).await?, swp));
    }
    let after = json!({"partNumber": part, "zones": zones, "contentHash": content_hash, "newRelease": new_release, "referenceOnly": reference_only, "bypass": bypass, "changes": changes});
    audit(&mut tx, now, act(&user, "swp.submit", &id, format!("SWP for part {part} submitted for review")).after(after)).await?;
    if let Some((d, swp)) = &deployed {
        audit_deploy(&mut tx, now, &user, swp, d, "deployed directly to the plant floor: management approval bypassed by a manager").await?;
    }
    tx.commit().await?;
    store::changed();
    // The merged sources are no longer needed (the sweep removes any left here).
    for s in made.values() {
        for c in &s.consumed {
            crate::sweep::remove_file(&state, c, &uploads[c].key, "consumed").await;
        }
    }
    let swp = store::fetch_one(&state.db, &id).await?.ok_or(AppError::NotFound)?;
    Ok(axum::Json(json!({"swp": store::full_json(&state, &swp).await?})))
}

async fn store_in_tx(conn: &mut AnyConnection, id: &str) -> AppResult<crate::model::Swp> {
    let sql = format!("SELECT {} FROM swps s WHERE s.id = $1", crate::model::COLUMNS);
    let row = sqlx::query(&sql).bind(id).fetch_one(&mut *conn).await?;
    Ok(crate::model::Swp::from_row(&row)?)
}

/// `None` for oneself; a process engineer of the caller's company otherwise.
async fn on_behalf_of(state: &AppState, user: &User, v: Option<&Value>) -> Result<Option<User>, String> {
    let id = match v {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::String(s)) if s.is_empty() || s == "CURRENT_USER" || *s == user.id => return Ok(None),
        Some(Value::String(s)) => s.clone(),
        Some(_) => return Err("Please select a process engineer.".into()),
    };
    let mut conn = state.db.pool.acquire().await.map_err(|_| "Please try again.".to_string())?;
    match users::find_by_id(&mut conn, &id).await {
        Ok(Some(u)) if u.company_code == user.company_code && u.is_process_engineer() && !u.disabled => Ok(Some(u)),
        Ok(_) => Err("Please select a process engineer of your company.".into()),
        Err(_) => Err("Please try again.".into()),
    }
}

async fn pending_uploads(state: &AppState, user: &User, ids: &[String]) -> AppResult<HashMap<String, Upload>> {
    let mut out = HashMap::new();
    if ids.is_empty() {
        return Ok(out);
    }
    let mut q = Q::default();
    let list = q.list(ids.iter().cloned());
    let me = q.p(user.id.clone());
    let sql = format!("SELECT id, storage_key, filename, content_type, sha256 FROM files WHERE id IN ({list}) AND owner_id = {me} AND module = 'swp' AND state = 'pending'");
    for r in q.query(&sql).fetch_all(&state.db.pool).await? {
        out.insert(
            r.try_get("id")?,
            Upload { key: r.try_get("storage_key")?, filename: r.try_get("filename")?, content_type: r.try_get("content_type")?, sha256: r.try_get("sha256")? },
        );
    }
    Ok(out)
}

/// Reads a section's PDFs, checks them and merges several into one stored (pending) file.
async fn section(state: &AppState, user: &User, part: &str, key: &str, ids: &[String], uploads: &HashMap<String, Upload>) -> Result<Section, String> {
    let mut files = Vec::new();
    for i in ids {
        let u = &uploads[i];
        let bytes = state.storage.read_all(&u.key, PDF_MAX_BYTES.min(Kind::Pdf.limit(state))).await.map_err(|e| {
            tracing::warn!(key = %u.key, error = %e, "pending upload unreadable");
            format!("{} could not be read; please upload it again.", u.filename)
        })?;
        files.push((u.filename.clone(), bytes));
    }
    match pdf::check_and_merge(files).await? {
        Merged::Single => Ok(Section { file_id: ids[0].clone(), sha256: uploads[&ids[0]].sha256.clone(), consumed: Vec::new() }),
        Merged::Bytes(b) => {
            let name = format!("{}-{}.pdf", part.replace(['/', ' '], "-"), key.to_uppercase());
            let meta = FileMeta { module: "swp", owner_id: Some(&user.id), filename: &name, content_type: "application/pdf", state: "pending" };
            let len = b.len() as u64;
            let stream = futures::stream::iter([Ok::<_, std::io::Error>(bytes::Bytes::from(b))]);
            let rec = state.storage.store_file(&state.db, state.now_ms(), meta, stream, len).await.map_err(|e| match e {
                PutError::TooLarge { .. } | PutError::Stream(_) => "These PDFs could not be combined.".to_string(),
                PutError::Store(e) => {
                    tracing::error!(error = %e, "merged PDF not stored");
                    "The combined PDF could not be stored; please try again.".to_string()
                }
            })?;
            Ok(Section { file_id: rec.id, sha256: rec.sha256, consumed: ids.to_vec() })
        }
    }
}
