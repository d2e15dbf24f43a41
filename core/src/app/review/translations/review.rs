//! Reviewing a translation: approve or reject the caller's stage, in one transaction with
//! its audit rows (the module's lock first, then the translation's row). The last approval
//! makes it the served one and supersedes the one it replaces.
use crate::msg;
use serde_json::json;
use sqlx::AnyConnection;

use crate::app::AppState;
use crate::auth::users::User;
use crate::error::{AppError, AppResult};

use crate::zones;

use super::super::engine::append;
use super::super::notices;
use super::super::second_stage_refusal;
use super::super::stages::{Closed, Flow, Verdict};
use super::act::{lock, what};
use super::{one, Translated, Translation};

/// The caller's stage of this translation, or why they may not review it: a stage of
/// its flow, not its proposer, the document in their zones.
fn denial<D: Translated>(user: &User, doc: &D, t: &Translation, flow: &Flow) -> AppResult<usize> {
    let Some(stage) = flow.stage_of(user) else {
        return Err(AppError::Forbidden(flow.not_reviewer.into()));
    };
    if t.proposed_by == user.id {
        return Err(AppError::Forbidden(
            crate::text!("Nobody reviews their own translation.").into(),
        ));
    }
    if !zones::overlap(&user.zones, &doc.zones) {
        return Err(AppError::Forbidden(msg!("This {} is not in your zones.", D::KIND.words.one)));
    }
    Ok(stage)
}

/// Approve or reject the caller's stage of translation `id` (a rejection needs a note).
/// Answers the translation as committed.
pub async fn review<D: Translated>(
    state: &AppState,
    user: &User,
    id: &str,
    verdict: Verdict,
    note: Option<String>,
) -> AppResult<Translation> {
    let k = D::KIND;
    let kind = D::DOC_KIND;
    let t = one(&mut *state.db.pool.acquire().await?, kind, id).await?.ok_or(AppError::NotFound)?;
    let doc = super::super::engine::visible::<D>(state, user, &t.doc_id).await?;
    let flow = t.flow(&k.flow);
    denial(user, &doc, &t, &flow)?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    lock(&mut tx, &doc).await?;
    let waiting = crate::text!("This translation is not waiting for a review.");
    let held = sqlx::query(
        "UPDATE doc_translations SET status = status WHERE id = $1 AND status = 'pending'",
    )
    .bind(id)
    .execute(&mut *tx)
    .await?;
    if held.rows_affected() != 1 || t.stages == 0 {
        return Err(AppError::Conflict(waiting.into()));
    }
    // Judged again on the rows as now locked: a concurrent verdict has committed.
    let t = one(&mut tx, kind, id).await?.ok_or(AppError::NotFound)?;
    let stage = denial(user, &doc, &t, &flow)?;
    let key = flow.stages[stage].key;
    let mut verdicts = t.verdicts(&flow);
    match flow.open(stage, true, &verdicts) {
        Ok(()) => {}
        Err(Closed::NotWaiting) => return Err(AppError::Conflict(waiting.into())),
        Err(Closed::EarlierFirst(first)) => {
            return Err(AppError::Conflict(msg!(
                "The {first} stage reviews this translation first."
            )))
        }
    }
    if verdict == Verdict::Approved {
        if let Some(done) = flow.approved_elsewhere(&t.as_reviews(&flow), stage, &user.id) {
            return Err(second_stage_refusal("translation", done));
        }
    }
    sqlx::query(
        "INSERT INTO doc_translation_reviews (translation_id, stage, status, reviewer_id, reviewer, date, note) VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(id)
    .bind(key)
    .bind(verdict.as_str())
    .bind(&user.id)
    .bind(user.full_name())
    .bind(now)
    .bind(note.clone())
    .execute(&mut *tx)
    .await?;
    let before = verdicts.clone();
    verdicts[stage] = verdict;
    let label = what(&doc, &t.section, &t.lang);
    notices::translation_settled::<D>(
        &mut tx,
        now,
        id,
        (verdict == Verdict::Approved).then_some(key),
    )
    .await?;
    notices::translation_verdict(
        state,
        &mut tx,
        now,
        user,
        &doc,
        (&t.proposed_by, &label),
        (key, verdict, &note),
    )
    .await?;
    if verdict == Verdict::Approved && !flow.complete(&verdicts) {
        // An approval in turn opens the next stage: its reviewers are told.
        let open = |v: &[Verdict], i: usize| flow.open(i, true, v).is_ok();
        let opened: Vec<usize> =
            (0..verdicts.len()).filter(|i| open(&verdicts, *i) && !open(&before, *i)).collect();
        notices::translation_waiting(
            state,
            &mut tx,
            now,
            user,
            &doc,
            (&flow, &opened),
            (id, &t.proposed_by, &label),
        )
        .await?;
    }
    let meaning = match verdict {
        Verdict::Approved => format!("approval of the {key} review of the {label}"),
        _ => format!("rejection in the {key} review of the {label}; returned to its proposer"),
    };
    let mut entries = vec![k.act(user, "translation-review", &doc.id, meaning).after(json!({"translationId": id, "stage": key,
        "status": verdict.as_str(), "note": note, "sha256": t.sha256, "section": t.section, "lang": t.lang}))];
    if verdict == Verdict::Rejected {
        sqlx::query(
            "UPDATE doc_translations SET status = 'rejected', decided_at = $2 WHERE id = $1",
        )
        .bind(id)
        .bind(now)
        .execute(&mut *tx)
        .await?;
    } else if flow.complete(&verdicts) {
        entries.push(approve(&mut tx, user, &doc, &t, now, &label).await?);
    }
    append(&mut tx, now, &entries).await?;
    tx.commit().await?;
    one(&mut *state.db.pool.acquire().await?, kind, id).await?.ok_or(AppError::NotFound)
}

/// The last approval: the served translation of its section and language (if any) is
/// superseded (kept, with its file) and this one served. Answers the audit row.
async fn approve<D: Translated>(
    conn: &mut AnyConnection,
    user: &User,
    doc: &D,
    t: &Translation,
    now: i64,
    label: &str,
) -> AppResult<crate::audit::AuditEntry> {
    let kind = D::DOC_KIND.as_str();
    let old: Option<(String, String)> = sqlx::query_as(
        "SELECT id, sha256 FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2 AND section = $3 AND lang = $4 AND status = 'approved'",
    )
    .bind(kind)
    .bind(&t.doc_id)
    .bind(&t.section)
    .bind(&t.lang)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some((old_id, _)) = &old {
        sqlx::query("UPDATE doc_translations SET status = 'superseded', ended_at = $2 WHERE id = $1 AND status = 'approved'")
            .bind(old_id)
            .bind(now)
            .execute(&mut *conn)
            .await?;
    }
    sqlx::query("UPDATE doc_translations SET status = 'approved', decided_at = $2 WHERE id = $1 AND status = 'pending'")
        .bind(&t.id)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    let verb = if old.is_some() { "replaces the one served" } else { "served" };
    let mut entry = D::KIND.act(user, "translation", &doc.id, format!("{label} approved: {verb} at the kiosk")).after(json!({
        "translationId": t.id, "section": t.section, "lang": t.lang, "sha256": t.sha256, "status": "approved"}));
    if let Some((old_id, sha)) = old {
        entry = entry.before(json!({"translationId": old_id, "section": t.section, "lang": t.lang, "sha256": sha, "status": "superseded"}));
    }
    Ok(entry)
}
