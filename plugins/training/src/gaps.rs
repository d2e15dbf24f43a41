//! `GET /api/training/gaps?zone=&within_days=`: the cells of the caller's company that
//! need a lead's attention, for the readiness board and integrations. A cell is a gap
//! when its part is below its certification target and the cell is in training but not
//! certified (`below-target`), when its level's `validUntil` falls within `within_days`
//! or has passed (`expiring`), or when a new release awaits its requalification
//! (`requalify`).
use axum::extract::{Query, State};
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::clock::iso;
use plantdoc_core::error::{AppError, AppResult, FieldErrors};
use plantdoc_core::text;
use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use crate::effective::{day, Effective, Why, DAY_MS};
use crate::fields::{Scope, CELLS, ZONES};
use crate::matrix::{load, Matrix, CERTIFIED};

#[derive(Deserialize, utoipa::IntoParams)]
pub struct GapsQuery {
    /// A plant zone (cell + zone, e.g. A1); empty: every matrix of the company.
    zone: Option<String>,
    /// Days ahead that an expiring level counts (0 to 3650; default 30).
    within_days: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Gap {
    shift: i64,
    cell: String,
    zone: i64,
    op_id: String,
    op_number: String,
    op_name: String,
    part_number: String,
    squares: i64,
    effective: i64,
    #[schema(required = true)]
    reason: Option<String>,
    #[schema(required = true)]
    reason_date: Option<String>,
    #[schema(required = true)]
    valid_until: Option<String>,
    /// below-target, expiring, requalify
    gaps: Vec<&'static str>,
}

const BAD_ZONE: &str = text!("Please give a zone of a training matrix (A1 to D3), or none.");
const BAD_DAYS: &str = text!("Please give a number of days from 0 to 3650.");

/// The query checked: the matrix zone (None: all) and the days ahead.
fn checked(q: &GapsQuery) -> AppResult<(Option<(String, i64)>, i64)> {
    let mut e = FieldErrors::new();
    let zone = q.zone.as_deref().unwrap_or("").trim().to_uppercase();
    let mut want = None;
    if !zone.is_empty() {
        let (cell, z) = zone.split_at(zone.char_indices().nth(1).map_or(zone.len(), |(i, _)| i));
        match z.parse::<i64>() {
            Ok(z) if CELLS.contains(&cell) && ZONES.contains(&z) => {
                want = Some((cell.to_string(), z))
            }
            _ => {
                e.insert("zone".into(), BAD_ZONE.into());
            }
        }
    }
    let raw = q.within_days.as_deref().unwrap_or("").trim();
    let days = if raw.is_empty() {
        Some(30)
    } else {
        raw.parse::<i64>().ok().filter(|d| (0..=3650).contains(d))
    };
    if days.is_none() {
        e.insert("within_days".into(), BAD_DAYS.into());
    }
    if !e.is_empty() {
        return Err(AppError::Fields(e));
    }
    Ok((want, days.unwrap_or(30)))
}

pub async fn gaps(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<GapsQuery>,
) -> AppResult<axum::Json<Vec<Gap>>> {
    let (want, days) = checked(&q)?;
    let rows = sqlx::query(
        "SELECT shift, cell, zone FROM training_parts WHERE company_code = $1 \
         UNION SELECT shift, cell, zone FROM training_ops WHERE company_code = $1",
    )
    .bind(&user.company_code)
    .fetch_all(&state.db.pool)
    .await?;
    let mut scopes = rows
        .iter()
        .map(|r| {
            Ok(Scope {
                shift: r.try_get("shift")?,
                cell: r.try_get("cell")?,
                zone: r.try_get("zone")?,
            })
        })
        .collect::<Result<Vec<_>, sqlx::Error>>()?;
    scopes.retain(|s| want.as_ref().is_none_or(|(c, z)| *c == s.cell && *z == s.zone));
    scopes.sort_by(|a, b| (&a.cell, a.zone, a.shift).cmp(&(&b.cell, b.zone, b.shift)));
    let now = state.now_ms();
    let mut out = Vec::new();
    for s in scopes {
        let m = load(&state, &user.company_code, &s).await?;
        of_matrix(&m, &s, now + days * DAY_MS, &mut out);
    }
    Ok(axum::Json(out))
}

fn of_matrix(m: &Matrix, s: &Scope, horizon: i64, out: &mut Vec<Gap>) {
    let eff = |r: usize, c: usize| match &m.eff {
        Some(e) => e[r][c],
        None => Effective { level: m.squares[r][c] as i32, why: None, valid_until: None },
    };
    for (c, col) in m.columns.iter().enumerate() {
        let certified =
            (0..m.rows.len()).filter(|r| i64::from(eff(*r, c).level) == CERTIFIED).count() as i64;
        for (r, o) in m.rows.iter().enumerate() {
            let e = eff(r, c);
            let mut kinds = Vec::new();
            if certified < col.target && m.squares[r][c] >= 0 && i64::from(e.level) < CERTIFIED {
                kinds.push("below-target");
            }
            if e.valid_until.is_some_and(|v| v <= horizon) {
                kinds.push("expiring");
            }
            if e.why == Some(Why::Requalify) {
                kinds.push("requalify");
            }
            if kinds.is_empty() {
                continue;
            }
            out.push(Gap {
                shift: s.shift,
                cell: s.cell.clone(),
                zone: s.zone,
                op_id: o.op_id.clone(),
                op_number: o.op_no.clone(),
                op_name: o.name.clone(),
                part_number: col.part_number.clone(),
                squares: m.squares[r][c],
                effective: e.level.into(),
                reason: e.why.map(|w| w.code().to_string()),
                reason_date: e.why.and_then(|w| w.day()).map(day),
                valid_until: e.valid_until.map(iso),
                gaps: kinds,
            });
        }
    }
}
