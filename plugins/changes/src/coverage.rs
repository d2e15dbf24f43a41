//! Readers' coverage of a change request: of the operators who sign at the kiosk (active,
//! badged operators and OJT trainees of the company whose zones meet the request's), the
//! share with a verified signature of every revision deployed under it. A request closes
//! by itself when every zone is live and its coverage reaches `[modules.changes]
//! close_coverage` (a percentage): at the verification that completes it, in that act's
//! transaction, audited.
use plantdoc_core::audit::AuditEntry;
use plantdoc_core::AppResult;
use serde_json::json;
use sqlx::{AnyConnection, Row};

/// `(readers, operators)`: who read every deployed revision, of those who must.
pub async fn of(conn: &mut AnyConnection, request_id: &str) -> Result<(i64, i64), sqlx::Error> {
    let r = sqlx::query("SELECT company_code, zones FROM change_requests WHERE id = $1")
        .bind(request_id)
        .fetch_one(&mut *conn)
        .await?;
    let (company, cr_zones): (String, String) = (r.try_get(0)?, r.try_get(1)?);
    let cr_zones: Vec<String> = serde_json::from_str(&cr_zones).unwrap_or_default();
    let revisions: Vec<String> = sqlx::query(
        "SELECT doc_id FROM change_request_revisions WHERE request_id = $1 AND deployed_at IS NOT NULL",
    )
    .bind(request_id)
    .fetch_all(&mut *conn)
    .await?
    .iter()
    .map(|r| r.try_get::<String, _>(0))
    .collect::<Result<_, _>>()?;
    let operators = plantdoc_core::people::operators_in(&mut *conn, &company, &cr_zones).await?;
    if revisions.is_empty() {
        return Ok((0, operators.len() as i64));
    }
    let mut readers = 0;
    for op in &operators {
        let mut all = true;
        for doc in &revisions {
            let n: i64 = sqlx::query_scalar(
                "SELECT COUNT(*) FROM acknowledgements WHERE doc_id = $1 AND operator_id = $2 AND verified_at IS NOT NULL",
            )
            .bind(doc)
            .bind(op)
            .fetch_one(&mut *conn)
            .await?;
            all &= n > 0;
        }
        readers += i64::from(all);
    }
    Ok((readers, operators.len() as i64))
}

/// The percentage of `(readers, operators)` (100 when nobody must read).
pub fn percent((readers, operators): (i64, i64)) -> i64 {
    if operators == 0 {
        100
    } else {
        readers * 100 / operators
    }
}

/// Closes the approved request if every zone is live and its coverage reaches `threshold`.
pub async fn maybe_close(
    conn: &mut AnyConnection,
    now: i64,
    request_id: &str,
    threshold: u32,
) -> AppResult<()> {
    let waiting: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM change_request_zones WHERE request_id = $1 AND live_at IS NULL",
    )
    .bind(request_id)
    .fetch_one(&mut *conn)
    .await?;
    if waiting > 0 {
        return Ok(());
    }
    let covered = percent(of(conn, request_id).await?);
    if covered < i64::from(threshold) {
        return Ok(());
    }
    let reason = format!("every zone live; readers' coverage {covered} %");
    let done = sqlx::query("UPDATE change_requests SET closed_at = $1, closed_by = 'Change control', close_reason = $2 WHERE id = $3 AND status = 'deployed' AND closed_at IS NULL RETURNING number")
        .bind(now)
        .bind(&reason)
        .bind(request_id)
        .fetch_optional(&mut *conn)
        .await?;
    if let Some(row) = done {
        let number: String = row.try_get(0)?;
        let entry = AuditEntry::new(
            "change.close",
            format!("change:{request_id}"),
            format!("change request {number} closed: {reason}"),
        )
        .by(None, "Change control")
        .before(json!({"state": "approved"}))
        .after(json!({"state": "closed", "coverage": covered}));
        plantdoc_core::audit::append(conn, now, &entry).await?;
    }
    Ok(())
}
