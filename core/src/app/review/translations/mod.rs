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
//! - this file: the rows, their reads and their JSON.
//! - `act`: propose, withdraw.
//! - `review`: approve or reject one stage.
//! - `http`: the axum handlers a module mounts.
use std::future::Future;

use serde_json::Value;
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
    /// The rules of a translation's upload (module, size, pending uploads).
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

    /// The answers' entry (the module's answers embed it): [`answer::TranslationView`].
    pub fn json(&self, of: &'static Flow, with_section: bool) -> Value {
        serde_json::to_value(answer::TranslationView::of(self, of, with_section))
            .unwrap_or_default()
    }
}

async fn with_reviews(
    conn: &mut AnyConnection,
    mut list: Vec<Translation>,
) -> Result<Vec<Translation>, sqlx::Error> {
    for t in &mut list {
        let rows =
            sqlx::query("SELECT stage, status, reviewer_id, reviewer, date, note FROM doc_translation_reviews WHERE translation_id = $1")
                .bind(&t.id)
                .fetch_all(&mut *conn)
                .await?;
        for r in rows {
            let status: String = r.try_get("status")?;
            t.reviews.push(TrReview {
                stage: r.try_get("stage")?,
                status: Verdict::parse(&status).unwrap_or(Verdict::Pending),
                reviewer_id: r.try_get("reviewer_id")?,
                reviewer: r.try_get("reviewer")?,
                date: r.try_get("date")?,
                note: r.try_get("note")?,
            });
        }
    }
    Ok(list)
}

/// Every translation of the documents `ids` of `kind`, in every state (the auditor's
/// file, retention), by document, section, language, then proposal.
pub async fn of_docs(
    conn: &mut AnyConnection,
    kind: DocKind,
    ids: &[String],
) -> Result<Vec<Translation>, sqlx::Error> {
    let mut out = Vec::new();
    for chunk in ids.chunks(500) {
        let mut q = crate::db::Params::default();
        let k = q.add(kind.as_str().to_string());
        let list = q.list(chunk.iter().cloned());
        let sql = format!(
            "SELECT {COLUMNS} FROM doc_translations WHERE doc_kind = {k} AND doc_id IN ({list}) ORDER BY doc_id, section, lang, proposed_at, id"
        );
        let rows = q.query(&sql).fetch_all(&mut *conn).await?;
        out.extend(rows.iter().map(Translation::from_row).collect::<Result<Vec<_>, _>>()?);
    }
    with_reviews(conn, out).await
}

/// The document's translations people act on: the served ones, those in review and
/// the last rejected of each section and language (until the next proposal).
pub async fn current(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
) -> Result<Vec<Translation>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2 AND ended_at IS NULL \
         AND status IN ('pending', 'approved', 'rejected') ORDER BY section, lang, proposed_at, id"
    );
    let rows = sqlx::query(&sql).bind(kind.as_str()).bind(doc_id).fetch_all(&mut *conn).await?;
    let list = rows.iter().map(Translation::from_row).collect::<Result<Vec<_>, _>>()?;
    with_reviews(conn, list).await
}

/// The sections and languages `previous` serves that `doc_id` neither serves nor has in
/// review: what a new revision must be translated into again (a revision's translations
/// never carry over: each is reviewed with the file it translates).
pub async fn missing(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
    previous: &str,
) -> Result<Vec<(String, String)>, sqlx::Error> {
    sqlx::query_as(
        "SELECT DISTINCT p.section, p.lang FROM doc_translations p WHERE p.doc_kind = $1 AND p.doc_id = $2 AND p.status = 'approved' \
         AND NOT EXISTS (SELECT 1 FROM doc_translations t WHERE t.doc_kind = $1 AND t.doc_id = $3 AND t.section = p.section \
         AND t.lang = p.lang AND t.ended_at IS NULL AND t.status IN ('pending', 'approved')) ORDER BY p.section, p.lang",
    )
    .bind(kind.as_str())
    .bind(previous)
    .bind(doc_id)
    .fetch_all(conn)
    .await
}

/// The approved translations of a document: what the kiosk serves, by section then
/// language.
pub async fn served(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
) -> Result<Vec<Translation>, sqlx::Error> {
    let sql = format!(
        "SELECT {COLUMNS} FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2 AND status = 'approved' ORDER BY section, lang"
    );
    let rows = sqlx::query(&sql).bind(kind.as_str()).bind(doc_id).fetch_all(conn).await?;
    rows.iter().map(Translation::from_row).collect()
}

/// One translation of `kind` by id.
pub async fn one(
    conn: &mut AnyConnection,
    kind: DocKind,
    id: &str,
) -> Result<Option<Translation>, sqlx::Error> {
    let sql = format!("SELECT {COLUMNS} FROM doc_translations WHERE doc_kind = $1 AND id = $2");
    let Some(row) =
        sqlx::query(&sql).bind(kind.as_str()).bind(id).fetch_optional(&mut *conn).await?
    else {
        return Ok(None);
    };
    Ok(with_reviews(conn, vec![Translation::from_row(&row)?]).await?.pop())
}

/// The served translations as files a sign record may name (the module adds its
/// originals).
pub async fn version_files(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
) -> Result<Vec<VersionFile>, sqlx::Error> {
    Ok(served(conn, kind, doc_id)
        .await?
        .into_iter()
        .map(|t| VersionFile { section: t.section, lang: Some(t.lang), sha256: t.sha256 })
        .collect())
}

/// Retention: the files of a document's translations, every state (they go with it).
pub async fn retained_files(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT file_id FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2")
        .bind(kind.as_str())
        .bind(doc_id)
        .fetch_all(conn)
        .await
}

/// Retention: removes a document's translations and their reviews (inside the purge's
/// transaction; the files are the core's purge's).
pub async fn purge(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "DELETE FROM doc_translation_reviews WHERE translation_id IN (SELECT id FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2)",
    )
    .bind(kind.as_str())
    .bind(doc_id)
    .execute(&mut *conn)
    .await?;
    sqlx::query("DELETE FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2")
        .bind(kind.as_str())
        .bind(doc_id)
        .execute(conn)
        .await?;
    Ok(())
}

/// A translation sent with its document's submission (the Upload tab): reviewed with
/// the document, so approved with it (stages 0); the kiosk serves only deployed
/// documents. Inside the submission's transaction.
pub async fn insert_with_document(
    conn: &mut AnyConnection,
    kind: DocKind,
    doc_id: &str,
    (section, lang): (&str, &str),
    file: (&str, &str, i64),
    user: &crate::auth::users::User,
    now: i64,
) -> Result<(), sqlx::Error> {
    let (file_id, sha256, size) = file;
    sqlx::query(
        "INSERT INTO doc_translations (id, doc_kind, doc_id, section, lang, file_id, sha256, size, status, stages, proposed_by, \
         proposed_by_name, proposed_at, decided_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'approved', 0, $9, $10, $11, $11)",
    )
    .bind(crate::db::new_id())
    .bind(kind.as_str())
    .bind(doc_id)
    .bind(section)
    .bind(lang)
    .bind(file_id)
    .bind(sha256)
    .bind(size)
    .bind(&user.id)
    .bind(user.full_name())
    .bind(now)
    .execute(conn)
    .await?;
    Ok(())
}

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
