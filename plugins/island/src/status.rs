//! The operator status inputs (spec section 4): training level and whether this
//! operator's signature of the part's current SWP version counts as read.
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::iso;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::ports::{DeployedDocs, TrainingLevels};
use serde_json::{json, Value};

use crate::access::{instructions_read, training_level, SIGN_VALID_MS};
use crate::badge::{operator, UNKNOWN_OPERATOR};

/// The training card's level (spec section 4, decision 'Training'): 5 while no module
/// provides the `TrainingLevels` port (the training module is off, as in release 1.0) or
/// its gate is off; with the gate on, the matrix's level of the operator on the part, -1
/// when no matrix holds both.
pub async fn training(state: &AppState, op_id: &str, part_number: &str) -> i64 {
    let Some(levels) = state.port::<dyn TrainingLevels>().filter(|t| t.gate(state)) else {
        return training_level(false, None);
    };
    training_level(true, levels.level(state, op_id, part_number).await.map(i64::from))
}

/// Spec section 4's inputs, from one read (the `DeployedDocs` port's `standing`): the
/// operator (403 as `badge::operator` answers), the deployed version (404, also while no
/// module provides the port) and the operator's sign records of it.
pub async fn operator_status(
    State(state): State<AppState>,
    netbook: CurrentUser,
    Path((op_id, swp_id)): Path<(String, String)>,
) -> AppResult<axum::Json<Value>> {
    let Some(docs) = state.port::<dyn DeployedDocs>() else {
        operator(&state, &netbook, &op_id).await?;
        return Err(AppError::NotFound);
    };
    let st = docs.standing(&state, &netbook, &swp_id, &op_id).await?;
    if !st.operator_known {
        return Err(AppError::Forbidden(UNKNOWN_OPERATOR.into()));
    }
    let swp = st.version.ok_or(AppError::NotFound)?;
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
