//! The search over a module's text index: pages with every word, best first (SQLite's
//! bm25, PostgreSQL's ts_rank), then by document, section and page; the snippet marks
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

/// Pages matching `c.terms` among the documents `filter` keeps (SQL over the module's
/// alias, placeholders from `q`), `columns` of the document selected with each; and
/// how many pages match in all.
pub async fn search(
    db: &Db,
    ix: &TextIndex,
    mut q: Params,
    filter: &str,
    columns: &str,
    c: &Checked,
) -> Result<(Vec<Hit>, i64), sqlx::Error> {
    let (p, t, a) = (ix.prefix, ix.table, ix.alias);
    let (limit, offset) = (c.limit, c.offset);
    let (list_sql, count_sql) = match db.dialect {
        Dialect::Sqlite => {
            // Every word quoted: letters and digits only, so nothing is FTS5 syntax.
            let m = q.add(c.terms.iter().map(|w| format!("\"{w}\"")).collect::<Vec<_>>().join(" "));
            let from = format!(
                "{p}_text_fts JOIN {p}_text_pages x ON x.id = {p}_text_fts.rowid JOIN {t} {a} ON {a}.id = x.doc_id \
                 WHERE {p}_text_fts MATCH {m} AND {filter}"
            );
            (
                format!(
                    "SELECT {columns}, x.section, x.page, snippet({p}_text_fts, 0, '{START}', '{STOP}', '…', 16) AS snippet \
                     FROM {from} ORDER BY {p}_text_fts.rank, x.doc_id, x.section, x.page LIMIT {limit} OFFSET {offset}"
                ),
                format!("SELECT COUNT(*) AS n FROM {from}"),
            )
        }
        Dialect::Postgres => {
            let m = q.add(c.terms.join(" "));
            let tsq = format!("plainto_tsquery('simple', {m})");
            let from = format!("{p}_text_pages x JOIN {t} {a} ON {a}.id = x.doc_id WHERE x.tsv @@ {tsq} AND {filter}");
            let opts = format!("StartSel={START}, StopSel={STOP}, MaxWords=24, MinWords=8, MaxFragments=2, FragmentDelimiter=\" … \"");
            (
                // The headline is made for the page's rows only (inner query first).
                format!(
                    "SELECT {columns}, y.section, y.page, ts_headline('simple', y.body, {tsq}, '{opts}') AS snippet FROM \
                     (SELECT x.id, x.doc_id, x.section, x.page, x.body, ts_rank(x.tsv, {tsq}) AS r FROM {from} \
                      ORDER BY r DESC, x.doc_id, x.section, x.page LIMIT {limit} OFFSET {offset}) y \
                     JOIN {t} {a} ON {a}.id = y.doc_id ORDER BY y.r DESC, y.doc_id, y.section, y.page"
                ),
                format!("SELECT COUNT(*) AS n FROM {from}"),
            )
        }
    };
    let rows = q.query(&list_sql).fetch_all(&db.pool).await?;
    let total: i64 = q.query(&count_sql).fetch_one(&db.pool).await?.try_get("n")?;
    let hits = rows
        .into_iter()
        .map(|row| Ok(Hit { section: row.try_get("section")?, page: row.try_get("page")?, snippet: row.try_get("snippet")?, row }))
        .collect::<Result<_, sqlx::Error>>()?;
    Ok((hits, total))
}
