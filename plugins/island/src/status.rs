//! The operator status inputs (spec section 4): training level and whether this
//! operator's signature of the part's current SWP version counts as read.
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::iso;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::ports::{DeployedDocs, TrainingLevels};
use serde_json::json;

use crate::access::{instructions_read, training_level, SIGN_VALID_MS};
use crate::badge::{operator, UNKNOWN_OPERATOR};

/// The training card's level (spec section 4, decision 'Training'): 5 while no module
/// provides the `TrainingLevels` port (the training module is off, as in release 1.0) or
/// its gate is off; with the gate on, the matrix's level of the operator on the part, -1
/// when no matrix holds both. The level is the effective one (the provider's rules: expiry,
/// decay, a new release, a cap, a waiver), with the reason it differs from the level set.
pub async fn training_card(
    state: &AppState,
    op_id: &str,
    part_number: &str,
) -> (i64, Option<String>) {
    let Some(levels) = state.port::<dyn TrainingLevels>().filter(|t| t.gate(state)) else {
        return (training_level(false, None), None);
    };
    let q = levels.qualification(state, op_id, part_number).await;
    let level = training_level(true, q.as_ref().map(|q| i64::from(q.level)));
    (level, q.and_then(|q| q.reason))
}

/// The training card's level alone (the gate of a read).
pub async fn training(state: &AppState, op_id: &str, part_number: &str) -> i64 {
    training_card(state, op_id, part_number).await.0
}

/// Spec section 4's inputs, from one read (the `DeployedDocs` port's `standing`): the
/// operator (403 as `badge::operator` answers), the deployed version (404, also while no
/// module provides the port) and the operator's sign records of it.
pub async fn operator_status(
    State(state): State<AppState>,
    netbook: CurrentUser,
    Path((op_id, swp_id)): Path<(String, String)>,
) -> AppResult<axum::response::Response> {
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
    let (level, reason) = training_card(&state, &op_id, &swp.part_number).await;
    // The reason is for the operator to read: translated like an error's message.
    Ok(plantdoc_core::http::lang::message(json!({
        "trainingLevel": level,
        "trainingReason": reason,
        "swpRead": instructions_read(&swp.part_number, signed, state.now_ms()),
        "signedAt": signed.map(iso),
        "expires": signed.map(|t| iso(t + SIGN_VALID_MS)),
        "awaitingVerification": st.awaiting,
        "partNumber": swp.part_number,
    })))
}
