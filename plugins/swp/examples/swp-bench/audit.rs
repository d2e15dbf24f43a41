//! The auditor's file of one part (decisions 84 and 96): a part with 50 revisions and 20 000
//! signatures (`--small`: 5 and 2 000), with the audit rows those acts write (submit, three
//! approvals and the deploy of each revision; each read and each verification), then
//! `GET /api/swps/audit-file/{part}.pdf` and `.csv` as a manager of every zone, timed
//! (target ≤ 2 s) in a log of `--audit-rows` rows (default 1 000 000; `--small` 50 000:
//! the other acts of the plant, written by [`fill`]), beside the chain's check at the
//! part's rows alone (what the file runs), the whole walk (`plantdoc audit verify`, not
//! in the file) and the bare primary-key floor at one client.
use std::sync::Arc;
use std::time::Instant;

use plantdoc_core::app::AppState;
use plantdoc_core::audit::{self, AuditEntry, Fields};
use plantdoc_core::clock::iso;

use crate::load::{self, Session};
use crate::seed::Rng;

pub const PART: &str = "AUDIT-0001";
const ROWS_PER_INSERT: usize = 400;

/// Seeds the part: `revisions` SWPs (the last deployed) and `signs` sign records spread
/// over them, three in four verified, and their audit rows. Answers the audit rows added.
pub async fn seed(
    state: &AppState,
    revisions: usize,
    signs: usize,
    now: i64,
) -> anyhow::Result<usize> {
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
        let (deploy, obsolete) = (
            upload + day,
            if deployed { "NULL".to_string() } else { (upload + 7 * day).to_string() },
        );
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
        sqlx::raw_sql(&format!("INSERT INTO swp_zones (swp_id, zone) VALUES ('{id}', 'A1')"))
            .execute(&mut *tx)
            .await?;
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
            audit::append(
                &mut tx,
                upload + k as i64 * 60_000,
                &AuditEntry::new(action, &target, meaning).by(Some("e1"), "Elias Cole"),
            )
            .await?;
            audit_rows += 1;
        }
        for k in 0..per_rev.min(signs - n.min(signs)) {
            let signed = deploy + (k as i64 + 1) * 600_000;
            let op = k % 400;
            let verified = k % 4 != 3;
            let (cl, at) = if verified {
                ("'cl1', 'Cell Lead', 'CL1'", (signed + 60_000).to_string())
            } else {
                ("NULL, NULL, NULL", "NULL".into())
            };
            let vm = if verified { "'verified'" } else { "NULL" };
            acks.push(format!(
                "('ack{n:029x}', 'swp', '{id}', '{hash}', 'op{op}', 'Operator {op}', 'OP{op:04}', {signed}, 'read and understood', {cl}, {at}, {vm})"
            ));
            n += 1;
            let sign = AuditEntry::new("swp.sign", &target, "read and understood")
                .by(Some(&format!("op{op}")), &format!("Operator {op}"));
            audit::append(&mut tx, signed, &sign).await?;
            audit_rows += 1;
            if verified {
                audit::append(
                    &mut tx,
                    signed + 60_000,
                    &AuditEntry::new("swp.verify", &target, "verified")
                        .by(Some("cl1"), "Cell Lead"),
                )
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

async fn insert_acks(
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    rows: &mut Vec<String>,
) -> anyhow::Result<()> {
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

/// Appends acts about other things until the log holds `rows` rows, chained as
/// `audit::append` chains them, 1 000 rows a statement. Answers the rows written.
pub async fn fill(state: &AppState, rows: i64, now: i64) -> anyhow::Result<i64> {
    let mut tx = state.db.begin().await?;
    let head =
        sqlx::query("SELECT seq, hash FROM audit_head WHERE id = 1").fetch_one(&mut *tx).await?;
    let (start, mut prev): (i64, String) =
        (sqlx::Row::try_get(&head, "seq")?, sqlx::Row::try_get(&head, "hash")?);
    let (at, mut values) = (iso(now), Vec::new());
    for seq in start + 1..=rows {
        let target = format!("thing:{seq}");
        let f = Fields {
            seq,
            at: &at,
            actor_id: None,
            actor: "system",
            action: "bench.other",
            target: &target,
            meaning: "another act of the plant",
            before: None,
            after: None,
            prev_hash: &prev,
        };
        let hash = audit::row_hash(&f);
        values.push(format!("({seq}, '{at}', NULL, 'system', 'bench.other', '{target}', '{}', NULL, NULL, '{prev}', '{hash}')", f.meaning));
        prev = hash;
        if values.len() == 1000 || seq == rows {
            let sql = format!(
                "INSERT INTO audit_log (seq, at, actor_id, actor, action, target, meaning, before_json, after_json, prev_hash, hash) VALUES {}",
                values.join(", ")
            );
            sqlx::raw_sql(&sql).execute(&mut *tx).await?;
            values.clear();
        }
    }
    let written = (rows - start).max(0);
    sqlx::query("UPDATE audit_head SET seq = $1, hash = $2 WHERE id = 1")
        .bind(start + written)
        .bind(&prev)
        .execute(&mut *tx)
        .await?;
    tx.commit().await?;
    Ok(written)
}

/// Times the file (best of three each), the chain's check at the part's rows, the whole
/// walk and the floor; prints one line each.
pub async fn measure(
    state: &AppState,
    http: &reqwest::Client,
    base: &str,
    bare: &str,
    ids: Arc<Vec<String>>,
    who: &Session,
    size: (usize, usize),
) -> anyhow::Result<()> {
    let (revisions, signs) = size;
    let t0 = Instant::now();
    let chain = match audit::verify(&state.db).await? {
        audit::Verdict::Ok { rows } => rows,
        audit::Verdict::Broken { seq, reason } => {
            anyhow::bail!("the seeded chain is broken at {seq}: {reason}")
        }
    };
    let walk_ms = t0.elapsed().as_secs_f64() * 1000.0;
    let targets: Vec<String> = (0..revisions).map(|rev| format!("swp:audit{rev:027x}")).collect();
    let mut cited_ms = f64::MAX;
    let mut cited = 0;
    for _ in 0..3 {
        let t0 = Instant::now();
        cited = match audit::verify_targets(&state.db, &targets).await? {
            audit::Verdict::Ok { rows } => rows,
            audit::Verdict::Broken { seq, reason } => {
                anyhow::bail!("the part's rows are broken at {seq}: {reason}")
            }
        };
        cited_ms = cited_ms.min(t0.elapsed().as_secs_f64() * 1000.0);
    }
    for ext in ["pdf", "csv"] {
        let mut best = f64::MAX;
        let mut size = 0;
        for _ in 0..3 {
            let t0 = Instant::now();
            let r = http
                .get(format!("{base}/api/swps/audit-file/{PART}.{ext}"))
                .header("cookie", &who.cookie)
                .send()
                .await?;
            anyhow::ensure!(r.status().is_success(), "audit file: {}", r.status());
            size = r.bytes().await?.len();
            best = best.min(t0.elapsed().as_secs_f64() * 1000.0);
        }
        let verdict = if best <= 2000.0 { "OK" } else { "OVER" };
        println!(
            "auditor's file .{ext}, {revisions} revisions, {signs} signatures, log of {chain} rows: {best:.0} ms, {:.0} KB (target ≤ 2000) {verdict}",
            size as f64 / 1024.0
        );
    }
    println!(
        "  of which the chain's check at the part's {cited} rows: {cited_ms:.0} ms ({:.1} µs a row); the whole walk (`audit verify`, not in the file): {walk_ms:.0} ms",
        cited_ms * 1000.0 / cited.max(1) as f64
    );
    let floor = load::run(http, bare, None, 1, 1.0, move |r: &mut Rng| {
        format!("/bare/{}", ids[r.below(ids.len() as u64) as usize])
    })
    .await;
    println!(
        "  bare axum+sqlx PK lookup (floor), 1 client: p50 {:.2} ms, p99 {:.2} ms",
        floor.p50_ms, floor.p99_ms
    );
    Ok(())
}
