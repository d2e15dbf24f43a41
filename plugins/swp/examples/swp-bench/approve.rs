//! The outbox's share of the approve call (target ≤ 10 %, docs/speed.md): one client
//! approves `n` pending SWPs (the process stage, one after another, through HTTP), then
//! the events those calls wrote are told again — same kind, company, zones, subject,
//! data and recipients — each in a transaction rolled back, which is the outbox's whole
//! work inside the call (the event row, the listeners, the notification rows). The empty
//! transaction's cost is printed and taken off. No kept answers: every approve is a
//! new document.
use std::time::{Duration, Instant};

use plantdoc_core::auth::users::UserInput;
use plantdoc_core::events::Event;
use plantdoc_core::AppState;
use sqlx::Row;

use crate::load::Session;

fn p50(mut v: Vec<Duration>) -> f64 {
    v.sort();
    v.get(v.len() / 2).map_or(0.0, |d| d.as_secs_f64() * 1000.0)
}

fn person(email: &str, position: &str, department: &str, zones: Vec<String>) -> UserInput {
    UserInput {
        firstname: "Bench".into(),
        lastname: "Reviewer".into(),
        email: email.into(),
        company_code: "mpk".into(),
        position: position.into(),
        department: department.into(),
        zones,
        badge: None,
        op_no: None,
        kiosk: None,
        plant_admin: None,
        lang: None,
        temporary: None,
    }
}

/// Writes `n` pending SWPs of new parts uploaded by a new engineer; answers their ids.
async fn pending(state: &AppState, n: usize, password: &str) -> anyhow::Result<Vec<String>> {
    let zones = state.zones.codes("mpk");
    let add = |u| plantdoc_core::seed::add_user(state, u, password, false, "bench");
    let owner = add(person("approve-author@bench.plant", "engineer", "process", zones.clone()))
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    add(person("approve-process@bench.plant", "supervisor", "process", zones))
        .await
        .map_err(|e| anyhow::anyhow!("{e:?}"))?;
    let now = state.now_ms();
    let files: Vec<String> = sqlx::query_scalar("SELECT id FROM files ORDER BY id LIMIT 3")
        .fetch_all(&state.db.pool)
        .await?;
    anyhow::ensure!(files.len() == 3, "the plant's three shared files are missing");
    let mut ids = Vec::with_capacity(n);
    for i in 0..n {
        let (id, part_id, part) =
            (format!("ap{i:030x}"), format!("ap-part-{i}"), format!("AP{i:05}-0001"));
        sqlx::query("INSERT INTO parts (id, part_number, description, company_code, created_at) VALUES ($1, $2, '', 'mpk', $3)")
            .bind(&part_id)
            .bind(&part)
            .bind(now)
            .execute(&state.db.pool)
            .await?;
        sqlx::query(
            "INSERT INTO swps (id, company_code, part_number, status, revision, format, owner_id, owner_firstname, owner_lastname, \
             on_behalf_name, part_id, zones, zone_mask, changes, new_release, reference_only, bypass, swc_file, jes_file, vis_file, \
             content_hash, upload_date, process_status, quality_status, production_status) \
             VALUES ($1, 'mpk', $2, 'pending', 0, 'swp', $3, 'Bench', 'Author', '', $4, '[\"A1\"]', $5, '', 1, 0, 0, $6, $7, $8, $9, $10, \
             'Pending', 'Pending', 'Pending')",
        )
        .bind(&id)
        .bind(&part)
        .bind(&owner)
        .bind(&part_id)
        .bind(plantdoc_core::zones::zone_mask(&["A1"]))
        .bind(&files[0])
        .bind(&files[1])
        .bind(&files[2])
        .bind(format!("{:064x}", i + 1))
        .bind(now)
        .execute(&state.db.pool)
        .await?;
        sqlx::query("INSERT INTO swp_zones (swp_id, zone) VALUES ($1, 'A1')")
            .bind(&id)
            .execute(&state.db.pool)
            .await?;
        ids.push(id);
    }
    Ok(ids)
}

pub async fn run(
    state: &AppState,
    http: &reqwest::Client,
    base: &str,
    n: usize,
    password: &str,
) -> anyhow::Result<()> {
    let ids = pending(state, n, password).await?;
    let reviewer: Session =
        crate::load::sign_in(http, base, "approve-process@bench.plant", password).await?;
    let csrf = reviewer
        .cookie
        .split("; ")
        .find_map(|c| c.split_once("csrf=").map(|(_, v)| v.to_string()))
        .unwrap_or_default();
    let before: i64 = sqlx::query_scalar("SELECT COALESCE(MAX(seq), 0) FROM events")
        .fetch_one(&state.db.pool)
        .await?;
    let mut approve = Vec::with_capacity(n);
    for id in &ids {
        let t = Instant::now();
        let r = http
            .post(format!("{base}/api/swps/approve/{id}"))
            .header("cookie", &reviewer.cookie)
            .header("x-csrf-token", &csrf)
            .json(&serde_json::json!({"reviewNote": "Checked."}))
            .send()
            .await?;
        anyhow::ensure!(
            r.status().is_success(),
            "approve {id}: {} {}",
            r.status(),
            r.text().await.unwrap_or_default()
        );
        approve.push(t.elapsed());
    }
    let rows = sqlx::query("SELECT seq, kind, company_code, zones, subject, actor_id, data FROM events WHERE seq > $1 ORDER BY seq")
        .bind(before)
        .fetch_all(&state.db.pool)
        .await?;
    let (mut empty, mut emit) = (Vec::new(), Vec::new());
    for r in &rows {
        let kind = state
            .event_kind(&r.try_get::<String, _>("kind")?)
            .ok_or_else(|| anyhow::anyhow!("undeclared kind"))?;
        let told: Vec<String> =
            sqlx::query_scalar("SELECT user_id FROM notifications WHERE event_seq = $1")
                .bind(r.try_get::<i64, _>("seq")?)
                .fetch_all(&state.db.pool)
                .await?;
        let zones: Vec<String> = serde_json::from_str(&r.try_get::<String, _>("zones")?)?;
        let mut e = Event::new(
            kind.id,
            r.try_get::<String, _>("company_code")?,
            r.try_get::<String, _>("subject")?,
        )
        .zones(zones)
        .data(serde_json::from_str(&r.try_get::<String, _>("data")?)?)
        .to_owners(told);
        e.actor = r.try_get("actor_id")?;
        let t = Instant::now();
        state.db.begin().await?.rollback().await?;
        empty.push(t.elapsed());
        let t = Instant::now();
        let mut tx = state.db.begin().await?;
        state.emit(&mut tx, state.now_ms(), &e).await?;
        tx.rollback().await?;
        emit.push(t.elapsed());
    }
    let per_call = rows.len() as f64 / n as f64;
    let (call, told, tx) = (p50(approve), p50(emit), p50(empty));
    let outbox = (told - tx).max(0.0) * per_call;
    println!(
        "approve (process stage), 1 client, {n} SWPs: p50 {call:.2} ms; {per_call:.1} events a call, telling one p50 {told:.2} ms \
         (an empty transaction {tx:.2} ms): the outbox is {:.1} % of the call (target ≤ 10 %)",
        outbox / (call - outbox).max(f64::EPSILON) * 100.0
    );
    Ok(())
}
