//! The training port (`TrainingLevels`, provided by the `training` module): an operator's
//! level and qualification on a part for the kiosk's gate, waivers granted at the kiosk,
//! and a part's waivers for the auditor's file. Re-exported by [`crate::ports`].
use crate::app::AppState;
use crate::auth::users::User;
use crate::error::AppResult;

pub use async_trait::async_trait;

/// An operator's qualification on a part as the gate uses it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Qualification {
    /// The effective level: the level set as the provider's rules leave it (expiry,
    /// decay, a new release, a cap, a waiver).
    pub level: i32,
    /// The level set in the matrix.
    pub set: i32,
    /// Why the effective level is what it is, for the operator to read (English,
    /// translated on the way out); `None` when it is the level set.
    pub reason: Option<String>,
}

/// A training waiver on a part (the auditor's file): who may run it, from when until
/// when, who granted it and why, and whether it was revoked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PartWaiver {
    pub id: String,
    /// The operator: number and printed name.
    pub operator: String,
    pub granted_by: String,
    pub reason: String,
    pub starts_ms: i64,
    pub ends_ms: i64,
    pub revoked_ms: Option<i64>,
    /// How it was granted (console, kiosk and its mode).
    pub via: String,
}

/// A waiver as granted, answered as the training module's waiver (the same JSON).
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct GrantedWaiver {
    #[serde(rename = "_id")]
    pub id: String,
    pub op_id: String,
    pub part_number: String,
    pub reason: String,
    /// ISO 8601.
    pub starts: String,
    pub ends: String,
    pub granted_by: String,
    pub revoked: Option<String>,
    /// In force now (started, not ended, not revoked).
    pub active: bool,
}

/// Operators' training levels on parts.
#[async_trait]
pub trait TrainingLevels: Send + Sync {
    /// Whether competency gating is on (otherwise the kiosk is told "checks disabled").
    fn gate(&self, state: &AppState) -> bool;
    /// The operator's level on the part (by part number): the highest of any matrix
    /// holding both, -1 when training has not started, `None` when no matrix holds both.
    async fn level(&self, state: &AppState, op_id: &str, part_number: &str) -> Option<i32>;
    /// The operator's effective level on the part with its reason; `None` when no matrix
    /// holds both. By default the level set, as is.
    async fn qualification(
        &self,
        state: &AppState,
        op_id: &str,
        part_number: &str,
    ) -> Option<Qualification> {
        let level = self.level(state, op_id, part_number).await?;
        Some(Qualification { level, set: level, reason: None })
    }
    /// [`Self::qualification`] of each operator on each part, for the kiosk's offline pack
    /// (decision 121): `(op_id, part_number, qualification)` where a matrix holds both. By
    /// default one [`Self::qualification`] per pair; a provider answers it in a bounded
    /// number of statements.
    async fn qualifications(
        &self,
        state: &AppState,
        op_ids: &[String],
        part_numbers: &[String],
    ) -> Vec<(String, String, Qualification)> {
        let mut out = Vec::new();
        for op in op_ids {
            for part in part_numbers {
                if let Some(q) = self.qualification(state, op, part).await {
                    out.push((op.clone(), part.clone(), q));
                }
            }
        }
        out
    }
    /// A waiver granted by `granter`, identified at the kiosk (`via` says how, for the
    /// audit row): `body` is `{opId, partNumber, reason, days}`. With `write` false only
    /// checks it (the kiosk checks before the PIN, decision 92) and answers `None`;
    /// otherwise records and audits it and answers the waiver. By default there are no
    /// waivers (404).
    async fn waive(
        &self,
        _state: &AppState,
        _granter: &User,
        _body: &serde_json::Value,
        _via: &str,
        _write: bool,
    ) -> AppResult<Option<GrantedWaiver>> {
        Err(crate::error::AppError::NotFound)
    }
    /// The longest waiver in days (0: none are granted, the default): the kiosk offers
    /// its waiver screen only when it is above 0.
    fn waiver_max_days(&self, _state: &AppState) -> i64 {
        0
    }
    /// Every waiver on the part in `company`, oldest first (none by default).
    async fn waivers_of_part(
        &self,
        _state: &AppState,
        _company: &str,
        _part_number: &str,
    ) -> AppResult<Vec<PartWaiver>> {
        Ok(Vec::new())
    }
}
