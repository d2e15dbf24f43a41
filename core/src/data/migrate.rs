//! Per-module migrations in one table. Every module ships a `migrations/` folder of
//! `NNNN_name.sql` files (optionally `NNNN_name.postgres.sql` / `.sqlite.sql` variants).
//! Versions are unique across all modules (each module owns a range); sets run in
//! dependency order; an applied migration is never edited (checksum); a disabled
//! module's tables are left alone.
use std::collections::BTreeMap;

use include_dir::Dir;
use sha2::{Digest, Sha256};
use sqlx::Row;

use crate::data::db::{Db, Dialect};

#[derive(Debug, Clone)]
pub struct Migration {
    pub version: i64,
    pub name: String,
    pub sqlite: String,
    pub postgres: String,
}

impl Migration {
    pub fn sql(&self, d: Dialect) -> &str {
        match d {
            Dialect::Sqlite => &self.sqlite,
            Dialect::Postgres => &self.postgres,
        }
    }
    pub fn checksum(&self) -> String {
        let mut h = Sha256::new();
        h.update(self.sqlite.as_bytes());
        h.update([0u8]);
        h.update(self.postgres.as_bytes());
        hex::encode(h.finalize())
    }
}

/// Embeds the calling crate's `migrations/` folder.
#[macro_export]
macro_rules! embed_migrations {
    () => {{
        // The proc macro's output names `include_dir::...`: bring the core's re-export
        // into scope so module crates need no dependency of their own.
        use $crate::include_dir;
        static DIR: include_dir::Dir<'static> =
            include_dir::include_dir!("$CARGO_MANIFEST_DIR/migrations");
        $crate::data::migrate::from_dir(&DIR)
    }};
}

/// Parses an embedded migrations folder.
pub fn from_dir(dir: &Dir<'_>) -> Vec<Migration> {
    let mut base: BTreeMap<i64, (String, String)> = BTreeMap::new();
    let mut variants: BTreeMap<(i64, &'static str), String> = BTreeMap::new();
    for f in dir.files() {
        let name = f.path().file_name().and_then(|n| n.to_str()).unwrap_or_default();
        let Some(stem) = name.strip_suffix(".sql") else { continue };
        let text = f.contents_utf8().unwrap_or_default().to_string();
        let (stem, variant) = if let Some(s) = stem.strip_suffix(".postgres") {
            (s, Some("postgres"))
        } else if let Some(s) = stem.strip_suffix(".sqlite") {
            (s, Some("sqlite"))
        } else {
            (stem, None)
        };
        let Some((num, label)) = stem.split_once('_') else {
            panic!("migration file {name} must be named NNNN_name.sql")
        };
        let version: i64 =
            num.parse().unwrap_or_else(|_| panic!("migration file {name}: bad version"));
        match variant {
            None => {
                base.insert(version, (label.to_string(), text));
            }
            Some(v) => {
                variants.insert((version, v), text);
            }
        }
    }
    let mut out: Vec<Migration> = Vec::new();
    let mut versions: Vec<i64> = base.keys().copied().collect();
    for (v, _) in variants.keys() {
        if !versions.contains(v) {
            versions.push(*v);
        }
    }
    versions.sort();
    for v in versions {
        let (name, common) = base.get(&v).cloned().unwrap_or_default();
        let sqlite = variants.get(&(v, "sqlite")).cloned().unwrap_or_else(|| common.clone());
        let postgres = variants.get(&(v, "postgres")).cloned().unwrap_or_else(|| common.clone());
        out.push(Migration { version: v, name, sqlite, postgres });
    }
    out
}

/// Migrations of one module (or "core").
#[derive(Debug, Clone)]
pub struct MigrationSet {
    pub module: String,
    pub migrations: Vec<Migration>,
}

/// Refuses two sets that claim the same version.
pub fn check_unique(sets: &[MigrationSet]) -> anyhow::Result<()> {
    let mut seen: BTreeMap<i64, &str> = BTreeMap::new();
    for s in sets {
        for m in &s.migrations {
            if let Some(other) = seen.insert(m.version, &s.module) {
                anyhow::bail!(
                    "migration version {} is used by both '{}' and '{}'",
                    m.version,
                    other,
                    s.module
                );
            }
        }
    }
    Ok(())
}

const CREATE_TABLE: &str = "CREATE TABLE IF NOT EXISTS plantdoc_migrations (
    version BIGINT PRIMARY KEY,
    module TEXT NOT NULL,
    name TEXT NOT NULL,
    checksum TEXT NOT NULL,
    applied_at BIGINT NOT NULL
)";

/// Applies what is missing, set by set, in the order given. Returns how many ran.
pub async fn run(db: &Db, sets: &[MigrationSet], now_ms: i64) -> anyhow::Result<usize> {
    check_unique(sets)?;
    sqlx::query(CREATE_TABLE).execute(&db.pool).await?;
    let rows = sqlx::query("SELECT version, module, checksum FROM plantdoc_migrations")
        .fetch_all(&db.pool)
        .await?;
    let mut applied: BTreeMap<i64, (String, String)> = BTreeMap::new();
    for r in rows {
        applied.insert(r.try_get("version")?, (r.try_get("module")?, r.try_get("checksum")?));
    }
    let mut ran = 0;
    for set in sets {
        for m in &set.migrations {
            if let Some((module, sum)) = applied.get(&m.version) {
                if module != &set.module {
                    anyhow::bail!(
                        "migration {} was applied for '{module}', now claimed by '{}'",
                        m.version,
                        set.module
                    );
                }
                if sum != &m.checksum() {
                    anyhow::bail!(
                        "migration {} ({}/{}) was edited after it was applied; add a new migration instead",
                        m.version,
                        set.module,
                        m.name
                    );
                }
                continue;
            }
            let mut tx = db.begin().await?;
            sqlx::raw_sql(m.sql(db.dialect)).execute(&mut *tx).await.map_err(|e| {
                anyhow::anyhow!("migration {} ({}/{}) failed: {e}", m.version, set.module, m.name)
            })?;
            sqlx::query("INSERT INTO plantdoc_migrations (version, module, name, checksum, applied_at) VALUES ($1, $2, $3, $4, $5)")
                .bind(m.version)
                .bind(&set.module)
                .bind(&m.name)
                .bind(m.checksum())
                .bind(now_ms)
                .execute(&mut *tx)
                .await?;
            tx.commit().await?;
            tracing::info!(module = %set.module, version = m.version, name = %m.name, "migration applied");
            ran += 1;
        }
    }
    Ok(ran)
}

/// The core's own migrations (top-level `migrations/`).
pub fn core_set() -> MigrationSet {
    static DIR: Dir<'static> = include_dir::include_dir!("$CARGO_MANIFEST_DIR/../migrations");
    MigrationSet { module: "core".into(), migrations: from_dir(&DIR) }
}
