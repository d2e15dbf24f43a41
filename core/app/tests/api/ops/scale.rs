//! Two instances, one plant: PostgreSQL + S3 (s3s-fs), an in-process instance A (for the
//! helpers that seed people) and two `plantdoc serve` processes B and C over the same
//! database and bucket. A session started on one works on the others, an upload through
//! one is read through another, and background work runs once across instances.
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use plantdoc_core::plugin::{Manifest, ModuleContext, Plugin};
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;
use crate::storage::{start_s3, S3_KEY, S3_SECRET};
use crate::swp::support::{crew, file_ids, payload, Crew};

const SECRET: &str = "one-secret-for-every-instance-of-the-plant";

fn on(c: &Client, base: &str) -> Client {
    let mut c = c.clone();
    c.base = base.to_string();
    c
}

struct Killed(std::process::Child);
impl Drop for Killed {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

#[tokio::test]
async fn two_serve_processes_share_sessions_uploads_and_documents() {
    let admin = pg_admin_url()
        .expect("this test needs PostgreSQL: set PLANTDOC_TEST_PG_URL (make test does)");
    let db = new_pg_database(&admin).await;
    let s3 = start_s3().await;
    let bucket = format!("scale-{}", &uuid_like()[..8]);
    let a = spawn_on(
        tempfile::tempdir().unwrap(),
        db.clone(),
        &[
            ("storage.backend", "s3"),
            ("storage.s3.bucket", &bucket),
            ("storage.s3.endpoint", &s3.endpoint),
            ("storage.s3.access_key_id", S3_KEY),
            ("storage.s3.secret_access_key", S3_SECRET),
            ("storage.s3.path_style", "true"),
            ("server.secret", SECRET),
        ],
    )
    .await;
    // A runs on the tests' clock: bring it to the wall clock the processes use.
    let wall =
        std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis()
            as i64;
    a.clock.advance_secs((wall - T0) / 1000);
    let env = [
        ("PLANTDOC__STORAGE__BACKEND", "s3"),
        ("PLANTDOC__STORAGE__S3__BUCKET", bucket.as_str()),
        ("PLANTDOC__STORAGE__S3__ENDPOINT", s3.endpoint.as_str()),
        ("PLANTDOC__STORAGE__S3__ACCESS_KEY_ID", S3_KEY),
        ("PLANTDOC__STORAGE__S3__SECRET_ACCESS_KEY", S3_SECRET),
        ("PLANTDOC__STORAGE__S3__PATH_STYLE", "true"),
        ("PLANTDOC__SERVER__SECRET", SECRET),
        ("PLANTDOC__LOG__LEVEL", "error"),
    ];
    let tmp = tempfile::tempdir().unwrap();
    let (b, addr_b) = serve_process(tmp.path(), &db, &env).await;
    let _b = Killed(b);
    let (c, addr_c) = serve_process(tmp.path(), &db, &env).await;
    let _c = Killed(c);
    let (base_b, base_c) = (format!("http://{addr_b}"), format!("http://{addr_c}"));

    // Sessions started on A are honoured by B and C (sessions live in the database).
    let crew = crew(&a).await;
    for base in [&base_b, &base_c] {
        let r = on(&crew.eng, base).get("/api/zones").await;
        assert_eq!(r.status, StatusCode::OK, "{base}: {}", r.text);
        assert_eq!(a.client().get("/api/zones").await.status, StatusCode::UNAUTHORIZED);
    }

    // Uploads through B; the submit that merges and checks them runs on C; reviews on
    // B, C, B; the deployed document is read through A.
    let moved = Crew {
        eng: on(&crew.eng, &base_b),
        eng_id: crew.eng_id.clone(),
        process: on(&crew.process, &base_b),
        quality: on(&crew.quality, &base_c),
        production: on(&crew.production, &base_b),
    };
    let files = file_ids(&moved.eng, "7101-0001").await;
    let r = on(&crew.eng, &base_c)
        .post("/api/swps/uploadS3", &payload(files, "7101-0001", json!({})))
        .await;
    assert_eq!(r.status, StatusCode::OK, "submit on C of uploads through B: {}", r.text);
    let id = r.body["swp"]["_id"].as_str().unwrap().to_string();
    let swp = crate::swp::support::approve_all(&moved, &id).await;
    assert_eq!(swp["status"], "deployed");
    let blobs = a.state.storage.list().await.unwrap();
    assert_eq!(blobs.len(), 3, "the three uploads in the one bucket: {blobs:?}");
    let r = crew.quality.get(&format!("/api/swps/swp/{id}")).await;
    assert_eq!(r.status, StatusCode::OK, "read through A: {}", r.text);
    let (status, bytes, _) =
        crate::swp::support::fetch_link(&a, r.body["swp"]["urls"]["vis"].as_str().unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert!(bytes.starts_with(b"%PDF-"), "the document uploaded through B, read through A");

    // Every row has its blob in the shared bucket.
    let o = std::process::Command::new(env!("CARGO_BIN_EXE_plantdoc"))
        .args(["storage", "check"])
        .current_dir(workspace())
        .env("PLANTDOC__DATABASE__URL", &db)
        .envs(env.iter().copied())
        .output()
        .unwrap();
    let t = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(o.status.success() && t.contains("missing: 0, wrong sha-256: 0"), "{t}");

    // A module switched on through A is on at B within the refresh period.
    let remote = format!("{base_b}/remotes/kanban/remoteEntry.js");
    assert_eq!(
        reqwest::get(&remote).await.unwrap().status(),
        StatusCode::NOT_FOUND,
        "kanban is off in release 1.0"
    );
    let boss = a.signed_in_plant_admin("boss@demo.plant", "manager", "process").await;
    let r = boss.post("/api/modules/switch", &json!({"id": "kanban", "enabled": true})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let mut followed = false;
    for _ in 0..40 {
        if reqwest::get(&remote).await.unwrap().status() == StatusCode::OK {
            followed = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert!(followed, "B follows a switch made through A");

    // Signing out on C ends the session everywhere, also where it was just used (and
    // is remembered): within session.recheck_ms (100 ms; decision 35).
    for base in [&base_b, &base_c] {
        assert_eq!(on(&crew.quality, base).get("/api/zones").await.status, StatusCode::OK);
    }
    assert_eq!(crew.quality.get("/api/zones").await.status, StatusCode::OK);
    let r = on(&crew.quality, &base_c).post("/api/users/logout", &json!({})).await;
    assert!(r.status.is_success(), "logout: {}", r.text);
    assert_eq!(
        on(&crew.quality, &base_c).get("/api/zones").await.status,
        StatusCode::UNAUTHORIZED,
        "at once where it was ended"
    );
    tokio::time::sleep(RECHECK).await;
    assert_eq!(on(&crew.quality, &base_b).get("/api/zones").await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(crew.quality.get("/api/zones").await.status, StatusCode::UNAUTHORIZED);
}

/// A module whose periodic task records which instance ran each tick.
struct Ticker(Arc<Mutex<Vec<(usize, std::time::Instant)>>>, usize, Arc<AtomicUsize>);

impl Plugin for Ticker {
    fn manifest(&self) -> Manifest {
        Manifest::new("ticker", "Ticker", "1.0")
    }
    fn build(&self, ctx: &mut ModuleContext) -> anyhow::Result<()> {
        let (log, me, started) = (self.0.clone(), self.1, self.2.clone());
        ctx.task("tick", move |state, stop| async move {
            started.fetch_add(1, Ordering::SeqCst);
            plantdoc_core::tasks::every(state, stop, Duration::from_millis(200), move |_| {
                let log = log.clone();
                async move { log.lock().unwrap().push((me, std::time::Instant::now())) }
            })
            .await
        });
        Ok(())
    }
}

#[tokio::test]
async fn periodic_work_runs_once_across_instances() {
    let tmp = tempfile::tempdir().unwrap();
    let db = fresh_database(tmp.path()).await;
    let log = Arc::new(Mutex::new(Vec::new()));
    let started = Arc::new(AtomicUsize::new(0));
    let ticker =
        |me| -> Vec<Arc<dyn Plugin>> { vec![Arc::new(Ticker(log.clone(), me, started.clone()))] };
    let enable = [("modules.ticker.enabled", "true")];
    let one = spawn_full(tmp, db.clone(), &enable, ticker(1)).await;
    let two = spawn_full(tempfile::tempdir().unwrap(), db, &enable, ticker(2)).await;
    tokio::time::sleep(Duration::from_millis(2100)).await;
    drop((one, two));
    let runs = log.lock().unwrap().clone();
    assert_eq!(started.load(Ordering::SeqCst), 2, "the task loop runs on both instances");
    // Ten periods: without the lease both instances would run each tick (about 20).
    assert!(
        (7..=11).contains(&runs.len()),
        "one run per period across both instances: {} runs",
        runs.len()
    );
    // A hand-over between instances waits for the lease (180 ms) to expire; runs of one
    // instance follow its own ticks (jitter of a busy machine aside).
    for w in runs.windows(2).filter(|w| w[0].0 != w[1].0) {
        let gap = w[1].1.duration_since(w[0].1);
        assert!(
            gap >= Duration::from_millis(100),
            "instances {} and {} ran {gap:?} apart",
            w[0].0,
            w[1].0
        );
    }
}
