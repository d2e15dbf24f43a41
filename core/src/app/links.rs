//! `GET /files/{prefix}/{id}`: the folder backend's signed links, and controlled copies
//! (`cc`, any backend: the stored PDF served stamped, decision 71). The signature is
//! the authorisation (issued after the caller's check); expired or altered → 403.
use crate::text;
use axum::body::Body;
use axum::extract::{Path, Query, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Redirect, Response};
use serde::Deserialize;
use tower::ServiceExt;

use crate::app::api::{Access, ApiRouter};
use crate::app::auth::session::{self, constant_eq};
use crate::app::AppState;
use crate::base::config::StorageBackend;
use crate::base::error::AppError;
use crate::documents::pdf::stamp::Stamp;
use crate::documents::storage::copies::{printed_by, CopyFacts};
use crate::documents::storage::fs::blob_path;
use crate::documents::storage::stamped::CopyError;
use crate::documents::storage::{disposition, link_signature, mac, valid_key};

pub fn routes() -> ApiRouter {
    ApiRouter::new("files")
        .route(
            Access::Public,
            Method::GET,
            "/files/{prefix}/{id}",
            "Download a file through a signed link",
            download,
        )
        .query::<LinkQuery>()
        .answers(&[403, 404, 409, 503])
        .returns_content(
            "application/octet-stream",
            serde_json::json!({"type": "string", "format": "binary"}),
        )
}

#[derive(Deserialize, utoipa::IntoParams)]
struct LinkQuery {
    exp: i64,
    name: String,
    ct: String,
    /// A controlled copy's facts (signed with the rest).
    cc: Option<String>,
    sig: String,
}

/// A module's signed facts (decision 128): the HMAC of `parts` under the server's signing
/// key, for a link the module checks itself. `None` when a part holds a NUL.
pub fn sign_facts(state: &AppState, parts: &[&str]) -> Option<String> {
    (!parts.iter().any(|p| p.contains('\0'))).then(|| mac(&state.secret, parts.iter().copied()))
}

/// Whether `sig` is [`sign_facts`] of `parts` (compared in constant time).
pub fn signed_facts(state: &AppState, parts: &[&str], sig: &str) -> bool {
    sign_facts(state, parts).is_some_and(|s| constant_eq(s.as_bytes(), sig.as_bytes()))
}

const UNSTAMPABLE: &str =
    text!("This document cannot be served as a controlled copy, so it is not shown. Please tell your administrator (the server log names the file).");

async fn download(
    State(state): State<AppState>,
    Path((prefix, id)): Path<(String, String)>,
    req: Request,
) -> Result<Response, AppError> {
    let denied = || AppError::Forbidden(text!("This link is invalid or has expired.").into());
    let Ok(Query(q)) = Query::<LinkQuery>::try_from_uri(req.uri()) else { return Err(denied()) };
    if q.cc.is_none() && state.storage.kind != StorageBackend::Fs {
        return Err(AppError::NotFound);
    }
    let key = format!("{prefix}/{id}");
    // Parts are NUL-separated under the signature: a part holding one is no link of ours.
    if [&q.name, &q.ct].into_iter().chain(q.cc.as_ref()).any(|p| p.contains('\0'))
        || !valid_key(&key)
    {
        return Err(denied());
    }
    let expected = link_signature(&state.secret, &key, q.exp, &q.name, &q.ct, q.cc.as_deref());
    if !constant_eq(expected.as_bytes(), q.sig.as_bytes()) || q.exp * 1000 < state.now_ms() {
        return Err(denied());
    }
    let resp = match q.cc.as_deref() {
        Some(cc) if state.storage.stamps() => copy(&state, &key, cc, req).await?,
        // Made while stamping was on: as stored (the bucket's own link for S3).
        Some(_) if state.storage.kind != StorageBackend::Fs => {
            let link = state.storage.link(&key, &q.name, &q.ct, state.now_ms()).await?;
            return Ok(Redirect::temporary(&link).into_response());
        }
        _ => {
            let path = blob_path(&state.settings.storage.dir, &key).ok_or_else(denied)?;
            // ServeFile gives Range support (video seeking) and conditional requests.
            tower_http::services::ServeFile::new(&path)
                .oneshot(req)
                .await
                .map_err(|e| AppError::Internal(e.into()))?
                .map(Body::new)
        }
    };
    if resp.status() == StatusCode::NOT_FOUND {
        return Err(AppError::NotFound);
    }
    Ok(with_headers(resp, &q.name, &q.ct))
}

/// The stored PDF as a controlled copy: stamped with the link's facts and the person
/// whose browser opened it, made once and kept for the next range request.
async fn copy(state: &AppState, key: &str, cc: &str, req: Request) -> Result<Response, AppError> {
    let (facts, at) = CopyFacts::decode(cc)
        .ok_or_else(|| AppError::Forbidden(text!("This link is invalid or has expired.").into()))?;
    let user = session::load(state, req.headers()).await?.map(|(u, _)| u);
    let line = facts.line(at, &printed_by(user.as_deref()));
    let qr =
        format!("{}{}", state.settings.server.public_url.trim_end_matches('/'), facts.open_path);
    let stamp = Stamp { line: &line, qr: &qr, warning: facts.state.warning() };
    let Some(copies) = state.storage.copies.as_ref() else { return Err(AppError::NotFound) };
    let (method, headers) = (req.method().clone(), req.headers().clone());
    // Twice at most: a kept copy whose file went missing is made again.
    for _ in 0..2 {
        let file = copies.get(&state.storage, key, &stamp).await.map_err(|e| refused(key, e))?;
        let mut again = Request::builder()
            .method(method.clone())
            .body(Body::empty())
            .map_err(|e| AppError::Internal(e.into()))?;
        *again.headers_mut() = ranges_only(&headers, file.kept);
        let resp = tower_http::services::ServeFile::new(&file.path)
            .oneshot(again)
            .await
            .map_err(|e| AppError::Internal(e.into()))?;
        if !file.kept {
            // Open now: the one-request copy goes as soon as it is sent.
            let _ = tokio::fs::remove_file(&file.path).await;
        } else if resp.status() == StatusCode::NOT_FOUND {
            copies.forget(&file);
            continue;
        }
        return Ok(resp.map(Body::new));
    }
    Err(AppError::NotFound)
}

/// The request's range and condition headers (none for a one-request copy: it is sent
/// whole, as a range request would stamp it again).
fn ranges_only(h: &HeaderMap, ranges: bool) -> HeaderMap {
    let mut out = HeaderMap::new();
    let keys = [
        header::RANGE,
        header::IF_RANGE,
        header::IF_MODIFIED_SINCE,
        header::IF_NONE_MATCH,
        header::IF_UNMODIFIED_SINCE,
    ];
    for k in keys.into_iter().filter(|k| ranges || (k != header::RANGE && k != header::IF_RANGE)) {
        if let Some(v) = h.get(&k) {
            out.insert(k, v.clone());
        }
    }
    out
}

fn refused(key: &str, e: CopyError) -> AppError {
    match e {
        CopyError::Missing => AppError::NotFound,
        CopyError::Busy => AppError::Unavailable,
        CopyError::Refused(why) => {
            tracing::warn!(key, reason = %why, "a PDF could not be stamped as a controlled copy: not served");
            AppError::Conflict(UNSTAMPABLE.into())
        }
        CopyError::Server(e) => AppError::Internal(e),
    }
}

fn with_headers(mut resp: Response, name: &str, ct: &str) -> Response {
    let h = resp.headers_mut();
    if let Ok(v) = HeaderValue::from_str(ct) {
        h.insert(header::CONTENT_TYPE, v);
    }
    if let Ok(v) = HeaderValue::from_str(&disposition(name, ct)) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, max-age=300"));
    resp
}

/// The stored PDF `key` as a controlled copy on disk, stamped with `facts` and `by` as a
/// copy link opened by them is (the same kept copies; a package of a part's documents,
/// decision 121). `None` when this instance does not stamp (the stored file is then the copy).
/// A copy not `kept` is the caller's to remove once read.
pub async fn controlled_copy(
    state: &AppState,
    key: &str,
    facts: &CopyFacts,
    by: &crate::plant::users::User,
) -> Result<Option<crate::documents::storage::stamped::CopyFile>, AppError> {
    let Some(copies) = state.storage.copies.as_ref().filter(|_| state.storage.stamps()) else {
        return Ok(None);
    };
    let line = facts.line(state.now_ms(), &printed_by(Some(by)));
    let qr =
        format!("{}{}", state.settings.server.public_url.trim_end_matches('/'), facts.open_path);
    let stamp = Stamp { line: &line, qr: &qr, warning: facts.state.warning() };
    Ok(Some(copies.get(&state.storage, key, &stamp).await.map_err(|e| refused(key, e))?))
}
