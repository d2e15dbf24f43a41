//! What every document that goes through review stages (SWPs, alerts) reads from a
//! reviewer's or a deleting user's request, with one set of rules and texts.
use serde::Deserialize;
use serde_json::Value;
use sqlx::{AnyConnection, Row};

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

/// Separation of duties (issue 25): one person approves at most one stage of an item,
/// whatever their department or position is later. The item's recorded approvals (its
/// `{stage}_status` and `{stage}_reviewer_id` columns) are what counts, never who the
/// approver is now. Of `stages`, the one `user_id` already approved on row `id` of
/// `table`, other than `stage` (a stage pending for them is judged elsewhere).
pub async fn stage_approved_by<'s>(conn: &mut AnyConnection, table: &str, id: &str, stages: &[&'s str], stage: &str, user_id: &str) -> Result<Option<&'s str>, sqlx::Error> {
    let cols: Vec<String> = stages.iter().map(|k| format!("{k}_status, {k}_reviewer_id")).collect();
    let sql = format!("SELECT {} FROM {table} WHERE id = $1", cols.join(", "));
    let Some(row) = sqlx::query(&sql).bind(id).fetch_optional(conn).await? else { return Ok(None) };
    for k in stages.iter().filter(|k| **k != stage) {
        let status: String = row.try_get(format!("{k}_status").as_str())?;
        let by: Option<String> = row.try_get(format!("{k}_reviewer_id").as_str())?;
        if approved_by(&status, by.as_deref(), user_id) {
            return Ok(Some(*k));
        }
    }
    Ok(None)
}

fn approved_by(status: &str, reviewer: Option<&str>, user_id: &str) -> bool {
    status == "Approved" && reviewer == Some(user_id)
}

/// The refusal of a second approval by the same person (403, the house's `error` shape).
/// `what` names the item ("SWP", "alert"), `approved` the stage they approved.
pub fn second_stage_refusal(what: &str, approved: &str) -> AppError {
    AppError::Forbidden(format!("You approved the {approved} stage of this {what}: another person approves each of the other stages."))
}

/// The same rule as a condition of the approval's conditional UPDATE, so two approvals
/// racing on two stages cannot both pass the check above: no stage of `stages` but
/// `stage` was approved by the user bound as `$n`.
pub fn not_approved_by_sql(stages: &[&str], stage: &str, n: usize) -> String {
    stages
        .iter()
        .filter(|k| **k != stage)
        .map(|k| format!(" AND NOT ({k}_status = 'Approved' AND COALESCE({k}_reviewer_id, '') = ${n})"))
        .collect()
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

    #[test]
    fn one_person_one_stage() {
        // (status, reviewer, who asks, counts as their approval)
        let rows = [
            ("Approved", Some("u1"), "u1", true),
            ("Approved", Some("u2"), "u1", false),
            ("Rejected", Some("u1"), "u1", false),
            ("Pending", None, "u1", false),
            ("Approved", None, "u1", false),
        ];
        for (status, by, who, want) in rows {
            assert_eq!(approved_by(status, by, who), want, "{status} {by:?} {who}");
        }
        let sql = not_approved_by_sql(&["process", "quality", "production"], "quality", 7);
        assert_eq!(
            sql,
            " AND NOT (process_status = 'Approved' AND COALESCE(process_reviewer_id, '') = $7) \
             AND NOT (production_status = 'Approved' AND COALESCE(production_reviewer_id, '') = $7)"
        );
        assert_eq!(not_approved_by_sql(&["engineer"], "engineer", 1), "");
    }
}
