//! The schemas of the readiness answers built as `serde_json::Value`: each mirrors its
//! handler's JSON field for field and is only read by the OpenAPI description.
#![allow(dead_code)] // schema-only types: never built, read by `utoipa::ToSchema`
use plantdoc_core::http::schemas::SignDate as Date;
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Operator {
    #[serde(rename = "_id")]
    id: String,
    op_no: String,
    full_name: String,
}

/// One reading obligation.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Obligation {
    #[serde(rename = "_id")]
    id: String,
    operator: Operator,
    /// `swp` or `alert`.
    kind: String,
    part_number: String,
    doc_id: String,
    revision: Option<i64>,
    alert_tag: Option<String>,
    /// `new-revision`, `new-alert` or `expiring`.
    reason: String,
    due_date: Date,
    /// `open`, `overdue`, `done` or `void`.
    state: String,
    done_date: Option<Date>,
}

#[derive(Serialize, ToSchema)]
pub struct Page {
    results: Vec<Obligation>,
    total: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SummaryRow {
    /// The zone code, part number or operator id.
    key: String,
    label: String,
    open: i64,
    overdue: i64,
    due_soon: i64,
    done: i64,
    done_pct: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KioskObligation {
    part_number: String,
    part_id: String,
    kind: String,
    alert_tag: Option<String>,
    due_date: Date,
    overdue: bool,
}
