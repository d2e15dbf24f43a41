//! A change request as the API answers it (its types give the OpenAPI schemas too).
use std::collections::BTreeMap;

use plantdoc_core::app::AppState;
use plantdoc_core::clock::iso;
use plantdoc_core::error::AppResult;
use plantdoc_core::review::ReviewView;
use serde::Serialize;

use crate::access::KIND;
use crate::model::{ChangeRequest, DocRef};
use crate::store;

/// One zone of a request: the day it takes effect (null: at deploy) and its cut-in.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ZoneJson {
    zone: String,
    effective: Option<String>,
    /// Where the change stands in the zone: `pending` (the request is not approved, or
    /// nothing under it is deployed), `scheduled` (deployed, its day not reached: the
    /// revision it supersedes stays in force), `effective` (in force there), `live` (its
    /// cut-in is recorded), `cancelled`. Only in the answer of one request (null in lists).
    #[schema(required = true)]
    state: Option<&'static str>,
    /// When the change was first live on the line: the first verified signature of one of
    /// its revisions in the zone, by whom and verified by whom.
    live_at: Option<String>,
    live_operator: Option<String>,
    live_verifier: Option<String>,
}

/// A revision submitted under the request.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RevisionJson {
    kind: String,
    doc_id: String,
    part_number: String,
    reason: String,
    submitted_at: String,
    deployed_at: Option<String>,
}

/// A change request: `id` is its number (`CR-2026-0001`), `_id` the record's key.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RequestJson<'a> {
    id: &'a str,
    #[serde(rename = "_id")]
    key: &'a str,
    title: &'a str,
    reason: &'a str,
    references: &'a [String],
    documents: &'a [DocRef],
    state: &'static str,
    owner: String,
    created_at: String,
    approved_at: Option<String>,
    closed_at: Option<String>,
    closed_by: Option<&'a str>,
    close_reason: Option<&'a str>,
    approvals: BTreeMap<&'static str, ReviewView<'a>>,
    zones: Vec<ZoneJson>,
    /// Only in the answer of one request (lists leave it empty).
    revisions: Vec<RevisionJson>,
    /// Only in the answer of one request: who read every revision deployed under it.
    coverage: Option<CoverageJson>,
}

/// Readers' coverage: operators of its zones who read every deployed revision.
#[derive(Serialize, utoipa::ToSchema)]
pub struct CoverageJson {
    readers: i64,
    operators: i64,
    percent: i64,
}

/// A request with its zones and revisions.
pub async fn detail<'a>(state: &AppState, c: &'a ChangeRequest) -> AppResult<RequestJson<'a>> {
    let mut v = summary(c);
    let revisions = store::revisions(&state.db, &c.id).await?;
    let deployed = revisions.iter().any(|r| r.deployed_at.is_some());
    let today = plantdoc_core::ports::day_of(state.now_ms());
    v.zones = store::zones(&state.db, &c.id)
        .await?
        .into_iter()
        .map(|z| ZoneJson {
            state: Some(match (c.state(), z.live_at, z.effective.as_deref()) {
                ("cancelled", ..) => "cancelled",
                (_, Some(_), _) => "live",
                ("approved" | "closed", None, _) if !deployed => "pending",
                ("approved" | "closed", None, Some(day)) if day > today.as_str() => "scheduled",
                ("approved" | "closed", None, _) => "effective",
                _ => "pending",
            }),
            zone: z.zone,
            effective: z.effective,
            live_at: z.live_at.map(iso),
            live_operator: z.live_operator,
            live_verifier: z.live_verifier,
        })
        .collect();
    v.revisions = revisions
        .into_iter()
        .map(|r| RevisionJson {
            kind: r.kind,
            doc_id: r.doc_id,
            part_number: r.part_number,
            reason: r.reason,
            submitted_at: iso(r.submitted_at),
            deployed_at: r.deployed_at.map(iso),
        })
        .collect();
    let (readers, operators) =
        crate::coverage::of(&mut *state.db.pool.acquire().await?, &c.id).await?;
    let percent = crate::coverage::percent((readers, operators));
    v.coverage = Some(CoverageJson { readers, operators, percent });
    Ok(v)
}

/// A request as a list shows it: its zones without dates, no revisions.
pub fn summary(c: &ChangeRequest) -> RequestJson<'_> {
    RequestJson {
        id: &c.number,
        key: &c.id,
        title: &c.title,
        reason: &c.changes,
        references: &c.refs,
        documents: &c.documents,
        state: c.state(),
        owner: format!("{} {}", c.owner_firstname, c.owner_lastname),
        created_at: iso(c.upload_date),
        approved_at: c.deploy_date.map(iso),
        closed_at: c.closed_at.map(iso),
        closed_by: c.closed_by.as_deref(),
        close_reason: c.close_reason.as_deref(),
        approvals: c.record.approvals(&KIND.flow),
        zones: c
            .zones
            .iter()
            .map(|z| ZoneJson {
                zone: z.clone(),
                state: None,
                effective: None,
                live_at: None,
                live_operator: None,
                live_verifier: None,
            })
            .collect(),
        revisions: Vec::new(),
        coverage: None,
    }
}
