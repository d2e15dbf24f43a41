//! Service tokens (`Authorization: Bearer pd_…`): a machine reads what its scopes allow,
//! as the plant administrator who made it, bound to that administrator's company. Only
//! routes that declare a scope (`ApiRouter::scoped`) take a token: deny by default, and the
//! kiosk's, sign-in's and password routes never declare one. Only the token's SHA-256 is
//! stored (the token is 32 random bytes: no dictionary to guess, so no slow hash needed);
//! each request reads the row, so expiry and revocation apply at once on every instance.
use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::extract::{MatchedPath, Request, State};
use axum::http::{header::AUTHORIZATION, HeaderMap, Method};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde::{Deserialize, Serialize};
use sqlx::Row;

use crate::app::auth::session::{self, sha256_hex, CurrentUser};
use crate::app::AppState;
use crate::base::error::{AppError, FieldErrors};
use crate::plant::users::{User, USER_COLUMNS};
use crate::text;

/// What a token may do: one scope per route group.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Scope {
    #[serde(rename = "documents:read")]
    DocumentsRead,
    #[serde(rename = "signatures:read")]
    SignaturesRead,
    #[serde(rename = "readiness:read")]
    ReadinessRead,
    #[serde(rename = "users:write")]
    UsersWrite,
    #[serde(rename = "scim")]
    Scim,
    #[serde(rename = "webhooks")]
    Webhooks,
    #[serde(rename = "metrics")]
    Metrics,
}

impl Scope {
    pub const ALL: [Scope; 7] = [
        Self::DocumentsRead,
        Self::SignaturesRead,
        Self::ReadinessRead,
        Self::UsersWrite,
        Self::Scim,
        Self::Webhooks,
        Self::Metrics,
    ];
    pub fn as_str(self) -> &'static str {
        match self {
            Self::DocumentsRead => "documents:read",
            Self::SignaturesRead => "signatures:read",
            Self::ReadinessRead => "readiness:read",
            Self::UsersWrite => "users:write",
            Self::Scim => "scim",
            Self::Webhooks => "webhooks",
            Self::Metrics => "metrics",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|x| x.as_str() == s)
    }
}

/// The scope of each route that takes a token, by method and path template.
pub type RouteScopes = Arc<HashMap<(Method, String), Scope>>;

/// The caller of a request made with a token (beside its [`CurrentUser`], the maker).
#[derive(Debug, Clone)]
pub struct TokenCaller {
    pub id: String,
    pub company: String,
}

pub const PREFIX: &str = "pd_";
const BASE62: &str = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const NOT_FOR_TOKENS: &str = text!("An API token cannot do this.");
const OUT_OF_SCOPE: &str = text!("This API token's scopes do not allow this.");
const TOO_MANY: &str = text!("Too many requests with this API token. Try again in a minute.");

/// A new token's text: `pd_` and 32 random bytes in base62.
pub fn new_token() -> String {
    let mut b = [0u8; 32];
    getrandom::fill(&mut b).expect("randomness");
    format!("{PREFIX}{}", base_x::encode(BASE62, &b))
}

/// The token a request presents, if it names one (`Authorization: Bearer pd_…`).
pub fn bearer(headers: &HeaderMap) -> Option<&str> {
    let v = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = v.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && token.starts_with(PREFIX)).then_some(token)
}

/// Per token: the current minute and its count (this instance's).
#[derive(Default)]
pub struct TokenLimiter(Mutex<HashMap<String, (i64, u32)>>);

impl TokenLimiter {
    fn hit(&self, id: &str, per_minute: u32, now_ms: i64) -> Result<(), i64> {
        let window = now_ms / 60_000;
        let mut w = self.0.lock().unwrap_or_else(|p| p.into_inner());
        if w.len() > 10_000 {
            w.retain(|_, (win, _)| *win == window);
        }
        let e = w.entry(id.to_string()).or_insert((window, 0));
        if e.0 != window {
            *e = (window, 0);
        }
        e.1 += 1;
        if e.1 > per_minute {
            Err(60 - (now_ms / 1000) % 60)
        } else {
            Ok(())
        }
    }
}

struct Found {
    id: String,
    scopes: Vec<Scope>,
    company: String,
    last_used: Option<i64>,
    user: User,
}

/// The live token with this text: not revoked, not expired, its maker still an enabled
/// plant administrator.
async fn find(state: &AppState, token: &str, now: i64) -> Result<Option<Found>, AppError> {
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "SELECT t.id AS t_id, t.scopes AS t_scopes, t.company_code AS t_company, t.last_used_at AS t_used, {} \
             FROM api_tokens t JOIN users u ON u.id = t.created_by \
             WHERE t.token_hash = $1 AND t.revoked_at IS NULL AND t.expires_at > $2",
            USER_COLUMNS.split(", ").map(|c| format!("u.{c}")).collect::<Vec<_>>().join(", ")
        )
    });
    let Some(row) = sqlx::query(SQL.as_str())
        .bind(sha256_hex(token))
        .bind(now)
        .fetch_optional(&state.db.pool)
        .await?
    else {
        return Ok(None);
    };
    let mut user = User::from_row(&row)?;
    if user.disabled || !user.plant_admin || user.is_operator() {
        return Ok(None);
    }
    let company: String = row.try_get("t_company")?;
    // Bound to one company: the maker's plant-wide reach does not pass to the token.
    user.plant_admin = false;
    user.company_code = company.clone();
    let scopes = row.try_get::<String, _>("t_scopes")?;
    Ok(Some(Found {
        id: row.try_get("t_id")?,
        scopes: scopes.split(' ').filter_map(Scope::parse).collect(),
        company,
        last_used: row.try_get("t_used")?,
        user,
    }))
}

/// Route layer of the console tier: a session, or a token whose scopes allow the route.
pub async fn console(
    State((state, scopes)): State<(AppState, RouteScopes)>,
    req: Request,
    next: Next,
) -> Response {
    match bearer(req.headers()) {
        Some(t) => {
            let t = t.to_string();
            by_token(&state, &scopes, &t, req, next).await
        }
        None => session::require_console(State(state), req, next).await,
    }
}

/// Route layer of the session tier: as [`console`].
pub async fn any_user(
    State((state, scopes)): State<(AppState, RouteScopes)>,
    req: Request,
    next: Next,
) -> Response {
    match bearer(req.headers()) {
        Some(t) => {
            let t = t.to_string();
            by_token(&state, &scopes, &t, req, next).await
        }
        None => session::require_session(State(state), req, next).await,
    }
}

/// Route layer of the tiers no token may use (the kiosk's, a pending password's): a
/// request that names a token is refused, whatever cookie it carries.
pub async fn refuse(req: Request, next: Next) -> Response {
    if bearer(req.headers()).is_some() {
        return AppError::Forbidden(NOT_FOR_TOKENS.into()).into_response();
    }
    next.run(req).await
}

/// The live token `token` if it may do an act of `scope` now (`None`: the act takes no
/// token): 401 unknown, expired or revoked; 403 out of scope; 429 over its rate. Its
/// last use is written at most once a second.
pub async fn check(
    state: &AppState,
    token: &str,
    scope: Option<Scope>,
) -> Result<Caller, AppError> {
    let now = state.now_ms();
    let found = find(state, token, now).await?.ok_or(AppError::Unauthorized)?;
    let scope = scope.ok_or_else(|| AppError::Forbidden(NOT_FOR_TOKENS.into()))?;
    if !found.scopes.contains(&scope) {
        return Err(AppError::Forbidden(OUT_OF_SCOPE.into()));
    }
    let per_minute = state.settings.auth.token_requests_per_minute;
    if let Err(retry_after_secs) = state.token_limiter.hit(&found.id, per_minute, now) {
        let mut fields = FieldErrors::new();
        fields.insert("token".into(), TOO_MANY.into());
        return Err(AppError::TooManyRequests { retry_after_secs, fields });
    }
    if found.last_used.is_none_or(|t| now - t >= 1000) {
        sqlx::query("UPDATE api_tokens SET last_used_at = $1 WHERE id = $2")
            .bind(now)
            .bind(&found.id)
            .execute(&state.db.pool)
            .await?;
    }
    Ok(Caller(found))
}

/// A token [`check`] let through.
pub struct Caller(Found);

impl Caller {
    /// The token's id (for audit reasons).
    pub fn id(&self) -> &str {
        &self.0.id
    }
    /// Its maker, bound to the token's company (plant administration off): whom the
    /// request acts as, for a route that checks its token itself (SCIM's own errors).
    pub fn user(&self) -> &User {
        &self.0.user
    }
}

async fn by_token(
    state: &AppState,
    scopes: &RouteScopes,
    token: &str,
    mut req: Request,
    next: Next,
) -> Response {
    let path = req.extensions().get::<MatchedPath>().map(|m| m.as_str().to_string());
    let scope = path.and_then(|p| scopes.get(&(req.method().clone(), p)).copied());
    let found = match check(state, token, scope).await {
        Ok(Caller(f)) => f,
        Err(e) => return e.into_response(),
    };
    let lang = crate::app::http::lang::UserLang(found.user.lang.clone());
    req.extensions_mut().insert(TokenCaller { id: found.id, company: found.company });
    req.extensions_mut().insert(CurrentUser {
        user: found.user,
        session_hash: String::new(),
        restricted: false,
    });
    let mut resp = next.run(req).await;
    resp.extensions_mut().insert(lang);
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_is_pd_and_43_base62_characters() {
        let t = new_token();
        assert!(t.starts_with("pd_") && (42..=44).contains(&(t.len() - 3)), "{t}");
        assert!(t[3..].chars().all(|c| c.is_ascii_alphanumeric()));
        assert_ne!(t, new_token());
    }

    #[test]
    fn bearer_names_only_our_tokens() {
        let mut h = HeaderMap::new();
        h.insert(AUTHORIZATION, "Bearer pd_abc".parse().unwrap());
        assert_eq!(bearer(&h), Some("pd_abc"));
        h.insert(AUTHORIZATION, "Basic pd_abc".parse().unwrap());
        assert_eq!(bearer(&h), None);
        h.insert(AUTHORIZATION, "Bearer xyz".parse().unwrap());
        assert_eq!(bearer(&h), None);
    }

    #[test]
    fn the_limit_counts_per_token_and_minute() {
        let l = TokenLimiter::default();
        assert!(l.hit("a", 2, 0).is_ok() && l.hit("a", 2, 1).is_ok());
        assert!(l.hit("a", 2, 2).is_err());
        assert!(l.hit("b", 2, 2).is_ok());
        assert!(l.hit("a", 2, 60_000).is_ok());
    }

    #[test]
    fn scopes_round_trip() {
        for s in Scope::ALL {
            assert_eq!(Scope::parse(s.as_str()), Some(s));
        }
    }
}
