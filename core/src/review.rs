//! What every document that goes through review stages (SWPs, alerts) reads from a
//! reviewer's or a deleting user's request, with one set of rules and texts.
use serde::Deserialize;
use serde_json::Value;

use crate::{AppError, AppResult};

/// The longest review note, in characters.
pub const MAX_NOTE_CHARS: usize = 1000;
/// The most documents one delete request names.
pub const MAX_BATCH: usize = 100;

/// The body of approve/{id} and reject/{id}: `{reviewNote}`.
#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReviewBody {
    #[serde(default)]
    pub review_note: Option<String>,
}

impl ReviewBody {
    /// The trimmed note (None when blank); a rejection needs one (`required`).
    pub fn note(self, required: bool) -> AppResult<Option<String>> {
        let n = self.review_note.map(|s| s.trim().to_string()).filter(|s| !s.is_empty());
        match &n {
            None if required => Err(AppError::field("reviewNote", "Please enter a note for the author.")),
            Some(s) if s.chars().count() > MAX_NOTE_CHARS => {
                Err(AppError::field("reviewNote", format!("The note must be at most {MAX_NOTE_CHARS} characters.")))
            }
            _ => Ok(n),
        }
    }
}

/// The ids of a delete request: a JSON list of 1 to [`MAX_BATCH`] strings, repeats
/// dropped, sorted (so two batches lock rows in the same order). `one` and `many` name
/// the document ("SWP"/"SWPs", "alert"/"alerts") in the field errors.
pub fn id_list(body: &Value, one: &str, many: &str) -> AppResult<Vec<String>> {
    let bad = || AppError::field("body", format!("Send a list of {one} ids."));
    let list = body.as_array().ok_or_else(bad)?;
    if list.is_empty() {
        return Err(AppError::field("body", format!("Select at least one {one}.")));
    }
    if list.len() > MAX_BATCH {
        return Err(AppError::field("body", format!("At most {MAX_BATCH} {many} at a time.")));
    }
    let mut out: Vec<String> = list.iter().map(|v| v.as_str().map(str::to_string).ok_or_else(bad)).collect::<AppResult<_>>()?;
    out.sort();
    out.dedup();
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn ids_and_notes() {
        assert_eq!(id_list(&json!(["b", "a", "b"]), "SWP", "SWPs").unwrap(), vec!["a", "b"]);
        for bad in [json!({}), json!([]), json!([1]), json!(vec!["x"; MAX_BATCH + 1])] {
            assert!(id_list(&bad, "SWP", "SWPs").is_err(), "{bad}");
        }
        let body = |n: &str| ReviewBody { review_note: Some(n.into()) };
        assert_eq!(body("  ok ").note(true).unwrap().as_deref(), Some("ok"));
        assert!(body("   ").note(true).is_err());
        assert_eq!(body("   ").note(false).unwrap(), None);
        assert!(body(&"n".repeat(MAX_NOTE_CHARS + 1)).note(false).is_err());
    }
}
