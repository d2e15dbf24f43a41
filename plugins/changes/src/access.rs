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

/// The production department's managers and supervisors review the production stage.
fn production(u: &User) -> bool {
    matches!(u.position, Position::Manager | Position::Supervisor)
        && u.department == Department::Production
}

/// Every stage a plant may choose (`[modules.changes] stages`), in the only order they take.
static STAGES: [Stage; 3] = [
    review_stage!("process", process),
    review_stage!("quality", quality),
    review_stage!("production", production),
];

/// `stages` is a non-empty subset of [`STAGES`] in their order.
pub fn check_stages(stages: &[String]) -> anyhow::Result<()> {
    let keys: Vec<&str> = STAGES.iter().map(|s| s.key).collect();
    let places: Option<Vec<usize>> =
        stages.iter().map(|s| keys.iter().position(|k| k == s)).collect();
    match places {
        Some(p) if !p.is_empty() && p.windows(2).all(|w| w[0] < w[1]) => Ok(()),
        _ => anyhow::bail!(
            "configuration error: modules.changes.stages: one or more of process, quality, production, in that order (found {stages:?})"
        ),
    }
}

/// The places in [`STAGES`] of the stages not in `stages`: a request raised now passes them.
pub fn not_required(stages: &[String]) -> Vec<usize> {
    (0..STAGES.len()).filter(|i| !stages.iter().any(|s| s == STAGES[*i].key)).collect()
}

/// Change requests under the core's review engine: each stage opens when the ones before
/// it approved (or are not required: not in the plant's `stages`); the last approval makes
/// the request approved (the engine's 'deployed' state); nobody bypasses review.
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
    "Only the managers and supervisors of process, quality and production review change requests, each their department's stage."
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
            (Supervisor, Production, false, Some(2), false),
            (Manager, Production, false, Some(2), true),
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

    #[test]
    fn a_plant_chooses_its_stages_in_their_order() {
        let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        assert!(check_stages(&s(&["process", "quality"])).is_ok());
        assert!(check_stages(&s(&["quality", "production"])).is_ok());
        assert!(check_stages(&s(&["quality", "process"])).is_err(), "out of order");
        assert!(check_stages(&s(&[])).is_err(), "none");
        assert!(check_stages(&s(&["safety"])).is_err(), "unknown");
        assert_eq!(not_required(&s(&["process", "quality"])), [2]);
        assert_eq!(not_required(&s(&["quality", "production"])), [0]);
    }
}
