//! The module's writes: the documents it follows (`readiness_docs`, from the events of
//! their owners) and the obligations (`readiness_obligations`). Portable SQL over the
//! `Any` connection of the act's transaction; an obligation is written once (`dedup`
//! is unique: `<reason>:<operator>:<doc>`, or `expiring:<sign record>`).
use plantdoc_core::db::{new_id, Params};
use plantdoc_core::zones;
use sqlx::{AnyConnection, Row};

/// A document version obligations are about, as its owner's event told it.
#[derive(Debug, Clone)]
pub struct Doc {
    pub id: String,
    /// `swp` or `alert`.
    pub kind: String,
    pub company: String,
    pub part_number: String,
    pub part_id: String,
    pub revision: Option<i64>,
    pub alert_tag: Option<String>,
    pub version_hash: String,
    pub zones: Vec<String>,
    /// When operators may read it (an alert's effective date; an SWP's deployment).
    pub effective: i64,
    /// An alert's sunset.
    pub ends_at: Option<i64>,
}

/// Remembers `d` as its part's current document (an SWP's earlier revisions are not
/// current any more); `started`: its obligations are written (an alert not yet in
/// force waits for the task).
pub async fn follow(conn: &mut AnyConnection, d: &Doc, started: bool) -> Result<(), sqlx::Error> {
    if d.kind == "swp" {
        sqlx::query("UPDATE readiness_docs SET current = 0 WHERE company_code = $1 AND kind = 'swp' AND part_id = $2 AND doc_id <> $3")
            .bind(&d.company)
            .bind(&d.part_id)
            .bind(&d.id)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query(
        "INSERT INTO readiness_docs (doc_id, kind, company_code, part_number, part_id, revision, alert_tag, version_hash, zones, zone_mask, \
         effective_date, ends_at, current, started) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, 1, $13) \
         ON CONFLICT (doc_id) DO UPDATE SET current = 1, version_hash = $8, zones = $9, zone_mask = $10, started = $13",
    )
    .bind(&d.id)
    .bind(&d.kind)
    .bind(&d.company)
    .bind(&d.part_number)
    .bind(&d.part_id)
    .bind(d.revision)
    .bind(d.alert_tag.clone())
    .bind(&d.version_hash)
    .bind(serde_json::to_string(&d.zones).unwrap_or_default())
    .bind(zones::zone_mask(&d.zones))
    .bind(d.effective)
    .bind(d.ends_at)
    .bind(i64::from(started))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub fn doc_from_row(r: &sqlx::any::AnyRow) -> Result<Doc, sqlx::Error> {
    Ok(Doc {
        id: r.try_get("doc_id")?,
        kind: r.try_get("kind")?,
        company: r.try_get("company_code")?,
        part_number: r.try_get("part_number")?,
        part_id: r.try_get("part_id")?,
        revision: r.try_get("revision")?,
        alert_tag: r.try_get("alert_tag")?,
        version_hash: r.try_get("version_hash")?,
        zones: serde_json::from_str(&r.try_get::<String, _>("zones")?).unwrap_or_default(),
        effective: r.try_get("effective_date")?,
        ends_at: r.try_get("ends_at")?,
    })
}

/// The active operators (and OJT trainees) of the company whose zones meet `zones`.
pub use plantdoc_core::people::operators_in;

/// Of `ops`, those with a verified signature of one of `doc_ids` (kind `swp`).
pub async fn signed_any(
    conn: &mut AnyConnection,
    doc_ids: &[String],
) -> Result<Vec<String>, sqlx::Error> {
    let mut out = Vec::new();
    for chunk in doc_ids.chunks(200) {
        let mut q = Params::default();
        let list = q.list(chunk.iter().cloned());
        let sql = format!(
            "SELECT DISTINCT operator_id FROM acknowledgements WHERE doc_kind = 'swp' AND doc_id IN ({list}) AND verified_at IS NOT NULL"
        );
        for r in q.query(&sql).fetch_all(&mut *conn).await? {
            out.push(r.try_get("operator_id")?);
        }
    }
    out.sort();
    out.dedup();
    Ok(out)
}

/// Writes an open obligation of `op` to read `d` (once per dedup key). True if new.
pub async fn open(
    conn: &mut AnyConnection,
    now: i64,
    d: &Doc,
    op: &str,
    reason: &str,
    due: i64,
    dedup: &str,
) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "INSERT INTO readiness_obligations (id, dedup, company_code, operator_id, kind, doc_id, version_hash, part_number, part_id, revision, \
         alert_tag, zones, zone_mask, reason, created_at, due_date, state, ends_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, 'open', $17) ON CONFLICT (dedup) DO NOTHING",
    )
    .bind(new_id())
    .bind(dedup)
    .bind(&d.company)
    .bind(op)
    .bind(&d.kind)
    .bind(&d.id)
    .bind(&d.version_hash)
    .bind(&d.part_number)
    .bind(&d.part_id)
    .bind(d.revision)
    .bind(d.alert_tag.clone())
    .bind(serde_json::to_string(&d.zones).unwrap_or_default())
    .bind(zones::zone_mask(&d.zones))
    .bind(reason)
    .bind(now)
    .bind(due)
    .bind(d.ends_at)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Voids the open obligations matching `filter` (SQL over the table, its values in `q`,
/// the reason added here). Returns how many.
pub async fn void_where(
    conn: &mut AnyConnection,
    mut q: Params,
    filter: &str,
    why: &str,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let sql = format!(
        "UPDATE readiness_obligations SET state = 'void', void_reason = {}, void_date = {} WHERE state = 'open' AND {filter}",
        q.add(why),
        q.add(now)
    );
    Ok(q.query(&sql).execute(&mut *conn).await?.rows_affected())
}

/// Closes the operator's open obligations of this document version: done at `now`.
pub async fn close(
    conn: &mut AnyConnection,
    op: &str,
    doc_id: &str,
    version_hash: &str,
    now: i64,
) -> Result<u64, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE readiness_obligations SET state = 'done', done_date = $1 WHERE operator_id = $2 AND doc_id = $3 AND version_hash = $4 AND state = 'open'",
    )
    .bind(now)
    .bind(op)
    .bind(doc_id)
    .bind(version_hash)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected())
}
