//! Alert acknowledgement (spec section 4): the operator ticks 'I have fully read the
//! alert' (`operator-read-alert`), then a verifier scans their badge (`verify-alert`).
//! The alert must be in force now in the netbook's company (the `AlertsInForce` port
//! decides; while no module provides it, no alert is); the record binds to the SHA-256
//! of the alert's file.
use axum::extract::State;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, Json};
use plantdoc_core::ports::{AlertsInForce, SignableVersion, VersionFile};
use plantdoc_core::text;
use serde::Deserialize;

use crate::badge::{operator, Netbook};
use crate::offline_sign::{self, Act, OfflineFields};
use crate::sign::{
    checked_key, entered, read, read_files, replay, required, verifier, verify, Idem,
};

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertBody {
    #[serde(default)]
    badge_no: String,
    #[serde(default)]
    op_id: String,
    #[serde(default)]
    alert_id: String,
    key: Option<String>,
    /// The signer's PIN in badge+pin mode: the operator's on a read, the verifier's on a
    /// verification (and `newPin` replacing a one-time PIN).
    pin: Option<String>,
    new_pin: Option<String>,
    /// The file the kiosk showed (the feed's `served`): `[{section: "alert", lang,
    /// sha256}]` (decision 82).
    read_files: Option<Vec<VersionFile>>,
    /// Signed at the kiosk during an outage (decision 121).
    #[serde(flatten)]
    off: OfflineFields,
}

/// The alert in force now, or offline at the kiosk's time (decision 121).
async fn in_force(
    state: &AppState,
    netbook: &CurrentUser,
    id: &str,
    kiosk_time: Option<i64>,
) -> AppResult<SignableVersion> {
    let company = &netbook.company_code;
    let alert = match (state.port::<dyn AlertsInForce>(), kiosk_time) {
        (Some(alerts), Some(t)) => alerts.in_force_at(state, company, id, t).await?,
        (Some(alerts), None) => alerts.in_force(state, company, id).await?,
        (None, _) => None,
    };
    alert.ok_or_else(|| AppError::Conflict(text!("This alert is no longer in force.").into()))
}

/// `POST /api/island/operator-read-alert {opId, alertId, key}`: a truthy answer marks
/// the operator self-approved.
pub async fn operator_read_alert(
    State(state): State<AppState>,
    netbook: Netbook,
    Json(b): Json<AlertBody>,
) -> AppResult<axum::Json<crate::schemas::Read>> {
    required(&[
        ("opId", &b.op_id, text!("Please scan your badge.")),
        ("alertId", &b.alert_id, text!("Please choose an alert.")),
    ])?;
    let idem = Idem::new(checked_key(&b.key)?, "read-alert", &b.op_id, &b.alert_id, None);
    let kiosk_time = offline_sign::kiosk_time(&state, &b.off, idem.key)?;
    if let Some(answer) = replay(&state, &netbook, &idem).await? {
        return Ok(axum::Json(answer));
    }
    let op = operator(&state, &netbook, &b.op_id).await?;
    let checks = async {
        let alert = in_force(&state, &netbook, &b.alert_id, kiosk_time).await?;
        let files = match (&b.read_files, state.port::<dyn AlertsInForce>()) {
            (Some(sent), Some(alerts)) => {
                read_files(Some(sent), &alerts.files(&state, &alert.id).await?)?
            }
            _ => None,
        };
        Ok((alert, files))
    };
    let (alert, files) = match checks.await {
        Ok(c) => c,
        Err(e) => {
            return Err(offline_sign::refused(&state, &netbook, &op, &b.off, idem.key, e).await)
        }
    };
    // The PIN last: no other refusal may follow a right PIN only (security decision 92).
    let act = Act { kiosk_time, fields: &b.off, key: idem.key, operator: &op, doc: &alert };
    let how =
        offline_sign::second(&state, &netbook, &op, entered(&b.pin, &b.new_pin), &act).await?;
    Ok(axum::Json(read(&state, &netbook, &op, &alert, &idem, how, files.as_deref()).await?))
}

/// `POST /api/island/verify-alert {badgeNo, opId, alertId, key}`.
pub async fn verify_alert(
    State(state): State<AppState>,
    netbook: Netbook,
    Json(b): Json<AlertBody>,
) -> AppResult<axum::Json<crate::schemas::Verified>> {
    required(&[
        ("badgeNo", &b.badge_no, text!("Please scan your badge.")),
        ("opId", &b.op_id, text!("Please scan your badge.")),
        ("alertId", &b.alert_id, text!("Please choose an alert.")),
    ])?;
    let idem =
        Idem::new(checked_key(&b.key)?, "verify-alert", &b.op_id, &b.alert_id, Some(&b.badge_no));
    let kiosk_time = offline_sign::kiosk_time(&state, &b.off, idem.key)?;
    if let Some(answer) = replay(&state, &netbook, &idem).await? {
        return Ok(axum::Json(answer));
    }
    let verifier = verifier(&state, &netbook, &b.badge_no, &b.op_id).await?;
    let checks = async {
        let op = operator(&state, &netbook, &b.op_id).await?;
        let alert = in_force(&state, &netbook, &b.alert_id, kiosk_time).await?;
        crate::sign::something_to_verify(&state, &op, &alert).await?;
        Ok((op, alert))
    };
    let (op, alert) = match checks.await {
        Ok(c) => c,
        Err(e) => {
            return Err(
                offline_sign::refused(&state, &netbook, &verifier, &b.off, idem.key, e).await
            )
        }
    };
    // The PIN last (security decision 92).
    let act = Act { kiosk_time, fields: &b.off, key: idem.key, operator: &op, doc: &alert };
    let pins = entered(&b.pin, &b.new_pin);
    let how = offline_sign::second(&state, &netbook, &verifier, pins, &act).await?;
    Ok(axum::Json(verify(&state, &netbook, &verifier, &op, &alert, &idem, how).await?))
}
