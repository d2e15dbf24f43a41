//! The vocabulary the document ports share: a version an operator signs and the files a
//! kiosk may show of it, and the languages a document may be translated into.
use crate::acks::DocKind;
use crate::text;

/// One version of a document an operator signs at the kiosk: the sign record binds to
/// `version_hash` and is stored under `kind`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignableVersion {
    pub kind: DocKind,
    pub id: String,
    pub part_number: String,
    /// The SHA-256 of the version's content.
    pub version_hash: String,
}

impl SignableVersion {
    /// What an audit row about this document names: `"<kind>:<id>"`.
    pub fn target(&self) -> String {
        format!("{}:{}", self.kind, self.id)
    }
}

/// One file of a document version as the kiosk may show it (decision 82): a section's
/// original (`lang` None) or its translation into `lang`, with the file's SHA-256. A
/// sign record names the ones the operator was shown.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct VersionFile {
    pub section: String,
    pub lang: Option<String>,
    pub sha256: String,
}

/// The languages a document may be translated into (the shipped languages).
pub const DOC_LANGS: [&str; 3] = ["en", "es", "pl"];

/// A document language as sent (`lang`): one of [`DOC_LANGS`], or the field's message.
pub fn doc_lang(v: &str) -> Result<&'static str, &'static str> {
    DOC_LANGS
        .iter()
        .copied()
        .find(|l| *l == v.trim())
        .ok_or(text!("Choose a language: en, es or pl."))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_audit_target_names_kind_and_id() {
        let v = SignableVersion {
            kind: DocKind::new("doc"),
            id: "d1".into(),
            part_number: "7101".into(),
            version_hash: "h".into(),
        };
        assert_eq!(v.target(), "doc:d1");
    }
}

/// One file of a document in the kiosk's offline pack (decision 121): a [`VersionFile`] with
/// a short-lived link the netbook fetches into its cache at once.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct PackFile {
    pub section: String,
    #[schema(required = true)]
    pub lang: Option<String>,
    pub sha256: String,
    pub url: String,
}

/// A document in force in a zone as the offline pack carries it: its part, the object
/// the kiosk's screens read (as the module's kiosk answer gives it), its version and
/// every file it may show, and until when it is in force (`sunset_ms`, alerts).
#[derive(Debug, Clone)]
pub struct PackedDoc {
    pub kind: DocKind,
    pub id: String,
    pub part_number: String,
    /// The catalogue part's id (the kiosk's `?part=`), when the document has one.
    pub part_id: Option<String>,
    pub version_hash: String,
    pub doc: serde_json::Value,
    pub files: Vec<PackFile>,
    pub sunset_ms: Option<i64>,
}
