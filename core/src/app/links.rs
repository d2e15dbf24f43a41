//! `GET /files/{prefix}/{id}`: the folder backend's signed links. The signature is the
//! authorisation (issued after the caller's check); expired or altered → 403.
use axum::body::Body;
use axum::extract::{Path, Query, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tower::ServiceExt;

use crate::app::api::{Access, ApiRouter};
use crate::app::auth::session::constant_eq;
use crate::app::AppState;
use crate::base::config::StorageBackend;
use crate::base::error::AppError;
use crate::documents::storage::fs::blob_path;
use crate::documents::storage::{disposition, link_signature};

pub fn routes() -> ApiRouter {
    ApiRouter::new("files")
        .route(Access::Public, Method::GET, "/files/{prefix}/{id}", "Download a file through a signed link", download)
        .query::<LinkQuery>()
        .answers(&[403, 404])
        .returns_content("application/octet-stream", serde_json::json!({"type": "string", "format": "binary"}))
}

#[derive(Deserialize, utoipa::IntoParams)]
struct LinkQuery {
    exp: i64,
    name: String,
    ct: String,
    sig: String,
}

async fn download(State(state): State<AppState>, Path((prefix, id)): Path<(String, String)>, req: Request) -> Result<Response, AppError> {
    let denied = || AppError::Forbidden("This link is invalid or has expired.".into());
    let Ok(Query(q)) = Query::<LinkQuery>::try_from_uri(req.uri()) else { return Err(denied()) };
    if state.storage.kind != StorageBackend::Fs {
        return Err(AppError::NotFound);
    }
    let key = format!("{prefix}/{id}");
    let expected = link_signature(&state.secret, &key, q.exp, &q.name, &q.ct);
    if !constant_eq(expected.as_bytes(), q.sig.as_bytes()) || q.exp * 1000 < state.now_ms() {
        return Err(denied());
    }
    let path = blob_path(&state.settings.storage.dir, &key).ok_or_else(denied)?;
    // ServeFile gives Range support (video seeking) and conditional requests.
    let mut resp = tower_http::services::ServeFile::new(&path).oneshot(req).await.map_err(|e| AppError::Internal(e.into()))?.map(Body::new);
    if resp.status() == StatusCode::NOT_FOUND {
        return Err(AppError::NotFound);
    }
    let h = resp.headers_mut();
    if let Ok(v) = HeaderValue::from_str(&q.ct) {
        h.insert(header::CONTENT_TYPE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&disposition(&q.name, &q.ct)) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=300"));
    Ok(resp.into_response())
}
