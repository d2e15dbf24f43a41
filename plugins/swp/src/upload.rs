//! File drops: `uploadVideo` (one file per request, multipart as FilePond sends it, or
//! the raw body with `?filename=`) through the review engine's `uploads` with this
//! module's limits; `uploadPdf` and the revert are the engine's own (`Swp`'s upload
//! rules, `translations.rs`).
use axum::extract::{Query, Request, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::AppResult;
use plantdoc_core::files::{FileKind, UploadPolicy};
use plantdoc_core::http::schemas::{RawQuery, Uploaded};
use plantdoc_core::review::translations::Translated;
use plantdoc_core::review::uploads;

use crate::model::Swp;
use crate::SwpState;

/// The limit of one file of `kind`: PDFs are read whole to merge, so they have their own.
pub fn limit(state: &AppState, kind: FileKind) -> u64 {
    let all = state.settings.server.upload_limit;
    match kind {
        FileKind::Pdf => all.min(state.get::<SwpState>().settings.pdf_max_mb * 1024 * 1024),
        FileKind::Video => all,
    }
}

pub async fn upload_video(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<RawQuery>,
    req: Request,
) -> AppResult<axum::Json<Uploaded>> {
    let kind = FileKind::Video;
    let policy = UploadPolicy { kind, limit: limit(&state, kind), ..Swp::upload_policy(&state) };
    uploads::receive::<Swp>(&state, &user, query, req, policy).await
}
