//! Single sign-on through an OpenID Connect provider (decision 70), when `[auth.oidc]` is
//! set: the authorization code flow with PKCE (S256), `state` and `nonce`, the ID token
//! verified, all by the `openidconnect` crate (`provider`, decision 94), then Plantdoc's
//! own session, as after a password sign-in. Whose account it is: `accounts` (and `link`
//! for the accounts a first sign-in may not take by e-mail).
use crate::{msg, text};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Query, State};
use axum::http::header::{LOCATION, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use tokio::sync::Mutex;

use crate::app::api::{Access, ApiRouter};
use crate::app::auth::routes::throttle;
use crate::app::auth::session::{self, ClientIp};
use crate::app::AppState;
use crate::base::auth_settings::OidcSettings;
use crate::base::error::{AppError, AppResult};
use crate::data::audit::{self, AuditEntry};
use crate::plant::users::User;

pub mod accounts;
pub mod claims;
pub mod flow;
pub mod fresh;
pub mod http;
pub mod link;
pub(crate) mod page;
pub mod provider;

pub use provider::Provider;

/// Discovery is read again after this long (the provider's signing keys rotate).
const DISCOVERY_TTL: Duration = Duration::from_secs(600);

/// The provider's client, discovered at first use and kept a while.
#[derive(Default)]
pub struct Oidc {
    http: http::Http,
    cache: Mutex<Option<(Instant, Arc<Provider>)>>,
}

impl Oidc {
    /// The discovered provider (read again once [`DISCOVERY_TTL`] has passed, or at once
    /// with `fresh`: an ID token signed by a key it did not list, the keys rotated).
    pub async fn provider(
        &self,
        s: &OidcSettings,
        public_url: &str,
        fresh: bool,
    ) -> anyhow::Result<Arc<Provider>> {
        let mut cache = self.cache.lock().await;
        if let Some((at, p)) = cache.as_ref() {
            if !fresh && at.elapsed() < DISCOVERY_TTL {
                return Ok(p.clone());
            }
        }
        let p = Arc::new(Provider::discover(&self.http, s, &redirect_uri(public_url)).await?);
        *cache = Some((Instant::now(), p.clone()));
        Ok(p)
    }
}

/// The redirect URI to register at the provider.
pub fn redirect_uri(public_url: &str) -> String {
    format!("{}/api/auth/oidc/callback", public_url.trim_end_matches('/'))
}

/// The routes, mounted only when `[auth.oidc]` is set. Both answer as a browser needs:
/// a redirect, or a page (a throttled or database-less answer is the usual JSON error).
pub fn routes() -> ApiRouter {
    ApiRouter::new("users")
        .route(
            Access::Public,
            Method::GET,
            "/api/auth/oidc/login",
            "Start a sign-in through the identity provider (302 to it); fresh=1: sign in there again to confirm an act, then back",
            login,
        )
        .query::<fresh::LoginQuery>()
        .redirects()
        .answers(&[429])
        .answers_as(503, &["text/html", "application/json"])
        .route(
            Access::Public,
            Method::GET,
            "/api/auth/oidc/callback",
            "The identity provider's answer: signs in and goes to the console (302 to /main), or a refusal page",
            callback,
        )
        .query::<CallbackQuery>()
        .redirects()
        .answers(&[429])
        .answers_as(400, &["text/html", "application/json"])
        .answers_as(403, &["text/html"])
        .answers_as(503, &["text/html", "application/json"])
}

fn oidc_settings(state: &AppState) -> AppResult<&OidcSettings> {
    state.settings.auth.oidc.as_ref().ok_or(AppError::NotFound)
}

async fn provider_or_page(
    state: &AppState,
    s: &OidcSettings,
    fresh: bool,
) -> Result<Arc<Provider>, Response> {
    state.oidc.provider(s, &state.settings.server.public_url, fresh).await.map_err(|e| {
        tracing::error!(error = %e, issuer = %s.issuer, "OpenID provider discovery failed");
        page::refusal(
            StatusCode::SERVICE_UNAVAILABLE,
            &format!("{} cannot be reached just now. Please try again in a minute.", s.label),
        )
    })
}

fn redirect(to: &str, cookies: Vec<HeaderValue>) -> Response {
    let mut r = StatusCode::FOUND.into_response();
    r.headers_mut()
        .insert(LOCATION, HeaderValue::from_str(to).unwrap_or(HeaderValue::from_static("/")));
    for c in cookies {
        r.headers_mut().append(SET_COOKIE, c);
    }
    r
}

async fn login(
    State(state): State<AppState>,
    addr: ClientIp,
    Query(lq): Query<fresh::LoginQuery>,
) -> AppResult<Response> {
    throttle(&state, &addr, "login")?;
    let s = oidc_settings(&state)?;
    let provider = match provider_or_page(&state, s, false).await {
        Ok(p) => p,
        Err(page) => return Ok(page),
    };
    let mut started = provider.start(s);
    let fresh_back = lq.is_fresh().then(|| lq.back());
    if fresh_back.is_some() {
        fresh::ask_again(&mut started.url);
    }
    let f = flow::Flow {
        state: started.state,
        nonce: started.nonce,
        pkce_verifier: started.pkce_verifier,
        started: state.now_ms(),
        fresh_back,
    };
    Ok(redirect(started.url.as_str(), vec![flow::set(&state, &f)]))
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    #[serde(default)]
    code: Option<String>,
    #[serde(default)]
    state: Option<String>,
    #[serde(default)]
    error: Option<String>,
}

/// A refusal page, the flow cookie cleared, and a warning in the log.
fn refused(state: &AppState, status: StatusCode, why: &str, detail: &str) -> Response {
    tracing::warn!(reason = why, detail, "single sign-on refused");
    let mut r = page::refusal(status, why);
    r.headers_mut().append(SET_COOKIE, flow::clear(state));
    r
}

async fn callback(
    State(state): State<AppState>,
    addr: ClientIp,
    headers: HeaderMap,
    Query(q): Query<CallbackQuery>,
) -> AppResult<Response> {
    throttle(&state, &addr, "login")?;
    let s = oidc_settings(&state)?;
    const AGAIN: &str =
        text!("This sign-in could not be completed. Please start again from the sign-in page.");
    let f = match flow::take(&state, &headers, q.state.as_deref().unwrap_or("")) {
        Ok(f) => f,
        Err(e) => return Ok(refused(&state, StatusCode::BAD_REQUEST, AGAIN, &format!("{e:?}"))),
    };
    if let Some(e) = &q.error {
        return Ok(refused(
            &state,
            StatusCode::FORBIDDEN,
            &format!("{} did not sign you in ({e}).", s.label),
            e,
        ));
    }
    let Some(code) = q.code.filter(|c| !c.is_empty()) else {
        return Ok(refused(&state, StatusCode::BAD_REQUEST, AGAIN, "no code"));
    };
    let provider = match provider_or_page(&state, s, false).await {
        Ok(p) => p,
        Err(page) => return Ok(page),
    };
    let tokens = match provider.exchange(&state.oidc.http, code, f.pkce_verifier).await {
        Ok(t) => t,
        Err(e) => {
            return Ok(refused(
                &state,
                StatusCode::FORBIDDEN,
                AGAIN,
                &format!("token exchange: {e:#}"),
            ))
        }
    };
    const UNVERIFIED: &str =
        text!("The identity provider's answer could not be verified, so you are not signed in.");
    let mut checked = provider.verify(&tokens, &f.nonce);
    let mut provider = provider;
    if checked.as_ref().is_err_and(provider::Refusal::unknown_key) {
        // Signed by a key the kept discovery does not list: the provider's keys rotated.
        if let Ok(p) = provider_or_page(&state, s, true).await {
            checked = p.verify(&tokens, &f.nonce);
            provider = p;
        }
    }
    let id = match checked {
        Ok(c) => c,
        Err(e) => {
            return Ok(refused(
                &state,
                StatusCode::FORBIDDEN,
                UNVERIFIED,
                &format!("ID token: {e}"),
            ))
        }
    };
    let subject = id.subject().to_string();
    // A fresh sign-in was asked for: the provider must say it signed the person in just now
    // (its clock is the real one; the app's may be a test's).
    let fresh_at = match &f.fresh_back {
        Some(_) => {
            let mut said = serde_json::Map::new();
            if let Some(at) = id.auth_time() {
                said.insert("auth_time".into(), at.timestamp().into());
            }
            match fresh::recent_auth_time(&said, chrono::Utc::now().timestamp()) {
                Some(_) => Some(state.now_ms()),
                None => {
                    return Ok(refused(
                        &state,
                        StatusCode::FORBIDDEN,
                        &format!(
                            "{} did not confirm a new sign-in just now. Please try again.",
                            s.label
                        ),
                        &subject,
                    ))
                }
            }
        }
        None => None,
    };
    let userinfo = match provider.userinfo(&state.oidc.http, &tokens, id.subject()).await {
        Ok(u) => u,
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), "OpenID user info not used; the ID token's claims are used alone");
            None
        }
    };
    let verified_email = claims::email_verified(s, &id, userinfo.as_ref());
    let all = claims::merge(
        serde_json::to_value(&id).unwrap_or_default(),
        userinfo.as_ref().and_then(|u| serde_json::to_value(u).ok()),
    );
    let profile = match claims::profile(s, &all, verified_email) {
        Ok(p) => p,
        Err(claims::ClaimProblem(msg)) => {
            return Ok(refused(&state, StatusCode::FORBIDDEN, &msg, &subject))
        }
    };
    let user = match accounts::resolve(&state, s, &subject, &profile).await? {
        accounts::Outcome::SignIn(u) => u,
        accounts::Outcome::Refused(accounts::Refusal(msg)) => {
            return Ok(refused(&state, StatusCode::FORBIDDEN, &msg, &subject))
        }
        accounts::Outcome::NeedsPassword(pending) => {
            return Ok(needs_password(&state, s, &pending))
        }
    };
    signed_in(&state, s, &headers, &user, fresh_at, f.fresh_back.as_deref()).await
}

/// The session of a provider sign-in (with when a fresh sign-in confirmed it), audited, and
/// the way to the console (or back to the page that asked for the fresh sign-in).
async fn signed_in(
    state: &AppState,
    s: &OidcSettings,
    headers: &HeaderMap,
    user: &User,
    fresh_at: Option<i64>,
    back: Option<&str>,
) -> AppResult<Response> {
    let mut cookies = session::start_with(state, headers, &user.id, false, fresh_at).await?;
    audit::record(
        &state.db,
        state.now_ms(),
        &AuditEntry::new(
            "auth.login",
            format!("user:{}", user.id),
            format!("signed in with {}", s.label),
        )
        .by(Some(&user.id), &user.full_name()),
    )
    .await?;
    // What the sign-in changed (the account's fields) applies from now on, on this instance too.
    session::after_write(state);
    cookies.push(flow::clear(state));
    Ok(redirect(back.unwrap_or("/main"), cookies))
}

/// No session: the person signs in with the account's password once, in this browser,
/// and the identity links then (`link`).
fn needs_password(state: &AppState, s: &OidcSettings, pending: &link::PendingLink) -> Response {
    let label = &s.label;
    let why = msg!(
        "Your {label} sign-in is not linked to a Plantdoc account yet. To link it, sign in once with your Plantdoc e-mail and password in this browser within 10 minutes."
    );
    tracing::warn!(subject = %pending.subject, "single sign-on waits for the account's password to link");
    let mut r = page::refusal_to(StatusCode::FORBIDDEN, &why, page::SIGN_IN_WITH_PASSWORD);
    r.headers_mut().append(SET_COOKIE, flow::clear(state));
    r.headers_mut().append(SET_COOKIE, link::set(state, pending));
    r
}

/// Where the browser goes after signing out of Plantdoc: the provider's end-session
/// endpoint, when it advertises one and the account signs in through it.
pub async fn end_session_url(state: &AppState, user_id: &str) -> Option<String> {
    let s = state.settings.auth.oidc.as_ref()?;
    let linked: Option<String> = sqlx::query_scalar("SELECT oidc_subject FROM users WHERE id = $1")
        .bind(user_id)
        .fetch_optional(&state.db.pool)
        .await
        .ok()??;
    linked?;
    let provider = state.oidc.provider(s, &state.settings.server.public_url, false).await.ok()?;
    let mut url = provider.end_session.clone()?;
    let back = format!("{}/login", state.settings.server.public_url.trim_end_matches('/'));
    url.query_pairs_mut()
        .append_pair("client_id", &s.client_id)
        .append_pair("post_logout_redirect_uri", &back);
    Some(url.to_string())
}
