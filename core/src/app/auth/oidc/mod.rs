//! Single sign-on through an OpenID Connect provider (issue 30), when `[auth.oidc]` is
//! set: the authorization code flow with PKCE (S256), `state` and `nonce`, the ID token
//! checked by `openidconnect` (signature against the provider's JWKS, issuer, audience,
//! expiry, nonce), then Plantdoc's own session, as after a password sign-in.
use crate::text;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::extract::{Query, State};
use axum::http::header::{LOCATION, SET_COOKIE};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use openidconnect::core::{
    CoreAuthDisplay, CoreAuthPrompt, CoreAuthenticationFlow, CoreErrorResponseType, CoreGenderClaim, CoreJsonWebKey,
    CoreJweContentEncryptionAlgorithm, CoreJwsSigningAlgorithm, CoreRevocableToken, CoreRevocationErrorResponse,
    CoreTokenIntrospectionResponse, CoreTokenType,
};
use openidconnect::{
    AccessTokenHash, AdditionalClaims, AuthorizationCode, ClientId, ClientSecret, CsrfToken, EmptyExtraTokenFields, EndpointMaybeSet,
    EndpointNotSet, EndpointSet, IdTokenFields, IssuerUrl, Nonce, OAuth2TokenResponse, PkceCodeChallenge, PkceCodeVerifier,
    ProviderMetadataWithLogout, RedirectUrl, Scope, StandardErrorResponse, StandardTokenResponse, TokenResponse, UserInfoClaims,
};
use serde::{Deserialize, Serialize};
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
pub(crate) mod page;

/// Every claim the provider sends, kept for the mapping (`[auth.oidc.claims]`).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AllClaims {
    #[serde(flatten)]
    rest: serde_json::Map<String, serde_json::Value>,
}
impl AdditionalClaims for AllClaims {}

type TokenAnswer = StandardTokenResponse<
    IdTokenFields<AllClaims, EmptyExtraTokenFields, CoreGenderClaim, CoreJweContentEncryptionAlgorithm, CoreJwsSigningAlgorithm>,
    CoreTokenType,
>;
type OidcClient = openidconnect::Client<
    AllClaims,
    CoreAuthDisplay,
    CoreGenderClaim,
    CoreJweContentEncryptionAlgorithm,
    CoreJsonWebKey,
    CoreAuthPrompt,
    StandardErrorResponse<CoreErrorResponseType>,
    TokenAnswer,
    CoreTokenIntrospectionResponse,
    CoreRevocableToken,
    CoreRevocationErrorResponse,
    EndpointSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointNotSet,
    EndpointMaybeSet,
    EndpointMaybeSet,
>;

/// The provider as discovered: the client, and its end-session endpoint if it has one.
pub struct Provider {
    client: OidcClient,
    end_session: Option<url::Url>,
}

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

    /// The discovered provider (read again once [`DISCOVERY_TTL`] has passed).
    pub async fn provider(&self, s: &OidcSettings, public_url: &str) -> anyhow::Result<Arc<Provider>> {
        let mut cache = self.cache.lock().await;
        if let Some((at, p)) = cache.as_ref() {
            if at.elapsed() < DISCOVERY_TTL {
                return Ok(p.clone());
            }
        }
        let meta = ProviderMetadataWithLogout::discover_async(IssuerUrl::new(s.issuer.clone())?, self.http()).await?;
        let end_session = meta.additional_metadata().end_session_endpoint.as_ref().map(|u| u.url().clone());
        let secret = (!s.client_secret.expose().is_empty()).then(|| ClientSecret::new(s.client_secret.expose().to_string()));
        let client = OidcClient::from_provider_metadata(meta, ClientId::new(s.client_id.clone()), secret)
            .set_redirect_uri(RedirectUrl::new(redirect_uri(public_url))?);
        let p = Arc::new(Provider { client, end_session });
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
        .route(Access::Public, Method::GET, "/api/auth/oidc/login", "Start a sign-in through the identity provider (302 to it)", login)
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

async fn provider_or_page(state: &AppState, s: &OidcSettings) -> Result<Arc<Provider>, Response> {
    state.oidc.provider(s, &state.settings.server.public_url).await.map_err(|e| {
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

async fn login(State(state): State<AppState>, addr: ClientIp) -> AppResult<Response> {
    throttle(&state, &addr, "login")?;
    let s = oidc_settings(&state)?;
    let provider = match provider_or_page(&state, s).await {
        Ok(p) => p,
        Err(page) => return Ok(page),
    };
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let mut req = provider.client.authorize_url(CoreAuthenticationFlow::AuthorizationCode, CsrfToken::new_random, Nonce::new_random);
    for scope in s.all_scopes().into_iter().filter(|s| s != "openid") {
        req = req.add_scope(Scope::new(scope));
    }
    let (url, csrf, nonce) = req.set_pkce_challenge(challenge).url();
    let f = flow::Flow {
        state: csrf.secret().clone(),
        nonce: nonce.secret().clone(),
        pkce_verifier: verifier.secret().clone(),
        started: state.now_ms(),
    };
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
    let provider = match provider_or_page(&state, s).await {
        Ok(p) => p,
        Err(page) => return Ok(page),
    };
    let exchange = match provider.client.exchange_code(AuthorizationCode::new(code)) {
        Ok(x) => x.set_pkce_verifier(PkceCodeVerifier::new(f.pkce_verifier)),
        Err(e) => return Ok(refused(&state, StatusCode::SERVICE_UNAVAILABLE, AGAIN, &e.to_string())),
    };
    let token = match exchange.request_async(state.oidc.http()).await {
        Ok(t) => t,
        Err(e) => return Ok(refused(&state, StatusCode::FORBIDDEN, AGAIN, &format!("token exchange: {e}"))),
    };
    const UNVERIFIED: &str = text!("The identity provider's answer could not be verified, so you are not signed in.");
    let Some(id_token) = token.id_token() else {
        return Ok(refused(&state, StatusCode::FORBIDDEN, UNVERIFIED, "no ID token"));
    };
    let verifier = provider.client.id_token_verifier();
    let claims = match id_token.claims(&verifier, &Nonce::new(f.nonce)) {
        Ok(c) => c,
        Err(e) => return Ok(refused(&state, StatusCode::FORBIDDEN, UNVERIFIED, &format!("ID token: {e}"))),
    };
    if let Some(expected) = claims.access_token_hash() {
        let actual = match (id_token.signing_alg(), id_token.signing_key(&verifier)) {
            (Ok(alg), Ok(key)) => AccessTokenHash::from_token(token.access_token(), alg, key).ok(),
            _ => None,
        };
        if actual.as_ref() != Some(expected) {
            return Ok(refused(&state, StatusCode::FORBIDDEN, UNVERIFIED, "at_hash mismatch"));
        }
    }
    let subject = claims.subject().clone();
    let mut userinfo = None;
    if let Ok(req) = provider.client.user_info(token.access_token().clone(), Some(subject.clone())) {
        match req.request_async::<AllClaims, _, CoreGenderClaim>(state.oidc.http()).await {
            Ok(u) => userinfo = serde_json::to_value::<&UserInfoClaims<AllClaims, CoreGenderClaim>>(&u).ok(),
            Err(e) => tracing::warn!(error = %e, "OpenID user info not read; the ID token's claims are used alone"),
        }
    }
    let all = claims::merge(serde_json::to_value(claims).unwrap_or_default(), userinfo);
    let profile = match claims::profile(s, &all) {
        Ok(p) => p,
        Err(claims::ClaimProblem(msg)) => return Ok(refused(&state, StatusCode::FORBIDDEN, &msg, subject.as_str())),
    };
    let user = match accounts::resolve(&state, s, subject.as_str(), &profile).await? {
        Ok(u) => u,
        Err(accounts::Refusal(msg)) => return Ok(refused(&state, StatusCode::FORBIDDEN, &msg, subject.as_str())),
    };
    let mut cookies = session::start(&state, &headers, &user.id, false).await?;
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
    Ok(redirect("/main", cookies))
}

/// Where the browser goes after signing out of Plantdoc: the provider's end-session
/// endpoint, when it advertises one and the account signs in through it.
pub async fn end_session_url(state: &AppState, user_id: &str) -> Option<String> {
    let s = state.settings.auth.oidc.as_ref()?;
    let linked: Option<String> =
        sqlx::query_scalar("SELECT oidc_subject FROM users WHERE id = $1").bind(user_id).fetch_optional(&state.db.pool).await.ok()??;
    linked?;
    let provider = state.oidc.provider(s, &state.settings.server.public_url).await.ok()?;
    let mut url = provider.end_session.clone()?;
    let back = format!("{}/login", state.settings.server.public_url.trim_end_matches('/'));
    url.query_pairs_mut().append_pair("client_id", &s.client_id).append_pair("post_logout_redirect_uri", &back);
    Some(url.to_string())
}
