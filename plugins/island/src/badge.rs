//! Badge scans: who a badge is, throttled per netbook (wrong badges), and the kiosk's
//! `operator-from-badge` call.
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, FieldErrors};
use axum::response::Response;
use plantdoc_core::http::json_bytes;

use crate::{store, IslandState};

pub const UNKNOWN_OPERATOR: &str = "This operator is not recognised. Please sign out and scan your badge again.";
pub const UNKNOWN_BADGE: &str = "This badge is not recognised. Please scan again.";

fn throttled(retry: i64) -> AppError {
    let mut fields = FieldErrors::new();
    fields.insert("error".into(), format!("Too many badges were not accepted. Please wait {retry} seconds and scan again."));
    AppError::TooManyRequests { retry_after_secs: retry, fields }
}

/// Refuses while the netbook is throttled; otherwise nothing.
pub fn check(state: &AppState, netbook: &CurrentUser) -> AppResult<()> {
    state.get::<IslandState>().throttle.check(&netbook.session_hash, state.now_ms()).map_err(throttled)
}

/// Counts a badge that was not accepted against the netbook and returns the refusal.
pub fn refuse(state: &AppState, netbook: &CurrentUser, msg: &str) -> AppError {
    state.get::<IslandState>().throttle.fail(&netbook.session_hash, state.now_ms());
    AppError::Forbidden(msg.to_string())
}

/// The badge as scanned, trimmed, once the netbook may scan (throttled per netbook).
fn scanned<'a>(state: &AppState, netbook: &CurrentUser, badge: &'a str) -> AppResult<&'a str> {
    check(state, netbook)?;
    let badge = badge.trim();
    if badge.is_empty() || badge.len() > 64 {
        return Err(refuse(state, netbook, UNKNOWN_BADGE));
    }
    Ok(badge)
}

/// The active person of the netbook's company with this badge (throttled per netbook).
pub async fn identify(state: &AppState, netbook: &CurrentUser, badge: &str) -> AppResult<User> {
    let badge = scanned(state, netbook, badge)?;
    match store::by_badge(state, badge, &netbook.company_code).await? {
        Some(u) => Ok(u),
        None => Err(refuse(state, netbook, UNKNOWN_BADGE)),
    }
}

/// `operator-from-badge/{badge}`: the spec's Operator, or `{error}` (throttled per netbook).
pub async fn operator_from_badge(State(state): State<AppState>, netbook: CurrentUser, Path(badge): Path<String>) -> AppResult<Response> {
    // Read on every scan: only the Operator's columns, answered as bytes.
    let badge = scanned(&state, &netbook, &badge)?;
    match store::operator_by_badge(&state, badge, &netbook.company_code).await? {
        Some(body) => Ok(json_bytes(body)),
        None => Err(refuse(&state, &netbook, UNKNOWN_BADGE)),
    }
}

/// The operator a call names: a person of the netbook's company.
pub async fn operator(state: &AppState, netbook: &CurrentUser, op_id: &str) -> AppResult<User> {
    match store::by_id(state, op_id).await? {
        Some(u) if u.company_code == netbook.company_code && !u.disabled => Ok(u),
        _ => Err(AppError::Forbidden(UNKNOWN_OPERATOR.into())),
    }
}
