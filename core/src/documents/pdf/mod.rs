//! Checking and merging uploaded PDFs with lopdf (every module's documents: an SWP
//! section, an alert). The parsing runs in a worker process under a memory, CPU and
//! wall-clock limit ([`worker`]); the checks themselves ([`check`]) bound decompression,
//! refuse active content and damaged page trees; the merge ([`merge`]) caps pages. Any
//! failure of an untrusted file is a message for the user (400), never a 500.
use crate::text;
use std::time::Duration;

/// For tests and benchmarks, which make real PDFs with the same library.
pub use lopdf;

pub mod check;
mod filters;
pub mod font;
pub mod merge;
pub mod report;
pub mod stamp;
pub mod text;
pub mod worker;
mod worker_child;

pub use merge::merge_blocking;
pub use worker::Source;

/// Total size of one section's PDFs.
pub const MAX_SECTION_BYTES: u64 = 100 * 1024 * 1024;
/// Pages in one merged section.
pub const MAX_PAGES: usize = 2000;
/// Wall-clock limit of one check or merge (the worker is killed past it).
pub const MERGE_TIMEOUT: Duration = Duration::from_secs(60);

/// What became of a section.
#[derive(Debug)]
pub enum Merged {
    /// One valid file (or every file checked): kept as uploaded.
    Single,
    /// Several files merged in this process: one new PDF, first upload first.
    Bytes(Vec<u8>),
    /// Several files merged by the worker: the new PDF in a temporary file, its length.
    File(tempfile::TempPath, u64),
}

/// Why a check did not pass.
#[derive(Debug)]
pub enum PdfError {
    /// The file is refused: the user-facing reason.
    Refused(String),
    /// The server could not check it (storage unreadable, no worker): not the file's fault.
    Server(anyhow::Error),
}

impl PdfError {
    /// What a form shows: the reason, or (logged) a plain "try again".
    pub fn message(self) -> String {
        match self {
            Self::Refused(m) => m,
            Self::Server(e) => {
                tracing::error!(error = %e, "PDF not checked");
                text!("PDFs cannot be checked right now; please try again later.").into()
            }
        }
    }
}

/// Checks one stored upload in the worker.
pub async fn check_upload(
    storage: &crate::documents::storage::Storage,
    name: &str,
    key: &str,
) -> Result<(), PdfError> {
    worker::run(storage, &[Source { name, key }], false).await.map(drop)
}

/// Checks stored files (upload order) and merges them when there are several, in the
/// worker.
pub async fn check_and_merge(
    storage: &crate::documents::storage::Storage,
    files: &[Source<'_>],
) -> Result<Merged, PdfError> {
    worker::run(storage, files, files.len() > 1).await
}
