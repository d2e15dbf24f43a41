//! What every document under staged review has, whatever its module: the columns the
//! engine reads and writes ([`Record`]), its state ([`Status`]) and each stage's review.
//! A module's row (an SWP, an alert) holds its record and dereferences to it.
use std::collections::BTreeMap;

use serde::Serialize;
use sqlx::any::AnyRow;
use sqlx::Row;

use super::stages::{Flow, Stage, Verdict};
use crate::clock::iso;

/// Where a document stands (stored and sent lower-case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    /// In review.
    Pending,
    /// Returned to its author by a reviewer.
    Rejected,
    /// On the plant floor.
    Deployed,
    /// Superseded by a later revision; its signatures stay in history.
    Obsolete,
    Deleted,
}

impl Status {
    const ALL: [Status; 5] =
        [Self::Pending, Self::Rejected, Self::Deployed, Self::Obsolete, Self::Deleted];
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Rejected => "rejected",
            Self::Deployed => "deployed",
            Self::Obsolete => "obsolete",
            Self::Deleted => "deleted",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

/// One stage's review as recorded.
#[derive(Debug, Clone)]
pub struct Review {
    pub status: Verdict,
    pub reviewer_id: Option<String>,
    pub reviewer: Option<String>,
    pub date: Option<i64>,
    pub note: Option<String>,
}

impl Review {
    fn from_row(r: &AnyRow, stage: &Stage) -> Result<Self, sqlx::Error> {
        let [status, reviewer_id, reviewer, date, note] = stage.columns;
        Ok(Self {
            status: decode(status, Verdict::parse(&r.try_get::<String, _>(status)?))?,
            reviewer_id: r.try_get(reviewer_id)?,
            reviewer: r.try_get(reviewer)?,
            date: r.try_get(date)?,
            note: r.try_get(note)?,
        })
    }

    /// This review is `user_id`'s approval.
    pub fn approved_by(&self, user_id: &str) -> bool {
        self.status == Verdict::Approved && self.reviewer_id.as_deref() == Some(user_id)
    }

    /// The spec's `approvals.<stage>` object.
    pub fn view(&self) -> ReviewView<'_> {
        ReviewView {
            date: self.date.map(iso),
            note: self.note.as_deref(),
            reviewer: self.reviewer.as_deref(),
            status: self.status.as_str(),
        }
    }
}

/// `{date, note, reviewer, status}` (fields sorted, as a `serde_json::Value` writes them).
#[derive(Serialize, utoipa::ToSchema)]
pub struct ReviewView<'a> {
    #[schema(required = true)]
    date: Option<String>,
    #[schema(required = true)]
    note: Option<&'a str>,
    #[schema(required = true)]
    reviewer: Option<&'a str>,
    status: &'static str,
}

fn decode<T>(column: &str, v: Option<T>) -> Result<T, sqlx::Error> {
    v.ok_or_else(|| sqlx::Error::ColumnDecode {
        index: column.into(),
        source: format!("unknown {column}").into(),
    })
}

/// The columns every document under review has (names are copied in at upload).
#[derive(Debug, Clone)]
pub struct Record {
    pub id: String,
    pub company_code: String,
    pub part_number: String,
    /// The catalogue part (stable across revisions).
    pub part_id: String,
    pub status: Status,
    pub owner_id: String,
    pub owner_firstname: String,
    pub owner_lastname: String,
    pub on_behalf_id: Option<String>,
    pub on_behalf_name: String,
    pub zones: Vec<String>,
    pub changes: String,
    pub upload_date: i64,
    pub deploy_date: Option<i64>,
    /// The rejected document this one corrects, with that rejection as it stood.
    pub corrects: Option<super::correct::Correction>,
    /// One a stage, in the flow's order.
    pub reviews: Vec<Review>,
}

/// `record_columns!("s"; "process", "quality")`: every column [`Record::from_row`] reads
/// for a table aliased `s` whose stages are keyed `process` and `quality`, as a constant.
#[macro_export]
macro_rules! record_columns {
    ($a:literal; $($k:literal),+) => {
        concat!(
            $a, ".id, ", $a, ".company_code, ", $a, ".part_number, ", $a, ".part_id, ", $a, ".status, ",
            $a, ".owner_id, ", $a, ".owner_firstname, ", $a, ".owner_lastname, ", $a, ".on_behalf_id, ",
            $a, ".on_behalf_name, ", $a, ".zones, ", $a, ".changes, ", $a, ".upload_date, ", $a, ".deploy_date, ",
            $a, ".corrects_id, ", $a, ".corrects_date, ", $a, ".corrects_reviewer, ", $a, ".corrects_note"
            $(, ", ", $a, ".", $k, "_status, ", $a, ".", $k, "_reviewer_id, ", $a, ".", $k, "_reviewer, ",
            $a, ".", $k, "_date, ", $a, ".", $k, "_note")+
        )
    };
}

/// `read_row!(r, { record: expr, other: expr; a, b })`, in a `from_row`: the `Self`
/// literal whose fields `a` and `b` are read from the row's columns of the same names
/// (`?` on a decode error), the others as given. Each column is named once.
#[macro_export]
macro_rules! read_row {
    ($r:expr, { $($f:ident: $e:expr),* ; $($c:ident),* $(,)? }) => {
        Self { $($f: $e,)* $($c: ::sqlx::Row::try_get($r, stringify!($c))?,)* }
    };
}

impl Record {
    /// The record of a row read with [`record_columns!`](crate::record_columns) and the
    /// flow's stages.
    pub fn from_row(r: &AnyRow, flow: &Flow) -> Result<Self, sqlx::Error> {
        let zones: String = r.try_get("zones")?;
        Ok(Self {
            id: r.try_get("id")?,
            company_code: r.try_get("company_code")?,
            part_number: r.try_get("part_number")?,
            part_id: r.try_get::<Option<String>, _>("part_id")?.unwrap_or_default(),
            status: decode("status", Status::parse(&r.try_get::<String, _>("status")?))?,
            owner_id: r.try_get("owner_id")?,
            owner_firstname: r.try_get("owner_firstname")?,
            owner_lastname: r.try_get("owner_lastname")?,
            on_behalf_id: r.try_get("on_behalf_id")?,
            on_behalf_name: r.try_get("on_behalf_name")?,
            zones: serde_json::from_str(&zones).unwrap_or_default(),
            changes: r.try_get("changes")?,
            upload_date: r.try_get("upload_date")?,
            deploy_date: r.try_get("deploy_date")?,
            corrects: super::correct::Correction::from_row(r)?,
            reviews: flow
                .stages
                .iter()
                .map(|s| Review::from_row(r, s))
                .collect::<Result<_, _>>()?,
        })
    }

    /// The uploader or the person it was uploaded for: the document's authors.
    pub fn is_author(&self, user_id: &str) -> bool {
        self.owner_id == user_id || self.on_behalf_id.as_deref() == Some(user_id)
    }

    /// The review that rejected it, if one did.
    pub fn rejection(&self) -> Option<&Review> {
        self.reviews.iter().find(|r| r.status == Verdict::Rejected)
    }

    pub fn verdicts(&self) -> Vec<Verdict> {
        self.reviews.iter().map(|r| r.status).collect()
    }

    /// The spec's `approvals`: `{<stage key>: {date, note, reviewer, status}}`.
    pub fn approvals(&self, flow: &Flow) -> BTreeMap<&'static str, ReviewView<'_>> {
        flow.stages.iter().zip(&self.reviews).map(|(s, r)| (s.key, r.view())).collect()
    }

    /// A record for rule tables and tests (pending, no review yet), never stored as is.
    pub fn sketch(
        id: &str,
        company: &str,
        owner: &str,
        zones: &[&str],
        status: Status,
        stages: usize,
    ) -> Self {
        let review = Review {
            status: Verdict::Pending,
            reviewer_id: None,
            reviewer: None,
            date: None,
            note: None,
        };
        Self {
            id: id.into(),
            company_code: company.into(),
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
            upload_date: 0,
            deploy_date: None,
            corrects: None,
            reviews: vec![review; stages],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn columns_name_every_stage() {
        let cols = record_columns!("a"; "engineer", "manager");
        assert!(cols.starts_with("a.id, a.company_code, "), "{cols}");
        assert!(cols.ends_with("a.manager_date, a.manager_note"), "{cols}");
        assert_eq!(cols.matches("_reviewer_id").count(), 2);
        assert!(cols.contains("a.deploy_date, a.corrects_id, a.corrects_date, a.corrects_reviewer, a.corrects_note, "), "{cols}");
        for s in ["pending", "rejected", "deployed", "obsolete", "deleted"] {
            assert_eq!(Status::parse(s).map(Status::as_str), Some(s));
        }
        assert_eq!(Status::parse("expired"), None);
    }
}
