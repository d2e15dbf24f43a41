//! The translations' answers, typed as the OpenAPI document shows them (fields sorted, as a
//! `serde_json::Value` writes them): a translation's entry, the reviewers' waiting list and
//! the link to a translation's file.
use std::collections::BTreeMap;

use serde::Serialize;

use super::super::stages::{Flow, Verdict};
use super::Translation;
use crate::clock::iso;

/// One stage's review of a translation: `{date, note, reviewer, status}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct StageView {
    date: Option<String>,
    note: Option<String>,
    reviewer: Option<String>,
    status: &'static str,
}

/// A translation: `{approvals: {<stage>: {...}}, id, lang, proposedBy, section?, sha256,
/// status, uploadedAt, withDocument}` (`section` when its document has several).
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TranslationView {
    approvals: BTreeMap<String, StageView>,
    id: String,
    lang: String,
    proposed_by: String,
    #[serde(skip_serializing_if = "Option::is_none")]
    section: Option<String>,
    sha256: String,
    status: &'static str,
    uploaded_at: String,
    with_document: bool,
}

impl TranslationView {
    pub fn of(t: &Translation, of: &'static Flow, with_section: bool) -> Self {
        let flow = t.flow(of);
        let approvals = if t.stages == 0 {
            BTreeMap::new()
        } else {
            flow.stages
                .iter()
                .map(|s| {
                    let r = t.reviews.iter().find(|r| r.stage == s.key);
                    let view = StageView {
                        date: r.map(|r| iso(r.date)),
                        note: r.and_then(|r| r.note.clone()),
                        reviewer: r.map(|r| r.reviewer.clone()),
                        status: r.map_or(Verdict::Pending, |r| r.status).as_str(),
                    };
                    (s.key.to_string(), view)
                })
                .collect()
        };
        Self {
            approvals,
            id: t.id.clone(),
            lang: t.lang.clone(),
            proposed_by: t.proposed_by_name.clone(),
            section: with_section.then(|| t.section.clone()),
            sha256: t.sha256.clone(),
            status: t.status.as_str(),
            uploaded_at: iso(t.proposed_at),
            with_document: t.stages == 0,
        }
    }
}

/// Approve and reject: `{translation}`, as committed.
#[derive(Serialize, utoipa::ToSchema)]
pub struct TranslationAnswer {
    pub translation: TranslationView,
}

/// One translation waiting for the caller's stage, with its document.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WaitingView {
    #[serde(flatten)]
    pub translation: TranslationView,
    pub doc_id: String,
    pub part_number: String,
    pub stage: &'static str,
    pub title: String,
}

/// The waiting list: `{translations: [...]}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct WaitingList {
    pub translations: Vec<WaitingView>,
}

/// A short-lived link to a translation's file, in any state: `{sha256, status, url}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct TranslationFile {
    pub sha256: String,
    pub status: &'static str,
    pub url: String,
}

/// One section in one language: `{lang, section}`.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SectionLang {
    pub lang: String,
    pub section: String,
}

/// What a revision is not yet translated into: the sections and languages the revision
/// it follows (`from`, its id) serves and this one neither serves nor has in review.
#[derive(Serialize, utoipa::ToSchema)]
pub struct Untranslated {
    pub from: Option<String>,
    pub missing: Vec<SectionLang>,
}
