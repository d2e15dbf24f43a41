//! What the alerts module keeps (decision 69, `plantdoc_core::retention`): an alert leaves use at
//! its sunset (a deployed alert past it is expired) or when deleted; it is kept, with its file,
//! approvals (columns of its row) and sign records, for the retention years after that day. Past
//! it, `plantdoc retention purge` removes the row, its zone rows and its file; an alert that
//! corrected it keeps its copy of the rejection and loses only the link. The tag counter is kept,
//! so a tag is never given twice.
use plantdoc_core::app::AppState;
use plantdoc_core::ports::async_trait;
use plantdoc_core::retention::{Expired, Keeper};
use sqlx::{AnyConnection, Row};

/// The alert's end of use, as SQL over `alerts` (NULL while pending or rejected).
const ENDED: &str =
    "CASE status WHEN 'deployed' THEN sunset_date WHEN 'deleted' THEN deleted_date END";

pub struct Keep;

#[async_trait]
impl Keeper for Keep {
    async fn expired(&self, state: &AppState, horizon_ms: i64) -> anyhow::Result<Vec<Expired>> {
        let sql = format!(
            "SELECT id, alert_tag, part_number, company_code, status, file_id, {ENDED} AS ended FROM alerts \
             WHERE status IN ('deployed', 'deleted') AND {ENDED} < $1 ORDER BY {ENDED}, id"
        );
        let mut out = Vec::new();
        for r in sqlx::query(&sql).bind(horizon_ms).fetch_all(&state.db.pool).await? {
            let id: String = r.try_get("id")?;
            let file: String = r.try_get("file_id")?;
            let shared: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM alerts WHERE id <> $1 AND file_id = $2")
                    .bind(&id)
                    .bind(&file)
                    .fetch_one(&state.db.pool)
                    .await?;
            let status: String = r.try_get("status")?;
            let label = format!(
                "alert {} of part {} ({}), {}",
                r.try_get::<String, _>("alert_tag")?,
                r.try_get::<String, _>("part_number")?,
                r.try_get::<String, _>("company_code")?,
                if status == "deployed" { "expired" } else { "deleted" }
            );
            let mut files = if shared == 0 { vec![file] } else { Vec::new() };
            // Its translations' files are its own, superseded ones too (decision 95).
            let own = plantdoc_core::review::translations::retained_files(
                &mut *state.db.pool.acquire().await?,
                crate::KIND,
                &id,
            )
            .await?;
            files.extend(own);
            out.push(Expired {
                kind: crate::KIND,
                target: format!("alert:{id}"),
                id,
                ended_ms: r.try_get("ended")?,
                label,
                files,
            });
        }
        Ok(out)
    }

    async fn remove(
        &self,
        conn: &mut AnyConnection,
        item: &Expired,
        horizon_ms: i64,
    ) -> anyhow::Result<bool> {
        // The row goes last, re-checked: when it no longer qualifies (a sunset moved) the
        // caller's transaction is dropped, undoing the rest.
        sqlx::query("UPDATE alerts SET corrects_id = NULL WHERE corrects_id = $1")
            .bind(&item.id)
            .execute(&mut *conn)
            .await?;
        sqlx::query("DELETE FROM alert_zones WHERE alert_id = $1")
            .bind(&item.id)
            .execute(&mut *conn)
            .await?;
        plantdoc_core::review::translations::purge(&mut *conn, crate::KIND, &item.id).await?;
        let sql = format!("DELETE FROM alerts WHERE id = $1 AND status IN ('deployed', 'deleted') AND {ENDED} < $2");
        let done = sqlx::query(&sql).bind(&item.id).bind(horizon_ms).execute(&mut *conn).await?;
        Ok(done.rows_affected() == 1)
    }
}
