//! A zone's PIN sheet (badge + PIN rollout, decision 100): a manager gives every operator
//! and OJT of one of their zones a one-time PIN at once, for a printed sheet handed out on
//! the floor. Same rule as one person's (`pin::issue`): a manager, people of their own
//! company, and here a zone of their own. The PINs are hashed first, then stored in one
//! transaction with an audit row and a notification per person; the sheet is answered
//! once and never stored in clear.
use axum::extract::State;
use axum::Json as Reply;
use plantdoc_core::auth::users::{Position, User};
use plantdoc_core::auth::{password, pin, CurrentUser};
use plantdoc_core::error::Json;
use plantdoc_core::text;
use plantdoc_core::{AppError, AppResult, AppState};
use serde::{Deserialize, Serialize};

use crate::access::{self, NOT_MANAGER};
use crate::store;

/// The most people one sheet gives PINs to (each is an argon2id hash).
pub const MAX_SHEET: usize = 200;

pub const CHOOSE_ZONE: &str = text!("Please choose a zone.");
pub const NOT_YOUR_ZONE: &str = text!("You can issue PINs only for the zones you are assigned to.");
pub const NOBODY: &str = text!("There are no operators in this zone.");
pub const TOO_MANY: &str =
    text!("This zone has too many operators for one sheet. Please issue their PINs one by one.");

#[derive(Deserialize, utoipa::ToSchema)]
pub struct ZoneBody {
    #[serde(default)]
    zone: String,
}

/// The sheet: a line per person, by name.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Sheet {
    zone: String,
    pins: Vec<SheetLine>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SheetLine {
    name: String,
    #[schema(required = true)]
    op_no: Option<String>,
    pin: String,
}

/// Who is on a zone's sheet: its operators and OJT (they sign at the kiosk), not a
/// netbook's account, not the manager.
pub fn on_sheet(u: &User, me: &User, zone: &str) -> bool {
    matches!(u.position, Position::Operator | Position::Ojt)
        && !u.kiosk
        && !u.disabled
        && u.id != me.id
        && u.company_code == me.company_code
        && u.zones.iter().any(|z| z == zone)
}

/// `POST /api/users/pin/issue-zone {zone}`: one-time PINs for every operator of one of the
/// manager's zones, answered once as `{zone, pins: [{name, opNo, pin}]}`.
pub async fn issue_zone(
    State(state): State<AppState>,
    me: CurrentUser,
    Json(b): Json<ZoneBody>,
) -> AppResult<Reply<Sheet>> {
    if !access::may_administer(&me) {
        return Err(AppError::Forbidden(NOT_MANAGER.into()));
    }
    let zone = b.zone.trim();
    if zone.is_empty() {
        return Err(AppError::field("zone", CHOOSE_ZONE));
    }
    if !me.zones.iter().any(|z| z == zone) {
        return Err(AppError::field("zone", NOT_YOUR_ZONE));
    }
    let mut conn = state.db.pool.acquire().await?;
    let people: Vec<User> = store::active(&mut conn, Some(&me.company_code))
        .await?
        .into_iter()
        .filter(|u| on_sheet(u, &me, zone))
        .collect();
    drop(conn);
    if people.is_empty() {
        return Err(AppError::field("zone", NOBODY));
    }
    if people.len() > MAX_SHEET {
        return Err(AppError::field("zone", TOO_MANY));
    }
    // Hashed before the transaction opens: it holds no connection while argon2 works.
    let mut lines = Vec::with_capacity(people.len());
    let mut hashes = Vec::with_capacity(people.len());
    for u in &people {
        let one_time = pin::one_time();
        hashes.push(password::hash(&state, &one_time).await?);
        lines.push(SheetLine { name: u.full_name(), op_no: u.op_no.clone(), pin: one_time });
    }
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    for (u, hash) in people.iter().zip(&hashes) {
        pin::set_in(&mut tx, u, hash, pin::SetBy::Manager(&me), now).await?;
        state.emit(&mut tx, now, &crate::pin::issued(u, &me)).await?;
    }
    tx.commit().await?;
    Ok(Reply(Sheet { zone: zone.to_string(), pins: lines }))
}

#[cfg(test)]
mod tests {
    use super::*;
    use plantdoc_core::auth::users::Department;

    #[test]
    fn a_sheet_has_the_zones_operators_and_ojt_of_the_managers_company() {
        let me =
            User::sketch("boss", "mpk", Position::Manager, Department::Production, &["A1", "B2"]);
        let person = |id: &str, company: &str, position: Position, zones: &[&str]| {
            User::sketch(id, company, position, Department::Production, zones)
        };
        assert!(on_sheet(&person("op", "mpk", Position::Operator, &["A1"]), &me, "A1"));
        assert!(on_sheet(&person("ojt", "mpk", Position::Ojt, &["C1", "A1"]), &me, "A1"));
        assert!(
            !on_sheet(&person("op", "mpk", Position::Operator, &["B2"]), &me, "A1"),
            "another zone"
        );
        assert!(
            !on_sheet(&person("op", "umw", Position::Operator, &["A1"]), &me, "A1"),
            "another company"
        );
        assert!(
            !on_sheet(&person("sup", "mpk", Position::Supervisor, &["A1"]), &me, "A1"),
            "staff"
        );
        let mut netbook = person("kiosk", "mpk", Position::Operator, &["A1"]);
        netbook.kiosk = true;
        assert!(!on_sheet(&netbook, &me, "A1"), "a netbook's account");
        let mut gone = person("op", "mpk", Position::Operator, &["A1"]);
        gone.disabled = true;
        assert!(!on_sheet(&gone, &me, "A1"), "disabled");
    }
}
