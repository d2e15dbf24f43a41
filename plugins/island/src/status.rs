//! The operator status inputs (spec section 4): training level and whether this
//! operator's signature of the part's current SWP version counts as read.
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::iso;
use plantdoc_core::error::{AppError, AppResult};
use serde_json::{json, Value};

use crate::access::{instructions_read, training_level, SIGN_VALID_MS};
use crate::badge::UNKNOWN_OPERATOR;

/// The training card's level (spec section 4, decision 'Training'): 5 while the training
/// module is off (release 1.0) or its gate is off; with the gate on, the matrix's level of
/// the operator on the part, -1 when no matrix holds both. The training module is an
/// optional companion: linked always, asked only when it is switched on.
pub async fn training(state: &AppState, op_id: &str, part_number: &str) -> i64 {
    let gate = state.module_enabled("training") && plantdoc_training::gate(state);
    let squares = if gate { plantdoc_training::level(state, op_id, part_number).await.map(i64::from) } else { None };
    training_level(gate, squares)
}

/// Spec section 4's inputs, from one read (`plantdoc_swp::kiosk::standing`): the
/// operator (403 as `badge::operator` answers), the deployed version (404) and the
/// operator's sign records of it.
pub async fn operator_status(State(state): State<AppState>, netbook: CurrentUser, Path((op_id, swp_id)): Path<(String, String)>) -> AppResult<axum::Json<Value>> {
    let st = plantdoc_swp::kiosk::standing(&state, &netbook, &swp_id, &op_id).await?;
    if !st.operator_known {
        return Err(AppError::Forbidden(UNKNOWN_OPERATOR.into()));
    }
    let swp = st.swp.ok_or(AppError::NotFound)?;
    let signed = st.signed_at;
    Ok(axum::Json(json!({
        "trainingLevel": training(&state, &op_id, &swp.part_number).await,
        "swpRead": instructions_read(&swp.part_number, signed, state.now_ms()),
        "signedAt": signed.map(iso),
        "expires": signed.map(|t| iso(t + SIGN_VALID_MS)),
        "awaitingVerification": st.awaiting,
        "partNumber": swp.part_number,
    })))
}
