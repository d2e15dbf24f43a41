//! The SWP routes' answers and bodies for the OpenAPI document. Those marked "returned" are
//! the very types their handlers answer; the others mirror JSON the handlers write as
//! bytes or build from the SWP object (`Swp::to_json`), field for field.
#![allow(dead_code)] // the mirrors are never built, read by `utoipa::ToSchema`
use std::collections::BTreeMap;

use plantdoc_core::http::schemas::SignRecordJson;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use crate::model::SwpView;
pub use crate::store::Urls;

/// The upload form (read field by field by `submit`, which names each bad one).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SubmitForm {
    /// Section → list of pending upload ids (swc, jes, vis, opin, video)
    #[schema(value_type = Object)]
    file_ids: Value,
    part_number: String,
    zones: Vec<String>,
    format: Option<String>,
    changes: Option<Value>,
    on_behalf_of: Option<Value>,
    /// The rejected SWP this submission corrects (same part; its author or a manager)
    corrects: Option<String>,
}

/// The SWP object (`Swp::to_json` with its sign records; `urls` null in lists).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwpJson {
    #[serde(flatten)]
    view: SwpView<'static>,
    ops_signed: Vec<SignRecordJson>,
    urls: Value,
}

/// One SWP viewed: its links filled.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwpWithUrls {
    #[serde(flatten)]
    view: SwpView<'static>,
    ops_signed: Vec<SignRecordJson>,
    urls: Urls,
}

/// The kiosk's SWP: `id` beside `_id`, with links.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct KioskSwp {
    #[serde(flatten)]
    view: SwpView<'static>,
    ops_signed: Vec<SignRecordJson>,
    urls: Urls,
    id: String,
}

/// `{"swp": ...}`
#[derive(Serialize, ToSchema)]
pub struct One {
    swp: SwpJson,
}

/// A zone and the day (`YYYY-MM-DD`, UTC) a change takes effect there.
#[derive(Serialize, ToSchema)]
pub struct ZoneDay {
    zone: String,
    day: String,
}

/// The console's SWP: under change control, when it is next reviewed and, while an
/// effective date is to come in some of the viewer's zones, where it takes effect later
/// (`effectiveFrom`) or where this superseded revision stays in force until then
/// (`inForceUntil`). Absent when none applies.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwpViewed {
    #[serde(flatten)]
    swp: SwpWithUrls,
    review_due: Option<String>,
    effective_from: Option<Vec<ZoneDay>>,
    in_force_until: Option<Vec<ZoneDay>>,
}

/// `{"swp": ...}` as the console's viewer reads it.
#[derive(Serialize, ToSchema)]
pub struct OneViewed {
    swp: SwpViewed,
}

/// `{"swp": ...}` with links.
#[derive(Serialize, ToSchema)]
pub struct OneWithUrls {
    swp: SwpWithUrls,
}

/// `GET /api/swps/pending-my-approval`.
#[derive(Serialize, ToSchema)]
pub struct PendingMine {
    swps: Vec<SwpJson>,
    urls: BTreeMap<String, Urls>,
}

/// `GET /api/swps/signed-urls/{swpId}`.
#[derive(Serialize, ToSchema)]
pub struct SignedUrls {
    urls: Urls,
}

/// A page of deployed SWPs.
#[derive(Serialize, ToSchema)]
pub struct Page {
    results: Vec<SwpJson>,
    total: i64,
}

/// A deployed part (`_id`: its catalogue part id, if any).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeployedPart {
    #[serde(rename = "_id")]
    #[schema(required = true)]
    id: Option<String>,
    part_number: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwpList {
    swp_list: Vec<DeployedPart>,
}

/// `{"opsSigned": [...]}`
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpsSigned {
    ops_signed: Vec<SignRecordJson>,
}

/// `{"opList": {"opsSigned": [...]}}`
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OpList {
    op_list: OpsSigned,
}

/// One superseded revision with its sign records.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ObsoleteRevision {
    #[serde(rename = "_id")]
    id: String,
    #[schema(required = true)]
    revision: Option<i64>,
    created_date: String,
    #[schema(required = true)]
    obsolete_date: Option<String>,
    /// Why the revision was made (its 'Changes' note).
    changes: String,
    /// The change request it was submitted under.
    #[schema(required = true)]
    change_request: Option<String>,
    ops_signed: Vec<SignRecordJson>,
}

/// A deployed (or superseded) SWP's sign records, with the revision they are of and why
/// it was made: `{opsSigned, revision, changes, changeRequest}`.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignHistory {
    ops_signed: Vec<SignRecordJson>,
    #[schema(required = true)]
    revision: Option<i64>,
    changes: String,
    #[schema(required = true)]
    change_request: Option<String>,
}

/// The kiosk's deployed SWP: `{"details": ...}`.
#[derive(Serialize, ToSchema)]
pub struct KioskDetails {
    details: KioskSwp,
}

/// `{"swp": ...}` for the kiosk.
#[derive(Serialize, ToSchema)]
pub struct KioskOne {
    swp: KioskSwp,
}

/// A page of search results inside deployed SWPs' documents, best match first. (returned)
#[derive(Serialize, ToSchema)]
pub struct TextPage {
    pub(crate) results: Vec<TextHit>,
    /// Pages matching in all; with totalExact false, at least this many (counted up to 1 000)
    pub(crate) total: i64,
    /// False when more pages match than were counted ('1 000+')
    #[serde(rename = "totalExact")]
    pub(crate) total_exact: bool,
}

/// A page of an SWP's document with every word searched. (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextHit {
    pub(crate) swp_id: String,
    pub(crate) part_number: String,
    pub(crate) revision: Option<i64>,
    /// swc, jes or vis
    pub(crate) section: String,
    /// From 1
    pub(crate) page: i64,
    /// The page's text around the words, each word between <mark> and </mark>
    pub(crate) snippet: String,
}

/// A part's deployed and obsolete revisions the caller may see, newest first. (returned)
#[derive(Serialize, ToSchema)]
pub struct Revisions {
    pub(crate) revisions: Vec<RevisionRow>,
}

/// (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionRow {
    #[serde(rename = "_id")]
    pub(crate) id: String,
    pub(crate) revision: Option<i64>,
    /// deployed or obsolete
    pub(crate) status: String,
    /// ISO date and time
    pub(crate) deploy_date: Option<String>,
}

/// The revision of a part an operator signed last (null: none). (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastSigned {
    #[schema(required = true)]
    pub(crate) last_signed: Option<SignedRevision>,
}

/// (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedRevision {
    #[serde(rename = "_id")]
    pub(crate) id: String,
    pub(crate) revision: Option<i64>,
    /// deployed or obsolete
    pub(crate) status: String,
    /// ISO date and time
    pub(crate) deploy_date: Option<String>,
    /// ISO date and time of the operator's newest sign record of it
    pub(crate) signed_at: String,
    pub(crate) urls: Urls,
}
