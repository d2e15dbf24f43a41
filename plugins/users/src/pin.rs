//! Signature PINs (issue 28 item 1; `plantdoc_core::auth::pin`): the signed-in person
//! sets their own with their password (Settings → Account); a manager issues a one-time
//! PIN to an operator of their company (answered once; the operator replaces it at its
//! first use at the kiosk). Both audited; the PIN is never logged.
use axum::extract::State;
use axum::Json as Reply;
use plantdoc_core::acks;
use plantdoc_core::auth::session::ClientIp;
use plantdoc_core::auth::{password, pin, CurrentUser};
use plantdoc_core::error::{FieldErrors, Json};
use plantdoc_core::text;
use plantdoc_core::{AppError, AppResult, AppState};
use serde::Deserialize;
use serde_json::{json, Value};

use crate::access::{self, NOT_MANAGER};
use crate::store;

#[derive(Deserialize, utoipa::ToSchema)]
pub struct SetBody {
    #[serde(default)]
    pin: String,
    #[serde(default)]
    password: String,
}

/// `POST /api/users/pin {pin, password}`: the signed-in person's own PIN, confirmed with
/// their password (wrong passwords count as sign-in attempts of the address).
pub async fn set(State(state): State<AppState>, me: CurrentUser, addr: ClientIp, Json(b): Json<SetBody>) -> AppResult<Reply<Value>> {
    if let Err(retry) = state.ip_limiter.hit(addr.0, "login", state.now_ms()) {
        return Err(AppError::TooManyRequests { retry_after_secs: retry, fields: FieldErrors::new() });
    }
    let mut errors = FieldErrors::new();
    if let Err(msg) = pin::check_new(&b.pin) {
        errors.insert("pin".into(), msg.into());
    }
    if b.password.is_empty() {
        errors.insert("password".into(), text!("Your password is required.").into());
    }
    if !errors.is_empty() {
        return Err(AppError::Fields(errors));
    }
    if !password::verify(&state, &b.password, Some(&me.password_hash)).await? {
        return Err(AppError::field("password", text!("Incorrect password.")));
    }
    pin::set(&state, &me, &b.pin, pin::SetBy::Owner).await?;
    Ok(Reply(json!({"ok": true})))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct IssueBody {
    #[serde(default)]
    email: String,
}

/// `POST /api/users/pin/issue {email}`: a manager gives an operator (or OJT) of their
/// company a one-time PIN, answered once as `{pin}`; anyone else is answered as nobody.
pub async fn issue(State(state): State<AppState>, me: CurrentUser, Json(b): Json<IssueBody>) -> AppResult<Reply<Value>> {
    if !access::may_administer(&me) {
        return Err(AppError::Forbidden(NOT_MANAGER.into()));
    }
    let mut conn = state.db.pool.acquire().await?;
    // Operators and OJT of the manager's own company: staff set their own PIN.
    let target =
        store::active_by_email(&mut conn, &b.email).await?.filter(|u| u.company_code == me.company_code && acks::signs_as_operator(u));
    drop(conn);
    let Some(target) = target else {
        return Err(AppError::field("email", text!("There is no user with this e-mail.")));
    };
    let one_time = pin::one_time();
    pin::set(&state, &target, &one_time, pin::SetBy::Manager(&me)).await?;
    Ok(Reply(json!({"pin": one_time})))
}
