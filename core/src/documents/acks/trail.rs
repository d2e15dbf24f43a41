//! The auditor's trail of sign records: every record of a part's documents, of every
//! version, both acts with their meanings and modes, read one page at a time.
use super::*;

/// One sign record as the auditor's file shows it (decisions 63 and 84): both acts with
/// their printed names, times, meanings and modes, on whichever version they bind.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SignAct {
    pub record: SignRecord,
    pub sign_meaning: String,
    pub sign_mode: String,
    pub verify_meaning: Option<String>,
    pub verify_mode: Option<String>,
    /// The files the operator was shown (JSON, [`set_read_files`]), if the kiosk said.
    pub read_files: Option<String>,
}

/// Every sign record of the documents, of every version, oldest first, one page at a
/// time: at most `limit` records after `after` (the last page's last `(signed_at, id)`);
/// `from_ms..to_ms` bounds the operator's signing time. The auditor's file reads a
/// part's trail page by page, never whole (decision 96).
pub async fn trail_page(
    db: &Db,
    kind: DocKind,
    doc_ids: &[String],
    (from_ms, to_ms): (i64, i64),
    after: Option<&(i64, String)>,
    limit: usize,
) -> Result<Vec<SignAct>, sqlx::Error> {
    let mut out = Vec::new();
    // One document at a time: its index gives the order, and LIMIT stops the read
    // (an IN list would sort every record of the part again for each page).
    for doc in doc_ids {
        let mut q = Params::default();
        let k = q.add(kind.as_str());
        let doc = q.add(doc.clone());
        let (from, to) = (q.add(from_ms), q.add(to_ms));
        let past = match after {
            Some((at, id)) => {
                // A range on the index's time (then the ties), not an OR it cannot use.
                let (at_or_later, same, id) = (q.add(*at), q.add(*at), q.add(id.clone()));
                format!(
                    " AND signed_at >= {at_or_later} AND NOT (signed_at = {same} AND id <= {id})"
                )
            }
            None => String::new(),
        };
        let sql = format!(
            "SELECT {COLUMNS}, sign_meaning, verify_meaning, read_files FROM acknowledgements \
             WHERE doc_kind = {k} AND doc_id = {doc} AND signed_at >= {from} AND signed_at < {to}{past} ORDER BY signed_at, id LIMIT {limit}"
        );
        for r in q.query(&sql).fetch_all(&db.pool).await? {
            out.push(SignAct {
                record: SignRecord::from_row(&r)?,
                sign_meaning: r.try_get("sign_meaning")?,
                sign_mode: r.try_get("sign_mode")?,
                verify_meaning: r.try_get("verify_meaning")?,
                verify_mode: r.try_get("verify_mode")?,
                read_files: r.try_get("read_files")?,
            });
        }
    }
    out.sort_by(|a, b| (a.record.signed_at, &a.record.id).cmp(&(b.record.signed_at, &b.record.id)));
    out.truncate(limit);
    Ok(out)
}
