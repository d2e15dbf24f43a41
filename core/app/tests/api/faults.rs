//! A database that goes away while the server runs: 503, then recovery without a
//! restart. Run against PostgreSQL through a TCP proxy this test can cut.
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use reqwest::StatusCode;

use crate::helpers::*;

struct Proxy {
    port: u16,
    down: Arc<AtomicBool>,
    conns: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>>,
}

impl Proxy {
    async fn start(upstream: String) -> Self {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let down = Arc::new(AtomicBool::new(false));
        let conns: Arc<Mutex<Vec<tokio::task::JoinHandle<()>>>> = Arc::default();
        let (d, c) = (down.clone(), conns.clone());
        tokio::spawn(async move {
            loop {
                let Ok((mut inbound, _)) = listener.accept().await else { break };
                if d.load(Ordering::SeqCst) {
                    drop(inbound);
                    continue;
                }
                let up = upstream.clone();
                c.lock().unwrap().push(tokio::spawn(async move {
                    if let Ok(mut out) = tokio::net::TcpStream::connect(up).await {
                        let _ = tokio::io::copy_bidirectional(&mut inbound, &mut out).await;
                    }
                }));
            }
        });
        Self { port, down, conns }
    }

    fn cut(&self) {
        self.down.store(true, Ordering::SeqCst);
        for h in self.conns.lock().unwrap().drain(..) {
            h.abort();
        }
    }

    fn restore(&self) {
        self.down.store(false, Ordering::SeqCst);
    }
}

#[tokio::test]
async fn database_down_gives_503_then_recovers_without_restart() {
    let Some(admin) = pg_admin_url() else {
        panic!("this test needs PostgreSQL: set PLANTDOC_TEST_PG_URL (make test does)");
    };
    let db = new_pg_database(&admin).await;
    let mut u = url::Url::parse(&db).unwrap();
    let upstream = format!("{}:{}", u.host_str().unwrap(), u.port().unwrap_or(5432));
    let proxy = Proxy::start(upstream).await;
    u.set_port(Some(proxy.port)).unwrap();
    let via_proxy = u.to_string();
    let app = spawn_on(
        tempfile::tempdir().unwrap(),
        via_proxy,
        &[("database.acquire_timeout_secs", "2")],
    )
    .await;
    let c = app.signed_in("erin@demo.plant", "engineer", "process").await;
    assert_eq!(c.get("/api/zones").await.status, StatusCode::OK);

    proxy.cut();
    // A session this instance remembers is used for up to session.recheck_ms without
    // the database (decision 35); after that, every signed-in request needs it.
    tokio::time::sleep(RECHECK).await;
    let r = c.get("/api/zones").await;
    assert_eq!(r.status, StatusCode::SERVICE_UNAVAILABLE, "{}", r.text);
    assert_eq!(r.body["error"], "The service is temporarily unavailable. Please try again.");
    assert!(!r.text.contains("Io") && !r.text.contains("sqlx"), "no internals: {}", r.text);
    assert_eq!(c.get("/readyz").await.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(c.get("/healthz").await.status, StatusCode::OK, "the process itself is alive");

    proxy.restore();
    let mut status = StatusCode::SERVICE_UNAVAILABLE;
    for _ in 0..20 {
        status = c.get("/api/zones").await.status;
        if status == StatusCode::OK {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(250)).await;
    }
    assert_eq!(status, StatusCode::OK, "recovered without a restart");
    assert_eq!(c.get("/readyz").await.status, StatusCode::OK);
}
