//! The upload form of a module's documents, as axum handlers a module mounts on its own
//! paths (generic over the document): the file drop and its revert (the module's
//! pending uploads, under its translations' upload rules) and the 'on behalf of' list.
//! Each is for the kind's uploaders only.
use axum::extract::{Path, Query, Request, State};
use axum::Json;

use crate::app::auth::CurrentUser;
use crate::app::AppState;
use crate::auth::users::{self, User};
use crate::error::AppResult;
use crate::files::{self, UploadPolicy};
use crate::http::schemas::{PersonName, RawQuery, Reverted, Uploaded};

use super::engine::Document;
use super::translations::Translated;

/// One file of `policy` dropped by an uploader of `D`: `{serverId, filename, size}`
/// (FilePond's `process.onload` reads `serverId`).
pub async fn receive<D: Document>(
    state: &AppState,
    user: &User,
    query: RawQuery,
    req: Request,
    policy: UploadPolicy<'_>,
) -> AppResult<Json<Uploaded>> {
    D::KIND.require_uploader(user)?;
    let rec = files::receive(state, user, req, query.filename, policy).await?;
    Ok(Json(Uploaded::of(&rec)))
}

/// The document's PDF, under the module's upload rules (those of its translations).
pub async fn upload<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(query): Query<RawQuery>,
    req: Request,
) -> AppResult<Json<Uploaded>> {
    receive::<D>(&state, &user, query, req, D::upload_policy(&state)).await
}

/// FilePond's revert: removes one of the caller's own pending uploads of the module.
pub async fn revert<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Json<Reverted>> {
    D::KIND.require_uploader(&user)?;
    files::revert(&state, &user, D::upload_policy(&state).module, &id).await?;
    Ok(Json(Reverted::of(id)))
}

/// Process engineers of the caller's company, the caller left out ('Myself' is the
/// form's own option).
pub async fn on_behalf_users<D: Document>(
    State(state): State<AppState>,
    user: CurrentUser,
) -> AppResult<Json<Vec<PersonName>>> {
    D::KIND.require_uploader(&user)?;
    let list = users::process_engineers(&state.db, &user.company_code, &user.id).await?;
    Ok(Json(list))
}
