//! Who may do what with SWPs (plugins/swp/README.md has the table): the SWP's kind of
//! document for the core's review engine ([`KIND`]: who uploads, the three stages and
//! who reviews each, who bypasses), with a table-driven test. The engine applies the
//! rules every document under review shares (`plantdoc_core::review`: see, review,
//! manage); the SQL of every list (store::visible_sql) carries the visibility rule. The
//! route tier (console, kiosk, session) is declared on the route in routes.rs.
use plantdoc_core::auth::users::{Department, User};
use plantdoc_core::events::{Channel, EventKind};
use plantdoc_core::review::{Flow, Kind, Notices, Order, Stage, Table, Words, PROCESS_UPLOADERS};
use plantdoc_core::review_stage;
use plantdoc_core::text;

/// `can_see` on the columns it needs (reads that load no whole SWP).
pub use plantdoc_core::review::can_see_parts;

/// Managers and supervisors of a stage's department review it.
fn reviewer_of(u: &User, d: Department) -> bool {
    u.position.is_reviewer() && u.department == d
}
fn process(u: &User) -> bool {
    reviewer_of(u, Department::Process)
}
fn quality(u: &User) -> bool {
    reviewer_of(u, Department::Quality)
}
fn production(u: &User) -> bool {
    reviewer_of(u, Department::Production)
}

/// The three review stages, side by side; each is reviewed by its own department.
static STAGES: [Stage; 3] = [
    review_stage!("process", process),
    review_stage!("quality", quality),
    review_stage!("production", production),
];

/// SWPs under the core's review engine. Process engineers and process managers upload
/// (the spec's uploaders are process engineers; their manager may upload and, alone,
/// bypass review).
pub static KIND: Kind = Kind {
    table: Table {
        name: "swps",
        alias: "s",
        columns: crate::model::COLUMNS,
        zone_rows: ("swp_zones", "swp_id"),
    },
    words: Words {
        noun: "swp",
        one: "SWP",
        an_one: "an SWP",
        many: "SWPs",
        hash_key: "contentHash",
    },
    uploaders: PROCESS_UPLOADERS,
    flow: Flow {
        stages: &STAGES,
        order: Order::Together,
        bypass: Some(User::is_manager),
        not_reviewer: NOT_REVIEWER,
    },
    notices: Notices {
        submitted: EventKind::new("swp.submitted", text!("An SWP waits for your review"))
            .by_default(Channel::Email),
        approved: EventKind::new("swp.approved", text!("Your SWP was approved in a review stage"))
            .by_default(Channel::Email),
        rejected: EventKind::new("swp.rejected", text!("Your SWP was rejected"))
            .by_default(Channel::Email),
        deployed: EventKind::new("swp.deployed", text!("An SWP revision was deployed")).floor(),
        review_link: "/main/sign-off?review=",
        own_link: "/main/swps?tab=my-pending",
        deployed_link: "/main/swps?tab=my-approved",
        translations_link: "/main/sign-off?tab=translations",
    },
};

const NOT_REVIEWER: &str = text!(
    "Only managers and supervisors of the process, quality and production departments review SWPs."
);

/// Everything `can_see` reads of the user, as part of the key of an answer kept for
/// them (decision 37): answers kept under it are the same for any user with that key.
pub fn visibility_key(u: &User) -> String {
    format!("{}\n{}\n{}", u.company_code, u.id, u.zones.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;
    use plantdoc_core::auth::users::Position::*;
    use Department::*;

    #[test]
    fn who_uploads_reviews_which_stage_and_bypasses() {
        // (position, department, upload, stage, bypass)
        let rows = [
            (Engineer, Process, true, None, false),
            (Manager, Process, true, Some("process"), true),
            (Supervisor, Quality, false, Some("quality"), false),
            (Supervisor, Production, false, Some("production"), false),
            (Manager, Paint, false, None, true),
            (Engineer, Quality, false, None, false),
            (Operator, Production, false, None, false),
            (Clerk, Process, false, None, false),
        ];
        for (p, d, upload, stage, bypass) in rows {
            let u = User::sketch("u", "mpk", p, d, &["A1"]);
            let got = (
                KIND.require_uploader(&u).is_ok(),
                KIND.flow.stage_of(&u).map(|i| STAGES[i].key),
                KIND.flow.may_bypass(&u),
            );
            assert_eq!(got, (upload, stage, bypass), "{p:?} {d:?}");
        }
    }
}
