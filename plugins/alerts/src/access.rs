//! Who may do what with alerts (plugins/alerts/README.md has the table): pure rules over the user
//! and the alert, with a table-driven test. Deny by default: every handler applies one
//! of these, and every list's SQL (store::visible_sql) carries the rule of [`can_see`].
use plantdoc_core::auth::users::{Department, Position, User};
use plantdoc_core::zones::{self, Zones};
use plantdoc_core::AppError;

use crate::model::{Alert, Stage, Status};

/// Process engineers and process managers upload alerts (as SWPs).
pub fn can_upload(u: &User) -> bool {
    u.department == Department::Process && matches!(u.position, Position::Engineer | Position::Manager)
}

pub fn require_uploader(u: &User) -> Result<(), AppError> {
    if can_upload(u) {
        Ok(())
    } else {
        Err(AppError::Forbidden("Only process engineers and process managers upload alerts.".into()))
    }
}

/// An alert is seen by users of its company whose zones overlap its zones, and by its
/// authors. Deleted alerts are seen by nobody.
pub fn can_see(zones: &Zones, u: &User, a: &Alert) -> bool {
    a.status != Status::Deleted
        && a.company_code == u.company_code
        && (a.is_author(&u.id) || zones.covers_company(&u.company_code, &u.zones) || zones::overlap(&u.zones, &a.zones))
}

/// The stage a user reviews: engineers of the process and quality departments the
/// engineer stage; managers of the process, quality and production departments the
/// manager stage.
pub fn review_stage(u: &User) -> Option<Stage> {
    match (u.position, u.department) {
        (Position::Engineer, Department::Process | Department::Quality) => Some(Stage::Engineer),
        (Position::Manager, Department::Process | Department::Quality | Department::Production) => Some(Stage::Manager),
        _ => None,
    }
}

/// Review needs a stage, the alert's company (checked by `can_see`), overlapping zones
/// (even a manager's), and not being an author.
pub fn review_denial(u: &User, a: &Alert) -> Option<&'static str> {
    if review_stage(u).is_none() {
        Some("Only process and quality engineers (engineer stage) and process, quality and production managers (manager stage) review alerts.")
    } else if a.is_author(&u.id) {
        Some("Nobody reviews their own alert.")
    } else if !zones::overlap(&u.zones, &a.zones) {
        Some("This alert is not in your zones.")
    } else {
        None
    }
}

/// Delete: an author, or a manager of the company who sees the alert.
pub fn can_manage(zones: &Zones, u: &User, a: &Alert) -> bool {
    can_see(zones, u, a) && (a.is_author(&u.id) || u.is_manager())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Review, PENDING};
    use std::collections::BTreeMap;

    fn user(id: &str, company: &str, p: Position, d: Department, zones: &[&str]) -> User {
        User::sketch(id, company, p, d, zones)
    }

    fn alert(owner: &str, zones: &[&str], status: Status) -> Alert {
        let review = || Review { status: PENDING.into(), reviewer: None, date: None, note: None };
        Alert {
            id: "a1".into(),
            company_code: "mpk".into(),
            alert_tag: "C-2026-0001".into(),
            alert_type: "Change".into(),
            part_number: "P1".into(),
            part_id: "p1".into(),
            status,
            owner_id: owner.into(),
            owner_firstname: "O".into(),
            owner_lastname: "W".into(),
            on_behalf_id: None,
            on_behalf_name: String::new(),
            zones: zones.iter().map(|z| z.to_string()).collect(),
            changes: String::new(),
            file_id: String::new(),
            file_hash: String::new(),
            upload_date: 0,
            effective_date: 0,
            sunset_date: 1,
            deploy_date: None,
            reviews: [review(), review()],
        }
    }

    use Department::*;
    use Position::*;

    #[test]
    fn the_rules_as_a_table() {
        let zones = Zones::new(&BTreeMap::new());
        let a = alert("eng", &["A1"], Status::Pending);
        // (who, upload, see, stage, review denied, manage)
        let rows: Vec<(User, bool, bool, Option<Stage>, bool, bool)> = vec![
            (user("eng", "mpk", Engineer, Process, &["B1"]), true, true, Some(Stage::Engineer), true, true),
            (user("eng2", "mpk", Engineer, Process, &["A1"]), true, true, Some(Stage::Engineer), false, false),
            (user("qe", "mpk", Engineer, Quality, &["B1"]), false, false, Some(Stage::Engineer), true, false),
            (user("pm", "mpk", Manager, Process, &["A1"]), true, true, Some(Stage::Manager), false, true),
            (user("prm", "mpk", Manager, Production, &["A1"]), false, true, Some(Stage::Manager), false, true),
            (user("paint", "mpk", Manager, Paint, &["A1"]), false, true, None, true, true),
            (user("sup", "mpk", Supervisor, Quality, &["A1"]), false, true, None, true, false),
            (user("other", "umw", Manager, Process, &["A1"]), true, false, Some(Stage::Manager), false, false),
            (user("op", "mpk", Operator, Production, &["A1"]), false, true, None, true, false),
        ];
        for (u, upload, see, stage, denied, manage) in rows {
            assert_eq!(can_upload(&u), upload, "upload {}", u.id);
            assert_eq!(can_see(&zones, &u, &a), see, "see {}", u.id);
            assert_eq!(review_stage(&u), stage, "stage {}", u.id);
            assert_eq!(review_denial(&u, &a).is_some(), denied, "review {}", u.id);
            assert_eq!(can_manage(&zones, &u, &a), manage, "manage {}", u.id);
        }
        assert!(!can_see(&zones, &user("eng", "mpk", Engineer, Process, &["A1"]), &alert("eng", &["A1"], Status::Deleted)));
    }
}
