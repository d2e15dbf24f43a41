//! Who may do what with SWPs (plugins/swp/README.md has the table): pure rules over the
//! user and the SWP, with a table-driven test. Deny by default: every handler applies
//! one of these, and the SQL of every list (store::visible_sql) carries the same
//! visibility rule as [`can_see`]. The route tier (console, kiosk, session) is declared
//! on the route in routes.rs.
use plantdoc_core::auth::users::{Department, Position, User};
use plantdoc_core::zones::{self, Zones};
use plantdoc_core::AppError;

use crate::model::{Stage, Swp, SwpStatus};

/// Process engineers and process managers upload (the spec's uploaders are process
/// engineers; their manager may upload and, alone, bypass review).
pub fn can_upload(u: &User) -> bool {
    u.department == Department::Process && matches!(u.position, Position::Engineer | Position::Manager)
}

pub fn require_uploader(u: &User) -> Result<(), AppError> {
    if can_upload(u) {
        Ok(())
    } else {
        Err(AppError::Forbidden("Only process engineers and process managers upload SWPs.".into()))
    }
}

/// An SWP is seen by users of its company whose zones overlap its zones, and by its
/// authors. Deleted SWPs are seen by nobody.
pub fn can_see(zones: &Zones, u: &User, swp: &Swp) -> bool {
    can_see_parts(zones, u, swp.status, &swp.company_code, swp.is_author(&u.id), &swp.zones)
}

/// Everything [`can_see`] reads of the user, as part of the key of an answer kept for
/// them (decision 37): answers kept under it are the same for any user with that key.
pub fn visibility_key(u: &User) -> String {
    format!("{}\n{}\n{}", u.company_code, u.id, u.zones.join(","))
}

/// [`can_see`] on the columns it needs (reads that load no whole SWP).
pub fn can_see_parts(zones: &Zones, u: &User, status: SwpStatus, company: &str, authored: bool, swp_zones: &[String]) -> bool {
    status != SwpStatus::Deleted && company == u.company_code && (authored || zones.covers_company(&u.company_code, &u.zones) || zones::overlap(&u.zones, swp_zones))
}

/// The stage a user reviews: managers and supervisors of the process, quality and
/// production departments.
pub fn review_stage(u: &User) -> Option<Stage> {
    if u.position.is_reviewer() {
        Stage::from_department(u.department)
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
    } else if !zones::overlap(&u.zones, &swp.zones) {
        Some("This SWP is not in your zones.")
    } else {
        None
    }
}

/// Delete and zone edit: an author, or a manager of the company who sees the SWP.
pub fn can_manage(zones: &Zones, u: &User, swp: &Swp) -> bool {
    can_see(zones, u, swp) && (swp.is_author(&u.id) || u.is_manager())
}

/// Bypass of review: managers only.
pub fn can_bypass(u: &User) -> bool {
    u.is_manager()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::{Review, Verdict};
    use std::collections::BTreeMap;

    fn user(id: &str, company: &str, p: Position, d: Department, zones: &[&str]) -> User {
        User::sketch(id, company, p, d, zones)
    }

    fn swp(owner: &str, zones: &[&str], status: SwpStatus) -> Swp {
        let review = || Review { status: Verdict::Pending, reviewer: None, date: None, note: None };
        Swp {
            id: "s1".into(),
            company_code: "mpk".into(),
            part_number: "P1".into(),
            part_id: "p1".into(),
            status,
            revision: None,
            last_revision: None,
            format: "swp".into(),
            owner_id: owner.into(),
            owner_firstname: "O".into(),
            owner_lastname: "W".into(),
            on_behalf_id: None,
            on_behalf_name: String::new(),
            zones: zones.iter().map(|z| z.to_string()).collect(),
            changes: String::new(),
            new_release: true,
            reference_only: false,
            bypass: false,
            swc_file: String::new(),
            jes_file: String::new(),
            vis_file: String::new(),
            video_file: None,
            content_hash: String::new(),
            upload_date: 0,
            deploy_date: None,
            obsolete_date: None,
            reviews: [review(), review(), review()],
        }
    }

    use Department::*;
    use Position::*;

    #[test]
    fn the_rules_as_a_table() {
        let zones = Zones::new(&BTreeMap::new());
        let s = swp("eng", &["A1"], SwpStatus::Pending);
        // (who, upload, see, review stage, review denied, manage, bypass)
        let rows: Vec<(User, bool, bool, Option<Stage>, bool, bool, bool)> = vec![
            (user("eng", "mpk", Engineer, Process, &["B1"]), true, true, None, true, true, false),
            (user("pm", "mpk", Manager, Process, &["A1"]), true, true, Some(Stage::Process), false, true, true),
            (user("qs", "mpk", Supervisor, Quality, &["A1"]), false, true, Some(Stage::Quality), false, false, false),
            (user("ps", "mpk", Supervisor, Production, &["B1"]), false, false, Some(Stage::Production), true, false, false),
            (user("paint", "mpk", Manager, Paint, &["A1"]), false, true, None, true, true, true),
            (user("qe", "mpk", Engineer, Quality, &["A1"]), false, true, None, true, false, false),
            (user("other", "umw", Manager, Process, &["A1"]), true, false, Some(Stage::Process), false, false, true),
            (user("op", "mpk", Operator, Production, &["A1"]), false, true, None, true, false, false),
            (user("clerk", "mpk", Clerk, Process, &["A1"]), false, true, None, true, false, false),
        ];
        for (u, upload, see, stage, denied, manage, bypass) in rows {
            assert_eq!(can_upload(&u), upload, "upload {}", u.id);
            assert_eq!(can_see(&zones, &u, &s), see, "see {}", u.id);
            assert_eq!(review_stage(&u), stage, "stage {}", u.id);
            assert_eq!(review_denial(&u, &s).is_some(), denied, "review {}", u.id);
            assert_eq!(can_manage(&zones, &u, &s), manage, "manage {}", u.id);
            assert_eq!(can_bypass(&u), bypass, "bypass {}", u.id);
        }
        // Nobody sees a deleted SWP, its author included; a user with every zone sees all.
        let gone = swp("eng", &["A1"], SwpStatus::Deleted);
        assert!(!can_see(&zones, &user("eng", "mpk", Engineer, Process, &["A1"]), &gone));
        let all: Vec<String> = zones.codes("mpk");
        let every: Vec<&str> = all.iter().map(String::as_str).collect();
        assert!(can_see(&zones, &user("x", "mpk", Clerk, Paint, &every), &swp("eng", &["C3"], SwpStatus::Deployed)));
    }
}
