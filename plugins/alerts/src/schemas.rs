//! The alert routes' answers, the very types their handlers return, and the upload
//! form's body (read field by field by `submit`; only the OpenAPI document reads its type).
use std::collections::BTreeMap;

use plantdoc_core::acks::SignRecord;
use plantdoc_core::http::schemas::SignRecordJson;
/// The viewers' sign records answer, the same for every module.
pub use plantdoc_core::http::schemas::{OpList, OpsSigned};
use plantdoc_core::review::{CorrectsView, ReviewView};
use serde::Serialize;
use utoipa::ToSchema;

use crate::model::Alert;

/// `{date, timestamp}`
#[derive(Serialize, ToSchema)]
pub struct Stamp {
    pub date: String,
    pub timestamp: String,
}

/// `{date}`
#[derive(Serialize, ToSchema)]
pub struct Day {
    pub date: String,
}

#[derive(Serialize, ToSchema)]
pub struct Owner<'a> {
    #[serde(rename = "_id")]
    pub id: &'a str,
    pub firstname: &'a str,
    pub lastname: &'a str,
}

#[derive(Serialize, ToSchema)]
pub struct Issuer<'a> {
    #[serde(rename = "_id")]
    pub id: &'a str,
    pub name: String,
}

/// The spec's alert object ([`Alert::view`]), its fields in the order a
/// `serde_json::Value` wrote them (sorted).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertView<'a> {
    #[serde(rename = "_id")]
    pub id: &'a str,
    pub alert_tag: &'a str,
    pub alert_type: &'a str,
    pub approvals: BTreeMap<&'static str, ReviewView<'a>>,
    /// The change request it was submitted under (absent: none)
    #[serde(skip_serializing_if = "Option::is_none")]
    pub change_request: Option<&'a str>,
    pub changes: &'a str,
    /// The rejected alert this one corrects, and that rejection (null: none)
    #[schema(required = true)]
    pub corrects: Option<CorrectsView<'a>>,
    #[schema(required = true)]
    pub deployed_date: Option<String>,
    pub effective_date: Day,
    pub in_force: bool,
    pub on_behalf_of: Issuer<'a>,
    /// The same list as `opsSigned`
    #[schema(value_type = Vec<SignRecordJson>)]
    pub op_signed: &'a [SignRecord],
    #[schema(value_type = Vec<SignRecordJson>)]
    pub ops_signed: &'a [SignRecord],
    pub owner: Owner<'a>,
    pub part_id: &'a str,
    pub part_number: &'a str,
    pub revision: i64,
    pub status: &'static str,
    pub sunset_date: Day,
    pub upload_date: Stamp,
    pub version_hash: &'a str,
    pub zones: &'a [String],
}

/// An alert as answered: the alert, the time it is shown at and its sign records
/// (empty where a call does not list them), written as its [`AlertView`].
pub struct AlertJson {
    pub alert: Alert,
    pub now: i64,
    pub signs: Vec<SignRecord>,
}

impl Serialize for AlertJson {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.alert.view(self.now, &self.signs).serialize(s)
    }
}

impl utoipa::PartialSchema for AlertJson {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        AlertView::schema()
    }
}

impl ToSchema for AlertJson {
    fn name() -> std::borrow::Cow<'static, str> {
        AlertView::name()
    }
    fn schemas(
        schemas: &mut Vec<(String, utoipa::openapi::RefOr<utoipa::openapi::schema::Schema>)>,
    ) {
        AlertView::schemas(schemas)
    }
}

/// The alert with `mine` (the caller is an author: the My tabs).
#[derive(Serialize, ToSchema)]
pub struct MineAlert {
    #[serde(flatten)]
    pub alert: AlertJson,
    pub mine: bool,
}

/// One alert viewed: `mine`, and when it is next reviewed (under change control).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertViewed {
    #[serde(flatten)]
    pub alert: MineAlert,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub review_due: Option<String>,
}

/// The kiosk's alert, with its document's link.
#[derive(Serialize, ToSchema)]
pub struct KioskAlert {
    #[serde(flatten)]
    pub alert: AlertJson,
    #[schema(required = true)]
    pub url: Option<String>,
}

/// `{"alert": ...}`
#[derive(Serialize, ToSchema)]
pub struct One {
    pub alert: AlertJson,
}

/// `{"alert": ...}` viewed.
#[derive(Serialize, ToSchema)]
pub struct OneViewed {
    pub alert: AlertViewed,
}

/// The alert of a search-text hit (the core's `TextHit`, flattened). (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TextDoc {
    pub(crate) alert_id: String,
    pub(crate) alert_tag: String,
    pub(crate) part_number: String,
}

/// What a link serves: the language (null: the original) and the file's SHA-256.
#[derive(Serialize, ToSchema)]
pub struct Served {
    #[schema(required = true)]
    pub lang: Option<String>,
    pub sha256: String,
}

/// A short-lived link to the alert's file in a language, what it serves and the
/// languages the alert has. (returned)
#[derive(Serialize, ToSchema)]
pub struct FileLink {
    pub url: String,
    pub served: Served,
    pub translations: Vec<String>,
}

/// An alert's translations after a proposal or a removal, or as listed: `{alertId,
/// translations}` (served, in review, last rejected). (returned)
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertTranslations {
    pub alert_id: String,
    pub translations: Vec<plantdoc_core::review::translations::answer::TranslationView>,
}
