//! The change request row (a core review record and its title, references, documents)
//! and its states as the API names them.
use std::ops::Deref;

use plantdoc_core::read_row;
use plantdoc_core::review::{Document, Kind, Names, Record, Status};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::access::KIND;

/// A document a change request carries to the floor.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocRef {
    /// `swp` or `alert`.
    pub kind: String,
    pub part_number: String,
}

/// A change request: a document under staged review (its [`Record`]: authors, zones,
/// reason in `changes`, reviews) with its number, title, references and documents.
#[derive(Debug, Clone)]
pub struct ChangeRequest {
    pub record: Record,
    pub number: String,
    pub title: String,
    pub refs: Vec<String>,
    pub documents: Vec<DocRef>,
    pub closed_at: Option<i64>,
    pub closed_by: Option<String>,
    pub close_reason: Option<String>,
}

impl Deref for ChangeRequest {
    type Target = Record;
    fn deref(&self) -> &Record {
        &self.record
    }
}

/// Every column `ChangeRequest::from_row` reads, for `FROM change_requests c`.
pub const COLUMNS: &str = concat!(
    plantdoc_core::record_columns!("c"; "process", "quality", "production"),
    ", c.number, c.title, c.refs, c.documents, c.closed_at, c.closed_by, c.close_reason"
);

impl Document for ChangeRequest {
    const KIND: &'static Kind = &KIND;

    fn from_row(r: &AnyRow) -> Result<Self, sqlx::Error> {
        let list = |c: &str| r.try_get::<String, _>(c);
        Ok(read_row!(r, {
            record: Record::from_row(r, &KIND.flow)?,
            refs: serde_json::from_str(&list("refs")?).unwrap_or_default(),
            documents: serde_json::from_str(&list("documents")?).unwrap_or_default();
            number, title, closed_at, closed_by, close_reason
        }))
    }

    fn names(&self) -> Names {
        let title = format!("change request {}", self.number);
        let label = format!("Change request {}", self.number);
        Names { deployed_title: title.clone(), title, full_label: label.clone(), label }
    }

    /// A change request has no file: its number is the version its approvals name.
    fn version(&self) -> &str {
        &self.number
    }

    fn audit_json(&self) -> Value {
        json!({"number": self.number, "title": self.title, "status": self.state(), "zones": self.zones,
            "documents": self.documents, "references": self.refs})
    }
}

impl ChangeRequest {
    /// Its state: `draft` (returned by a reviewer), `in review`, `approved`, `closed`,
    /// `cancelled`. (`effective` is per zone: see the zones' dates.)
    pub fn state(&self) -> &'static str {
        match self.status {
            Status::Pending => "in review",
            Status::Rejected => "draft",
            Status::Deleted => "cancelled",
            _ if self.closed_at.is_some() => "closed",
            _ => "approved",
        }
    }

    /// Whether it lists the `kind` document of `part`.
    pub fn lists(&self, kind: &str, part: &str) -> bool {
        self.documents.iter().any(|d| d.kind == kind && d.part_number == part)
    }
}

/// The states a list may be filtered on, and the SQL of each over `FROM change_requests c`.
pub const STATES: [(&str, &str); 5] = [
    ("draft", "c.status = 'rejected'"),
    ("in review", "c.status = 'pending'"),
    ("approved", "c.status = 'deployed' AND c.closed_at IS NULL"),
    ("closed", "c.status = 'deployed' AND c.closed_at IS NOT NULL"),
    ("cancelled", "c.status = 'deleted'"),
];
