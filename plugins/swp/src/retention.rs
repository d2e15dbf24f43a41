//! What the SWP module keeps (decision 69, `plantdoc_core::retention`): a revision
//! made obsolete by the next, and an SWP deleted (removed from the floor or from review),
//! with its files, approvals (columns of its row) and sign records, for the retention
//! years after that day. Past it, `plantdoc retention purge` removes the row, its zone
//! rows and translations, and the files no other SWP names; an SWP that corrected it keeps its copy of
//! the rejection (date, reviewer, note) and loses only the link.
use plantdoc_core::app::AppState;
use plantdoc_core::ports::async_trait;
use plantdoc_core::retention::{Expired, Keeper};
use sqlx::{AnyConnection, Row};

/// The SWP's end of use, as SQL over `swps` (NULL while in use).
const ENDED: &str =
    "CASE status WHEN 'obsolete' THEN obsolete_date WHEN 'deleted' THEN deleted_date END";

pub struct Keep;

#[async_trait]
impl Keeper for Keep {
    async fn expired(&self, state: &AppState, horizon_ms: i64) -> anyhow::Result<Vec<Expired>> {
        let sql = format!(
            "SELECT id, part_number, company_code, revision, status, swc_file, jes_file, vis_file, video_file, {ENDED} AS ended \
             FROM swps WHERE status IN ('obsolete', 'deleted') AND {ENDED} < $1 ORDER BY {ENDED}, id"
        );
        let mut out = Vec::new();
        for r in sqlx::query(&sql).bind(horizon_ms).fetch_all(&state.db.pool).await? {
            let id: String = r.try_get("id")?;
            let mut files: Vec<String> = Vec::new();
            for col in ["swc_file", "jes_file", "vis_file", "video_file"] {
                let Some(f) = r.try_get::<Option<String>, _>(col)? else { continue };
                let shared: i64 = sqlx::query_scalar(
                    "SELECT COUNT(*) FROM swps WHERE id <> $1 AND (swc_file = $2 OR jes_file = $2 OR vis_file = $2 OR video_file = $2)",
                )
                .bind(&id)
                .bind(&f)
                .fetch_one(&state.db.pool)
                .await?;
                if shared == 0 {
                    files.push(f);
                }
            }
            // Its translations' files are its own, superseded ones too (decision 95).
            let own = plantdoc_core::review::translations::retained_files(
                &mut *state.db.pool.acquire().await?,
                crate::KIND,
                &id,
            )
            .await?;
            files.extend(own);
            let revision = r
                .try_get::<Option<i64>, _>("revision")?
                .map(|n| n.to_string())
                .unwrap_or_else(|| "-".into());
            let label = format!(
                "SWP of part {} ({}) revision {revision}, {}",
                r.try_get::<String, _>("part_number")?,
                r.try_get::<String, _>("company_code")?,
                r.try_get::<String, _>("status")?
            );
            out.push(Expired {
                kind: crate::KIND,
                target: format!("swp:{id}"),
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
        // The row goes last, re-checked (obsolete and deleted are final states): when it
        // no longer qualifies the caller's transaction is dropped, undoing the rest.
        sqlx::query("UPDATE swps SET corrects_id = NULL WHERE corrects_id = $1")
            .bind(&item.id)
            .execute(&mut *conn)
            .await?;
        sqlx::query("UPDATE swp_parts SET current_id = NULL WHERE current_id = $1")
            .bind(&item.id)
            .execute(&mut *conn)
            .await?;
        sqlx::query("DELETE FROM swp_zones WHERE swp_id = $1")
            .bind(&item.id)
            .execute(&mut *conn)
            .await?;
        plantdoc_core::review::translations::purge(&mut *conn, crate::KIND, &item.id).await?;
        let sql = format!(
            "DELETE FROM swps WHERE id = $1 AND status IN ('obsolete', 'deleted') AND {ENDED} < $2"
        );
        let done = sqlx::query(&sql).bind(&item.id).bind(horizon_ms).execute(&mut *conn).await?;
        Ok(done.rows_affected() == 1)
    }
}
