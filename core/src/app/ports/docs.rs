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
/// the link the netbook fetches it by into its cache, and where it is stored.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
pub struct PackFile {
    pub section: String,
    #[schema(required = true)]
    pub lang: Option<String>,
    pub sha256: String,
    /// A same-origin link that answers the stored bytes (decision 126): set by the pack's
    /// reader, whatever the storage; the provider leaves it empty.
    pub url: String,
    /// The blob's storage key (never sent).
    #[serde(skip)]
    pub key: String,
    #[serde(skip)]
    pub content_type: String,
    /// The file's name when downloaded (never sent).
    #[serde(skip)]
    pub name: String,
}

/// A document in force in a zone as the offline pack carries it: its part, the object
/// the kiosk's screens read (as the module's kiosk answer gives it), its version and
/// every file it may show, and when it is in force: from `from_ms` (a revision change
/// control holds back until then; decision 126) until `sunset_ms` (an alert's sunset, or the
/// time a held-back successor takes over).
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
    pub from_ms: Option<i64>,
    pub sunset_ms: Option<i64>,
}
