//! The kiosk hot path under load (`make bench`): badge lookup, part search, the part's
//! deployed SWP, the operator status inputs, the sign history, the two alert feeds and the
//! machines' in-force read, on a plant of 2 000 operators, 50 000 SWP revisions, 1 M sign
//! records and 20 000 alerts (a few hundred in force), each next to the floor (a bare
//! axum+sqlx primary-key lookup) in the same run; then the training matrix of 200 parts × 100
//! operators at one client. It prints figures; it asserts only that no request failed.
//! The plant and the load loop are the SWP benchmark's (shared source files).
//! `--small`: a small plant (CI); `--plans`: query plans first; `--matrix`: only the
//! training matrix; `--only TEXT`: the floor rows and the rows whose name holds TEXT;
//! `--sync`: only the offline sync (500 queued signatures, decision 121) on a small plant.
mod accounts;
mod alerts;
mod changes;
#[path = "../../../swp/examples/swp-bench/load.rs"]
mod load;
mod machines;
mod plans;
mod sync;
mod training;
// Shared with the SWP benchmark, which uses parts this one does not.
#[allow(dead_code)]
#[path = "../../../swp/examples/swp-bench/seed.rs"]
mod seed;

use sqlx::Row;
use {plantdoc_alerts as _, plantdoc_changes as _, plantdoc_island as _};
use {plantdoc_swp as _, plantdoc_training as _};

const PASSWORD: &str = "Seed-Load-Measure-42";
const RELEASE: &str = "modules = [\"swp\", \"alerts\", \"island\", \"training\", \"changes\"]\n";
/// The kiosk's targets (docs/speed.md, 'Kiosk hot path'): at least this share of the
/// floor's requests/s...
const TARGET_SHARE: f64 = 0.60;
/// ...and at most this p99 (ms), at 64 connections in a release build.
const TARGET_P99_MS: f64 = 5.0;

/// Operators `op0`..: the ids the seeded sign records name, each with a badge `B<n>`.
async fn operators(state: &plantdoc_core::AppState, n: usize) -> anyhow::Result<()> {
    let now = state.now_ms();
    for chunk in (0..n).collect::<Vec<_>>().chunks(200) {
        let values: Vec<String> = chunk
            .iter()
            .map(|i| format!("('op{i}', 'op{i}@bench.plant', 'x', 'Operator', '{i}', 'operator', 'production', 'mpk', '[]', 'B{i}', 'OP{i:04}', {now}, {now})"))
            .collect();
        let sql = format!(
            "INSERT INTO users (id, email, password_hash, firstname, lastname, position, department, company_code, zones, badge, op_no, created_at, updated_at) VALUES {}",
            values.join(", ")
        );
        sqlx::query(&sql).execute(&state.db.pool).await?;
    }
    Ok(())
}

/// The floor's route reading through one of the app's held connections instead of the
/// pool (decision 44): what the kiosk rows' reads save, shown beside the floor.
async fn bare_held(
    axum::extract::State(db): axum::extract::State<plantdoc_core::db::Db>,
    axum::extract::Path(id): axum::extract::Path<String>,
) -> Result<axum::Json<serde_json::Value>, axum::http::StatusCode> {
    let mut c = db.reader().await.map_err(|_| axum::http::StatusCode::SERVICE_UNAVAILABLE)?;
    load::floor_answer(sqlx::query(load::FLOOR_SQL).bind(&id).fetch_optional(&mut *c).await)
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let small = std::env::args().any(|a| a == "--small");
    // --matrix: only the training matrix, full size, on a small plant (no load rows).
    let matrix_only = std::env::args().any(|a| a == "--matrix");
    let sync_only = std::env::args().any(|a| a == "--sync");
    let small = small || sync_only;
    let (swps, signs, ops, secs, clients) = if small || matrix_only {
        (2_000, 10_000, 200, 1.0, 16)
    } else {
        (50_000, 1_000_000, 2_000, 5.0, 64)
    };
    let (n_alerts, in_force, m_parts, m_ops, reads) = if small {
        (1_000, 40, 20, 10, 5)
    } else if matrix_only {
        (1_000, 40, 200, 100, 100)
    } else {
        (20_000, 300, 200, 100, 30)
    };
    let tmp = tempfile::tempdir()?;
    let db_url = format!("sqlite://{}", tmp.path().join("bench.db").display());
    let state =
        load::bench_state(tmp.path(), RELEASE, &db_url, "island-bench-secret-island-bench").await?;
    println!("island-bench: SQLite, seeding {swps} SWP revisions, {signs} sign records, {ops} operators...");
    let plant = seed::plant(&state, swps, signs, state.now_ms()).await?;
    operators(&state, ops).await?;
    accounts::add(&state).await?;
    let catalogue: Vec<(String, String)> = sqlx::query(
        "SELECT id, part_number FROM parts WHERE company_code = 'mpk' ORDER BY id LIMIT 5000",
    )
    .fetch_all(&state.db.pool)
    .await?
    .iter()
    .map(|r| Ok((r.try_get("id")?, r.try_get("part_number")?)))
    .collect::<Result<_, sqlx::Error>>()?;
    let seeded = alerts::seed(&state, n_alerts, in_force, &catalogue, ops, state.now_ms()).await?;
    let part_ids: Vec<String> = sqlx::query(
        "SELECT part_id FROM swps WHERE status = 'deployed' AND company_code = 'mpk' LIMIT 10000",
    )
    .fetch_all(&state.db.pool)
    .await?
    .iter()
    .map(|r| r.try_get("part_id"))
    .collect::<Result<_, _>>()?;
    println!(
        "seeded {} SWPs, {} deployed, {} sign records in {:.1} s",
        plant.swps,
        plant.deployed_ids.len(),
        plant.signs,
        plant.secs
    );
    println!(
        "seeded {} alerts, {} in force over {} zones",
        seeded.total,
        seeded.in_force,
        seeded.zones.len()
    );
    let file_mb = std::fs::metadata(tmp.path().join("bench.db"))
        .map(|m| m.len() as f64 / 1048576.0)
        .unwrap_or(0.0);
    println!("database file {file_mb:.0} MB (SQLite maps up to 2 048 MB of it, decision 43)");

    if std::env::args().any(|a| a == "--plans") {
        plans::print(&state).await?;
    }
    let (app, _) = plantdoc_core::http::router(state.clone());
    let base = load::serve(app).await?;
    let bare_base = load::serve(
        axum::Router::new()
            .route("/bare/{id}", axum::routing::get(load::bare))
            .route("/bytes/{n}", axum::routing::get(load::bytes))
            .with_state(state.db.pool.clone())
            .merge(
                axum::Router::new()
                    .route("/bare-held/{id}", axum::routing::get(bare_held))
                    .with_state(state.db.clone()),
            ),
    )
    .await?;
    let http = reqwest::Client::builder().pool_max_idle_per_host(clients).build()?;
    let kiosk = load::sign_in(&http, &base, "kiosk@bench.plant", PASSWORD).await?;
    if sync_only {
        return sync::bench(&state, &http, (&base, &bare_base), &kiosk, &plant.deployed_ids, ops)
            .await;
    }

    let ids = std::sync::Arc::new(plant.deployed_ids.clone());
    let parts = std::sync::Arc::new(plant.parts.clone());
    let part_ids = std::sync::Arc::new(part_ids);
    // Sign records name operators op0..op399 (the SWP seed's), so status rows find some.
    let op = move |r: &mut seed::Rng| r.below(400.min(ops as u64));
    type Make = Box<dyn Fn(&mut seed::Rng) -> String + Send + Sync>;
    // Row kinds: the app's rows (held to the target), the floor (first and last), and
    // reference rows that show what the floor leaves out (the app's stack, answer sizes).
    const APP: u8 = 0;
    const FLOOR: u8 = 1;
    const REF: u8 = 2;
    /// A reference row served by the app (signed in).
    const REF_APP: u8 = 3;
    let mut rows: Vec<(String, u8, Make)> = Vec::new();
    let i = ids.clone();
    rows.push((
        "floor: bare axum+sqlx PK lookup".into(),
        FLOOR,
        Box::new(move |r| format!("/bare/{}", i[r.below(i.len() as u64) as usize])),
    ));
    // The floor's read on a connection the app holds for its hot reads (decision 44).
    let i = ids.clone();
    rows.push((
        "floor's read on a held connection".into(),
        REF,
        Box::new(move |r| format!("/bare-held/{}", i[r.below(i.len() as u64) as usize])),
    ));
    // The app's stack with no query: a signed-in call answered from the session memo.
    rows.push((
        "stack: signed-in call, no query".into(),
        REF_APP,
        Box::new(|_| "/api/users/current".to_string()),
    ));
    rows.push((
        "badge lookup (operator-from-badge)".into(),
        APP,
        Box::new(move |r| format!("/api/island/operator-from-badge/B{}", r.below(ops as u64))),
    ));
    let p = parts.clone();
    rows.push((
        "part search (prefix 2-5 chars, limit 10)".into(),
        APP,
        Box::new(move |r| {
            let s = &p[r.below(p.len() as u64) as usize];
            let n = 2 + r.below(4) as usize;
            format!(
                "/api/swps/deployed-swp-part-numbers?searchTerm={}&limit=10",
                &s[..n.min(s.len())]
            )
        }),
    ));
    let pi = part_ids.clone();
    rows.push((
        "deployed-swp?partId= (with links)".into(),
        APP,
        Box::new(move |r| {
            format!("/api/swps/deployed-swp?partId={}", pi[r.below(pi.len() as u64) as usize])
        }),
    ));
    let i = ids.clone();
    rows.push((
        "operator status inputs".into(),
        APP,
        Box::new(move |r| {
            format!(
                "/api/island/operator-status/op{}/{}",
                op(r),
                i[r.below(i.len() as u64) as usize]
            )
        }),
    ));
    let i = ids.clone();
    rows.push((
        "sign history".into(),
        APP,
        Box::new(move |r| {
            format!("/api/island/sign-history/{}", i[r.below(i.len() as u64) as usize])
        }),
    ));
    let z = std::sync::Arc::new(seeded.zones.clone());
    let zz = z.clone();
    rows.push((
        "alert feed: zone".into(),
        APP,
        Box::new(move |r| {
            format!("/api/alerts/operator-alerts/zone/{}", zz[r.below(zz.len() as u64) as usize])
        }),
    ));
    rows.push((
        "alert feed: zone and operator".into(),
        APP,
        Box::new(move |r| {
            format!(
                "/api/alerts/operator-alerts/{}/op{}",
                z[r.below(z.len() as u64) as usize],
                r.below(ops as u64)
            )
        }),
    ));
    rows.push((
        "in force for machines (part and zone)".into(),
        APP,
        Box::new(machines::in_force_path(&catalogue, state.zones.codes("mpk"))),
    ));

    if !matrix_only {
        println!(
            "\n{clients} clients, {secs:.0} s per row, SQLite, {} CPUs",
            std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
        );
        println!(
            "{:<44} {:>8} {:>9} {:>8} {:>8} {:>6} {:>8} {:>7}",
            "scenario", "requests", "req/s", "p50 ms", "p99 ms", "errors", "B/answer", "% floor"
        );
    }
    // The floor is measured first and last; shares are of their mean (it moves with the
    // machine's state between runs: 11–17 k req/s here).
    let i = ids.clone();
    // What an answer of the kiosk SWP reads' size costs with no work behind it: a bare
    // route answering that many bytes from memory (their mean size, sampled first). A
    // version's sign records are tens of KB here, ~100 per deployed version.
    let (pi, si) = (part_ids.clone(), ids.clone());
    let samples: [(&str, Make); 2] = [
        (
            "deployed-swp",
            Box::new(move |r| {
                format!("/api/swps/deployed-swp?partId={}", pi[r.below(pi.len() as u64) as usize])
            }),
        ),
        (
            "sign history",
            Box::new(move |r| {
                format!("/api/island/sign-history/{}", si[r.below(si.len() as u64) as usize])
            }),
        ),
    ];
    for (what, make) in samples {
        let n = load::run(&http, &base, Some(&kiosk), 4, 0.5, make).await.mean_bytes();
        rows.push((
            format!("size floor: {n} B from memory ({what})"),
            REF,
            Box::new(move |_| format!("/bytes/{n}")),
        ));
    }
    rows.push((
        "floor: bare axum+sqlx PK lookup (last)".into(),
        FLOOR,
        Box::new(move |r| format!("/bare/{}", i[r.below(i.len() as u64) as usize])),
    ));
    if matrix_only {
        rows.clear();
    }
    // --only TEXT: the floor rows and the rows whose name holds TEXT (to profile one).
    let args: Vec<String> = std::env::args().collect();
    if let Some(only) = args.iter().position(|a| a == "--only").and_then(|i| args.get(i + 1)) {
        rows.retain(|(name, kind, _)| *kind != APP || name.contains(only.as_str()));
    }
    let mut done = Vec::new();
    for (name, kind, make) in rows {
        let on_app = kind == APP || kind == REF_APP;
        let (target, session) = if on_app { (&base, Some(&kiosk)) } else { (&bare_base, None) };
        done.push((name, kind, load::run(&http, target, session, clients, secs, make).await));
    }
    let floors: Vec<f64> = done.iter().filter(|d| d.1 == FLOOR).map(|d| d.2.rps()).collect();
    let floor = floors.iter().sum::<f64>() / floors.len().max(1) as f64;
    let mut failed = 0;
    let mut missed = Vec::new();
    for (name, kind, o) in &done {
        failed += o.errors;
        let share = o.rps() / floor.max(1.0);
        let met = *kind != APP || (share >= TARGET_SHARE && o.p99_ms <= TARGET_P99_MS);
        if !met {
            missed.push(name.as_str());
        }
        let flag = if met { "" } else { "below target" };
        println!(
            "{:<44} {:>8} {:>9.0} {:>8.2} {:>8.2} {:>6} {:>8} {:>6.0}% {flag}",
            name,
            o.requests,
            o.rps(),
            o.p50_ms,
            o.p99_ms,
            o.errors,
            o.mean_bytes(),
            100.0 * share
        );
    }
    if !matrix_only {
        println!("floor: mean of the first and last floor rows, {floor:.0} req/s");
    }
    let note = if small {
        " — --small checks that it runs; the targets are for the full size"
    } else {
        ""
    };
    let verdict = if missed.is_empty() {
        "all met".to_string()
    } else {
        format!("missed: {}", missed.join(", "))
    };
    if !matrix_only {
        println!(
            "target: >= {:.0} % of the floor and p99 <= {TARGET_P99_MS} ms at 64 connections, release build ({verdict}){note}",
            TARGET_SHARE * 100.0
        );
    }
    anyhow::ensure!(failed == 0, "{failed} requests failed");
    if !matrix_only {
        let path = machines::in_force_path(&catalogue, state.zones.codes("mpk"));
        machines::uncached(&http, &base, &kiosk, &state, &path).await?;
        let held = changes::seed(&state, if small { 200 } else { 10_000 }).await?;
        changes::bench(&http, &base, &kiosk, held, (clients, secs, floor)).await?;
    }

    let staff = training::Staff {
        http: &http,
        base: &base,
        session: load::sign_in(&http, &base, "leader@bench.plant", PASSWORD).await?,
    };
    let m_parts: Vec<String> = catalogue.iter().take(m_parts).map(|(_, n)| n.clone()).collect();
    let m_ops: Vec<String> = (0..m_ops).map(|i| format!("op{i}")).collect();
    let (built, _) = training::bench(&state, &staff, &m_parts, &m_ops, reads).await?;
    if !small {
        println!(
            "target: the 200 × 100 matrix <= 20 ms p50 at one client ({})",
            if built <= 20.0 { "met" } else { "missed" }
        );
    }
    Ok(())
}
