//! One indexing pass: drops the text of documents no longer kept (deleted, rejected,
//! or replaced by a new version of the same row), then reads the text of up to `batch`
//! documents not yet read, each written in its own short transaction.
use sqlx::Row;

use super::TextIndex;
use crate::app::AppState;
use crate::data::db::Params;
use crate::documents::files;
use crate::documents::pdf::text::{self, PageText};
use crate::documents::pdf::PdfError;

/// A document whose files could not be read (storage unreachable, no worker) is
/// recorded as failed with `retry:` and read again after this long.
const RETRY_AFTER_MS: i64 = 60 * 60 * 1000;

/// Returns how many documents were read.
pub async fn index_pass(state: &AppState, ix: &TextIndex, batch: i64) -> anyhow::Result<usize> {
    let (p, t, a) = (ix.prefix, ix.table, ix.alias);
    let stale = format!(
        "SELECT d.doc_id FROM {p}_text_docs d LEFT JOIN {t} {a} ON {a}.id = d.doc_id \
         WHERE {a}.id IS NULL OR {a}.status NOT IN ({live}) OR {a}.{v} <> d.version \
            OR (d.failed LIKE 'retry:%' AND d.indexed_at < {retry})",
        live = ix.live,
        v = ix.version,
        retry = state.now_ms() - RETRY_AFTER_MS
    );
    // Found with a read first: the write (and SQLite's one writer lock) only when there
    // is something to drop, so a pass never holds uploads back while it looks.
    let gone: Vec<String> =
        sqlx::query_scalar(&format!("{stale} LIMIT 500")).fetch_all(&state.db.pool).await?;
    if !gone.is_empty() {
        let mut q = Params::default();
        let list = q.list(gone);
        let mut tx = state.db.begin().await?;
        q.query(&format!("DELETE FROM {p}_text_pages WHERE doc_id IN ({list})"))
            .execute(&mut *tx)
            .await?;
        q.query(&format!("DELETE FROM {p}_text_docs WHERE doc_id IN ({list})"))
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
    }

    let cols: Vec<String> = ix.sections.iter().map(|(_, c)| format!("{a}.{c}")).collect();
    let todo = format!(
        "SELECT {a}.id, {a}.{v} AS version, {cols} FROM {t} {a} LEFT JOIN {p}_text_docs d ON d.doc_id = {a}.id \
         WHERE {a}.status IN ({live}) AND d.doc_id IS NULL ORDER BY {a}.id LIMIT {batch}",
        v = ix.version,
        cols = cols.join(", "),
        live = ix.live
    );
    let rows = sqlx::query(&todo).fetch_all(&state.db.pool).await?;
    let mut done = 0;
    for row in &rows {
        let id: String = row.try_get("id")?;
        let version: String = row.try_get("version")?;
        let mut ids = Vec::new();
        for (_, col) in ix.sections {
            ids.push(row.try_get::<Option<String>, _>(*col)?);
        }
        read_one(state, ix, &id, &version, &ids).await?;
        done += 1;
    }
    Ok(done)
}

/// Reads one document's PDFs and writes their pages. A refused file (it passed the
/// upload's check, so rarely) is recorded with its reason and no pages; a file the
/// server could not read (a missing blob, storage or worker down) with `retry:` and
/// its reason, read again after [`RETRY_AFTER_MS`]: one bad document never stops the
/// others.
async fn read_one(
    state: &AppState,
    ix: &TextIndex,
    id: &str,
    version: &str,
    file_ids: &[Option<String>],
) -> anyhow::Result<()> {
    let found =
        files::describe(state, &file_ids.iter().flatten().cloned().collect::<Vec<_>>()).await?;
    let started = std::time::Instant::now();
    let mut sections: Vec<(&str, Vec<PageText>)> = Vec::new();
    let mut failed: Option<String> = None;
    for ((section, _), file) in ix.sections.iter().zip(file_ids) {
        let Some((key, ct)) = file.as_ref().and_then(|f| found.get(f)) else { continue };
        if ct != "application/pdf" {
            continue;
        }
        let name = format!("{}.pdf", section.to_uppercase());
        match text::extract(&state.storage, &name, key).await {
            Ok(pages) => sections.push((section, pages)),
            Err(PdfError::Refused(m)) => failed = Some(m),
            Err(PdfError::Server(e)) => failed = Some(format!("retry: {e}")),
        }
    }
    let p = ix.prefix;
    let mut tx = state.db.begin().await?;
    sqlx::query(&format!("DELETE FROM {p}_text_pages WHERE doc_id = $1"))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    sqlx::query(&format!("DELETE FROM {p}_text_docs WHERE doc_id = $1"))
        .bind(id)
        .execute(&mut *tx)
        .await?;
    let (mut pages, mut scanned) = (0i64, 0i64);
    for (section, list) in &sections {
        for pg in list {
            let mut q = Params::default();
            let vals = [
                q.add(id),
                q.add(*section),
                q.add(pg.page as i64),
                q.add(pg.scanned as i64),
                q.add(pg.text.clone()),
            ]
            .join(", ");
            q.query(&format!(
                "INSERT INTO {p}_text_pages (doc_id, section, page, scanned, body) VALUES ({vals})"
            ))
            .execute(&mut *tx)
            .await?;
            pages += 1;
            scanned += pg.scanned as i64;
        }
    }
    let mut q = Params::default();
    let vals = [
        q.add(id),
        q.add(version),
        q.add(pages),
        q.add(scanned),
        q.add(failed.clone().unwrap_or_default()),
        q.add(state.now_ms()),
    ]
    .join(", ");
    q.query(&format!("INSERT INTO {p}_text_docs (doc_id, version, pages, scanned_pages, failed, indexed_at) VALUES ({vals})"))
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    tracing::debug!(
        module = ix.module,
        doc = id,
        pages,
        scanned,
        ms = started.elapsed().as_millis() as u64,
        "document text indexed"
    );
    if let Some(m) = failed {
        tracing::warn!(module = ix.module, doc = id, reason = %m, "document text not read");
    }
    Ok(())
}

/// Pages of a document flagged 'scanned, no text' (tests, the bench, operations).
pub async fn scanned_pages(
    state: &AppState,
    ix: &TextIndex,
    id: &str,
) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let sql = format!("SELECT section, page FROM {}_text_pages WHERE doc_id = $1 AND scanned = 1 ORDER BY section, page", ix.prefix);
    let rows = sqlx::query(&sql).bind(id).fetch_all(&state.db.pool).await?;
    rows.iter().map(|r| Ok((r.try_get("section")?, r.try_get("page")?))).collect()
}
