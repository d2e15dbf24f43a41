//! The time-driven obligations, in one transaction per tick at the app's clock:
//! - an alert whose effective date came: every active operator of its zones must read
//!   it, due at its effective date;
//! - an alert past its sunset: its open obligations are void;
//! - a verified signature of a current SWP version (the operator's newest) that
//!   reached `renew_days_before` days before its 90-day expiry: the operator must read
//!   it again by the expiry (`expiring`, once per sign record).
use plantdoc_core::acks::SIGNS_AS_OPERATOR_SQL;
use plantdoc_core::{db::Params, zones, AppResult, AppState};
use sqlx::Row;

use crate::store::{self, doc_from_row};
use crate::{ReadinessState, DAY_MS, VALIDITY_MS};

const DOC_COLUMNS: &str =
    "d.doc_id, d.kind, d.company_code, d.part_number, d.part_id, d.revision, d.alert_tag, d.version_hash, d.zones, d.effective_date, d.ends_at";

pub async fn tick(state: &AppState, now: i64) -> AppResult<u64> {
    let renew = state.get::<ReadinessState>().settings.renew_days_before * DAY_MS;
    let mut tx = state.db.begin().await?;
    let mut changed = 0;
    // Alerts that came in force.
    let sql = format!("SELECT {DOC_COLUMNS} FROM readiness_docs d WHERE d.started = 0 AND d.current = 1 AND d.effective_date <= $1");
    let waiting = sqlx::query(&sql).bind(now).fetch_all(&mut *tx).await?;
    for r in &waiting {
        let d = doc_from_row(r)?;
        sqlx::query("UPDATE readiness_docs SET started = 1 WHERE doc_id = $1")
            .bind(&d.id)
            .execute(&mut *tx)
            .await?;
        crate::listen::alert_started(&mut tx, now, &d, d.effective).await?;
        changed += 1;
    }
    // Alerts past their sunset.
    let mut q = Params::default();
    let f = format!("kind = 'alert' AND ends_at <= {}", q.add(now));
    changed += store::void_where(&mut tx, q, &f, "sunset", now).await?;
    sqlx::query("UPDATE readiness_docs SET current = 0 WHERE kind = 'alert' AND current = 1 AND ends_at <= $1")
        .bind(now)
        .execute(&mut *tx)
        .await?;
    // Signatures in their renewal window (or expired within the window's length, when
    // the task did not run then).
    let sql = format!(
        "SELECT {DOC_COLUMNS}, a.id AS rec, a.operator_id, a.signed_at, u.zones AS op_zones FROM readiness_docs d \
         JOIN acknowledgements a ON a.doc_kind = 'swp' AND a.doc_id = d.doc_id AND a.version_hash = d.version_hash \
         {people} \
         WHERE d.kind = 'swp' AND d.current = 1 AND a.verified_at IS NOT NULL AND a.signed_at <= $1 AND a.signed_at > $2 \
         AND u.company_code = d.company_code AND {SIGNS_AS_OPERATOR_SQL} \
         AND NOT EXISTS (SELECT 1 FROM acknowledgements b WHERE b.doc_kind = 'swp' AND b.doc_id = a.doc_id \
           AND b.version_hash = a.version_hash AND b.operator_id = a.operator_id AND b.verified_at IS NOT NULL AND b.signed_at > a.signed_at)",
        people = plantdoc_core::people::sql::join("u", "a.operator_id")
    );
    let rows = sqlx::query(&sql)
        .bind(now - (VALIDITY_MS - renew))
        .bind(now - VALIDITY_MS - renew)
        .fetch_all(&mut *tx)
        .await?;
    for r in &rows {
        let d = doc_from_row(r)?;
        let op_zones: Vec<String> =
            serde_json::from_str(&r.try_get::<String, _>("op_zones")?).unwrap_or_default();
        if !zones::overlap(&op_zones, &d.zones) {
            continue;
        }
        let (rec, op, signed): (String, String, i64) =
            (r.try_get("rec")?, r.try_get("operator_id")?, r.try_get("signed_at")?);
        if store::open(
            &mut tx,
            now,
            &d,
            &op,
            "expiring",
            signed + VALIDITY_MS,
            &format!("expiring:{rec}"),
        )
        .await?
        {
            changed += 1;
        }
    }
    tx.commit().await?;
    Ok(changed)
}
