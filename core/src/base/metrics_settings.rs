//! `[metrics]`: who may read `GET /metrics` without a token.
use std::net::IpAddr;

use serde::Deserialize;

use super::auth_settings::words;
use super::config::ConfigError;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MetricsSettings {
    /// Client addresses that read the metrics without a token (a list, or words separated
    /// by spaces or commas, as an environment variable gives them). Default: loopback.
    #[serde(default = "loopback", deserialize_with = "words")]
    pub allow: Vec<String>,
}

impl Default for MetricsSettings {
    fn default() -> Self {
        Self { allow: loopback() }
    }
}

fn loopback() -> Vec<String> {
    vec!["127.0.0.1".into(), "::1".into()]
}

impl MetricsSettings {
    pub fn validate(&self) -> Result<(), ConfigError> {
        match self.allow.iter().find(|a| a.parse::<IpAddr>().is_err()) {
            Some(bad) => Err(ConfigError(format!("metrics.allow: {bad:?} is not an IP address"))),
            None => Ok(()),
        }
    }

    /// Whether `ip` may read the metrics without a token.
    pub fn allows(&self, ip: IpAddr) -> bool {
        // An IPv4 client on a dual-stack socket shows as ::ffff:a.b.c.d.
        let ip = match ip {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map(IpAddr::V4).unwrap_or(ip),
            v4 => v4,
        };
        self.allow.iter().any(|a| a.parse::<IpAddr>().is_ok_and(|a| a == ip))
    }
}
