//! Documents per language (a file per language, reviewed: decision 95): a revision's
//! translated SWC, JES and VIS are the core review engine's translations
//! (`plantdoc_core::review::translations`): proposed on a deployed revision
//! (`POST /api/swps/{swpId}/translations`), reviewed in the SWP's stages, served at the
//! kiosk only once approved. This file describes SWPs to it and reads what the answers
//! and the kiosk show.
use plantdoc_core::acks::DocKind;
use plantdoc_core::app::AppState;
use plantdoc_core::db::Db;
use plantdoc_core::error::AppResult;
use plantdoc_core::files::{self, FileKind, UploadPolicy};
use plantdoc_core::ports::VersionFile;
use plantdoc_core::review::translations::answer::TranslationView;
use plantdoc_core::review::translations::{self as tr, http::entry, Translated};
use sqlx::{AnyConnection, Row};

pub use plantdoc_core::review::translations::Translation;

use crate::model::Swp;

/// The sections a translation may be of, with their names.
pub const SECTIONS: [(&str, &str); 3] = [("swc", "SWC"), ("jes", "JES"), ("vis", "VIS")];

impl Translated for Swp {
    const SECTIONS: &'static [(&'static str, &'static str)] = &SECTIONS;
    const DOC_KIND: DocKind = crate::KIND;

    fn upload_policy(state: &AppState) -> UploadPolicy<'static> {
        UploadPolicy {
            module: "swp",
            kind: FileKind::Pdf,
            limit: crate::upload::limit(state, FileKind::Pdf),
            max_pending: state.get::<crate::SwpState>().settings.max_pending_uploads,
        }
    }

    async fn lock_deployed(conn: &mut AnyConnection, id: &str) -> Result<bool, sqlx::Error> {
        // The lock deploys take (the part's row): a revision is deployed while it is its
        // part's current one.
        let live =
            sqlx::query("UPDATE swp_parts SET current_id = current_id WHERE current_id = $1")
                .bind(id)
                .execute(conn)
                .await?;
        Ok(live.rows_affected() == 1)
    }

    async fn predecessor(
        conn: &mut AnyConnection,
        doc: &Self,
    ) -> Result<Option<String>, sqlx::Error> {
        // In review: the part's deployed revision. Deployed or later: the last revision
        // of the part obsoleted before it.
        sqlx::query_scalar(
            "SELECT id FROM swps WHERE company_code = $1 AND part_number = $2 AND id <> $3 AND \
             ((status = 'deployed' AND $4 IS NULL) OR (status = 'obsolete' AND revision < $4)) \
             ORDER BY revision DESC LIMIT 1",
        )
        .bind(&doc.company_code)
        .bind(&doc.part_number)
        .bind(&doc.id)
        .bind(doc.revision)
        .fetch_optional(conn)
        .await
    }

    async fn answer(state: &AppState, doc: &Self) -> AppResult<axum::response::Response> {
        Ok(plantdoc_core::http::json_bytes(
            crate::store::full_json(state, doc, "swp", false).await?,
        ))
    }
}

/// The revision's served (approved) translations, by section then language.
pub async fn read(db: &Db, swp_id: &str) -> Result<Vec<Translation>, sqlx::Error> {
    tr::served(&mut *db.reader().await?, crate::KIND, swp_id).await
}

/// The revision's translations people act on (served, in review, last rejected).
pub async fn current(db: &Db, swp_id: &str) -> Result<Vec<Translation>, sqlx::Error> {
    tr::current(&mut *db.reader().await?, crate::KIND, swp_id).await
}

/// The answers' `translations`: `[{id, section, lang, sha256, uploadedAt, status, ...}]`.
pub fn json(list: &[Translation]) -> Vec<TranslationView> {
    list.iter().map(entry::<Swp>).collect()
}

/// Every file of the SWP's version a reader may be shown: the three originals (lang
/// None) and the served translations.
pub async fn version_files(db: &Db, swp_id: &str) -> AppResult<Vec<VersionFile>> {
    let Some(row) = sqlx::query("SELECT swc_file, jes_file, vis_file FROM swps WHERE id = $1")
        .bind(swp_id)
        .fetch_optional(&db.pool)
        .await?
    else {
        return Ok(Vec::new());
    };
    let ids: Vec<String> = ["swc_file", "jes_file", "vis_file"]
        .iter()
        .map(|c| row.try_get(*c))
        .collect::<Result<_, _>>()?;
    let shas = files::sha256s(db, &ids).await?;
    let mut out: Vec<VersionFile> = SECTIONS
        .iter()
        .zip(&ids)
        .map(|((s, _), id)| VersionFile {
            section: s.to_string(),
            lang: None,
            sha256: shas.get(id).cloned().unwrap_or_default(),
        })
        .collect();
    out.extend(tr::version_files(&mut *db.reader().await?, crate::KIND, swp_id).await?);
    Ok(out)
}
