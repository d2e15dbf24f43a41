//! `GET /api/alerts/copy/{id}` (no sign-in): the page a printed alert's QR code opens —
//! is this alert in force? (`plantdoc_core::copy_check`: the part number and the verdict
//! only, limited per address; this file says where an alert's copy stands).
use plantdoc_core::copy_check::{Copies, Verdict};
use plantdoc_core::msg;
use plantdoc_core::review::Status;
use plantdoc_core::AppState;

use crate::model::Alert;
use crate::store;

impl Copies for Alert {
    /// In force: deployed, its effective date reached and its sunset not.
    async fn verdict(state: &AppState, id: &str) -> Result<Verdict, sqlx::Error> {
        let Some(a) = store::fetch_one(&state.db, id).await? else {
            return Ok(Verdict::Unknown);
        };
        let now = state.now_ms();
        let part = a.record.part_number.clone();
        Ok(if a.status == Status::Deployed && a.effective_date <= now && now < a.sunset_date {
            Verdict::Current { part, what: msg!("alert {} in force", a.alert_tag) }
        } else {
            Verdict::Obsolete { part, current: None }
        })
    }
}
