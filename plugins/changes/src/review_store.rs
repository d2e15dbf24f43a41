//! SQL of periodic review: a review row per deployed document, opened by its deploy event,
//! ended when it leaves the floor; the due list with the floor's evidence since the last
//! review; a verdict's write.
use plantdoc_core::db::{Db, Params};
use plantdoc_core::events::Event;
use plantdoc_core::{zones, AppResult};
use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

/// One document under periodic review.
#[derive(Debug, Clone)]
pub struct ReviewRow {
    pub doc_id: String,
    pub kind: String,
    pub company: String,
    pub part_number: String,
    pub title: String,
    pub zones: Vec<String>,
    pub owners: Vec<String>,
    pub deployed_at: i64,
    pub due_at: i64,
    pub reviewed_at: Option<i64>,
    pub verdict: Option<String>,
    pub reviewer: Option<String>,
    pub note: Option<String>,
}

const COLUMNS: &str = "r.doc_id, r.doc_kind, r.company_code, r.part_number, r.title, r.zones, r.owners, r.deployed_at, \
     r.due_at, r.reviewed_at, r.verdict, r.reviewer, r.note";

fn list(v: String) -> Vec<String> {
    serde_json::from_str(&v).unwrap_or_default()
}

impl ReviewRow {
    fn from_row(r: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(Self {
            doc_id: r.try_get("doc_id")?,
            kind: r.try_get("doc_kind")?,
            company: r.try_get("company_code")?,
            part_number: r.try_get("part_number")?,
            title: r.try_get("title")?,
            zones: list(r.try_get("zones")?),
            owners: list(r.try_get("owners")?),
            deployed_at: r.try_get("deployed_at")?,
            due_at: r.try_get("due_at")?,
            reviewed_at: r.try_get("reviewed_at")?,
            verdict: r.try_get("verdict")?,
            reviewer: r.try_get("reviewer")?,
            note: r.try_get("note")?,
        })
    }
}

/// `months` after `ms` (the same day of the month, or the month's last).
pub fn add_months(ms: i64, months: u32) -> i64 {
    let t = chrono::DateTime::from_timestamp_millis(ms).unwrap_or_default();
    t.checked_add_months(chrono::Months::new(months)).unwrap_or(t).timestamp_millis()
}

/// A deploy opens the document's review (`months` 0: none); a new SWP revision ends the
/// reviews of the revisions it supersedes.
pub async fn opened(
    conn: &mut AnyConnection,
    now: i64,
    e: &Event,
    kind: &str,
    months: u32,
) -> AppResult<()> {
    let d = &e.data;
    let text = |k: &str| d[k].as_str().unwrap_or_default().to_string();
    let earlier: Vec<String> = d["earlierIds"]
        .as_array()
        .map(|a| a.iter().filter_map(Value::as_str).map(String::from).collect())
        .unwrap_or_default();
    for id in &earlier {
        sqlx::query(
            "UPDATE change_reviews SET ended_at = $1 WHERE doc_id = $2 AND ended_at IS NULL",
        )
        .bind(now)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    }
    if months == 0 {
        return Ok(());
    }
    let title = match kind {
        "swp" => {
            format!("SWP {} revision {}", text("partNumber"), d["revision"].as_i64().unwrap_or(0))
        }
        _ => format!("alert {}", text("alertTag")),
    };
    sqlx::query(
        "INSERT INTO change_reviews (doc_id, doc_kind, company_code, part_number, title, zones, owners, deployed_at, due_at, ends_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (doc_id) DO NOTHING",
    )
    .bind(text("docId"))
    .bind(kind)
    .bind(&e.company)
    .bind(text("partNumber"))
    .bind(title)
    .bind(serde_json::to_string(&e.zones).unwrap_or_default())
    .bind(serde_json::to_string(&e.owners).unwrap_or_default())
    .bind(now)
    .bind(add_months(now, months))
    .bind(d["sunsetDate"].as_i64())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The document left the floor (removed, sunset): its review ends.
pub async fn ended(conn: &mut AnyConnection, now: i64, doc_id: &str) -> AppResult<()> {
    sqlx::query("UPDATE change_reviews SET ended_at = $1 WHERE doc_id = $2 AND ended_at IS NULL")
        .bind(now)
        .bind(doc_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The open reviews of `company` due by `until` (of documents still on the floor at
/// `now`), in the viewer's `zones` (all when `all_zones`), soonest first.
pub async fn due(
    db: &Db,
    company: &str,
    viewer_zones: &[String],
    all_zones: bool,
    (now, until): (i64, i64),
) -> Result<Vec<ReviewRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM change_reviews r WHERE r.company_code = $1 AND r.ended_at IS NULL AND r.due_at <= $2 \
         AND (r.ends_at IS NULL OR r.ends_at > $3) ORDER BY r.due_at, r.doc_id LIMIT 1000"
    );
    let rows = sqlx::query(&sql).bind(company).bind(until).bind(now).fetch_all(&db.pool).await?;
    let rows: Vec<ReviewRow> = rows.iter().map(ReviewRow::from_row).collect::<Result<_, _>>()?;
    Ok(rows.into_iter().filter(|r| all_zones || zones::overlap(&r.zones, viewer_zones)).collect())
}

pub async fn one(
    db: &Db,
    company: &str,
    kind: &str,
    id: &str,
) -> Result<Option<ReviewRow>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM change_reviews r WHERE r.company_code = $1 AND r.doc_kind = $2 AND r.doc_id = $3 AND r.ended_at IS NULL"
    );
    let row = sqlx::query(&sql).bind(company).bind(kind).bind(id).fetch_optional(&db.pool).await?;
    row.as_ref().map(ReviewRow::from_row).transpose()
}

/// The floor's evidence since `since`: verified signatures of the document, and other
/// revisions of its part deployed since.
pub async fn evidence(db: &Db, r: &ReviewRow, since: i64) -> Result<(i64, i64), sqlx::Error> {
    let signatures: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM acknowledgements WHERE doc_id = $1 AND verified_at IS NOT NULL AND verified_at >= $2",
    )
    .bind(&r.doc_id)
    .bind(since)
    .fetch_one(&db.pool)
    .await?;
    let revisions: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM change_reviews WHERE company_code = $1 AND doc_kind = $2 AND part_number = $3 AND doc_id <> $4 AND deployed_at >= $5",
    )
    .bind(&r.company)
    .bind(&r.kind)
    .bind(&r.part_number)
    .bind(&r.doc_id)
    .bind(since)
    .fetch_one(&db.pool)
    .await?;
    Ok((signatures, revisions))
}

/// Records a verdict if the review is still open and unchanged since it was read
/// (`due_at` as read): false when another verdict came first.
pub async fn record(
    conn: &mut AnyConnection,
    r: &ReviewRow,
    verdict: &str,
    by: &str,
    note: &str,
    now: i64,
    next_due: i64,
) -> Result<bool, sqlx::Error> {
    let mut q = Params::default();
    let sql = format!(
        "UPDATE change_reviews SET reviewed_at = {}, verdict = {}, reviewer = {}, note = {}, due_at = {}, notice_at = NULL, overdue_at = NULL \
         WHERE doc_id = {} AND due_at = {} AND ended_at IS NULL",
        q.add(now),
        q.add(verdict),
        q.add(by),
        q.add(note),
        q.add(next_due),
        q.add(r.doc_id.clone()),
        q.add(r.due_at)
    );
    Ok(q.query(&sql).execute(&mut *conn).await?.rows_affected() == 1)
}

/// Open reviews of `company` by the month they are due (`YYYY-MM`), the overdue under
/// `overdue`: what a policy would ask each month.
pub async fn by_month(db: &Db, company: &str, now: i64) -> Result<Vec<(String, i64)>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT due_at FROM change_reviews WHERE company_code = $1 AND ended_at IS NULL AND (ends_at IS NULL OR ends_at > $2)",
    )
    .bind(company)
    .bind(now)
    .fetch_all(&db.pool)
    .await?;
    let mut months: std::collections::BTreeMap<String, i64> = std::collections::BTreeMap::new();
    for r in rows {
        let due: i64 = r.try_get(0)?;
        let key = if due <= now {
            "overdue".to_string()
        } else {
            chrono::DateTime::from_timestamp_millis(due)
                .unwrap_or_default()
                .format("%Y-%m")
                .to_string()
        };
        *months.entry(key).or_default() += 1;
    }
    Ok(months.into_iter().collect())
}

/// Spreads the first review dates of `company`'s never-reviewed documents over `months`
/// months from `now`, oldest deploys first; answers how many moved.
pub async fn spread(
    conn: &mut AnyConnection,
    company: &str,
    now: i64,
    months: u32,
) -> Result<usize, sqlx::Error> {
    let ids: Vec<String> = sqlx::query(
        "SELECT doc_id FROM change_reviews WHERE company_code = $1 AND ended_at IS NULL AND reviewed_at IS NULL ORDER BY deployed_at, doc_id",
    )
    .bind(company)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| r.try_get::<String, _>(0))
    .collect::<Result<_, _>>()?;
    let n = ids.len().max(1) as u32;
    for (i, id) in ids.iter().enumerate() {
        // The i-th of n falls in month 1 + i·months/n (never this month: a plant needs time).
        let month = 1 + (i as u32 * months) / n;
        sqlx::query("UPDATE change_reviews SET due_at = $1, notice_at = NULL, overdue_at = NULL WHERE doc_id = $2")
            .bind(add_months(now, month))
            .bind(id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(ids.len())
}

/// The last periodic review of each of `ids` that had one, as a line of the record.
pub async fn verdicts_of(db: &Db, ids: &[&str]) -> Result<Vec<String>, sqlx::Error> {
    let mut out = Vec::new();
    for id in ids {
        let row = sqlx::query("SELECT title, verdict, reviewer, reviewed_at, note, due_at FROM change_reviews WHERE doc_id = $1 AND verdict IS NOT NULL")
            .bind(id)
            .fetch_optional(&db.pool)
            .await?;
        if let Some(r) = row {
            let (title, verdict, by): (String, String, String) = (
                r.try_get(0)?,
                r.try_get(1)?,
                r.try_get::<Option<String>, _>(2)?.unwrap_or_default(),
            );
            let at: i64 = r.try_get::<Option<i64>, _>(3)?.unwrap_or_default();
            let note: String = r.try_get::<Option<String>, _>(4)?.unwrap_or_default();
            let next: i64 = r.try_get(5)?;
            out.push(format!(
                "{title}: {verdict} by {by} on {}; note: {note}; next review {}",
                plantdoc_core::clock::with_offset(at),
                plantdoc_core::ports::day_of(next)
            ));
        }
    }
    Ok(out)
}

/// Opens the review of every document on the floor that has none: those deployed before
/// the module was switched on, or while their kind's `review_every_months` was 0. Their
/// first date is `months` after their deploy (overdue ones show in the backlog, and a
/// manager spreads them); answers how many were opened.
pub async fn backfill(
    state: &plantdoc_core::AppState,
    kind: &str,
    months: u32,
) -> AppResult<usize> {
    if months == 0 {
        return Ok(0);
    }
    let docs = plantdoc_core::review::on_floor(state, kind).await?;
    if docs.is_empty() {
        return Ok(0);
    }
    let known: std::collections::HashSet<String> =
        sqlx::query_scalar("SELECT doc_id FROM change_reviews WHERE doc_kind = $1")
            .bind(kind)
            .fetch_all(&state.db.pool)
            .await?
            .into_iter()
            .collect();
    let word = if kind == "swp" { "SWP" } else { "alert" };
    let mut opened = 0;
    for d in docs.iter().filter(|d| !known.contains(&d.id)) {
        let done = sqlx::query(
            "INSERT INTO change_reviews (doc_id, doc_kind, company_code, part_number, title, zones, owners, deployed_at, due_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (doc_id) DO NOTHING",
        )
        .bind(&d.id)
        .bind(kind)
        .bind(&d.company_code)
        .bind(&d.part_number)
        .bind(format!("{word} {}", d.part_number))
        .bind(serde_json::to_string(&d.zones).unwrap_or_default())
        .bind(serde_json::to_string(&d.owners).unwrap_or_default())
        .bind(d.deployed_at)
        .bind(add_months(d.deployed_at, months))
        .execute(&state.db.pool)
        .await?;
        opened += done.rows_affected() as usize;
    }
    Ok(opened)
}
