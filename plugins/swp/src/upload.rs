//! File drops: `uploadPdf`, `uploadVideo` (one file per request, multipart as FilePond
//! sends it, or the raw body with `?filename=`) and `uploadPond/{serverId}` (revert),
//! through the core's upload service with this module's limits.
use axum::extract::{Path, Query, Request, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::AppResult;
use plantdoc_core::files::{self, FileKind, UploadPolicy};
use plantdoc_core::http::schemas::{RawQuery, Reverted, Uploaded};

use crate::access::KIND;
use crate::SwpState;

/// The limit of one file of `kind`: PDFs are read whole to merge, so they have their own.
pub fn limit(state: &AppState, kind: FileKind) -> u64 {
    let all = state.settings.server.upload_limit;
    match kind {
        FileKind::Pdf => all.min(state.get::<SwpState>().settings.pdf_max_mb * 1024 * 1024),
        FileKind::Video => all,
    }
}

pub async fn upload_pdf(
    state: State<AppState>,
    user: CurrentUser,
    query: Query<RawQuery>,
    req: Request,
) -> AppResult<axum::Json<Uploaded>> {
    upload(state, user, query, req, FileKind::Pdf).await
}

pub async fn upload_video(
    state: State<AppState>,
    user: CurrentUser,
    query: Query<RawQuery>,
    req: Request,
) -> AppResult<axum::Json<Uploaded>> {
    upload(state, user, query, req, FileKind::Video).await
}

/// Answers `{"serverId", "filename", "size"}` (FilePond's `process.onload` reads
/// `serverId` from it).
async fn upload(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<RawQuery>,
    req: Request,
    kind: FileKind,
) -> AppResult<axum::Json<Uploaded>> {
    KIND.require_uploader(&user)?;
    let policy = UploadPolicy {
        module: "swp",
        kind,
        limit: limit(&state, kind),
        max_pending: state.get::<SwpState>().settings.max_pending_uploads,
    };
    let rec = files::receive(&state, &user, req, query.filename, policy).await?;
    Ok(axum::Json(Uploaded::of(&rec)))
}

/// FilePond's revert: removes one of the caller's own pending uploads.
pub async fn revert(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<axum::Json<Reverted>> {
    KIND.require_uploader(&user)?;
    files::revert(&state, &user, "swp", &id).await?;
    Ok(axum::Json(Reverted::of(id)))
}
