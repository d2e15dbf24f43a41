//! `expiring_notice_days`: a level whose `validUntil` falls within that many days (or has
//! passed unnoticed) is told once per level set to the supervisors who see the matrix's
//! zone (the operator's team lead and supervisor), as `training.expiring` (a digest by
//! default). `training_expiry_told` is written in the transaction that emits the events,
//! so a level set is never told twice; setting it again starts a new validity.
use plantdoc_core::auth::users::{Position, User};
use plantdoc_core::events::{Channel, Event, EventKind};
use plantdoc_core::people;
use plantdoc_core::{msg, text};
use plantdoc_core::{AppResult, AppState};
use serde_json::json;
use sqlx::Row;

use crate::effective::{day, plus_months, DAY_MS};
use crate::TrainingState;

/// Subject `training:<zone>:<op id>:<part number>`, data `{title, link, opId,
/// partNumber, validUntil}`.
pub(crate) const EXPIRING: EventKind =
    EventKind::new("training.expiring", text!("A training level expires soon"))
        .by_default(Channel::Digest);

/// Tells the levels expiring within `expiring_notice_days` not told yet; answers how
/// many were told. Nothing while that or `level_valid_months` is 0.
pub async fn tell_expiring(state: &AppState) -> AppResult<usize> {
    let s = &state.get::<TrainingState>().settings;
    let (Ok(months), notice) = (u32::try_from(s.level_valid_months), s.expiring_notice_days) else {
        return Ok(0);
    };
    if months == 0 || notice <= 0 {
        return Ok(0);
    }
    let now = state.now_ms();
    let horizon = now + notice * DAY_MS;
    // A month has at least 28 days: a bound the index can use; exact below.
    let cut = horizon - i64::from(months) * 28 * DAY_MS;
    let mut tx = state.db.begin().await?;
    let sql = format!(
        "SELECT b.part_row, b.op_row, b.updated_at, p.company_code, p.shift, p.cell, p.zone, c.part_number, o.op_id, u.op_no, u.firstname, u.lastname \
         FROM training_blocks b JOIN training_parts p ON p.id = b.part_row JOIN training_ops o ON o.id = b.op_row \
         JOIN parts c ON c.id = p.part_id {} \
         LEFT JOIN training_expiry_told t ON t.part_row = b.part_row AND t.op_row = b.op_row AND t.set_at = b.updated_at \
         WHERE b.squares >= 1 AND b.updated_at <= $1 AND t.part_row IS NULL AND u.disabled = 0",
        people::sql::join("u", "o.op_id")
    );
    let rows = sqlx::query(&sql).bind(cut).fetch_all(&mut *tx).await?;
    let leads: Vec<User> = people::leads(&mut tx, &[Position::Supervisor]).await?;
    let mut told = 0;
    for r in &rows {
        let set_at: i64 = r.try_get("updated_at")?;
        let until = plus_months(set_at, months);
        if until > horizon {
            continue;
        }
        let (part_row, op_row): (String, String) = (r.try_get("part_row")?, r.try_get("op_row")?);
        sqlx::query(
            "INSERT INTO training_expiry_told (part_row, op_row, set_at) VALUES ($1, $2, $3)",
        )
        .bind(&part_row)
        .bind(&op_row)
        .bind(set_at)
        .execute(&mut *tx)
        .await?;
        let company: String = r.try_get("company_code")?;
        let (shift, cell, z): (i64, String, i64) =
            (r.try_get("shift")?, r.try_get("cell")?, r.try_get("zone")?);
        let zone = format!("{cell}{z}");
        let zones = [zone.clone()];
        let (part, op_id): (String, String) = (r.try_get("part_number")?, r.try_get("op_id")?);
        let op_no = r.try_get::<Option<String>, _>("op_no")?.unwrap_or_default();
        let name = format!(
            "{} {}",
            r.try_get::<String, _>("firstname")?,
            r.try_get::<String, _>("lastname")?
        );
        let date = day(until);
        let title = msg!("The training of {op_no} {name} on {part} expires on {date}");
        let link = format!("/main/training?shift={shift}&cell={cell}&zone={z}&gaps=1");
        let to = leads.iter().filter(|u| {
            plantdoc_core::notify::may_see(state, &u.company_code, &u.zones, &company, &zones)
        });
        let e = Event::new(EXPIRING.id, &company, format!("training:{zone}:{op_id}:{part}"))
            .zones(zones.clone())
            .data(json!({"title": title, "link": link, "opId": op_id, "partNumber": part, "validUntil": plantdoc_core::clock::iso(until)}))
            .to(to.map(|u| u.id.clone()));
        state.emit(&mut tx, now, &e).await?;
        told += 1;
    }
    tx.commit().await?;
    Ok(told)
}
