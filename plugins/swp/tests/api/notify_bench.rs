//! The issue-27 benchmark, printed (ignored by default; run with
//! `cargo test -p plantdoc --test api -- --ignored notify_bench --nocapture`): 1 000 open
//! event streams on one instance, the memory they cost, and how long one approval takes
//! to reach all of them. Server and clients share this process, so the RSS growth is an
//! upper bound of the server's.
use std::time::{Duration, Instant};

use serde_json::json;

use super::support::*;
use crate::helpers::*;

fn rss_kb() -> u64 {
    let s = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    s.lines()
        .find(|l| l.starts_with("VmRSS:"))
        .and_then(|l| l.split_whitespace().nth(1))
        .and_then(|v| v.parse().ok())
        .unwrap_or(0)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "benchmark: run by hand (see the file's doc)"]
async fn notify_bench_a_thousand_streams() {
    const STREAMS: usize = 1000;
    // One reviewer's thousand pages, from one address: past both caps (docs/security.md).
    let app = spawn_with(&[
        ("notifications.max_streams_per_user", "1000"),
        ("notifications.max_streams_per_address", "0"),
    ])
    .await;
    let crew = crew(&app).await;
    let id = submit(&crew.eng, "7399-0001", json!({})).await;
    let cookies: Vec<String> =
        crew.quality.jar.lock().unwrap().iter().map(|(k, v)| format!("{k}={v}")).collect();
    let cookie = cookies.join("; ");
    let before = rss_kb();
    let (tx, mut rx) = tokio::sync::mpsc::unbounded_channel::<Instant>();
    let mut opened = Vec::new();
    for _ in 0..STREAMS {
        let http = reqwest::Client::new();
        let r = http
            .get(format!("{}/api/events", app.base))
            .header("cookie", &cookie)
            .send()
            .await
            .unwrap();
        assert_eq!(r.status(), reqwest::StatusCode::OK);
        opened.push(r);
    }
    // Each stream reads its `ready` event, then waits for the approval's.
    for mut r in opened {
        let tx = tx.clone();
        tokio::spawn(async move {
            let mut text = String::new();
            while let Ok(Some(b)) = r.chunk().await {
                text.push_str(&String::from_utf8_lossy(&b));
                if text.contains("swp.approved") {
                    let _ = tx.send(Instant::now());
                    return;
                }
            }
        });
    }
    tokio::time::sleep(Duration::from_secs(1)).await;
    let open = rss_kb();
    let t0 = Instant::now();
    let r = crew.process.post(&format!("/api/swps/approve/{id}"), &json!({"reviewNote": ""})).await;
    assert_eq!(r.status, reqwest::StatusCode::OK);
    let mut last = t0;
    for _ in 0..STREAMS {
        last = tokio::time::timeout(Duration::from_secs(10), rx.recv())
            .await
            .expect("every stream hears it")
            .unwrap();
    }
    let grown_mb = (open.saturating_sub(before)) as f64 / 1024.0;
    let reach_ms = last.duration_since(t0).as_secs_f64() * 1000.0;
    println!("# {STREAMS} open event streams: RSS +{grown_mb:.1} MB (server and clients; target ≤ 50 MB for the server)");
    println!("# an approval reached all {STREAMS} streams in {reach_ms:.0} ms after the call began (target ≤ 1000 ms)");
}
