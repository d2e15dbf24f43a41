//! The sign-in API, exactly as the spec's section 7 "Sign-in and session".
use crate::{msg, text};
use axum::extract::State;
use axum::http::header::SET_COOKIE;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;

use crate::app::api::{Access, ApiRouter};
use crate::app::auth::lockout::{self, Attempt};
use crate::app::auth::reset::{
    check_reset, forgot_password, reset_password, ForgotBody, ResetBody,
};
use crate::app::auth::session::{self, ClientIp};
use crate::app::auth::{email_change, oidc, set_password};
use crate::app::auth::{
    password,
    users::{self, UserJson},
};
use crate::app::http::schemas::{Done, Message, MessageEmail, Valid, ValidEmail};
use crate::app::AppState;
use crate::base::error::{AppError, AppResult, FieldErrors, Json};
use crate::data::audit::{self, AuditEntry};

pub fn routes() -> ApiRouter {
    ApiRouter::new("users")
        .route(
            Access::Public,
            Method::POST,
            "/api/users/login",
            "Sign in with e-mail and password",
            login,
        )
        .body::<LoginBody>()
        .answers(&[429])
        .returns::<UserJson>()
        .route(Access::Public, Method::GET, "/api/users/current", "The signed-in user", current)
        .returns::<UserJson>()
        .answers(&[401])
        .route(
            Access::Public,
            Method::GET,
            "/api/users/logout",
            "Sign out (GET, as the spec's client calls it)",
            logout,
        )
        .returns::<Done>()
        .route(Access::Public, Method::POST, "/api/users/logout", "Sign out", logout)
        .returns::<Done>()
        .route(
            Access::Public,
            Method::POST,
            "/api/users/setPassword",
            "Set a new password (temporary or current password required)",
            set_password::set_password,
        )
        .body::<set_password::SetPasswordBody>()
        .answers(&[429])
        .returns::<UserJson>()
        .route(
            Access::Public,
            Method::POST,
            "/api/users/forgotPassword",
            "Send a password reset link",
            forgot_password,
        )
        .body::<ForgotBody>()
        .answers(&[429])
        .returns::<Message>()
        .route(
            Access::Public,
            Method::GET,
            "/api/users/resetPassword/{token}",
            "Check a reset token",
            check_reset,
        )
        .returns::<Valid>()
        .route(
            Access::Public,
            Method::POST,
            "/api/users/resetPassword/{token}",
            "Reset the password with a token",
            reset_password,
        )
        .body::<ResetBody>()
        .answers(&[429])
        .returns::<Message>()
        .route(
            Access::Public,
            Method::GET,
            "/api/users/confirmEmail/{token}",
            "Check an e-mail change link",
            email_change::check,
        )
        .returns::<ValidEmail>()
        .route(
            Access::Public,
            Method::POST,
            "/api/users/confirmEmail/{token}",
            "Confirm an e-mail change with one's own password {password}",
            email_change::confirm,
        )
        .body::<email_change::ConfirmBody>()
        .answers(&[429])
        .returns::<MessageEmail>()
}

pub(crate) fn with_cookies(mut resp: Response, cookies: Vec<HeaderValue>) -> Response {
    for c in cookies {
        resp.headers_mut().append(SET_COOKIE, c);
    }
    resp
}

pub(crate) fn throttle(state: &AppState, addr: &ClientIp, bucket: &'static str) -> AppResult<()> {
    state.ip_limiter.hit(addr.0, bucket, state.now_ms()).map_err(|retry| {
        tracing::warn!(ip = %addr.0, bucket, "per-IP limit reached");
        AppError::TooManyRequests { retry_after_secs: retry, fields: FieldErrors::new() }
    })
}

#[derive(Deserialize, utoipa::ToSchema)]
struct LoginBody {
    #[serde(default)]
    email: String,
    #[serde(default)]
    password: String,
}

const BAD_LOGIN: &str = text!("Incorrect e-mail or password.");

async fn login(
    State(state): State<AppState>,
    addr: ClientIp,
    headers: HeaderMap,
    Json(b): Json<LoginBody>,
) -> AppResult<Response> {
    throttle(&state, &addr, "login")?;
    let mut errors = FieldErrors::new();
    if b.email.trim().is_empty() {
        errors.insert("email".into(), text!("E-mail is required.").into());
    }
    if b.password.is_empty() {
        errors.insert("password".into(), text!("Password is required.").into());
    }
    if !errors.is_empty() {
        return Err(AppError::Fields(errors));
    }
    // A provider identity this browser brought, waiting for this account's password to
    // link (a protected account or an unverified e-mail, decision 94): the password is
    // asked as proof of the account, also while password sign-in is off.
    let link = oidc::link::pending(&state, &headers, &b.email);
    // `[auth] password_login = false`: only the break-glass accounts (decision 94).
    let break_glass = !state.settings.auth.password_login && link.is_none();
    if break_glass && !state.settings.auth.is_break_glass(&b.email) {
        return Err(AppError::field("email", password_off(&state)));
    }
    let now = state.now_ms();
    // Locked for this e-mail at this address, whether or not an account has it.
    let attempt = Attempt::new(&b.email, addr.0);
    if let Some(until) = lockout::locked_until(&state, &attempt, now).await? {
        let mins = ((until - now) + 59_999) / 60_000;
        return Err(AppError::TooManyRequests {
            retry_after_secs: (until - now) / 1000,
            fields: FieldErrors::from([(
                "password".to_string(),
                msg!(
                    "Too many failed attempts. Try again in {mins} {unit}.",
                    unit = if mins == 1 { "minute" } else { "minutes" }
                ),
            )]),
        });
    }
    let mut conn = state.db.pool.acquire().await?;
    let user = users::find_by_email(&mut conn, &b.email).await?;
    drop(conn);
    let ok = password::verify(&state, &b.password, user.as_ref().map(|u| u.password_hash.as_str()))
        .await?;
    let user = match (user, ok) {
        (Some(u), true) => u,
        (user, _) => {
            lockout::fail(&state, &attempt, user.as_ref(), now).await?;
            return Err(AppError::field("password", BAD_LOGIN));
        }
    };
    if user.disabled {
        return Err(AppError::field(
            "email",
            text!("This account is disabled. Please contact your manager."),
        ));
    }
    if break_glass && !user.is_manager() {
        return Err(AppError::field("email", password_off(&state)));
    }
    lockout::succeeded(&state, &attempt).await?;
    if user.must_change_password {
        if user.temp_password_expires.map(|t| t < now).unwrap_or(false) {
            return Err(AppError::field(
                "password",
                text!(
                    "This temporary password has expired. Please ask your manager for a new one."
                ),
            ));
        }
        // A restricted session: only setPassword, current and logout answer.
        let cookies = session::start(&state, &headers, &user.id, true).await?;
        let resp = (StatusCode::FORBIDDEN, axum::Json(json!({"status": "CHANGE_PASSWORD"})))
            .into_response();
        return Ok(with_cookies(resp, cookies));
    }
    let mut cookies = session::start(&state, &headers, &user.id, false).await?;
    if let Some(l) = &link {
        if !oidc::link::complete(&state, &user, l).await? {
            tracing::warn!(user = %user.id, subject = %l.subject, "single sign-on identity not linked: one of them is linked already");
        }
        cookies.push(oidc::link::clear(&state));
    }
    if break_glass {
        tracing::warn!(user = %user.id, "break-glass password sign-in while password sign-in is off");
    }
    let meaning = if break_glass {
        "signed in with a password while password sign-in is off (break-glass)"
    } else {
        "signed in"
    };
    let action = if break_glass { "auth.break_glass" } else { "auth.login" };
    audit::record(
        &state.db,
        now,
        &AuditEntry::new(action, format!("user:{}", user.id), meaning)
            .by(Some(&user.id), &user.full_name()),
    )
    .await?;
    Ok(with_cookies(axum::Json(user.to_json()).into_response(), cookies))
}

async fn current(State(state): State<AppState>, headers: HeaderMap) -> AppResult<Response> {
    match session::load(&state, &headers).await? {
        Some((cu, _)) => {
            let mut v = cu.user.to_json();
            if cu.restricted {
                v["status"] = json!("CHANGE_PASSWORD");
            }
            Ok(axum::Json(v).into_response())
        }
        // With single sign-on set up, the refusal also tells the sign-in page what to show;
        // in a plant whose language is not English, which language (the painted sign-in
        // form hands over to the translated one at once, decision 81).
        None => {
            let mut body = json!({"error": text!("Please sign in.")});
            if let Some(o) = &state.settings.auth.oidc {
                body["signIn"] =
                    json!({"sso": o.label, "password": state.settings.auth.password_login});
            }
            if state.settings.i18n.default != "en" {
                body["lang"] = json!(state.settings.i18n.default);
            }
            if body.get("signIn").is_none() && body.get("lang").is_none() {
                return Err(AppError::Unauthorized);
            }
            Ok((StatusCode::UNAUTHORIZED, axum::Json(body)).into_response())
        }
    }
}

/// Said when a password sign-in is tried while `[auth] password_login = false`.
pub(crate) fn password_off(state: &AppState) -> String {
    let label =
        state.settings.auth.oidc.as_ref().map(|o| o.label.as_str()).unwrap_or("single sign-on");
    msg!("Password sign-in is off. Please use 'Sign in with {label}'.")
}

async fn logout(
    State(state): State<AppState>,
    method: Method,
    headers: HeaderMap,
) -> AppResult<Response> {
    // GET is kept because the spec's client calls it; a cross-site GET cannot sign anyone out.
    if method == Method::GET
        && headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) == Some("cross-site")
    {
        return Err(AppError::Forbidden(text!("Cross-site requests are not allowed.").into()));
    }
    let mut answer = json!({"ok": true});
    if let Some((cu, _)) = session::load(&state, &headers).await? {
        if let Some(url) = oidc::end_session_url(&state, &cu.id).await {
            // Single sign-on: the browser goes on to the provider's sign-out.
            answer["redirect"] = json!(url);
        }
        sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
            .bind(&cu.session_hash)
            .execute(&state.db.pool)
            .await?;
        audit::record(
            &state.db,
            state.now_ms(),
            &AuditEntry::new("auth.logout", format!("user:{}", cu.id), "signed out")
                .by(Some(&cu.id), &cu.full_name()),
        )
        .await?;
    }
    Ok(with_cookies(axum::Json(answer).into_response(), session::clear_cookies(&state)))
}
