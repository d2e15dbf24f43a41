//! Spawning the app and talking to it like the web client does (cookies, CSRF header).
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex};

use plantdoc_core::app::{build_state, AppState, BuildOptions};
use plantdoc_core::clock::ManualClock;
use plantdoc_core::config::Settings;
use reqwest::header::{HeaderMap, COOKIE, SET_COOKIE};
use reqwest::{Method, StatusCode};
use serde_json::Value;
use sqlx::Connection;

// Linking the modules registers them: the binary's one list, as in main.rs.
use plantdoc as _;

pub const PASSWORD: &str = "Correct-Horse-Battery-9";
/// 2026-01-01T00:00:00Z: tests run on a clock they control.
pub const T0: i64 = 1_767_225_600_000;

pub fn workspace() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..").canonicalize().unwrap()
}

pub fn config_dir() -> PathBuf {
    workspace().join("config")
}

pub fn on_postgres() -> bool {
    std::env::var("PLANTDOC_TEST_DB").map(|v| v == "postgres").unwrap_or(false)
}

/// The admin URL of the test PostgreSQL cluster, when one runs.
pub fn pg_admin_url() -> Option<String> {
    std::env::var("PLANTDOC_TEST_PG_URL").ok().filter(|s| !s.is_empty())
}

/// A new empty database URL: a SQLite file in `dir`, or a new PostgreSQL database.
pub async fn fresh_database(dir: &Path) -> String {
    if on_postgres() {
        let admin = pg_admin_url().expect("PLANTDOC_TEST_DB=postgres needs PLANTDOC_TEST_PG_URL");
        new_pg_database(&admin).await
    } else {
        format!("sqlite://{}", dir.join("plantdoc.db").display())
    }
}

pub async fn new_pg_database(admin: &str) -> String {
    sqlx::any::install_default_drivers();
    let name = format!("t_{}", uuid_like());
    let mut c = sqlx::AnyConnection::connect(admin).await.expect("connect to the test PostgreSQL");
    sqlx::raw_sql(&format!("CREATE DATABASE {name}")).execute(&mut c).await.unwrap();
    let mut u = url::Url::parse(admin).unwrap();
    u.set_path(&format!("/{name}"));
    u.to_string()
}

pub fn uuid_like() -> String {
    uuid::Uuid::new_v4().simple().to_string()
}

pub struct TestApp {
    pub base: String,
    pub state: AppState,
    pub clock: Arc<ManualClock>,
    pub tmp: tempfile::TempDir,
    pub db_url: String,
    pub server: tokio::task::JoinHandle<()>,
    /// Sending on it (or dropping it) shuts the app down as SIGTERM does in `serve`.
    pub stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl Drop for TestApp {
    fn drop(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        self.server.abort();
    }
}

/// Settings for a test: the repo's config files, then `overrides`.
pub fn settings(overrides: &[(&str, &str)]) -> Settings {
    Settings::load_with(&config_dir(), overrides).expect("test settings")
}

pub async fn spawn() -> TestApp {
    spawn_with(&[]).await
}

pub async fn spawn_with(overrides: &[(&str, &str)]) -> TestApp {
    let tmp = tempfile::tempdir().unwrap();
    let db_url = fresh_database(tmp.path()).await;
    spawn_on(tmp, db_url, overrides).await
}

/// Spawns on a given database (to restart an app over the same data).
pub async fn spawn_on(
    tmp: tempfile::TempDir,
    db_url: String,
    overrides: &[(&str, &str)],
) -> TestApp {
    spawn_full(tmp, db_url, overrides, Vec::new()).await
}

/// Spawns with extra modules declared through the public contract (`Plugin`), served
/// the way `plantdoc serve` serves: routes and background tasks under one stop signal.
pub async fn spawn_full(
    tmp: tempfile::TempDir,
    db_url: String,
    overrides: &[(&str, &str)],
    extra_plugins: Vec<Arc<dyn plantdoc_core::Plugin>>,
) -> TestApp {
    let files = tmp.path().join("files").display().to_string();
    let web = tmp.path().join("web").display().to_string();
    let remotes = workspace().join("plugin-web").display().to_string();
    let mut all: Vec<(&str, &str)> = vec![
        ("database.url", &db_url),
        ("storage.dir", &files),
        ("server.web_dir", &web),
        ("server.remotes_dir", &remotes),
        ("server.secret", "test-secret-key-test-secret-key!"),
        ("log.level", "warn"),
    ];
    all.extend_from_slice(overrides);
    let s = settings(&all);
    let clock = ManualClock::new(T0);
    // Uploaded PDFs are parsed by the real binary's worker (core::pdf::worker).
    plantdoc_core::pdf::worker::set_program(env!("CARGO_BIN_EXE_plantdoc").into());
    let state =
        build_state(s, BuildOptions { clock: clock.clone(), load_dynamic: true, extra_plugins })
            .await
            .expect("app starts");
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let app_state = state.clone();
    let server = tokio::spawn(async move {
        let signal = async move {
            let _ = stopped.await;
        };
        plantdoc_core::server::run(app_state, listener, signal).await.unwrap();
    });
    TestApp { base: format!("http://{addr}"), state, clock, tmp, db_url, server, stop: Some(stop) }
}

/// The tests' HTTP client: a kept connection is let go after 5 s idle, before the server's
/// header-read timeout (`server.header_read_timeout_secs`, 10 s) closes it, so a request is
/// never written into a connection the server is closing (a broken pipe on a busy machine).
pub fn http_client() -> reqwest::ClientBuilder {
    reqwest::Client::builder().pool_idle_timeout(std::time::Duration::from_secs(5))
}

impl TestApp {
    pub fn client(&self) -> Client {
        Client {
            base: self.base.clone(),
            http: http_client().build().unwrap(),
            jar: Arc::new(Mutex::new(BTreeMap::new())),
        }
    }

    /// A client connecting from another loopback address (`127.0.0.2`, …): another
    /// machine to the server's per-address counts.
    pub fn client_from(&self, addr: &str) -> Client {
        let http =
            http_client().local_address(addr.parse::<std::net::IpAddr>().unwrap()).build().unwrap();
        Client { base: self.base.clone(), http, jar: Arc::new(Mutex::new(BTreeMap::new())) }
    }

    /// Adds a user (company mpk, all its zones) and returns its id.
    pub async fn add_user(&self, email: &str, position: &str, department: &str) -> String {
        self.add_user_full(email, position, department, PASSWORD, false).await
    }

    pub async fn add_user_full(
        &self,
        email: &str,
        position: &str,
        department: &str,
        pw: &str,
        temporary: bool,
    ) -> String {
        let input = new_user(email, position, department);
        plantdoc_core::seed::add_user(&self.state, input, pw, temporary, "test")
            .await
            .expect("add user")
    }

    /// A client signed in as a new plant administrator (company mpk) of the given position.
    pub async fn signed_in_plant_admin(
        &self,
        email: &str,
        position: &str,
        department: &str,
    ) -> Client {
        self.add_user(email, position, department).await;
        plantdoc_core::seed::set_plant_admin(&self.state, email, true, "test")
            .await
            .expect("plant admin");
        let c = self.client();
        let r = c
            .post("/api/users/login", &serde_json::json!({"email": email, "password": PASSWORD}))
            .await;
        assert_eq!(r.status, StatusCode::OK, "login: {}", r.body);
        c
    }

    /// A client signed in as a new user of the given position.
    pub async fn signed_in(&self, email: &str, position: &str, department: &str) -> Client {
        self.add_user(email, position, department).await;
        let c = self.client();
        let r = c
            .post("/api/users/login", &serde_json::json!({"email": email, "password": PASSWORD}))
            .await;
        assert_eq!(r.status, StatusCode::OK, "login: {}", r.body);
        c
    }
}

#[derive(Debug)]
pub struct Resp {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
    pub text: String,
}

/// A browser-like client: keeps cookies, sends the CSRF header on unsafe methods.
#[derive(Clone)]
pub struct Client {
    pub base: String,
    pub http: reqwest::Client,
    pub jar: Arc<Mutex<BTreeMap<String, String>>>,
}

impl Client {
    pub fn cookie(&self, name: &str) -> Option<String> {
        self.jar.lock().unwrap().get(name).cloned()
    }
    pub fn set_cookie(&self, name: &str, value: &str) {
        self.jar.lock().unwrap().insert(name.into(), value.into());
    }
    pub fn session_cookie(&self) -> Option<String> {
        self.cookie("__Host-plantdoc_session")
    }

    pub async fn get(&self, path: &str) -> Resp {
        self.send(Method::GET, path, None, &[]).await
    }
    pub async fn post(&self, path: &str, body: &Value) -> Resp {
        self.send(Method::POST, path, Some(body.to_string()), &[]).await
    }
    #[allow(dead_code)]
    pub async fn delete(&self, path: &str) -> Resp {
        self.send(Method::DELETE, path, None, &[]).await
    }

    /// Any request; `extra` headers are added (and may replace the defaults).
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        body: Option<String>,
        extra: &[(&str, &str)],
    ) -> Resp {
        if method != Method::GET && self.cookie("__Host-plantdoc_csrf").is_none() {
            // The first page load hands out the CSRF cookie.
            Box::pin(self.get("/api/users/current")).await;
        }
        let mut req = self.http.request(method.clone(), format!("{}{}", self.base, path));
        let cookies: Vec<String> =
            self.jar.lock().unwrap().iter().map(|(k, v)| format!("{k}={v}")).collect();
        if !cookies.is_empty() {
            req = req.header(COOKIE, cookies.join("; "));
        }
        if method != Method::GET {
            if let Some(t) = self.cookie("__Host-plantdoc_csrf") {
                req = req.header("x-csrf-token", t);
            }
        }
        if let Some(b) = body {
            req = req.header("content-type", "application/json").body(b);
        }
        let mut r = req.build().expect("request");
        for (k, v) in extra {
            // Replace, not add: a test may blank out a default header.
            r.headers_mut().insert(
                reqwest::header::HeaderName::from_bytes(k.as_bytes()).unwrap(),
                reqwest::header::HeaderValue::from_str(v).unwrap(),
            );
        }
        let r = self.http.execute(r).await.expect("request");
        self.absorb(r).await
    }

    pub async fn absorb(&self, r: reqwest::Response) -> Resp {
        for v in r.headers().get_all(SET_COOKIE) {
            let s = v.to_str().unwrap();
            let kv = s.split(';').next().unwrap();
            let (k, val) = kv.split_once('=').unwrap();
            let expired = s.contains("Max-Age=0");
            let mut jar = self.jar.lock().unwrap();
            if expired || val.is_empty() {
                jar.remove(k);
            } else {
                jar.insert(k.to_string(), val.to_string());
            }
        }
        let status = r.status();
        let headers = r.headers().clone();
        let text = r.text().await.unwrap_or_default();
        let body = serde_json::from_str(&text).unwrap_or(Value::Null);
        Resp { status, headers, body, text }
    }
}

/// Runs a query on the app's database and returns one i64.
pub async fn scalar(app: &TestApp, sql: &str) -> i64 {
    let (n,): (i64,) = sqlx::query_as(sql).fetch_one(&app.state.db.pool).await.unwrap();
    n
}

/// `session.recheck_ms` (100) and a margin for a busy machine: a write made outside this
/// instance (straight in the database, as another instance or the CLI would) shows in
/// what the instance remembers within it (decision 35).
pub const RECHECK: std::time::Duration = std::time::Duration::from_millis(150);

/// Waits until a write made outside the instance shows everywhere.
pub async fn after_out_of_band_write() {
    tokio::time::sleep(RECHECK).await;
}

mod people;
mod processes;
pub use people::*;
pub use processes::*;
