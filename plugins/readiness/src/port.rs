//! The `ReadingObligations` port: a document's open and overdue reading obligations, for
//! another module's evidence (change control's periodic review).
use plantdoc_core::ports::{async_trait, ReadingObligations, Readings};
use plantdoc_core::{AppResult, AppState};
use sqlx::Row;

pub struct Port;

#[async_trait]
impl ReadingObligations for Port {
    async fn of_doc(&self, state: &AppState, doc_id: &str, now: i64) -> AppResult<Readings> {
        let r = sqlx::query(
            "SELECT COALESCE(SUM(CASE WHEN due_date < $2 THEN 1 ELSE 0 END), 0) AS overdue, COUNT(*) AS open \
             FROM readiness_obligations WHERE doc_id = $1 AND state = 'open'",
        )
        .bind(doc_id)
        .bind(now)
        .fetch_one(&state.db.pool)
        .await?;
        let (overdue, open): (i64, i64) = (r.try_get("overdue")?, r.try_get("open")?);
        Ok(Readings { open: open - overdue, overdue })
    }
}
