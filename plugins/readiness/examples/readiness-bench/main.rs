//! Reading obligations at plant size (docs/speed.md; `make bench`, `--small` in the
//! smoke run): on the kiosk benchmark's plant (2 000 operators, 50 000 SWP revisions, 1 M
//! sign records), (1) a revision of a part every operator signed is told deployed: the
//! time the readiness listener takes to write its 2 000 obligations inside the act's
//! transaction (target ≤ 1 s); (2) the summary by zone over 100 000 open obligations at
//! one client, p50 (target ≤ 50 ms); (3) the kiosk's obligations call at 64 connections,
//! every request for another operator, next to the floor (a bare axum+sqlx primary-key
//! read; target ≥ 40 %), uncached. It prints figures; it asserts only that no request failed.
#[path = "../../../swp/examples/swp-bench/load.rs"]
mod load;
#[allow(dead_code)]
#[path = "../../../swp/examples/swp-bench/seed.rs"]
mod seed;

use std::time::Instant;

use plantdoc_core::auth::users::UserInput;
use plantdoc_core::events::Event;
use serde_json::json;
use sqlx::Row;
use {
    plantdoc_alerts as _, plantdoc_island as _, plantdoc_readiness as _, plantdoc_swp as _,
    plantdoc_users as _,
};

const PASSWORD: &str = "Seed-Load-Measure-42";
const RELEASE: &str = "modules = [\"swp\", \"alerts\", \"island\", \"users\", \"readiness\"]\n";

fn user(email: &str, position: &str, zones: Vec<String>, kiosk: bool) -> UserInput {
    UserInput {
        firstname: "Bench".into(),
        lastname: "Person".into(),
        email: email.into(),
        company_code: "mpk".into(),
        position: position.into(),
        department: "production".into(),
        zones,
        badge: None,
        op_no: None,
        kiosk: Some(kiosk),
        plant_admin: None,
        lang: None,
        temporary: None,
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let small = args.iter().any(|a| a == "--small");
    // `--pg ADMIN_URL`: the same on a new PostgreSQL database next to that one's.
    let pg = args
        .iter()
        .position(|a| a == "--pg")
        .map(|i| args.get(i + 1).cloned().ok_or_else(|| anyhow::anyhow!("--pg needs a URL")));
    let (swps, signs, ops, open, secs, clients) = if small {
        (2_000, 10_000, 200, 5_000, 1.0, 16)
    } else {
        (50_000, 1_000_000, 2_000, 100_000, 5.0, 64)
    };
    let tmp = tempfile::tempdir()?;
    let (db_url, dialect) = match pg {
        Some(admin) => (load::new_pg_database(&admin?, "readiness_bench").await?, "PostgreSQL"),
        None => (format!("sqlite://{}", tmp.path().join("bench.db").display()), "SQLite"),
    };
    let state =
        load::bench_state(tmp.path(), RELEASE, &db_url, "readiness-bench-secret-readiness").await?;
    let zones = state.zones.codes("mpk");
    let zones_json = serde_json::to_string(&zones)?;
    println!("readiness-bench: {dialect}, seeding {swps} SWP revisions, {signs} sign records, {ops} operators...");
    let plant = seed::plant(&state, swps, signs, state.now_ms()).await?;
    let now = state.now_ms();
    for chunk in (0..ops).collect::<Vec<_>>().chunks(200) {
        let values: Vec<String> = chunk
            .iter()
            .map(|i| format!("('op{i}', 'op{i}@bench.plant', 'x', 'Operator', '{i}', 'operator', 'production', 'mpk', '{zones_json}', 'B{i}', 'OP{i:04}', {now}, {now})"))
            .collect();
        let sql = format!(
            "INSERT INTO users (id, email, password_hash, firstname, lastname, position, department, company_code, zones, badge, op_no, created_at, updated_at) VALUES {}",
            values.join(", ")
        );
        sqlx::query(&sql).execute(&state.db.pool).await?;
    }
    for (email, position, kiosk) in
        [("manager@bench.plant", "manager", false), ("kiosk@bench.plant", "operator", true)]
    {
        plantdoc_core::seed::add_user(
            &state,
            user(email, position, zones.clone(), kiosk),
            PASSWORD,
            false,
            "bench",
        )
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    }

    // (1) Every operator signed (verified) the part's deployed revision; the next deploys.
    let r = sqlx::query("SELECT id, part_number, part_id, content_hash FROM swps WHERE status = 'deployed' ORDER BY id LIMIT 1")
        .fetch_one(&state.db.pool)
        .await?;
    let (id, part, part_id, hash): (String, String, String, String) =
        (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?, r.try_get(3)?);
    for chunk in (0..ops).collect::<Vec<_>>().chunks(200) {
        let values: Vec<String> = chunk
            .iter()
            .map(|i| format!("('rb{i}', 'swp', '{id}', '{hash}', 'op{i}', 'Operator {i}', 'OP{i:04}', {now}, 'read and understood', 'op0', 'Lead', 'OP0000', {now}, 'verified')"))
            .collect();
        let sql = format!(
            "INSERT INTO acknowledgements (id, doc_kind, doc_id, version_hash, operator_id, op_full_name, op_no, signed_at, sign_meaning, verifier_id, cl_full_name, cl_op_no, verified_at, verify_meaning) VALUES {}",
            values.join(", ")
        );
        sqlx::query(&sql).execute(&state.db.pool).await?;
    }
    let data = json!({"docId": "bench-next", "partNumber": part, "partId": part_id, "revision": 99, "previousId": id, "earlierIds": [id], "versionHash": "next"});
    let event = Event::new("swp.deployed", "mpk", "swp:bench-next").zones(zones.clone()).data(data);
    let t = Instant::now();
    let mut tx = state.db.begin().await?;
    state.emit(&mut tx, now, &event).await?;
    tx.commit().await?;
    let deploy_s = t.elapsed().as_secs_f64();
    let written: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM readiness_obligations")
        .fetch_one(&state.db.pool)
        .await?;
    println!(
        "deploy of a part signed by {ops} operators: {written} obligations written in {:.0} ms (target ≤ 1 000 ms)",
        deploy_s * 1000.0
    );

    // (2) The summary by zone over `open` open obligations.
    for chunk in (0..open).collect::<Vec<_>>().chunks(500) {
        let values: Vec<String> = chunk
            .iter()
            .map(|i| {
                let z = &zones[i % zones.len()];
                let (op, p) = (i % ops, &plant.parts[i % plant.parts.len()]);
                let mask = plantdoc_core::zones::zone_mask(std::slice::from_ref(z));
                format!("('bo{i}', 'bo{i}', 'mpk', 'op{op}', 'swp', 'd{i}', 'h', '{p}', 'pid{i}', 1, NULL, '[\"{z}\"]', {mask}, 'new-revision', {now}, {}, 'open')", now + (*i as i64 % 20 - 10) * 86_400_000)
            })
            .collect();
        let sql = format!(
            "INSERT INTO readiness_obligations (id, dedup, company_code, operator_id, kind, doc_id, version_hash, part_number, part_id, revision, alert_tag, zones, zone_mask, reason, created_at, due_date, state) VALUES {}",
            values.join(", ")
        );
        sqlx::query(&sql).execute(&state.db.pool).await?;
    }
    // Fresh statistics, and on PostgreSQL a visibility map, as autovacuum would leave them.
    let tidy = if state.db.dialect == plantdoc_core::db::Dialect::Postgres {
        "VACUUM ANALYZE"
    } else {
        "ANALYZE"
    };
    sqlx::raw_sql(&format!("{tidy} readiness_obligations")).execute(&state.db.pool).await?;
    let (app, _) = plantdoc_core::http::router(state.clone());
    let base = load::serve(app).await?;
    let floor = load::serve(
        axum::Router::new()
            .route("/bare/{id}", axum::routing::get(load::bare))
            .with_state(state.db.pool.clone()),
    )
    .await?;
    let http = reqwest::Client::builder().pool_max_idle_per_host(clients).build()?;
    let manager = load::sign_in(&http, &base, "manager@bench.plant", PASSWORD).await?;
    let summary = load::run(&http, &base, Some(&manager), 1, secs, |_| {
        "/api/readiness/summary?by=zone".to_string()
    })
    .await;
    println!(
        "summary by zone, {open} open obligations, 1 client: {} requests, p50 {:.1} ms, p99 {:.1} ms, {} errors (target p50 ≤ 50 ms)",
        summary.requests, summary.p50_ms, summary.p99_ms, summary.errors
    );

    // (3) The kiosk's call, a different operator each request, next to the floor.
    let kiosk = load::sign_in(&http, &base, "kiosk@bench.plant", PASSWORD).await?;
    let n = ops as u64;
    let first = load::run(&http, &floor, None, clients, secs, {
        let ids = std::sync::Arc::new(plant.deployed_ids.clone());
        move |r| format!("/bare/{}", ids[r.below(ids.len() as u64) as usize])
    })
    .await;
    let z = zones[0].clone();
    let call = load::run(&http, &base, Some(&kiosk), clients, secs, move |r| {
        format!("/api/island/obligations/{z}/op{}", r.below(n))
    })
    .await;
    let share = call.rps() / first.rps().max(1.0) * 100.0;
    println!(
        "floor (bare PK read), {clients} connections: {:.0} req/s, p50 {:.2} ms",
        first.rps(),
        first.p50_ms
    );
    println!(
        "kiosk obligations, {clients} connections, uncached: {:.0} req/s, p50 {:.2} ms, p99 {:.2} ms, {} errors: {share:.0} % of the floor (target ≥ 40 %)",
        call.rps(),
        call.p50_ms,
        call.p99_ms,
        call.errors
    );
    let errors = summary.errors + call.errors + first.errors;
    anyhow::ensure!(errors == 0, "{errors} requests failed");
    Ok(())
}
