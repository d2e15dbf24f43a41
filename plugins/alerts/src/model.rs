//! The alert row, its states, its two review stages and its API shape (spec section 3).
use plantdoc_core::clock::iso;
use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::Row;

/// The four alert types and the letter each tag starts with.
pub const TYPES: [(&str, char); 4] = [("Change", 'C'), ("Quality", 'Q'), ("Safety", 'S'), ("New Part", 'N')];

/// Where an alert stands (stored lower-case). "Expired" is not stored: a deployed alert
/// whose sunset has passed (see [`Alert::shown_status`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Status {
    Pending,
    Rejected,
    Deployed,
    Deleted,
}

impl Status {
    const ALL: [Status; 4] = [Self::Pending, Self::Rejected, Self::Deployed, Self::Deleted];
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Rejected => "rejected",
            Self::Deployed => "deployed",
            Self::Deleted => "deleted",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

/// A stage's verdict, shown in `approvals.<stage>.status`.
pub const PENDING: &str = "Pending";
pub const APPROVED: &str = "Approved";
pub const REJECTED: &str = "Rejected";

/// The two review stages, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    Engineer,
    Manager,
}

pub const STAGES: [Stage; 2] = [Stage::Engineer, Stage::Manager];

impl Stage {
    /// The JSON key and the column prefix.
    pub const fn key(self) -> &'static str {
        match self {
            Stage::Engineer => "engineer",
            Stage::Manager => "manager",
        }
    }
}

#[derive(Debug, Clone)]
pub struct Review {
    pub status: String,
    pub reviewer: Option<String>,
    pub date: Option<i64>,
    pub note: Option<String>,
}

#[derive(Debug, Clone)]
pub struct Alert {
    pub id: String,
    pub company_code: String,
    pub alert_tag: String,
    pub alert_type: String,
    pub part_number: String,
    pub part_id: String,
    pub status: Status,
    pub owner_id: String,
    pub owner_firstname: String,
    pub owner_lastname: String,
    pub on_behalf_id: Option<String>,
    pub on_behalf_name: String,
    pub zones: Vec<String>,
    pub changes: String,
    pub file_id: String,
    pub file_hash: String,
    pub upload_date: i64,
    pub effective_date: i64,
    pub sunset_date: i64,
    pub deploy_date: Option<i64>,
    pub reviews: [Review; 2],
}

/// Every column `Alert::from_row` reads, for `FROM alerts a`.
pub const COLUMNS: &str = "a.id, a.company_code, a.alert_tag, a.alert_type, a.part_number, a.part_id, a.status, a.owner_id, \
a.owner_firstname, a.owner_lastname, a.on_behalf_id, a.on_behalf_name, a.zones, a.changes, a.file_id, a.file_hash, \
a.upload_date, a.effective_date, a.sunset_date, a.deploy_date, \
a.engineer_status, a.engineer_reviewer, a.engineer_date, a.engineer_note, \
a.manager_status, a.manager_reviewer, a.manager_date, a.manager_note";

fn review(r: &AnyRow, stage: Stage) -> Result<Review, sqlx::Error> {
    let k = stage.key();
    Ok(Review {
        status: r.try_get(format!("{k}_status").as_str())?,
        reviewer: r.try_get(format!("{k}_reviewer").as_str())?,
        date: r.try_get(format!("{k}_date").as_str())?,
        note: r.try_get(format!("{k}_note").as_str())?,
    })
}

impl Alert {
    pub fn from_row(r: &AnyRow) -> Result<Self, sqlx::Error> {
        let zones: String = r.try_get("zones")?;
        let status: String = r.try_get("status")?;
        Ok(Self {
            id: r.try_get("id")?,
            company_code: r.try_get("company_code")?,
            alert_tag: r.try_get("alert_tag")?,
            alert_type: r.try_get("alert_type")?,
            part_number: r.try_get("part_number")?,
            part_id: r.try_get("part_id")?,
            status: Status::parse(&status).ok_or_else(|| sqlx::Error::ColumnDecode { index: "status".into(), source: "unknown status".into() })?,
            owner_id: r.try_get("owner_id")?,
            owner_firstname: r.try_get("owner_firstname")?,
            owner_lastname: r.try_get("owner_lastname")?,
            on_behalf_id: r.try_get("on_behalf_id")?,
            on_behalf_name: r.try_get("on_behalf_name")?,
            zones: serde_json::from_str(&zones).unwrap_or_default(),
            changes: r.try_get("changes")?,
            file_id: r.try_get("file_id")?,
            file_hash: r.try_get("file_hash")?,
            upload_date: r.try_get("upload_date")?,
            effective_date: r.try_get("effective_date")?,
            sunset_date: r.try_get("sunset_date")?,
            deploy_date: r.try_get("deploy_date")?,
            reviews: [review(r, Stage::Engineer)?, review(r, Stage::Manager)?],
        })
    }

    pub fn review(&self, stage: Stage) -> &Review {
        &self.reviews[stage as usize]
    }

    /// The uploader or the engineer it was uploaded for.
    pub fn is_author(&self, user_id: &str) -> bool {
        self.owner_id == user_id || self.on_behalf_id.as_deref() == Some(user_id)
    }

    /// Deployed and `effective <= now < sunset`.
    pub fn in_force(&self, now: i64) -> bool {
        self.status == Status::Deployed && self.effective_date <= now && now < self.sunset_date
    }

    /// The status shown: `expired` for a deployed alert past its sunset.
    pub fn shown_status(&self, now: i64) -> &'static str {
        if self.status == Status::Deployed && now >= self.sunset_date {
            "expired"
        } else {
            self.status.as_str()
        }
    }

    /// The spec's Alert object. `opsSigned`/`opSigned` are filled by the lists that need them.
    pub fn to_json(&self, now: i64) -> Value {
        let approvals: serde_json::Map<String, Value> = STAGES
            .iter()
            .map(|s| {
                let r = self.review(*s);
                (s.key().to_string(), json!({"status": r.status, "reviewer": r.reviewer, "date": r.date.map(iso), "note": r.note}))
            })
            .collect();
        let deployed = self.deploy_date.map(iso);
        json!({
            "_id": self.id,
            "alertTag": self.alert_tag,
            "alertType": self.alert_type,
            "partNumber": self.part_number,
            "partId": self.part_id,
            "status": self.shown_status(now),
            "inForce": self.in_force(now),
            "uploadDate": {"date": iso(self.upload_date), "timestamp": iso(self.upload_date)},
            "effectiveDate": {"date": iso(self.effective_date)},
            "sunsetDate": {"date": iso(self.sunset_date)},
            "owner": {"_id": self.owner_id, "firstname": self.owner_firstname, "lastname": self.owner_lastname},
            "onBehalfOf": {"_id": self.on_behalf_id.clone().unwrap_or_else(|| self.owner_id.clone()), "name": self.issuer()},
            "zones": self.zones,
            "revision": 0,
            "changes": self.changes,
            "approvals": approvals,
            "deployedDate": deployed,
            "versionHash": self.file_hash,
            "opsSigned": [],
            "opSigned": [],
        })
    }

    /// The Issuer column: the on-behalf-of name, or the uploader's own.
    pub fn issuer(&self) -> String {
        if self.on_behalf_name.is_empty() {
            format!("{} {}", self.owner_firstname, self.owner_lastname)
        } else {
            self.on_behalf_name.clone()
        }
    }

    pub fn audit_json(&self) -> Value {
        json!({"alertTag": self.alert_tag, "status": self.status.as_str(), "partNumber": self.part_number, "zones": self.zones, "versionHash": self.file_hash})
    }
}
