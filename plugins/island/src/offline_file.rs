//! `GET /api/island/offline/file/{sha256}?zone=&k=&ct=&name=&exp=&sig=`: a file of the
//! netbook's offline pack, by the link the pack gives it (decisions 126, 128). Same-origin
//! whatever the storage (an S3 bucket's presigned address is another origin, which the
//! kiosk's service worker may not read without CORS), and the stored bytes, whose SHA-256
//! the pack names and the service worker checks (a stamped controlled copy differs from
//! them: the kiosk's online reads keep those). The link is signed by the core for the
//! kiosk account's company and zone when the pack is built, so a file is answered with no
//! statement (a kiosk's first fill fetches thousands): only to a kiosk account of that
//! company serving that zone, for a day; streamed from the store, never held whole. Not
//! audited, as the online documents' links are not: the pack that names them is.
use axum::body::Body;
use axum::extract::{Path, Query, State};
use axum::http::{header, HeaderValue};
use axum::response::Response;
use plantdoc_core::app::AppState;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::links::{sign_facts, signed_facts};
use plantdoc_core::ports::PackFile;
use plantdoc_core::storage::{disposition, Unreachable};
use serde::Deserialize;

use crate::badge::Netbook;
use crate::offline::{zone_of, PackQuery};

/// How long a pack's link answers (the netbook fetches its files at once, and every pack,
/// at least every `offline_refresh_mins`, gives new links).
const LINK_SECS: i64 = 24 * 3600;

/// A link's query; a part missing is as a part altered (404, as any link not the pack's).
#[derive(Deserialize, Default, utoipa::IntoParams)]
#[serde(default)]
pub struct FileQuery {
    /// The netbook's zone.
    zone: Option<String>,
    /// The file's storage key.
    k: String,
    /// Its content type.
    ct: String,
    /// Its name when downloaded.
    name: String,
    /// Expiry, seconds since the epoch.
    exp: i64,
    /// The core's signature of the link's facts.
    sig: String,
}

/// What a link signs: its use, the company, the zone and the file.
fn facts<'a>(
    company: &'a str,
    zone: &'a str,
    sha256: &'a str,
    q: &'a FileQuery,
    exp: &'a str,
) -> [&'a str; 8] {
    ["island-offline-file", company, zone, sha256, &q.k, &q.ct, &q.name, exp]
}

fn encode(v: &str) -> String {
    v.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => {
                char::from(b).to_string()
            }
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// The link of the pack's file `f` for a netbook of `company` in `zone`, signed now.
pub fn link(state: &AppState, company: &str, zone: &str, f: &PackFile) -> AppResult<String> {
    let exp = state.now_ms() / 1000 + LINK_SECS;
    let q = FileQuery {
        zone: None,
        k: f.key.clone(),
        ct: f.content_type.clone(),
        name: f.name.clone(),
        exp,
        sig: String::new(),
    };
    let e = exp.to_string();
    let sig = sign_facts(state, &facts(company, zone, &f.sha256, &q, &e))
        .ok_or_else(|| AppError::Internal(anyhow::anyhow!("a NUL in a pack file's facts")))?;
    Ok(format!(
        "/api/island/offline/file/{}?zone={}&k={}&ct={}&name={}&exp={exp}&sig={sig}",
        f.sha256,
        encode(zone),
        encode(&q.k),
        encode(&q.ct),
        encode(&q.name)
    ))
}

/// `GET /api/island/offline/file/{sha256}?…`: the stored bytes of a file of the pack. A
/// link altered, expired, or made for another company or zone is no file of the pack: 404.
pub async fn offline_file(
    State(state): State<AppState>,
    netbook: Netbook,
    Path(sha256): Path<String>,
    Query(q): Query<FileQuery>,
) -> AppResult<Response> {
    let zone = zone_of(&state, &netbook, PackQuery { zone: q.zone.clone() })?;
    let e = q.exp.to_string();
    let signed =
        signed_facts(&state, &facts(&netbook.company_code, &zone, &sha256, &q, &e), &q.sig);
    if !signed || q.exp * 1000 < state.now_ms() {
        return Err(AppError::NotFound);
    }
    let file = PackFile {
        section: String::new(),
        lang: None,
        sha256,
        url: String::new(),
        key: q.k,
        content_type: q.ct,
        name: q.name,
    };
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
