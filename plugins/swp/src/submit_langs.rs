//! The Upload tab's translations (decisions 82 and 95): `uploadS3` may carry
//! `translations: [{section, lang, fileIds: [serverId]}]`, each one pending PDF of the
//! caller's (one per section and language), checked like the sections' files and
//! written with the SWP in its transaction, reviewed with it (decision 95). Absent, the
//! submit is the spec's.
use plantdoc_core::msg;
use plantdoc_core::text;
use std::collections::HashMap;

use plantdoc_core::auth::users::User;
use plantdoc_core::error::FieldErrors;
use plantdoc_core::files::PendingFile;
use plantdoc_core::ports::doc_lang;
use plantdoc_core::review::translations::insert_with_document;
use serde_json::Value;
use sqlx::AnyConnection;

use crate::fields::id_list;
use crate::translations::SECTIONS;

/// The field of every error about them.
pub const FIELD: &str = "translations";
/// At most one per section and language.
const MAX: usize = SECTIONS.len() * plantdoc_core::ports::DOC_LANGS.len();

/// One translation asked for: section, language, the pending upload.
#[derive(Debug, Clone)]
pub struct Asked {
    pub section: &'static str,
    pub lang: &'static str,
    pub file_id: String,
}

/// Reads `translations` (absent or null: none), with its field error.
pub fn parse(v: Option<&Value>, e: &mut FieldErrors) -> Vec<Asked> {
    let list = match v {
        None | Some(Value::Null) => return Vec::new(),
        Some(Value::Array(a)) if a.len() <= MAX => a,
        Some(_) => {
            e.insert(FIELD.into(), msg!("Translations are a list of at most {MAX}."));
            return Vec::new();
        }
    };
    let mut out: Vec<Asked> = Vec::new();
    for t in list {
        let section = SECTIONS
            .iter()
            .map(|(k, _)| *k)
            .find(|k| t.get("section").and_then(Value::as_str) == Some(*k));
        let lang = t.get("lang").and_then(Value::as_str).and_then(|l| doc_lang(l).ok());
        let ids = id_list(t.get("fileIds")).unwrap_or_default();
        match (section, lang, ids.as_slice()) {
            (Some(section), Some(lang), [id]) => {
                if out.iter().any(|a| (a.section == section && a.lang == lang) || a.file_id == *id)
                {
                    e.insert(
                        FIELD.into(),
                        text!("One file per section and language, each used once.").into(),
                    );
                }
                out.push(Asked { section, lang, file_id: id.clone() });
            }
            _ => {
                e.insert(
                    FIELD.into(),
                    text!("Each translation needs a section (swc, jes or vis), a language (en, es or pl) and one PDF.").into(),
                );
            }
        }
    }
    out
}

/// Inside the submit's transaction: the translations' rows of the new SWP.
pub async fn insert(
    conn: &mut AnyConnection,
    swp_id: &str,
    asked: &[Asked],
    uploads: &HashMap<String, PendingFile>,
    user: &User,
    now: i64,
) -> Result<(), sqlx::Error> {
    for a in asked {
        let f = &uploads[&a.file_id];
        let file = (a.file_id.as_str(), f.sha256.as_str(), f.size);
        insert_with_document(&mut *conn, crate::KIND, swp_id, (a.section, a.lang), file, user, now)
            .await?;
    }
    Ok(())
}
