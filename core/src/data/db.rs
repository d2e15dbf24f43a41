//! One sqlx pool over SQLite (default) or PostgreSQL, through sqlx's `Any` driver.
//! Portable SQL only: `$N` placeholders, TEXT ids, BIGINT numbers, flags and
//! millisecond timestamps (no backend-specific types cross this boundary).
use std::path::Path;
use std::str::FromStr;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Executor};

pub use crate::data::readers::Reader;
use crate::data::readers::Readers;
use prometheus_client::metrics::histogram::{exponential_buckets, Histogram};
use std::sync::LazyLock;
use std::time::Instant;

use crate::base::config::DatabaseSettings;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Dialect {
    Sqlite,
    Postgres,
}

/// How long a read connection ([`Db::reader`]) or a write transaction ([`Db::begin`],
/// on SQLite with its write lock) took to get, in seconds: the pool's wait, which sqlx
/// does not count (the metrics' `db_pool_wait_seconds`). Statements sent straight to
/// `pool` are not timed. One per process, as the pool is in a serving process.
pub static POOL_WAIT: LazyLock<Histogram> =
    LazyLock::new(|| Histogram::new(exponential_buckets(0.000_05, 4.0, 10)));

#[derive(Clone, Debug)]
pub struct Db {
    pub pool: AnyPool,
    pub dialect: Dialect,
    /// SQLite file databases: connections held for the hot reads ([`Db::reader`]).
    readers: Option<std::sync::Arc<Readers>>,
}

impl Db {
    pub async fn connect(s: &DatabaseSettings) -> anyhow::Result<Self> {
        sqlx::any::install_default_drivers();
        let dialect =
            if s.url.starts_with("sqlite:") { Dialect::Sqlite } else { Dialect::Postgres };
        let mut url = s.url.clone();
        if dialect == Dialect::Sqlite {
            if let Some(path) = sqlite_path(&url) {
                if let Some(parent) = Path::new(&path).parent() {
                    if !parent.as_os_str().is_empty() {
                        std::fs::create_dir_all(parent)?;
                    }
                }
            }
            if !url.contains("mode=") {
                url.push_str(if url.contains('?') { "&mode=rwc" } else { "?mode=rwc" });
            }
        }
        let opts = AnyConnectOptions::from_str(&url)?;
        let pool = AnyPoolOptions::new()
            .max_connections(if dialect == Dialect::Sqlite {
                s.max_connections.min(8)
            } else {
                s.max_connections
            })
            .acquire_timeout(Duration::from_secs(s.acquire_timeout_secs))
            // A SQLite connection is a file handle that does not go stale: no ping (one
            // more round trip to its worker thread) before every query. PostgreSQL
            // connections are checked, so a restarted server costs no failed request.
            .test_before_acquire(dialect != Dialect::Sqlite)
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if dialect == Dialect::Sqlite {
                        sqlite_session(conn).await?;
                    }
                    Ok(())
                })
            })
            .connect_with(opts.clone())
            .await?;
        let wait = Duration::from_secs(s.acquire_timeout_secs);
        let readers = (dialect == Dialect::Sqlite && sqlite_path(&url).is_some())
            .then(|| std::sync::Arc::new(Readers::new(opts, wait)));
        Ok(Self { pool, dialect, readers })
    }

    /// A connection for one of the hot reads (the kiosk's, the alert feeds'): on a SQLite
    /// file, one of a few connections this instance holds open, used by one request at a
    /// time (decision 44: a pooled query costs a second round trip to the connection's
    /// thread, sqlx's test of the connection as it goes back to the pool); on PostgreSQL,
    /// a connection from the pool. Waits at most `database.acquire_timeout_secs`, as the
    /// pool does. Use it as an executor with `&mut *reader`; never for a write.
    pub async fn reader(&self) -> Result<Reader<'_>, sqlx::Error> {
        let waited = Instant::now();
        let reader = match &self.readers {
            Some(r) => r.get().await,
            None => Ok(Reader::Pooled(self.pool.acquire().await?)),
        };
        POOL_WAIT.observe(waited.elapsed().as_secs_f64());
        reader
    }

    /// A write transaction. On SQLite it is `BEGIN IMMEDIATE`: it takes the write lock at
    /// once (waiting up to `busy_timeout`), so a transaction that reads before it writes
    /// cannot fail when another connection commits in between — a deferred one does, with
    /// SQLITE_BUSY_SNAPSHOT, whatever the timeout (decision 67). PostgreSQL: `BEGIN`.
    pub async fn begin(&self) -> Result<sqlx::Transaction<'static, sqlx::Any>, sqlx::Error> {
        let waited = Instant::now();
        let tx = match self.dialect {
            Dialect::Sqlite => self.pool.begin_with("BEGIN IMMEDIATE").await,
            Dialect::Postgres => self.pool.begin().await,
        };
        POOL_WAIT.observe(waited.elapsed().as_secs_f64());
        tx
    }

    /// Cheap liveness check for /readyz.
    pub async fn ping(&self) -> Result<(), sqlx::Error> {
        sqlx::query("SELECT 1").execute(&self.pool).await.map(|_| ())
    }
}

/// The settings of every SQLite connection, pooled or held.
pub(crate) async fn sqlite_session(conn: &mut sqlx::AnyConnection) -> Result<(), sqlx::Error> {
    // WAL for concurrent readers; FULL so a commit survives power loss.
    conn.execute("PRAGMA journal_mode = WAL").await?;
    conn.execute("PRAGMA synchronous = FULL").await?;
    conn.execute("PRAGMA foreign_keys = ON").await?;
    conn.execute("PRAGMA busy_timeout = 10000").await?;
    // Reads of the database file from memory-mapped pages, not one read() call per page
    // missing from the connection's own cache (decision 36). The file's pages are the
    // OS's, shared by the connections; written pages still go through the WAL. The whole
    // file up to SQLite's own cap (2 GiB): past the mapped part every page is a read()
    // again (decision 43).
    conn.execute("PRAGMA mmap_size = 2147418112").await?;
    Ok(())
}

fn sqlite_path(url: &str) -> Option<String> {
    let rest = url.strip_prefix("sqlite://").or_else(|| url.strip_prefix("sqlite:"))?;
    let path = rest.split('?').next()?;
    if path.is_empty() || path == ":memory:" {
        None
    } else {
        Some(path.to_string())
    }
}

/// A new random id for a row (`_id` in the API).
pub fn new_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

pub use crate::base::error::{is_unavailable, is_unique_violation};

/// A value bound to a placeholder.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Param {
    Text(String),
    Int(i64),
}

impl From<String> for Param {
    fn from(s: String) -> Self {
        Param::Text(s)
    }
}
impl From<&str> for Param {
    fn from(s: &str) -> Self {
        Param::Text(s.to_string())
    }
}
impl From<i64> for Param {
    fn from(i: i64) -> Self {
        Param::Int(i)
    }
}

/// The bound values of SQL written in pieces: `add` binds a value and returns its
/// placeholder (`$1`, `$2`, ...), so a WHERE clause built from parts stays parameterised
/// and numbered right on both databases.
#[derive(Debug, Default, Clone)]
pub struct Params {
    pub values: Vec<Param>,
}

impl Params {
    pub fn add(&mut self, v: impl Into<Param>) -> String {
        self.values.push(v.into());
        format!("${}", self.values.len())
    }
    /// Placeholders for a list (`IN (...)`).
    pub fn list<I: IntoIterator<Item = String>>(&mut self, items: I) -> String {
        items.into_iter().map(|s| self.add(s)).collect::<Vec<_>>().join(", ")
    }
    /// `sql` with every value bound, in order.
    pub fn query<'q>(
        &self,
        sql: &'q str,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        let mut q = sqlx::query(sql);
        for v in &self.values {
            q = match v {
                Param::Text(s) => q.bind(s.clone()),
                Param::Int(i) => q.bind(*i),
            };
        }
        q
    }
}

/// The file of a `sqlite:` URL (None for PostgreSQL or an in-memory database).
pub fn sqlite_file(url: &str) -> Option<std::path::PathBuf> {
    url.starts_with("sqlite:").then(|| sqlite_path(url)).flatten().map(Into::into)
}
