//! The alert row (a core review record and its tag, file and window) and its API shape
//! (spec section 3).
use std::ops::Deref;

use plantdoc_core::clock::iso;
use plantdoc_core::read_row;
use plantdoc_core::review::{Document, Kind, Names, Record};
use serde_json::{json, Value};
use sqlx::any::AnyRow;

use crate::access::KIND;

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

    /// The spec's Alert object. `opsSigned`/`opSigned` are filled by the lists that need them.
    pub fn to_json(&self, now: i64) -> Value {
        let approvals = self.record.approvals(&KIND.flow);
        let deployed = self.deploy_date.map(iso);
        let mut v = json!({
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
            "corrects": self.corrects.as_ref().map(|c| c.view()),
            "deployedDate": deployed,
            "versionHash": self.file_hash,
            "opsSigned": [],
            "opSigned": [],
        });
        if let Some(n) = &self.change_request {
            v["changeRequest"] = n.as_str().into();
        }
        v
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
