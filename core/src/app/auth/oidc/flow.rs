//! One sign-in through the provider, between `/api/auth/oidc/login` and its callback:
//! the `state`, the `nonce` and the PKCE verifier, kept in the browser in an HttpOnly
//! cookie signed with the server's key (HMAC-SHA256) that lives ten minutes. Nothing is
//! kept on the server, so any instance takes the callback (decision NN).
use axum::http::{HeaderMap, HeaderValue};
use base64::Engine;
use hmac::{Hmac, Mac};
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

fn mac(state: &AppState, payload: &str) -> String {
    let mut m = Hmac::<Sha256>::new_from_slice(&state.secret).expect("hmac key");
    m.update(b"oidc-flow:");
    m.update(payload.as_bytes());
    hex::encode(m.finalize().into_bytes())
}

fn header(state: &AppState, value: &str, max_age: i64) -> HeaderValue {
    // Lax: the provider sends the browser back with a top-level GET, which carries it.
    let mut c = format!("{}={value}; Path=/; SameSite=Lax; HttpOnly; Max-Age={max_age}", cookie_name(state));
    if state.settings.server.secure_cookies {
        c.push_str("; Secure");
    }
    HeaderValue::from_str(&c).expect("cookie value")
}

/// The cookie that carries `flow` to the callback.
pub fn set(state: &AppState, flow: &Flow) -> HeaderValue {
    let json = serde_json::to_vec(flow).expect("flow json");
    let payload = base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json);
    header(state, &format!("{payload}.{}", mac(state, &payload)), FLOW_TTL_MS / 1000)
}

/// The cookie that ends the flow (one callback per started sign-in).
pub fn clear(state: &AppState) -> HeaderValue {
    header(state, "", 0)
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
    let (payload, sig) = raw.split_once('.').ok_or(Refused::NoFlow)?;
    if !constant_eq(mac(state, payload).as_bytes(), sig.as_bytes()) {
        return Err(Refused::NoFlow);
    }
    let json = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(payload).map_err(|_| Refused::NoFlow)?;
    let flow: Flow = serde_json::from_slice(&json).map_err(|_| Refused::NoFlow)?;
    let now = state.now_ms();
    if now < flow.started || now - flow.started > FLOW_TTL_MS {
        return Err(Refused::Expired);
    }
    if returned_state.is_empty() || !constant_eq(flow.state.as_bytes(), returned_state.as_bytes()) {
        return Err(Refused::StateMismatch);
    }
    Ok(flow)
}
