//! The dashboard (release 2.0): the console's home page. Its page is the web remote's;
//! its one call answers the plant's figures for the signed-in person — every enabled
//! module's (`plantdoc_core::figures`) and the signatures of the day and the week — so
//! the spec's tiles show the plant, not sample data (decision 102).
use std::collections::BTreeMap;

use axum::extract::{Query, State};
use plantdoc_core::prelude::figures::{self, DAY_MS};
use plantdoc_core::prelude::*;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The days of the signatures chart.
pub const WEEK: usize = 7;

#[derive(Deserialize, utoipa::IntoParams)]
#[into_params(parameter_in = Query)]
pub struct FiguresQuery {
    /// The start of the person's day (their local midnight, ms since the epoch): within
    /// a day of the server's clock.
    today: Option<String>,
}

/// `GET /api/dashboard/figures`: the figures by key (`swpsDeployed`, `swpsWaiting`,
/// `alertsDeployed`, `alertsWaiting`, `readingsOverdue`, … as the enabled modules give
/// them; `operatorsSignedToday`; `alertsSignedWithin30MinPct` over the week, when an alert
/// was signed), and the verified signatures of each of the last seven days, oldest first.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FiguresAnswer {
    pub figures: BTreeMap<String, i64>,
    pub signatures_by_day: Vec<i64>,
}

async fn plant_figures(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(fq): Query<FiguresQuery>,
) -> AppResult<axum::Json<FiguresAnswer>> {
    let now = state.now_ms();
    let today = match fq.today.as_deref().map(str::parse::<i64>) {
        None => now - now.rem_euclid(DAY_MS),
        Some(Ok(t)) if (now - 2 * DAY_MS..=now + DAY_MS).contains(&t) => t,
        Some(_) => {
            return Err(AppError::field(
                "today",
                text!("The start of today, in milliseconds, within a day of now."),
            ))
        }
    };
    let mut out: BTreeMap<String, i64> = figures::collect(&state, &user)
        .await?
        .into_iter()
        .map(|(k, v)| (k.to_string(), v))
        .collect();
    let s = figures::signatures(&state, &user.company_code, today, WEEK).await?;
    out.insert("operatorsSignedToday".into(), s.operators_today);
    if let Some(pct) = s.alerts_within_30_min {
        out.insert("alertsSignedWithin30MinPct".into(), pct);
    }
    Ok(axum::Json(FiguresAnswer { figures: out, signatures_by_day: s.by_day }))
}

fn build(ctx: &mut ModuleContext) -> anyhow::Result<()> {
    ctx.locale("es", include_str!("../locales/es.toml"));
    ctx.locale("pl", include_str!("../locales/pl.toml"));
    ctx.routes(
        ApiRouter::new("dashboard")
            .get(
                "/api/dashboard/figures",
                "The plant's figures for the signed-in person: {figures, signaturesByDay}",
                plant_figures,
            )
            .query::<FiguresQuery>()
            .returns::<FiguresAnswer>(),
    );
    Ok(())
}

module!(DashboardPlugin, build);
