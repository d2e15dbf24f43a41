//! The kiosk side: the core's `AlertsInForce` port ([`AlertsPort`], what the island module
//! signs; also `PartAlerts`, the auditor's file's) and the two feeds the kiosk reads (`operator-alerts/zone/{zone}`,
//! `operator-alerts/{zone}/{operatorId}`). "In force" is computed from the clock at each
//! read (deployed and effective <= now < sunset): an alert leaves the floor when its
//! sunset passes, with no job to run.
use axum::extract::{Path, State};
use axum::response::Response;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::db::Params;
use plantdoc_core::error::{AppError, AppResult};
use plantdoc_core::http::json_bytes;
use plantdoc_core::ports::{
    async_trait, AlertsInForce, PackedDoc, PartAlert, PartAlerts, SignableVersion, VersionFile,
};
use plantdoc_core::text;

use crate::{feed, store, KIND};

/// The alerts as the core's `AlertsInForce` port (provided in `build`).
pub struct AlertsPort;

#[async_trait]
impl AlertsInForce for AlertsPort {
    /// The signature binds to the SHA-256 of the alert's file.
    async fn in_force(
        &self,
        state: &AppState,
        company: &str,
        alert_id: &str,
    ) -> AppResult<Option<SignableVersion>> {
        let now = state.now_ms();
        let alert = store::fetch_one(&state.db, alert_id)
            .await?
            .filter(|a| a.company_code == company && a.in_force(now));
        Ok(alert.map(|a| SignableVersion {
            kind: KIND,
            id: a.record.id,
            part_number: a.record.part_number,
            version_hash: a.file_hash,
        }))
    }

    /// In force at `at_ms` (a deployed alert keeps its file: the same version then and now).
    async fn in_force_at(
        &self,
        state: &AppState,
        company: &str,
        alert_id: &str,
        at_ms: i64,
    ) -> AppResult<Option<SignableVersion>> {
        let alert = store::fetch_one(&state.db, alert_id)
            .await?
            .filter(|a| a.company_code == company && a.in_force(at_ms));
        Ok(alert.map(|a| SignableVersion {
            kind: KIND,
            id: a.record.id,
            part_number: a.record.part_number,
            version_hash: a.file_hash,
        }))
    }

    async fn files(&self, state: &AppState, alert_id: &str) -> AppResult<Vec<VersionFile>> {
        crate::translations::version_files(state, alert_id).await
    }

    async fn zone_pack(
        &self,
        state: &AppState,
        company: &str,
        zone: &str,
    ) -> AppResult<Vec<PackedDoc>> {
        crate::pack::zone_pack(state, company, zone).await
    }
}

#[async_trait]
impl PartAlerts for AlertsPort {
    /// The deployed (then expired or deleted) alerts of the part the viewer sees.
    async fn of_part(
        &self,
        state: &AppState,
        viewer: &User,
        part_number: &str,
    ) -> AppResult<Vec<PartAlert>> {
        let mut q = Params::default();
        let vis = crate::access::KIND.visible_sql(&state.zones, &mut q, viewer);
        let filter = format!(
            "a.deploy_date IS NOT NULL AND {vis} AND a.part_number = {}",
            q.add(part_number.to_string())
        );
        let mut list = store::fetch_list(&state.db, &q, &filter).await?;
        list.reverse();
        Ok(list.iter().map(part_alert).collect())
    }

    /// In force now in the zone, of the part, newest effective first: the zone's list
    /// and its alerts as the kiosk's feed reads them (remembered, decision 35), so a
    /// machine is answered exactly what the zone's kiosk shows.
    async fn in_force_in_zone(
        &self,
        state: &AppState,
        viewer: &User,
        part_number: &str,
        zone: &str,
    ) -> AppResult<Vec<PartAlert>> {
        let list = feed::in_force(state, &viewer.company_code, zone).await?;
        let facts = feed::facts(state, &list).await?;
        Ok(facts.iter().filter(|a| a.version.part_number == part_number).cloned().collect())
    }
}

pub(crate) fn part_alert(a: &crate::model::Alert) -> PartAlert {
    PartAlert {
        tag: a.alert_tag.clone(),
        alert_type: a.alert_type.clone(),
        status: a.record.status.as_str().to_string(),
        effective_ms: a.effective_date,
        sunset_ms: a.sunset_date,
        deploy_ms: a.record.deploy_date,
        version: SignableVersion {
            kind: KIND,
            id: a.record.id.clone(),
            part_number: a.record.part_number.clone(),
            version_hash: a.file_hash.clone(),
        },
    }
}

/// The kiosk's zone must be one of the company's and of the caller's zones.
fn check_zone(state: &AppState, user: &CurrentUser, zone: &str) -> AppResult<()> {
    if !state.zones.codes(&user.company_code).iter().any(|z| z == zone) {
        return Err(AppError::field(
            "zone",
            text!("This zone is not one of your company's zones."),
        ));
    }
    if !state.zones.covers_company(&user.company_code, &user.zones)
        && !user.zones.iter().any(|z| z == zone)
    {
        // A kiosk set to a zone its account does not serve: its operators cannot be shown
        // the alerts they must read (the kiosk says so and stops); the log says why.
        tracing::warn!(user = %user.id, email = %user.email, %zone, "alerts refused: the zone is not one of the account's zones");
        return Err(AppError::Forbidden(text!("This zone is not one of your zones.").into()));
    }
    Ok(())
}

/// The kiosk's shape: `[{_id, alertTag, alertType, partNumber, url, ...}]`.
pub async fn zone_feed(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(zone): Path<String>,
) -> AppResult<Response> {
    check_zone(&state, &user, &zone)?;
    let list = feed::in_force(&state, &user.company_code, &zone).await?;
    Ok(json_bytes(feed::zone_body(&state, &list).await?.bytes.clone()))
}

/// The zone's alerts the operator has not signed and had verified for the current
/// version; 404 when the operator is not a person of the caller's company.
pub async fn operator_feed(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((zone, operator_id)): Path<(String, String)>,
) -> AppResult<Response> {
    check_zone(&state, &user, &zone)?;
    let list = feed::in_force(&state, &user.company_code, &zone).await?;
    let signed = feed::verified_by(&state, &user.company_code, &operator_id, list.since_ms)
        .await?
        .ok_or(AppError::NotFound)?;
    // Signed and verified for the version in force: not the operator's to read.
    if let Some(body) = feed::zone_body(&state, &list).await?.without(&signed) {
        return Ok(json_bytes(body));
    }
    let ids: Vec<&str> = list.ids.iter().map(String::as_str).collect();
    let items = feed::items(&state, &ids).await?;
    let open = items.iter().zip(&ids).filter_map(|(i, id)| {
        i.as_ref().filter(|i| !signed.iter().any(|(s, hash)| s == id && *hash == i.file_hash))
    });
    Ok(json_bytes(feed::to_body(open)))
}
