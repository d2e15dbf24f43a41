//! The schemas of the alert routes' bodies and answers that handlers read or build as
//! `serde_json::Value` (`Alert::to_json`, the lists' `mine`, the kiosk's `url`): each
//! mirrors its handler's JSON field for field and is only read by the OpenAPI
//! description (`ApiRouter::body`/`returns`).
#![allow(dead_code)] // schema-only types: never built, read by `utoipa::ToSchema`
use std::collections::BTreeMap;

use plantdoc_core::http::schemas::SignRecordJson;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

/// The alert form (read field by field by `submit`, which names each bad one).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmitForm {
    alert_file: AlertFile,
    zones: Vec<String>,
    changes: Option<Value>,
    on_behalf_of: Option<Value>,
    /// The rejected alert this submission corrects (same part; its author or a manager)
    corrects: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertFile {
    #[serde(default)]
    server_id: String,
}

/// `{date, timestamp}`
#[derive(Serialize, ToSchema)]
pub struct Stamp {
    date: String,
    timestamp: String,
}

/// `{date}`
#[derive(Serialize, ToSchema)]
pub struct Day {
    date: String,
}

#[derive(Serialize, ToSchema)]
pub struct Owner {
    #[serde(rename = "_id")]
    id: String,
    firstname: String,
    lastname: String,
}

#[derive(Serialize, ToSchema)]
pub struct Issuer {
    #[serde(rename = "_id")]
    id: String,
    name: String,
}

/// `{date, note, reviewer, status}` of one review stage.
#[derive(Serialize, ToSchema)]
pub struct Stage {
    status: String,
    #[schema(required = true)]
    reviewer: Option<String>,
    #[schema(required = true)]
    date: Option<String>,
    #[schema(required = true)]
    note: Option<String>,
}

/// The alert object (`Alert::to_json` with its sign records).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertJson {
    #[serde(rename = "_id")]
    id: String,
    alert_tag: String,
    alert_type: String,
    part_number: String,
    part_id: String,
    status: String,
    in_force: bool,
    upload_date: Stamp,
    effective_date: Day,
    sunset_date: Day,
    owner: Owner,
    on_behalf_of: Issuer,
    zones: Vec<String>,
    revision: i64,
    changes: String,
    approvals: BTreeMap<String, Stage>,
    /// The rejected alert this one corrects, and that rejection (null: none)
    #[schema(required = true)]
    corrects: Option<plantdoc_core::review::CorrectsView<'static>>,
    #[schema(required = true)]
    deployed_date: Option<String>,
    version_hash: String,
    ops_signed: Vec<SignRecordJson>,
    op_signed: Vec<SignRecordJson>,
}

/// The alert with `mine` (the caller is an author: the My tabs).
#[derive(Serialize, ToSchema)]
pub struct MineAlert {
    #[serde(flatten)]
    alert: AlertJson,
    mine: bool,
}

/// The kiosk's alert, with its document's link.
#[derive(Serialize, ToSchema)]
pub struct KioskAlert {
    #[serde(flatten)]
    alert: AlertJson,
    #[schema(required = true)]
    url: Option<String>,
}

/// `{"alert": ...}`
#[derive(Serialize, ToSchema)]
pub struct One {
    alert: AlertJson,
}

/// `{"alert": ...}` with `mine`.
#[derive(Serialize, ToSchema)]
pub struct OneMine {
    alert: MineAlert,
}

/// `{"opList": {"opsSigned": [...]}}`
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpList {
    op_list: OpsSigned,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsSigned {
    ops_signed: Vec<SignRecordJson>,
}

/// A page of search results inside deployed alerts' documents, best match first.
#[derive(Serialize, ToSchema)]
pub struct TextPage {
    results: Vec<TextHit>,
    /// Pages matching in all; with totalExact false, at least this many (counted up to 1 000)
    total: i64,
    /// False when more pages match than were counted ('1 000+')
    #[serde(rename = "totalExact")]
    total_exact: bool,
}

/// A page of an alert's document with every word searched.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextHit {
    alert_id: String,
    alert_tag: String,
    part_number: String,
    /// Always alert
    section: String,
    /// From 1
    page: i64,
    /// The page's text around the words, each word between <mark> and </mark>
    snippet: String,
}
