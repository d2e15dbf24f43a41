//! The SWPs of the kiosk's offline pack (decision 121; the `DeployedDocs` port's
//! `zone_pack`): every part's revision deployed now in a zone that the kiosk may see, as
//! the kiosk's screens read it, with each file (originals, video, served translations),
//! its SHA-256 and a controlled-copy link. Four statements whatever the number of parts:
//! the revisions with their files, the originals' SHA-256, the translations, their files.
use std::collections::HashMap;
use std::sync::LazyLock;

use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::db::Dialect;
use plantdoc_core::error::AppResult;
use plantdoc_core::files;
use plantdoc_core::ports::{ChangeControl, PackFile, PackedDoc};
use plantdoc_core::review::{can_see, Document};
use sqlx::Row;

use crate::model::{Swp, SwpStatus};
use crate::store::{copy_facts, files_column};

/// A revision's files: id → (storage key, content type).
type Described = HashMap<String, (String, String)>;

/// The company's deployed revisions (`$1`), with their catalogue part and files.
fn deployed_sql(dialect: Dialect) -> &'static str {
    static SQL: LazyLock<[String; 2]> = LazyLock::new(|| {
        [Dialect::Sqlite, Dialect::Postgres].map(|d| {
            format!(
                "SELECT {}, p.id AS part_id, {} AS files FROM swp_parts sp JOIN swps s ON s.id = sp.current_id \
                 LEFT JOIN parts p ON p.company_code = sp.company_code AND p.part_number = sp.part_number \
                 WHERE sp.company_code = $1 AND s.status = 'deployed' ORDER BY s.part_number",
                crate::model::COLUMNS_WITH_PART,
                files_column(d)
            )
        })
    });
    &SQL[matches!(dialect, Dialect::Postgres) as usize]
}

/// The file's name in a link: `<part>-<SECTION>[-<lang>].<ext>`.
fn name(s: &Swp, section: &str, lang: Option<&str>, ct: &str) -> String {
    let lang = lang.map(|l| format!("-{l}")).unwrap_or_default();
    let part = s.part_number.replace(['/', ' '], "-");
    format!("{part}-{}{lang}.{}", section.to_uppercase(), files::extension(ct))
}

/// The pack's SWPs of `zone` as `viewer` (the kiosk account) sees them. Under change
/// control a revision held back for the kiosk is left out (the one it superseded is not
/// added: the netbook then asks the part online).
pub async fn zone_pack(state: &AppState, viewer: &User, zone: &str) -> AppResult<Vec<PackedDoc>> {
    let rows = sqlx::query(deployed_sql(state.db.dialect))
        .bind(&viewer.company_code)
        .fetch_all(&mut *state.db.reader().await?)
        .await?;
    let cc = state.port::<dyn ChangeControl>().is_some();
    let mut kept: Vec<(Swp, Option<String>, Described)> = Vec::new();
    for r in &rows {
        let s = Swp::from_row(r)?;
        if s.status != SwpStatus::Deployed
            || !s.zones.iter().any(|z| z == zone)
            || !can_see(&state.zones, viewer, &s)
        {
            continue;
        }
        if cc && !crate::in_force::in_force(state, viewer, &s.id, &s.part_number, s.status).await? {
            continue;
        }
        let described = files::described(r.try_get::<Option<String>, _>("files")?.as_deref())?;
        kept.push((s, r.try_get("part_id")?, described));
    }
    let originals: Vec<String> = kept
        .iter()
        .flat_map(|(s, _, _)| {
            [s.swc_file.clone(), s.jes_file.clone(), s.vis_file.clone()]
                .into_iter()
                .chain(s.video_file.clone())
        })
        .collect();
    let shas = files::sha256s(&state.db, &originals).await?;
    let ids: Vec<String> = kept.iter().map(|(s, _, _)| s.id.clone()).collect();
    let translations = plantdoc_core::review::translations::served_of_docs(
        &mut *state.db.reader().await?,
        crate::KIND,
        &ids,
    )
    .await?;
    let tr_files: Vec<String> = translations.iter().map(|t| t.file_id.clone()).collect();
    let tr_described = files::describe(state, &tr_files).await?;
    let now = state.now_ms();
    let mut out = Vec::with_capacity(kept.len());
    for (s, part_id, described) in kept {
        let facts = copy_facts(&s);
        let mut packed = Vec::new();
        let sections = [
            ("swc", Some(&s.swc_file)),
            ("jes", Some(&s.jes_file)),
            ("vis", Some(&s.vis_file)),
            ("video", s.video_file.as_ref()),
        ];
        for (section, file) in sections {
            let Some(file) = file else { continue };
            let Some((key, ct)) = described.get(file) else { continue };
            let url =
                state.storage.copy_link(key, &name(&s, section, None, ct), ct, now, &facts).await?;
            let sha256 = shas.get(file).cloned().unwrap_or_default();
            packed.push(PackFile { section: section.into(), lang: None, sha256, url });
        }
        let mine: Vec<_> = translations.iter().filter(|t| t.doc_id == s.id).cloned().collect();
        for t in &mine {
            let Some((key, ct)) = tr_described.get(&t.file_id) else { continue };
            let fname = name(&s, &t.section, Some(&t.lang), ct);
            let url = state.storage.copy_link(key, &fname, ct, now, &facts).await?;
            packed.push(PackFile {
                section: t.section.clone(),
                lang: Some(t.lang.clone()),
                sha256: t.sha256.clone(),
                url,
            });
        }
        let mut doc = serde_json::to_value(s.view()).map_err(anyhow::Error::from)?;
        doc["id"] = s.id.clone().into();
        doc["translations"] =
            serde_json::to_value(crate::translations::json(&mine)).map_err(anyhow::Error::from)?;
        out.push(PackedDoc {
            kind: crate::KIND,
            id: s.id.clone(),
            part_number: s.part_number.clone(),
            part_id,
            version_hash: s.content_hash.clone(),
            doc,
            files: packed,
            sunset_ms: None,
        });
    }
    Ok(out)
}
