//! The translation calls, as axum handlers a module mounts on its own paths (generic
//! over its document): propose (multipart), remove, approve and reject a stage, the
//! caller's waiting list, and a link to any translation's file (the auditor's file cites
//! superseded ones too).
use axum::extract::{Path, Request, State};
use axum::response::Response;

use crate::app::AppState;
use crate::auth::users::User;
use crate::auth::CurrentUser;
use crate::error::{AppError, AppResult, Json};
use crate::files::{self, FileState};
use crate::storage::FileRecord;
use crate::text;

use super::super::engine::{fetch, visible};
use super::super::stages::Verdict;
use super::super::{can_see, ReviewBody};
use super::act::{may_translate, propose, section_and_lang, withdraw};
use super::answer::{
    SectionLang, TranslationAnswer, TranslationFile, TranslationView, Untranslated, WaitingList,
    WaitingView,
};
use super::review::review;
use super::{one, Translated, Translation};

fn with_section<D: Translated>() -> bool {
    D::SECTIONS.len() > 1
}

/// The entry of one translation in the module's answers.
pub fn entry<D: Translated>(t: &Translation) -> TranslationView {
    view::<D>(t)
}

fn view<D: Translated>(t: &Translation) -> TranslationView {
    TranslationView::of(t, &D::KIND.flow, with_section::<D>())
}

/// `POST <doc>/{id}/translations` (multipart: section, lang, file): proposes a
/// translation of a deployed document; answers the module's shape.
pub async fn add<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    req: Request,
) -> AppResult<Response> {
    let doc = visible::<D>(&state, &user, &id).await?;
    may_translate(&state, &user, &doc)?;
    let policy = D::upload_policy(&state);
    let (rec, fields) = files::receive_form(&state, &user, req, None, policy).await?;
    let done = checked(&state, &user, &doc, &rec, &fields).await;
    if done.is_err() {
        files::remove(&state, policy.module, &rec.id, &rec.key, FileState::Pending).await;
    }
    done?;
    D::answer(&state, &doc).await
}

async fn checked<D: Translated>(
    state: &AppState,
    user: &User,
    doc: &D,
    rec: &FileRecord,
    fields: &std::collections::HashMap<String, String>,
) -> AppResult<()> {
    let (section, lang) = section_and_lang::<D>(
        fields.get("section").map(String::as_str),
        fields.get("lang").map(String::as_str),
    )?;
    if rec.content_type != "application/pdf" {
        return Err(AppError::field("file", text!("A translation is a PDF.")));
    }
    crate::pdf::check_upload(&state.storage, &rec.filename, &rec.key)
        .await
        .map_err(|e| AppError::field("file", e.message()))?;
    propose(state, user, doc, rec, section, lang).await
}

/// `GET <doc>/{id}/translations`: the document's translations in use (served, in
/// review, last rejected), in the module's answer.
pub async fn list<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let doc = visible::<D>(&state, &user, &id).await?;
    D::answer(&state, &doc).await
}

/// `GET <doc>/{id}/translations/missing`: what the document is not yet translated into
/// that the revision it follows is (the translator's to-do, the reviewers' warning).
pub async fn missing<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<axum::Json<Untranslated>> {
    let doc = visible::<D>(&state, &user, &id).await?;
    let mut conn = state.db.reader().await?;
    let Some(from) = D::predecessor(&mut conn, &doc).await? else {
        return Ok(axum::Json(Untranslated { from: None, missing: Vec::new() }));
    };
    let missing = super::missing(&mut conn, D::DOC_KIND, &id, &from).await?;
    let missing = missing.into_iter().map(|(section, lang)| SectionLang { lang, section });
    Ok(axum::Json(Untranslated { from: Some(from), missing: missing.collect() }))
}

/// `DELETE <doc>/{id}/translations/{section}/{lang}`.
pub async fn remove_section<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((id, section, lang)): Path<(String, String, String)>,
) -> AppResult<Response> {
    remove::<D>(&state, &user, &id, Some(&section), &lang).await
}

/// `DELETE <doc>/{id}/translations/{lang}` (a document that is one file).
pub async fn remove_lang<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((id, lang)): Path<(String, String)>,
) -> AppResult<Response> {
    remove::<D>(&state, &user, &id, None, &lang).await
}

async fn remove<D: Translated>(
    state: &AppState,
    user: &User,
    id: &str,
    section: Option<&str>,
    lang: &str,
) -> AppResult<Response> {
    let doc = visible::<D>(state, user, id).await?;
    may_translate(state, user, &doc)?;
    let (section, lang) = section_and_lang::<D>(section, Some(lang))?;
    withdraw(state, user, &doc, section, lang, None).await?;
    D::answer(state, &doc).await
}

/// `DELETE <doc>/translations/{translationId}`: withdraws that one translation (one in
/// review leaves the served one of its language in place); answers the module's shape.
pub async fn remove_one<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<Response> {
    let t = one(&mut *state.db.pool.acquire().await?, D::DOC_KIND, &id)
        .await?
        .ok_or(AppError::NotFound)?;
    let doc = visible::<D>(&state, &user, &t.doc_id).await?;
    may_translate(&state, &user, &doc)?;
    withdraw(&state, &user, &doc, &t.section, &t.lang, Some(&t.id)).await?;
    D::answer(&state, &doc).await
}

/// `POST <doc>/translations/approve/{translationId}` `{reviewNote}`.
pub async fn approve<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<ReviewBody>,
) -> AppResult<axum::Json<TranslationAnswer>> {
    let t = review::<D>(&state, &user, &id, Verdict::Approved, body.note(false)?).await?;
    Ok(axum::Json(TranslationAnswer { translation: view::<D>(&t) }))
}

/// `POST <doc>/translations/reject/{translationId}` `{reviewNote}` (a note needed).
pub async fn reject<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Json(body): Json<ReviewBody>,
) -> AppResult<axum::Json<TranslationAnswer>> {
    let t = review::<D>(&state, &user, &id, Verdict::Rejected, body.note(true)?).await?;
    Ok(axum::Json(TranslationAnswer { translation: view::<D>(&t) }))
}

/// `GET <doc>/translations/waiting`: the translations waiting for the caller's stage
/// (`{translations: [{..., docId, title, stage}]}`), as the sign-off list shows them.
pub async fn waiting<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
) -> AppResult<axum::Json<WaitingList>> {
    let k = D::KIND;
    let ids: Vec<String> = sqlx::query_scalar(
        "SELECT t.id FROM doc_translations t WHERE t.doc_kind = $1 AND t.status = 'pending' AND t.stages > 0 AND t.proposed_by <> $2 \
         ORDER BY t.proposed_at, t.id",
    )
    .bind(D::DOC_KIND.as_str())
    .bind(&user.id)
    .fetch_all(&state.db.pool)
    .await?;
    let mut out = Vec::new();
    let mut conn = state.db.pool.acquire().await?;
    for id in ids {
        let Some(t) = one(&mut conn, D::DOC_KIND, &id).await? else { continue };
        let Some(doc) = fetch::<D>(&mut conn, &t.doc_id).await? else { continue };
        if doc.status != super::super::Status::Deployed
            || !can_see(&state.zones, &user, &doc)
            || !crate::zones::overlap(&user.zones, &doc.zones)
        {
            continue;
        }
        let flow = t.flow(&k.flow);
        let Some(stage) = flow.stage_of(&user) else { continue };
        if flow.open(stage, true, &t.verdicts(&flow)).is_err()
            || flow.approved_elsewhere(&t.as_reviews(&flow), stage, &user.id).is_some()
        {
            continue;
        }
        out.push(WaitingView {
            translation: view::<D>(&t),
            doc_id: doc.id.clone(),
            part_number: doc.part_number.clone(),
            stage: flow.stages[stage].key,
            title: doc.names().deployed_title,
        });
    }
    Ok(axum::Json(WaitingList { translations: out }))
}

/// `GET <doc>/translations/file/{translationId}`: `{url, status, sha256}`, a short-lived
/// link to any translation's file (superseded and withdrawn ones too) of a document the
/// caller sees.
pub async fn file<D: Translated>(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
) -> AppResult<axum::Json<TranslationFile>> {
    let t = one(&mut *state.db.pool.acquire().await?, D::DOC_KIND, &id)
        .await?
        .ok_or(AppError::NotFound)?;
    let doc = visible::<D>(&state, &user, &t.doc_id).await?;
    let found = files::describe(&state, std::slice::from_ref(&t.file_id)).await?;
    let (key, ct) = found.get(&t.file_id).ok_or(AppError::NotFound)?;
    let name = format!("{}-{}-{}.{}", doc.part_number, t.section, t.lang, files::extension(ct));
    let url = state.storage.link(key, &name, ct, state.now_ms()).await?;
    Ok(axum::Json(TranslationFile { sha256: t.sha256, status: t.status.as_str(), url }))
}
