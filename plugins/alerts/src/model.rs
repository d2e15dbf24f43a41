//! The alert row (a core review record and its tag, file and window) and its API shape
//! (spec section 3).
use std::ops::Deref;

use plantdoc_core::clock::iso;
use plantdoc_core::read_row;
use plantdoc_core::review::{Document, Kind, Names, Record};
use serde_json::{json, Value};
use sqlx::any::AnyRow;

use crate::access::KIND;
use crate::schemas::{AlertJson, AlertView, Day, Issuer, Owner, Stamp};
use plantdoc_core::acks::SignRecord;

/// The four alert types and the letter each tag starts with.
pub const TYPES: [(&str, char); 4] =
    [("Change", 'C'), ("Quality", 'Q'), ("Safety", 'S'), ("New Part", 'N')];

/// Where an alert stands (the core's review states, stored lower-case; an alert is
/// never obsolete). "Expired" is not stored: a deployed alert whose sunset has passed
/// (see [`Alert::shown_status`]).
pub use plantdoc_core::review::Status;

/// An alert: a document under staged review (its [`Record`], which it dereferences to)
/// with its tag, type, file and the window it is in force.
#[derive(Debug, Clone)]
pub struct Alert {
    pub record: Record,
    pub alert_tag: String,
    pub alert_type: String,
    pub file_id: String,
    pub file_hash: String,
    pub effective_date: i64,
    pub sunset_date: i64,
    /// The change request it was submitted under (change control).
    pub change_request: Option<String>,
}

impl Deref for Alert {
    type Target = Record;
    fn deref(&self) -> &Record {
        &self.record
    }
}

/// Every column `Alert::from_row` reads, for `FROM alerts a`.
pub const COLUMNS: &str = concat!(
    plantdoc_core::record_columns!("a"; "engineer", "manager"),
    ", a.alert_tag, a.alert_type, a.file_id, a.file_hash, a.effective_date, a.sunset_date, a.change_request"
);

impl Document for Alert {
    const KIND: &'static Kind = &KIND;

    fn from_row(r: &AnyRow) -> Result<Self, sqlx::Error> {
        Ok(
            read_row!(r, { record: Record::from_row(r, &KIND.flow)?; alert_tag, alert_type, file_id, file_hash, effective_date, sunset_date, change_request }),
        )
    }

    fn names(&self) -> Names {
        let (title, label) =
            (format!("alert {}", self.alert_tag), format!("Alert {}", self.alert_tag));
        Names { deployed_title: title.clone(), title, full_label: label.clone(), label }
    }

    fn version(&self) -> &str {
        &self.file_hash
    }

    fn audit_json(&self) -> Value {
        json!({"alertTag": self.alert_tag, "status": self.status.as_str(), "partNumber": self.part_number, "zones": self.zones, "versionHash": self.file_hash})
    }
}

impl Alert {
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

    /// The spec's Alert object as shown at `now`, with these sign records.
    pub fn view<'a>(&'a self, now: i64, signs: &'a [SignRecord]) -> AlertView<'a> {
        AlertView {
            id: &self.id,
            alert_tag: &self.alert_tag,
            alert_type: &self.alert_type,
            approvals: self.record.approvals(&KIND.flow),
            change_request: self.change_request.as_deref(),
            changes: &self.changes,
            corrects: self.corrects.as_ref().map(|c| c.view()),
            deployed_date: self.deploy_date.map(iso),
            effective_date: Day { date: iso(self.effective_date) },
            in_force: self.in_force(now),
            on_behalf_of: Issuer {
                id: self.on_behalf_id.as_deref().unwrap_or(&self.owner_id),
                name: self.issuer(),
            },
            op_signed: signs,
            ops_signed: signs,
            owner: Owner {
                id: &self.owner_id,
                firstname: &self.owner_firstname,
                lastname: &self.owner_lastname,
            },
            part_id: &self.part_id,
            part_number: &self.part_number,
            revision: 0,
            status: self.shown_status(now),
            sunset_date: Day { date: iso(self.sunset_date) },
            upload_date: Stamp { date: iso(self.upload_date), timestamp: iso(self.upload_date) },
            version_hash: &self.file_hash,
            zones: &self.zones,
        }
    }

    /// The alert as answered at `now`, without sign records.
    pub fn json(self, now: i64) -> AlertJson {
        AlertJson { alert: self, now, signs: Vec::new() }
    }

    /// The Issuer column: the on-behalf-of name, or the uploader's own.
    pub fn issuer(&self) -> String {
        if self.on_behalf_name.is_empty() {
            format!("{} {}", self.owner_firstname, self.owner_lastname)
        } else {
            self.on_behalf_name.clone()
        }
    }
}
