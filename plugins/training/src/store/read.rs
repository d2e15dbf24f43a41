//! One read of a matrix: its part columns, operator rows and the levels set, as one
//! `UNION ALL` (one round trip; `kind` 0 column, 1 row, 2 block), in order of addition.
//! While a rule of `[modules.training]` is on (`facts`), the same read also brings what
//! effective levels need: each operator's temporary flag, and each block's newest
//! verified read and requalification and its part's newest new release (joined to the
//! blocks, so only cells with a level set carry them); the waivers in force (few) are a
//! second read.
//! Sorted here, not in SQL: the branches' text columns have different collations on
//! PostgreSQL (part numbers are `COLLATE "C"`), and bytes order as SQLite's BINARY.
use std::collections::HashMap;

use plantdoc_core::db::Db;
use sqlx::Row;

use super::{scoped, Column, OpRow};
use crate::fields::Scope;

/// A level set, with when and (with `facts`) the history of its operator and part.
#[derive(Debug, Clone, Default)]
pub struct Block {
    pub part_row: String,
    pub op_row: String,
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

const PLAIN: &str = "\
    SELECT CAST(0 AS BIGINT) AS kind, p.id AS id, p.part_id AS a, c.part_number AS b, p.part_desc AS x, '' AS y, p.rotation AS n, p.cert_target AS t, p.created_at AS at \
    FROM training_parts p JOIN parts c ON c.id = p.part_id WHERE p.company_code = $1 AND p.shift = $2 AND p.cell = $3 AND p.zone = $4 \
    UNION ALL SELECT CAST(1 AS BIGINT), o.id, o.op_id, COALESCE(u.op_no, ''), u.firstname, u.lastname, o.cert_target, o.cert_target, o.created_at \
    FROM training_ops o JOIN users u ON u.id = o.op_id WHERE o.company_code = $1 AND o.shift = $2 AND o.cell = $3 AND o.zone = $4 \
    UNION ALL SELECT CAST(2 AS BIGINT), b.part_row, b.op_row, '', '', '', b.squares, b.squares, b.updated_at \
    FROM training_parts p JOIN training_blocks b ON b.part_row = p.id WHERE p.company_code = $1 AND p.shift = $2 AND p.cell = $3 AND p.zone = $4";

const WITH_FACTS: &str = "\
    SELECT CAST(0 AS BIGINT) AS kind, p.id AS id, p.part_id AS a, c.part_number AS b, p.part_desc AS x, '' AS y, p.rotation AS n, p.cert_target AS t, p.created_at AS at, \
    CAST(NULL AS BIGINT) AS f1, CAST(NULL AS BIGINT) AS f2, CAST(NULL AS BIGINT) AS f3 \
    FROM training_parts p JOIN parts c ON c.id = p.part_id WHERE p.company_code = $1 AND p.shift = $2 AND p.cell = $3 AND p.zone = $4 \
    UNION ALL SELECT CAST(1 AS BIGINT), o.id, o.op_id, COALESCE(u.op_no, ''), u.firstname, u.lastname, o.cert_target, o.cert_target, o.created_at, u.temporary, NULL, NULL \
    FROM training_ops o JOIN users u ON u.id = o.op_id WHERE o.company_code = $1 AND o.shift = $2 AND o.cell = $3 AND o.zone = $4 \
    UNION ALL SELECT CAST(2 AS BIGINT), b.part_row, b.op_row, '', '', '', b.squares, b.squares, b.updated_at, r.verified_at, r.requalified_at, rel.released_at \
    FROM training_parts p JOIN training_blocks b ON b.part_row = p.id JOIN training_ops o ON o.id = b.op_row JOIN parts c ON c.id = p.part_id \
    LEFT JOIN training_reads r ON r.op_id = o.op_id AND r.company_code = p.company_code AND r.part_number = c.part_number \
    LEFT JOIN training_releases rel ON rel.company_code = p.company_code AND rel.part_number = c.part_number \
    WHERE p.company_code = $1 AND p.shift = $2 AND p.cell = $3 AND p.zone = $4";

const WAIVERS: &str = "SELECT w.op_id, w.part_number, MAX(w.ends_at) AS ends FROM training_waivers w \
    WHERE w.company_code = $1 AND w.revoked_at IS NULL AND w.starts_at <= $5 AND w.ends_at > $5 \
    AND w.op_id IN (SELECT op_id FROM training_ops WHERE company_code = $1 AND shift = $2 AND cell = $3 AND zone = $4) GROUP BY w.op_id, w.part_number";

pub type MatrixRead = (Vec<Column>, Vec<OpRow>, Vec<Block>, Option<MatrixFacts>);

/// The matrix; with `facts` (the time `now`), what its effective levels need as well.
pub async fn matrix(
    db: &Db,
    company: &str,
    s: &Scope,
    facts: Option<i64>,
) -> Result<MatrixRead, sqlx::Error> {
    let sql = if facts.is_some() { WITH_FACTS } else { PLAIN };
    let (mut columns, mut rows, mut blocks) = (Vec::new(), Vec::new(), Vec::new());
    let mut order = (Vec::new(), Vec::new());
    let extra = |r: &sqlx::any::AnyRow, col: &str| -> Result<Option<i64>, sqlx::Error> {
        if facts.is_some() {
            r.try_get(col)
        } else {
            Ok(None)
        }
    };
    for r in scoped(sql, company, s).fetch_all(&db.pool).await? {
        let (id, a): (String, String) = (r.try_get("id")?, r.try_get("a")?);
        let n: i64 = r.try_get("n")?;
        match r.try_get::<i64, _>("kind")? {
            0 => {
                let part_number: String = r.try_get("b")?;
                order.0.push((r.try_get::<i64, _>("at")?, part_number.clone()));
                columns.push(Column {
                    row: id,
                    part_id: a,
                    part_number,
                    desc: r.try_get("x")?,
                    rotation: n,
                    target: r.try_get("t")?,
                });
            }
            1 => {
                let (op_no, first, last): (String, String, String) =
                    (r.try_get("b")?, r.try_get("x")?, r.try_get("y")?);
                order.1.push((r.try_get::<i64, _>("at")?, op_no.clone()));
                rows.push(OpRow {
                    row: id,
                    op_id: a,
                    op_no,
                    name: format!("{first} {last}"),
                    target: n,
                    temporary: extra(&r, "f1")?.is_some_and(|t| t != 0),
                });
            }
            _ => blocks.push(Block {
                part_row: id,
                op_row: a,
                squares: n,
                set_at: r.try_get("at")?,
                last_read: extra(&r, "f1")?,
                requalified_at: extra(&r, "f2")?,
                released_at: extra(&r, "f3")?,
            }),
        }
    }
    let facts = match facts {
        Some(now) => Some(waivers(db, company, s, now).await?),
        None => None,
    };
    Ok((sorted(columns, order.0), sorted(rows, order.1), blocks, facts))
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
