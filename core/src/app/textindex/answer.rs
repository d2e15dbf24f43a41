//! The one answer of every module's search-text call: a page of hits, each the module's
//! own columns of the document (`D`, flattened) beside the section, page and snippet.
use serde::Serialize;
use sqlx::any::AnyRow;
use utoipa::ToSchema;

use super::Found;

/// A page of search results inside a module's documents, best match first.
#[derive(Serialize, ToSchema)]
pub struct TextPage<D: ToSchema> {
    pub results: Vec<TextHit<D>>,
    /// Pages matching in all; with totalExact false, at least this many (counted up to 1 000)
    pub total: i64,
    /// False when more pages match than were counted ('1 000+')
    #[serde(rename = "totalExact")]
    pub total_exact: bool,
}

/// A page of a document with every word searched.
#[derive(Serialize, ToSchema)]
pub struct TextHit<D: ToSchema> {
    /// The document's own fields (its id, part number…).
    #[serde(flatten)]
    pub doc: D,
    /// The document's section (swc, jes, vis; alert)
    pub section: String,
    /// From 1
    pub page: i64,
    /// The page's text around the words, each word between <mark> and </mark>
    pub snippet: String,
}

impl Found {
    /// The answer, each hit's document read from its row by `doc`.
    pub fn answer<D: ToSchema>(
        self,
        doc: impl Fn(&AnyRow) -> Result<D, sqlx::Error>,
    ) -> Result<TextPage<D>, sqlx::Error> {
        let results = self
            .hits
            .into_iter()
            .map(|h| {
                Ok(TextHit {
                    doc: doc(&h.row)?,
                    section: h.section,
                    page: h.page,
                    snippet: h.snippet,
                })
            })
            .collect::<Result<_, sqlx::Error>>()?;
        Ok(TextPage { results, total: self.total, total_exact: self.exact })
    }
}
