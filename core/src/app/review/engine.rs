//! The review engine: approve, reject and delete for any module's documents, as axum
//! handlers a module mounts on its own paths. Every act and its audit rows commit in one
//! transaction whose first statement is a conditional UPDATE: it takes the write lock on
//! SQLite (so the busy timeout applies) and the row lock on PostgreSQL, and its WHERE
//! re-checks the state the request was judged on, so two requests racing for the same
//! step cannot both take it (the loser gets 409). Audit rows are appended after every
//! row lock: the audit head is a global lock and is always taken last.
use crate::msg;
use std::future::Future;
use std::ops::Deref;

use axum::extract::{Path, State};
use serde_json::{json, Value};
use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use crate::app::AppState;
use crate::audit::{self, AuditEntry};
use crate::auth::users::User;
use crate::auth::CurrentUser;
use crate::error::{AppError, AppResult, Json};

use super::kind::{can_see, Kind};
use super::record::{Record, Status};
use super::stages::{Closed, Verdict};
use super::{not_approved_by_sql, second_stage_refusal, ReviewBody};

// The delete acts are the engine's handlers too (`delete.rs`).
pub use super::delete::{delete_deployed, delete_pending};

/// Why a document deploys (its audit rows say which).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Deploy {
    /// The last approval completed the review.
    Reviewed,
    /// A manager bypassed review at upload.
    Bypassed,
}

/// How texts name one document.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Names {
    /// In audit meanings: "part P1", "alert C-2026-0001".
    pub title: String,
    /// The same of a deployed one (an SWP names its revision).
    pub deployed_title: String,
    /// In refusals: "SWP 1f3a…", "Alert C-2026-0001".
    pub label: String,
    /// Where a refusal names its state: "SWP 1f3a… of part P1".
    pub full_label: String,
}

/// A module's document under staged review: its row type, which holds a [`Record`] and
/// dereferences to it, and its words. Its acts' hooks are [`Hooks`].
pub trait Document: Deref<Target = Record> + Sized + Send + Sync + 'static {
    const KIND: &'static Kind;

    /// The document of a row read with `KIND.table.columns`.
    fn from_row(r: &AnyRow) -> Result<Self, sqlx::Error>;
    fn names(&self) -> Names;
    /// The version's hash (approvals and signatures name this version).
    fn version(&self) -> &str;
    /// A short description for audit rows.
    fn audit_json(&self) -> Value;
}

/// What a module's deploy hook did: the audit rows the engine appends after the act's own,
/// and the module's fields of the deploy's event (revision, earlier versions …).
pub struct Deployed {
    pub audit: Vec<AuditEntry>,
    pub data: Value,
}

/// What a module does when the engine acts on one of its documents.
pub trait Hooks: Document {
    /// The deploy hook, inside the act's transaction after its conditional UPDATE: takes
    /// the module's row locks, deploys, emits its own events (`state.emit` on `conn`).
    /// The engine tells the deploy itself ([`deploy_and_tell`]).
    fn deploy(
        &self,
        state: &AppState,
        conn: &mut AnyConnection,
        now: i64,
        user: &User,
        why: Deploy,
    ) -> impl Future<Output = AppResult<Deployed>> + Send;
    /// Row locks a delete takes before the document's (the order its deploys take).
    fn before_delete(
        &self,
        _conn: &mut AnyConnection,
        _deployed: bool,
    ) -> impl Future<Output = Result<(), sqlx::Error>> + Send {
        async { Ok(()) }
    }
    /// Rows a delete changes after the document's, and its events (`state.emit` on
    /// `conn`, at `now`).
    fn after_delete(
        &self,
        _state: &AppState,
        _conn: &mut AnyConnection,
        _now: i64,
        _deployed: bool,
    ) -> impl Future<Output = AppResult<()>> + Send {
        async { Ok(()) }
    }
    /// The answer of an approve or reject: the document as now committed, as the type the
    /// module's routes declare (`Json<T>`; a `Response` when `T` borrows from the document).
    type Answer: axum::response::IntoResponse + Send;
    fn answer(state: &AppState, id: &str) -> impl Future<Output = AppResult<Self::Answer>> + Send;
}

/// Deploys `doc` through its module's hook, then tells its authors, open pages and
/// listeners (`notices::deployed` with the module's fields), reviewed or bypassed alike:
/// no module can forget to. Answers the hook's audit rows.
pub async fn deploy_and_tell<D: Hooks>(
    state: &AppState,
    conn: &mut AnyConnection,
    now: i64,
    user: &User,
    doc: &D,
    why: Deploy,
) -> AppResult<Vec<AuditEntry>> {
    let Deployed { audit, data } = doc.deploy(state, conn, now, user, why).await?;
    super::notices::deployed(state, conn, now, user, doc, data).await?;
    Ok(audit)
}

/// The document with this id, whoever may see it.
pub async fn fetch<D: Document>(
    conn: &mut AnyConnection,
    id: &str,
) -> Result<Option<D>, sqlx::Error> {
    let k = D::KIND;
    let sql = format!(
        "SELECT {} FROM {} {} WHERE {}.id = $1",
        k.table.columns, k.table.name, k.table.alias, k.table.alias
    );
    let row = sqlx::query(&sql).bind(id).fetch_optional(conn).await?;
    row.as_ref().map(D::from_row).transpose()
}

/// The document if `u` may see it; 404 otherwise, so that other companies' and zones'
/// documents are indistinguishable from missing ones.
pub async fn visible<D: Document>(state: &AppState, u: &User, id: &str) -> AppResult<D> {
    match fetch::<D>(&mut *state.db.pool.acquire().await?, id).await? {
        Some(d) if can_see(&state.zones, u, &d) => Ok(d),
        _ => Err(AppError::NotFound),
    }
}

/// Appends audit rows inside the caller's transaction (the act and its record commit
/// together).
pub async fn append(
    conn: &mut AnyConnection,
    now: i64,
    entries: &[AuditEntry],
) -> Result<(), sqlx::Error> {
    for e in entries {
        audit::append(conn, now, e).await?;
    }
    Ok(())
}

fn not_waiting(k: &Kind, stage: &str) -> AppError {
    AppError::Conflict(msg!("This {} is not waiting for a {stage} review.", k.words.one))
}

/// The reviewer's stage for this document, or why not. An approval also needs that
/// the reviewer approved no other stage of it (one person, one stage).
async fn judge<D: Hooks>(
    state: &AppState,
    user: &User,
    id: &str,
    approving: bool,
) -> AppResult<(D, usize)> {
    let k = D::KIND;
    let doc = visible::<D>(state, user, id).await?;
    if let Some(why) = k.review_denial(user, &doc) {
        return Err(AppError::Forbidden(why));
    }
    let stage = k.flow.stage_of(user).ok_or_else(AppError::forbidden)?;
    let key = k.flow.stages[stage].key;
    match k.flow.open(stage, doc.status == Status::Pending, &doc.verdicts()) {
        Ok(()) => {}
        Err(Closed::NotWaiting) => return Err(not_waiting(k, key)),
        Err(Closed::EarlierFirst(first)) => {
            return Err(AppError::Conflict(msg!(
                "The {first} stage reviews this {} first.",
                k.words.one
            )))
        }
    }
    if approving {
        if let Some(done) = k.flow.approved_elsewhere(&doc.reviews, stage, &user.id) {
            return Err(second_stage_refusal(k.words.one, done));
        }
    }
    Ok((doc, stage))
}

/// Records one stage's verdict if that stage is still open on a pending document (and,
/// for an approval, the reviewer, bound as `$2`, approved no other stage of it). Returns
/// every stage's verdict as committed now: a concurrent reviewer of another stage waits
/// on this row lock, then sees this verdict.
async fn record<D: Hooks>(
    conn: &mut AnyConnection,
    now: i64,
    user: &User,
    doc: &D,
    stage: usize,
    verdict: Verdict,
    note: &Option<String>,
) -> AppResult<Vec<Verdict>> {
    let k = D::KIND;
    let [status, reviewer_id, reviewer, date, note_col] = k.flow.stages[stage].columns;
    let set_status = if verdict == Verdict::Rejected { ", status = 'rejected'" } else { "" };
    let open = k.flow.open_sql("", stage);
    let one_stage = if verdict == Verdict::Approved {
        not_approved_by_sql(&k.flow.keys(), k.flow.stages[stage].key, 2)
    } else {
        String::new()
    };
    let statuses: Vec<&str> = k.flow.stages.iter().map(|s| s.columns[0]).collect();
    let sql = format!(
        "UPDATE {} SET {status} = $1, {reviewer_id} = $2, {reviewer} = $3, {date} = $4, {note_col} = $5{set_status} \
         WHERE id = $6 AND status = 'pending' AND {open}{one_stage} RETURNING {}",
        k.table.name,
        statuses.join(", ")
    );
    let row = sqlx::query(&sql)
        .bind(verdict.as_str())
        .bind(&user.id)
        .bind(user.full_name())
        .bind(now)
        .bind(note.clone())
        .bind(&doc.id)
        .fetch_optional(&mut *conn)
        .await?;
    let row = row.ok_or_else(|| not_waiting(k, k.flow.stages[stage].key))?;
    statuses
        .iter()
        .map(|c| Ok(Verdict::parse(&row.try_get::<String, _>(*c)?).unwrap_or(Verdict::Pending)))
        .collect()
}

/// Approve (`Verdict::Approved`: the last approval deploys) or reject (a note needed).
async fn review<D: Hooks>(
    state: &AppState,
    user: &User,
    id: &str,
    body: ReviewBody,
    verdict: Verdict,
) -> AppResult<D::Answer> {
    let k = D::KIND;
    let approving = verdict == Verdict::Approved;
    let (doc, stage) = judge::<D>(state, user, id, approving).await?;
    let note = body.note(!approving)?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let verdicts = record(&mut tx, now, user, &doc, stage, verdict, &note).await?;
    let key = k.flow.stages[stage].key;
    // The stage's waiting notices are done for every member of it (a rejection ends them all).
    super::notices::settled::<D>(&mut tx, now, &doc.id, approving.then_some(key)).await?;
    // The verdict is told first: a deploy it completes comes after it (newest first in the bell).
    super::notices::verdict(state, &mut tx, now, user, &doc, (key, verdict, &note)).await?;
    let deployed = if approving && k.flow.complete(&verdicts) {
        deploy_and_tell(state, &mut tx, now, user, &doc, Deploy::Reviewed).await?
    } else {
        Vec::new()
    };
    if deployed.is_empty() && approving {
        // An approval in turn opens the next stage: its reviewers are told.
        let mut before = verdicts.clone();
        before[stage] = Verdict::Pending;
        let open = |v: &[Verdict], i: usize| k.flow.open(i, true, v).is_ok();
        let opened: Vec<usize> =
            (0..verdicts.len()).filter(|i| open(&verdicts, *i) && !open(&before, *i)).collect();
        super::notices::waiting(state, &mut tx, now, user, &doc, &opened).await?;
    }
    let (verb, meaning) = if approving {
        let hash = doc.version();
        (
            "approve",
            format!(
                "approval of the {key} review of {} (version {})",
                doc.names().title,
                &hash[..12.min(hash.len())]
            ),
        )
    } else {
        (
            "reject",
            format!(
                "rejection in the {key} review of {}; returned to its author",
                doc.names().title
            ),
        )
    };
    let mut after = json!({"stage": key, "status": verdict.as_str(), "note": note});
    after[k.words.hash_key] = json!(doc.version());
    let act = k
        .act(user, verb, &doc.id, meaning)
        .before(json!({"stage": key, "status": Verdict::Pending.as_str()}))
        .after(after);
    append(&mut tx, now, &[act]).await?;
    append(&mut tx, now, &deployed).await?;
    tx.commit().await?;
    D::answer(state, &doc.id).await
}

/// `POST approve/{id}` `{reviewNote}`: approves the caller's stage.
pub async fn approve<D: Hooks>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<ReviewBody>,
) -> AppResult<D::Answer> {
    review::<D>(&state, &user, &id, body, Verdict::Approved).await
}

/// `POST reject/{id}` `{reviewNote}`: returns the document to its author.
pub async fn reject<D: Hooks>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<ReviewBody>,
) -> AppResult<D::Answer> {
    review::<D>(&state, &user, &id, body, Verdict::Rejected).await
}
