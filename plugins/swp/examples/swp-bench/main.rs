//! SWP load benchmark. Seeds a plant (default 200 000 SWP revisions, 1 000 000 sign
//! records) into a fresh SQLite file (or a new PostgreSQL database with `--pg URL`),
//! serves the real app in-process on a free port, and measures part search and Browse
//! (every sort key and order, pages 1, 100 and 1000, with and without a search term;
//! cases.rs) with many concurrent clients, next to a bare axum + sqlx primary-key
//! lookup on the same pool (the floor). Prints a table with each row's share of it.
//! Then the outbox's share of an approve call (approve.rs).
//!
//!   cargo run --release -p plantdoc-swp --example swp-bench [-- --small] [--pg URL]
//!       [--swps N] [--signs N] [--secs S] [--clients N]
//!
//! `--small` (2 000 revisions, 10 000 records, 0.5 s per row, one order per key) is for CI: it checks the
//! program runs, in seconds. Before the load, the auditor's file of one part with 50
//! revisions and 20 000 signatures is timed (audit.rs; `--small`: 5 and 2 000). After it,
//! search inside documents (text.rs: `--text-docs N`, default 50 000; `--only-text` skips
//! the rows above), the upload round before/after, and the outbox's share of an approve.
mod approve;
mod audit;
mod cases;
mod load;
mod seed;
mod text;

use plantdoc_core::auth::users::UserInput;
use sqlx::Connection;
// Naming the module crate keeps its registration (see docs/decisions.md, entry 1).
use plantdoc_swp as _;

// The benchmark links only this module, so its configuration enables only this module.
const PASSWORD: &str = "Seed-Load-Measure-42";

struct Args {
    swps: usize,
    signs: usize,
    secs: f64,
    clients: usize,
    pg: Option<String>,
    /// Seed, print the database's path, keep it and stop (to study query plans).
    seed_only: bool,
    /// A database kept by `--seed-only`: measure it again without seeding.
    reuse: Option<String>,
    small: bool,
    /// Documents' text for the search rows.
    text_docs: usize,
    /// Only the search inside documents and upload rows.
    only_text: bool,
    /// The audit log's size around the auditor's file.
    audit_rows: i64,
}

fn args() -> anyhow::Result<Args> {
    let mut a = Args {
        swps: 200_000,
        signs: 1_000_000,
        secs: 5.0,
        clients: 64,
        pg: None,
        seed_only: false,
        reuse: None,
        small: false,
        text_docs: 50_000,
        only_text: false,
        audit_rows: 1_000_000,
    };
    let mut it = std::env::args().skip(1);
    while let Some(flag) = it.next() {
        let mut value = || it.next().ok_or_else(|| anyhow::anyhow!("{flag} needs a value"));
        match flag.as_str() {
            "--small" => {
                (a.swps, a.signs, a.secs, a.clients, a.small, a.text_docs, a.audit_rows) =
                    (2_000, 10_000, 0.5, 16, true, 2_000, 50_000)
            }
            "--audit-rows" => a.audit_rows = value()?.parse()?,
            "--text-docs" => a.text_docs = value()?.parse()?,
            "--only-text" => a.only_text = true,
            "--swps" => a.swps = value()?.parse()?,
            "--signs" => a.signs = value()?.parse()?,
            "--secs" => a.secs = value()?.parse()?,
            "--clients" => a.clients = value()?.parse()?,
            "--pg" => a.pg = Some(value()?),
            "--seed-only" => a.seed_only = true,
            "--reuse" => a.reuse = Some(value()?),
            "-h" | "--help" => {
                println!(
                    "swp-bench [--small] [--pg ADMIN_URL] [--swps N] [--signs N] [--secs S] [--clients N] [--seed-only] [--reuse DB_URL] [--text-docs N] [--only-text] [--audit-rows N]"
                );
                std::process::exit(0);
            }
            other => anyhow::bail!("unknown argument {other} (see --help)"),
        }
    }
    Ok(a)
}

async fn add_user(
    state: &plantdoc_core::AppState,
    email: &str,
    position: &str,
    zones: Vec<String>,
) -> anyhow::Result<()> {
    let input = UserInput {
        firstname: "Bench".into(),
        lastname: "User".into(),
        email: email.into(),
        company_code: "mpk".into(),
        position: position.into(),
        department: "process".into(),
        zones,
        badge: None,
        op_no: None,
        kiosk: None,
        plant_admin: None,
        lang: None,
        temporary: None,
    };
    plantdoc_core::seed::add_user(state, input, PASSWORD, false, "bench")
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    Ok(())
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let a = args()?;
    let tmp = tempfile::tempdir()?;
    let db_url = match (&a.reuse, &a.pg) {
        (Some(url), _) => url.clone(),
        (None, Some(admin)) => load::new_pg_database(admin, "swp_bench").await?,
        (None, None) => format!("sqlite://{}", tmp.path().join("bench.db").display()),
    };
    let state = load::bench_state(
        tmp.path(),
        "modules = [\"swp\"]\n",
        &db_url,
        "swp-bench-secret-swp-bench-secret",
    )
    .await?;
    let backend = if db_url.starts_with("sqlite") { "SQLite" } else { "PostgreSQL" };
    let plant = match &a.reuse {
        Some(_) => seed::existing(&state).await?,
        None => {
            println!(
                "swp-bench: {backend}, seeding {} SWP revisions and {} sign records...",
                a.swps, a.signs
            );
            seed::plant(&state, a.swps, a.signs, state.now_ms()).await?
        }
    };
    println!(
        "seeded {} SWPs ({} parts, {} deployed in company mpk), {} zone rows, {} sign records in {:.1} s",
        plant.swps,
        plant.swps / seed::REVISIONS_PER_PART,
        plant.deployed_ids.len(),
        plant.zones,
        plant.signs,
        plant.secs
    );
    let (audit_revs, audit_signs) = if a.small { (5, 2_000) } else { (50, 20_000) };
    if a.reuse.is_none() {
        let rows = audit::seed(&state, audit_revs, audit_signs, state.now_ms()).await?;
        println!("seeded part {} with {audit_revs} revisions, {audit_signs} signatures and {rows} audit rows", audit::PART);
        let t0 = std::time::Instant::now();
        let other = audit::fill(&state, a.audit_rows, state.now_ms()).await?;
        println!("wrote {other} audit rows of other acts in {:.1} s", t0.elapsed().as_secs_f64());
        add_user(&state, "all-zones@bench.plant", "manager", state.zones.codes("mpk")).await?;
        add_user(&state, "two-zones@bench.plant", "engineer", vec!["A1".into(), "B1".into()])
            .await?;
    }
    if a.reuse.is_none() && a.text_docs > 0 {
        let secs = text::seed(&state, &plant.deployed_ids, a.text_docs).await?;
        println!("wrote the text of {} documents (one page each) in {secs:.1} s", a.text_docs);
    }
    if let Some(w) = text::worker() {
        plantdoc_core::pdf::worker::set_program(w);
    }
    if a.seed_only {
        println!("kept: {db_url}");
        std::mem::forget(tmp);
        return Ok(());
    }

    let (app, _) = plantdoc_core::http::router(state.clone());
    let base = load::serve(app).await?;
    let bare_router = axum::Router::new()
        .route("/bare/{id}", axum::routing::get(load::bare))
        .with_state(state.db.pool.clone());
    let bare_base = load::serve(bare_router).await?;
    let http = reqwest::Client::builder().pool_max_idle_per_host(a.clients).build()?;
    let all = load::sign_in(&http, &base, "all-zones@bench.plant", PASSWORD).await?;
    let two = load::sign_in(&http, &base, "two-zones@bench.plant", PASSWORD).await?;
    if a.reuse.is_none() {
        let ids = std::sync::Arc::new(plant.deployed_ids.clone());
        audit::measure(&state, &http, &base, &bare_base, ids, &all, (audit_revs, audit_signs))
            .await?;
    }

    let ids = std::sync::Arc::new(plant.deployed_ids.clone());
    let parts = std::sync::Arc::new(plant.parts.clone());
    let rows = cases::all(ids.clone(), parts, &all, &two, a.small);
    println!(
        "\n{} clients, {:.1} s per row, {backend}, {} CPUs",
        a.clients,
        a.secs,
        std::thread::available_parallelism().map(|n| n.get()).unwrap_or(1)
    );
    let mut failed = if a.only_text {
        0
    } else {
        cases::run(&http, &base, &bare_base, rows, a.clients, a.secs).await
    };
    failed += text::measure(&http, &base, &bare_base, ids.clone(), &all, a.secs).await;
    match text::worker() {
        Some(_) => {
            if let Err(e) =
                text::uploads(&state, &http, &base, &two, if a.small { 5 } else { 40 }).await
            {
                println!("upload rows not measured: {e}");
            }
        }
        None => println!(
            "upload rows skipped: no plantdoc binary beside the bench (cargo build --bin plantdoc)"
        ),
    }
    if a.reuse.is_none() {
        approve::run(&state, &http, &base, if a.small { 50 } else { 500 }, PASSWORD).await?;
    }
    if let (Some(admin), None) = (&a.pg, &a.reuse) {
        state.db.pool.close().await;
        let mut c = sqlx::AnyConnection::connect(admin).await?;
        let name = db_url.rsplit('/').next().unwrap_or_default();
        let _ = sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {name}")).execute(&mut c).await;
    }
    anyhow::ensure!(failed == 0, "{failed} requests failed");
    Ok(())
}
