//! One sign-in through the provider, between `/api/auth/oidc/login` and its callback:
//! the `state`, the `nonce` and the PKCE verifier, kept in the browser in an HttpOnly
//! cookie signed with the server's key (HMAC-SHA256) that lives ten minutes. Nothing is
//! kept on the server, so any instance takes the callback (decision 70).
use axum::http::{HeaderMap, HeaderValue};
use base64::Engine;
use hmac::{Hmac, Mac};
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use sha2::Sha256;

use crate::app::auth::session::{constant_eq, cookie};
use crate::app::AppState;

/// How long a started sign-in may take at the provider.
pub const FLOW_TTL_MS: i64 = 10 * 60 * 1000;

#[derive(Debug, Serialize, Deserialize)]
pub struct Flow {
    /// The `state` sent to the provider (compared with the one it sends back).
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
    /// When the sign-in started (the server's clock, ms).
    pub started: i64,
    /// A fresh sign-in (`fresh::LoginQuery`): where to go after it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fresh_back: Option<String>,
}

pub fn cookie_name(state: &AppState) -> &'static str {
    if state.settings.server.secure_cookies {
        "__Host-plantdoc_oidc"
    } else {
        "plantdoc_oidc"
    }
}

fn mac(state: &AppState, purpose: &str, payload: &str) -> String {
    let mut m = Hmac::<Sha256>::new_from_slice(&state.secret).expect("hmac key");
    m.update(purpose.as_bytes());
    m.update(b":");
    m.update(payload.as_bytes());
    hex::encode(m.finalize().into_bytes())
}

/// `value` as a cookie's value: base64url JSON and its HMAC under the server's key, with
/// `purpose` bound in (one such cookie cannot stand for another).
pub(super) fn seal<T: Serialize>(state: &AppState, purpose: &str, value: &T) -> String {
    let json = serde_json::to_vec(value).expect("cookie json");
    let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json);
    format!("{payload}.{}", mac(state, purpose, &payload))
}

/// The value [`seal`] made, if this server signed it for `purpose`.
pub(super) fn open<T: DeserializeOwned>(state: &AppState, purpose: &str, raw: &str) -> Option<T> {
    let (payload, sig) = raw.split_once('.')?;
    if !constant_eq(mac(state, purpose, payload).as_bytes(), sig.as_bytes()) {
        return None;
    }
    let json = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).ok()?;
    serde_json::from_slice(&json).ok()
}

/// A Set-Cookie header: HttpOnly, Lax (the provider sends the browser back with a
/// top-level GET, which carries it), Secure behind HTTPS.
pub(super) fn header(state: &AppState, name: &str, value: &str, max_age: i64) -> HeaderValue {
    let mut c = format!("{name}={value}; Path=/; SameSite=Lax; HttpOnly; Max-Age={max_age}");
    if state.settings.server.secure_cookies {
        c.push_str("; Secure");
    }
    HeaderValue::from_str(&c).expect("cookie value")
}

const PURPOSE: &str = "oidc-flow";

/// The cookie that carries `flow` to the callback.
pub fn set(state: &AppState, flow: &Flow) -> HeaderValue {
    header(state, cookie_name(state), &seal(state, PURPOSE, flow), FLOW_TTL_MS / 1000)
}

/// The cookie that ends the flow (one callback per started sign-in).
pub fn clear(state: &AppState) -> HeaderValue {
    header(state, cookie_name(state), "", 0)
}

/// Why a callback is refused before the provider is asked anything.
#[derive(Debug, PartialEq, Eq)]
pub enum Refused {
    /// No flow cookie, or one this server did not sign.
    NoFlow,
    Expired,
    /// The `state` the provider sent back is not the flow's.
    StateMismatch,
}

/// The flow started in this browser, checked: signed by us, not expired, and `returned_state`
/// (from the callback's query) equal to its own.
pub fn take(state: &AppState, headers: &HeaderMap, returned_state: &str) -> Result<Flow, Refused> {
    let raw = cookie(headers, cookie_name(state)).ok_or(Refused::NoFlow)?;
    let flow: Flow = open(state, PURPOSE, &raw).ok_or(Refused::NoFlow)?;
    let now = state.now_ms();
    if now < flow.started || now - flow.started > FLOW_TTL_MS {
        return Err(Refused::Expired);
    }
    if returned_state.is_empty() || !constant_eq(flow.state.as_bytes(), returned_state.as_bytes()) {
        return Err(Refused::StateMismatch);
    }
    Ok(flow)
}
