//! Deleting reviewed documents, all or nothing: pending and rejected ones leave review,
//! deployed ones leave the plant floor, each with its audit row in the act's transaction
//! (the module's row locks first, `Hooks::before_delete`, then its rows after).
use axum::extract::State;
use serde_json::json;

use crate::app::http::schemas::Deleted;
use crate::app::AppState;
use crate::auth::users::User;
use crate::auth::CurrentUser;
use crate::base::body::Parsed;
use crate::error::{AppError, AppResult};
use crate::msg;
use sqlx::AnyConnection;

use super::engine::*;
use super::kind::can_manage;
use super::record::Status;
use super::DeleteIds;

/// `POST delete-pending` `[ids]`: pending and rejected documents leave review.
pub async fn delete_pending<D: Hooks>(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<DeleteIds<D>>,
) -> AppResult<axum::Json<Deleted>> {
    delete::<D>(&state, &user, body.ids, false).await
}

/// `POST delete-deployed` `[ids]`: deployed documents leave the plant floor.
pub async fn delete_deployed<D: Hooks>(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<DeleteIds<D>>,
) -> AppResult<axum::Json<Deleted>> {
    delete::<D>(&state, &user, body.ids, true).await
}

/// All or nothing: every id must be one the caller may delete, in the right state.
async fn delete<D: Hooks>(
    state: &AppState,
    user: &User,
    ids: Vec<String>,
    deployed: bool,
) -> AppResult<axum::Json<Deleted>> {
    let k = D::KIND;
    let mut docs: Vec<D> = Vec::new();
    for id in &ids {
        let d = visible::<D>(state, user, id).await?;
        if !can_manage(&state.zones, user, &d) {
            return Err(AppError::Forbidden(msg!(
                "Only {}'s authors and managers delete it.",
                k.words.an_one
            )));
        }
        let ok = if deployed {
            d.status == Status::Deployed
        } else {
            matches!(d.status, Status::Pending | Status::Rejected)
        };
        if !ok {
            return Err(AppError::Conflict(crate::msg!(
                "{label} is {status}.",
                label = d.names().full_label,
                status = d.status.as_str()
            )));
        }
        docs.push(d);
    }
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    for d in &docs {
        remove_one(state, &mut tx, now, user, d, deployed, None).await?;
    }
    tx.commit().await?;
    Ok(axum::Json(Deleted { deleted: ids }))
}

/// One document leaves review (`deployed` false) or the floor, on `conn` (the act's
/// transaction): the module's hooks, the state, the review's notices, the audit row (`why`
/// added to its meaning when another act decided it).
async fn remove_one<D: Hooks>(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    user: &User,
    d: &D,
    deployed: bool,
    why: Option<&str>,
) -> AppResult<()> {
    let k = D::KIND;
    let states = if deployed { "'deployed'" } else { "'pending', 'rejected'" };
    let sql = format!("UPDATE {} SET status = 'deleted', deleted_date = $1 WHERE id = $2 AND status IN ({states})", k.table.name);
    d.before_delete(conn, deployed).await?;
    let done = sqlx::query(&sql).bind(now).bind(&d.id).execute(&mut *conn).await?;
    if done.rows_affected() != 1 {
        return Err(AppError::Conflict(crate::msg!(
            "{label} changed meanwhile; nothing was deleted.",
            label = d.names().label
        )));
    }
    d.after_delete(state, conn, now, deployed).await?;
    super::notices::settled::<D>(conn, now, &d.id, None).await?;
    let mut meaning = if deployed {
        format!("deleted: {} removed from the plant floor", d.names().deployed_title)
    } else {
        format!("deleted: {} removed from the review process", d.names().title)
    };
    if let Some(why) = why {
        meaning = format!("{meaning} ({why})");
    }
    let act = k
        .act(user, "delete", &d.id, meaning)
        .before(d.audit_json())
        .after(json!({"status": "deleted"}));
    Ok(append(conn, now, &[act]).await?)
}

/// A listener that removes a deployed document of `D` from the floor when another module's
/// signed act decides it (an event of kind `kind` whose `data` names `{kind: <D's noun>,
/// docId, why}` and whose actor is the signer): the module's own Delete, with its rule (an
/// author, or a manager who sees it), state check and audit row, inside that act's
/// transaction, so the decision and the removal stand or fall together. Listen with it to
/// `"*"`: the deciding module may be absent from a build (a benchmark's, a new module's),
/// and a listener of a kind nobody declares stops start-up.
pub struct RemoveWhenTold<D> {
    kind: &'static str,
    doc: std::marker::PhantomData<fn() -> D>,
}

impl<D> RemoveWhenTold<D> {
    pub fn on(kind: &'static str) -> Self {
        Self { kind, doc: std::marker::PhantomData }
    }
}

#[crate::ports::async_trait]
impl<D: Hooks> crate::events::Listener for RemoveWhenTold<D> {
    async fn on_event(
        &self,
        state: &AppState,
        conn: &mut AnyConnection,
        now: i64,
        event: &crate::events::Event,
    ) -> AppResult<()> {
        if event.kind != self.kind || event.data["kind"].as_str() != Some(D::KIND.words.noun) {
            return Ok(());
        }
        let id = event.data["docId"].as_str().unwrap_or_default();
        let user = match &event.actor {
            Some(a) => crate::plant::users::find_by_id(conn, a).await?,
            None => None,
        };
        let (Some(user), Some(d)) = (user, fetch::<D>(conn, id).await?) else {
            return Err(AppError::NotFound);
        };
        if d.company_code != user.company_code || !can_manage(&state.zones, &user, &d) {
            return Err(AppError::Forbidden(crate::msg!(
                "Only {}'s authors and managers delete it.",
                D::KIND.words.an_one
            )));
        }
        if d.status != Status::Deployed {
            return Err(AppError::Conflict(crate::msg!(
                "{label} is {status}.",
                label = d.names().full_label,
                status = d.status.as_str()
            )));
        }
        let why = event.data["why"].as_str();
        remove_one(state, conn, now, &user, &d, true, why).await
    }
}
