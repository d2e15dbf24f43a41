//! The schemas of the training routes' bodies and answers that handlers read or build as
//! `serde_json::Value`: each mirrors its handler's JSON field for field and is only read
//! by the OpenAPI description (`ApiRouter::body`/`returns`). Bodies are read leniently
//! (numbers as numbers or strings; a field map names each bad one): any JSON per field.
#![allow(dead_code)] // schema-only types: never built, read by `utoipa::ToSchema`
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// A matrix's key, as every edit names it.
#[derive(Serialize, ToSchema)]
pub struct MatrixKey {
    shift: Option<Value>,
    cell: Option<Value>,
    zone: Option<Value>,
}

/// The Add Training form.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddBody {
    op_id: Option<Value>,
    part_number: Option<Value>,
    level: Option<Value>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockBody {
    block_id: Option<Value>,
    squares: Option<Value>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddPartBody {
    shift: Option<Value>,
    cell: Option<Value>,
    zone: Option<Value>,
    part: Option<Value>,
    part_number: Option<Value>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpBody {
    shift: Option<Value>,
    cell: Option<Value>,
    zone: Option<Value>,
    op_id: Option<Value>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartBody {
    shift: Option<Value>,
    cell: Option<Value>,
    zone: Option<Value>,
    part_number: Option<Value>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertsOpBody {
    op_number: Option<Value>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertsPartBody {
    part_number: Option<Value>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Operator {
    #[serde(rename = "_id")]
    id: String,
    op_no: String,
    full_name: String,
}

#[derive(Serialize, ToSchema)]
pub struct MatrixRef {
    shift: i64,
    cell: String,
    zone: i64,
}

/// The Add Training form's answer.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Added {
    part_number: String,
    op: String,
    squares: i64,
    matrices: Vec<MatrixRef>,
}

/// A training matrix: its part columns and operator rows with their cells.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Matrix {
    part_list: Vec<PartColumn>,
    matrix: Vec<OpRow>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartColumn {
    #[serde(rename = "_id")]
    id: String,
    part_id: String,
    part_number: String,
    part_desc: String,
    part_rotation: i64,
    cert_target: i64,
    cert_count: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpRow {
    #[serde(rename = "_id")]
    id: String,
    op_id: String,
    op_number: String,
    op_name: String,
    cert_target: i64,
    cert_count: i64,
    row_data: Vec<Block>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Block {
    #[serde(rename = "_id")]
    id: String,
    op: String,
    squares: i64,
    cert_target_op_hours: i64,
}

#[derive(Serialize, ToSchema)]
pub struct BlockSet {
    #[serde(rename = "_id")]
    id: String,
    squares: i64,
    previous: i64,
}

#[derive(Serialize, ToSchema)]
pub struct Genesis {
    #[serde(rename = "_id")]
    id: String,
    squares: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPart {
    part_number: String,
    part_desc: String,
    part_rotation: i64,
    cert_target: i64,
}

#[derive(Serialize, ToSchema)]
pub struct PartAdded {
    #[serde(rename = "_id")]
    id: String,
    part: NewPart,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewOp {
    op_id: String,
    op_number: String,
    op_name: String,
    cert_target: i64,
}

#[derive(Serialize, ToSchema)]
pub struct OpAdded {
    #[serde(rename = "_id")]
    id: String,
    op: NewOp,
}

/// `{"deleted": id}`
#[derive(Serialize, ToSchema)]
pub struct Deleted {
    deleted: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertsOp {
    cert_target_op_hours: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertsPart {
    cert_target_part_hours: i64,
}

#[derive(Serialize, ToSchema)]
pub struct Squares {
    squares: i64,
}
