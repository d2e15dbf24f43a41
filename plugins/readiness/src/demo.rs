//! Demo data for `seed demo` (`make run`): a plant in motion. The module seeds after the
//! modules whose events it hears (the core's seed order), so it follows the demo's real
//! SWPs and alerts, deployed before it: every row names a document a kiosk tap opens
//! (decision 102). An alert's obligations are opened by the listener as it comes in force;
//! an SWP's only for operators trained on the part, and the training matrix seeds later,
//! so the seed opens them for the operators of its zones. The dates are then spread:
//! some overdue, some due soon, some later. None is marked done: a done row is a
//! verified signature, which the demo does not invent.
use plantdoc_core::seed::DEMO_COMPANY;
use plantdoc_core::AppState;
use sqlx::Row;

use crate::store::{self, doc_from_row};
use crate::DAY_MS;

pub async fn seed(state: &AppState) -> anyhow::Result<()> {
    let now = state.now_ms();
    let mut conn = state.db.pool.acquire().await?;
    let swps = sqlx::query("SELECT * FROM readiness_docs WHERE company_code = $1 AND kind = 'swp' AND current = 1 ORDER BY part_number")
        .bind(DEMO_COMPANY)
        .fetch_all(&mut *conn)
        .await?;
    for row in &swps {
        let d = doc_from_row(row)?;
        for op in store::operators_in(&mut conn, &d.company, &d.zones).await? {
            store::open(
                &mut conn,
                now,
                &d,
                &op,
                "new-revision",
                now,
                &format!("new-revision:{op}:{}", d.id),
            )
            .await?;
        }
    }
    let sql = format!(
        "SELECT o.id FROM readiness_obligations o {} \
         WHERE o.company_code = $1 AND o.state = 'open' ORDER BY o.part_number, o.kind, u.op_no",
        plantdoc_core::people::sql::join("u", "o.operator_id")
    );
    let open = sqlx::query(&sql).bind(DEMO_COMPANY).fetch_all(&mut *conn).await?;
    for (i, row) in open.iter().enumerate() {
        let id: String = row.try_get("id")?;
        // 0: overdue, 1: due soon, 2: later.
        let due = match i % 3 {
            0 => now - 2 * DAY_MS,
            1 => now + 2 * DAY_MS,
            _ => now + 6 * DAY_MS,
        };
        sqlx::query(
            "UPDATE readiness_obligations SET created_at = $1, due_date = $2 WHERE id = $3",
        )
        .bind(now - 8 * DAY_MS)
        .bind(due)
        .bind(&id)
        .execute(&mut *conn)
        .await?;
    }
    println!(
        "Reading obligations of the demo's documents: {} open, a third of them overdue.",
        open.len()
    );
    Ok(())
}
