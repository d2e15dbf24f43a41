//! The review engine: one implementation of staged review for every module's documents
//! (docs/modules.md, "Staged review"). A module describes its kind of document
//! ([`Kind`]: table, words, uploaders) and its stages ([`Flow`]: who reviews each, in
//! which order, who may bypass), and implements [`Document`] (its row, its deploy hook,
//! its answer); the engine owns submit bookkeeping, approve, reject, delete, bypass, the
//! audit rows of each act in the act's transaction, and the concurrency rules.
//!
//! - `stages`: the verdicts and the stage rules (pure).
//! - `record`: the columns every document under review has, and its state.
//! - `kind`: a module's kind of document and who may do what with one (pure).
//! - `engine`: approve, reject (axum handlers generic over the document); `delete`: delete.
//! - `submit`: a checked upload becomes a document (and bypass).
//! - `change`: change control's fields of a submission (reason, change request).
//! - `correct`: a submission that corrects a rejected document.
//! - `notices`: the events of those acts (who waits, verdicts, deploys).
//! - `translations`: a document's translations, proposed and reviewed in its stages.
//! - `uploads`: the upload form's file drop, its revert and its 'on behalf of' list.
//!
//! This file: what every review request reads (a note, a list of ids) with one set of
//! rules and texts, and the separation of duties.
use crate::base::body::{self, FromBody};
use crate::{msg, text, FieldErrors};
use serde::Deserialize;
use serde_json::{Map, Value};

use crate::{AppError, AppResult};

pub mod change;
pub mod correct;
pub mod delete;
pub mod engine;
pub mod figures;
pub mod floor;
pub mod kind;
pub mod notices;
pub mod record;
pub mod retention;
pub mod stages;
pub mod submit;
pub mod translations;
pub mod uploads;

pub use correct::{Correction, CorrectsView};
pub use delete::RemoveWhenTold;
pub use engine::{Deploy, Deployed, Document, Hooks, Names};
pub use figures::KindFigures;
pub use floor::{on_floor, FloorDoc};
pub use kind::{
    can_manage, can_see, can_see_parts, process_uploader, Kind, Table, Uploaders, Words,
    PROCESS_UPLOADERS,
};
pub use notices::Notices;
pub use record::{Record, Review, ReviewView, Status};
pub use stages::{Closed, Flow, Order, Stage, Verdict};
pub use submit::{Cell, NewRecord, Submission};
pub use translations::Translated;

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
            None if required => {
                Err(AppError::field("reviewNote", text!("Please enter a note for the author.")))
            }
            Some(s) if s.chars().count() > MAX_NOTE_CHARS => Err(AppError::field(
                "reviewNote",
                msg!("The note must be at most {MAX_NOTE_CHARS} characters."),
            )),
            _ => Ok(n),
        }
    }
}

/// The ids of a delete request: a JSON list of 1 to [`MAX_BATCH`] strings, repeats
/// dropped, sorted (so two batches lock rows in the same order). `one` and `many` name
/// the document ("SWP"/"SWPs", "alert"/"alerts") in the field errors.
fn id_list(body: &Value, one: &str, many: &str) -> Result<Vec<String>, FieldErrors> {
    let bad = || body::one("body", msg!("Send a list of {one} ids."));
    let list = body.as_array().ok_or_else(bad)?;
    if list.is_empty() {
        return Err(body::one("body", msg!("Select at least one {one}.")));
    }
    if list.len() > MAX_BATCH {
        return Err(body::one("body", msg!("At most {MAX_BATCH} {many} at a time.")));
    }
    let mut out: Vec<String> = list
        .iter()
        .map(|v| v.as_str().map(str::to_string).ok_or_else(bad))
        .collect::<Result<_, _>>()?;
    out.sort();
    out.dedup();
    Ok(out)
}

/// Separation of duties (decision 48): one person approves at most one stage of an item,
/// whatever their department or position is later. The item's recorded approvals (its
/// `{stage}_status` and `{stage}_reviewer_id` columns) are what counts, never who the
/// approver is now: [`Flow::approved_elsewhere`] judges the request, and
/// [`not_approved_by_sql`] re-checks it in the approval's conditional UPDATE.
///
/// The refusal of a second approval by the same person (403, the house's `error` shape).
/// `what` names the item ("SWP", "alert"), `approved` the stage they approved.
pub fn second_stage_refusal(what: &str, approved: &str) -> AppError {
    AppError::Forbidden(msg!("You approved the {approved} stage of this {what}: another person approves each of the other stages."))
}

/// The same rule as a condition of the approval's conditional UPDATE, so two approvals
/// racing on two stages cannot both pass the check above: no stage of `stages` but
/// `stage` was approved by the user bound as `$n`.
pub fn not_approved_by_sql(stages: &[&str], stage: &str, n: usize) -> String {
    stages
        .iter()
        .filter(|k| **k != stage)
        .map(|k| {
            format!(" AND NOT ({k}_status = 'Approved' AND COALESCE({k}_reviewer_id, '') = ${n})")
        })
        .collect()
}

/// The body of delete-pending and delete-deployed: `[ids]`, 1 to [`MAX_BATCH`] of `D`'s
/// documents (see `id_list`), refused in its kind's words.
pub struct DeleteIds<D> {
    pub ids: Vec<String>,
    kind: std::marker::PhantomData<fn() -> D>,
}

impl<D: engine::Document> FromBody for DeleteIds<D> {
    fn parse(body: &Map<String, Value>) -> Result<Self, FieldErrors> {
        Self::parse_value(&Value::Object(body.clone()))
    }
    fn parse_value(body: &Value) -> Result<Self, FieldErrors> {
        let words = &D::KIND.words;
        let ids = id_list(body, words.one, words.many)?;
        Ok(DeleteIds { ids, kind: std::marker::PhantomData })
    }
}

impl<D> utoipa::PartialSchema for DeleteIds<D> {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::ArrayBuilder;
        ArrayBuilder::new()
            .items(<String as utoipa::PartialSchema>::schema())
            .min_items(Some(1))
            .max_items(Some(MAX_BATCH))
            .into()
    }
}

impl<D> utoipa::ToSchema for DeleteIds<D> {
    fn name() -> std::borrow::Cow<'static, str> {
        "DeleteIds".into()
    }
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
    fn one_person_one_stage_as_sql() {
        let sql = not_approved_by_sql(&["process", "quality", "production"], "quality", 7);
        assert_eq!(
            sql,
            " AND NOT (process_status = 'Approved' AND COALESCE(process_reviewer_id, '') = $7) \
             AND NOT (production_status = 'Approved' AND COALESCE(production_reviewer_id, '') = $7)"
        );
        assert_eq!(not_approved_by_sql(&["engineer"], "engineer", 1), "");
    }
}
