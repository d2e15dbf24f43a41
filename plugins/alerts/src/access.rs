//! Who may do what with alerts (plugins/alerts/README.md has the table): the alert's kind of
//! document for the core's review engine ([`KIND`]: who uploads, the engineer stage then
//! the manager stage and who reviews each; no bypass), with a table-driven test. The
//! engine applies the rules every document under review shares (`plantdoc_core::review`:
//! see, review, manage); every list's SQL (store::visible_sql) carries the visibility rule.
use plantdoc_core::auth::users::{Department, Position, User};
use plantdoc_core::events::{Channel, EventKind};
use plantdoc_core::review::{Flow, Kind, Notices, Order, Stage, Table, Words, PROCESS_UPLOADERS};
use plantdoc_core::review_stage;
use plantdoc_core::text;

/// Engineers of the process and quality departments review the engineer stage.
fn engineer(u: &User) -> bool {
    u.position == Position::Engineer
        && matches!(u.department, Department::Process | Department::Quality)
}

/// Managers of the process, quality and production departments review the manager stage.
fn manager(u: &User) -> bool {
    u.position == Position::Manager
        && matches!(
            u.department,
            Department::Process | Department::Quality | Department::Production
        )
}

/// The two review stages, in turn.
static STAGES: [Stage; 2] =
    [review_stage!("engineer", engineer), review_stage!("manager", manager)];

/// Alerts under the core's review engine. Process engineers and process managers upload
/// alerts (as SWPs); the manager stage opens when the engineer stage approved; no alert
/// bypasses review.
pub static KIND: Kind = Kind {
    table: Table {
        name: "alerts",
        alias: "a",
        columns: crate::model::COLUMNS,
        zone_rows: ("alert_zones", "alert_id"),
    },
    words: Words {
        noun: "alert",
        one: "alert",
        an_one: "an alert",
        many: "alerts",
        hash_key: "versionHash",
    },
    uploaders: PROCESS_UPLOADERS,
    flow: Flow { stages: &STAGES, order: Order::InTurn, bypass: None, not_reviewer: NOT_REVIEWER },
    notices: Notices {
        submitted: EventKind::new("alerts.submitted", text!("An alert waits for your review"))
            .by_default(Channel::Email),
        approved: EventKind::new(
            "alerts.approved",
            text!("Your alert was approved in a review stage"),
        )
        .by_default(Channel::Email),
        rejected: EventKind::new("alerts.rejected", text!("Your alert was rejected"))
            .by_default(Channel::Email),
        // Deployed = in force from its effective date (reading obligations follow it).
        deployed: EventKind::new(
            "alerts.in-force",
            text!("An alert was deployed to come in force"),
        )
        .floor(),
        review_link: "/main/sign-off?tab=alerts&review=",
        own_link: "/main/alerts?tab=my-pending",
        deployed_link: "/main/alerts?tab=my-approved",
        translations_link: "/main/sign-off?tab=translations",
    },
};

const NOT_REVIEWER: &str = text!(
    "Only process and quality engineers (engineer stage) and process, quality and production managers (manager stage) review alerts."
);

#[cfg(test)]
mod tests {
    use super::*;
    use Department::*;
    use Position::*;

    #[test]
    fn who_uploads_and_reviews_which_stage() {
        // (position, department, upload, stage)
        let rows = [
            (Engineer, Process, true, Some("engineer")),
            (Engineer, Quality, false, Some("engineer")),
            (Engineer, Production, false, None),
            (Manager, Process, true, Some("manager")),
            (Manager, Production, false, Some("manager")),
            (Manager, Paint, false, None),
            (Supervisor, Quality, false, None),
            (Operator, Production, false, None),
        ];
        for (p, d, upload, stage) in rows {
            let u = User::sketch("u", "mpk", p, d, &["A1"]);
            assert_eq!(KIND.require_uploader(&u).is_ok(), upload, "upload {p:?} {d:?}");
            assert_eq!(KIND.flow.stage_of(&u).map(|i| STAGES[i].key), stage, "stage {p:?} {d:?}");
        }
        let anyone = User::sketch("m", "mpk", Manager, Process, &["A1"]);
        assert!(!KIND.flow.may_bypass(&anyone), "no alert bypasses review");
    }
}
