//! The readiness port (`ReadingObligations`, provided by the `readiness` module): what the
//! floor still owes a document (its reading obligations), as evidence for another
//! module's judgement (a periodic review). Re-exported by [`crate::ports`].
use crate::app::AppState;
use crate::error::AppResult;

pub use async_trait::async_trait;

/// A document's reading obligations as they stand.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Readings {
    /// Open, not yet due.
    pub open: i64,
    /// Open past their due date.
    pub overdue: i64,
}

/// Operators' reading obligations on documents.
#[async_trait]
pub trait ReadingObligations: Send + Sync {
    /// The obligations to read the document `doc_id` (one version, as the modules' events
    /// named it), at `now`.
    async fn of_doc(&self, state: &AppState, doc_id: &str, now: i64) -> AppResult<Readings>;
}
