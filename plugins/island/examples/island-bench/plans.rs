//! `--plans`: SQLite's EXPLAIN QUERY PLAN of each hot-path query on the seeded plant
//! (the texts are the handlers' SQL with literals), so an index change shows here.
use plantdoc_core::app::AppState;
use sqlx::Row;

const QUERIES: &[(&str, &str)] = &[
    ("session", "SELECT s.csrf, u.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = 'x'"),
    ("badge", "SELECT id FROM users WHERE badge = 'B1' AND company_code = 'mpk' AND disabled = 0"),
    (
        "part search",
        "SELECT s.part_id, s.part_number FROM swps s WHERE s.status = 'deployed' AND s.company_code = 'mpk' AND s.part_number >= '70' AND s.part_number < '71' ORDER BY s.part_number LIMIT 10",
    ),
    (
        "deployed-swp",
        "SELECT s.id FROM parts p JOIN swp_parts sp ON sp.company_code = p.company_code AND sp.part_number = p.part_number \
         JOIN swps s ON s.id = sp.current_id WHERE p.id = 'p1' AND p.company_code = 'mpk'",
    ),
    (
        "status: operator's records",
        "SELECT (SELECT MAX(k.signed_at) FROM acknowledgements k WHERE k.doc_kind = 'swp' AND k.doc_id = 's1' AND k.version_hash = 'h' AND k.operator_id = 'op1' AND k.verified_at IS NOT NULL), \
         (SELECT COUNT(*) FROM acknowledgements k WHERE k.doc_kind = 'swp' AND k.doc_id = 's1' AND k.version_hash = 'h' AND k.operator_id = 'op1' AND k.verified_at IS NULL)",
    ),
    ("history: records", "SELECT id FROM acknowledgements WHERE doc_kind = 'swp' AND doc_id IN ('s1') AND version_hash = 'h' ORDER BY signed_at DESC, id"),
    (
        "alert feed: zone list (remembered 2 s)",
        "SELECT a.id FROM alert_zones z JOIN alerts a ON a.id = z.alert_id WHERE z.company_code = 'mpk' AND z.zone = 'A1' AND z.deployed = 1 AND z.sunset_date > 1 AND z.effective_date <= 1 \
         AND a.status = 'deployed' AND a.company_code = 'mpk' ORDER BY a.effective_date DESC, a.id LIMIT 400",
    ),
    (
        "alert feed: operator's signatures (since the list's first effective date)",
        "SELECT '' AS id, '' AS hash FROM users u WHERE u.id = 'op1' AND u.company_code = 'mpk' \
         UNION ALL SELECT k.doc_id AS id, k.version_hash AS hash FROM acknowledgements k \
         WHERE k.operator_id = 'op1' AND k.doc_kind = 'alert' AND k.verified_at IS NOT NULL AND k.signed_at >= 1",
    ),
];

pub async fn print(state: &AppState) -> anyhow::Result<()> {
    if state.db.dialect != plantdoc_core::db::Dialect::Sqlite {
        return Ok(());
    }
    println!("\nquery plans (SQLite EXPLAIN QUERY PLAN)");
    for (name, sql) in QUERIES {
        let rows = sqlx::query(&format!("EXPLAIN QUERY PLAN {sql}")).fetch_all(&state.db.pool).await?;
        let steps: Vec<String> = rows.iter().filter_map(|r| r.try_get::<String, _>("detail").ok()).collect();
        println!("  {name}: {}", steps.join(" | "));
    }
    Ok(())
}
