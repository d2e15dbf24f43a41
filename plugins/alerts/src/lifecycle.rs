//! The alert's hooks in the core's review engine (plantdoc_core::review: the engineer
//! stage, then the manager stage, approve, reject and delete are the engine's): its
//! words, its deployment when the manager approves, and the feed rows a delete takes off
//! the floor. The engine commits every act with its audit rows in one transaction whose
//! first statement is a conditional UPDATE, so an alert deploys once.
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::events::Event;
use plantdoc_core::review::{Deploy, Deployed, Hooks};
use serde_json::json;
use sqlx::AnyConnection;

use crate::access::KIND;
use crate::model::Alert;
use crate::store;

impl Alert {
    /// An event about this alert: subject `alert:<id>`, its company and zones.
    fn event(&self, kind: &'static str) -> Event {
        Event::new(kind, &self.company_code, format!("alert:{}", self.id)).zones(&self.zones)
    }
}

impl Hooks for Alert {
    /// The manager's approval deploys: the alert and its feed rows.
    async fn deploy(
        &self,
        _state: &AppState,
        conn: &mut AnyConnection,
        now: i64,
        user: &User,
        _why: Deploy,
    ) -> AppResult<Deployed> {
        sqlx::query("UPDATE alerts SET status = 'deployed', deploy_date = $1 WHERE id = $2")
            .bind(now)
            .bind(&self.id)
            .execute(&mut *conn)
            .await?;
        sqlx::query("UPDATE alert_zones SET deployed = 1 WHERE alert_id = $1")
            .bind(&self.id)
            .execute(&mut *conn)
            .await?;
        let data = json!({"docId": self.id, "alertTag": self.alert_tag, "partNumber": self.part_number, "partId": self.part_id,
            "effectiveDate": self.effective_date, "sunsetDate": self.sunset_date, "versionHash": self.file_hash});
        let m = format!(
            "alert {} deployed to zones {} after engineer and manager approval",
            self.alert_tag,
            self.zones.join(", ")
        );
        let audit = KIND
            .act(user, "deploy", &self.id, m)
            .before(json!({"status": "pending"}))
            .after(json!({"status": "deployed"}));
        Ok(Deployed { audit: vec![audit], data })
    }
    /// Its feed rows leave the floor with it; a deployed one is sunset now.
    async fn after_delete(
        &self,
        state: &AppState,
        conn: &mut AnyConnection,
        now: i64,
        deployed: bool,
    ) -> AppResult<()> {
        sqlx::query("UPDATE alert_zones SET deployed = 0 WHERE alert_id = $1")
            .bind(&self.id)
            .execute(&mut *conn)
            .await?;
        if deployed {
            let data = json!({"docId": self.id, "alertTag": self.alert_tag, "partNumber": self.part_number});
            state.emit(conn, now, &self.event(crate::SUNSET.id).data(data)).await?;
        }
        Ok(())
    }
    type Answer = axum::Json<crate::schemas::One>;
    async fn answer(state: &AppState, id: &str) -> AppResult<Self::Answer> {
        let a = store::fetch_one(&state.db, id).await?.ok_or(AppError::NotFound)?;
        let alert = store::with_signs(state, vec![a]).await?.remove(0);
        Ok(axum::Json(crate::schemas::One { alert }))
    }
}
