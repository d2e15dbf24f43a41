//! The matrix read's packed texts, stored (migration 5003): a column's levels set
//! (`opRow,squares,setAt;…`) on its `training_parts` row and a part's verified reads
//! (`opId,verifiedAt,requalifiedAt;…`) on its `training_packed` row. Each is rewritten
//! from its rows in the transaction of every change, after the row it packs is locked,
//! so a concurrent change of another cell cannot write a pack without it (PostgreSQL's
//! next statement sees what the lock waited for; SQLite has one writer). Building them on
//! every read was most of the 200 × 100 matrix's time (docs/speed.md, 'Training matrix').
use sqlx::AnyConnection;

/// A column's levels set, packed: one `format` an item (`%s` of a NULL is '' on both).
pub const LEVELS: &str =
    "(SELECT string_agg(format('%s,%s,%s', b.op_row, b.squares, b.updated_at), ';') \
    FROM training_blocks b WHERE b.part_row = $1)";
/// A part's verified reads, packed.
pub const READS: &str =
    "(SELECT string_agg(format('%s,%s,%s', r.op_id, r.verified_at, r.requalified_at), ';') \
    FROM training_reads r WHERE r.company_code = $1 AND r.part_number = $2)";

/// Locks a column's row before one of its levels changes.
pub async fn lock_levels(conn: &mut AnyConnection, part_row: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE training_parts SET levels = levels WHERE id = $1")
        .bind(part_row)
        .execute(&mut *conn)
        .await
        .map(drop)
}

/// Rewrites a locked column's levels from its blocks.
pub async fn repack_levels(conn: &mut AnyConnection, part_row: &str) -> Result<(), sqlx::Error> {
    sqlx::query(&format!("UPDATE training_parts SET levels = {LEVELS} WHERE id = $1"))
        .bind(part_row)
        .execute(&mut *conn)
        .await
        .map(drop)
}

/// Locks (creating it) a part's reads row before one of its reads changes.
pub async fn lock_reads(
    conn: &mut AnyConnection,
    company: &str,
    part: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO training_packed (company_code, part_number, reads) VALUES ($1, $2, NULL) \
         ON CONFLICT (company_code, part_number) DO UPDATE SET reads = training_packed.reads",
    )
    .bind(company)
    .bind(part)
    .execute(&mut *conn)
    .await
    .map(drop)
}

/// Rewrites a locked part's reads from its rows.
pub async fn repack_reads(
    conn: &mut AnyConnection,
    company: &str,
    part: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(&format!(
        "UPDATE training_packed SET reads = {READS} WHERE company_code = $1 AND part_number = $2"
    ))
    .bind(company)
    .bind(part)
    .execute(&mut *conn)
    .await
    .map(drop)
}

/// Rewrites every column's and part's packs from their rows: for rows written around the
/// module's functions (a bench's or a test's bulk inserts), as migration 5003 did once.
pub async fn repack_all(conn: &mut AnyConnection) -> Result<(), sqlx::Error> {
    let levels = LEVELS.replace("$1", "training_parts.id");
    sqlx::query(&format!("UPDATE training_parts SET levels = {levels}"))
        .execute(&mut *conn)
        .await?;
    sqlx::query(
        "INSERT INTO training_packed (company_code, part_number, reads) \
         SELECT DISTINCT company_code, part_number, NULL FROM training_reads WHERE true \
         ON CONFLICT (company_code, part_number) DO NOTHING",
    )
    .execute(&mut *conn)
    .await?;
    let reads = READS
        .replace("$1", "training_packed.company_code")
        .replace("$2", "training_packed.part_number");
    sqlx::query(&format!("UPDATE training_packed SET reads = {reads}"))
        .execute(&mut *conn)
        .await
        .map(drop)
}
