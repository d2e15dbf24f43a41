//! The training routes' requests, read from their bodies into the rules' types (decision
//! 124); the OpenAPI document shows these very types. Every change checks its caller
//! first (an editor of the matrix: 403), then the body: so a request keeps each field's
//! verdict (`Verdict`, the matrix's `Result`) and the handler answers them, with what
//! only the database can tell (a part, an operator, a line already there), in one map.
//! Numbers come as numbers or as the strings a form sends; lookup keys as trimmed text.
use plantdoc_core::body::{text, FromBody, Verdict};
use plantdoc_core::error::FieldErrors;
use serde_json::{Map, Value};
use utoipa::ToSchema;

use crate::fields::{
    int, FormInt, Hours, Level, Notes, PartDesc, Rotation, Scope, HOURS_MAX, HOURS_RANGE,
};

/// The matrix a change names (`shift`, `cell`, `zone`), or their errors.
pub type Matrix = Result<Scope, FieldErrors>;

/// The part a form names: a catalogue part id in `part`, else its `partNumber`.
#[derive(Debug, Clone, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartKey {
    #[schema(value_type = Option<String>)]
    pub part: String,
    /// Upper-cased.
    #[schema(value_type = Option<String>)]
    pub part_number: String,
}

impl PartKey {
    fn of(b: &Map<String, Value>) -> Self {
        PartKey { part: text(b, "part").into(), part_number: text(b, "partNumber").to_uppercase() }
    }
}

/// `POST matrix/edit/block`.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BlockEdit {
    /// `<part column>:<operator row>`, as the matrix names a block
    #[schema(value_type = Option<String>)]
    pub block_id: String,
    #[schema(value_type = FormInt)]
    pub squares: Verdict<Level>,
}

impl FromBody for BlockEdit {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Ok(BlockEdit {
            block_id: text(b, "blockId").into(),
            squares: Level::parse(b.get("squares")),
        })
    }
}

/// `POST matrix/add/part`: a part column.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewColumn {
    #[serde(flatten)]
    #[schema(value_type = Scope)]
    pub matrix: Matrix,
    #[serde(flatten)]
    pub part: PartKey,
    #[schema(value_type = Option<String>, max_length = 12)]
    pub part_desc: Verdict<PartDesc>,
    #[schema(value_type = FormInt)]
    pub part_rotation: Verdict<Rotation>,
    #[schema(value_type = FormInt)]
    pub cert_target_part_hours: Verdict<Hours>,
}

impl FromBody for NewColumn {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Ok(NewColumn {
            matrix: Scope::parse(b),
            part: PartKey::of(b),
            part_desc: PartDesc::parse(b.get("partDesc")),
            part_rotation: Rotation::parse(b.get("partRotation")),
            cert_target_part_hours: Hours::parse(b.get("certTargetPartHours"), HOURS_RANGE),
        })
    }
}

/// `POST matrix/add/op`: an operator row (name and number from the operator's account).
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewRow {
    #[serde(flatten)]
    #[schema(value_type = Scope)]
    pub matrix: Matrix,
    /// The operator's user id
    #[schema(value_type = Option<String>)]
    pub op_id: String,
    #[schema(value_type = FormInt)]
    pub cert_target_op_hours: Verdict<Hours>,
}

impl FromBody for NewRow {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Ok(NewRow {
            matrix: Scope::parse(b),
            op_id: text(b, "opId").into(),
            cert_target_op_hours: Hours::parse(b.get("certTargetOpHours"), HOURS_RANGE),
        })
    }
}

/// `POST matrix/add/genesis-block`: the first part, operator and block of an empty matrix.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Genesis {
    #[serde(flatten)]
    pub column: NewColumn,
    #[schema(value_type = Option<String>)]
    pub op_id: String,
    /// At most 24
    #[schema(value_type = FormInt)]
    pub cert_target_op_hours: Verdict<Hours>,
    #[schema(value_type = Option<String>, max_length = 250)]
    pub notes: Verdict<Notes>,
}

impl FromBody for Genesis {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Ok(Genesis {
            column: NewColumn::parse(b)?,
            op_id: text(b, "opId").into(),
            cert_target_op_hours: Hours::parse(b.get("certTargetOpHours"), HOURS_MAX),
            notes: Notes::parse(b.get("notes")),
        })
    }
}

/// `DELETE matrix/delete/op`: an operator row.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpLine {
    #[serde(flatten)]
    #[schema(value_type = Scope)]
    pub matrix: Matrix,
    /// The operator's user id
    #[schema(value_type = Option<String>)]
    pub op_id: String,
}

impl FromBody for OpLine {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Ok(OpLine { matrix: Scope::parse(b), op_id: text(b, "opId").into() })
    }
}

/// `DELETE matrix/delete/part`: a part column.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartLine {
    #[serde(flatten)]
    #[schema(value_type = Scope)]
    pub matrix: Matrix,
    /// Upper-cased
    #[schema(value_type = Option<String>)]
    pub part_number: String,
}

impl FromBody for PartLine {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Ok(PartLine { matrix: Scope::parse(b), part_number: text(b, "partNumber").to_uppercase() })
    }
}

/// `POST certs/op`: an operator's certification target, the row named by its number.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpTarget {
    #[serde(flatten)]
    #[schema(value_type = Scope)]
    pub matrix: Matrix,
    #[schema(value_type = Option<String>)]
    pub op_number: String,
    #[schema(value_type = FormInt)]
    pub cert_target_op_hours: Verdict<Hours>,
}

impl FromBody for OpTarget {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Ok(OpTarget {
            matrix: Scope::parse(b),
            op_number: text(b, "opNumber").into(),
            cert_target_op_hours: Hours::parse(b.get("certTargetOpHours"), HOURS_RANGE),
        })
    }
}

/// `POST certs/part`: a part's certification target.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartTarget {
    #[serde(flatten)]
    pub line: PartLine,
    #[schema(value_type = FormInt)]
    pub cert_target_part_hours: Verdict<Hours>,
}

impl FromBody for PartTarget {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Ok(PartTarget {
            line: PartLine::parse(b)?,
            cert_target_part_hours: Hours::parse(b.get("certTargetPartHours"), HOURS_RANGE),
        })
    }
}

/// `POST add`: the Add Training form.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddTraining {
    #[serde(flatten)]
    pub part: PartKey,
    /// The operator's user id
    #[schema(value_type = Option<String>)]
    pub op: String,
    #[schema(value_type = FormInt)]
    pub squares: Verdict<Level>,
}

impl FromBody for AddTraining {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Ok(AddTraining {
            part: PartKey::of(b),
            op: text(b, "op").into(),
            squares: Level::parse(b.get("squares")),
        })
    }
}

/// `POST waivers`: `days` is checked against the plant's `waiver_max_days`.
#[derive(ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaiverGrant {
    #[serde(flatten)]
    pub part: PartKey,
    #[schema(value_type = String)]
    pub op_id: String,
    #[schema(value_type = String, min_length = 1, max_length = 500)]
    pub reason: Verdict<crate::waivers::Reason>,
    #[schema(value_type = FormInt)]
    pub days: Option<i64>,
}

impl FromBody for WaiverGrant {
    fn parse(b: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Ok(WaiverGrant {
            part: PartKey::of(b),
            op_id: text(b, "opId").into(),
            reason: crate::waivers::Reason::parse(b.get("reason")),
            days: int(b.get("days")),
        })
    }
}
