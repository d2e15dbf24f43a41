//! 'Readings overdue in your zone' (decision 68): open obligations that passed their due
//! date are counted once, in the zones of the document the operator works in, and the supervisors and managers who see that zone are
//! told (a daily digest by default). Each obligation's `overdue_told` is set in the
//! transaction that writes the events, so a reading is never counted twice.
use plantdoc_core::{msg, text};
use std::collections::BTreeMap;

use plantdoc_core::auth::users::{Position, User};
use plantdoc_core::events::{Channel, Event, EventKind};
use plantdoc_core::people;
use plantdoc_core::{AppResult, AppState};
use serde_json::json;
use sqlx::Row;

/// Told when readings of a zone became overdue: subject `zone:<zone>`, data `{title, link,
/// zone, count}`.
pub(crate) const OVERDUE: EventKind =
    EventKind::new("readiness.overdue", text!("Readings overdue in your zone"))
        .by_default(Channel::Digest);

/// Counts the open obligations overdue at the app's clock and not counted yet, per
/// company and zone, and tells each zone's supervisors and managers. Answers the number
/// of obligations counted.
pub async fn tell_overdue(state: &AppState) -> AppResult<usize> {
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let marked =
        sqlx::query("UPDATE readiness_obligations SET overdue_told = $1 WHERE state = 'open' AND overdue_told IS NULL AND due_date < $1")
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
    if marked == 0 {
        return Ok(0);
    }
    let sql = format!(
        "SELECT o.company_code, o.zones, u.zones AS op_zones FROM readiness_obligations o {} \
         WHERE o.overdue_told = $1 AND o.state = 'open'",
        people::sql::join("u", "o.operator_id")
    );
    let rows = sqlx::query(&sql).bind(now).fetch_all(&mut *tx).await?;
    let mut counts: BTreeMap<(String, String), i64> = BTreeMap::new();
    for r in &rows {
        let company: String = r.try_get("company_code")?;
        let list = |col: &str| -> Result<Vec<String>, sqlx::Error> {
            Ok(serde_json::from_str(&r.try_get::<String, _>(col)?).unwrap_or_default())
        };
        // The document's zones the operator works in: where the reading is missed.
        let op_zones = list("op_zones")?;
        for z in list("zones")?.into_iter().filter(|z| op_zones.contains(z)) {
            *counts.entry((company.clone(), z)).or_default() += 1;
        }
    }
    let leads: Vec<User> =
        people::leads(&mut tx, &[Position::Supervisor, Position::Manager]).await?;
    for ((company, zone), n) in counts {
        let zones = [zone.clone()];
        let to = leads.iter().filter(|u| {
            plantdoc_core::notify::may_see(state, &u.company_code, &u.zones, &company, &zones)
        });
        let title = if n == 1 {
            msg!("1 reading overdue in zone {zone}")
        } else {
            msg!("{n} readings overdue in zone {zone}")
        };
        let data = json!({"title": title, "link": format!("/main/readiness?zone={zone}&state=overdue"), "zone": zone, "count": n});
        let e = Event::new(OVERDUE.id, &company, format!("zone:{zone}"))
            .zones(zones.clone())
            .data(data)
            .to(to.map(|u| u.id.clone()));
        state.emit(&mut tx, now, &e).await?;
    }
    tx.commit().await?;
    Ok(rows.len())
}
