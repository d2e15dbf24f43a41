//! What the alerts module keeps (decision 69, the review engine's keeper): an alert leaves
//! use at its sunset (a deployed alert past it is expired) or when deleted; it is kept,
//! with its file, approvals (columns of its row) and sign records, for the retention years
//! after that day. Past it, `plantdoc retention purge` removes the row, its zone rows,
//! translations and file; an alert that corrected it keeps its copy of the rejection and
//! loses only the link. The tag counter is kept, so a tag is never given twice.
use plantdoc_core::review::retention::Kept;
use sqlx::any::AnyRow;
use sqlx::Row;

fn label(r: &AnyRow) -> Result<String, sqlx::Error> {
    let status: String = r.try_get("status")?;
    Ok(format!(
        "alert {} of part {} ({}), {}",
        r.try_get::<String, _>("alert_tag")?,
        r.try_get::<String, _>("part_number")?,
        r.try_get::<String, _>("company_code")?,
        if status == "deployed" { "expired" } else { "deleted" }
    ))
}

pub fn keeper() -> Kept {
    Kept {
        kind: &crate::access::KIND,
        doc_kind: crate::KIND,
        ended: "CASE status WHEN 'deployed' THEN sunset_date WHEN 'deleted' THEN deleted_date END",
        statuses: "'deployed', 'deleted'",
        files: &["file_id"],
        label_columns: "alert_tag, part_number, company_code",
        label,
        also: &[],
    }
}
