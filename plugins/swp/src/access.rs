//! Who may do what with SWPs (docs/swp-decisions.md has the table). Deny by default:
//! every handler starts with one of these checks, and the SQL of every list carries the
//! same visibility rule as [`can_see`].
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::AppError;

use crate::model::{Stage, Swp, DELETED};
use crate::store::Q;

/// Console routes: every signed-in user but the kiosk/operators.
pub fn require_staff(u: &User) -> Result<(), AppError> {
    if u.is_operator() {
        Err(AppError::Forbidden("This is not available at the kiosk.".into()))
    } else {
        Ok(())
    }
}

/// Process engineers and process managers upload (the spec's uploaders are process
/// engineers; their manager may upload and, alone, bypass review).
pub fn can_upload(u: &User) -> bool {
    u.department == "process" && (u.position == "engineer" || u.position == "manager")
}

pub fn require_uploader(u: &User) -> Result<(), AppError> {
    if can_upload(u) {
        Ok(())
    } else {
        Err(AppError::Forbidden("Only process engineers and process managers upload SWPs.".into()))
    }
}

/// Whether the user's zones cover every zone of their company: then every SWP of the
/// company is in their zones (uploads only take company zones), and lists skip the
/// per-row zone check.
pub fn covers_company(state: &AppState, u: &User) -> bool {
    let all = state.zones.codes(&u.company_code);
    !all.is_empty() && all.iter().all(|z| u.zones.contains(z))
}

fn zones_overlap(u: &User, swp: &Swp) -> bool {
    swp.zones.iter().any(|z| u.zones.contains(z))
}

/// An SWP is seen by users of its company whose zones overlap its zones, and by its
/// authors. Deleted SWPs are seen by nobody.
pub fn can_see(state: &AppState, u: &User, swp: &Swp) -> bool {
    swp.status != DELETED
        && swp.company_code == u.company_code
        && (swp.is_author(&u.id) || covers_company(state, u) || zones_overlap(u, swp))
}

/// Loads the SWP if the user may see it; 404 otherwise, so that other companies' and
/// zones' SWPs are indistinguishable from missing ones.
pub async fn visible_swp(state: &AppState, u: &User, id: &str) -> Result<Swp, AppError> {
    match crate::store::fetch_one(&state.db, id).await? {
        Some(s) if can_see(state, u, &s) => Ok(s),
        _ => Err(AppError::NotFound),
    }
}

/// The stage a user reviews: managers and supervisors of the process, quality and
/// production departments.
pub fn review_stage(u: &User) -> Option<Stage> {
    if u.position == "manager" || u.position == "supervisor" {
        Stage::from_department(&u.department)
    } else {
        None
    }
}

/// Review needs the stage's department, the SWP's company, overlapping zones (a
/// reviewer's zones must overlap, even a manager's), and not being an author.
pub fn review_denial(u: &User, swp: &Swp) -> Option<&'static str> {
    if review_stage(u).is_none() {
        Some("Only managers and supervisors of the process, quality and production departments review SWPs.")
    } else if swp.is_author(&u.id) {
        Some("Nobody reviews their own SWP.")
    } else if !zones_overlap(u, swp) {
        Some("This SWP is not in your zones.")
    } else {
        None
    }
}

/// Delete and zone edit: an author, or a manager of the company who sees the SWP.
pub fn can_manage(state: &AppState, u: &User, swp: &Swp) -> bool {
    can_see(state, u, swp) && (swp.is_author(&u.id) || u.is_manager())
}

/// Codes outside the core's list of zone codes share this bit (then compared exactly).
pub const OTHER_ZONE_BIT: i64 = 1 << 62;

fn zone_bit(code: &str) -> i64 {
    plantdoc_core::zones::ALL_CODES.iter().position(|c| *c == code).map_or(OTHER_ZONE_BIT, |i| 1 << i)
}

/// The `zone_mask` of a zone list.
pub fn zone_mask<S: AsRef<str>>(zones: &[S]) -> i64 {
    zones.iter().fold(0, |m, z| m | zone_bit(z.as_ref()))
}

/// SQL that is true when `s`'s zones overlap `zones`: one AND on the mask, plus an exact
/// check in swp_zones for codes outside the core's list. Never true for no zones.
pub fn zones_overlap_sql(q: &mut Q, zones: &[String]) -> String {
    let known = zone_mask(zones) & !OTHER_ZONE_BIT;
    let others: Vec<String> = zones.iter().filter(|z| zone_bit(z) == OTHER_ZONE_BIT).cloned().collect();
    let mut parts = Vec::new();
    if known != 0 {
        parts.push(format!("(s.zone_mask & {}) <> 0", q.p(known)));
    }
    if !others.is_empty() {
        parts.push(format!(
            "((s.zone_mask & {}) <> 0 AND EXISTS (SELECT 1 FROM swp_zones z WHERE z.swp_id = s.id AND z.zone IN ({})))",
            q.p(OTHER_ZONE_BIT),
            q.list(others)
        ));
    }
    if parts.is_empty() {
        "1 = 0".into()
    } else {
        format!("({})", parts.join(" OR "))
    }
}

/// The SQL form of [`can_see`] for `FROM swps s` (the status filter is the caller's).
/// Authorship is an `id IN (...)` so it too is answered from the indexes (they end in id).
pub fn visible_sql(state: &AppState, q: &mut Q, u: &User) -> String {
    let company = q.p(u.company_code.clone());
    if covers_company(state, u) {
        return format!("s.company_code = {company}");
    }
    let me = q.p(u.id.clone());
    let zones = zones_overlap_sql(q, &u.zones);
    format!(
        "s.company_code = {company} AND ({zones} OR s.id IN (SELECT a.id FROM swps a WHERE a.owner_id = {me} OR a.on_behalf_id = {me}))"
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn zone_masks_give_each_known_code_its_own_bit() {
        let a1 = zone_mask(&["A1"]);
        let b1 = zone_mask(&["B1"]);
        assert_ne!(a1, b1);
        assert_eq!(zone_mask(&["A1", "B1", "A1"]), a1 | b1);
        assert_eq!(a1 & b1, 0);
        // Codes a plant configures beyond the core's list share one bit...
        assert_eq!(zone_mask(&["X9"]), OTHER_ZONE_BIT);
        assert_eq!(zone_mask(&["X9", "Y7"]), OTHER_ZONE_BIT);
        assert_eq!(zone_mask::<&str>(&[]), 0);
    }

    #[test]
    fn unknown_codes_are_compared_exactly() {
        let mut q = Q::default();
        let sql = zones_overlap_sql(&mut q, &["A1".to_string(), "X9".to_string()]);
        assert_eq!(sql, "((s.zone_mask & $1) <> 0 OR ((s.zone_mask & $2) <> 0 AND EXISTS (SELECT 1 FROM swp_zones z WHERE z.swp_id = s.id AND z.zone IN ($3))))");
        assert_eq!(q.args.len(), 3);
        // ...so a user with none sees no SWP by zone.
        assert_eq!(zones_overlap_sql(&mut Q::default(), &[]), "1 = 0");
    }
}
