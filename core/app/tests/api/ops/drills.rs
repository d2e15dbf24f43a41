//! Fault drills (docs/operations.md). After each: every write the server acknowledged is
//! there, nothing half-written is visible, no orphan blob or row remains once `storage
//! check --fix` ran, and the audit chain verifies. Each prints its counts.
use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::json;

use super::text;
use crate::helpers::*;
use crate::swp::support::{multipart, payload, pdf};

/// What a drill found after the fault.
pub struct Outcome {
    pub acknowledged: usize,
    pub found: usize,
    pub orphans: usize,
}

/// `storage check --fix --min-age-secs 0`, then a plain check that must be clean, then
/// `audit verify`. Answers the orphans (blobs and temporary files) the fix removed.
pub fn check_plant(db: &str, files: &std::path::Path, env: &[(&str, &str)]) -> usize {
    let run = |args: &[&str]| {
        std::process::Command::new(env!("CARGO_BIN_EXE_plantdoc"))
            .args(args)
            .current_dir(workspace())
            .env("PLANTDOC__LOG__LEVEL", "error")
            .env("PLANTDOC__DATABASE__URL", db)
            .env("PLANTDOC__STORAGE__DIR", files)
            .envs(env.iter().copied())
            .output()
            .unwrap()
    };
    let o = run(&["storage", "check", "--fix", "--min-age-secs", "0"]);
    let t = text(&o);
    assert!(t.contains("missing: 0, wrong sha-256: 0"), "no row without its intact blob: {t}");
    let removed = |label: &str| -> usize {
        let at = t.find(label).unwrap_or_else(|| panic!("{label} in {t}")) + label.len();
        t[at..].split(|c: char| !c.is_ascii_digit()).next().unwrap().parse().unwrap()
    };
    let orphans = removed("(removed ")
        + t.rsplit("(removed ")
            .next()
            .unwrap()
            .split(')')
            .next()
            .unwrap()
            .parse::<usize>()
            .unwrap();
    let o = run(&["storage", "check"]);
    assert!(o.status.success(), "clean after --fix: {}", text(&o));
    let o = run(&["audit", "verify"]);
    assert!(o.status.success() && text(&o).contains("chain intact"), "{}", text(&o));
    orphans
}

pub fn report(drill: &str, o: &Outcome) {
    println!(
        "drill {drill}: acknowledged {}, found {}, orphans {}",
        o.acknowledged, o.found, o.orphans
    );
    assert_eq!(o.found, o.acknowledged, "{drill}: every acknowledged write is there");
}

/// Signs in through a server (any instance) with the tests' password.
pub async fn login_at(base: &str, email: &str) -> Client {
    let c = Client {
        base: base.to_string(),
        http: crate::helpers::http_client().build().unwrap(),
        jar: Default::default(),
    };
    let r = c.post("/api/users/login", &json!({"email": email, "password": PASSWORD})).await;
    assert_eq!(r.status, StatusCode::OK, "login {email}: {}", r.text);
    c
}

/// A POST that may be cut by the kill: None when no answer came (not acknowledged).
async fn try_post(
    c: &Client,
    path: &str,
    body: Vec<u8>,
    ct: &str,
) -> Option<(StatusCode, serde_json::Value)> {
    let cookies: Vec<String> =
        c.jar.lock().unwrap().iter().map(|(k, v)| format!("{k}={v}")).collect();
    let r = c
        .http
        .post(format!("{}{path}", c.base))
        .header("content-type", ct)
        .header("cookie", cookies.join("; "))
        .header("x-csrf-token", c.cookie("__Host-plantdoc_csrf").unwrap_or_default())
        .body(body)
        .send()
        .await
        .ok()?;
    let status = r.status();
    Some((status, r.json().await.ok()?))
}

/// An upload whose body stops half-way and never ends (the server is killed meanwhile).
fn stalled_upload(c: &Client) -> tokio::task::JoinHandle<()> {
    let (ct, body) =
        multipart(&[("filepond", Some("big.pdf"), "application/pdf", &vec![b'%'; 4 << 20])]);
    let cookies: Vec<String> =
        c.jar.lock().unwrap().iter().map(|(k, v)| format!("{k}={v}")).collect();
    let csrf = c.cookie("__Host-plantdoc_csrf").unwrap_or_default();
    let url = format!("{}/api/swps/uploadPdf", c.base);
    tokio::spawn(async move {
        let half = bytes::Bytes::from(body[..body.len() / 2].to_vec());
        let stream = futures::stream::once(async move { Ok::<_, std::io::Error>(half) })
            .chain(futures::stream::pending());
        let _ = reqwest::Client::new()
            .request(Method::POST, url)
            .header("content-type", ct)
            .header("content-length", body.len())
            .header("cookie", cookies.join("; "))
            .header("x-csrf-token", csrf)
            .body(reqwest::Body::wrap_stream(stream))
            .send()
            .await;
    })
}

use futures::StreamExt;

#[tokio::test]
async fn kill_9_during_an_upload_and_a_deploy() {
    let seed = spawn().await;
    for (e, p, d) in [
        ("eng@demo.plant", "engineer", "process"),
        ("rev.process@demo.plant", "supervisor", "process"),
        ("rev.quality@demo.plant", "manager", "quality"),
        ("rev.production@demo.plant", "supervisor", "production"),
    ] {
        crate::swp::support::add(&seed, e, p, d, "mpk", &["A1", "B2"]).await;
    }
    let (db, files) = (seed.db_url.clone(), seed.tmp.path().join("files"));
    let env = [
        ("PLANTDOC__SERVER__SECRET", "drill-secret-drill-secret-drill!"),
        ("PLANTDOC__LOG__LEVEL", "error"),
    ];
    let (child, addr) = serve_process(seed.tmp.path(), &db, &env).await;
    let base = format!("http://{addr}");
    let eng = login_at(&base, "eng@demo.plant").await;
    let revs = [
        login_at(&base, "rev.process@demo.plant").await,
        login_at(&base, "rev.quality@demo.plant").await,
        login_at(&base, "rev.production@demo.plant").await,
    ];
    // Six SWPs waiting for their last review.
    let mut ids = Vec::new();
    for i in 0..6 {
        let files = crate::swp::support::file_ids(&eng, &format!("K{i}")).await;
        let r =
            eng.post("/api/swps/uploadS3", &payload(files, &format!("KILL-{i}"), json!({}))).await;
        assert_eq!(r.status, StatusCode::OK, "{}", r.text);
        let id = r.body["swp"]["_id"].as_str().unwrap().to_string();
        for c in &revs[..2] {
            assert_eq!(
                c.post(&format!("/api/swps/approve/{id}"), &json!({"reviewNote": ""})).await.status,
                StatusCode::OK
            );
        }
        ids.push(id);
    }
    // In flight at the kill: two stalled uploads, a stream of uploads, the deploys.
    let stalled = [stalled_upload(&eng), stalled_upload(&eng)];
    // Staggered, so the kill (after the fourth answer) lands in the middle of them.
    let answered = std::sync::Arc::new(std::sync::atomic::AtomicUsize::new(0));
    let mut work = tokio::task::JoinSet::new();
    for (i, id) in ids.clone().into_iter().enumerate() {
        let (c, n) = (revs[2].clone(), answered.clone());
        work.spawn(async move {
            tokio::time::sleep(Duration::from_millis(i as u64 * 120)).await;
            let r = try_post(
                &c,
                &format!("/api/swps/approve/{id}"),
                br#"{"reviewNote": ""}"#.to_vec(),
                "application/json",
            )
            .await;
            if r.is_some() {
                n.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
            (format!("deploy {id}"), r)
        });
    }
    for i in 0..6 {
        let (c, n) = (eng.clone(), answered.clone());
        work.spawn(async move {
            tokio::time::sleep(Duration::from_millis(i * 120 + 60)).await;
            let (ct, body) = multipart(&[(
                "filepond",
                Some("a.pdf"),
                "application/pdf",
                &pdf(&format!("U{i}"), 1),
            )]);
            let r = try_post(&c, "/api/swps/uploadPdf", body, &ct).await;
            if r.is_some() {
                n.fetch_add(1, std::sync::atomic::Ordering::SeqCst);
            }
            (format!("upload {i}"), r)
        });
    }
    let t0 = std::time::Instant::now();
    while answered.load(std::sync::atomic::Ordering::SeqCst) < 4
        && t0.elapsed() < Duration::from_secs(20)
    {
        tokio::time::sleep(Duration::from_millis(5)).await;
    }
    let mut child = child;
    child.kill().unwrap(); // SIGKILL
    child.wait().unwrap();
    let (mut deploys, mut uploads) = (Vec::new(), Vec::new());
    // A request cut by the kill has no answer: not acknowledged.
    while let Some(done) = work.join_next().await {
        let (what, Some((status, body))) = done.unwrap() else { continue };
        if status == StatusCode::OK {
            if what.starts_with("deploy") {
                deploys.push(what[7..].to_string());
            } else {
                uploads.push(body["serverId"].as_str().unwrap().to_string());
            }
        }
    }
    for s in stalled {
        s.abort();
    }

    // Restarted: what was acknowledged is there, nothing half-written.
    let (child, _addr) = serve_process(seed.tmp.path(), &db, &env).await;
    let mut child = child;
    let mut found = 0;
    for id in &deploys {
        let st: String = sqlx::query_scalar("SELECT status FROM swps WHERE id = $1")
            .bind(id)
            .fetch_one(&seed.state.db.pool)
            .await
            .unwrap();
        found += usize::from(st == "deployed");
    }
    for id in &uploads {
        found +=
            scalar(&seed, &format!("SELECT COUNT(*) FROM files WHERE id = '{id}'")).await as usize;
    }
    // Every SWP is either deployed with its audit row or still waiting, never between.
    for id in &ids {
        let (st, prod): (String, String) =
            sqlx::query_as("SELECT status, production_status FROM swps WHERE id = $1")
                .bind(id)
                .fetch_one(&seed.state.db.pool)
                .await
                .unwrap();
        assert!(
            (st == "deployed") == (prod == "Approved") && (st == "deployed" || st == "pending"),
            "{id}: {st} / {prod}"
        );
    }
    let orphans = check_plant(&db, &files, &env);
    child.kill().unwrap();
    child.wait().unwrap();
    assert!(
        deploys.len() + uploads.len() >= 4 && deploys.len() + uploads.len() < 12,
        "the kill came mid-burst"
    );
    report(
        "kill -9 (upload + deploy)",
        &Outcome { acknowledged: deploys.len() + uploads.len(), found, orphans },
    );
}
