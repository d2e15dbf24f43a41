//! The SWP's hooks in the core's review engine (plantdoc_core::review: approve, reject,
//! delete and bypass are the engine's), its deployment, and the zone edit. Every change
//! and its audit row commit in one transaction whose first statement is a conditional
//! UPDATE: it takes the write lock on SQLite (so the busy timeout applies) and the row
//! lock on PostgreSQL, and its WHERE re-checks the state the request was judged on, so
//! two requests racing for the same step cannot both take it (the loser gets 409).
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::audit::AuditEntry;
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, Json};
use plantdoc_core::events::Event;
use plantdoc_core::review::engine::append;
use plantdoc_core::review::{can_manage, Deploy, Deployed, Hooks};
use plantdoc_core::text;
use serde::Deserialize;
use serde_json::{json, Value};
use sqlx::{AnyConnection, Row};

use crate::access::KIND;
use crate::model::{Swp, SwpStatus};
use crate::store::{self, visible_swp};

/// The SWP's hooks: its deployment takes the part's next revision; a delete of a
/// deployed SWP frees its part.
impl Hooks for Swp {
    async fn deploy(
        &self,
        _state: &AppState,
        conn: &mut AnyConnection,
        now: i64,
        user: &User,
        why: Deploy,
    ) -> AppResult<Deployed> {
        let d = deploy(conn, now, self).await?;
        let earlier: Vec<String> = sqlx::query_scalar(
            "SELECT id FROM swps WHERE company_code = $1 AND part_number = $2 AND id <> $3 AND status IN ('deployed', 'obsolete')",
        )
        .bind(&self.company_code)
        .bind(&self.part_number)
        .bind(&self.id)
        .fetch_all(&mut *conn)
        .await?;
        let data = json!({"docId": self.id, "partNumber": self.part_number, "partId": self.part_id, "revision": d.revision,
            "previousId": d.obsoleted, "earlierIds": earlier, "versionHash": self.content_hash,
            "newRelease": self.new_release});
        let meaning = match why {
            Deploy::Reviewed => "deployed to the plant floor after all three reviews approved",
            Deploy::Bypassed => {
                "deployed directly to the plant floor: management approval bypassed by a manager"
            }
        };
        Ok(Deployed { audit: audit_deploy(user, self, &d, meaning), data })
    }
    /// The part's row first (the order deploys take), then the SWP's.
    async fn before_delete(
        &self,
        conn: &mut AnyConnection,
        deployed: bool,
    ) -> Result<(), sqlx::Error> {
        if deployed {
            sqlx::query("UPDATE swp_parts SET current_id = NULL WHERE company_code = $1 AND part_number = $2 AND current_id = $3")
                .bind(&self.company_code)
                .bind(&self.part_number)
                .bind(&self.id)
                .execute(&mut *conn)
                .await?;
        }
        Ok(())
    }
    /// A deployed SWP removed from the floor is told (`swp.removed`).
    async fn after_delete(
        &self,
        state: &AppState,
        conn: &mut AnyConnection,
        now: i64,
        deployed: bool,
    ) -> AppResult<()> {
        if deployed {
            let data =
                json!({"docId": self.id, "partNumber": self.part_number, "partId": self.part_id});
            let event =
                Event::new(crate::REMOVED.id, &self.company_code, format!("swp:{}", self.id))
                    .zones(&self.zones)
                    .data(data);
            state.emit(conn, now, &event).await?;
        }
        Ok(())
    }
    type Answer = axum::Json<crate::schemas::One>;
    async fn answer(state: &AppState, id: &str) -> AppResult<Self::Answer> {
        let swp = store::fetch_one(&state.db, id).await?.ok_or(AppError::NotFound)?;
        let swp = store::with_signs(&state.db, vec![swp]).await?.remove(0);
        Ok(axum::Json(crate::schemas::One { swp }))
    }
}

/// What [`deploy`] did, for its audit rows.
struct Promoted {
    revision: i64,
    obsoleted: Option<String>,
}

/// Deploys a pending SWP inside the caller's transaction: takes the part's next revision
/// (locking the part's counter row, so deploys of one part run one at a time), makes the
/// part's deployed SWP obsolete (its sign records stay), and deploys this one. Writes no
/// audit row: the engine appends them ([`audit_deploy`]) after its last row lock,
/// because the audit head is a global lock and must always be taken last (else two
/// transactions could each hold what the other waits for).
async fn deploy(conn: &mut AnyConnection, now: i64, swp: &Swp) -> AppResult<Promoted> {
    sqlx::query("INSERT INTO swp_parts (company_code, part_number, last_revision, current_id) VALUES ($1, $2, -1, NULL) ON CONFLICT (company_code, part_number) DO NOTHING")
        .bind(&swp.company_code)
        .bind(&swp.part_number)
        .execute(&mut *conn)
        .await?;
    let row = sqlx::query("UPDATE swp_parts SET last_revision = last_revision + 1 WHERE company_code = $1 AND part_number = $2 RETURNING last_revision, current_id")
        .bind(&swp.company_code)
        .bind(&swp.part_number)
        .fetch_one(&mut *conn)
        .await?;
    let revision: i64 = row.try_get("last_revision")?;
    let previous: Option<String> = row.try_get("current_id")?;
    let mut obsoleted = None;
    if let Some(old) = previous {
        let done = sqlx::query("UPDATE swps SET status = 'obsolete', obsolete_date = $1 WHERE id = $2 AND status = 'deployed'")
            .bind(now)
            .bind(&old)
            .execute(&mut *conn)
            .await?;
        if done.rows_affected() == 1 {
            obsoleted = Some(old);
        }
    }
    let done = sqlx::query("UPDATE swps SET status = 'deployed', revision = $1, deploy_date = $2 WHERE id = $3 AND status = 'pending'")
        .bind(revision)
        .bind(now)
        .bind(&swp.id)
        .execute(&mut *conn)
        .await?;
    if done.rows_affected() != 1 {
        return Err(AppError::Conflict(text!("This SWP is no longer pending.").into()));
    }
    sqlx::query(
        "UPDATE swp_parts SET current_id = $1 WHERE company_code = $2 AND part_number = $3",
    )
    .bind(&swp.id)
    .bind(&swp.company_code)
    .bind(&swp.part_number)
    .execute(&mut *conn)
    .await?;
    Ok(Promoted { revision, obsoleted })
}

/// The audit rows of a deployment: the superseded revision, then the new one.
fn audit_deploy(user: &User, swp: &Swp, d: &Promoted, meaning: &str) -> Vec<AuditEntry> {
    let rev = d.revision;
    let mut rows = Vec::new();
    if let Some(old) = &d.obsoleted {
        let m = format!(
            "superseded by revision {rev} of part {}; its signatures stay in history",
            swp.part_number
        );
        rows.push(
            KIND.act(user, "obsolete", old, m)
                .before(json!({"status": SwpStatus::Deployed.as_str()}))
                .after(json!({"status": "obsolete", "supersededBy": swp.id})),
        );
    }
    let after = json!({"status": SwpStatus::Deployed.as_str(), "revision": rev, "partNumber": swp.part_number, "zones": swp.zones, "contentHash": swp.content_hash});
    rows.push(
        KIND.act(user, "deploy", &swp.id, format!("{meaning}; revision {rev}"))
            .before(json!({"status": SwpStatus::Pending.as_str()}))
            .after(after),
    );
    rows
}

#[derive(Deserialize, utoipa::ToSchema)]
pub struct EditBody {
    #[serde(default)]
    zones: Value,
}

/// Zone edit of a deployed SWP (authors and managers).
pub async fn edit(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<EditBody>,
) -> AppResult<axum::Json<crate::schemas::One>> {
    let swp = visible_swp(&state, &user, &id).await?;
    if !can_manage(&state.zones, &user, &swp) {
        return Err(AppError::Forbidden(
            text!("Only an SWP's authors and managers edit its zones.").into(),
        ));
    }
    if swp.status != SwpStatus::Deployed {
        return Err(AppError::Conflict(text!("Only a deployed SWP's zones are edited.").into()));
    }
    let zones =
        crate::fields::check_zones(&state, &user, &body.zones).map_err(|m| m.on("zones"))?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let done = sqlx::query(
        "UPDATE swps SET zones = $1, zone_mask = $2 WHERE id = $3 AND status = 'deployed'",
    )
    .bind(serde_json::to_string(&zones).unwrap_or_default())
    .bind(plantdoc_core::zones::zone_mask(&zones))
    .bind(&swp.id)
    .execute(&mut *tx)
    .await?;
    if done.rows_affected() != 1 {
        return Err(AppError::Conflict(text!("This SWP is no longer deployed.").into()));
    }
    sqlx::query("DELETE FROM swp_zones WHERE swp_id = $1").bind(&swp.id).execute(&mut *tx).await?;
    crate::submit::insert_zones(&mut tx, &swp.id, &zones).await?;
    let meaning =
        format!("zones of part {} revision {} changed", swp.part_number, swp.shown_revision());
    append(
        &mut tx,
        now,
        &[KIND
            .act(&user, "zones", &swp.id, meaning)
            .before(json!({"zones": swp.zones}))
            .after(json!({"zones": zones}))],
    )
    .await?;
    tx.commit().await?;
    Swp::answer(&state, &swp.id).await
}
