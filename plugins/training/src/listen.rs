//! What other modules' acts tell the effective level, inside their transactions:
//! - `swp.deployed` with `newRelease: true`: the part's levels 3 and 4 set before it
//!   are capped at 2 until a qualified verification (`training_releases`);
//! - `island.verified`: the operator's newest verified read of the part (decay), and,
//!   when the verifier is a supervisor of the company or at level 4 on the part in one
//!   of its matrices, the newest requalification (`training_reads`).
use plantdoc_core::events::{Event, Listener};
use plantdoc_core::ports::async_trait;
use plantdoc_core::{AppResult, AppState};
use serde_json::Value;
use sqlx::{AnyConnection, Row};

use crate::store::packs;

pub const KINDS: [&str; 2] = ["swp.deployed", "island.verified"];

pub struct History;

fn text(v: &Value, key: &str) -> String {
    v[key].as_str().unwrap_or_default().to_string()
}

#[async_trait]
impl Listener for History {
    async fn on_event(
        &self,
        _state: &AppState,
        conn: &mut AnyConnection,
        now: i64,
        e: &Event,
    ) -> AppResult<()> {
        let part = text(&e.data, "partNumber");
        match e.kind {
            "swp.deployed" if e.data["newRelease"] == Value::Bool(true) => {
                sqlx::query(
                    "INSERT INTO training_releases (company_code, part_number, released_at) VALUES ($1, $2, $3) \
                     ON CONFLICT (company_code, part_number) DO UPDATE SET released_at = excluded.released_at",
                )
                .bind(&e.company)
                .bind(&part)
                .bind(now)
                .execute(&mut *conn)
                .await?;
            }
            "island.verified" => {
                let op = text(&e.data, "operator");
                let verifier = e.actor.clone().unwrap_or_default();
                let requalifies = qualified_verifier(conn, &e.company, &verifier, &part).await?;
                packs::lock_reads(conn, &e.company, &part).await?;
                sqlx::query(
                    "INSERT INTO training_reads (company_code, op_id, part_number, verified_at, requalified_at) VALUES ($1, $2, $3, $4, $5) \
                     ON CONFLICT (op_id, company_code, part_number) DO UPDATE SET verified_at = excluded.verified_at, \
                     requalified_at = COALESCE(excluded.requalified_at, training_reads.requalified_at)",
                )
                .bind(&e.company)
                .bind(&op)
                .bind(&part)
                .bind(now)
                .bind(requalifies.then_some(now))
                .execute(&mut *conn)
                .await?;
                packs::repack_reads(conn, &e.company, &part).await?;
            }
            _ => {}
        }
        Ok(())
    }
}

/// A supervisor of the company, or a person at level 4 (as set) on the part in one of
/// the company's matrices.
async fn qualified_verifier(
    conn: &mut AnyConnection,
    company: &str,
    verifier: &str,
    part: &str,
) -> Result<bool, sqlx::Error> {
    let sql = format!(
        "SELECT (SELECT COUNT(*) {} WHERE u.id = $1 AND u.company_code = $2 AND u.position = 'supervisor' AND u.disabled = 0) AS sup, \
         (SELECT COUNT(*) FROM training_ops o JOIN training_parts p ON p.company_code = o.company_code AND p.shift = o.shift AND p.cell = o.cell AND p.zone = o.zone \
          JOIN parts c ON c.id = p.part_id JOIN training_blocks b ON b.part_row = p.id AND b.op_row = o.id \
          WHERE o.op_id = $1 AND o.company_code = $2 AND c.part_number = $3 AND b.squares = 4) AS certified",
        plantdoc_core::people::sql::from("u")
    );
    let row =
        sqlx::query(&sql).bind(verifier).bind(company).bind(part).fetch_one(&mut *conn).await?;
    Ok(row.try_get::<i64, _>("sup")? > 0 || row.try_get::<i64, _>("certified")? > 0)
}
