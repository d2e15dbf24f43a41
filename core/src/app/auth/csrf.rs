//! CSRF: a signed double-submit token (decision 5). Every answer hands a client without one
//! a readable cookie (random.HMAC); unsafe `/api/` requests echo it in `X-CSRF-Token`, and a
//! signed-in request's echo must equal its session's own token (checked in the session layer).
use axum::extract::Request;
use axum::http::header::SET_COOKIE;
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use hmac::{Hmac, Mac};
use sha2::Sha256;

use crate::app::auth::session::{
    constant_eq, cookie, csrf_cookie_name, random_token, session_cookie_name, set_cookie,
};
use crate::app::AppState;
use crate::base::error::AppError;

pub const CSRF_HEADER: &str = "x-csrf-token";
/// A CSRF token: random part and its HMAC, so the server can tell one it issued.
pub fn new_csrf(state: &AppState) -> String {
    let r = random_token();
    format!("{r}.{}", csrf_mac(state, &r))
}

fn csrf_mac(state: &AppState, r: &str) -> String {
    let mut m = Hmac::<Sha256>::new_from_slice(&state.secret).expect("hmac key");
    m.update(b"csrf:");
    m.update(r.as_bytes());
    hex::encode(m.finalize().into_bytes())
}

fn csrf_well_formed(state: &AppState, t: &str) -> bool {
    match t.split_once('.') {
        Some((r, mac)) => constant_eq(csrf_mac(state, r).as_bytes(), mac.as_bytes()),
        None => false,
    }
}

pub(crate) fn is_unsafe(m: &Method) -> bool {
    !matches!(*m, Method::GET | Method::HEAD | Method::OPTIONS)
}

pub(crate) const MISSING_CSRF: &str = crate::text!("Missing or invalid CSRF token.");

/// Refuses cross-site unsafe API requests and unsafe API requests without a
/// double-submit CSRF token (header = cookie, HMAC-signed by us); answers the request's
/// well-formed CSRF cookie, if any, for [`csrf_issue`]. Signed-in requests are checked
/// against the session's own token in the session layer as well.
#[allow(
    clippy::result_large_err,
    reason = "axum middleware answers its refusal as a Response; boxing it gains nothing on a path that ends the request"
)]
pub fn csrf_check(state: &AppState, req: &Request) -> Result<Option<String>, Response> {
    let cookie_token =
        cookie(req.headers(), csrf_cookie_name(state)).filter(|t| csrf_well_formed(state, t));
    // A token request carries no cookie a browser would send on its own: nothing to forge.
    let token_only = crate::app::auth::tokens::bearer(req.headers()).is_some()
        && cookie(req.headers(), session_cookie_name(state)).is_none();
    if is_unsafe(req.method()) && req.uri().path().starts_with("/api/") && !token_only {
        let site = req.headers().get("sec-fetch-site").and_then(|v| v.to_str().ok()).unwrap_or("");
        if site == "cross-site" {
            return Err(AppError::Forbidden(crate::msg!("Cross-site requests are not allowed."))
                .into_response());
        }
        let sent = req.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
        let ok = match &cookie_token {
            Some(c) => constant_eq(sent.as_bytes(), c.as_bytes()),
            None => false,
        };
        if !ok {
            return Err(AppError::Forbidden(MISSING_CSRF.into()).into_response());
        }
    }
    Ok(cookie_token)
}

/// Hands a client that came without a (well-formed) CSRF cookie a new one, unless the
/// answer sets one itself (sign-in).
pub fn csrf_issue(state: &AppState, had: bool, resp: &mut Response) {
    let sets_csrf = resp
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .any(|v| v.to_str().map(|s| s.starts_with(csrf_cookie_name(state))).unwrap_or(false));
    if !had && !sets_csrf {
        let v = set_cookie(state, csrf_cookie_name(state), &new_csrf(state), false, None);
        resp.headers_mut().append(SET_COOKIE, v);
    }
}
