//! Linking a provider identity to an account that a first sign-in may not take by e-mail
//! alone: a protected account (plant administrator, kiosk, break-glass) or an e-mail the
//! provider did not mark verified. The refused sign-in leaves a signed cookie naming the
//! identity and the e-mail (ten minutes, this browser only); a password sign-in of the
//! account with that e-mail in the same browser then links them, audited in the link's
//! transaction (decision 94). Nothing is kept on the server for a link never made.
use axum::http::{HeaderMap, HeaderValue};
use serde::{Deserialize, Serialize};
use serde_json::json;

use super::flow::{header, open, seal};
use crate::app::auth::session::cookie;
use crate::app::AppState;
use crate::base::error::AppResult;
use crate::data::audit::{self, AuditEntry};
use crate::plant::users::User;

/// How long after the refused sign-in the password may link it.
pub const LINK_TTL_MS: i64 = 10 * 60 * 1000;

const PURPOSE: &str = "oidc-link";

/// A provider identity waiting for its account's password.
#[derive(Debug, Serialize, Deserialize)]
pub struct PendingLink {
    pub subject: String,
    /// The provider's e-mail, lower-cased: only the account with it links.
    pub email: String,
    /// When the sign-in was refused (the server's clock, ms).
    pub started: i64,
}

pub fn cookie_name(state: &AppState) -> &'static str {
    if state.settings.server.secure_cookies {
        "__Host-plantdoc_oidc_link"
    } else {
        "plantdoc_oidc_link"
    }
}

pub fn set(state: &AppState, link: &PendingLink) -> HeaderValue {
    header(state, cookie_name(state), &seal(state, PURPOSE, link), LINK_TTL_MS / 1000)
}

pub fn clear(state: &AppState) -> HeaderValue {
    header(state, cookie_name(state), "", 0)
}

/// This browser's pending link for `email`, if one is signed by us and still valid.
pub fn pending(state: &AppState, headers: &HeaderMap, email: &str) -> Option<PendingLink> {
    let link: PendingLink = open(state, PURPOSE, &cookie(headers, cookie_name(state))?)?;
    let age = state.now_ms() - link.started;
    ((0..=LINK_TTL_MS).contains(&age) && link.email == email.trim().to_lowercase()).then_some(link)
}

/// Why an account never links by e-mail alone (the audit row's words), or `None`.
pub fn protection(state: &AppState, u: &User) -> Option<&'static str> {
    if u.plant_admin {
        Some("a plant administrator")
    } else if u.kiosk {
        Some("a kiosk account")
    } else if state.settings.auth.is_break_glass(&u.email) {
        Some("a break-glass account")
    } else {
        None
    }
}

/// Links `user` (whose password was just entered) to the pending identity. `false`, and
/// nothing changed, when the account or the identity is linked already, or the e-mail
/// is not the account's.
pub async fn complete(state: &AppState, user: &User, link: &PendingLink) -> AppResult<bool> {
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let taken: Option<String> = sqlx::query_scalar("SELECT id FROM users WHERE oidc_subject = $1")
        .bind(&link.subject)
        .fetch_optional(&mut *tx)
        .await?;
    if taken.is_some() {
        return Ok(false);
    }
    let linked = sqlx::query(
        "UPDATE users SET oidc_subject = $1 WHERE id = $2 AND oidc_subject IS NULL AND email = $3",
    )
    .bind(&link.subject)
    .bind(&user.id)
    .bind(&link.email)
    .execute(&mut *tx)
    .await?;
    if linked.rows_affected() == 0 {
        return Ok(false);
    }
    audit::append(
        &mut tx,
        now,
        &AuditEntry::new(
            "auth.oidc_link",
            format!("user:{}", user.id),
            "account linked to its single sign-on identity after its password was entered",
        )
        .by(Some(&user.id), &user.full_name())
        .after(json!({"subject": link.subject})),
    )
    .await?;
    tx.commit().await?;
    Ok(true)
}
