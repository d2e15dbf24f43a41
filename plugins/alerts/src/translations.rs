//! Alerts per language (a file per language, reviewed: decision 95): one translated file
//! per language, the core review engine's translations (`plantdoc_core::review::
//! translations`): proposed on a deployed alert (`POST /api/alerts/{alertId}/
//! translations`), reviewed in the alert's stages, served only once approved. `GET
//! /api/alerts/file/{alertId}?lang=xx` links the approved file in xx when there is one,
//! else the original, and says which (`served`).
use axum::extract::{Path, Query, State};
use axum::response::IntoResponse;
use plantdoc_core::acks::DocKind;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::files::{self, FileKind, UploadPolicy};
use plantdoc_core::ports::{doc_lang, VersionFile};
use plantdoc_core::review::translations::{self as tr, http::entry, Translated};
use serde::Deserialize;
use sqlx::AnyConnection;

use crate::model::Alert;
use crate::schemas::{AlertTranslations, FileLink, Served};
use crate::store::{self, visible_alert};
use crate::submit::{MAX_FILE_BYTES, MAX_PENDING_UPLOADS, MODULE};

/// The section name of an alert's file in a sign record's `readFiles`.
pub const SECTION: &str = "alert";

impl Translated for Alert {
    const SECTIONS: &'static [(&'static str, &'static str)] = &[(SECTION, "Alert")];
    const DOC_KIND: DocKind = crate::KIND;

    fn upload_policy(state: &AppState) -> UploadPolicy<'static> {
        let limit = state.settings.server.upload_limit.min(MAX_FILE_BYTES);
        UploadPolicy {
            module: MODULE,
            kind: FileKind::Pdf,
            limit,
            max_pending: MAX_PENDING_UPLOADS,
        }
    }

    async fn lock_deployed(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
        let live =
            sqlx::query("UPDATE alerts SET status = status WHERE id = $1 AND status = 'deployed'")
                .bind(id)
                .execute(conn)
                .await?;
        Ok(live.rows_affected() == 1)
    }

    /// `{alertId, translations: [{id, lang, sha256, uploadedAt, status, ...}]}`.
    async fn answer(state: &AppState, doc: &Self) -> AppResult<axum::response::Response> {
        let list = tr::current(&mut *state.db.reader().await?, crate::KIND, &doc.id).await?;
        let translations = list.iter().map(entry::<Alert>).collect();
        let answer = AlertTranslations { alert_id: doc.id.clone(), translations };
        Ok(axum::Json(answer).into_response())
    }
}

/// Every file of the alert a reader may be shown: the original (lang None) and its
/// served translations.
pub async fn version_files(state: &AppState, id: &str) -> AppResult<Vec<VersionFile>> {
    let Some(a) = store::fetch_one(&state.db, id).await? else { return Ok(Vec::new()) };
    let mut out = vec![VersionFile { section: SECTION.into(), lang: None, sha256: a.file_hash }];
    out.extend(tr::version_files(&mut *state.db.reader().await?, crate::KIND, id).await?);
    Ok(out)
}

#[derive(Deserialize, utoipa::IntoParams)]
pub struct LangQuery {
    /// The reader's language: its approved translation is linked when the alert has one.
    lang: Option<String>,
}

/// `GET /api/alerts/file/{alertId}?lang=xx`: `{url, served: {lang, sha256},
/// translations: [lang]}` (the languages served), `served.lang` null when the original
/// is linked.
pub async fn file(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(id): Path<String>,
    Query(q): Query<LangQuery>,
) -> AppResult<axum::Json<FileLink>> {
    let a = visible_alert(&state, &user, &id).await?;
    let list = tr::served(&mut *state.db.reader().await?, crate::KIND, &a.id).await?;
    let lang = q.lang.as_deref().and_then(|l| doc_lang(l).ok());
    let chosen = list.iter().find(|t| Some(t.lang.as_str()) == lang);
    let (file_id, served) = match chosen {
        Some(t) => {
            (t.file_id.clone(), Served { lang: Some(t.lang.clone()), sha256: t.sha256.clone() })
        }
        None => (a.file_id.clone(), Served { lang: None, sha256: a.file_hash.clone() }),
    };
    let found = files::describe(&state, std::slice::from_ref(&file_id)).await?;
    let (key, ct) = found.get(&file_id).ok_or(AppError::NotFound)?;
    let now = state.now_ms();
    let name = format!(
        "{}{}.{}",
        a.alert_tag,
        chosen.map(|t| format!("-{}", t.lang)).unwrap_or_default(),
        files::extension(ct)
    );
    let url = state.storage.copy_link(key, &name, ct, now, &store::copy_facts(&a, now)).await?;
    let translations = list.into_iter().map(|t| t.lang).collect();
    Ok(axum::Json(FileLink { url, served, translations }))
}
