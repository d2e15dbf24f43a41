//! E-mail changes asked by a manager (Edit User; decision 47). The e-mail is the sign-in
//! name and where reset links go, so whoever sets it could take the account over. A
//! change therefore takes effect only when the person confirms it with their own
//! password, from a link mailed to the new address (the changer gains nothing by owning
//! that address); the old address is told at once, reset links of the account end at
//! the request, and at the change every session and link of the account ends and both
//! addresses are told. Both addresses are in the audit rows.
use crate::app::http::lang::for_person;
use crate::{msg, text};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::json;
use sqlx::{AnyConnection, Row};

use crate::app::auth::lockout::{self, Attempt};
use crate::app::auth::routes::throttle;
use crate::app::auth::session::{random_token, sha256_hex, ClientIp};
use crate::app::auth::{password, users, User};
use crate::app::AppState;
use crate::base::error::{AppError, AppResult, Json};
use crate::data::audit::{self, AuditEntry};

/// How long a confirmation link stays valid.
pub const CONFIRM_HOURS: i64 = 72;
const INVALID: &str = text!("Invalid or expired link.");

/// Records a change of `user`'s e-mail to `new_email` asked by `by`, inside the caller's
/// transaction (the edit and its audit row): replaces an earlier request of the user,
/// ends their reset links, writes the audit row. Returns the link's token for
/// [`announce_request`] after the commit.
pub async fn request(
    conn: &mut AnyConnection,
    now: i64,
    user: &User,
    new_email: &str,
    by: &User,
) -> Result<String, AppError> {
    let taken = sqlx::query("SELECT id FROM users WHERE email = $1")
        .bind(new_email)
        .fetch_optional(&mut *conn)
        .await?;
    if taken.is_some() {
        return Err(AppError::field("email", text!("A user with this e-mail already exists.")));
    }
    sqlx::query("DELETE FROM email_changes WHERE user_id = $1")
        .bind(&user.id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("DELETE FROM password_resets WHERE user_id = $1")
        .bind(&user.id)
        .execute(&mut *conn)
        .await?;
    let token = random_token();
    sqlx::query("INSERT INTO email_changes (token_hash, user_id, old_email, new_email, requested_by, created_at, expires_at) VALUES ($1, $2, $3, $4, $5, $6, $7)")
        .bind(sha256_hex(&token))
        .bind(&user.id)
        .bind(&user.email)
        .bind(new_email)
        .bind(&by.id)
        .bind(now)
        .bind(now + CONFIRM_HOURS * 3_600_000)
        .execute(&mut *conn)
        .await?;
    let entry = AuditEntry::new(
        "user.email_change_requested",
        format!("user:{}", user.id),
        "e-mail change asked; it takes effect when the person confirms it with their password",
    )
    .by(Some(&by.id), &by.full_name())
    .before(json!({"email": user.email}))
    .after(json!({"email": new_email}));
    audit::append(conn, now, &entry).await?;
    Ok(token)
}

/// After the request's commit: the confirmation link to the new address, the notice to
/// the old one. A mail that fails stays in the outbox with its error (logged); the
/// request stands and can be made again.
pub async fn announce_request(
    state: &AppState,
    user: &User,
    new_email: &str,
    token: &str,
    by: &User,
) {
    let now = state.now_ms();
    let base = state.settings.server.public_url.trim_end_matches('/');
    let link = format!("{base}/login/email/{token}");
    let (name, by, old) = (&user.firstname, by.full_name(), &user.email);
    let to_new = msg!(
        "Hello {name},\n\n{by} asked to change the e-mail of your Plantdoc account to this address. Open this link within {CONFIRM_HOURS} hours and confirm with your Plantdoc password:\n\n{link}\n\nUntil then you sign in with {old} as before. If you do not expect this, ignore this message.\n"
    );
    let to_old = msg!(
        "Hello {name},\n\n{by} asked to change the e-mail of your Plantdoc account from {old} to {new_email}. Nothing changes unless you confirm it with your password from the link sent to {new_email}.\n\nIf you do not expect this, tell plant IT.\n"
    );
    for (to, subject, body) in [
        (new_email, text!("Confirm your new Plantdoc e-mail"), to_new),
        (user.email.as_str(), text!("Your Plantdoc e-mail is about to change"), to_old),
    ] {
        // In the person's language (theirs, else the plant's), like their screens.
        let (subject, body) = (for_person(state, user, subject), for_person(state, user, &body));
        if let Err(e) = state.mail.send(&state.db, now, to, &subject, &body).await {
            tracing::error!(error = %format!("{e:#}"), "e-mail change mail failed");
        }
    }
}

/// A live request: (user id, old e-mail, new e-mail, who asked).
async fn live(
    state: &AppState,
    token: &str,
) -> AppResult<Option<(String, String, String, String)>> {
    if token.len() > 100 {
        return Ok(None);
    }
    let row = sqlx::query(
        "SELECT c.user_id, c.old_email, c.new_email, c.requested_by, c.expires_at, c.used_at FROM email_changes c JOIN users u ON u.id = c.user_id \
         WHERE c.token_hash = $1 AND u.disabled = 0 AND u.email = c.old_email",
    )
    .bind(sha256_hex(token))
    .fetch_optional(&state.db.pool)
    .await?;
    let Some(r) = row else { return Ok(None) };
    if r.try_get::<Option<i64>, _>("used_at")?.is_some()
        || r.try_get::<i64, _>("expires_at")? < state.now_ms()
    {
        return Ok(None);
    }
    Ok(Some((
        r.try_get("user_id")?,
        r.try_get("old_email")?,
        r.try_get("new_email")?,
        r.try_get("requested_by")?,
    )))
}

/// GET /api/users/confirmEmail/{token}: whether the link is live, and the new address.
pub(crate) async fn check(
    State(state): State<AppState>,
    Path(token): Path<String>,
) -> AppResult<Response> {
    match live(&state, &token).await? {
        Some((_, _, new_email, _)) => {
            Ok(axum::Json(json!({"valid": true, "email": new_email})).into_response())
        }
        None => Err(AppError::field("token", INVALID)),
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
pub(crate) struct ConfirmBody {
    #[serde(default)]
    password: String,
}

/// POST /api/users/confirmEmail/{token} {password}: the person's own (not temporary)
/// password makes the change; failures count towards the sign-in lock-out.
pub(crate) async fn confirm(
    State(state): State<AppState>,
    addr: ClientIp,
    Path(token): Path<String>,
    Json(b): Json<ConfirmBody>,
) -> AppResult<Response> {
    throttle(&state, &addr, "login")?;
    let Some((user_id, old_email, new_email, by_id)) = live(&state, &token).await? else {
        return Err(AppError::field("token", INVALID));
    };
    if b.password.is_empty() {
        return Err(AppError::field("password", text!("Please enter your password.")));
    }
    let mut conn = state.db.pool.acquire().await?;
    let user = users::find_by_id(&mut conn, &user_id)
        .await?
        .ok_or_else(|| AppError::field("token", INVALID))?;
    let by = users::find_by_id(&mut conn, &by_id).await?;
    drop(conn);
    let now = state.now_ms();
    // The sign-in lock-out's count for this person's address at this client.
    let attempt = Attempt::new(&user.email, addr.0);
    if lockout::locked_until(&state, &attempt, now).await?.is_some() {
        return Err(AppError::field(
            "password",
            text!("Too many failed attempts. Please try again later."),
        ));
    }
    if !password::verify(&state, &b.password, Some(&user.password_hash)).await? {
        lockout::fail(&state, &attempt, Some(&user), now).await?;
        return Err(AppError::field("password", text!("Incorrect password.")));
    }
    if user.must_change_password {
        return Err(AppError::field(
            "password",
            text!("Please sign in and choose your own password first."),
        ));
    }
    let mut tx = state.db.begin().await?;
    let used = sqlx::query(
        "UPDATE email_changes SET used_at = $1 WHERE token_hash = $2 AND used_at IS NULL",
    )
    .bind(now)
    .bind(sha256_hex(&token))
    .execute(&mut *tx)
    .await?;
    if used.rows_affected() != 1 {
        return Err(AppError::field("token", INVALID));
    }
    let done = sqlx::query("UPDATE users SET email = $1, updated_at = $2 WHERE id = $3 AND email = $4 AND disabled = 0")
        .bind(&new_email)
        .bind(now)
        .bind(&user.id)
        .bind(&old_email)
        .execute(&mut *tx)
        .await;
    let done = users::taken(done)?;
    if done.rows_affected() != 1 {
        return Err(AppError::field("token", INVALID));
    }
    sqlx::query("DELETE FROM sessions WHERE user_id = $1").bind(&user.id).execute(&mut *tx).await?;
    sqlx::query("DELETE FROM password_resets WHERE user_id = $1")
        .bind(&user.id)
        .execute(&mut *tx)
        .await?;
    let asked = by.as_ref().map(User::full_name).unwrap_or_else(|| "someone".into());
    let entry = AuditEntry::new(
        "user.email_change",
        format!("user:{}", user.id),
        format!("e-mail changed, confirmed by its owner with their password (asked by {asked}); sessions and reset links ended"),
    )
    .by(Some(&user.id), &user.full_name())
    .before(json!({"email": old_email}))
    .after(json!({"email": new_email, "requestedBy": by_id}));
    audit::append(&mut tx, now, &entry).await?;
    tx.commit().await?;
    let name = &user.firstname;
    let body = for_person(&state, &user, &msg!("Hello {name},\n\nThe e-mail of your Plantdoc account changed from {old_email} to {new_email}, confirmed with your password. Sign in with {new_email} from now on.\n\nIf this was not you, tell plant IT at once.\n"));
    let subject = for_person(&state, &user, text!("Your Plantdoc e-mail changed"));
    for to in [&old_email, &new_email] {
        if let Err(e) = state.mail.send(&state.db, now, to, &subject, &body).await {
            tracing::error!(error = %format!("{e:#}"), "e-mail change mail failed");
        }
    }
    Ok(crate::app::http::lang::message(
        json!({"message": msg!("Your e-mail is now {new_email}. Please sign in with it."), "email": new_email}),
    ))
}
