//! Blob storage: one interface, two backends (local folder, S3). Uploads stream into a
//! temporary file while their SHA-256 is computed (never a whole file in memory), are
//! fsynced, then handed to the backend; only then may the caller commit a row naming
//! the blob. Links are short-lived: HMAC-signed `/files/...` for the folder, presigned
//! URLs for S3.
pub mod check;
pub mod copies;
pub(crate) mod fs;
mod names;
mod s3;
mod s3_http;
pub mod stamped;

pub use names::{disposition, safe_filename};
pub(crate) use names::{link_signature, mac};

pub use fs::valid_key;

use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;

use async_trait::async_trait;
use bytes::Bytes;
use futures::{Stream, StreamExt};
use sha2::{Digest, Sha256};
use tokio::io::{AsyncRead, AsyncWriteExt};

use crate::base::config::{StorageBackend, StorageSettings};

pub type BlobReader = Pin<Box<dyn AsyncRead + Send>>;

/// A backend. Keys are server-made (`prefix/uuid`), never user text.
#[async_trait]
pub trait BlobStore: Send + Sync {
    /// Moves a finished, fsynced temporary file into the store under `key`.
    async fn put_file(&self, key: &str, tmp: &Path, content_type: &str) -> anyhow::Result<()>;
    async fn open(&self, key: &str) -> anyhow::Result<BlobReader>;
    async fn delete(&self, key: &str) -> anyhow::Result<()>;
    async fn exists(&self, key: &str) -> anyhow::Result<bool>;
    /// Every key in the store (for the sweep that finds orphans).
    async fn list(&self) -> anyhow::Result<Vec<String>>;
    /// A link valid for `ttl_secs`.
    async fn link(
        &self,
        key: &str,
        name: &str,
        content_type: &str,
        ttl_secs: u64,
        now_ms: i64,
    ) -> anyhow::Result<String>;
    /// When the blob was stored, if the backend knows (the orphan sweep spares young ones).
    async fn modified(&self, _key: &str) -> anyhow::Result<Option<std::time::SystemTime>> {
        Ok(None)
    }
}

/// What a finished upload is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StoredBlob {
    pub key: String,
    pub size: u64,
    pub sha256: String,
}

#[derive(Debug, thiserror::Error)]
pub enum PutError {
    #[error("the file is larger than {limit} bytes")]
    TooLarge { limit: u64 },
    #[error("upload stream failed: {0}")]
    Stream(String),
    /// No space left (ENOSPC, a quota): the file was not stored; the server answers 507.
    #[error("the storage is full")]
    Full,
    /// The store cannot be reached now ([`Unreachable`]): nothing was stored; the server
    /// answers 503 with `Retry-After`.
    #[error("the document storage cannot be reached")]
    Unreachable,
    #[error(transparent)]
    Store(#[from] anyhow::Error),
}

/// A backend's error when the store cannot be reached now — the connection refused or
/// timed out, a gateway's 502 to 504 — rather than a fault of ours: told apart from
/// other errors (`anyhow` downcast) so that the client is asked to try again.
#[derive(Debug, thiserror::Error)]
#[error("the document storage cannot be reached: {0}")]
pub struct Unreachable(pub String);

#[derive(Clone)]
pub struct Storage {
    backend: Arc<dyn BlobStore>,
    tmp_dir: PathBuf,
    ttl_secs: u64,
    pub kind: StorageBackend,
    /// Signs controlled copies' links, which the server serves whatever the backend.
    secret: Arc<[u8]>,
    /// Stamped copies made (`None`: `[storage] stamp = false`).
    pub(crate) copies: Option<Arc<stamped::Stamped>>,
}

impl Storage {
    pub async fn new(s: &StorageSettings, secret: Vec<u8>) -> anyhow::Result<Self> {
        let (backend, tmp_dir): (Arc<dyn BlobStore>, PathBuf) = match s.backend {
            StorageBackend::Fs => {
                std::fs::create_dir_all(&s.dir)?;
                // Temp files on the same filesystem, so the final rename is atomic.
                let tmp = s.dir.join(".tmp");
                (Arc::new(fs::FsStore::new(s.dir.clone(), secret.clone())), tmp)
            }
            StorageBackend::S3 => {
                let tmp = std::env::temp_dir().join("plantdoc-spool");
                (Arc::new(s3::S3Store::new(&s.s3).await?), tmp)
            }
        };
        tokio::fs::create_dir_all(&tmp_dir).await?;
        let copies = s.stamp.then(|| Arc::new(stamped::Stamped::new(&tmp_dir)));
        Ok(Self {
            backend,
            tmp_dir,
            ttl_secs: s.link_ttl_secs,
            kind: s.backend,
            secret: secret.into(),
            copies,
        })
    }

    /// How long an answer carrying links may be sent again (app clock, ms): half their
    /// life, so every link sent still has at least half of it ahead.
    pub fn reuse_ms(&self) -> i64 {
        self.ttl_secs as i64 * 500
    }

    /// A new server-made key under a module prefix.
    pub fn new_key(prefix: &str) -> String {
        let clean: String =
            prefix.chars().filter(|c| c.is_ascii_alphanumeric() || *c == '-').collect();
        format!("{clean}/{}", uuid::Uuid::new_v4().simple())
    }

    /// Streams `body` into a temporary file (hashing as it goes, refusing past `limit`),
    /// fsyncs it, then stores it under a new key. Nothing is stored on any error.
    pub async fn put_stream<S, E>(
        &self,
        prefix: &str,
        body: S,
        limit: u64,
        content_type: &str,
    ) -> Result<StoredBlob, PutError>
    where
        S: Stream<Item = Result<Bytes, E>> + Send,
        E: std::fmt::Display,
    {
        let key = Self::new_key(prefix);
        let tmp =
            tempfile::Builder::new().prefix("up-").tempfile_in(&self.tmp_dir).map_err(io_err)?;
        let tmp_path = tmp.into_temp_path();
        let mut file = tokio::fs::File::create(&tmp_path).await.map_err(io_err)?;
        let mut hasher = Sha256::new();
        let mut size: u64 = 0;
        futures::pin_mut!(body);
        while let Some(chunk) = body.next().await {
            let chunk = chunk.map_err(|e| PutError::Stream(e.to_string()))?;
            size += chunk.len() as u64;
            if size > limit {
                return Err(PutError::TooLarge { limit });
            }
            hasher.update(&chunk);
            file.write_all(&chunk).await.map_err(io_err)?;
        }
        file.flush().await.map_err(io_err)?;
        file.sync_all().await.map_err(io_err)?;
        drop(file);
        self.backend.put_file(&key, &tmp_path, content_type).await.map_err(|e| match e.downcast_ref::<std::io::Error>() {
            Some(io) if is_full(io) => PutError::Full,
            _ if e.is::<Unreachable>() => {
                tracing::warn!(error = %format!("{e:#}"), "document storage unreachable: an upload was refused (503)");
                PutError::Unreachable
            }
            _ => PutError::Store(e),
        })?;
        // The fs backend renamed the file away; closing the TempPath then finds nothing.
        let _ = tmp_path.close();
        Ok(StoredBlob { key, size, sha256: hex::encode(hasher.finalize()) })
    }

    pub async fn put_bytes(
        &self,
        prefix: &str,
        bytes: Bytes,
        content_type: &str,
    ) -> Result<StoredBlob, PutError> {
        let limit = bytes.len() as u64;
        self.put_stream(
            prefix,
            futures::stream::iter([Ok::<_, std::io::Error>(bytes)]),
            limit,
            content_type,
        )
        .await
    }

    pub async fn open(&self, key: &str) -> anyhow::Result<BlobReader> {
        self.backend.open(key).await
    }

    /// Reads a whole blob, refusing one larger than `max` (for PDF merging).
    pub async fn read_all(&self, key: &str, max: u64) -> anyhow::Result<Vec<u8>> {
        use tokio::io::AsyncReadExt;
        let r = self.backend.open(key).await?;
        let mut out = Vec::new();
        r.take(max + 1).read_to_end(&mut out).await?;
        if out.len() as u64 > max {
            anyhow::bail!("blob {key} is larger than {max} bytes");
        }
        Ok(out)
    }

    pub async fn delete(&self, key: &str) -> anyhow::Result<()> {
        self.backend.delete(key).await
    }
    pub async fn exists(&self, key: &str) -> anyhow::Result<bool> {
        self.backend.exists(key).await
    }
    pub async fn list(&self) -> anyhow::Result<Vec<String>> {
        self.backend.list().await
    }

    /// A short-lived link for a blob the caller has already authorised.
    pub async fn link(
        &self,
        key: &str,
        name: &str,
        content_type: &str,
        now_ms: i64,
    ) -> anyhow::Result<String> {
        self.backend.link(key, name, content_type, self.ttl_secs, now_ms).await
    }

    /// SHA-256 of a stored blob, read back from the store.
    pub async fn checksum(&self, key: &str) -> anyhow::Result<String> {
        let mut r = self.backend.open(key).await?;
        Ok(hash_copy(&mut r, None::<&mut tokio::io::Sink>).await?.1)
    }
}

/// Whether a write failed for want of space: ENOSPC or a disk quota (EDQUOT).
pub fn is_full(e: &std::io::Error) -> bool {
    matches!(e.kind(), std::io::ErrorKind::StorageFull | std::io::ErrorKind::QuotaExceeded)
}

fn io_err(e: std::io::Error) -> PutError {
    if is_full(&e) {
        PutError::Full
    } else {
        PutError::Store(e.into())
    }
}

/// Reads `r` to its end in 256 KiB steps, hashing (and copying into `to`, if given);
/// answers the size and the hex SHA-256. Never holds more than one step in memory.
pub async fn hash_copy<R, W>(r: &mut R, mut to: Option<&mut W>) -> std::io::Result<(u64, String)>
where
    R: tokio::io::AsyncRead + Unpin + ?Sized,
    W: tokio::io::AsyncWrite + Unpin + ?Sized,
{
    use tokio::io::AsyncReadExt;
    let mut h = Sha256::new();
    let mut size = 0u64;
    let mut buf = vec![0u8; 256 * 1024];
    loop {
        let n = r.read(&mut buf).await?;
        if n == 0 {
            break;
        }
        h.update(&buf[..n]);
        if let Some(w) = to.as_mut() {
            w.write_all(&buf[..n]).await?;
        }
        size += n as u64;
    }
    Ok((size, hex::encode(h.finalize())))
}

/// A stored file's row (table `files`).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
pub struct FileRecord {
    pub id: String,
    pub key: String,
    pub filename: String,
    pub content_type: String,
    pub size: u64,
    pub sha256: String,
}

/// What a module says about a file it stores.
pub struct FileMeta<'a> {
    pub module: &'a str,
    pub owner_id: Option<&'a str>,
    pub filename: &'a str,
    pub content_type: &'a str,
    /// "pending" for an upload not yet part of a document; "attached" once it is.
    pub state: &'a str,
}

impl Storage {
    /// Stores a stream and records it: blob written and fsynced first, then the row
    /// committed, so a row never names a missing blob. If the row cannot be written the
    /// blob is removed again.
    pub async fn store_file<S, E>(
        &self,
        db: &crate::data::db::Db,
        now_ms: i64,
        meta: FileMeta<'_>,
        body: S,
        limit: u64,
    ) -> Result<FileRecord, PutError>
    where
        S: Stream<Item = Result<Bytes, E>> + Send,
        E: std::fmt::Display,
    {
        let blob = self.put_stream(meta.module, body, limit, meta.content_type).await?;
        let id = crate::data::db::new_id();
        let filename = safe_filename(meta.filename);
        let res = sqlx::query(
            "INSERT INTO files (id, storage_key, filename, content_type, size, sha256, owner_id, module, state, created_at)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&id)
        .bind(&blob.key)
        .bind(&filename)
        .bind(meta.content_type)
        .bind(blob.size as i64)
        .bind(&blob.sha256)
        .bind(meta.owner_id.map(str::to_string))
        .bind(meta.module)
        .bind(meta.state)
        .bind(now_ms)
        .execute(&db.pool)
        .await;
        if let Err(e) = res {
            let _ = self.delete(&blob.key).await;
            return Err(PutError::Store(e.into()));
        }
        Ok(FileRecord {
            id,
            key: blob.key,
            filename,
            content_type: meta.content_type.to_string(),
            size: blob.size,
            sha256: blob.sha256,
        })
    }
}
