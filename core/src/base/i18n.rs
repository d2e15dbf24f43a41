//! Languages (decision 81): `[i18n]` (the plant's default and the languages it
//! offers), the caller's language, and the two marks every message a person reads
//! passes through: [`msg!`](crate::msg) and [`text!`](crate::text). Messages are written
//! in English (the spec's texts, letter for letter); an error answer is translated at
//! response time from the catalogs (`catalog`, `app::http::lang`).
use crate::base::config::ConfigError;
use serde::Deserialize;

use super::error::FieldErrors;

/// The languages Plantdoc ships a catalog for (English is the code's own).
pub const SHIPPED: &[&str] = &["en", "es", "pl"];

/// A message a person reads (an error, a field error), in English: `format!` with the
/// mark the catalog test (`core/tests/locales.rs`) looks for. Placeholders are named
/// (`{max}`), and the catalogs keep them.
#[macro_export]
macro_rules! msg {
    ($($t:tt)+) => {
        ::std::format!($($t)+)
    };
}

/// The same mark for a constant message without placeholders (`const X: &str = text!("…")`).
#[macro_export]
macro_rules! text {
    ($s:literal) => {
        $s
    };
}

/// `[i18n]`: the plant's default language and the languages people may choose.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, default)]
pub struct I18nSettings {
    /// New users' language, and the answers' language for a caller who says none.
    pub default: String,
    /// The codes people may choose (each one of [`SHIPPED`]): a list, or one string split
    /// at commas or spaces (`PLANTDOC__I18N__LANGUAGES=en,es`).
    #[serde(deserialize_with = "crate::base::auth_settings::words")]
    pub languages: Vec<String>,
}

impl Default for I18nSettings {
    fn default() -> Self {
        Self { default: "en".into(), languages: SHIPPED.iter().map(|s| s.to_string()).collect() }
    }
}

impl I18nSettings {
    /// Unknown codes stop start-up with the key and the shipped codes.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.languages.is_empty() {
            return Err(ConfigError("i18n.languages: list at least one language".into()));
        }
        for (i, code) in self.languages.iter().enumerate() {
            if !SHIPPED.contains(&code.as_str()) {
                return Err(ConfigError(format!(
                    "i18n.languages: unknown language code {code:?} (Plantdoc ships {})",
                    SHIPPED.join(", ")
                )));
            }
            if self.languages[..i].contains(code) {
                return Err(ConfigError(format!("i18n.languages: {code:?} is listed twice")));
            }
        }
        if !self.supports(&self.default) {
            return Err(ConfigError(format!(
                "i18n.default: {:?} is not one of i18n.languages ({})",
                self.default,
                self.languages.join(", ")
            )));
        }
        Ok(())
    }

    pub fn supports(&self, code: &str) -> bool {
        self.languages.iter().any(|l| l == code)
    }

    /// The caller's language: the first language of `Accept-Language` (by weight, then
    /// order) whose primary tag is offered, else the signed-in person's, else the
    /// plant's default.
    pub fn pick<'a>(&'a self, accept: Option<&str>, user: Option<&'a str>) -> &'a str {
        if let Some(code) = accept.and_then(|a| self.first_accepted(a)) {
            return code;
        }
        match user {
            Some(u) if self.supports(u) => u,
            _ => &self.default,
        }
    }

    fn first_accepted(&self, header: &str) -> Option<&str> {
        let mut tags: Vec<(f32, &str)> = header
            .split(',')
            .filter_map(|part| {
                let mut it = part.split(';');
                let tag = it.next()?.trim();
                let q = it
                    .find_map(|p| p.trim().strip_prefix("q="))
                    .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
                (q > 0.0 && !tag.is_empty()).then_some((q, tag))
            })
            .collect();
        tags.sort_by(|a, b| b.0.total_cmp(&a.0)); // stable: equal weights keep their order
        tags.iter().find_map(|(_, tag)| {
            let primary = tag.split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
            self.languages.iter().find(|l| **l == primary).map(String::as_str)
        })
    }

    /// A person's `lang` as sent: absent → the plant's default; a code not offered →
    /// the field's error in `e`.
    pub fn check_field(&self, e: &mut FieldErrors, field: &str, v: &mut Option<String>) {
        let code =
            v.take().map(|c| c.trim().to_ascii_lowercase()).unwrap_or_else(|| self.default.clone());
        if !self.supports(&code) {
            e.insert(
                field.into(),
                crate::msg!("Language must be one of {langs}.", langs = self.languages.join(", ")),
            );
        }
        *v = Some(code);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn plant(default: &str, langs: &[&str]) -> I18nSettings {
        I18nSettings {
            default: default.into(),
            languages: langs.iter().map(|s| s.to_string()).collect(),
        }
    }

    #[test]
    fn languages_are_a_list_or_one_string_split_at_commas_or_spaces() {
        let read = |v: serde_json::Value| {
            serde_json::from_value::<I18nSettings>(
                serde_json::json!({"default": "en", "languages": v}),
            )
        };
        assert_eq!(read(serde_json::json!("en, es pl")).unwrap().languages, ["en", "es", "pl"]);
        assert_eq!(read(serde_json::json!(["en", "pl"])).unwrap().languages, ["en", "pl"]);
    }

    #[test]
    fn unknown_codes_are_refused_by_name() {
        assert!(plant("en", &["en", "es", "pl"]).validate().is_ok());
        let e = plant("en", &["en", "de"]).validate().unwrap_err();
        assert!(e.0.contains("i18n.languages: unknown language code \"de\""), "{e}");
        let e = plant("pl", &["en", "es"]).validate().unwrap_err();
        assert!(e.0.starts_with("i18n.default: \"pl\" is not one of i18n.languages"), "{e}");
        assert!(plant("en", &[]).validate().is_err());
        assert!(plant("en", &["en", "en"]).validate().is_err());
    }

    #[test]
    fn the_header_wins_then_the_person_then_the_plant() {
        let p = plant("en", &["en", "es", "pl"]);
        assert_eq!(p.pick(Some("es-MX,es;q=0.9,en;q=0.8"), Some("pl")), "es");
        assert_eq!(p.pick(Some("de-DE,de;q=0.9,pl;q=0.8,en;q=0.7"), Some("es")), "pl");
        assert_eq!(p.pick(Some("en;q=0.5, es"), None), "es");
        assert_eq!(p.pick(Some("de"), Some("pl")), "pl");
        assert_eq!(p.pick(Some("*"), None), "en");
        assert_eq!(p.pick(None, Some("xx")), "en");
        assert_eq!(plant("es", &["en", "es"]).pick(Some("pl"), None), "es");
    }

    #[test]
    fn a_missing_language_is_the_default_and_a_bad_one_a_field_error() {
        let p = plant("es", &["en", "es"]);
        let mut e = FieldErrors::new();
        let mut v = None;
        p.check_field(&mut e, "lang", &mut v);
        assert_eq!((v.as_deref(), e.len()), (Some("es"), 0));
        let mut v = Some("pl".to_string());
        p.check_field(&mut e, "lang", &mut v);
        assert_eq!(e["lang"], "Language must be one of en, es.");
    }
}
