//! `--plans`: SQLite's EXPLAIN QUERY PLAN of each hot-path query on the seeded plant, so
//! an index change shows here: the handlers' own statements where they export them
//! (placeholders left unbound), else their SQL with literals.
use plantdoc_core::acks::{self, DocKind};
use plantdoc_core::app::AppState;
use sqlx::Row;

const QUERIES: &[(&str, &str)] = &[
    ("session", "SELECT s.csrf, u.id FROM sessions s JOIN users u ON u.id = s.user_id WHERE s.id_hash = 'x'"),
    ("badge", "SELECT id FROM users WHERE badge = 'B1' AND company_code = 'mpk' AND disabled = 0"),
    (
        "part search",
        "SELECT s.part_id, s.part_number FROM swps s WHERE s.status = 'deployed' AND s.company_code = 'mpk' AND s.part_number >= '70' AND s.part_number < '71' ORDER BY s.part_number LIMIT 10",
    ),
];

pub async fn print(state: &AppState) -> anyhow::Result<()> {
    if state.db.dialect != plantdoc_core::db::Dialect::Sqlite {
        return Ok(());
    }
    println!("\nquery plans (SQLite EXPLAIN QUERY PLAN)");
    let own = [
        (
            "deployed-swp (one statement)",
            plantdoc_swp::deployed_sql(plantdoc_core::db::Dialect::Sqlite).to_string(),
        ),
        ("status (one statement)", plantdoc_swp::standing_sql().to_string()),
        (
            "history and deployed-swp: a version's sign records",
            format!("SELECT {}", acks::version_json_sql(DocKind::new("swp"), "$1", "$2")),
        ),
        ("alert feed: zone list (remembered)", plantdoc_alerts::ZONE_LIST_SQL.to_string()),
        (
            "alert feed: operator's signatures (since the list's first effective date)",
            plantdoc_alerts::OPERATOR_SIGNED_SQL.clone(),
        ),
    ];
    let copies = QUERIES.iter().map(|(n, q)| (*n, q.to_string()));
    for (name, sql) in copies.chain(own) {
        let rows =
            sqlx::query(&format!("EXPLAIN QUERY PLAN {sql}")).fetch_all(&state.db.pool).await?;
        let steps: Vec<String> =
            rows.iter().filter_map(|r| r.try_get::<String, _>("detail").ok()).collect();
        println!("  {name}: {}", steps.join(" | "));
    }
    Ok(())
}
