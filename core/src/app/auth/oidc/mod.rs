//! Single sign-on through an OpenID Connect provider (issue 30), when `[auth.oidc]` is
//! set: the authorization code flow with PKCE (S256), `state` and `nonce`, the ID token
//! checked (`id_token`: signature against the provider's JWKS, issuer, audience, expiry,
//! nonce, `at_hash`), then Plantdoc's own session, as after a password sign-in.
use crate::text;
use std::sync::{Arc, OnceLock};
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

pub mod accounts;
pub mod claims;
pub mod flow;
pub mod fresh;
pub mod id_token;
pub(crate) mod page;
pub mod provider;

pub use provider::Provider;

/// Discovery is read again after this long (the provider's signing keys rotate).
const DISCOVERY_TTL: Duration = Duration::from_secs(600);

/// The provider's client, discovered at first use and kept a while.
#[derive(Default)]
pub struct Oidc {
    http: OnceLock<reqwest::Client>,
    cache: Mutex<Option<(Instant, Arc<Provider>)>>,
}

impl Oidc {
    fn http(&self) -> &reqwest::Client {
        self.http.get_or_init(|| {
            reqwest::Client::builder()
                // Following redirects would let a provider's answer point the server anywhere.
                .redirect(reqwest::redirect::Policy::none())
                .timeout(Duration::from_secs(10))
                .build()
                .expect("HTTP client")
        })
    }

    /// The discovered provider (read again once [`DISCOVERY_TTL`] has passed, or at once
    /// with `fresh`: an ID token signed by a key it did not list, the keys rotated).
    pub async fn provider(&self, s: &OidcSettings, fresh: bool) -> anyhow::Result<Arc<Provider>> {
        let mut cache = self.cache.lock().await;
        if let Some((at, p)) = cache.as_ref() {
            if !fresh && at.elapsed() < DISCOVERY_TTL {
                return Ok(p.clone());
            }
        }
        let p = Arc::new(Provider::discover(self.http(), &s.issuer).await?);
        *cache = Some((Instant::now(), p.clone()));
        Ok(p)
    }
}

/// The redirect URI to register at the provider.
pub fn redirect_uri(public_url: &str) -> String {
    format!("{}/api/auth/oidc/callback", public_url.trim_end_matches('/'))
}

/// The routes, mounted only when `[auth.oidc]` is set.
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
        .answers(&[302, 429, 503])
        .returns_content("text/html", serde_json::json!({"type": "string"}))
        .route(
            Access::Public,
            Method::GET,
            "/api/auth/oidc/callback",
            "The identity provider's answer: signs in and goes to the console (302 to /main), or a refusal page",
            callback,
        )
        .query::<CallbackQuery>()
        .answers(&[302, 403, 429, 503])
        .returns_content("text/html", serde_json::json!({"type": "string"}))
}

fn oidc_settings(state: &AppState) -> AppResult<&OidcSettings> {
    state.settings.auth.oidc.as_ref().ok_or(AppError::NotFound)
}

async fn provider_or_page(state: &AppState, s: &OidcSettings, fresh: bool) -> Result<Arc<Provider>, Response> {
    state.oidc.provider(s, fresh).await.map_err(|e| {
        tracing::error!(error = %e, issuer = %s.issuer, "OpenID provider discovery failed");
        page::refusal(StatusCode::SERVICE_UNAVAILABLE, &format!("{} cannot be reached just now. Please try again in a minute.", s.label))
    })
}

fn redirect(to: &str, cookies: Vec<HeaderValue>) -> Response {
    let mut r = StatusCode::FOUND.into_response();
    r.headers_mut().insert(LOCATION, HeaderValue::from_str(to).unwrap_or(HeaderValue::from_static("/")));
    for c in cookies {
        r.headers_mut().append(SET_COOKIE, c);
    }
    r
}

async fn login(State(state): State<AppState>, addr: ClientIp, Query(lq): Query<fresh::LoginQuery>) -> AppResult<Response> {
    throttle(&state, &addr, "login")?;
    let s = oidc_settings(&state)?;
    let provider = match provider_or_page(&state, s, false).await {
        Ok(p) => p,
        Err(page) => return Ok(page),
    };
    let (verifier, challenge) = provider::pkce();
    let fresh_back = lq.is_fresh().then(|| lq.back());
    let f = flow::Flow {
        state: session::random_token(),
        nonce: session::random_token(),
        pkce_verifier: verifier,
        started: state.now_ms(),
        fresh_back,
    };
    let mut url = provider.authorize_url(s, &redirect_uri(&state.settings.server.public_url), &f.state, &f.nonce, &challenge);
    if f.fresh_back.is_some() {
        fresh::ask_again(&mut url);
    }
    Ok(redirect(url.as_str(), vec![flow::set(&state, &f)]))
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
    const AGAIN: &str = text!("This sign-in could not be completed. Please start again from the sign-in page.");
    let f = match flow::take(&state, &headers, q.state.as_deref().unwrap_or("")) {
        Ok(f) => f,
        Err(e) => return Ok(refused(&state, StatusCode::BAD_REQUEST, AGAIN, &format!("{e:?}"))),
    };
    if let Some(e) = &q.error {
        return Ok(refused(&state, StatusCode::FORBIDDEN, &format!("{} did not sign you in ({e}).", s.label), e));
    }
    let Some(code) = q.code.filter(|c| !c.is_empty()) else {
        return Ok(refused(&state, StatusCode::BAD_REQUEST, AGAIN, "no code"));
    };
    let provider = match provider_or_page(&state, s, false).await {
        Ok(p) => p,
        Err(page) => return Ok(page),
    };
    let http = state.oidc.http();
    let redirect_to = redirect_uri(&state.settings.server.public_url);
    let token = match provider.exchange(http, s, &redirect_to, &code, &f.pkce_verifier).await {
        Ok(t) => t,
        Err(e) => return Ok(refused(&state, StatusCode::FORBIDDEN, AGAIN, &format!("{e:#}"))),
    };
    const UNVERIFIED: &str = text!("The identity provider's answer could not be verified, so you are not signed in.");
    let Some(id_token) = token.id_token.as_deref() else {
        return Ok(refused(&state, StatusCode::FORBIDDEN, UNVERIFIED, "no ID token"));
    };
    // The provider's clock is the real one (the app's clock may be a test's).
    let now = chrono::Utc::now().timestamp();
    let mut checked = provider.verify(id_token, &s.client_id, &f.nonce, now);
    if let Err(id_token::Refusal::NoKey(..)) = checked {
        // Signed by a key the kept discovery does not list: the provider's keys rotated.
        if let Ok(p) = provider_or_page(&state, s, true).await {
            checked = p.verify(id_token, &s.client_id, &f.nonce, now);
        }
    }
    let verified = match checked.and_then(|t| t.check_access_token(&token.access_token).map(|()| t)) {
        Ok(t) => t,
        Err(e) => return Ok(refused(&state, StatusCode::FORBIDDEN, UNVERIFIED, &format!("ID token: {e}"))),
    };
    let subject = verified.subject().to_string();
    // A fresh sign-in was asked for: the provider must say it signed the person in just now.
    let fresh_at = match &f.fresh_back {
        Some(_) => match fresh::recent_auth_time(&verified.claims, now) {
            Some(_) => Some(state.now_ms()),
            None => {
                return Ok(refused(
                    &state,
                    StatusCode::FORBIDDEN,
                    &format!("{} did not confirm a new sign-in just now. Please try again.", s.label),
                    &subject,
                ))
            }
        },
        None => None,
    };
    let userinfo = match provider.userinfo(http, &token.access_token, &subject).await {
        Ok(u) => u,
        Err(e) => {
            tracing::warn!(error = %format!("{e:#}"), "OpenID user info not read; the ID token's claims are used alone");
            None
        }
    };
    let all = claims::merge(serde_json::Value::Object(verified.claims), userinfo);
    let profile = match claims::profile(s, &all) {
        Ok(p) => p,
        Err(claims::ClaimProblem(msg)) => return Ok(refused(&state, StatusCode::FORBIDDEN, &msg, &subject)),
    };
    let user = match accounts::resolve(&state, s, &subject, &profile).await? {
        Ok(u) => u,
        Err(accounts::Refusal(msg)) => return Ok(refused(&state, StatusCode::FORBIDDEN, &msg, &subject)),
    };
    let mut cookies = session::start_with(&state, &headers, &user.id, false, fresh_at).await?;
    audit::record(
        &state.db,
        state.now_ms(),
        &AuditEntry::new("auth.login", format!("user:{}", user.id), format!("signed in with {}", s.label))
            .by(Some(&user.id), &user.full_name()),
    )
    .await?;
    // What the sign-in changed (the account's fields) applies from now on, on this instance too.
    session::after_write(&state);
    cookies.push(flow::clear(&state));
    Ok(redirect(f.fresh_back.as_deref().unwrap_or("/main"), cookies))
}

/// Where the browser goes after signing out of Plantdoc: the provider's end-session
/// endpoint, when it advertises one and the account signs in through it.
pub async fn end_session_url(state: &AppState, user_id: &str) -> Option<String> {
    let s = state.settings.auth.oidc.as_ref()?;
    let linked: Option<String> =
        sqlx::query_scalar("SELECT oidc_subject FROM users WHERE id = $1").bind(user_id).fetch_optional(&state.db.pool).await.ok()??;
    linked?;
    let provider = state.oidc.provider(s, false).await.ok()?;
    let mut url = provider.end_session.clone()?;
    let back = format!("{}/login", state.settings.server.public_url.trim_end_matches('/'));
    url.query_pairs_mut().append_pair("client_id", &s.client_id).append_pair("post_logout_redirect_uri", &back);
    Some(url.to_string())
}
