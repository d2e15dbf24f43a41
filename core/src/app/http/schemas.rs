//! Answer schemas of the core's routes, and small answers many routes share. Where a
//! handler builds its answer with `json!`, the type here mirrors it field for field and
//! is only read by the OpenAPI description (`ApiRouter::returns`).
#![allow(dead_code)] // schema-only types: never built, read by `utoipa::ToSchema`
use std::collections::BTreeMap;

use serde::Serialize;
use utoipa::ToSchema;

use crate::app::plugin::{Mount, WhenDisabled};
use crate::app::switches::Switch;

/// `{"ok": true}`
#[derive(serde::Serialize, ToSchema)]
pub struct Done {
    pub ok: bool,
}

/// `{"message": "..."}`
#[derive(ToSchema)]
pub struct Message {
    pub message: String,
}

/// `{"status": "..."}` (health checks).
#[derive(Serialize, ToSchema)]
pub struct Status {
    pub status: String,
}

/// `{"valid": true}` (a link's token checked).
#[derive(ToSchema)]
pub struct Valid {
    pub valid: bool,
}

/// `{"valid": true, "email": ...}` (an e-mail change link checked).
#[derive(ToSchema)]
pub struct ValidEmail {
    pub valid: bool,
    pub email: String,
}

/// `{"message": ..., "email": ...}` (an e-mail change confirmed).
#[derive(ToSchema)]
pub struct MessageEmail {
    pub message: String,
    pub email: String,
}

/// The answer of `POST /api/modules/switch`.
#[derive(Serialize, ToSchema)]
pub struct Switched {
    pub id: String,
    pub enabled: bool,
    pub switch: Switch,
}

/// The answer of `GET /api/modules`.
#[derive(Serialize, ToSchema)]
pub struct Modules {
    pub release: String,
    pub modules: Vec<ModuleEntry>,
}

/// One module of `GET /api/modules`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ModuleEntry {
    pub id: String,
    pub name: String,
    /// The name in other languages, by language code (empty: English only).
    pub name_labels: BTreeMap<String, String>,
    pub enabled: bool,
    #[schema(required = true)]
    pub switch: Option<Switch>,
    pub release: String,
    /// console or island
    #[schema(value_type = String)]
    pub mount: Mount,
    #[schema(required = true)]
    pub route: Option<String>,
    #[schema(required = true)]
    pub home: Option<i32>,
    /// What the shell does with it switched off
    #[schema(value_type = String)]
    pub when_disabled: WhenDisabled,
    #[schema(required = true)]
    pub sidebar: Option<Sidebar>,
    pub api: Vec<String>,
    /// Its migration versions, first and last
    #[schema(required = true, value_type = Option<Vec<i64>>)]
    pub migrations: Option<[i64; 2]>,
    pub dependencies: Vec<String>,
    #[schema(required = true)]
    pub remote: Option<Remote>,
}

#[derive(Serialize, ToSchema)]
pub struct Sidebar {
    #[schema(required = true)]
    pub group: Option<String>,
    pub label: String,
    /// The label in other languages, by language code (empty: English only).
    pub labels: BTreeMap<String, String>,
    pub icon: String,
    pub order: i32,
    #[schema(required = true)]
    pub route: Option<String>,
}

#[derive(Serialize, ToSchema)]
pub struct Remote {
    pub url: String,
    pub scope: String,
    pub module: String,
}

/// A sign record (`opsSigned` entries; `acks::SignRecord`'s JSON).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignRecordJson {
    #[serde(rename = "_id")]
    pub id: String,
    pub verified: bool,
    pub op: SignOp,
    pub date_signed: SignDate,
    #[schema(required = true)]
    pub cl: Option<SignCl>,
    #[schema(required = true)]
    pub date_verified: Option<SignDate>,
    /// The SHA-256 of the version signed (decision 69).
    pub version_hash: String,
    /// `Read`.
    pub sign_meaning: String,
    /// `badge` or `badge+pin`.
    pub sign_mode: String,
    /// `Verified` once verified.
    #[schema(required = true)]
    pub verify_meaning: Option<String>,
    #[schema(required = true)]
    pub verify_mode: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignOp {
    #[serde(rename = "_id")]
    pub id: String,
    pub full_name: String,
    pub op_no: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignCl {
    #[serde(rename = "_id")]
    pub id: String,
    #[schema(required = true)]
    pub full_name: Option<String>,
    #[schema(required = true)]
    pub op_no: Option<String>,
}

/// `{"date": ISO 8601}`
#[derive(Serialize, ToSchema)]
pub struct SignDate {
    pub date: String,
}

pub use crate::plant::engineers::PersonName;

/// `{"deleted": [ids]}`
#[derive(Serialize, ToSchema)]
pub struct Deleted {
    pub deleted: Vec<String>,
}

/// An upload's answer (the core's upload pond: `files`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Uploaded {
    pub server_id: String,
    pub filename: String,
    pub size: i64,
}

impl Uploaded {
    /// The answer of a stored upload.
    pub fn of(rec: &crate::storage::FileRecord) -> Self {
        Self { server_id: rec.id.clone(), filename: rec.filename.clone(), size: rec.size as i64 }
    }
}

/// A pending upload removed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reverted {
    pub server_id: String,
    pub deleted: bool,
}

impl Reverted {
    pub fn of(server_id: String) -> Self {
        Self { server_id, deleted: true }
    }
}

/// An upload's query: the file's name when the body is the raw file (not multipart).
#[derive(serde::Deserialize, utoipa::IntoParams)]
pub struct RawQuery {
    pub filename: Option<String>,
}

/// `{"_id", "partNumber"}`: a catalogue part (`parts`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartRef {
    #[serde(rename = "_id")]
    pub id: String,
    pub part_number: String,
}

/// `{"partList": [parts]}`: the part choices of an upload form.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartList {
    pub part_list: Vec<PartRef>,
}

impl PartList {
    /// The list of these catalogue parts.
    pub fn of(parts: Vec<crate::documents::parts::Part>) -> Self {
        let part_list =
            parts.into_iter().map(|p| PartRef { id: p.id, part_number: p.part_number }).collect();
        PartList { part_list }
    }
}

/// `{"opList": {"opsSigned": [...]}}`: a document's sign records (the SWP and alert
/// viewers' `opList` calls).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpList {
    pub op_list: OpsSigned,
}

/// `{"opsSigned": [...]}`
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsSigned {
    #[schema(value_type = Vec<SignRecordJson>)]
    pub ops_signed: Vec<crate::acks::SignRecord>,
}
