//! The schemas of the island routes' answers that handlers build as `serde_json::Value`:
//! each mirrors its handler's JSON field for field and is only read by the OpenAPI
//! description (`ApiRouter::returns`).
#![allow(dead_code)] // schema-only types: never built, read by `utoipa::ToSchema`
use plantdoc_core::zones::ZoneOption;
use serde::Serialize;
use utoipa::ToSchema;

/// The person with a badge.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Operator {
    #[serde(rename = "_id")]
    id: String,
    #[schema(required = true)]
    op_no: Option<String>,
    full_name: String,
    position: String,
    company_code: String,
    /// The operator's language (en, es, pl): the kiosk's until Sign Out.
    lang: String,
}

/// The status inputs of an operator on an SWP.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OperatorStatus {
    training_level: i64,
    /// Why the training level is not the level set (expired, no verified read, a new
    /// release, a temporary worker's cap, a waiver), for the operator; null otherwise.
    #[schema(required = true)]
    training_reason: Option<String>,
    swp_read: bool,
    #[schema(required = true)]
    signed_at: Option<String>,
    #[schema(required = true)]
    expires: Option<String>,
    awaiting_verification: bool,
    part_number: String,
}

/// A read recorded (or its replay).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Read {
    signed: bool,
    record_id: String,
    version_hash: String,
}

/// A read witnessed (or its replay).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verified {
    verified: bool,
    record_id: String,
    verifier: String,
    operator: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KioskConfig {
    idle_secs: i64,
    /// `badge` or `badge+pin` (a PIN field after the badge).
    signature: String,
    /// The longest waiver of the training gate a team lead may grant at the kiosk, in
    /// days (`[modules.training] waiver_max_days`); 0: no waivers (or no gate).
    waiver_max_days: i64,
}

/// May this badge (or the caller) edit the kiosk settings.
#[derive(Serialize, ToSchema)]
pub struct SettingsAccess {
    allowed: bool,
    name: String,
    zones: Vec<ZoneOption>,
}

#[derive(Serialize, ToSchema)]
pub struct Zone {
    zone: String,
}

/// A waiver granted at the kiosk, as the training module records it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Waived {
    #[serde(rename = "_id")]
    id: String,
    op_id: String,
    part_number: String,
    reason: String,
    starts: String,
    ends: String,
    granted_by: String,
    #[schema(required = true)]
    revoked: Option<String>,
    active: bool,
}
