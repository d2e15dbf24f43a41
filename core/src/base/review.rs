//! `[review]`: how much review a document's translation takes (decision 95). The review
//! itself is `crate::review::translations` (app).
use crate::base::config::ConfigError;
use serde::Deserialize;

#[derive(Debug, Clone, Default, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct ReviewSettings {
    /// How many of its document's review stages a translation goes through (the first
    /// ones, in the document's order). Absent: every stage, as its document. Never 0: a
    /// controlled document is reviewed in every language, by another person than its
    /// proposer.
    pub translation_stages: Option<u32>,
}

impl ReviewSettings {
    pub fn validate(&self) -> Result<(), ConfigError> {
        match self.translation_stages {
            Some(0) => Err(ConfigError(
                "review.translation_stages: must be at least 1 (a translation is reviewed before the kiosk serves it; \
                 leave it out for the same stages as its document)"
                    .into(),
            )),
            Some(n) if n > 10 => Err(ConfigError("review.translation_stages: must be at most 10".into())),
            _ => Ok(()),
        }
    }

    /// The stages a translation of a document reviewed in `of` stages goes through.
    pub fn stages_for(&self, of: usize) -> usize {
        self.translation_stages.map_or(of, |n| (n as usize).clamp(1, of.max(1)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn never_zero_stages() {
        let s = |n| ReviewSettings { translation_stages: n };
        assert!(s(Some(0)).validate().unwrap_err().0.contains("review.translation_stages"));
        assert!(s(Some(1)).validate().is_ok() && s(None).validate().is_ok());
        assert_eq!(
            (s(None).stages_for(3), s(Some(1)).stages_for(3), s(Some(5)).stages_for(2)),
            (3, 1, 2)
        );
    }
}
