//! `[auth]`: sign-in limits, and `[auth.oidc]`, single sign-on with an OpenID Connect
//! provider (decision 70). Without `[auth.oidc]` sign-in is exactly the spec's.
use std::collections::BTreeMap;

use serde::Deserialize;

use super::config::{ConfigError, Secret};

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AuthSettings {
    pub max_failed_logins: i64,
    pub lockout_base_secs: i64,
    pub lockout_max_secs: i64,
    pub ip_attempts_per_minute: u32,
    pub temp_password_days: i64,
    pub reset_token_minutes: i64,
    /// Threads computing argon2, each keeping its 19 MiB block (decision 96).
    pub hash_concurrency: usize,
    /// Requests an API token may make a minute, per instance (429 beyond).
    #[serde(default = "token_rate")]
    pub token_requests_per_minute: u32,
    /// `false`: people sign in only through `[auth.oidc]`; the `break_glass` accounts
    /// (local managers) still sign in with their password, audited.
    #[serde(default = "yes", deserialize_with = "flag")]
    pub password_login: bool,
    #[serde(default, deserialize_with = "words")]
    pub break_glass: Vec<String>,
    #[serde(default)]
    pub oidc: Option<OidcSettings>,
}

impl AuthSettings {
    pub fn validate(&self) -> Result<(), ConfigError> {
        match &self.oidc {
            Some(o) => o.validate(),
            None if !self.password_login => {
                Err(ConfigError("auth.password_login: false needs [auth.oidc]".into()))
            }
            None => Ok(()),
        }
    }

    /// Whether this e-mail names a break-glass account (compared lower-cased).
    pub fn is_break_glass(&self, email: &str) -> bool {
        let email = email.trim().to_lowercase();
        self.break_glass.iter().any(|b| b.trim().to_lowercase() == email)
    }
}

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct OidcSettings {
    /// The provider's issuer URL; its `/.well-known/openid-configuration` is read.
    pub issuer: String,
    pub client_id: String,
    #[serde(default)]
    pub client_secret: Secret,
    /// Scopes asked for besides `openid` (a list, or one string split at spaces or commas).
    #[serde(default = "default_scopes", deserialize_with = "words")]
    pub scopes: Vec<String>,
    /// The button says 'Sign in with {label}'.
    #[serde(default = "default_label")]
    pub label: String,
    /// Create an account for an unknown person from the mapped claims.
    #[serde(default, deserialize_with = "flag")]
    pub jit: bool,
    /// On a person's first sign-in, an existing account with the token's e-mail is theirs
    /// from then on when the e-mail is verified (`email_verified` the JSON boolean true, or
    /// `trust_email`) and the account is not protected (plant administrator, kiosk,
    /// break-glass: they link after their password is entered once).
    #[serde(default = "yes", deserialize_with = "flag")]
    pub match_email: bool,
    /// The provider sends verified e-mail addresses only: its e-mail links an account
    /// whether or not it says `email_verified` (never a protected account).
    #[serde(default, deserialize_with = "flag")]
    pub trust_email: bool,
    /// The company of an account made by `jit` when no claim or group gives one.
    #[serde(default)]
    pub default_company: String,
    /// Which claim holds each field.
    #[serde(default)]
    pub claims: ClaimNames,
    /// Group name → what membership gives (department, position, company, zones).
    #[serde(default)]
    pub groups: BTreeMap<String, GroupGrant>,
}

/// The claim names read for each account field; empty: not mapped.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ClaimNames {
    pub email: String,
    pub firstname: String,
    pub lastname: String,
    pub department: String,
    pub position: String,
    pub company: String,
    /// A list of zone codes (or one string of them split at spaces or commas).
    pub zones: String,
    /// A list of group names, looked up in `[auth.oidc.groups]`.
    pub groups: String,
}

impl Default for ClaimNames {
    fn default() -> Self {
        Self {
            email: "email".into(),
            firstname: "given_name".into(),
            lastname: "family_name".into(),
            department: String::new(),
            position: String::new(),
            company: String::new(),
            zones: String::new(),
            groups: "groups".into(),
        }
    }
}

/// What membership of one group gives.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GroupGrant {
    #[serde(default)]
    pub department: Option<String>,
    #[serde(default)]
    pub position: Option<String>,
    #[serde(default)]
    pub company: Option<String>,
    #[serde(default, deserialize_with = "words")]
    pub zones: Vec<String>,
}

impl OidcSettings {
    pub fn validate(&self) -> Result<(), ConfigError> {
        let issuer = url::Url::parse(&self.issuer)
            .map_err(|_| ConfigError("auth.oidc.issuer: not a URL".into()))?;
        if !matches!(issuer.scheme(), "https" | "http") {
            return Err(ConfigError("auth.oidc.issuer: must be an https URL".into()));
        }
        if self.client_id.is_empty() {
            return Err(ConfigError("auth.oidc.client_id: required".into()));
        }
        if self.label.trim().is_empty() {
            return Err(ConfigError("auth.oidc.label: required".into()));
        }
        Ok(())
    }

    /// The scopes to ask for: `openid` first, then the configured ones.
    pub fn all_scopes(&self) -> Vec<String> {
        let mut v = vec!["openid".to_string()];
        v.extend(self.scopes.iter().filter(|s| *s != "openid").cloned());
        v
    }
}

fn default_scopes() -> Vec<String> {
    vec!["email".into(), "profile".into()]
}

fn default_label() -> String {
    "SSO".into()
}

fn yes() -> bool {
    true
}

/// A list of words, or one string of them split at spaces or commas (environment variables).
pub fn words<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Vec<String>, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        One(String),
        Many(Vec<String>),
    }
    Ok(match Either::deserialize(d)? {
        Either::One(s) => {
            s.split([' ', ',']).filter(|w| !w.is_empty()).map(str::to_string).collect()
        }
        Either::Many(v) => v,
    })
}

/// A boolean, or its text ("true", "false") as environment variables give it.
pub fn flag<'de, D: serde::Deserializer<'de>>(d: D) -> Result<bool, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum Either {
        B(bool),
        S(String),
    }
    match Either::deserialize(d)? {
        Either::B(b) => Ok(b),
        Either::S(s) => s
            .parse()
            .map_err(|_| serde::de::Error::custom(format!("expected true or false, got {s:?}"))),
    }
}

fn token_rate() -> u32 {
    600
}
