//! Field checks of the SWP forms (submit and zone edit): each answers the value or the
//! message shown under the field.
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::body::Verdict;
use plantdoc_core::error::Refusal;
use plantdoc_core::text;
use serde_json::Value;

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

/// A true/false field: `default` when absent or null.
pub fn flag_of(v: Option<&Value>, default: bool) -> Verdict<bool> {
    match v {
        None | Some(Value::Null) => Ok(default),
        Some(Value::Bool(b)) => Ok(*b),
        Some(_) => Err(text!("Expected true or false.").into()),
    }
}
