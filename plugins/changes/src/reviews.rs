//! Periodic review (ISO 9001 7.5.3, IATF 16949 7.5.3.2): each deployed SWP and alert has a
//! review date; `GET /api/changes/reviews` lists what is due or overdue with the floor's
//! evidence since the last review; the document's owner (or a manager) signs a verdict,
//! their password re-entered (21 CFR 11.200; single sign-on: a fresh provider sign-in):
//! `keep` sets the next date, `revise` opens a change request for it, `obsolete` removes it
//! from the floor in the verdict's transaction through its module's own Delete (the event
//! `changes.obsolete`: the same rule and audit row), which ends the review.
use axum::extract::{Path, Query, State};
use axum::response::{IntoResponse, Response};
use plantdoc_core::app::AppState;
use plantdoc_core::audit::AuditEntry;
use plantdoc_core::auth::session::ClientIp;
use plantdoc_core::auth::{confirm, CurrentUser};
use plantdoc_core::clock::iso;
use plantdoc_core::error::{AppError, AppResult, FieldErrors, Json};
use plantdoc_core::events::Event;
use plantdoc_core::ports::ReadingObligations;
use plantdoc_core::review::engine;
use plantdoc_core::{msg, text};
use serde::{Deserialize, Serialize};
use serde_json::json;

use crate::review_store::{self as store, add_months, ReviewRow};
use crate::ChangesState;

pub const DAY_MS: i64 = 24 * 60 * 60 * 1000;
pub const VERDICTS: [&str; 3] = ["keep", "revise", "obsolete"];

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct DueQuery {
    /// Due within this many days (overdue included); 30 when absent.
    due_within_days: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LastReview {
    verdict: String,
    at: String,
    by: String,
    note: String,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Evidence {
    /// Verified signatures of the document since its last review (or deploy).
    signatures: i64,
    /// Other revisions of its part deployed since.
    revisions: i64,
    /// Its reading obligations still open and not yet due, and those past due (null while
    /// the readiness module is off).
    #[schema(required = true)]
    open_readings: Option<i64>,
    #[schema(required = true)]
    overdue_readings: Option<i64>,
}

#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DueJson {
    kind: String,
    doc_id: String,
    part_number: String,
    title: String,
    zones: Vec<String>,
    deployed_at: String,
    due_at: String,
    overdue: bool,
    last_review: Option<LastReview>,
    evidence: Evidence,
    /// The viewer may sign its verdict (an owner, or a manager).
    may_sign: bool,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct DueList {
    items: Vec<DueJson>,
}

fn may_sign(u: &CurrentUser, r: &ReviewRow) -> bool {
    r.owners.contains(&u.id) || u.is_manager()
}

pub async fn due(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<DueQuery>,
) -> AppResult<axum::Json<DueList>> {
    let days = q.due_within_days.unwrap_or(30);
    if !(0..=3660).contains(&days) {
        return Err(AppError::field("due_within_days", text!("A number of days from 0 to 3660.")));
    }
    let now = state.now_ms();
    let all = state.zones.covers_company(&user.company_code, &user.zones);
    let rows =
        store::due(&state.db, &user.company_code, &user.zones, all, (now, now + days * DAY_MS))
            .await?;
    let mut items = Vec::with_capacity(rows.len());
    for r in rows {
        let since = r.reviewed_at.unwrap_or(r.deployed_at);
        let (signatures, revisions) = store::evidence(&state.db, &r, since).await?;
        let readings = match state.port::<dyn ReadingObligations>() {
            Some(p) => Some(p.of_doc(&state, &r.doc_id, now).await?),
            None => None,
        };
        items.push(DueJson {
            may_sign: may_sign(&user, &r),
            kind: r.kind,
            doc_id: r.doc_id,
            part_number: r.part_number,
            title: r.title,
            zones: r.zones,
            deployed_at: iso(r.deployed_at),
            due_at: iso(r.due_at),
            overdue: r.due_at <= now,
            last_review: match (r.verdict, r.reviewed_at) {
                (Some(verdict), Some(at)) => Some(LastReview {
                    verdict,
                    at: iso(at),
                    by: r.reviewer.unwrap_or_default(),
                    note: r.note.unwrap_or_default(),
                }),
                _ => None,
            },
            evidence: Evidence {
                signatures,
                revisions,
                open_readings: readings.map(|r| r.open),
                overdue_readings: readings.map(|r| r.overdue),
            },
        });
    }
    Ok(axum::Json(DueList { items }))
}

/// `{verdict: keep|revise|obsolete, note, password}`.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct VerdictBody {
    verdict: Option<String>,
    #[serde(default)]
    note: String,
    #[serde(default)]
    password: String,
}

/// The meaning of each verdict's signature, as the audit row states it (21 CFR 11.50).
fn meaning(verdict: &str, title: &str) -> String {
    match verdict {
        "keep" => format!("periodic review of {title}: still fit for use, kept"),
        "revise" => format!("periodic review of {title}: to be revised under a change request"),
        _ => format!("periodic review of {title}: obsolete, to be removed from the floor"),
    }
}

pub async fn verdict(
    State(state): State<AppState>,
    user: CurrentUser,
    addr: ClientIp,
    Path((kind, id)): Path<(String, String)>,
    Json(b): Json<VerdictBody>,
) -> AppResult<Response> {
    if let Err(retry) = state.ip_limiter.hit(addr.0, "login", state.now_ms()) {
        return Err(AppError::TooManyRequests {
            retry_after_secs: retry,
            fields: FieldErrors::new(),
        });
    }
    let r = store::one(&state.db, &user.company_code, &kind, &id).await?;
    let all = state.zones.covers_company(&user.company_code, &user.zones);
    let r = match r {
        Some(r) if all || plantdoc_core::zones::overlap(&r.zones, &user.zones) => r,
        _ => return Err(AppError::NotFound),
    };
    if !may_sign(&user, &r) {
        return Err(AppError::Forbidden(
            text!("Only the document's owner or a manager signs its review.").into(),
        ));
    }
    let mut e = FieldErrors::new();
    let verdict = b.verdict.unwrap_or_default();
    if !VERDICTS.contains(&verdict.as_str()) {
        e.insert("verdict".into(), text!("The verdict is keep, revise or obsolete.").into());
    }
    let note = b.note.trim().to_string();
    if note.chars().count() > 1000 {
        e.insert("note".into(), text!("At most 1000 characters.").into());
    } else if matches!(verdict.as_str(), "revise" | "obsolete") && note.is_empty() {
        e.insert(
            "note".into(),
            text!("Please say what must change, or why it is obsolete.").into(),
        );
    }
    let by = confirm::how(&state, &user, &b.password).await?;
    if let Err(m) = by {
        e.insert("password".into(), m.into());
    }
    let Ok(by) = by else { return Err(AppError::Fields(e)) };
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    confirm::confirm(&state, &user, by, &b.password).await?;
    let now = state.now_ms();
    let months = state.get::<ChangesState>().settings.review_every_months.of(&r.kind);
    let next = if verdict == "keep" { add_months(now, months.max(1)) } else { r.due_at };
    let mut tx = state.db.begin().await?;
    if !store::record(&mut tx, &r, &verdict, &user.full_name(), &note, now, next).await? {
        return Err(AppError::Conflict(
            text!("This review was signed meanwhile; reload it.").into(),
        ));
    }
    let mut opened = None;
    if verdict == "revise" {
        opened = Some(crate::create::for_review(&state, &mut tx, &user, &r, &note, now).await?);
    }
    if verdict == "obsolete" {
        // Its module removes it now, in this transaction (or refuses, and so does this).
        let why = format!("periodic review: obsolete: {note}");
        let data = json!({"title": msg!("{} is obsolete and left the floor", r.title), "note": note,
            "kind": r.kind, "docId": r.doc_id, "why": why, "link": "/main/changes?tab=reviews"});
        let event = Event::new(
            crate::review_tell::OBSOLETE.id,
            &user.company_code,
            format!("{}:{}", r.kind, r.doc_id),
        )
        .zones(r.zones.clone())
        .by(&user.id)
        .data(data)
        .to_owners(r.owners.clone());
        state.emit(&mut tx, now, &event).await?;
    }
    let act = AuditEntry::new(
        "change.review-verdict",
        format!("{}:{}", r.kind, r.doc_id),
        meaning(&verdict, &r.title),
    )
    .by(Some(&user.id), &user.full_name())
    .before(json!({"dueAt": iso(r.due_at)}))
        .after(json!({"kind": r.kind, "verdict": verdict, "note": note, "nextDue": iso(next),
            "confirmedBy": if by == confirm::By::Password { "password" } else { "provider" }, "changeRequest": opened}));
    engine::append(&mut tx, now, &[act]).await?;
    tx.commit().await?;
    Ok(axum::Json(VerdictJson { verdict, next_due: iso(next), change_request: opened })
        .into_response())
}

/// A signed verdict: the next review date, and the change request a 'revise' opened.
#[derive(Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerdictJson {
    verdict: String,
    next_due: String,
    #[schema(required = true)]
    change_request: Option<String>,
}

#[derive(Serialize, utoipa::ToSchema)]
pub struct MonthJson {
    /// `YYYY-MM`, or `overdue`.
    month: String,
    due: i64,
}

/// Documents on the floor without a review (deployed before the module was on) get one
/// before the backlog is shown or spread, not only at the next tick.
pub(crate) async fn open_missing(state: &AppState) -> AppResult<()> {
    let months = &state.get::<ChangesState>().settings.review_every_months;
    for kind in ["swp", "alert"] {
        store::backfill(state, kind, months.of(kind)).await?;
    }
    Ok(())
}

/// `GET /api/changes/reviews/backlog`: how many reviews fall due each month (before a plant
/// switches the policy on, or spreads its first dates).
pub async fn backlog(
    State(state): State<AppState>,
    user: CurrentUser,
) -> AppResult<axum::Json<Vec<MonthJson>>> {
    open_missing(&state).await?;
    let rows = store::by_month(&state.db, &user.company_code, state.now_ms()).await?;
    Ok(axum::Json(rows.into_iter().map(|(month, due)| MonthJson { month, due }).collect()))
}

/// `{months}`: over how many months the first review dates are spread.
#[derive(Deserialize, utoipa::ToSchema)]
pub struct SpreadBody {
    months: Option<u32>,
}

/// `POST /api/changes/reviews/spread`: a manager spreads the first review dates of the
/// company's never-reviewed documents over N months (1–36), audited.
pub async fn spread(
    State(state): State<AppState>,
    user: CurrentUser,
    Json(b): Json<SpreadBody>,
) -> AppResult<axum::Json<SpreadJson>> {
    if !user.is_manager() {
        return Err(AppError::Forbidden(text!("Only managers spread review dates.").into()));
    }
    let months = b.months.unwrap_or(0);
    if !(1..=36).contains(&months) {
        return Err(AppError::field("months", text!("A number of months from 1 to 36.")));
    }
    open_missing(&state).await?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let moved = store::spread(&mut tx, &user.company_code, now, months).await?;
    let act = AuditEntry::new(
        "change.review-spread",
        format!("company:{}", user.company_code),
        format!("first periodic review dates of {moved} documents spread over {months} months"),
    )
    .by(Some(&user.id), &user.full_name())
    .after(json!({"months": months, "documents": moved}));
    engine::append(&mut tx, now, &[act]).await?;
    tx.commit().await?;
    Ok(axum::Json(SpreadJson { moved, months }))
}

/// How many first review dates moved, over how many months.
#[derive(Serialize, utoipa::ToSchema)]
pub struct SpreadJson {
    moved: usize,
    months: u32,
}
