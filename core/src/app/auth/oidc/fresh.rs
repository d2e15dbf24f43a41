//! A fresh sign-in at the provider, asked for to confirm an act by an account that may
//! have no password (a signature PIN, security decision 92): `/api/auth/oidc/login?fresh=1`
//! asks the provider to sign the person in again (`prompt=login`, `max_age`), the callback
//! requires the ID token's `auth_time` to be that recent, and the session it starts keeps
//! when (`sessions.provider_sign_in_at`); the act checks and uses up that mark
//! (`session::take_provider_sign_in`, at most [`CONFIRM_MS`] old).
use serde::Deserialize;
use serde_json::{Map, Value};
use url::Url;

/// The provider's sign-in may be this old when the browser comes back (seconds): the
/// `max_age` sent, and the `auth_time` accepted.
pub const MAX_AGE_SECS: i64 = 300;
/// How long after the fresh sign-in the act may use it.
pub const CONFIRM_MS: i64 = 5 * 60 * 1000;

#[derive(Deserialize, utoipa::IntoParams, Default)]
#[into_params(parameter_in = Query)]
pub struct LoginQuery {
    /// `1`: sign in again at the provider, to confirm an act (a signature PIN).
    #[serde(default)]
    pub fresh: Option<String>,
    /// With `fresh`: where to go after it, a path under `/main/` (else `/main`).
    #[serde(default)]
    pub back: Option<String>,
}

impl LoginQuery {
    pub fn is_fresh(&self) -> bool {
        self.fresh.as_deref() == Some("1")
    }

    /// Where the callback of a fresh sign-in sends the browser: `back` when it is a plain
    /// path under `/main/` (letters, digits, `/?=&-_`: no other site, no scheme), else `/main`.
    pub fn back(&self) -> String {
        match self.back.as_deref() {
            Some(b)
                if b.starts_with("/main/")
                    && b.len() <= 200
                    && b.bytes().all(|c| c.is_ascii_alphanumeric() || b"/?=&-_".contains(&c))
                    && !b.contains("//") =>
            {
                b.to_string()
            }
            _ => "/main".to_string(),
        }
    }
}

/// The authorization request of a fresh sign-in: the provider must sign the person in
/// again and tell when it did.
pub fn ask_again(url: &mut Url) {
    url.query_pairs_mut()
        .append_pair("prompt", "login")
        .append_pair("max_age", &MAX_AGE_SECS.to_string());
}

/// When the provider signed the person in (`auth_time`, s), if no longer than
/// [`MAX_AGE_SECS`] before `now` (s, the real clock) and not in the future.
pub fn recent_auth_time(claims: &Map<String, Value>, now: i64) -> Option<i64> {
    let at = claims.get("auth_time").and_then(Value::as_i64)?;
    // A minute of clock difference with the provider is allowed.
    (at <= now + 60 && now - at <= MAX_AGE_SECS).then_some(at)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_plain_console_paths_are_gone_back_to() {
        let q = |b: &str| LoginQuery { fresh: Some("1".into()), back: Some(b.into()) }.back();
        assert_eq!(q("/main/settings?tab=account"), "/main/settings?tab=account");
        for bad in [
            "https://evil.example/main/",
            "//evil.example",
            "/main//evil",
            "/login",
            "/main/\\evil",
            "/main/x y",
            "javascript:x",
        ] {
            assert_eq!(q(bad), "/main", "{bad}");
        }
        assert_eq!(LoginQuery::default().back(), "/main");
    }

    #[test]
    fn auth_time_must_be_recent() {
        let c = |v: Value| v.as_object().unwrap().clone();
        assert_eq!(recent_auth_time(&c(json!({"auth_time": 1000})), 1100), Some(1000));
        assert_eq!(
            recent_auth_time(&c(json!({"auth_time": 1000})), 1000 + MAX_AGE_SECS + 1),
            None,
            "too old"
        );
        assert_eq!(recent_auth_time(&c(json!({"auth_time": 2000})), 1000), None, "in the future");
        assert_eq!(recent_auth_time(&c(json!({})), 1000), None, "not said");
    }
}
