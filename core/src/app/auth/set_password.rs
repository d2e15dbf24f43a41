//! Setting one's own password: the spec's `setPassword` (a temporary or current password
//! for a new one), and the pieces the reset flow shares (the policy check, the store).
use crate::text;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use crate::app::auth::lockout::{self, Attempt};
use crate::app::auth::routes::{password_off, throttle, with_cookies};
use crate::app::auth::session::{self, ClientIp};
use crate::app::auth::{
    password,
    users::{self, User},
};
use crate::app::AppState;
use crate::base::error::{AppError, AppResult, FieldErrors, Json};
use crate::data::audit::{self, AuditEntry};

#[derive(Deserialize, utoipa::ToSchema)]
pub(crate) struct SetPasswordBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
    #[serde(default)]
    password2: String,
    #[serde(default, rename = "tempPassword")]
    temp_password: String,
}

/// Stores a new password (clearing a temporary one and the lockout at every address) and
/// ends every session of the user, inside the caller's transaction.
pub(crate) async fn replace_password(
    tx: &mut sqlx::AnyConnection,
    user: &User,
    hash: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "UPDATE users SET password_hash = $1, must_change_password = 0, temp_password_expires = NULL, updated_at = $2 WHERE id = $3",
    )
    .bind(hash)
    .bind(now)
    .bind(&user.id)
    .execute(&mut *tx)
    .await?;
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(&user.id).execute(&mut *tx).await?;
    lockout::clear_email(tx, &user.email).await?;
    Ok(())
}

pub(crate) fn check_new_password(
    user: &User,
    password: &str,
    password2: &str,
    errors: &mut FieldErrors,
) {
    if let Err(msg) = password::check_policy(
        password,
        &[&user.email, &user.firstname, &user.lastname, &user.company_code],
    ) {
        errors.insert("password".into(), msg.into());
    }
    if password != password2 {
        errors.insert("password2".into(), text!("Passwords do not match.").into());
    }
}

/// Sets a new password given the temporary (or current) one. Ends every other session
/// and starts a fresh one.
pub(crate) async fn set_password(
    State(state): State<AppState>,
    addr: ClientIp,
    headers: HeaderMap,
    Json(b): Json<SetPasswordBody>,
) -> AppResult<Response> {
    throttle(&state, &addr, "login")?;
    let now = state.now_ms();
    let mut errors = FieldErrors::new();
    if b.email.trim().is_empty() {
        errors.insert("email".into(), text!("E-mail is required.").into());
    }
    if b.temp_password.is_empty() {
        errors.insert(
            "tempPassword".into(),
            text!("Your current or temporary password is required.").into(),
        );
    }
    if !errors.is_empty() {
        return Err(AppError::Fields(errors));
    }
    if !state.settings.auth.password_login && !state.settings.auth.is_break_glass(&b.email) {
        return Err(AppError::field("email", password_off(&state)));
    }
    let attempt = Attempt::new(&b.email, addr.0);
    if lockout::locked_until(&state, &attempt, now).await?.is_some() {
        return Err(AppError::field(
            "tempPassword",
            text!("Too many failed attempts. Please try again later."),
        ));
    }
    let mut conn = state.db.pool.acquire().await?;
    let user = users::find_by_email(&mut conn, &b.email).await?;
    drop(conn);
    let ok =
        password::verify(&state, &b.temp_password, user.as_ref().map(|u| u.password_hash.as_str()))
            .await?;
    let user = match (user, ok) {
        (Some(u), true) if !u.disabled => u,
        (user, false) => {
            lockout::fail(&state, &attempt, user.as_ref(), now).await?;
            return Err(AppError::field("tempPassword", text!("Incorrect e-mail or password.")));
        }
        _ => return Err(AppError::field("tempPassword", text!("Incorrect e-mail or password."))),
    };
    if user.must_change_password && user.temp_password_expires.map(|t| t < now).unwrap_or(false) {
        return Err(AppError::field(
            "tempPassword",
            text!("This temporary password has expired. Please ask your manager for a new one."),
        ));
    }
    check_new_password(&user, &b.password, &b.password2, &mut errors);
    if b.password == b.temp_password {
        errors
            .entry("password".into())
            .or_insert_with(|| text!("The new password must differ from the old one.").into());
    }
    if !errors.is_empty() {
        return Err(AppError::Fields(errors));
    }
    let hash = password::hash(&state, &b.password).await?;
    let mut tx = state.db.begin().await?;
    replace_password(&mut tx, &user, &hash, now).await?;
    audit::append(
        &mut tx,
        now,
        &AuditEntry::new(
            "auth.password_set",
            format!("user:{}", user.id),
            "password changed by its owner",
        )
        .by(Some(&user.id), &user.full_name()),
    )
    .await?;
    tx.commit().await?;
    let cookies = session::start(&state, &headers, &user.id, false).await?;
    let mut v = user.to_json();
    v["status"] = json!("ACTIVE");
    Ok(with_cookies(axum::Json(v).into_response(), cookies))
}
