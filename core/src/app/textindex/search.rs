//! The search over a module's text index: pages with every word, best first (SQLite's
//! bm25, PostgreSQL's ts_rank) among at most [`CANDIDATES`], then by document, section
//! and page; the snippet marks
//! the words with `<mark>` and `</mark>` (a client shows the text between as text,
//! never as HTML). The module's filter (visibility, status) applies in the same query.
use sqlx::any::AnyRow;
use sqlx::Row;

use super::{Checked, TextIndex};
use crate::data::db::{Db, Dialect, Params};

/// One page found: the module's columns (read them from `row`), the page and snippet.
pub struct Hit {
    pub row: AnyRow,
    pub section: String,
    pub page: i64,
    pub snippet: String,
}

const START: &str = "<mark>";
const STOP: &str = "</mark>";

/// The pages ranked, and counted, at most for one answer (more when the page asked
/// reaches further): a query matching more pages the caller may see ranks that many of
/// them — on SQLite the pages read last (FTS5 walks its rowids backwards and stops), on
/// PostgreSQL the first its index scan finds — and answers `total` = the cap with
/// `exact` false ('1 000+'), so a word on every third page costs what a rare word costs
/// (decision 86). A query with fewer matches ranks and counts them all, exactly.
pub const CANDIDATES: i64 = 1000;

/// What [`search`] found: the page of hits and how many pages match — all of them when
/// `exact`, else at least `total` (the cap was reached).
pub struct Found {
    pub hits: Vec<Hit>,
    pub total: i64,
    pub exact: bool,
}

/// Pages matching `c.terms` among the documents `filter` keeps (SQL over the module's
/// alias, placeholders from `q`), `columns` of the document selected with each; and
/// how many pages match, counted up to the candidates' number. The page of answers and
/// the count run side by side.
pub async fn search(
    db: &Db,
    ix: &TextIndex,
    mut q: Params,
    filter: &str,
    columns: &str,
    c: &Checked,
) -> Result<Found, sqlx::Error> {
    let (p, t, a) = (ix.prefix, ix.table, ix.alias);
    let (limit, offset) = (c.limit, c.offset);
    let n = CANDIDATES.max(offset + limit);
    let (list_sql, count_sql) = match db.dialect {
        Dialect::Sqlite => {
            // Every word quoted: letters and digits only, so nothing is FTS5 syntax.
            let m = q.add(c.terms.iter().map(|w| format!("\"{w}\"")).collect::<Vec<_>>().join(" "));
            let fts = format!("{p}_text_fts");
            // The narrow index gives each match's document without reading its text.
            let from = format!(
                "{fts} JOIN {p}_text_pages x INDEXED BY {p}_text_pages_narrow ON x.id = {fts}.rowid JOIN {t} {a} ON {a}.id = x.doc_id \
                 WHERE {fts} MATCH {m} AND {filter}"
            );
            // Candidates newest first (FTS5 walks its rowids backwards and stops), ranked
            // (bm25) and paged; the snippet only for the page's rows.
            let candidates =
                format!("SELECT x.id, x.doc_id, x.section, x.page, {fts}.rank AS r FROM {from} ORDER BY {fts}.rowid DESC LIMIT {n}");
            (
                format!(
                    "SELECT {columns}, z.section, z.page, snippet({fts}, 0, '{START}', '{STOP}', '…', 16) AS snippet FROM \
                     (SELECT y.id, y.doc_id, y.section, y.page, y.r FROM ({candidates}) y \
                      ORDER BY y.r, y.doc_id, y.section, y.page LIMIT {limit} OFFSET {offset}) z \
                     JOIN {fts} ON {fts}.rowid = z.id JOIN {t} {a} ON {a}.id = z.doc_id \
                     WHERE {fts} MATCH {m} ORDER BY z.r, z.doc_id, z.section, z.page"
                ),
                format!("SELECT COUNT(*) AS n FROM (SELECT 1 FROM {from} LIMIT {}) c", n + 1),
            )
        }
        Dialect::Postgres => {
            let m = q.add(c.terms.join(" "));
            let tsq = format!("plainto_tsquery('simple', {m})");
            let from = format!("{p}_text_pages x JOIN {t} {a} ON {a}.id = x.doc_id WHERE x.tsv @@ {tsq} AND {filter}");
            let opts = format!("StartSel={START}, StopSel={STOP}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=\" … \"");
            // Candidates as the GIN index's bitmap scan finds them, up to `n` (no order: an
            // order would visit every match first, about 5 µs each), ts_rank for them only
            // (their tsvector read once each), the headline for the page's rows only.
            let candidates =
                format!("SELECT x.id, x.doc_id, x.section, x.page, x.tsv FROM {from} LIMIT {n}");
            (
                format!(
                    "SELECT {columns}, y.section, y.page, ts_headline('simple', b.body, {tsq}, '{opts}') AS snippet FROM \
                     (SELECT k.id, k.doc_id, k.section, k.page, ts_rank(k.tsv, {tsq}) AS r FROM ({candidates}) k \
                      ORDER BY r DESC, k.doc_id, k.section, k.page LIMIT {limit} OFFSET {offset}) y \
                     JOIN {p}_text_pages b ON b.id = y.id JOIN {t} {a} ON {a}.id = y.doc_id ORDER BY y.r DESC, y.doc_id, y.section, y.page"
                ),
                format!("SELECT COUNT(*) AS n FROM (SELECT 1 FROM {from} LIMIT {}) c", n + 1),
            )
        }
    };
    let (rows, total) = tokio::try_join!(
        q.query(&list_sql).fetch_all(&db.pool),
        q.query(&count_sql).fetch_one(&db.pool)
    )?;
    let counted: i64 = total.try_get("n")?;
    let hits = rows
        .into_iter()
        .map(|row| {
            Ok(Hit {
                section: row.try_get("section")?,
                page: row.try_get("page")?,
                snippet: row.try_get("snippet")?,
                row,
            })
        })
        .collect::<Result<_, sqlx::Error>>()?;
    Ok(Found { hits, total: counted.min(n), exact: counted <= n })
}
