//! What a whole matrix's effective levels are computed from besides its blocks, in one
//! read (`UNION ALL`, `k` names the branch): its operators' verified reads, the
//! company's new releases, its operators' waivers in force and who is temporary.
use std::collections::{HashMap, HashSet};

use plantdoc_core::db::Db;
use sqlx::Row;

use super::scoped;
use crate::fields::Scope;

#[derive(Default)]
pub struct MatrixFacts {
    /// (operator, part number) → (newest verified read, newest requalification).
    pub reads: HashMap<(String, String), (i64, Option<i64>)>,
    /// Part number → newest new release.
    pub releases: HashMap<String, i64>,
    /// (operator, part number) → end of the waiver in force.
    pub waivers: HashMap<(String, String), i64>,
    pub temporary: HashSet<String>,
}

const OPS: &str = "SELECT op_id FROM training_ops WHERE company_code = $1 AND shift = $2 AND cell = $3 AND zone = $4";

pub async fn facts(
    db: &Db,
    company: &str,
    s: &Scope,
    now: i64,
) -> Result<MatrixFacts, sqlx::Error> {
    let sql = format!(
        "SELECT CAST(0 AS BIGINT) AS k, r.op_id AS a, r.part_number AS b, r.verified_at AS x, r.requalified_at AS y FROM training_reads r \
         WHERE r.company_code = $1 AND r.op_id IN ({OPS}) \
         UNION ALL SELECT CAST(1 AS BIGINT), '', part_number, released_at, NULL FROM training_releases WHERE company_code = $1 \
         UNION ALL SELECT CAST(2 AS BIGINT), w.op_id, w.part_number, MAX(w.ends_at), NULL FROM training_waivers w \
         WHERE w.company_code = $1 AND w.revoked_at IS NULL AND w.starts_at <= $5 AND w.ends_at > $5 AND w.op_id IN ({OPS}) GROUP BY w.op_id, w.part_number \
         UNION ALL SELECT CAST(3 AS BIGINT), u.id, '', CAST(0 AS BIGINT), NULL FROM users u WHERE u.temporary = 1 AND u.id IN ({OPS})"
    );
    let mut f = MatrixFacts::default();
    for r in scoped(&sql, company, s).bind(now).fetch_all(&db.pool).await? {
        let (a, b): (String, String) = (r.try_get("a")?, r.try_get("b")?);
        let x: i64 = r.try_get("x")?;
        match r.try_get::<i64, _>("k")? {
            0 => {
                f.reads.insert((a, b), (x, r.try_get("y")?));
            }
            1 => {
                f.releases.insert(b, x);
            }
            2 => {
                f.waivers.insert((a, b), x);
            }
            _ => {
                f.temporary.insert(a);
            }
        }
    }
    Ok(f)
}
