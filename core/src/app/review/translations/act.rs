//! The acts on a translation, each in one transaction with its audit rows, whose first
//! statement is the module's lock re-checking that the document is deployed (then the
//! translation's own row where it exists): propose and withdraw (the review of a stage is in
//! `review`).
//! No act deletes a file: every one a sign record or an audit row names stays.
use crate::msg;
use serde_json::json;
use sqlx::AnyConnection;

use crate::app::AppState;
use crate::auth::users::User;
use crate::error::{AppError, AppResult};
use crate::files::{self, FileState};
use crate::storage::FileRecord;

use super::super::can_manage;
use super::super::engine::append;
use super::super::notices;
use super::super::stages::{Flow, Verdict};
use super::Translated;

/// Who proposes and withdraws a document's translations: its kind's uploaders and
/// whoever manages it, on a deployed document they see.
pub fn may_translate<D: Translated>(state: &AppState, user: &User, doc: &D) -> AppResult<()> {
    let k = D::KIND;
    if k.require_uploader(user).is_err() && !can_manage(&state.zones, user, doc) {
        return Err(AppError::Forbidden(msg!(
            "Only {} translate {}.",
            k.uploaders.who,
            k.words.many
        )));
    }
    if doc.status != super::super::Status::Deployed {
        return Err(AppError::Conflict(msg!(
            "Only a deployed {}'s translations are changed.",
            k.words.one
        )));
    }
    Ok(())
}

/// A section and a language as sent, with their field errors.
pub fn section_and_lang<D: Translated>(
    section: Option<&str>,
    lang: Option<&str>,
) -> AppResult<(&'static str, &'static str)> {
    let mut e = crate::FieldErrors::new();
    let section = match D::SECTIONS {
        [(only, _)] => Some(*only),
        all => all.iter().map(|(k, _)| *k).find(|k| Some(*k) == section.map(str::trim)),
    };
    if section.is_none() {
        let names: Vec<&str> = D::SECTIONS.iter().map(|(k, _)| *k).collect();
        e.insert("section".into(), msg!("Choose a section: {}.", names.join(", ")));
    }
    let lang = crate::ports::doc_lang(lang.unwrap_or_default())
        .map_err(|m| e.insert("lang".into(), m.into()))
        .ok();
    match (section, lang) {
        (Some(s), Some(l)) if e.is_empty() => Ok((s, l)),
        _ => Err(AppError::Fields(e)),
    }
}

pub(super) async fn lock<D: Translated>(conn: &mut AnyConnection, doc: &D) -> AppResult<()> {
    if !D::lock_deployed(conn, &doc.id).await? {
        return Err(AppError::Conflict(msg!("This {} is no longer deployed.", D::KIND.words.one)));
    }
    Ok(())
}

pub(super) fn what<D: Translated>(doc: &D, section: &str, lang: &str) -> String {
    let name = D::SECTIONS.iter().find(|(k, _)| *k == section).map_or(section, |(_, n)| n);
    let name = if D::SECTIONS.len() > 1 {
        format!("{name} translation")
    } else {
        "translation".to_string()
    };
    format!("{name} ({lang}) of {}", doc.names().deployed_title)
}

/// Proposes `rec` (a pending upload of the caller's, already checked as a PDF) as the
/// document's `section` in `lang`: it waits for review; one still in review of the same
/// section and language is withdrawn (kept), the last rejected one closed.
pub async fn propose<D: Translated>(
    state: &AppState,
    user: &User,
    doc: &D,
    rec: &FileRecord,
    section: &str,
    lang: &str,
) -> AppResult<()> {
    let k = D::KIND;
    let stages = state.settings.review.stages_for(k.flow.stages.len());
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    lock(&mut tx, doc).await?;
    if !files::claim(
        &mut tx,
        &user.id,
        D::upload_policy(state).module,
        &rec.id,
        FileState::Attached,
    )
    .await?
    {
        return Err(AppError::field(
            "file",
            crate::text!(
                "This file is no longer a pending upload of yours; please upload it again."
            ),
        ));
    }
    let kind = D::DOC_KIND.as_str();
    let open_one: Option<(String, String)> = sqlx::query_as(
        "SELECT id, sha256 FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2 AND section = $3 AND lang = $4 AND status = 'pending'",
    )
    .bind(kind)
    .bind(&doc.id)
    .bind(section)
    .bind(lang)
    .fetch_optional(&mut *tx)
    .await?;
    sqlx::query(
        "UPDATE doc_translations SET status = CASE status WHEN 'pending' THEN 'withdrawn' ELSE status END, ended_at = $5 \
         WHERE doc_kind = $1 AND doc_id = $2 AND section = $3 AND lang = $4 AND status IN ('pending', 'rejected') AND ended_at IS NULL",
    )
    .bind(kind)
    .bind(&doc.id)
    .bind(section)
    .bind(lang)
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let id = crate::db::new_id();
    sqlx::query(
        "INSERT INTO doc_translations (id, doc_kind, doc_id, section, lang, file_id, sha256, size, status, stages, proposed_by, \
         proposed_by_name, proposed_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 'pending', $9, $10, $11, $12)",
    )
    .bind(&id)
    .bind(kind)
    .bind(&doc.id)
    .bind(section)
    .bind(lang)
    .bind(&rec.id)
    .bind(&rec.sha256)
    .bind(rec.size as i64)
    .bind(stages as i64)
    .bind(&user.id)
    .bind(user.full_name())
    .bind(now)
    .execute(&mut *tx)
    .await?;
    let keys: Vec<&str> = k.flow.stages[..stages].iter().map(|s| s.key).collect();
    let after = json!({"translationId": id, "section": section, "lang": lang, "sha256": rec.sha256, "size": rec.size,
        "filename": rec.filename, "status": "pending", "stages": keys});
    let mut entry = k
        .act(
            user,
            "translation",
            &doc.id,
            format!("{} proposed for review", what(doc, section, lang)),
        )
        .after(after);
    if let Some((old, sha)) = open_one.clone() {
        entry = entry.before(json!({"translationId": old, "section": section, "lang": lang, "sha256": sha, "status": "withdrawn"}));
    }
    let flow = Flow {
        stages: &k.flow.stages[..stages],
        order: k.flow.order,
        bypass: None,
        not_reviewer: k.flow.not_reviewer,
    };
    let pending = vec![Verdict::Pending; stages];
    let open: Vec<usize> = (0..stages).filter(|i| flow.open(*i, true, &pending).is_ok()).collect();
    if let Some((old, _)) = &open_one {
        notices::translation_settled::<D>(&mut tx, now, old, None).await?;
    }
    notices::translation_waiting(
        state,
        &mut tx,
        now,
        user,
        doc,
        (&flow, &open),
        (&id, &user.id, &what(doc, section, lang)),
    )
    .await?;
    append(&mut tx, now, &[entry]).await?;
    tx.commit().await?;
    Ok(())
}

/// Removes the document's `section` in `lang`: the served translation and any in
/// review are withdrawn (kept, with their files); the kiosk serves the original. With
/// `only`, that translation alone (one in review, leaving the served one).
pub async fn withdraw<D: Translated>(
    state: &AppState,
    user: &User,
    doc: &D,
    section: &str,
    lang: &str,
    only: Option<&str>,
) -> AppResult<()> {
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    lock(&mut tx, doc).await?;
    let one = if only.is_some() { " AND id = $5" } else { "" };
    let sql = format!(
        "SELECT id, sha256, status FROM doc_translations WHERE doc_kind = $1 AND doc_id = $2 AND section = $3 AND lang = $4 \
         AND status IN ('pending', 'approved'){one} ORDER BY id"
    );
    let mut q =
        sqlx::query_as(&sql).bind(D::DOC_KIND.as_str()).bind(&doc.id).bind(section).bind(lang);
    if let Some(id) = only {
        q = q.bind(id);
    }
    let gone: Vec<(String, String, String)> = q.fetch_all(&mut *tx).await?;
    if gone.is_empty() {
        return Err(AppError::NotFound);
    }
    let mut entries = Vec::new();
    for (id, sha, status) in gone {
        let done = sqlx::query("UPDATE doc_translations SET status = 'withdrawn', ended_at = $2 WHERE id = $1 AND status = $3")
            .bind(&id)
            .bind(now)
            .bind(&status)
            .execute(&mut *tx)
            .await?;
        if done.rows_affected() != 1 {
            return Err(AppError::Conflict(
                crate::text!("This translation changed meanwhile; please try again.").into(),
            ));
        }
        notices::translation_settled::<D>(&mut tx, now, &id, None).await?;
        let meaning = format!(
            "{} removed{}",
            what(doc, section, lang),
            if status == "pending" { " from review" } else { "" }
        );
        entries.push(
            D::KIND
                .act(user, "translation", &doc.id, meaning)
                .before(json!({"translationId": id, "section": section,
            "lang": lang, "sha256": sha, "status": status}))
                .after(json!({"status": "withdrawn"})),
        );
    }
    append(&mut tx, now, &entries).await?;
    tx.commit().await?;
    Ok(())
}
