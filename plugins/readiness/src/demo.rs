//! Demo data for `seed demo` (`make run`): a plant in motion. The module's seed runs
//! before the SWPs' and alerts' (modules seed in id order, and it names neither), so it
//! follows documents of its own (`demo:<part>`) on the demo parts, and gives each
//! operator some obligations overdue, some due soon, some later and some done.
use plantdoc_core::seed::{DEMO_COMPANY, DEMO_OPERATORS, DEMO_PARTS};
use plantdoc_core::AppState;
use sqlx::Row;

use crate::store::{self, Doc};
use crate::DAY_MS;

pub async fn seed(state: &AppState) -> anyhow::Result<()> {
    let now = state.now_ms();
    let zones = state.zones.codes(DEMO_COMPANY);
    let mut conn = state.db.pool.acquire().await?;
    for (i, (pn, _)) in DEMO_PARTS.iter().take(6).enumerate() {
        let part_id: String = sqlx::query("SELECT id FROM parts WHERE company_code = $1 AND part_number = $2")
            .bind(DEMO_COMPANY)
            .bind(pn)
            .fetch_one(&mut *conn)
            .await?
            .try_get("id")?;
        let alert = i == 5;
        let d = Doc {
            id: format!("demo:{pn}"),
            kind: if alert { "alert" } else { "swp" }.into(),
            company: DEMO_COMPANY.into(),
            part_number: pn.to_string(),
            part_id,
            revision: (!alert).then_some(1 + i as i64 % 3),
            alert_tag: alert.then(|| "Q-2026-0009".to_string()),
            version_hash: format!("demo-{pn}"),
            zones: zones.iter().skip(i % 2).take(2).cloned().collect(),
            effective: now - 10 * DAY_MS,
            ends_at: alert.then_some(now + 20 * DAY_MS),
        };
        store::follow(&mut conn, &d, true).await?;
        for (j, (_, _, _, op_no)) in DEMO_OPERATORS.iter().enumerate() {
            let op: String = sqlx::query("SELECT id FROM users WHERE company_code = $1 AND op_no = $2")
                .bind(DEMO_COMPANY)
                .bind(op_no)
                .fetch_one(&mut *conn)
                .await?
                .try_get("id")?;
            let reason = if alert {
                "new-alert"
            } else if (i + j) % 5 == 4 {
                "expiring"
            } else {
                "new-revision"
            };
            // 0: overdue, 1: due soon, 2: later, 3 and 4: done.
            let (due, done) = match (i + j) % 5 {
                0 => (now - 2 * DAY_MS, None),
                1 => (now + 2 * DAY_MS, None),
                2 => (now + 6 * DAY_MS, None),
                k => (now - DAY_MS, Some(now - (k as i64) * DAY_MS)),
            };
            store::open(&mut conn, now - 8 * DAY_MS, &d, &op, reason, due, &format!("{reason}:{op}:{}", d.id)).await?;
            if let Some(t) = done {
                store::close(&mut conn, &op, &d.id, &d.version_hash, t).await?;
            }
        }
    }
    Ok(())
}
