//! The provider's side of the authorization code flow, through the `openidconnect` crate
//! (decision 94): discovery (its `issuer` exactly the configured one) with the signing keys,
//! the authorization address (PKCE S256, state, nonce), the code exchange, the ID token's
//! verifier (signature, `iss`, `aud`, `exp`, `nonce`, `at_hash`; `iat` at most
//! [`IAT_LEEWAY_SECS`] ahead) with typed claims, and user info for the same subject.
use chrono::Utc;
use openidconnect::core::{
    CoreAuthDisplay, CoreAuthPrompt, CoreAuthenticationFlow, CoreErrorResponseType,
    CoreGenderClaim, CoreJsonWebKey, CoreJweContentEncryptionAlgorithm, CoreJwsSigningAlgorithm,
    CoreRevocableToken, CoreRevocationErrorResponse, CoreTokenIntrospectionResponse, CoreTokenType,
};
use openidconnect::{
    AccessTokenHash, AdditionalClaims, AuthorizationCode, ClaimsVerificationError, ClientId,
    ClientSecret, CsrfToken, EmptyExtraTokenFields, EndpointMaybeSet, EndpointNotSet, EndpointSet,
    IdTokenClaims, IdTokenFields, IssuerUrl, Nonce, OAuth2TokenResponse, PkceCodeChallenge,
    PkceCodeVerifier, ProviderMetadataWithLogout, RedirectUrl, Scope, SignatureVerificationError,
    StandardErrorResponse, StandardTokenResponse, SubjectIdentifier, TokenResponse, UserInfoClaims,
};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use url::Url;

use super::http::Http;
use crate::base::auth_settings::OidcSettings;

/// An ID token issued further ahead than this (the provider's clock against ours) is refused.
pub const IAT_LEEWAY_SECS: i64 = 5 * 60;

/// The signing algorithms accepted: the asymmetric ones the crate verifies. Never `none`,
/// never the HS family (the client secret would let whoever holds it forge tokens).
const ACCEPTED: [CoreJwsSigningAlgorithm; 9] = [
    CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha256,
    CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha384,
    CoreJwsSigningAlgorithm::RsaSsaPkcs1V15Sha512,
    CoreJwsSigningAlgorithm::RsaSsaPssSha256,
    CoreJwsSigningAlgorithm::RsaSsaPssSha384,
    CoreJwsSigningAlgorithm::RsaSsaPssSha512,
    CoreJwsSigningAlgorithm::EcdsaP256Sha256,
    CoreJwsSigningAlgorithm::EcdsaP384Sha384,
    CoreJwsSigningAlgorithm::EdDsa,
];

/// The claims besides the standard ones (which the crate types), for the mapping of
/// `[auth.oidc.claims]` (department, position, groups …).
#[derive(Debug, Clone, Default, Serialize, Deserialize)]
pub struct AllClaims {
    #[serde(flatten)]
    pub rest: Map<String, Value>,
}
impl AdditionalClaims for AllClaims {}

pub type IdClaims = IdTokenClaims<AllClaims, CoreGenderClaim>;
pub type UserInfo = UserInfoClaims<AllClaims, CoreGenderClaim>;
pub type Tokens = StandardTokenResponse<
    IdTokenFields<
        AllClaims,
        EmptyExtraTokenFields,
        CoreGenderClaim,
        CoreJweContentEncryptionAlgorithm,
        CoreJwsSigningAlgorithm,
    >,
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
    Tokens,
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

/// The provider as discovered, with its signing keys.
pub struct Provider {
    client: OidcClient,
    pub end_session: Option<Url>,
    /// What discovery advertises for ID tokens, of [`ACCEPTED`].
    algs: Vec<CoreJwsSigningAlgorithm>,
}

/// What a started sign-in keeps for its callback.
pub struct Started {
    pub url: Url,
    pub state: String,
    pub nonce: String,
    pub pkce_verifier: String,
}

/// Why an ID token is refused: for the log; the person reads one sentence.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    #[error("no ID token")]
    NoIdToken,
    #[error(transparent)]
    Claims(#[from] ClaimsVerificationError),
    #[error("at_hash is not the access token's")]
    AtHash,
}

impl Refusal {
    /// Signed by a key the kept discovery does not list: the provider's keys rotated.
    pub fn unknown_key(&self) -> bool {
        matches!(
            self,
            Refusal::Claims(ClaimsVerificationError::SignatureVerification(
                SignatureVerificationError::NoMatchingKey
            ))
        )
    }
}

impl Provider {
    pub async fn discover(
        http: &Http,
        s: &OidcSettings,
        redirect: &str,
    ) -> anyhow::Result<Provider> {
        let meta =
            ProviderMetadataWithLogout::discover_async(IssuerUrl::new(s.issuer.clone())?, http)
                .await?;
        let end_session =
            meta.additional_metadata().end_session_endpoint.as_ref().map(|u| u.url().clone());
        let algs = meta
            .id_token_signing_alg_values_supported()
            .iter()
            .filter(|a| ACCEPTED.contains(a))
            .cloned()
            .collect();
        let secret = (!s.client_secret.expose().is_empty())
            .then(|| ClientSecret::new(s.client_secret.expose().to_string()));
        let client =
            OidcClient::from_provider_metadata(meta, ClientId::new(s.client_id.clone()), secret)
                .set_redirect_uri(RedirectUrl::new(redirect.to_string())?);
        Ok(Provider { client, end_session, algs })
    }

    /// Where the browser signs in: the code flow with the scopes, a new state, nonce and
    /// PKCE challenge (S256).
    pub fn start(&self, s: &OidcSettings) -> Started {
        let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
        let mut req = self.client.authorize_url(
            CoreAuthenticationFlow::AuthorizationCode,
            CsrfToken::new_random,
            Nonce::new_random,
        );
        for scope in s.all_scopes().into_iter().filter(|s| s != "openid") {
            req = req.add_scope(Scope::new(scope));
        }
        let (url, state, nonce) = req.set_pkce_challenge(challenge).url();
        Started {
            url,
            state: state.into_secret(),
            nonce: nonce.into_secret(),
            pkce_verifier: verifier.into_secret(),
        }
    }

    /// The code for the tokens (a confidential client sends its secret by HTTP Basic).
    pub async fn exchange(
        &self,
        http: &Http,
        code: String,
        pkce_verifier: String,
    ) -> anyhow::Result<Tokens> {
        let req = self
            .client
            .exchange_code(AuthorizationCode::new(code))?
            .set_pkce_verifier(PkceCodeVerifier::new(pkce_verifier));
        Ok(req.request_async(http).await?)
    }

    /// The ID token's claims, verified by the crate's verifier (the provider's clock is the
    /// real one: the app's may be a test's).
    pub fn verify(&self, tokens: &Tokens, nonce: &str) -> Result<IdClaims, Refusal> {
        let id_token = tokens.id_token().ok_or(Refusal::NoIdToken)?;
        let verifier = self
            .client
            .id_token_verifier()
            .set_allowed_algs(self.algs.clone())
            .set_issue_time_verifier_fn(|iat| {
                let ahead = (iat - Utc::now()).num_seconds();
                (ahead <= IAT_LEEWAY_SECS)
                    .then_some(())
                    .ok_or_else(|| format!("issued {ahead} s in the future"))
            });
        let claims = id_token.claims(&verifier, &Nonce::new(nonce.to_string()))?;
        if let Some(expected) = claims.access_token_hash() {
            let actual = match (id_token.signing_alg(), id_token.signing_key(&verifier)) {
                (Ok(alg), Ok(key)) => {
                    AccessTokenHash::from_token(tokens.access_token(), alg, key).ok()
                }
                _ => None,
            };
            if actual.as_ref() != Some(expected) {
                return Err(Refusal::AtHash);
            }
        }
        Ok(claims.clone())
    }

    /// The user-info endpoint's claims, when the provider has one; the crate checks that
    /// they are of `subject` (OIDC Core 5.3.2) and reads them typed: an answer it cannot
    /// read (a boolean sent as a string) is an error.
    pub async fn userinfo(
        &self,
        http: &Http,
        tokens: &Tokens,
        subject: &SubjectIdentifier,
    ) -> anyhow::Result<Option<UserInfo>> {
        let Ok(req) = self.client.user_info(tokens.access_token().clone(), Some(subject.clone()))
        else {
            return Ok(None);
        };
        Ok(Some(req.request_async::<AllClaims, _, CoreGenderClaim>(http).await?))
    }
}
