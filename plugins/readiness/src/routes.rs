//! HTTP routes of the readiness module and their handlers: the console's obligations
//! list, CSV and summary (console tier: signed-in staff), and the kiosk's list of an
//! operator's open obligations in its zone (kiosk tier), which the spec names under
//! `/api/island/` (`sharedApi` in module.json; the island itself never names it).
use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::{IntoResponse, Response};
use plantdoc_core::api::{Access, Scope};
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::{ApiRouter, AppError, AppResult, AppState};
use serde::Deserialize;
use serde_json::json;

use crate::access::{self, Refusal};
use crate::filters::{Filters, ListQuery};
use crate::schemas as sc;
use crate::{csv, lists};

pub fn routes() -> ApiRouter {
    ApiRouter::new("readiness")
        .get(
            "/api/readiness/obligations",
            "Reading obligations you see, due first: {results, total}",
            obligations,
        )
        .scoped(Scope::ReadinessRead)
        .query::<ListQuery>()
        .returns::<sc::Page>()
        .get(
            "/api/readiness/obligations.csv",
            "The same obligations as CSV (every row the filters select)",
            export,
        )
        .scoped(Scope::ReadinessRead)
        .query::<ListQuery>()
        .returns_content("text/csv", json!({"type": "string"}))
        .get(
            "/api/readiness/summary",
            "Open, overdue, due-soon and done obligations by zone, part or operator",
            summary,
        )
        .scoped(Scope::ReadinessRead)
        .query::<SummaryQuery>()
        .returns::<Vec<sc::SummaryRow>>()
        .tier(Access::Kiosk)
        .get(
            "/api/island/obligations/{zone}/{opId}",
            "Kiosk: the operator's open obligations for documents of the zone",
            kiosk,
        )
        .returns::<Vec<sc::KioskObligation>>()
}

fn refused((field, text): Refusal) -> AppError {
    match field {
        Some(f) => AppError::field(f, text),
        None => AppError::Forbidden(text.into()),
    }
}

async fn obligations(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(lq): Query<ListQuery>,
) -> AppResult<axum::Json<sc::Page>> {
    let f = Filters::check(&state, &user, &lq)?;
    let (rows, total) = lists::rows(&state, &user, &f, true).await?;
    let results = rows.into_iter().map(lists::Line::into_json).collect();
    Ok(axum::Json(sc::Page { results, total }))
}

async fn export(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(lq): Query<ListQuery>,
) -> AppResult<Response> {
    let f = Filters::check(&state, &user, &lq)?;
    let (rows, _) = lists::rows(&state, &user, &f, false).await?;
    let name = "attachment; filename=\"reading-obligations.csv\"".to_string();
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, name),
        ],
        csv::to_csv(&rows),
    )
        .into_response())
}

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct SummaryQuery {
    /// zone (default), part or operator.
    by: Option<String>,
    /// Only documents of this zone (one of the company's).
    zone: Option<String>,
}

async fn summary(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(sq): Query<SummaryQuery>,
) -> AppResult<axum::Json<Vec<sc::SummaryRow>>> {
    let by = access::summary_by(sq.by.as_deref()).map_err(refused)?;
    let zone = sq.zone.as_deref().filter(|z| !z.is_empty());
    crate::filters::company_zone(&state, &user, zone)
        .map_err(|msg| AppError::field("zone", msg))?;
    Ok(axum::Json(lists::summary(&state, &user, by, zone).await?))
}

/// 404 when the operator is not a person of the kiosk's company who signs at the kiosk
/// (staff and netbook accounts are answered as unknown ids).
async fn kiosk(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((zone, op_id)): Path<(String, String)>,
) -> AppResult<axum::Json<Vec<sc::KioskObligation>>> {
    access::kiosk_zone(&state.zones, &user, &zone).map_err(refused)?;
    let list = lists::kiosk(&state, &user.company_code, &zone, &op_id).await?;
    Ok(axum::Json(list.ok_or(AppError::NotFound)?))
}
