//! Which revision of a part is in force at a kiosk, under change control: a revision
//! deployed under an approved change request that dates its zones reaches a kiosk of zone
//! Z only from that day (UTC); until then the revision it superseded stays in force there
//! (signable, shown), and the new one is neither shown nor signed. With change control off
//! (no `ChangeControl` port) every deployed revision is in force at once, as the spec has it.
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::error::AppResult;
use plantdoc_core::ports::{self, ChangeControl};
use sqlx::Row;

use crate::model::SwpStatus;

/// Whether the deployed revision `doc_id` is held back for `viewer` now.
pub async fn held_back(state: &AppState, viewer: &User, doc_id: &str) -> AppResult<bool> {
    let Some(port) = state.port::<dyn ChangeControl>() else { return Ok(false) };
    let days = port.effective_days(&mut *state.db.reader().await?, doc_id).await?;
    Ok(ports::held_back(&days, &viewer.zones, &ports::day_of(state.now_ms())))
}

/// The part's current revision and the one it superseded (the revision before it), by
/// id: `(current, previous)`.
async fn current_and_previous(
    state: &AppState,
    company: &str,
    part: &str,
) -> AppResult<Option<(String, Option<String>)>> {
    let row = sqlx::query(
        "SELECT cur.id AS cur, (SELECT prev.id FROM swps prev WHERE prev.company_code = cur.company_code \
         AND prev.part_number = cur.part_number AND prev.revision = cur.revision - 1 AND prev.status = 'obsolete') AS prev \
         FROM swp_parts sp JOIN swps cur ON cur.id = sp.current_id WHERE sp.company_code = $1 AND sp.part_number = $2",
    )
    .bind(company)
    .bind(part)
    .fetch_optional(&mut *state.db.reader().await?)
    .await?;
    Ok(match row {
        Some(r) => Some((r.try_get("cur")?, r.try_get("prev")?)),
        None => None,
    })
}

/// Whether the revision `id` (of `part`, in `status`) is in force for `viewer` now: a
/// deployed one not held back, or the superseded one while its successor is held back.
pub async fn in_force(
    state: &AppState,
    viewer: &User,
    id: &str,
    part: &str,
    status: SwpStatus,
) -> AppResult<bool> {
    if state.port::<dyn ChangeControl>().is_none() {
        return Ok(status == SwpStatus::Deployed);
    }
    match status {
        SwpStatus::Deployed => Ok(!held_back(state, viewer, id).await?),
        SwpStatus::Obsolete => match current_and_previous(state, &viewer.company_code, part).await?
        {
            Some((cur, Some(prev))) if prev == id => held_back(state, viewer, &cur).await,
            _ => Ok(false),
        },
        _ => Ok(false),
    }
}

/// Whether the superseded revision `id` of `part` was still in force for `viewer` at `at_ms`
/// under change control: the part's current revision, its successor, held back for them
/// that day (an offline read made then and synced after the day; decision 126).
pub async fn held_over_at(
    state: &AppState,
    viewer: &User,
    id: &str,
    part: &str,
    at_ms: i64,
) -> AppResult<bool> {
    let Some(port) = state.port::<dyn ChangeControl>() else { return Ok(false) };
    match current_and_previous(state, &viewer.company_code, part).await? {
        Some((cur, Some(prev))) if prev == id => {
            let days = port.effective_days(&mut *state.db.reader().await?, &cur).await?;
            Ok(ports::held_back(&days, &viewer.zones, &ports::day_of(at_ms)))
        }
        _ => Ok(false),
    }
}

/// What a kept kiosk answer's key adds under change control: the day, since what is in
/// force moves with it and no change counter says so.
pub fn key_day(state: &AppState) -> String {
    match state.port::<dyn ChangeControl>() {
        Some(_) => ports::day_of(state.now_ms()),
        None => String::new(),
    }
}

/// The console's view of a revision under change control (`zone`, `day` pairs, the days
/// still to come, in the viewer's zones): a deployed one that takes effect later in some
/// zones (`from`), or the one it superseded, which stays in force there until then
/// (`until`). Both empty with change control off.
pub async fn pending_days(
    state: &AppState,
    viewer: &User,
    id: &str,
    part: &str,
    status: SwpStatus,
) -> AppResult<(Vec<(String, String)>, Vec<(String, String)>)> {
    let Some(port) = state.port::<dyn ChangeControl>() else { return Ok(Default::default()) };
    let today = ports::day_of(state.now_ms());
    let pending = |days: Vec<(String, String)>| -> Vec<(String, String)> {
        let mut d: Vec<(String, String)> = days
            .into_iter()
            .filter(|(z, day)| {
                day.as_str() > today.as_str()
                    && (viewer.zones.is_empty() || viewer.zones.contains(z))
            })
            .collect();
        d.sort();
        d
    };
    match status {
        SwpStatus::Deployed => {
            let days = port.effective_days(&mut *state.db.reader().await?, id).await?;
            Ok((pending(days), Vec::new()))
        }
        SwpStatus::Obsolete => match current_and_previous(state, &viewer.company_code, part).await?
        {
            Some((cur, Some(prev))) if prev == id => {
                let days = port.effective_days(&mut *state.db.reader().await?, &cur).await?;
                Ok((Vec::new(), pending(days)))
            }
            _ => Ok(Default::default()),
        },
        _ => Ok(Default::default()),
    }
}
