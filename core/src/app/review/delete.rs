//! Deleting reviewed documents, all or nothing: pending and rejected ones leave review,
//! deployed ones leave the plant floor, each with its audit row in the act's transaction
//! (the module's row locks first, `Hooks::before_delete`, then its rows after).
use axum::extract::State;
use serde_json::{json, Value};

use crate::app::AppState;
use crate::auth::users::User;
use crate::auth::CurrentUser;
use crate::error::{AppError, AppResult, Json};
use crate::msg;

use super::engine::*;
use super::id_list;
use super::kind::can_manage;
use super::record::Status;

/// `POST delete-pending` `[ids]`: pending and rejected documents leave review.
pub async fn delete_pending<D: Hooks>(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<Value>,
) -> AppResult<axum::Json<Value>> {
    delete::<D>(&state, &user, &body, false).await
}

/// `POST delete-deployed` `[ids]`: deployed documents leave the plant floor.
pub async fn delete_deployed<D: Hooks>(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(body): Json<Value>,
) -> AppResult<axum::Json<Value>> {
    delete::<D>(&state, &user, &body, true).await
}

/// All or nothing: every id must be one the caller may delete, in the right state.
async fn delete<D: Hooks>(
    state: &AppState,
    user: &User,
    body: &Value,
    deployed: bool,
) -> AppResult<axum::Json<Value>> {
    let k = D::KIND;
    let ids = id_list(body, k.words.one, k.words.many)?;
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
    let states = if deployed { "'deployed'" } else { "'pending', 'rejected'" };
    let sql = format!("UPDATE {} SET status = 'deleted', deleted_date = $1 WHERE id = $2 AND status IN ({states})", k.table.name);
    let mut tx = state.db.begin().await?;
    for d in &docs {
        d.before_delete(&mut tx, deployed).await?;
        let done = sqlx::query(&sql).bind(now).bind(&d.id).execute(&mut *tx).await?;
        if done.rows_affected() != 1 {
            return Err(AppError::Conflict(crate::msg!(
                "{label} changed meanwhile; nothing was deleted.",
                label = d.names().label
            )));
        }
        d.after_delete(state, &mut tx, now, deployed).await?;
        super::notices::settled::<D>(&mut tx, now, &d.id, None).await?;
    }
    for d in &docs {
        let meaning = if deployed {
            format!("deleted: {} removed from the plant floor", d.names().deployed_title)
        } else {
            format!("deleted: {} removed from the review process", d.names().title)
        };
        let act = k
            .act(user, "delete", &d.id, meaning)
            .before(d.audit_json())
            .after(json!({"status": "deleted"}));
        append(&mut tx, now, &[act]).await?;
    }
    tx.commit().await?;
    Ok(axum::Json(json!({"deleted": ids})))
}
