//! Seeds the alerts of the kiosk benchmark straight into the database: `n` alerts of
//! company mpk over its zones, of which about `in_force` are deployed and in force now
//! (the rest sunset, pending, rejected, deleted or not yet effective), and verified
//! operator signatures of some in-force alerts (so the operator feed leaves some out).
use plantdoc_core::app::AppState;

use crate::seed::Rng;

pub struct SeededAlerts {
    pub total: usize,
    pub in_force: usize,
    pub zones: Vec<String>,
}

async fn insert(
    state: &AppState,
    table: &str,
    columns: &str,
    rows: &mut Vec<String>,
) -> anyhow::Result<()> {
    if !rows.is_empty() {
        sqlx::raw_sql(&format!("INSERT INTO {table} ({columns}) VALUES {}", rows.join(", ")))
            .execute(&state.db.pool)
            .await?;
        rows.clear();
    }
    Ok(())
}

/// `parts`: catalogue `(id, part number)` of mpk; `ops`: operators `op0`...
pub async fn seed(
    state: &AppState,
    n: usize,
    in_force: usize,
    parts: &[(String, String)],
    ops: usize,
    now: i64,
) -> anyhow::Result<SeededAlerts> {
    let zones: Vec<String> = state.zones.codes("mpk");
    let day = 86_400_000i64;
    let mut rng = Rng::new(7);
    let mut alerts = Vec::new();
    let mut zone_rows = Vec::new();
    let mut signs = Vec::new();
    let mut live = 0usize;
    // Every n / in_force-th alert is in force; the others are spread over the lifecycle.
    let every = (n / in_force.max(1)).max(1);
    for i in 0..n {
        let id = format!("a{i:031x}");
        let (part_id, part_no) = &parts[rng.below(parts.len() as u64) as usize];
        let (status, effective, sunset) = if i % every == 0 && live < in_force {
            live += 1;
            // In force since a day or more: its signatures (a few hours old) were made in force.
            (
                "deployed",
                now - (1 + rng.below(30) as i64) * day,
                now + (1 + rng.below(30) as i64) * day,
            )
        } else {
            match i % 5 {
                // Sunset passed: the bulk of a plant's history.
                0 | 1 => (
                    "deployed",
                    now - 400 * day + (i as i64 % 300) * day,
                    now - (1 + i as i64 % 90) * day,
                ),
                2 => ("pending", now + day, now + 8 * day),
                3 => ("rejected", now - 10 * day, now + 10 * day),
                _ => ("deleted", now - 20 * day, now - day),
            }
        };
        let (kind, letter) =
            [("Change", 'C'), ("Quality", 'Q'), ("Safety", 'S'), ("New Part", 'N')][i % 4];
        let mut mine: Vec<&String> = Vec::new();
        for _ in 0..1 + rng.below(2) {
            let z = &zones[rng.below(zones.len() as u64) as usize];
            if !mine.contains(&z) {
                mine.push(z);
            }
        }
        let deployed = status == "deployed";
        let approved = if deployed { "Approved" } else { "Pending" };
        let deploy_date = if deployed { (effective - day).to_string() } else { "NULL".into() };
        alerts.push(format!(
            "('{id}', 'mpk', '{letter}-2026-{i:05}', '{kind}', '{part_no}', '{part_id}', '{status}', 'e1', 'Ada', 'Cole', '{}', {}, 'Wear gloves at station {i}.', \
             'f{:031x}', '{:064x}', {}, {effective}, {sunset}, {deploy_date}, '{approved}', 'Erin Cole', {}, '', '{approved}', 'Maya Cole', {}, '')",
            serde_json::to_string(&mine)?,
            plantdoc_core::zones::zone_mask(&mine),
            0,
            i,
            effective - 2 * day,
            effective - 2 * day,
            effective - 2 * day,
        ));
        for z in &mine {
            zone_rows.push(format!(
                "('{id}', '{z}', 'mpk', {}, {effective}, {sunset})",
                i64::from(deployed)
            ));
        }
        // A few verified signatures of each in-force alert.
        if deployed && effective <= now && now < sunset {
            for k in 0..5 {
                let op = rng.below(ops as u64);
                let signed = now - (k + 1) * 3_600_000;
                signs.push(format!(
                    "('{}', 'alert', '{id}', '{:064x}', 'op{op}', 'Operator {op}', 'OP{op:04}', {signed}, 'read and understood', 'cl1', 'Cell Lead', 'CL1', {}, 'verified')",
                    format_args!("k{i:026x}{k:05x}"),
                    i,
                    signed + 600_000,
                ));
            }
        }
        if alerts.len() >= 400 {
            insert(state, "alerts", ALERT_COLUMNS, &mut alerts).await?;
            insert(
                state,
                "alert_zones",
                "alert_id, zone, company_code, deployed, effective_date, sunset_date",
                &mut zone_rows,
            )
            .await?;
            insert(state, "acknowledgements", SIGN_COLUMNS, &mut signs).await?;
        }
    }
    insert(state, "alerts", ALERT_COLUMNS, &mut alerts).await?;
    insert(
        state,
        "alert_zones",
        "alert_id, zone, company_code, deployed, effective_date, sunset_date",
        &mut zone_rows,
    )
    .await?;
    insert(state, "acknowledgements", SIGN_COLUMNS, &mut signs).await?;
    sqlx::raw_sql(if state.db.dialect == plantdoc_core::db::Dialect::Postgres {
        "VACUUM ANALYZE"
    } else {
        "ANALYZE"
    })
    .execute(&state.db.pool)
    .await?;
    Ok(SeededAlerts { total: n, in_force: live, zones })
}

const ALERT_COLUMNS: &str = "id, company_code, alert_tag, alert_type, part_number, part_id, status, owner_id, owner_firstname, owner_lastname, zones, zone_mask, changes, \
     file_id, file_hash, upload_date, effective_date, sunset_date, deploy_date, engineer_status, engineer_reviewer, engineer_date, engineer_note, \
     manager_status, manager_reviewer, manager_date, manager_note";
const SIGN_COLUMNS: &str =
    "id, doc_kind, doc_id, version_hash, operator_id, op_full_name, op_no, signed_at, sign_meaning, verifier_id, cl_full_name, cl_op_no, verified_at, verify_meaning";
