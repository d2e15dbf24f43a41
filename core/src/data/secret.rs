//! The server's signing key (signed file links, CSRF tokens) when `server.secret` is
//! not configured: 32 random bytes made at first start and kept in the database, so
//! links and tokens survive a restart and instances sharing the database agree.
use base64::Engine;
use sqlx::Row;

use crate::data::db::Db;

const NAME: &str = "signing";

/// The stored key, made and stored first if there is none. Two instances starting at
/// once both insert-if-absent, then read the one that won.
pub async fn stored(db: &Db, now_ms: i64) -> anyhow::Result<Vec<u8>> {
    let mut fresh = [0u8; 32];
    getrandom::fill(&mut fresh).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    let b64 = base64::engine::general_purpose::STANDARD;
    sqlx::query("INSERT INTO server_secret (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
        .bind(NAME)
        .bind(b64.encode(fresh))
        .bind(now_ms)
        .execute(&db.pool)
        .await?;
    let row = sqlx::query("SELECT value FROM server_secret WHERE name = $1")
        .bind(NAME)
        .fetch_one(&db.pool)
        .await?;
    let key = b64.decode(row.try_get::<String, _>("value")?)?;
    anyhow::ensure!(key.len() >= 32, "the stored server secret is too short");
    Ok(key)
}

/// A module's own named secret (32 random bytes made at first use, kept in the database
/// beside the signing key, so every instance sharing the database agrees): e.g. the
/// island's key for sealed PINs (decision 121). The signing key's name is refused.
pub async fn named(db: &Db, name: &str, now_ms: i64) -> anyhow::Result<Vec<u8>> {
    anyhow::ensure!(name != NAME && !name.is_empty(), "not a module's secret name: {name}");
    let mut fresh = [0u8; 32];
    getrandom::fill(&mut fresh).map_err(|e| anyhow::anyhow!("no randomness: {e}"))?;
    let b64 = base64::engine::general_purpose::STANDARD;
    sqlx::query("INSERT INTO server_secret (name, value, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING")
        .bind(name)
        .bind(b64.encode(fresh))
        .bind(now_ms)
        .execute(&db.pool)
        .await?;
    let row = sqlx::query("SELECT value FROM server_secret WHERE name = $1")
        .bind(name)
        .fetch_one(&db.pool)
        .await?;
    Ok(b64.decode(row.try_get::<String, _>("value")?)?)
}
