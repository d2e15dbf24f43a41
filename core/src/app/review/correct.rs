//! 'Submit a corrected version' (decision 65): a submission may name the rejected document
//! it corrects (`corrects` in the upload form). Only that document's authors, or a
//! manager of its company, correct it; for the same part; and only a rejected one. The
//! new row keeps the rejection it answers as it stood (who, when, the note): a rejected
//! document never changes again, so the copy stays true and every read of the new one
//! shows it without a join. The submit's transaction checks again and writes an audit
//! row on the rejected document beside the submit's own.
use crate::{msg, text};
use serde::Serialize;
use serde_json::Value;
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use crate::audit::AuditEntry;
use crate::auth::users::User;
use crate::clock::iso;
use crate::error::{AppError, AppResult, Refusal};
use crate::zones::Zones;

use super::engine::{fetch, Document};
use super::kind::can_see;
use super::record::Status;

/// The form field that names the rejected document.
pub const FIELD: &str = "corrects";

/// The rejected document a submission corrects, and its rejection as it stood.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Correction {
    pub id: String,
    pub date: Option<i64>,
    pub reviewer: Option<String>,
    pub note: Option<String>,
}

impl Correction {
    /// From a row read with `record_columns!` (None: it corrects nothing).
    pub fn from_row(r: &AnyRow) -> Result<Option<Self>, sqlx::Error> {
        let Some(id) = r.try_get::<Option<String>, _>("corrects_id")? else { return Ok(None) };
        Ok(Some(Self {
            id,
            date: r.try_get("corrects_date")?,
            reviewer: r.try_get("corrects_reviewer")?,
            note: r.try_get("corrects_note")?,
        }))
    }

    /// `{_id, rejectedDate, reviewer, note}`: the document's `corrects`.
    pub fn view(&self) -> CorrectsView<'_> {
        CorrectsView {
            id: &self.id,
            note: self.note.as_deref(),
            rejected_date: self.date.map(iso),
            reviewer: self.reviewer.as_deref(),
        }
    }
}

/// `corrects` of a document's answer: the rejected document's id, when it was rejected,
/// by whom and the note (fields sorted, as a `serde_json::Value` writes them).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CorrectsView<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    note: Option<&'a str>,
    rejected_date: Option<String>,
    reviewer: Option<&'a str>,
}

/// The form's `corrects`: absent, null or blank for none, else a document id.
pub fn read_field(v: Option<&Value>) -> Result<Option<String>, Refusal> {
    match v {
        None | Some(Value::Null) => Ok(None),
        Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
        Some(Value::String(s)) if s.len() <= 64 => Ok(Some(s.trim().to_string())),
        Some(_) => Err(text!("Name the rejected document by its id.").into()),
    }
}

/// Whether `user` may submit a corrected version of document `id` for part `part`: the
/// correction to record, or why not (a document they cannot see reads as missing).
pub async fn judge<D: Document>(
    conn: &mut AnyConnection,
    zones: &Zones,
    user: &User,
    id: &str,
    part: &str,
) -> Result<Result<Correction, Refusal>, sqlx::Error> {
    let w = &D::KIND.words;
    let doc = match fetch::<D>(conn, id).await? {
        Some(d) if can_see(zones, user, &d) => d,
        _ => return Ok(Err(msg!("The {} to correct was not found.", w.one).into())),
    };
    if !doc.is_author(&user.id) && !user.is_manager() {
        return Ok(Err(msg!(
            "Only the {}'s authors and managers submit a corrected version of it.",
            w.one
        )
        .into()));
    }
    if doc.part_number != part {
        return Ok(Err(
            msg!("A corrected version is for the same part ({}).", doc.part_number).into()
        ));
    }
    let rejection = match (doc.status, doc.rejection()) {
        (Status::Rejected, Some(r)) => r,
        _ => {
            return Ok(Err(msg!(
                "Only a rejected {} is corrected; this one is {}.",
                w.one,
                doc.status.as_str()
            )
            .into()))
        }
    };
    // One correction in review at a time: a second would be reviewed beside the first.
    let sql = format!(
        "SELECT 1 FROM {} WHERE corrects_id = $1 AND status = 'pending'",
        D::KIND.table.name
    );
    if sqlx::query(&sql).bind(&doc.id).fetch_optional(&mut *conn).await?.is_some() {
        return Ok(Err(msg!("A corrected version of this {} is already in review.", w.one).into()));
    }
    Ok(Ok(Correction {
        id: doc.id.clone(),
        date: rejection.date,
        reviewer: rejection.reviewer.clone(),
        note: rejection.note.clone(),
    }))
}

/// [`judge`] inside the submit's transaction: the correction, or the field error.
pub(super) async fn confirm<D: Document>(
    conn: &mut AnyConnection,
    zones: &Zones,
    user: &User,
    id: &str,
    part: &str,
) -> AppResult<Correction> {
    judge::<D>(conn, zones, user, id, part).await?.map_err(|r| r.on(FIELD))
}

/// The audit row on the rejected document: `new_id` corrects it.
pub(super) fn audit<D: Document>(user: &User, c: &Correction, new_id: &str) -> AuditEntry {
    let k = D::KIND;
    k.act(
        user,
        "correct",
        &c.id,
        format!(
            "corrected: {} {new_id} submitted as the corrected version of this rejected one",
            k.words.one
        ),
    )
    .after(serde_json::json!({"correctedBy": new_id}))
}

/// The column values of a correction (or none) in the new row: id, date, reviewer, note.
pub(super) fn cells(
    c: Option<&Correction>,
) -> (Option<String>, Option<i64>, Option<String>, Option<String>) {
    c.map_or((None, None, None, None), |c| {
        (Some(c.id.clone()), c.date, c.reviewer.clone(), c.note.clone())
    })
}

/// A module's form check: the correction `v` names for `part`, or the field's error.
pub async fn check<D: Document>(
    state: &crate::app::AppState,
    user: &User,
    v: Option<&Value>,
    part: Option<&str>,
) -> AppResult<Result<Option<String>, Refusal>> {
    let id = match read_field(v) {
        Ok(Some(id)) => id,
        other => return Ok(other),
    };
    let Some(part) = part else { return Ok(Ok(Some(id))) };
    let mut conn = state.db.pool.acquire().await.map_err(AppError::from)?;
    Ok(judge::<D>(&mut conn, &state.zones, user, &id, part).await?.map(|_| Some(id)))
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_field_and_its_view() {
        assert_eq!(read_field(None).unwrap(), None);
        assert_eq!(read_field(Some(&json!(null))).unwrap(), None);
        assert_eq!(read_field(Some(&json!("  "))).unwrap(), None);
        assert_eq!(read_field(Some(&json!(" ab "))).unwrap().as_deref(), Some("ab"));
        assert!(read_field(Some(&json!(7))).is_err());
        assert!(read_field(Some(&json!("x".repeat(65)))).is_err());
        let c = Correction {
            id: "r1".into(),
            date: Some(0),
            reviewer: Some("Q S".into()),
            note: Some("Wrong torque".into()),
        };
        let v = serde_json::to_value(c.view()).unwrap();
        assert_eq!(
            v,
            json!({"_id": "r1", "note": "Wrong torque", "rejectedDate": "1970-01-01T00:00:00.000Z", "reviewer": "Q S"})
        );
        assert_eq!(cells(None), (None, None, None, None));
    }
}
