//! Signed webhooks against a real receiver in the test: made by a plant administrator for
//! allowed origins only, delivered from the outbox with Standard Webhooks headers whose
//! signature the receiver checks with the specification's algorithm, listed, replayed,
//! retried with backoff and given up after 24 h (the endpoint disabled, audited).
use std::sync::atomic::{AtomicU16, Ordering};
use std::sync::{Arc, Mutex};

use axum::http::HeaderMap;
use base64::Engine;
use hmac::{Hmac, Mac};
use reqwest::StatusCode;
use serde_json::{json, Value};

use crate::helpers::*;
use crate::swp::support::{crew, deployed};

type Got = Arc<Mutex<Vec<(HeaderMap, String)>>>;

struct Receiver {
    origin: String,
    got: Got,
    status: Arc<AtomicU16>,
}

async fn receiver() -> Receiver {
    let got: Got = Default::default();
    let status = Arc::new(AtomicU16::new(200));
    let (g, s) = (got.clone(), status.clone());
    let app = axum::Router::new().route(
        "/hook",
        axum::routing::post(move |h: HeaderMap, body: String| {
            let (g, s) = (g.clone(), s.clone());
            async move {
                g.lock().unwrap().push((h, body));
                axum::http::StatusCode::from_u16(s.load(Ordering::SeqCst)).unwrap()
            }
        }),
    );
    let l = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let origin = format!("http://{}", l.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(l, app).await.unwrap() });
    Receiver { origin, got, status }
}

/// The Standard Webhooks verification: HMAC-SHA256 keyed with the secret's base64 bytes
/// over `id.timestamp.body`, compared with each `v1,` signature of the header.
fn verify(secret: &str, h: &HeaderMap, body: &str) -> bool {
    let get = |n: &str| h.get(n).and_then(|v| v.to_str().ok()).unwrap_or("").to_string();
    let (id, ts) = (get("webhook-id"), get("webhook-timestamp"));
    let b64 = base64::engine::general_purpose::STANDARD;
    let key = b64.decode(secret.strip_prefix("whsec_").unwrap()).unwrap();
    let mut mac = Hmac::<sha2::Sha256>::new_from_slice(&key).unwrap();
    mac.update(format!("{id}.{ts}.{body}").as_bytes());
    let expected = b64.encode(mac.finalize().into_bytes());
    get("webhook-signature").split(' ').any(|s| s.strip_prefix("v1,") == Some(expected.as_str()))
}

async fn until_received(app: &TestApp, r: &Receiver, n: usize) {
    for _ in 0..100 {
        plantdoc_core::webhooks::tick(&app.state).await.unwrap();
        if r.got.lock().unwrap().len() >= n {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the receiver did not get {n} deliveries");
}

#[tokio::test]
async fn a_deploy_is_delivered_signed_once_and_retried_then_given_up() {
    let r = receiver().await;
    let app = spawn_with(&[("webhooks.allow", &r.origin)]).await;
    let crew = crew(&app).await;
    let admin = app.signed_in_plant_admin("admin@demo.plant", "manager", "quality").await;
    let url = format!("{}/hook", r.origin);

    let refused =
        crew.eng.post("/api/webhooks", &json!({"url": url, "events": ["swp.deployed"]})).await;
    assert_eq!(refused.status, StatusCode::FORBIDDEN, "{}", refused.text);
    let bad = admin
        .post("/api/webhooks", &json!({"url": "http://10.0.0.1/hook", "events": ["nope.kind"]}))
        .await;
    assert_eq!(bad.status, StatusCode::BAD_REQUEST);
    assert!(bad.body["url"].is_string() && bad.body["events"].is_string(), "{}", bad.text);

    let made = admin
        .post(
            "/api/webhooks",
            &json!({"url": url, "events": ["swp.deployed"], "description": "MES"}),
        )
        .await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.text);
    let (hook, secret) = (
        made.body["id"].as_str().unwrap().to_string(),
        made.body["secret"].as_str().unwrap().to_string(),
    );
    assert!(secret.starts_with("whsec_"));
    assert!(admin.get("/api/webhooks").await.body[0].get("secret").is_none());

    let swp = deployed(&crew, "7101", json!({})).await;
    until_received(&app, &r, 1).await;
    let (h, body) = r.got.lock().unwrap()[0].clone();
    assert!(verify(&secret, &h, &body), "signature: {h:?}");
    assert!(!verify("whsec_AAAA", &h, &body));
    assert_eq!(h["webhook-timestamp"].to_str().unwrap(), (app.state.now_ms() / 1000).to_string());
    let p: Value = serde_json::from_str(&body).unwrap();
    assert_eq!(p["type"], "swp.deployed");
    let hash: String = sqlx::query_scalar("SELECT content_hash FROM swps WHERE id = $1")
        .bind(&swp)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(p["data"]["contentHash"], hash.as_str(), "{p}");
    assert_eq!(p["data"]["subject"], format!("swp:{swp}"));

    // Once: further passes send nothing more.
    plantdoc_core::webhooks::tick(&app.state).await.unwrap();
    assert_eq!(r.got.lock().unwrap().len(), 1);
    let list = admin.get(&format!("/api/webhooks/{hook}/deliveries")).await;
    let d = &list.body[0];
    assert_eq!(
        (d["status"].as_str(), d["attempts"].as_i64(), d["answerCode"].as_i64()),
        (Some("delivered"), Some(1), Some(200)),
        "{}",
        list.text
    );
    let delivery = d["id"].as_str().unwrap().to_string();
    assert_eq!(h["webhook-id"].to_str().unwrap(), delivery);

    // A failing receiver: replayed, answered 500, retried after its backoff, given up
    // after 24 h with the endpoint disabled.
    r.status.store(500, Ordering::SeqCst);
    let replay =
        admin.post(&format!("/api/webhooks/{hook}/deliveries/{delivery}/replay"), &json!({})).await;
    assert_eq!(replay.status, StatusCode::OK, "{}", replay.text);
    until_received(&app, &r, 2).await;
    let d = admin.get(&format!("/api/webhooks/{hook}/deliveries")).await.body[0].clone();
    assert_eq!(
        (d["status"].as_str(), d["answerCode"].as_i64()),
        (Some("pending"), Some(500)),
        "{d}"
    );
    plantdoc_core::webhooks::tick(&app.state).await.unwrap();
    assert_eq!(r.got.lock().unwrap().len(), 2, "not before its backoff");
    for (secs, n) in [(5, 3), (300, 4), (1800, 5), (7200, 6), (18_000, 7), (36_000, 8)] {
        app.clock.advance_secs(secs);
        until_received(&app, &r, n).await;
    }
    // The last try was past 24 h of backoff: given up. (The session ended meanwhile.)
    let admin = app.login("admin@demo.plant").await;
    let d = admin.get(&format!("/api/webhooks/{hook}/deliveries")).await.body[0].clone();
    assert_eq!(d["status"], "failed", "{d}");
    assert!(admin.get("/api/webhooks").await.body[0]["disabledAt"].is_string());
    assert_eq!(audit_count(&app, "webhook.disable").await, 1);
    // Its maker is told once, in the bell and by mail (the users module's personal kind).
    let bell = admin.get("/api/notifications").await;
    let told: Vec<&Value> = bell.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n["kind"] == "users.webhook-disabled")
        .collect();
    assert_eq!(told.len(), 1, "{}", bell.text);
    assert_eq!(told[0]["title"], "A Plantdoc webhook was disabled");
    let mailed = "SELECT COUNT(*) FROM outbox WHERE to_addr = 'admin@demo.plant' AND subject = 'A Plantdoc webhook was disabled'";
    assert_eq!(scalar(&app, mailed).await, 1);
    app.clock.advance_secs(36_000);
    plantdoc_core::webhooks::tick(&app.state).await.unwrap();
    assert_eq!(scalar(&app, mailed).await, 1, "told once");
}

#[tokio::test]
async fn a_webhook_token_manages_its_companys_webhooks_only() {
    let r = receiver().await;
    let app = spawn_with(&[("webhooks.allow", &r.origin)]).await;
    let admin = app.signed_in_plant_admin("admin@demo.plant", "manager", "quality").await;
    let (_, token) = crate::tokens::make(&admin, &["webhooks"], 1).await;
    let (_, docs) = crate::tokens::make(&admin, &["documents:read"], 1).await;
    let body = json!({"url": format!("{}/hook", r.origin), "events": ["swp.deployed"]}).to_string();
    let post = |t: &str| {
        let c = app.client();
        let req = c
            .http
            .post(format!("{}/api/webhooks", app.base))
            .header("authorization", format!("Bearer {t}"))
            .header("content-type", "application/json")
            .body(body.clone());
        async move { c.absorb(req.send().await.unwrap()).await }
    };
    let made = post(&token).await;
    assert_eq!(made.status, StatusCode::OK, "no CSRF needed: {}", made.text);
    assert_eq!(made.body["companyCode"], "mpk");
    assert_eq!(post(&docs).await.status, StatusCode::FORBIDDEN);
    let other = app.add(plantdoc_core::auth::users::UserInput {
        company_code: "umw".into(),
        zones: app.state.zones.codes("umw"),
        ..new_user("boss@umw.plant", "manager", "quality")
    });
    other.await;
    plantdoc_core::seed::set_plant_admin(&app.state, "boss@umw.plant", true, "test").await.unwrap();
    let umw = app.login("boss@umw.plant").await;
    assert_eq!(umw.get("/api/webhooks").await.body, json!([]));
    let id = made.body["id"].as_str().unwrap();
    assert_eq!(
        umw.get(&format!("/api/webhooks/{id}/deliveries")).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(umw.delete(&format!("/api/webhooks/{id}")).await.status, StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn two_instances_deliver_each_event_once() {
    let r = receiver().await;
    let allow = [("webhooks.allow", r.origin.as_str())];
    let a = spawn_with(&allow).await;
    let b = spawn_on(tempfile::tempdir().unwrap(), a.db_url.clone(), &allow).await;
    let crew = crew(&a).await;
    let admin = a.signed_in_plant_admin("admin@demo.plant", "manager", "quality").await;
    let url = format!("{}/hook", r.origin);
    let made = admin.post("/api/webhooks", &json!({"url": url, "events": ["swp.deployed"]})).await;
    assert_eq!(made.status, StatusCode::OK, "{}", made.text);
    deployed(&crew, "7101", json!({})).await;
    deployed(&crew, "7102", json!({})).await;
    // Both instances' tasks run, and both are also made to pass at the same moments.
    for _ in 0..10 {
        let (x, y) = tokio::join!(
            plantdoc_core::webhooks::tick(&a.state),
            plantdoc_core::webhooks::tick(&b.state)
        );
        x.unwrap();
        y.unwrap();
    }
    tokio::time::sleep(std::time::Duration::from_millis(1500)).await;
    let got = r.got.lock().unwrap();
    let mut ids: Vec<String> =
        got.iter().map(|(h, _)| h["webhook-id"].to_str().unwrap().to_string()).collect();
    ids.sort();
    ids.dedup();
    assert_eq!((got.len(), ids.len()), (2, 2), "one send per event");
}
