//! The operator's read of an SWP version and the verifier's witness (spec section 4,
//! "Instruction acknowledgement"): sign records in the core's acknowledgements store,
//! bound to the version's SHA-256, each with its audit row in the same transaction.
//! A netbook that lost an answer sends the same request again with the same `key`: it
//! is recorded once and answered the same; the key with another request is 409.
use axum::extract::State;
use plantdoc_core::acks;
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, Json};
use plantdoc_core::events::Event;
use plantdoc_core::ports::{DeployedDocs, SignableVersion, VersionFile};
use plantdoc_core::text;
use serde::Deserialize;
use serde_json::{json, Value};

use crate::access::may_verify;
use crate::badge::{self, operator, Netbook};
pub use crate::idem::{checked_key, commit_once, replay, Idem};
use crate::offline_sign::{self, Act, OfflineFields};
use crate::pin::Entered;
use crate::schemas as sc;
use plantdoc_core::auth::users::User;

/// Meaning recorded in the audit log for the two acts.
const READ_MEANING: &str =
    "acknowledgement: read and understood (operator identified by badge at the kiosk)";
const VERIFY_MEANING: &str =
    "verification: witnessed the operator's acknowledgement (verifier's own badge)";

/// The training card's text at level -1 (spec section 4), as the refusal of a read.
pub const NOT_TRAINED: &str = "Not trained, see the Cell Leader";

pub fn required(fields: &[(&str, &str, &str)]) -> AppResult<()> {
    let mut errors = plantdoc_core::error::FieldErrors::new();
    for (name, value, msg) in fields {
        if value.trim().is_empty() {
            errors.insert(name.to_string(), msg.to_string());
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(AppError::Fields(errors))
    }
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadBody {
    #[serde(default)]
    op_id: String,
    #[serde(default)]
    swp_id: String,
    key: Option<String>,
    /// The operator's PIN in badge+pin mode (and `newPin` replacing a one-time PIN).
    pin: Option<String>,
    new_pin: Option<String>,
    /// The files the kiosk showed (`served` of the SWP's answer): `[{section, lang,
    /// sha256}]`, `lang` null for an original (decision 82).
    read_files: Option<Vec<VersionFile>>,
    /// Signed at the kiosk during an outage (decision 121).
    #[serde(flatten)]
    off: OfflineFields,
}

/// The PINs a body carries.
pub fn entered<'a>(pin: &'a Option<String>, new_pin: &'a Option<String>) -> Entered<'a> {
    Entered { pin: pin.as_deref(), new_pin: new_pin.as_deref() }
}

/// The files the kiosk says it showed, checked against the version's (`known`: its
/// originals and translations): each must be one of them, else a field error on
/// `readFiles`. Answers them as the sign record keeps them (JSON), `None` when not sent.
pub fn read_files(
    sent: Option<&[VersionFile]>,
    known: &[VersionFile],
) -> AppResult<Option<String>> {
    let Some(sent) = sent else { return Ok(None) };
    if sent.is_empty() || sent.len() > 10 || sent.iter().any(|f| !known.contains(f)) {
        return Err(AppError::field(
            "readFiles",
            text!("These are not the files of this revision; please reload the document."),
        ));
    }
    Ok(Some(serde_json::to_string(sent).map_err(anyhow::Error::from)?))
}

/// The operator has read a document version: one unverified sign record per operator and
/// version (a repeat answers the same record), given in `mode`, naming the files shown
/// (`files`, [`read_files`]), audited in the same transaction.
pub async fn read(
    state: &AppState,
    netbook: &CurrentUser,
    op: &User,
    v: &SignableVersion,
    idem: &Idem<'_>,
    how: Given,
    files: Option<&str>,
) -> AppResult<sc::Read> {
    let Given { mode, kiosk_time, new_pin } = how;
    let records = acks::for_operator(&state.db, v.kind, &v.id, &v.version_hash, &op.id).await?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    if let Some(n) = &new_pin {
        n.store(&mut tx, now).await?;
    }
    let record_id = match records.iter().find(|r| r.verified_at.is_none()) {
        Some(r) => r.id.clone(),
        None => {
            let at = kiosk_time.unwrap_or(now);
            let id = acks::sign_as(&mut tx, v.kind, &v.id, &v.version_hash, op, at, mode).await?;
            let mut after = json!({"recordId": id, "partNumber": v.part_number, "versionHash": v.version_hash, "kiosk": netbook.id, "mode": mode});
            offline_record(&mut tx, &id, false, kiosk_time, now, &mut after).await?;
            if let Some(f) = files {
                acks::set_read_files(&mut tx, &id, f).await?;
                after["readFiles"] = serde_json::from_str(f).unwrap_or_default();
            }
            let entry = AuditEntry::new("island.sign", v.target(), READ_MEANING)
                .by(Some(&op.id), &op.full_name())
                .after(after);
            audit::append(&mut tx, now, &entry).await?;
            id
        }
    };
    let answer = sc::Read { signed: true, record_id, version_hash: v.version_hash.clone() };
    commit_once(state, netbook, tx, idem, answer).await
}

/// How an act was given: its mode (badge, badge+pin) and, offline, the kiosk's time and
/// the new PIN replacing the signer's one-time PIN, stored in the act's transaction.
pub struct Given {
    pub mode: &'static str,
    pub kiosk_time: Option<i64>,
    pub new_pin: Option<crate::pin::NewPin>,
}

/// An offline act (decision 121): the sync time beside the kiosk's on the record, both in
/// the audit row ('signed at the kiosk …, received …').
async fn offline_record(
    conn: &mut sqlx::AnyConnection,
    id: &str,
    verification: bool,
    kiosk_time: Option<i64>,
    now: i64,
    after: &mut Value,
) -> AppResult<()> {
    let Some(at) = kiosk_time else { return Ok(()) };
    acks::set_received(conn, id, verification, now).await?;
    after["offline"] = true.into();
    after["kioskTime"] = plantdoc_core::clock::iso(at).into();
    after["receivedAt"] = plantdoc_core::clock::iso(now).into();
    Ok(())
}

const NOTHING_TO_VERIFY: &str =
    text!("There is nothing to verify: the operator must read this version first.");

/// 409 unless the operator has an unverified read of the version (checked before the
/// verifier's PIN, and again in the act).
pub async fn something_to_verify(
    state: &AppState,
    op: &User,
    v: &SignableVersion,
) -> AppResult<()> {
    let records = acks::for_operator(&state.db, v.kind, &v.id, &v.version_hash, &op.id).await?;
    match records.iter().any(|r| r.verified_at.is_none()) {
        true => Ok(()),
        false => Err(AppError::Conflict(NOTHING_TO_VERIFY.into())),
    }
}

/// A verifier's badge witnesses the operator's unverified read of the version.
pub async fn verify(
    state: &AppState,
    netbook: &CurrentUser,
    verifier: &User,
    op: &User,
    v: &SignableVersion,
    idem: &Idem<'_>,
    how: Given,
) -> AppResult<sc::Verified> {
    let Given { mode, kiosk_time, new_pin } = how;
    let records = acks::for_operator(&state.db, v.kind, &v.id, &v.version_hash, &op.id).await?;
    let Some(rec) = records.iter().find(|r| r.verified_at.is_none()) else {
        return Err(AppError::Conflict(NOTHING_TO_VERIFY.into()));
    };
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    if let Some(n) = &new_pin {
        n.store(&mut tx, now).await?;
    }
    if !acks::verify_as(&mut tx, &rec.id, verifier, kiosk_time.unwrap_or(now), mode).await? {
        return Err(AppError::Conflict(text!("This acknowledgement was already verified.").into()));
    }
    let data = json!({"docKind": v.kind.as_str(), "docId": v.id, "operator": op.id, "partNumber": v.part_number, "versionHash": v.version_hash,
        "recordId": rec.id});
    let event = Event::new(crate::VERIFIED.id, &op.company_code, v.target())
        .zones(&netbook.zones)
        .by(&verifier.id)
        .data(data);
    state.emit(&mut tx, now, &event).await?;
    let mut after = json!({"recordId": rec.id, "operator": op.id, "partNumber": v.part_number, "versionHash": v.version_hash, "kiosk": netbook.id, "mode": mode});
    offline_record(&mut tx, &rec.id, true, kiosk_time, now, &mut after).await?;
    let entry = AuditEntry::new("island.verify", v.target(), VERIFY_MEANING)
        .by(Some(&verifier.id), &verifier.full_name())
        .after(after);
    audit::append(&mut tx, now, &entry).await?;
    let answer = sc::Verified {
        verified: true,
        record_id: rec.id.clone(),
        verifier: verifier.full_name(),
        operator: op.full_name(),
    };
    commit_once(state, netbook, tx, idem, answer).await
}

/// The verifier of a verify call: a known badge allowed to verify this operator (refusals
/// count against the netbook).
pub async fn verifier(
    state: &AppState,
    netbook: &Netbook,
    badge_no: &str,
    op_id: &str,
) -> AppResult<User> {
    let verifier = badge::identify(state, netbook, badge_no).await?;
    may_verify(&verifier, op_id, &netbook.company_code)
        .map_err(|msg| badge::refuse(state, netbook, msg))?;
    Ok(verifier)
}

/// The SWP deployed now under `swp_id` that the netbook may see (the `DeployedDocs`
/// port); 404 otherwise, and while no module provides the port.
async fn deployed(
    state: &AppState,
    netbook: &User,
    swp_id: &str,
    kiosk_time: Option<i64>,
) -> AppResult<SignableVersion> {
    let docs = state.port::<dyn DeployedDocs>().ok_or(AppError::NotFound)?;
    let v = match kiosk_time {
        // Offline: the revision the kiosk showed then, superseded since or not.
        Some(t) => docs.deployed_at(state, netbook, swp_id, t).await?,
        None => docs.deployed(state, netbook, swp_id).await?,
    };
    v.ok_or(AppError::NotFound)
}

/// `POST /api/island/operator-read-swp {opId, swpId, key}`: the operator read the SWC,
/// JES and VIS of the part's deployed version.
pub async fn operator_read_swp(
    State(state): State<AppState>,
    netbook: Netbook,
    Json(b): Json<ReadBody>,
) -> AppResult<axum::Json<sc::Read>> {
    required(&[
        ("opId", &b.op_id, text!("Please scan your badge.")),
        ("swpId", &b.swp_id, text!("Please choose a part.")),
    ])?;
    let idem = Idem::new(checked_key(&b.key)?, "read-swp", &b.op_id, &b.swp_id, None);
    let kiosk_time = offline_sign::kiosk_time(&state, &b.off, idem.key)?;
    if let Some(answer) = replay(&state, &netbook, &idem).await? {
        return Ok(axum::Json(answer));
    }
    let op = operator(&state, &netbook, &b.op_id).await?;
    let checks = async {
        let swp = deployed(&state, &netbook, &b.swp_id, kiosk_time).await?;
        let files = match &b.read_files {
            Some(sent) => {
                let docs = state.port::<dyn DeployedDocs>().ok_or(AppError::NotFound)?;
                read_files(Some(sent), &docs.files(&state, &swp.id).await?)?
            }
            None => None,
        };
        // With competency gating on, an operator at level 0 or below does not run the part.
        if crate::status::training(&state, &op.id, &swp.part_number).await <= 0 {
            return Err(AppError::Forbidden(NOT_TRAINED.into()));
        }
        Ok((swp, files))
    };
    let (swp, files) = match checks.await {
        Ok(c) => c,
        Err(e) => {
            return Err(offline_sign::refused(&state, &netbook, &op, &b.off, idem.key, e).await)
        }
    };
    // The PIN last: no other refusal may follow a right PIN only (security decision 92).
    let act = Act { kiosk_time, fields: &b.off, key: idem.key, operator: &op, doc: &swp };
    let how =
        offline_sign::second(&state, &netbook, &op, entered(&b.pin, &b.new_pin), &act).await?;
    Ok(axum::Json(read(&state, &netbook, &op, &swp, &idem, how, files.as_deref()).await?))
}

#[derive(Deserialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyBody {
    #[serde(default)]
    badge_no: String,
    #[serde(default)]
    op_id: String,
    #[serde(default)]
    swp_id: String,
    // Sent by the spec's client; the server uses its own records.
    #[allow(dead_code)]
    op_name: Option<String>,
    #[allow(dead_code)]
    part_number: Option<String>,
    #[allow(dead_code)]
    current_squares: Option<Value>,
    key: Option<String>,
    /// The verifier's PIN in badge+pin mode (and `newPin` replacing a one-time PIN).
    pin: Option<String>,
    new_pin: Option<String>,
    /// Signed at the kiosk during an outage (decision 121).
    #[serde(flatten)]
    off: OfflineFields,
}

/// `POST /api/island/verify-swp`: a verifier scans their own badge to witness the
/// operator's read of the current version.
pub async fn verify_swp(
    State(state): State<AppState>,
    netbook: Netbook,
    Json(b): Json<VerifyBody>,
) -> AppResult<axum::Json<sc::Verified>> {
    required(&[
        ("badgeNo", &b.badge_no, text!("Please scan your badge.")),
        ("opId", &b.op_id, text!("Please scan your badge.")),
        ("swpId", &b.swp_id, text!("Please choose a part.")),
    ])?;
    let idem =
        Idem::new(checked_key(&b.key)?, "verify-swp", &b.op_id, &b.swp_id, Some(&b.badge_no));
    let kiosk_time = offline_sign::kiosk_time(&state, &b.off, idem.key)?;
    if let Some(answer) = replay(&state, &netbook, &idem).await? {
        return Ok(axum::Json(answer));
    }
    let verifier = verifier(&state, &netbook, &b.badge_no, &b.op_id).await?;
    let checks = async {
        let op = operator(&state, &netbook, &b.op_id).await?;
        let swp = deployed(&state, &netbook, &b.swp_id, kiosk_time).await?;
        something_to_verify(&state, &op, &swp).await?;
        Ok((op, swp))
    };
    let (op, swp) = match checks.await {
        Ok(c) => c,
        Err(e) => {
            return Err(
                offline_sign::refused(&state, &netbook, &verifier, &b.off, idem.key, e).await
            )
        }
    };
    // The PIN last (security decision 92); online, a one-time PIN is replaced even if the
    // act is then refused (a 409 of a verification made meanwhile); offline, with the act.
    let act = Act { kiosk_time, fields: &b.off, key: idem.key, operator: &op, doc: &swp };
    let pins = entered(&b.pin, &b.new_pin);
    let how = offline_sign::second(&state, &netbook, &verifier, pins, &act).await?;
    Ok(axum::Json(verify(&state, &netbook, &verifier, &op, &swp, &idem, how).await?))
}
