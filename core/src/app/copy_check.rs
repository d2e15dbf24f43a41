//! The page a controlled copy's QR code opens (decision 103): from the plant network,
//! without a sign-in, it says only whether the printed copy is the current one — 'CURRENT
//! — revision N' or 'OBSOLETE — the current revision is M' — with the part number; nothing
//! else of the document is disclosed, and each address may ask a few times a minute. The
//! modules answer for their documents (`GET /api/swps/copy/{id}`, `/api/alerts/copy/{id}`:
//! the copy's own id, unguessable); this is the handler, the page and the limit they
//! share, and a module says only where its copy stands ([`Copies`]).
use std::future::Future;
use std::net::IpAddr;

use axum::extract::{Path, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use crate::app::auth::session::ClientIp;
use crate::app::AppState;
use crate::error::AppError;
use crate::{msg, text};

/// Where a printed copy stands.
pub enum Verdict {
    /// The copy is of the version in use: `what` names it ('revision 2', 'alert S-2026-0001').
    Current { part: String, what: String },
    /// Another version is in use (`current`), or none (`None`: withdrawn, ended, never released).
    Obsolete { part: String, current: Option<String> },
    /// No such copy.
    Unknown,
}

/// A module's printed copies: where the copy `id` stands now.
pub trait Copies {
    fn verdict(
        state: &AppState,
        id: &str,
    ) -> impl Future<Output = Result<Verdict, sqlx::Error>> + Send;
}

/// `GET .../copy/{id}` (no sign-in), mounted by a module for its copies `C`: the limit
/// per address first, then the verdict's page.
pub async fn check<C: Copies>(
    State(state): State<AppState>,
    ClientIp(ip): ClientIp,
    headers: HeaderMap,
    Path(id): Path<String>,
) -> Response {
    if let Some(page) = limited(&state, ip) {
        return page;
    }
    let accept = headers.get(header::ACCEPT_LANGUAGE).and_then(|v| v.to_str().ok());
    match C::verdict(&state, &id).await {
        Ok(verdict) => answer(&state, accept, verdict),
        Err(e) => AppError::from(e).into_response(),
    }
}

const LIMITED: &str = text!("Too many checks from this address. Please wait a minute.");

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
        .replace('\'', "&#39;")
}

fn page(status: StatusCode, lang: &str, color: &str, head: &str, line: Option<String>) -> Response {
    let line = line.map(|l| format!("<p id=\"copy-part\">{}</p>", escape(&l))).unwrap_or_default();
    let html = format!(
        "<!doctype html><html lang=\"{}\"><head><meta charset=\"utf-8\"><meta name=\"viewport\" content=\"width=device-width\">\
         <title>Plantdoc</title></head><body style=\"font-family:sans-serif;max-width:36em;margin:4em auto;padding:0 1em\">\
         <h1 id=\"copy-verdict\" style=\"color:{color}\">{}</h1>{line}</body></html>",
        escape(lang),
        escape(head),
    );
    let mut r = (status, html).into_response();
    r.headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static("text/html; charset=utf-8"));
    r.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

/// Counts a check from `ip`: past the address's limit, the 429 page to answer.
fn limited(state: &AppState, ip: IpAddr) -> Option<Response> {
    state.ip_limiter.hit(ip, "copy-check", state.now_ms()).err().map(|retry| {
        let mut r = page(StatusCode::TOO_MANY_REQUESTS, "en", "#a8071a", LIMITED, None);
        if let Ok(v) = HeaderValue::from_str(&retry.to_string()) {
            r.headers_mut().insert(header::RETRY_AFTER, v);
        }
        r
    })
}

/// The verdict's page, in the language the browser asks for (else the plant's).
fn answer(state: &AppState, accept: Option<&str>, v: Verdict) -> Response {
    let lang = state.settings.i18n.pick(accept, None);
    let tr = |s: String| state.catalogs.translate(lang, &s).unwrap_or(s);
    let part = |p: &str| tr(msg!("Part number {p}"));
    match v {
        Verdict::Current { part: p, what } => {
            let what = tr(what);
            page(StatusCode::OK, lang, "#237804", &tr(msg!("CURRENT — {what}")), Some(part(&p)))
        }
        Verdict::Obsolete { part: p, current: Some(c) } => page(
            StatusCode::OK,
            lang,
            "#a8071a",
            &tr(msg!("OBSOLETE — the current revision is {c}")),
            Some(part(&p)),
        ),
        Verdict::Obsolete { part: p, current: None } => page(
            StatusCode::OK,
            lang,
            "#a8071a",
            &tr(text!("OBSOLETE — not in use").to_string()),
            Some(part(&p)),
        ),
        Verdict::Unknown => page(
            StatusCode::NOT_FOUND,
            lang,
            "#a8071a",
            &tr(text!("This copy is not known.").to_string()),
            None,
        ),
    }
}
