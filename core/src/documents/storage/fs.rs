//! The local-folder backend.
use std::path::{Path, PathBuf};

use async_trait::async_trait;

use super::{link_signature, BlobReader, BlobStore};

pub struct FsStore {
    root: PathBuf,
    secret: Vec<u8>,
}

impl FsStore {
    pub fn new(root: PathBuf, secret: Vec<u8>) -> Self {
        Self { root, secret }
    }

    fn path(&self, key: &str) -> anyhow::Result<PathBuf> {
        if !valid_key(key) {
            anyhow::bail!("invalid storage key");
        }
        Ok(self.root.join(key))
    }
}

/// Keys are `prefix/hex`: nothing that can climb out of the folder.
pub fn valid_key(key: &str) -> bool {
    let mut parts = key.split('/');
    let ok_part =
        |p: &str| !p.is_empty() && p.chars().all(|c| c.is_ascii_alphanumeric() || c == '-');
    matches!((parts.next(), parts.next(), parts.next()), (Some(a), Some(b), None) if ok_part(a) && ok_part(b))
}

pub(crate) fn blob_path(root: &Path, key: &str) -> Option<PathBuf> {
    valid_key(key).then(|| root.join(key))
}

#[async_trait]
impl BlobStore for FsStore {
    async fn put_file(&self, key: &str, tmp: &Path, _content_type: &str) -> anyhow::Result<()> {
        let dest = self.path(key)?;
        let dir = dest.parent().expect("key has a folder").to_path_buf();
        tokio::fs::create_dir_all(&dir).await?;
        tokio::fs::rename(tmp, &dest).await?;
        // The rename is durable only once the folder itself is synced.
        tokio::task::spawn_blocking(move || std::fs::File::open(&dir).and_then(|d| d.sync_all()))
            .await??;
        Ok(())
    }

    async fn open(&self, key: &str) -> anyhow::Result<BlobReader> {
        Ok(Box::pin(tokio::fs::File::open(self.path(key)?).await?))
    }

    async fn delete(&self, key: &str) -> anyhow::Result<()> {
        match tokio::fs::remove_file(self.path(key)?).await {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(()),
            Err(e) => Err(e.into()),
        }
    }

    async fn exists(&self, key: &str) -> anyhow::Result<bool> {
        Ok(tokio::fs::try_exists(self.path(key)?).await?)
    }

    async fn list(&self) -> anyhow::Result<Vec<String>> {
        let mut out = Vec::new();
        let mut top = tokio::fs::read_dir(&self.root).await?;
        while let Some(d) = top.next_entry().await? {
            let prefix = d.file_name().to_string_lossy().to_string();
            if prefix.starts_with('.') || !d.file_type().await?.is_dir() {
                continue;
            }
            let mut inner = tokio::fs::read_dir(d.path()).await?;
            while let Some(f) = inner.next_entry().await? {
                out.push(format!("{prefix}/{}", f.file_name().to_string_lossy()));
            }
        }
        out.sort();
        Ok(out)
    }

    async fn modified(&self, key: &str) -> anyhow::Result<Option<std::time::SystemTime>> {
        Ok(tokio::fs::metadata(self.path(key)?).await.ok().and_then(|m| m.modified().ok()))
    }

    async fn link(
        &self,
        key: &str,
        name: &str,
        content_type: &str,
        ttl_secs: u64,
        now_ms: i64,
    ) -> anyhow::Result<String> {
        let exp = now_ms / 1000 + ttl_secs as i64;
        let sig = link_signature(&self.secret, key, exp, name, content_type, None);
        Ok(folder_link(key, exp, name, content_type, None, &sig))
    }
}

/// A `/files/` link (a controlled copy's carries its facts, `cc`).
pub(crate) fn folder_link(
    key: &str,
    exp: i64,
    name: &str,
    content_type: &str,
    cc: Option<&str>,
    sig: &str,
) -> String {
    // Written once into a string of the link's size (the kiosk signs four per part).
    let mut link = String::with_capacity(
        key.len() + 3 * name.len() + content_type.len() + cc.map_or(0, str::len) + 128,
    );
    link.push_str("/files/");
    link.push_str(key);
    link.push('?');
    let start = link.len();
    let mut q = url::form_urlencoded::Serializer::for_suffix(link, start);
    q.append_pair("exp", &exp.to_string())
        .append_pair("name", name)
        .append_pair("ct", content_type);
    if let Some(cc) = cc {
        q.append_pair("cc", cc);
    }
    q.append_pair("sig", sig).finish()
}
