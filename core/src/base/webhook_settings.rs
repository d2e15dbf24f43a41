//! `[webhooks]`: the only addresses webhooks may be sent to.
use serde::Deserialize;

use super::auth_settings::words;
use super::config::ConfigError;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct WebhookSettings {
    /// Origins (`https://mes.plant.local`, `http://10.0.0.5:8080`): a webhook's URL must be
    /// under one of them. Empty (the default): no webhook can be made.
    #[serde(default, deserialize_with = "words")]
    pub allow: Vec<String>,
}

impl WebhookSettings {
    pub fn validate(&self) -> Result<(), ConfigError> {
        match self.allow.iter().find(|a| origin(a).is_none()) {
            Some(bad) => {
                Err(ConfigError(format!("webhooks.allow: {bad:?} is not an http(s) origin")))
            }
            None => Ok(()),
        }
    }

    /// Whether `url` is an http(s) URL at one of the allowed origins (scheme, host and
    /// port all equal: no other host, port or scheme slips through).
    pub fn allows(&self, url: &str) -> bool {
        let Some(o) = origin(url) else { return false };
        self.allow.iter().any(|a| origin(a).as_ref() == Some(&o))
    }
}

fn origin(s: &str) -> Option<(String, String, u16)> {
    let u = url::Url::parse(s).ok()?;
    if !matches!(u.scheme(), "http" | "https") || !u.username().is_empty() || u.password().is_some()
    {
        return None;
    }
    Some((u.scheme().to_string(), u.host_str()?.to_ascii_lowercase(), u.port_or_known_default()?))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_allowed_origins() {
        let w = WebhookSettings { allow: vec!["https://mes.plant.local".into()] };
        assert!(w.allows("https://mes.plant.local/hooks/plantdoc"));
        assert!(w.allows("https://MES.plant.local:443/x"));
        for bad in [
            "http://mes.plant.local/x",
            "https://mes.plant.local:8443/x",
            "https://mes.plant.local.evil.com/x",
            "https://user@mes.plant.local/x",
            "ftp://mes.plant.local/x",
            "not a url",
        ] {
            assert!(!w.allows(bad), "{bad}");
        }
    }
}
