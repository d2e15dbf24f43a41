//! The netbook: its session lasts until revoked or 30 days (staff keep the 1 h idle
//! limit); the settings (zone, revoke) are for the process department's engineers and
//! managers, by badge on the netbook or signed in themselves.
use reqwest::StatusCode;
use serde_json::json;

use super::support::*;
use crate::helpers::*;
use crate::swp::support::login;

const NO_PERMISSION: &str =
    "You currently do not have permissions to edit the settings. Contact the process engineering manager to request access.";

#[tokio::test]
async fn the_kiosk_session_lasts_30_days_staff_sessions_do_not() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    let staff = login(&app, "sup2001@demo.plant").await;
    app.clock.advance_secs(2 * 60 * 60);
    assert_eq!(
        staff.get("/api/users/current").await.status,
        StatusCode::UNAUTHORIZED,
        "staff: 1 h idle"
    );
    assert_eq!(p.netbook.get("/api/island/operator-from-badge/1001").await.status, StatusCode::OK);
    app.clock.advance_secs(29 * 24 * 60 * 60 - 3 * 60 * 60);
    assert_eq!(
        p.netbook.get("/api/island/operator-from-badge/1001").await.status,
        StatusCode::OK,
        "29 days, idle for most"
    );
    app.clock.advance_secs(24 * 60 * 60 + 3600 + 60);
    assert_eq!(
        p.netbook.get("/api/island/operator-from-badge/1001").await.status,
        StatusCode::UNAUTHORIZED,
        "past 30 days"
    );
}

#[tokio::test]
async fn revoke_needs_a_process_engineer_and_ends_the_session_at_once() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    for badge in ["2001", "1001", "3001"] {
        let r = p.netbook.post("/api/island/revoke", &json!({"badgeNo": badge})).await;
        assert_eq!(r.status, StatusCode::FORBIDDEN, "{badge}: {}", r.text);
        assert_eq!(r.body["error"], NO_PERMISSION);
    }
    let r = p.netbook.post("/api/island/revoke", &json!({})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["badgeNo"].is_string());
    // Process engineering hears of it: not the one who revoked, nor others.
    crate::swp::support::add(&app, "pm.proc@demo.plant", "manager", "process", "mpk", &["A1"])
        .await;
    crate::swp::support::add(&app, "pm.far@demo.plant", "manager", "process", "umw", &["A1"]).await;
    let r = p.netbook.post("/api/island/revoke", &json!({"badgeNo": "4001"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(audit_count(&app, "island.revoke").await, 1);
    let told = login(&app, "pm.proc@demo.plant").await.get("/api/notifications").await.body;
    assert_eq!(told["items"][0]["kind"], "island.revoked", "{told}");
    assert!(
        told["items"][0]["title"].as_str().unwrap().contains("revoked the access of the kiosk"),
        "{told}"
    );
    for quiet in ["pe4001@demo.plant", "pm.far@demo.plant", "sup2001@demo.plant"] {
        assert_eq!(
            login(&app, quiet).await.get("/api/notifications").await.body["total"],
            0,
            "{quiet}"
        );
    }
    assert_eq!(
        p.netbook.get("/api/island/operator-from-badge/1001").await.status,
        StatusCode::UNAUTHORIZED
    );
}

#[tokio::test]
async fn zone_settings() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    let r = p.netbook.post("/api/island/settings-access", &json!({"badgeNo": "4001"})).await;
    assert_eq!(r.status, StatusCode::OK, "{}", r.text);
    assert_eq!(r.body["allowed"], true);
    assert_eq!(r.body["zones"][0], json!({"label": "A Zone 1", "value": "A1"}));
    let r = p.netbook.post("/api/island/settings-access", &json!({"badgeNo": "2001"})).await;
    assert_eq!((r.status, r.body["error"].as_str()), (StatusCode::FORBIDDEN, Some(NO_PERMISSION)));
    let r = p.netbook.post("/api/island/zone", &json!({"badgeNo": "4001", "zone": "A1"})).await;
    assert_eq!((r.status, r.body["zone"].as_str()), (StatusCode::OK, Some("A1")), "{}", r.text);
    let r = p.netbook.post("/api/island/zone", &json!({"badgeNo": "4001", "zone": "Z9"})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST);
    assert!(r.body["zone"].is_string());
    assert_eq!(audit_count(&app, "island.zone").await, 1);
    // Signed in at /island/settings: the process engineer is themselves.
    let pe = login(&app, "pe4001@demo.plant").await;
    assert_eq!(pe.post("/api/island/settings-access", &json!({})).await.body["allowed"], true);
    let sup = login(&app, "sup2001@demo.plant").await;
    assert_eq!(
        sup.post("/api/island/settings-access", &json!({})).await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn a_kiosk_is_offered_only_the_zones_its_account_serves_and_refused_the_others_alerts() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    crate::swp::support::kiosk(&app, "kiosk-a2@demo.plant", "mpk", &["A2"]).await;
    let netbook = login(&app, "kiosk-a2@demo.plant").await;
    let r = netbook.post("/api/island/settings-access", &json!({"badgeNo": "4001"})).await;
    assert_eq!(r.body["zones"], json!([{"label": "A Zone 2", "value": "A2"}]), "{}", r.text);
    let r = netbook.post("/api/island/zone", &json!({"badgeNo": "4001", "zone": "A1"})).await;
    assert_eq!(r.status, StatusCode::BAD_REQUEST, "{}", r.text);
    assert!(r.body["zone"].as_str().unwrap().contains("does not serve this zone"), "{}", r.text);
    // A netbook set to a zone before its account lost it: the alerts are refused (the
    // kiosk shows that as an error, never as no alerts).
    let r = netbook.get(&format!("/api/alerts/operator-alerts/A1/{}", p.op)).await;
    assert_eq!(r.status, StatusCode::FORBIDDEN, "{}", r.text);
    assert_eq!(
        netbook.get("/api/alerts/operator-alerts/zone/A1").await.status,
        StatusCode::FORBIDDEN
    );
}

#[tokio::test]
async fn the_idle_sign_out_limit_reaches_the_netbook() {
    let app = spawn().await;
    let p = plant(&app, "7101-0001").await;
    let r = p.netbook.get("/api/island/kiosk-config").await;
    assert_eq!(
        (r.status, r.body["idleSecs"].as_u64()),
        (StatusCode::OK, Some(120)),
        "default: {}",
        r.text
    );
    assert_eq!(r.body["waiverMaxDays"], 0, "no training gate: no waivers at the kiosk");
    let app =
        spawn_with(&[("auth.ip_attempts_per_minute", "1000"), ("modules.island.idle_secs", "45")])
            .await;
    let p = plant(&app, "7101-0001").await;
    assert_eq!(p.netbook.get("/api/island/kiosk-config").await.body["idleSecs"], 45);
}
