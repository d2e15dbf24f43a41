//! SQL of the training module. Portable SQL over the `Any` pool. A matrix is the rows of
//! `training_parts` and `training_ops` of one company, shift, cell and zone; a block is
//! named by its part row and operator row (`<partRow>:<opRow>`), so every cell of a
//! matrix has an id before its first level is set.
use plantdoc_core::db::Db;
use plantdoc_core::people::{self, Named};
use sqlx::{AnyConnection, Row};
use std::sync::LazyLock;

use crate::fields::Scope;

/// Longest list answered at once (part and operator pick lists).
pub const LIST_CAP: i64 = 5000;

const SCOPE: &str = "company_code = $1 AND shift = $2 AND cell = $3 AND zone = $4";

fn scoped<'q>(
    sql: &'q str,
    company: &str,
    s: &Scope,
) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
    sqlx::query(sql).bind(company.to_string()).bind(s.shift).bind(s.cell.clone()).bind(s.zone)
}

/// An operator to train: a person with position operator and an operator number (the
/// kiosk's netbook account has none), not disabled.
#[derive(Debug, Clone)]
pub struct Operator {
    pub id: String,
    pub op_no: String,
    pub full_name: String,
}

impl From<Named> for Operator {
    fn from(n: Named) -> Self {
        Operator { full_name: n.full_name(), id: n.id, op_no: n.op_no.unwrap_or_default() }
    }
}

pub async fn operators(db: &Db, company: &str) -> Result<Vec<Operator>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    let all = people::numbered_operators(&mut conn, company, LIST_CAP).await?;
    Ok(all.into_iter().map(Operator::from).collect())
}

pub async fn operator(db: &Db, company: &str, id: &str) -> Result<Option<Operator>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    Ok(people::numbered_operator(&mut conn, company, id).await?.map(Operator::from))
}

/// A part column of a matrix.
#[derive(Debug, Clone)]
pub struct Column {
    pub row: String,
    pub part_id: String,
    pub part_number: String,
    pub desc: String,
    pub rotation: i64,
    pub target: i64,
}

/// An operator row of a matrix.
#[derive(Debug, Clone)]
pub struct OpRow {
    pub row: String,
    pub op_id: String,
    pub op_no: String,
    pub name: String,
    pub target: i64,
    /// A temporary worker (read only while a rule of `[modules.training]` is on).
    pub temporary: bool,
}

/// The column of a part (by catalogue id) in a matrix.
pub async fn column_of(
    conn: &mut AnyConnection,
    company: &str,
    s: &Scope,
    part_id: &str,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    let sql = format!("SELECT id, cert_target FROM training_parts WHERE {SCOPE} AND part_id = $5");
    let row = scoped(&sql, company, s).bind(part_id.to_string()).fetch_optional(&mut *conn).await?;
    row.map(|r| Ok((r.try_get("id")?, r.try_get("cert_target")?))).transpose()
}

/// The row of an operator (by user id) in a matrix.
pub async fn row_of(
    conn: &mut AnyConnection,
    company: &str,
    s: &Scope,
    op_id: &str,
) -> Result<Option<(String, i64)>, sqlx::Error> {
    let sql = format!("SELECT id, cert_target FROM training_ops WHERE {SCOPE} AND op_id = $5");
    let row = scoped(&sql, company, s).bind(op_id.to_string()).fetch_optional(&mut *conn).await?;
    row.map(|r| Ok((r.try_get("id")?, r.try_get("cert_target")?))).transpose()
}

#[allow(clippy::too_many_arguments, reason = "the columns of one matrix part row, bound in order")]
pub async fn insert_column(
    conn: &mut AnyConnection,
    company: &str,
    s: &Scope,
    part_id: &str,
    desc: &str,
    rotation: i64,
    target: i64,
    now: i64,
) -> Result<String, sqlx::Error> {
    let id = plantdoc_core::db::new_id();
    sqlx::query(
        "INSERT INTO training_parts (id, company_code, shift, cell, zone, part_id, part_desc, rotation, cert_target, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
    )
    .bind(&id)
    .bind(company)
    .bind(s.shift)
    .bind(&s.cell)
    .bind(s.zone)
    .bind(part_id)
    .bind(desc)
    .bind(rotation)
    .bind(target)
    .bind(now)
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

pub async fn insert_row(
    conn: &mut AnyConnection,
    company: &str,
    s: &Scope,
    op_id: &str,
    target: i64,
    now: i64,
) -> Result<String, sqlx::Error> {
    let id = plantdoc_core::db::new_id();
    sqlx::query("INSERT INTO training_ops (id, company_code, shift, cell, zone, op_id, cert_target, created_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8)")
        .bind(&id)
        .bind(company)
        .bind(s.shift)
        .bind(&s.cell)
        .bind(s.zone)
        .bind(op_id)
        .bind(target)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(id)
}

/// Sets a block's level (and notes, when given); answers the level before. Concurrent
/// writes of one column serialise on its row (locked first, for its stored levels), the
/// last write wins, and each answers the level it replaced (for its audit row).
pub async fn set_level(
    conn: &mut AnyConnection,
    part_row: &str,
    op_row: &str,
    squares: i64,
    notes: Option<&str>,
    now: i64,
    by: &str,
) -> Result<i64, sqlx::Error> {
    packs::lock_levels(conn, part_row).await?;
    let row = sqlx::query(
        "INSERT INTO training_blocks (part_row, op_row, squares, prev_squares, notes, updated_at, updated_by) VALUES ($1, $2, $3, -1, $4, $5, $6) \
         ON CONFLICT (part_row, op_row) DO UPDATE SET prev_squares = training_blocks.squares, squares = excluded.squares, \
         notes = CASE WHEN $7 = 1 THEN excluded.notes ELSE training_blocks.notes END, updated_at = excluded.updated_at, updated_by = excluded.updated_by \
         RETURNING prev_squares",
    )
    .bind(part_row)
    .bind(op_row)
    .bind(squares)
    .bind(notes.unwrap_or(""))
    .bind(now)
    .bind(by)
    .bind(i64::from(notes.is_some()))
    .fetch_one(&mut *conn)
    .await?;
    packs::repack_levels(conn, part_row).await?;
    row.try_get("prev_squares")
}

/// The real level of an operator on a part number (see `crate::level`).
pub async fn level(db: &Db, op_id: &str, part_number: &str) -> Result<Option<i32>, sqlx::Error> {
    static SQL: LazyLock<String> = LazyLock::new(|| {
        format!(
            "SELECT COUNT(*) AS pairs, MAX(COALESCE(b.squares, -1)) AS best FROM training_ops o {} \
         JOIN training_parts p ON p.company_code = o.company_code AND p.shift = o.shift AND p.cell = o.cell AND p.zone = o.zone \
         JOIN parts c ON c.id = p.part_id \
         LEFT JOIN training_blocks b ON b.part_row = p.id AND b.op_row = o.id \
         WHERE o.op_id = $1 AND c.part_number = $2 AND c.company_code = u.company_code",
            people::sql::join("u", "o.op_id")
        )
    });
    let row = sqlx::query(SQL.as_str()).bind(op_id).bind(part_number).fetch_one(&db.pool).await?;
    let pairs: i64 = row.try_get("pairs")?;
    if pairs == 0 {
        return Ok(None);
    }
    let best: Option<i64> = row.try_get("best")?;
    Ok(best.map(|b| b as i32))
}

/// A block with what its audit row names: the matrix, the part and the operator.
#[derive(Debug, Clone)]
pub struct BlockRef {
    pub part_row: String,
    pub op_row: String,
    pub company: String,
    pub scope: Scope,
    pub part_number: String,
    pub op_id: String,
    pub op_no: String,
    pub op_name: String,
}

static BLOCK_REF: LazyLock<String> = LazyLock::new(|| {
    format!(
        "SELECT p.id AS part_row, o.id AS op_row, p.company_code, p.shift, p.cell, p.zone, c.part_number, o.op_id, u.op_no, u.firstname, u.lastname \
     FROM training_parts p JOIN training_ops o ON o.company_code = p.company_code AND o.shift = p.shift AND o.cell = p.cell AND o.zone = p.zone \
     JOIN parts c ON c.id = p.part_id {}",
        people::sql::join("u", "o.op_id")
    )
});

fn block_ref(r: &sqlx::any::AnyRow) -> Result<BlockRef, sqlx::Error> {
    let first: String = r.try_get("firstname")?;
    let last: String = r.try_get("lastname")?;
    Ok(BlockRef {
        part_row: r.try_get("part_row")?,
        op_row: r.try_get("op_row")?,
        company: r.try_get("company_code")?,
        scope: Scope {
            shift: r.try_get("shift")?,
            cell: r.try_get("cell")?,
            zone: r.try_get("zone")?,
        },
        part_number: r.try_get("part_number")?,
        op_id: r.try_get("op_id")?,
        op_no: r.try_get::<Option<String>, _>("op_no")?.unwrap_or_default(),
        op_name: format!("{first} {last}"),
    })
}

/// The block `<partRow>:<opRow>` when both rows exist and are of one matrix.
pub async fn block(db: &Db, part_row: &str, op_row: &str) -> Result<Option<BlockRef>, sqlx::Error> {
    let sql = format!("{} WHERE p.id = $1 AND o.id = $2", *BLOCK_REF);
    sqlx::query(&sql)
        .bind(part_row)
        .bind(op_row)
        .fetch_optional(&db.pool)
        .await?
        .as_ref()
        .map(block_ref)
        .transpose()
}

/// Every block of the company's matrices where this part and operator meet.
pub async fn blocks_of_pair(
    db: &Db,
    company: &str,
    part_id: &str,
    op_id: &str,
) -> Result<Vec<BlockRef>, sqlx::Error> {
    let sql = format!("{} WHERE p.company_code = $1 AND p.part_id = $2 AND o.op_id = $3 ORDER BY p.shift, p.cell, p.zone", *BLOCK_REF);
    sqlx::query(&sql)
        .bind(company)
        .bind(part_id)
        .bind(op_id)
        .fetch_all(&db.pool)
        .await?
        .iter()
        .map(block_ref)
        .collect()
}

/// The levels of one column or one row (for the audit row of a delete).
pub async fn levels_of(
    conn: &mut AnyConnection,
    column: &str,
    row_id: &str,
) -> Result<Vec<i64>, sqlx::Error> {
    let sql =
        format!("SELECT squares FROM training_blocks WHERE {column} = $1 ORDER BY squares DESC");
    let rows = sqlx::query(&sql).bind(row_id).fetch_all(&mut *conn).await?;
    rows.iter().map(|r| r.try_get("squares")).collect()
}

/// A user as named in an audit row, whatever their position now.
pub async fn operator_any(db: &Db, id: &str) -> Result<Option<Operator>, sqlx::Error> {
    let mut conn = db.pool.acquire().await?;
    Ok(people::named_one(&mut conn, id).await?.map(Operator::from))
}

mod lines;
pub mod packs;
mod read;
pub use lines::{columns_in, delete_line, lock_line, row_by_number, rows_in, set_target};
pub use read::{matrix, Cell, MatrixFacts, MatrixRead};
