//! What is in force for a part in a zone, for machines (an MES asks before it runs a
//! part): the work instruction's version and its files' SHA-256, and the part's alerts in
//! force, so the machine can prove what it ran against. Read through the ports
//! (`DeployedDocs`, `PartAlerts`); a provider switched off answers nothing in force.
use axum::extract::{Path, Query, State};
use axum::Json;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::app::api::{Access, ApiRouter, Scope};
use crate::app::auth::CurrentUser;
use crate::app::ports::{DeployedDocs, PartAlerts};
use crate::app::AppState;
use crate::base::clock::iso;
use crate::base::error::{AppError, AppResult};
use crate::text;

pub fn routes() -> ApiRouter {
    ApiRouter::new("core")
        .tier(Access::Session)
        .get(
            "/api/parts/{partNumber}/in-force",
            "The part's SWP and alerts in force in a zone now, with their SHA-256 (for machines)",
            in_force,
        )
        .scoped(Scope::DocumentsRead)
        .query::<ZoneQuery>()
        .returns::<InForce>()
}

#[derive(Deserialize, IntoParams)]
pub struct ZoneQuery {
    /// A zone code of the caller's company, e.g. A1
    zone: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct InForce {
    part_number: String,
    zone: String,
    /// `null`: no SWP of the part is deployed in the zone
    swp: Option<SwpInForce>,
    alerts: Vec<AlertInForce>,
}

#[derive(Serialize, ToSchema)]
pub struct Sha {
    sha256: String,
}

#[derive(Serialize, ToSchema)]
pub struct SwpFiles {
    swc: Option<Sha>,
    jes: Option<Sha>,
    vis: Option<Sha>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SwpInForce {
    id: String,
    revision: i64,
    content_hash: String,
    files: SwpFiles,
    deploy_date: String,
    effective_date: String,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AlertInForce {
    tag: String,
    #[serde(rename = "type")]
    alert_type: String,
    content_hash: String,
    effective: String,
    sunset: String,
}

/// The zone must be one of the caller's company's and, unless the caller covers the
/// whole company, one of the caller's own.
fn check_zone(state: &AppState, user: &CurrentUser, zone: Option<String>) -> AppResult<String> {
    let zone = zone.map(|z| z.trim().to_string()).unwrap_or_default();
    if zone.is_empty() {
        return Err(AppError::field("zone", text!("Please choose a zone.")));
    }
    if !state.zones.codes(&user.company_code).contains(&zone) {
        return Err(AppError::field(
            "zone",
            text!("This zone is not one of your company's zones."),
        ));
    }
    if !state.zones.covers_company(&user.company_code, &user.zones) && !user.zones.contains(&zone) {
        return Err(AppError::Forbidden(text!("This zone is not one of your zones.").into()));
    }
    Ok(zone)
}

async fn in_force(
    State(state): State<AppState>,
    user: CurrentUser,
    Path(part_number): Path<String>,
    Query(q): Query<ZoneQuery>,
) -> AppResult<Json<InForce>> {
    let zone = check_zone(&state, &user, q.zone)?;
    let part = part_number.trim();
    if part.is_empty() || part.len() > 200 {
        return Err(AppError::field("partNumber", text!("Please choose a part.")));
    }
    let swp = match state.port::<dyn DeployedDocs>() {
        Some(p) => p.in_force_for_part(&state, &user, part, &zone).await?,
        None => None,
    };
    let alerts = match state.port::<dyn PartAlerts>() {
        Some(p) => p.in_force_in_zone(&state, &user, part, &zone).await?,
        None => Vec::new(),
    };
    let swp = swp.map(|d| {
        let file = |section: &str| {
            d.files
                .iter()
                .find(|f| f.lang.is_none() && f.section == section)
                .map(|f| Sha { sha256: f.sha256.clone() })
        };
        SwpInForce {
            files: SwpFiles { swc: file("swc"), jes: file("jes"), vis: file("vis") },
            id: d.id,
            revision: d.revision,
            content_hash: d.content_hash,
            deploy_date: iso(d.deploy_ms),
            effective_date: iso(d.effective_ms),
        }
    });
    let alerts = alerts
        .into_iter()
        .map(|a| AlertInForce {
            tag: a.tag,
            alert_type: a.alert_type,
            content_hash: a.version.version_hash,
            effective: iso(a.effective_ms),
            sunset: iso(a.sunset_ms),
        })
        .collect();
    Ok(Json(InForce { part_number: part.to_string(), zone, swp, alerts }))
}
