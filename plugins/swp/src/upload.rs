//! File drops: `uploadPdf`, `uploadVideo` (one file per request, multipart as FilePond
//! sends it, or the raw body with `?filename=`) and `uploadPond/{serverId}` (revert).
//! Files are accepted by content: the first bytes must be the kind's magic and the name
//! must carry its extension; the Content-Type is ignored. The body streams to storage;
//! over the limit → 413 and nothing stored. Each stored file is a *pending* upload of its
//! uploader until `uploadS3` attaches it or the sweep removes it.
use axum::extract::{FromRequest, Multipart, Path, Query, Request, State};
use axum::http::header;
use bytes::Bytes;
use futures::{Stream, StreamExt};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::storage::{FileMeta, FileRecord, PutError};
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::Row;

use crate::access::require_uploader;

/// Largest single PDF, whatever `server.upload_limit` says: PDFs are read whole to merge.
pub const PDF_MAX_BYTES: u64 = 50 * 1024 * 1024;
/// Pending uploads one user may hold (3 sections × 10 PDFs + a video, with room to spare).
pub const MAX_PENDING_PER_USER: i64 = 64;
/// Form fields besides the file (FilePond may add metadata) before a request is refused.
const MAX_FORM_FIELDS: usize = 8;
/// Multipart framing allowed on top of the file itself in the Content-Length check.
const MULTIPART_SLACK: u64 = 64 * 1024;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    Pdf,
    Video,
}

impl Kind {
    pub fn limit(self, state: &AppState) -> u64 {
        let all = state.settings.server.upload_limit;
        match self {
            Kind::Pdf => all.min(PDF_MAX_BYTES),
            Kind::Video => all,
        }
    }
}

/// The stored content type for a file of `kind` with these first bytes and this name,
/// or the field error that refuses it.
pub fn detect(kind: Kind, head: &[u8], filename: &str) -> Result<&'static str, AppError> {
    let ext = filename.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
    match kind {
        Kind::Pdf => {
            if !head.starts_with(b"%PDF-") {
                return Err(AppError::field("file", "This file is not a PDF."));
            }
            if ext != "pdf" {
                return Err(AppError::field("file", "A PDF file name must end in .pdf."));
            }
            Ok("application/pdf")
        }
        Kind::Video => {
            let (ct, exts): (&str, &[&str]) = if head.len() >= 8 && &head[4..8] == b"ftyp" {
                ("video/mp4", &["mp4", "m4v"])
            } else if head.starts_with(&[0x1A, 0x45, 0xDF, 0xA3]) {
                ("video/webm", &["webm"])
            } else {
                return Err(AppError::field("file", "The video must be an MP4 or WebM file."));
            };
            if !exts.contains(&ext.as_str()) {
                return Err(AppError::field("file", format!("This video's file name must end in .{}.", exts[0])));
            }
            Ok(ct)
        }
    }
}

#[derive(Deserialize)]
pub struct RawQuery {
    filename: Option<String>,
}

pub async fn upload_pdf(state: State<AppState>, user: CurrentUser, query: Query<RawQuery>, req: Request) -> AppResult<axum::Json<Value>> {
    upload(state, user, query, req, Kind::Pdf).await
}

pub async fn upload_video(state: State<AppState>, user: CurrentUser, query: Query<RawQuery>, req: Request) -> AppResult<axum::Json<Value>> {
    upload(state, user, query, req, Kind::Video).await
}

/// Answers `{"serverId", "filename", "size"}` (JSON; FilePond's `process.onload` reads
/// `serverId` from it).
async fn upload(State(state): State<AppState>, user: CurrentUser, Query(query): Query<RawQuery>, req: Request, kind: Kind) -> AppResult<axum::Json<Value>> {
    require_uploader(&user)?;
    crate::sweep::ensure_started(&state);
    let limit = kind.limit(&state);
    let declared = req.headers().get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()).and_then(|v| v.parse::<u64>().ok());
    if declared.is_some_and(|n| n > limit + MULTIPART_SLACK) {
        return Err(too_large(limit));
    }
    let pending: i64 = sqlx::query("SELECT COUNT(*) AS n FROM files WHERE owner_id = $1 AND module = 'swp' AND state = 'pending'")
        .bind(&user.id)
        .fetch_one(&state.db.pool)
        .await?
        .try_get("n")?;
    if pending >= MAX_PENDING_PER_USER {
        return Err(AppError::field("file", "You have too many uploads waiting to be submitted. Submit or remove some first."));
    }
    let is_multipart = req
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("multipart/form-data"));
    let rec = if is_multipart {
        let mut mp = Multipart::from_request(req, &state).await.map_err(|_| AppError::field("file", "Could not read the upload."))?;
        let mut stored: Option<FileRecord> = None;
        let mut fields = 0;
        loop {
            let field = match mp.next_field().await {
                Ok(Some(f)) => f,
                Ok(None) => break,
                Err(e) => {
                    discard(&state, stored.take()).await;
                    return Err(AppError::field("file", format!("Could not read the upload: {}", e.body_text())));
                }
            };
            fields += 1;
            if fields > MAX_FORM_FIELDS {
                discard(&state, stored.take()).await;
                return Err(AppError::field("file", "Send one file per request."));
            }
            let Some(name) = field.file_name().map(str::to_string) else { continue };
            if stored.is_some() {
                discard(&state, stored.take()).await;
                return Err(AppError::field("file", "Send one file per request."));
            }
            stored = Some(store(&state, &user, kind, &name, field, limit).await?);
        }
        stored.ok_or_else(|| AppError::field("file", "No file was sent."))?
    } else {
        let name = query.filename.unwrap_or_else(|| if kind == Kind::Pdf { "document.pdf".into() } else { "video.mp4".into() });
        store(&state, &user, kind, &name, req.into_body().into_data_stream(), limit).await?
    };
    Ok(axum::Json(json!({"serverId": rec.id, "filename": rec.filename, "size": rec.size})))
}

fn too_large(limit: u64) -> AppError {
    AppError::PayloadTooLarge(format!("The file is larger than the limit of {} MB.", limit / (1024 * 1024)))
}

/// Checks the first bytes, then streams the rest to storage as a pending upload.
async fn store<S, E>(state: &AppState, user: &CurrentUser, kind: Kind, name: &str, body: S, limit: u64) -> AppResult<FileRecord>
where
    S: Stream<Item = Result<Bytes, E>> + Send,
    E: std::fmt::Display + Send,
{
    let mut body = Box::pin(body);
    let mut head: Vec<Bytes> = Vec::new();
    let mut seen = 0usize;
    while seen < 16 {
        match body.next().await {
            Some(Ok(b)) => {
                seen += b.len();
                head.push(b);
            }
            Some(Err(e)) => return Err(AppError::field("file", format!("The upload was interrupted: {e}"))),
            None => break,
        }
    }
    let prefix: Vec<u8> = head.iter().flat_map(|b| b.iter().copied()).take(16).collect();
    let content_type = detect(kind, &prefix, name)?;
    let stream = futures::stream::iter(head.into_iter().map(Ok)).chain(body);
    let meta = FileMeta { module: "swp", owner_id: Some(&user.id), filename: name, content_type, state: "pending" };
    state.storage.store_file(&state.db, state.now_ms(), meta, stream, limit).await.map_err(|e| match e {
        PutError::TooLarge { limit } => too_large(limit),
        PutError::Stream(m) => AppError::field("file", format!("The upload was interrupted: {m}")),
        PutError::Store(e) => AppError::Internal(e),
    })
}

/// Removes a file stored earlier in a request that is then refused.
async fn discard(state: &AppState, rec: Option<FileRecord>) {
    if let Some(r) = rec {
        let _ = sqlx::query("DELETE FROM files WHERE id = $1").bind(&r.id).execute(&state.db.pool).await;
        if let Err(e) = state.storage.delete(&r.key).await {
            tracing::warn!(key = %r.key, error = %e, "could not remove a refused upload");
        }
    }
}

/// FilePond's revert: removes one of the caller's own pending uploads.
pub async fn revert(State(state): State<AppState>, user: CurrentUser, Path(id): Path<String>) -> AppResult<axum::Json<Value>> {
    require_uploader(&user)?;
    let row = sqlx::query("SELECT storage_key FROM files WHERE id = $1 AND owner_id = $2 AND module = 'swp' AND state = 'pending'")
        .bind(&id)
        .bind(&user.id)
        .fetch_optional(&state.db.pool)
        .await?
        .ok_or(AppError::NotFound)?;
    let key: String = row.try_get("storage_key")?;
    // The row goes first and only if still pending: a concurrent submit that attached it wins.
    let gone = sqlx::query("DELETE FROM files WHERE id = $1 AND state = 'pending'").bind(&id).execute(&state.db.pool).await?;
    if gone.rows_affected() == 0 {
        return Err(AppError::NotFound);
    }
    if let Err(e) = state.storage.delete(&key).await {
        tracing::warn!(%key, error = %e, "reverted upload: blob not removed (the storage sweep reports it)");
    }
    Ok(axum::Json(json!({"serverId": id, "deleted": true})))
}
