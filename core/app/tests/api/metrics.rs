//! `GET /metrics`: OpenMetrics text with requests and latency by route template and status
//! and the queues' gauges; only from `[metrics] allow` (loopback) or with a token of scope
//! `metrics`.
use reqwest::{Method, StatusCode};

use crate::helpers::*;
use crate::tokens::{make, with_token};

#[tokio::test]
async fn metrics_count_requests_by_route_template_and_read_the_queues() {
    let app = spawn().await;
    let eng = app.signed_in("eng@demo.plant", "engineer", "process").await;
    for _ in 0..2 {
        assert_eq!(eng.get("/api/zones").await.status, StatusCode::OK);
    }
    assert_eq!(eng.get("/api/swps/swp/no-such-id").await.status, StatusCode::NOT_FOUND);

    let r = app.client().get("/metrics").await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let ct = r.headers.get("content-type").unwrap().to_str().unwrap();
    assert!(ct.starts_with("application/openmetrics-text"), "{ct}");
    let m = r.text;
    for line in [
        "plantdoc_http_requests_total{method=\"GET\",route=\"/api/zones\",status=\"200\"} 2",
        "plantdoc_http_requests_total{method=\"GET\",route=\"/api/swps/swp/{swpId}\",status=\"404\"} 1",
        "plantdoc_http_request_duration_seconds_count{method=\"GET\",route=\"/api/zones\",status=\"200\"} 2",
        "plantdoc_sessions 1",
        "plantdoc_event_streams_open 0",
        "plantdoc_pdf_workers_max 2",
        "plantdoc_pdf_workers_busy 0",
        "plantdoc_mail_queue{state=\"due\"} 0",
        "plantdoc_outbox_lag_seconds 0",
        "# EOF",
    ] {
        assert!(m.lines().any(|l| l == line), "missing {line:?} in\n{m}");
    }
    assert!(m.contains("plantdoc_db_pool_max_connections "), "{m}");
    assert!(m.contains("plantdoc_db_pool_connections{state=\"idle\"}"), "{m}");
    // The pool's wait: the signed-in calls above got connections through it.
    let waits = m.lines().find_map(|l| l.strip_prefix("plantdoc_db_pool_wait_seconds_count "));
    assert!(waits.and_then(|n| n.parse::<u64>().ok()).is_some_and(|n| n > 0), "{m}");
    assert!(!m.contains("no-such-id"), "paths never become labels");
}

#[tokio::test]
async fn metrics_are_for_allowed_addresses_or_a_metrics_token() {
    let app = spawn().await;
    let admin = app.signed_in_plant_admin("admin@demo.plant", "manager", "quality").await;
    let (_, metrics) = make(&admin, &["metrics"], 1).await;
    let (_, docs) = make(&admin, &["documents:read"], 1).await;

    let far = app.client_from("127.0.0.2");
    let r = far.get("/metrics").await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    let bearer = |t: &str| format!("Bearer {t}");
    let b = bearer(&metrics);
    let r = far.send(Method::GET, "/metrics", None, &[("authorization", &b)]).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    let b = bearer(&docs);
    let r = far.send(Method::GET, "/metrics", None, &[("authorization", &b)]).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    // A token is checked even from an allowed address; a metrics token reads no API route.
    let r = with_token(&app, Method::GET, "/metrics", "pd_unknown").await;
    assert_eq!(r.status, StatusCode::UNAUTHORIZED, "{}", r.text);
    let r = with_token(&app, Method::GET, "/api/zones", &metrics).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);

    let closed = spawn_with(&[("metrics.allow", "")]).await;
    assert_eq!(closed.client().get("/metrics").await.status, StatusCode::FORBIDDEN);
}
