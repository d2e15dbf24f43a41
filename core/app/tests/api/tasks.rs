//! The plugin lifecycle through the public contract only: a minimal module declares its
//! settings, state, routes and a background task; `serve` runs enabled modules' tasks
//! under one shutdown signal; SIGTERM drains requests and exits 0 in bounded time.
use std::io::{Read, Write};
use std::net::TcpStream;
use std::process::Command;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::State;
use plantdoc_core::app::{build_state, AppState, BuildOptions};
use plantdoc_core::plugin::{Manifest, ModuleContext, Plugin};
use plantdoc_core::ApiRouter;
use serde::Deserialize;

use crate::helpers::*;

/// Counts task starts and clean stops, across the app's life.
#[derive(Default)]
struct Probe {
    started: AtomicUsize,
    stopped: AtomicUsize,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct HelloSettings {
    #[serde(default = "default_greeting")]
    greeting: String,
}

fn default_greeting() -> String {
    "hello".into()
}

struct Greeting(String);

/// A module written by a newcomer: nothing but the public contract.
struct Hello(Arc<Probe>);

impl Plugin for Hello {
    fn manifest(&self) -> Manifest {
        Manifest::new("hello", "Hello", "2.0").api(&["/api/hello/"])
    }
    fn build(&self, ctx: &mut ModuleContext) -> anyhow::Result<()> {
        let s: HelloSettings = ctx.settings()?;
        ctx.state(Greeting(s.greeting));
        ctx.routes(ApiRouter::new("hello").get("/api/hello/greeting", "The greeting", greeting));
        let probe = self.0.clone();
        ctx.task("counter", move |_state, mut stop| async move {
            probe.started.fetch_add(1, Ordering::SeqCst);
            stop.wait().await;
            probe.stopped.fetch_add(1, Ordering::SeqCst);
        });
        Ok(())
    }
}

async fn greeting(State(state): State<AppState>) -> axum::Json<serde_json::Value> {
    axum::Json(serde_json::json!({"greeting": state.get::<Greeting>().0}))
}

async fn spawn_hello(enabled: bool, extra: &[(&str, &str)]) -> (TestApp, Arc<Probe>) {
    let probe = Arc::new(Probe::default());
    let tmp = tempfile::tempdir().unwrap();
    let db = fresh_database(tmp.path()).await;
    let on = if enabled { "true" } else { "false" };
    let mut overrides = vec![("modules.hello.enabled", on)];
    overrides.extend_from_slice(extra);
    let app = spawn_full(tmp, db, &overrides, vec![Arc::new(Hello(probe.clone()))]).await;
    (app, probe)
}

async fn eventually(what: &str, f: impl Fn() -> bool) {
    let start = Instant::now();
    while !f() {
        assert!(start.elapsed() < Duration::from_secs(10), "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

#[tokio::test]
async fn an_enabled_module_serves_its_routes_and_runs_its_task_until_shutdown() {
    let (mut app, probe) = spawn_hello(true, &[("modules.hello.greeting", "good morning")]).await;
    let c = app.signed_in("hello.eng@x.plant", "engineer", "process").await;
    let r = c.get("/api/hello/greeting").await;
    assert_eq!(r.body["greeting"], "good morning", "typed settings reach the typed state");
    eventually("the task to start", || probe.started.load(Ordering::SeqCst) == 1).await;
    let listed = c.get("/api/modules").await.body["modules"]
        .as_array()
        .unwrap()
        .iter()
        .any(|m| m["id"] == "hello" && m["enabled"] == true);
    assert!(listed);
    // The stop signal reaches the task, which returns by itself.
    app.stop.take().unwrap().send(()).unwrap();
    eventually("the task to stop", || probe.stopped.load(Ordering::SeqCst) == 1).await;
    assert_eq!(probe.started.load(Ordering::SeqCst), 1, "each task runs once");
}

#[tokio::test]
async fn a_disabled_module_runs_no_task_and_mounts_no_route() {
    let (app, probe) = spawn_hello(false, &[]).await;
    let c = app.signed_in("hello.off@x.plant", "engineer", "process").await;
    assert_eq!(c.get("/api/hello/greeting").await.status, 404);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(probe.started.load(Ordering::SeqCst), 0, "a disabled module runs no task");
}

#[tokio::test]
async fn module_settings_are_typed_and_checked() {
    let tmp = tempfile::tempdir().unwrap();
    let probe = Arc::new(Probe::default());
    let build = |over: Vec<(&'static str, &'static str)>| {
        let s = settings(&[&[("database.url", "sqlite::memory:")][..], &over[..]].concat());
        build_state(
            s,
            BuildOptions {
                extra_plugins: vec![Arc::new(Hello(probe.clone()))],
                load_dynamic: false,
                ..Default::default()
            },
        )
    };
    let e = build(vec![("modules.hello.colour", "red")]).await.err().unwrap().to_string();
    assert!(e.starts_with("configuration error: modules.hello.colour: unknown key"), "{e}");
    let e =
        build(vec![("modules.swp.max_pending_uploads", "many")]).await.err().unwrap().to_string();
    assert!(e.contains("modules.swp.max_pending_uploads"), "{e}");
    let e = build(vec![("modules.swp.pdf_max_mb", "0")]).await.err().unwrap().to_string();
    assert!(e.contains("modules.swp"), "{e}");
    drop(tmp);
}

/// A module whose route or migration leaves what its manifest declared is refused.
struct Trespasser(bool);

impl Plugin for Trespasser {
    fn manifest(&self) -> Manifest {
        let mut m = Manifest::new("trespass", "Trespass", "2.0").api(&["/api/trespass/"]);
        m.migrations = Some([9500, 9599]);
        m
    }
    fn build(&self, ctx: &mut ModuleContext) -> anyhow::Result<()> {
        if self.0 {
            ctx.routes(ApiRouter::new("trespass").get("/api/swps/mine", "Not its path", greeting));
        } else {
            let sql = "SELECT 1".to_string();
            ctx.migrations(vec![plantdoc_core::migrate::Migration {
                version: 1003,
                name: "x".into(),
                sqlite: sql.clone(),
                postgres: sql,
            }]);
        }
        Ok(())
    }
}

#[tokio::test]
async fn routes_and_migrations_stay_inside_the_manifest() {
    for (route, expect) in [
        (true, "route GET /api/swps/mine is outside its declared API prefixes"),
        (false, "migration 1003 (x) is outside its declared range"),
    ] {
        let s = settings(&[("database.url", "sqlite::memory:")]);
        let e = build_state(
            s,
            BuildOptions {
                extra_plugins: vec![Arc::new(Trespasser(route))],
                load_dynamic: false,
                ..Default::default()
            },
        )
        .await
        .err()
        .unwrap()
        .to_string();
        assert!(e.contains(expect), "{e}");
    }
}

/// `plantdoc serve` as a process: SIGTERM stops accepting, lets the request in flight
/// finish, stops the tasks and exits 0 within the grace period.
#[tokio::test]
async fn sigterm_drains_requests_and_exits_0() {
    let tmp = tempfile::tempdir().unwrap();
    let db = fresh_database(tmp.path()).await;
    let (mut child, addr) =
        serve_process(tmp.path(), &db, &[("PLANTDOC__SERVER__SHUTDOWN_GRACE_SECS", "5")]).await;
    // A request in flight (past the CSRF check, reading its body): headers and half the
    // body sent.
    let first = reqwest::get(format!("http://{addr}/api/users/current")).await.unwrap();
    let csrf = first
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| {
            v.to_str()
                .ok()?
                .split(';')
                .next()?
                .strip_prefix("__Host-plantdoc_csrf=")
                .map(str::to_string)
        })
        .next()
        .expect("a CSRF cookie");
    let body = r#"{"email":"nobody@x.plant","password":"wrong-password-123"}"#;
    let mut conn = TcpStream::connect(&addr).unwrap();
    let head = format!(
        "POST /api/users/login HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\nCookie: __Host-plantdoc_csrf={csrf}\r\nX-CSRF-Token: {csrf}\r\nContent-Length: {}\r\n\r\n",
        body.len()
    );
    conn.write_all(head.as_bytes()).unwrap();
    conn.write_all(&body.as_bytes()[..10]).unwrap();
    std::thread::sleep(Duration::from_millis(200));
    let term = Instant::now();
    assert!(Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .unwrap()
        .success());
    std::thread::sleep(Duration::from_millis(500));
    if let Some(st) = child.try_wait().unwrap() {
        let mut log = String::new();
        child.stderr.take().unwrap().read_to_string(&mut log).unwrap();
        panic!("the server should wait for the request in flight; it exited with {st}: {log}");
    }
    assert!(
        TcpStream::connect(&addr).is_err()
            || reqwest::get(format!("http://{addr}/healthz")).await.is_err(),
        "no new connections"
    );
    conn.write_all(&body.as_bytes()[10..]).unwrap();
    let mut answer = String::new();
    conn.set_read_timeout(Some(Duration::from_secs(5))).unwrap();
    let _ = conn.read_to_string(&mut answer);
    assert!(answer.starts_with("HTTP/1.1 "), "the request in flight was answered: {answer:?}");
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        assert!(
            term.elapsed() < Duration::from_secs(15),
            "serve did not exit within the grace period"
        );
        std::thread::sleep(Duration::from_millis(50));
    };
    assert_eq!(status.code(), Some(0));
    let mut log = String::new();
    child.stderr.take().unwrap().read_to_string(&mut log).unwrap();
    assert!(log.contains("swp.upload-sweep"), "the enabled module's task ran: {log}");
}
