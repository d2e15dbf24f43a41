//! `plantdoc storage check`: every `files` row has its blob with the recorded SHA-256,
//! every blob has its row. With `fix`, orphan blobs (and stale temporary upload files)
//! older than a minimum age are removed; a blob that a row names is never touched.
use std::path::Path;
use std::time::{Duration, SystemTime};

use sqlx::Row;

use super::Storage;
use crate::data::db::Db;

/// What the check found.
#[derive(Debug, Default, Clone, PartialEq, Eq)]
pub struct CheckReport {
    pub rows: u64,
    pub blobs: u64,
    pub ok: u64,
    /// Rows whose blob is missing.
    pub missing: Vec<String>,
    /// Rows whose blob's SHA-256 (or size) differs from the row.
    pub corrupt: Vec<String>,
    /// Blobs no row names.
    pub orphans: Vec<String>,
    /// Orphans removed by `fix`.
    pub removed: u64,
    /// Orphans kept because they were younger than the minimum age (an upload in flight).
    pub young: u64,
    /// Temporary upload files left by an interrupted upload, and how many were removed.
    pub temp_files: u64,
    pub temp_removed: u64,
    /// Temporary files younger than the minimum age (5 min without `fix`): an upload
    /// writing right now, on this instance or another one sharing the spool folder.
    pub temp_in_flight: u64,
}

impl CheckReport {
    /// True when every row has its intact blob and no orphan remains.
    pub fn clean(&self) -> bool {
        self.missing.is_empty()
            && self.corrupt.is_empty()
            && self.orphans.len() as u64 == self.removed
            && self.temp_files == self.temp_removed + self.temp_in_flight
    }
}

/// What one sweep removed and left.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SweepReport {
    pub removed: u64,
    /// Orphans kept as younger than the minimum age.
    pub young: u64,
    pub temp_removed: u64,
    pub temp_young: u64,
}

/// A `files` row as the check sees it.
pub struct FileRow {
    pub key: String,
    pub size: i64,
    pub sha256: String,
    pub content_type: String,
}

pub async fn file_rows<'c, E>(db: E) -> Result<Vec<FileRow>, sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let rows = sqlx::query(
        "SELECT storage_key, size, sha256, content_type FROM files ORDER BY storage_key",
    )
    .fetch_all(db)
    .await?;
    Ok(rows
        .iter()
        .map(|r| FileRow {
            key: r.get(0),
            size: r.get(1),
            sha256: r.get(2),
            content_type: r.get(3),
        })
        .collect())
}

impl Storage {
    /// Runs the check; `fix` = Some(minimum age) removes orphans at least that old.
    pub async fn check(&self, db: &Db, fix: Option<Duration>) -> anyhow::Result<CheckReport> {
        // Blobs first, rows second: a blob stored after the listing is not seen at all,
        // and one whose row commits after the row query is young (kept by the age rule).
        let blobs = self.backend.list().await?;
        let rows = file_rows(&db.pool).await?;
        let mut rep = CheckReport {
            rows: rows.len() as u64,
            blobs: blobs.len() as u64,
            ..Default::default()
        };
        let listed: std::collections::HashSet<&str> = blobs.iter().map(String::as_str).collect();
        let named: std::collections::HashSet<&str> = rows.iter().map(|r| r.key.as_str()).collect();
        for r in &rows {
            if !listed.contains(r.key.as_str()) && !self.backend.exists(&r.key).await? {
                rep.missing.push(r.key.clone());
                continue;
            }
            match self.checksum_and_size(&r.key).await {
                Ok((sha, size)) if sha == r.sha256 && size as i64 == r.size => rep.ok += 1,
                Ok(_) => rep.corrupt.push(r.key.clone()),
                Err(_) => rep.missing.push(r.key.clone()),
            }
        }
        rep.orphans = blobs.iter().filter(|k| !named.contains(k.as_str())).cloned().collect();
        if let Some(min_age) = fix {
            (rep.removed, rep.young) = self.remove_orphans(db, &rep.orphans, min_age).await?;
        }
        (rep.temp_files, rep.temp_removed, rep.temp_in_flight) = sweep_temp(&self.tmp_dir, fix)?;
        Ok(rep)
    }

    /// The unattended sweep (at start and every `storage.sweep_secs`): orphan blobs and
    /// stale temporary upload files older than `min_age` go, by the same rules as
    /// `check --fix` (a blob a row names is never touched, each candidate's row is looked
    /// up again right before it goes), without re-reading every blob's bytes.
    pub async fn sweep_orphans(&self, db: &Db, min_age: Duration) -> anyhow::Result<SweepReport> {
        let blobs = self.backend.list().await?;
        let named: std::collections::HashSet<String> =
            sqlx::query_scalar::<_, String>("SELECT storage_key FROM files")
                .fetch_all(&db.pool)
                .await?
                .into_iter()
                .collect();
        let orphans: Vec<String> = blobs.into_iter().filter(|k| !named.contains(k)).collect();
        let (removed, young) = self.remove_orphans(db, &orphans, min_age).await?;
        let (_, temp_removed, temp_young) = sweep_temp(&self.tmp_dir, Some(min_age))?;
        Ok(SweepReport { removed, young, temp_removed, temp_young })
    }

    /// Removes the orphans at least `min_age` old whose key no row names (looked up again
    /// now: a row may have been committed since the listing). Answers (removed, kept).
    async fn remove_orphans(
        &self,
        db: &Db,
        orphans: &[String],
        min_age: Duration,
    ) -> anyhow::Result<(u64, u64)> {
        let (mut removed, mut kept) = (0, 0);
        for key in orphans {
            let young = match self.backend.modified(key).await? {
                Some(t) => SystemTime::now().duration_since(t).unwrap_or_default() < min_age,
                None => false,
            };
            let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM files WHERE storage_key = $1")
                .bind(key)
                .fetch_one(&db.pool)
                .await?;
            if young || n > 0 {
                kept += 1;
                continue;
            }
            self.backend.delete(key).await?;
            removed += 1;
        }
        Ok((removed, kept))
    }

    async fn checksum_and_size(&self, key: &str) -> anyhow::Result<(String, u64)> {
        let mut r = self.backend.open(key).await?;
        let (size, sha) = super::hash_copy(&mut r, None::<&mut tokio::io::Sink>).await?;
        Ok((sha, size))
    }

    /// Stores the file at `path` under an existing `key` (restore). The file is copied
    /// into the spool folder first, so `path` itself is left as it is.
    pub async fn put_at_key(
        &self,
        key: &str,
        path: &Path,
        content_type: &str,
    ) -> anyhow::Result<()> {
        if !super::fs::valid_key(key) {
            anyhow::bail!("invalid storage key {key:?}");
        }
        let tmp =
            tempfile::Builder::new().prefix("up-").tempfile_in(&self.tmp_dir)?.into_temp_path();
        tokio::fs::copy(path, &tmp).await?;
        tokio::fs::File::open(&tmp).await?.sync_all().await?;
        self.backend.put_file(key, &tmp, content_type).await?;
        let _ = tmp.close();
        Ok(())
    }
}

/// The age under which a temporary file is taken for an upload in flight when no minimum
/// age is given.
const IN_FLIGHT: Duration = Duration::from_secs(300);

/// Temporary upload files (`up-*`) in the spool folder: (found, removed, in flight). With
/// `fix`, removes those older than the minimum age (an upload writing one right now is
/// younger); younger ones are in flight and not a fault.
fn sweep_temp(dir: &Path, fix: Option<Duration>) -> anyhow::Result<(u64, u64, u64)> {
    let (mut found, mut removed, mut in_flight) = (0, 0, 0);
    let Ok(entries) = std::fs::read_dir(dir) else { return Ok((0, 0, 0)) };
    for e in entries.flatten() {
        if !e.file_name().to_string_lossy().starts_with("up-") {
            continue;
        }
        found += 1;
        let age = e
            .metadata()
            .and_then(|m| m.modified())
            .ok()
            .and_then(|t| SystemTime::now().duration_since(t).ok())
            .unwrap_or_default();
        if age < fix.unwrap_or(IN_FLIGHT) {
            in_flight += 1;
        } else if fix.is_some() && std::fs::remove_file(e.path()).is_ok() {
            removed += 1;
        }
    }
    Ok((found, removed, in_flight))
}
