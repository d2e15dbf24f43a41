//! Stamped copies, made once and kept (docs/speed.md, "Controlled copies"): a copy is a
//! file in this instance's own folder of the spool (`stamped-<id>`), named by the hash
//! of what it is made of (the blob, the stamp's line, the QR code's address), so the
//! viewer's range requests and a second opening read the same bytes without stamping
//! again. At most [`KEPT_BYTES`] are kept; past that the least recently used go. A copy
//! larger than [`KEPT_ONE`] is made for its request only (and served without ranges).
//! Stamping runs in a PDF worker process (`pdf::worker::run_stamp`: its memory limit, the
//! checks' budget of two workers; the server never parses the file), at most
//! [`STAMPING`] at once; a request waits at most [`WAIT`] for its turn (then 503). Folders of instances gone a day are removed at
//! start.
use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::Mutex;
use std::time::Duration;

use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;

use super::Storage;
use crate::documents::pdf::stamp::Stamp;
use crate::documents::pdf::{worker, PdfError};

/// Bytes of stamped copies kept on disk by one instance.
pub const KEPT_BYTES: u64 = 512 * 1024 * 1024;
/// The largest copy kept (the largest section, 100 MB, stamped).
pub const KEPT_ONE: u64 = KEPT_BYTES / 4;
/// Stamps asked of the workers at once.
pub const STAMPING: usize = 2;
/// Longest wait for a turn to stamp.
const WAIT: Duration = Duration::from_secs(30);
const STRIPES: usize = 16;

/// Why no copy was made.
#[derive(Debug)]
pub enum CopyError {
    /// The link names no stored file.
    Missing,
    /// The PDF cannot be stamped: why (logged, never sent).
    Refused(String),
    /// Every stamping turn stayed taken.
    Busy,
    Server(anyhow::Error),
}

/// A stamped copy on disk.
pub struct CopyFile {
    pub path: PathBuf,
    /// Kept for the next request; otherwise remove it once it is open.
    pub kept: bool,
    name: String,
}

struct Entry {
    size: u64,
    used: u64,
}

#[derive(Default)]
struct Held {
    entries: HashMap<String, Entry>,
    bytes: u64,
    tick: u64,
}

pub struct Stamped {
    dir: PathBuf,
    held: Mutex<Held>,
    /// Makers of the same copy wait for each other (by name, this many stripes).
    building: [tokio::sync::Mutex<()>; STRIPES],
    turns: Semaphore,
}

impl Stamped {
    pub fn new(spool: &Path) -> Self {
        sweep_old(spool);
        Self {
            dir: spool.join(format!("stamped-{}", uuid::Uuid::new_v4().simple())),
            held: Mutex::new(Held::default()),
            building: std::array::from_fn(|_| tokio::sync::Mutex::new(())),
            turns: Semaphore::new(STAMPING),
        }
    }

    fn recall(&self, name: &str) -> Option<CopyFile> {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        held.tick += 1;
        let tick = held.tick;
        let e = held.entries.get_mut(name)?;
        e.used = tick;
        Some(CopyFile { path: self.dir.join(name), kept: true, name: name.to_string() })
    }

    /// Forgets a kept copy whose file went missing (it is made again).
    pub fn forget(&self, copy: &CopyFile) {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(e) = held.entries.remove(&copy.name) {
            held.bytes -= e.size;
        }
    }

    /// Keeps `name` (already written), making room by removing the least recently used.
    fn keep(&self, name: &str, size: u64) {
        let mut held = self.held.lock().unwrap_or_else(|p| p.into_inner());
        while held.bytes + size > KEPT_BYTES {
            let Some(old) = held.entries.iter().min_by_key(|(_, e)| e.used).map(|(k, _)| k.clone())
            else {
                break;
            };
            if let Some(e) = held.entries.remove(&old) {
                held.bytes -= e.size;
                let _ = std::fs::remove_file(self.dir.join(&old));
            }
        }
        held.tick += 1;
        let used = held.tick;
        held.bytes += size;
        held.entries.insert(name.to_string(), Entry { size, used });
    }

    /// The stamped copy of the blob `key`, kept or made now.
    pub async fn get(
        &self,
        storage: &Storage,
        key: &str,
        stamp: &Stamp<'_>,
    ) -> Result<CopyFile, CopyError> {
        let name = copy_name(key, stamp);
        if let Some(c) = self.recall(&name) {
            return Ok(c);
        }
        let stripe = usize::from_str_radix(&name[..4], 16).unwrap_or(0) % STRIPES;
        let _building = self.building[stripe].lock().await;
        if let Some(c) = self.recall(&name) {
            return Ok(c);
        }
        match storage.exists(key).await {
            Ok(true) => {}
            Ok(false) => return Err(CopyError::Missing),
            Err(e) => return Err(CopyError::Server(e)),
        }
        let _turn = tokio::time::timeout(WAIT, self.turns.acquire())
            .await
            .map_err(|_| CopyError::Busy)?
            .map_err(|_| CopyError::Busy)?;
        let (made, size) = worker::run_stamp(storage, key, stamp).await.map_err(|e| match e {
            PdfError::Refused(why) => CopyError::Refused(why),
            PdfError::Server(e) => CopyError::Server(e),
        })?;
        let kept = size <= KEPT_ONE;
        let file =
            if kept { name.clone() } else { format!("{name}-{}", uuid::Uuid::new_v4().simple()) };
        let path = self.dir.join(&file);
        move_new(&self.dir, &path, made).await.map_err(|e| CopyError::Server(e.into()))?;
        if kept {
            self.keep(&name, size);
        }
        Ok(CopyFile { path, kept, name })
    }
}

/// The copy's file name: what it is made of, hashed.
fn copy_name(key: &str, stamp: &Stamp) -> String {
    let mut h = Sha256::new();
    for part in ["stamp-1", key, stamp.line, stamp.qr, if stamp.warning { "w" } else { "" }] {
        h.update(part.as_bytes());
        h.update([0]);
    }
    hex::encode(h.finalize())
}

/// Brings the worker's whole file under a temporary name in `dir` (a copy when the
/// temporary folder is another file system), then renames it: a reader never sees half
/// of it.
async fn move_new(dir: &Path, path: &Path, made: tempfile::TempPath) -> std::io::Result<()> {
    tokio::fs::create_dir_all(dir).await?;
    let tmp = dir.join(format!(".{}", uuid::Uuid::new_v4().simple()));
    if tokio::fs::rename(&made, &tmp).await.is_err() {
        tokio::fs::copy(&made, &tmp).await?;
    }
    drop(made);
    tokio::fs::rename(&tmp, path).await
}

/// Removes the copies of instances that stopped a day ago or more (their folder has not
/// changed since).
fn sweep_old(spool: &Path) {
    let Ok(dirs) = std::fs::read_dir(spool) else { return };
    for d in dirs.flatten() {
        let stale = d
            .metadata()
            .ok()
            .and_then(|m| m.modified().ok())
            .and_then(|t| t.elapsed().ok())
            .is_some_and(|age| age.as_secs() > 86_400);
        if stale && d.file_name().to_string_lossy().starts_with("stamped-") {
            let _ = std::fs::remove_dir_all(d.path());
        }
    }
}

impl Drop for Stamped {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
