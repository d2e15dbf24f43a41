//! Who a live stream's events are for (docs/security.md, "Second probe: connections,
//! live events, storage outage"):
//!
//! - an event of another company: nobody;
//! - a personal kind: only the people it names (its notifications);
//! - anyone an event names (a notification of theirs) sees it, with its note;
//! - staff see the rest of their company in zones they see (or the whole company's);
//! - operators — the kiosk's account and operators with passwords — see only the floor's
//!   kinds ([`EventKind::floor`](crate::events::EventKind::floor): a document deployed
//!   or removed, an alert in force or sunset) in their zones;
//! - the event's `note` (a reviewer's words, a rejection's reason) goes only to the
//!   people it names: anyone else gets the event without it.
use axum::response::sse::Event as SseEvent;
use serde_json::{json, Value};

use super::live::Pushed;
use crate::auth::User;
use crate::zones;

/// Who reads a stream: what decides which events they see.
pub struct Viewer {
    pub id: String,
    pub company: String,
    pub zones: Vec<String>,
    /// Their zones cover their whole company.
    pub covers: bool,
    /// An operator's account (the kiosk's too): the floor's kinds only.
    pub floor: bool,
}

impl Viewer {
    pub fn of(user: &User, covers: bool) -> Self {
        Self {
            id: user.id.clone(),
            company: user.company_code.clone(),
            zones: user.zones.clone(),
            covers,
            floor: user.is_operator(),
        }
    }

    /// What of a user decides what their stream carries: when it changes (a new zone, a
    /// new position), the stream ends and the browser opens one for who they are now.
    pub fn key(user: &User) -> String {
        format!(
            "{}\n{}\n{}\n{}",
            user.company_code,
            user.zones.join(","),
            user.position.as_str(),
            user.kiosk
        )
    }

    pub fn sees(&self, p: &Pushed) -> bool {
        let told = p.recipients.contains(&self.id);
        if p.company != self.company {
            return false;
        }
        if p.personal || told {
            return told;
        }
        (p.floor || !self.floor)
            && (p.zones.is_empty() || self.covers || zones::overlap(&self.zones, &p.zones))
    }

    pub fn message(&self, p: &Pushed) -> SseEvent {
        let told = p.recipients.contains(&self.id);
        let mut data = p.data.clone();
        if !told {
            if let Value::Object(fields) = &mut data {
                fields.remove("note");
            }
        }
        let body = json!({"seq": p.seq, "kind": p.kind, "subject": p.subject, "zones": p.zones, "data": data, "notified": told});
        SseEvent::default().id(p.seq.to_string()).data(body.to_string())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pushed(kind: &str, zones: &[&str], floor: bool, recipients: &[&str]) -> Pushed {
        Pushed {
            seq: 1,
            kind: kind.into(),
            company: "mpk".into(),
            zones: zones.iter().map(|z| z.to_string()).collect(),
            subject: "swp:1".into(),
            data: json!({"title": "t", "note": "CONFIDENTIAL"}),
            recipients: recipients.iter().map(|r| r.to_string()).collect(),
            personal: false,
            floor,
        }
    }

    fn viewer(id: &str, floor: bool) -> Viewer {
        Viewer {
            id: id.into(),
            company: "mpk".into(),
            zones: vec!["A1".into()],
            covers: false,
            floor,
        }
    }

    #[test]
    fn operators_see_the_floor_and_what_names_them() {
        let kiosk = viewer("k", true);
        assert!(kiosk.sees(&pushed("swp.deployed", &["A1"], true, &[])));
        assert!(!kiosk.sees(&pushed("swp.deployed", &["B2"], true, &[])), "another zone");
        assert!(!kiosk.sees(&pushed("swp.rejected", &["A1"], false, &[])), "staff's");
        assert!(kiosk.sees(&pushed("x.told", &["B2"], false, &["k"])), "one naming them");
        let staff = viewer("s", false);
        assert!(staff.sees(&pushed("swp.rejected", &["A1"], false, &[])));
        assert!(staff.sees(&pushed("swp.deployed", &[], true, &[])));
    }

    #[test]
    fn a_note_goes_only_to_those_it_names() {
        let p = pushed("swp.rejected", &["A1"], false, &["author"]);
        let text = |v: &Viewer| format!("{:?}", v.message(&p));
        assert!(text(&viewer("author", false)).contains("CONFIDENTIAL"));
        assert!(!text(&viewer("other", false)).contains("CONFIDENTIAL"));
    }
}
