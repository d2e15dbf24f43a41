//! The SWP row, its states, review stages and its API shape (spec section 3).
use plantdoc_core::auth::users::Department;
use plantdoc_core::clock::iso;
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
    pub fn key(self) -> &'static str {
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

/// Every column `Swp::from_row` reads, for `FROM swps s`.
pub const COLUMNS: &str = "s.id, s.company_code, s.part_number, s.part_id, s.status, s.revision, s.format, s.owner_id, \
s.owner_firstname, s.owner_lastname, s.on_behalf_id, s.on_behalf_name, s.zones, s.changes, s.new_release, \
s.reference_only, s.bypass, s.swc_file, s.jes_file, s.vis_file, s.video_file, s.content_hash, s.upload_date, \
s.deploy_date, s.obsolete_date, \
s.process_status, s.process_reviewer_id, s.process_reviewer, s.process_date, s.process_note, \
s.quality_status, s.quality_reviewer_id, s.quality_reviewer, s.quality_date, s.quality_note, \
s.production_status, s.production_reviewer_id, s.production_reviewer, s.production_date, s.production_note, \
(SELECT p.last_revision FROM swp_parts p WHERE p.company_code = s.company_code AND p.part_number = s.part_number) AS last_rev";

fn review(r: &AnyRow, stage: Stage) -> Result<Review, sqlx::Error> {
    let k = stage.key();
    Ok(Review {
        status: decode("status", Verdict::parse(&r.try_get::<String, _>(format!("{k}_status").as_str())?))?,
        reviewer: r.try_get(format!("{k}_reviewer").as_str())?,
        date: r.try_get(format!("{k}_date").as_str())?,
        note: r.try_get(format!("{k}_note").as_str())?,
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
        let approvals: serde_json::Map<String, Value> = STAGES
            .iter()
            .map(|s| {
                let r = self.review(*s);
                (
                    s.key().to_string(),
                    json!({"status": r.status.as_str(), "reviewer": r.reviewer, "date": r.date.map(iso), "note": r.note}),
                )
            })
            .collect();
        json!({
            "_id": self.id,
            "partNumber": self.part_number,
            "partId": self.part_id,
            "status": self.status.as_str(),
            "revision": self.shown_revision(),
            "format": self.format,
            "uploadDate": {"timestamp": iso(self.upload_date)},
            "deployDate": self.deploy_date.map(|d| json!({"timestamp": iso(d)})),
            "obsoleteDate": self.obsolete_date.map(|d| json!({"timestamp": iso(d)})),
            "owner": {"_id": self.owner_id, "firstname": self.owner_firstname, "lastname": self.owner_lastname},
            "onBehalfOf": self.on_behalf_id.as_ref().map(|id| json!({"_id": id, "name": self.on_behalf_name})),
            "zones": self.zones,
            "changes": self.changes,
            "newRelease": self.new_release,
            "referenceOnly": self.reference_only,
            "bypassManagement": self.bypass,
            "approvals": approvals,
            "contentHash": self.content_hash,
            "hasVideo": self.video_file.is_some(),
            "opsSigned": [],
            "urls": Value::Null,
            "details": {"id": self.id},
        })
    }

    /// A short description for audit rows.
    pub fn audit_json(&self) -> Value {
        json!({
            "partNumber": self.part_number, "status": self.status.as_str(), "revision": self.revision,
            "zones": self.zones, "contentHash": self.content_hash,
        })
    }
}
