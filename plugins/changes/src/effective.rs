//! 'A change takes effect in your zone today': on a zone's effective day a task tells the
//! zone's team leads (the company's active supervisors of that zone) once per change
//! request and zone. `told_at` is set by a conditional UPDATE in the transaction that
//! writes the event, so two instances or two ticks never tell it twice; a day missed
//! while the server was down is told at the next tick.
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::Position;
use plantdoc_core::error::AppResult;
use plantdoc_core::events::{Channel, Event, EventKind};
use plantdoc_core::people;
use plantdoc_core::ports::day_of;
use plantdoc_core::{msg, text};
use serde_json::json;
use sqlx::Row;

/// Told on a change request's effective day in a zone: data `{title, link, number, zone,
/// effective}`; mailed by default (team leads brief the line).
pub(crate) const EFFECTIVE: EventKind =
    EventKind::new("changes.effective", text!("A change takes effect in your zone"))
        .by_default(Channel::Email);

/// Tells every zone of an approved change request whose effective day has come and was not
/// told yet; answers how many were told.
pub async fn tell_effective(state: &AppState) -> AppResult<usize> {
    let now = state.now_ms();
    let today = day_of(now);
    let due = sqlx::query(
        "SELECT c.id, c.company_code, c.number, c.title, z.zone, z.effective FROM change_request_zones z \
         JOIN change_requests c ON c.id = z.request_id WHERE c.status = 'deployed' AND z.effective IS NOT NULL \
         AND z.effective <= $1 AND z.told_at IS NULL ORDER BY z.effective, c.id LIMIT 500",
    )
    .bind(&today)
    .fetch_all(&state.db.pool)
    .await?;
    let mut told = 0;
    for r in due {
        let (id, company, zone): (String, String, String) =
            (r.try_get("id")?, r.try_get("company_code")?, r.try_get("zone")?);
        let (number, title, day): (String, String, String) =
            (r.try_get("number")?, r.try_get("title")?, r.try_get("effective")?);
        let mut tx = state.db.begin().await?;
        let took = sqlx::query("UPDATE change_request_zones SET told_at = $1 WHERE request_id = $2 AND zone = $3 AND told_at IS NULL")
            .bind(now)
            .bind(&id)
            .bind(&zone)
            .execute(&mut *tx)
            .await?
            .rows_affected();
        if took == 1 {
            let leads: Vec<String> = people::at_position(&mut tx, &company, Position::Supervisor)
                .await?
                .into_iter()
                .filter(|u| u.zones.contains(&zone))
                .map(|u| u.id)
                .collect();
            let data = json!({"title": msg!("Change request {number} takes effect in {zone} from {day}: {title}"),
                "link": format!("/main/changes?request={number}"), "number": number, "zone": zone, "effective": day});
            let event = Event::new(EFFECTIVE.id, &company, format!("change:{id}"))
                .zones([zone.clone()])
                .data(data)
                .to(leads);
            state.emit(&mut tx, now, &event).await?;
            told += 1;
        }
        tx.commit().await?;
    }
    Ok(told)
}
