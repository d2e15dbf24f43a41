//! The notices of periodic review, told once each by a conditional UPDATE in the event's
//! transaction: `changes.review-due` to the document's owners `review_notice_days` before
//! its review date, `changes.review-overdue` to them and the company's managers of its
//! zones once the date has passed.
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::Position;
use plantdoc_core::error::AppResult;
use plantdoc_core::events::{Channel, Event, EventKind};
use plantdoc_core::people;
use plantdoc_core::{msg, text};
use serde_json::json;
use sqlx::Row;

use crate::reviews::DAY_MS;

pub(crate) const REVIEW_DUE: EventKind = EventKind::new(
    "changes.review-due",
    text!("A document of yours is due for its periodic review"),
)
.by_default(Channel::Email);
pub(crate) const REVIEW_OVERDUE: EventKind =
    EventKind::new("changes.review-overdue", text!("A document's periodic review is overdue"))
        .by_default(Channel::Email);

/// A periodic review's 'obsolete' verdict, told inside its transaction: the document's
/// module removes it from the floor through its own Delete (the core's
/// `review::RemoveWhenTold`), as the signer, or the verdict is refused with the reason.
pub(crate) const OBSOLETE: EventKind = EventKind::new(
    "changes.obsolete",
    text!("A periodic review found a document obsolete: it left the floor"),
);

/// Opens the reviews of documents on the floor that have none (see
/// `review_store::backfill`), then tells what has come due or overdue; answers how many
/// notices were written.
pub async fn tell_reviews(state: &AppState, notice_days: u32) -> AppResult<usize> {
    crate::reviews::open_missing(state).await?;
    let now = state.now_ms();
    let mut told = 0;
    for overdue in [false, true] {
        let (column, until) = if overdue {
            ("overdue_at", now)
        } else {
            ("notice_at", now + i64::from(notice_days) * DAY_MS)
        };
        if !overdue && notice_days == 0 {
            continue;
        }
        let rows = sqlx::query(&format!(
            "SELECT doc_id, doc_kind, company_code, title, zones, owners, due_at FROM change_reviews \
             WHERE ended_at IS NULL AND {column} IS NULL AND due_at <= $1 ORDER BY due_at, doc_id LIMIT 500"
        ))
        .bind(until)
        .fetch_all(&state.db.pool)
        .await?;
        for r in rows {
            let (id, kind, company, title): (String, String, String, String) = (
                r.try_get("doc_id")?,
                r.try_get("doc_kind")?,
                r.try_get("company_code")?,
                r.try_get("title")?,
            );
            let zones: Vec<String> =
                serde_json::from_str(&r.try_get::<String, _>("zones")?).unwrap_or_default();
            let owners: Vec<String> =
                serde_json::from_str(&r.try_get::<String, _>("owners")?).unwrap_or_default();
            let due: i64 = r.try_get("due_at")?;
            let mut tx = state.db.begin().await?;
            let took = sqlx::query(&format!(
                "UPDATE change_reviews SET {column} = $1 WHERE doc_id = $2 AND {column} IS NULL AND due_at = $3"
            ))
            .bind(now)
            .bind(&id)
            .bind(due)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if took == 1 {
                let day = plantdoc_core::ports::day_of(due);
                let (kind_id, title_text) = if overdue {
                    (REVIEW_OVERDUE.id, msg!("The periodic review of {title} was due on {day}"))
                } else {
                    (REVIEW_DUE.id, msg!("The periodic review of {title} is due on {day}"))
                };
                let data = json!({"title": title_text, "link": "/main/changes?tab=reviews", "docId": id, "kind": kind, "dueAt": due});
                let mut event = Event::new(kind_id, &company, format!("{kind}:{id}"))
                    .zones(zones.clone())
                    .data(data)
                    .to_owners(owners);
                if overdue {
                    let managers: Vec<String> =
                        people::at_position(&mut tx, &company, Position::Manager)
                            .await?
                            .into_iter()
                            .map(|u| u.id)
                            .collect();
                    event = event.to(managers);
                }
                state.emit(&mut tx, now, &event).await?;
                told += 1;
            }
            tx.commit().await?;
        }
    }
    Ok(told)
}
