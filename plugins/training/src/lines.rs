//! Deleting a part or an operator from a matrix, certification targets, and the Add
//! Training form (a level by part and operator, in every matrix of the caller's zones
//! that holds both). Same rules as `edit`: checked, written, audited last, committed.
use axum::extract::State;
use plantdoc_core::app::AppState;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::body::{done, take, Parsed, Verdict};
use plantdoc_core::error::{AppError, AppResult, FieldErrors};
use plantdoc_core::{msg, text};
use serde_json::{json, Value};

use crate::access::{can_edit, zone_code};
use crate::edit::{audit, editor, matrix_of, operator_of, part_of, target_of, write_level};
use crate::fields::{self, Hours};
use crate::requests::{AddTraining, Matrix, OpLine, OpTarget, PartLine, PartTarget};
use crate::schemas as sc;
use crate::store;

const OP_MISSING: &str = text!("This operator is not in the matrix.");
const PART_MISSING: &str = text!("This part is not in the matrix.");

/// DELETE matrix/delete/op {opId, shift, cell, zone}: the row and its blocks.
pub async fn delete_op(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<OpLine>,
) -> AppResult<axum::Json<sc::Deleted>> {
    let s = matrix_of(&user, &body.matrix)?;
    let op_id = body.op_id;
    let mut conn = state.db.pool.acquire().await?;
    let row = store::row_of(&mut conn, &user.company_code, &s, &op_id).await?;
    drop(conn);
    let Some((row, target)) = row else { return Err(AppError::Conflict(OP_MISSING.into())) };
    let op = store::operator_any(&state.db, &op_id).await?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    if !store::lock_line(&mut tx, "training_ops", &row).await? {
        return Err(AppError::Conflict(OP_MISSING.into()));
    }
    let levels = store::levels_of(&mut tx, "op_row", &row).await?;
    store::delete_line(&mut tx, "training_ops", &row).await?;
    let (no, name) = op.map(|o| (o.op_no, o.full_name)).unwrap_or_default();
    let before = json!({"opId": op_id, "opNumber": no, "opName": name, "certTarget": target, "levels": levels});
    let meaning = format!(
        "operator {no} {name} removed from the training matrix shift {} zone {}",
        s.shift,
        zone_code(&s)
    );
    audit(
        &mut tx,
        now,
        &user,
        "training.op.delete",
        target_of("op", &s, &op_id),
        meaning,
        before,
        Value::Null,
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(sc::Deleted { deleted: op_id }))
}

/// DELETE matrix/delete/part {partNumber, shift, cell, zone}: the column and its blocks.
pub async fn delete_part(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<PartLine>,
) -> AppResult<axum::Json<sc::Deleted>> {
    let s = matrix_of(&user, &body.matrix)?;
    let number = body.part_number;
    let part = plantdoc_core::parts::find_by_number(&state.db, &user.company_code, &number).await?;
    let mut conn = state.db.pool.acquire().await?;
    let col = match &part {
        Some(p) => store::column_of(&mut conn, &user.company_code, &s, &p.id).await?,
        None => None,
    };
    drop(conn);
    let Some((col, target)) = col else { return Err(AppError::Conflict(PART_MISSING.into())) };
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    if !store::lock_line(&mut tx, "training_parts", &col).await? {
        return Err(AppError::Conflict(PART_MISSING.into()));
    }
    let levels = store::levels_of(&mut tx, "part_row", &col).await?;
    store::delete_line(&mut tx, "training_parts", &col).await?;
    let before = json!({"partNumber": number, "certTarget": target, "levels": levels});
    let meaning = format!(
        "part {number} removed from the training matrix shift {} zone {}",
        s.shift,
        zone_code(&s)
    );
    audit(
        &mut tx,
        now,
        &user,
        "training.part.delete",
        target_of("part", &s, &number),
        meaning,
        before,
        Value::Null,
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(sc::Deleted { deleted: number }))
}

/// One certification target: which line, its table, the field and the audit words.
struct Target<'a> {
    table: &'static str,
    field: &'static str,
    action: &'static str,
    kind: &'static str,
    label: &'a str,
    missing: &'static str,
}

async fn set_target(
    state: &AppState,
    user: &CurrentUser,
    (matrix, hours): (&Matrix, &Verdict<Hours>),
    line: Option<String>,
    t: Target<'_>,
) -> AppResult<i64> {
    let s = matrix_of(user, matrix)?;
    let mut e = FieldErrors::new();
    let hours = take(&mut e, t.field, hours);
    done(e)?;
    let hours = hours.map_or(0, |h| h.0);
    let Some(line) = line else { return Err(AppError::Conflict(t.missing.into())) };
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    if !store::lock_line(&mut tx, t.table, &line).await? {
        return Err(AppError::Conflict(t.missing.into()));
    }
    let before = store::set_target(&mut tx, t.table, &line, hours).await?;
    let meaning = format!(
        "certification target of {} {} in the training matrix shift {} zone {} set from {before} to {hours}",
        t.kind,
        t.label,
        s.shift,
        zone_code(&s)
    );
    audit(
        &mut tx,
        now,
        user,
        t.action,
        target_of(t.kind, &s, t.label),
        meaning,
        json!({"certTarget": before}),
        json!({"certTarget": hours}),
    )
    .await?;
    tx.commit().await?;
    Ok(hours)
}

/// POST certs/op {opNumber, shift, cell, zone, certTargetOpHours}.
pub async fn certs_op(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<OpTarget>,
) -> AppResult<axum::Json<sc::CertsOp>> {
    let s = matrix_of(&user, &body.matrix)?;
    let no = &body.op_number;
    let mut conn = state.db.pool.acquire().await?;
    let line = store::row_by_number(&mut conn, &user.company_code, &s, no).await?;
    drop(conn);
    let t = Target {
        table: "training_ops",
        field: "certTargetOpHours",
        action: "training.op.target",
        kind: "op",
        label: no,
        missing: OP_MISSING,
    };
    let hours =
        set_target(&state, &user, (&body.matrix, &body.cert_target_op_hours), line, t).await?;
    Ok(axum::Json(sc::CertsOp { cert_target_op_hours: hours }))
}

/// POST certs/part {partNumber, shift, cell, zone, certTargetPartHours}.
pub async fn certs_part(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<PartTarget>,
) -> AppResult<axum::Json<sc::CertsPart>> {
    let s = matrix_of(&user, &body.line.matrix)?;
    let number = &body.line.part_number;
    let mut line = None;
    if let Some(p) =
        plantdoc_core::parts::find_by_number(&state.db, &user.company_code, number).await?
    {
        let mut conn = state.db.pool.acquire().await?;
        line = store::column_of(&mut conn, &user.company_code, &s, &p.id).await?.map(|(id, _)| id);
    }
    let t = Target {
        table: "training_parts",
        field: "certTargetPartHours",
        action: "training.part.target",
        kind: "part",
        label: number,
        missing: PART_MISSING,
    };
    let hours =
        set_target(&state, &user, (&body.line.matrix, &body.cert_target_part_hours), line, t)
            .await?;
    Ok(axum::Json(sc::CertsPart { cert_target_part_hours: hours }))
}

/// POST add {partNumber, part, squares, op}: the Add Training form. Sets the level in
/// every matrix of the caller's company and zones holding both the part and the operator.
pub async fn add(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<AddTraining>,
) -> AppResult<axum::Json<sc::Added>> {
    editor(&user)?;
    let mut e = FieldErrors::new();
    let part = part_of(&state, &user, &body.part, &mut e).await?;
    let op = operator_of(&state, &user, &body.op, "op", &mut e).await?;
    let squares = take(&mut e, "squares", &body.squares).map(|l| l.0);
    done(e)?;
    let (Some(p), Some(o), Some(squares)) = (part, op, squares) else {
        return Err(AppError::field("partNumber", fields::PART_REQUIRED));
    };
    let all = store::blocks_of_pair(&state.db, &user.company_code, &p.id, &o.id).await?;
    if all.is_empty() {
        return Err(AppError::field(
            "error",
            msg!(
                "No training matrix has part {} and operator {} yet: add both to a matrix first.",
                p.part_number,
                o.op_no
            ),
        ));
    }
    let mine: Vec<_> = all.into_iter().filter(|b| can_edit(&user, &b.scope)).collect();
    if mine.is_empty() {
        return Err(AppError::Forbidden(
            text!("The matrices with this part and operator are not in your zones.").into(),
        ));
    }
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let mut matrices = Vec::new();
    for b in &mine {
        write_level(&mut tx, now, &user, b, squares, None).await?;
        let m = &b.scope;
        matrices.push(sc::MatrixRef { shift: m.shift, cell: m.cell.clone(), zone: m.zone });
    }
    tx.commit().await?;
    Ok(axum::Json(sc::Added { part_number: p.part_number, op: o.id, squares, matrices }))
}
