//! Change control of a revision's submission, the same for every module's documents: while
//! a module provides [`ChangeControl`], a revision after the part's first needs its
//! reason (the 'Changes' note) and may name the change request it belongs to
//! (`changeRequest`), which must list the document. With the provider off both fields
//! behave as the spec has them, and naming a change request is refused.
use serde_json::{Map, Value};
use sqlx::AnyConnection;

use crate::app::AppState;
use crate::auth::users::User;
use crate::base::body::{take, FromBody, Verdict};
use crate::error::{AppResult, FieldErrors};
use crate::ports::{AttachedRevision, ChangeControl, REASON_REQUIRED};
use crate::{msg, text};

/// The body's field naming the change request.
pub const FIELD: &str = "changeRequest";
/// The longest 'Changes' note (the spec's 140 characters).
pub const MAX_CHANGES_CHARS: usize = 140;

/// A submission's 'Changes' note, its reason under change control: text, trimmed, at most
/// [`MAX_CHANGES_CHARS`] characters; empty when not given.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Changes(pub String);

impl Changes {
    pub fn parse(v: Option<&Value>) -> Verdict<Changes> {
        let c = match v {
            None | Some(Value::Null) => "",
            Some(Value::String(s)) => s.trim(),
            Some(_) => return Err(text!("Changes are text.").into()),
        };
        if c.chars().count() > MAX_CHANGES_CHARS {
            return Err(msg!("Changes must be at most {MAX_CHANGES_CHARS} characters.").into());
        }
        Ok(Changes(c.to_string()))
    }
}

/// Change control's fields of an upload form.
#[derive(Debug, Clone, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChangeFields {
    #[schema(value_type = Option<String>, max_length = 140)]
    pub changes: Verdict<Changes>,
    /// The note as given (trimmed, "" when not text): change control asks whether there is
    /// one, even one refused as too long.
    #[serde(skip)]
    pub given: String,
    /// The change request's number
    #[schema(value_type = Option<String>)]
    pub change_request: Verdict<Option<String>>,
}

impl FromBody for ChangeFields {
    fn parse(body: &Map<String, Value>) -> Result<Self, FieldErrors> {
        let request = match body.get(FIELD) {
            None | Some(Value::Null) => Ok(None),
            Some(Value::String(s)) if s.trim().is_empty() => Ok(None),
            Some(Value::String(s)) => Ok(Some(s.trim().to_string())),
            Some(_) => Err(text!("The change request is its number, as text.").into()),
        };
        Ok(ChangeFields {
            changes: Changes::parse(body.get("changes")),
            given: body.get("changes").and_then(Value::as_str).unwrap_or("").trim().to_string(),
            change_request: request,
        })
    }
}

/// A submission's change-control fields as checked.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// The change request named (its number), if one was.
    pub request: Option<String>,
}

/// Checks `changeRequest` and the reason rule; refusals go into `e` under `changes` and
/// `changeRequest` (the note's own refusal is the module's to add, before). `earlier`:
/// the part already has a deployed revision of this kind.
pub async fn check(
    state: &AppState,
    user: &User,
    f: &ChangeFields,
    (kind, part): (&str, Option<&str>),
    earlier: bool,
    e: &mut FieldErrors,
) -> AppResult<Checked> {
    let port = state.port::<dyn ChangeControl>();
    let named = take(e, FIELD, &f.change_request).flatten();
    let Some(port) = port else {
        if named.is_some() {
            e.insert(FIELD.into(), text!("Change control is not switched on.").into());
        }
        return Ok(Checked::default());
    };
    if earlier && f.given.is_empty() {
        e.insert("changes".into(), REASON_REQUIRED.into());
    }
    if let (Some(n), Some(p)) = (&named, part) {
        if let Err(m) = port.check_request(state, &user.company_code, n, kind, p).await? {
            e.insert(FIELD.into(), m.into());
        }
    }
    Ok(Checked { request: named })
}

/// Tells change control, inside the submission's transaction, of the revision submitted
/// under `c.request` (nothing when none was named).
pub async fn attach(
    state: &AppState,
    conn: &mut AnyConnection,
    user: &User,
    c: &Checked,
    revision: AttachedRevision,
) -> AppResult<()> {
    let (Some(n), Some(port)) = (&c.request, state.port::<dyn ChangeControl>()) else {
        return Ok(());
    };
    port.attach(conn, &user.company_code, n, &revision).await
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn the_changes_note_and_the_change_request() {
        let read = |v: Value| ChangeFields::parse(v.as_object().unwrap()).unwrap();
        let f = read(json!({"changes": "  new seal  ", "changeRequest": " CR-7 "}));
        assert_eq!(f.changes.unwrap(), Changes("new seal".into()));
        assert_eq!(f.change_request.unwrap().as_deref(), Some("CR-7"));
        let f = read(json!({}));
        assert_eq!((f.changes.unwrap().0, f.change_request.unwrap()), (String::new(), None));
        assert_eq!(read(json!({"changeRequest": " "})).change_request.unwrap(), None);
        let f = read(json!({"changes": 3, "changeRequest": 4}));
        assert_eq!(f.changes.unwrap_err(), "Changes are text.");
        assert_eq!(f.change_request.unwrap_err(), "The change request is its number, as text.");
        assert!(read(json!({"changes": "c".repeat(140)})).changes.is_ok());
        let f = read(json!({"changes": "c".repeat(141)}));
        assert_eq!(f.changes.unwrap_err(), "Changes must be at most 140 characters.");
        assert_eq!(f.given.len(), 141, "a note refused as too long is still one given");
    }
}
