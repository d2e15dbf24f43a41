//! Server-side sessions: a random 256-bit id in an HttpOnly SameSite=Lax cookie, only
//! its SHA-256 stored; idle and absolute expiry; a CSRF token per session, sent back
//! in a readable cookie and required in the `X-CSRF-Token` header on unsafe methods.
use axum::extract::{FromRequestParts, Request, State};
use axum::http::header::COOKIE;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use base64::Engine;
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::app::auth::csrf::{is_unsafe, new_csrf, CSRF_HEADER, MISSING_CSRF};
use crate::app::auth::session_memo::{Remembered, SEEN_WRITE_MS};
use crate::app::AppState;
use crate::base::error::AppError;
use crate::plant::users::{User, USER_COLUMNS};

/// The signed-in user, put in the request by the session layer.
#[derive(Debug, Clone)]
pub struct CurrentUser {
    pub user: User,
    pub session_hash: String,
    pub restricted: bool,
}

impl std::ops::Deref for CurrentUser {
    type Target = User;
    fn deref(&self) -> &User {
        &self.user
    }
}

impl<S: Send + Sync> FromRequestParts<S> for CurrentUser {
    type Rejection = AppError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, AppError> {
        parts.extensions.get::<CurrentUser>().cloned().ok_or(AppError::Unauthorized)
    }
}

/// The peer's address (the throttles' key); loopback when unknown (tests in-process).
#[derive(Debug, Clone, Copy)]
pub struct ClientIp(pub std::net::IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map(|c| c.0.ip())
            .unwrap_or(std::net::IpAddr::from([127, 0, 0, 1]));
        Ok(ClientIp(ip))
    }
}

pub fn session_cookie_name(state: &AppState) -> &'static str {
    if state.settings.server.secure_cookies {
        "__Host-plantdoc_session"
    } else {
        "plantdoc_session"
    }
}
pub fn csrf_cookie_name(state: &AppState) -> &'static str {
    if state.settings.server.secure_cookies {
        "__Host-plantdoc_csrf"
    } else {
        "plantdoc_csrf"
    }
}

pub fn random_token() -> String {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).expect("randomness");
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(b)
}

pub fn sha256_hex(s: &str) -> String {
    hex::encode(Sha256::digest(s.as_bytes()))
}

pub fn constant_eq(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    a.iter().zip(b).fold(0u8, |acc, (x, y)| acc | (x ^ y)) == 0
}

pub fn cookie(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .find_map(|kv| {
            let (k, v) = kv.trim().split_once('=')?;
            (k == name).then(|| v.to_string())
        })
}

pub(crate) fn set_cookie(
    state: &AppState,
    name: &str,
    value: &str,
    http_only: bool,
    max_age: Option<i64>,
) -> HeaderValue {
    let mut c = format!("{name}={value}; Path=/; SameSite=Lax");
    if http_only {
        c.push_str("; HttpOnly");
    }
    if state.settings.server.secure_cookies {
        c.push_str("; Secure");
    }
    if let Some(age) = max_age {
        c.push_str(&format!("; Max-Age={age}"));
    }
    HeaderValue::from_str(&c).expect("cookie value")
}

/// Creates a session for a user (after a successful sign-in) and returns the cookies to
/// set. Any session presented with the request is ended first: the id always rotates.
pub async fn start(
    state: &AppState,
    request_headers: &HeaderMap,
    user_id: &str,
    restricted: bool,
) -> Result<Vec<HeaderValue>, AppError> {
    start_with(state, request_headers, user_id, restricted, None).await
}

/// As [`start`], for a single sign-on that was a fresh sign-in at the provider at
/// `provider_sign_in_at` (ms; [`take_provider_sign_in`]).
pub async fn start_with(
    state: &AppState,
    request_headers: &HeaderMap,
    user_id: &str,
    restricted: bool,
    provider_sign_in_at: Option<i64>,
) -> Result<Vec<HeaderValue>, AppError> {
    if let Some(old) = cookie(request_headers, session_cookie_name(state)) {
        sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
            .bind(sha256_hex(&old))
            .execute(&state.db.pool)
            .await?;
    }
    let id = random_token();
    let csrf = new_csrf(state);
    let now = state.now_ms();
    // Expired sessions are refused on sight; this keeps the table from growing.
    let s = &state.settings.session;
    let longest_idle = s.idle_timeout_secs.max(s.kiosk_idle_timeout_secs) * 1000;
    sqlx::query("DELETE FROM sessions WHERE last_seen < $1 OR created_at < $2")
        .bind(now - longest_idle)
        .bind(now - s.absolute_timeout_secs.max(s.kiosk_max_age_secs) * 1000)
        .execute(&state.db.pool)
        .await?;
    sqlx::query(
        "INSERT INTO sessions (id_hash, user_id, csrf, restricted, created_at, last_seen, provider_sign_in_at) \
         VALUES ($1, $2, $3, $4, $5, $5, $6)",
    )
    .bind(sha256_hex(&id))
    .bind(user_id)
    .bind(&csrf)
    .bind(i64::from(restricted))
    .bind(now)
    .bind(provider_sign_in_at)
    .execute(&state.db.pool)
    .await?;
    Ok(vec![
        set_cookie(state, session_cookie_name(state), &id, true, None),
        set_cookie(state, csrf_cookie_name(state), &csrf, false, None),
    ])
}

/// Whether the session was made by a fresh sign-in at the provider no longer than
/// `max_age_ms` ago; the mark is used up (one act per fresh sign-in).
pub async fn take_provider_sign_in(
    state: &AppState,
    session_hash: &str,
    max_age_ms: i64,
) -> Result<bool, sqlx::Error> {
    let r = sqlx::query("UPDATE sessions SET provider_sign_in_at = NULL WHERE id_hash = $1 AND provider_sign_in_at >= $2")
        .bind(session_hash)
        .bind(state.now_ms() - max_age_ms)
        .execute(&state.db.pool)
        .await?;
    Ok(r.rows_affected() == 1)
}

/// Whether the session has an unused fresh sign-in at the provider no older than
/// `max_age_ms` (read only).
pub async fn has_provider_sign_in(
    state: &AppState,
    session_hash: &str,
    max_age_ms: i64,
) -> Result<bool, sqlx::Error> {
    let at: Option<Option<i64>> =
        sqlx::query_scalar("SELECT provider_sign_in_at FROM sessions WHERE id_hash = $1")
            .bind(session_hash)
            .fetch_optional(&state.db.pool)
            .await?;
    Ok(at.flatten().is_some_and(|t| t >= state.now_ms() - max_age_ms))
}

/// Cookies that clear the session cookie (logout).
pub fn clear_cookies(state: &AppState) -> Vec<HeaderValue> {
    vec![set_cookie(state, session_cookie_name(state), "", true, Some(0))]
}

/// Ends every session of a user, but `keep` (password change, disable).
pub async fn end_all(state: &AppState, user_id: &str, keep: Option<&str>) -> Result<(), AppError> {
    sqlx::query("DELETE FROM sessions WHERE user_id = $1 AND id_hash <> $2")
        .bind(user_id)
        .bind(keep.unwrap_or(""))
        .execute(&state.db.pool)
        .await?;
    Ok(())
}

/// Ends one session inside the caller's transaction (a kiosk's revoke, with its audit
/// row); its cookie is refused from the next request on.
pub async fn end_one(
    conn: &mut sqlx::AnyConnection,
    session_hash: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM sessions WHERE id_hash = $1").bind(session_hash).execute(conn).await?;
    Ok(())
}

/// Loads the session named by the request's cookie, applying the expiry rules.
/// `Ok(None)` when there is no valid session. A session this instance remembers
/// (`session_memo`, decision 35) is used without a query.
pub async fn load(
    state: &AppState,
    headers: &HeaderMap,
) -> Result<Option<(CurrentUser, String)>, AppError> {
    let Some(id) = cookie(headers, session_cookie_name(state)) else { return Ok(None) };
    let hash = sha256_hex(&id);
    let now = state.now_ms();
    if let Some(r) = state.sessions.recall(&hash) {
        if now - r.seen <= SEEN_WRITE_MS && !expired(state, &r.current.user, r.created, r.seen, now)
        {
            return Ok(Some((r.current.clone(), r.csrf.clone())));
        }
    }
    // Built once: every request of a signed-in user runs it.
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "SELECT s.csrf AS s_csrf, s.restricted AS s_restricted, s.created_at AS s_created, s.last_seen AS s_seen, \
             (SELECT n FROM change_counters WHERE name = 'auth') AS s_epoch, {} FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = $1",
            USER_COLUMNS.split(", ").map(|c| format!("u.{c}")).collect::<Vec<_>>().join(", ")
        )
    });
    let generation = state.sessions.generation();
    let started = std::time::Instant::now();
    let Some(row) = sqlx::query(SQL.as_str()).bind(&hash).fetch_optional(&state.db.pool).await?
    else {
        return Ok(None);
    };
    let user = User::from_row(&row)?;
    let created: i64 = row.try_get("s_created")?;
    let mut seen: i64 = row.try_get("s_seen")?;
    if expired(state, &user, created, seen, now) {
        sqlx::query("DELETE FROM sessions WHERE id_hash = $1")
            .bind(&hash)
            .execute(&state.db.pool)
            .await?;
        return Ok(None);
    }
    if now - seen > SEEN_WRITE_MS {
        sqlx::query("UPDATE sessions SET last_seen = $1 WHERE id_hash = $2")
            .bind(now)
            .bind(&hash)
            .execute(&state.db.pool)
            .await?;
        seen = now;
    }
    let csrf: String = row.try_get("s_csrf")?;
    let restricted = row.try_get::<i64, _>("s_restricted")? != 0;
    let current = CurrentUser { user, session_hash: hash.clone(), restricted };
    let epoch: i64 = row.try_get("s_epoch")?;
    let found = Remembered { current: current.clone(), csrf: csrf.clone(), created, seen };
    state.sessions.loaded(generation, started, epoch, hash, found);
    Ok(Some((current, csrf)))
}

/// The expiry rules: a disabled account, idle too long, or past its absolute limit.
/// A kiosk account (the flag, not any operator) stays signed in until revoked or its own
/// limit (not 1 h idle).
fn expired(state: &AppState, user: &User, created: i64, seen: i64, now: i64) -> bool {
    user.disabled || now > ends_at(state, user, created, seen)
}

/// When a session ends by the expiry rules (app clock, ms) unless it is seen again: the
/// earlier of its idle and its absolute limit.
pub(crate) fn ends_at(state: &AppState, user: &User, created: i64, seen: i64) -> i64 {
    let s = &state.settings.session;
    let (idle, absolute) = if user.is_kiosk() {
        (s.kiosk_idle_timeout_secs, s.kiosk_max_age_secs)
    } else {
        (s.idle_timeout_secs, s.absolute_timeout_secs)
    };
    (seen + idle * 1000).min(created + absolute * 1000)
}

/// Whether a request writes: its answer voids every session and answer this instance
/// remembers ([`after_write`]). A GET logout counts.
pub fn writes(req: &Request) -> bool {
    is_unsafe(req.method()) || req.uri().path() == "/api/users/logout"
}

/// After a write request has answered: what it changed (a logout, a disable, a
/// password, a user's zones, an alert) applies from its answer on (decision 35).
pub fn after_write(state: &AppState) {
    state.sessions.changed();
    state.changes.wrote();
}

/// Which signed-in users a route layer lets through.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Who {
    Anyone,
    AnyoneRestricted,
    Staff,
    Kiosk,
}

async fn authenticate(state: &AppState, req: Request, next: Next, who: Who) -> Response {
    let (current, csrf) = match load(state, req.headers()).await {
        Ok(Some(x)) => x,
        Ok(None) => return AppError::Unauthorized.into_response(),
        Err(e) => return e.into_response(),
    };
    // The person's language, for the error answers' (`http::lang`).
    let lang = crate::app::http::lang::UserLang(current.user.lang.clone());
    let mut resp = let_through(req, next, who, current, &csrf).await;
    resp.extensions_mut().insert(lang);
    resp
}

async fn let_through(
    mut req: Request,
    next: Next,
    who: Who,
    current: CurrentUser,
    csrf: &str,
) -> Response {
    if is_unsafe(req.method()) {
        let sent = req.headers().get(CSRF_HEADER).and_then(|v| v.to_str().ok()).unwrap_or("");
        if !constant_eq(sent.as_bytes(), csrf.as_bytes()) {
            return AppError::Forbidden(MISSING_CSRF.into()).into_response();
        }
    }
    if current.restricted && who != Who::AnyoneRestricted {
        return AppError::ChangePassword.into_response();
    }
    if who == Who::Staff && current.user.is_operator() {
        return AppError::Forbidden(crate::msg!("This is not available at the kiosk."))
            .into_response();
    }
    if who == Who::Kiosk && !current.user.is_kiosk() {
        tracing::warn!(user = %current.user.id, path = %req.uri().path(), "kiosk route refused: not a kiosk account");
        return AppError::Forbidden(crate::msg!("This is for a kiosk account.")).into_response();
    }
    req.extensions_mut().insert(current);
    next.run(req).await
}

/// Route layer: a signed-in user whose password is set.
pub async fn require_session(State(state): State<AppState>, req: Request, next: Next) -> Response {
    authenticate(&state, req, next, Who::Anyone).await
}

/// Route layer: a signed-in user, also while a new password is required.
pub async fn require_any_session(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    authenticate(&state, req, next, Who::AnyoneRestricted).await
}

/// Route layer: signed-in staff (the console); operators get 403.
pub async fn require_console(State(state): State<AppState>, req: Request, next: Next) -> Response {
    authenticate(&state, req, next, Who::Staff).await
}

/// Route layer: a kiosk account (`users.kiosk`); staff and other operators get 403.
pub async fn require_kiosk(State(state): State<AppState>, req: Request, next: Next) -> Response {
    authenticate(&state, req, next, Who::Kiosk).await
}
