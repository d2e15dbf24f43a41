//! The checks of the training forms, with the spec's texts (section 5). Values may come
//! as numbers or as the strings a form sends.
use plantdoc_core::body::Verdict;
use plantdoc_core::error::FieldErrors;
use serde_json::{Map, Value};

pub const PART_REQUIRED: &str = "Please select the part number";
pub const PART_PRESENT: &str = "This part is already in the matrix";
pub const DESC_TOO_LONG: &str = "Part description must be a maximum of 12 characters";
pub const ROTATION_REQUIRED: &str = "Please enter the required rotation hours";
pub const HOURS_RANGE: &str = "Hours must be between 0 and 24";
pub const OP_REQUIRED: &str = "Please select the operator number";
pub const OP_PRESENT: &str = "This operator is already in the matrix";
pub const NOTES_TOO_LONG: &str = "Please limit your notes to 250 characters";
pub const HOURS_MAX: &str = "Number must not exceed 24 hours";
pub const LEVEL_RANGE: &str = "Please select a training level from -1 to 4";

pub const MAX_DESC_CHARS: usize = 12;
pub const MAX_NOTES_CHARS: usize = 250;
pub const MAX_HOURS: i64 = 24;
pub const ROTATIONS: [i64; 3] = [2, 4, 8];
pub const SHIFTS: [i64; 3] = [1, 2, 3];
pub const CELLS: [&str; 4] = ["A", "B", "C", "D"];
pub const ZONES: [i64; 3] = [1, 2, 3];

/// One matrix: shift 1-3, cell A-D, zone 1-3 (within the caller's company).
#[derive(Debug, Clone, PartialEq, Eq, utoipa::ToSchema)]
pub struct Scope {
    #[schema(value_type = FormInt)]
    pub shift: i64,
    pub cell: String,
    #[schema(value_type = FormInt)]
    pub zone: i64,
}

/// A whole number as a form sends it: a JSON number or a string of digits ([`int`]).
pub struct FormInt;

impl utoipa::PartialSchema for FormInt {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, Type};
        OneOfBuilder::new()
            .item(ObjectBuilder::new().schema_type(Type::Integer))
            .item(ObjectBuilder::new().schema_type(Type::String))
            .into()
    }
}

impl utoipa::ToSchema for FormInt {}

impl Scope {
    pub fn to_json(&self) -> Value {
        serde_json::json!({"shift": self.shift, "cell": self.cell, "zone": self.zone})
    }
}

/// A whole number from a JSON number or a numeric string.
pub fn int(v: Option<&Value>) -> Option<i64> {
    match v? {
        Value::Number(n) => n
            .as_i64()
            .or_else(|| n.as_f64().filter(|f| f.fract() == 0.0 && f.abs() < 1e9).map(|f| f as i64)),
        Value::String(s) => s.trim().parse::<i64>().ok(),
        _ => None,
    }
}

/// A trimmed string ("" when missing or not a string).
pub fn text(v: Option<&Value>) -> String {
    v.and_then(Value::as_str).unwrap_or("").trim().to_string()
}

/// The matrix named by strings (a path) or by body fields.
pub fn scope_of(
    shift: Option<&Value>,
    cell: Option<&Value>,
    zone: Option<&Value>,
    e: &mut FieldErrors,
) -> Option<Scope> {
    let shift = int(shift).filter(|s| SHIFTS.contains(s));
    let cell = text(cell).to_uppercase();
    let zone = int(zone).filter(|z| ZONES.contains(z));
    if shift.is_none() {
        e.insert("shift".into(), "Please select shift 1, 2 or 3".into());
    }
    if !CELLS.contains(&cell.as_str()) {
        e.insert("cell".into(), "Please select cell A, B, C or D".into());
    }
    if zone.is_none() {
        e.insert("zone".into(), "Please select zone 1, 2 or 3".into());
    }
    Some(Scope {
        shift: shift?,
        cell: CELLS.contains(&cell.as_str()).then_some(cell)?,
        zone: zone?,
    })
}

impl Scope {
    /// The matrix a change names by its body's `shift`, `cell` and `zone`.
    pub fn parse(body: &Map<String, Value>) -> Result<Scope, FieldErrors> {
        let mut e = FieldErrors::new();
        scope_of(body.get("shift"), body.get("cell"), body.get("zone"), &mut e).ok_or(e)
    }
}

/// Whole certification hours, 0 to 24; refused with the words of the form that asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Hours(pub i64);

impl Hours {
    pub fn parse(v: Option<&Value>, refused: &str) -> Verdict<Hours> {
        int(v).filter(|h| (0..=MAX_HOURS).contains(h)).map(Hours).ok_or_else(|| refused.into())
    }
}

/// A part's rotation hours: 2, 4 or 8.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rotation(pub i64);

impl Rotation {
    pub fn parse(v: Option<&Value>) -> Verdict<Rotation> {
        int(v)
            .filter(|r| ROTATIONS.contains(r))
            .map(Rotation)
            .ok_or_else(|| ROTATION_REQUIRED.into())
    }
}

/// A part's description in the matrix: at most 12 characters, trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartDesc(pub String);

impl PartDesc {
    pub fn parse(v: Option<&Value>) -> Verdict<PartDesc> {
        at_most(v, MAX_DESC_CHARS, DESC_TOO_LONG).map(PartDesc)
    }
}

/// A trimmed text of at most `max` characters, else `refused`.
fn at_most(v: Option<&Value>, max: usize, refused: &str) -> Verdict<String> {
    let t = text(v);
    if t.chars().count() > max {
        return Err(refused.into());
    }
    Ok(t)
}

/// A block's notes: at most 250 characters, trimmed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Notes(pub String);

impl Notes {
    pub fn parse(v: Option<&Value>) -> Verdict<Notes> {
        at_most(v, MAX_NOTES_CHARS, NOTES_TOO_LONG).map(Notes)
    }
}

/// A level of the matrix: -1 (not started) to 4 (fully certified).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Level(pub i64);

impl Level {
    pub fn parse(v: Option<&Value>) -> Verdict<Level> {
        int(v).filter(|l| (-1..=4).contains(l)).map(Level).ok_or_else(|| LEVEL_RANGE.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn numbers_and_strings() {
        assert_eq!(int(Some(&json!(8))), Some(8));
        assert_eq!(int(Some(&json!("24"))), Some(24));
        assert_eq!(int(Some(&json!(2.0))), Some(2));
        assert_eq!(int(Some(&json!(2.5))), None);
        assert_eq!(int(Some(&json!("x"))), None);
        let mut e = FieldErrors::new();
        assert_eq!(
            scope_of(Some(&json!("2")), Some(&json!("b")), Some(&json!(3)), &mut e),
            Some(Scope { shift: 2, cell: "B".into(), zone: 3 })
        );
        assert!(e.is_empty());
        assert_eq!(scope_of(Some(&json!(4)), Some(&json!("E")), Some(&json!(0)), &mut e), None);
        assert_eq!(e.len(), 3);
        let body = |v: Value| v.as_object().unwrap().clone();
        assert_eq!(
            Scope::parse(&body(json!({"shift": 1, "cell": "a", "zone": "1"}))).unwrap().cell,
            "A"
        );
        assert_eq!(Scope::parse(&body(json!({"cell": "A", "zone": 1}))).unwrap_err().len(), 1);
    }

    /// Each rule's edges, its value as a number or a form's string, and its words.
    #[test]
    fn the_rules_live_in_their_types() {
        for (v, ok) in [
            (json!(-1), true),
            (json!("4"), true),
            (json!(5), false),
            (json!(-2), false),
            (json!("x"), false),
            (Value::Null, false),
        ] {
            assert_eq!(Level::parse(Some(&v)).is_ok(), ok, "{v}");
        }
        assert_eq!(Level::parse(None).unwrap_err(), LEVEL_RANGE);
        assert_eq!(Level::parse(Some(&json!(3))).unwrap(), Level(3));
        assert_eq!(Hours::parse(Some(&json!(24)), HOURS_RANGE).unwrap(), Hours(24));
        assert_eq!(Hours::parse(Some(&json!("0")), HOURS_RANGE).unwrap(), Hours(0));
        assert_eq!(Hours::parse(Some(&json!(24.5)), HOURS_MAX).unwrap_err(), HOURS_MAX);
        assert_eq!(Hours::parse(Some(&json!(-1)), HOURS_RANGE).unwrap_err(), HOURS_RANGE);
        assert_eq!(Rotation::parse(Some(&json!("8"))).unwrap(), Rotation(8));
        assert_eq!(Rotation::parse(Some(&json!(3))).unwrap_err(), ROTATION_REQUIRED);
        assert_eq!(PartDesc::parse(Some(&json!(" 123456789012 "))).unwrap().0, "123456789012");
        assert_eq!(PartDesc::parse(Some(&json!("1234567890123"))).unwrap_err(), DESC_TOO_LONG);
        assert_eq!(PartDesc::parse(None).unwrap().0, "");
        assert_eq!(Notes::parse(Some(&json!("n".repeat(250)))).unwrap().0.len(), 250);
        assert_eq!(Notes::parse(Some(&json!("n".repeat(251)))).unwrap_err(), NOTES_TOO_LONG);
    }
}
