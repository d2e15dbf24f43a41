//! Alerts per language (issue 29 item 4): one translated file per language.
//! `POST /api/alerts/{alertId}/translations` (multipart: lang, file) adds one to a
//! deployed alert or replaces the one of that language; `DELETE
//! /api/alerts/{alertId}/translations/{lang}` removes it; each with its audit row (the old
//! file's SHA-256 when one goes) in the same transaction. The alert, its file's SHA-256
//! and its review do not change. `GET /api/alerts/file/{alertId}?lang=xx` links the file
//! in xx when there is one, else the original, and says which (`served`).
use axum::extract::{Path, Query, Request, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::iso;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::files::{self, FileKind, FileState, UploadPolicy};
use plantdoc_core::ports::{doc_lang, VersionFile};
use plantdoc_core::review::engine::append;
use plantdoc_core::review::{can_manage, Status};
use plantdoc_core::storage::FileRecord;
use plantdoc_core::text;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::Row;

use crate::access::KIND;
use crate::model::Alert;
use crate::store::{self, visible_alert};
use crate::submit::{MAX_FILE_BYTES, MAX_PENDING_UPLOADS, MODULE};

/// The section name of an alert's file in a sign record's `readFiles`.
pub const SECTION: &str = "alert";

/// The alert's translations: (lang, file id, sha256, uploaded at), by language.
pub async fn of_alert(state: &AppState, id: &str) -> Result<Vec<(String, String, String, i64)>, sqlx::Error> {
    let rows = sqlx::query("SELECT lang, file_id, sha256, uploaded_at FROM alert_translations WHERE alert_id = $1 ORDER BY lang")
        .bind(id)
        .fetch_all(&mut *state.db.reader().await?)
        .await?;
    rows.iter().map(|r| Ok((r.try_get("lang")?, r.try_get("file_id")?, r.try_get("sha256")?, r.try_get("uploaded_at")?))).collect()
}

/// Every file of the alert: the original (lang None) and its translations.
pub async fn version_files(state: &AppState, id: &str) -> AppResult<Vec<VersionFile>> {
    let Some(a) = store::fetch_one(&state.db, id).await? else { return Ok(Vec::new()) };
    let mut out = vec![VersionFile { section: SECTION.into(), lang: None, sha256: a.file_hash }];
    for (lang, _, sha, _) in of_alert(state, id).await? {
        out.push(VersionFile { section: SECTION.into(), lang: Some(lang), sha256: sha });
    }
    Ok(out)
}

fn may_translate(state: &AppState, user: &User, a: &Alert) -> AppResult<()> {
    if KIND.require_uploader(user).is_err() && !can_manage(&state.zones, user, a) {
        return Err(AppError::Forbidden(text!("Only process engineers and managers translate alerts.").into()));
    }
    if a.status != Status::Deployed {
        return Err(AppError::Conflict(text!("Only a deployed alert's translations are changed.").into()));
    }
    Ok(())
}

/// The answer of the two writes: `{alertId, translations: [{lang, sha256, uploadedAt}]}`.
async fn answer(state: &AppState, id: &str) -> AppResult<axum::Json<Value>> {
    let list: Vec<Value> =
        of_alert(state, id).await?.into_iter().map(|(l, _, sha, at)| json!({"lang": l, "sha256": sha, "uploadedAt": iso(at)})).collect();
    Ok(axum::Json(json!({"alertId": id, "translations": list})))
}

/// `POST /api/alerts/{alertId}/translations`.
pub async fn add(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>, req: Request) -> AppResult<axum::Json<Value>> {
    let a = visible_alert(&state, &user, &id).await?;
    may_translate(&state, &user, &a)?;
    let limit = state.settings.server.upload_limit.min(MAX_FILE_BYTES);
    let policy = UploadPolicy { module: MODULE, kind: FileKind::Pdf, limit, max_pending: MAX_PENDING_UPLOADS };
    let (rec, fields) = files::receive_form(&state, &user, req, None, policy).await?;
    let done = attach(&state, &user, &a, &rec, fields.get("lang").map(String::as_str).unwrap_or_default()).await;
    if done.is_err() {
        files::remove(&state, MODULE, &rec.id, &rec.key, FileState::Pending).await;
    }
    if let Some((old_id, old_key)) = done? {
        files::remove(&state, MODULE, &old_id, &old_key, FileState::Attached).await;
    }
    answer(&state, &a.id).await
}

/// The replaced file (id, storage key) to remove after the commit.
type Replaced = Option<(String, String)>;

async fn attach(state: &AppState, user: &User, a: &Alert, rec: &FileRecord, lang: &str) -> AppResult<Replaced> {
    let lang = doc_lang(lang).map_err(|m| AppError::field("lang", m))?;
    plantdoc_core::pdf::check_upload(&state.storage, &rec.filename, &rec.key).await.map_err(|e| AppError::field("file", e.message()))?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    // The first write takes the lock and re-checks that the alert is still deployed.
    let live = sqlx::query("UPDATE alerts SET status = status WHERE id = $1 AND status = 'deployed'").bind(&a.id).execute(&mut *tx).await?;
    if live.rows_affected() != 1 {
        return Err(AppError::Conflict(text!("This alert is no longer deployed.").into()));
    }
    if !files::claim(&mut tx, &user.id, MODULE, &rec.id, FileState::Attached).await? {
        return Err(AppError::field("file", text!("This file is no longer a pending upload of yours; please upload it again.")));
    }
    let old = old_file(&mut tx, &a.id, lang).await?;
    sqlx::query("DELETE FROM alert_translations WHERE alert_id = $1 AND lang = $2").bind(&a.id).bind(lang).execute(&mut *tx).await?;
    sqlx::query(
        "INSERT INTO alert_translations (alert_id, lang, file_id, sha256, size, uploaded_by, uploaded_at) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(&a.id)
    .bind(lang)
    .bind(&rec.id)
    .bind(&rec.sha256)
    .bind(rec.size as i64)
    .bind(&user.id)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let verb = if old.is_some() { "replaced" } else { "added" };
    let mut entry = KIND
        .act(user, "translation", &a.id, format!("translation ({lang}) of alert {} {verb}", a.alert_tag))
        .after(json!({"lang": lang, "sha256": rec.sha256, "size": rec.size, "filename": rec.filename}));
    if let Some((_, sha, _)) = &old {
        entry = entry.before(json!({"lang": lang, "sha256": sha}));
    }
    append(&mut tx, now, &[entry]).await?;
    tx.commit().await?;
    Ok(old.map(|(id, _, key)| (id, key)))
}

/// The translation of `lang` now: (file id, sha256, storage key).
async fn old_file(conn: &mut sqlx::AnyConnection, id: &str, lang: &str) -> Result<Option<(String, String, String)>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT t.file_id, t.sha256, f.storage_key FROM alert_translations t JOIN files f ON f.id = t.file_id WHERE t.alert_id = $1 AND t.lang = $2",
    )
    .bind(id)
    .bind(lang)
    .fetch_optional(conn)
    .await?;
    row.map(|r| Ok((r.try_get("file_id")?, r.try_get("sha256")?, r.try_get("storage_key")?))).transpose()
}

/// `DELETE /api/alerts/{alertId}/translations/{lang}`.
pub async fn remove(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((id, lang)): Path<(String, String)>,
) -> AppResult<axum::Json<Value>> {
    let a = visible_alert(&state, &user, &id).await?;
    may_translate(&state, &user, &a)?;
    let lang = doc_lang(&lang).map_err(|m| AppError::field("lang", m))?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let (file_id, sha, key) = old_file(&mut tx, &a.id, lang).await?.ok_or(AppError::NotFound)?;
    let gone = sqlx::query("DELETE FROM alert_translations WHERE alert_id = $1 AND lang = $2 AND file_id = $3")
        .bind(&a.id)
        .bind(lang)
        .bind(&file_id)
        .execute(&mut *tx)
        .await?;
    if gone.rows_affected() != 1 {
        return Err(AppError::NotFound);
    }
    let entry = KIND
        .act(&user, "translation", &a.id, format!("translation ({lang}) of alert {} removed", a.alert_tag))
        .before(json!({"lang": lang, "sha256": sha}));
    append(&mut tx, now, &[entry]).await?;
    tx.commit().await?;
    files::remove(&state, MODULE, &file_id, &key, FileState::Attached).await;
    answer(&state, &a.id).await
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct LangQuery {
    /// The reader's language: its translation is linked when the alert has one.
    lang: Option<String>,
}

/// `GET /api/alerts/file/{alertId}?lang=xx`: `{url, served: {lang, sha256},
/// translations: [lang]}`, `served.lang` null when the original is linked.
pub async fn file(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
) -> AppResult<axum::Json<Value>> {
    let a = visible_alert(&state, &user, &id).await?;
    let list = of_alert(&state, &a.id).await?;
    let lang = q.lang.as_deref().and_then(|l| doc_lang(l).ok());
    let chosen = list.iter().find(|(l, ..)| Some(l.as_str()) == lang);
    let (file_id, served) = match chosen {
        Some((l, fid, sha, _)) => (fid.clone(), json!({"lang": l, "sha256": sha})),
        None => (a.file_id.clone(), json!({"lang": null, "sha256": a.file_hash})),
    };
    let found = files::describe(&state, std::slice::from_ref(&file_id)).await?;
    let (key, ct) = found.get(&file_id).ok_or(AppError::NotFound)?;
    let now = state.now_ms();
    let name = format!("{}{}.{}", a.alert_tag, chosen.map(|(l, ..)| format!("-{l}")).unwrap_or_default(), files::extension(ct));
    let url = state.storage.copy_link(key, &name, ct, now, &store::copy_facts(&a, now)).await?;
    let langs: Vec<&String> = list.iter().map(|(l, ..)| l).collect();
    Ok(axum::Json(json!({"url": url, "served": served, "translations": langs})))
}
