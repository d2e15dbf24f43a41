//! Password reset by e-mail link (spec section 7): ask for a link, check it, use it once.
use crate::app::http::lang::for_person;
use crate::{msg, text};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use sqlx::Row;

use crate::app::auth::routes::throttle;
use crate::app::auth::session::{self, sha256_hex, ClientIp};
use crate::app::auth::set_password::{check_new_password, replace_password};
use crate::app::auth::{password, users};
use crate::app::AppState;
use crate::base::error::{AppError, AppResult, FieldErrors, Json};
use crate::data::audit::{self, AuditEntry};
use crate::events::{CoreAct, Event};

#[derive(Deserialize, utoipa::ToSchema)]
pub(crate) struct ForgotBody {
    #[serde(default)]
    email: String,
}

const FORGOT_OK: &str = text!("If an account exists for this e-mail, a reset link is on its way.");

/// Same answer, and the same work on the request path, for known and unknown e-mails:
/// the token and the mail are made in a background task.
pub(crate) async fn forgot_password(
    State(state): State<AppState>,
    addr: ClientIp,
    Json(b): Json<ForgotBody>,
) -> AppResult<Response> {
    throttle(&state, &addr, "forgot")?;
    let email = b.email.trim().to_lowercase();
    if email.is_empty() {
        return Err(AppError::field("email", text!("E-mail is required.")));
    }
    if !users::valid_email(&email) {
        return Err(AppError::field("email", text!("Please enter a valid e-mail address.")));
    }
    let st = state.clone();
    tokio::spawn(async move {
        if let Err(e) = send_reset(&st, &email).await {
            tracing::error!(error = %format!("{e:#}"), "password reset mail failed");
        }
    });
    Ok(crate::app::http::lang::message(json!({"message": FORGOT_OK})))
}

async fn send_reset(state: &AppState, email: &str) -> anyhow::Result<()> {
    let mut conn = state.db.pool.acquire().await?;
    let Some(user) = users::find_by_email(&mut conn, email).await? else {
        tracing::info!("password reset asked for an unknown e-mail");
        return Ok(());
    };
    drop(conn);
    // No password to reset: a single sign-on account (none set), or password sign-in off
    // for everyone but the break-glass accounts (decision 70).
    let auth = &state.settings.auth;
    if user.disabled
        || user.password_hash.is_empty()
        || (!auth.password_login && !auth.is_break_glass(email))
    {
        return Ok(());
    }
    let token = session::random_token();
    let now = state.now_ms();
    let expires = now + state.settings.auth.reset_token_minutes * 60_000;
    let mut tx = state.db.begin().await?;
    // One live token per user: a new request replaces the old one.
    sqlx::query("DELETE FROM password_resets WHERE user_id = $1")
        .bind(&user.id)
        .execute(&mut *tx)
        .await?;
    // The account may have been deleted since it was read: no link for a disabled user.
    let made = sqlx::query("INSERT INTO password_resets (token_hash, user_id, created_at, expires_at) SELECT $1, id, $2, $3 FROM users WHERE id = $4 AND disabled = 0")
        .bind(sha256_hex(&token))
        .bind(now)
        .bind(expires)
        .bind(&user.id)
        .execute(&mut *tx)
        .await?;
    if made.rows_affected() == 0 {
        return Ok(());
    }
    audit::append(
        &mut tx,
        now,
        &AuditEntry::new(
            "auth.reset_requested",
            format!("user:{}", user.id),
            "password reset link sent",
        ),
    )
    .await?;
    let base = state.settings.server.public_url.trim_end_matches('/');
    let link = format!("{base}/login/reset/{token}");
    let (name, minutes) = (&user.firstname, state.settings.auth.reset_token_minutes);
    let body = msg!(
        "Hello {name},\n\nSomeone asked to reset your Plantdoc password. Open this link within {minutes} minutes to choose a new one:\n\n{link}\n\nIf it was not you, ignore this message; your password stays as it is.\n"
    );
    // The mail rides on the personal kind a module declares for it (the mail task sends
    // it; the link never enters the event's data); without one, it goes out directly.
    let Some(kind) = state.kind_serving(CoreAct::PasswordReset) else {
        tx.commit().await?;
        let (subject, body) =
            (for_person(state, &user, RESET_SUBJECT), for_person(state, &user, &body));
        return state.mail.send(&state.db, now, &user.email, &subject, &body).await;
    };
    let event = Event::new(kind.id, &user.company_code, format!("user:{}", user.id))
        .to_owners([&user.id])
        .data(json!({"title": text!("A password reset link was mailed to you")}))
        .mail(RESET_SUBJECT, body);
    state.emit(&mut tx, now, &event).await?;
    tx.commit().await?;
    Ok(())
}

const RESET_SUBJECT: &str = text!("Reset your Plantdoc password");

async fn valid_reset(state: &AppState, token: &str) -> AppResult<Option<String>> {
    if token.len() > 100 {
        return Ok(None);
    }
    let row = sqlx::query("SELECT r.user_id, r.expires_at, r.used_at FROM password_resets r JOIN users u ON u.id = r.user_id WHERE r.token_hash = $1 AND u.disabled = 0")
        .bind(sha256_hex(token))
        .fetch_optional(&state.db.pool)
        .await?;
    let Some(row) = row else { return Ok(None) };
    let expires: i64 = row.try_get("expires_at")?;
    let used: Option<i64> = row.try_get("used_at")?;
    if used.is_some() || expires < state.now_ms() {
        return Ok(None);
    }
    Ok(Some(row.try_get("user_id")?))
}

const INVALID_TOKEN: &str = text!("Invalid or expired token.");

pub(crate) async fn check_reset(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> AppResult<Response> {
    match valid_reset(&state, &token).await? {
        Some(_) => Ok(axum::Json(json!({"valid": true})).into_response()),
        None => Err(AppError::field("token", INVALID_TOKEN)),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
pub(crate) struct ResetBody {
    #[serde(default)]
    password: String,
    #[serde(default)]
    password2: String,
}

pub(crate) async fn reset_password(
    State(state): State<AppState>,
    addr: ClientIp,
    Path(token): Path<String>,
    Json(b): Json<ResetBody>,
) -> AppResult<Response> {
    throttle(&state, &addr, "forgot")?;
    let Some(user_id) = valid_reset(&state, &token).await? else {
        return Err(AppError::field("token", INVALID_TOKEN));
    };
    let mut conn = state.db.pool.acquire().await?;
    let user = users::find_by_id(&mut conn, &user_id).await?.ok_or(AppError::NotFound)?;
    drop(conn);
    let mut errors = FieldErrors::new();
    check_new_password(&user, &b.password, &b.password2, &mut errors);
    if !errors.is_empty() {
        return Err(AppError::Fields(errors));
    }
    let hash = password::hash(&state, &b.password).await?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    // Single use: only the first of two racing requests marks the token.
    let marked = sqlx::query(
        "UPDATE password_resets SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
    )
    .bind(now)
    .bind(sha256_hex(&token))
    .execute(&mut *tx)
    .await?;
    if marked.rows_affected() != 1 {
        return Err(AppError::field("token", INVALID_TOKEN));
    }
    replace_password(&mut tx, &user, &hash, now).await?;
    audit::append(
        &mut tx,
        now,
        &AuditEntry::new(
            "auth.password_reset",
            format!("user:{}", user.id),
            "password reset by e-mail link",
        )
        .by(Some(&user.id), &user.full_name()),
    )
    .await?;
    tx.commit().await?;
    Ok(crate::app::http::lang::message(
        json!({"message": text!("Thanks! Your password was successfully changed.")}),
    ))
}
