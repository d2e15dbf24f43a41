//! Controlled copies (decision 71): a module links a PDF with the
//! facts of the document it belongs to ([`CopyFacts`]: its part and revision, where it
//! stands, the page that shows its current revision), and the link carries them, signed.
//! `GET /files/...` then serves the stored PDF with a stamp on every page naming those
//! facts, the time the link was made and the person who opened it, and a QR code of the
//! current revision's page; the stored file is never changed. The facts ride in the link
//! rather than the person, so an answer kept for many users (decision 37) stays shareable.
use base64::Engine;
use serde::{Deserialize, Serialize};

use super::{link_signature, Storage};
use crate::plant::users::User;

/// Where the document stands: the stamp's first words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CopyState {
    /// Deployed and in use (an alert: deployed, its sunset not passed).
    Current,
    /// Superseded by a later revision.
    Obsolete,
    /// In review or rejected: never released to the floor.
    Unreleased,
    /// An alert past its sunset.
    Expired,
    /// Deleted after it was released.
    Withdrawn,
}

impl CopyState {
    pub fn head(self) -> &'static str {
        match self {
            Self::Current => "Current when printed",
            Self::Obsolete => "OBSOLETE — DO NOT USE",
            Self::Unreleased => "NOT RELEASED — DO NOT USE",
            Self::Expired => "EXPIRED — DO NOT USE",
            Self::Withdrawn => "WITHDRAWN — DO NOT USE",
        }
    }

    /// Printed in red: the copy must not be used.
    pub fn warning(self) -> bool {
        self != Self::Current
    }
}

/// What a module says about the document a PDF belongs to, when it links the PDF.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct CopyFacts {
    #[serde(rename = "s")]
    pub state: CopyState,
    /// What the copy is of: `7101-0001 rev 2`, `Alert Q-26-0001 · part 7101-0001`.
    #[serde(rename = "t")]
    pub subject: String,
    /// Its dates: `deployed 2026-01-01`.
    #[serde(rename = "d")]
    pub dated: String,
    /// The page that says whether this copy is current (the QR code opens it under
    /// `server.public_url`, no sign-in, decision 103): `/api/swps/copy/<id>`.
    #[serde(rename = "o")]
    pub open_path: String,
}

/// The facts as a link carries them, with the time it was made (the copy's print time).
#[derive(Serialize, Deserialize)]
struct Carried {
    #[serde(flatten)]
    facts: CopyFacts,
    at: i64,
}

impl CopyFacts {
    /// The link's `cc` parameter (signed with the rest of the link).
    pub fn encode(&self, at_ms: i64) -> String {
        let json =
            serde_json::to_vec(&Carried { facts: self.clone(), at: at_ms }).unwrap_or_default();
        base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(json)
    }

    /// The facts and the link's time from a `cc` parameter.
    pub fn decode(cc: &str) -> Option<(CopyFacts, i64)> {
        let json = base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(cc).ok()?;
        let c: Carried = serde_json::from_slice(&json).ok()?;
        Some((c.facts, c.at))
    }

    /// The stamp: `Current when printed · 7101-0001 rev 2 · deployed 2026-01-01 · printed
    /// 2026-01-02 08:30 +00:00 by Ann Lee · UNCONTROLLED WHEN PRINTED`.
    pub fn line(&self, at_ms: i64, by: &str) -> String {
        let at = chrono::DateTime::<chrono::Utc>::from_timestamp_millis(at_ms)
            .unwrap_or_default()
            .format("%Y-%m-%d %H:%M %:z");
        format!(
            "{} · {} · {} · printed {at} by {by} · UNCONTROLLED WHEN PRINTED",
            self.state.head(),
            self.subject,
            self.dated
        )
    }
}

/// A date as stamps show it: `2026-01-01` (UTC, as the server keeps time).
pub fn stamp_date(ms: i64) -> String {
    chrono::DateTime::<chrono::Utc>::from_timestamp_millis(ms)
        .unwrap_or_default()
        .format("%Y-%m-%d")
        .to_string()
}

/// Who a copy is printed by: the signed-in person; at the kiosk, the netbook's account
/// (the server does not know who stands at the netbook when a document is opened: an
/// operator names themself with a badge only to sign); nobody signed in, said so.
pub fn printed_by(user: Option<&User>) -> String {
    match user {
        Some(u) if u.kiosk => format!("{} {} (kiosk)", u.firstname, u.lastname),
        Some(u) => format!("{} {}", u.firstname, u.lastname),
        None => "(not signed in)".into(),
    }
}

impl Storage {
    /// Whether PDFs linked with their facts are served stamped (`[storage] stamp`).
    pub fn stamps(&self) -> bool {
        self.copies.is_some()
    }

    /// A short-lived link to a PDF as a controlled copy of the document `facts` describe
    /// (any other file, or with stamping off: [`Storage::link`]). Always a `/files/` link,
    /// whatever the backend: the server stamps what it serves.
    pub async fn copy_link(
        &self,
        key: &str,
        name: &str,
        content_type: &str,
        now_ms: i64,
        facts: &CopyFacts,
    ) -> anyhow::Result<String> {
        if !self.stamps() || content_type != "application/pdf" {
            return self.link(key, name, content_type, now_ms).await;
        }
        let exp = now_ms / 1000 + self.ttl_secs as i64;
        let cc = facts.encode(now_ms);
        let sig = link_signature(&self.secret, key, exp, name, content_type, Some(&cc));
        Ok(super::fs::folder_link(key, exp, name, content_type, Some(&cc), &sig))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn facts_travel_in_the_link_and_make_the_line() {
        let f = CopyFacts {
            state: CopyState::Obsolete,
            subject: "7101-0001 rev 2".into(),
            dated: format!("deployed {}", stamp_date(1_767_225_600_000)),
            open_path: "/api/swps/copy/s1".into(),
        };
        let cc = f.encode(1_767_342_600_000);
        assert!(cc.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'), "{cc}");
        let (back, at) = CopyFacts::decode(&cc).unwrap();
        assert_eq!(back, f);
        assert_eq!(
            back.line(at, "Ann Lee"),
            "OBSOLETE — DO NOT USE · 7101-0001 rev 2 · deployed 2026-01-01 · printed 2026-01-02 08:30 +00:00 by Ann Lee · UNCONTROLLED WHEN PRINTED"
        );
        assert!(CopyFacts::decode("not-base64!").is_none());
    }
}
