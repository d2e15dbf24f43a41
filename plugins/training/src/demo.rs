//! The `make run` demo: two matrices of the demo plant (company mpk) built from the
//! catalogue's demo parts and the badge-only demo operators.
use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};

use crate::fields::Scope;
use crate::store;

const COMPANY: &str = "mpk";

/// (shift, cell, zone, parts taken, operators taken)
const MATRICES: [(i64, &str, i64, usize, usize); 2] = [(1, "A", 1, 8, 6), (2, "B", 2, 4, 3)];

pub async fn seed(state: &AppState) -> anyhow::Result<()> {
    let parts = plantdoc_core::parts::search(&state.db, COMPANY, "", 100).await?;
    let ops = store::operators(&state.db, COMPANY).await?;
    let now = state.now_ms();
    let mut tx = state.db.begin().await?;
    for (shift, cell, zone, np, no) in MATRICES {
        let s = Scope { shift, cell: cell.into(), zone };
        let mut cols = Vec::new();
        for (i, p) in parts.iter().take(np).enumerate() {
            let desc: String = p.description.chars().take(crate::fields::MAX_DESC_CHARS).collect();
            let rotation = crate::fields::ROTATIONS[i % 3];
            cols.push(
                store::insert_column(
                    &mut tx,
                    COMPANY,
                    &s,
                    &p.id,
                    &desc,
                    rotation,
                    2 + (i as i64 % 3),
                    now + i as i64,
                )
                .await?,
            );
        }
        for (r, o) in ops.iter().take(no).enumerate() {
            let row =
                store::insert_row(&mut tx, COMPANY, &s, &o.id, 3 + (r as i64 % 4), now + r as i64)
                    .await?;
            for (c, col) in cols.iter().enumerate() {
                // A spread of every level, some blocks left unstarted.
                let level = ((r * 3 + c * 5) % 7) as i64 - 2;
                if level >= -1 {
                    store::set_level(&mut tx, col, &row, level.min(4), None, now, "seed").await?;
                }
            }
        }
    }
    let e = AuditEntry::new("training.seed", "training:demo", "demo training matrices created")
        .by(None, "seed");
    audit::append(&mut tx, now, &e).await?;
    tx.commit().await?;
    Ok(())
}
