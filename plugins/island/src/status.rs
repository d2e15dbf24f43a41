//! The operator status inputs (spec section 4): training level and whether this
//! operator's signature of the part's current SWP version counts as read.
use axum::extract::{Path, State};
use plantdoc_core::acks::{self, DocKind};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::iso;
use plantdoc_core::error::AppResult;
use serde_json::{json, Value};

use crate::access::{instructions_read, training_level, SIGN_VALID_MS};
use crate::badge::operator;

/// `modules.training.gate`, read only when the training module is on.
pub fn training_gate(state: &AppState) -> bool {
    state.module_enabled("training")
        && state.settings.module_config("training").get("gate").and_then(|v| v.clone().into_bool().ok()).unwrap_or(false)
}

pub async fn operator_status(State(state): State<AppState>, netbook: CurrentUser, Path((op_id, swp_id)): Path<(String, String)>) -> AppResult<axum::Json<Value>> {
    let op = operator(&state, &netbook, &op_id).await?;
    let swp = plantdoc_swp::kiosk::deployed_version(&state, &netbook, &swp_id).await?;
    let records = acks::for_operator(&state.db, DocKind::Swp, &swp.id, &swp.content_hash, &op.id).await?;
    let signed = records.iter().find(|r| r.verified_at.is_some()).map(|r| r.signed_at);
    let awaiting = records.iter().any(|r| r.verified_at.is_none());
    // The training matrix is the training module's; with its gate on and no squares
    // available here the level is the spec's 'lookup failed' (-1).
    Ok(axum::Json(json!({
        "trainingLevel": training_level(training_gate(&state), None),
        "swpRead": instructions_read(&swp.part_number, signed, state.now_ms()),
        "signedAt": signed.map(iso),
        "expires": signed.map(|t| iso(t + SIGN_VALID_MS)),
        "awaitingVerification": awaiting,
        "partNumber": swp.part_number,
    })))
}
