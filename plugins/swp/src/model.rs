//! The SWP row, its states, review stages and its API shape (spec section 3).
use plantdoc_core::auth::users::Department;
use plantdoc_core::clock::iso;
use serde::Serialize;
use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::Row;

/// Where an SWP stands (stored and sent lower-case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SwpStatus {
    /// In review.
    Pending,
    /// Returned to its author by a reviewer.
    Rejected,
    /// On the plant floor: the part's current revision.
    Deployed,
    /// Superseded by a later revision; its signatures stay in history.
    Obsolete,
    Deleted,
}

impl SwpStatus {
    const ALL: [SwpStatus; 5] = [Self::Pending, Self::Rejected, Self::Deployed, Self::Obsolete, Self::Deleted];
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Rejected => "rejected",
            Self::Deployed => "deployed",
            Self::Obsolete => "obsolete",
            Self::Deleted => "deleted",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

/// A review stage's verdict, shown in `approvals.<stage>.status`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Verdict {
    Pending,
    Approved,
    Rejected,
    /// A manager's direct deployment: no review took place, and the record says so.
    Bypassed,
}

impl Verdict {
    const ALL: [Verdict; 4] = [Self::Pending, Self::Approved, Self::Rejected, Self::Bypassed];
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "Pending",
            Self::Approved => "Approved",
            Self::Rejected => "Rejected",
            Self::Bypassed => "Bypassed",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

fn decode<T>(column: &str, v: Option<T>) -> Result<T, sqlx::Error> {
    v.ok_or_else(|| sqlx::Error::ColumnDecode { index: column.into(), source: format!("unknown {column}").into() })
}

/// The three review stages; each is reviewed by its own department.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Process,
    Quality,
    Production,
}

pub const STAGES: [Stage; 3] = [Stage::Process, Stage::Quality, Stage::Production];

impl Stage {
    /// The JSON key, the column prefix and the reviewing department, all one word.
    pub const fn key(self) -> &'static str {
        match self {
            Stage::Process => "process",
            Stage::Quality => "quality",
            Stage::Production => "production",
        }
    }
    pub fn from_department(d: Department) -> Option<Stage> {
        STAGES.into_iter().find(|s| s.key() == d.as_str())
    }
}

#[derive(Debug, Clone)]
pub struct Review {
    pub status: Verdict,
    pub reviewer: Option<String>,
    pub date: Option<i64>,
    pub note: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Swp {
    pub id: String,
    pub company_code: String,
    pub part_number: String,
    /// The catalogue part (stable across revisions).
    pub part_id: String,
    pub status: SwpStatus,
    pub revision: Option<i64>,
    /// The part's last deployed revision, for the revision a pending SWP would get.
    pub last_revision: Option<i64>,
    pub format: String,
    pub owner_id: String,
    pub owner_firstname: String,
    pub owner_lastname: String,
    pub on_behalf_id: Option<String>,
    pub on_behalf_name: String,
    pub zones: Vec<String>,
    pub changes: String,
    pub new_release: bool,
    pub reference_only: bool,
    pub bypass: bool,
    pub swc_file: String,
    pub jes_file: String,
    pub vis_file: String,
    pub video_file: Option<String>,
    pub content_hash: String,
    pub upload_date: i64,
    pub deploy_date: Option<i64>,
    pub obsolete_date: Option<i64>,
    pub reviews: [Review; 3],
}

/// The row's own columns (`COLUMNS` without the part's last revision).
macro_rules! row_columns {
    () => {
        "s.id, s.company_code, s.part_number, s.part_id, s.status, s.revision, s.format, s.owner_id, \
s.owner_firstname, s.owner_lastname, s.on_behalf_id, s.on_behalf_name, s.zones, s.changes, s.new_release, \
s.reference_only, s.bypass, s.swc_file, s.jes_file, s.vis_file, s.video_file, s.content_hash, s.upload_date, \
s.deploy_date, s.obsolete_date, \
s.process_status, s.process_reviewer_id, s.process_reviewer, s.process_date, s.process_note, \
s.quality_status, s.quality_reviewer_id, s.quality_reviewer, s.quality_date, s.quality_note, \
s.production_status, s.production_reviewer_id, s.production_reviewer, s.production_date, s.production_note"
    };
}

/// Every column `Swp::from_row` reads, for `FROM swps s`.
pub const COLUMNS: &str =
    concat!(row_columns!(), ", (SELECT p.last_revision FROM swp_parts p WHERE p.company_code = s.company_code AND p.part_number = s.part_number) AS last_rev");

/// [`COLUMNS`] for a statement that joins the SWP's part as `swp_parts sp` already.
pub const COLUMNS_WITH_PART: &str = concat!(row_columns!(), ", sp.last_revision AS last_rev");

/// The review columns of each stage, in `STAGES` order: status, reviewer, date, note.
const REVIEW_COLUMNS: [[&str; 4]; 3] = [
    ["process_status", "process_reviewer", "process_date", "process_note"],
    ["quality_status", "quality_reviewer", "quality_date", "quality_note"],
    ["production_status", "production_reviewer", "production_date", "production_note"],
];

fn review(r: &AnyRow, stage: Stage) -> Result<Review, sqlx::Error> {
    let [status, reviewer, date, note] = REVIEW_COLUMNS[stage as usize];
    Ok(Review {
        status: decode("status", Verdict::parse(&r.try_get::<String, _>(status)?))?,
        reviewer: r.try_get(reviewer)?,
        date: r.try_get(date)?,
        note: r.try_get(note)?,
    })
}

impl Swp {
    pub fn from_row(r: &AnyRow) -> Result<Self, sqlx::Error> {
        let zones: String = r.try_get("zones")?;
        Ok(Self {
            id: r.try_get("id")?,
            company_code: r.try_get("company_code")?,
            part_number: r.try_get("part_number")?,
            part_id: r.try_get::<Option<String>, _>("part_id")?.unwrap_or_default(),
            status: decode("status", SwpStatus::parse(&r.try_get::<String, _>("status")?))?,
            revision: r.try_get("revision")?,
            last_revision: r.try_get("last_rev")?,
            format: r.try_get("format")?,
            owner_id: r.try_get("owner_id")?,
            owner_firstname: r.try_get("owner_firstname")?,
            owner_lastname: r.try_get("owner_lastname")?,
            on_behalf_id: r.try_get("on_behalf_id")?,
            on_behalf_name: r.try_get("on_behalf_name")?,
            zones: serde_json::from_str(&zones).unwrap_or_default(),
            changes: r.try_get("changes")?,
            new_release: r.try_get::<i64, _>("new_release")? != 0,
            reference_only: r.try_get::<i64, _>("reference_only")? != 0,
            bypass: r.try_get::<i64, _>("bypass")? != 0,
            swc_file: r.try_get("swc_file")?,
            jes_file: r.try_get("jes_file")?,
            vis_file: r.try_get("vis_file")?,
            video_file: r.try_get("video_file")?,
            content_hash: r.try_get("content_hash")?,
            upload_date: r.try_get("upload_date")?,
            deploy_date: r.try_get("deploy_date")?,
            obsolete_date: r.try_get("obsolete_date")?,
            reviews: [review(r, Stage::Process)?, review(r, Stage::Quality)?, review(r, Stage::Production)?],
        })
    }

    pub fn review(&self, stage: Stage) -> &Review {
        &self.reviews[stage as usize]
    }

    /// The uploader or the engineer it was uploaded for: the SWP's authors.
    pub fn is_author(&self, user_id: &str) -> bool {
        self.owner_id == user_id || self.on_behalf_id.as_deref() == Some(user_id)
    }

    /// The revision shown: the assigned one, or the one a pending SWP would get now.
    pub fn shown_revision(&self) -> i64 {
        self.revision.unwrap_or_else(|| self.last_revision.map_or(0, |r| r + 1))
    }

    /// The spec's SWP object. `opsSigned` and `urls` are filled by the calls that need
    /// them (lists leave urls null: links are only made for one SWP being viewed).
    pub fn to_json(&self) -> Value {
        // A view of plain fields serializes without error.
        let mut v = serde_json::to_value(self.view()).unwrap_or_default();
        if let Some(o) = v.as_object_mut() {
            o.insert("opsSigned".into(), json!([]));
            o.insert("urls".into(), Value::Null);
        }
        v
    }

    /// The spec's SWP object but `opsSigned` and `urls`, to write straight to bytes.
    pub fn view(&self) -> SwpView<'_> {
        let review = |stage: Stage| {
            let r = self.review(stage);
            ReviewView { status: r.status.as_str(), reviewer: r.reviewer.as_deref(), date: r.date.map(iso), note: r.note.as_deref() }
        };
        SwpView {
            id: &self.id,
            approvals: Approvals { process: review(Stage::Process), production: review(Stage::Production), quality: review(Stage::Quality) },
            bypass_management: self.bypass,
            changes: &self.changes,
            content_hash: &self.content_hash,
            deploy_date: self.deploy_date.map(Timestamp::of),
            details: Details { id: &self.id },
            format: &self.format,
            has_video: self.video_file.is_some(),
            new_release: self.new_release,
            obsolete_date: self.obsolete_date.map(Timestamp::of),
            on_behalf_of: self.on_behalf_id.as_deref().map(|id| OnBehalf { id, name: &self.on_behalf_name }),
            owner: Person { id: &self.owner_id, firstname: &self.owner_firstname, lastname: &self.owner_lastname },
            part_id: &self.part_id,
            part_number: &self.part_number,
            reference_only: self.reference_only,
            revision: self.shown_revision(),
            status: self.status.as_str(),
            upload_date: Timestamp::of(self.upload_date),
            zones: &self.zones,
        }
    }

    /// A short description for audit rows.
    pub fn audit_json(&self) -> Value {
        json!({
            "partNumber": self.part_number, "status": self.status.as_str(), "revision": self.revision,
            "zones": self.zones, "contentHash": self.content_hash,
        })
    }
}

/// The spec's SWP object without `opsSigned` and `urls` ([`Swp::view`]); its fields in
/// the order a `serde_json::Value` writes them (sorted), so both forms print alike.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SwpView<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    approvals: Approvals<'a>,
    bypass_management: bool,
    changes: &'a str,
    content_hash: &'a str,
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

#[derive(Serialize)]
struct Approvals<'a> {
    process: ReviewView<'a>,
    production: ReviewView<'a>,
    quality: ReviewView<'a>,
}

#[derive(Serialize)]
struct ReviewView<'a> {
    date: Option<String>,
    note: Option<&'a str>,
    reviewer: Option<&'a str>,
    status: &'static str,
}

/// The spec's dates: `{"timestamp": ISO 8601}`.
#[derive(Serialize)]
struct Timestamp {
    timestamp: String,
}

impl Timestamp {
    fn of(ms: i64) -> Self {
        Self { timestamp: iso(ms) }
    }
}

#[derive(Serialize)]
struct Details<'a> {
    id: &'a str,
}

#[derive(Serialize)]
struct OnBehalf<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    name: &'a str,
}

#[derive(Serialize)]
struct Person<'a> {
    #[serde(rename = "_id")]
    id: &'a str,
    firstname: &'a str,
    lastname: &'a str,
}
