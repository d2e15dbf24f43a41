//! The deployed-documents port (`DeployedDocs`, provided by the `swp` module): the work
//! instruction an operator signs, an operator's standing on it, and a part's document in
//! force in a zone. Re-exported by [`crate::ports`].
use super::docs::{PackedDoc, SignableVersion, VersionFile};
use crate::app::AppState;
use crate::auth::users::User;
use crate::error::AppResult;

pub use async_trait::async_trait;

/// An operator's standing on a deployed document, read at once (the kiosk's status call
/// runs on every part an operator loads).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Standing {
    /// `op_id` is an active operator or OJT trainee with a badge of the viewer's company
    /// (`acks::signs_as_operator`).
    pub operator_known: bool,
    /// The document if it is deployed now and the viewer may see it.
    pub version: Option<SignableVersion>,
    /// When the operator signed that version, by the newest verified record.
    pub signed_at: Option<i64>,
    /// A record of that version awaits verification.
    pub awaiting: bool,
}

/// The work instructions deployed on the floor (the SWPs): the version an operator
/// signs, and an operator's standing for it.
#[async_trait]
pub trait DeployedDocs: Send + Sync {
    /// The document if it is deployed now and `viewer` may see it; `None` otherwise (a
    /// superseded revision cannot be signed).
    async fn deployed(
        &self,
        state: &AppState,
        viewer: &User,
        doc_id: &str,
    ) -> AppResult<Option<SignableVersion>>;
    /// `op_id`'s standing on the document `doc_id` as `viewer` sees it.
    async fn standing(
        &self,
        state: &AppState,
        viewer: &User,
        doc_id: &str,
        op_id: &str,
    ) -> AppResult<Standing>;
    /// Every file of the document's version (originals and translations).
    async fn files(&self, _state: &AppState, _doc_id: &str) -> AppResult<Vec<VersionFile>> {
        Ok(Vec::new())
    }
    /// The part's document deployed now in `zone` of the viewer's company, if the viewer
    /// may see it.
    async fn in_force_for_part(
        &self,
        _state: &AppState,
        _viewer: &User,
        _part_number: &str,
        _zone: &str,
    ) -> AppResult<Option<InForceDoc>> {
        Ok(None)
    }
    /// The document as it was in force at `at_ms` for `viewer` (deployed then, obsolete
    /// or still deployed now): what an offline signature made then signs (decision 121). By
    /// default only the one in force now.
    async fn deployed_at(
        &self,
        state: &AppState,
        viewer: &User,
        doc_id: &str,
        _at_ms: i64,
    ) -> AppResult<Option<SignableVersion>> {
        self.deployed(state, viewer, doc_id).await
    }
    /// Every document in force now in `zone` of the viewer's company that the viewer may
    /// see, for the kiosk's offline pack (decision 121), in a bounded number of statements.
    async fn zone_pack(
        &self,
        _state: &AppState,
        _viewer: &User,
        _zone: &str,
    ) -> AppResult<Vec<PackedDoc>> {
        Ok(Vec::new())
    }
}

/// A part's document in force in a zone, as a machine reads it (`GET
/// /api/parts/{partNumber}/in-force`): the version, the SHA-256 of each original file.
#[derive(Debug, Clone)]
pub struct InForceDoc {
    pub id: String,
    pub revision: i64,
    /// The version's SHA-256 (over its files'): what a signature binds to.
    pub content_hash: String,
    /// The originals (`lang` None), by section.
    pub files: Vec<VersionFile>,
    pub deploy_ms: i64,
    /// When it took effect on the floor (a work instruction: its deploy).
    pub effective_ms: i64,
}
