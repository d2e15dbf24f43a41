//! The translations' reads: a document's (current, served, one, missing), the auditor's
//! file's and retention's, the purge, and the Upload tab's insert with its document.
use sqlx::AnyConnection;

use super::*;

async fn with_reviews(
    conn: &mut AnyConnection,
    mut list: Vec<Translation>,
) -> Result<Vec<Translation>, sqlx::Error> {
    for t in &mut list {
        let rows =
            sqlx::query("SELECT stage, status, reviewer_id, reviewer, date, note FROM doc_translation_reviews WHERE translation_id = $1")
                .bind(&t.id)
                .fetch_all(&mut *conn)
                .await?;
        for r in rows {
            let status: String = r.try_get("status")?;
            t.reviews.push(TrReview {
                stage: r.try_get("stage")?,
                status: Verdict::parse(&status).unwrap_or(Verdict::Pending),
                reviewer_id: r.try_get("reviewer_id")?,
                reviewer: r.try_get("reviewer")?,
                date: r.try_get("date")?,
                note: r.try_get("note")?,
            });
        }
    }
    Ok(list)
}

/// Every translation of the documents `ids` of `kind`, in every state (the auditor's
/// file, retention), by document, section, language, then proposal.
pub async fn of_docs(
    conn: &mut AnyConnection,
    kind: DocKind,
    ids: &[String],
) -> Result<Vec<Translation>, sqlx::Error> {
    let out = rows_of_docs(conn, kind, ids, "").await?;
    with_reviews(conn, out).await
}

/// The served (approved) translations of the documents `ids` of `kind`, by document,
/// section and language, without their reviews (the kiosk's offline pack).
pub async fn served_of_docs(
    conn: &mut AnyConnection,
    kind: DocKind,
    ids: &[String],
) -> Result<Vec<Translation>, sqlx::Error> {
    rows_of_docs(conn, kind, ids, "AND status = 'approved'").await
}

/// The translations of `ids` matching `filter` (SQL, no argument), one statement per 500
/// documents, by document, section, language, then proposal.
async fn rows_of_docs(
    conn: &mut AnyConnection,
    kind: DocKind,
    ids: &[String],
    filter: &str,
) -> Result<Vec<Translation>, sqlx::Error> {
    let mut out = Vec::new();
    for chunk in ids.chunks(500) {
        let mut q = crate::db::Params::default();
        let k = q.add(kind.as_str().to_string());
        let list = q.list(chunk.iter().cloned());
        let sql = format!(
            "SELECT {COLUMNS} FROM doc_translations WHERE doc_kind = {k} AND doc_id IN ({list}) {filter} ORDER BY doc_id, section, lang, proposed_at, id"
        );
        let rows = q.query(&sql).fetch_all(&mut *conn).await?;
        out.extend(rows.iter().map(Translation::from_row).collect::<Result<Vec<_>, _>>()?);
    }
    Ok(out)
}

/// The document's translations people act on: the served ones, those in review and
/// the last rejected of each section and language (until the next proposal).
pub async fn current(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
) -> Result<Vec<Translation>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2 AND ended_at IS NULL \
         AND status IN ('pending', 'approved', 'rejected') ORDER BY section, lang, proposed_at, id"
    );
    let rows = sqlx::query(&sql).bind(kind.as_str()).bind(doc_id).fetch_all(&mut *conn).await?;
    let list = rows.iter().map(Translation::from_row).collect::<Result<Vec<_>, _>>()?;
    with_reviews(conn, list).await
}

/// The sections and languages `previous` serves that `doc_id` neither serves nor has in
/// review: what a new revision must be translated into again (a revision's translations
/// never carry over: each is reviewed with the file it translates).
pub async fn missing(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
    previous: &str,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT DISTINCT p.section, p.lang FROM doc_translations p WHERE p.doc_kind = $1 AND p.doc_id = $2 AND p.status = 'approved' \
         AND NOT EXISTS (SELECT 1 FROM doc_translations t WHERE t.doc_kind = $1 AND t.doc_id = $3 AND t.section = p.section \
         AND t.lang = p.lang AND t.ended_at IS NULL AND t.status IN ('pending', 'approved')) ORDER BY p.section, p.lang",
    )
    .bind(kind.as_str())
    .bind(previous)
    .bind(doc_id)
    .fetch_all(conn)
    .await
}

/// The approved translations of a document: what the kiosk serves, by section then
/// language.
pub async fn served(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
) -> Result<Vec<Translation>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2 AND status = 'approved' ORDER BY section, lang"
    );
    let rows = sqlx::query(&sql).bind(kind.as_str()).bind(doc_id).fetch_all(conn).await?;
    rows.iter().map(Translation::from_row).collect()
}

/// One translation of `kind` by id.
pub async fn one(
    conn: &mut AnyConnection,
    kind: DocKind,
    id: &str,
) -> Result<Option<Translation>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM doc_translations WHERE doc_kind = $1 AND id = $2");
    let Some(row) =
        sqlx::query(&sql).bind(kind.as_str()).bind(id).fetch_optional(&mut *conn).await?
    else {
        return Ok(None);
    };
    Ok(with_reviews(conn, vec![Translation::from_row(&row)?]).await?.pop())
}

/// The served translations as files a sign record may name (the module adds its
/// originals).
pub async fn version_files(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
) -> Result<Vec<VersionFile>, sqlx::Error> {
    Ok(served(conn, kind, doc_id)
        .await?
        .into_iter()
        .map(|t| VersionFile { section: t.section, lang: Some(t.lang), sha256: t.sha256 })
        .collect())
}

/// Retention: the files of a document's translations, every state (they go with it).
pub async fn retained_files(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT file_id FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2")
        .bind(kind.as_str())
        .bind(doc_id)
        .fetch_all(conn)
        .await
}

/// Retention: removes a document's translations and their reviews (inside the purge's
/// transaction; the files are the core's purge's).
pub async fn purge(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "DELETE FROM doc_translation_reviews WHERE translation_id IN (SELECT id FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2)",
    )
    .bind(kind.as_str())
    .bind(doc_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2")
        .bind(kind.as_str())
        .bind(doc_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A translation sent with its document's submission (the Upload tab): reviewed with
/// the document, so approved with it (stages 0); the kiosk serves only deployed
/// documents. Inside the submission's transaction.
pub async fn insert_with_document(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
    (section, lang): (&str, &str),
    file: (&str, &str, i64),
    user: &crate::auth::users::User,
    now: i64,
) -> Result<(), sqlx::Error> {
    let (file_id, sha256, size) = file;
    sqlx::query(
        "INSERT INTO doc_translations (id, doc_kind, doc_id, section, lang, file_id, sha256, size, status, stages, proposed_by, \
         proposed_by_name, proposed_at, decided_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'approved', 0, $9, $10, $11, $11)",
    )
    .bind(crate::db::new_id())
    .bind(kind.as_str())
    .bind(doc_id)
    .bind(section)
    .bind(lang)
    .bind(file_id)
    .bind(sha256)
    .bind(size)
    .bind(&user.id)
    .bind(user.full_name())
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}
