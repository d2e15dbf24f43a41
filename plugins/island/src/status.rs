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

/// The training card's level (spec section 4, decision 'Training'): 5 while the training
/// module is off (release 1.0) or its gate is off; with the gate on, the matrix's level of
/// the operator on the part, -1 when no matrix holds both. The training module is an
/// optional companion: linked always, asked only when it is switched on.
pub async fn training(state: &AppState, op_id: &str, part_number: &str) -> i64 {
    let gate = state.module_enabled("training") && plantdoc_training::gate(state);
    let squares = if gate { plantdoc_training::level(state, op_id, part_number).await.map(i64::from) } else { None };
    training_level(gate, squares)
}

pub async fn operator_status(State(state): State<AppState>, netbook: CurrentUser, Path((op_id, swp_id)): Path<(String, String)>) -> AppResult<axum::Json<Value>> {
    let op = operator(&state, &netbook, &op_id).await?;
    let swp = plantdoc_swp::kiosk::deployed_version(&state, &netbook, &swp_id).await?;
    let records = acks::for_operator(&state.db, DocKind::Swp, &swp.id, &swp.content_hash, &op.id).await?;
    let signed = records.iter().find(|r| r.verified_at.is_some()).map(|r| r.signed_at);
    let awaiting = records.iter().any(|r| r.verified_at.is_none());
    Ok(axum::Json(json!({
        "trainingLevel": training(&state, &op.id, &swp.part_number).await,
        "swpRead": instructions_read(&swp.part_number, signed, state.now_ms()),
        "signedAt": signed.map(iso),
        "expires": signed.map(|t| iso(t + SIGN_VALID_MS)),
        "awaitingVerification": awaiting,
        "partNumber": swp.part_number,
    })))
}
