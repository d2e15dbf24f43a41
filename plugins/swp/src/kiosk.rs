//! What the island module reads of an SWP: the deployed version an operator signs (its
//! id, part number and the SHA-256 of the SWC, JES and VIS it was made of). The island
//! records signatures in the core's acknowledgements store; this module owns the SWPs.
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::error::AppError;

use crate::model::SwpStatus;
use crate::store::visible_swp;

/// A deployed SWP as the kiosk signs it.
#[derive(Debug, Clone)]
pub struct KioskSwp {
    pub id: String,
    pub part_number: String,
    pub company_code: String,
    /// The version's SHA-256: a signature binds to it.
    pub content_hash: String,
}

/// The SWP if it is deployed now and `user` may see it; `NotFound` otherwise (a
/// superseded revision cannot be signed).
pub async fn deployed_version(state: &AppState, user: &User, swp_id: &str) -> Result<KioskSwp, AppError> {
    let s = visible_swp(state, user, swp_id).await?;
    if s.status != SwpStatus::Deployed {
        return Err(AppError::NotFound);
    }
    Ok(KioskSwp { id: s.id, part_number: s.part_number, company_code: s.company_code, content_hash: s.content_hash })
}
