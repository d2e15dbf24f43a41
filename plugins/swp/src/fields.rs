//! Field checks of the SWP forms (submit and zone edit): each answers the value or the
//! message shown under the field.
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::error::{FieldErrors, Refusal};
use plantdoc_core::text;
use serde_json::Value;

pub const MAX_PART_CHARS: usize = 40;

/// Upper-cased, trimmed part number, or why not.
pub fn check_part(v: &Value) -> Result<String, Refusal> {
    let s = v.as_str().unwrap_or("").trim().to_uppercase();
    if s.is_empty() {
        return Err(text!("Please enter the part number.").into());
    }
    if s.chars().count() > MAX_PART_CHARS
        || !s.chars().all(|c| c.is_ascii_alphanumeric() || "-_./ ".contains(c))
    {
        return Err(format!(
            "A part number has at most {MAX_PART_CHARS} letters, digits, spaces and - _ . /"
        )
        .into());
    }
    Ok(s)
}

/// A non-empty list of the company's zones, in the company's order, or why not.
pub fn check_zones(state: &AppState, user: &User, v: &Value) -> Result<Vec<String>, Refusal> {
    state.zones.check_selection(&user.company_code, v)
}

/// A section's ids: a list of strings (a lone string or null are taken too).
pub fn id_list(v: Option<&Value>) -> Result<Vec<String>, Refusal> {
    match v {
        None | Some(Value::Null) => Ok(Vec::new()),
        Some(Value::String(s)) if s.is_empty() => Ok(Vec::new()),
        Some(Value::String(s)) => Ok(vec![s.clone()]),
        Some(Value::Array(a)) => a
            .iter()
            .map(|x| {
                x.as_str().map(str::to_string).ok_or_else(|| text!("File ids are strings.").into())
            })
            .collect(),
        Some(_) => Err(text!("File ids are a list of strings.").into()),
    }
}

pub fn flag(body: &Value, key: &str, default: bool, e: &mut FieldErrors, field: &str) -> bool {
    match body.get(key) {
        None | Some(Value::Null) => default,
        Some(Value::Bool(b)) => *b,
        Some(_) => {
            e.insert(field.into(), text!("Expected true or false.").into());
            default
        }
    }
}
