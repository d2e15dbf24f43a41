//! `GET /api/island/offline/file/{sha256}?zone=`: a file of the netbook's offline pack, the
//! link the pack gives each file (decision 126). Same-origin whatever the storage (an S3
//! bucket's presigned address is another origin, which the kiosk's service worker may not
//! read without CORS), and the stored bytes, whose SHA-256 the pack names and the service
//! worker checks (a stamped controlled copy differs from them: the kiosk's online reads keep
//! those). Kiosk accounts only, for a zone the account serves, and only a file of a document
//! in that zone's pack as the pack is built now (the same ports, in a bounded number of
//! statements); streamed from the store, never held whole. Not audited, as the online
//! documents' links are not: the pack that names them is.
use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue};
use axum::response::Response;
use plantdoc_core::app::AppState;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::storage::{disposition, Unreachable};

use crate::badge::Netbook;
use crate::offline::{zone_docs, zone_of, PackQuery};

/// The link of the pack's file `sha256` for a netbook of `zone`.
pub fn link(zone: &str, sha256: &str) -> String {
    let zone: String = zone
        .bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect();
    format!("/api/island/offline/file/{sha256}?zone={zone}")
}

/// `GET /api/island/offline/file/{sha256}?zone=`: the stored bytes of a file of the pack.
pub async fn offline_file(
    State(state): State<AppState>,
    netbook: Netbook,
    Path(sha256): Path<String>,
    Query(q): Query<PackQuery>,
) -> AppResult<Response> {
    let zone = zone_of(&state, &netbook, q)?;
    let (docs, alerts) = zone_docs(&state, &netbook, &zone).await?;
    let file = docs
        .iter()
        .chain(&alerts)
        .flat_map(|d| &d.files)
        .find(|f| f.sha256 == sha256)
        .ok_or(AppError::NotFound)?;
    let reader = state.storage.open(&file.key).await.map_err(|e| {
        if e.is::<Unreachable>() {
            AppError::Unavailable
        } else if e
            .downcast_ref::<std::io::Error>()
            .is_some_and(|io| io.kind() == std::io::ErrorKind::NotFound)
        {
            AppError::NotFound
        } else {
            AppError::Internal(e)
        }
    })?;
    let mut resp = Response::new(Body::from_stream(tokio_util::io::ReaderStream::new(reader)));
    let h = resp.headers_mut();
    let ct = HeaderValue::from_str(&file.content_type)
        .unwrap_or(HeaderValue::from_static("application/octet-stream"));
    h.insert(header::CONTENT_TYPE, ct);
    if let Ok(v) = HeaderValue::from_str(&disposition(&file.name, &file.content_type)) {
        h.insert(header::CONTENT_DISPOSITION, v);
    }
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("private, no-store"));
    Ok(resp)
}
