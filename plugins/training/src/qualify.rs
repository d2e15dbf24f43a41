//! One operator's effective level on one part (the kiosk's gate, the `TrainingLevels`
//! port): the blocks of the matrices holding both, and the facts `effective` needs
//! (verified reads, the part's new release, a waiver in force), in two reads.
use plantdoc_core::app::AppState;
use plantdoc_core::msg;
use plantdoc_core::ports::Qualification;
use sqlx::Row;

use crate::effective::{day, effective, Effective, Facts, Rules, Why};
use crate::TrainingState;

/// What the kiosk says of a reason (the operator reads it; translated on the way out).
pub fn kiosk_reason(why: Why, part: &str, temporary_max: i32) -> String {
    match why {
        Why::Expired(t) => {
            let date = day(t);
            msg!("Your certification on {part} expired on {date} — see the Cell Leader")
        }
        Why::Decayed(t) => {
            let date = day(t);
            msg!("No verified read of {part} since {date} — see the Cell Leader")
        }
        Why::Requalify => {
            msg!("{part} has a new release: read it and have the read verified to requalify")
        }
        Why::Temporary => {
            let max = temporary_max;
            msg!("Temporary workers run {part} at level {max} at most")
        }
        Why::Waiver(t) => {
            let date = day(t - 1);
            msg!("Waiver on {part} until the end of {date}")
        }
    }
}

/// Whether any rule of the settings may change a level (all 0: the spec's gate).
pub fn any_rule(s: &crate::TrainingSettings) -> bool {
    !Rules::of(s).off() || s.waiver_max_days > 0
}

pub async fn of(
    state: &AppState,
    op_id: &str,
    part_number: &str,
) -> Result<Option<Qualification>, sqlx::Error> {
    let settings = &state.get::<TrainingState>().settings;
    static SQL: std::sync::LazyLock<String> = std::sync::LazyLock::new(|| {
        format!(
            "SELECT COALESCE(b.squares, -1) AS squares, COALESCE(b.updated_at, 0) AS set_at, u.temporary, u.company_code FROM training_ops o {} \
         JOIN training_parts p ON p.company_code = o.company_code AND p.shift = o.shift AND p.cell = o.cell AND p.zone = o.zone \
         JOIN parts c ON c.id = p.part_id \
         LEFT JOIN training_blocks b ON b.part_row = p.id AND b.op_row = o.id \
         WHERE o.op_id = $1 AND c.part_number = $2 AND c.company_code = u.company_code",
            plantdoc_core::people::sql::join("u", "o.op_id")
        )
    });
    let blocks =
        sqlx::query(SQL.as_str()).bind(op_id).bind(part_number).fetch_all(&state.db.pool).await?;
    let Some(first) = blocks.first() else { return Ok(None) };
    let company: String = first.try_get("company_code")?;
    let temporary = first.try_get::<i64, _>("temporary")? != 0;
    let mut facts = Facts { temporary, ..Facts::default() };
    if any_rule(settings) {
        history(state, &company, op_id, part_number, &mut facts).await?;
    }
    let rules = Rules::of(settings);
    let now = state.now_ms();
    let mut best: Option<(Effective, i32)> = None;
    for b in &blocks {
        let set = b.try_get::<i64, _>("squares")? as i32;
        let f = Facts { set, set_at: b.try_get("set_at")?, ..facts };
        let e = effective(&rules, &f, now);
        if best.is_none_or(|(have, _)| e.level > have.level) {
            best = Some((e, set));
        }
    }
    Ok(best.map(|(e, set)| Qualification {
        level: e.level,
        set,
        reason: e.why.map(|w| kiosk_reason(w, part_number, rules.temporary_max)),
    }))
}

/// The operator's verified reads of the part, its newest new release and the end of a
/// waiver in force, in one read.
async fn history(
    state: &AppState,
    company: &str,
    op_id: &str,
    part_number: &str,
    f: &mut Facts,
) -> Result<(), sqlx::Error> {
    let rows = sqlx::query(
        "SELECT CAST(0 AS BIGINT) AS k, verified_at AS a, requalified_at AS b FROM training_reads WHERE company_code = $1 AND op_id = $2 AND part_number = $3 \
         UNION ALL SELECT CAST(1 AS BIGINT), released_at, NULL FROM training_releases WHERE company_code = $1 AND part_number = $3 \
         UNION ALL SELECT CAST(2 AS BIGINT), MAX(ends_at), NULL FROM training_waivers \
         WHERE company_code = $1 AND op_id = $2 AND part_number = $3 AND revoked_at IS NULL AND starts_at <= $4 AND ends_at > $4",
    )
    .bind(company)
    .bind(op_id)
    .bind(part_number)
    .bind(state.now_ms())
    .fetch_all(&state.db.pool)
    .await?;
    for r in rows {
        let a: Option<i64> = r.try_get("a")?;
        match r.try_get::<i64, _>("k")? {
            0 => {
                f.last_read = a;
                f.requalified_at = r.try_get("b")?;
            }
            1 => f.released_at = a,
            _ => f.waiver_until = a,
        }
    }
    Ok(())
}
