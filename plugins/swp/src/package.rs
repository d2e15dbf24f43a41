//! `GET /api/swps/package/{partNumber}.zip` (decision 121; the EU Machinery Regulation's
//! instructions kept at the machine): the part's deployed revision as one file to keep,
//! as the console's SWP viewer may see it: its PDFs as controlled copies (stamped for the
//! person who asked, as a copy link opened by them is), its served translations (also
//! stamped), its video, and `manifest.json` `{partNumber, swpId, revision, deployDate,
//! contentHash, files: [{name, section, lang, sha256, bytes, sourceSha256}]}` (`sha256`
//! of the file as it is in the zip; `sourceSha256`, the stored file's, the version's).
//! Bounded memory: each file is copied in chunks into a temporary zip on disk (stored,
//! not compressed: PDFs and videos are), which is then streamed. Audited
//! (`swp.package`).
use std::io::{Read, Seek, Write};
use std::sync::LazyLock;

use axum::body::Body;
use axum::extract::{Path, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::iso;
use plantdoc_core::db::Dialect;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::files;
use plantdoc_core::review::{can_see, Document};
use serde::Serialize;
use serde_json::json;
use sha2::{Digest, Sha256};
use sqlx::Row;
use tokio::io::AsyncWriteExt;

use crate::model::{Swp, SwpStatus};
use crate::store::{copy_facts, files_column};

/// The part's current revision (`$1` company, `$2` part number) with its files.
fn current_sql(dialect: Dialect) -> &'static str {
    static SQL: LazyLock<[String; 2]> = LazyLock::new(|| {
        [Dialect::Sqlite, Dialect::Postgres].map(|d| {
            format!(
                "SELECT {}, {} AS files FROM swp_parts sp JOIN swps s ON s.id = sp.current_id \
                 WHERE sp.company_code = $1 AND sp.part_number = $2",
                crate::model::COLUMNS_WITH_PART,
                files_column(d)
            )
        })
    });
    &SQL[matches!(dialect, Dialect::Postgres) as usize]
}

/// One file of the package as the manifest names it.
#[derive(Serialize, Clone)]
#[serde(rename_all = "camelCase")]
struct Entry {
    name: String,
    section: String,
    lang: Option<String>,
    sha256: String,
    bytes: u64,
    source_sha256: String,
}

/// A file to put in the zip: where it is on disk now, and whether to remove it after.
struct Local {
    entry: Entry,
    path: std::path::PathBuf,
    remove: bool,
}

/// The stored file `key` on disk: its controlled copy for a PDF (when this instance
/// stamps), else the stored bytes copied to a temporary file.
async fn local(
    state: &AppState,
    user: &CurrentUser,
    s: &Swp,
    key: &str,
    ct: &str,
    tmp: &std::path::Path,
) -> AppResult<(std::path::PathBuf, bool)> {
    if ct == "application/pdf" {
        let copy = plantdoc_core::links::controlled_copy(state, key, &copy_facts(s), user).await?;
        if let Some(c) = copy {
            return Ok((c.path, !c.kept));
        }
    }
    let path = tmp.join(plantdoc_core::db::new_id());
    let mut from = state.storage.open(key).await?;
    let mut to = tokio::fs::File::create(&path).await.map_err(anyhow::Error::from)?;
    tokio::io::copy(&mut from, &mut to).await.map_err(anyhow::Error::from)?;
    to.flush().await.map_err(anyhow::Error::from)?;
    Ok((path, true))
}

/// `GET /api/swps/package/{partNumber}.zip`.
pub async fn package(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(file): Path<String>,
) -> AppResult<Response> {
    let part = file.strip_suffix(".zip").ok_or(AppError::NotFound)?.trim().to_uppercase();
    let row = sqlx::query(current_sql(state.db.dialect))
        .bind(&user.company_code)
        .bind(&part)
        .fetch_optional(&mut *state.db.reader().await?)
        .await?;
    let Some(row) = row else { return Err(AppError::NotFound) };
    let s = Swp::from_row(&row)?;
    if s.status != SwpStatus::Deployed || !can_see(&state.zones, &user, &s) {
        return Err(AppError::NotFound);
    }
    let described = files::described(row.try_get::<Option<String>, _>("files")?.as_deref())?;
    let mut wanted: Vec<(String, Option<String>, String)> = [
        ("swc", Some(&s.swc_file)),
        ("jes", Some(&s.jes_file)),
        ("vis", Some(&s.vis_file)),
        ("video", s.video_file.as_ref()),
    ]
    .into_iter()
    .filter_map(|(section, f)| f.map(|f| (section.to_string(), None, f.clone())))
    .collect();
    let ids = [s.id.clone()];
    let mut conn = state.db.reader().await?;
    let translations =
        plantdoc_core::review::translations::served_of_docs(&mut conn, crate::KIND, &ids).await?;
    drop(conn);
    wanted.extend(
        translations.iter().map(|t| (t.section.clone(), Some(t.lang.clone()), t.file_id.clone())),
    );
    let mut all_ids: Vec<String> = wanted.iter().map(|w| w.2.clone()).collect();
    all_ids.sort();
    all_ids.dedup();
    let shas = files::sha256s(&state.db, &all_ids).await?;
    let mut found = described;
    let missing: Vec<String> =
        all_ids.iter().filter(|id| !found.contains_key(*id)).cloned().collect();
    found.extend(files::describe(&state, &missing).await?);
    let tmp = tempfile::tempdir().map_err(anyhow::Error::from)?;
    let stem = s.part_number.replace(|c: char| !c.is_ascii_alphanumeric() && c != '-', "_");
    let mut locals = Vec::new();
    for (section, lang, id) in wanted {
        let Some((key, ct)) = found.get(&id) else { continue };
        let (path, remove) = local(&state, &user, &s, key, ct, tmp.path()).await?;
        let lang_part = lang.as_ref().map(|l| format!("-{l}")).unwrap_or_default();
        let name = format!("{stem}-{}{lang_part}.{}", section.to_uppercase(), files::extension(ct));
        let source_sha256 = shas.get(&id).cloned().unwrap_or_default();
        let entry = Entry { name, section, lang, sha256: String::new(), bytes: 0, source_sha256 };
        locals.push(Local { entry, path, remove });
    }
    let head = json!({"partNumber": s.part_number, "swpId": s.id, "revision": s.revision,
        "deployDate": s.deploy_date.map(iso), "contentHash": s.content_hash});
    let built = tokio::task::spawn_blocking(move || build(locals, head))
        .await
        .map_err(|e| AppError::Internal(e.into()))??;
    drop(tmp);
    let (zip, size, entries) = built;
    let entry = AuditEntry::new(
        "swp.package",
        format!("swp:{}", s.id),
        "package kept: the deployed revision's documents as controlled copies in one file",
    )
    .by(Some(&user.id), &user.full_name())
    .after(json!({"partNumber": s.part_number, "revision": s.revision, "files": entries}));
    audit::record(&state.db, state.now_ms(), &entry).await?;
    let file = tokio::fs::File::from_std(zip);
    let body = Body::from_stream(tokio_util::io::ReaderStream::new(file));
    let disposition =
        format!("attachment; filename=\"{stem}-rev{}.zip\"", s.revision.unwrap_or_default());
    Ok((
        [
            (header::CONTENT_TYPE, "application/zip".to_string()),
            (header::CONTENT_DISPOSITION, disposition),
            (header::CONTENT_LENGTH, size.to_string()),
        ],
        body,
    )
        .into_response())
}

/// Writes the zip (each file in chunks, hashed on the way) and its manifest into an
/// anonymous temporary file; answers it at its start, its size and the manifest's files.
fn build(
    locals: Vec<Local>,
    mut head: serde_json::Value,
) -> anyhow::Result<(std::fs::File, u64, Vec<Entry>)> {
    let mut zip = zip::ZipWriter::new(tempfile::tempfile()?);
    let mut entries = Vec::with_capacity(locals.len());
    let mut buf = vec![0u8; 256 * 1024];
    for l in locals {
        let mut from = std::fs::File::open(&l.path)?;
        let large = from.metadata()?.len() >= u64::from(u32::MAX);
        let opts = zip::write::SimpleFileOptions::default()
            .compression_method(zip::CompressionMethod::Stored)
            .large_file(large);
        zip.start_file(l.entry.name.as_str(), opts)?;
        let (mut hasher, mut bytes) = (Sha256::new(), 0u64);
        loop {
            let n = from.read(&mut buf)?;
            if n == 0 {
                break;
            }
            hasher.update(&buf[..n]);
            zip.write_all(&buf[..n])?;
            bytes += n as u64;
        }
        drop(from);
        if l.remove {
            let _ = std::fs::remove_file(&l.path);
        }
        entries.push(Entry { sha256: hex::encode(hasher.finalize()), bytes, ..l.entry });
    }
    head["files"] = serde_json::to_value(&entries)?;
    let opts =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Stored);
    zip.start_file("manifest.json", opts)?;
    zip.write_all(serde_json::to_string_pretty(&head)?.as_bytes())?;
    let mut file = zip.finish()?;
    let size = file.seek(std::io::SeekFrom::End(0))?;
    file.rewind()?;
    Ok((file, size, entries))
}
