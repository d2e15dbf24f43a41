//! SQL of the changes module: portable SQL over the `Any` pool ($N placeholders, TEXT ids,
//! BIGINT millisecond times), so SQLite and PostgreSQL run the same statements.
use plantdoc_core::auth::users::User;
use plantdoc_core::db::{Db, Params};
use plantdoc_core::review::Document;
use sqlx::{AnyConnection, Row};

use crate::access::KIND;
use crate::model::{ChangeRequest, DocRef};

/// A new change request as checked.
pub struct NewRequest {
    pub title: String,
    pub reason: String,
    pub refs: Vec<String>,
    pub documents: Vec<DocRef>,
    /// The zones in the company's order, with the date each takes effect (None: at deploy).
    pub zones: Vec<(String, Option<String>)>,
}

/// One zone of a change request: its effective date and its cut-in.
pub struct ZoneRow {
    pub zone: String,
    pub effective: Option<String>,
    pub live_at: Option<i64>,
    pub live_operator: Option<String>,
    pub live_verifier: Option<String>,
}

/// A revision submitted under a change request.
pub struct RevisionRow {
    pub kind: String,
    pub doc_id: String,
    pub part_number: String,
    pub reason: String,
    pub submitted_at: i64,
    pub deployed_at: Option<i64>,
}

/// The company's next number for the year of `now`: `CR-2026-0001`.
pub async fn next_number(
    conn: &mut AnyConnection,
    company: &str,
    now: i64,
) -> Result<String, sqlx::Error> {
    let year = chrono::DateTime::from_timestamp_millis(now)
        .map(|d| d.format("%Y").to_string())
        .unwrap_or_default();
    sqlx::query("INSERT INTO change_request_seq (company_code, year, last_seq) VALUES ($1, $2, 0) ON CONFLICT (company_code, year) DO NOTHING")
        .bind(company)
        .bind(&year)
        .execute(&mut *conn)
        .await?;
    let n: i64 = sqlx::query_scalar("UPDATE change_request_seq SET last_seq = last_seq + 1 WHERE company_code = $1 AND year = $2 RETURNING last_seq")
        .bind(company)
        .bind(&year)
        .fetch_one(&mut *conn)
        .await?;
    Ok(format!("CR-{year}-{n:04}"))
}

pub async fn insert(
    conn: &mut AnyConnection,
    user: &User,
    r: &NewRequest,
    id: &str,
    number: &str,
    now: i64,
) -> Result<(), sqlx::Error> {
    let zones: Vec<&String> = r.zones.iter().map(|(z, _)| z).collect();
    sqlx::query(
        "INSERT INTO change_requests (id, company_code, number, part_number, status, owner_id, owner_firstname, owner_lastname, \
         zones, zone_mask, changes, title, refs, documents, upload_date) \
         VALUES ($1, $2, $3, $3, 'pending', $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)",
    )
    .bind(id)
    .bind(&user.company_code)
    .bind(number)
    .bind(&user.id)
    .bind(&user.firstname)
    .bind(&user.lastname)
    .bind(serde_json::to_string(&zones).unwrap_or_default())
    .bind(plantdoc_core::zones::zone_mask(&zones))
    .bind(&r.reason)
    .bind(&r.title)
    .bind(serde_json::to_string(&r.refs).unwrap_or_default())
    .bind(serde_json::to_string(&r.documents).unwrap_or_default())
    .bind(now)
    .execute(&mut *conn)
    .await?;
    for (z, effective) in &r.zones {
        sqlx::query(
            "INSERT INTO change_request_zones (request_id, zone, effective) VALUES ($1, $2, $3)",
        )
        .bind(id)
        .bind(z)
        .bind(effective.clone())
        .execute(&mut *conn)
        .await?;
    }
    Ok(())
}

/// The company's change request `number`, whoever may see it.
pub async fn by_number(
    db: &Db,
    company: &str,
    number: &str,
) -> Result<Option<ChangeRequest>, sqlx::Error> {
    let sql = format!(
        "SELECT {} FROM change_requests c WHERE c.company_code = $1 AND c.number = $2",
        KIND.table.columns
    );
    let row = sqlx::query(&sql).bind(company).bind(number).fetch_optional(&db.pool).await?;
    row.as_ref().map(ChangeRequest::from_row).transpose()
}

/// One page of the change requests `where_sql` selects, newest first, and their count.
pub async fn page(
    db: &Db,
    mut q: Params,
    where_sql: &str,
    offset: i64,
    limit: i64,
) -> Result<(Vec<ChangeRequest>, i64), sqlx::Error> {
    let count_sql = format!("SELECT COUNT(*) FROM change_requests c WHERE {where_sql}");
    let total: i64 = q.query(&count_sql).fetch_one(&db.pool).await?.try_get(0)?;
    let lim = q.add(limit);
    let off = q.add(offset);
    let sql = format!(
        "SELECT {} FROM change_requests c WHERE {where_sql} ORDER BY c.upload_date DESC, c.id LIMIT {lim} OFFSET {off}",
        KIND.table.columns
    );
    let rows = q.query(&sql).fetch_all(&db.pool).await?;
    let list = rows.iter().map(ChangeRequest::from_row).collect::<Result<_, _>>()?;
    Ok((list, total))
}

pub async fn zones(db: &Db, id: &str) -> Result<Vec<ZoneRow>, sqlx::Error> {
    let rows = sqlx::query("SELECT zone, effective, live_at, live_operator, live_verifier FROM change_request_zones WHERE request_id = $1")
        .bind(id)
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(ZoneRow {
                zone: r.try_get("zone")?,
                effective: r.try_get("effective")?,
                live_at: r.try_get("live_at")?,
                live_operator: r.try_get("live_operator")?,
                live_verifier: r.try_get("live_verifier")?,
            })
        })
        .collect()
}

pub async fn revisions(db: &Db, id: &str) -> Result<Vec<RevisionRow>, sqlx::Error> {
    let rows = sqlx::query("SELECT doc_kind, doc_id, part_number, reason, submitted_at, deployed_at FROM change_request_revisions WHERE request_id = $1 ORDER BY submitted_at, doc_id")
        .bind(id)
        .fetch_all(&db.pool)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(RevisionRow {
                kind: r.try_get("doc_kind")?,
                doc_id: r.try_get("doc_id")?,
                part_number: r.try_get("part_number")?,
                reason: r.try_get("reason")?,
                submitted_at: r.try_get("submitted_at")?,
                deployed_at: r.try_get("deployed_at")?,
            })
        })
        .collect()
}
