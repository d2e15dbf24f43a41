//! The checks of the training forms, with the spec's texts (section 5). Values may come
//! as numbers or as the strings a form sends.
use plantdoc_core::error::FieldErrors;
use serde_json::Value;

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
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Scope {
    pub shift: i64,
    pub cell: String,
    pub zone: i64,
}

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

pub fn scope_in(body: &Value, e: &mut FieldErrors) -> Option<Scope> {
    scope_of(body.get("shift"), body.get("cell"), body.get("zone"), e)
}

/// Certification hours 0-24 under `field`, with `msg` when out of range or missing.
pub fn hours(body: &Value, field: &str, msg: &str, e: &mut FieldErrors) -> Option<i64> {
    let h = int(body.get(field)).filter(|h| (0..=MAX_HOURS).contains(h));
    if h.is_none() {
        e.insert(field.into(), msg.into());
    }
    h
}

pub fn rotation(body: &Value, e: &mut FieldErrors) -> Option<i64> {
    let r = int(body.get("partRotation")).filter(|r| ROTATIONS.contains(r));
    if r.is_none() {
        e.insert("partRotation".into(), ROTATION_REQUIRED.into());
    }
    r
}

pub fn description(body: &Value, e: &mut FieldErrors) -> String {
    let d = text(body.get("partDesc"));
    if d.chars().count() > MAX_DESC_CHARS {
        e.insert("partDesc".into(), DESC_TOO_LONG.into());
    }
    d
}

pub fn notes(body: &Value, e: &mut FieldErrors) -> String {
    let n = text(body.get("notes"));
    if n.chars().count() > MAX_NOTES_CHARS {
        e.insert("notes".into(), NOTES_TOO_LONG.into());
    }
    n
}

/// A level of the matrix: -1 (not started) to 4 (fully certified).
pub fn level(body: &Value, field: &str, e: &mut FieldErrors) -> Option<i64> {
    let l = int(body.get(field)).filter(|l| (-1..=4).contains(l));
    if l.is_none() {
        e.insert(field.into(), LEVEL_RANGE.into());
    }
    l
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
        assert_eq!(hours(&json!({"h": 25}), "h", HOURS_RANGE, &mut e), None);
        assert_eq!(e["h"], HOURS_RANGE);
        let mut e = FieldErrors::new();
        assert_eq!(
            scope_of(Some(&json!("2")), Some(&json!("b")), Some(&json!(3)), &mut e),
            Some(Scope { shift: 2, cell: "B".into(), zone: 3 })
        );
        assert!(e.is_empty());
        assert_eq!(scope_of(Some(&json!(4)), Some(&json!("E")), Some(&json!(0)), &mut e), None);
        assert_eq!(e.len(), 3);
    }
}
