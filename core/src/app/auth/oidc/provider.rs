//! The provider's side of the authorization code flow, over the server's HTTP client:
//! discovery (`/.well-known/openid-configuration`, its `issuer` exactly the configured
//! one) and the signing keys, the authorization address (PKCE S256, state, nonce), the
//! code exchange (client secret by HTTP Basic, RFC 6749 2.3.1), and user info. Every answer
//! is read up to [`MAX_ANSWER`] bytes.
use anyhow::{anyhow, bail, Context};
use base64::engine::general_purpose::{STANDARD, URL_SAFE_NO_PAD};
use base64::Engine;
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::Value;
use url::form_urlencoded::byte_serialize;
use url::Url;

use super::id_token::{self, Alg, Expected, IdToken, Jwks, Refusal};
use crate::base::auth_settings::OidcSettings;

/// A provider's answer larger than this is refused (discovery, keys, tokens, user info).
const MAX_ANSWER: usize = 1 << 20;

#[derive(Deserialize)]
struct Metadata {
    issuer: String,
    authorization_endpoint: String,
    #[serde(default)]
    token_endpoint: Option<String>,
    jwks_uri: String,
    #[serde(default)]
    userinfo_endpoint: Option<String>,
    #[serde(default)]
    end_session_endpoint: Option<String>,
    #[serde(default)]
    id_token_signing_alg_values_supported: Vec<String>,
}

/// The provider as discovered, with its signing keys.
pub struct Provider {
    issuer: String,
    authorization: Url,
    token: Option<Url>,
    userinfo: Option<Url>,
    pub end_session: Option<Url>,
    keys: Jwks,
    algs: Vec<Alg>,
}

/// The token endpoint's answer (the fields used).
#[derive(Deserialize)]
pub struct Tokens {
    pub access_token: String,
    #[serde(default)]
    pub id_token: Option<String>,
}

/// The PKCE pair: the verifier kept in the flow cookie, its S256 challenge sent.
pub fn pkce() -> (String, String) {
    let verifier = crate::app::auth::session::random_token();
    let challenge = URL_SAFE_NO_PAD.encode(ring::digest::digest(&ring::digest::SHA256, verifier.as_bytes()));
    (verifier, challenge)
}

async fn read(mut r: reqwest::Response, what: &str) -> anyhow::Result<(reqwest::StatusCode, Vec<u8>)> {
    let status = r.status();
    let mut body = Vec::new();
    while let Some(chunk) = r.chunk().await.with_context(|| what.to_string())? {
        if body.len() + chunk.len() > MAX_ANSWER {
            bail!("{what}: answer over {MAX_ANSWER} bytes");
        }
        body.extend_from_slice(&chunk);
    }
    Ok((status, body))
}

/// A JSON answer of 200; otherwise the status and the OAuth error, if the body names one.
async fn json<T: DeserializeOwned>(r: reqwest::RequestBuilder, what: &str) -> anyhow::Result<T> {
    let answer = r.header(reqwest::header::ACCEPT, "application/json").send().await.with_context(|| what.to_string())?;
    let (status, body) = read(answer, what).await?;
    if !status.is_success() {
        let err: Value = serde_json::from_slice(&body).unwrap_or_default();
        let said = [&err["error"], &err["error_description"]].iter().filter_map(|v| v.as_str()).collect::<Vec<_>>().join(": ");
        bail!("{what}: HTTP {status} {said}");
    }
    serde_json::from_slice(&body).map_err(|e| anyhow!("{what}: {e}"))
}

fn endpoint(u: Option<&str>, what: &str) -> anyhow::Result<Option<Url>> {
    u.map(|u| Url::parse(u).with_context(|| format!("{what} `{u}`"))).transpose()
}

impl Provider {
    pub async fn discover(http: &reqwest::Client, issuer: &str) -> anyhow::Result<Provider> {
        let at = Url::parse(&format!("{}/.well-known/openid-configuration", issuer.trim_end_matches('/')))?;
        let meta: Metadata = json(http.get(at), "discovery").await?;
        if meta.issuer != issuer {
            bail!("discovery names the issuer `{}`, not `{issuer}`", meta.issuer);
        }
        let keys: Jwks = json(http.get(Url::parse(&meta.jwks_uri).context("jwks_uri")?), "signing keys").await?;
        // Discovery's list is required; RS256 is OpenID's default when a provider omits it.
        let advertised = meta.id_token_signing_alg_values_supported;
        let algs = if advertised.is_empty() { vec![Alg::Rs256] } else { advertised.iter().filter_map(|a| Alg::parse(a)).collect() };
        Ok(Provider {
            issuer: meta.issuer,
            authorization: Url::parse(&meta.authorization_endpoint).context("authorization_endpoint")?,
            token: endpoint(meta.token_endpoint.as_deref(), "token_endpoint")?,
            userinfo: endpoint(meta.userinfo_endpoint.as_deref(), "userinfo_endpoint")?,
            end_session: endpoint(meta.end_session_endpoint.as_deref(), "end_session_endpoint")?,
            keys,
            algs,
        })
    }

    /// Where the browser signs in: the code flow with the scopes, state, nonce and challenge.
    pub fn authorize_url(&self, s: &OidcSettings, redirect: &str, state: &str, nonce: &str, challenge: &str) -> Url {
        let mut url = self.authorization.clone();
        url.query_pairs_mut()
            .append_pair("response_type", "code")
            .append_pair("client_id", &s.client_id)
            .append_pair("state", state)
            .append_pair("code_challenge", challenge)
            .append_pair("code_challenge_method", "S256")
            .append_pair("redirect_uri", redirect)
            .append_pair("scope", &s.all_scopes().join(" "))
            .append_pair("nonce", nonce);
        url
    }

    /// The code for the tokens (a confidential client sends its secret by HTTP Basic).
    pub async fn exchange(
        &self,
        http: &reqwest::Client,
        s: &OidcSettings,
        redirect: &str,
        code: &str,
        verifier: &str,
    ) -> anyhow::Result<Tokens> {
        let token = self.token.clone().ok_or_else(|| anyhow!("the provider has no token endpoint"))?;
        let mut form = vec![("grant_type", "authorization_code"), ("code", code), ("redirect_uri", redirect), ("code_verifier", verifier)];
        let mut req = http.post(token);
        let secret = s.client_secret.expose();
        if secret.is_empty() {
            form.push(("client_id", &s.client_id));
        } else {
            let enc = |v: &str| byte_serialize(v.as_bytes()).collect::<String>();
            let basic = STANDARD.encode(format!("{}:{}", enc(&s.client_id), enc(secret)));
            req = req.header(reqwest::header::AUTHORIZATION, format!("Basic {basic}"));
        }
        let body = url::form_urlencoded::Serializer::new(String::new()).extend_pairs(form).finish();
        json(req.header(reqwest::header::CONTENT_TYPE, "application/x-www-form-urlencoded").body(body), "token exchange").await
    }

    pub fn verify(&self, id_token: &str, client_id: &str, nonce: &str, now: i64) -> Result<IdToken, Refusal> {
        let want = Expected { issuer: &self.issuer, client_id, nonce, now, algs: &self.algs };
        id_token::verify(id_token, &self.keys, &want)
    }

    /// The user-info endpoint's claims (JSON answers), when the provider has one; its `sub`
    /// must be the ID token's (OIDC Core 5.3.2).
    pub async fn userinfo(&self, http: &reqwest::Client, access_token: &str, subject: &str) -> anyhow::Result<Option<Value>> {
        let Some(at) = self.userinfo.clone() else {
            return Ok(None);
        };
        let claims: Value = json(http.get(at).bearer_auth(access_token), "user info").await?;
        if claims.get("sub").and_then(Value::as_str) != Some(subject) {
            bail!("user info is of another subject");
        }
        Ok(Some(claims))
    }
}
