//! The SWP routes' answers and bodies for the OpenAPI document. Those marked "returned" are
//! the very types their handlers answer; the others mirror JSON the handlers write as
//! bytes (the viewer's and the kiosk's kept answers, `store::full_json`), field for field.
#![allow(dead_code)] // the mirrors are never built, read by `utoipa::ToSchema`
use std::collections::BTreeMap;

use plantdoc_core::acks::SignRecord;
use plantdoc_core::http::schemas::SignRecordJson;
/// The viewers' sign records answer, the same for every module.
pub use plantdoc_core::http::schemas::{OpList, OpsSigned};
use serde::Serialize;
use utoipa::ToSchema;

use crate::model::{Swp, SwpView};
pub use crate::store::Urls;

/// The SWP object as the lists and acts answer it: the SWP (written as its
/// [`SwpView`]), its sign records and `urls` (null: links are only made for one SWP being
/// viewed). (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwpJson {
    #[serde(flatten)]
    #[schema(value_type = SwpView<'static>)]
    pub swp: Swp,
    #[schema(value_type = Vec<SignRecordJson>)]
    pub ops_signed: Vec<SignRecord>,
    #[schema(required = true)]
    pub urls: Option<Urls>,
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

/// `{"swp": ...}` (returned)
#[derive(Serialize, ToSchema)]
pub struct One {
    pub swp: SwpJson,
}

/// A zone and the day (`YYYY-MM-DD`, UTC) a change takes effect there. (returned, inside
/// the viewer's bytes)
#[derive(Serialize, ToSchema)]
pub struct ZoneDay {
    pub zone: String,
    pub day: String,
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

/// `GET /api/swps/pending-my-approval`. (returned)
#[derive(Serialize, ToSchema)]
pub struct PendingMine {
    pub swps: Vec<SwpJson>,
    pub urls: BTreeMap<String, Urls>,
}

/// `GET /api/swps/signed-urls/{swpId}`. (returned)
#[derive(Serialize, ToSchema)]
pub struct SignedUrls {
    pub urls: Urls,
    /// With `?lang=`: what each section serves, `{swc: {lang, sha256}, ...}` (`lang` null:
    /// the original).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub served: Option<BTreeMap<String, ServedSection>>,
}

/// What one section serves to a reader who asked a language. (returned)
#[derive(Serialize, ToSchema)]
pub struct ServedSection {
    /// The translation's language; null: the original.
    pub lang: Option<String>,
    pub sha256: Option<String>,
}

/// A page of deployed SWPs. (returned)
#[derive(Serialize, ToSchema)]
pub struct Page {
    pub results: Vec<SwpJson>,
    pub total: i64,
}

/// A deployed part (`_id`: its catalogue part id, if any). (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DeployedPart {
    #[serde(rename = "_id")]
    #[schema(required = true)]
    pub id: Option<String>,
    pub part_number: String,
}

/// (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwpList {
    pub swp_list: Vec<DeployedPart>,
}

/// One superseded revision with its sign records, fields sorted as a `serde_json::Value`
/// wrote them. (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ObsoleteRevision {
    #[serde(rename = "_id")]
    pub id: String,
    /// The change request it was submitted under.
    #[schema(required = true)]
    pub change_request: Option<String>,
    /// Why the revision was made (its 'Changes' note).
    pub changes: String,
    pub created_date: String,
    #[schema(required = true)]
    pub obsolete_date: Option<String>,
    #[schema(value_type = Vec<SignRecordJson>)]
    pub ops_signed: Vec<SignRecord>,
    #[schema(required = true)]
    pub revision: Option<i64>,
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

/// The SWP of a search-text hit (the core's `TextHit`, flattened). (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextDoc {
    pub(crate) swp_id: String,
    pub(crate) part_number: String,
    pub(crate) revision: Option<i64>,
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
