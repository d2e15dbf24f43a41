//! The alert acknowledgement on the demo plant (its seed: users with badges, deployed
//! demo SWPs, alerts in force): read, verify, idempotent resend, verifier rules, and an
//! alert not in force refused.
use plantdoc_core::seed::DEMO_PASSWORD;
use reqwest::StatusCode;
use serde_json::json;

use crate::helpers::*;

pub(super) async fn demo_kiosk(app: &TestApp) -> Client {
    plantdoc_core::seed::demo(&app.state).await.expect("demo seed");
    let c = app.client();
    let r = c
        .post("/api/users/login", &json!({"email": "kiosk@demo.plant", "password": DEMO_PASSWORD}))
        .await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    c
}

pub(super) async fn alert_id(app: &TestApp, tag: &str) -> String {
    sqlx::query_scalar("SELECT id FROM alerts WHERE alert_tag = $1")
        .bind(tag)
        .fetch_one(&app.state.db.pool)
        .await
        .unwrap()
}

#[tokio::test]
async fn an_operator_reads_an_alert_and_a_supervisor_verifies_it() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let op = netbook.get("/api/island/operator-from-badge/1001").await.body["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let feed = netbook.get(&format!("/api/alerts/operator-alerts/A1/{op}")).await;
    assert_eq!(feed.status, StatusCode::OK, "{}", feed.text);
    let alert = feed
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["alertTag"] == "S-2026-0001")
        .expect("the demo safety alert is in force in A1")["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let verify = |badge: &'static str, key: &'static str| {
        let (netbook, op, alert) = (netbook.clone(), op.clone(), alert.clone());
        async move {
            netbook
                .post(
                    "/api/island/verify-alert",
                    &json!({"badgeNo": badge, "opId": op, "alertId": alert, "key": key}),
                )
                .await
        }
    };
    assert_eq!(
        verify("9031", "alert-verify-early").await.status,
        StatusCode::CONFLICT,
        "nothing read yet"
    );
    let read = json!({"opId": op, "alertId": alert, "key": "alert-read-key-1"});
    let a = netbook.post("/api/island/operator-read-alert", &read).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(a.body["signed"], true);
    assert_eq!(
        netbook.post("/api/island/operator-read-alert", &read).await.body,
        a.body,
        "a resend answers the same"
    );
    let own = verify("1001", "alert-verify-own").await;
    assert_eq!(
        (own.status, own.body["error"].as_str()),
        (
            StatusCode::FORBIDDEN,
            Some("Operators cannot verify themselves. Another person must scan their own badge.")
        )
    );
    let ok = verify("9031", "alert-verify-ok").await;
    assert_eq!(ok.status, StatusCode::OK, "{}", ok.text);
    assert_eq!(verify("9031", "alert-verify-ok").await.body, ok.body);
    let (hash, file_hash): (String, String) = sqlx::query_as(
        "SELECT k.version_hash, a.file_hash FROM acknowledgements k JOIN alerts a ON a.id = k.doc_id WHERE k.doc_kind = 'alert'",
    )
    .fetch_one(&app.state.db.pool)
    .await
    .unwrap();
    assert_eq!(hash, file_hash, "bound to the alert's version");
    assert_eq!(
        (audit_count(&app, "island.sign").await, audit_count(&app, "island.verify").await),
        (1, 1)
    );
    // The operator's feed no longer lists it.
    let feed = netbook.get(&format!("/api/alerts/operator-alerts/A1/{op}")).await;
    assert!(
        feed.body.as_array().unwrap().iter().all(|a| a["alertTag"] != "S-2026-0001"),
        "{}",
        feed.text
    );
    // An alert not deployed cannot be acknowledged.
    let pending = alert_id(&app, "N-2026-0001").await;
    let r = netbook
        .post("/api/island/operator-read-alert", &json!({"opId": op, "alertId": pending}))
        .await;
    assert_eq!(
        (r.status, r.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("This alert is no longer in force."))
    );
}

#[tokio::test]
async fn the_demo_plant_has_deployed_swps_for_the_kiosk() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let r = netbook.get("/api/swps/deployed-swp-part-numbers?searchTerm=71&limit=10").await;
    let parts: Vec<&str> = r.body["swpList"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p["partNumber"].as_str().unwrap())
        .collect();
    assert_eq!(parts, ["7101-0001", "7101-0002", "7102-0010"], "{}", r.text);
    let part = r.body["swpList"][0]["_id"].as_str().unwrap();
    let swp = netbook.get(&format!("/api/swps/deployed-swp?partId={part}")).await;
    assert_eq!(swp.status, StatusCode::OK, "{}", swp.text);
    assert!(swp.body["details"]["urls"]["swc"].is_string());
}

/// The alerts module is an optional provider (the `AlertsInForce` port): switched off at
/// run time, the kiosk signs no alert (none is in force) and its SWP work goes on;
/// switched back on, the same alert is signed as before.
#[tokio::test]
async fn with_the_alerts_module_off_no_alert_is_in_force_and_swps_go_on() {
    let app = spawn().await;
    let netbook = demo_kiosk(&app).await;
    let op = netbook.get("/api/island/operator-from-badge/1001").await.body["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let alert = alert_id(&app, "S-2026-0001").await;
    let admin = app.signed_in_plant_admin("it@ports.plant", "manager", "process").await;
    let switch = |id: &'static str, on: bool| {
        let admin = admin.clone();
        async move { admin.post("/api/modules/switch", &json!({"id": id, "enabled": on})).await }
    };
    let read = |key: &'static str| {
        let (netbook, body) = (netbook.clone(), json!({"opId": op, "alertId": alert, "key": key}));
        async move { netbook.post("/api/island/operator-read-alert", &body).await }
    };
    for id in ["signoff", "alerts"] {
        let r = switch(id, false).await;
        assert_eq!(r.status, StatusCode::OK, "{id}: {}", r.text);
    }
    let off = read("alerts-off-read-1").await;
    assert_eq!(
        (off.status, off.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("This alert is no longer in force."))
    );
    let verify = netbook
        .post("/api/island/verify-alert", &json!({"badgeNo": "9031", "opId": op, "alertId": alert}))
        .await;
    assert_eq!(
        (verify.status, verify.body["error"].as_str()),
        (StatusCode::CONFLICT, Some("This alert is no longer in force."))
    );
    // The SWPs are another provider's: still read and signed.
    let part =
        netbook.get("/api/swps/deployed-swp-part-numbers?searchTerm=7101-0001&limit=1").await.body
            ["swpList"][0]["_id"]
            .as_str()
            .unwrap()
            .to_string();
    let swp = netbook.get(&format!("/api/swps/deployed-swp?partId={part}")).await.body["details"]
        ["_id"]
        .as_str()
        .unwrap()
        .to_string();
    let r = netbook
        .post(
            "/api/island/operator-read-swp",
            &json!({"opId": op, "swpId": swp, "key": "alerts-off-swp-1"}),
        )
        .await;
    assert_eq!((r.status, r.body["signed"].as_bool()), (StatusCode::OK, Some(true)), "{}", r.text);

    assert_eq!(switch("alerts", true).await.status, StatusCode::OK);
    let on = read("alerts-on-read-1").await;
    assert_eq!(
        (on.status, on.body["signed"].as_bool()),
        (StatusCode::OK, Some(true)),
        "{}",
        on.text
    );
    assert_eq!(audit_count(&app, "island.sign").await, 2, "the SWP and, once back, the alert");
}
