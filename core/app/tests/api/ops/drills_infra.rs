//! Fault drills of the services around the server: the S3 server killed during uploads,
//! PostgreSQL restarted during a burst of approvals and sign records, the disk full
//! during an upload. Same checks as the kill -9 drill (see drills.rs).
use std::net::TcpListener;
use std::process::{Command, Stdio};
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::json;

use super::drills::{check_plant, report, Outcome};
use crate::helpers::*;
use crate::storage::{s3_on, S3_KEY, S3_SECRET};
use crate::swp::support::{multipart, pdf, send_bytes};

async fn upload(c: &Client, label: String) -> Resp {
    let (ct, body) = multipart(&[("filepond", Some("a.pdf"), "application/pdf", &pdf(&label, 1))]);
    send_bytes(c, Method::POST, "/api/swps/uploadPdf", body, &ct).await
}

#[tokio::test]
async fn s3_server_killed_during_uploads() {
    let dir = tempfile::tempdir().unwrap();
    let port = TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
    let endpoint = format!("http://127.0.0.1:{port}");
    let mut s3 = s3_on(dir.path(), port).await;
    let s3_env = [
        ("PLANTDOC__STORAGE__BACKEND", "s3"),
        ("PLANTDOC__STORAGE__S3__BUCKET", "drill"),
        ("PLANTDOC__STORAGE__S3__ENDPOINT", endpoint.as_str()),
        ("PLANTDOC__STORAGE__S3__ACCESS_KEY_ID", S3_KEY),
        ("PLANTDOC__STORAGE__S3__SECRET_ACCESS_KEY", S3_SECRET),
    ];
    let over: Vec<(String, String)> = s3_env
        .iter()
        .map(|(k, v)| {
            (k.trim_start_matches("PLANTDOC__").to_lowercase().replace("__", "."), v.to_string())
        })
        .collect();
    let over: Vec<(&str, &str)> = over.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let app = spawn_with(&over).await;
    let eng = app.signed_in("eng@demo.plant", "engineer", "process").await;
    let mut acked = Vec::new();
    for i in 0..3 {
        let r = upload(&eng, format!("before {i}")).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        acked.push(r.body["serverId"].as_str().unwrap().to_string());
    }
    let mut work = tokio::task::JoinSet::new();
    for i in 0..16 {
        let c = eng.clone();
        work.spawn(async move {
            tokio::time::sleep(Duration::from_millis(i * 15)).await;
            upload(&c, format!("burst {i}")).await
        });
    }
    tokio::time::sleep(Duration::from_millis(100)).await;
    s3.kill().unwrap();
    s3.wait().unwrap();
    while let Some(r) = work.join_next().await {
        let r = r.unwrap();
        assert!(
            r.status == StatusCode::OK || r.status.is_server_error(),
            "an upload the store refused is an error: {}",
            r.text
        );
        assert!(r.body.is_object(), "JSON error shape: {}", r.text);
        if r.status == StatusCode::OK {
            acked.push(r.body["serverId"].as_str().unwrap().to_string());
        }
    }
    let mut s3 = s3_on(dir.path(), port).await;
    let mut found = 0;
    for id in &acked {
        found +=
            scalar(&app, &format!("SELECT COUNT(*) FROM files WHERE id = '{id}'")).await as usize;
    }
    let orphans = check_plant(&app.db_url, &app.tmp.path().join("files"), &s3_env);
    let _ = s3.kill();
    report(
        "S3 server killed during uploads",
        &Outcome { acknowledged: acked.len(), found, orphans },
    );
}

struct Unmount(std::path::PathBuf);
impl Drop for Unmount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.0).status();
    }
}

#[tokio::test]
async fn disk_full_during_an_upload() {
    let tmp = tempfile::tempdir().unwrap();
    let files = tmp.path().join("files");
    std::fs::create_dir_all(&files).unwrap();
    // A 3 MiB tmpfs as the blob folder (root can mount one; elsewhere the drill says so).
    let ok = Command::new("mount")
        .args(["-t", "tmpfs", "-o", "size=3m", "tmpfs"])
        .arg(&files)
        .stderr(Stdio::null())
        .status()
        .map(|s| s.success())
        .unwrap_or(false);
    if !ok {
        println!("drill disk full: SKIPPED (cannot mount a tmpfs here: run the suite as root, as CI does)");
        return;
    }
    let _guard = Unmount(files.clone());
    let db = fresh_database(tmp.path()).await;
    let app = spawn_on(tmp, db, &[]).await;
    let eng = app.signed_in("eng@demo.plant", "engineer", "process").await;
    let first = upload(&eng, "fits".into()).await;
    assert_eq!(first.status, StatusCode::OK, "{}", first.text);
    let mut acked = vec![first.body["serverId"].as_str().unwrap().to_string()];
    // 5 MiB does not fit: 507 with the upload's field message (the drop shows it),
    // nothing left behind. Multipart and raw body alike.
    let mut big = pdf("big", 1);
    big.extend(std::iter::repeat_n(b' ', 5 << 20));
    let (ct, body) = multipart(&[("filepond", Some("big.pdf"), "application/pdf", &big)]);
    let r = send_bytes(&eng, Method::POST, "/api/swps/uploadPdf", body, &ct).await;
    assert_eq!(r.status, StatusCode::INSUFFICIENT_STORAGE, "{}", r.text);
    assert!(
        r.body["file"].as_str().is_some_and(|m| m.contains("storage is full")),
        "field message: {}",
        r.text
    );
    let r = send_bytes(
        &eng,
        Method::POST,
        "/api/swps/uploadPdf?filename=big.pdf",
        big.clone(),
        "application/pdf",
    )
    .await;
    assert_eq!(r.status, StatusCode::INSUFFICIENT_STORAGE, "raw body: {}", r.text);
    assert!(
        r.body["file"].as_str().is_some_and(|m| m.contains("storage is full")),
        "field message: {}",
        r.text
    );
    assert_eq!(
        std::fs::read_dir(files.join(".tmp")).unwrap().count(),
        0,
        "the partial temporary file is removed"
    );
    assert_eq!(
        scalar(&app, "SELECT COUNT(*) FROM files").await,
        1,
        "no row for the refused upload"
    );
    // Room again: uploads work without a restart.
    let r = upload(&eng, "after".into()).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    acked.push(r.body["serverId"].as_str().unwrap().to_string());
    let mut found = 0;
    for id in &acked {
        found +=
            scalar(&app, &format!("SELECT COUNT(*) FROM files WHERE id = '{id}'")).await as usize;
    }
    let orphans = check_plant(&app.db_url, &files, &[]);
    report("disk full during an upload", &Outcome { acknowledged: acked.len(), found, orphans });
    let _ = json!({});
}

/// The machine's PostgreSQL binaries (the drill runs its own cluster to restart it).
fn pg_bin() -> String {
    let out = Command::new("sh")
        .args(["-c", "ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n1"])
        .output()
        .unwrap();
    String::from_utf8(out.stdout).unwrap().trim().to_string()
}

#[tokio::test]
async fn postgres_restarted_during_approvals_and_sign_records() {
    use crate::island::support::{badged, plant};
    let cluster = tempfile::tempdir().unwrap();
    let pg = cluster.path().join("pg");
    let ci = workspace().join(".ci/pg.sh");
    let out =
        Command::new("bash").arg(&ci).arg("start").arg(&pg).stderr(Stdio::null()).output().unwrap();
    let admin = String::from_utf8(out.stdout).unwrap().trim().to_string();
    assert!(admin.starts_with("postgres://"), "own cluster: {admin}");
    struct Stop(std::path::PathBuf, std::path::PathBuf);
    impl Drop for Stop {
        fn drop(&mut self) {
            let _ = Command::new("bash")
                .arg(&self.0)
                .arg("stop")
                .arg(&self.1)
                .stderr(Stdio::null())
                .status();
        }
    }
    let _stop = Stop(ci, pg.clone());
    let db = new_pg_database(&admin).await;
    let app =
        spawn_on(tempfile::tempdir().unwrap(), db, &[("database.acquire_timeout_secs", "2")]).await;
    let p = plant(&app, "7101-0001").await;
    // The plant's review crew, signed in again.
    use crate::swp::support::login;
    let crew = crate::swp::support::Crew {
        eng: login(&app, "eng@demo.plant").await,
        eng_id: String::new(),
        process: login(&app, "rev.process@demo.plant").await,
        quality: login(&app, "rev.quality@demo.plant").await,
        production: login(&app, "rev.production@demo.plant").await,
    };
    let mut ops = Vec::new();
    for i in 0..8 {
        ops.push(
            badged(
                &app,
                &format!("op{i}@drill.plant"),
                "operator",
                "production",
                "mpk",
                &format!("55{i}"),
            )
            .await,
        );
    }
    let mut pending = Vec::new();
    for i in 0..6 {
        let id = crate::swp::support::submit(&crew.eng, &format!("PG-{i}"), json!({})).await;
        for c in [&crew.process, &crew.quality] {
            assert_eq!(
                c.post(&format!("/api/swps/approve/{id}"), &json!({"reviewNote": ""})).await.status,
                StatusCode::OK
            );
        }
        pending.push(id);
    }
    // The burst: final approvals (deploys) and kiosk sign records, 30 ms apart.
    let mut work = tokio::task::JoinSet::new();
    for (i, id) in pending.iter().enumerate() {
        let c = crew.production.clone();
        let id = id.clone();
        work.spawn(async move {
            tokio::time::sleep(Duration::from_millis(i as u64 * 60)).await;
            (
                "deploy",
                id.clone(),
                c.post(&format!("/api/swps/approve/{id}"), &json!({"reviewNote": ""})).await,
            )
        });
    }
    for (i, op) in ops.iter().enumerate() {
        let (c, op, swp) = (p.netbook.clone(), op.clone(), p.swp_id.clone());
        work.spawn(async move {
            tokio::time::sleep(Duration::from_millis(i as u64 * 45)).await;
            let r = c
                .post(
                    "/api/island/operator-read-swp",
                    &json!({"opId": op, "swpId": swp, "key": format!("drill-{op}")}),
                )
                .await;
            ("sign", String::new(), r)
        });
    }
    tokio::time::sleep(Duration::from_millis(120)).await;
    let st = Command::new("runuser")
        .args(["-u", "postgres", "--"])
        .arg(format!("{}/pg_ctl", pg_bin()))
        .args(["-D"])
        .arg(pg.join("data"))
        .args(["-m", "immediate", "-w", "restart"])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .unwrap();
    assert!(st.success(), "pg_ctl restart");
    let (mut deploys, mut signs) = (Vec::new(), Vec::new());
    while let Some(r) = work.join_next().await {
        let (what, id, r) = r.unwrap();
        assert!(
            r.status == StatusCode::OK
                || r.status == StatusCode::SERVICE_UNAVAILABLE
                || r.status == StatusCode::CONFLICT,
            "{what}: {} {}",
            r.status,
            r.text
        );
        if r.status == StatusCode::OK {
            if what == "deploy" {
                deploys.push(id);
            } else {
                signs.push(r.body["recordId"].as_str().unwrap().to_string());
            }
        }
    }
    // Back without a restart of the server.
    let mut ready = false;
    for _ in 0..40 {
        if app.client().get("/readyz").await.status == StatusCode::OK {
            ready = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    assert!(ready, "the server recovers once PostgreSQL is back");
    let mut found = 0;
    for id in &deploys {
        found += scalar(
            &app,
            &format!("SELECT COUNT(*) FROM swps WHERE id = '{id}' AND status = 'deployed'"),
        )
        .await as usize;
    }
    for id in &signs {
        found += scalar(&app, &format!("SELECT COUNT(*) FROM acknowledgements WHERE id = '{id}'"))
            .await as usize;
    }
    for id in &pending {
        let (st, prod): (String, String) =
            sqlx::query_as("SELECT status, production_status FROM swps WHERE id = $1")
                .bind(id)
                .fetch_one(&app.state.db.pool)
                .await
                .unwrap();
        assert!(
            (st == "deployed") == (prod == "Approved"),
            "{id}: {st} / {prod}: never half-deployed"
        );
    }
    let orphans = check_plant(&app.db_url, &app.tmp.path().join("files"), &[]);
    report(
        "PostgreSQL restarted during approvals and sign records",
        &Outcome { acknowledged: deploys.len() + signs.len(), found, orphans },
    );
}
