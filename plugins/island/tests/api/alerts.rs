//! The alert acknowledgement on the demo plant (its seed: users with badges, deployed
//! demo SWPs, alerts in force): read, verify, idempotent resend, verifier rules, and an
//! alert not in force refused.
use plantdoc_core::seed::DEMO_PASSWORD;
use reqwest::StatusCode;
use serde_json::json;

use super::support::audit_count;
use crate::helpers::*;

pub(super) async fn demo_kiosk(app: &TestApp) -> Client {
    plantdoc_core::seed::demo(&app.state).await.expect("demo seed");
    let c = app.client();
    let r = c.post("/api/users/login", &json!({"email": "kiosk@demo.plant", "password": DEMO_PASSWORD})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    c
}

pub(super) async fn alert_id(app: &TestApp, tag: &str) -> String {
    sqlx::query_scalar("SELECT id FROM alerts WHERE alert_tag = $1").bind(tag).fetch_one(&app.state.db.pool).await.unwrap()
}

#[tokio::test]
async fn an_operator_reads_an_alert_and_a_supervisor_verifies_it() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let op = netbook.get("/api/island/operator-from-badge/1001").await.body["_id"].as_str().unwrap().to_string();
    let feed = netbook.get(&format!("/api/alerts/operator-alerts/A1/{op}")).await;
    assert_eq!(feed.status, StatusCode::OK, "{}", feed.text);
    let alert = feed.body.as_array().unwrap().iter().find(|a| a["alertTag"] == "S-2026-0001").expect("the demo safety alert is in force in A1")["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let verify = |badge: &'static str, key: &'static str| {
        let (netbook, op, alert) = (netbook.clone(), op.clone(), alert.clone());
        async move { netbook.post("/api/island/verify-alert", &json!({"badgeNo": badge, "opId": op, "alertId": alert, "key": key})).await }
    };
    assert_eq!(verify("9031", "alert-verify-early").await.status, StatusCode::CONFLICT, "nothing read yet");
    let read = json!({"opId": op, "alertId": alert, "key": "alert-read-key-1"});
    let a = netbook.post("/api/island/operator-read-alert", &read).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(a.body["signed"], true);
    assert_eq!(netbook.post("/api/island/operator-read-alert", &read).await.body, a.body, "a resend answers the same");
    let own = verify("1001", "alert-verify-own").await;
    assert_eq!((own.status, own.body["error"].as_str()), (StatusCode::FORBIDDEN, Some("Operators cannot verify themselves. Another person must scan their own badge.")));
    let ok = verify("9031", "alert-verify-ok").await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(verify("9031", "alert-verify-ok").await.body, ok.body);
    let (hash, file_hash): (String, String) = sqlx::query_as("SELECT k.version_hash, a.file_hash FROM acknowledgements k JOIN alerts a ON a.id = k.doc_id WHERE k.doc_kind = 'alert'")
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap();
    assert_eq!(hash, file_hash, "bound to the alert's version");
    assert_eq!((audit_count(&app, "island.sign").await, audit_count(&app, "island.verify").await), (1, 1));
    // The operator's feed no longer lists it.
    let feed = netbook.get(&format!("/api/alerts/operator-alerts/A1/{op}")).await;
    assert!(feed.body.as_array().unwrap().iter().all(|a| a["alertTag"] != "S-2026-0001"), "{}", feed.text);
    // An alert not deployed cannot be acknowledged.
    let pending = alert_id(&app, "N-2026-0001").await;
    let r = netbook.post("/api/island/operator-read-alert", &json!({"opId": op, "alertId": pending})).await;
    assert_eq!((r.status, r.body["error"].as_str()), (StatusCode::CONFLICT, Some("This alert is no longer in force.")));
}

#[tokio::test]
async fn the_demo_plant_has_deployed_swps_for_the_kiosk() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let r = netbook.get("/api/swps/deployed-swp-part-numbers?searchTerm=71&limit=10").await;
    let parts: Vec<&str> = r.body["swpList"].as_array().unwrap().iter().map(|p| p["partNumber"].as_str().unwrap()).collect();
    assert_eq!(parts, ["7101-0001", "7101-0002", "7102-0010"], "{}", r.text);
    let part = r.body["swpList"][0]["_id"].as_str().unwrap();
    let swp = netbook.get(&format!("/api/swps/deployed-swp?partId={part}")).await;
    assert_eq!(swp.status, StatusCode::OK, "{}", swp.text);
    assert!(swp.body["details"]["urls"]["swc"].is_string());
}
