//! The readiness answers, the very types their handlers return.
pub use plantdoc_core::http::schemas::SignDate as Date;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Operator {
    #[serde(rename = "_id")]
    pub id: String,
    pub op_no: String,
    pub full_name: String,
}

/// One reading obligation.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Obligation {
    #[serde(rename = "_id")]
    pub id: String,
    pub operator: Operator,
    /// `swp` or `alert`.
    pub kind: String,
    pub part_number: String,
    pub doc_id: String,
    pub revision: Option<i64>,
    pub alert_tag: Option<String>,
    /// `new-revision`, `new-alert` or `expiring`.
    pub reason: String,
    pub due_date: Date,
    /// `open`, `overdue`, `done` or `void`.
    pub state: String,
    pub done_date: Option<Date>,
}

#[derive(Serialize, ToSchema)]
pub struct Page {
    pub results: Vec<Obligation>,
    pub total: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryRow {
    /// The zone code, part number or operator id.
    pub key: String,
    pub label: String,
    pub open: i64,
    pub overdue: i64,
    pub due_soon: i64,
    pub done: i64,
    pub done_pct: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KioskObligation {
    pub part_number: String,
    pub part_id: String,
    pub kind: String,
    pub alert_tag: Option<String>,
    pub due_date: Date,
    pub overdue: bool,
}
