//! Many operators' effective levels on many parts at once (the kiosk's offline pack,
//! decision 121: the `TrainingLevels` port's `qualifications`): the same rules as `qualify::of`
//! for each pair, from a bounded number of reads per 500 operators (the blocks of the
//! matrices holding both; with a rule on, the verified reads, the parts' new releases and
//! the waivers in force), not one read per operator and part.
use std::collections::HashMap;

use plantdoc_core::app::AppState;
use plantdoc_core::db::Params;
use plantdoc_core::ports::Qualification;
use sqlx::Row;

use crate::effective::{effective, Effective, Facts, Rules};
use crate::qualify::{any_rule, kiosk_reason};
use crate::TrainingState;

type Pair = (String, String);

/// `(op_id, part_number, qualification)` for each pair a matrix holds.
pub async fn of_many(
    state: &AppState,
    op_ids: &[String],
    parts: &[String],
) -> Result<Vec<(String, String, Qualification)>, sqlx::Error> {
    let mut out = Vec::new();
    if parts.is_empty() {
        return Ok(out);
    }
    for ops in op_ids.chunks(500) {
        out.extend(chunk(state, ops, parts).await?);
    }
    Ok(out)
}

async fn chunk(
    state: &AppState,
    ops: &[String],
    parts: &[String],
) -> Result<Vec<(String, String, Qualification)>, sqlx::Error> {
    let settings = &state.get::<TrainingState>().settings;
    let mut q = Params::default();
    let (o_list, p_list) = (q.list(ops.iter().cloned()), q.list(parts.iter().cloned()));
    let sql = format!(
        "SELECT o.op_id, c.part_number, COALESCE(b.squares, -1) AS squares, COALESCE(b.updated_at, 0) AS set_at, u.temporary, u.company_code \
         FROM training_ops o {} \
         JOIN training_parts p ON p.company_code = o.company_code AND p.shift = o.shift AND p.cell = o.cell AND p.zone = o.zone \
         JOIN parts c ON c.id = p.part_id \
         LEFT JOIN training_blocks b ON b.part_row = p.id AND b.op_row = o.id \
         WHERE o.op_id IN ({o_list}) AND c.part_number IN ({p_list}) AND c.company_code = u.company_code",
        plantdoc_core::people::sql::join("u", "o.op_id")
    );
    let rows = q.query(&sql).fetch_all(&state.db.pool).await?;
    // Each pair's blocks (level set, when), the person's flag and company.
    let mut blocks: HashMap<Pair, Vec<(i32, i64)>> = HashMap::new();
    let mut people: HashMap<String, (bool, String)> = HashMap::new();
    for r in &rows {
        let pair: Pair = (r.try_get("op_id")?, r.try_get("part_number")?);
        let temporary = r.try_get::<i64, _>("temporary")? != 0;
        people.insert(pair.0.clone(), (temporary, r.try_get("company_code")?));
        let set = r.try_get::<i64, _>("squares")? as i32;
        blocks.entry(pair).or_default().push((set, r.try_get("set_at")?));
    }
    let history = match any_rule(settings) && !blocks.is_empty() {
        true => history(state, ops, parts).await?,
        false => History::default(),
    };
    let rules = Rules::of(settings);
    let now = state.now_ms();
    let mut out = Vec::with_capacity(blocks.len());
    for ((op, part), list) in blocks {
        let (temporary, _) = people.get(&op).cloned().unwrap_or_default();
        let key = (op.clone(), part.clone());
        let (last_read, requalified_at) = history.reads.get(&key).copied().unwrap_or_default();
        let facts = Facts {
            temporary,
            last_read,
            requalified_at,
            released_at: history.releases.get(&part).copied().flatten(),
            waiver_until: history.waivers.get(&key).copied().flatten(),
            ..Facts::default()
        };
        let mut best: Option<(Effective, i32)> = None;
        for (set, set_at) in list {
            let e = effective(&rules, &Facts { set, set_at, ..facts }, now);
            if best.is_none_or(|(have, _)| e.level > have.level) {
                best = Some((e, set));
            }
        }
        if let Some((e, set)) = best {
            let reason = e.why.map(|w| kiosk_reason(w, &part, rules.temporary_max));
            out.push((op, part, Qualification { level: e.level, set, reason }));
        }
    }
    Ok(out)
}

/// What `qualify::history` reads for one pair, for every pair of the chunk.
#[derive(Default)]
struct History {
    reads: HashMap<Pair, (Option<i64>, Option<i64>)>,
    releases: HashMap<String, Option<i64>>,
    waivers: HashMap<Pair, Option<i64>>,
}

async fn history(
    state: &AppState,
    ops: &[String],
    parts: &[String],
) -> Result<History, sqlx::Error> {
    let mut h = History::default();
    // The operators' company: the reads and waivers of another company's part are not theirs.
    let company = format!(
        "(SELECT u.company_code {} WHERE u.id = x.op_id)",
        plantdoc_core::people::sql::from("u")
    );
    let mut q = Params::default();
    let (o_list, p_list) = (q.list(ops.iter().cloned()), q.list(parts.iter().cloned()));
    let sql = format!(
        "SELECT x.op_id, x.part_number, x.verified_at, x.requalified_at FROM training_reads x \
         WHERE x.op_id IN ({o_list}) AND x.part_number IN ({p_list}) AND x.company_code = {company}"
    );
    for r in q.query(&sql).fetch_all(&state.db.pool).await? {
        let pair = (r.try_get("op_id")?, r.try_get("part_number")?);
        h.reads.insert(pair, (r.try_get("verified_at")?, r.try_get("requalified_at")?));
    }
    let mut q = Params::default();
    let (o_list, p_list) = (q.list(ops.iter().cloned()), q.list(parts.iter().cloned()));
    let now = q.add(state.now_ms());
    let sql = format!(
        "SELECT x.op_id, x.part_number, MAX(x.ends_at) AS until FROM training_waivers x \
         WHERE x.op_id IN ({o_list}) AND x.part_number IN ({p_list}) AND x.company_code = {company} \
         AND x.revoked_at IS NULL AND x.starts_at <= {now} AND x.ends_at > {now} GROUP BY x.op_id, x.part_number"
    );
    for r in q.query(&sql).fetch_all(&state.db.pool).await? {
        h.waivers.insert((r.try_get("op_id")?, r.try_get("part_number")?), r.try_get("until")?);
    }
    let mut q = Params::default();
    let (o_list, p_list) = (q.list(ops.iter().cloned()), q.list(parts.iter().cloned()));
    let sql = format!(
        "SELECT x.part_number, MAX(x.released_at) AS at FROM training_releases x WHERE x.part_number IN ({p_list}) \
         AND x.company_code IN (SELECT u.company_code {} WHERE u.id IN ({o_list})) GROUP BY x.part_number",
        plantdoc_core::people::sql::from("u")
    );
    for r in q.query(&sql).fetch_all(&state.db.pool).await? {
        h.releases.insert(r.try_get("part_number")?, r.try_get("at")?);
    }
    Ok(h)
}
