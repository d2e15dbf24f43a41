//! The kiosk side: what the island module calls ([`alert_in_force`]) and the two feeds
//! the kiosk reads (`operator-alerts/zone/{zone}`, `operator-alerts/{zone}/{operatorId}`).
//! "In force" is computed from the clock at each read (deployed and effective <= now <
//! sunset): an alert leaves the floor when its sunset passes, with no job to run.
use axum::extract::{Path, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult};
use serde_json::Value;

use crate::model::{Alert, COLUMNS};
use crate::store;

/// Most alerts one feed answers.
pub const FEED_CAP: i64 = 200;

/// An alert as the island module needs it to record a signature.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct KioskAlert {
    pub id: String,
    pub alert_tag: String,
    pub alert_type: String,
    pub part_number: String,
    pub company_code: String,
    pub zones: Vec<String>,
    /// SHA-256 of the alert's file: the version a signature binds to.
    pub version_hash: String,
}

impl From<Alert> for KioskAlert {
    fn from(a: Alert) -> Self {
        Self { id: a.id, alert_tag: a.alert_tag, alert_type: a.alert_type, part_number: a.part_number, company_code: a.company_code, zones: a.zones, version_hash: a.file_hash }
    }
}

/// The alert if it is deployed and in force now (effective <= now < sunset) in `company`.
pub async fn alert_in_force(state: &AppState, company: &str, alert_id: &str) -> Result<Option<KioskAlert>, sqlx::Error> {
    let now = state.now_ms();
    Ok(store::fetch_one(&state.db, alert_id).await?.filter(|a| a.company_code == company && a.in_force(now)).map(KioskAlert::from))
}

/// Alerts in force now in `zone` of `company`; with `operator`, those the operator has
/// not signed and had verified for the current version.
async fn in_force_in_zone(state: &AppState, company: &str, zone: &str, operator: Option<&str>) -> Result<Vec<Alert>, sqlx::Error> {
    let now = state.now_ms();
    // For an operator: a person of the company (checked in the same read), and only the
    // alerts without their verified signature of the current version.
    let not_done = if operator.is_some() {
        " AND EXISTS (SELECT 1 FROM users u WHERE u.id = $6 AND u.company_code = $5) \
          AND NOT EXISTS (SELECT 1 FROM acknowledgements k WHERE k.doc_kind = 'alert' AND k.doc_id = a.id \
          AND k.version_hash = a.file_hash AND k.operator_id = $6 AND k.verified_at IS NOT NULL)"
    } else {
        ""
    };
    let sql = format!(
        "SELECT {COLUMNS} FROM alert_zones z JOIN alerts a ON a.id = z.alert_id \
         WHERE z.company_code = $1 AND z.zone = $2 AND z.deployed = 1 AND z.sunset_date > $3 AND z.effective_date <= $4 \
         AND a.status = 'deployed' AND a.company_code = $5{not_done} ORDER BY a.effective_date DESC, a.id LIMIT {FEED_CAP}"
    );
    let mut q = sqlx::query(&sql).bind(company).bind(zone).bind(now).bind(now).bind(company);
    if let Some(op) = operator {
        q = q.bind(op);
    }
    let rows = q.fetch_all(&state.db.pool).await?;
    rows.iter().map(Alert::from_row).collect()
}

/// The kiosk's zone must be one of the company's and of the caller's zones.
fn check_zone(state: &AppState, user: &CurrentUser, zone: &str) -> AppResult<()> {
    if !state.zones.codes(&user.company_code).iter().any(|z| z == zone) {
        return Err(AppError::field("zone", "This zone is not one of your company's zones."));
    }
    if !state.zones.covers_company(&user.company_code, &user.zones) && !user.zones.iter().any(|z| z == zone) {
        return Err(AppError::Forbidden("This zone is not one of your zones.".into()));
    }
    Ok(())
}

/// The kiosk's shape: `[{_id, alertTag, alertType, partNumber, url, ...}]`.
async fn feed_json(state: &AppState, alerts: &[Alert]) -> AppResult<axum::Json<Value>> {
    let mut links = store::links_for(state, alerts).await?;
    let now = state.now_ms();
    let list: Vec<Value> = alerts
        .iter()
        .map(|a| {
            let mut v = a.to_json(now);
            v["url"] = links.remove(&a.id).map(Value::String).unwrap_or(Value::Null);
            v
        })
        .collect();
    Ok(axum::Json(Value::Array(list)))
}

pub async fn zone_feed(State(state): State<AppState>, user: CurrentUser, Path(zone): Path<String>) -> AppResult<axum::Json<Value>> {
    check_zone(&state, &user, &zone)?;
    let alerts = in_force_in_zone(&state, &user.company_code, &zone, None).await?;
    feed_json(&state, &alerts).await
}

pub async fn operator_feed(State(state): State<AppState>, user: CurrentUser, Path((zone, operator_id)): Path<(String, String)>) -> AppResult<axum::Json<Value>> {
    check_zone(&state, &user, &zone)?;
    let alerts = in_force_in_zone(&state, &user.company_code, &zone, Some(&operator_id)).await?;
    // Nothing listed: an operator with nothing to read, or no such operator here (404).
    if alerts.is_empty() {
        let mut conn = state.db.pool.acquire().await?;
        users::find_by_id(&mut conn, &operator_id).await?.filter(|o| o.company_code == user.company_code).ok_or(AppError::NotFound)?;
    }
    feed_json(&state, &alerts).await
}

