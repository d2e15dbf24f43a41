//! Translations under review (decision 95): one implementation for every module whose
//! documents carry translated files. A translation of a deployed document is proposed,
//! reviewed in its document's stages (the first `[review] translation_stages` of them,
//! never none; the proposer reviews no stage, one person approves at most one) and only
//! once approved is it what the kiosk serves in its language; until then the original is.
//! Nothing is deleted but by retention: an approved translation replaced by the next is
//! `superseded`, one removed or re-proposed is `withdrawn`, and their files stay (a sign
//! record, an audit row or the auditor's file may cite them).
//!
//! A module describes its documents ([`Translated`]: sections, sign-record kind, upload
//! policy, the lock that re-checks a document is deployed, its answer) and mounts the
//! handlers of `http`.
//!
//! - this file: the rows and their JSON.
//! - `read`: the reads (a document's translations, served, missing), retention's, purge.
//! - `act`: propose, withdraw.
//! - `review`: approve or reject one stage.
//! - `http`: the axum handlers a module mounts.
use std::future::Future;

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use crate::acks::DocKind;
use crate::app::AppState;
use crate::files::UploadPolicy;
use crate::ports::VersionFile;

use super::stages::{Flow, Verdict};
use super::Document;

pub mod act;
pub mod answer;
pub mod http;
pub mod review;

/// What the engine needs of a module's translated documents.
pub trait Translated: Document {
    /// The sections a translation may be of, with their names (`[("key", "Name"), ...]`;
    /// one for a document that is one file).
    const SECTIONS: &'static [(&'static str, &'static str)];
    /// The kind of its sign records: the translations' `doc_kind`.
    const DOC_KIND: DocKind;
    /// The rules of a translation's upload (module, size, pending uploads): the
    /// document's own PDF drop's too (`uploads`).
    fn upload_policy(state: &AppState) -> UploadPolicy<'static>;
    /// The first statement of every act on a translation: takes the module's lock and
    /// re-checks that the document is still deployed (`false`: it is not).
    fn lock_deployed(
        conn: &mut AnyConnection,
        id: &str,
    ) -> impl Future<Output = Result<bool, sqlx::Error>> + Send;
    /// The revision this one follows, whose translations it should have too: the one
    /// deployed while this one is in review, the last one obsoleted once this one is
    /// deployed. None for documents without revisions.
    fn predecessor(
        _conn: &mut AnyConnection,
        _doc: &Self,
    ) -> impl Future<Output = Result<Option<String>, sqlx::Error>> + Send {
        async { Ok(None) }
    }
    /// The answer of a proposal or a removal (the module's shape).
    fn answer(
        state: &AppState,
        doc: &Self,
    ) -> impl Future<Output = crate::AppResult<axum::response::Response>> + Send;
}

/// Where a translation stands (stored lower-case).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TrStatus {
    /// Proposed, in review: the kiosk serves the original.
    Pending,
    /// Served at the kiosk in its language.
    Approved,
    Rejected,
    /// Was approved; a later approved one of its section and language replaced it.
    Superseded,
    /// Removed, or replaced while in review.
    Withdrawn,
}

impl TrStatus {
    const ALL: [Self; 5] =
        [Self::Pending, Self::Approved, Self::Rejected, Self::Superseded, Self::Withdrawn];
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Pending => "pending",
            Self::Approved => "approved",
            Self::Rejected => "rejected",
            Self::Superseded => "superseded",
            Self::Withdrawn => "withdrawn",
        }
    }
    pub fn parse(s: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

/// One stage's verdict on a translation (a stage without one is pending).
#[derive(Debug, Clone)]
pub struct TrReview {
    pub stage: String,
    pub status: Verdict,
    pub reviewer_id: String,
    pub reviewer: String,
    pub date: i64,
    pub note: Option<String>,
}

/// One translation as stored.
#[derive(Debug, Clone)]
pub struct Translation {
    pub id: String,
    pub doc_id: String,
    pub section: String,
    pub lang: String,
    pub file_id: String,
    pub sha256: String,
    pub size: i64,
    pub status: TrStatus,
    /// How many of the document's first stages review it; 0: reviewed with its document.
    pub stages: usize,
    pub proposed_by: String,
    pub proposed_by_name: String,
    pub proposed_at: i64,
    pub decided_at: Option<i64>,
    pub ended_at: Option<i64>,
    pub reviews: Vec<TrReview>,
}

const COLUMNS: &str =
    "id, doc_id, section, lang, file_id, sha256, size, status, stages, proposed_by, proposed_by_name, proposed_at, decided_at, ended_at";

impl Translation {
    fn from_row(r: &AnyRow) -> Result<Self, sqlx::Error> {
        let status: String = r.try_get("status")?;
        Ok(Self {
            id: r.try_get("id")?,
            doc_id: r.try_get("doc_id")?,
            section: r.try_get("section")?,
            lang: r.try_get("lang")?,
            file_id: r.try_get("file_id")?,
            sha256: r.try_get("sha256")?,
            size: r.try_get("size")?,
            status: TrStatus::parse(&status).ok_or_else(|| sqlx::Error::ColumnDecode {
                index: "status".into(),
                source: format!("unknown status {status}").into(),
            })?,
            stages: r.try_get::<i64, _>("stages")?.max(0) as usize,
            proposed_by: r.try_get("proposed_by")?,
            proposed_by_name: r.try_get("proposed_by_name")?,
            proposed_at: r.try_get("proposed_at")?,
            decided_at: r.try_get("decided_at")?,
            ended_at: r.try_get("ended_at")?,
            reviews: Vec::new(),
        })
    }

    /// The flow it is reviewed in: the first `stages` of its document's.
    pub fn flow(&self, of: &'static Flow) -> Flow {
        let n = self.stages.clamp(1, of.stages.len().max(1)).min(of.stages.len());
        Flow {
            stages: &of.stages[..n],
            order: of.order,
            bypass: None,
            not_reviewer: of.not_reviewer,
        }
    }

    /// Each stage's verdict, in the flow's order.
    pub fn verdicts(&self, flow: &Flow) -> Vec<Verdict> {
        flow.stages
            .iter()
            .map(|s| {
                self.reviews
                    .iter()
                    .find(|r| r.stage == s.key)
                    .map_or(Verdict::Pending, |r| r.status)
            })
            .collect()
    }

    /// The stages' reviews as the engine's rules read them.
    pub fn as_reviews(&self, flow: &Flow) -> Vec<super::Review> {
        flow.stages
            .iter()
            .map(|s| match self.reviews.iter().find(|r| r.stage == s.key) {
                Some(r) => super::Review {
                    status: r.status,
                    reviewer_id: Some(r.reviewer_id.clone()),
                    reviewer: Some(r.reviewer.clone()),
                    date: Some(r.date),
                    note: r.note.clone(),
                },
                None => super::Review {
                    status: Verdict::Pending,
                    reviewer_id: None,
                    reviewer: None,
                    date: None,
                    note: None,
                },
            })
            .collect()
    }
}

mod read;
pub use read::{
    current, insert_with_document, missing, of_docs, one, purge, retained_files, served,
    served_of_docs, version_files,
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_round_trip() {
        for s in TrStatus::ALL {
            assert_eq!(TrStatus::parse(s.as_str()), Some(s));
        }
        assert_eq!(TrStatus::parse("deleted"), None);
    }
}
