//! What the island module reads of an SWP: the deployed version an operator signs (its
//! id, part number and the SHA-256 of the SWC, JES and VIS it was made of). The island
//! records signatures in the core's acknowledgements store; this module owns the SWPs.
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::error::AppError;

use sqlx::Row;

use crate::model::{Swp, SwpStatus};
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

/// The kiosk's status inputs of one operator on one part, read at once (the status call
/// runs on every part an operator loads): whether `op_id` is an active person of `user`'s
/// company; the SWP if it is deployed now and `user` may see it; and the operator's sign
/// records of that version: the signing time of the newest verified one and whether one
/// awaits verification.
pub struct Standing {
    pub operator_known: bool,
    pub swp: Option<KioskSwp>,
    pub signed_at: Option<i64>,
    pub awaiting: bool,
}

pub async fn standing(state: &AppState, user: &User, swp_id: &str, op_id: &str) -> Result<Standing, AppError> {
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        let mine = "FROM acknowledgements k WHERE k.doc_kind = 'swp' AND k.doc_id = s.id AND k.version_hash = s.content_hash AND k.operator_id = $1";
        format!(
            "SELECT (SELECT COUNT(*) FROM users u WHERE u.id = $1 AND u.company_code = $2 AND u.disabled = 0) AS op_known, \
             (SELECT MAX(k.signed_at) {mine} AND k.verified_at IS NOT NULL) AS op_signed, \
             (SELECT COUNT(*) {mine} AND k.verified_at IS NULL) AS op_awaiting, {} \
             FROM (SELECT 1 AS one) x LEFT JOIN swps s ON s.id = $3",
            crate::model::COLUMNS
        )
    });
    let row = sqlx::query(SQL.as_str()).bind(op_id).bind(&user.company_code).bind(swp_id).fetch_one(&state.db.pool).await?;
    let operator_known = row.try_get::<i64, _>("op_known")? > 0;
    let swp = match row.try_get::<Option<String>, _>("id")? {
        Some(_) => Some(Swp::from_row(&row)?).filter(|s| s.status == SwpStatus::Deployed && crate::access::can_see(&state.zones, user, s)),
        None => None,
    };
    Ok(Standing {
        operator_known,
        signed_at: row.try_get("op_signed")?,
        awaiting: row.try_get::<i64, _>("op_awaiting")? > 0,
        swp: swp.map(|s| KioskSwp { id: s.id, part_number: s.part_number, company_code: s.company_code, content_hash: s.content_hash }),
    })
}
