//! The training routes' answers, as the handlers return them (the OpenAPI document shows
//! these very types); their requests are `requests.rs`.
use serde::Serialize;
use utoipa::ToSchema;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Operator {
    #[serde(rename = "_id")]
    pub(crate) id: String,
    pub(crate) op_no: String,
    pub(crate) full_name: String,
}

#[derive(Serialize, ToSchema)]
pub struct MatrixRef {
    pub(crate) shift: i64,
    pub(crate) cell: String,
    pub(crate) zone: i64,
}

/// The Add Training form's answer.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Added {
    pub(crate) part_number: String,
    pub(crate) op: String,
    pub(crate) squares: i64,
    pub(crate) matrices: Vec<MatrixRef>,
}

/// A training matrix: its part columns and operator rows with their cells.
#[allow(
    dead_code,
    reason = "the OpenAPI description of the matrix answer written as bytes (answer.rs)"
)]
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Matrix {
    part_list: Vec<PartColumn>,
    matrix: Vec<OpRow>,
}

#[allow(
    dead_code,
    reason = "the OpenAPI description of the matrix answer written as bytes (answer.rs)"
)]
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

#[allow(
    dead_code,
    reason = "the OpenAPI description of the matrix answer written as bytes (answer.rs)"
)]
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

#[allow(
    dead_code,
    reason = "the OpenAPI description of the matrix answer written as bytes (answer.rs)"
)]
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
    pub(crate) id: String,
    pub(crate) squares: i64,
    pub(crate) previous: i64,
}

#[derive(Serialize, ToSchema)]
pub struct Genesis {
    #[serde(rename = "_id")]
    pub(crate) id: String,
    pub(crate) squares: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewPart {
    pub(crate) part_number: String,
    pub(crate) part_desc: String,
    pub(crate) part_rotation: i64,
    pub(crate) cert_target: i64,
}

#[derive(Serialize, ToSchema)]
pub struct PartAdded {
    #[serde(rename = "_id")]
    pub(crate) id: String,
    pub(crate) part: NewPart,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewOp {
    pub(crate) op_id: String,
    pub(crate) op_number: String,
    pub(crate) op_name: String,
    pub(crate) cert_target: i64,
}

#[derive(Serialize, ToSchema)]
pub struct OpAdded {
    #[serde(rename = "_id")]
    pub(crate) id: String,
    pub(crate) op: NewOp,
}

/// `{"deleted": id}`
#[derive(Serialize, ToSchema)]
pub struct Deleted {
    pub(crate) deleted: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertsOp {
    pub(crate) cert_target_op_hours: i64,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertsPart {
    pub(crate) cert_target_part_hours: i64,
}

#[derive(Serialize, ToSchema)]
pub struct Squares {
    pub(crate) squares: i64,
}
