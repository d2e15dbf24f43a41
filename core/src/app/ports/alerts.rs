//! The alert ports (`AlertsInForce` and `PartAlerts`, provided by the `alerts` module):
//! an alert in force for the kiosk to sign, and a part's alerts for the auditor's file and
//! a machine's in-force read. Re-exported by [`crate::ports`].
use super::docs::{PackedDoc, SignableVersion, VersionFile};
use crate::app::AppState;
use crate::auth::users::User;
use crate::error::AppResult;

pub use async_trait::async_trait;

/// Alerts in force on the floor.
#[async_trait]
pub trait AlertsInForce: Send + Sync {
    /// The alert if it is deployed and in force now (effective <= now < sunset) in
    /// `company`; `None` otherwise.
    async fn in_force(
        &self,
        state: &AppState,
        company: &str,
        alert_id: &str,
    ) -> AppResult<Option<SignableVersion>>;
    /// Every file of the alert (the original and its translations).
    async fn files(&self, _state: &AppState, _alert_id: &str) -> AppResult<Vec<VersionFile>> {
        Ok(Vec::new())
    }
    /// The alert if it was deployed and in force at `at_ms` in `company` (an offline
    /// signature made then, decision 121); by default only one in force now.
    async fn in_force_at(
        &self,
        state: &AppState,
        company: &str,
        alert_id: &str,
        _at_ms: i64,
    ) -> AppResult<Option<SignableVersion>> {
        self.in_force(state, company, alert_id).await
    }
    /// The alerts in force now in `zone` of `company` with every file (the original and
    /// its served translations) and their sunsets, for the kiosk's offline pack (decision 121).
    async fn zone_pack(
        &self,
        _state: &AppState,
        _company: &str,
        _zone: &str,
    ) -> AppResult<Vec<PackedDoc>> {
        Ok(Vec::new())
    }
}

/// An alert that applied to a part (the auditor's file, decision 63): the version signed (its
/// kind, id and file SHA-256), its tag, type, status and dates.
#[derive(Debug, Clone)]
pub struct PartAlert {
    pub version: SignableVersion,
    pub tag: String,
    pub alert_type: String,
    pub status: String,
    pub effective_ms: i64,
    pub sunset_ms: i64,
    pub deploy_ms: Option<i64>,
}

/// The alerts of a part.
#[async_trait]
pub trait PartAlerts: Send + Sync {
    /// Every alert of the viewer's company for the part that was ever deployed, as the
    /// viewer may see them, oldest first.
    async fn of_part(
        &self,
        state: &AppState,
        viewer: &User,
        part_number: &str,
    ) -> AppResult<Vec<PartAlert>>;
    /// The part's alerts in force now (effective <= now < sunset) in `zone` of the
    /// viewer's company, newest effective first.
    async fn in_force_in_zone(
        &self,
        _state: &AppState,
        _viewer: &User,
        _part_number: &str,
        _zone: &str,
    ) -> AppResult<Vec<PartAlert>> {
        Ok(Vec::new())
    }
}
