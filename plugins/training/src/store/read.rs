//! One read of a matrix: its part columns and operator rows as one `UNION ALL` (one
//! round trip; `kind` 0 column, 1 row), in order of addition. Each column row carries its
//! levels set packed into one text (`opRow,squares,setAt;…`, stored: `packs.rs`) and,
//! while a rule of `[modules.training]` is on (`facts`), its part's verified reads
//! (`opId,verifiedAt,requalifiedAt;…`, stored) and newest new release; each row
//! carries its operator's temporary flag. The waivers in force (few) are a second read.
//! A 200 × 100 matrix is then 300 rows instead of 20 000 block rows each joined to four
//! tables: the row transfer and the per-block index searches were its cost (docs/speed.md,
//! 'Training matrix'). Ids are the server's (`new_id`, hex), so `,` and `;` never occur in
//! them; the numbers come last in an item and are split off from the right.
//! Sorted here, not in SQL: the branches' text columns have different collations on
//! PostgreSQL (part numbers are `COLLATE "C"`), and bytes order as SQLite's BINARY.
use std::collections::HashMap;

use plantdoc_core::db::Db;
use sqlx::Row;

use super::{scoped, Column, OpRow};
use crate::fields::Scope;

/// A level set at its place in the sorted matrix (`r` row, `c` column), with when and
/// (with `facts`) the history of its operator and part.
#[derive(Debug, Clone, Default)]
pub struct Cell {
    pub r: usize,
    pub c: usize,
    pub squares: i64,
    pub set_at: i64,
    pub last_read: Option<i64>,
    pub requalified_at: Option<i64>,
    pub released_at: Option<i64>,
}

/// The waivers in force of a matrix's operators: (operator, part number) → end.
#[derive(Default)]
pub struct MatrixFacts {
    pub waivers: HashMap<(String, String), i64>,
}

/// A matrix as read: columns and rows in order, the cells with a level set, and (with
/// `facts`) the waivers in force.
pub struct MatrixRead {
    pub columns: Vec<Column>,
    pub rows: Vec<OpRow>,
    pub cells: Vec<Cell>,
    pub facts: Option<MatrixFacts>,
}

fn sql(facts: bool) -> String {
    let (released, reads, release_join, temporary) = if facts {
        (
            "rel.released_at",
            "pk.reads",
            "LEFT JOIN training_releases rel ON rel.company_code = p.company_code AND rel.part_number = c.part_number \
             LEFT JOIN training_packed pk ON pk.company_code = p.company_code AND pk.part_number = c.part_number",
            "u.temporary",
        )
    } else {
        // Typed NULLs (PostgreSQL types a UNION's columns), lower-case: SQL, not a message.
        ("cast(null as bigint)", "cast(null as text)", "", "NULL")
    };
    format!(
        "SELECT CAST(0 AS BIGINT) AS kind, p.id AS id, p.part_id AS a, c.part_number AS b, p.part_desc AS x, '' AS y, \
         p.rotation AS n, p.cert_target AS t, p.created_at AS at, {released} AS f, p.levels AS blocks, {reads} AS reads \
         FROM training_parts p JOIN parts c ON c.id = p.part_id {release_join} \
         WHERE p.company_code = $1 AND p.shift = $2 AND p.cell = $3 AND p.zone = $4 \
         UNION ALL SELECT CAST(1 AS BIGINT), o.id, o.op_id, COALESCE(u.op_no, ''), u.firstname, u.lastname, o.cert_target, \
         o.cert_target, o.created_at, {temporary}, NULL, NULL \
         FROM training_ops o {people} WHERE o.company_code = $1 AND o.shift = $2 AND o.cell = $3 AND o.zone = $4",
        people = plantdoc_core::people::sql::join("u", "o.op_id")
    )
}

const WAIVERS: &str = "SELECT w.op_id, w.part_number, MAX(w.ends_at) AS ends FROM training_waivers w \
    WHERE w.company_code = $1 AND w.revoked_at IS NULL AND w.starts_at <= $5 AND w.ends_at > $5 \
    AND w.op_id IN (SELECT op_id FROM training_ops WHERE company_code = $1 AND shift = $2 AND cell = $3 AND zone = $4) GROUP BY w.op_id, w.part_number";

/// A column as read, with its packed levels and facts.
struct Packed {
    column: Column,
    blocks: Option<String>,
    reads: Option<String>,
    released_at: Option<i64>,
}

/// `id,n1,n2` → (id, n1, n2 or None when empty); None when it does not parse.
fn item(s: &str) -> Option<(&str, i64, Option<i64>)> {
    let mut it = s.rsplitn(3, ',');
    let last = it.next()?;
    let first: i64 = it.next()?.parse().ok()?;
    let id = it.next()?;
    let last = if last.is_empty() { None } else { Some(last.parse().ok()?) };
    Some((id, first, last))
}

/// The matrix; with `facts` (the time `now`), what its effective levels need as well.
pub async fn matrix(
    db: &Db,
    company: &str,
    s: &Scope,
    facts: Option<i64>,
) -> Result<MatrixRead, sqlx::Error> {
    let sql = sql(facts.is_some());
    let (mut columns, mut rows) = (Vec::new(), Vec::new());
    let mut order = (Vec::new(), Vec::new());
    for r in scoped(&sql, company, s).fetch_all(&db.pool).await? {
        let (id, a): (String, String) = (r.try_get("id")?, r.try_get("a")?);
        let n: i64 = r.try_get("n")?;
        let f: Option<i64> = r.try_get("f")?;
        if r.try_get::<i64, _>("kind")? == 0 {
            let part_number: String = r.try_get("b")?;
            order.0.push((r.try_get::<i64, _>("at")?, part_number.clone()));
            let column = Column {
                row: id,
                part_id: a,
                part_number,
                desc: r.try_get("x")?,
                rotation: n,
                target: r.try_get("t")?,
            };
            columns.push(Packed {
                column,
                blocks: r.try_get("blocks")?,
                reads: r.try_get("reads")?,
                released_at: f,
            });
        } else {
            let (op_no, first, last): (String, String, String) =
                (r.try_get("b")?, r.try_get("x")?, r.try_get("y")?);
            order.1.push((r.try_get::<i64, _>("at")?, op_no.clone()));
            rows.push(OpRow {
                row: id,
                op_id: a,
                op_no,
                name: format!("{first} {last}"),
                target: n,
                temporary: f.is_some_and(|t| t != 0),
            });
        }
    }
    let (columns, rows) = (sorted(columns, order.0), sorted(rows, order.1));
    let cells = unpack(&columns, &rows);
    let facts = match facts {
        Some(now) => Some(waivers(db, company, s, now).await?),
        None => None,
    };
    Ok(MatrixRead { columns: columns.into_iter().map(|p| p.column).collect(), rows, cells, facts })
}

/// The cells with a level set, each with its operator's read of the part and the part's
/// release; a block of a row not in the matrix is left out.
fn unpack(columns: &[Packed], rows: &[OpRow]) -> Vec<Cell> {
    let by_row: HashMap<&str, usize> =
        rows.iter().enumerate().map(|(i, o)| (o.row.as_str(), i)).collect();
    let by_op: HashMap<&str, usize> =
        rows.iter().enumerate().map(|(i, o)| (o.op_id.as_str(), i)).collect();
    let mut cells = Vec::new();
    // The column's reads by row, reused for every column.
    let mut read: Vec<Option<(i64, Option<i64>)>> = vec![None; rows.len()];
    for (c, p) in columns.iter().enumerate() {
        read.iter_mut().for_each(|x| *x = None);
        for (op, at, requalified) in p.reads.as_deref().unwrap_or("").split(';').filter_map(item) {
            if let Some(&r) = by_op.get(op) {
                read[r] = Some((at, requalified));
            }
        }
        for (op_row, squares, set_at) in
            p.blocks.as_deref().unwrap_or("").split(';').filter_map(item)
        {
            let Some(&r) = by_row.get(op_row) else { continue };
            cells.push(Cell {
                r,
                c,
                squares,
                set_at: set_at.unwrap_or_default(),
                last_read: read[r].map(|x| x.0),
                requalified_at: read[r].and_then(|x| x.1),
                released_at: p.released_at,
            });
        }
    }
    cells
}

async fn waivers(db: &Db, company: &str, s: &Scope, now: i64) -> Result<MatrixFacts, sqlx::Error> {
    let mut f = MatrixFacts::default();
    for r in scoped(WAIVERS, company, s).bind(now).fetch_all(&db.pool).await? {
        f.waivers.insert((r.try_get("op_id")?, r.try_get("part_number")?), r.try_get("ends")?);
    }
    Ok(f)
}

/// `items` in the order of their keys (time added, then number).
fn sorted<T>(items: Vec<T>, keys: Vec<(i64, String)>) -> Vec<T> {
    let mut both: Vec<_> = keys.into_iter().zip(items).collect();
    both.sort_by(|a, b| a.0.cmp(&b.0));
    both.into_iter().map(|(_, x)| x).collect()
}

#[cfg(test)]
mod tests {
    use super::item;

    #[test]
    fn items_split_from_the_right() {
        assert_eq!(item("ab12,4,1700"), Some(("ab12", 4, Some(1700))));
        assert_eq!(item("ab12,1700,"), Some(("ab12", 1700, None)));
        assert_eq!(item("a,b,-1,5"), Some(("a,b", -1, Some(5))));
        assert_eq!(item(""), None);
        assert_eq!(item("x,y"), None);
    }
}
