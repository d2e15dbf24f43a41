//! Change control on the kiosk's SWP read (docs/speed.md): 10 000 deployed SWPs are put
//! under approved change requests that date their zones a year ahead, so the kiosk reads
//! of those parts take the held-back path (the revision each superseded stays in force).
//! Printed beside the floor: the kept read at the row's connections, and the first reads
//! of parts not read before (uncached, one client), target ≥ 40 % of the floor.
use std::time::Instant;

use plantdoc_core::AppState;
use sqlx::Row;

use crate::load::{self, Session};

/// Seeds `n` change requests, each over one deployed SWP, dated a year ahead in every zone;
/// answers the catalogue part id and the held-back SWP of each.
pub async fn seed(state: &AppState, n: usize) -> anyhow::Result<Vec<(String, String)>> {
    let now = state.now_ms();
    let rows = sqlx::query(
        "SELECT s.id, s.part_number, s.part_id FROM swps s WHERE s.status = 'deployed' AND s.company_code = 'mpk' \
         AND s.revision > 0 ORDER BY s.id LIMIT $1",
    )
    .bind(n as i64)
    .fetch_all(&state.db.pool)
    .await?;
    let day = plantdoc_core::ports::day_of(now + 365 * 24 * 3600 * 1000);
    let zones = state.zones.codes("mpk");
    let zone_list = serde_json::to_string(&zones)?;
    let mut parts = Vec::with_capacity(rows.len());
    let mut tx = state.db.begin().await?;
    for (i, r) in rows.iter().enumerate() {
        let (doc, part, part_id): (String, String, String) =
            (r.try_get(0)?, r.try_get(1)?, r.try_get(2)?);
        let id = format!("bench-cr-{i}");
        sqlx::query(
            "INSERT INTO change_requests (id, company_code, number, part_number, status, owner_id, owner_firstname, owner_lastname, \
             zones, zone_mask, changes, title, refs, documents, upload_date, deploy_date, process_status, quality_status) \
             VALUES ($1, 'mpk', $2, $2, 'deployed', 'bench', 'Bench', 'Engineer', $3, 0, 'bench', 'bench', '[]', '[]', $4, $4, 'Approved', 'Approved')",
        )
        .bind(&id)
        .bind(format!("CR-2026-{i:05}"))
        .bind(&zone_list)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        for z in &zones {
            sqlx::query("INSERT INTO change_request_zones (request_id, zone, effective) VALUES ($1, $2, $3)")
                .bind(&id)
                .bind(z)
                .bind(&day)
                .execute(&mut *tx)
                .await?;
        }
        sqlx::query(
            "INSERT INTO change_request_revisions (request_id, doc_kind, doc_id, part_number, reason, submitted_at, deployed_at) \
             VALUES ($1, 'swp', $2, $3, 'bench', $4, $4)",
        )
        .bind(&id)
        .bind(&doc)
        .bind(&part)
        .bind(now)
        .execute(&mut *tx)
        .await?;
        parts.push((part_id, doc));
    }
    tx.commit().await?;
    Ok(parts)
}

/// The two rows, printed with their share of `floor` (req/s).
pub async fn bench(
    http: &reqwest::Client,
    base: &str,
    kiosk: &Session,
    held: Vec<(String, String)>,
    (clients, secs, floor): (usize, f64, f64),
) -> anyhow::Result<()> {
    anyhow::ensure!(!held.is_empty(), "no SWP revision to put under change control");
    let n = held.len();
    // Uncached: each part's first read in a language not asked before (its own kept
    // answer), one client; the answer must be the superseded revision, not the held one.
    let mut lat = Vec::new();
    let mut errors = 0;
    let started = Instant::now();
    for (part, doc) in held.iter().take(500) {
        let t = Instant::now();
        let r = http
            .get(format!("{base}/api/swps/deployed-swp?partId={part}&lang=pl"))
            .header("cookie", &kiosk.cookie)
            .send()
            .await?;
        let ok = r.status().is_success();
        let body: serde_json::Value = r.json().await.unwrap_or_default();
        lat.push(t.elapsed().as_secs_f64() * 1000.0);
        errors += usize::from(!ok || body["details"]["_id"].as_str().is_none_or(|id| id == doc));
    }
    let first_secs = started.elapsed().as_secs_f64();
    lat.sort_by(f64::total_cmp);
    let p50 = lat[lat.len() / 2];
    let parts: std::sync::Arc<Vec<String>> =
        std::sync::Arc::new(held.into_iter().map(|(p, _)| p).collect());
    let kept = load::run(http, base, Some(kiosk), clients, secs, move |r| {
        format!("/api/swps/deployed-swp?partId={}", parts[r.below(parts.len() as u64) as usize])
    })
    .await;
    println!(
        "change control: {n} deployed SWPs held back (effective dates a year ahead, the superseded revisions in force)"
    );
    println!(
        "  deployed-swp, kept: {:.0} req/s at {clients} connections, p50 {:.2} ms, p99 {:.2} ms, {} errors: {:.0} % of the floor (target >= 40 %)",
        kept.rps(),
        kept.p50_ms,
        kept.p99_ms,
        kept.errors,
        100.0 * kept.rps() / floor.max(1.0)
    );
    println!(
        "  deployed-swp, first reads (uncached, 1 client): {} reads, {:.0} req/s, p50 {p50:.2} ms, {errors} errors",
        lat.len(),
        lat.len() as f64 / first_secs
    );
    anyhow::ensure!(kept.errors == 0 && errors == 0, "change-control reads failed");
    Ok(())
}
