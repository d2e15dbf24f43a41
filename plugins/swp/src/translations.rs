//! Documents per language (issue 29 item 4): a revision's translated SWC, JES and VIS.
//! `POST /api/swps/{swpId}/translations` (multipart: section, lang, file) adds one to a
//! deployed revision, or replaces the one of the same section and language; `DELETE
//! /api/swps/{swpId}/translations/{section}/{lang}` removes it. Neither changes the
//! revision, its content hash or its review; each writes its audit row (with the old
//! file's SHA-256 when one goes) in the same transaction. The file is checked like an
//! upload's (the same drop, PDF checks and limits: `files::receive_form`, `pdf`).
use plantdoc_core::text;
use std::collections::HashMap;

use axum::extract::{Path, Request, State};
use axum::response::Response;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::iso;
use plantdoc_core::db::Db;
use plantdoc_core::error::{AppError, AppResult, FieldErrors};
use plantdoc_core::files::{self, FileKind, FileState, UploadPolicy};
use plantdoc_core::ports::{doc_lang, VersionFile};
use plantdoc_core::review::can_manage;
use plantdoc_core::review::engine::append;
use plantdoc_core::storage::FileRecord;
use serde_json::{json, Value};
use sqlx::{AnyConnection, Row};

use crate::access::KIND;
use crate::model::{Swp, SwpStatus};
use crate::store::{self, visible_swp};

/// The sections a translation may be of, with their names.
pub const SECTIONS: [(&str, &str); 3] = [("swc", "SWC"), ("jes", "JES"), ("vis", "VIS")];

/// One translated file of a revision.
#[derive(Debug, Clone)]
pub struct Translation {
    pub section: String,
    pub lang: String,
    pub file_id: String,
    pub sha256: String,
    pub uploaded_at: i64,
}

/// The revision's translations, by section then language.
pub async fn of_swp(conn: &mut AnyConnection, swp_id: &str) -> Result<Vec<Translation>, sqlx::Error> {
    let rows =
        sqlx::query("SELECT section, lang, file_id, sha256, uploaded_at FROM swp_translations WHERE swp_id = $1 ORDER BY section, lang")
            .bind(swp_id)
            .fetch_all(conn)
            .await?;
    rows.iter()
        .map(|r| {
            Ok(Translation {
                section: r.try_get("section")?,
                lang: r.try_get("lang")?,
                file_id: r.try_get("file_id")?,
                sha256: r.try_get("sha256")?,
                uploaded_at: r.try_get("uploaded_at")?,
            })
        })
        .collect()
}

/// [`of_swp`] on a reader.
pub async fn read(db: &Db, swp_id: &str) -> Result<Vec<Translation>, sqlx::Error> {
    of_swp(&mut *db.reader().await?, swp_id).await
}

/// The answers' `translations`: `[{section, lang, sha256, uploadedAt}]`.
pub fn json(list: &[Translation]) -> Value {
    Value::Array(
        list.iter().map(|t| json!({"section": t.section, "lang": t.lang, "sha256": t.sha256, "uploadedAt": iso(t.uploaded_at)})).collect(),
    )
}

/// Every file of the SWP's version: the three originals (lang None) and the translations.
pub async fn version_files(db: &Db, swp_id: &str) -> AppResult<Vec<VersionFile>> {
    let Some(row) =
        sqlx::query("SELECT swc_file, jes_file, vis_file FROM swps WHERE id = $1").bind(swp_id).fetch_optional(&db.pool).await?
    else {
        return Ok(Vec::new());
    };
    let ids: Vec<String> = ["swc_file", "jes_file", "vis_file"].iter().map(|c| row.try_get(*c)).collect::<Result<_, _>>()?;
    let shas = files::sha256s(db, &ids).await?;
    let mut out: Vec<VersionFile> = SECTIONS
        .iter()
        .zip(&ids)
        .map(|((s, _), id)| VersionFile { section: s.to_string(), lang: None, sha256: shas.get(id).cloned().unwrap_or_default() })
        .collect();
    for t in read(db, swp_id).await? {
        out.push(VersionFile { section: t.section, lang: Some(t.lang), sha256: t.sha256 });
    }
    Ok(out)
}

/// Who adds and removes a revision's translations: its uploaders (process engineers and
/// managers) and whoever manages it, on a deployed revision they see.
fn may_translate(state: &AppState, user: &User, swp: &Swp) -> AppResult<()> {
    if KIND.require_uploader(user).is_err() && !can_manage(&state.zones, user, swp) {
        return Err(AppError::Forbidden(text!("Only process engineers and managers translate SWPs.").into()));
    }
    if swp.status != SwpStatus::Deployed {
        return Err(AppError::Conflict(text!("Only a deployed SWP's translations are changed.").into()));
    }
    Ok(())
}

/// A section and a language as sent, with their field errors.
fn section_and_lang(section: Option<&str>, lang: Option<&str>) -> AppResult<(&'static str, &'static str)> {
    let mut e = FieldErrors::new();
    let section = SECTIONS.iter().map(|(k, _)| *k).find(|k| Some(*k) == section.map(str::trim));
    if section.is_none() {
        e.insert("section".into(), text!("Choose a section: swc, jes or vis.").into());
    }
    let lang = doc_lang(lang.unwrap_or_default()).map_err(|m| e.insert("lang".into(), m.into())).ok();
    match (section, lang) {
        (Some(s), Some(l)) if e.is_empty() => Ok((s, l)),
        _ => Err(AppError::Fields(e)),
    }
}

/// `POST /api/swps/{swpId}/translations`: answers the SWP (`{swp}`) with its translations.
pub async fn add(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>, req: Request) -> AppResult<Response> {
    let swp = visible_swp(&state, &user, &id).await?;
    may_translate(&state, &user, &swp)?;
    let policy = UploadPolicy {
        module: "swp",
        kind: FileKind::Pdf,
        limit: crate::upload::limit(&state, FileKind::Pdf),
        max_pending: state.get::<crate::SwpState>().settings.max_pending_uploads,
    };
    let (rec, fields) = files::receive_form(&state, &user, req, None, policy).await?;
    let done = attach(&state, &user, &swp, &rec, &fields).await;
    if done.is_err() {
        files::remove(&state, "swp", &rec.id, &rec.key, FileState::Pending).await;
    }
    let replaced = done?;
    if let Some((old_id, old_key)) = replaced {
        files::remove(&state, "swp", &old_id, &old_key, FileState::Attached).await;
    }
    Ok(plantdoc_core::http::json_bytes(store::full_json(&state, &swp, "swp", false).await?))
}

/// Checks the fields and the PDF, then in one transaction attaches the file, writes the
/// translation (replacing one of the same section and language) and its audit row.
/// Answers the replaced file (id, storage key), removed after the commit.
async fn attach(
    state: &AppState,
    user: &User,
    swp: &Swp,
    rec: &FileRecord,
    fields: &HashMap<String, String>,
) -> AppResult<Option<(String, String)>> {
    let (section, lang) = section_and_lang(fields.get("section").map(String::as_str), fields.get("lang").map(String::as_str))?;
    if rec.content_type != "application/pdf" {
        return Err(AppError::field("file", text!("A translation is a PDF.")));
    }
    plantdoc_core::pdf::check_upload(&state.storage, &rec.filename, &rec.key).await.map_err(|e| AppError::field("file", e.message()))?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    // The first write: takes the lock and re-checks that the revision is still deployed.
    let live = sqlx::query("UPDATE swp_parts SET current_id = current_id WHERE current_id = $1").bind(&swp.id).execute(&mut *tx).await?;
    if live.rows_affected() != 1 {
        return Err(AppError::Conflict(text!("This SWP is no longer deployed.").into()));
    }
    if !files::claim(&mut tx, &user.id, "swp", &rec.id, FileState::Attached).await? {
        return Err(AppError::field("file", text!("This file is no longer a pending upload of yours; please upload it again.")));
    }
    let old = sqlx::query("SELECT t.file_id, t.sha256, f.storage_key FROM swp_translations t JOIN files f ON f.id = t.file_id WHERE t.swp_id = $1 AND t.section = $2 AND t.lang = $3")
        .bind(&swp.id)
        .bind(section)
        .bind(lang)
        .fetch_optional(&mut *tx)
        .await?;
    let old: Option<(String, String, String)> =
        old.map(|r| Ok::<_, sqlx::Error>((r.try_get("file_id")?, r.try_get("sha256")?, r.try_get("storage_key")?))).transpose()?;
    sqlx::query("DELETE FROM swp_translations WHERE swp_id = $1 AND section = $2 AND lang = $3")
        .bind(&swp.id)
        .bind(section)
        .bind(lang)
        .execute(&mut *tx)
        .await?;
    sqlx::query(
        "INSERT INTO swp_translations (swp_id, section, lang, file_id, sha256, size, uploaded_by, uploaded_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(&swp.id)
    .bind(section)
    .bind(lang)
    .bind(&rec.id)
    .bind(&rec.sha256)
    .bind(rec.size as i64)
    .bind(&user.id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let verb = if old.is_some() { "replaced" } else { "added" };
    let meaning =
        format!("{} translation ({lang}) of part {} revision {} {verb}", section.to_uppercase(), swp.part_number, swp.shown_revision());
    let before = old.as_ref().map(|(_, sha, _)| json!({"section": section, "lang": lang, "sha256": sha}));
    let after = json!({"section": section, "lang": lang, "sha256": rec.sha256, "size": rec.size, "filename": rec.filename});
    let mut entry = KIND.act(user, "translation", &swp.id, meaning).after(after);
    if let Some(b) = before {
        entry = entry.before(b);
    }
    append(&mut tx, now, &[entry]).await?;
    tx.commit().await?;
    Ok(old.map(|(id, _, key)| (id, key)))
}

/// `DELETE /api/swps/{swpId}/translations/{section}/{lang}`: answers the SWP (`{swp}`).
pub async fn remove(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((id, section, lang)): Path<(String, String, String)>,
) -> AppResult<Response> {
    let swp = visible_swp(&state, &user, &id).await?;
    may_translate(&state, &user, &swp)?;
    let (section, lang) = section_and_lang(Some(&section), Some(&lang))?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let old = sqlx::query("SELECT t.file_id, t.sha256, f.storage_key FROM swp_translations t JOIN files f ON f.id = t.file_id WHERE t.swp_id = $1 AND t.section = $2 AND t.lang = $3")
        .bind(&swp.id)
        .bind(section)
        .bind(lang)
        .fetch_optional(&mut *tx)
        .await?
        .ok_or(AppError::NotFound)?;
    let (file_id, sha, key): (String, String, String) = (old.try_get("file_id")?, old.try_get("sha256")?, old.try_get("storage_key")?);
    let gone = sqlx::query("DELETE FROM swp_translations WHERE swp_id = $1 AND section = $2 AND lang = $3 AND file_id = $4")
        .bind(&swp.id)
        .bind(section)
        .bind(lang)
        .bind(&file_id)
        .execute(&mut *tx)
        .await?;
    if gone.rows_affected() != 1 {
        return Err(AppError::NotFound);
    }
    let meaning =
        format!("{} translation ({lang}) of part {} revision {} removed", section.to_uppercase(), swp.part_number, swp.shown_revision());
    let entry = KIND.act(&user, "translation", &swp.id, meaning).before(json!({"section": section, "lang": lang, "sha256": sha}));
    append(&mut tx, now, &[entry]).await?;
    tx.commit().await?;
    files::remove(&state, "swp", &file_id, &key, FileState::Attached).await;
    Ok(plantdoc_core::http::json_bytes(store::full_json(&state, &swp, "swp", false).await?))
}
