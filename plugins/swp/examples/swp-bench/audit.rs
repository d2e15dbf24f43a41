//! The auditor's file of one part (issue 28 item 6): a part with 50 revisions and 20 000
//! signatures (`--small`: 5 and 2 000), with the audit rows those acts write (submit, three
//! approvals and the deploy of each revision; each read and each verification), then
//! `GET /api/swps/audit-file/{part}.pdf` and `.csv` as a manager of every zone, timed
//! (target ≤ 2 s), beside the audit chain's check alone (the file runs it over every
//! row of the plant, so its cost grows with the whole log, not with the part).
use std::time::Instant;

use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry};

use crate::load::Session;

pub const PART: &str = "AUDIT-0001";
const ROWS_PER_INSERT: usize = 400;

/// Seeds the part: `revisions` SWPs (the last deployed) and `signs` sign records spread
/// over them, three in four verified, and their audit rows. Answers the audit rows added.
pub async fn seed(state: &AppState, revisions: usize, signs: usize, now: i64) -> anyhow::Result<usize> {
    let day = 86_400_000i64;
    let mask = plantdoc_core::zones::zone_mask(&["A1"]);
    let (f0, f1, f2) = (format!("f{:031x}", 0), format!("f{:031x}", 1), format!("f{:031x}", 2));
    let mut tx = state.db.begin().await?;
    sqlx::raw_sql(&format!(
        "INSERT INTO parts (id, part_number, description, company_code, created_at) VALUES ('paudit', '{PART}', '', 'mpk', {now})"
    ))
    .execute(&mut *tx)
    .await?;
    let per_rev = signs.div_ceil(revisions);
    let mut acks: Vec<String> = Vec::new();
    let mut audit_rows = 0usize;
    let mut n = 0usize;
    for rev in 0..revisions {
        let id = format!("audit{rev:027x}");
        let deployed = rev + 1 == revisions;
        let upload = now - (revisions - rev) as i64 * 7 * day;
        let (deploy, obsolete) = (upload + day, if deployed { "NULL".to_string() } else { (upload + 7 * day).to_string() });
        let hash = format!("{:064x}", 0xa0d17 + rev);
        sqlx::raw_sql(&format!(
            "INSERT INTO swps (id, company_code, part_number, status, revision, format, owner_id, owner_firstname, owner_lastname, on_behalf_id, \
             on_behalf_name, part_id, zones, zone_mask, changes, new_release, reference_only, bypass, swc_file, jes_file, vis_file, content_hash, \
             upload_date, deploy_date, obsolete_date, process_status, quality_status, production_status) VALUES ('{id}', 'mpk', '{PART}', '{}', {rev}, \
             'swp', 'e1', 'Elias', 'Cole', NULL, '', 'paudit', '[\"A1\"]', {mask}, 'rev {rev}', {}, 0, 0, '{f0}', '{f1}', '{f2}', '{hash}', {upload}, \
             {deploy}, {obsolete}, 'Approved', 'Approved', 'Approved')",
            if deployed { "deployed" } else { "obsolete" },
            i64::from(rev == 0),
        ))
        .execute(&mut *tx)
        .await?;
        sqlx::raw_sql(&format!("INSERT INTO swp_zones (swp_id, zone) VALUES ('{id}', 'A1')")).execute(&mut *tx).await?;
        let target = format!("swp:{id}");
        for (k, (action, meaning)) in [
            ("swp.submit", "submitted"),
            ("swp.approve", "approved"),
            ("swp.approve", "approved"),
            ("swp.approve", "approved"),
            ("swp.deploy", "deployed"),
        ]
        .into_iter()
        .enumerate()
        {
            audit::append(&mut tx, upload + k as i64 * 60_000, &AuditEntry::new(action, &target, meaning).by(Some("e1"), "Elias Cole"))
                .await?;
            audit_rows += 1;
        }
        for k in 0..per_rev.min(signs - n.min(signs)) {
            let signed = deploy + (k as i64 + 1) * 600_000;
            let op = k % 400;
            let verified = k % 4 != 3;
            let (cl, at) =
                if verified { ("'cl1', 'Cell Lead', 'CL1'", (signed + 60_000).to_string()) } else { ("NULL, NULL, NULL", "NULL".into()) };
            let vm = if verified { "'verified'" } else { "NULL" };
            acks.push(format!(
                "('ack{n:029x}', 'swp', '{id}', '{hash}', 'op{op}', 'Operator {op}', 'OP{op:04}', {signed}, 'read and understood', {cl}, {at}, {vm})"
            ));
            n += 1;
            let sign = AuditEntry::new("swp.sign", &target, "read and understood").by(Some(&format!("op{op}")), &format!("Operator {op}"));
            audit::append(&mut tx, signed, &sign).await?;
            audit_rows += 1;
            if verified {
                audit::append(&mut tx, signed + 60_000, &AuditEntry::new("swp.verify", &target, "verified").by(Some("cl1"), "Cell Lead"))
                    .await?;
                audit_rows += 1;
            }
            if acks.len() >= ROWS_PER_INSERT {
                insert_acks(&mut tx, &mut acks).await?;
            }
        }
        if deployed {
            sqlx::raw_sql(&format!(
                "INSERT INTO swp_parts (company_code, part_number, last_revision, current_id) VALUES ('mpk', '{PART}', {rev}, '{id}')"
            ))
            .execute(&mut *tx)
            .await?;
        }
    }
    insert_acks(&mut tx, &mut acks).await?;
    tx.commit().await?;
    Ok(audit_rows)
}

async fn insert_acks(tx: &mut sqlx::Transaction<'static, sqlx::Any>, rows: &mut Vec<String>) -> anyhow::Result<()> {
    if rows.is_empty() {
        return Ok(());
    }
    let sql = format!(
        "INSERT INTO acknowledgements (id, doc_kind, doc_id, version_hash, operator_id, op_full_name, op_no, signed_at, sign_meaning, verifier_id, \
         cl_full_name, cl_op_no, verified_at, verify_meaning) VALUES {}",
        rows.join(", ")
    );
    sqlx::raw_sql(&sql).execute(&mut **tx).await?;
    rows.clear();
    Ok(())
}

/// Times the file (best of three each) and the chain's check; prints one line each.
pub async fn measure(
    state: &AppState,
    http: &reqwest::Client,
    base: &str,
    who: &Session,
    revisions: usize,
    signs: usize,
) -> anyhow::Result<()> {
    let t0 = Instant::now();
    let chain = match audit::verify(&state.db).await? {
        audit::Verdict::Ok { rows } => rows,
        audit::Verdict::Broken { seq, reason } => anyhow::bail!("the seeded chain is broken at {seq}: {reason}"),
    };
    let verify_ms = t0.elapsed().as_secs_f64() * 1000.0;
    for ext in ["pdf", "csv"] {
        let mut best = f64::MAX;
        let mut size = 0;
        for _ in 0..3 {
            let t0 = Instant::now();
            let r = http.get(format!("{base}/api/swps/audit-file/{PART}.{ext}")).header("cookie", &who.cookie).send().await?;
            anyhow::ensure!(r.status().is_success(), "audit file: {}", r.status());
            size = r.bytes().await?.len();
            best = best.min(t0.elapsed().as_secs_f64() * 1000.0);
        }
        let verdict = if best <= 2000.0 { "OK" } else { "OVER" };
        println!(
            "auditor's file .{ext}, {revisions} revisions, {signs} signatures: {best:.0} ms, {:.0} KB (target ≤ 2000) {verdict}",
            size as f64 / 1024.0
        );
    }
    println!(
        "  of which the audit chain's check over all {chain} rows of the plant: {verify_ms:.0} ms ({:.1} µs a row)",
        verify_ms * 1000.0 / chain.max(1) as f64
    );
    Ok(())
}
