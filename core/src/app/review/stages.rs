//! The stages of a staged review as a module describes them ([`Flow`]), and the pure
//! rules over them: who reviews which stage, whether a stage is open (side by side or in
//! turn), when the approvals are complete, who may bypass review, one person one stage,
//! and the same rules as SQL for the conditional updates and the reviewers' lists.
use crate::auth::users::User;

use super::record::Review;

/// A review stage's verdict, shown in `approvals.<stage>.status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Pending,
    Approved,
    Rejected,
    /// A manager's direct deployment: no review took place, and the record says so.
    Bypassed,
    /// Not a stage of this document's flow (a plant's configured subset of a module's
    /// stages, fixed when the document entered review): passed, and the record says so.
    NotRequired,
}

impl Verdict {
    const ALL: [Verdict; 5] =
        [Self::Pending, Self::Approved, Self::Rejected, Self::Bypassed, Self::NotRequired];
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "Pending",
            Self::Approved => "Approved",
            Self::Rejected => "Rejected",
            Self::Bypassed => "Bypassed",
            Self::NotRequired => "Not required",
        }
    }
    /// Whether the stage lets the flow go on: approved, or not part of it.
    pub fn passed(self) -> bool {
        matches!(self, Self::Approved | Self::NotRequired)
    }
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

/// One review stage: its key (the JSON key under `approvals` and the prefix of its
/// columns) and who reviews it. Write it with [`review_stage!`](crate::review_stage),
/// which spells the column names once, as constants.
#[derive(Debug)]
pub struct Stage {
    pub key: &'static str,
    /// `<key>_status`, `<key>_reviewer_id`, `<key>_reviewer`, `<key>_date`, `<key>_note`.
    pub columns: [&'static str; 5],
    /// Whether a user reviews this stage (their position and department; the document's
    /// zones and authorship are judged by the engine).
    pub reviews: fn(&User) -> bool,
}

/// `review_stage!("quality", rule)`: a [`Stage`] keyed `quality`, reviewed by whom
/// `rule` (a `fn(&User) -> bool`) accepts.
#[macro_export]
macro_rules! review_stage {
    ($key:literal, $reviews:expr) => {
        $crate::review::Stage {
            key: $key,
            columns: [
                concat!($key, "_status"),
                concat!($key, "_reviewer_id"),
                concat!($key, "_reviewer"),
                concat!($key, "_date"),
                concat!($key, "_note"),
            ],
            reviews: $reviews,
        }
    };
}

/// How the stages follow each other.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Order {
    /// Every stage is open from the upload; the last approval deploys.
    Together,
    /// A stage opens when every stage before it approved.
    InTurn,
}

/// Why a stage is not open for a verdict.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Closed {
    /// The document left review, or this stage has its verdict.
    NotWaiting,
    /// In turn: this earlier stage has not approved yet.
    EarlierFirst(&'static str),
}

/// A module's staged review: its stages in order, how they follow each other, and who
/// may deploy at upload without review (`None`: nobody).
#[derive(Debug)]
pub struct Flow {
    pub stages: &'static [Stage],
    pub order: Order,
    pub bypass: Option<fn(&User) -> bool>,
    /// The refusal of a user who reviews no stage.
    pub not_reviewer: &'static str,
}

impl Flow {
    /// The stage a user reviews (the first that takes them), by its place in `stages`.
    pub fn stage_of(&self, u: &User) -> Option<usize> {
        self.stages.iter().position(|s| (s.reviews)(u))
    }

    pub fn keys(&self) -> Vec<&'static str> {
        self.stages.iter().map(|s| s.key).collect()
    }

    /// Whether `u` may deploy at upload, every stage marked bypassed.
    pub fn may_bypass(&self, u: &User) -> bool {
        self.bypass.is_some_and(|rule| rule(u))
    }

    /// Whether stage `stage` takes a verdict now, the document being `pending` (or not)
    /// and its stages' verdicts `verdicts`.
    pub fn open(&self, stage: usize, pending: bool, verdicts: &[Verdict]) -> Result<(), Closed> {
        if !pending || verdicts.get(stage) != Some(&Verdict::Pending) {
            return Err(Closed::NotWaiting);
        }
        if self.order == Order::InTurn {
            if let Some(i) = (0..stage).find(|i| !verdicts.get(*i).is_some_and(|v| v.passed())) {
                return Err(Closed::EarlierFirst(self.stages[i].key));
            }
        }
        Ok(())
    }

    /// Every stage approved: the document deploys.
    pub fn complete(&self, verdicts: &[Verdict]) -> bool {
        verdicts.len() == self.stages.len() && verdicts.iter().all(|v| v.passed())
    }

    /// [`Flow::open`] as SQL over columns prefixed `alias` ("a." or ""): the stage is
    /// pending and, in turn, every earlier stage approved.
    pub fn open_sql(&self, alias: &str, stage: usize) -> String {
        let earlier = match self.order {
            Order::Together => 0,
            Order::InTurn => stage,
        };
        let mut parts: Vec<String> = self.stages[..earlier]
            .iter()
            .map(|s| format!("{alias}{} IN ('Approved', 'Not required')", s.columns[0]))
            .collect();
        parts.push(format!("{alias}{} = 'Pending'", self.stages[stage].columns[0]));
        parts.join(" AND ")
    }

    /// One person, one stage (decision 48): of the stages but `stage`, the one `user_id`
    /// approved on this document (its recorded approvals count, never who the approver
    /// is now).
    pub fn approved_elsewhere(
        &self,
        reviews: &[Review],
        stage: usize,
        user_id: &str,
    ) -> Option<&'static str> {
        self.stages
            .iter()
            .zip(reviews)
            .enumerate()
            .find(|(i, (_, r))| *i != stage && r.approved_by(user_id))
            .map(|(_, (s, _))| s.key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::auth::users::{Department, Position};
    use Verdict::*;

    fn engineers(u: &User) -> bool {
        u.position == Position::Engineer
    }
    fn managers(u: &User) -> bool {
        u.position == Position::Manager
    }
    static TWO: [Stage; 2] =
        [review_stage!("engineer", engineers), review_stage!("manager", managers)];
    const IN_TURN: Flow =
        Flow { stages: &TWO, order: Order::InTurn, bypass: None, not_reviewer: "" };
    const TOGETHER: Flow =
        Flow { stages: &TWO, order: Order::Together, bypass: Some(managers), not_reviewer: "" };

    #[test]
    fn stages_and_their_columns() {
        assert_eq!(
            TWO[1].columns,
            [
                "manager_status",
                "manager_reviewer_id",
                "manager_reviewer",
                "manager_date",
                "manager_note"
            ]
        );
        assert_eq!(IN_TURN.keys(), ["engineer", "manager"]);
        // (position, stage, may bypass where managers may)
        let rows = [
            (Position::Engineer, Some(0), false),
            (Position::Manager, Some(1), true),
            (Position::Operator, None, false),
        ];
        for (p, stage, bypass) in rows {
            let u = User::sketch("u", "mpk", p, Department::Process, &["A1"]);
            assert_eq!(IN_TURN.stage_of(&u), stage, "{p:?}");
            assert_eq!(TOGETHER.may_bypass(&u), bypass, "{p:?}");
            assert!(!IN_TURN.may_bypass(&u), "no bypass in a flow without one");
        }
    }

    #[test]
    fn which_stage_is_open() {
        // (order, stage, document pending, verdicts, answer)
        type Row = (&'static Flow, usize, bool, [Verdict; 2], Result<(), Closed>);
        let rows: [Row; 11] = [
            (&IN_TURN, 0, true, [Pending, Pending], Ok(())),
            (&IN_TURN, 1, true, [Pending, Pending], Err(Closed::EarlierFirst("engineer"))),
            (&IN_TURN, 1, true, [Approved, Pending], Ok(())),
            (&IN_TURN, 1, true, [Rejected, Pending], Err(Closed::EarlierFirst("engineer"))),
            (&IN_TURN, 0, true, [Approved, Pending], Err(Closed::NotWaiting)),
            (&IN_TURN, 1, false, [Approved, Pending], Err(Closed::NotWaiting)),
            (&TOGETHER, 1, true, [Pending, Pending], Ok(())),
            (&TOGETHER, 0, true, [Pending, Approved], Ok(())),
            (&TOGETHER, 1, true, [Pending, Bypassed], Err(Closed::NotWaiting)),
            (&IN_TURN, 1, true, [NotRequired, Pending], Ok(())),
            (&IN_TURN, 0, true, [NotRequired, Pending], Err(Closed::NotWaiting)),
        ];
        for (flow, stage, pending, verdicts, want) in rows {
            assert_eq!(
                flow.open(stage, pending, &verdicts),
                want,
                "{:?} {stage} {pending} {verdicts:?}",
                flow.order
            );
        }
    }

    #[test]
    fn complete_only_when_every_stage_approved() {
        let rows = [
            ([Approved, Approved], true),
            ([Approved, Pending], false),
            ([Bypassed, Bypassed], false),
            ([Approved, Rejected], false),
            ([NotRequired, Approved], true),
            ([NotRequired, Pending], false),
        ];
        for (verdicts, want) in rows {
            assert_eq!(TOGETHER.complete(&verdicts), want, "{verdicts:?}");
        }
        assert!(!TOGETHER.complete(&[Approved]), "a missing stage is not approved");
    }

    #[test]
    fn open_as_sql() {
        assert_eq!(IN_TURN.open_sql("a.", 0), "a.engineer_status = 'Pending'");
        assert_eq!(
            IN_TURN.open_sql("a.", 1),
            "a.engineer_status IN ('Approved', 'Not required') AND a.manager_status = 'Pending'"
        );
        assert_eq!(TOGETHER.open_sql("", 1), "manager_status = 'Pending'");
    }

    #[test]
    fn one_person_one_stage() {
        let r = |status: Verdict, by: Option<&str>| Review {
            status,
            reviewer_id: by.map(str::to_string),
            reviewer: None,
            date: None,
            note: None,
        };
        // (reviews, stage asked, who asks, the stage they approved already)
        let rows = [
            ([r(Approved, Some("u1")), r(Pending, None)], 1, "u1", Some("engineer")),
            ([r(Approved, Some("u2")), r(Pending, None)], 1, "u1", None),
            ([r(Rejected, Some("u1")), r(Pending, None)], 1, "u1", None),
            ([r(Approved, Some("u1")), r(Pending, None)], 0, "u1", None),
            ([r(Bypassed, Some("u1")), r(Pending, None)], 1, "u1", None),
            ([r(Approved, None), r(Pending, None)], 1, "u1", None),
        ];
        for (reviews, stage, who, want) in rows {
            assert_eq!(TOGETHER.approved_elsewhere(&reviews, stage, who), want, "{stage} {who}");
        }
    }
}
