//! Change control of a revision's submission, the same for every module's documents: while
//! a module provides [`ChangeControl`], a revision after the part's first needs its
//! reason (the 'Changes' note) and may name the change request it belongs to
//! (`changeRequest`), which must list the document. With the provider off both fields
//! behave as the spec has them, and naming a change request is refused.
use serde_json::Value;
use sqlx::AnyConnection;

use crate::app::AppState;
use crate::auth::users::User;
use crate::error::{AppResult, FieldErrors};
use crate::ports::{AttachedRevision, ChangeControl, REASON_REQUIRED};
use crate::text;

/// The body's field naming the change request.
pub const FIELD: &str = "changeRequest";

/// A submission's change-control fields as checked.
#[derive(Debug, Clone, Default)]
pub struct Checked {
    /// The change request named (its number), if one was.
    pub request: Option<String>,
}

/// Checks `changeRequest` and the reason rule; refusals go into `e` under `changes` and
/// `changeRequest`. `earlier`: the part already has a deployed revision of this kind.
#[allow(clippy::too_many_arguments, reason = "the fields of one submission, checked once")]
pub async fn check(
    state: &AppState,
    user: &User,
    body: &Value,
    kind: &str,
    part: Option<&str>,
    earlier: bool,
    reason: &str,
    e: &mut FieldErrors,
) -> AppResult<Checked> {
    let port = state.port::<dyn ChangeControl>();
    let named = match body.get(FIELD) {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if s.trim().is_empty() => None,
        Some(Value::String(s)) => Some(s.trim().to_string()),
        Some(_) => {
            e.insert(FIELD.into(), text!("The change request is its number, as text.").into());
            None
        }
    };
    let Some(port) = port else {
        if named.is_some() {
            e.insert(FIELD.into(), text!("Change control is not switched on.").into());
        }
        return Ok(Checked::default());
    };
    if earlier && reason.trim().is_empty() {
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
