//! Badge scans: who a badge is, slowed per kiosk account and client address after wrong
//! badges (a growing delay, `throttle`), and the kiosk's `operator-from-badge` call.
use plantdoc_core::{msg, text};
use std::net::IpAddr;

use axum::extract::{FromRequestParts, Path, State};
use axum::http::request::Parts;
use axum::response::Response;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::session::ClientIp;
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, FieldErrors};
use plantdoc_core::http::json_bytes;

use crate::access::signs_as_operator;
use crate::throttle::Scanner;
use crate::{store, IslandState};

pub const UNKNOWN_OPERATOR: &str =
    text!("This operator is not recognised. Please sign out and scan your badge again.");
pub const UNKNOWN_BADGE: &str = text!("This badge is not recognised. Please scan again.");

/// The signed-in caller and its client address: at the kiosk, the netbook (the kiosk
/// account at its address, the badge throttle's key).
#[derive(Debug, Clone)]
pub struct Netbook {
    pub user: CurrentUser,
    pub addr: IpAddr,
}

impl std::ops::Deref for Netbook {
    type Target = CurrentUser;
    fn deref(&self) -> &CurrentUser {
        &self.user
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Netbook {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, AppError> {
        let user = CurrentUser::from_request_parts(parts, state).await?;
        let ClientIp(addr) =
            ClientIp::from_request_parts(parts, state).await.unwrap_or_else(|never| match never {});
        Ok(Netbook { user, addr })
    }
}

impl Netbook {
    pub(crate) fn scanner(&self) -> Scanner<'_> {
        Scanner { account: &self.user.id, addr: self.addr }
    }
}

/// The 429 text: the netbook shows its own countdown and sends the badge again.
pub fn wait_text(retry: i64) -> String {
    let unit = if retry == 1 { "second" } else { "seconds" };
    msg!("A badge was not accepted just before. Please wait {retry} {unit}: the badge is checked then.")
}

fn throttled(netbook: &Netbook, retry: i64) -> AppError {
    tracing::warn!(kiosk = %netbook.id, addr = %netbook.addr, retry, "badge scan deferred: badges not accepted before");
    let mut fields = FieldErrors::new();
    fields.insert("error".into(), wait_text(retry));
    AppError::TooManyRequests { retry_after_secs: retry, fields }
}

/// Refuses (429, the wait) while the netbook must wait after badges not accepted;
/// otherwise its badge may be looked up now (`pass` or `refuse` after).
pub fn check(state: &AppState, netbook: &Netbook) -> AppResult<()> {
    state
        .get::<IslandState>()
        .throttle
        .check(netbook.scanner(), state.now_ms())
        .map_err(|retry| throttled(netbook, retry))
}

/// The badge was known: the netbook's next scan need not wait for this lookup.
fn pass(state: &AppState, netbook: &Netbook) {
    state.get::<IslandState>().throttle.pass(netbook.scanner());
}

/// Counts a badge that was not accepted against the netbook and returns the refusal.
pub fn refuse(state: &AppState, netbook: &Netbook, msg: &str) -> AppError {
    tracing::warn!(kiosk = %netbook.id, addr = %netbook.addr, reason = msg, "badge not accepted");
    state.get::<IslandState>().throttle.fail(netbook.scanner(), state.now_ms());
    AppError::Forbidden(msg.to_string())
}

/// The badge as scanned, trimmed, once the netbook may scan (throttled).
fn scanned<'a>(state: &AppState, netbook: &Netbook, badge: &'a str) -> AppResult<&'a str> {
    check(state, netbook)?;
    let badge = badge.trim();
    if badge.is_empty() || badge.len() > 64 {
        return Err(refuse(state, netbook, UNKNOWN_BADGE));
    }
    Ok(badge)
}

/// The active person of the netbook's company with this badge (throttled).
pub async fn identify(state: &AppState, netbook: &Netbook, badge: &str) -> AppResult<User> {
    let badge = scanned(state, netbook, badge)?;
    match store::by_badge(state, badge, &netbook.company_code).await? {
        Some(u) => {
            pass(state, netbook);
            Ok(u)
        }
        None => Err(refuse(state, netbook, UNKNOWN_BADGE)),
    }
}

/// `operator-from-badge/{badge}`: the spec's Operator, or `{error}` (throttled).
pub async fn operator_from_badge(
    State(state): State<AppState>,
    netbook: Netbook,
    Path(badge): Path<String>,
) -> AppResult<Response> {
    // Read on every scan: only the Operator's columns, answered as bytes.
    let badge = scanned(&state, &netbook, &badge)?;
    match store::operator_by_badge(&state, badge, &netbook.company_code).await? {
        Some(body) => {
            pass(&state, &netbook);
            Ok(json_bytes(body))
        }
        None => Err(refuse(&state, &netbook, UNKNOWN_BADGE)),
    }
}

/// The operator a call names: an active operator or OJT of the netbook's company with a
/// badge (`access::signs_as_operator`), never staff or a kiosk account.
pub async fn operator(state: &AppState, netbook: &CurrentUser, op_id: &str) -> AppResult<User> {
    match store::by_id(state, op_id).await? {
        Some(u) if u.company_code == netbook.company_code && signs_as_operator(&u) => Ok(u),
        _ => {
            tracing::warn!(kiosk = %netbook.id, op_id, "kiosk call refused: not an operator of the netbook's company");
            Err(AppError::Forbidden(UNKNOWN_OPERATOR.into()))
        }
    }
}
