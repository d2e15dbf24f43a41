//! What the review engine does with a change request: its last approval makes it
//! approved (the engine's deploy), and an approve or reject answers the request.
use axum::response::{IntoResponse, Response};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::review::{engine, Deploy, Deployed, Hooks};
use serde_json::json;
use sqlx::AnyConnection;

use crate::access::KIND;
use crate::model::ChangeRequest;
use crate::view;

impl Hooks for ChangeRequest {
    /// The quality stage's approval releases the request: its revisions may deploy under it.
    async fn deploy(
        &self,
        _state: &AppState,
        conn: &mut AnyConnection,
        now: i64,
        user: &User,
        _why: Deploy,
    ) -> AppResult<Deployed> {
        sqlx::query(
            "UPDATE change_requests SET status = 'deployed', deploy_date = $1 WHERE id = $2",
        )
        .bind(now)
        .bind(&self.id)
        .execute(&mut *conn)
        .await?;
        let data = json!({"docId": self.id, "number": self.number, "title": self.title});
        let m = format!("change request {} approved in every stage", self.number);
        let audit = KIND
            .act(user, "release", &self.id, m)
            .before(json!({"state": "in review"}))
            .after(json!({"state": "approved"}));
        Ok(Deployed { audit: vec![audit], data })
    }

    /// `RequestJson` (it borrows from the request, so written here, as the module's
    /// other handlers write it).
    type Answer = Response;
    async fn answer(state: &AppState, id: &str) -> AppResult<Response> {
        let mut conn = state.db.pool.acquire().await?;
        let c = engine::fetch::<ChangeRequest>(&mut conn, id).await?.ok_or(AppError::NotFound)?;
        drop(conn);
        Ok(axum::Json(view::detail(state, &c).await?).into_response())
    }
}
