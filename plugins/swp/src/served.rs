//! Which file of each section a reader is shown (decision 82): with `?lang=xx`, a
//! section's translation into xx when its revision has one, else the original. The
//! answer says what was served (`served: {swc: {lang, sha256}, ...}`, `lang` null for
//! the original) so the kiosk can say 'not available in your language' and name the
//! file read when the operator signs.
use std::collections::{BTreeMap, HashMap};

use plantdoc_core::app::AppState;
use plantdoc_core::files;
use serde::Deserialize;

use crate::model::Swp;
use crate::schemas::ServedSection;
use crate::translations::{Translation, SECTIONS};

/// `?lang=xx` of the SWP file calls.
#[derive(Deserialize, utoipa::IntoParams, Default)]
pub struct LangQuery {
    /// A language code ('es', 'pl', ...): its translations are served where the revision
    /// has them. An unknown one serves the originals.
    pub lang: Option<String>,
}

impl LangQuery {
    /// The language asked, if it is a document language.
    pub fn lang(&self) -> Option<&'static str> {
        self.lang.as_deref().and_then(|l| plantdoc_core::ports::doc_lang(l).ok())
    }
}

/// The sections shown translated (section → file id) and the `served` object.
pub struct Shown {
    pub files: HashMap<&'static str, String>,
    pub served: Option<BTreeMap<String, ServedSection>>,
}

impl Shown {
    /// The originals, and no `served` (no language asked).
    pub fn originals() -> Self {
        Self { files: HashMap::new(), served: None }
    }
}

/// What `lang` shows of the SWP with these translations; `found` (files by id) gains the
/// translated files.
pub async fn choose(
    state: &AppState,
    swp: &Swp,
    list: &[Translation],
    lang: Option<&str>,
    found: &mut HashMap<String, (String, String)>,
) -> anyhow::Result<Shown> {
    let Some(lang) = lang else { return Ok(Shown::originals()) };
    let originals = [swp.swc_file.clone(), swp.jes_file.clone(), swp.vis_file.clone()];
    let shas = files::sha256s(&state.db, &originals).await?;
    let mut shown = HashMap::new();
    let mut served = BTreeMap::new();
    for ((section, _), original) in SECTIONS.iter().zip(&originals) {
        match list.iter().find(|t| t.section == *section && t.lang == lang) {
            Some(t) => {
                shown.insert(*section, t.file_id.clone());
                let (lang, sha256) = (Some(lang.to_string()), Some(t.sha256.clone()));
                served.insert(section.to_string(), ServedSection { lang, sha256 });
            }
            None => {
                let sha256 = shas.get(original).cloned();
                served.insert(section.to_string(), ServedSection { lang: None, sha256 });
            }
        }
    }
    let missing: Vec<String> =
        shown.values().filter(|id| !found.contains_key(*id)).cloned().collect();
    found.extend(files::describe(state, &missing).await?);
    Ok(Shown { files: shown, served: Some(served) })
}
