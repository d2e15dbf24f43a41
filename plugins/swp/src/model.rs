//! The SWP row (a core review record and its package) and its API shape (spec section 3).
use std::collections::BTreeMap;
use std::ops::Deref;

use plantdoc_core::clock::iso;
use plantdoc_core::read_row;
use plantdoc_core::review::{CorrectsView, Document, Kind, Names, Record, ReviewView};
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::Row;

use crate::access::KIND;

/// Where an SWP stands (the core's review states; stored and sent lower-case).
pub use plantdoc_core::review::Status as SwpStatus;

/// An SWP: a document under staged review (its [`Record`], which it dereferences to)
/// with its package: the three sections' files, the optional video, the revision.
#[derive(Debug, Clone)]
pub struct Swp {
    pub record: Record,
    pub revision: Option<i64>,
    /// The part's last deployed revision, for the revision a pending SWP would get.
    pub last_revision: Option<i64>,
    pub format: String,
    pub new_release: bool,
    pub reference_only: bool,
    pub bypass: bool,
    pub swc_file: String,
    pub jes_file: String,
    pub vis_file: String,
    pub video_file: Option<String>,
    pub content_hash: String,
    pub obsolete_date: Option<i64>,
    /// The change request it was submitted under (change control).
    pub change_request: Option<String>,
}

impl Deref for Swp {
    type Target = Record;
    fn deref(&self) -> &Record {
        &self.record
    }
}

/// The row's own columns (`COLUMNS` without the part's last revision).
macro_rules! row_columns {
    () => {
        concat!(
            plantdoc_core::record_columns!("s"; "process", "quality", "production"),
            ", s.revision, s.format, s.new_release, s.reference_only, s.bypass, s.swc_file, s.jes_file, s.vis_file, \
s.video_file, s.content_hash, s.obsolete_date, s.change_request"
        )
    };
}

/// Every column `Swp::from_row` reads, for `FROM swps s`.
pub const COLUMNS: &str = concat!(
    row_columns!(),
    ", (SELECT p.last_revision FROM swp_parts p WHERE p.company_code = s.company_code AND p.part_number = s.part_number) AS last_rev"
);

/// [`COLUMNS`] for a statement that joins the SWP's part as `swp_parts sp` already.
pub const COLUMNS_WITH_PART: &str = concat!(row_columns!(), ", sp.last_revision AS last_rev");

impl Document for Swp {
    const KIND: &'static Kind = &KIND;

    fn from_row(r: &AnyRow) -> Result<Self, sqlx::Error> {
        let flag = |c: &str| r.try_get::<i64, _>(c).map(|v| v != 0);
        Ok(read_row!(r, {
            record: Record::from_row(r, &KIND.flow)?,
            last_revision: r.try_get("last_rev")?,
            new_release: flag("new_release")?,
            reference_only: flag("reference_only")?,
            bypass: flag("bypass")?;
            revision, format, swc_file, jes_file, vis_file, video_file, content_hash, obsolete_date, change_request
        }))
    }

    fn names(&self) -> Names {
        let part = format!("part {}", self.part_number);
        Names {
            deployed_title: format!("{part} revision {}", self.shown_revision()),
            label: format!("SWP {}", self.id),
            full_label: format!("SWP {} of {part}", self.id),
            title: part,
        }
    }

    fn version(&self) -> &str {
        &self.content_hash
    }

    fn audit_json(&self) -> Value {
        json!({
            "partNumber": self.part_number, "status": self.status.as_str(), "revision": self.revision,
            "zones": self.zones, "contentHash": self.content_hash,
        })
    }
}

impl Swp {
    /// The revision shown: the assigned one, or the one a pending SWP would get now.
    pub fn shown_revision(&self) -> i64 {
        self.revision.unwrap_or_else(|| self.last_revision.map_or(0, |r| r + 1))
    }

    /// The spec's SWP object but `opsSigned` and `urls`, to write straight to bytes.
    pub fn view(&self) -> SwpView<'_> {
        SwpView {
            id: &self.id,
            approvals: self.record.approvals(&KIND.flow),
            bypass_management: self.bypass,
            change_request: self.change_request.as_deref(),
            changes: &self.changes,
            content_hash: &self.content_hash,
            corrects: self.corrects.as_ref().map(|c| c.view()),
            deploy_date: self.deploy_date.map(Timestamp::of),
            details: Details { id: &self.id },
            format: &self.format,
            has_video: self.video_file.is_some(),
            new_release: self.new_release,
            obsolete_date: self.obsolete_date.map(Timestamp::of),
            on_behalf_of: self
                .on_behalf_id
                .as_deref()
                .map(|id| OnBehalf { id, name: &self.on_behalf_name }),
            owner: Person {
                id: &self.owner_id,
                firstname: &self.owner_firstname,
                lastname: &self.owner_lastname,
            },
            part_id: &self.part_id,
            part_number: &self.part_number,
            reference_only: self.reference_only,
            revision: self.shown_revision(),
            status: self.status.as_str(),
            upload_date: Timestamp::of(self.upload_date),
            zones: &self.zones,
        }
    }
}

/// An SWP serializes as its view (the lists' `SwpJson` flattens it).
impl Serialize for Swp {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.view().serialize(s)
    }
}

/// The spec's SWP object without `opsSigned` and `urls` ([`Swp::view`]); its fields in
/// the order a `serde_json::Value` writes them (sorted), so both forms print alike.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwpView<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    approvals: BTreeMap<&'static str, ReviewView<'a>>,
    bypass_management: bool,
    /// The change request it was submitted under (absent: none, or change control off).
    #[serde(skip_serializing_if = "Option::is_none")]
    change_request: Option<&'a str>,
    changes: &'a str,
    content_hash: &'a str,
    /// The rejected SWP this one corrects, and that rejection (null: none).
    corrects: Option<CorrectsView<'a>>,
    deploy_date: Option<Timestamp>,
    details: Details<'a>,
    format: &'a str,
    has_video: bool,
    new_release: bool,
    obsolete_date: Option<Timestamp>,
    on_behalf_of: Option<OnBehalf<'a>>,
    owner: Person<'a>,
    part_id: &'a str,
    part_number: &'a str,
    reference_only: bool,
    revision: i64,
    status: &'static str,
    upload_date: Timestamp,
    zones: &'a [String],
}

/// The spec's dates: `{"timestamp": ISO 8601}`.
#[derive(Serialize, utoipa::ToSchema)]
struct Timestamp {
    timestamp: String,
}

impl Timestamp {
    fn of(ms: i64) -> Self {
        Self { timestamp: iso(ms) }
    }
}

#[derive(Serialize, utoipa::ToSchema)]
struct Details<'a> {
    id: &'a str,
}

#[derive(Serialize, utoipa::ToSchema)]
struct OnBehalf<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    name: &'a str,
}

#[derive(Serialize, utoipa::ToSchema)]
struct Person<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    firstname: &'a str,
    lastname: &'a str,
}
