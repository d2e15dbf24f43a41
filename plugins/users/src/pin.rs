//! Signature PINs (decision 63; `plantdoc_core::auth::pin`): the signed-in person
//! sets their own with their password, or, with single sign-on, right after a fresh
//! sign-in at the provider (an account may have no password; security decision 92); a
//! manager issues a one-time PIN to a person of their company (answered once; replaced
//! at its first use at the kiosk), which also ends a lock after wrong tries. All
//! audited; the PIN is never logged.
use axum::extract::State;
use axum::Json as Reply;
use plantdoc_core::auth::oidc::fresh;
use plantdoc_core::auth::session::{self, ClientIp};
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::{confirm, password, pin, CurrentUser};
use plantdoc_core::error::{FieldErrors, Json};
use plantdoc_core::events::Event;
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

/// `GET /api/users/pin`: how the signed-in person may confirm a new PIN: `{provider}`,
/// the single sign-on's label (null without it), and `{confirmed}`, whether a fresh
/// sign-in at it is waiting to be used.
pub async fn how(State(state): State<AppState>, me: CurrentUser) -> AppResult<Reply<PinConfirm>> {
    let provider = state.settings.auth.oidc.as_ref().map(|o| o.label.clone());
    let confirmed = provider.is_some()
        && session::has_provider_sign_in(&state, &me.session_hash, fresh::CONFIRM_MS).await?;
    Ok(Reply(PinConfirm { provider, confirmed }))
}

/// `GET /api/users/pin`'s answer.
#[derive(serde::Serialize, utoipa::ToSchema)]
pub struct PinConfirm {
    #[schema(required = true)]
    provider: Option<String>,
    confirmed: bool,
}

/// `POST /api/users/pin {pin, password}`: the signed-in person's own PIN, confirmed with
/// their password (wrong passwords count as sign-in attempts of the address) or, without
/// one, by a fresh sign-in at the provider of this session (used up).
pub async fn set(
    State(state): State<AppState>,
    me: CurrentUser,
    addr: ClientIp,
    Json(b): Json<SetBody>,
) -> AppResult<Reply<Value>> {
    if let Err(retry) = state.ip_limiter.hit(addr.0, "login", state.now_ms()) {
        return Err(AppError::TooManyRequests {
            retry_after_secs: retry,
            fields: FieldErrors::new(),
        });
    }
    let by = confirm::how(&state, &me, &b.password).await?;
    let mut errors = FieldErrors::new();
    if let Err(msg) = pin::check_for(&me, &b.pin) {
        errors.insert("pin".into(), msg.into());
    }
    if let Err(msg) = by {
        errors.insert("password".into(), msg.into());
    }
    let Ok(by) = by else { return Err(AppError::Fields(errors)) };
    if !errors.is_empty() {
        return Err(AppError::Fields(errors));
    }
    confirm::confirm(&state, &me, by, &b.password).await?;
    pin::set(&state, &me, &b.pin, pin::SetBy::Owner).await?;
    Ok(Reply(json!({"ok": true})))
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct IssueBody {
    #[serde(default)]
    email: String,
}

/// The person is told a manager issued them a one-time PIN (never the PIN itself): one
/// they did not expect means someone may sign as them.
pub fn issued(u: &User, me: &User) -> Event {
    Event::new(crate::PIN_ISSUED.id, &u.company_code, format!("user:{}", u.id))
        .zones(&u.zones)
        .by(&me.id)
        .to_owners([u.id.clone()])
        .data(json!({"title": text!("A one-time signature PIN was issued to you"), "by": me.full_name()}))
}

/// `POST /api/users/pin/issue {email}`: a manager gives a person of their company (not a
/// netbook's account, not themself) a one-time PIN, answered once as `{pin}`; anyone else
/// is answered as nobody. A locked PIN is unlocked by it (audited as such). The person is
/// told ([`issued`]) in the same transaction.
pub async fn issue(
    State(state): State<AppState>,
    me: CurrentUser,
    Json(b): Json<IssueBody>,
) -> AppResult<Reply<Value>> {
    if !access::may_administer(&me) {
        return Err(AppError::Forbidden(NOT_MANAGER.into()));
    }
    let mut conn = state.db.pool.acquire().await?;
    // Operators and staff of the manager's own company (staff who sign in only through
    // single sign-on may have no other way to a PIN).
    let target = store::active_by_email(&mut conn, &b.email)
        .await?
        .filter(|u| u.company_code == me.company_code && !u.kiosk && u.id != me.id);
    drop(conn);
    let Some(target) = target else {
        return Err(AppError::field("email", text!("There is no user with this e-mail.")));
    };
    let one_time = pin::one_time();
    let hash = password::hash(&state, &one_time).await?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    pin::set_in(&mut tx, &target, &hash, pin::SetBy::Manager(&me), now).await?;
    state.emit(&mut tx, now, &issued(&target, &me)).await?;
    tx.commit().await?;
    Ok(Reply(json!({"pin": one_time})))
}
