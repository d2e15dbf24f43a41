//! The changes: levels (a block, the Add Training form), parts and operators in and out
//! of a matrix, certification targets, and the first record of an empty matrix. Each
//! change and its audit row (who changed whose training, from what to what) commit in
//! one transaction; the audit row is appended last (its head is a global lock). Two
//! edits of one block: the last write wins, each audited with the level it replaced.
use axum::extract::State;
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};
use plantdoc_core::auth::users::User;
use plantdoc_core::auth::CurrentUser;
use plantdoc_core::body::{done, take, Parsed};
use plantdoc_core::error::{AppError, AppResult, FieldErrors, OnConstraint};
use plantdoc_core::text;
use serde_json::{json, Value};
use sqlx::AnyConnection;

use crate::access::{is_editor, require_edit, zone_code, NOT_EDITOR};
use crate::fields::{self, Scope};
use crate::requests::{BlockEdit, Genesis, Matrix, NewColumn, NewRow, PartKey};
use crate::schemas as sc;
use crate::store::{self, BlockRef, Operator};

pub fn editor(u: &User) -> AppResult<()> {
    if is_editor(u) {
        Ok(())
    } else {
        Err(AppError::Forbidden(NOT_EDITOR.into()))
    }
}

pub fn target_of(kind: &str, s: &Scope, what: &str) -> String {
    format!("training:{}{}:shift{}:{kind}:{what}", s.cell, s.zone, s.shift)
}

#[allow(clippy::too_many_arguments, reason = "the fields of one audit row, each named at the call")]
pub async fn audit(
    conn: &mut AnyConnection,
    now: i64,
    u: &User,
    action: &str,
    target: String,
    meaning: String,
    before: Value,
    after: Value,
) -> Result<(), sqlx::Error> {
    let e = AuditEntry::new(action, target, meaning)
        .by(Some(&u.id), &u.full_name())
        .before(before)
        .after(after);
    audit::append(conn, now, &e).await.map(|_| ())
}

/// Sets one block inside the caller's transaction and audits it.
pub async fn write_level(
    conn: &mut AnyConnection,
    now: i64,
    u: &User,
    b: &BlockRef,
    squares: i64,
    notes: Option<&str>,
) -> AppResult<i64> {
    let before = store::set_level(conn, &b.part_row, &b.op_row, squares, notes, now, &u.id).await?;
    let meaning = format!(
        "training level of {} {} on part {} (shift {}, zone {}) set from {before} to {squares}",
        b.op_no,
        b.op_name,
        b.part_number,
        b.scope.shift,
        zone_code(&b.scope)
    );
    let who = json!({"opId": b.op_id, "opNumber": b.op_no, "partNumber": b.part_number, "matrix": b.scope.to_json()});
    let mut after = json!({"squares": squares});
    if let Some(n) = notes {
        after["notes"] = json!(n);
    }
    audit(
        conn,
        now,
        u,
        "training.level",
        target_of("block", &b.scope, &format!("{}:{}", b.op_id, b.part_number)),
        meaning,
        json!({"squares": before, "of": who}),
        after,
    )
    .await?;
    Ok(before)
}

/// POST matrix/edit/block {blockId, squares}: a block's level (-1 to 4).
pub async fn edit_block(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<BlockEdit>,
) -> AppResult<axum::Json<sc::BlockSet>> {
    editor(&user)?;
    let id = body.block_id;
    let (p, o) = id.split_once(':').ok_or(AppError::NotFound)?;
    let b = store::block(&state.db, p, o)
        .await?
        .filter(|b| b.company == user.company_code)
        .ok_or(AppError::NotFound)?;
    require_edit(&user, &b.scope)?;
    let squares = body.squares.map_err(|m| m.on("squares"))?.0;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let before = write_level(&mut tx, now, &user, &b, squares, None).await?;
    tx.commit().await?;
    Ok(axum::Json(sc::BlockSet { id, squares, previous: before }))
}

/// The catalogue part named by `partNumber` (or a part id in `part`), or the field error.
pub async fn part_of(
    state: &AppState,
    u: &User,
    key: &PartKey,
    e: &mut FieldErrors,
) -> AppResult<Option<plantdoc_core::parts::Part>> {
    let (id, number) = (&key.part, &key.part_number);
    let found = if !id.is_empty() {
        plantdoc_core::parts::find(&state.db, id).await?
    } else if !number.is_empty() {
        plantdoc_core::parts::find_by_number(&state.db, &u.company_code, number).await?
    } else {
        None
    };
    let found = found.filter(|p| p.company_code == u.company_code);
    if found.is_none() {
        e.insert("partNumber".into(), fields::PART_REQUIRED.into());
    }
    Ok(found)
}

/// The operator `id` names (a user id), or the field error under `error_field`.
pub async fn operator_of(
    state: &AppState,
    u: &User,
    id: &str,
    error_field: &str,
    e: &mut FieldErrors,
) -> AppResult<Option<Operator>> {
    let found =
        if id.is_empty() { None } else { store::operator(&state.db, &u.company_code, id).await? };
    if found.is_none() {
        e.insert(error_field.into(), fields::OP_REQUIRED.into());
    }
    Ok(found)
}

/// The matrix of a change, checked: the caller an editor (403), the matrix valid (400) and
/// editable by the caller (403).
pub fn matrix_of(u: &User, m: &Matrix) -> AppResult<Scope> {
    editor(u)?;
    let s = m.clone().map_err(AppError::Fields)?;
    require_edit(u, &s)?;
    Ok(s)
}

/// POST matrix/add/part {partNumber, partDesc, partRotation, certTargetPartHours, shift, cell, zone}.
pub async fn add_part(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<NewColumn>,
) -> AppResult<axum::Json<sc::PartAdded>> {
    let s = matrix_of(&user, &body.matrix)?;
    let mut e = FieldErrors::new();
    let part = part_of(&state, &user, &body.part, &mut e).await?;
    let desc = take(&mut e, "partDesc", &body.part_desc).map(|d| d.0).unwrap_or_default();
    let rotation = take(&mut e, "partRotation", &body.part_rotation).map(|r| r.0);
    let target = take(&mut e, "certTargetPartHours", &body.cert_target_part_hours).map(|h| h.0);
    let mut conn = state.db.pool.acquire().await?;
    if let Some(p) = &part {
        if store::column_of(&mut conn, &user.company_code, &s, &p.id).await?.is_some() {
            e.insert("partNumber".into(), fields::PART_PRESENT.into());
        }
    }
    drop(conn);
    done(e)?;
    let (Some(p), Some(rotation), Some(target)) = (part, rotation, target) else {
        return Err(AppError::field("partNumber", fields::PART_REQUIRED));
    };
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let row =
        store::insert_column(&mut tx, &user.company_code, &s, &p.id, &desc, rotation, target, now)
            .await
            .on_constraint("part_id", || AppError::field("partNumber", fields::PART_PRESENT))?;
    let part = sc::NewPart {
        part_number: p.part_number.clone(),
        part_desc: desc.clone(),
        part_rotation: rotation,
        cert_target: target,
    };
    let after = serde_json::to_value(&part).map_err(anyhow::Error::from)?;
    let meaning = format!(
        "part {} added to the training matrix shift {} zone {}",
        p.part_number,
        s.shift,
        zone_code(&s)
    );
    audit(
        &mut tx,
        now,
        &user,
        "training.part.add",
        target_of("part", &s, &p.part_number),
        meaning,
        Value::Null,
        after.clone(),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(sc::PartAdded { id: row, part }))
}

/// POST matrix/add/op {opId, certTargetOpHours, opName, opNumber, shift, cell, zone}: the
/// name and number are taken from the operator's account, not from the request.
pub async fn add_op(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<NewRow>,
) -> AppResult<axum::Json<sc::OpAdded>> {
    let s = matrix_of(&user, &body.matrix)?;
    let mut e = FieldErrors::new();
    let op = operator_of(&state, &user, &body.op_id, "opId", &mut e).await?;
    let target = take(&mut e, "certTargetOpHours", &body.cert_target_op_hours).map(|h| h.0);
    if let Some(o) = &op {
        let mut conn = state.db.pool.acquire().await?;
        if store::row_of(&mut conn, &user.company_code, &s, &o.id).await?.is_some() {
            e.insert("opId".into(), fields::OP_PRESENT.into());
        }
    }
    done(e)?;
    let (Some(o), Some(target)) = (op, target) else {
        return Err(AppError::field("opId", fields::OP_REQUIRED));
    };
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    let row = store::insert_row(&mut tx, &user.company_code, &s, &o.id, target, now)
        .await
        .on_constraint("op_id", || AppError::field("opId", fields::OP_PRESENT))?;
    let op = sc::NewOp {
        op_id: o.id.clone(),
        op_number: o.op_no.clone(),
        op_name: o.full_name.clone(),
        cert_target: target,
    };
    let after = serde_json::to_value(&op).map_err(anyhow::Error::from)?;
    let meaning = format!(
        "operator {} {} added to the training matrix shift {} zone {}",
        o.op_no,
        o.full_name,
        s.shift,
        zone_code(&s)
    );
    audit(
        &mut tx,
        now,
        &user,
        "training.op.add",
        target_of("op", &s, &o.id),
        meaning,
        Value::Null,
        after.clone(),
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(sc::OpAdded { id: row, op }))
}

/// POST matrix/add/genesis-block: the first part, operator and block of an empty matrix.
pub async fn genesis(
    State(state): State<AppState>,
    user: CurrentUser,
    Parsed(body): Parsed<Genesis>,
) -> AppResult<axum::Json<sc::Genesis>> {
    let c = &body.column;
    let s = matrix_of(&user, &c.matrix)?;
    let mut e = FieldErrors::new();
    let part = part_of(&state, &user, &c.part, &mut e).await?;
    let op = operator_of(&state, &user, &body.op_id, "opId", &mut e).await?;
    let desc = take(&mut e, "partDesc", &c.part_desc).map(|d| d.0).unwrap_or_default();
    let rotation = take(&mut e, "partRotation", &c.part_rotation).map(|r| r.0);
    let part_target = take(&mut e, "certTargetPartHours", &c.cert_target_part_hours).map(|h| h.0);
    let op_target = take(&mut e, "certTargetOpHours", &body.cert_target_op_hours).map(|h| h.0);
    let notes = take(&mut e, "notes", &body.notes).map(|n| n.0).unwrap_or_default();
    done(e)?;
    let (Some(p), Some(o), Some(rotation), Some(pt), Some(ot)) =
        (part, op, rotation, part_target, op_target)
    else {
        return Err(AppError::field("partNumber", fields::PART_REQUIRED));
    };
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    // Written first (the write lock), then the matrix must hold only what was just written.
    let part_row =
        store::insert_column(&mut tx, &user.company_code, &s, &p.id, &desc, rotation, pt, now)
            .await
            .on_constraint("part_id", || {
                AppError::Conflict(text!("This matrix already has records.").into())
            })?;
    let op_row = store::insert_row(&mut tx, &user.company_code, &s, &o.id, ot, now).await?;
    let (n_parts, n_ops) = (
        store::columns_in(&mut tx, &user.company_code, &s).await?,
        store::rows_in(&mut tx, &user.company_code, &s).await?,
    );
    if n_parts != 1 || n_ops != 1 {
        return Err(AppError::Conflict(text!("This matrix already has records.").into()));
    }
    let b = BlockRef {
        part_row: part_row.clone(),
        op_row: op_row.clone(),
        company: user.company_code.clone(),
        scope: s.clone(),
        part_number: p.part_number.clone(),
        op_id: o.id.clone(),
        op_no: o.op_no.clone(),
        op_name: o.full_name.clone(),
    };
    store::set_level(&mut tx, &part_row, &op_row, -1, Some(&notes), now, &user.id).await?;
    let after = json!({
        "part": {"partNumber": p.part_number, "partDesc": desc, "partRotation": rotation, "certTarget": pt},
        "op": {"opId": o.id, "opNumber": o.op_no, "opName": o.full_name, "certTarget": ot},
        "squares": -1, "notes": notes,
    });
    let meaning = format!(
        "training matrix shift {} zone {} started with part {} and operator {} {}",
        s.shift,
        zone_code(&s),
        p.part_number,
        o.op_no,
        o.full_name
    );
    audit(
        &mut tx,
        now,
        &user,
        "training.genesis",
        target_of("block", &s, &format!("{}:{}", o.id, p.part_number)),
        meaning,
        Value::Null,
        after,
    )
    .await?;
    tx.commit().await?;
    Ok(axum::Json(sc::Genesis { id: crate::matrix::block_id(&b.part_row, &b.op_row), squares: -1 }))
}
