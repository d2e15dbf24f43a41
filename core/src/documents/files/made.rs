//! Files the server makes itself (a merged PDF, the demo's documents), stored as pending
//! files of their owner like an upload.
use bytes::Bytes;

use super::Backing;
use super::FileState;
use crate::documents::storage::{FileMeta, FileRecord, PutError};

/// A file a module made itself (a merged PDF), stored as a pending file of `owner`.
pub async fn store_made(
    state: &dyn Backing,
    owner: &str,
    module: &str,
    name: &str,
    content_type: &str,
    bytes: Vec<u8>,
) -> Result<FileRecord, PutError> {
    let meta = FileMeta {
        module,
        owner_id: Some(owner),
        filename: name,
        content_type,
        state: FileState::Pending.as_str(),
    };
    let len = bytes.len() as u64;
    let stream = futures::stream::iter([Ok::<_, std::io::Error>(Bytes::from(bytes))]);
    state.storage().store_file(state.db(), state.now_ms(), meta, stream, len).await
}

/// A merged PDF ([`crate::documents::pdf::Merged`]) stored as a pending file of `owner`, streamed
/// from the worker's temporary file (the server never holds it whole).
pub async fn store_merged(
    state: &dyn Backing,
    owner: &str,
    module: &str,
    name: &str,
    merged: crate::documents::pdf::Merged,
) -> Result<FileRecord, PutError> {
    let meta = FileMeta {
        module,
        owner_id: Some(owner),
        filename: name,
        content_type: "application/pdf",
        state: FileState::Pending.as_str(),
    };
    match merged {
        crate::documents::pdf::Merged::File(path, len) => {
            let file = tokio::fs::File::open(&path).await.map_err(|e| PutError::Store(e.into()))?;
            let stream = tokio_util::io::ReaderStream::with_capacity(file, 256 * 1024);
            state.storage().store_file(state.db(), state.now_ms(), meta, stream, len).await
        }
        crate::documents::pdf::Merged::Bytes(b) => {
            store_made(state, owner, module, name, "application/pdf", b).await
        }
        crate::documents::pdf::Merged::Single => Err(PutError::Stream("nothing was merged".into())),
    }
}
