//! SQL of the {{id}} module: portable SQL over the `Any` pool ($N placeholders, TEXT ids,
//! BIGINT millisecond times), so SQLite and PostgreSQL run the same statements.
use plantdoc_core::prelude::Db;
use sqlx::Row;

pub struct Item {
    pub id: String,
    pub title: String,
    pub created_at: i64,
}

/// Longest list answered at once.
const LIST_CAP: i64 = 1000;

pub async fn list(db: &Db, company: &str) -> Result<Vec<Item>, sqlx::Error> {
    let sql =
        format!("SELECT id, title, created_at FROM {{crate}}_items WHERE company_code = $1 ORDER BY created_at DESC, id LIMIT {LIST_CAP}");
    let rows = sqlx::query(&sql).bind(company).fetch_all(&db.pool).await?;
    rows.iter().map(|r| Ok(Item { id: r.try_get("id")?, title: r.try_get("title")?, created_at: r.try_get("created_at")? })).collect()
}

pub async fn add(db: &Db, company: &str, by: &str, title: &str, now_ms: i64) -> Result<Item, sqlx::Error> {
    let id = uuid::Uuid::new_v4().to_string();
    sqlx::query("INSERT INTO {{crate}}_items (id, company_code, title, created_by, created_at) VALUES ($1, $2, $3, $4, $5)")
        .bind(&id)
        .bind(company)
        .bind(title)
        .bind(by)
        .bind(now_ms)
        .execute(&db.pool)
        .await?;
    Ok(Item { id, title: title.to_string(), created_at: now_ms })
}
