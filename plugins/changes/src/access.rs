//! Who may do what with change requests: the change request's kind of document for the
//! core's review engine ([`KIND`]: who raises one, the process stage then the quality
//! stage and who reviews each; no bypass), with a table-driven test. The engine applies
//! what every document under review shares (see, review in one's zones, one person one
//! stage, nobody reviews their own); the lists' SQL carries the visibility rule.
use plantdoc_core::auth::users::{Department, Position, User};
use plantdoc_core::events::{Channel, EventKind};
use plantdoc_core::review::{Flow, Kind, Notices, Order, Stage, Table, Uploaders, Words};
use plantdoc_core::review_stage;
use plantdoc_core::text;

/// Process and quality engineers and managers raise change requests.
fn raises(u: &User) -> bool {
    matches!(u.position, Position::Engineer | Position::Manager)
        && matches!(u.department, Department::Process | Department::Quality)
}

/// The process department's managers and supervisors review the process stage.
fn process(u: &User) -> bool {
    matches!(u.position, Position::Manager | Position::Supervisor)
        && u.department == Department::Process
}

/// The quality department's managers and supervisors review the quality stage.
fn quality(u: &User) -> bool {
    matches!(u.position, Position::Manager | Position::Supervisor)
        && u.department == Department::Quality
}

static STAGES: [Stage; 2] = [review_stage!("process", process), review_stage!("quality", quality)];

/// Change requests under the core's review engine: the quality stage opens when the
/// process stage approved; the last approval makes the request approved (the engine's
/// 'deployed' state); nobody bypasses review.
pub static KIND: Kind = Kind {
    table: Table {
        name: "change_requests",
        alias: "c",
        columns: crate::model::COLUMNS,
        zone_rows: ("change_request_zones", "request_id"),
    },
    words: Words {
        noun: "change",
        one: "change request",
        an_one: "a change request",
        many: "change requests",
        hash_key: "versionHash",
    },
    uploaders: Uploaders { rule: raises, who: "process and quality engineers and managers" },
    flow: Flow { stages: &STAGES, order: Order::InTurn, bypass: None, not_reviewer: NOT_REVIEWER },
    notices: Notices {
        submitted: EventKind::new(
            "changes.submitted",
            text!("A change request waits for your review"),
        )
        .by_default(Channel::Email),
        approved: EventKind::new(
            "changes.approved",
            text!("Your change request was approved in a review stage"),
        ),
        rejected: EventKind::new("changes.rejected", text!("Your change request was rejected"))
            .by_default(Channel::Email),
        deployed: EventKind::new(
            "changes.released",
            text!("A change request was approved in every stage"),
        ),
        review_link: "/main/changes?request=",
        own_link: "/main/changes?state=draft",
        deployed_link: "/main/changes?state=approved",
        translations_link: "/main/changes",
    },
};

const NOT_REVIEWER: &str = text!(
    "Only process managers and supervisors (process stage) and quality managers and supervisors (quality stage) review change requests."
);

/// Closing a change request by hand: a manager of the company.
pub fn may_close(u: &User) -> bool {
    u.position == Position::Manager
}

#[cfg(test)]
mod tests {
    use super::*;
    use plantdoc_core::review::{Record, Status};
    use Department::*;
    use Position::*;

    #[test]
    fn the_rules_as_a_table() {
        let doc = Record::sketch("c1", "mpk", "eng", &["A1"], Status::Pending, 2);
        // (position, department, raises, stage reviewed, closes)
        let rows = [
            (Engineer, Process, true, None, false),
            (Engineer, Quality, true, None, false),
            (Manager, Process, true, Some(0), true),
            (Supervisor, Process, false, Some(0), false),
            (Manager, Quality, true, Some(1), true),
            (Supervisor, Quality, false, Some(1), false),
            (Supervisor, Production, false, None, false),
            (Operator, Production, false, None, false),
            (Clerk, Process, false, None, false),
        ];
        for (p, d, raise, stage, close) in rows {
            let u = User::sketch("u", "mpk", p, d, &["A1"]);
            assert_eq!(KIND.require_uploader(&u).is_ok(), raise, "{p:?} {d:?}");
            assert_eq!(KIND.flow.stage_of(&u), stage, "{p:?} {d:?}");
            assert_eq!(may_close(&u), close, "{p:?} {d:?}");
        }
        let author = User::sketch("eng", "mpk", Manager, Process, &["A1"]);
        assert_eq!(
            KIND.review_denial(&author, &doc).as_deref(),
            Some("Nobody reviews their own change request.")
        );
    }
}
