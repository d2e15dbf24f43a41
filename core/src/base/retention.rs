//! `[retention]` (decision 69): how long records are kept after they leave use.
//! The purge itself is `crate::retention` (app).
use crate::base::config::ConfigError;
use serde::Deserialize;

#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct RetentionSettings {
    /// Obsolete revisions (and removed or sunset documents), their files, approvals and
    /// signatures are kept this many calendar years after the day they left use (IATF
    /// 16949: the life of the part plus one year; plants set their own).
    pub years_after_obsolete: u32,
}

impl Default for RetentionSettings {
    fn default() -> Self {
        Self { years_after_obsolete: 15 }
    }
}

impl RetentionSettings {
    pub fn validate(&self) -> Result<(), ConfigError> {
        if !(1..=200).contains(&self.years_after_obsolete) {
            return Err(ConfigError(
                "retention.years_after_obsolete: must be between 1 and 200".into(),
            ));
        }
        Ok(())
    }
}
