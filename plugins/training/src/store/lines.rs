//! SQL of a matrix's lines: remove, lock, target, find a column or row, and count them.
use sqlx::{AnyConnection, Row};

use super::{scoped, SCOPE};
use crate::fields::Scope;

/// Removes a column (`training_parts`) or a row (`training_ops`) and its blocks.
pub async fn delete_line(
    conn: &mut AnyConnection,
    table: &str,
    id: &str,
) -> Result<u64, sqlx::Error> {
    let column = if table == "training_parts" { "part_row" } else { "op_row" };
    sqlx::query(&format!("DELETE FROM training_blocks WHERE {column} = $1"))
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(sqlx::query(&format!("DELETE FROM {table} WHERE id = $1"))
        .bind(id)
        .execute(&mut *conn)
        .await?
        .rows_affected())
}

/// Takes the write lock (SQLite) / row lock (PostgreSQL) of a column or row before it is
/// read and changed; false when it does not exist.
pub async fn lock_line(
    conn: &mut AnyConnection,
    table: &str,
    id: &str,
) -> Result<bool, sqlx::Error> {
    let sql = format!("UPDATE {table} SET cert_target = cert_target WHERE id = $1");
    Ok(sqlx::query(&sql).bind(id).execute(&mut *conn).await?.rows_affected() == 1)
}

/// Sets a locked column's or row's target; answers the target before.
pub async fn set_target(
    conn: &mut AnyConnection,
    table: &str,
    id: &str,
    target: i64,
) -> Result<i64, sqlx::Error> {
    let before: i64 = sqlx::query(&format!("SELECT cert_target FROM {table} WHERE id = $1"))
        .bind(id)
        .fetch_one(&mut *conn)
        .await?
        .try_get("cert_target")?;
    sqlx::query(&format!("UPDATE {table} SET cert_target = $1 WHERE id = $2"))
        .bind(target)
        .bind(id)
        .execute(&mut *conn)
        .await?;
    Ok(before)
}

/// The row of an operator in a matrix by operator number.
pub async fn row_by_number(
    conn: &mut AnyConnection,
    company: &str,
    s: &Scope,
    op_no: &str,
) -> Result<Option<String>, sqlx::Error> {
    let sql = format!(
        "SELECT o.id FROM training_ops o {} WHERE o.company_code = $1 AND o.shift = $2 AND o.cell = $3 AND o.zone = $4 AND u.op_no = $5",
        plantdoc_core::people::sql::join("u", "o.op_id")
    );
    scoped(&sql, company, s)
        .bind(op_no.to_string())
        .fetch_optional(&mut *conn)
        .await?
        .map(|r| r.try_get("id"))
        .transpose()
}

async fn count_in(
    conn: &mut AnyConnection,
    table: &str,
    company: &str,
    s: &Scope,
) -> Result<i64, sqlx::Error> {
    let sql = format!("SELECT COUNT(*) AS n FROM {table} WHERE {SCOPE}");
    scoped(&sql, company, s).fetch_one(&mut *conn).await?.try_get("n")
}

pub async fn columns_in(
    conn: &mut AnyConnection,
    company: &str,
    s: &Scope,
) -> Result<i64, sqlx::Error> {
    count_in(conn, "training_parts", company, s).await
}

pub async fn rows_in(
    conn: &mut AnyConnection,
    company: &str,
    s: &Scope,
) -> Result<i64, sqlx::Error> {
    count_in(conn, "training_ops", company, s).await
}
