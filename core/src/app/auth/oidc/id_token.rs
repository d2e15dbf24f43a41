//! The ID token's checks (OpenID Connect Core 3.1.3.7), as `openidconnect`'s verifier made
//! them: a compact JWS (no `crit`, no `cty`, `typ` absent or JWT) signed by one key of the
//! provider's JWKS that fits the algorithm (RSA for RS*/PS*, P-256/P-384 for ES256/ES384,
//! Ed25519 for EdDSA — never a shared secret, never `none`), the key chosen by `kid` or the
//! only one that fits; `iss` exactly the issuer; `aud` this client and no other; `exp` not
//! reached; `iat` and `sub` present; `nonce` the one this browser's flow sent; `at_hash`, when
//! present, the access token's. Signatures by `ring`, the crypto the TLS stack builds anyway
//! (the `openidconnect` crate's own stack was 45 crates of a cold build, issue 33 item 8).
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine;
use ring::signature::{self, RsaPublicKeyComponents, UnparsedPublicKey, VerificationAlgorithm};
use serde::Deserialize;
use serde_json::{Map, Value};

/// One key of the provider's JWKS (the fields the checks read; any may be absent).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct Jwk {
    pub kty: String,
    pub kid: Option<String>,
    #[serde(rename = "use")]
    pub use_: Option<String>,
    pub alg: Option<String>,
    pub n: Option<String>,
    pub e: Option<String>,
    pub crv: Option<String>,
    pub x: Option<String>,
    pub y: Option<String>,
}

/// The provider's signing keys (`jwks_uri`).
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(default)]
pub struct Jwks {
    pub keys: Vec<Jwk>,
}

/// Why an ID token is refused: for the log; the person reads one sentence.
#[derive(Debug, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    #[error("not a signed JWT ({0})")]
    Malformed(&'static str),
    #[error("signing algorithm `{0}` is not accepted")]
    Alg(String),
    #[error("no single provider key fits (kid {0:?}, {1} fitting)")]
    NoKey(Option<String>, usize),
    #[error("the signature does not verify")]
    Signature,
    #[error("issuer `{0}` is not the provider's")]
    Issuer(String),
    #[error("the audience is not this client alone")]
    Audience,
    #[error("expired")]
    Expired,
    #[error("the nonce is not the one sent")]
    Nonce,
    #[error("claim `{0}` missing or malformed")]
    Claim(&'static str),
    #[error("at_hash is not the access token's")]
    AtHash,
}

/// The asymmetric JWS algorithms accepted.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Alg {
    Rs256,
    Rs384,
    Rs512,
    Ps256,
    Ps384,
    Ps512,
    Es256,
    Es384,
    EdDsa,
}

impl Alg {
    pub const ALL: [Alg; 9] = [Alg::Rs256, Alg::Rs384, Alg::Rs512, Alg::Ps256, Alg::Ps384, Alg::Ps512, Alg::Es256, Alg::Es384, Alg::EdDsa];

    pub fn name(self) -> &'static str {
        match self {
            Alg::Rs256 => "RS256",
            Alg::Rs384 => "RS384",
            Alg::Rs512 => "RS512",
            Alg::Ps256 => "PS256",
            Alg::Ps384 => "PS384",
            Alg::Ps512 => "PS512",
            Alg::Es256 => "ES256",
            Alg::Es384 => "ES384",
            Alg::EdDsa => "EdDSA",
        }
    }

    pub fn parse(name: &str) -> Option<Alg> {
        Alg::ALL.into_iter().find(|a| a.name() == name)
    }

    /// The key type (and curve) a key must have to verify this algorithm.
    fn fits(self, k: &Jwk) -> bool {
        let crv = k.crv.as_deref();
        match self {
            Alg::Es256 => k.kty == "EC" && crv == Some("P-256"),
            Alg::Es384 => k.kty == "EC" && crv == Some("P-384"),
            Alg::EdDsa => k.kty == "OKP" && crv == Some("Ed25519"),
            _ => k.kty == "RSA",
        }
    }

    /// The hash of `at_hash` (OIDC Core 3.1.3.6; SHA-512 for Ed25519).
    fn digest(self) -> &'static ring::digest::Algorithm {
        match self {
            Alg::Rs256 | Alg::Ps256 | Alg::Es256 => &ring::digest::SHA256,
            Alg::Rs384 | Alg::Ps384 | Alg::Es384 => &ring::digest::SHA384,
            Alg::Rs512 | Alg::Ps512 | Alg::EdDsa => &ring::digest::SHA512,
        }
    }

    fn verify(self, k: &Jwk, message: &[u8], sig: &[u8]) -> Result<(), Refusal> {
        let part = |v: &Option<String>| v.as_deref().and_then(|s| URL_SAFE_NO_PAD.decode(s).ok()).ok_or(Refusal::Signature);
        let ok = match self {
            Alg::Es256 | Alg::Es384 | Alg::EdDsa => {
                let (x, size) = (part(&k.x)?, if self == Alg::Es384 { 48 } else { 32 });
                if x.len() != size {
                    return Err(Refusal::Signature);
                }
                let (alg, point): (&dyn VerificationAlgorithm, Vec<u8>) = match self {
                    Alg::EdDsa => (&signature::ED25519, x),
                    _ => {
                        let y = part(&k.y)?;
                        if y.len() != size {
                            return Err(Refusal::Signature);
                        }
                        let alg: &dyn VerificationAlgorithm =
                            if size == 32 { &signature::ECDSA_P256_SHA256_FIXED } else { &signature::ECDSA_P384_SHA384_FIXED };
                        (alg, [&[4u8][..], &x, &y].concat())
                    }
                };
                UnparsedPublicKey::new(alg, point).verify(message, sig).is_ok()
            }
            _ => {
                let (n, e) = (part(&k.n)?, part(&k.e)?);
                // RFC 7518 forbids leading zero octets; some providers send them, ring refuses them.
                let trim = |b: &[u8]| b[b.iter().take_while(|&&v| v == 0).count()..].to_vec();
                let params = match self {
                    Alg::Rs256 => &signature::RSA_PKCS1_2048_8192_SHA256,
                    Alg::Rs384 => &signature::RSA_PKCS1_2048_8192_SHA384,
                    Alg::Rs512 => &signature::RSA_PKCS1_2048_8192_SHA512,
                    Alg::Ps256 => &signature::RSA_PSS_2048_8192_SHA256,
                    Alg::Ps384 => &signature::RSA_PSS_2048_8192_SHA384,
                    _ => &signature::RSA_PSS_2048_8192_SHA512,
                };
                RsaPublicKeyComponents { n: trim(&n), e: trim(&e) }.verify(params, message, sig).is_ok()
            }
        };
        ok.then_some(()).ok_or(Refusal::Signature)
    }
}

/// What the token must say.
pub struct Expected<'a> {
    pub issuer: &'a str,
    pub client_id: &'a str,
    pub nonce: &'a str,
    /// Seconds since the epoch.
    pub now: i64,
    /// The algorithms the provider advertises (and Plantdoc accepts).
    pub algs: &'a [Alg],
}

/// A verified ID token: its claims, and the algorithm it was signed with.
#[derive(Debug)]
pub struct IdToken {
    pub claims: Map<String, Value>,
    alg: Alg,
}

fn json_part(part: &str) -> Result<Map<String, Value>, Refusal> {
    let bytes = URL_SAFE_NO_PAD.decode(part).map_err(|_| Refusal::Malformed("base64url"))?;
    match serde_json::from_slice(&bytes) {
        Ok(Value::Object(m)) => Ok(m),
        _ => Err(Refusal::Malformed("a JSON object")),
    }
}

fn text<'m>(m: &'m Map<String, Value>, name: &'static str) -> Result<&'m str, Refusal> {
    m.get(name).and_then(Value::as_str).filter(|s| !s.is_empty()).ok_or(Refusal::Claim(name))
}

/// The signature, then the claims; the claims are read only once the signature holds.
pub fn verify(token: &str, keys: &Jwks, want: &Expected) -> Result<IdToken, Refusal> {
    let mut parts = token.split('.');
    let (Some(head), Some(body), Some(sig), None) = (parts.next(), parts.next(), parts.next(), parts.next()) else {
        return Err(Refusal::Malformed("three parts"));
    };
    let header = json_part(head)?;
    if header.contains_key("crit") || header.contains_key("cty") {
        return Err(Refusal::Malformed("crit or cty"));
    }
    if let Some(typ) = header.get("typ") {
        let typ = typ.as_str().unwrap_or_default().to_ascii_lowercase();
        if !["jwt", "application/jwt", "application/jose"].contains(&typ.as_str()) {
            return Err(Refusal::Malformed("typ"));
        }
    }
    let name = header.get("alg").and_then(Value::as_str).unwrap_or_default();
    let alg = Alg::parse(name).filter(|a| want.algs.contains(a)).ok_or_else(|| Refusal::Alg(name.to_string()))?;
    let kid = header.get("kid").and_then(Value::as_str);
    let fitting: Vec<&Jwk> = keys
        .keys
        .iter()
        .filter(|k| kid.is_none() || k.kid.as_deref() == kid)
        .filter(|k| k.use_.as_deref().is_none_or(|u| u == "sig"))
        .filter(|k| k.alg.as_deref().is_none_or(|a| a == name))
        .filter(|k| alg.fits(k))
        .collect();
    let [key] = fitting[..] else {
        return Err(Refusal::NoKey(kid.map(str::to_string), fitting.len()));
    };
    let signature = URL_SAFE_NO_PAD.decode(sig).map_err(|_| Refusal::Malformed("base64url"))?;
    alg.verify(key, &token.as_bytes()[..head.len() + 1 + body.len()], &signature)?;

    let claims = json_part(body)?;
    let iss = text(&claims, "iss")?;
    if iss != want.issuer {
        return Err(Refusal::Issuer(iss.to_string()));
    }
    let audiences: Vec<&str> = match claims.get("aud") {
        Some(Value::String(a)) => vec![a.as_str()],
        Some(Value::Array(list)) => list.iter().map(|a| a.as_str().ok_or(Refusal::Claim("aud"))).collect::<Result<_, _>>()?,
        _ => return Err(Refusal::Claim("aud")),
    };
    if audiences.is_empty() || audiences.iter().any(|a| *a != want.client_id) {
        return Err(Refusal::Audience);
    }
    let time = |name| claims.get(name).and_then(Value::as_f64).ok_or(Refusal::Claim(name));
    if want.now as f64 >= time("exp")? {
        return Err(Refusal::Expired);
    }
    time("iat")?;
    text(&claims, "sub")?;
    if claims.get("nonce").and_then(Value::as_str) != Some(want.nonce) {
        return Err(Refusal::Nonce);
    }
    Ok(IdToken { claims, alg })
}

impl IdToken {
    pub fn subject(&self) -> &str {
        self.claims.get("sub").and_then(Value::as_str).unwrap_or_default()
    }

    /// `at_hash`, when the token has one, against the access token it came with.
    pub fn check_access_token(&self, access_token: &str) -> Result<(), Refusal> {
        let Some(expected) = self.claims.get("at_hash") else {
            return Ok(());
        };
        let digest = ring::digest::digest(self.alg.digest(), access_token.as_bytes());
        let half = &digest.as_ref()[..digest.as_ref().len() / 2];
        (expected.as_str() == Some(URL_SAFE_NO_PAD.encode(half).as_str())).then_some(()).ok_or(Refusal::AtHash)
    }
}

#[cfg(test)]
#[path = "id_token_tests.rs"]
mod tests;
