//! The sign-in lockout, per e-mail as typed and client address (`login_failures`): after
//! `auth.max_failed_logins` failures that pair locks for `lockout_base_secs`, doubling
//! with each further failure up to `lockout_max_secs` (`throttle::lockout_secs`); it
//! unlocks by itself, a success resets it, a new password (set or reset by e-mail link)
//! clears every address's count, and a day without failures forgets it. Counted whether or
//! not an account has the e-mail, so the answers do not tell which e-mails exist; and a
//! stranger's guesses from another address do not lock the owner out at theirs.
use std::net::IpAddr;

use sqlx::{AnyConnection, Row};

use crate::app::auth::session::sha256_hex;
use crate::app::auth::throttle::lockout_secs;
use crate::app::AppState;
use crate::base::error::AppResult;
use crate::data::audit::{self, AuditEntry};
use crate::plant::users::User;

/// A count older than this is forgotten.
const MEMORY_MS: i64 = 24 * 60 * 60 * 1000;

/// One sign-in's key: the e-mail as typed (trimmed, lower-case; kept as its SHA-256) and
/// the client address.
pub struct Attempt {
    email_hash: String,
    client: String,
}

pub fn email_hash(email: &str) -> String {
    sha256_hex(&email.trim().to_lowercase())
}

impl Attempt {
    pub fn new(email: &str, addr: IpAddr) -> Self {
        Self { email_hash: email_hash(email), client: addr.to_string() }
    }
}

/// Until when (ms) the attempt's e-mail is locked at its address, if it is at `now`.
pub async fn locked_until(
    state: &AppState,
    a: &Attempt,
    now: i64,
) -> Result<Option<i64>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT locked_until FROM login_failures WHERE email_hash = $1 AND client = $2",
    )
    .bind(&a.email_hash)
    .bind(&a.client)
    .fetch_optional(&state.db.pool)
    .await?;
    Ok(match row {
        Some(r) => r.try_get::<Option<i64>, _>("locked_until")?.filter(|t| *t > now),
        None => None,
    })
}

/// Counts a failure (in the database, so parallel guesses are all counted) and locks the
/// pair when due; a lock of a known account is audited, every lock logged at WARN.
pub async fn fail(state: &AppState, a: &Attempt, user: Option<&User>, now: i64) -> AppResult<()> {
    let s = &state.settings.auth;
    let mut tx = state.db.begin().await?;
    let row = sqlx::query(
        "INSERT INTO login_failures (email_hash, client, failures, locked_until, last_failed_at) VALUES ($1, $2, 1, NULL, $3) \
         ON CONFLICT (email_hash, client) DO UPDATE SET \
         failures = CASE WHEN login_failures.last_failed_at < $4 THEN 1 ELSE login_failures.failures + 1 END, last_failed_at = $3 \
         RETURNING failures",
    )
    .bind(&a.email_hash)
    .bind(&a.client)
    .bind(now)
    .bind(now - MEMORY_MS)
    .fetch_one(&mut *tx)
    .await?;
    let failures: i64 = row.try_get("failures")?;
    let lock = lockout_secs(failures, s.max_failed_logins, s.lockout_base_secs, s.lockout_max_secs);
    if lock > 0 {
        sqlx::query(
            "UPDATE login_failures SET locked_until = $1 WHERE email_hash = $2 AND client = $3",
        )
        .bind(now + lock * 1000)
        .bind(&a.email_hash)
        .bind(&a.client)
        .execute(&mut *tx)
        .await?;
        tracing::warn!(user = user.map(|u| u.id.as_str()), client = %a.client, failures, lock_secs = lock, "sign-in locked for this e-mail and address after failed attempts");
        if let Some(u) = user {
            let why = format!(
                "sign-in from {} locked for {lock} s after {failures} failed attempts",
                a.client
            );
            audit::append(
                &mut tx,
                now,
                &AuditEntry::new("auth.lockout", format!("user:{}", u.id), why),
            )
            .await?;
        }
    }
    // Forgotten counts go (the table holds at most a day of failures).
    sqlx::query("DELETE FROM login_failures WHERE last_failed_at < $1 AND (locked_until IS NULL OR locked_until < $2)")
        .bind(now - MEMORY_MS)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(())
}

/// A successful sign-in resets its own address's count.
pub async fn succeeded(state: &AppState, a: &Attempt) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM login_failures WHERE email_hash = $1 AND client = $2")
        .bind(&a.email_hash)
        .bind(&a.client)
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// A new password unlocks the account everywhere (the unlock path for an owner locked out
/// at their own address: a reset link by e-mail).
pub async fn clear_email(conn: &mut AnyConnection, email: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM login_failures WHERE email_hash = $1")
        .bind(email_hash(email))
        .execute(conn)
        .await?;
    Ok(())
}
