//! Search inside documents (decision 72): the text of every uploaded PDF, read page by page
//! in the PDF worker ([`crate::pdf::text`]) by a background pass after the upload's
//! transaction, kept in an index table per module (SQLite FTS5, PostgreSQL full-text
//! search over a generated `tsvector`), and searched with the module's visibility rule.
//! A module describes its documents with a [`TextIndex`] and owns the tables in its
//! migrations: `<prefix>_text_docs` (one row per document version read),
//! `<prefix>_text_pages` (one row per page) and on SQLite `<prefix>_text_fts` and the
//! index `<prefix>_text_pages_narrow` on (id, doc_id, section, page) the search names.
use crate::{msg, text};
use std::sync::Arc;
use std::time::Duration;

use serde::Deserialize;
use tokio::sync::{Mutex, Notify};

use crate::app::tasks::Shutdown;
use crate::app::AppState;
use crate::base::error::{number_field, AppError, FieldErrors};

mod answer;
mod index;
mod search;

pub use answer::{TextHit, TextPage};
pub use index::{index_pass, scanned_pages};
pub use search::{search, Found, Hit, CANDIDATES};

/// What a module indexes: its documents' table, the column naming the version, the
/// PDFs' columns per section, the statuses whose text is kept.
pub struct TextIndex {
    /// The module's id (log lines).
    pub module: &'static str,
    /// The documents' table and the alias the module's SQL uses for it.
    pub table: &'static str,
    pub alias: &'static str,
    /// The column naming the version read (a new value is read again).
    pub version: &'static str,
    /// (section, file column) of each PDF of a document.
    pub sections: &'static [(&'static str, &'static str)],
    /// SQL list of the statuses whose text is kept (others' text is dropped).
    pub live: &'static str,
    /// The index tables' prefix.
    pub prefix: &'static str,
}

/// How often the pass runs: an upload is searchable within this long. Not woken by
/// each upload: on SQLite, a transaction that read before another writer's commit cannot
/// write after it, and the app's transactions are deferred, so a writer running at once
/// after every upload met the next acts of the same people (a review, a deploy, a zone
/// edit) with 503s; a pass a minute keeps that rare.
pub const PERIOD: Duration = Duration::from_secs(60);
/// Wait before the pass at start and between a wake and its pass.
pub const SETTLE: Duration = Duration::from_secs(5);
/// Documents read per pass before the next one is taken.
pub const BATCH: i64 = 20;

/// A module's indexer: a pass at start and every [`PERIOD`] (or when woken: operations,
/// tests), one pass at a time.
#[derive(Default)]
pub struct Indexer {
    wake: Notify,
    pass: Mutex<()>,
}

impl Indexer {
    pub fn new() -> Arc<Self> {
        Arc::new(Self::default())
    }
    /// Asks for a pass soon (after [`SETTLE`]).
    pub fn wake(&self) {
        self.wake.notify_one();
    }
    /// Runs passes until nothing is left to read (tests and the background loop).
    pub async fn run_now(&self, state: &AppState, ix: &TextIndex) -> anyhow::Result<usize> {
        let _one = self.pass.lock().await;
        let (mut total, mut busy) = (0, 0);
        loop {
            // SQLite answers a write that met another writer's commit with BUSY at once
            // (deferred transactions): a few tries before the pass gives up.
            let n = match index_pass(state, ix, BATCH).await {
                Ok(n) => n,
                Err(e)
                    if busy < 5
                        && e.downcast_ref::<sqlx::Error>()
                            .is_some_and(crate::data::db::is_unavailable) =>
                {
                    busy += 1;
                    tokio::time::sleep(Duration::from_millis(100 * busy)).await;
                    continue;
                }
                Err(e) => return Err(e),
            };
            total += n;
            if n < BATCH as usize {
                return Ok(total);
            }
        }
    }
    /// The background loop: a pass at start, when woken and every [`PERIOD`], until
    /// shutdown.
    pub async fn run(self: Arc<Self>, state: AppState, mut stop: Shutdown, ix: &'static TextIndex) {
        tokio::select! {
            _ = stop.wait() => return,
            _ = tokio::time::sleep(SETTLE) => {}
        }
        loop {
            if let Err(e) = self.run_now(&state, ix).await {
                tracing::warn!(module = ix.module, error = %e, "document text not indexed; next pass retries");
            }
            tokio::select! {
                _ = stop.wait() => return,
                _ = self.wake.notified() => tokio::time::sleep(SETTLE).await,
                _ = tokio::time::sleep(PERIOD) => {}
            }
        }
    }
}

/// The query of a search call: `?q=&page=&limit=`.
#[derive(Debug, Deserialize, utoipa::IntoParams)]
pub struct SearchQuery {
    /// Words to find (every word must be on the page).
    pub q: Option<String>,
    /// From 1 (default 1).
    pub page: Option<String>,
    /// Results per page, 1 to [`MAX_LIMIT`] (default 20).
    pub limit: Option<String>,
}

pub const MAX_LIMIT: i64 = 50;
pub const MAX_PAGE: i64 = 1000;
pub const MAX_QUERY_CHARS: usize = 200;
pub const MAX_TERMS: usize = 10;

/// A checked search: the words, the page size and the offset.
#[derive(Debug, Clone, PartialEq)]
pub struct Checked {
    pub terms: Vec<String>,
    pub limit: i64,
    pub offset: i64,
}

impl SearchQuery {
    /// The words (lower case, letters and digits only) and paging, or the field errors.
    pub fn check(&self) -> Result<Checked, AppError> {
        let mut e = FieldErrors::new();
        let mut num = |name: &str, v: &Option<String>, default: i64, max: i64| {
            number_field(&mut e, name, v.as_deref().map(str::trim), default, max)
        };
        let page = num("page", &self.page, 1, MAX_PAGE);
        let limit = num("limit", &self.limit, 20, MAX_LIMIT);
        let q = self.q.as_deref().unwrap_or("").trim();
        let terms = terms(q);
        if q.chars().count() > MAX_QUERY_CHARS {
            e.insert("q".into(), msg!("Search for at most {MAX_QUERY_CHARS} characters."));
        } else if terms.is_empty() {
            e.insert("q".into(), text!("Enter a word to search for.").into());
        } else if terms.len() > MAX_TERMS {
            e.insert("q".into(), msg!("Search for at most {MAX_TERMS} words."));
        }
        if !e.is_empty() {
            return Err(AppError::Fields(e));
        }
        Ok(Checked { terms, limit, offset: (page - 1) * limit })
    }
}

/// The words of a query: runs of letters and digits, lower case, each once.
pub fn terms(q: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for w in q.split(|c: char| !c.is_alphanumeric()).filter(|w| !w.is_empty()) {
        let w = w.to_lowercase();
        if !out.contains(&w) {
            out.push(w);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn q(q: &str, page: &str, limit: &str) -> SearchQuery {
        let o = |s: &str| (!s.is_empty()).then(|| s.to_string());
        SearchQuery { q: o(q), page: o(page), limit: o(limit) }
    }

    #[test]
    fn words_are_letters_and_digits() {
        assert_eq!(terms("Torque \"25\" Nm; torque*"), vec!["torque", "25", "nm"]);
        assert_eq!(terms("7101-0001 OR x"), vec!["7101", "0001", "or", "x"]);
        assert!(terms("\" * - ( )").is_empty());
    }

    #[test]
    fn bad_queries_are_field_errors() {
        let fields = |s: SearchQuery| match s.check() {
            Err(AppError::Fields(m)) => m.keys().cloned().collect::<Vec<_>>(),
            other => panic!("{other:?}"),
        };
        assert_eq!(fields(q("", "", "")), vec!["q"]);
        assert_eq!(fields(q("**", "0", "51")), vec!["limit", "page", "q"]);
        let eleven: String = (0..11).map(|i| format!("w{i} ")).collect();
        assert_eq!(fields(q(&eleven, "x", "")), vec!["page", "q"]);
        assert_eq!(fields(q(&"a".repeat(201), "", "")), vec!["q"]);
        assert_eq!(
            q("seal", "3", "10").check().unwrap(),
            Checked { terms: vec!["seal".into()], limit: 10, offset: 20 }
        );
    }
}
