//! Closed-loop load: `clients` tasks each send one request after another for a fixed
//! time; every latency is kept, so p50/p99 are exact.
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use sqlx::Row;

use crate::seed::Rng;

/// A session as the browser holds it: the two cookies and the CSRF token.
#[derive(Clone)]
pub struct Session {
    /// The session and CSRF cookies (state-changing requests echo the CSRF one in
    /// `X-CSRF-Token`).
    pub cookie: String,
}

/// Signs in the way the web client does: a first GET hands out the CSRF cookie, the
/// login POST echoes it in `X-CSRF-Token`.
pub async fn sign_in(
    http: &reqwest::Client,
    base: &str,
    email: &str,
    password: &str,
) -> anyhow::Result<Session> {
    let r = http.get(format!("{base}/api/users/current")).send().await?;
    let csrf = cookies(&r)
        .into_iter()
        .find(|(k, _)| k.ends_with("plantdoc_csrf"))
        .ok_or_else(|| anyhow::anyhow!("no CSRF cookie"))?;
    let r = http
        .post(format!("{base}/api/users/login"))
        .header("cookie", format!("{}={}", csrf.0, csrf.1))
        .header("x-csrf-token", &csrf.1)
        .json(&serde_json::json!({"email": email, "password": password}))
        .send()
        .await?;
    anyhow::ensure!(r.status().is_success(), "sign-in failed: {}", r.status());
    let mut jar: Vec<(String, String)> = cookies(&r);
    if !jar.iter().any(|(k, _)| k == &csrf.0) {
        jar.push(csrf.clone());
    }
    let jar: Vec<String> = jar.into_iter().map(|(k, v)| format!("{k}={v}")).collect();
    Ok(Session { cookie: jar.join("; ") })
}

fn cookies(r: &reqwest::Response) -> Vec<(String, String)> {
    r.headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .filter_map(|s| {
            s.split(';').next()?.split_once('=').map(|(k, v)| (k.to_string(), v.to_string()))
        })
        .collect()
}

pub struct Outcome {
    pub requests: usize,
    pub errors: usize,
    /// Body bytes of all answers received.
    pub bytes: u64,
    pub secs: f64,
    pub p50_ms: f64,
    pub p99_ms: f64,
}

impl Outcome {
    pub fn rps(&self) -> f64 {
        self.requests as f64 / self.secs
    }

    /// Mean body size of an answer.
    #[allow(dead_code)]
    pub fn mean_bytes(&self) -> u64 {
        self.bytes / self.requests.max(1) as u64
    }
}

/// Runs `make_path(rng)` requests against `base` for `secs` with `clients` tasks.
pub async fn run<F>(
    http: &reqwest::Client,
    base: &str,
    session: Option<&Session>,
    clients: usize,
    secs: f64,
    make_path: F,
) -> Outcome
where
    F: Fn(&mut Rng) -> String + Send + Sync + 'static,
{
    let make_path = Arc::new(make_path);
    let until = Instant::now() + Duration::from_secs_f64(secs);
    let started = Instant::now();
    let mut tasks = Vec::new();
    for c in 0..clients {
        let (http, base, cookie, make_path) =
            (http.clone(), base.to_string(), session.map(|s| s.cookie.clone()), make_path.clone());
        tasks.push(tokio::spawn(async move {
            let mut rng = Rng::new(1000 + c as u64);
            let mut lat: Vec<u32> = Vec::new();
            let mut errors = 0usize;
            let mut bytes = 0u64;
            while Instant::now() < until {
                let url = format!("{base}{}", make_path(&mut rng));
                let mut req = http.get(&url);
                if let Some(c) = &cookie {
                    req = req.header("cookie", c);
                }
                let t = Instant::now();
                let ok = match req.send().await {
                    Ok(r) if r.status().is_success() => match r.bytes().await {
                        Ok(b) => {
                            bytes += b.len() as u64;
                            true
                        }
                        Err(_) => false,
                    },
                    _ => false,
                };
                lat.push(t.elapsed().as_micros().min(u32::MAX as u128) as u32);
                if !ok {
                    errors += 1;
                }
            }
            (lat, errors, bytes)
        }));
    }
    let mut all: Vec<u32> = Vec::new();
    let mut errors = 0;
    let mut bytes = 0;
    for t in tasks {
        if let Ok((lat, e, b)) = t.await {
            all.extend(lat);
            errors += e;
            bytes += b;
        }
    }
    let secs = started.elapsed().as_secs_f64();
    all.sort_unstable();
    let pct = |p: f64| -> f64 {
        if all.is_empty() {
            return 0.0;
        }
        let i = ((all.len() as f64 * p).ceil() as usize).clamp(1, all.len()) - 1;
        all[i] as f64 / 1000.0
    };
    Outcome { requests: all.len(), errors, bytes, secs, p50_ms: pct(0.50), p99_ms: pct(0.99) }
}

/// A bare axum route answering `n` bytes already in memory (`/bytes/{n}`, at most 1 MiB):
/// what an answer of that size costs the server and the client with no work behind it.
#[allow(dead_code)]
pub async fn bytes(Path(n): Path<usize>) -> axum::response::Response {
    static BUF: std::sync::LazyLock<axum::body::Bytes> =
        std::sync::LazyLock::new(|| axum::body::Bytes::from(vec![b' '; 1 << 20]));
    let body = BUF.slice(..n.min(BUF.len()));
    axum::response::IntoResponse::into_response((
        [(axum::http::header::CONTENT_TYPE, "application/json")],
        body,
    ))
}

/// Serves a router on a free local port; answers its base URL.
pub async fn serve(router: axum::Router) -> anyhow::Result<String> {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await?;
    let addr = listener.local_addr()?;
    tokio::spawn(async move {
        let _ = axum::serve(
            listener,
            router.into_make_service_with_connect_info::<std::net::SocketAddr>(),
        )
        .await;
    });
    Ok(format!("http://{addr}"))
}

/// The floor: axum + sqlx, one primary-key SELECT, JSON out, no session or rules.
pub async fn bare(
    State(pool): State<sqlx::AnyPool>,
    Path(id): Path<String>,
) -> Result<axum::Json<serde_json::Value>, axum::http::StatusCode> {
    floor_answer(sqlx::query(FLOOR_SQL).bind(&id).fetch_optional(&pool).await)
}

/// The floor's one statement.
pub const FLOOR_SQL: &str = "SELECT id, part_number, status FROM swps WHERE id = $1";

/// The floor's answer to its statement's result.
pub fn floor_answer(
    row: Result<Option<sqlx::any::AnyRow>, sqlx::Error>,
) -> Result<axum::Json<serde_json::Value>, axum::http::StatusCode> {
    match row {
        Ok(Some(r)) => Ok(axum::Json(serde_json::json!({
            "_id": r.try_get::<String, _>("id").unwrap_or_default(),
            "partNumber": r.try_get::<String, _>("part_number").unwrap_or_default(),
            "status": r.try_get::<String, _>("status").unwrap_or_default(),
        }))),
        Ok(None) => Err(axum::http::StatusCode::NOT_FOUND),
        Err(_) => Err(axum::http::StatusCode::SERVICE_UNAVAILABLE),
    }
}

const DEFAULT_TOML: &str =
    include_str!(concat!(env!("CARGO_MANIFEST_DIR"), "/../../config/default.toml"));

/// The app state of a benchmark: the default config with a release file listing the
/// modules it links (`release_toml`: `modules = [...]`), in `dir`, on `db_url`.
pub async fn bench_state(
    dir: &std::path::Path,
    release_toml: &str,
    db_url: &str,
    secret: &str,
) -> anyhow::Result<plantdoc_core::AppState> {
    let conf = dir.join("config");
    std::fs::create_dir_all(conf.join("releases"))?;
    std::fs::write(conf.join("default.toml"), DEFAULT_TOML)?;
    std::fs::write(conf.join("releases/bench.toml"), release_toml)?;
    let files = dir.join("files").display().to_string();
    let web = dir.join("web").display().to_string();
    let overrides: Vec<(&str, &str)> = vec![
        ("release", "bench"),
        ("database.url", db_url),
        ("storage.dir", &files),
        ("server.web_dir", &web),
        ("server.secret", secret),
        ("log.level", "warn"),
    ];
    let settings = plantdoc_core::config::Settings::load_with(&conf, &overrides)?;
    plantdoc_core::app::build_state(settings, plantdoc_core::app::BuildOptions::default()).await
}

/// A new empty PostgreSQL database next to the admin URL's (swp-bench and readiness-bench `--pg`).
#[allow(dead_code, reason = "island-bench includes this file and runs on SQLite only")]
pub async fn new_pg_database(admin: &str, prefix: &str) -> anyhow::Result<String> {
    sqlx::any::install_default_drivers();
    let name = format!("{prefix}_{}", std::process::id());
    let mut c = <sqlx::AnyConnection as sqlx::Connection>::connect(admin).await?;
    sqlx::raw_sql(&format!("DROP DATABASE IF EXISTS {name}")).execute(&mut c).await?;
    sqlx::raw_sql(&format!("CREATE DATABASE {name}")).execute(&mut c).await?;
    let mut u = reqwest::Url::parse(admin)?;
    u.set_path(&format!("/{name}"));
    Ok(u.to_string())
}
