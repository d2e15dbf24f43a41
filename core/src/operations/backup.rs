//! `plantdoc backup DIR` and `plantdoc restore DIR`. A backup is a consistent database
//! copy (SQLite `VACUUM INTO` while the server runs, or `pg_dump` in an exported
//! snapshot), the blobs its `files` rows name, and `manifest.json` with the SHA-256 of
//! every file. Restore checks every hash before it writes anything, refuses a target that
//! already holds data, stores the blobs first and the database last (a row never names
//! a missing blob).
use std::path::{Path, PathBuf};
use std::process::Command;

use serde::{Deserialize, Serialize};
use sqlx::Connection;
use tokio::io::AsyncWriteExt;

use crate::data::db::{Db, Dialect};
use crate::documents::storage::check::{file_rows, FileRow};
use crate::documents::storage::{hash_copy, Storage};

pub const MANIFEST: &str = "manifest.json";

#[derive(Debug, Serialize, Deserialize)]
pub struct Manifest {
    pub format: u32,
    pub created_at: String,
    /// "sqlite" or "postgres": a backup restores into the same kind of database.
    pub dialect: String,
    pub database: Entry,
    pub blobs: Vec<BlobEntry>,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct Entry {
    pub path: String,
    pub size: u64,
    pub sha256: String,
}

#[derive(Debug, Serialize, Deserialize)]
pub struct BlobEntry {
    pub key: String,
    pub size: u64,
    pub sha256: String,
    pub content_type: String,
}

fn dialect_name(d: Dialect) -> &'static str {
    match d {
        Dialect::Sqlite => "sqlite",
        Dialect::Postgres => "postgres",
    }
}

/// Makes a backup in `dir` (which must be missing or empty). Returns the manifest.
pub async fn backup(
    db: &Db,
    db_url: &str,
    storage: &Storage,
    dir: &Path,
) -> anyhow::Result<Manifest> {
    if dir.exists() && std::fs::read_dir(dir)?.next().is_some() {
        anyhow::bail!("{} is not empty: a backup goes into a new or empty folder", dir.display());
    }
    std::fs::create_dir_all(dir.join("blobs"))?;
    let (db_file, rows) = match db.dialect {
        Dialect::Sqlite => {
            let file = dir.join("database.sqlite");
            let abs = std::path::absolute(&file)?;
            sqlx::query("VACUUM INTO $1").bind(abs.display().to_string()).execute(&db.pool).await?;
            // The rows of the copy itself: exactly the blobs this database names.
            let mut c =
                sqlx::AnyConnection::connect(&format!("sqlite://{}?mode=ro", abs.display()))
                    .await?;
            let rows = file_rows(&mut c).await?;
            c.close().await?;
            (file, rows)
        }
        Dialect::Postgres => {
            let file = dir.join("database.pgdump");
            let mut c = db.pool.acquire().await?;
            sqlx::raw_sql("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY")
                .execute(&mut *c)
                .await?;
            let (snap,): (String,) =
                sqlx::query_as("SELECT pg_export_snapshot()").fetch_one(&mut *c).await?;
            let rows = file_rows(&mut *c).await?;
            let (url, pw) = libpq_url(db_url)?;
            let mut cmd = Command::new("pg_dump");
            cmd.args([
                "--format=custom",
                "--no-owner",
                "--no-privileges",
                &format!("--snapshot={snap}"),
                "--file",
            ])
            .arg(&file)
            .arg(format!("--dbname={url}"));
            if let Some(pw) = pw {
                cmd.env("PGPASSWORD", pw);
            }
            let out = tokio::task::spawn_blocking(move || cmd.output())
                .await?
                .map_err(|e| anyhow::anyhow!("cannot run pg_dump: {e}"))?;
            sqlx::raw_sql("COMMIT").execute(&mut *c).await?;
            if !out.status.success() {
                anyhow::bail!("pg_dump failed: {}", String::from_utf8_lossy(&out.stderr).trim());
            }
            (file, rows)
        }
    };
    let (size, sha256) = hash_file(&db_file).await?;
    let database =
        Entry { path: db_file.file_name().unwrap().to_string_lossy().into(), size, sha256 };
    let mut blobs = Vec::with_capacity(rows.len());
    for r in rows {
        blobs.push(copy_blob(storage, &r, &dir.join("blobs").join(&r.key)).await?);
    }
    let m = Manifest {
        format: 1,
        created_at: chrono::Utc::now().to_rfc3339(),
        dialect: dialect_name(db.dialect).into(),
        database,
        blobs,
    };
    let mut f = tokio::fs::File::create(dir.join(MANIFEST)).await?;
    f.write_all(&serde_json::to_vec_pretty(&m)?).await?;
    f.sync_all().await?;
    Ok(m)
}

/// Streams one blob into the backup, checking it against its row.
async fn copy_blob(storage: &Storage, r: &FileRow, to: &Path) -> anyhow::Result<BlobEntry> {
    tokio::fs::create_dir_all(to.parent().unwrap()).await?;
    let mut src = storage
        .open(&r.key)
        .await
        .map_err(|e| anyhow::anyhow!("blob {} named by a files row cannot be read: {e}", r.key))?;
    let mut out = tokio::fs::File::create(to).await?;
    let (size, sha256) = hash_copy(&mut src, Some(&mut out)).await?;
    out.sync_all().await?;
    if sha256 != r.sha256 || size as i64 != r.size {
        anyhow::bail!("blob {} does not match its files row (run `plantdoc storage check`)", r.key);
    }
    Ok(BlobEntry { key: r.key.clone(), size, sha256, content_type: r.content_type.clone() })
}

async fn hash_file(p: &Path) -> anyhow::Result<(u64, String)> {
    let mut f = tokio::fs::File::open(p).await?;
    Ok(hash_copy(&mut f, None::<&mut tokio::io::Sink>).await?)
}

/// The URL for libpq without its password (given back apart, for PGPASSWORD).
fn libpq_url(url: &str) -> anyhow::Result<(String, Option<String>)> {
    let mut u = url::Url::parse(url)?;
    let pw = u.password().map(urldecode);
    let _ = u.set_password(None);
    Ok((u.to_string(), pw))
}

fn urldecode(s: &str) -> String {
    url::form_urlencoded::parse(format!("x={s}").as_bytes())
        .next()
        .map(|(_, v)| v.into_owned())
        .unwrap_or_default()
}

/// Reads the manifest and checks every file it lists; the first mismatch is an error.
pub async fn verify(dir: &Path) -> anyhow::Result<Manifest> {
    let raw = std::fs::read(dir.join(MANIFEST))
        .map_err(|e| anyhow::anyhow!("{}: {e}", dir.join(MANIFEST).display()))?;
    let m: Manifest = serde_json::from_slice(&raw)
        .map_err(|e| anyhow::anyhow!("manifest.json is not a Plantdoc backup manifest: {e}"))?;
    if m.format != 1 {
        anyhow::bail!("manifest format {} is not supported", m.format);
    }
    let mut files: Vec<(PathBuf, u64, &str)> =
        vec![(dir.join(safe_name(&m.database.path)?), m.database.size, &m.database.sha256)];
    for b in &m.blobs {
        if !crate::documents::storage::valid_key(&b.key) {
            anyhow::bail!("manifest mismatch: invalid blob key {:?}", b.key);
        }
        files.push((dir.join("blobs").join(&b.key), b.size, &b.sha256));
    }
    for (path, size, sha) in files {
        let got = hash_file(&path)
            .await
            .map_err(|e| anyhow::anyhow!("manifest mismatch: {}: {e}", path.display()))?;
        if got != (size, sha.to_string()) {
            anyhow::bail!(
                "manifest mismatch: {} does not have the SHA-256 and size the manifest records",
                path.display()
            );
        }
    }
    Ok(m)
}

fn safe_name(n: &str) -> anyhow::Result<&str> {
    if n.is_empty() || n.contains(['/', '\\']) || n.starts_with('.') {
        anyhow::bail!("manifest mismatch: bad database file name {n:?}");
    }
    Ok(n)
}

/// Restores the backup in `dir` into the configured (empty) database and storage.
pub async fn restore(db_url: &str, storage: &Storage, dir: &Path) -> anyhow::Result<Manifest> {
    let m = verify(dir).await?;
    sqlx::any::install_default_drivers();
    let dialect = if db_url.starts_with("sqlite:") { Dialect::Sqlite } else { Dialect::Postgres };
    if m.dialect != dialect_name(dialect) {
        anyhow::bail!(
            "the backup is of a {} database; the configured database is {}",
            m.dialect,
            dialect_name(dialect)
        );
    }
    let sqlite_target = crate::data::db::sqlite_file(db_url);
    match dialect {
        Dialect::Sqlite => {
            let Some(target) = &sqlite_target else {
                anyhow::bail!("database.url names no SQLite file")
            };
            if target.metadata().map(|md| md.len() > 0).unwrap_or(false) {
                anyhow::bail!(
                    "{} already exists: restore goes into a new, empty database",
                    target.display()
                );
            }
        }
        Dialect::Postgres => {
            let mut c = sqlx::AnyConnection::connect(db_url).await?;
            let (n,): (i64,) = sqlx::query_as(
                "SELECT COUNT(*) FROM information_schema.tables WHERE table_schema = 'public'",
            )
            .fetch_one(&mut c)
            .await?;
            c.close().await?;
            if n > 0 {
                anyhow::bail!("the configured PostgreSQL database has tables: restore goes into a new, empty database");
            }
        }
    }
    if !storage.list().await?.is_empty() {
        anyhow::bail!(
            "the configured storage already holds blobs: restore goes into empty storage"
        );
    }
    for b in &m.blobs {
        storage.put_at_key(&b.key, &dir.join("blobs").join(&b.key), &b.content_type).await?;
    }
    let src = dir.join(&m.database.path);
    match (dialect, sqlite_target) {
        (Dialect::Sqlite, Some(target)) => {
            if let Some(parent) = target.parent().filter(|p| !p.as_os_str().is_empty()) {
                std::fs::create_dir_all(parent)?;
            }
            let part = target.with_extension("restoring");
            std::fs::copy(&src, &part)?;
            std::fs::File::open(&part)?.sync_all()?;
            std::fs::rename(&part, &target)?;
        }
        _ => {
            let (url, pw) = libpq_url(db_url)?;
            let mut cmd = Command::new("pg_restore");
            cmd.args(["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"])
                .arg(format!("--dbname={url}"))
                .arg(&src);
            if let Some(pw) = pw {
                cmd.env("PGPASSWORD", pw);
            }
            let out = tokio::task::spawn_blocking(move || cmd.output())
                .await?
                .map_err(|e| anyhow::anyhow!("cannot run pg_restore: {e}"))?;
            if !out.status.success() {
                anyhow::bail!("pg_restore failed: {}", String::from_utf8_lossy(&out.stderr).trim());
            }
        }
    }
    Ok(m)
}
