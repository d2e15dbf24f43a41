//! A waiver granted at the kiosk: a team lead scans their own badge (and enters their PIN
//! in badge+pin) to let the operator run a part the training gate refuses, for at most the
//! training module's `waiver_max_days`. Who may and the record are the training
//! module's (`TrainingLevels::waive`); 404 while no module provides it.
use axum::extract::State;
use plantdoc_core::app::AppState;
use plantdoc_core::error::{AppError, AppResult, Json};
use plantdoc_core::ports::{GrantedWaiver, TrainingLevels};
use plantdoc_core::text;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::access::SELF_VERIFY;
use crate::badge::{self, operator, Netbook};
use crate::pin::second_component;
use crate::sign::{entered, required};

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaiverBody {
    #[serde(default)]
    badge_no: String,
    #[serde(default)]
    op_id: String,
    #[serde(default)]
    part_number: String,
    #[serde(default)]
    reason: String,
    /// Whole days (1 to the training module's `waiver_max_days`).
    days: Option<Value>,
    /// The team lead's PIN in badge+pin mode (and `newPin` replacing a one-time PIN).
    pin: Option<String>,
    new_pin: Option<String>,
}

/// `POST /api/island/waiver {badgeNo, opId, partNumber, reason, days, pin, newPin}`.
pub async fn grant(
    State(state): State<AppState>,
    netbook: Netbook,
    Json(b): Json<WaiverBody>,
) -> AppResult<axum::Json<Option<GrantedWaiver>>> {
    required(&[
        ("badgeNo", &b.badge_no, text!("Please scan your badge.")),
        ("opId", &b.op_id, text!("Please scan your badge.")),
    ])?;
    let levels = state.port::<dyn TrainingLevels>().ok_or(AppError::NotFound)?;
    let lead = badge::identify(&state, &netbook, &b.badge_no).await?;
    let op = operator(&state, &netbook, &b.op_id).await?;
    if lead.id == op.id {
        return Err(badge::refuse(&state, &netbook, SELF_VERIFY));
    }
    let body =
        json!({"opId": op.id, "partNumber": b.part_number, "reason": b.reason, "days": b.days});
    // Every check before the PIN, the PIN last (security decision 92).
    levels.waive(&state, &lead, &body, "kiosk", false).await?;
    let mode = second_component(&state, &netbook, &lead, entered(&b.pin, &b.new_pin)).await?;
    let via = format!("kiosk {} (kiosk account {})", mode, netbook.id);
    Ok(axum::Json(levels.waive(&state, &lead, &body, &via, true).await?))
}
