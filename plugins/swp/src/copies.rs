//! `GET /api/swps/copy/{id}` (no sign-in): the page a printed SWP's QR code opens — is
//! this revision the part's current one? (`plantdoc_core::copy_check`: the part number and
//! the verdict only, limited per address; this file says where an SWP's copy stands).
use plantdoc_core::copy_check::{Copies, Verdict};
use plantdoc_core::{msg, AppState};
use sqlx::Row;

use crate::model::{Swp, SwpStatus};
use crate::store;

/// The revision deployed now for the SWP's part in its company, if any.
async fn current(state: &AppState, s: &Swp) -> Result<Option<i64>, sqlx::Error> {
    let row = sqlx::query("SELECT revision FROM swps WHERE company_code = $1 AND part_id = $2 AND status = 'deployed'")
        .bind(&s.record.company_code)
        .bind(&s.record.part_id)
        .fetch_optional(&state.db.pool)
        .await?;
    row.map(|r| r.try_get::<Option<i64>, _>("revision").map(|v| v.unwrap_or(0))).transpose()
}

impl Copies for Swp {
    /// Current while deployed; else obsolete, naming the part's deployed revision if any.
    async fn verdict(state: &AppState, id: &str) -> Result<Verdict, sqlx::Error> {
        let Some(s) = store::fetch_one(&state.db, id).await? else {
            return Ok(Verdict::Unknown);
        };
        let part = s.record.part_number.clone();
        let now = current(state, &s).await?;
        Ok(match (s.status, now) {
            (SwpStatus::Deployed, _) => {
                Verdict::Current { part, what: msg!("revision {}", s.shown_revision()) }
            }
            (_, Some(rev)) => Verdict::Obsolete { part, current: Some(rev.to_string()) },
            (_, None) => Verdict::Obsolete { part, current: None },
        })
    }
}
