//! The reads: pick lists, a matrix as `{partList, matrix}`, its CSV export, and the
//! kiosk's training level. Every read is of the caller's own company.
use std::collections::HashMap;

use axum::extract::{Path, Query, State};
use axum::http::header;
use axum::response::IntoResponse;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::error::{AppError, AppResult, FieldErrors};
use serde::Deserialize;
use serde_json::Value;

use crate::effective::{cell_reason, day, effective, Effective, Facts, Rules};
use crate::fields::{scope_of, Scope};
use crate::schemas as sc;
use crate::store::{self, Column, OpRow, LIST_CAP};
use plantdoc_core::http::schemas::PartRef;

#[derive(Deserialize, utoipa::IntoParams)]
#[serde(rename_all = "camelCase")]
pub struct ListQuery {
    search_term: Option<String>,
}

/// The company's catalogue parts: `[{_id, partNumber}]` (optionally by prefix).
pub async fn swp_list(
    State(state): State<AppState>,
    user: CurrentUser,
    Query(q): Query<ListQuery>,
) -> AppResult<axum::Json<Vec<PartRef>>> {
    let prefix = q.search_term.unwrap_or_default().trim().to_uppercase();
    let parts =
        plantdoc_core::parts::search(&state.db, &user.company_code, &prefix, LIST_CAP).await?;
    let refs = parts.into_iter().map(|p| PartRef { id: p.id, part_number: p.part_number });
    Ok(axum::Json(refs.collect()))
}

/// The company's operators (people, not the kiosk account): `[{_id, opNo, fullName}]`.
pub async fn operator_list(
    State(state): State<AppState>,
    user: CurrentUser,
) -> AppResult<axum::Json<Vec<sc::Operator>>> {
    let ops = store::operators(&state.db, &user.company_code).await?;
    let list =
        ops.into_iter().map(|o| sc::Operator { id: o.id, op_no: o.op_no, full_name: o.full_name });
    Ok(axum::Json(list.collect()))
}

pub fn scope_from_path(shift: &str, cell: &str, zone: &str) -> AppResult<Scope> {
    let mut e = FieldErrors::new();
    let s = scope_of(
        Some(&Value::from(shift)),
        Some(&Value::from(cell)),
        Some(&Value::from(zone)),
        &mut e,
    );
    s.ok_or(AppError::Fields(e))
}

/// A matrix with its counts worked out.
pub struct Matrix {
    pub columns: Vec<Column>,
    pub rows: Vec<OpRow>,
    /// squares[row][column]
    pub squares: Vec<Vec<i64>>,
    /// The effective levels, [row][column], while a rule of `[modules.training]` is on
    /// (`None`: the spec's matrix).
    pub eff: Option<Vec<Vec<Effective>>>,
}

pub const CERTIFIED: i64 = 4;

impl Matrix {
    pub fn part_count(&self, c: usize) -> usize {
        self.squares.iter().filter(|r| r[c] == CERTIFIED).count()
    }
    pub fn op_count(&self, r: usize) -> usize {
        self.squares[r].iter().filter(|s| **s == CERTIFIED).count()
    }
}

pub async fn load(state: &AppState, company: &str, s: &Scope) -> AppResult<Matrix> {
    let settings = &state.get::<crate::TrainingState>().settings;
    let now = crate::qualify::any_rule(settings).then(|| state.now_ms());
    let store::MatrixRead { columns, rows, cells, facts } =
        store::matrix(&state.db, company, s, now).await?;
    let mut squares = vec![vec![-1i64; columns.len()]; rows.len()];
    for b in &cells {
        squares[b.r][b.c] = b.squares;
    }
    let mut m = Matrix { columns, rows, squares, eff: None };
    if let (Some(now), Some(f)) = (now, facts) {
        m.eff = Some(effective_levels(&m, &cells, &f, &Rules::of(settings), now));
    }
    Ok(m)
}

/// Every cell's effective level: the blocks' (with their history), the others' as the
/// level -1 with a waiver when one is in force.
pub fn effective_levels(
    m: &Matrix,
    cells: &[store::Cell],
    f: &store::MatrixFacts,
    rules: &Rules,
    now: i64,
) -> Vec<Vec<Effective>> {
    let unset = Effective { level: -1, why: None, valid_until: None };
    let mut eff = vec![vec![unset; m.columns.len()]; m.rows.len()];
    // Waivers by cell (few): (row, column) → end.
    let mut waived: HashMap<(usize, usize), i64> = HashMap::new();
    if !f.waivers.is_empty() {
        let ri: HashMap<&str, usize> =
            m.rows.iter().enumerate().map(|(i, o)| (o.op_id.as_str(), i)).collect();
        let ci: HashMap<&str, usize> =
            m.columns.iter().enumerate().map(|(i, c)| (c.part_number.as_str(), i)).collect();
        for ((op, part), until) in &f.waivers {
            if let (Some(r), Some(c)) = (ri.get(op.as_str()), ci.get(part.as_str())) {
                waived.insert((*r, *c), *until);
            }
        }
    }
    for b in cells {
        let facts = Facts {
            set: b.squares as i32,
            set_at: b.set_at,
            last_read: b.last_read,
            released_at: b.released_at,
            requalified_at: b.requalified_at,
            temporary: m.rows[b.r].temporary,
            waiver_until: waived.get(&(b.r, b.c)).copied(),
        };
        eff[b.r][b.c] = effective(rules, &facts, now);
    }
    // A waiver on a cell with no level set yet.
    for ((r, c), until) in waived {
        if m.squares[r][c] == -1 {
            let facts = Facts { set: -1, waiver_until: Some(until), ..Facts::default() };
            eff[r][c] = effective(rules, &facts, now);
        }
    }
    eff
}

/// The block id of a cell: its part row and operator row.
pub fn block_id(part_row: &str, op_row: &str) -> String {
    format!("{part_row}:{op_row}")
}

/// `{partList, matrix}` of one shift, cell and zone of the caller's company: one read,
/// written straight into bytes (`crate::answer`). Not remembered: every instance answers
/// what the database holds (docs/speed.md, 'Training matrix').
pub async fn matrix(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((shift, cell, zone)): Path<(String, String, String)>,
) -> AppResult<axum::response::Response> {
    let s = scope_from_path(&shift, &cell, &zone)?;
    let m = load(&state, &user.company_code, &s).await?;
    Ok(plantdoc_core::http::json_bytes(crate::answer::write(&m)))
}

/// A CSV field, quoted, with formula-starting text made inert.
fn csv_field(s: &str) -> String {
    let inert = match s.chars().next() {
        Some('=' | '+' | '@' | '\t' | '\r') => format!("'{s}"),
        Some('-') if s.parse::<f64>().is_err() => format!("'{s}"),
        _ => s.to_string(),
    };
    format!("\"{}\"", inert.replace('"', "\"\""))
}

pub fn to_csv(m: &Matrix) -> String {
    let mut out = String::new();
    let mut head = vec![
        "Operator number".to_string(),
        "Operator name".into(),
        "Certified".into(),
        "Target".into(),
    ];
    head.extend(m.columns.iter().map(|c| c.part_number.clone()));
    let line = |cells: Vec<String>| {
        cells.iter().map(|c| csv_field(c)).collect::<Vec<_>>().join(",") + "\r\n"
    };
    out.push_str(&line(head));
    let mut info = |label: &str, f: &dyn Fn(usize, &Column) -> String| {
        let mut cells = vec![String::new(), label.to_string(), String::new(), String::new()];
        cells.extend(m.columns.iter().enumerate().map(|(i, c)| f(i, c)));
        out.push_str(&line(cells));
    };
    info("Description", &|_, c| c.desc.clone());
    info("Rotation (hours)", &|_, c| c.rotation.to_string());
    info("Certified / target", &|i, c| format!("{}/{}", m.part_count(i), c.target));
    for (r, o) in m.rows.iter().enumerate() {
        let mut cells =
            vec![o.op_no.clone(), o.name.clone(), m.op_count(r).to_string(), o.target.to_string()];
        cells.extend(m.squares[r].iter().map(|s| s.to_string()));
        out.push_str(&line(cells));
    }
    if let Some(eff) = &m.eff {
        // The effective levels, one row a cell with a level set, below the grid.
        out.push_str("\r\n");
        let head = [
            "Operator number",
            "Operator name",
            "Part number",
            "Level set",
            "Effective level",
            "Reason",
            "Valid until",
        ];
        out.push_str(&line(head.iter().map(|h| h.to_string()).collect()));
        for (r, o) in m.rows.iter().enumerate() {
            for (c, col) in m
                .columns
                .iter()
                .enumerate()
                .filter(|(c, _)| m.squares[r][*c] >= 0 || eff[r][*c].why.is_some())
            {
                let e = &eff[r][c];
                out.push_str(&line(vec![
                    o.op_no.clone(),
                    o.name.clone(),
                    col.part_number.clone(),
                    m.squares[r][c].to_string(),
                    e.level.to_string(),
                    e.why.map(cell_reason).unwrap_or_default(),
                    e.valid_until.map(day).unwrap_or_default(),
                ]));
            }
        }
    }
    out
}

/// The matrix as CSV (levels -1 to 4), as a download.
pub async fn export_csv(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((shift, cell, zone)): Path<(String, String, String)>,
) -> AppResult<axum::response::Response> {
    let s = scope_from_path(&shift, &cell, &zone)?;
    let m = load(&state, &user.company_code, &s).await?;
    let name = format!(
        "attachment; filename=\"training-matrix-shift{}-{}{}.csv\"",
        s.shift, s.cell, s.zone
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/csv; charset=utf-8".to_string()),
            (header::CONTENT_DISPOSITION, name),
        ],
        to_csv(&m),
    )
        .into_response())
}

/// The kiosk's training level of an operator on a part: `{squares}` (5 while gating is
/// off; see `crate::kiosk_level`). An operator of another company is not found.
pub async fn kiosk_squares(
    State(state): State<AppState>,
    user: CurrentUser,
    Path((op_id, part_number)): Path<(String, String)>,
) -> AppResult<axum::Json<sc::Squares>> {
    if store::operator(&state.db, &user.company_code, &op_id).await?.is_none() {
        return Err(AppError::NotFound);
    }
    let squares = crate::kiosk_level(&state, &op_id, part_number.trim()).await;
    Ok(axum::Json(sc::Squares { squares: squares.into() }))
}

#[cfg(test)]
mod tests {
    use super::csv_field;

    #[test]
    fn csv_fields_are_quoted_and_inert() {
        assert_eq!(csv_field("-1"), "\"-1\"");
        assert_eq!(csv_field("=SUM(A1)"), "\"'=SUM(A1)\"");
        assert_eq!(csv_field("-x"), "\"'-x\"");
        assert_eq!(csv_field("a\"b"), "\"a\"\"b\"");
    }
}
