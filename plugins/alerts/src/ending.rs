//! 'An alert in force ends soon' (decision 68): a task tells the engineer who uploaded a
//! deployed alert (and the engineer it was uploaded for) `[modules.alerts]
//! ending_notice_days` before its sunset date, once: the alert's `ending_told` is set by a
//! conditional UPDATE in the transaction that writes the event, so two instances or two
//! ticks never tell it twice. An alert deployed inside the window is told at the next tick.
use plantdoc_core::app::AppState;
use plantdoc_core::error::AppResult;
use plantdoc_core::events::{Channel, Event, EventKind};
use plantdoc_core::review::Document;
use plantdoc_core::{msg, text};
use serde_json::json;

use crate::model::{Alert, COLUMNS};

/// Told `ending_notice_days` before a deployed alert's sunset date: data `{title, link,
/// docId, alertTag, partNumber, sunsetDate}`; mailed by default (it asks for an act:
/// extend it with a new alert, or let it end).
pub(crate) const ENDING: EventKind =
    EventKind::new("alerts.ending", text!("An alert in force ends soon"))
        .by_default(Channel::Email);

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// Tells every deployed alert whose sunset date falls within `days` days of now and was
/// not told yet; answers how many were told. `days` 0: nothing.
pub async fn tell_ending(state: &AppState, days: u32) -> AppResult<usize> {
    if days == 0 {
        return Ok(0);
    }
    let now = state.now_ms();
    let sql = format!(
        "SELECT {COLUMNS} FROM alerts a WHERE a.status = 'deployed' AND a.ending_told IS NULL \
         AND a.sunset_date > $1 AND a.sunset_date <= $2 ORDER BY a.sunset_date, a.id LIMIT 500"
    );
    let due: Vec<Alert> = sqlx::query(&sql)
        .bind(now)
        .bind(now + i64::from(days) * DAY_MS)
        .fetch_all(&state.db.pool)
        .await?
        .iter()
        .map(Alert::from_row)
        .collect::<Result<_, _>>()?;
    let mut told = 0;
    for a in due {
        let mut tx = state.db.begin().await?;
        let took =
            sqlx::query("UPDATE alerts SET ending_told = $1 WHERE id = $2 AND ending_told IS NULL")
                .bind(now)
                .bind(&a.id)
                .execute(&mut *tx)
                .await?
                .rows_affected();
        if took == 1 {
            let left = ((a.sunset_date - now) + DAY_MS - 1) / DAY_MS;
            let (tag, part) = (&a.alert_tag, &a.part_number);
            let title = if left <= 1 {
                msg!("Your alert {tag} for part {part} ends within a day")
            } else {
                msg!("Your alert {tag} for part {part} ends in {left} days")
            };
            let data = json!({"title": title, "link": format!("/main/alerts?tab=my-approved&alert={}", a.id), "docId": a.id,
                "alertTag": a.alert_tag, "partNumber": a.part_number, "sunsetDate": a.sunset_date});
            let owners = std::iter::once(a.owner_id.clone()).chain(a.on_behalf_id.clone());
            let event = Event::new(ENDING.id, &a.company_code, format!("alert:{}", a.id))
                .zones(&a.zones)
                .data(data)
                .to_owners(owners);
            state.emit(&mut tx, now, &event).await?;
            told += 1;
        }
        tx.commit().await?;
    }
    Ok(told)
}
