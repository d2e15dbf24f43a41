//! What the SWP module keeps (decision 69, the review engine's keeper): a revision made
//! obsolete by the next, and an SWP deleted (removed from the floor or from review), with
//! its files, approvals (columns of its row) and sign records, for the retention years
//! after that day. Past it, `plantdoc retention purge` removes the row, its zone rows and
//! translations, its part's link to it, and the files no other SWP names; an SWP that
//! corrected it keeps its copy of the rejection (date, reviewer, note) and loses only the link.
use plantdoc_core::review::retention::Kept;
use sqlx::any::AnyRow;
use sqlx::Row;

fn label(r: &AnyRow) -> Result<String, sqlx::Error> {
    let revision = r.try_get::<Option<i64>, _>("revision")?;
    let revision = revision.map(|n| n.to_string()).unwrap_or_else(|| "-".into());
    Ok(format!(
        "SWP of part {} ({}) revision {revision}, {}",
        r.try_get::<String, _>("part_number")?,
        r.try_get::<String, _>("company_code")?,
        r.try_get::<String, _>("status")?
    ))
}

pub fn keeper() -> Kept {
    Kept {
        kind: &crate::access::KIND,
        doc_kind: crate::KIND,
        ended:
            "CASE status WHEN 'obsolete' THEN obsolete_date WHEN 'deleted' THEN deleted_date END",
        statuses: "'obsolete', 'deleted'",
        files: &["swc_file", "jes_file", "vis_file", "video_file"],
        label_columns: "part_number, company_code, revision",
        label,
        also: &["UPDATE swp_parts SET current_id = NULL WHERE current_id = $1"],
    }
}
