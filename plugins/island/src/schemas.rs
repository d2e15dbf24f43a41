//! The island routes' answers. Those marked "returned" are the very types their handlers
//! answer; the others mirror JSON built elsewhere (the ports' answers, the waiver),
//! field for field, and are only read by the OpenAPI description (`ApiRouter::returns`).
#![allow(dead_code)] // the mirrors are never built, read by `utoipa::ToSchema`
use plantdoc_core::zones::ZoneOption;
use serde::{Deserialize, Serialize};
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

/// A read recorded (or its replay, read back from the key's row). (returned)
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Read {
    pub signed: bool,
    pub record_id: String,
    pub version_hash: String,
}

/// A read witnessed (or its replay, read back from the key's row). (returned)
#[derive(Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Verified {
    pub verified: bool,
    pub record_id: String,
    pub verifier: String,
    pub operator: String,
}

/// (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KioskConfig {
    pub idle_secs: i64,
    /// `badge` or `badge+pin` (a PIN field after the badge).
    pub signature: String,
    /// The longest waiver of the training gate a team lead may grant at the kiosk, in
    /// days (`[modules.training] waiver_max_days`); 0: no waivers (or no gate).
    pub waiver_max_days: i64,
}

/// May this badge (or the caller) edit the kiosk settings. (returned)
#[derive(Serialize, ToSchema)]
pub struct SettingsAccess {
    pub allowed: bool,
    pub name: String,
    pub zones: Vec<ZoneOption>,
}

/// (returned)
#[derive(Serialize, ToSchema)]
pub struct Zone {
    pub zone: String,
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
