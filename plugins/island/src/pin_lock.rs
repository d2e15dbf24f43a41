//! A PIN locked by wrong tries (security decision 92): the fifth wrong try of a person's
//! PIN, at any netbook and on any instance, locks it until a new PIN is set (a manager's
//! one-time PIN, `POST /api/users/pin/issue`). The lock is audited and told, in the same
//! transaction, to the person and to the managers of their company who see the kiosk's
//! zones (`PIN_LOCKED`): someone may be guessing it.
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::auth::pin;
use plantdoc_core::auth::users::{Position, User};
use plantdoc_core::error::AppResult;
use plantdoc_core::events::Event;
use plantdoc_core::people;
use plantdoc_core::text;
use serde_json::json;

use crate::badge::Netbook;

/// Counts a wrong PIN at its `place` among the person's tries; locks at the fifth.
pub async fn wrong(state: &AppState, netbook: &Netbook, who: &User, place: i64) -> AppResult<()> {
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    if !pin::wrong_try(&mut tx, &who.id, place, now).await? {
        return Ok(());
    }
    tracing::warn!(kiosk = %netbook.id, addr = %netbook.addr, person = %who.id, "signature PIN locked after wrong tries");
    let target = format!("user:{}", who.id);
    let why = format!("signature PIN locked after {} wrong tries at the kiosk", pin::MAX_MISSES);
    let entry = AuditEntry::new("island.pin_locked", &target, why)
        .after(json!({"kiosk": netbook.id, "address": netbook.addr.to_string()}));
    audit::append(&mut tx, now, &entry).await?;
    let managers: Vec<String> = people::at_position(&mut tx, &who.company_code, Position::Manager)
        .await?
        .into_iter()
        .map(|u| u.id)
        .collect();
    let event = Event::new(crate::PIN_LOCKED.id, &who.company_code, target)
        .zones(&netbook.zones)
        .to_owners([who.id.clone()])
        .to(managers)
        .data(json!({"title": text!("A signature PIN was locked after 5 wrong tries"), "person": who.id, "name": who.full_name(), "kiosk": netbook.id}));
    state.emit(&mut tx, now, &event).await?;
    tx.commit().await?;
    Ok(())
}
